/* The LLM stage on data/current: the memory formula against published
 * figures, the fit table against published out-of-memory results, and
 * the token-generation estimate's leave-one-out error.  Runs from the
 * repository's top folder; GG_LLM_VERBOSE=1 prints every comparison. */
#include "unit.h"

#include <math.h>
#include "csvload.h"
#include "llm.h"

#include <stdlib.h>

static bool verbose(void)
{
	const char *v = getenv("GG_LLM_VERBOSE");
	return v && v[0] == '1';
}

static const LlmModel *model(const Edition *e, const char *name)
{
	long i = edition_find_llm_model(e, name);
	CHECK(i >= 0);
	return i >= 0 ? &e->llm_models[i] : NULL;
}

static const Gpu *gpu(const Edition *e, const char *name)
{
	long i = edition_find_gpu(e, name);
	CHECK(i >= 0);
	return i >= 0 ? &e->gpus[i] : NULL;
}

/* The formula's terms by hand for Llama 3.1 8B (config.json). */
static void formula_terms(const LlmResults *r)
{
	const Edition *e = r->edition;
	const LlmConstants *c = &r->constants;
	const LlmModel *m = model(e, "Llama 3.1 8B");
	if (!m)
		return;
	/* 2 x 32 layers x 8 KV heads x 128 x 2 bytes = 128 KiB a token */
	CHECK_NEAR(llm_kv_cache_bytes(m, 1, 1, c), 131072, 1e-6);
	CHECK_NEAR(llm_kv_cache_bytes(m, 1000, 4, c), 4000 * 131072.0, 1e-3);
	/* rank 16 on q, k, v, o, gate, up, down of 32 layers: PEFT reports
	 * 41,943,040 trainable parameters for this configuration */
	CHECK_NEAR(llm_lora_params(m, c), 41943040, 1e-3);
	CHECK_NEAR(llm_weight_bytes(m, LLM_FP16, c), 16.06e9, 1e3);
	/* full fine-tuning holds 16 bytes a parameter before activations */
	LlmMemory full = llm_memory(m, LLM_MODE_FULL, LLM_FP16, c);
	CHECK_NEAR(full.weights + full.trained, 16 * 8.03e9, 1e3);
	CHECK(full.activations > 0 && full.total > full.weights + full.trained);
	/* the order every buyer expects: QLoRA < LoRA < full */
	double q = llm_memory(m, LLM_MODE_QLORA, LLM_NF4, c).total;
	double l = llm_memory(m, LLM_MODE_LORA, LLM_FP16, c).total;
	CHECK(q < l && l < full.total);
	/* splitting over GPUs loses the stated share on each */
	const Gpu *g = gpu(e, "RTX 4090");
	if (g)
		CHECK_NEAR(llm_capacity_bytes(g, 2, c),
		           2 * 24 * 1073741824.0 * (1 - c->tp_overhead), 1);
}

/* Every published memory figure marked validate=yes within 10%. */
static void memory_validation(const LlmResults *r)
{
	int validated = 0;
	for (size_t i = 0; i < r->n_memory_checks; i++) {
		const LlmMemoryCheck *k = &r->memory_checks[i];
		const LlmMeasurement *x = k->published;
		if (verbose())
			printf("memory %-13s %-8s %-5s ctx %6.0f: published "
			       "%8.3f %-3s ours %8.3f  %+6.1f%%%s\n",
			       r->edition->llm_models[x->model].name,
			       (const char *[]){"weights", "kv_cache", "full",
			                        "lora", "qlora",
			                        "tok/s"}[x->quantity],
			       llm_precision_name(x->precision), x->context,
			       x->value, x->unit,
			       x->value * k->computed_bytes / k->published_bytes,
			       100 * k->error, x->validate ? "" : " (compared)");
		if (!x->validate)
			continue;
		validated++;
		CHECK(fabs(k->error) <= 0.10);
		if (fabs(k->error) > 0.10)
			printf("  %s line %d: ours %.4g vs published %.4g\n",
			       x->from.file, x->from.line, k->computed_bytes,
			       k->published_bytes);
	}
	CHECK(validated >= 5);
}

static int min_gpus(const LlmResults *r, const char *model_name, LlmMode mode,
                    LlmPrecision p, const char *gpu_name)
{
	const LlmCase *k = llm_find_case(r, model_name, mode, p);
	long g = edition_find_gpu(r->edition, gpu_name);
	CHECK(k != NULL && g >= 0);
	if (!k || g < 0)
		return -1;
	return r->fits[(size_t)(k - r->cases) * r->edition->n_gpus + g]
	    .min_gpus;
}

/* The fit table against what the decode measurements could and could not
 * run (GPU-Benchmarks-on-LLM-Inference reports OOM where a model did not
 * fit), and the inference memory at each measurement's context. */
static void fits(const LlmResults *r)
{
	const Edition *e = r->edition;
	const LlmConstants *c = &r->constants;
	/* every measured single-GPU run fits that GPU in our model */
	for (size_t i = 0; i < r->speed.n_checks; i++) {
		const LlmMeasurement *x = r->speed.checks[i].published;
		LlmMemory need = llm_inference_memory(
		    &e->llm_models[x->model], x->precision, x->context, 1, c);
		CHECK(need.total <= llm_capacity_bytes(&e->gpus[x->gpu], 1, c));
	}
	/* OOM in the source: 8B F16 on 8, 10 and 12 GB cards; 70B Q4_K_M
	 * on one 24 GB card; 70B F16 on four 24 GB cards.  It ran 70B
	 * Q4_K_M on two RTX 3090 and one RTX A6000. */
	const LlmModel *m8 = model(e, "Llama 3 8B");
	const LlmModel *m70 = model(e, "Llama 3 70B");
	const Gpu *g3080ti = gpu(e, "RTX 3080 Ti"), *g4090 = gpu(e, "RTX 4090");
	const Gpu *g3090 = gpu(e, "RTX 3090"), *a6000 = gpu(e, "RTX A6000");
	const Gpu *g4080 = gpu(e, "RTX 4080");
	if (!m8 || !m70 || !g3080ti || !g4090 || !g3090 || !a6000 || !g4080)
		return;
	double need8 = llm_inference_memory(m8, LLM_FP16, 512, 1, c).total;
	double need70q = llm_inference_memory(m70, LLM_Q4, 512, 1, c).total;
	double need70f = llm_inference_memory(m70, LLM_FP16, 512, 1, c).total;
	CHECK(need8 > llm_capacity_bytes(g3080ti, 1, c));
	CHECK(need70q > llm_capacity_bytes(g4090, 1, c));
	CHECK(need70f > llm_capacity_bytes(g4090, 4, c));
	CHECK(need70q <= llm_capacity_bytes(g3090, 2, c));
	CHECK(need70q <= llm_capacity_bytes(a6000, 1, c));
	/* RTX 4080: 8B F16 ran at 4096 tokens of context, OOM at 8192 */
	CHECK(llm_inference_memory(m8, LLM_FP16, 4096, 1, c).total
	      <= llm_capacity_bytes(g4080, 1, c));
	CHECK(llm_inference_memory(m8, LLM_FP16, 8192, 1, c).total
	      > llm_capacity_bytes(g4080, 1, c));
	/* the table agrees with the capacity function */
	CHECK(min_gpus(r, "Llama 3.1 70B", LLM_INFERENCE, LLM_Q4, "RTX 3090")
	      == 2);
	CHECK(min_gpus(r, "Llama 3.1 70B", LLM_INFERENCE, LLM_FP16,
	               "H100 SXM") == 2);
	CHECK(min_gpus(r, "Llama 3.1 8B", LLM_INFERENCE, LLM_FP16,
	               "RTX 4090") == 1);
	CHECK(min_gpus(r, "Llama 3.1 70B", LLM_MODE_FULL, LLM_FP16,
	               "RTX 4090") == 0);
	CHECK(llm_mode_from_name("qlora") == LLM_MODE_QLORA);
	CHECK(llm_mode_from_name("training") == -1);
	CHECK(llm_precision_from_name("q4_k_m") == LLM_Q4_K_M);
	CHECK(llm_precision_from_name("int4") == -1);
	/* use-case memory per GPU: a 2-GPU build needs half, plus the split
	 * overhead */
	const LlmCase *k = llm_find_case(r, "Llama 3.1 70B", LLM_INFERENCE,
	                                 LLM_Q4);
	if (k)
		CHECK_NEAR(llm_min_memory_gb(k, 2, c) * 2 * (1 - c->tp_overhead)
		               * (1 - c->memory_headroom) * c->gpu_memory_unit,
		           k->memory.total, 1);
}

/* Measurements marked validate=no stay out of the fit: the fitted
 * counts leave them out, their estimate is the full fit's, and at least
 * one is a Blackwell card (the check of the estimate on a generation the
 * fit never saw). */
static void held_out(const LlmResults *r)
{
	const LlmSpeedModel *s = &r->speed;
	const Edition *e = r->edition;
	size_t fitted = 0, held = 0, blackwell = 0;
	double sum = 0;
	for (size_t i = 0; i < s->n_checks; i++) {
		const LlmSpeedCheck *k = &s->checks[i];
		CHECK(k->held_out == !k->published->validate);
		if (!k->held_out) {
			fitted++;
			continue;
		}
		held++;
		const Gpu *g = &e->gpus[k->published->gpu];
		blackwell += strcmp(g->architecture, "Blackwell") == 0;
		CHECK_NEAR(k->predicted_loo, k->predicted, 1e-9);
		CHECK_NEAR(k->error_loo,
		           k->predicted / k->published->value - 1, 1e-12);
		sum += fabs(k->error_loo);
	}
	CHECK(s->n_points[LLM_MEMORY_GDDR] + s->n_points[LLM_MEMORY_HBM]
	      == fitted);
	CHECK(held == s->n_held_out && held >= 1 && blackwell >= 1);
	if (held)
		CHECK_NEAR(s->mean_abs_error_held_out, sum / (double)held,
		           1e-12);
}

/* Token generation: fitted efficiencies are physical (0 < e <= 1), and
 * the leave-one-out error stays under the stated bound. */
static void speed(const LlmResults *r)
{
	const LlmSpeedModel *s = &r->speed;
	CHECK(s->n_checks >= 10);
	for (int kind = 0; kind < LLM_MEMORY_KIND_COUNT; kind++) {
		CHECK(s->n_points[kind] >= 3);
		CHECK(s->efficiency[kind] > 0 && s->efficiency[kind] <= 1);
	}
	for (size_t i = 0; verbose() && i < s->n_checks; i++) {
		const LlmSpeedCheck *k = &s->checks[i];
		const LlmMeasurement *x = k->published;
		printf("speed %-14s %-11s %-4s measured %7.2f model %7.2f "
		       "loo %7.2f %+6.1f%%\n",
		       r->edition->gpus[x->gpu].name,
		       r->edition->llm_models[x->model].name,
		       llm_precision_name(x->precision), x->value,
		       k->predicted, k->predicted_loo, 100 * k->error_loo);
	}
	if (verbose())
		printf("speed: efficiency gddr %.3f hbm %.3f; LOO mean |error| "
		       "%.1f%%, max %.1f%%\n",
		       s->efficiency[LLM_MEMORY_GDDR],
		       s->efficiency[LLM_MEMORY_HBM],
		       100 * s->mean_abs_error_loo,
		       100 * s->max_abs_error_loo);
	CHECK(s->mean_abs_error_loo > 0);
	CHECK(s->mean_abs_error_loo <= r->constants.tokens_error_bound);
	held_out(r);
	/* the estimate follows bandwidth: an RTX 5090 beats an RTX 4090 at
	 * the same model, in proportion */
	const Edition *e = r->edition;
	const LlmModel *m = model(e, "Llama 3.1 8B");
	const Gpu *a = gpu(e, "RTX 5090"), *b = gpu(e, "RTX 4090");
	if (m && a && b)
		CHECK_NEAR(llm_tokens_per_s(r, m, LLM_Q4, a, 512)
		               / llm_tokens_per_s(r, m, LLM_Q4, b, 512),
		           a->bandwidth_gbs / b->bandwidth_gbs, 1e-9);
	/* a mixture of experts reads its active parameters per token, not
	 * all it holds: the same bandwidth budget as the dense model */
	const LlmModel *moe = model(e, "gpt-oss-120b");
	const LlmConstants *c = &r->constants;
	CHECK(moe && moe->active_params_b > 0
	      && moe->active_params_b < moe->params_b);
	if (m && a && moe) {
		double budget = llm_tokens_per_s(r, m, LLM_Q4, a, 512)
		                * (llm_weight_bytes(m, LLM_Q4, c)
		                   + llm_kv_cache_bytes(m, 512, 1, c));
		double read = llm_weight_bytes(moe, LLM_Q4, c)
		                  * moe->active_params_b / moe->params_b
		              + llm_kv_cache_bytes(moe, 512, 1, c);
		CHECK_NEAR(llm_tokens_per_s(r, moe, LLM_Q4, a, 512),
		           budget / read, 1e-6 * budget / read);
	}
}

static void table_shape(const LlmResults *r)
{
	/* seven cases per model of a size class; one fit row per case and
	 * GPU */
	size_t classes = 0;
	for (size_t i = 0; i < r->edition->n_llm_models; i++)
		classes += *r->edition->llm_models[i].size_class != 0;
	CHECK(classes == 7);
	CHECK(r->n_cases == classes * 7);
	CHECK(r->n_fits == r->n_cases * r->edition->n_gpus);
	for (size_t i = 0; verbose() && i < r->n_cases; i++) {
		const LlmCase *k = &r->cases[i];
		printf("case %-13s %-9s %-4s weights %6.1f kv %5.2f trained "
		       "%6.1f act %5.2f over %5.2f total %6.1f GB\n",
		       k->model->name, llm_mode_name(k->mode),
		       llm_precision_name(k->precision),
		       k->memory.weights / 1e9, k->memory.kv_cache / 1e9,
		       k->memory.trained / 1e9, k->memory.activations / 1e9,
		       k->memory.overhead / 1e9, k->memory.total / 1e9);
	}
}

/* An edition without the LLM files (2020-09) gets empty tables. */
static void optional_files(void)
{
	GError *error = NULL;
	Edition *e = edition_load(FROZEN_DATA "/2020-09", &error);
	CHECK(e != NULL);
	if (!e) {
		g_clear_error(&error);
		return;
	}
	CHECK(e->n_llm_models == 0 && e->n_llm_measurements == 0);
	LlmResults *r = llm_run(e, &error);
	CHECK(r != NULL && r->n_cases == 0 && r->n_fits == 0);
	llm_results_free(r);
	edition_free(e);
}

/* One unit and a stated headroom (issue 31): a need and a card are
 * compared in the card's unit (gpus.csv's binary GB), with the stated
 * share of the card kept free; the fit table's "need" is in that unit;
 * the smallest build that holds a case really holds it and the one below
 * does not.  The guide's old reading put a 42.9 GB need (decimal) in a
 * 40 GB card with nothing to spare. */
static void units_and_headroom(const LlmResults *r)
{
	const Edition *e = r->edition;
	const LlmConstants *c = &r->constants;
	CHECK(c->memory_headroom >= 0.05 && c->memory_headroom < 0.5);
	CHECK_NEAR(c->gpu_memory_unit, 1073741824.0, 0.5);
	static const int counts[] = {1, 2, 4, 8};
	size_t checked = 0;
	bool same_unit = true, holds = true, spared = true, below = true;
	for (size_t i = 0; i < r->n_fits; i++) {
		const LlmFit *f = &r->fits[i];
		const Gpu *g = &e->gpus[f->gpu];
		double need = r->cases[f->case_index].memory.total;
		LlmMode mode = r->cases[f->case_index].mode;
		same_unit &= fabs(f->need_gb * c->gpu_memory_unit - need) < 1;
		if (f->min_gpus <= 0)
			continue;
		checked++;
		holds &= need <= llm_usable_bytes(g, f->min_gpus, mode, c);
		spared &= mode != LLM_INFERENCE
		          || llm_usable_bytes(g, f->min_gpus, mode, c)
		                 < llm_capacity_bytes(g, f->min_gpus, c);
		for (size_t n = 0; n < 4 && counts[n] < f->min_gpus; n++)
			below &= need > llm_usable_bytes(g, counts[n], mode,
			                                 c);
	}
	CHECK(checked > 0);
	CHECK(same_unit);
	CHECK(holds);
	CHECK(spared);
	CHECK(below);
	/* a need just under a card's raw size does not fit it */
	const Gpu *a100 = gpu(e, "A100 40GB PCIe");
	if (!a100)
		a100 = gpu(e, "A100 PCIe");
	if (a100) {
		double raw = a100->memory_gb * c->gpu_memory_unit;
		CHECK(0.99 * raw > llm_usable_bytes(a100, 1, LLM_INFERENCE,
		                                    c));
	}
	/* fine-tuning keeps the training framework's headroom, not the
	 * serving one: QLoRA of a 70B model (about 44 GB, Unsloth's least
	 * 41 GB) fits a 48 GB card */
	CHECK(c->memory_headroom_train < c->memory_headroom);
	CHECK(llm_headroom(LLM_MODE_QLORA, c) == c->memory_headroom_train);
	CHECK(llm_headroom(LLM_INFERENCE, c) == c->memory_headroom);
	const LlmCase *q = llm_find_case(r, "Llama 3.1 70B", LLM_MODE_QLORA,
	                                 LLM_NF4);
	const Gpu *a6000 = gpu(e, "RTX A6000");
	CHECK(q && a6000);
	if (q && a6000) {
		CHECK(q->memory.total <= llm_usable_bytes(a6000, 1, q->mode, c));
		CHECK(q->memory.total > llm_usable_bytes(a6000, 1, LLM_INFERENCE,
		                                         c));
		CHECK(llm_min_memory_gb(q, 1, c) <= 48);
	}
}

/* The KV cache of tests/kv_by_hand.csv, worked out by hand from each
 * model's config.json (grouped-query attention, sliding-window layers,
 * latent attention), against llm_kv_cache_bytes; the page's calculator
 * is checked against the same table (tests/browser/check_calc.py).  At
 * FP8 each element is one byte: half the bytes. */
static void kv_by_hand(const LlmResults *r)
{
	GError *error = NULL;
	CsvTable *t = csv_table_load("tests/kv_by_hand.csv", &error);
	CHECK(t != NULL);
	if (!t) {
		printf("  %s\n", error->message);
		g_clear_error(&error);
		return;
	}
	int name = csv_table_column(t, "model");
	int context = csv_table_column(t, "context");
	int bytes = csv_table_column(t, "kv_bytes");
	CHECK(name >= 0 && context >= 0 && bytes >= 0 && t->n_rows >= 5);
	for (size_t i = 0; name >= 0 && context >= 0 && bytes >= 0
	                   && i < t->n_rows; i++) {
		const CsvRow *row = &t->rows[i];
		const LlmModel *m = model(r->edition, row->fields[name].text);
		double tokens = g_ascii_strtod(row->fields[context].text, NULL);
		double want = g_ascii_strtod(row->fields[bytes].text, NULL);
		if (!m)
			continue;
		double got = llm_kv_cache_bytes(m, tokens, 1, &r->constants);
		if (verbose() || got != want)
			printf("kv by hand %-14s %8.0f tokens: %.0f, ours %.0f\n",
			       m->name, tokens, want, got);
		CHECK(got == want);
		CHECK(llm_kv_cache_bytes_at(
		          m, tokens, 1,
		          llm_kv_element_bytes(LLM_FP8, &r->constants))
		      == want / 2);
		/* four users keep four caches */
		CHECK(llm_kv_cache_bytes(m, tokens, 4, &r->constants)
		      == 4 * want);
	}
	csv_table_free(t);
}

void test_llm(void)
{
	GError *error = NULL;
	Edition *e = edition_load(FROZEN_DATA "/current", &error);
	CHECK(e != NULL);
	if (!e) {
		printf("  %s\n", error->message);
		g_clear_error(&error);
		return;
	}
	LlmResults *r = llm_run(e, &error);
	CHECK(r != NULL);
	if (r) {
		formula_terms(r);
		kv_by_hand(r);
		memory_validation(r);
		fits(r);
		units_and_headroom(r);
		speed(r);
		table_shape(r);
	} else {
		printf("  %s\n", error->message);
		g_clear_error(&error);
	}
	llm_results_free(r);
	edition_free(e);
	optional_files();
}
