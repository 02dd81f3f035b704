[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# A pick rests on a price a buyer can pay (issue 41, item 3): a new price
# counts for a pick only from a dated shop listing, a sold listing or the
# maker's list price of a card still made (prices.csv kind listing, sold,
# list; absent or empty: list for channel list, estimate when the note
# starts with "estimate", else listing).  A new price resting on
# estimates alone is shown, marked "decides no pick", and chooses no
# build.  On copies of the frozen current edition, named current.
pa_data="$tmp/payable-data"
pa_out="$tmp/payable-out"
pa_fresh() {
	rm -rf "$pa_data" "$pa_out" && mkdir -p "$pa_data"
	cp -r "$data_dir/current" "$pa_data/current"
}
# pa_kind GPU KIND: gives prices.csv a kind column, KIND on GPU's new
# shop rows (not its list price)
pa_kind() {
	python3 - "$pa_data/current/prices.csv" "$1" "$2" <<'PY'
import csv, sys
path, gpu, kind = sys.argv[1:]
rows = list(csv.DictReader(open(path, newline="", encoding="utf-8")))
names = list(rows[0].keys())
if "kind" not in names:
    names.insert(names.index("channel") + 1, "kind")
for r in rows:
    r.setdefault("kind", "")
    if r["gpu"] == gpu and r["condition"] == "new" and r["channel"] != "list":
        r["kind"] = kind
with open(path, "w", newline="", encoding="utf-8") as f:
    w = csv.DictWriter(f, names, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
PY
}

# ---- every new pick of the frozen edition rests on a payable row --------
check "payable: every decision bought new rests on a listing, a sold price or a list price of the data" \
	python3 - "$out_dir/data/recommendations.csv" "$data_dir/current/prices.csv" <<'PY'
import csv, sys
recs = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
prices = list(csv.DictReader(open(sys.argv[2], encoding="utf-8")))
def kind(p):
    if p.get("kind"):
        return p["kind"]
    if p["channel"] == "list":
        return "list"
    return "estimate" if p["note"].lower().startswith("estimate") else "listing"
checked = 0
for r in recs:
    if not r["buy"] or r["buy"].endswith("(used)"):
        continue
    gpu = r["buy"].split("x ", 1)[1]
    firm = [p for p in prices if p["gpu"] == gpu and p["condition"] == "new"
            and kind(p) != "estimate" and not p["note"].startswith(("excluded", "deal"))]
    assert firm, "%s buys %s on estimates alone" % (r["use_case"], r["buy"])
    checked += 1
assert checked >= 1, "no new pick to check"
PY
check "payable: an estimate-only new price is shown, marked (en, zh-CN)" \
	sh -c "grep -q 'an estimate with no shop named: decides no pick' '$out_dir/guide.md' \
	    && grep -q '仅为估计，未注明商店：不作为推荐依据' '$out_dir/zh-CN/guide.md'"

# ---- the same price as a shop listing decides again ----------------------
# The RTX 4070 Ti Super's one new price is a blog's parts-table estimate;
# given as a listing it is the better value the frozen data once picked.
pa_fresh
pa_kind "RTX 4070 Ti Super" listing
"$bin" -q --data "$pa_data" --out "$pa_out" >/dev/null 2>&1
check "payable: the RTX 4070 Ti Super is no pick on its estimate, and is one as a listing" \
	sh -c "! grep -q '^learning,.*,1x RTX 4070 Ti Super,' '$out_dir/data/recommendations.csv' \
	    && grep -q '^learning,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,build,1x RTX 4070 Ti Super,' '$pa_out/data/recommendations.csv'"

# ---- the kind column is checked at its cell --------------------------------
pa_fresh
pa_kind "RTX 4070 Ti Super" guess
refused_at_cell "payable: an unknown kind is refused at its cell, exit 1" \
	"$pa_data" "prices.csv:[0-9]*:[0-9]*: .*kind"
pa_fresh
pa_kind "RTX 4070 Ti Super" list
refused_at_cell "payable: kind list on a shop's channel is refused at its cell, exit 1" \
	"$pa_data" "prices.csv:[0-9]*:[0-9]*: kind 'list'"
