# Sourced by tests/run.sh: the figures of both editions exist in every
# format, and what they say matches the exported numbers.
charts="relative_performance per_dollar_1gpu per_dollar_2gpu per_dollar_4gpu per_dollar_8gpu memory cloud validation power"
for ed in "" "2020-09/"; do
	for c in $charts; do
		svg="$top/out/${ed}charts/$c.svg"
		png="$top/out/${ed}charts/$c.png"
		check "chart ${ed}$c.svg has title and desc" \
			sh -c "grep -q '<title>' '$svg' && grep -q '<desc>' '$svg'"
		# PNG header: width and height are big-endian at bytes 16-23
		check "chart ${ed}$c.png is 1440 px wide (2x)" \
			test "$(od -An -tu1 -j16 -N4 "$png" | awk '{ print $1*16777216 + $2*65536 + $3*256 + $4 }')" = 1440
	done
	# The alt text names the top three one-GPU builds of per_dollar.csv
	# (a used build is labelled "GPU (used)"; price_condition is its
	# condition, found by its header).
	top3=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "price_condition") k = i; next }
		$1 == 1 && $3 <= 3 { printf "%s%s%s", sep, $2, ($k == "used" ? " (used)" : ""); sep = "|" }' "$top/out/${ed}data/per_dollar.csv")
	desc=$(sed -n 's:.*<desc>\(.*\)</desc>.*:\1:p' "$top/out/${ed}charts/per_dollar_1gpu.svg")
	first=$(echo "$top3" | cut -d'|' -f1)
	second=$(echo "$top3" | cut -d'|' -f2)
	third=$(echo "$top3" | cut -d'|' -f3)
	check "per_dollar_1gpu alt text lists the top three in order (${ed:-current})" \
		sh -c "echo '$desc' | grep -q ': $first [0-9.]*, $second [0-9.]*, $third '"
	check "index.html alt text names the top build (${ed:-current})" \
		grep -q "alt=\"[^\"]*$first" "$top/out/${ed}index.html"
done
