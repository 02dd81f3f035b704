# Sourced by tests/run.sh: the shape of gen/ itself.  No two modules
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
