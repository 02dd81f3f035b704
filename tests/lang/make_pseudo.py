#!/usr/bin/env python3
"""Makes the pseudo-locale xx-pseudo from templates/en (guide.md and its
sections/ and editions/ files): every letter of
every human-language text becomes an accented look-alike and every
string is wrapped in brackets, so English left in a page can only come
from the C code (or from the data, which stays as it is).

Placeholders ({{name}}, {1}), Markdown and HTML syntax, link targets,
code and font names are kept.  Usage: make_pseudo.py EN_DIR OUT_DIR
"""
import csv
import os
import re
import sys

PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
LOOK = 'áƀçđéƒĝĥíĵķĺɱñóƥʠŕšţúʋŵẋýžÁßÇĐÉƑĜĤÍĴĶĹМÑÓƤǪŔŠŢÚṼŴẊÝŽ'
TABLE = str.maketrans(PLAIN, LOOK)

# Kept as they are: placeholders, HTML tags and entities, Markdown link
# targets and autolinks, code spans.
KEEP = re.compile(r'(\{\{[^}]*\}\}|\{[12]\}|<[^>]*>|&[a-z]+;|\]\([^)]*\)'
                  r'|`[^`]*`|https?://\S+)')


def pseudo_text(text):
    parts = KEEP.split(text)
    return ''.join(p if i % 2 else p.translate(TABLE)
                   for i, p in enumerate(parts))


def pseudo_value(key, value):
    if key.startswith('font.') or not re.search('[A-Za-z]', value):
        return value
    return '⟦' + pseudo_text(value) + '⟧'


def pseudo_markdown(text):
    out, fenced = [], False
    for line in text.split('\n'):
        if line.startswith('```'):
            fenced = not fenced
            out.append(line)
        elif fenced:
            out.append(line)
        else:
            out.append(pseudo_text(line))
    return '\n'.join(out)


def main():
    en, dest = sys.argv[1], sys.argv[2]
    os.makedirs(dest, exist_ok=True)
    with open(os.path.join(en, 'strings.csv'), encoding='utf-8',
              newline='') as f:
        rows = list(csv.DictReader(f))
    with open(os.path.join(dest, 'strings.csv'), 'w', encoding='utf-8',
              newline='') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(['key', 'value'])
        for r in rows:
            w.writerow([r['key'], pseudo_value(r['key'], r['value'])])
    # guide.md and its sections (sections/*.md, editions/*/*.md)
    for folder, _, files in os.walk(en):
        for name in sorted(files):
            rel = os.path.relpath(os.path.join(folder, name), en)
            if not name.endswith('.md') or (
                    rel != 'guide.md'
                    and not rel.startswith(('sections', 'editions'))):
                continue
            with open(os.path.join(en, rel), encoding='utf-8') as f:
                text = f.read()
            os.makedirs(os.path.dirname(os.path.join(dest, rel)),
                        exist_ok=True)
            with open(os.path.join(dest, rel), 'w', encoding='utf-8') as f:
                f.write(pseudo_markdown(text))


if __name__ == '__main__':
    main()
