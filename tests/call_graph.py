#!/usr/bin/env python3
"""Checks the shape of gen/: who uses whom, and how big things are.

Usage: call_graph.py GEN_DIR

A module is a file name without its extension inside one folder:
gen/chart/chart.c and gen/chart/chart.h are the module chart/chart; a
header with no .c of its name (a stage's X_internal.h, backend.h) is a
module of its own, below the files that share it.  Module A uses module B
when A's code names a function, type or macro that B defines (a function
defined in B.c or declared in B.h, a typedef, struct or enum tag, enum
constant or macro of B.h).  Comments and strings are not read; static
functions are private to their file and never count.

It fails (exit 1, one line per problem) on:
  circle   modules that use each other, directly or round a loop;
  up       a module that uses one in a folder above its own (FOLDERS,
           from the ground up; main.c stands above them all);
  levels   more than MAX_LEVELS levels of "A calls B" (a function of one
           file calling one of another) on the longest chain from main.c;
  size     a .c file over MAX_FILE_LINES lines, a function over
           MAX_FUNCTION_LINES lines (from its first line to its '}');
  readme   a folder of gen/ without a README.md;
  computes a presenter (PRESENTERS) that calls a stage's run function or
           the loader (COMPUTES): results are computed once, before.
Prints "call graph ok: ..." and exits 0 otherwise.
"""
import os
import re
import sys

# Stage folders from the ground up: a folder may use only those before it
# (and itself).  The order the data flows in, as README.md, "Layout", says.
FOLDERS = ["util", "data", "model", "cost", "results", "chart", "doc",
           "guide", "export", "site", "pdf", "request", "publish"]
# Presenters word and write the results (results.h); they never compute
# them, load data or run a stage: none of their files may call these.
PRESENTERS = ["doc", "guide", "site", "pdf", "request", "export"]
COMPUTES = {"edition_load", "edition_load_benchmarks", "results_run",
            "model_run", "cost_run", "recommend_run", "llm_run",
            "hindsight_run", "claims_run", "price_model_run",
            "recommend_tie", "recommend_llm_memory", "advice_avoid_load"}
MAX_LEVELS = 10
MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 80

IDENT = re.compile(r"[A-Za-z_]\w*")
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'')
FUNC_DEF = re.compile(r"^(?!static\b)(?![ \t#}])[^;{}()\n]*?\b([A-Za-z_]\w*)\s*\([^;{}]*\)\s*\{",
                      re.M)
PROTO = re.compile(r"^(?!static\b)(?![ \t#}])[^;{}()=\n]*?\b([A-Za-z_]\w*)\s*\([^;{}]*\)\s*;", re.M)
TYPEDEF_END = re.compile(r"\}\s*([A-Za-z_]\w*)\s*;")
TYPEDEF_SIMPLE = re.compile(r"^typedef\b[^;{}\n]*?\b([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*;", re.M)
TYPEDEF_FN = re.compile(r"^typedef\b[^;{}]*?\(\s*\*\s*([A-Za-z_]\w*)\s*\)", re.M)
TAG = re.compile(r"\b(?:struct|enum|union)\s+([A-Za-z_]\w*)\s*\{")
MACRO = re.compile(r"^\s*#\s*define\s+([A-Za-z_]\w*)", re.M)
ENUM_BODY = re.compile(r"\benum\b[^{;]*\{([^}]*)\}")
EXTERN_VAR = re.compile(r"^extern\b[^;(]*?\b([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*;", re.M)


def strip(text):
    """text without comments and string or character literals (lines kept)."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    text = COMMENT.sub(blank, text)
    return STRING.sub(blank, text)


def module_of(gen, path):
    rel = os.path.relpath(path, gen)
    folder, name = os.path.split(rel)
    stem = os.path.splitext(name)[0]
    return (folder or ".") + "/" + stem


def definitions(path, code):
    """Names a file defines for other files to use."""
    names = set()
    if path.endswith(".c"):
        names.update(FUNC_DEF.findall(code))
    else:
        names.update(PROTO.findall(code))
        names.update(TYPEDEF_END.findall(code))
        names.update(TYPEDEF_SIMPLE.findall(code))
        names.update(TYPEDEF_FN.findall(code))
        names.update(TAG.findall(code))
        names.update(MACRO.findall(code))
        names.update(EXTERN_VAR.findall(code))
        for body in ENUM_BODY.findall(code):
            names.update(re.findall(r"([A-Za-z_]\w*)\s*(?:=[^,]*)?(?:,|$)", body.strip()))
    names.discard("main")
    return names


def function_spans(code):
    """(name, first line, last line) of each function defined in code."""
    spans = []
    for m in re.finditer(r"^[A-Za-z_][^;{}()\n]*?\b([A-Za-z_]\w*)\s*\([^;{}]*\)\s*\{", code, re.M):
        depth, i = 0, m.end() - 1
        while i < len(code):
            if code[i] == "{":
                depth += 1
            elif code[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        first = code.count("\n", 0, m.start()) + 1
        spans.append((m.group(1), first, code.count("\n", 0, i) + 1))
    return spans


def read_tree(gen):
    files = {}
    for d, dirs, names in os.walk(gen):
        dirs[:] = sorted(x for x in dirs if not x.startswith(".") and x not in ("asan",))
        for n in sorted(names):
            if n.endswith((".c", ".h")):
                p = os.path.join(d, n)
                with open(p, encoding="utf-8") as f:
                    files[p] = strip(f.read())
    return files


def uses(gen, files):
    # a function belongs to the file that defines it (not the header
    # that declares it); types and macros to the header that has them
    owner, defined = {}, set()
    for path, code in files.items():
        if path.endswith(".c"):
            for name in definitions(path, code):
                owner.setdefault(name, set()).add(module_of(gen, path))
                defined.add(name)
    for path, code in files.items():
        if path.endswith(".h"):
            for name in definitions(path, code) - defined:
                owner.setdefault(name, set()).add(module_of(gen, path))
    graph = {}
    for path, code in files.items():
        m = module_of(gen, path)
        edges = graph.setdefault(m, {})
        # a header's own declarations are not uses of what defines them
        own = set(PROTO.findall(code)) if path.endswith(".h") else set()
        for name in set(IDENT.findall(code)) - own:
            mods = owner.get(name, ())
            if len(mods) == 1:
                (other,) = mods
                if other != m:
                    edges.setdefault(other, set()).add(name)
    return graph


def circles(graph):
    """Strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def rank(module):
    folder = module.split("/")[0]
    if folder == ".":
        return len(FOLDERS)
    return FOLDERS.index(folder) if folder in FOLDERS else -1


def longest(graph, start):
    memo = {}

    def depth(v, seen):
        if v in memo:
            return memo[v]
        if v in seen:
            return 0
        best = 1 + max([depth(w, seen | {v}) for w in graph.get(v, ())] or [0])
        memo[v] = best
        return best

    return depth(start, frozenset())


def call_edges(files, graph):
    """graph with only the uses that call a function (a level is a call:
    a file that only takes types or macros from another adds none)."""
    funcs = set()
    for path, code in files.items():
        if path.endswith(".c"):
            funcs |= definitions(path, code)
    return {a: {b: n & funcs for b, n in e.items() if n & funcs}
            for a, e in graph.items()}


def check(gen):
    problems = []
    files = read_tree(gen)
    graph = uses(gen, files)
    for group in circles(graph):
        ties = ["%s -> %s (%s)" % (a, b, ", ".join(sorted(graph[a][b])[:3]))
                for a in group for b in group if b in graph.get(a, {})]
        problems.append("circle: %s: %s" % (", ".join(group), "; ".join(ties)))
    for a in sorted(graph):
        for b in sorted(graph[a]):
            if rank(a) < 0:
                problems.append("up: %s is in no stage folder (%s)" % (a, ", ".join(FOLDERS)))
                break
            if rank(b) > rank(a):
                problems.append("up: %s uses %s, a folder above its own (%s)"
                                % (a, b, ", ".join(sorted(graph[a][b])[:3])))
    calls = call_edges(files, graph)
    if "./main" in calls and not circles(graph):
        levels = longest(calls, "./main") - 1
        if levels > MAX_LEVELS:
            problems.append("levels: %d levels of calls between files from main.c, at most %d"
                            % (levels, MAX_LEVELS))
    for path, code in sorted(files.items()):
        if not path.endswith(".c"):
            continue
        n = code.count("\n")
        if n > MAX_FILE_LINES:
            problems.append("size: %s has %d lines, at most %d" % (path, n, MAX_FILE_LINES))
        for name, first, last in function_spans(code):
            if last - first + 1 > MAX_FUNCTION_LINES:
                problems.append("size: %s:%d: %s has %d lines, at most %d"
                                % (path, first, name, last - first + 1, MAX_FUNCTION_LINES))
    for d, dirs, _ in os.walk(gen):
        dirs[:] = [x for x in dirs if not x.startswith(".") and x != "asan"]
        if d != gen and not os.path.isfile(os.path.join(d, "README.md")):
            problems.append("readme: %s has no README.md" % d)
    problems += presenters_compute(gen, files)
    return problems, graph


def presenters_compute(gen, files):
    """A line per call of a COMPUTES function in a presenter's file."""
    out = []
    for path, code in sorted(files.items()):
        folder = os.path.relpath(path, gen).split(os.sep)[0]
        if folder not in PRESENTERS or not path.endswith(".c"):
            continue
        for m in re.finditer(r"\b([A-Za-z_]\w*)\s*\(", code):
            if m.group(1) in COMPUTES:
                line = code.count("\n", 0, m.start()) + 1
                out.append("computes: %s:%d calls %s (a presenter reads "
                           "const Results; results.h)" % (path, line, m.group(1)))
    return out


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print("usage: call_graph.py GEN_DIR", file=sys.stderr)
        return 2
    gen = os.path.normpath(sys.argv[1])
    problems, graph = check(gen)
    for p in problems:
        print(p)
    if problems:
        return 1
    edges = sum(len(v) for v in graph.values())
    calls = call_edges(read_tree(gen), graph)
    levels = longest(calls, "./main") - 1 if "./main" in calls else 0
    print("call graph ok: %d modules, %d uses between them, no circle, none up, "
          "%d levels of calls from main.c" % (len(graph), edges, levels))
    return 0


if __name__ == "__main__":
    sys.exit(main())
