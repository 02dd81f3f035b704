[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/sections.sh): per-edition sections of the generated site
# (out/, made by `make` before the tests).  The current edition has its
# own Q&A, precision and what-is-new sections and the LLM section; the
# 2020-09 edition keeps the 2020 Q&A and has no LLM section or tables.
sec_cur="$out_dir/guide.md"
sec_old="$out_dir/2020-09/guide.md"
check "current edition has its own Q&A" grep -q '^## Questions of 2026' "$sec_cur"
check "current edition has no 2020 Q&A" sh -c "! grep -q '^## Questions and misconceptions' '$sec_cur'"
check "2020-09 edition keeps the 2020 Q&A" grep -q '^## Questions and misconceptions' "$sec_old"
check "2020-09 edition has no 2026 Q&A" sh -c "! grep -q '^## Questions of 2026' '$sec_old'"
check "the two editions' Q&A differ" sh -c \
	"! cmp -s '$top/templates/en/editions/current/qa.md' '$top/templates/en/editions/2020-09/qa.md'"
check "current edition has the LLM section" grep -q '^## Large language models' "$sec_cur"
check "current edition shows the LLM memory table" grep -q '^| Model | Use | Precision | Weights' "$sec_cur"
check "current edition exports the LLM tables" sh -c \
	"test -s '$out_dir/data/llm_memory.csv' && test -s '$out_dir/data/llm_fit.csv' && test -s '$out_dir/data/llm_memory_check.csv' && test -s '$out_dir/data/llm_tokens.csv'"
check "2020-09 edition has no LLM section" sh -c "! grep -q 'Large language models' '$sec_old'"
check "2020-09 edition exports no LLM table" sh -c "! ls '$out_dir/2020-09/data/' | grep -q '^llm_'"
check "current edition lists the GPUs added since 2020-09" grep -qF '| RTX 5090 | 2025-01-30 |' "$sec_cur"
check "current edition links the 2020-09 edition" grep -qF '(2020-09/index.html)' "$sec_cur"
check "LLM use case in the recommendations with its computed memory" sh -c \
	"grep -q '^llm_inference_70b_q4,[1-9][0-9]*,transformer,2,' '$out_dir/data/recommendations.csv'"
check "LLM use case has a purchase request" sh -c \
	"grep 'Running a 70B language model' '$sec_cur' | grep -qF 'requests/2x'"
check "zh-CN current edition has its own Q&A" sh -c \
	"'$bin' -q --lang zh-CN --out '$tmp/sec-zh' && grep -q '^## 2026 年的常见问题' '$tmp/sec-zh/guide.md' && grep -q '^## 常见问题与误区' '$tmp/sec-zh/2020-09/guide.md'"
for sec_f in sections/llm.md sections/qa.md editions/2020-09/qa.md editions/current/qa.md editions/current/llm.md; do
	check "zh-CN $sec_f: the placeholders of en's, each as often" sh -c \
		"test -f '$top/templates/zh-CN/$sec_f' && test \"\$(grep -o '{{[^}]*}}' '$top/templates/en/$sec_f' | sort)\" = \"\$(grep -o '{{[^}]*}}' '$top/templates/zh-CN/$sec_f' | sort)\""
done

# "Should I wait?" (issue 31, item 7): the current edition's market
# section in both languages, every claim linked to a dated source; the
# 2020-09 edition, which knows nothing of 2026, has none.
check "current edition answers 'Should I wait?'" grep -q '^## Should I wait?' "$sec_cur"
check "zh-CN current edition answers it too" grep -q '^## 要不要再等等？' "$out_dir/zh-CN/guide.md"
check "2020-09 edition has no 2026 market section" sh -c "! grep -q '^## Should I wait?' '$sec_old'"
check "'Should I wait?': each of its points links a dated https source" python3 - "$sec_cur" <<'PY'
import re, sys
md = open(sys.argv[1], encoding="utf-8").read()
sec = md.split("## Should I wait?", 1)[1].split("\n## ", 1)[0]
points = [l for l in sec.split("\n- ")[1:]]
bad = [p[:60] for p in points if not re.search(r"\]\(https://[^)]+\)", p) or not re.search(r"\d{4}-\d{2}-\d{2}\]", p)]
sys.exit("points without a dated source: %s" % bad if len(points) < 4 or bad else 0)
PY
