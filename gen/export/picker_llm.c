/* The calculator's part of the picker data: the LLM stage's constants,
 * fitted decode efficiencies and the rows they apply to.  See
 * picker_llm.h. */
#include "picker_llm.h"

#include "llm.h"
#include "table.h"
#include "util.h"


/* A number as JSON, the shortest form that reads back the same double
 * (the page computes with it); a non-finite one stops the run
 * (gg_output_number). */
static void json_number(GString *s, double v)
{
	char buf[G_ASCII_DTOSTR_BUF_SIZE];
	gg_output_number(v, false, false, "a number of the calculator's data");
	g_string_append(s, g_ascii_dtostr(buf, sizeof buf, v));
}

static void key(GString *s, bool *first, const char *name)
{
	g_string_append(s, *first ? "" : ", ");
	*first = false;
	table_json_string(s, name);
	g_string_append(s, ": ");
}

static void pair_number(GString *s, bool *first, const char *name, double v)
{
	key(s, first, name);
	json_number(s, v);
}

static void pair_text(GString *s, bool *first, const char *name,
                      const char *v)
{
	key(s, first, name);
	table_json_string(s, v ? v : "");
}

/* The constants under their assumptions.csv keys (llm_ dropped), in the
 * units llm.c computes with: inference_overhead_gb is in bytes here. */
static void constants_json(GString *s, const LlmResults *r)
{
	const LlmConstants *c = &r->constants;
	const struct {
		const char *name;
		double value;
	} keys[] = {
	    {"kv_bytes", c->kv_bytes},
	    {"context", c->context},
	    {"batch", c->batch},
	    {"context_long", c->context_long},
	    {"context_longest", c->context_longest},
	    {"serving_users", c->serving_users},
	    {"inference_overhead", c->inference_overhead},
	    {"adam_bytes_per_param", c->adam_bytes},
	    {"train_seq", c->train_seq},
	    {"train_batch", c->train_batch},
	    {"act_checkpoint_bytes", c->act_checkpoint_bytes},
	    {"act_layer_bytes", c->act_layer_bytes},
	    {"lora_rank", c->lora_rank},
	    {"train_overhead", c->train_overhead},
	    {"tp_overhead", c->tp_overhead},
	    {"memory_headroom_train", c->memory_headroom_train},
	    {"gpu_memory_unit", c->gpu_memory_unit},
	    {"memory_headroom", c->memory_headroom},
	    {"hbm_min_bandwidth_gbs", c->hbm_min_bandwidth_gbs},
	    /* bytes of one GB/s of gpus.csv bandwidth, a second */
	    {"bandwidth_unit", LLM_BYTES_PER_GB},
	};
	bool first = true;
	g_string_append(s, "\"constants\": {");
	for (size_t i = 0; i < G_N_ELEMENTS(keys); i++)
		pair_number(s, &first, keys[i].name, keys[i].value);
	g_string_append(s, "},\n    \"bytes_per_param\": {");
	first = true;
	for (int p = 0; p < LLM_PRECISION_COUNT; p++)
		pair_number(s, &first, llm_precision_name((LlmPrecision)p),
		            c->bytes_per_param[p]);
	g_string_append(s, "},\n    \"kv_element_bytes\": {");
	first = true;
	pair_number(s, &first, "fp16", llm_kv_element_bytes(LLM_FP16, c));
	pair_number(s, &first, "fp8", llm_kv_element_bytes(LLM_FP8, c));
	g_string_append(s, "},\n    \"speed\": {");
	first = true;
	pair_number(s, &first, "gddr", r->speed.efficiency[LLM_MEMORY_GDDR]);
	pair_number(s, &first, "hbm", r->speed.efficiency[LLM_MEMORY_HBM]);
	pair_number(s, &first, "mean_abs_error_loo",
	            r->speed.mean_abs_error_loo);
	pair_number(s, &first, "machine", r->machine_speed.efficiency);
	pair_number(s, &first, "machine_mean_abs_error_loo",
	            r->machine_speed.mean_abs_error_loo);
	g_string_append(s, "}");
}

static void models_json(GString *s, const Edition *e)
{
	g_string_append(s, "\"models\": [");
	for (size_t i = 0; i < e->n_llm_models; i++) {
		const LlmModel *m = &e->llm_models[i];
		bool first = true;
		g_string_append(s, i ? ",\n      {" : "\n      {");
		pair_text(s, &first, "name", m->name);
		pair_text(s, &first, "size_class", m->size_class);
		pair_number(s, &first, "params_b", m->params_b);
		pair_number(s, &first, "active_params_b", m->active_params_b);
		pair_number(s, &first, "layers", m->layers);
		pair_number(s, &first, "hidden", m->hidden);
		pair_number(s, &first, "heads", m->heads);
		pair_number(s, &first, "kv_heads", m->kv_heads);
		pair_number(s, &first, "head_dim", m->head_dim);
		pair_number(s, &first, "intermediate", m->intermediate);
		pair_number(s, &first, "max_context", m->max_context);
		pair_number(s, &first, "sliding_window", m->sliding_window);
		pair_number(s, &first, "sliding_layers", m->sliding_layers);
		pair_number(s, &first, "kv_latent_dim", m->kv_latent_dim);
		pair_text(s, &first, "url", m->from.url);
		g_string_append(s, "}");
	}
	g_string_append(s, "]");
}

static void gpus_json(GString *s, const Edition *e, const LlmConstants *c)
{
	g_string_append(s, "\"gpus\": [");
	for (size_t i = 0; i < e->n_gpus; i++) {
		const Gpu *g = &e->gpus[i];
		bool first = true;
		g_string_append(s, i ? ",\n      {" : "\n      {");
		pair_text(s, &first, "name", g->name);
		pair_number(s, &first, "memory_gb", g->memory_gb);
		pair_number(s, &first, "bandwidth_gbs", g->bandwidth_gbs);
		pair_text(s, &first, "kind",
		          llm_memory_kind(g, c) == LLM_MEMORY_HBM ? "hbm"
		                                                  : "gddr");
		g_string_append(s, "}");
	}
	g_string_append(s, "]");
}

/* One published decode run: where it ran (key "gpu" or "machine"), the
 * model, precision, context, tokens/s, program (machines) and source. */
typedef struct {
	const char *where_key, *where, *model, *program;
	LlmPrecision precision;
	double context, value;
	const Provenance *from;
} Run;

static void run_json(GString *s, bool later, const Run *x)
{
	bool first = true;
	g_string_append(s, later ? ",\n      {" : "\n      {");
	pair_text(s, &first, x->where_key, x->where);
	pair_text(s, &first, "model", x->model);
	pair_text(s, &first, "precision", llm_precision_name(x->precision));
	pair_number(s, &first, "context", x->context);
	pair_number(s, &first, "tokens_per_s", x->value);
	if (x->program)
		pair_text(s, &first, "program", x->program);
	pair_text(s, &first, "date", x->from->date);
	pair_text(s, &first, "url", x->from->url);
	g_string_append(s, "}");
}

/* Published single-GPU decode speeds, and the machines' runs. */
static void measured_json(GString *s, const Edition *e)
{
	g_string_append(s, "\"measured\": [");
	bool any = false;
	for (size_t i = 0; i < e->n_llm_measurements; i++) {
		const LlmMeasurement *x = &e->llm_measurements[i];
		if (x->quantity != LLM_TOKENS_PER_S)
			continue;
		run_json(s, any, &(Run){"gpu", e->gpus[x->gpu].name,
		                        e->llm_models[x->model].name, NULL,
		                        x->precision, x->context, x->value,
		                        &x->from});
		any = true;
	}
	g_string_append(s, "],\n    \"machine_measured\": [");
	for (size_t i = 0; i < e->n_machine_measurements; i++) {
		const MachineMeasurement *x = &e->machine_measurements[i];
		run_json(s, i > 0, &(Run){"machine", e->machines[x->machine].name,
		                          e->llm_models[x->model].name,
		                          x->program, x->precision, x->context,
		                          x->value, &x->from});
	}
	g_string_append(s, "],\n    \"machine_urls\": {");
	for (size_t i = 0; i < e->n_machines; i++) {
		bool first = i == 0;
		pair_text(s, &first, e->machines[i].name, e->machines[i].from.url);
	}
	g_string_append(s, "}");
}

void picker_llm_json(GString *json, const EditionResult *r)
{
	const LlmResults *llm = r->llm;
	if (!llm || r->edition->n_llm_models == 0)
		return;
	const Edition *e = r->edition;
	g_string_append(json, ",\n  \"edition_date\": ");
	table_json_string(json, e->edition_date);
	g_string_append(json, ",\n  \"llm\": {\n    ");
	constants_json(json, llm);
	g_string_append(json, ",\n    ");
	models_json(json, e);
	g_string_append(json, ",\n    ");
	gpus_json(json, e, &llm->constants);
	g_string_append(json, ",\n    ");
	measured_json(json, e);
	g_string_append(json, "\n  }");
}
