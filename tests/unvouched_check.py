#!/usr/bin/env python3
"""The guide's sentence on the GPUs the tensor-core model cannot vouch
for ({{model_unvouched}}) agrees with the edition's performance export:
each GPU it calls not rated is rated in no workload, each it calls
modelled has a modelled figure, each it calls rated from its benchmarks a
measured one; and it names every GPU of gpus.csv with model_ok = no.
Exits 1 with the disagreements.

Usage: unvouched_check.py PAGE.html PERFORMANCE.csv GPUS.csv
"""
import csv
import html
import re
import sys

SENTENCES = (('measured', 'Those with benchmarks of their own'),
             ('modelled', 'a card without tensor cores is modelled'),
             ('unrated', 'listed in the data but not rated'))


def main():
    page, perf_csv, gpus_csv = sys.argv[1:4]
    with open(page, encoding='utf-8') as f:
        text = html.unescape(re.sub(r'<[^>]+>', '', f.read()))
    at = text.find('give the tensor-core model no basis')
    if at < 0:
        print('no sentence on the GPUs the model cannot vouch for')
        return 1
    para = text[at:text.find('\n', at)]
    with open(perf_csv, encoding='utf-8') as f:
        perf = {r['gpu']: r for r in csv.DictReader(f)}
    with open(gpus_csv, encoding='utf-8') as f:
        unvouched = {r['name'] for r in csv.DictReader(f)
                     if r['model_ok'] == 'no'}
    bad, named = [], set()
    for group, words in SENTENCES:
        m = re.search(re.escape(words) + r'[^:]*: ([^.]*(?:\.\d[^.]*)*)\.',
                      para)
        if not m:
            continue
        for gpu in (g.strip() for g in m.group(1).split(';')):
            named.add(gpu)
            row = perf.get(gpu, {})
            bases = {row.get(w + '_basis') for w in ('cnn', 'transformer')}
            ok = {'measured': bool(bases & {'measured', 'debiased'}),
                  'modelled': 'modelled' in bases,
                  'unrated': bases == {'not rated'}}[group]
            if not ok:
                bad.append('%s called %s, performance.csv: %s'
                           % (gpu, group, sorted(bases)))
    for gpu in sorted(unvouched - named):
        bad.append('%s (model_ok = no) not named' % gpu)
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
