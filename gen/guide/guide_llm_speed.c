/* Guide table of decode speed per recommended build: for each build and
 * each model of the memory table that the build holds at 4 bits (its
 * memory less the headroom, llm_usable_bytes), the tokens per second it
 * generates: measured where llm_measurements.csv has that GPU alone with
 * that model at 4 bits (the newest such run, with its source), else
 * predicted by the fitted
 * bandwidth model (llm_tokens_per_s; a model split by layers across n
 * GPUs reads every byte once per token, as one GPU would).  See
 * guide_ctx.h. */
#include "guide_ctx.h"

#include "llm.h"
#include "util.h"

#include <string.h>

static const Column SPEED[] = {
    {"build", "table.build", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"model", "table.llm_model", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"precision", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"tokens_per_s", "table.llm_speed", COL_NUMBER, 0, 1, 'r', NULL, 0},
    {"basis", "table.basis", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"source", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* The newest published single-GPU decode speed of gpu with m at 4 bits
 * (the first in file order among runs of one date; software gets faster,
 * so the newest run is the one a buyer meets), or NULL. */
static const LlmMeasurement *measured(const Edition *e, size_t gpu,
                                      const LlmModel *m)
{
	const LlmMeasurement *best = NULL;
	for (size_t i = 0; i < e->n_llm_measurements; i++) {
		const LlmMeasurement *x = &e->llm_measurements[i];
		if (x->quantity == LLM_TOKENS_PER_S && x->gpu == (long)gpu
		    && &e->llm_models[x->model] == m
		    && (x->precision == LLM_Q4 || x->precision == LLM_Q4_K_M)
		    && (!best || strcmp(x->from.date, best->from.date) > 0))
			best = x;
	}
	return best;
}

static void speed_row(const Ctx *c, Table *t, const Build *b,
                      const LlmModel *m, const LlmResults *r)
{
	const Gpu *g = &c->e->gpus[b->gpu];
	const LlmMeasurement *x = b->gpu_count == 1
	                              ? measured(c->e, b->gpu, m)
	                              : NULL;
	double v = x ? x->value
	             : llm_tokens_per_s(r, m, LLM_Q4, g, r->constants.context);
	if (!(v > 0))
		return; /* no efficiency for this memory kind */
	table_add_row(t);
	guide_set_build(c, t, "build", b);
	table_set_text(t, "model", m->name);
	table_set_text(t, "precision", llm_precision_name(LLM_Q4));
	if (x) {
		char *shown = num(c, v, 0);
		table_set_number_link(t, "tokens_per_s", v, shown, x->from.url);
		g_free(shown);
		table_set_shown(t, "basis", "measured", S(c, "llm.speed.measured"));
		table_set_text(t, "source", x->from.source);
		return;
	}
	table_set_number(t, "tokens_per_s", v);
	const char *key = b->gpu_count > 1 ? "llm.speed.predicted_split"
	                                   : "llm.speed.predicted";
	table_set_shown(t, "basis", "predicted", S(c, key));
}

void guide_add_llm_speed(const Ctx *c, Values *v, GPtrArray *tables,
                         const LlmResults *r)
{
	const LlmConstants *k = &r->constants;
	Table *t = table_new("llm_build_speed", SPEED, G_N_ELEMENTS(SPEED),
	                     NULL);
	const Build **builds = NULL;
	size_t n = recommend_best_builds(c->recs, &builds);
	for (size_t i = 0; i < n; i++) {
		const Gpu *g = &c->e->gpus[builds[i]->gpu];
		double room = llm_usable_bytes(g, builds[i]->gpu_count,
		                               LLM_INFERENCE, k);
		for (size_t j = 0; j < c->e->n_llm_models; j++) {
			const LlmModel *m = &c->e->llm_models[j];
			if (!m->size_class || !*m->size_class)
				continue;
			LlmMemory need = llm_inference_memory(
			    m, LLM_Q4, k->context, k->batch, k);
			if (need.total <= room)
				speed_row(c, t, builds[i], m, r);
		}
	}
	g_free(builds);
	guide_add_table(c, v, tables, t);
}
