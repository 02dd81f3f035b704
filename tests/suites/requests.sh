[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/requests.sh): purchase requests a finance desk accepts
# (issue 32, items 6-9), read from the PDFs of a run without
# GPUGUIDE_FLAGS (the Pages job's --base-url changes the footer; both
# editions; tests/suites/print.sh checks one page on A4 and Letter and
# both languages).

rq_out="$tmp/rq-out"
"$bin" -q --out "$rq_out"

rq_text() { pdftotext -layout "$1" - 2>/dev/null | tr -s ' \n' '  '; }
rq_all="$tmp/rq-all.txt"
: >"$rq_all"
rq_n=0
for rq in "$rq_out"/requests/*.pdf "$rq_out"/2020-09/requests/*.pdf; do
	[ -f "$rq" ] || continue
	rq_n=$((rq_n + 1))
	rq_text "$rq" >>"$rq_all"
	echo >>"$rq_all"
done
check "requests: there are requests to read ($rq_n)" test "$rq_n" -ge 5

# 6. the case for the purchase, never a verdict for renting
check "requests: none concludes with a verdict against the cloud" \
	sh -c "! grep -qiE 'Verdict against the cloud|verdict.{0,20}rent' '$rq_all'"
check "requests: none prints a degenerate figure (0 years, 0 hours, 0%)" \
	sh -c "! grep -qE '(^|[^0-9.,])0 (years|hours)|life of 0|rises 0%' '$rq_all'"
rq_cur="$tmp/rq-4x.txt"
# a multi-GPU request (a 4x build, else an 8x one: a decision to rent
# has none)
rq_4x=$(basename "$(ls "$rq_out"/requests/4x-*.pdf "$rq_out"/requests/8x-*.pdf 2>/dev/null | head -n 1)")
rq_8x=$(basename "$(ls "$rq_out"/requests/8x-*.pdf 2>/dev/null | head -n 1)")
rq_text "$rq_out/requests/$rq_4x" >"$rq_cur"
check "requests: the multi-GPU request states a year of use owned against rented" \
	grep -qE 'Cost per year of use \$[0-9,]+ owned .* against \$[0-9,]+ rented' "$rq_cur"
check "requests: ... and from how many hours a month buying pays back" \
	grep -qE 'When buying pays (from [0-9,]+ hours of use a month|renting is cheaper at the stated [0-9,]+ hours a month; buying pays back within the useful life from [0-9,]+ hours a month\. Expected use: _+ hours a month)' "$rq_cur"
# the stated use is the request's first use case's (use_cases.csv
# utilization, an assumption) share of a month's 730.5 hours
python3 - "$rq_out/data/requests.csv" "$rq_cur" "$rq_4x" "$data_dir/current" >"$tmp/rq-hours.log" 2>&1 <<'PY'
import csv, re, sys
text = open(sys.argv[2], encoding="utf-8").read()
req = [r for r in csv.DictReader(open(sys.argv[1], encoding="utf-8")) if r["request"].endswith(sys.argv[3])][0]
first = req["serves"].split()[0]
util = {r["id"]: r["utilization"] for r in csv.DictReader(open(sys.argv[4] + "/use_cases.csv", encoding="utf-8"))}
share = float({r["key"]: r["value"] for r in csv.DictReader(open(sys.argv[4] + "/assumptions.csv", encoding="utf-8"))}[util[first]])
m = re.search(r"at the stated ([0-9,]+) hours a month", text)
print(first, share)
sys.exit(0 if m and int(m.group(1).replace(",", "")) == round(share * 730.5) else 1)
PY
check "requests: the stated use is its use case's share of a month's 730.5 hours ($(tail -n 1 "$tmp/rq-hours.log"))" test $? -eq 0
check "requests: an edition without a useful life says so instead of a verdict" \
	sh -c "rq_t=\$(pdftotext '$rq_out/2020-09/requests/1x-rtx-3080.pdf' - | tr '\n' ' '); echo \"\$rq_t\" | grep -qF 'states no useful life' && ! echo \"\$rq_t\" | grep -qF 'useful life of 0'"

# 7. what a finance desk needs
for rq_field in "Sales tax or VAT (not included" "Shipping and delivery (not included" "Quote date" "not a vendor quote" "Requester signature" "Approver signature"; do
	check "requests: the multi-GPU request has \"$rq_field\"" grep -qF "$rq_field" "$rq_cur"
done
check "requests: each priced line names its vendor or document with its address's host" \
	grep -qE 'source: [^—]+— [a-z0-9.-]+\.[a-z]+' "$rq_cur"
check "requests: the footer names the guide's file, no relative link (dead in an email)" \
	sh -c "grep -qF 'The guide: guide.pdf' '$rq_cur' && ! grep -aqF '../guide.pdf' '$rq_out/requests/$rq_4x'"
"$bin" -q --base-url https://user.github.io/gpuguide --out "$tmp/rq-base"
check "requests: with --base-url the footer has the guide's absolute address" \
	sh -c "pdftotext '$tmp/rq-base/requests/$rq_4x' - | tr -d '\n' | grep -qF 'https://user.github.io/gpuguide/'"
rm -rf "$tmp/rq-base"

# 8. no price called current when old; each dated; old ones flagged
check "requests: no price is called current" sh -c "! grep -qi 'current prices' '$rq_all'"
rq_now="$tmp/rq-current.txt"
: >"$rq_now"
for rq in "$rq_out"/requests/*.pdf; do rq_text "$rq" >>"$rq_now"; echo >>"$rq_now"; done
check "requests: a price older than the window is flagged (the current edition's requests)" \
	grep -qE 'price of 2026-[0-9-]+: one price; re-check: older than 120 days' "$rq_now"
check "requests: a price inside the window is never flagged, an older one always is (current edition)" python3 - "$rq_now" "$data_dir/current/assumptions.csv" "$out_dir/data/guide.json" <<'PY'
import csv, json, re, sys, datetime as dt
a = {r["key"]: r["value"] for r in csv.DictReader(open(sys.argv[2]))}
edition = dt.date.fromisoformat(json.load(open(sys.argv[3]))["edition_date"])
fresh = float(a["price_fresh_days"])
text = open(sys.argv[1], encoding="utf-8").read()
seen = {"fresh": 0, "old": 0}
for m in re.finditer(r"price of (\d{4}-\d{2}-\d{2})([^;]*);( re-check)?", text):
    age = (edition - dt.date.fromisoformat(m.group(1))).days
    flagged = m.group(3) is not None
    if flagged != (age > fresh):
        sys.exit("price of %s (%d days): flagged %s" % (m.group(1), age, flagged))
    seen["fresh" if age <= fresh else "old"] += 1
sys.exit(0 if seen["fresh"] and seen["old"] else "only %s" % seen)
PY
rm -rf "$rq_out"
