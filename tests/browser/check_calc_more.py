#!/usr/bin/env python3
"""The LLM calculator (assets/calc.js) where nothing in the guide holds the
model, and with the keyboard only.

Usage: python3 tests/browser/check_calc_more.py OUTDIR DATA SMALLOUT SMALLDATA

OUTDIR is the site of DATA, the frozen current edition, SMALLOUT the site of SMALLDATA, a copy
of the frozen current edition without the prices of the cards of more
than 32 GB (tests/suites/calc.sh makes it), so that the guide's builds
stop at 8 x 32 GB and the largest unified-memory machine, while the cloud
offers of cloud.csv still reach 8 x 192 GB.  In headless Chromium (cdp.py):
  (a) SMALLOUT's page, en and zh-CN: every model of llm_models.csv in
      every use and precision; the test works out, apart from calc.js,
      the memory of each inference case (weights, llm_kv.py's KV cache,
      overhead: equal to the page's total), whether a build or machine of
      the picker data holds it, and else the smallest cloud offer (least
      memory, then cheapest, the first of equals) that does; when nothing
      local holds it the page must name exactly that offer, its hourly
      price and the price's date (calc.cloud, calc.price_of), or say
      calc.nothing when no offer does either, and list no builds; when
      something holds it, no cloud sentence.  At least one case of each
      kind, and DeepSeek-V3 full fine-tuning must be calc.nothing.
  (b) OUTDIR's page (en): the picker opened with Enter on its summary,
      the model select reached with Tab; from it, Tab visits use,
      precision, KV cache, context, users and the shape's summary in that
      order, and (the shape opened with Enter) every field of the shape,
      the config.json box and its button; every one has an accessible
      name.  ArrowDown on the model, ArrowDown on the use and typing on
      the precision (key events only) each change the live region's text
      to the new case's figure (worked out here).
Prints "calc-more ok: ..." and exits 0, or one line per problem and exits 1.
"""
import csv
import json
import os
import pathlib
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cdp  # noqa: E402
from check_calc import HELPERS, open_calc, read_csv, wait_calc  # noqa: E402
from llm_kv import kv_bytes  # noqa: E402

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
PAGES = ("index.html", "zh-CN/index.html")
INFER = ("one", "team", "long")
TRAIN = ("lora", "qlora", "full")
PRECISIONS = ("fp16", "fp8", "int8", "q4")


class Checker:
    def __init__(self):
        self.problems, self.checks = [], 0

    def expect(self, where, ok, text):
        self.checks += 1
        if not ok:
            self.problems.append("%s: %s" % (where, text))
        return ok


def strings(lang):
    with open(os.path.join(TOP, "templates", lang, "strings.csv"), encoding="utf-8", newline="") as f:
        return {r[0]: r[1] for r in csv.reader(f) if len(r) >= 2}


def fill(text, a, b):
    return text.replace("{1}", str(a)).replace("{2}", str(b))


def build_name(s, count, gpu):
    return fill(s["format.build_name"], count, gpu)


class Data:
    """What the page computes with (its exported data), read in Python."""

    def __init__(self, b, data_dir):
        self.D = json.loads(b.eval("JSON.stringify(window.gpuguideData)"))
        L = self.D["llm"]
        self.C, self.bpp, self.kvb = L["constants"], L["bytes_per_param"], L["kv_element_bytes"]
        self.mem = {g["name"]: g["memory_gb"] for g in L["gpus"]}
        self.models = {m["name"]: m for m in read_csv(os.path.join(data_dir, "llm_models.csv"))}

    def context_users(self, use):
        C = self.C
        return ({"long": C["context_longest"], "team": C["context_long"]}.get(use, C["context"]),
                C["serving_users"] if use == "team" else C["batch"])

    def inference(self, model, use, p):
        """llm.c's inference memory, from llm_models.csv and llm_kv.py."""
        m = self.models[model]
        tokens, users = self.context_users(use)
        return (float(m["params_b"]) * 1e9 * self.bpp[p] + kv_bytes(m, tokens, self.kvb["fp16"]) * users
                + self.C["inference_overhead"])

    def usable(self, gb, n, train):
        C = self.C
        return n * gb * C["gpu_memory_unit"] * (1 - C["tp_overhead"] if n > 1 else 1) * (
            1 - (C["memory_headroom_train"] if train else C["memory_headroom"]))

    def local(self, need, train):
        D, C = self.D, self.C
        server = set(D.get("picker_server_only") or [])
        builds = [b["build"] for b in D.get("per_dollar") or [] if b["build"] not in server and b["gpu"] in self.mem
                  and need <= self.usable(self.mem[b["gpu"]], int(b["gpu_count"]), train)]
        head = C["memory_headroom_train"] if train else C["memory_headroom"]
        machines = [k["machine"] for k in D.get("machines") or []
                    if need <= k["usable_gb"] * C["gpu_memory_unit"] * (1 - head)]
        return builds + machines

    def cloud(self, need, train):
        best = None
        for o in self.D.get("cloud_offers") or []:
            price = [(k, o.get(k + "_per_hour_usd") or 0) for k in ("on_demand", "community", "spot")]
            price = [x for x in price if x[1] > 0]
            n = int(o["gpu_count"])
            if o["gpu"] not in self.mem or not price or need > self.usable(self.mem[o["gpu"]], n, train):
                continue
            c = (n * self.mem[o["gpu"]], price[0][1], o, o[price[0][0] + "_date"])
            if best is None or c[0] < best[0] or (c[0] == best[0] and c[1] < best[1]):
                best = c
        return best


def fallback(b, url, data_dir, ck, page):
    where = "fallback %s" % page
    if not open_calc(b, url, ck, where):
        return {}
    b.eval(HELPERS)
    lang = "zh-CN" if page.startswith("zh") else "en"
    s, data = strings(lang), Data(b, data_dir)
    kinds = {"held": 0, "cloud": 0, "nothing": 0}
    # the page's currency (the picker's choice) at the edition's rate
    cur = b.eval("(document.getElementById('pk-cur') || {}).value || 'USD'")
    # a market's edition (data.market) prices in its currency at its rate
    mk = data.D.get("market") or {}
    rate = (1.0 if cur == "USD" else float(mk["fx_per_usd"]) if mk.get("currency") == cur
            else float([a["value"] for a in data.D["assumptions"] if a["key"] == "fx_per_usd." + cur][0]))
    for model in data.models:
        for use in INFER + TRAIN:
            for p in ("fp16",) if use in ("qlora", "full") else PRECISIONS:
                tokens, users = data.context_users(use)
                got = json.loads(b.eval("JSON.stringify(Object.assign(__calc.set(%s), {cloudp: [...document.querySelectorAll('p.calc-cloud')].map((e) => e.textContent), builds: document.querySelectorAll('table.calc-builds').length, total: +document.querySelector('.calc-need').dataset.total}))" % json.dumps(
                    {"model": model, "use": use, "precision": p, "kv": "fp16", "context": tokens, "users": users})))
                label = "%s, %s, %s" % (model, use, p)
                need = got["total"]
                train = use in TRAIN
                if not train:
                    want = data.inference(model, use, p)
                    ck.expect(where, abs(need - want) <= 1e-9 * want, "%s: page needs %r bytes, worked out %r" % (label, need, want))
                if data.local(need, train):
                    kinds["held"] += 1
                    ck.expect(where, not got["cloudp"] and got["builds"] == 1,
                              "%s: held by the guide's builds, but the page says %r" % (label, got["cloudp"]))
                    continue
                c = data.cloud(need, train)
                if c is None:
                    kinds["nothing"] += 1
                    text = s["calc.nothing"]
                else:
                    kinds["cloud"] += 1
                    money = b.eval("new Intl.NumberFormat(%s, {style: 'currency', currency: %s, minimumFractionDigits: 2}).format(%r)" % (
                        json.dumps(lang), json.dumps(cur), c[1] * rate))
                    text = fill(s["calc.cloud"], c[2]["provider"] + ", " + build_name(s, c[2]["gpu_count"], c[2]["gpu"]), money) + " " + fill(s["calc.price_of"], c[3], "")
                ck.expect(where, got["builds"] == 0 and got["cloudp"] and got["cloudp"][0].endswith(" " + text)
                          and got["live"] == got["cloudp"][0],
                          "%s: nothing local holds %.1f GiB; want %r, the page says %r" % (label, need / 2 ** 30, text, got["cloudp"] or got["live"]))
                if model == "DeepSeek-V3" and use == "full":
                    ck.expect(where, c is None, "DeepSeek-V3 full fine-tuning: a cloud offer holds it (%r)" % (c and c[2]))
    # each page holds some models and some nothing holds; a cloud offer
    # is the answer only where the page's market rents one larger than
    # every local build (the US offers; zh-CN's domestic ones are single
    # cards), so that kind is required over both pages (main)
    ck.expect(where, kinds["held"] and kinds["nothing"], "not every kind of case met: %r" % kinds)
    return kinds


KEY = {"Tab": 9, "Enter": 13, "ArrowDown": 40}


def press(b, key, shift=False):
    code = KEY.get(key)
    if code is None:  # a printable character
        b.call("Input.dispatchKeyEvent", type="keyDown", key=key, text=key, unmodifiedText=key,
               code="Key" + key.upper(), windowsVirtualKeyCode=ord(key.upper()))
        b.call("Input.dispatchKeyEvent", type="keyUp", key=key, code="Key" + key.upper(), windowsVirtualKeyCode=ord(key.upper()))
        return
    b.call("Input.dispatchKeyEvent", type="rawKeyDown", key=key, code=key, windowsVirtualKeyCode=code,
           modifiers=8 if shift else 0, **({"text": "\r"} if key == "Enter" else {}))
    if key == "Enter":
        b.call("Input.dispatchKeyEvent", type="char", key=key, text="\r", windowsVirtualKeyCode=code)
    b.call("Input.dispatchKeyEvent", type="keyUp", key=key, code=key, windowsVirtualKeyCode=code)


FOCUSED = r"""(() => {
  const e = document.activeElement;
  if (!e || e === document.body) return {id: '', name: ''};
  let name = e.getAttribute('aria-label') || '';
  if (!name && e.labels && e.labels.length) name = e.labels[0].textContent;
  if (!name && /^(BUTTON|SUMMARY|A)$/.test(e.tagName)) name = e.textContent;
  const id = e.id || (e.tagName === 'SUMMARY' ? 'summary:' + (e.parentElement.className || '') : e.tagName.toLowerCase() + ':' + (e.name || e.className));
  return {id, name: name.trim(), value: e.value === undefined ? null : e.value};
})()"""


def focused(b):
    return b.eval(FOCUSED)


def live(b):
    return b.eval("(() => { const e = document.querySelector('section.calc [aria-live=polite][role=status]'); return e ? [e.textContent, +e.dataset.total] : ['', 0]; })()")


def wait_live(b, before):
    deadline = time.time() + 3
    while time.time() < deadline:
        now = live(b)
        if now[0] != before[0]:
            return now
        time.sleep(0.05)
    return live(b)


def keyboard(b, url, data_dir, ck):
    where = "keyboard"
    b.viewport(1280, 900)
    b.goto(url)
    b.eval("document.querySelector('details.picker > summary').focus()")
    press(b, "Enter")
    ck.expect(where, wait_calc(b), "Enter on the picker's summary did not open the calculator")
    order = []
    for _ in range(200):
        press(b, "Tab")
        f = focused(b)
        if f["id"] == "calc-model":
            break
        order.append(f["id"])
    ck.expect(where, f["id"] == "calc-model", "Tab from the picker's opening never reached the model (%d stops: %s)" % (len(order), order[-5:]))
    if f["id"] != "calc-model":
        return 0
    seen = [f]
    for _ in range(6):
        press(b, "Tab")
        seen.append(focused(b))
    want = ["calc-model", "calc-use", "calc-precision", "calc-kv", "calc-context", "calc-users", "summary:calc-shape"]
    ck.expect(where, [x["id"] for x in seen] == want, "Tab order from the model: %r, want %r" % ([x["id"] for x in seen], want))
    press(b, "Enter")  # open the shape
    ck.expect(where, b.eval("document.querySelector('details.calc-shape').open"), "Enter did not open the shape")
    shape = b.eval("[...document.querySelectorAll('details.calc-shape input, details.calc-shape textarea, details.calc-shape button')].map((e) => e.id || 'button:')")
    for _ in shape:
        press(b, "Tab")
        seen.append(focused(b))
    ck.expect(where, [x["id"] for x in seen[7:]] == shape, "Tab order in the shape: %r, want %r" % ([x["id"] for x in seen[7:]], shape))
    for x in seen:
        ck.expect(where, x["name"], "%s has no accessible name" % x["id"])
    # back to the model, then change model, use and precision by keys
    b.eval("document.getElementById('calc-model').focus()")
    data = Data(b, data_dir)
    steps = (("calc-model", "ArrowDown"), ("calc-use", "ArrowDown"), ("calc-precision", None))
    s = strings("en")
    for i, (cid, key) in enumerate(steps):
        if i:
            press(b, "Tab")
        f = focused(b)
        ck.expect(where, f["id"] == cid, "Tab reached %r, want %r" % (f["id"], cid))
        before = live(b)
        if key:
            press(b, key)
        else:  # type the first letter of INT8's label
            press(b, s["calc.precision.int8"][0].lower())
        now = wait_live(b, before)
        state = b.eval("(() => { const f = document.querySelector('form.calc-form'); return [f.model.value, f.use.value, f.precision.value]; })()")
        want_state = (b.eval("window.gpuguideData.llm.models[1].name"), "team", "int8")[i]
        ck.expect(where, state[i] == want_state, "%s after %s: the form holds %r, want %r" % (cid, key or "typing", state, want_state))
        want = data.inference(state[0], state[1], state[2])
        figure = "{:,.1f}".format(want / data.C["gpu_memory_unit"])
        ck.expect(where, now[0] != before[0] and now[0].startswith(fill(s["calc.need"], figure, "")[:len("Needs " + figure + " GB")]),
                  "%s by keys (%r): the live region says %r (was %r), want %s GB" % (cid, state, now[0], before[0], figure))
    return len(seen)


def main():
    if len(sys.argv) != 5:
        print("usage: check_calc_more.py OUTDIR DATA SMALLOUT SMALLDATA", file=sys.stderr)
        return 2
    out, data_dir, small, small_data = (os.path.abspath(a) for a in sys.argv[1:])
    ck = Checker()
    kinds = {}
    with cdp.Browser(1280, 900) as b:
        for page in PAGES:
            for k, v in fallback(b, pathlib.Path(small, page).as_uri(), small_data, ck, page).items():
                kinds[k] = kinds.get(k, 0) + v
        ck.expect("fallback", kinds.get("cloud", 0) > 0, "no page answered with a cloud offer: %r" % kinds)
        stops = keyboard(b, pathlib.Path(out, "index.html").as_uri(), data_dir, ck)
    for p in ck.problems[:40]:
        print("calc-more: " + p)
    if ck.problems:
        print("calc-more: %d problems in %d checks" % (len(ck.problems), ck.checks))
        return 1
    print("calc-more ok: %d checks; cases %s (en, zh-CN); %d controls by Tab" % (
        ck.checks, ", ".join("%s %d" % kv for kv in sorted(kinds.items())), stops))
    return 0


if __name__ == "__main__":
    sys.exit(main())
