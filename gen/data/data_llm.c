/* Data stage: the readers and specs of the optional LLM files
 * (llm_models.csv, llm_measurements.csv), the LLM columns of
 * use_cases.csv, and the readers of the unified-memory machines bought
 * for LLM work (machines.csv) with their published decode speeds
 * (machine_measurements.csv).  Split from data_rows.c; the
 * same rules hold: a reader fills one row from the cursor and reports a
 * bad cell through dc_fail; the row owns its strings and its freer frees
 * them.  See data_internal.h. */
#include "data_internal.h"

#include "util.h"
#include "validate.h"

#include <string.h>

static const char *const YES_NO[] = {"no", "yes", NULL};

/* use_cases.csv llm_mode: the LLM stage's modes (gen/model/llm.c) and
 * the two inference variants of llm_named_case. */
static const char *const LLM_MODES[] = {"inference", "lora", "qlora",
                                        "full", "serve", "long", NULL};

/* llm_model, llm_mode and llm_precision mean something only together:
 * all three or none, the mode one of LLM_MODES and the precision one of
 * the LLM memory table's (a mode without a model was silently ignored). */
void dc_use_case_llm_columns(Cursor *c, const UseCase *u)
{
	static const char *const cols[] = {"llm_model", "llm_mode",
	                                   "llm_precision"};
	const char *vals[] = {u->llm_model, u->llm_mode, u->llm_precision};
	for (size_t i = 1; i < 3 && !c->failed; i++)
		if (!*vals[i] != !*u->llm_model) {
			/* the cell that is given names the error */
			const char *at = *vals[i] ? cols[i] : cols[0];
			dc_fail(c, dc_cell(c, at),
			        "%s is given without %s: llm_model, llm_mode "
			        "and llm_precision are given together or not "
			        "at all", at, *vals[i] ? cols[0] : cols[i]);
		}
	if (c->failed || !*u->llm_model)
		return;
	dc_choice(c, "llm_mode", LLM_MODES);
	dc_choice(c, "llm_precision", edition_llm_precision_ids);
}

const char *const edition_measure_ids[MEASURE_COUNT + 1] = {
    "training", "decode", NULL};

/* The measure a use case is ranked on: training unless its measure cell
 * says otherwise; decode only for an LLM case that generates text
 * (inference, serve or long), whose decode speed the LLM stage models. */
void dc_use_case_measure(Cursor *c, UseCase *u)
{
	char *text = dc_text_or_empty(c, "measure");
	bool given = *text != 0;
	g_free(text);
	u->measure = given ? dc_choice(c, "measure", edition_measure_ids)
	                   : MEASURE_TRAINING;
	if (c->failed || u->measure != MEASURE_DECODE)
		return;
	static const char *const decoding[] = {"inference", "serve", "long"};
	bool decodes = false;
	for (size_t i = 0; i < G_N_ELEMENTS(decoding); i++)
		decodes |= strcmp(u->llm_mode, decoding[i]) == 0;
	if (!decodes)
		dc_fail(c, dc_cell(c, "measure"),
		        "measure decode needs an LLM case that generates text: "
		        "llm_model with llm_mode inference, serve or long "
		        "(llm_mode is '%s')", u->llm_mode);
}

static const char *const LLM_QUANTITIES[] = {
    "weights", "kv_cache", "full", "lora", "qlora", "tokens_per_s", NULL};
static const char *const LLM_UNITS[] = {"GB", "GiB", "tokens/s", NULL};

/* An optional whole-number column: 0 when empty. */
static int optional_integer(Cursor *c, const char *col, int max)
{
	char *text = dc_text_or_empty(c, col);
	int v = *text ? dc_integer(c, col, 1, max) : 0;
	g_free(text);
	return v;
}

/* sliding_window and sliding_layers (given together, at most layers),
 * kv_latent_dim: the attention design the KV cache follows. */
static void read_attention_design(Cursor *c, LlmModel *m)
{
	m->sliding_window = optional_integer(c, "sliding_window", 100000000);
	m->sliding_layers = optional_integer(c, "sliding_layers", 1000);
	m->kv_latent_dim = optional_integer(c, "kv_latent_dim", 1000000);
	if (c->failed)
		return;
	if (!m->sliding_window != !m->sliding_layers)
		dc_fail(c, dc_cell(c, m->sliding_window ? "sliding_layers"
		                                        : "sliding_window"),
		        "sliding_window and sliding_layers are given together "
		        "or not at all");
	else if (m->sliding_layers > m->layers)
		dc_fail(c, dc_cell(c, "sliding_layers"),
		        "sliding_layers must be at most layers (%d), got %d",
		        m->layers, m->sliding_layers);
}

static void read_llm_model(Cursor *c, Edition *e, LlmModel *m)
{
	(void)e;
	m->name = dc_dup_required(c, "name");
	m->size_class = dc_dup_optional(c, "size_class");
	m->params_b = dc_number(c, "params_b", POSITIVE);
	char *active = dc_text_or_empty(c, "active_params_b");
	m->active_params_b = *active ? dc_number(c, "active_params_b", POSITIVE)
	                             : 0;
	g_free(active);
	if (!c->failed && m->active_params_b > m->params_b)
		dc_fail(c, dc_cell(c, "active_params_b"),
		        "active_params_b must be at most params_b (%g), got %g",
		        m->params_b, m->active_params_b);
	m->layers = dc_integer(c, "layers", 1, 1000);
	m->hidden = dc_integer(c, "hidden", 1, 1000000);
	m->heads = dc_integer(c, "heads", 1, 10000);
	m->kv_heads = dc_integer(c, "kv_heads", 1, 10000);
	m->head_dim = dc_integer(c, "head_dim", 1, 100000);
	m->intermediate = dc_integer(c, "intermediate", 1, 10000000);
	char *max_context = dc_text_or_empty(c, "max_context");
	m->max_context = *max_context
	                     ? dc_integer(c, "max_context", 1, 100000000)
	                     : 0;
	g_free(max_context);
	read_attention_design(c, m);
	if (!c->failed && m->heads % m->kv_heads != 0)
		dc_fail(c, dc_cell(c, "kv_heads"),
		     "kv_heads must divide heads (%d), got %d", m->heads,
		     m->kv_heads);
	m->from = dc_provenance(c);
}

static void free_llm_model(LlmModel *m)
{
	g_free(m->name);
	g_free(m->size_class);
	dc_provenance_free(&m->from);
}

static void read_llm_measurement(Cursor *c, Edition *e, LlmMeasurement *x)
{
	x->quantity = (LlmQuantity)dc_choice(c, "quantity", LLM_QUANTITIES);
	const CsvField *mf = dc_cell(c, "model");
	const char *model = dc_text_required(c, "model");
	long mi = edition_find_llm_model(e, model);
	if (mi < 0)
		dc_fail(c, mf, "unknown model '%s': no such name in "
		     "llm_models.csv", model);
	x->model = mi < 0 ? 0 : (size_t)mi;
	x->gpu = -1;
	bool speed = x->quantity == LLM_TOKENS_PER_S;
	const CsvField *gf = dc_cell(c, "gpu");
	if (speed)
		x->gpu = (long)dc_gpu_ref(c, e, "gpu");
	else if (gf->text[0])
		dc_fail(c, gf, "a memory figure names no GPU, got '%s'",
		     gf->text);
	x->precision = (LlmPrecision)dc_choice(c, "precision", edition_llm_precision_ids);
	x->context = dc_number(c, "context", NON_NEGATIVE);
	x->value = dc_number(c, "value", POSITIVE);
	int unit = dc_choice(c, "unit", LLM_UNITS);
	x->unit = g_strdup(LLM_UNITS[unit]);
	if (!c->failed && speed != (unit == 2))
		dc_fail(c, dc_cell(c, "unit"), "unit '%s' does not fit quantity "
		     "'%s'", x->unit, LLM_QUANTITIES[x->quantity]);
	x->validate = dc_choice(c, "validate", YES_NO) == 1;
	x->from = dc_provenance(c);
}

static void free_llm_measurement(LlmMeasurement *x)
{
	g_free(x->unit);
	dc_provenance_free(&x->from);
}

static const char *const SOFTWARE[] = {"cuda", "rocm", "metal", NULL};
static const char *const MACHINE_CURRENCIES[] = {"USD", NULL};

/* A machine row; an empty price is "no price", and its note says why. */
static void read_machine(Cursor *c, Edition *e, Machine *x)
{
	(void)e;
	x->name = dc_dup_required(c, "name");
	x->memory_gb = dc_number(c, "memory_gb", POSITIVE);
	x->usable_gb = dc_number(c, "usable_gb", POSITIVE);
	x->bandwidth_gbs = dc_number(c, "bandwidth_gbs", POSITIVE);
	x->software = g_strdup(SOFTWARE[dc_choice(c, "software", SOFTWARE)]);
	char *price = dc_text_or_empty(c, "price");
	x->price = *price ? dc_number(c, "price", POSITIVE) : 0;
	g_free(price);
	x->currency = g_strdup(
	    MACHINE_CURRENCIES[dc_choice(c, "currency", MACHINE_CURRENCIES)]);
	if (!c->failed && x->usable_gb > x->memory_gb)
		dc_fail(c, dc_cell(c, "usable_gb"),
		        "usable_gb must be at most memory_gb (%g), got %g",
		        x->memory_gb, x->usable_gb);
	x->from = dc_provenance(c);
	if (!c->failed && x->price == 0
	    && g_ascii_strncasecmp(x->from.note, "no price", 8) != 0)
		dc_fail(c, dc_cell(c, "price"),
		        "an empty price needs a note starting with 'no price' "
		        "that says why");
}

static void free_machine(Machine *x)
{
	g_free(x->name);
	g_free(x->software);
	g_free(x->currency);
	dc_provenance_free(&x->from);
}

/* A machine_measurements.csv row: one stream's decode speed of a machine
 * (machines.csv, loaded first) on a model of llm_models.csv. */
static void read_machine_measurement(Cursor *c, Edition *e,
                                     MachineMeasurement *x)
{
	const CsvField *xf = dc_cell(c, "machine");
	const char *machine = dc_text_required(c, "machine");
	long xi = edition_find_machine(e, machine);
	if (xi < 0 && !c->failed)
		dc_fail(c, xf, "unknown machine '%s': no such name in "
		     "machines.csv", machine);
	x->machine = xi < 0 ? 0 : (size_t)xi;
	const CsvField *mf = dc_cell(c, "model");
	const char *model = dc_text_required(c, "model");
	long mi = edition_find_llm_model(e, model);
	if (mi < 0 && !c->failed)
		dc_fail(c, mf, "unknown model '%s': no such name in "
		     "llm_models.csv", model);
	x->model = mi < 0 ? 0 : (size_t)mi;
	x->precision = (LlmPrecision)dc_choice(c, "precision",
	                                       edition_llm_precision_ids);
	x->context = dc_number(c, "context", NON_NEGATIVE);
	x->value = dc_number(c, "value", POSITIVE);
	dc_choice(c, "unit", LLM_UNITS + 2);
	x->program = dc_dup_required(c, "program");
	x->from = dc_provenance(c);
}

static void free_machine_measurement(MachineMeasurement *x)
{
	g_free(x->program);
	dc_provenance_free(&x->from);
}

static char *machine_key(const void *item)
{
	return g_strdup(((const Machine *)item)->name);
}

static char *llm_model_key(const void *item)
{
	return g_strdup(((const LlmModel *)item)->name);
}

static const char *const LLM_MODEL_COLUMNS[] = {
    "name", "size_class", "params_b", "layers", "hidden", "heads",
    "kv_heads", "head_dim", "intermediate", NULL};
static const char *const LLM_MEASUREMENT_COLUMNS[] = {
    "quantity", "model", "gpu", "precision", "context", "value", "unit",
    "validate", NULL};

static const char *const MACHINE_COLUMNS[] = {
    "name", "memory_gb", "usable_gb", "bandwidth_gbs", "software", "price",
    "currency", NULL};

static const char *const MACHINE_MEASUREMENT_COLUMNS[] = {
    "machine", "model", "precision", "context", "value", "unit", "program",
    NULL};

const FileSpec DATA_MACHINE_MEASUREMENTS_FILE =
    FILE_SPEC("machine_measurements.csv", MACHINE_MEASUREMENT_COLUMNS,
              MachineMeasurement, read_machine_measurement,
              free_machine_measurement, NULL, NULL, NULL);
const FileSpec DATA_MACHINES_FILE =
    FILE_SPEC("machines.csv", MACHINE_COLUMNS, Machine, read_machine,
              free_machine, machine_key, "name", "machine");
const FileSpec DATA_LLM_MODELS_FILE =
    FILE_SPEC("llm_models.csv", LLM_MODEL_COLUMNS, LlmModel,
              read_llm_model, free_llm_model, llm_model_key, "name",
              "model");
const FileSpec DATA_LLM_MEASUREMENTS_FILE =
    FILE_SPEC("llm_measurements.csv", LLM_MEASUREMENT_COLUMNS,
              LlmMeasurement, read_llm_measurement, free_llm_measurement,
              NULL, NULL, NULL);

