[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Expected output on frozen inputs (make regress): every fixture of
# tests/regress/ generates the guide.md, data/*.csv and request texts of
# its expected/ folder, byte for byte; each file is one check.
sh "$top/tests/regress/run.sh" "$real_bin" "$tmp" >"$tmp/regress.txt" 2>&1
grep '^FAIL' "$tmp/regress.txt" | head -20
rg_p=$(sed -n 's/^regress: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$tmp/regress.txt")
rg_f=$(sed -n 's/^regress: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$tmp/regress.txt")
if [ -z "$rg_p" ]; then
	fail "regress did not finish"
	tail -5 "$tmp/regress.txt"
else
	passed=$((passed + rg_p)); failed=$((failed + rg_f))
fi
