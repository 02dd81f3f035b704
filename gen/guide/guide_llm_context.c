/* Guide table of the LLM stage for long contexts and several users: the
 * inference memory of each model at 16 bits, FP8 and 4 bits with the
 * context of the memory table, the long and the longest context
 * (llm_context_long, llm_context_longest) for one user, and both the
 * table's and the long context for llm_serving_users users at once (a
 * team server).  A context beyond the model's published window
 * (llm_models.csv max_context) is left empty.  All in the GB the cards
 * are sized in, like every memory figure of the LLM section.  See
 * guide_ctx.h. */
#include "guide_ctx.h"

#include "llm.h"
#include "util.h"

static const Column CONTEXT[] = {
    {"model", "table.llm_model", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"precision", "table.llm_precision", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"max_context", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"one_user_gb", "table.llm_ctx_one", COL_NUMBER, 1, 3, 'r', NULL, 0},
    {"long_gb", "table.llm_ctx_long", COL_NUMBER, 1, 3, 'r', NULL, 0},
    {"longest_gb", "table.llm_ctx_longest", COL_NUMBER, 1, 3, 'r', NULL, 0},
    {"team_gb", "table.llm_ctx_team", COL_NUMBER, 1, 3, 'r', NULL, 0},
    {"team_long_gb", "table.llm_ctx_team_long", COL_NUMBER, 1, 3, 'r', NULL,
     0},
};

/* The precisions a reader serves a model at. */
static const LlmPrecision CONTEXT_PRECISIONS[] = {LLM_FP16, LLM_FP8, LLM_Q4};

/* The total inference memory at tokens x users, GB as cards are sized;
 * nothing when the context is beyond the model's window. */
static void set_need(Table *t, const char *key, const LlmModel *m,
                     LlmPrecision p, double tokens, double users,
                     const LlmConstants *k)
{
	if (m->max_context > 0 && tokens > m->max_context)
		return;
	LlmMemory mem = llm_inference_memory(m, p, tokens, users, k);
	table_set_number(t, key, mem.total / k->gpu_memory_unit);
}

static Table *context_table(const Ctx *c, const LlmResults *r)
{
	Table *t = table_new("llm_context", CONTEXT, G_N_ELEMENTS(CONTEXT),
	                     NULL);
	const LlmConstants *k = &r->constants;
	for (size_t i = 0; i < c->e->n_llm_models; i++) {
		const LlmModel *m = &c->e->llm_models[i];
		if (!m->size_class || !*m->size_class)
			continue; /* a model of the measurements only */
		for (size_t j = 0; j < G_N_ELEMENTS(CONTEXT_PRECISIONS); j++) {
			LlmPrecision p = CONTEXT_PRECISIONS[j];
			char key[48];
			g_snprintf(key, sizeof key, "llm.precision.%s",
			           llm_precision_name(p));
			table_add_row(t);
			table_set_text(t, "model", m->name);
			table_set_shown(t, "precision", llm_precision_name(p),
			                S(c, key));
			if (m->max_context > 0)
				table_set_number(t, "max_context",
				                 m->max_context);
			set_need(t, "one_user_gb", m, p, k->context, k->batch, k);
			set_need(t, "long_gb", m, p, k->context_long, k->batch, k);
			set_need(t, "longest_gb", m, p, k->context_longest,
			         k->batch, k);
			set_need(t, "team_gb", m, p, k->context, k->serving_users,
			         k);
			set_need(t, "team_long_gb", m, p, k->context_long,
			         k->serving_users, k);
		}
	}
	return t;
}

void guide_add_llm_context(const Ctx *c, Values *v, GPtrArray *tables,
                           const LlmResults *r)
{
	guide_add_table(c, v, tables, context_table(c, r));
}
