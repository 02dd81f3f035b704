[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Rent or buy, decided honestly (issue 41, item 6): each decision's build
# is weighed against the cheapest on-demand offer of its own GPU (else the
# nearest in speed) at the use case's stated use (use_cases.csv
# utilization, an assumption key, refused at its cell when it names
# none); where renting is cheaper at that use the decision is to rent,
# with the offer and the hours from which buying pays, and no purchase
# request is written, so no request argues for renting.
# On copies of the frozen current edition, named current.
rb_data="$tmp/rent-data"
rb_out="$tmp/rent-out"
rb_fresh() {
	rm -rf "$rb_data" "$rb_out" && mkdir -p "$rb_data"
	cp -r "$data_dir/current" "$rb_data/current"
}

check "rent: the rent-or-buy table and the decisions agree: rent exactly where buying pays back only above the stated hours" \
	python3 - "$out_dir/data/rent_or_buy.csv" "$out_dir/data/recommendations.csv" <<'PY'
import csv, sys
rb = {r["use_case"]: r for r in csv.DictReader(open(sys.argv[1], encoding="utf-8"))}
recs = {r["use_case"]: r for r in csv.DictReader(open(sys.argv[2], encoding="utf-8"))}
assert rb, "no rent-or-buy rows"
for u, r in rb.items():
    pay = float(r["payback_life_hours"]) if r["payback_life_hours"] else float("inf")
    rent = pay > float(r["stated_hours"])
    assert (r["decision"] == "rent") == rent, (u, r["decision"], pay, r["stated_hours"])
    assert (recs[u]["decision"] == "rent") == rent, u
    if rent:
        assert recs[u]["buy"] == "" and recs[u]["rent_instance"] and recs[u]["rent_instead_of"] == r["build"], recs[u]
    if r["own_gpu_offers"]:
        lo, hi = float(r["own_gpu_low_per_gpu_hour_usd"]), float(r["own_gpu_high_per_gpu_hour_usd"])
        assert 0 < lo <= hi, r
PY
check "rent: no purchase request argues for renting (every request's use pays back), en" \
	sh -c "for f in '$out_dir'/requests/*.pdf; do pdftotext \"\$f\" - | tr '\n' ' ' | grep -q 'renting is cheaper at the stated' && exit 1; done; exit 0"
check "rent: a rent decision reads as renting in the short answer, both languages" \
	sh -c "grep -q '^| Rent ' '$out_dir/guide.md' && grep -q '^| 租用 ' '$out_dir/zh-CN/guide.md'"

# the utilization cell names an assumption
rb_fresh
row=$(python3 -c "
import csv; rows=list(csv.reader(open('$rb_data/current/use_cases.csv', encoding='utf-8')))
print([r[0] for r in rows].index('cluster_node'))")
at=$(python3 "$top/tests/set_cell.py" "$rb_data/current/use_cases.csv" "$row" utilization utilisation_lab)
refused_at_cell "rent: a utilization naming no utilization assumption is refused at its cell, exit 1" \
	"$rb_data" "use_cases.csv:$at: utilization"

# A cheaper on-demand offer of the node's own GPU becomes its comparison
# and, at a price no purchase beats, turns its decision into renting.
rb_fresh
printf '%s\n' 'TestCloud,A100 80GB PCIe (test),A100 80GB PCIe,1,0.20,USD,on-demand,gpuguide test offer,https://example.org/test-offer,2026-11-01,a constructed offer' >>"$rb_data/current/cloud.csv"
"$real_bin" -q --data "$rb_data" --out "$rb_out" >"$tmp/rent.err" 2>&1
check "rent: the cheapest own-GPU offer is the comparison, and renting takes the decision; no request for it" \
	python3 - "$rb_out/data/rent_or_buy.csv" "$rb_out/data/recommendations.csv" "$rb_out/data/requests.csv" <<'PY'
import csv, sys
rb = {r["use_case"]: r for r in csv.DictReader(open(sys.argv[1], encoding="utf-8"))}
rec = {r["use_case"]: r for r in csv.DictReader(open(sys.argv[2], encoding="utf-8"))}
reqs = list(csv.DictReader(open(sys.argv[3], encoding="utf-8")))
node = rb["cluster_node"]
assert node["instance"] == "A100 80GB PCIe (test)", node["instance"]
assert float(node["own_gpu_low_per_gpu_hour_usd"]) == 0.2, node
assert rec["cluster_node"]["decision"] == "rent", rec["cluster_node"]
assert not any("cluster_node" in r["serves"].split() for r in reqs)
PY
check "rent: the renting decision is one decision everywhere" \
	python3 "$top/tests/decisions.py" "$rb_out"
rm -rf "$rb_data" "$rb_out"
