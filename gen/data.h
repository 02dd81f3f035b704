/* Data stage: an edition folder of CSV files in, typed and cross-checked
 * tables out.  Every schema rule of data/README.md is enforced here.
 * In: a folder path.  Out: Edition.
 * Ownership: edition_load returns an Edition the caller frees with
 * edition_free; every string and array inside belongs to the Edition, and
 * later stages only read it (const Edition *). */
#ifndef GG_DATA_H
#define GG_DATA_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>

/* Where a figure comes from: the row's source columns and its place. */
typedef struct {
	char *source, *url, *date, *note;
	const char *file; /* basename, static ("gpus.csv") */
	int line;
	bool estimate;    /* note starts with "estimate" */
} Provenance;

typedef enum { COOLER_BLOWER, COOLER_OPEN_AIR, COOLER_PASSIVE,
               COOLER_LIQUID } Cooler;
typedef enum { SEGMENT_CONSUMER, SEGMENT_WORKSTATION,
               SEGMENT_DATACENTER } Segment;
typedef enum { WORKLOAD_CNN, WORKLOAD_TRANSFORMER, WORKLOAD_COUNT } Workload;
typedef enum { CONDITION_NEW, CONDITION_USED } Condition;
typedef enum { PRICING_ON_DEMAND, PRICING_SPOT } Pricing;
typedef enum { SYSTEM_DESKTOP, SYSTEM_SERVER } SystemKind;

typedef struct {
	char *name, *vendor, *architecture, *launch_date;
	double memory_gb, bandwidth_gbs, sm_count;
	int tensor_gen;
	double smem_per_sm_kb, l2_mb, fp16_tflops, tdp_w, slot_width;
	Cooler cooler;
	Segment segment;
	bool model_ok;
	Provenance from;
} Gpu;

typedef struct {
	size_t gpu; /* index into Edition.gpus */
	Condition condition;
	double price;
	char *currency, *channel;
	Provenance from;
} Price;

typedef struct {
	int gpu_count;
	char *name;
	SystemKind kind;
	double cost;
	char *currency;
	int pcie_gen, lanes_per_gpu;
	double psu_w;
	int gpu_slots;
	Provenance from;
} BaseSystem;

typedef struct {
	size_t gpu;
	int gpu_count;
	char *interconnect, *network;
	Workload workload;
	char *precision;
	double batch_size, throughput;
	char *unit;
	Provenance from;
} Benchmark;

typedef struct {
	char *key, *value, *unit, *meaning;
	double number; /* valid when is_number */
	bool is_number;
	int value_col;
	Provenance from;
} Assumption;

typedef struct {
	char *id;
	double min_memory_gb;
	Workload workload;
	int gpu_count;
	double budget;     /* 0 = no limit */
	int condition;     /* CONDITION_NEW, CONDITION_USED, or -1: any */
	Provenance from;
} UseCase;

typedef struct {
	char *provider, *instance;
	size_t gpu;
	int gpu_count;
	double price_per_hour;
	char *currency;
	Pricing pricing;
	Provenance from;
} CloudOffer;

typedef struct {
	char *dir;  /* the folder it was loaded from */
	char *name; /* folder basename: "current", "2020-09" */
	Gpu *gpus;                 size_t n_gpus;
	Price *prices;             size_t n_prices;
	BaseSystem *systems;       size_t n_systems;
	Benchmark *benchmarks;     size_t n_benchmarks;
	Assumption *assumptions;   size_t n_assumptions;
	UseCase *use_cases;        size_t n_use_cases;
	CloudOffer *cloud;         size_t n_cloud;
	char *data_date; /* the latest price date: "data as of" */
	GHashTable *gpu_index;  /* name -> GPU index + 1 (edition_find_gpu) */
	GHashTable *gpu_stems;  /* while loading: file stem -> GpuStem */
} Edition;

/* Loads and validates every file of the edition in dir.  Returns NULL with
 * *error set ("file:line:col: message", GG_ERR_INPUT) on the first
 * problem. */
Edition *edition_load(const char *dir, GError **error);
void edition_free(Edition *edition);

/* Index of the GPU called name, or -1. */
long edition_find_gpu(const Edition *edition, const char *name);

/* The assumption called key, or NULL. */
const Assumption *edition_assumption(const Edition *edition, const char *key);

/* The base system for n GPUs, or NULL. */
const BaseSystem *edition_system(const Edition *edition, int gpu_count);

/* Number of distinct (source, date) pairs across all files. */
size_t edition_count_sources(const Edition *edition);

const char *workload_name(Workload w);

#endif
