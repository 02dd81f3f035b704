/* Guide stage: results to template values, assembled from the scalar
 * (guide_scalars.c), chart (guide_charts.c) and table (guide_tables.c)
 * builders.  See guide.h. */
#include "guide.h"

#include "guide_internal.h"


Values *guide_values(const Recommendations *recs, const Lang *strings,
                     GError **error)
{
	const Costs *costs = recs->costs;
	GError *missing = NULL;
	Ctx c = {recs, costs, costs->perf, costs->perf->edition, strings,
	         &missing};
	Values *v = values_new();
	guide_add_scalars(&c, v);
	guide_add_charts(&c, v);
	guide_add_tables(&c, v);
	if (missing) {
		g_propagate_error(error, missing);
		values_free(v);
		return NULL;
	}
	return v;
}
