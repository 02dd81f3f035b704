/* Guide tables of the unified-memory machines bought for local LLM work
 * (machines.csv): what each is, its dated price (or why it has none) and
 * what it cannot do; and for each machine and each model of the memory
 * table at 4 bits, the memory needed at the chat context, whether the
 * memory its accelerator may address holds it (less the headroom every
 * card keeps), and the decode speed its bandwidth allows at most; and the
 * published decode speeds of the machines (machine_measurements.csv)
 * beside that bound for their model, format and cached tokens.  Only
 * editions with machines.csv and LLM models have them.  See
 * guide_ctx.h. */
#include "guide_ctx.h"

#include "llm.h"
#include "util.h"

static const Column MACHINES[] = {
    {"machine", "table.machine", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"memory_gb", "table.memory", COL_NUMBER, 0, 0, 'r', "unit.gb", 0},
    {"usable_gb", "table.machine_usable", COL_NUMBER, 0, 0, 'r', "unit.gb",
     0},
    {"bandwidth_gbs", "table.bandwidth", COL_NUMBER, 0, 0, 'r', NULL, 0},
    {"software", "table.machine_software", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"price_usd", "table.machine_price", COL_MONEY, 0, 2, 'r', NULL, 0},
    {"price_date", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"cannot", "table.machine_cannot", COL_TEXT, 0, 0, 'l', NULL, 0},
};

static void machine_row(const Ctx *c, Table *t, const Machine *x)
{
	table_add_row(t);
	table_set_text(t, "machine", x->name);
	table_set_number(t, "memory_gb", x->memory_gb);
	table_set_number(t, "usable_gb", x->usable_gb);
	table_set_number(t, "bandwidth_gbs", x->bandwidth_gbs);
	char *key = g_strdup_printf("machine.software.%s", x->software);
	table_set_shown(t, "software", x->software, S(c, key));
	g_free(key);
	if (x->price > 0) {
		char *money = format_money(c->s, x->price);
		char *shown = gg_fill2(S(c, "format.aside"), money,
		                       x->from.date);
		table_set_number_link(t, "price_usd", x->price, shown,
		                      x->from.url);
		g_free(shown);
		g_free(money);
	} else {
		table_set_number_shown(t, "price_usd", NAN,
		                       S(c, "machine.no_price"));
	}
	table_set_text(t, "price_date", x->from.date);
	key = g_strdup_printf("machine.cannot.%s", x->software);
	table_set_shown(t, "cannot", x->software, S(c, key));
	g_free(key);
}

static const Column FITS[] = {
    {"machine", "table.machine", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"model", "table.llm_model", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"precision", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"need_gb", "table.llm_need", COL_NUMBER, 1, 3, 'r', NULL, 0},
    {"fits", "table.machine_fits", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"decode_bound_tps", "table.machine_decode", COL_NUMBER, 0, 1, 'r',
     NULL, 0},
};

/* The rows of one machine: every model of the memory table at 4 bits. */
static void fit_rows(const Ctx *c, Table *t, const Machine *x,
                     const LlmResults *r)
{
	const LlmConstants *k = &r->constants;
	double usable = x->usable_gb * k->gpu_memory_unit
	                * (1 - k->memory_headroom);
	for (size_t i = 0; i < c->e->n_llm_models; i++) {
		const LlmModel *m = &c->e->llm_models[i];
		if (!m->size_class || !*m->size_class)
			continue;
		LlmMemory need = llm_inference_memory(m, LLM_Q4, k->context,
		                                      k->batch, k);
		bool fits = need.total <= usable;
		table_add_row(t);
		table_set_text(t, "machine", x->name);
		table_set_text(t, "model", m->name);
		table_set_text(t, "precision", llm_precision_name(LLM_Q4));
		table_set_number(t, "need_gb", need.total / k->gpu_memory_unit);
		table_set_shown(t, "fits", fits ? "yes" : "no",
		                S(c, fits ? "machine.fits" : "machine.too_big"));
		if (fits)
			table_set_number(t, "decode_bound_tps",
			                 llm_decode_bound(m, LLM_Q4,
			                                  x->bandwidth_gbs,
			                                  k->context, k));
	}
}

static const Column MEASURED[] = {
    {"machine", "table.machine", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"model", "table.llm_model", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"precision", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"program", "table.machine_program", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"context", NULL, COL_NUMBER, 0, 0, 'r', NULL, 0},
    {"measured_tps", "table.machine_measured", COL_NUMBER, 1, 2, 'r', NULL,
     0},
    {"date", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"decode_bound_tps", "table.machine_decode", COL_NUMBER, 1, 1, 'r',
     NULL, 0},
    {"share_of_bound", "table.machine_share", COL_PERCENT, 0, 3, 'r', NULL,
     0},
};

/* One published decode speed of a machine beside the bound of its
 * bandwidth for the same model, format and cached tokens. */
static void measured_row(const Ctx *c, Table *t, const MachineMeasurement *x,
                         const LlmResults *r)
{
	const Machine *m = &c->e->machines[x->machine];
	const LlmModel *model = &c->e->llm_models[x->model];
	double bound = llm_decode_bound(model, x->precision, m->bandwidth_gbs,
	                                x->context, &r->constants);
	table_add_row(t);
	table_set_text(t, "machine", m->name);
	table_set_text(t, "model", model->name);
	table_set_text(t, "precision", llm_precision_name(x->precision));
	table_set_text(t, "program", x->program);
	table_set_number(t, "context", x->context);
	char *value = format_number(c->s, x->value, 1);
	char *shown = gg_fill2(S(c, "format.aside"), value, x->from.date);
	table_set_number_link(t, "measured_tps", x->value, shown, x->from.url);
	g_free(shown);
	g_free(value);
	table_set_text(t, "date", x->from.date);
	table_set_number(t, "decode_bound_tps", bound);
	table_set_number(t, "share_of_bound", x->value / bound);
}

void guide_add_llm_machines(const Ctx *c, Values *v, GPtrArray *tables,
                            const LlmResults *r)
{
	if (c->e->n_machines == 0)
		return;
	Table *specs = table_new("machines", MACHINES, G_N_ELEMENTS(MACHINES),
	                         NULL);
	Table *fits = table_new("machine_llm_fit", FITS, G_N_ELEMENTS(FITS),
	                        NULL);
	for (size_t i = 0; i < c->e->n_machines; i++) {
		machine_row(c, specs, &c->e->machines[i]);
		fit_rows(c, fits, &c->e->machines[i], r);
	}
	guide_add_table(c, v, tables, specs);
	guide_add_table(c, v, tables, fits);
	Table *measured = table_new("machine_llm_measured", MEASURED,
	                            G_N_ELEMENTS(MEASURED), NULL);
	for (size_t i = 0; i < c->e->n_machine_measurements; i++)
		measured_row(c, measured, &c->e->machine_measurements[i], r);
	guide_add_table(c, v, tables, measured);
}
