#!/usr/bin/env python3
"""set_cell.py FILE ROW COLUMN VALUE: rewrite FILE with data row ROW
(1 = the first row under the header) of COLUMN set to VALUE, quoting as
CSV needs; prints the line and column (1-based, in characters of the
rewritten file) where the cell starts, for the expected error position."""
import csv
import io
import sys

path, row, column, value = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
with open(path, newline="", encoding="utf-8") as f:
    rows = list(csv.reader(f))
col = rows[0].index(column)
rows[row][col] = value
out = io.StringIO()
csv.writer(out, lineterminator="\n").writerows(rows)
with open(path, "w", newline="", encoding="utf-8") as f:
    f.write(out.getvalue())
prefix = io.StringIO()
csv.writer(prefix, lineterminator="").writerow(rows[row][:col] + [""])
print(f"{row + 1}:{len(prefix.getvalue()) + 1}")
