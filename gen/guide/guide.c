/* Guide stage: results to template values and tables, assembled from the
 * scalar (guide_scalars.c), chart (guide_charts.c), table
 * (guide_tables.c, guide_tables_buy.c, guide_rules.c), LLM (guide_llm.c), edition
 * (guide_edition.c), archive (guide_archive.c) and advice
 * (guide_advice.c) builders, each called from here.  See guide.h. */
#include "guide.h"

#include "guide_ctx.h"

static void free_table(gpointer t)
{
	table_free(t);
}

Values *guide_values(const Results *results, const Lang *strings,
                     GPtrArray **tables, GError **error)
{
	GError *missing = NULL;
	Ctx c = {results,        results->recs, results->costs,
	         results->perf,  results->edition, strings,
	         &missing};
	const Costs *costs = results->costs;
	format_set_fx(costs->price_model); /* money of this edition's pages */
	Values *v = values_new();
	GPtrArray *list = g_ptr_array_new_with_free_func(free_table);
	guide_add_scalars(&c, v);
	guide_add_charts(&c, v);
	guide_add_model_tables(&c, v, list);
	guide_add_method_tables(&c, v, list);
	guide_add_reference_tables(&c, v, list);
	guide_add_buying_tables(&c, v, list);
	guide_add_cloud_tables(&c, v, list);
	guide_add_price_trends(&c, v, list);
	guide_add_rules_tables(&c, v, list);
	guide_add_short_answer_tables(&c, v, list);
	guide_add_buying_scalars(&c, v);
	guide_add_cloud_scalars(&c, v);
	guide_add_llm(&c, v, list);
	guide_add_edition_tables(&c, v, list);
	guide_add_archive(&c, v, list);
	guide_add_advice(&c, v, list);
	if (missing) {
		g_propagate_error(error, missing);
		g_ptr_array_unref(list);
		values_free(v);
		return NULL;
	}
	if (tables)
		*tables = list;
	else
		g_ptr_array_unref(list);
	return v;
}
