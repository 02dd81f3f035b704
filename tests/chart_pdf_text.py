#!/usr/bin/env python3
"""Fails when any word of a PDF is printed below MIN_PT points.

Usage: chart_pdf_text.py FILE.pdf
Reads the word boxes of `pdftotext -bbox`: a box is as tall as its
font's ascent plus descent, 1.09 to 1.17 times the font size for the
fonts the guide uses (WenQuanYi Micro Hei, DejaVu Sans); dividing by the
smallest ratio never calls small text large.
"""
import re
import subprocess
import sys

MIN_PT = 7.0
BOX_PER_PT = 1.09


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    html = subprocess.run(["pdftotext", "-bbox", sys.argv[1], "-"],
                          capture_output=True, text=True, check=True).stdout
    words = [(float(m.group(2)) - float(m.group(1)), m.group(3))
             for m in re.finditer(r'yMin="([\d.]+)" xMax="[\d.]+" '
                                  r'yMax="([\d.]+)">([^<]*)<', html)]
    if not words:
        sys.exit(f"{sys.argv[1]}: no words")
    small = [(h / BOX_PER_PT, w) for h, w in words if h / BOX_PER_PT < MIN_PT]
    for pt, word in sorted(small)[:10]:
        print(f"{sys.argv[1]}: \"{word}\" at about {pt:.1f} pt")
    sys.exit(1 if small else 0)


if __name__ == "__main__":
    main()
