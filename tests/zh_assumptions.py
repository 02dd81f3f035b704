#!/usr/bin/env python3
"""The assumptions table of a translated guide in its language (issue 46):
every assumption of the edition is a row of the table, and its unit and
meaning columns hold no English word (a lowercase ASCII word of 3 or more
letters; names such as Ampere, FP16 or vLLM are capitalised, identifiers
such as llama.cpp, q4_k_m or pipeline_bound.gap are kept whole).

Usage: zh_assumptions.py table EDITION_DIR GUIDE_MD HEADING
         the table after the line '### HEADING' of the generated guide.md
       zh_assumptions.py keys LANG_ASSUMPTIONS_CSV EDITION_DIR...
         every assumption key of the editions has a row in the language's
         assumptions.csv
Prints each problem; exits 1 when there is one.
"""
import csv
import os
import re
import sys

# Words of names and paths the Chinese text keeps: slurm (a scheduler),
# bfloat16, the LoRA target layers gate/down, the data folder later/,
# CUDA's warp beside 线程束.
KEEP = {'slurm', 'bfloat', 'gate', 'down', 'later', 'warp'}
IDENT = re.compile(r'\S*[A-Za-z0-9][_./-][A-Za-z0-9]\S*')


def english_words(text):
    text = IDENT.sub(' ', text)
    return [w for w in re.findall(r'[A-Za-z]+', text)
            if len(w) >= 3 and w.islower() and w not in KEEP]


def edition_keys(edition):
    with open(os.path.join(edition, 'assumptions.csv'), encoding='utf-8') as f:
        return [r['key'] for r in csv.DictReader(f)]


def table_rows(guide, heading):
    lines = open(guide, encoding='utf-8').read().split('\n')
    try:
        at = lines.index('### ' + heading)
    except ValueError:
        return None
    rows = []
    for line in lines[at + 1:]:
        if line.startswith('#'):
            break
        if line.startswith('|'):
            rows.append([c.strip() for c in line.strip('|').split(' | ')])
    return rows[2:]  # header and its rule


def check_table(edition, guide, heading):
    rows = table_rows(guide, heading)
    if not rows:
        return ['%s: no table after ### %s' % (guide, heading)]
    problems = []
    keys = edition_keys(edition)
    shown = [r[0].replace('\\_', '_') for r in rows]
    if shown != keys:
        problems.append('%s: the table shows %d keys, %s has %d (or another order)'
                        % (guide, len(shown), edition, len(keys)))
    for r in rows:
        for col, name in ((2, 'unit'), (3, 'meaning')):
            words = english_words(r[col]) if col < len(r) else ['(missing)']
            if words:
                problems.append('%s: %s %s: English %s' % (guide, r[0], name,
                                                          ' '.join(words)))
    return problems


def check_keys(lang_csv, editions):
    with open(lang_csv, encoding='utf-8') as f:
        have = {r['key'] for r in csv.DictReader(f)}
    return ['%s: no row for %s (of %s)' % (lang_csv, k, e)
            for e in editions for k in edition_keys(e) if k not in have]


def main():
    if len(sys.argv) == 5 and sys.argv[1] == 'table':
        problems = check_table(*sys.argv[2:])
    elif len(sys.argv) >= 4 and sys.argv[1] == 'keys':
        problems = check_keys(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)
    for p in problems[:20]:
        print(p)
    if len(problems) > 20:
        print('... %d problems in all' % len(problems))
    sys.exit(1 if problems else 0)


main()
