/* LLM stage: memory of inference and fine-tuning from a model's published
 * configuration, the GPU builds that hold it, and a bandwidth model of
 * token generation fitted to published measurements.  See llm.h. */
#include "llm.h"

#include "util.h"

#include <math.h>
#include <string.h>

#define BYTES_PER_GB LLM_BYTES_PER_GB
#define BYTES_PER_GIB 1073741824.0

static const char *const MODE_NAMES[] = {"inference", "lora", "qlora",
                                         "full"};
static const int GPU_COUNTS[] = {1, 2, 4, 8};

/* ---- constants ------------------------------------------------------ */

static bool read_constant(const Edition *e, const char *key, double *value,
                          GError **error)
{
	const Assumption *a = edition_assumption(e, key);
	if (a && a->is_number) {
		*value = a->number;
		return true;
	}
	char *path = g_build_filename(e->dir, "assumptions.csv", NULL);
	if (a)
		gg_set_input_error(error, path, a->from.line, a->value_col,
		                   "assumption '%s' must be a number, got '%s'",
		                   key, a->value);
	else
		gg_set_input_error(error, path, 0, 0,
		                   "missing assumption '%s' (needed by the LLM "
		                   "tables)", key);
	g_free(path);
	return false;
}

bool llm_constants_load(const Edition *e, LlmConstants *c, GError **error)
{
	const struct {
		const char *key;
		double *value;
	} keys[] = {
	    {"llm_kv_bytes", &c->kv_bytes},
	    {"llm_context", &c->context},
	    {"llm_batch", &c->batch},
	    {"llm_context_long", &c->context_long},
	    {"llm_context_longest", &c->context_longest},
	    {"llm_serving_users", &c->serving_users},
	    {"llm_inference_overhead_gb", &c->inference_overhead},
	    {"llm_adam_bytes_per_param", &c->adam_bytes},
	    {"llm_train_seq", &c->train_seq},
	    {"llm_train_batch", &c->train_batch},
	    {"llm_act_checkpoint_bytes", &c->act_checkpoint_bytes},
	    {"llm_act_layer_bytes", &c->act_layer_bytes},
	    {"llm_lora_rank", &c->lora_rank},
	    {"llm_train_overhead", &c->train_overhead},
	    {"llm_tp_overhead", &c->tp_overhead},
	    {"llm_gpu_memory_unit", &c->gpu_memory_unit},
	    {"llm_memory_headroom", &c->memory_headroom},
	    {"llm_memory_headroom_train", &c->memory_headroom_train},
	    {"llm_tokens_error_bound", &c->tokens_error_bound},
	    {"llm_hbm_min_bandwidth_gbs", &c->hbm_min_bandwidth_gbs},
	};
	memset(c, 0, sizeof *c);
	for (size_t i = 0; i < G_N_ELEMENTS(keys); i++)
		if (!read_constant(e, keys[i].key, keys[i].value, error))
			return false;
	for (int p = 0; p < LLM_PRECISION_COUNT; p++) {
		char *key = g_strdup_printf("llm_bytes_per_param.%s",
		                            llm_precision_name((LlmPrecision)p));
		bool ok = read_constant(e, key, &c->bytes_per_param[p], error);
		g_free(key);
		if (!ok)
			return false;
	}
	c->inference_overhead *= BYTES_PER_GB;
	return true;
}

/* ---- memory --------------------------------------------------------- */

double llm_weight_bytes(const LlmModel *m, LlmPrecision p,
                        const LlmConstants *c)
{
	return m->params_b * 1e9 * c->bytes_per_param[p];
}

double llm_kv_elements_per_token(const LlmModel *m)
{
	/* latent attention: one compressed vector; else a key and a value
	 * per KV head and head dimension */
	return m->kv_latent_dim > 0 ? (double)m->kv_latent_dim
	                            : 2.0 * m->kv_heads * m->head_dim;
}

double llm_kv_cached_tokens(const LlmModel *m, double tokens)
{
	/* a sliding-window layer keeps the last sliding_window tokens */
	double window = m->sliding_layers > 0 ? fmin(tokens, m->sliding_window)
	                                      : tokens;
	return (m->layers - m->sliding_layers) * tokens
	       + m->sliding_layers * window;
}

double llm_kv_element_bytes(LlmPrecision kv, const LlmConstants *c)
{
	return kv == LLM_FP8 ? c->bytes_per_param[LLM_FP8] : c->kv_bytes;
}

double llm_kv_cache_bytes_at(const LlmModel *m, double tokens, double batch,
                             double element_bytes)
{
	return llm_kv_elements_per_token(m) * llm_kv_cached_tokens(m, tokens)
	       * batch * element_bytes;
}

double llm_kv_cache_bytes(const LlmModel *m, double tokens, double batch,
                          const LlmConstants *c)
{
	return llm_kv_cache_bytes_at(m, tokens, batch, c->kv_bytes);
}

double llm_lora_params(const LlmModel *m, const LlmConstants *c)
{
	/* an adapter of rank r on a d_in x d_out matrix has r (d_in + d_out)
	 * parameters; Llama and Qwen layers have q, k, v, o and the three
	 * MLP projections */
	double h = m->hidden, q = (double)m->heads * m->head_dim;
	double kv = (double)m->kv_heads * m->head_dim, f = m->intermediate;
	double per_layer = (h + q) + 2 * (h + kv) + (q + h) + 3 * (h + f);
	return c->lora_rank * per_layer * m->layers;
}

/* Activations kept in fine-tuning with full gradient checkpointing: every
 * layer's input plus the one layer being recomputed. */
static double training_activation_bytes(const LlmModel *m,
                                        const LlmConstants *c)
{
	double tokens_x_hidden = c->train_seq * c->train_batch * m->hidden;
	return tokens_x_hidden
	       * (m->layers * c->act_checkpoint_bytes + c->act_layer_bytes);
}

LlmMemory llm_inference_memory(const LlmModel *m, LlmPrecision p,
                               double tokens, double batch,
                               const LlmConstants *c)
{
	return llm_inference_memory_kv(m, p, LLM_FP16, tokens, batch, c);
}

LlmMemory llm_inference_memory_kv(const LlmModel *m, LlmPrecision p,
                                  LlmPrecision kv, double tokens,
                                  double batch, const LlmConstants *c)
{
	LlmMemory x = {0};
	x.weights = llm_weight_bytes(m, p, c);
	x.kv_cache = llm_kv_cache_bytes_at(m, tokens, batch,
	                                   llm_kv_element_bytes(kv, c));
	x.overhead = c->inference_overhead;
	x.total = x.weights + x.kv_cache + x.overhead;
	return x;
}

LlmMemory llm_memory(const LlmModel *m, LlmMode mode, LlmPrecision p,
                     const LlmConstants *c)
{
	LlmMemory x = {0};
	switch (mode) {
	case LLM_INFERENCE:
		return llm_inference_memory(m, p, c->context, c->batch, c);
	case LLM_MODE_LORA:
	case LLM_MODE_QLORA:
		x.weights = llm_weight_bytes(
		    m, mode == LLM_MODE_QLORA ? LLM_NF4 : p, c);
		x.trained = llm_lora_params(m, c) * c->adam_bytes;
		x.activations = training_activation_bytes(m, c);
		break;
	case LLM_MODE_FULL:
	case LLM_MODE_COUNT:
		/* adam_bytes includes the 16-bit weights themselves */
		x.weights = llm_weight_bytes(m, LLM_FP16, c);
		x.trained = m->params_b * 1e9 * c->adam_bytes - x.weights;
		x.activations = training_activation_bytes(m, c);
		break;
	}
	double sum = x.weights + x.trained + x.activations;
	x.overhead = c->train_overhead * sum;
	x.total = sum + x.overhead;
	return x;
}

static double split_factor(int count, const LlmConstants *c)
{
	return count > 1 ? 1 - c->tp_overhead : 1;
}

double llm_capacity_bytes(const Gpu *g, int count, const LlmConstants *c)
{
	return count * g->memory_gb * c->gpu_memory_unit
	       * split_factor(count, c);
}

double llm_headroom(LlmMode mode, const LlmConstants *c)
{
	return mode == LLM_INFERENCE ? c->memory_headroom
	                             : c->memory_headroom_train;
}

double llm_usable_bytes(const Gpu *g, int count, LlmMode mode,
                        const LlmConstants *c)
{
	return llm_capacity_bytes(g, count, c) * (1 - llm_headroom(mode, c));
}

double llm_min_memory_gb(const LlmCase *k, int gpu_count,
                         const LlmConstants *c)
{
	return k->memory.total / gpu_count / split_factor(gpu_count, c)
	       / (1 - llm_headroom(k->mode, c)) / c->gpu_memory_unit;
}

/* ---- the tables ----------------------------------------------------- */

static void add_case(GArray *cases, const LlmModel *m, LlmMode mode,
                     LlmPrecision p, const LlmConstants *c)
{
	LlmCase k = {m, mode, p, llm_memory(m, mode, p, c), c->context,
	             c->batch};
	g_array_append_val(cases, k);
}

/* Every model with a size class, in file order: inference at FP16, FP8,
 * INT8 and 4-bit, then LoRA, QLoRA and full fine-tuning. */
static void build_cases(LlmResults *r)
{
	static const LlmPrecision inference[] = {LLM_FP16, LLM_FP8, LLM_INT8,
	                                         LLM_Q4};
	const Edition *e = r->edition;
	const LlmConstants *c = &r->constants;
	GArray *cases = g_array_new(FALSE, TRUE, sizeof(LlmCase));
	for (size_t i = 0; i < e->n_llm_models; i++) {
		const LlmModel *m = &e->llm_models[i];
		if (!m->size_class[0])
			continue;
		for (size_t p = 0; p < G_N_ELEMENTS(inference); p++)
			add_case(cases, m, LLM_INFERENCE, inference[p], c);
		add_case(cases, m, LLM_MODE_LORA, LLM_FP16, c);
		add_case(cases, m, LLM_MODE_QLORA, LLM_NF4, c);
		add_case(cases, m, LLM_MODE_FULL, LLM_FP16, c);
	}
	r->n_cases = cases->len;
	r->cases = (LlmCase *)g_array_free(cases, FALSE);
}

static void build_fits(LlmResults *r)
{
	const Edition *e = r->edition;
	r->n_fits = r->n_cases * e->n_gpus;
	r->fits = g_new0(LlmFit, r->n_fits + 1);
	for (size_t k = 0; k < r->n_cases; k++)
		for (size_t g = 0; g < e->n_gpus; g++) {
			LlmFit *f = &r->fits[k * e->n_gpus + g];
			f->case_index = k;
			f->gpu = g;
			/* in the unit the cards are sized in */
			f->need_gb = r->cases[k].memory.total
			             / r->constants.gpu_memory_unit;
			for (size_t n = 0; n < G_N_ELEMENTS(GPU_COUNTS); n++)
				if (r->cases[k].memory.total
				    <= llm_usable_bytes(&e->gpus[g],
				                        GPU_COUNTS[n],
				                        r->cases[k].mode,
				                        &r->constants)) {
					f->min_gpus = GPU_COUNTS[n];
					break;
				}
		}
}

/* Our figure for what a published memory row measured, bytes. */
static double computed_memory(const LlmMeasurement *x, const LlmModel *m,
                              const LlmConstants *c)
{
	switch (x->quantity) {
	case LLM_WEIGHTS:
		return llm_weight_bytes(m, x->precision, c);
	case LLM_KV_CACHE:
		return llm_kv_cache_bytes(m, x->context, 1, c);
	case LLM_FULL:
		return llm_memory(m, LLM_MODE_FULL, x->precision, c).total;
	case LLM_LORA:
		return llm_memory(m, LLM_MODE_LORA, x->precision, c).total;
	case LLM_QLORA:
		return llm_memory(m, LLM_MODE_QLORA, x->precision, c).total;
	case LLM_TOKENS_PER_S:
		break;
	}
	return 0;
}

static void build_memory_checks(LlmResults *r)
{
	const Edition *e = r->edition;
	r->memory_checks = g_new0(LlmMemoryCheck, e->n_llm_measurements + 1);
	for (size_t i = 0; i < e->n_llm_measurements; i++) {
		const LlmMeasurement *x = &e->llm_measurements[i];
		if (x->quantity == LLM_TOKENS_PER_S)
			continue;
		LlmMemoryCheck *k = &r->memory_checks[r->n_memory_checks++];
		k->published = x;
		k->published_bytes =
		    x->value * (strcmp(x->unit, "GiB") == 0 ? BYTES_PER_GIB
		                                            : BYTES_PER_GB);
		k->computed_bytes = computed_memory(
		    x, &e->llm_models[x->model], &r->constants);
		k->error = k->computed_bytes / k->published_bytes - 1;
	}
}

/* ---- token generation ----------------------------------------------- */

LlmMemoryKind llm_memory_kind(const Gpu *g, const LlmConstants *c)
{
	return g->segment == SEGMENT_DATACENTER
	               && g->bandwidth_gbs >= c->hbm_min_bandwidth_gbs
	           ? LLM_MEMORY_HBM
	           : LLM_MEMORY_GDDR;
}

/* Decode reads every weight a token uses (a mixture of experts: its
 * active parameters only) and the whole KV cache once per token. */
double llm_step_bytes(const LlmModel *m, LlmPrecision p, LlmPrecision kv,
                      double tokens, double users, const LlmConstants *c)
{
	double read = m->active_params_b > 0 ? m->active_params_b / m->params_b
	                                     : 1;
	double one = llm_kv_cache_bytes_at(m, tokens, 1,
	                                   llm_kv_element_bytes(kv, c));
	return llm_weight_bytes(m, p, c) * read + one + (users - 1) * one;
}

double llm_bytes_per_token(const LlmModel *m, LlmPrecision p, double tokens,
                           const LlmConstants *c)
{
	return llm_step_bytes(m, p, LLM_FP16, tokens, 1, c);
}

/* log(measured / (bandwidth / bytes)): the log efficiency of one point */
static double log_efficiency(const LlmSpeedCheck *k, const Gpu *g)
{
	double bound = g->bandwidth_gbs * BYTES_PER_GB / k->bytes_per_token;
	return log(k->published->value / bound);
}

/* The least-squares efficiency in log space (the geometric mean ratio)
 * over the fitted points of one kind (held-out points never count),
 * leaving out point skip (or none: -1).
 * Falls back to all kinds when the kind has no other point; 0 when no
 * point is left at all. */
static double fit_efficiency(const LlmResults *r, LlmMemoryKind kind,
                             long skip)
{
	const Edition *e = r->edition;
	const LlmSpeedModel *s = &r->speed;
	for (int pooled = 0; pooled < 2; pooled++) {
		double sum = 0;
		size_t n = 0;
		for (size_t i = 0; i < s->n_checks; i++) {
			const Gpu *g = &e->gpus[s->checks[i].published->gpu];
			if ((long)i == skip || s->checks[i].held_out
			    || (!pooled
			        && llm_memory_kind(g, &r->constants) != kind))
				continue;
			sum += log_efficiency(&s->checks[i], g);
			n++;
		}
		if (n)
			return exp(sum / (double)n);
	}
	return 0;
}

static void build_speed_model(LlmResults *r)
{
	const Edition *e = r->edition;
	const LlmConstants *c = &r->constants;
	LlmSpeedModel *s = &r->speed;
	s->checks = g_new0(LlmSpeedCheck, e->n_llm_measurements + 1);
	for (size_t i = 0; i < e->n_llm_measurements; i++) {
		const LlmMeasurement *x = &e->llm_measurements[i];
		if (x->quantity != LLM_TOKENS_PER_S)
			continue;
		LlmSpeedCheck *k = &s->checks[s->n_checks++];
		k->published = x;
		k->bytes_per_token = llm_bytes_per_token(
		    &e->llm_models[x->model], x->precision, x->context, c);
		k->held_out = !x->validate;
		if (!k->held_out)
			s->n_points[llm_memory_kind(&e->gpus[x->gpu], c)]++;
	}
	for (int kind = 0; kind < LLM_MEMORY_KIND_COUNT; kind++)
		s->efficiency[kind] = fit_efficiency(r, (LlmMemoryKind)kind, -1);
	size_t n_loo = 0;
	double sum_abs = 0, sum_held = 0;
	for (size_t i = 0; i < s->n_checks; i++) {
		LlmSpeedCheck *k = &s->checks[i];
		const Gpu *g = &e->gpus[k->published->gpu];
		LlmMemoryKind kind = llm_memory_kind(g, c);
		double bound = g->bandwidth_gbs * BYTES_PER_GB
		               / k->bytes_per_token;
		k->predicted = s->efficiency[kind] * bound;
		k->predicted_loo = k->held_out
		                       ? k->predicted
		                       : fit_efficiency(r, kind, (long)i) * bound;
		if (k->predicted_loo <= 0)
			continue;
		k->error_loo = k->predicted_loo / k->published->value - 1;
		double err = fabs(k->error_loo);
		if (k->held_out) {
			sum_held += err;
			s->max_abs_error_held_out =
			    fmax(s->max_abs_error_held_out, err);
			s->n_held_out++;
			continue;
		}
		sum_abs += err;
		s->max_abs_error_loo = fmax(s->max_abs_error_loo, err);
		n_loo++;
	}
	s->mean_abs_error_loo = n_loo ? sum_abs / (double)n_loo : 0;
	s->mean_abs_error_held_out =
	    s->n_held_out ? sum_held / (double)s->n_held_out : 0;
}

double llm_tokens_per_s(const LlmResults *r, const LlmModel *m,
                        LlmPrecision p, const Gpu *g, double tokens)
{
	const LlmConstants *c = &r->constants;
	double eff = r->speed.efficiency[llm_memory_kind(g, c)];
	return eff * g->bandwidth_gbs * BYTES_PER_GB
	       / llm_bytes_per_token(m, p, tokens, c);
}

double llm_decode_bound(const LlmModel *m, LlmPrecision p,
                        double bandwidth_gbs, double tokens,
                        const LlmConstants *c)
{
	return bandwidth_gbs * BYTES_PER_GB / llm_bytes_per_token(m, p, tokens, c);
}

/* ---- the machines' decode model (used in llm_decode.c) ---------- */

/* log(measured / bound) of one machine run */
static double machine_log_efficiency(const LlmResults *r,
                                     const MachineMeasurement *x)
{
	const Edition *e = r->edition;
	double bound = llm_decode_bound(&e->llm_models[x->model], x->precision,
	                                e->machines[x->machine].bandwidth_gbs,
	                                x->context, &r->constants);
	return log(x->value / bound);
}

/* The machines' efficiency (geometric mean of measured over bound),
 * leaving out run skip (-1: none); 0 without a run. */
static double machine_efficiency(const LlmResults *r, long skip)
{
	const Edition *e = r->edition;
	double sum = 0;
	size_t n = 0;
	for (size_t i = 0; i < e->n_machine_measurements; i++) {
		if ((long)i == skip)
			continue;
		sum += machine_log_efficiency(r, &e->machine_measurements[i]);
		n++;
	}
	return n ? exp(sum / (double)n) : 0;
}

static void build_machine_speed(LlmResults *r)
{
	const Edition *e = r->edition;
	LlmMachineSpeed *s = &r->machine_speed;
	s->n_points = e->n_machine_measurements;
	s->efficiency = machine_efficiency(r, -1);
	if (s->n_points < 2)
		return;
	double sum = 0;
	for (size_t i = 0; i < s->n_points; i++) {
		const MachineMeasurement *x = &e->machine_measurements[i];
		double bound = x->value / exp(machine_log_efficiency(r, x));
		double err = fabs(machine_efficiency(r, (long)i) * bound
		                  / x->value - 1);
		sum += err;
		s->max_abs_error_loo = fmax(s->max_abs_error_loo, err);
	}
	s->mean_abs_error_loo = sum / (double)s->n_points;
}

/* ---- the stage ------------------------------------------------------ */

LlmResults *llm_run(const Edition *e, GError **error)
{
	LlmResults *r = g_new0(LlmResults, 1);
	r->edition = e;
	if (e->n_llm_models == 0)
		return r;
	if (!llm_constants_load(e, &r->constants, error)) {
		llm_results_free(r);
		return NULL;
	}
	build_cases(r);
	build_fits(r);
	build_memory_checks(r);
	build_speed_model(r);
	build_machine_speed(r);
	return r;
}

void llm_results_free(LlmResults *r)
{
	if (!r)
		return;
	g_free(r->cases);
	g_free(r->fits);
	g_free(r->memory_checks);
	g_free(r->speed.checks);
	g_free(r);
}

const LlmCase *llm_find_case(const LlmResults *r, const char *model,
                             LlmMode mode, LlmPrecision p)
{
	for (size_t i = 0; i < r->n_cases; i++) {
		const LlmCase *k = &r->cases[i];
		if (k->mode == mode && k->precision == p
		    && strcmp(k->model->name, model) == 0)
			return k;
	}
	return NULL;
}

bool llm_named_case(const LlmResults *r, const char *model,
                    const char *mode, const char *precision, LlmCase *out)
{
	int m = llm_mode_from_name(mode), p = llm_precision_from_name(precision);
	const LlmCase *k = m < 0 || p < 0 ? NULL
	                                  : llm_find_case(r, model, (LlmMode)m,
	                                                  (LlmPrecision)p);
	if (k) {
		*out = *k;
		return true;
	}
	bool serve = strcmp(mode, "serve") == 0;
	long mi = edition_find_llm_model(r->edition, model);
	if ((!serve && strcmp(mode, "long") != 0) || mi < 0 || p < 0)
		return false;
	const LlmConstants *c = &r->constants;
	const LlmModel *lm = &r->edition->llm_models[mi];
	*out = (LlmCase){.model = lm, .mode = LLM_INFERENCE,
	                 .precision = (LlmPrecision)p,
	                 .context = serve ? c->context_long : c->context_longest,
	                 .users = serve ? c->serving_users : c->batch};
	out->memory = llm_inference_memory(lm, (LlmPrecision)p, out->context,
	                                   out->users, c);
	return true;
}

const char *llm_mode_name(LlmMode mode)
{
	return mode < LLM_MODE_COUNT ? MODE_NAMES[mode] : "";
}

int llm_mode_from_name(const char *name)
{
	for (int m = 0; m < LLM_MODE_COUNT; m++)
		if (strcmp(MODE_NAMES[m], name) == 0)
			return m;
	return -1;
}

int llm_precision_from_name(const char *name)
{
	for (int p = 0; p < LLM_PRECISION_COUNT; p++)
		if (strcmp(llm_precision_name((LlmPrecision)p), name) == 0)
			return p;
	return -1;
}
