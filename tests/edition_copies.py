#!/usr/bin/env python3
"""edition_copies.py FILE...: every copy of a real edition keeps its name.

Tests see what users see (issue 43, class 7): the program finds an
edition's own templates (templates/LANG/editions/NAME/) by the name of its
data folder, so a copy of data/current passed as a folder named otherwise
is generated without the current edition's own pages.  This check reads
the test scripts (shell: `cp -r|-R|-a SRC DST`; Python:
`shutil.copytree(SRC, DST)`) and fails every copy of a real edition (a
folder of data/ or tests/regress/frozen/data/: current, 2020-09) whose
destination does not end in the same name.

Shell words are resolved through the file's own assignments (`x="..."`,
every value it is given) and, for a function's positional parameters
(`"$2"`), through the function's calls in the file.  A copy renamed on
purpose (an edition named like a language, to test the clash) says so on
its line or one of the two before: `edition-renamed: WHY`.

Prints one line per offence (FILE:LINE: SRC -> DST) and exits 1 when
there is one."""
import os
import re
import shlex
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REAL = set()
for root in ("data", "tests/regress/frozen/data"):
    d = os.path.join(TOP, root)
    if os.path.isdir(d):
        REAL.update(n for n in os.listdir(d)
                    if os.path.isfile(os.path.join(d, n, "gpus.csv")))
# the names a test's variables give the real editions' folders
EDITION_DIRS = ("$data_dir", "${data_dir}", "$top/data", "${top}/data",
                "tests/regress/frozen/data", "data")

ASSIGN = re.compile(r'^\s*(?:local\s+)?([A-Za-z_][A-Za-z0-9_]*)=(\S.*)$')
FUNC = re.compile(r'^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(\)\s*\{?')
CP = re.compile(r'\bcp\s+-[a-zA-Z]*[rRa][a-zA-Z]*\s+(\S+)\s+(\S+)')
COPYTREE = re.compile(r'shutil\.copytree\(\s*([^,]+?)\s*,\s*([^,)]+?)\s*[,)]')


def words(text):
    try:
        return shlex.split(text, comments=True)
    except ValueError:
        return text.split()


def unquote(word):
    if "$(" in word:  # a command substitution: the word as written
        return word.strip('"')
    w = words(word)
    return w[0] if w else word


def expand(word, env, depth=0):
    """Every value word may take: $name and ${name} replaced by each value
    the file assigns to name (unknown names are kept)."""
    m = re.search(r'\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?', word)
    if not m or depth > 4 or m.group(1) not in env:
        return {word}
    out = set()
    for value in env[m.group(1)]:
        out |= expand(word[:m.start()] + value + word[m.end():], env,
                      depth + 1)
    return out


def is_real_edition(path):
    path = path.rstrip("/")
    base = os.path.basename(path)
    parent = os.path.dirname(path)
    return base in REAL and (parent in EDITION_DIRS or
                             parent.endswith("/data"))


def check_shell(path, lines, problems):
    env = {}
    for line in lines:
        m = ASSIGN.match(line)
        if m and "(" not in m.group(1):
            value = unquote(m.group(2).split(" &&")[0].split(";")[0])
            env.setdefault(m.group(1), set()).add(value)
    func = None
    for no, line in enumerate(lines, 1):
        f = FUNC.match(line)
        if f:
            func = f.group(1)
        elif line.startswith("}"):
            func = None
        for m in CP.finditer(line):
            src, dst = unquote(m.group(1)), unquote(m.group(2))
            sources = set()
            p = re.fullmatch(r'\$\{?([1-9])\}?', src)
            if p and func:  # a parameter: each call's argument
                call = re.compile(r'^\s*' + re.escape(func) + r'\s+(.*)$')
                for other in lines:
                    c = call.match(other)
                    if c:
                        args = words(c.group(1))
                        k = int(p.group(1)) - 1
                        if k < len(args):
                            sources |= expand(args[k], env)
            else:
                sources = expand(src, env)
            marked = any("edition-renamed:" in l
                         for l in lines[max(0, no - 3):no])
            for s in sorted(sources):
                if not is_real_edition(s) or marked:
                    continue
                name = os.path.basename(s.rstrip("/"))
                for d in sorted(expand(dst, env)):
                    if d.endswith('$(basename "%s")' % src) or \
                            d.endswith("$(basename %s)" % src):
                        continue  # named after its source
                    if os.path.basename(d.rstrip("/")) != name:
                        problems.append("%s:%d: %s -> %s (a copy of the "
                                        "edition %s must keep its name)"
                                        % (path, no, s, d, name))


def check_python(path, lines, problems):
    for no, line in enumerate(lines, 1):
        for m in COPYTREE.finditer(line):
            src, dst = m.group(1), m.group(2)
            # a copy of one edition names its destination after it
            if re.search(r'edition|current|2020-09', src) and \
                    "basename(" + src not in "".join(lines[max(0, no - 8):no]):
                problems.append("%s:%d: copytree(%s, %s): the copy of an "
                                "edition is not named os.path.basename(%s)"
                                % (path, no, src, dst, src))


def main(paths):
    problems = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        (check_python if path.endswith(".py") else check_shell)(
            path, lines, problems)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
