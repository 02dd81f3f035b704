#!/usr/bin/python3
"""Synthetic edition for scale tests and `make bench`: writes DIR/current/,
a copy of data/current with extra GPUs, prices and benchmark rows appended.
Every added row is valid (unique names, dated inside the edition's price
window, after the GPU's launch, with a source); the numbers vary with the
row's index only, so the same sizes always give the same bytes.  Nothing it
writes is committed.

Usage: tests/synth/make_edition.py [--gpus N] [--prices N] [--benchmarks N]
                                   [--base data/current] DIR
Defaults: 1,000 GPUs, 10,000 prices, 5,000 benchmark rows (the issue's
target size).  The counts are totals of added rows; the base edition's own
rows come on top.  Each synthetic GPU is a clone of a benchmarked card of
the base edition with its bandwidth, multiprocessors and power varied, so
the model rates it like a real sibling; the clones take their turns among
several chip families (--template-gpu, a comma-separated list: by default
Ada, Ampere and Blackwell client cards, Ampere and Hopper datacenter
cards)."""
import argparse
import csv
import io
import os
import shutil

SOURCE = 'gpuguide synthetic edition (tests/synth/make_edition.py)'
NOTE = 'estimate: synthetic row for scale tests'
# prices are shop listings (an estimate alone decides no pick, and the
# synthetic cards must compete in the builds like real ones)
PRICE_NOTE = 'synthetic listing for scale tests'
URL = 'https://example.com/gpuguide-synthetic'
NETWORKS = [('resnet50', 'cnn', 'images/s', 448, 1301),
            ('ssd', 'cnn', 'images/s', 140, 379),
            ('bert_large_squad', 'transformer', 'sequences/s', 16, 93),
            ('transformerxl_base', 'transformer', 'tokens/s', 24, 40427)]
CHANNELS = ['retail', 'amazon', 'newegg', 'ebay']


def read_csv(path):
    with open(path, newline='', encoding='utf-8') as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def append_rows(path, header, rows):
    """Appends rows (dicts by column) in the file's own column order."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator='\n')
    for r in rows:
        w.writerow([r.get(c, '') for c in header])
    with open(path, 'rb') as f:
        ends_with_newline = f.read().endswith(b'\n')
    with open(path, 'a', encoding='utf-8', newline='') as f:
        if not ends_with_newline:
            f.write('\n')
        f.write(buf.getvalue())


def assumption(base, key):
    header, rows = read_csv(os.path.join(base, 'assumptions.csv'))
    for r in rows:
        if r and r[header.index('key')] == key:
            return r[header.index('value')]
    return None


def edition_date_of(base):
    """The edition's date: its edition_date assumption (an archived
    edition), else its newest price, benchmark or cloud row (the current
    edition, data/README.md)."""
    fixed = assumption(base, 'edition_date')
    if fixed:
        return fixed
    newest = ''
    for name in ('prices.csv', 'benchmarks.csv', 'cloud.csv'):
        path = os.path.join(base, name)
        if not os.path.exists(path):
            continue
        header, rows = read_csv(path)
        col = header.index('date')
        newest = max([newest] + [r[col] for r in rows if len(r) > col])
    return newest


def day_before(date, days):
    """YYYY-MM-DD minus days (proleptic Gregorian, no time zones)."""
    import datetime
    d = datetime.date.fromisoformat(date) - datetime.timedelta(days=days)
    return d.isoformat()


def gpu_names(n):
    return ['Synthetic GPU %06d' % i for i in range(1, n + 1)]


def gpu_rows(base, templates, n):
    header, rows = read_csv(os.path.join(base, 'gpus.csv'))
    protos = [next(r for r in rows if r[header.index('name')] == t)
              for t in templates]
    out = []
    for i, name in enumerate(gpu_names(n), 1):
        r = dict(zip(header, protos[(i - 1) % len(protos)]))
        r.update(name=name, source=SOURCE, url=URL, note=NOTE)
        r['bandwidth_gbs'] = str(600 + (i * 37) % 900)
        r['sm_count'] = str(60 + (i * 13) % 90)
        r['tdp_w'] = str(250 + (i * 7) % 300)
        r['memory_gb'] = str(8 + 8 * (i % 6))
        out.append(r)
    return header, out


def price_rows(names, n, edition_date, window):
    out = []
    for i in range(n):
        name = names[i % len(names)]
        used = (i // len(names)) % 3 == 2
        out.append({'gpu': name, 'condition': 'used' if used else 'new',
                    'price': str(500 + (i * 97) % 2500),
                    'currency': 'USD',
                    'channel': CHANNELS[i % len(CHANNELS)],
                    'kind': 'listing', 'source': SOURCE, 'url': URL,
                    'date': day_before(edition_date, (i * 11) % window),
                    'note': PRICE_NOTE})
    return out


def benchmark_rows(names, n, date):
    out = []
    for i in range(n):
        name = names[i % len(names)]
        net, work, unit, batch, speed = NETWORKS[(i // len(names)) % 4]
        count = 1 + (i // (4 * len(names))) % 2  # 1, then 2 GPUs
        scale = 0.6 + ((i * 29) % 80) / 100.0
        out.append({'gpu': name, 'gpu_count': str(count),
                    'interconnect': 'pcie4', 'network': net,
                    'workload': work, 'precision': 'fp16',
                    'batch_size': str(batch * count),
                    'throughput': '%.0f' % (speed * count * 0.95 * scale),
                    'unit': unit, 'config': 'synthetic',
                    'source': SOURCE, 'url': URL, 'date': date,
                    'note': NOTE})
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--gpus', type=int, default=1000)
    ap.add_argument('--prices', type=int, default=10000)
    ap.add_argument('--benchmarks', type=int, default=5000)
    ap.add_argument('--base', default='data/current')
    ap.add_argument('--template-gpu',
                    default='RTX 4090,RTX 3090,A100 80GB SXM,H100 SXM,RTX 5090')
    ap.add_argument('dir')
    a = ap.parse_args()
    if a.gpus < 1 or a.prices < 0 or a.benchmarks < 0:
        ap.error('--gpus must be at least 1; counts are not negative')
    dst = os.path.join(a.dir, 'current')
    if os.path.exists(dst):
        shutil.rmtree(dst)
    shutil.copytree(a.base, dst)
    edition_date = edition_date_of(a.base)
    window = int(float(assumption(a.base, 'price_window_days') or 365))
    # rows dated within the window, and never before the clone's launch
    window = max(1, min(window, 300))
    header, gpus = gpu_rows(a.base, a.template_gpu.split(','), a.gpus)
    append_rows(os.path.join(dst, 'gpus.csv'), header, gpus)
    names = [g['name'] for g in gpus]
    header, _ = read_csv(os.path.join(dst, 'prices.csv'))
    append_rows(os.path.join(dst, 'prices.csv'), header,
                price_rows(names, a.prices, edition_date, window))
    header, _ = read_csv(os.path.join(dst, 'benchmarks.csv'))
    append_rows(os.path.join(dst, 'benchmarks.csv'), header,
                benchmark_rows(names, a.benchmarks,
                               day_before(edition_date, 30)))


if __name__ == '__main__':
    main()
