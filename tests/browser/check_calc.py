#!/usr/bin/env python3
"""The LLM calculator (assets/calc.js) in a browser, against the C program.

Usage: python3 tests/browser/check_calc.py OUTDIR DATADIR [SHOTDIR]

OUTDIR is a generated site, DATADIR the edition it was generated from
(its use_cases.csv names the decode use cases' LLM cases).  The current
edition's page in both languages (index.html, zh-CN/index.html) is opened
in headless Chromium (cdp.py) from disk (file://) and served over HTTP
from a sub-path (/gpuguide/..., as on GitHub Pages), the picker opened,
and in each the calculator must give the C program's figures:
  (a) every row of the guide's memory table (data/llm_memory.csv, and the
      printed guide.md in the page's language): each part and the total,
      equal to the CSV's 3 decimals and to the guide's printed figure;
  (b) every cell of the context table (llm_context.csv: one user at the
      table's, the long and the longest context, the team at two), the
      same, and none beyond the model's window;
  (c) every row of the fit table (llm_fit.csv): for 1, 2, 4 and 8 cards
      the smallest card size the guide prints and the GPUs of that size;
  (d) every decode use case's builds (picker_decode of picker-data.js:
      C's decode tokens/s and range for each build): the same speeds for
      the builds the calculator lists, the use case's buy among them, and
      each one's tokens/s per unit of money: C's speed over the build's
      cost in the page's currency, per 1,000 dollars or euros and per
      10,000 yuan (¥10,000, as the guide counts yuan), under the header
      of that unit;
  (e) the KV cache table worked out by hand from config.json
      (tests/kv_by_hand.csv), chosen from the list, at FP16 and FP8, and
      typed as a config.json pasted into the page (each model's config
      fields, parsed in the page);
  (f) labels for every control, a live region for the result, nothing
      wider than a 375 px screen, and no request to another host.
With SHOTDIR: screenshots of "Llama 3.1 70B, 4-bit, 32k context, 4
users" at 375 and 1280 px in both languages (calc-LANG-WIDTH.png, at
375 px also in screens of 1,200 px: calc-LANG-375-N.png); CALC_SHOTS_ONLY=1
takes them without the checks.
Prints "calc ok: ..." and exits 0, or one line per problem and exits 1.
"""
import base64
import csv
import json
import os
import pathlib
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
PAGES = ("index.html", "zh-CN/index.html")
USE_OF_MODE = {"inference": "one", "lora": "lora", "qlora": "qlora", "full": "full"}
PARTS = ("weights", "kv_cache", "trained", "activations", "overhead", "total")

# config.json fields of the hand-table models (their published config.json,
# cited in tests/kv_by_hand.csv), as a reader would paste them.
CONFIGS = {
    "Llama 3.2 3B": {"num_hidden_layers": 28, "hidden_size": 3072, "num_attention_heads": 24,
                     "num_key_value_heads": 8, "head_dim": 128, "intermediate_size": 8192,
                     "max_position_embeddings": 131072},
    "Llama 3.1 8B": {"num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32,
                     "num_key_value_heads": 8, "intermediate_size": 14336,
                     "max_position_embeddings": 131072},
    "Llama 3.1 70B": {"num_hidden_layers": 80, "hidden_size": 8192, "num_attention_heads": 64,
                      "num_key_value_heads": 8, "intermediate_size": 28672,
                      "max_position_embeddings": 131072},
    "gpt-oss-120b": {"num_hidden_layers": 36, "hidden_size": 2880, "num_attention_heads": 64,
                     "num_key_value_heads": 8, "head_dim": 64, "intermediate_size": 2880,
                     "sliding_window": 128, "num_local_experts": 128, "num_experts_per_tok": 4,
                     "layer_types": ["sliding_attention", "full_attention"] * 18,
                     "max_position_embeddings": 131072},
    "Gemma 3 27B": {"model_type": "gemma3", "text_config": {
        "num_hidden_layers": 62, "hidden_size": 5376, "num_attention_heads": 32,
        "num_key_value_heads": 16, "head_dim": 128, "intermediate_size": 21504,
        "sliding_window": 1024, "sliding_window_pattern": 6, "max_position_embeddings": 131072}},
    "DeepSeek-V3": {"num_hidden_layers": 61, "hidden_size": 7168, "num_attention_heads": 128,
                    "num_key_value_heads": 128, "v_head_dim": 128, "qk_nope_head_dim": 128,
                    "qk_rope_head_dim": 64, "kv_lora_rank": 512, "q_lora_rank": 1536,
                    "intermediate_size": 18432, "n_routed_experts": 256, "num_experts_per_tok": 8,
                    "max_position_embeddings": 163840},
}

HELPERS = r"""
window.__calc = {
  set(o) {
    const f = document.querySelector('form.calc-form');
    if (o.model !== undefined) { f.model.value = o.model; f.model.dispatchEvent(new Event('change')); }
    if (o.use !== undefined) { f.use.value = o.use; f.use.dispatchEvent(new Event('change')); }
    for (const k of ['precision', 'kv', 'context', 'users']) if (o[k] !== undefined) f[k].value = String(o[k]);
    f.dispatchEvent(new Event('input'));
    return this.read();
  },
  paste(config, params, active) {
    const s = document.querySelector('details.calc-shape');
    s.querySelector('textarea').value = config;
    s.querySelector('button').click();
    s.querySelector('[name=params_b]').value = String(params);
    s.querySelector('[name=active_params_b]').value = active ? String(active) : '';
    s.dispatchEvent(new Event('input'));
    return s.querySelector('[role=status]').textContent;
  },
  read() {
    const q = (s) => [...document.querySelectorAll(s)];
    const parts = {}, shown = {};
    for (const r of q('table.calc-parts tbody tr')) {
      parts[r.dataset.part] = +r.dataset.bytes;
      shown[r.dataset.part] = r.cells[1].textContent;
    }
    const fit = {};
    for (const r of q('table.calc-fit tbody tr')) fit[r.dataset.count] = [r.cells[1].textContent, r.dataset.gpus];
    const sec = document.querySelector('section.calc');
    return {parts, shown, fit, live: document.querySelector('.calc-need').textContent,
            rows: (sec.calcRows || []).map((c) => ({id: c.id, all: c.all ? [c.all.together, c.all.low, c.all.high] : null})),
            perHead: (q('table.calc-builds thead th')[(document.querySelector('table.calc-builds [data-per-money]') || {}).cellIndex] || {}).textContent || null,
            perMoney: Object.fromEntries(q('table.calc-builds tbody tr').map((r) => [r.dataset.build, (r.querySelector('[data-per-money]') || {}).textContent]))};
  }
};
"""


def read_csv(path):
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def printed_tables(guide):
    """The guide's LLM memory, fit and context tables as printed (cells)."""
    models = None
    groups = {}
    with open(guide, encoding="utf-8") as f:
        lines = f.readlines()
    for line in lines:
        if not line.startswith("| "):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        groups.setdefault(len(cells), []).append(cells)
    return groups, models


def number(text):
    """A printed figure without its unit and thousands separators."""
    t = text.replace("GB", "").replace(",", "").replace("\u00a0", "").strip()
    return t if t not in ("", "\u2014") else None


def gb3(value, unit):
    return "%.3f" % (value / unit)


def wait_calc(b):
    deadline = time.time() + 20
    while time.time() < deadline:
        if b.eval("(document.querySelector('details.picker') || {}).dataset && document.querySelector('details.picker').dataset.calc") == "ready":
            return True
        time.sleep(0.1)
    return False


class Checker:
    def __init__(self, root, data_dir):
        self.root, self.data_dir = root, data_dir
        self.problems, self.checks = [], 0
        self.memory = read_csv(os.path.join(root, "data", "llm_memory.csv"))
        self.fit = read_csv(os.path.join(root, "data", "llm_fit.csv"))
        self.context = read_csv(os.path.join(root, "data", "llm_context.csv"))
        self.hand = read_csv(os.path.join(TOP, "tests", "kv_by_hand.csv"))
        self.uses = {u["id"]: u for u in read_csv(os.path.join(data_dir, "current", "use_cases.csv"))}

    def expect(self, where, ok, text):
        self.checks += 1
        if not ok:
            self.problems.append("%s: %s" % (where, text))

    def page(self, b, where, page):
        b.eval(HELPERS)
        js = json.loads(b.eval("JSON.stringify(window.gpuguideData.llm.constants)"))
        unit = js["gpu_memory_unit"]
        lang = "zh-CN/" if page.startswith("zh-CN") else ""
        groups, _ = printed_tables(os.path.join(self.root, lang + "guide.md"))
        mem_printed = [r for r in groups.get(9, []) if r[0] in {m["model"] for m in self.memory}]
        fit_printed = [r for r in groups.get(8, []) if r[0] in {m["model"] for m in self.fit}]
        ctx_printed = [r for r in groups.get(7, []) if r[0] in {m["model"] for m in self.context}]
        self.expect(where, len(mem_printed) == len(self.memory) and len(fit_printed) == len(self.fit)
                    and len(ctx_printed) == len(self.context), "the guide's printed LLM tables not found")
        self.memory_rows(b, where, unit, js, mem_printed)
        self.fit_rows(b, where, js, fit_printed)
        self.context_rows(b, where, unit, js, ctx_printed)
        self.decode_rows(b, where, js)
        self.hand_rows(b, where)
        self.page_form(b, where)

    def case(self, b, model, mode, precision, js, context=None, users=None):
        use = USE_OF_MODE[mode]
        return json.loads(b.eval("JSON.stringify(__calc.set(%s))" % json.dumps({
            "model": model, "use": use, "precision": precision if precision in ("fp16", "fp8", "int8", "q4") else "fp16",
            "kv": "fp16", "context": context or js["context"], "users": users or js["batch"]})))

    def memory_rows(self, b, where, unit, js, printed):
        for row, pr in zip(self.memory, printed):
            got = self.case(b, row["model"], row["mode"], row["precision"], js)
            label = "%s %s %s" % (row["model"], row["mode"], row["precision"])
            for i, part in enumerate(PARTS):
                want = row[part + "_gb"]
                have = got["parts"].get(part)
                self.expect(where, (have is None and want == "") or (have is not None and gb3(have, unit) == want),
                            "memory %s %s: page %r, llm_memory.csv %r" % (label, part, have and gb3(have, unit), want))
                shown = number(got["shown"].get(part, ""))
                self.expect(where, shown == number(pr[3 + i]),
                            "memory %s %s: page shows %r, the guide prints %r" % (label, part, shown, pr[3 + i]))

    def fit_rows(self, b, where, js, printed):
        for row, pr in zip(self.fit, printed):
            got = self.case(b, row["model"], row["mode"], row["precision"], js)
            label = "%s %s %s" % (row["model"], row["mode"], row["precision"])
            for i, n in enumerate(("1", "2", "4", "8")):
                size, names = got["fit"].get(n, ["", ""])
                self.expect(where, names == row["gpus_" + n],
                            "fit %s on %s cards: page %r, llm_fit.csv %r" % (label, n, names, row["gpus_" + n]))
                self.expect(where, number(size) == number(pr[4 + i]),
                            "fit %s on %s cards: page %r, the guide prints %r" % (label, n, size, pr[4 + i]))

    def context_rows(self, b, where, unit, js, printed):
        cols = (("one_user_gb", js["context"], js["batch"]), ("long_gb", js["context_long"], js["batch"]),
                ("longest_gb", js["context_longest"], js["batch"]), ("team_gb", js["context"], js["serving_users"]),
                ("team_long_gb", js["context_long"], js["serving_users"]))
        for row, pr in zip(self.context, printed):
            for i, (col, tokens, users) in enumerate(cols):
                got = self.case(b, row["model"], "inference", row["precision"], js, tokens, users)
                total = got["parts"].get("total")
                label = "context %s %s %s" % (row["model"], row["precision"], col)
                if row[col] == "":
                    self.expect(where, "max_context" in row and int(row["max_context"] or 0) < tokens,
                                "%s: empty in llm_context.csv but within the window" % label)
                    continue
                self.expect(where, total is not None and gb3(total, unit) == row[col],
                            "%s: page %r, llm_context.csv %r" % (label, total and gb3(total, unit), row[col]))
                self.expect(where, number(got["shown"].get("total", "")) == number(pr[2 + i]),
                            "%s: page shows %r, the guide prints %r" % (label, got["shown"].get("total"), pr[2 + i]))

    def decode_rows(self, b, where, js):
        decode = json.loads(b.eval("JSON.stringify(window.gpuguideData.picker_decode || {})"))
        recs = {r["use_case"]: r for r in read_csv(os.path.join(self.root, "data", "recommendations.csv"))}
        for uc, builds in decode.items():
            u = self.uses.get(uc)
            if not u or not builds:
                continue
            mode = u["llm_mode"]
            tokens = {"serve": js["context_long"], "long": js["context_longest"]}.get(mode, js["context"])
            users = js["serving_users"] if mode == "serve" else js["batch"]
            got = self.case(b, u["llm_model"], "inference", u["llm_precision"], js, tokens, users)
            rows = {r["id"]: r["all"] for r in got["rows"]}
            both = [k for k in builds if k in rows]
            buy = recs.get(uc, {}).get("buy")
            self.expect(where, both and (not buy or buy in rows),
                        "decode %s: the page lists %d of C's %d builds, buy %r %s" % (uc, len(both), len(builds), buy, "listed" if buy in rows else "missing"))
            for k in both:
                want, have = builds[k], rows[k]
                ok = have and all(abs(h - w) <= 1e-5 * max(1, abs(w)) for h, w in zip(have, want))
                self.expect(where, ok, "decode %s %s: page %r, C %r" % (uc, k, have, want))
            self.per_money(b, where, got, builds, both)

    def per_money(self, b, where, got, builds, both):
        """The per-money column of the listed builds: C's decode speed over
        the build's cost in the page's currency (per 10,000 yuan, else per
        1,000), headed so."""
        page = json.loads(b.eval("""JSON.stringify({cur: (document.getElementById('pk-cur') || {}).value || 'USD',
          lang: document.documentElement.lang, market: window.gpuguideData.market || {},
          fx: Object.fromEntries((window.gpuguideData.assumptions || []).filter((a) => a.key.startsWith('fx_per_usd.')).map((a) => [a.key.slice(11), +a.value])),
          usd: Object.fromEntries((window.gpuguideData.per_dollar || []).map((p) => [p.build, +p.system_cost_usd]))})"""))
        cur, mk = page["cur"], page["market"]
        rate = 1.0 if cur == "USD" else float(mk["fx_per_usd"]) if mk.get("currency") == cur else page["fx"][cur]
        per = 10000 if cur == "CNY" else 1000
        lang = "zh-CN" if page["lang"].startswith("zh") else "en"
        with open(os.path.join(TOP, "templates", lang, "strings.csv"), encoding="utf-8", newline="") as f:
            s = dict(r[:2] for r in csv.reader(f) if len(r) >= 2)
        head = s["calc.col.per_yuan"] if cur == "CNY" else s["calc.col.per_money"].replace("{1}", cur)
        self.expect(where, got["perHead"] == head, "per-money column headed %r, want %r" % (got["perHead"], head))
        listed = [k for k in both if k in got["perMoney"]]  # the first 12 rows
        self.expect(where, listed, "no build of C's in the list's per-money column")
        for k in listed:
            shown = (got["perMoney"].get(k) or "").replace(",", "")
            want = builds[k][0] / page["usd"][k] * per / rate
            ok = shown not in ("", "\u2014") and abs(float(shown) - want) <= 0.005 + 1e-9 * want
            self.expect(where, ok, "%s per %d %s: page %r, C %.4f" % (k, per, cur, shown, want))

    def hand_rows(self, b, where):
        for row in self.hand:
            want = int(row["kv_bytes"])
            for kv, div in (("fp16", 1), ("fp8", 2)):
                got = json.loads(b.eval("JSON.stringify(__calc.set(%s))" % json.dumps({
                    "model": row["model"], "use": "one", "precision": "fp16", "kv": kv,
                    "context": int(row["context"]), "users": 1})))
                have = got["parts"].get("kv_cache")
                self.expect(where, have == want / div, "KV by hand %s at %s tokens, %s: page %r, by hand %r" % (
                    row["model"], row["context"], kv, have, want / div))
            cfg = CONFIGS.get(row["model"])
            if not cfg:
                continue
            msg = b.eval("__calc.paste(%s, 10, 0)" % json.dumps(json.dumps(cfg)))
            got = json.loads(b.eval("JSON.stringify(__calc.set(%s))" % json.dumps({
                "use": "one", "precision": "fp16", "kv": "fp16", "context": int(row["context"]), "users": 1})))
            have = got["parts"].get("kv_cache")
            self.expect(where, have == want, "KV by hand %s from its config.json (%s): page %r, by hand %r" % (
                row["model"], msg, have, want))

    def page_form(self, b, where):
        report = json.loads(b.eval(r"""JSON.stringify((() => {
          const sec = document.querySelector('section.calc');
          const bad = [...sec.querySelectorAll('input, select, textarea')].filter((c) => !c.id || !document.querySelector('label[for="' + c.id + '"]')).map((c) => c.name);
          const live = sec.querySelector('[aria-live]');
          const wide = [...sec.querySelectorAll('*')].filter((e) => { const r = e.getBoundingClientRect(); return r.right > innerWidth + 1 && !e.closest('.tw'); }).map((e) => e.tagName + '.' + e.className);
          const hosts = performance.getEntriesByType('resource').map((r) => r.name).filter((n) => !n.startsWith(location.origin) && !n.startsWith('file:'));
          return {bad, live: !!live && live.textContent.length > 0, wide: wide.slice(0, 5), width: innerWidth, hosts};
        })())"""))
        self.expect(where, not report["bad"], "controls without a label: %s" % report["bad"])
        self.expect(where, report["live"], "no live region with the result")
        self.expect(where, not report["hosts"], "requests to other hosts: %s" % report["hosts"])
        if report["width"] <= 400:
            self.expect(where, not report["wide"], "wider than the %d px screen: %s" % (report["width"], report["wide"]))


def open_calc(b, url, checker, where):
    b.goto(url)
    if not b.eval("!!document.querySelector('details.picker')"):
        checker.expect(where, False, "no picker")
        return False
    b.eval("document.querySelector('details.picker').open = true")
    ok = wait_calc(b)
    checker.expect(where, ok, "the calculator did not load (data-calc %r)" % b.eval(
        "document.querySelector('details.picker').dataset.calc || null"))
    return ok


def screenshots(b, root, shots, checker):
    os.makedirs(shots, exist_ok=True)
    for page in PAGES:
        lang = "zh-CN" if page.startswith("zh") else "en"
        for width in (375, 1280):
            b.viewport(width, 900)
            if not open_calc(b, pathlib.Path(root, page).as_uri(), checker, "%s shot" % page):
                continue
            b.eval(HELPERS)
            b.eval("__calc.set(%s)" % json.dumps({"model": "Llama 3.1 70B", "use": "team", "precision": "q4",
                                                 "kv": "fp16", "context": 32768, "users": 4}) + ", 0")
            b.eval("document.querySelector('section.calc').scrollIntoView()")
            y = b.eval("document.querySelector('section.calc').getBoundingClientRect().top + scrollY")
            h = b.eval("document.querySelector('section.calc').getBoundingClientRect().height")
            shot(b, os.path.join(shots, "calc-%s-%d.png" % (lang, width)), y, width, min(h, 6000))
            # the same in screens of 1,200 px, for a reader's eye
            for i in range(int(min(h, 6000) // 1200) + 1 if width < 600 else 0):
                shot(b, os.path.join(shots, "calc-%s-%d-%d.png" % (lang, width, i + 1)), y + 1200 * i, width, 1200)


def shot(b, path, y, width, height):
    data = b.call("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                  clip={"x": 0, "y": y, "width": width, "height": height, "scale": 1})["data"]
    with open(path, "wb") as f:
        f.write(base64.b64decode(data))


def main():
    if len(sys.argv) not in (3, 4) or not os.path.isdir(sys.argv[1]):
        print("usage: check_calc.py OUTDIR DATADIR [SHOTDIR]", file=sys.stderr)
        return 2
    root = os.path.abspath(sys.argv[1])
    checker = Checker(root, os.path.abspath(sys.argv[2]))
    served = tempfile.mkdtemp(prefix="gg-calc-")
    os.symlink(root, os.path.join(served, "gpuguide"))
    server = cdp.Server(served)
    runs = 0
    try:
        with cdp.Browser(375, 800) as b:
            for page in PAGES:
                if not os.path.isfile(os.path.join(root, page)):
                    continue
                for kind, url in () if os.environ.get("CALC_SHOTS_ONLY") else (("file", pathlib.Path(root, page).as_uri()),
                                  ("http sub-path", server.url("gpuguide/" + page))):
                    where = "%s (%s)" % (page, kind)
                    if open_calc(b, url, checker, where):
                        checker.page(b, where, page)
                        runs += 1
            if len(sys.argv) == 4:
                screenshots(b, root, sys.argv[3], checker)
    finally:
        server.stop()
        os.unlink(os.path.join(served, "gpuguide"))
        os.rmdir(served)
    for p in checker.problems[:60]:
        print("calc: " + p)
    if checker.problems:
        print("calc: %d problems in %d checks" % (len(checker.problems), checker.checks))
        return 1
    print("calc ok: %d page loads (en, zh-CN; file:// and served from a sub-path), %d checks" % (runs, checker.checks))
    return 0


if __name__ == "__main__":
    sys.exit(main())
