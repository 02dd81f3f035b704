#!/usr/bin/env python3
"""A purchase request's line items add up: each row's quantity times its
unit price is its total, and the totals sum to the request's total.

usage: line_items.py REQUEST.pdf [PATTERN]
Reads `pdftotext -layout`: item rows end in "QTY  $UNIT  $TOTAL", the
total row after them in one amount.  Amounts are in the request's
currency ($, or ≈¥ with the dollars beside in full-width brackets, which
may wrap to the next line); converted yuan amounts are rounded one by
one, so their sum may differ from the total by a yuan per row.  With PATTERN (a regular
expression), some item row must match it (e.g. a power supply line).
Exit 1 with a message when something does not add up.
"""
import re
import subprocess
import sys

USD_BESIDE = r'(?:（\$[\d,]+(?:\.\d+)?）)?'
MONEY = r'≈?[$¥€]([\d,]+(?:\.\d+)?)' + USD_BESIDE


def amount(text):
    return float(text.replace(',', ''))


def main():
    pdf = sys.argv[1]
    pattern = sys.argv[2] if len(sys.argv) > 2 else None
    text = subprocess.run(['pdftotext', '-layout', pdf, '-'], check=True,
                          capture_output=True, text=True).stdout
    item = re.compile(r'^(.*?)\s(\d+)\s+' + MONEY + r'\s+' + MONEY + r'\s*$')
    total = re.compile(r'^\S.*?\s' + MONEY + r'\s*$')
    rows, names, grand = [], [], None
    for line in text.splitlines():
        m = item.match(line)
        if m and grand is None:
            qty, unit, sum_ = int(m.group(2)), amount(m.group(3)), amount(m.group(4))
            rows.append((qty, unit, sum_))
            names.append(m.group(1).strip())
            continue
        m = total.match(line)
        if rows and grand is None and m:
            grand = amount(m.group(1))
    problems = []
    if not rows or grand is None:
        problems.append('no line items with a total')
    for (qty, unit, sum_), name in zip(rows, names):
        if abs(qty * unit - sum_) > 0.51 * max(qty, 1):
            problems.append('%s: %d x %s != %s' % (name, qty, unit, sum_))
    slack = 0.5 if '≈' not in text else 0.5 + len(rows)
    if grand is not None and abs(sum(r[2] for r in rows) - grand) > slack:
        problems.append('items sum to %s, total says %s'
                        % (sum(r[2] for r in rows), grand))
    if pattern and not any(re.search(pattern, n) for n in names):
        problems.append('no line item matches %r: %s' % (pattern, names))
    for p in problems:
        print('FAIL %s: %s' % (pdf, p))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
