[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/addresses.sh): every address column (url, precision_url, the
# url of avoid.csv and claims.csv) takes only an http(s) address with a
# host, or nothing (issue 28).  A refused address is an error at its cell,
# status 1, and the previous output stays as it was.

addr_out="$tmp/addr-out"
"$bin" -q --data "$top/tests/data/mini" --out "$addr_out"
addr_snapshot() { snapshot "$addr_out"; }
addr_snapshot >"$tmp/addr-before.md5"

# addr_case NAME EDITION FILE COLUMN VALUE: VALUE in FILE's first data
# row must be refused at that cell.
addr_case() {
	addr_ed="$tmp/addr-$1/$(basename "$2")"
	rm -rf "$tmp/addr-$1" && mkdir -p "$tmp/addr-$1" && cp -r "$2" "$addr_ed"
	at=$(python3 "$top/tests/set_cell.py" "$addr_ed/$3" 1 "$4" "$5")
	"$bin" -q --data "$addr_ed" --out "$addr_out" >/dev/null 2>"$tmp/addr-err"
	st=$?
	if [ "$st" -eq 1 ] && grep -q "$3:$at: .*address" "$tmp/addr-err" \
	    && addr_snapshot | cmp -s - "$tmp/addr-before.md5"; then
		pass
	else
		fail "address $1 refused at $3:$at (status $st: $(head -c 200 "$tmp/addr-err"))"
	fi
}
# addr_ok NAME EDITION FILE COLUMN VALUE: VALUE is accepted.
addr_ok() {
	addr_ed="$tmp/addr-$1/$(basename "$2")"
	rm -rf "$tmp/addr-$1" && mkdir -p "$tmp/addr-$1" && cp -r "$2" "$addr_ed"
	python3 "$top/tests/set_cell.py" "$addr_ed/$3" 1 "$4" "$5" >/dev/null
	check "address $1 accepted" "$bin" -q --data "$addr_ed" --out "$tmp/addr-ok"
}

mini="$top/tests/data/mini"
addr_case javascript "$mini" prices.csv url 'javascript:alert(1)'
addr_case data "$mini" prices.csv url 'data:text/html,<script>alert(1)</script>'
addr_case file "$mini" prices.csv url 'file:///etc/passwd'
addr_case no-host "$mini" prices.csv url 'https:///path'
addr_case quote "$mini" prices.csv url 'https://example.org/"onmouseover="x'
addr_case angle "$mini" prices.csv url 'https://example.org/<b>'
addr_case space "$mini" prices.csv url 'https://example.org/a b'
addr_case relative "$mini" prices.csv url '/shop/item'
addr_case gpus "$mini" gpus.csv url 'vbscript:msgbox(1)'
addr_case cloud "$mini" cloud.csv url 'JAVASCRIPT:alert(1)'
ed2020="$data_dir/2020-09"
addr_case avoid "$ed2020" avoid.csv url 'javascript:alert(1)'
addr_case claims "$ed2020" claims.csv url 'data:,x'
addr_ok query "$mini" prices.csv url 'https://shop.example.org/item?id=42#specs'
addr_ok http "$mini" prices.csv url 'http://example.org/'
addr_ok empty "$mini" prices.csv url ''
