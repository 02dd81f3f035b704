#!/usr/bin/env python3
"""Checks the pages of a site built in the pseudo-locale for English:
no text of templates/en/strings.csv (4 letters or more, outside its
{1}/{2} slots) may appear, except where the data itself has the same
words (GPU names, sources, notes).  Reads index.html (text and
attributes), guide.md, the charts' <title>/<desc> and, when pdftotext
is installed, guide.pdf.  Prints what it finds; exits 1 when any.
Usage: no_english.py EN_STRINGS DATA_DIR SITE_DIR
"""
import csv
import glob
import html
import os
import re
import shutil
import subprocess
import sys


def page_texts(site):
    texts = {}
    with open(os.path.join(site, 'index.html'), encoding='utf-8') as f:
        page = f.read()
    page = re.sub(r'<style.*?</style>', ' ', page, flags=re.S)
    texts['index.html'] = html.unescape(re.sub(r'<[^>]*?>', ' ', page)) \
        + ' '.join(html.unescape(a) for a in
                   re.findall(r'(?:alt|title|content)="([^"]*)"', page))
    with open(os.path.join(site, 'guide.md'), encoding='utf-8') as f:
        texts['guide.md'] = f.read().replace('\\', '')
    svg = []
    for path in glob.glob(os.path.join(site, 'charts', '*.svg')):
        with open(path, encoding='utf-8') as f:
            svg += re.findall(r'<(?:title|desc)>(.*?)</', f.read(), re.S)
    texts['charts'] = html.unescape(' '.join(svg))
    if shutil.which('pdftotext'):
        for pdf in ['guide.pdf'] + sorted(
                os.path.relpath(p, site) for p in
                glob.glob(os.path.join(site, 'requests', '*.pdf'))):
            out = subprocess.run(['pdftotext', '-enc', 'UTF-8',
                                  os.path.join(site, pdf), '-'],
                                 capture_output=True, text=True)
            texts[pdf] = ' '.join(out.stdout.split())
    return texts


def main():
    strings, data, site = sys.argv[1:4]
    corpus = ''
    for path in glob.glob(os.path.join(data, '**', '*.csv'), recursive=True):
        with open(path, encoding='utf-8') as f:
            corpus += f.read().lower() + '\n'
    phrases = set()
    with open(strings, encoding='utf-8', newline='') as f:
        for row in csv.DictReader(f):
            if row['key'].startswith('font.'):
                continue
            for part in re.split(r'\{[12]\}', row['value']):
                part = part.strip(' ,.;:()%$')
                if len(re.findall('[A-Za-z]', part)) >= 4 \
                        and part.lower() not in corpus:
                    phrases.add(part)
    texts = page_texts(site)
    found = 0
    for name, text in sorted(texts.items()):
        for p in sorted(phrases):
            if re.search(r'(?<![A-Za-z])' + re.escape(p) + r'(?![A-Za-z])',
                         text):
                print('%s: English text "%s"' % (name, p))
                found += 1
    if not phrases or not texts.get('index.html'):
        print('nothing to check')
        return 1
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
