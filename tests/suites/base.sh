[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# The base system follows the card, not the other way round (issue 41,
# item 4): a build takes the base system of its GPU count whose price plus
# the parts it needs is lowest among those it fits; a desktop build that
# needs more power than its base system's supply gets the cheapest
# psu-replace part covering the whole need (parts.csv) and the build
# fits; its request lists that part.  On the frozen current edition and
# copies of it, named current.
ba_data="$tmp/base-data"
ba_out="$tmp/base-out"
ba_fresh() {
	rm -rf "$ba_data" "$ba_out" && mkdir -p "$ba_data"
	cp -r "$data_dir/current" "$ba_data/current"
}
# ba_parts EXPR: rewrites parts.csv's psu-replace rows with the Python
# expression EXPR over the list `rows` (each a dict) before writing
ba_parts() {
	python3 - "$ba_data/current/parts.csv" "$1" <<'PY'
import csv, sys
path, expr = sys.argv[1:]
with open(path, newline="", encoding="utf-8") as f:
    rows = list(csv.DictReader(f))
names = list(rows[0].keys())
rows = eval(expr, {"rows": rows})
with open(path, "w", newline="", encoding="utf-8") as f:
    w = csv.DictWriter(f, names, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
PY
}
# ba_base OUT GPU: the base system of the 1-GPU build of GPU in OUT
ba_base() {
	python3 - "$1/data/builds.csv" "$2" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], encoding="utf-8")):
    if r["gpu_count"] == "1" and r["gpu"] == sys.argv[2]:
        print(r["base_system"])
        break
PY
}

# ---- every one-GPU build sits on the cheapest base it fits, parts counted
check "base: every 1-GPU build without a fit problem takes the base system whose price plus the supply it needs is lowest" \
	python3 - "$out_dir/data/builds.csv" "$data_dir/current/systems.csv" \
	    "$data_dir/current/parts.csv" <<'PY'
import csv, sys
builds, systems, parts = (list(csv.DictReader(open(p, encoding="utf-8")))
                          for p in sys.argv[1:])
bases = [s for s in systems if s["gpu_count"] == "1" and not s["takes"]
         and s["kind"] == "desktop"]
replace = [p for p in parts if p["kind"] == "psu-replace"]
assert len(bases) >= 2 and replace, "the frozen edition needs two bases and a replacement supply"
def total(base, need):
    if need <= float(base["psu_w"]):
        return float(base["cost"])
    fits = [float(p["price"]) for p in replace if float(p["watts"]) >= need]
    return float(base["cost"]) + min(fits) if fits else None
checked = moved = 0
for b in builds:
    if b["gpu_count"] != "1" or b["fit_problems"] or "desktop" not in b["base_system"]:
        continue
    need = float(b["psu_w"])
    options = [(t, s["name"]) for s in bases if (t := total(s, need)) is not None]
    best = min(t for t, _ in options)
    chosen = [t for t, name in options if name == b["base_system"]]
    assert chosen and chosen[0] == best, (b["gpu"], b["base_system"], options)
    checked += 1
    moved += need > min(float(s["psu_w"]) for s in bases)
assert checked >= 10 and moved >= 2, (checked, moved)
PY

# ---- the request lists the supply that replaces the base system's own --
ba_request=$(python3 - "$out_dir/data/builds.csv" "$out_dir/data/requests.csv" \
    "$data_dir/current/systems.csv" <<'PY'
import csv, sys
builds, requests, systems = (list(csv.DictReader(open(p, encoding="utf-8")))
                             for p in sys.argv[1:])
psu = {s["name"]: float(s["psu_w"]) for s in systems}
for r in requests:
    n, gpu = r["build"].split("x ", 1)
    gpu = gpu.removesuffix(" (used)")
    for b in builds:
        if (b["gpu_count"], b["gpu"]) == (n, gpu) \
           and float(b["psu_w"]) > psu.get(b["base_system"], 1e9):
            print(r["request"])
            sys.exit(0)
PY
)
if [ -n "$ba_request" ] && pdftotext -layout "$out_dir/$ba_request" "$tmp/request.txt" 2>/dev/null; then
	check "base: the request of a build past its base system's supply lists the replacing supply as a priced line" \
		grep -q "replaces the base system's own" "$tmp/request.txt"
	check "base: that request says why the supply is replaced" \
		grep -q "the base system's own unit is replaced by the" "$tmp/request.txt"
else
	fail "base: no request of the frozen edition buys a build past its base system's supply"
fi

# ---- the rule reads parts.csv: without replacement supplies, or with a
# ---- dear one, the card moves to the larger base system -----------------
# ba_moves WHAT EXPR: on a copy whose parts.csv EXPR rewrites (ba_parts),
# the RTX 3090 Ti build leaves the budget desktop
ba_moves() {
	ba_fresh
	ba_parts "$2"
	if "$bin" -q --data "$ba_data" --out "$ba_out" >/dev/null 2>&1; then
		ba_b=$(ba_base "$ba_out" "RTX 3090 Ti")
		check "base: $1, the RTX 3090 Ti build moves to the base system whose own supply carries it" \
			sh -c "case '$ba_b' in *budget*|'') exit 1;; esac"
	else
		fail "base: the edition is refused ($1)"
	fi
}
ba_moves "without a replacement supply" '[r for r in rows if r["kind"] != "psu-replace"]'
ba_moves "with a replacement supply dearer than the larger base system's difference" \
	'[dict(r, price="5000") if r["kind"] == "psu-replace" else r for r in rows]'
ba_b=$(ba_base "$out_dir" "RTX 3090 Ti")
check "base: on the frozen edition the RTX 3090 Ti keeps the budget desktop" \
	sh -c "case '$ba_b' in *budget*) exit 0;; esac; exit 1"

# ---- a supply no replacement covers stays a second supply and a fit problem
check "base: a 4-GPU desktop build past its supply and every replacement supply keeps its power fit problem" \
	python3 - "$out_dir/data/builds.csv" "$data_dir/current/parts.csv" \
	    "$data_dir/current/systems.csv" <<'PY'
import csv, sys
builds, parts, systems = (list(csv.DictReader(open(p, encoding="utf-8")))
                          for p in sys.argv[1:])
largest = max(float(p["watts"]) for p in parts if p["kind"] == "psu-replace")
own = {s["name"]: float(s["psu_w"]) for s in systems if s["kind"] == "desktop"}
past = [b for b in builds if b["gpu_count"] == "4" and b["base_system"] in own
        and "module" not in b["fit_problems"].split()
        and float(b["psu_w"]) > max(largest, own[b["base_system"]])]
assert past, "no 4-GPU desktop build past its supply and the largest replacement"
assert all("power" in b["fit_problems"].split() for b in past), past[0]
PY

# ---- a kind the README does not list is refused at its cell ------------
ba_fresh
ba_parts '[dict(r, kind="psu-swap") if r["kind"] == "psu-replace" else r for r in rows]'
refused_at_cell "base: an unknown parts.csv kind is refused at its cell" \
	"$ba_data" "parts.csv:[0-9]*:1:"
