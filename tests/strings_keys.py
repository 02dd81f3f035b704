#!/usr/bin/env python3
"""Every language-string key the C code names is in the reference
strings (templates/en/strings.csv), and every chart the guide builds has
its title, caption and axis strings.

Keys are string literals of gen/**/*.c that start with one of the string
families (table., chart., format., unit., ...).  Prints each missing key
and exits 1.  Usage: strings_keys.py GEN_DIR STRINGS_CSV
"""
import csv
import os
import re
import sys

FAMILIES = ('table', 'chart', 'kind', 'fit', 'format', 'unit', 'pdf',
            'request', 'sentence', 'workload', 'pricing', 'font', 'site',
            'edition', 'layout')
LITERAL = re.compile(r'"((?:%s)\.[a-z0-9_.]*[a-z0-9_])"' % '|'.join(FAMILIES))
CHART = re.compile(r'new_chart\(c, CHART_[A-Z_]+, "([a-z0-9_]+)"\)')


def main():
    gen, strings = sys.argv[1], sys.argv[2]
    with open(strings, encoding='utf-8', newline='') as f:
        have = {row['key'] for row in csv.DictReader(f)}
    need = set()
    for name in sorted(os.path.join(d, n) for d, _, ns in os.walk(gen)
                       for n in ns):
        if not name.endswith('.c'):
            continue
        with open(name, encoding='utf-8') as f:
            text = f.read()
        text = re.sub(r'#include "[^"]*"', '', text)
        need.update(k for k in LITERAL.findall(text)
                    if not k.endswith('.html'))
        for chart in CHART.findall(text):
            need.update('chart.%s.%s' % (chart, p)
                        for p in ('title', 'caption', 'axis'))
    for n in (1, 2, 4, 8):
        need.update('chart.per_dollar_%dgpu.%s' % (n, p)
                    for p in ('title', 'caption', 'axis'))
    need.update('month.%d' % m for m in range(1, 13))
    missing = sorted(k for k in need if k not in have)
    for k in missing:
        print('missing string: ' + k)
    return 1 if missing or not need else 0


if __name__ == '__main__':
    sys.exit(main())
