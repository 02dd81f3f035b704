#!/usr/bin/env python3
"""Checks the chart SVGs of an edition's output folder.

Usage: chart_svg_check.py CHECK OUT_DIR
CHECK is one of:
  text      every chart's words are <text> elements (no glyph outlines)
  size      every text is at least 11 px where the figure is shown: the
            wide variants at their narrowest (WIDE_SHOWN px), the phone
            variants on a 375 px phone (PHONE_SHOWN px of figure)
  contrast  every fill and stroke colour has a contrast of at least 3:1
            against the chart's background, light and dark (a hatch or a
            break lies on a bar: it is either a gap in the background
            colour or itself at 3:1)
  memory    every one-GPU build of data/per_dollar.csv is a dot of the
            memory chart, inside the range of its x axis
  dark      every chart has its dark variants, with a dark background
  html      every chart <img> and <source> of index.html has the width and
            height of the SVG it names (so the page does not jump)
Prints one line per problem and exits 1 when there is any.
"""
import csv
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
WIDE_SHOWN = 690    # the page's figure width just past the phone-layout
                    # breakpoint (1000 px viewport; see figure_html)
PHONE_SHOWN = 343   # a 375 px phone, less the page's side padding
MIN_PX = 11.0


def charts(out):
    return sorted(glob.glob(os.path.join(out, "charts", "*.svg")))


def load(path):
    return ET.parse(path).getroot()


def width(root):
    return float(root.get("width"))


def luminance(hex_colour):
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    rgb = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
           for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a, b):
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def background(root):
    for el in root.iter():
        if el.get("class") == "background":
            return el.get("fill")
    return None


def check_text(out):
    bad = []
    for path in charts(out):
        body = open(path, encoding="utf-8").read()
        root = load(path)
        texts = [t for t in root.iter(NS + "text") if (t.text or "").strip()]
        if not texts:
            bad.append(f"{path}: no <text>")
        if "glyph" in body or "<use" in body:
            bad.append(f"{path}: text drawn as glyph outlines")
        title = root.find(NS + "title")
        if title is None or not (title.text or "").strip():
            bad.append(f"{path}: no <title>")
        # the title's lines are the first bold texts (it may wrap)
        bold = "".join("".join((t.text or "").split()) for t in texts
                       if t.get("font-weight") == "bold")
        if not bold.startswith("".join((title.text or "").split())):
            bad.append(f"{path}: the title is not a <text> of the chart")
    return bad


def check_size(out):
    bad = []
    for path in charts(out):
        root = load(path)
        shown = PHONE_SHOWN if path.endswith("-narrow.svg") else WIDE_SHOWN
        scale = shown / width(root)
        for t in root.iter(NS + "text"):
            px = float(t.get("font-size")) * scale
            if px < MIN_PX:
                bad.append(f"{path}: \"{t.text}\" at {px:.1f} px "
                           f"when shown {shown} px wide")
                break
    return bad


def check_contrast(out):
    bad = []
    for path in charts(out):
        root = load(path)
        bg = background(root)
        if not bg:
            bad.append(f"{path}: no background")
            continue
        inherited = root.get("fill")
        for el in root.iter():
            if el.get("class") == "background":
                continue
            on_bar = el.get("class") in ("hatch", "break")
            for attr in ("fill", "stroke"):
                colour = el.get(attr)
                if colour is None and attr == "fill" and el.tag == NS + "text":
                    colour = inherited
                if not colour or not colour.startswith("#"):
                    continue
                if on_bar and colour == bg:
                    continue
                ratio = contrast(colour, bg)
                if ratio < 3:
                    bad.append(f"{path}: {el.tag.replace(NS, '')} {attr} "
                               f"{colour} is {ratio:.2f}:1 on {bg}")
    return bad


def check_memory(out):
    bad = []
    rows = list(csv.DictReader(open(os.path.join(out, "data",
                                                 "per_dollar.csv"),
                                    encoding="utf-8")))
    memory = [float(r["memory_gb"]) for r in rows if r["gpu_count"] == "1"]
    for variant in ("memory.svg", "memory-narrow.svg", "memory-dark.svg"):
        path = os.path.join(out, "charts", variant)
        root = load(path)
        ticks = [float(re.sub(r"[^0-9.]", "", t.text))
                 for t in root.iter(NS + "text")
                 if t.get("class") == "tick-x"]
        dots = list(root.iter(NS + "circle"))
        if not ticks:
            bad.append(f"{path}: no x axis ticks")
            continue
        lo, hi = min(ticks), max(ticks)
        outside = [m for m in memory if m < lo or m > hi]
        if outside:
            bad.append(f"{path}: axis {lo:g}-{hi:g} GB leaves out "
                       f"{sorted(set(outside))}")
        # one dot per build, plus one per legend swatch of a dot series
        if len(dots) < len(memory):
            bad.append(f"{path}: {len(dots)} dots for {len(memory)} GPUs")
    return bad


def check_dark(out):
    bad = []
    for path in charts(out):
        if "-dark" in path:
            continue
        for kind in ("", "-narrow"):
            stem = path[:-4].replace("-narrow", "")
            dark = f"{stem}-dark{kind}.svg"
            if not os.path.exists(dark):
                bad.append(f"{path}: no {dark}")
                continue
            bg = background(load(dark))
            if not bg or luminance(bg) > 0.05:
                bad.append(f"{dark}: background {bg} is not dark")
    return bad


def check_html(out):
    bad = []
    page = open(os.path.join(out, "index.html"), encoding="utf-8").read()
    tags = re.findall(r'<(?:img|source) [^>]*(?:src|srcset)="(charts/[^"]+'
                      r'\.svg)"[^>]*>', page)
    if not tags:
        bad.append(f"{out}/index.html: no chart images")
    for tag in re.finditer(r'<(?:img|source) [^>]*>', page):
        t = tag.group(0)
        src = re.search(r'(?:src|srcset)="(charts/[^"]+\.svg)"', t)
        if not src:
            continue
        root = load(os.path.join(out, src.group(1)))
        size = re.search(r'width="(\d+)" height="(\d+)"', t)
        want = (round(float(root.get("width"))),
                round(float(root.get("height"))))
        if not size or (int(size.group(1)), int(size.group(2))) != want:
            bad.append(f"{out}/index.html: {src.group(1)} is {want}, "
                       f"the page says {size.groups() if size else None}")
    return bad


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    check = {"text": check_text, "size": check_size,
             "contrast": check_contrast, "memory": check_memory,
             "dark": check_dark, "html": check_html}[sys.argv[1]]
    problems = check(sys.argv[2])
    for p in problems[:20]:
        print(p)
    if not charts(sys.argv[2]):
        print(f"{sys.argv[2]}: no charts")
        sys.exit(1)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
