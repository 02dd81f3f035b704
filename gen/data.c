/* Data stage: loads an edition's CSV files through csvload, checks each
 * against its schema (data/README.md) and resolves references between
 * files.  See data.h. */
#include "data.h"

#include "csvload.h"
#include "util.h"
#include "validate.h"

#include <math.h>
#include <string.h>

/* ---- schema checking of one table ---------------------------------- */

typedef struct {
	const CsvTable *table;
	const char *file; /* basename for Provenance */
	const CsvRow *row;
	GError **error;
	bool failed;
} Cursor;

static const char *const PROVENANCE_COLUMNS[] = {"source", "url", "date",
                                                 "note", NULL};
/* Columns a file may hold or leave out (older editions and fixtures do
 * not have them); read with text_or_empty. */
static const char *const OPTIONAL_COLUMNS[] = {
    "config", "family", "family_segment", "tensor_tflops", "fp32_tflops",
    "llm_model", "llm_mode", "llm_precision", NULL};

static bool in_list(const char *name, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(*list, name) == 0)
			return true;
	return false;
}

static void append_names(GString *s, const char *const *list)
{
	for (; *list; list++)
		g_string_append_printf(s, "%s%s", s->len ? ", " : "", *list);
}

/* The first name of list that is not a header column, or NULL. */
static const char *first_missing(const CsvTable *t, const char *const *list)
{
	for (; *list; list++)
		if (csv_table_column(t, *list) < 0)
			return *list;
	return NULL;
}

/* Checks the header holds exactly columns + PROVENANCE_COLUMNS, each once,
 * and that every row has as many fields as the header. */
static bool check_shape(const CsvTable *t, const char *const *columns,
                        GError **error)
{
	const CsvRow *h = &t->header;
	for (size_t i = 0; i < h->n_fields; i++) {
		const CsvField *f = &h->fields[i];
		if (!in_list(f->text, columns)
		    && !in_list(f->text, PROVENANCE_COLUMNS)
		    && !in_list(f->text, OPTIONAL_COLUMNS)) {
			GString *expected = g_string_new(NULL);
			append_names(expected, columns);
			append_names(expected, PROVENANCE_COLUMNS);
			gg_set_input_error(error, t->path, f->line, f->col,
			                   "unknown column '%s' (expected: %s)",
			                   f->text, expected->str);
			g_string_free(expected, TRUE);
			return false;
		}
		for (size_t j = 0; j < i; j++)
			if (strcmp(h->fields[j].text, f->text) == 0) {
				gg_set_input_error(
				    error, t->path, f->line, f->col,
				    "column '%s' repeated (first at "
				    "column %d)", f->text, h->fields[j].col);
				return false;
			}
	}
	const char *missing = first_missing(t, columns);
	if (!missing)
		missing = first_missing(t, PROVENANCE_COLUMNS);
	if (missing) {
		gg_set_input_error(error, t->path, h->line, 1,
		                   "missing column '%s'", missing);
		return false;
	}
	for (size_t r = 0; r < t->n_rows; r++) {
		const CsvRow *row = &t->rows[r];
		if (row->n_fields == h->n_fields)
			continue;
		const CsvField *at = row->n_fields > h->n_fields
		                         ? &row->fields[h->n_fields]
		                         : &row->fields[row->n_fields - 1];
		gg_set_input_error(error, t->path, at->line, at->col,
		                   "row has %zu fields; the header has %zu",
		                   row->n_fields, h->n_fields);
		return false;
	}
	return true;
}

static const CsvField *cell(const Cursor *c, const char *column)
{
	int i = csv_table_column(c->table, column);
	g_assert(i >= 0); /* check_shape ran first */
	return &c->row->fields[i];
}

static void fail(Cursor *c, const CsvField *f, const char *fmt, ...)
    G_GNUC_PRINTF(3, 4);
static void fail(Cursor *c, const CsvField *f, const char *fmt, ...)
{
	if (c->failed)
		return;
	va_list ap;
	va_start(ap, fmt);
	char *message = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	gg_set_input_error(c->error, c->table->path, f->line, f->col, "%s",
	                   message);
	g_free(message);
	c->failed = true;
}

/* Columns that name things (file names, chart labels, headings): one
 * line of at most NAME_MAX_CHARS characters (data/README.md, Limits). */
#define NAME_MAX_CHARS 160
static const char *const NAME_COLUMNS[] = {
    "name", "vendor", "architecture", "gpu", "id", "key", "provider",
    "instance", "network", "channel", "unit", NULL};

static void check_text(Cursor *c, const CsvField *f, const char *column)
{
	if (!in_list(column, NAME_COLUMNS))
		return;
	if (strpbrk(f->text, "\t\r\n"))
		fail(c, f, "%s must be one line, without tabs or line breaks",
		     column);
	else if (g_utf8_strlen(f->text, -1) > NAME_MAX_CHARS)
		fail(c, f, "%s has %ld characters; the limit is %d", column,
		     g_utf8_strlen(f->text, -1), NAME_MAX_CHARS);
}

static const char *text_required(Cursor *c, const char *column)
{
	const CsvField *f = cell(c, column);
	if (!f->text[0])
		fail(c, f, "empty required field '%s'", column);
	check_text(c, f, column);
	return f->text;
}

static char *dup_required(Cursor *c, const char *column)
{
	return g_strdup(text_required(c, column));
}

/* An optional column's text, "" when the file has no such column. */
static char *text_or_empty(Cursor *c, const char *column)
{
	if (csv_table_column(c->table, column) < 0)
		return g_strdup("");
	return g_strdup(cell(c, column)->text);
}

static char *dup_optional(Cursor *c, const char *column)
{
	check_text(c, cell(c, column), column);
	return g_strdup(cell(c, column)->text);
}

typedef enum { POSITIVE, NON_NEGATIVE, ANY_SIGN } Range;

/* Largest valid value of each numeric column (data/README.md, "Limits and
 * valid ranges"); a column not listed is limited to DEFAULT_MAX in size. */
#define DEFAULT_MAX 1e9
static const struct {
	const char *column;
	double max;
} MAXIMA[] = {
    {"memory_gb", 4096},     {"bandwidth_gbs", 100000},
    {"sm_count", 10000},     {"smem_per_sm_kb", 10000},
    {"l2_mb", 10000},        {"fp16_tflops", 100000},
    {"tdp_w", 5000},         {"slot_width", 8},
    {"price", 10000000},     {"cost", 10000000},
    {"psu_w", 100000},       {"batch_size", 1000000},
    {"throughput", 1e12},    {"min_memory_gb", 4096},
    {"budget", 100000000},   {"price_per_hour", 10000},
};

static double column_max(const char *column)
{
	for (size_t i = 0; i < G_N_ELEMENTS(MAXIMA); i++)
		if (strcmp(MAXIMA[i].column, column) == 0)
			return MAXIMA[i].max;
	return DEFAULT_MAX;
}

static double number(Cursor *c, const char *column, Range range)
{
	const CsvField *f = cell(c, column);
	const char *text = text_required(c, column);
	double v = 0;
	if (c->failed)
		return 0;
	if (!gg_parse_number(text, &v)) {
		fail(c, f, "'%s' is not a number (column '%s')", text, column);
		return 0;
	}
	if (range == POSITIVE && v <= 0)
		fail(c, f, "%s must be greater than zero, got %s", column,
		     text);
	else if (range == NON_NEGATIVE && v < 0)
		fail(c, f, "%s must not be negative, got %s", column, text);
	else if (fabs(v) > column_max(column))
		fail(c, f, "%s must be at most %g, got %s", column,
		     column_max(column), text);
	return v;
}

static int integer(Cursor *c, const char *column, int min, int max)
{
	const CsvField *f = cell(c, column);
	double v = number(c, column, ANY_SIGN);
	if (c->failed)
		return 0;
	if (v != floor(v) || v < min || v > max) { /* then (int)v is safe */
		fail(c, f, "%s must be a whole number from %d to %d, got %s",
		     column, min, max, f->text);
		return 0;
	}
	return (int)v;
}

static int choice(Cursor *c, const char *column, const char *const *choices)
{
	const CsvField *f = cell(c, column);
	const char *text = text_required(c, column);
	for (int i = 0; choices[i]; i++)
		if (strcmp(text, choices[i]) == 0)
			return i;
	if (!c->failed) {
		char *allowed = g_strjoinv(", ", (char **)choices);
		fail(c, f, "%s '%s' is not one of: %s", column, text, allowed);
		g_free(allowed);
	}
	return 0;
}

static char *date(Cursor *c, const char *column)
{
	const CsvField *f = cell(c, column);
	const char *text = text_required(c, column);
	if (!c->failed && !gg_is_iso_date(text))
		fail(c, f, "%s '%s' is not a valid date YYYY-MM-DD", column,
		     text);
	else if (!c->failed && strcmp(text, gg_today()) > 0)
		fail(c, f, "%s %s is in the future (after the run's date, "
		     "SOURCE_DATE_EPOCH or the clock)", column, text);
	return g_strdup(text);
}

static size_t gpu_ref(Cursor *c, const Edition *e, const char *column)
{
	const CsvField *f = cell(c, column);
	const char *text = text_required(c, column);
	long i = edition_find_gpu(e, text);
	if (i < 0 && !c->failed) {
		fail(c, f, "unknown GPU '%s': no such name in gpus.csv", text);
		return 0;
	}
	return i < 0 ? 0 : (size_t)i;
}

static Provenance provenance(Cursor *c)
{
	Provenance p = {0};
	p.source = dup_required(c, "source");
	p.url = dup_optional(c, "url");
	p.date = date(c, "date");
	p.note = dup_optional(c, "note");
	p.file = c->file;
	p.line = c->row->line;
	p.date_col = cell(c, "date")->col;
	p.estimate = g_ascii_strncasecmp(p.note, "estimate", 8) == 0;
	return p;
}

static void provenance_free(Provenance *p)
{
	g_free(p->source);
	g_free(p->url);
	g_free(p->date);
	g_free(p->note);
}

/* Rejects a second row with the same key; keys maps key -> first line. */
static void unique(Cursor *c, GHashTable *keys, const char *key,
                   const char *column, const char *what)
{
	if (c->failed)
		return;
	gpointer first = g_hash_table_lookup(keys, key);
	if (first) {
		fail(c, cell(c, column), "duplicate %s '%s' (first on line %d)",
		     what, key, GPOINTER_TO_INT(first));
		return;
	}
	g_hash_table_insert(keys, g_strdup(key),
	                    GINT_TO_POINTER(c->row->line));
}

/* ---- one loader per file ------------------------------------------ */

static const char *const COOLERS[] = {"blower", "open-air", "passive",
                                      "liquid", NULL};
static const char *const SEGMENTS[] = {"consumer", "workstation",
                                       "datacenter", NULL};
static const char *const WORKLOADS[] = {"cnn", "transformer", NULL};
static const char *const CONDITIONS[] = {"new", "used", NULL};
static const char *const BUY_CONDITIONS[] = {"new", "used", "any", NULL};
static const char *const PRICINGS[] = {"on-demand", "spot", NULL};
static const char *const SYSTEM_KINDS[] = {"desktop", "server", NULL};
static const char *const YES_NO[] = {"no", "yes", NULL};
static const char *const INTERCONNECTS[] = {
    "pcie3", "pcie4", "pcie5", "nvlink2", "nvlink3", "nvlink4", "nvlink5",
    "infinity-fabric", NULL};
static const char *const PRECISIONS[] = {"fp16", "fp32", "tf32", "amp",
                                         "bf16", NULL};
static const char *const CURRENCIES[] = {"USD", NULL};
/* Prices may be observed in the currency of their market. */
static const char *const PRICE_CURRENCIES[] = {"USD", "EUR", "CNY", NULL};
static const char *const GPU_FORMS[] = {"pcie", "module", NULL};
static const char *const LIFE_STATUSES[] = {"in-production", "discontinued",
                                            NULL};
static const char *const PART_KINDS[] = {"psu", "riser", "chassis-pcie8",
                                         NULL};

typedef struct {
	char *name;
	int line;
} GpuStem;

static void gpu_stem_free(gpointer p)
{
	GpuStem *s = p;
	g_free(s->name);
	g_free(s);
}

/* Two GPU names with one file stem would share a purchase request file;
 * an exact duplicate is left to the duplicate-name check. */
static void check_stem(Cursor *c, Edition *e, const char *name)
{
	if (c->failed)
		return;
	if (!e->gpu_stems)
		e->gpu_stems = g_hash_table_new_full(g_str_hash, g_str_equal,
		                                     g_free, gpu_stem_free);
	char *stem = gg_name_stem(name);
	const GpuStem *first = g_hash_table_lookup(e->gpu_stems, stem);
	if (first && !*stem && strcmp(first->name, name) != 0) {
		fail(c, cell(c, "name"),
		     "GPU '%s' and GPU '%s' on line %d have no Latin letter or "
		     "digit, so they would share one file name (their purchase "
		     "requests would overwrite each other); rename one", name,
		     first->name, first->line);
	} else if (first && strcmp(first->name, name) != 0) {
		fail(c, cell(c, "name"),
		     "GPU '%s' gives the same file name '%s' as GPU '%s' on "
		     "line %d (their purchase requests would overwrite each "
		     "other); rename one", name, stem,
		     first->name, first->line);
	} else if (!first) {
		GpuStem *s = g_new(GpuStem, 1);
		s->name = g_strdup(name);
		s->line = c->row->line;
		g_hash_table_insert(e->gpu_stems, stem, s);
		return;
	}
	g_free(stem);
}

static void read_gpu(Cursor *c, Edition *e, Gpu *g)
{
	g->name = dup_required(c, "name");
	check_stem(c, e, g->name);
	g->vendor = dup_required(c, "vendor");
	g->architecture = dup_required(c, "architecture");
	g->launch_date = date(c, "launch_date");
	g->memory_gb = number(c, "memory_gb", POSITIVE);
	g->bandwidth_gbs = number(c, "bandwidth_gbs", POSITIVE);
	g->sm_count = number(c, "sm_count", POSITIVE);
	g->tensor_gen = integer(c, "tensor_gen", 0, 5);
	g->smem_per_sm_kb = number(c, "smem_per_sm_kb", POSITIVE);
	g->l2_mb = number(c, "l2_mb", POSITIVE);
	g->fp16_tflops = number(c, "fp16_tflops", POSITIVE);
	g->tdp_w = number(c, "tdp_w", POSITIVE);
	g->slot_width = number(c, "slot_width", NON_NEGATIVE);
	g->cooler = (Cooler)choice(c, "cooler", COOLERS);
	g->segment = (Segment)choice(c, "segment", SEGMENTS);
	g->model_ok = choice(c, "model_ok", YES_NO) == 1;
	g->family = text_or_empty(c, "family");
	g->family_segment = text_or_empty(c, "family_segment");
	g->tensor_tflops = csv_table_column(c->table, "tensor_tflops") >= 0
	                       ? number(c, "tensor_tflops", POSITIVE)
	                       : 0;
	/* optional, and may be empty in a row: 0 = not given */
	g->fp32_tflops = csv_table_column(c->table, "fp32_tflops") >= 0
	                         && cell(c, "fp32_tflops")->text[0]
	                     ? number(c, "fp32_tflops", POSITIVE)
	                     : 0;
	g->from = provenance(c);
}

static void free_gpu(Gpu *g)
{
	g_free(g->name);
	g_free(g->vendor);
	g_free(g->architecture);
	g_free(g->launch_date);
	g_free(g->family);
	g_free(g->family_segment);
	provenance_free(&g->from);
}

static void read_price(Cursor *c, Edition *e, Price *p)
{
	p->gpu = gpu_ref(c, e, "gpu");
	p->condition = (Condition)choice(c, "condition", CONDITIONS);
	p->price = number(c, "price", POSITIVE);
	p->currency = g_strdup(
	    PRICE_CURRENCIES[choice(c, "currency", PRICE_CURRENCIES)]);
	p->channel = dup_required(c, "channel");
	p->from = provenance(c);
}

static void free_price(Price *p)
{
	g_free(p->currency);
	g_free(p->channel);
	provenance_free(&p->from);
}

static void read_system(Cursor *c, Edition *e, BaseSystem *s)
{
	(void)e;
	s->gpu_count = integer(c, "gpu_count", 1, 8);
	if (!c->failed && s->gpu_count != 1 && s->gpu_count != 2
	    && s->gpu_count != 4 && s->gpu_count != 8)
		fail(c, cell(c, "gpu_count"),
		     "gpu_count must be 1, 2, 4 or 8, got %d", s->gpu_count);
	s->name = dup_required(c, "name");
	s->kind = (SystemKind)choice(c, "kind", SYSTEM_KINDS);
	s->cost = number(c, "cost", POSITIVE);
	s->currency = g_strdup(CURRENCIES[choice(c, "currency", CURRENCIES)]);
	s->pcie_gen = integer(c, "pcie_gen", 1, 6);
	s->lanes_per_gpu = integer(c, "lanes_per_gpu", 1, 16);
	s->psu_w = number(c, "psu_w", POSITIVE);
	s->gpu_slots = integer(c, "gpu_slots", 1, 64);
	s->gpu_form = (GpuForm)choice(c, "gpu_form", GPU_FORMS);
	s->from = provenance(c);
}

static void free_system(BaseSystem *s)
{
	g_free(s->name);
	g_free(s->currency);
	provenance_free(&s->from);
}

static void read_benchmark(Cursor *c, Edition *e, Benchmark *b)
{
	b->gpu = gpu_ref(c, e, "gpu");
	b->gpu_count = integer(c, "gpu_count", 1, 1024);
	b->interconnect =
	    g_strdup(INTERCONNECTS[choice(c, "interconnect", INTERCONNECTS)]);
	b->network = dup_required(c, "network");
	b->workload = (Workload)choice(c, "workload", WORKLOADS);
	b->precision =
	    g_strdup(PRECISIONS[choice(c, "precision", PRECISIONS)]);
	b->batch_size = number(c, "batch_size", POSITIVE);
	b->throughput = number(c, "throughput", POSITIVE);
	b->unit = dup_required(c, "unit");
	b->config = text_or_empty(c, "config");
	b->from = provenance(c);
}

static void free_benchmark(Benchmark *b)
{
	g_free(b->interconnect);
	g_free(b->network);
	g_free(b->precision);
	g_free(b->unit);
	g_free(b->config);
	provenance_free(&b->from);
}

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
};

static void check_assumption(Cursor *c, const Assumption *a)
{
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
			fail(c, cell(c, "value"),
			     "%s must be a %s from %g to %g, got '%s'", a->key,
			     whole ? "whole number" : "number", min, max,
			     a->value);
		return;
	}
}

static void read_assumption(Cursor *c, Edition *e, Assumption *a)
{
	(void)e;
	a->key = dup_required(c, "key");
	a->value = dup_required(c, "value");
	a->value_col = cell(c, "value")->col;
	a->is_number = gg_parse_number(a->value, &a->number);
	if (!c->failed)
		check_assumption(c, a);
	a->unit = dup_optional(c, "unit");
	a->meaning = dup_required(c, "meaning");
	a->from = provenance(c);
}

static void free_assumption(Assumption *a)
{
	g_free(a->key);
	g_free(a->value);
	g_free(a->unit);
	g_free(a->meaning);
	provenance_free(&a->from);
}

static int gpu_count_choice(Cursor *c)
{
	int n = integer(c, "gpu_count", 1, 8);
	if (!c->failed && n != 1 && n != 2 && n != 4 && n != 8)
		fail(c, cell(c, "gpu_count"),
		     "gpu_count must be 1, 2, 4 or 8, got %d", n);
	return n;
}

static void read_use_case(Cursor *c, Edition *e, UseCase *u)
{
	(void)e;
	u->id = dup_required(c, "id");
	u->llm_model = text_or_empty(c, "llm_model");
	u->llm_mode = text_or_empty(c, "llm_mode");
	u->llm_precision = text_or_empty(c, "llm_precision");
	if (!*u->llm_model) {
		u->min_memory_gb = number(c, "min_memory_gb", POSITIVE);
	} else {
		/* computed by the LLM stage (recommend_llm_memory) */
		const CsvField *f = cell(c, "llm_model");
		u->llm_line = f->line;
		u->llm_col = f->col;
		f = cell(c, "min_memory_gb");
		if (f->text[0])
			fail(c, f, "min_memory_gb of an LLM use case is "
			     "computed from llm_model, llm_mode and "
			     "llm_precision: leave it empty");
	}
	u->workload = (Workload)choice(c, "workload", WORKLOADS);
	u->gpu_count = gpu_count_choice(c);
	u->budget = number(c, "budget", NON_NEGATIVE);
	int cond = choice(c, "condition", BUY_CONDITIONS);
	u->condition = cond == 2 ? -1 : cond;
	u->from = provenance(c);
}

static void free_use_case(UseCase *u)
{
	g_free(u->id);
	g_free(u->llm_model);
	g_free(u->llm_mode);
	g_free(u->llm_precision);
	provenance_free(&u->from);
}

static void read_cloud(Cursor *c, Edition *e, CloudOffer *o)
{
	o->provider = dup_required(c, "provider");
	o->instance = dup_required(c, "instance");
	o->gpu = gpu_ref(c, e, "gpu");
	o->gpu_count = integer(c, "gpu_count", 1, 1024);
	o->price_per_hour = number(c, "price_per_hour", POSITIVE);
	o->currency = g_strdup(CURRENCIES[choice(c, "currency", CURRENCIES)]);
	o->pricing = (Pricing)choice(c, "pricing", PRICINGS);
	o->from = provenance(c);
}

static void free_cloud(CloudOffer *o)
{
	g_free(o->provider);
	g_free(o->instance);
	g_free(o->currency);
	provenance_free(&o->from);
}

static void read_lifecycle(Cursor *c, Edition *e, Lifecycle *l)
{
	l->gpu = gpu_ref(c, e, "gpu");
	l->status = (LifeStatus)choice(c, "status", LIFE_STATUSES);
	l->end_of_life = dup_optional(c, "end_of_life");
	if (!c->failed && l->end_of_life[0]
	    && !gg_is_iso_date(l->end_of_life))
		fail(c, cell(c, "end_of_life"),
		     "end_of_life '%s' is not a valid date YYYY-MM-DD",
		     l->end_of_life);
	l->from = provenance(c);
}

static void free_lifecycle(Lifecycle *l)
{
	g_free(l->end_of_life);
	provenance_free(&l->from);
}

static void read_part(Cursor *c, Edition *e, Part *p)
{
	(void)e;
	p->kind = (PartKind)choice(c, "kind", PART_KINDS);
	p->name = dup_required(c, "name");
	p->price = number(c, "price", POSITIVE);
	p->currency = g_strdup(CURRENCIES[choice(c, "currency", CURRENCIES)]);
	p->watts = number(c, "watts", NON_NEGATIVE);
	p->gpu_slots = integer(c, "gpu_slots", 0, 64);
	p->pcie_gen = integer(c, "pcie_gen", 0, 6);
	p->from = provenance(c);
}

static void free_part(Part *p)
{
	g_free(p->name);
	g_free(p->currency);
	provenance_free(&p->from);
}

/* ---- the optional LLM files (llm_models.csv, llm_measurements.csv) -- */

static const char *const LLM_PRECISIONS[] = {"fp16", "fp8", "int8", "q4",
                                             "q4_k_m", "nf4", NULL};
static const char *const LLM_QUANTITIES[] = {
    "weights", "kv_cache", "full", "lora", "qlora", "tokens_per_s", NULL};
static const char *const LLM_UNITS[] = {"GB", "GiB", "tokens/s", NULL};

static void read_llm_model(Cursor *c, Edition *e, LlmModel *m)
{
	(void)e;
	m->name = dup_required(c, "name");
	m->size_class = dup_optional(c, "size_class");
	m->params_b = number(c, "params_b", POSITIVE);
	m->layers = integer(c, "layers", 1, 1000);
	m->hidden = integer(c, "hidden", 1, 1000000);
	m->heads = integer(c, "heads", 1, 10000);
	m->kv_heads = integer(c, "kv_heads", 1, 10000);
	m->head_dim = integer(c, "head_dim", 1, 100000);
	m->intermediate = integer(c, "intermediate", 1, 10000000);
	if (!c->failed && m->heads % m->kv_heads != 0)
		fail(c, cell(c, "kv_heads"),
		     "kv_heads must divide heads (%d), got %d", m->heads,
		     m->kv_heads);
	m->from = provenance(c);
}

static void free_llm_model(LlmModel *m)
{
	g_free(m->name);
	g_free(m->size_class);
	provenance_free(&m->from);
}

static void read_llm_measurement(Cursor *c, Edition *e, LlmMeasurement *x)
{
	x->quantity = (LlmQuantity)choice(c, "quantity", LLM_QUANTITIES);
	const CsvField *mf = cell(c, "model");
	const char *model = text_required(c, "model");
	long mi = edition_find_llm_model(e, model);
	if (mi < 0)
		fail(c, mf, "unknown model '%s': no such name in "
		     "llm_models.csv", model);
	x->model = mi < 0 ? 0 : (size_t)mi;
	x->gpu = -1;
	bool speed = x->quantity == LLM_TOKENS_PER_S;
	const CsvField *gf = cell(c, "gpu");
	if (speed)
		x->gpu = (long)gpu_ref(c, e, "gpu");
	else if (gf->text[0])
		fail(c, gf, "a memory figure names no GPU, got '%s'",
		     gf->text);
	x->precision = (LlmPrecision)choice(c, "precision", LLM_PRECISIONS);
	x->context = number(c, "context", NON_NEGATIVE);
	x->value = number(c, "value", POSITIVE);
	int unit = choice(c, "unit", LLM_UNITS);
	x->unit = g_strdup(LLM_UNITS[unit]);
	if (!c->failed && speed != (unit == 2))
		fail(c, cell(c, "unit"), "unit '%s' does not fit quantity "
		     "'%s'", x->unit, LLM_QUANTITIES[x->quantity]);
	x->validate = choice(c, "validate", YES_NO) == 1;
	x->from = provenance(c);
}

static void free_llm_measurement(LlmMeasurement *x)
{
	g_free(x->unit);
	provenance_free(&x->from);
}

/* ---- the generic file loop ----------------------------------------- */

typedef void (*ReadRow)(Cursor *c, Edition *e, void *item);
typedef void (*FreeItem)(void *item);
/* Returns the row's unique key; the caller frees it. */
typedef char *(*RowKey)(const void *item);

typedef struct {
	const char *file;
	const char *const *columns;
	size_t item_size;
	ReadRow read;
	FreeItem free;
	RowKey key;
	const char *key_column, *key_what;
} FileSpec;

static char *gpu_key(const void *item)
{
	return g_strdup(((const Gpu *)item)->name);
}

static char *system_key(const void *item)
{
	return g_strdup_printf("%d", ((const BaseSystem *)item)->gpu_count);
}

static char *assumption_key(const void *item)
{
	return g_strdup(((const Assumption *)item)->key);
}

static char *use_case_key(const void *item)
{
	return g_strdup(((const UseCase *)item)->id);
}

static char *lifecycle_key(const void *item)
{
	return g_strdup_printf("%zu", ((const Lifecycle *)item)->gpu);
}

static char *llm_model_key(const void *item)
{
	return g_strdup(((const LlmModel *)item)->name);
}

static char *cloud_key(const void *item)
{
	const CloudOffer *o = item;
	return g_strdup_printf("%s %s (%s)", o->provider, o->instance,
	                       PRICINGS[o->pricing]);
}

/* Reads every row of spec->file in dir into a new array of items. */
static void *load_file(const char *dir, const FileSpec *spec, Edition *e,
                       size_t *count, GError **error)
{
	char *path = g_build_filename(dir, spec->file, NULL);
	CsvTable *t = csv_table_load(path, error);
	g_free(path);
	if (!t || !check_shape(t, spec->columns, error)) {
		csv_table_free(t);
		return NULL;
	}
	char *items = g_malloc0(spec->item_size * (t->n_rows + 1));
	GHashTable *keys = g_hash_table_new_full(g_str_hash, g_str_equal,
	                                         g_free, NULL);
	Cursor c = {.table = t, .file = spec->file, .error = error};
	size_t n = 0;
	for (; n < t->n_rows && !c.failed; n++) {
		c.row = &t->rows[n];
		void *item = items + n * spec->item_size;
		spec->read(&c, e, item);
		if (spec->key && !c.failed) {
			char *key = spec->key(item);
			unique(&c, keys, key, spec->key_column, spec->key_what);
			g_free(key);
		}
	}
	g_hash_table_destroy(keys);
	csv_table_free(t);
	if (c.failed) {
		for (size_t i = 0; i < n; i++)
			spec->free(items + i * spec->item_size);
		g_free(items);
		return NULL;
	}
	*count = n;
	return items;
}

static const char *const GPU_COLUMNS[] = {
    "name", "vendor", "architecture", "launch_date", "memory_gb",
    "bandwidth_gbs", "sm_count", "tensor_gen", "smem_per_sm_kb", "l2_mb",
    "fp16_tflops", "tdp_w", "slot_width", "cooler", "segment", "model_ok",
    NULL};
static const char *const PRICE_COLUMNS[] = {"gpu", "condition", "price",
                                            "currency", "channel", NULL};
static const char *const SYSTEM_COLUMNS[] = {
    "gpu_count", "name", "kind", "cost", "currency", "pcie_gen",
    "lanes_per_gpu", "psu_w", "gpu_slots", "gpu_form", NULL};
static const char *const BENCHMARK_COLUMNS[] = {
    "gpu", "gpu_count", "interconnect", "network", "workload", "precision",
    "batch_size", "throughput", "unit", NULL};
static const char *const ASSUMPTION_COLUMNS[] = {"key", "value", "unit",
                                                 "meaning", NULL};
static const char *const USE_CASE_COLUMNS[] = {
    "id", "min_memory_gb", "workload", "gpu_count", "budget", "condition",
    NULL};
static const char *const CLOUD_COLUMNS[] = {
    "provider", "instance", "gpu", "gpu_count", "price_per_hour",
    "currency", "pricing", NULL};
static const char *const LIFECYCLE_COLUMNS[] = {"gpu", "status",
                                                "end_of_life", NULL};
static const char *const PART_COLUMNS[] = {"kind", "name", "price",
                                           "currency", "watts", "gpu_slots",
                                           "pcie_gen", NULL};

static const char *const LLM_MODEL_COLUMNS[] = {
    "name", "size_class", "params_b", "layers", "hidden", "heads",
    "kv_heads", "head_dim", "intermediate", NULL};
static const char *const LLM_MEASUREMENT_COLUMNS[] = {
    "quantity", "model", "gpu", "precision", "context", "value", "unit",
    "validate", NULL};

#define SPEC(file, cols, type, rd, fr, key, kcol, kwhat)                    \
	{file, cols, sizeof(type), (ReadRow)(rd), (FreeItem)(fr), key, kcol, \
	 kwhat}

static const FileSpec GPUS_FILE = SPEC("gpus.csv", GPU_COLUMNS, Gpu, read_gpu,
                                       free_gpu, gpu_key, "name", "GPU");
static const FileSpec PRICES_FILE = SPEC("prices.csv", PRICE_COLUMNS, Price,
                                         read_price, free_price, NULL, NULL,
                                         NULL);
static const FileSpec SYSTEMS_FILE =
    SPEC("systems.csv", SYSTEM_COLUMNS, BaseSystem, read_system,
         free_system, system_key, "gpu_count", "base system for GPU count");
static const FileSpec BENCHMARKS_FILE =
    SPEC("benchmarks.csv", BENCHMARK_COLUMNS, Benchmark, read_benchmark,
         free_benchmark, NULL, NULL, NULL);
static const FileSpec ASSUMPTIONS_FILE =
    SPEC("assumptions.csv", ASSUMPTION_COLUMNS, Assumption, read_assumption,
         free_assumption, assumption_key, "key", "assumption");
static const FileSpec USE_CASES_FILE =
    SPEC("use_cases.csv", USE_CASE_COLUMNS, UseCase, read_use_case,
         free_use_case, use_case_key, "id", "use case");
static const FileSpec CLOUD_FILE =
    SPEC("cloud.csv", CLOUD_COLUMNS, CloudOffer, read_cloud, free_cloud,
         cloud_key, "instance", "cloud offer");

static const FileSpec LIFECYCLE_FILE =
    SPEC("lifecycle.csv", LIFECYCLE_COLUMNS, Lifecycle, read_lifecycle,
         free_lifecycle, lifecycle_key, "gpu", "lifecycle row for GPU");
static const FileSpec PARTS_FILE = SPEC("parts.csv", PART_COLUMNS, Part,
                                        read_part, free_part, NULL, NULL,
                                        NULL);

static const FileSpec LLM_MODELS_FILE =
    SPEC("llm_models.csv", LLM_MODEL_COLUMNS, LlmModel, read_llm_model,
         free_llm_model, llm_model_key, "name", "model");
static const FileSpec LLM_MEASUREMENTS_FILE =
    SPEC("llm_measurements.csv", LLM_MEASUREMENT_COLUMNS, LlmMeasurement,
         read_llm_measurement, free_llm_measurement, NULL, NULL, NULL);

/* Loads spec->file when the edition has it; an edition without it has
 * zero rows.  Returns false only on a bad file. */
static bool load_optional(const char *dir, const FileSpec *spec, Edition *e,
                          void **items, size_t *count, GError **error)
{
	char *path = g_build_filename(dir, spec->file, NULL);
	bool present = g_file_test(path, G_FILE_TEST_EXISTS);
	g_free(path);
	*count = 0;
	if (!present)
		return true;
	*items = load_file(dir, spec, e, count, error);
	return *items != NULL;
}

#define LOAD_OPTIONAL(spec, field)                                          \
	load_optional(dir, &(spec), e, (void **)&e->field, &e->n_##field,   \
	              error)

/* Name -> index for edition_find_gpu: references cost O(1), not a scan
 * of the GPU list. */
static bool index_gpus(Edition *e)
{
	if (e->gpu_stems)
		g_hash_table_destroy(e->gpu_stems);
	e->gpu_stems = NULL;
	e->gpu_index = g_hash_table_new(g_str_hash, g_str_equal);
	for (size_t i = 0; i < e->n_gpus; i++)
		g_hash_table_insert(e->gpu_index, e->gpus[i].name,
		                    GSIZE_TO_POINTER(i + 1));
	return true;
}

#define LOAD(spec, field)                                                   \
	(e->field = load_file(dir, &(spec), e, &e->n_##field, error)) != NULL

/* Assumptions that name a GPU or a use case must name one that exists. */
static const char *const GPU_ASSUMPTIONS[] = {
    "reference_gpu", "breakeven_example_gpu", "theory_example_gpu",
    "theory_example_reference", "power_example_gpu", "power_example_alt_gpu",
    "perf_claim_gpu", "perf_claim_reference", NULL};

static bool check_references(Edition *e, GError **error)
{
	for (size_t i = 0; i < e->n_assumptions; i++) {
		const Assumption *a = &e->assumptions[i];
		const char *what = NULL;
		if (in_list(a->key, GPU_ASSUMPTIONS)
		    && edition_find_gpu(e, a->value) < 0)
			what = "a GPU of gpus.csv";
		bool use_case = strcmp(a->key, "headline_use_case") == 0;
		for (size_t k = 0; use_case && k < e->n_use_cases; k++)
			if (strcmp(e->use_cases[k].id, a->value) == 0)
				use_case = false;
		if (use_case)
			what = "a use case id of use_cases.csv";
		if (!what)
			continue;
		char *path = g_build_filename(e->dir, "assumptions.csv", NULL);
		gg_set_input_error(error, path, a->from.line, a->value_col,
		                   "%s '%s' is not %s", a->key, a->value, what);
		g_free(path);
		return false;
	}
	return true;
}

/* Whole-edition rules that no single row can break. */
static bool check_edition(Edition *e, GError **error)
{
	if (e->n_use_cases == 0) {
		char *path = g_build_filename(e->dir, "use_cases.csv", NULL);
		gg_set_input_error(error, path, 2, 1,
		                   "no use cases: the guide recommends GPUs "
		                   "for at least one");
		g_free(path);
		return false;
	}
	if (!check_references(e, error))
		return false;
	static const int counts[] = {1, 2, 4, 8};
	for (size_t i = 0; i < G_N_ELEMENTS(counts); i++)
		if (!edition_system(e, counts[i])) {
			char *path = g_build_filename(e->dir, "systems.csv",
			                              NULL);
			gg_set_input_error(error, path, 0, 0,
			                   "no base system for %d GPUs "
			                   "(need rows for 1, 2, 4 and 8)",
			                   counts[i]);
			g_free(path);
			return false;
		}
	if (e->n_gpus == 0) {
		char *path = g_build_filename(e->dir, "gpus.csv", NULL);
		gg_set_input_error(error, path, 2, 1, "no GPUs");
		g_free(path);
		return false;
	}
	return true;
}

/* The edition knows nothing after its date: every dated observation
 * (benchmark, price, cloud offer) is on or before `edition_date`. */
static bool dated_on_or_before(const Edition *e, const Provenance *p,
                               const char *limit, GError **error)
{
	if (strcmp(p->date, limit) <= 0)
		return true;
	char *path = g_build_filename(e->dir, p->file, NULL);
	gg_set_input_error(error, path, p->line, p->date_col,
	                   "date %s is after the edition date %s "
	                   "(assumption edition_date): a later measurement "
	                   "belongs in later/",
	                   p->date, limit);
	g_free(path);
	return false;
}

static bool check_edition_date(const Edition *e, GError **error)
{
	const Assumption *a = edition_assumption(e, "edition_date");
	if (!a || !gg_is_iso_date(a->value))
		return true; /* price.c reports a malformed date */
	for (size_t i = 0; i < e->n_benchmarks; i++)
		if (!dated_on_or_before(e, &e->benchmarks[i].from, a->value,
		                        error))
			return false;
	for (size_t i = 0; i < e->n_prices; i++)
		if (!dated_on_or_before(e, &e->prices[i].from, a->value, error))
			return false;
	for (size_t i = 0; i < e->n_cloud; i++)
		if (!dated_on_or_before(e, &e->cloud[i].from, a->value, error))
			return false;
	return true;
}

Benchmark *edition_load_benchmarks(const Edition *e, const char *dir,
                                   size_t *count, GError **error)
{
	*count = 0;
	return load_file(dir, &BENCHMARKS_FILE, (Edition *)e, count, error);
}

void edition_benchmarks_free(Benchmark *rows, size_t count)
{
	for (size_t i = 0; rows && i < count; i++)
		free_benchmark(&rows[i]);
	g_free(rows);
}

Edition *edition_load(const char *dir, GError **error)
{
	Edition *e = g_new0(Edition, 1);
	e->dir = g_strdup(dir);
	char *base = g_path_get_basename(dir);
	e->name = base;
	bool ok = LOAD(GPUS_FILE, gpus) && index_gpus(e)
	          && LOAD(PRICES_FILE, prices)
	          && LOAD(SYSTEMS_FILE, systems)
	          && LOAD(BENCHMARKS_FILE, benchmarks)
	          && LOAD(ASSUMPTIONS_FILE, assumptions)
	          && LOAD(USE_CASES_FILE, use_cases)
	          && LOAD(CLOUD_FILE, cloud)
	          && LOAD_OPTIONAL(LIFECYCLE_FILE, lifecycle)
	          && LOAD_OPTIONAL(PARTS_FILE, parts)
	          && LOAD_OPTIONAL(LLM_MODELS_FILE, llm_models)
	          && LOAD_OPTIONAL(LLM_MEASUREMENTS_FILE, llm_measurements)
	          && check_edition(e, error)
	          && check_edition_date(e, error);
	if (!ok) {
		edition_free(e);
		return NULL;
	}
	for (size_t i = 0; i < e->n_prices; i++)
		if (!e->data_date
		    || strcmp(e->prices[i].from.date, e->data_date) > 0)
			e->data_date = e->prices[i].from.date;
	e->data_date = g_strdup(e->data_date ? e->data_date : "");
	return e;
}

#define FREE_ALL(field, fn)                                                 \
	do {                                                                \
		for (size_t i = 0; e->field && i < e->n_##field; i++)       \
			fn(&e->field[i]);                                   \
		g_free(e->field);                                           \
	} while (0)

void edition_free(Edition *e)
{
	if (!e)
		return;
	FREE_ALL(gpus, free_gpu);
	FREE_ALL(prices, free_price);
	FREE_ALL(systems, free_system);
	FREE_ALL(benchmarks, free_benchmark);
	FREE_ALL(assumptions, free_assumption);
	FREE_ALL(use_cases, free_use_case);
	FREE_ALL(cloud, free_cloud);
	FREE_ALL(lifecycle, free_lifecycle);
	FREE_ALL(parts, free_part);
	FREE_ALL(llm_models, free_llm_model);
	FREE_ALL(llm_measurements, free_llm_measurement);
	g_free(e->data_date);
	if (e->gpu_index)
		g_hash_table_destroy(e->gpu_index);
	if (e->gpu_stems)
		g_hash_table_destroy(e->gpu_stems);
	g_free(e->dir);
	g_free(e->name);
	g_free(e);
}

long edition_find_gpu(const Edition *e, const char *name)
{
	if (e->gpu_index) {
		gpointer i = g_hash_table_lookup(e->gpu_index, name);
		return i ? (long)GPOINTER_TO_SIZE(i) - 1 : -1;
	}
	for (size_t i = 0; e->gpus && i < e->n_gpus; i++)
		if (strcmp(e->gpus[i].name, name) == 0)
			return (long)i;
	return -1;
}

const Assumption *edition_assumption(const Edition *e, const char *key)
{
	for (size_t i = 0; i < e->n_assumptions; i++)
		if (strcmp(e->assumptions[i].key, key) == 0)
			return &e->assumptions[i];
	return NULL;
}

const BaseSystem *edition_system(const Edition *e, int gpu_count)
{
	for (size_t i = 0; i < e->n_systems; i++)
		if (e->systems[i].gpu_count == gpu_count)
			return &e->systems[i];
	return NULL;
}

const Lifecycle *edition_lifecycle(const Edition *e, size_t gpu)
{
	for (size_t i = 0; i < e->n_lifecycle; i++)
		if (e->lifecycle[i].gpu == gpu)
			return &e->lifecycle[i];
	return NULL;
}

static void count_source(GHashTable *set, const Provenance *p)
{
	g_hash_table_add(set, g_strdup_printf("%s\x1f%s", p->source, p->date));
}

size_t edition_count_sources(const Edition *e)
{
	GHashTable *set = g_hash_table_new_full(g_str_hash, g_str_equal,
	                                        g_free, NULL);
	for (size_t i = 0; i < e->n_gpus; i++)
		count_source(set, &e->gpus[i].from);
	for (size_t i = 0; i < e->n_prices; i++)
		count_source(set, &e->prices[i].from);
	for (size_t i = 0; i < e->n_systems; i++)
		count_source(set, &e->systems[i].from);
	for (size_t i = 0; i < e->n_benchmarks; i++)
		count_source(set, &e->benchmarks[i].from);
	for (size_t i = 0; i < e->n_assumptions; i++)
		count_source(set, &e->assumptions[i].from);
	for (size_t i = 0; i < e->n_use_cases; i++)
		count_source(set, &e->use_cases[i].from);
	for (size_t i = 0; i < e->n_cloud; i++)
		count_source(set, &e->cloud[i].from);
	for (size_t i = 0; i < e->n_lifecycle; i++)
		count_source(set, &e->lifecycle[i].from);
	for (size_t i = 0; i < e->n_parts; i++)
		count_source(set, &e->parts[i].from);
	for (size_t i = 0; i < e->n_llm_models; i++)
		count_source(set, &e->llm_models[i].from);
	for (size_t i = 0; i < e->n_llm_measurements; i++)
		count_source(set, &e->llm_measurements[i].from);
	size_t n = g_hash_table_size(set);
	g_hash_table_destroy(set);
	return n;
}

const char *workload_name(Workload w)
{
	return WORKLOADS[w];
}

long edition_find_llm_model(const Edition *e, const char *name)
{
	for (size_t i = 0; e->llm_models && i < e->n_llm_models; i++)
		if (strcmp(e->llm_models[i].name, name) == 0)
			return (long)i;
	return -1;
}

const char *llm_precision_name(LlmPrecision p)
{
	return LLM_PRECISIONS[p];
}
