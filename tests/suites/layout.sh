[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/layout.sh): the shape of gen/ itself.  No two modules
# include each other in a circle, and the checker does find one when one
# is made.
check "gen/ modules include each other without a circle" \
	python3 "$top/tests/include_graph.py" "$top/gen"
mkdir -p "$tmp/circle"
printf '#include "b.h"\n' >"$tmp/circle/a.c"
printf '#include "c.h"\n' >"$tmp/circle/b.h"
printf '#include "a.h"\n' >"$tmp/circle/c.c"
check "the include checker finds a circle a -> b -> c -> a" \
	sh -c "! python3 '$top/tests/include_graph.py' '$tmp/circle'"

# The call graph of gen/ (tests/call_graph.py): no circle of files that
# use each other, no use of a folder above one's own, at most 10 levels
# of calls from main.c, no file over 600 lines or function over 80, a
# README.md in every folder.
check "gen/ has no circle of files, no call up a folder, at most 10 levels, small files and functions, a README per folder" \
	python3 "$top/tests/call_graph.py" "$top/gen"
# ... and the checker fails each rule when one is broken, on made-up trees
cg_tree() { # cg_tree NAME: a small tree that keeps every rule
	rm -rf "$tmp/cg-$1" && mkdir -p "$tmp/cg-$1/util" "$tmp/cg-$1/data"
	for d in util data; do echo "# $d" >"$tmp/cg-$1/$d/README.md"; done
	printf 'int low(int x);\n' >"$tmp/cg-$1/util/low.h"
	printf '#include "low.h"\nint low(int x)\n{\n\treturn x;\n}\n' >"$tmp/cg-$1/util/low.c"
	printf 'int high(int x);\n' >"$tmp/cg-$1/data/high.h"
	printf '#include "high.h"\nint high(int x)\n{\n\treturn low(x) + 1;\n}\n' >"$tmp/cg-$1/data/high.c"
	printf 'int main(void)\n{\n\treturn high(1);\n}\n' >"$tmp/cg-$1/main.c"
}
cg_tree ok
check "call graph checker: a tree that keeps the rules passes" \
	python3 "$top/tests/call_graph.py" "$tmp/cg-ok"
cg_tree circle
printf '#include "high.h"\nint low(int x)\n{\n\treturn high(x);\n}\n' >"$tmp/cg-circle/util/low.c"
check "call graph checker: finds a circle (and the call up it makes)" \
	sh -c "python3 '$top/tests/call_graph.py' '$tmp/cg-circle' | grep -q '^circle: data/high, util/low'"
cg_tree up
printf 'int other(void);\n' >"$tmp/cg-up/util/other.h"
printf 'int other(void)\n{\n\treturn high(2);\n}\n' >"$tmp/cg-up/util/other.c"
check "call graph checker: finds a call up a folder" \
	sh -c "python3 '$top/tests/call_graph.py' '$tmp/cg-up' | grep -q '^up: util/other uses data/high'"
cg_tree long
awk 'BEGIN { print "int long_file(void);"; for (i = 0; i < 600; i++) print "/* line */" }' >"$tmp/cg-long/util/big.c"
check "call graph checker: finds a file over 600 lines" \
	sh -c "python3 '$top/tests/call_graph.py' '$tmp/cg-long' | grep -q '^size: .*big.c has 601 lines'"
cg_tree fn
awk 'BEGIN { print "int big(void)"; print "{"; for (i = 0; i < 78; i++) print "\t;"; print "\treturn 0;"; print "}" }' >"$tmp/cg-fn/util/fn.c"
check "call graph checker: finds a function over 80 lines" \
	sh -c "python3 '$top/tests/call_graph.py' '$tmp/cg-fn' | grep -q '^size: .*fn.c:1: big has 82 lines'"
cg_tree readme
rm "$tmp/cg-readme/data/README.md"
check "call graph checker: finds a folder without a README.md" \
	sh -c "python3 '$top/tests/call_graph.py' '$tmp/cg-readme' | grep -q '^readme: .*data has no README.md'"
cg_tree deep
for i in 1 2 3 4 5 6 7 8 9 10 11; do
	printf 'int f%d(void)\n{\n\treturn %s;\n}\n' "$i" "$([ "$i" -eq 11 ] && echo 0 || echo "f$((i + 1))()")" >"$tmp/cg-deep/util/f$i.c"
done
printf 'int main(void)\n{\n\treturn f1() + high(1);\n}\n' >"$tmp/cg-deep/main.c"
check "call graph checker: finds more than 10 levels of calls" \
	sh -c "python3 '$top/tests/call_graph.py' '$tmp/cg-deep' | grep -q '^levels: 11 levels'"

# Tests see what users see (issue 43, class 7): a copy of a real edition
# (data/current, the frozen current, 2020-09) keeps its folder's name, so
# the program finds that edition's own templates
# (templates/LANG/editions/NAME/) in the copy as it does in the original.
check "every test's copy of a real edition keeps the edition's name (tests/edition_copies.py)" \
	python3 "$top/tests/edition_copies.py" "$top"/tests/suites/*.sh "$top/tests/lib.sh" "$top"/tests/*.sh "$top"/tests/*.py
mkdir -p "$tmp/ec"
# (the made-up scripts spell cp through %s, so this file holds no copy)
printf 'ed="$tmp/my-ed"\n%s -r "$data_dir/current" "$ed"\n' cp >"$tmp/ec/renamed.sh"
printf '%s -r "$data_dir/2020-09" "$tmp/x/2020-09"\ncase_of() {\n\t%s -r "$2" "$tmp/c-$1"\n}\ncase_of mini "$top/tests/data/mini"\n' cp cp >"$tmp/ec/kept.sh"
printf 'case_of() {\n\t%s -r "$2" "$tmp/c-$1"\n}\ncase_of old "$data_dir/2020-09"\n' cp >"$tmp/ec/param.sh"
check "edition copies checker: finds a copy of data/current under another name" \
	sh -c "python3 '$top/tests/edition_copies.py' '$tmp/ec/renamed.sh' | grep -q 'renamed.sh:2: .*current -> .*my-ed'"
check "edition copies checker: finds one made through a function's parameter" \
	sh -c "python3 '$top/tests/edition_copies.py' '$tmp/ec/param.sh' | grep -q 'param.sh:2: .*2020-09 -> .*/c-'"
check "edition copies checker: a kept name and a synthetic edition pass" \
	python3 "$top/tests/edition_copies.py" "$tmp/ec/kept.sh"
