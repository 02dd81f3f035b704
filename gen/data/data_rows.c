/* Data stage: one reader per file of an edition and the specs of its
 * files (columns, row type, unique key); the optional LLM files are in
 * data_llm.c.  See data_internal.h. */
#include "data_internal.h"

#include "util.h"
#include "validate.h"

#include <math.h>
#include <string.h>

/* ---- one loader per file ------------------------------------------ */

static const char *const COOLERS[] = {"blower", "open-air", "passive",
                                      "liquid", NULL};
/* gpus.csv no_price: why a card has no dollar price (the guide words
 * each in its language: price.no_price.<id>). */
static const char *const NO_PRICE[] = {"server-only", "oem-quote",
                                       "supply-ended", "euro-only",
                                       "undated-list", "china-market",
                                       NULL};
static const char *const SEGMENTS[] = {"consumer", "workstation",
                                       "datacenter", NULL};
/* Enumerated text columns (data/README.md): a typo would otherwise make
 * a group of its own in the model (a family of one, a vendor nobody
 * names). */
static const char *const VENDORS[] = {"NVIDIA", "AMD", "Intel", NULL};
static const char *const ARCHITECTURES[] = {
    "Maxwell", "Pascal", "Volta", "Turing", "Ampere", "Ada", "Hopper",
    "Blackwell", "RDNA3", "RDNA4", "CDNA3", "CDNA4", "Xe2", NULL};
static const char *const FAMILY_SEGMENTS[] = {"datacenter", "client", NULL};
static const char *const CONDITIONS[] = {"new", "used", NULL};
static const char *const SYSTEM_KINDS[] = {"desktop", "server", NULL};
static const char *const YES_NO[] = {"no", "yes", NULL};
static const char *const INTERCONNECTS[] = {
    "pcie3", "pcie4", "pcie5", "nvlink2", "nvlink3", "nvlink4", "nvlink5",
    "infinity-fabric", NULL};
static const char *const PRECISIONS[] = {"fp16", "fp32", "tf32", "amp",
                                         "bf16", "fp8", "fp4", NULL};
static const char *const CURRENCIES[] = {"USD", NULL};
/* Prices may be observed in the currency of their market. */
static const char *const PRICE_CURRENCIES[] = {"USD", "EUR", "CNY", NULL};
/* prices.csv kind, in PriceKind order. */
static const char *const PRICE_KINDS[] = {"listing", "sold", "list",
                                          "estimate", NULL};
static const char *const GPU_FORMS[] = {"pcie", "module", NULL};
static const char *const LIFE_STATUSES[] = {"in-production", "discontinued",
                                            NULL};
static const char *const PART_KINDS[] = {"psu", "riser", "chassis-pcie8",
                                         "psu-replace", NULL};

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
		dc_fail(c, dc_cell(c, "name"),
		     "GPU '%s' and GPU '%s' on line %d have no Latin letter or "
		     "digit, so they would share one file name (their purchase "
		     "requests would overwrite each other); rename one", name,
		     first->name, first->line);
	} else if (first && strcmp(first->name, name) != 0) {
		dc_fail(c, dc_cell(c, "name"),
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

static bool has_column(Cursor *c, const char *column)
{
	return dc_column(c, column) >= 0;
}

/* The optional number-format columns: fp8 and fp4 (yes/no) and the
 * document stating them, required as soon as either column is there.
 * FP4 tensor cores also compute in FP8 (every generation with FP4 has
 * FP8), so fp4 = yes with fp8 = no is a typing error. */
static void read_gpu_formats(Cursor *c, Gpu *g)
{
	g->fp8 = has_column(c, "fp8") && dc_choice(c, "fp8", YES_NO) == 1;
	g->fp4 = has_column(c, "fp4") && dc_choice(c, "fp4", YES_NO) == 1;
	if (!has_column(c, "fp8") && !has_column(c, "fp4")) {
		g->precision_source = g_strdup("");
		g->precision_url = g_strdup("");
		return;
	}
	if (!has_column(c, "precision_source") && !c->failed)
		dc_fail(c, dc_cell(c, has_column(c, "fp8") ? "fp8" : "fp4"),
		        "the fp8/fp4 columns need a precision_source column "
		        "naming the document that states each GPU's formats");
	g->precision_source = has_column(c, "precision_source")
	                          ? dc_dup_required(c, "precision_source")
	                          : g_strdup("");
	g->precision_url = !has_column(c, "precision_url")
	                       ? g_strdup("")
	                       : dc_address_optional(c, "precision_url");
	if (g->fp4 && !g->fp8 && !c->failed)
		dc_fail(c, dc_cell(c, "fp4"),
		        "fp4 is yes but fp8 is no: tensor cores with FP4 also "
		        "compute in FP8");
}

static void read_gpu(Cursor *c, Edition *e, Gpu *g)
{
	g->name = dc_dup_required(c, "name");
	/* systems.csv takes and validation_ratios list GPU names separated
	 * by ';': a name holding one could not be listed */
	if (!c->failed && strchr(g->name, ';'))
		dc_fail(c, dc_cell(c, "name"),
		        "GPU name '%s' holds ';', the separator of the lists "
		        "that name GPUs (systems.csv takes)", g->name);
	check_stem(c, e, g->name);
	g->vendor = g_strdup(VENDORS[dc_choice(c, "vendor", VENDORS)]);
	g->architecture = g_strdup(
	    ARCHITECTURES[dc_choice(c, "architecture", ARCHITECTURES)]);
	g->launch_date = dc_date(c, "launch_date");
	g->memory_gb = dc_number(c, "memory_gb", POSITIVE);
	g->bandwidth_gbs = dc_number(c, "bandwidth_gbs", POSITIVE);
	g->sm_count = dc_number(c, "sm_count", POSITIVE);
	g->tensor_gen = dc_integer(c, "tensor_gen", 0, 5);
	g->smem_per_sm_kb = dc_number(c, "smem_per_sm_kb", POSITIVE);
	g->l2_mb = dc_number(c, "l2_mb", POSITIVE);
	g->fp16_tflops = dc_number(c, "fp16_tflops", POSITIVE);
	g->tdp_w = dc_number(c, "tdp_w", POSITIVE);
	g->slot_width = dc_number(c, "slot_width", NON_NEGATIVE);
	g->cooler = (Cooler)dc_choice(c, "cooler", COOLERS);
	g->segment = (Segment)dc_choice(c, "segment", SEGMENTS);
	g->model_ok = dc_choice(c, "model_ok", YES_NO) == 1;
	g->family = dc_text_or_empty(c, "family");
	g->family_segment =
	    has_column(c, "family_segment")
	            && dc_cell(c, "family_segment")->text[0]
	        ? g_strdup(FAMILY_SEGMENTS[dc_choice(c, "family_segment",
	                                             FAMILY_SEGMENTS)])
	        : g_strdup("");
	g->tensor_tflops = has_column(c, "tensor_tflops")
	                       ? dc_number(c, "tensor_tflops", POSITIVE)
	                       : 0;
	/* optional, and may be empty in a row: 0 = not given */
	g->fp32_tflops = has_column(c, "fp32_tflops")
	                         && dc_cell(c, "fp32_tflops")->text[0]
	                     ? dc_number(c, "fp32_tflops", POSITIVE)
	                     : 0;
	read_gpu_formats(c, g);
	g->no_price = has_column(c, "no_price")
	                       && dc_cell(c, "no_price")->text[0]
	                   ? g_strdup(NO_PRICE[dc_choice(c, "no_price", NO_PRICE)])
	                   : g_strdup("");
	g->from = dc_provenance(c);
}

static void free_gpu(Gpu *g)
{
	g_free(g->name);
	g_free(g->vendor);
	g_free(g->architecture);
	g_free(g->launch_date);
	g_free(g->family);
	g_free(g->family_segment);
	g_free(g->precision_source);
	g_free(g->precision_url);
	g_free(g->no_price);
	dc_provenance_free(&g->from);
}

/* A row without a kind: the maker's list price when its channel is
 * `list`, an estimate when its note says so ("estimate..."), else a
 * shop's listing. */
static PriceKind price_kind_derived(const Price *p)
{
	if (strcmp(p->channel, "list") == 0)
		return PRICE_KIND_LIST;
	return p->from.estimate ? PRICE_KIND_ESTIMATE : PRICE_KIND_LISTING;
}

static void read_price(Cursor *c, Edition *e, Price *p)
{
	p->gpu = dc_gpu_ref(c, e, "gpu");
	p->condition = (Condition)dc_choice(c, "condition", CONDITIONS);
	p->price = dc_number(c, "price", POSITIVE);
	p->currency = g_strdup(
	    PRICE_CURRENCIES[dc_choice(c, "currency", PRICE_CURRENCIES)]);
	p->channel = dc_dup_required(c, "channel");
	p->from = dc_provenance(c);
	/* kind absent or empty: derived (data/README.md) */
	if (!has_column(c, "kind") || !dc_cell(c, "kind")->text[0])
		p->kind = price_kind_derived(p);
	else
		p->kind = (PriceKind)dc_choice(c, "kind", PRICE_KINDS);
	/* one truth for a list price: the channel and the kind agree */
	if (!c->failed
	    && (p->kind == PRICE_KIND_LIST) != (strcmp(p->channel, "list") == 0))
		dc_fail(c, dc_cell(c, "kind"),
		        p->kind == PRICE_KIND_LIST
		            ? "kind 'list' (the maker's list price) needs "
		              "channel 'list', got '%s'"
		            : "channel 'list' is the maker's list price: its "
		              "kind is 'list', got '%s'",
		        p->kind == PRICE_KIND_LIST ? p->channel
		                                   : PRICE_KINDS[p->kind]);
}

static void free_price(Price *p)
{
	g_free(p->currency);
	g_free(p->channel);
	dc_provenance_free(&p->from);
}

/* The takes cell: gpus.csv names separated by ';' (empty: any GPU). */
static void system_takes(Cursor *c, const Edition *e, BaseSystem *s)
{
	char *text = dc_text_or_empty(c, "takes");
	if (!*text) {
		g_free(text);
		return;
	}
	char **names = g_strsplit(text, ";", -1);
	s->n_takes = g_strv_length(names);
	s->takes = g_new0(size_t, s->n_takes);
	for (size_t i = 0; i < s->n_takes && !c->failed; i++) {
		long g = edition_find_gpu(e, names[i]);
		if (g < 0)
			dc_fail(c, dc_cell(c, "takes"),
			        "takes: unknown GPU '%s': no such name in "
			        "gpus.csv (names separated by ';')",
			        names[i]);
		else
			s->takes[i] = (size_t)g;
	}
	g_strfreev(names);
	g_free(text);
}

static void read_system(Cursor *c, Edition *e, BaseSystem *s)
{
	s->gpu_count = dc_integer(c, "gpu_count", 1, 8);
	if (!c->failed && s->gpu_count != 1 && s->gpu_count != 2
	    && s->gpu_count != 4 && s->gpu_count != 8)
		dc_fail(c, dc_cell(c, "gpu_count"),
		     "gpu_count must be 1, 2, 4 or 8, got %d", s->gpu_count);
	s->name = dc_dup_required(c, "name");
	s->kind = (SystemKind)dc_choice(c, "kind", SYSTEM_KINDS);
	s->cost = dc_number(c, "cost", POSITIVE);
	s->currency = g_strdup(CURRENCIES[dc_choice(c, "currency", CURRENCIES)]);
	s->pcie_gen = dc_integer(c, "pcie_gen", 3, 5);
	s->lanes_per_gpu = dc_integer(c, "lanes_per_gpu", 4, 16);
	if (!c->failed && s->lanes_per_gpu != 4 && s->lanes_per_gpu != 8
	    && s->lanes_per_gpu != 16)
		dc_fail(c, dc_cell(c, "lanes_per_gpu"),
		        "lanes_per_gpu must be 4, 8 or 16, got %d",
		        s->lanes_per_gpu);
	s->psu_w = dc_number(c, "psu_w", POSITIVE);
	s->gpu_slots = dc_integer(c, "gpu_slots", 1, 64);
	s->gpu_form = (GpuForm)dc_choice(c, "gpu_form", GPU_FORMS);
	s->system_w = has_column(c, "system_w")
	                      && dc_cell(c, "system_w")->text[0]
	                  ? dc_number(c, "system_w", POSITIVE)
	                  : 0;
	system_takes(c, e, s);
	s->from = dc_provenance(c);
}

static void free_system(BaseSystem *s)
{
	g_free(s->takes);
	g_free(s->name);
	g_free(s->currency);
	dc_provenance_free(&s->from);
}

/* A row measured in FP8 or FP4 on a GPU whose gpus.csv row says it
 * lacks that format cannot be right. */
static void check_format(Cursor *c, const Gpu *g, const char *precision)
{
	bool fp8 = strcmp(precision, "fp8") == 0;
	if (c->failed || (!fp8 && strcmp(precision, "fp4") != 0)
	    || (fp8 ? g->fp8 : g->fp4))
		return;
	dc_fail(c, dc_cell(c, "precision"),
	        "GPU '%s' has %s = no in gpus.csv: it cannot run at "
	        "precision %s", g->name, precision, precision);
}

static void read_benchmark(Cursor *c, Edition *e, Benchmark *b)
{
	b->gpu = dc_gpu_ref(c, e, "gpu");
	b->gpu_count = dc_integer(c, "gpu_count", 1, 1024);
	b->interconnect =
	    g_strdup(INTERCONNECTS[dc_choice(c, "interconnect", INTERCONNECTS)]);
	b->network = dc_dup_required(c, "network");
	b->workload = (Workload)dc_choice(c, "workload", edition_workload_ids);
	b->precision =
	    g_strdup(PRECISIONS[dc_choice(c, "precision", PRECISIONS)]);
	check_format(c, &e->gpus[b->gpu], b->precision);
	b->batch_size = dc_number(c, "batch_size", POSITIVE);
	b->throughput = dc_number(c, "throughput", POSITIVE);
	b->unit = dc_dup_required(c, "unit");
	b->config = dc_text_or_empty(c, "config");
	b->from = dc_provenance(c);
}

static void free_benchmark(Benchmark *b)
{
	g_free(b->interconnect);
	g_free(b->network);
	g_free(b->precision);
	g_free(b->unit);
	g_free(b->config);
	dc_provenance_free(&b->from);
}

static void read_assumption(Cursor *c, Edition *e, Assumption *a)
{
	(void)e;
	a->key = dc_dup_required(c, "key");
	a->value = dc_dup_required(c, "value");
	a->value_col = dc_cell(c, "value")->col;
	a->is_number = gg_parse_decimal(a->value, &a->number);
	if (!c->failed)
		dc_check_assumption(c, a);
	a->unit = dc_dup_optional(c, "unit");
	a->meaning = dc_dup_required(c, "meaning");
	a->from = dc_provenance(c);
}

static void free_assumption(Assumption *a)
{
	g_free(a->key);
	g_free(a->value);
	g_free(a->unit);
	g_free(a->meaning);
	dc_provenance_free(&a->from);
}

static void read_cloud(Cursor *c, Edition *e, CloudOffer *o)
{
	o->provider = dc_dup_required(c, "provider");
	o->instance = dc_dup_required(c, "instance");
	o->gpu = dc_gpu_ref(c, e, "gpu");
	o->gpu_count = dc_integer(c, "gpu_count", 1, 1024);
	o->price_per_hour = dc_number(c, "price_per_hour", POSITIVE);
	o->currency = g_strdup(CURRENCIES[dc_choice(c, "currency", CURRENCIES)]);
	o->pricing = (Pricing)dc_choice(c, "pricing", edition_pricing_ids);
	o->from = dc_provenance(c);
}

static void free_cloud(CloudOffer *o)
{
	g_free(o->provider);
	g_free(o->instance);
	g_free(o->currency);
	dc_provenance_free(&o->from);
}

static void read_lifecycle(Cursor *c, Edition *e, Lifecycle *l)
{
	l->gpu = dc_gpu_ref(c, e, "gpu");
	l->status = (LifeStatus)dc_choice(c, "status", LIFE_STATUSES);
	l->end_of_life = dc_cell(c, "end_of_life")->text[0]
	                     ? dc_date(c, "end_of_life")
	                     : g_strdup("");
	l->from = dc_provenance(c);
}

static void free_lifecycle(Lifecycle *l)
{
	g_free(l->end_of_life);
	dc_provenance_free(&l->from);
}

static void read_part(Cursor *c, Edition *e, Part *p)
{
	(void)e;
	p->kind = (PartKind)dc_choice(c, "kind", PART_KINDS);
	p->name = dc_dup_required(c, "name");
	p->price = dc_number(c, "price", POSITIVE);
	p->currency = g_strdup(CURRENCIES[dc_choice(c, "currency", CURRENCIES)]);
	p->watts = dc_number(c, "watts", NON_NEGATIVE);
	p->gpu_slots = dc_integer(c, "gpu_slots", 0, 64);
	p->pcie_gen = dc_integer(c, "pcie_gen", 0, 6);
	p->from = dc_provenance(c);
}

static void free_part(Part *p)
{
	g_free(p->name);
	g_free(p->currency);
	dc_provenance_free(&p->from);
}

static char *gpu_key(const void *item)
{
	return g_strdup(((const Gpu *)item)->name);
}

static char *system_key(const void *item)
{
	return g_strdup(((const BaseSystem *)item)->name);
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

static char *cloud_key(const void *item)
{
	const CloudOffer *o = item;
	return g_strdup_printf("%s %s (%s)", o->provider, o->instance,
	                       edition_pricing_ids[o->pricing]);
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

const FileSpec DATA_GPUS_FILE =
    FILE_SPEC("gpus.csv", GPU_COLUMNS, Gpu, read_gpu, free_gpu, gpu_key,
              "name", "GPU");
const FileSpec DATA_PRICES_FILE =
    FILE_SPEC("prices.csv", PRICE_COLUMNS, Price, read_price, free_price,
              NULL, NULL, NULL);
const FileSpec DATA_SYSTEMS_FILE =
    FILE_SPEC("systems.csv", SYSTEM_COLUMNS, BaseSystem, read_system,
              free_system, system_key, "name",
              "base system");
const FileSpec DATA_BENCHMARKS_FILE =
    FILE_SPEC("benchmarks.csv", BENCHMARK_COLUMNS, Benchmark,
              read_benchmark, free_benchmark, NULL, NULL, NULL);
const FileSpec DATA_ASSUMPTIONS_FILE =
    FILE_SPEC("assumptions.csv", ASSUMPTION_COLUMNS, Assumption,
              read_assumption, free_assumption, assumption_key, "key",
              "assumption");
const FileSpec DATA_USE_CASES_FILE =
    FILE_SPEC("use_cases.csv", USE_CASE_COLUMNS, UseCase, dc_read_use_case,
              dc_free_use_case, use_case_key, "id", "use case");
const FileSpec DATA_CLOUD_FILE =
    FILE_SPEC("cloud.csv", CLOUD_COLUMNS, CloudOffer, read_cloud,
              free_cloud, cloud_key, "instance", "cloud offer");
const FileSpec DATA_LIFECYCLE_FILE =
    FILE_SPEC("lifecycle.csv", LIFECYCLE_COLUMNS, Lifecycle,
              read_lifecycle, free_lifecycle, lifecycle_key, "gpu",
              "lifecycle row for GPU");
const FileSpec DATA_PARTS_FILE =
    FILE_SPEC("parts.csv", PART_COLUMNS, Part, read_part, free_part, NULL,
              NULL, NULL);

