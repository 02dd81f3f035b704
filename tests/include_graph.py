#!/usr/bin/env python3
"""Checks that the modules of gen/ include each other without a circle.

A module is a file name without its extension, in any folder under
GEN_DIR: gen/chart/chart.c and gen/chart/chart.h are the module "chart".  A private header X_internal.h,
shared by the files of one stage, belongs to module X.  Module A depends on B when A.c or
A.h has #include "B.h".  Prints every circle found and exits 1, else
exits 0.  Usage: include_graph.py GEN_DIR
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)\.h"', re.M)


def module(stem):
    return stem[:-len('_internal')] if stem.endswith('_internal') else stem


def graph(folder):
    deps = {}
    paths = sorted(os.path.join(d, n) for d, _, ns in os.walk(folder)
                   for n in ns)
    for path in paths:
        stem, ext = os.path.splitext(os.path.basename(path))
        if ext not in ('.c', '.h'):
            continue
        stem = module(stem)
        with open(path, encoding='utf-8') as f:
            text = f.read()
        edges = deps.setdefault(stem, set())
        for target in map(module, INCLUDE.findall(text)):
            if target != stem:
                edges.add(target)
    return deps


def circles(deps):
    found, state, stack = [], {}, []

    def visit(m):
        state[m] = 'open'
        stack.append(m)
        for d in sorted(deps.get(m, ())):
            if state.get(d) == 'open':
                found.append(stack[stack.index(d):] + [d])
            elif d not in state:
                visit(d)
        stack.pop()
        state[m] = 'done'

    for m in sorted(deps):
        if m not in state:
            visit(m)
    return found


def main():
    deps = graph(sys.argv[1] if len(sys.argv) > 1 else 'gen')
    found = circles(deps)
    for c in found:
        print('include circle: ' + ' -> '.join(c))
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
