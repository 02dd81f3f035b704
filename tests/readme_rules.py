#!/usr/bin/env python3
"""What data/README.md documents, the loader enforces (issue 43, class 1).

Walks the README's tables: every `| column | type | meaning |` table of a
file section, the "Numeric columns" range table and the "Numeric
assumptions" range table.  For each documented rule it derives one value
outside it (an unlisted word for an enumeration, 0 for "> 0", -1 for
">= 0", one above a range's top, 1.5 for a whole number, a date after the
run's date, an unknown name for a reference), writes it into the first
data row of an edition that has the file (data/current, else
data/2020-09), runs `gpuguide --check` on a copy and expects exit status 1
with an error at that row's line (and, for a cell, at its column).

Usage: readme_rules.py GPUGUIDE README TOP WORK
Prints one line per case, "pass DESCRIPTION" or "FAIL DESCRIPTION: why",
and "skip DESCRIPTION: why" for a documented type that has no rule to
break (free text).
"""
import csv
import io
import os
import re
import shutil
import subprocess
import sys

BIN, README, TOP, WORK = sys.argv[1:5]
EDITIONS = [os.path.join(TOP, "tests", "regress", "frozen", "data", "current"),
            os.path.join(TOP, "tests", "regress", "frozen", "data", "2020-09")]
FUTURE = "2999-01-01"

text = open(README, encoding="utf-8").read()


def table_rows(lines, start):
    """The rows (lists of cells) of the Markdown table starting at start."""
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if set("".join(cells)) <= set("- "):
            continue
        rows.append(cells)
    return rows


lines = text.split("\n")
file_tables = {}   # file -> [(column, type)]
column_ranges = []  # (columns, range text)
assumption_ranges = []  # (keys, range text)
section = None
for i, line in enumerate(lines):
    m = re.match(r"^#+ .*?([a-z_/]+\.csv)", line)
    if m and line.startswith("## "):
        section = os.path.basename(m.group(1))
    if line.startswith("| column | type |") and section:
        file_tables.setdefault(section, [])
        for cells in table_rows(lines, i)[1:]:
            file_tables[section].append((cells[0], cells[1]))
    if line.startswith("| column | valid range |"):
        column_ranges = [(c[0], c[1]) for c in table_rows(lines, i)[1:]]
    if line.startswith("| key | valid range |"):
        assumption_ranges = [(c[0], c[1]) for c in table_rows(lines, i)[1:]]


def number(s):
    return float(s.replace(",", ""))


def above(top, whole):
    v = top * 2 + 1 if top < 1e15 else top + 1
    return str(int(v)) if whole or v == int(v) else repr(v)


def bad_value(kind, column):
    """A value outside the rule `kind` documents, or None (free text)."""
    k = kind.replace("`", "")
    if column.endswith("_url"):
        return "javascript:alert(1)"
    if k.startswith("identifier"):
        return "Not An Id!"
    if "without ;" in k:
        return "A;B"
    if k.startswith("key"):
        return "Not A Key!"
    if k.startswith("quantity"):
        return "no:such:quantity"
    if k == "number":
        return "twelve"
    if "gpus.csv name" in k or "GPU names" in k:
        return "No Such GPU"
    if "llm_models.csv name" in k:
        return "No Such Model"
    if k.startswith("date"):
        return FUTURE
    if "words separated" in k:
        return "no-such-rule"
    m = re.search(r"(-?[\d.,]+) to ([\d.,]+)", k) or re.search(r"(\d+)\.\.(\d+)", k)
    if m:
        return above(number(m.group(2)), True)
    if k.startswith(">= 0"):
        return "-1"
    if k.startswith("> 0"):
        return "0"
    if k.startswith("whole number"):
        return "1.5"
    words = [w.strip() for w in re.split(r",", re.sub(r"\([^)]*\)", "", k))]
    words = [w for w in words if w and w not in ("optional", "or empty")
             and not w.startswith("required") and not w.startswith("optional")]
    if "..." in k or not words:
        return None
    if all(re.fullmatch(r"[A-Za-z0-9_./-]+", w) for w in words) \
            and not (len(words) == 1 and words[0] in
                     ("text", "number", "key", "date")) \
            and not (len(words) == 2 and words[1] == "unique"):
        if all(w.isdigit() for w in words):
            vals = sorted(int(w) for w in words)
            for v in range(vals[0], vals[-1] + 2):
                if v not in vals:
                    return str(v)
        return "zz-unlisted"
    return None


def edition_with(name):
    for ed in EDITIONS:
        if os.path.exists(os.path.join(ed, name)):
            return ed
    return None


def read_csv(path):
    raw = open(path, encoding="utf-8", newline="").read()
    return list(csv.reader(io.StringIO(raw)))


def render(cell):
    if any(ch in cell for ch in ',"\r\n') or cell != cell.strip():
        return '"' + cell.replace('"', '""') + '"'
    return cell


def write_csv(path, rows):
    with open(path, "w", encoding="utf-8", newline="") as f:
        for r in rows:
            f.write(",".join(render(c) for c in r) + "\n")


results = []


def run_case(desc, edition, name, row_index, column, value, add_row=None):
    """Copies edition, sets column of data row row_index (0-based; None
    with add_row: append add_row) of file name to value, runs --check."""
    dest = os.path.join(WORK, "readme-rules", os.path.basename(edition))
    if os.path.exists(dest):
        shutil.rmtree(dest)
    shutil.copytree(edition, dest)
    path = os.path.join(dest, name)
    rows = read_csv(path)
    header = rows[0]
    if column not in header:
        header.append(column)
        for r in rows[1:]:
            r.append("")
    ci = header.index(column)
    if add_row is not None:
        rows.append(add_row)
        row_index = len(rows) - 2
    rows[row_index + 1][ci] = value
    line = row_index + 2
    col = len(",".join(render(c) for c in rows[row_index + 1][:ci])) + (2 if ci else 1)
    write_csv(path, rows)
    p = subprocess.run([BIN, "-q", "--check", "--data", dest],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.decode("utf-8", "replace")
    want = "%s:%d:%d: " % (path, line, col)
    if p.returncode == 1 and want in err:
        results.append("pass %s" % desc)
    else:
        results.append("FAIL %s (%s:%d:%d = %r): status %d, %s" % (
            desc, name, line, col, value, p.returncode, err.strip()[:300]))


# ---- the file tables -------------------------------------------------------
for name, cols in sorted(file_tables.items()):
    if "/" in name or name == "later":
        continue
    edition = edition_with(name)
    if not edition:
        results.append("skip %s: no edition has it" % name)
        continue
    rows = read_csv(os.path.join(edition, name))
    for column_cell, kind in cols + [("date", "date"), ("url", "address")]:
        for column in [c.strip() for c in column_cell.split(",")]:
            value = bad_value(kind, column)
            if column == "url":
                value = "javascript:alert(1)"
            if column.startswith("llm_") and name == "use_cases.csv":
                value = "zz-unlisted"
            desc = "%s %s (%s): %r" % (name, column, kind[:60], value)
            if value is None:
                results.append("skip %s: free text" % desc)
            else:
                run_case(desc, edition, name, 0, column, value)
            # a unique column: the second row repeats the first one's value
            if "unique" in kind and "," not in column_cell and len(rows) > 2:
                first = rows[1][rows[0].index(column)]
                run_case("%s %s repeated (%s): %r" % (name, column, kind[:40], first),
                         edition, name, 1, column, first)

# ---- the numeric column ranges ---------------------------------------------
for columns, rng in column_ranges:
    m = re.search(r"at most ([\d.,e]+)", rng) or re.search(r"to ([\d.,e]+)", rng)
    if not m:
        results.append("skip numeric column %s: %s" % (columns, rng))
        continue
    value = above(number(m.group(1)), True)
    for column in [c.strip().split(" ")[0] for c in columns.split(",")]:
        for name in sorted(file_tables):
            if column not in [c for c, _ in file_tables[name]]:
                continue
            edition = edition_with(name)
            if edition:
                run_case("%s %s above its range (%s): %s" % (name, column, rng, value),
                         edition, name, 0, column, value)

# ---- the assumption ranges -------------------------------------------------
edition = EDITIONS[0]
arows = read_csv(os.path.join(edition, "assumptions.csv"))
aheader = arows[0]
for keys, rng in assumption_ranges:
    whole = rng.startswith("whole")
    m = re.search(r"([\d.]+) to ([\d.]+)", rng)
    if m:
        value = above(number(m.group(2)), whole)
    elif "or more" in rng:
        value = "-1" if rng.startswith("0") else "0.5"
    elif "above 0" in rng:
        value = "0"
    else:
        results.append("skip assumption %s: %s" % (keys, rng))
        continue
    key_list = re.findall(r"`([^`]+)`", keys)
    if not key_list:
        # "any other assumption written as a number": a key of its own
        key_list = ["zz_unlisted_number"]
    for key in key_list:
        found = [i for i, r in enumerate(arows[1:])
                 if (r[0].startswith(key) if key.endswith(".") else r[0] == key)]
        if found:
            run_case("assumption %s (%s): %s" % (key, rng, value), edition,
                     "assumptions.csv", found[0], "value", value)
        else:
            row = [""] * len(aheader)
            row[aheader.index("key")] = key + ("x" if key.endswith(".") else "")
            row[aheader.index("meaning")] = "test"
            row[aheader.index("source")] = "test"
            row[aheader.index("date")] = "2020-01-01"
            run_case("assumption %s, added (%s): %s" % (key, rng, value),
                     edition, "assumptions.csv", None, "value", value,
                     add_row=row)

# the text assumptions of the paragraph below the table
for key, value in [("edition_date", FUTURE), ("previous_edition", ".hidden"),
                   ("cloud_example_pricing", "zz-unlisted"),
                   ("headline_use_case", "no_such_case"),
                   ("cycle_example_gpu", "No Such GPU"),
                   ("hindsight_reference_gpu", "No Such GPU")]:
    found = [i for i, r in enumerate(arows[1:]) if r[0] == key]
    if found:
        run_case("text assumption %s: %r" % (key, value), edition,
                 "assumptions.csv", found[0], "value", value)
    else:
        row = [""] * len(aheader)
        row[aheader.index("key")] = key
        row[aheader.index("meaning")] = "test"
        row[aheader.index("source")] = "test"
        row[aheader.index("date")] = "2020-01-01"
        run_case("text assumption %s, added: %r" % (key, value), edition,
                 "assumptions.csv", None, "value", value, add_row=row)

shutil.rmtree(os.path.join(WORK, "readme-rules"), ignore_errors=True)
print("\n".join(results))
