#!/usr/bin/env python3
"""No English left in translated purchase requests: prints every ASCII
word of 4 or more letters in the text of the requests (pdftotext) that is
not a name, and exits 1 when there is one.

Names are ascii_words.py's (the edition's GPU names, vendors and
architectures, the benchmark networks, the guide's product names), the
cloud providers and instances of the edition, and the makers and parts a
configuration names (Ryzen, EPYC, NVMe ...).  A source is cited by its
own title: from 来源： up to its kind in brackets, and a domain after a
dash, are left out, as are file names (guide.pdf) and addresses (the
guide's, under --base-url: https://example.github.io/gpuguide/zh-CN/).

Usage: zh_request_words.py EDITION_DIR TEXT...
"""
import csv
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ascii_words import allowed_words  # noqa: E402

PARTS = {'ryzen', 'threadripper', 'supermicro', 'asus', 'asrock', 'rack',
         'epyc', 'xeon', 'platinum', 'connectx', 'bluefield', 'nvme', 'sata',
         'ddr', 'qlora', 'lora', 'transformer', 'hgx', 'dgx', 'sxm', 'atx',
         'gpuguide', 'edition'}


def cloud_words(edition):
    """The providers and instances of the edition's cloud offers."""
    words = set()
    for name in ('cloud.csv', 'market_cloud.csv'):
        path = os.path.join(edition, name)
        if os.path.exists(path):
            with open(path, encoding='utf-8') as f:
                for row in csv.DictReader(f):
                    words.update(w.lower() for w in re.findall(
                        r'[A-Za-z]+', row['provider'] + ' ' + row['instance']))
    return words


def main():
    allow = allowed_words(sys.argv[1]) | PARTS | cloud_words(sys.argv[1])
    bad = {}
    for path in sys.argv[2:]:
        with open(path, encoding='utf-8') as f:
            text = ' '.join(f.read().split())
        text = re.sub(r'— \S+', ' ', text)
        text = re.sub(r'来源：[^（；]*', ' ', text)
        text = re.sub(r'\S+\.(pdf|md)\b', ' ', text)
        text = re.sub(r'https?://[^\s（）]+', ' ', text)
        for w in re.findall(r'[A-Za-z]{4,}', text):
            if w.lower() not in allow:
                bad.setdefault(w, os.path.basename(path))
    for w, where in sorted(bad.items()):
        print('English word: %s (%s)' % (w, where))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
