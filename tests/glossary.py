#!/usr/bin/env python3
"""glossary.py GLOSSARY TEXT: exits 1 naming each term GLOSSARY avoids
(column avoid, ';'-separated) that TEXT holds outside the contexts the
row allows (column allowed: longer phrases that contain the term, such
as 供应商报价 for 报价), with a few characters around it."""
import csv
import sys


def main():
    rows = list(csv.DictReader(open(sys.argv[1], encoding='utf-8')))
    text = open(sys.argv[2], encoding='utf-8').read()
    bad = 0
    for r in rows:
        allowed = [a for a in r['allowed'].split(';') if a]
        masked = text
        for a in sorted(allowed, key=len, reverse=True):
            masked = masked.replace(a, '\0' * len(a))
        for term in (t for t in r['avoid'].split(';') if t):
            at = masked.find(term)
            while at >= 0:
                bad += 1
                if bad <= 20:
                    print('%s (use %s): ...%s...' % (
                        term, r['preferred'], text[max(0, at - 12):at + 12]))
                at = masked.find(term, at + 1)
    if not rows:
        print('no glossary rows')
        return 1
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
