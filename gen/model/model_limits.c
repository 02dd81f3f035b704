/* Model stage: the limits of the assumptions the model and its
 * validation read, checked before anything is computed: an optional key,
 * when present, must be in range, else an input error at its cell.  See
 * model_internal.h. */
#include "model_internal.h"

#include "util.h"

/* An optional assumption, when present, must be a number of at least
 * min (scaling_max_efficiency >= 1: no pair may count as faster than
 * linear; the validation targets > 0). */
static bool optional_at_least(const Edition *e, const char *key, double min,
                              bool strict, GError **error)
{
	const Assumption *a = edition_assumption(e, key);
	if (!a)
		return true;
	if (a->is_number && (strict ? a->number > min : a->number >= min))
		return true;
	char *path = g_build_filename(e->dir, "assumptions.csv", NULL);
	gg_set_input_error(error, path, a->from.line, a->value_col,
	                   "assumption '%s' must be a number %s %g, got '%s'",
	                   key, strict ? "above" : "of at least", min,
	                   a->value);
	g_free(path);
	return false;
}

/* validation_ratios (optional): "A/B;C/D", each a pair of gpus.csv
 * names. */
static bool valid_ratio_pairs(const Edition *e, GError **error)
{
	const Assumption *a = edition_assumption(e, "validation_ratios");
	if (!a)
		return true;
	char **items = g_strsplit(a->value, ";", -1);
	const char *bad = NULL;
	for (char **it = items; *it && !bad; it++) {
		char **two = g_strsplit(*it, "/", 2);
		if (!two[0] || !two[1]
		    || edition_find_gpu(e, g_strstrip(two[0])) < 0
		    || edition_find_gpu(e, g_strstrip(two[1])) < 0)
			bad = *it;
		g_strfreev(two);
	}
	if (bad) {
		char *path = g_build_filename(e->dir, "assumptions.csv", NULL);
		gg_set_input_error(error, path, a->from.line, a->value_col,
		                   "validation_ratios: '%s' is not two gpus.csv "
		                   "names as A/B", bad);
		g_free(path);
	}
	g_strfreev(items);
	return !bad;
}

bool model_valid_limits(const Edition *e, GError **error)
{
	return valid_ratio_pairs(e, error)
	       && optional_at_least(e, "regional_gap_min", 0, false, error)
	       && optional_at_least(e, "scaling_max_efficiency", 1, false, error)
	       && optional_at_least(e, "loo_target_median", 0, true, error)
	       && optional_at_least(e, "loo_target_max", 0, true, error)
	       && optional_at_least(e, "loo_target_ratio", 0, true, error);
}

