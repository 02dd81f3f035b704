/* Private to the guide stage: the Markdown cell helpers every builder
 * shares.  See guide_internal.h. */
#include "guide_internal.h"

static char *escaped(char *plain)
{
	char *md = md_escape(plain);
	g_free(plain);
	return md;
}

char *guide_md_money(const Ctx *c, double v)
{
	return escaped(format_money(c->s, v));
}

char *guide_md_price(const Ctx *c, double v)
{
	return escaped(format_price(c->s, v));
}

char *guide_md_percent(const Ctx *c, double fraction, int decimals)
{
	return escaped(format_percent(c->s, fraction, decimals));
}

char *guide_gigabytes(const Ctx *c, double v)
{
	return format_with_unit(c->s, v, 0, "unit.gb");
}

char *guide_gpu_md(const Ctx *c, size_t g)
{
	return md_escape(c->e->gpus[g].name);
}

char *guide_build_md(const Ctx *c, const Build *b)
{
	if (!b)
		return g_strdup("\xE2\x80\x94"); /* em dash */
	return escaped(format_build_name(c->s, c->e, b));
}

const char *guide_kind_text(const Ctx *c, PerfKind k)
{
	return S(c, k == PERF_MEASURED   ? "kind.measured"
	            : k == PERF_DEBIASED ? "kind.debiased"
	                                 : "kind.modelled");
}

size_t guide_builds_of_size(const Ctx *c, int n, Workload w,
                            const Build **out)
{
	size_t m = 0;
	for (size_t i = 0; i < c->costs->n_builds; i++)
		if (c->costs->builds[i].gpu_count == n)
			out[m++] = &c->costs->builds[i];
	/* insertion sort by rank: small lists, stable, no globals */
	for (size_t i = 1; i < m; i++)
		for (size_t j = i; j > 0 && out[j]->rank[w] < out[j - 1]->rank[w];
		     j--) {
			const Build *t = out[j];
			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	return m;
}
