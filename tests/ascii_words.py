#!/usr/bin/env python3
"""No English left in a section of a translated page: prints every ASCII
word of MIN or more letters in the section that is not a name or a unit,
and exits 1 when there is one (or when the section is missing or holds no
table).

Names come from the edition's data (GPU names, vendors and architectures
in gpus.csv, network ids in benchmarks.csv, split at '_' and digits) plus
the few product and service names the guide's prose uses; a word is also
allowed when it splits into two allowed parts or an allowed part and a
part shorter than MIN (pdftotext joins "Transformer-big" at a line break
into "Transformerbig").

Usage: ascii_words.py MIN EDITION_DIR FILE START [END]
  FILE  an HTML page (the section runs from the end of the heading
        holding START to the next h2 or h3) or pdftotext output (from the last line
        holding START to the next line equal to END).
"""
import csv
import html
import os
import re
import sys

NAMES = {'gpuguide', 'nvlink', 'pcie', 'kaggle', 'slurm', 'lambda', 'ebay',
         'pytorch', 'gbit', 'kwh'}


def allowed_words(edition):
    allow = set(NAMES)
    with open(os.path.join(edition, 'gpus.csv'), encoding='utf-8') as f:
        for row in csv.DictReader(f):
            for col in ('name', 'vendor', 'architecture'):
                allow.update(w.lower() for w in re.findall(r'[A-Za-z]+',
                                                           row[col]))
    with open(os.path.join(edition, 'benchmarks.csv'), encoding='utf-8') as f:
        for row in csv.DictReader(f):
            allow.update(re.findall(r'[a-z]+', row['network'].lower()))
    return allow


def html_section(text, start):
    """After the heading (its language link is the site's, not the
    section's) up to the next h2 or h3."""
    at = text.find(start)
    head = text.find('</h', at)
    if at < 0 or head < 0:
        return None
    end = re.compile(r'<h[23][ >]').search(text, head)
    section = text[head:end.start() if end else len(text)]
    if '<table' not in section:
        return None
    return html.unescape(re.sub(r'<[^>]*>', ' ', section))


def text_section(text, start, end):
    lines = text.split('\n')
    first = max((i for i, l in enumerate(lines) if start in l), default=-1)
    if first < 0:
        return None
    out = []
    for line in lines[first:]:
        if out and line.strip() == end:
            break
        out.append(line)
    return '\n'.join(out)


def main():
    least, edition, path, start = (int(sys.argv[1]), sys.argv[2],
                                   sys.argv[3], sys.argv[4])
    with open(path, encoding='utf-8') as f:
        text = f.read()
    section = (html_section(text, start) if path.endswith('.html')
               else text_section(text, start, sys.argv[5]))
    if not section:
        print('no section starting at ' + start)
        return 1
    allow = allowed_words(edition)

    def ok(word):
        w = word.lower()
        if w in allow:
            return True
        return any((w[:i] in allow or i < least)
                   and (w[i:] in allow or len(w) - i < least)
                   and (w[:i] in allow or w[i:] in allow)
                   for i in range(1, len(w)))

    bad = sorted({w for w in re.findall(r'[A-Za-z]{%d,}' % least, section)
                  if not ok(w)})
    for w in bad:
        print('English word: ' + w)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
