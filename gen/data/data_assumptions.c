/* Data stage: the valid values of assumptions.csv (data/README.md,
 * "Numeric assumptions" and the text assumptions below it), checked as
 * each row is read.  See data_internal.h. */
#include "data_internal.h"

#include "util.h"
#include "validate.h"

#include <math.h>
#include <string.h>

/* Valid range of every numeric assumption (data/README.md, "Limits and
 * valid ranges"); a key ending in '.' covers its whole family. */
static const struct {
	const char *key;
	double min, max;
	bool whole;
} ASSUMPTION_RANGES[] = {
    {"smem_bonus_low.", 0, 1, false},   {"smem_bonus_high.", 0, 1, false},
    {"tc_bonus_low.", 0, 1, false},     {"tc_bonus_high.", 0, 1, false},
    {"batch_gain_per_doubling.", 0, 1, false},
    {"speedup_8gpu.", 1, 8, false},
    {"article.debiased.", 0.01, 100, false},
    {"article.relative.", 0.01, 100, false},
    {"pcie_x4_penalty_4gpu_low", 0, 1, false},
    {"pcie_x4_penalty_4gpu_high", 0, 1, false},
    {"pcie4_gain_4gpu_low", 0, 1, false},
    {"pcie4_gain_4gpu_high", 0, 1, false},
    {"cpu_w", 0, 5000, false},          {"system_rest_w", 0, 5000, false},
    {"psu_headroom", 0, 1, false},      {"psu_step_w", 1, 5000, false},
    {"standard_psu_max_w", 100, 100000, false},
    {"utilization", 0.001, 1, false},
    {"utilization_shared_cluster", 0.001, 1, false},
    {"utilization_company_cluster", 0.001, 1, false},
    {"cycles_global", 1, 100000, true}, {"cycles_shared", 1, 100000, true},
    {"cycles_ffma", 1, 100000, true},   {"cycles_tensor", 1, 100000, true},
    {"cycle_example_ops_per_sm", 1, 100000, true},
    {"cycle_example_sms", 1, 100000, true},
    {"electricity_usd_per_kwh", 0, 100, false},
    {"grid_kg_co2_per_kwh", 0, 10, false},
    {"cloud_example_days", 1, 36500, true},
    {"breakeven_example_system_gpus", 1, 8, true},
    {"power_example_gpus", 1, 8, true},
    /* prices and money: a zero here divides (a day window, an exchange
     * rate, a useful life) */
    {"price_window_days", 1, 36500, true},
    {"price_fresh_days", 1, 36500, true},
    {"price_estimates_decide", 0, 1, true},
    {"fx_per_usd.", 0.0001, 1000000, false},
    {"useful_life_years", 0.1, 100, false},
    {"verdict_margin", 0, 1, false},
    {"circuit_w.", 100, 100000, false},
    {"not_serious_psu_w", 1, 100000, false},
    {"price_trend_min_change", 0, 1, false},
    /* the model */
    {"batch_min_valid.", 1, 1000000, false},
    {"batch_saturation.", 1, 1000000, false},
    {"family_fallback_penalty", 0, 1, false},
    {"multi_gpu_rows_scaling_only", 0, 1, true},
    {"archived_edition", 0, 1, true},
    {"pipeline_bound.gap", 1, 100, false},
    {"pipeline_bound.equal_within", 0, 1, false},
    {"cluster_max_gpus", 1, 1000000, true},
    /* the LLM stage (gen/model/llm.c): a zero memory unit, context,
     * batch or bytes per parameter divides or makes every model fit */
    {"llm_bytes_per_param.", 0.01, 64, false},
    {"llm_kv_bytes", 0.01, 64, false},
    {"llm_context", 1, 100000000, true},
    {"llm_context_long", 1, 100000000, true},
    {"llm_context_longest", 1, 100000000, true},
    {"llm_batch", 1, 1000000, true},
    {"llm_serving_users", 1, 1000000, true},
    {"llm_inference_overhead_gb", 0, 4096, false},
    {"llm_adam_bytes_per_param", 0, 256, false},
    {"llm_train_seq", 1, 100000000, true},
    {"llm_train_batch", 1, 1000000, true},
    {"llm_act_checkpoint_bytes", 0, 1000000, false},
    {"llm_act_layer_bytes", 0, 1000000, false},
    {"llm_lora_rank", 1, 100000, true},
    {"llm_train_overhead", 0, 10, false},
    {"llm_tp_overhead", 0, 0.9, false},
    {"llm_gpu_memory_unit", 1, 1099511627776, false},
    {"llm_memory_headroom", 0, 0.9, false},
    {"llm_memory_headroom_train", 0, 0.9, false},
    {"llm_tokens_error_bound", 0.001, 10, false},
    {"llm_hbm_min_bandwidth_gbs", 0, 100000, false},
};

/* Any other assumption that is written as a number (data/README.md:
 * "any other numeric assumption"). */
#define ASSUMPTION_DEFAULT_MAX 1e9

/* Assumptions whose text names one of a fixed set. */
static const char *const TEXT_CHOICES_PRICING[] = {"on-demand", "spot",
                                                   "community", NULL};

/* The text assumptions with a form of their own: a date, an edition
 * folder name, a pricing class.  True when key is one of them (checked
 * here, whatever the result). */
static bool check_text_assumption(Cursor *c, const Assumption *a)
{
	const CsvField *f = dc_cell(c, "value");
	const char *why = NULL;
	if (strcmp(a->key, "edition_date") == 0) {
		if (!gg_is_iso_date(a->value))
			dc_fail(c, f, "edition_date '%s' is not a valid date "
			        "YYYY-MM-DD", a->value);
		else if (strcmp(a->value, gg_today()) > 0)
			dc_fail(c, f, "edition_date %s is in the future (after "
			        "the run's date, SOURCE_DATE_EPOCH or the clock)",
			        a->value);
		return true;
	}
	if (strcmp(a->key, "previous_edition") == 0) {
		if (!gg_edition_name_ok(a->value, &why))
			dc_fail(c, f, "previous_edition '%s': %s", a->value,
			        why);
		return true;
	}
	if (strcmp(a->key, "cloud_example_pricing") == 0) {
		if (!g_strv_contains(TEXT_CHOICES_PRICING, a->value))
			dc_fail(c, f, "cloud_example_pricing '%s' is not one "
			        "of: on-demand, spot, community", a->value);
		return true;
	}
	return false;
}

void dc_check_assumption(Cursor *c, const Assumption *a)
{
	if (check_text_assumption(c, a))
		return;
	for (size_t i = 0; i < G_N_ELEMENTS(ASSUMPTION_RANGES); i++) {
		const char *k = ASSUMPTION_RANGES[i].key;
		bool family = g_str_has_suffix(k, ".");
		if (family ? !g_str_has_prefix(a->key, k)
		           : strcmp(a->key, k) != 0)
			continue;
		double min = ASSUMPTION_RANGES[i].min,
		       max = ASSUMPTION_RANGES[i].max;
		bool whole = ASSUMPTION_RANGES[i].whole;
		if (!a->is_number || a->number < min || a->number > max
		    || (whole && a->number != floor(a->number)))
			dc_fail(c, dc_cell(c, "value"),
			     "%s must be a %s from %g to %g, got '%s'", a->key,
			     whole ? "whole number" : "number", min, max,
			     a->value);
		return;
	}
	/* the model's limits (gen/model/model_limits.c) check these */
	static const char *const model_limits[] = {
	    "regional_gap_min", "scaling_max_efficiency", "loo_target_median",
	    "loo_target_max", "loo_target_ratio", NULL};
	if (g_strv_contains(model_limits, a->key))
		return;
	/* a key without a range of its own: when it is a number at all, a
	 * finite one of at most ASSUMPTION_DEFAULT_MAX and not negative */
	if (a->is_number
	    && (a->number < 0 || a->number > ASSUMPTION_DEFAULT_MAX))
		dc_fail(c, dc_cell(c, "value"),
		        "%s must be a number from 0 to %g, got '%s'", a->key,
		        ASSUMPTION_DEFAULT_MAX, a->value);
}

