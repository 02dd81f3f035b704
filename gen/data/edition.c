/* Data stage: look-ups over a loaded edition (a GPU, an assumption, a
 * base system, a lifecycle row, an LLM model by name; the count of its
 * sources).  See edition.h. */
#include "edition.h"

#include <string.h>

/* The ids of data/README.md, in the order of their enums. */
const char *const edition_workload_ids[] = {"cnn", "transformer", NULL};
const char *const edition_pricing_ids[PRICING_COUNT + 1] = {
    "on-demand", "spot", "community", NULL};

const char *const edition_use_rule_ids[USE_RULE_COUNT + 1] = {
    "fit", "datacenter", "p2p", "fp8", NULL};
const char *const edition_llm_precision_ids[] = {"fp16", "fp8", "int8", "q4",
                                             "q4_k_m", "nf4", NULL};

const char *workload_name(Workload w)
{
	return edition_workload_ids[w];
}

const char *llm_precision_name(LlmPrecision p)
{
	return edition_llm_precision_ids[p];
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
	if (e->assumption_index) {
		gpointer i = g_hash_table_lookup(e->assumption_index, key);
		return i ? &e->assumptions[GPOINTER_TO_SIZE(i) - 1] : NULL;
	}
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

bool edition_system_takes(const BaseSystem *s, size_t gpu)
{
	if (s->n_takes == 0)
		return true;
	for (size_t i = 0; i < s->n_takes; i++)
		if (s->takes[i] == gpu)
			return true;
	return false;
}

const Lifecycle *edition_lifecycle(const Edition *e, size_t gpu)
{
	if (e->lifecycle_index) {
		gpointer i = g_hash_table_lookup(e->lifecycle_index,
		                                 GSIZE_TO_POINTER(gpu + 1));
		return i ? &e->lifecycle[GPOINTER_TO_SIZE(i) - 1] : NULL;
	}
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
	for (size_t i = 0; i < e->n_machine_measurements; i++)
		count_source(set, &e->machine_measurements[i].from);
	size_t n = g_hash_table_size(set);
	g_hash_table_destroy(set);
	return n;
}

long edition_find_machine(const Edition *e, const char *name)
{
	for (size_t i = 0; e->machines && i < e->n_machines; i++)
		if (strcmp(e->machines[i].name, name) == 0)
			return (long)i;
	return -1;
}

long edition_find_llm_model(const Edition *e, const char *name)
{
	for (size_t i = 0; e->llm_models && i < e->n_llm_models; i++)
		if (strcmp(e->llm_models[i].name, name) == 0)
			return (long)i;
	return -1;
}

const Market *edition_market_for_lang(const Edition *e, const char *lang)
{
	for (size_t i = 0; lang && i < e->n_markets; i++)
		if (strcmp(e->markets[i].lang, lang) == 0)
			return &e->markets[i];
	return NULL;
}

const Market *edition_market_for_currency(const Edition *e,
                                          const char *code)
{
	for (size_t i = 0; i < e->n_markets; i++)
		if (strcmp(e->markets[i].currency, code) == 0)
			return &e->markets[i];
	return NULL;
}
