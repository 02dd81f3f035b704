/* Data stage: the tables of an edition, as the rest of the program reads
 * them, and the look-ups over them.  In: an Edition that edition_load
 * (data.h) made.  Out: rows and indexes into it.
 * Ownership: every string and array inside an Edition belongs to it (the
 * caller of edition_load frees it with edition_free); the look-ups return
 * pointers into it, valid while it lives, and later stages only read it
 * (const Edition *). */
#ifndef GG_EDITION_H
#define GG_EDITION_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>

/* Where a figure comes from: the row's source columns and its place. */
typedef struct {
	char *source, *url, *date, *note;
	const char *file; /* basename, static ("gpus.csv") */
	int line;
	int date_col;     /* column of the date field */
	int source_col, url_col; /* columns of the source and url fields */
	bool estimate;    /* note starts with "estimate" */
} Provenance;

typedef enum { COOLER_BLOWER, COOLER_OPEN_AIR, COOLER_PASSIVE,
               COOLER_LIQUID } Cooler;
typedef enum { SEGMENT_CONSUMER, SEGMENT_WORKSTATION,
               SEGMENT_DATACENTER } Segment;
typedef enum { WORKLOAD_CNN, WORKLOAD_TRANSFORMER, WORKLOAD_COUNT } Workload;
typedef enum { CONDITION_NEW, CONDITION_USED } Condition;
/* What a price row's figure is (prices.csv kind): a shop's dated asking
 * price, a completed sale, the maker's list price, or a figure someone
 * derived or quoted without a shop (data/README.md). */
typedef enum { PRICE_KIND_LISTING, PRICE_KIND_SOLD, PRICE_KIND_LIST,
               PRICE_KIND_ESTIMATE } PriceKind;
/* How a cloud rate is sold: on-demand (the provider's ordinary rate,
 * not taken away), spot (interruptible capacity), community (a
 * marketplace of hosts the provider does not run itself). */
typedef enum { PRICING_ON_DEMAND, PRICING_SPOT, PRICING_COMMUNITY,
               PRICING_COUNT } Pricing;
typedef enum { SYSTEM_DESKTOP, SYSTEM_SERVER } SystemKind;
typedef enum { GPU_FORM_PCIE, GPU_FORM_MODULE } GpuForm;
typedef enum { LIFE_IN_PRODUCTION, LIFE_DISCONTINUED } LifeStatus;
/* parts.csv kind: a second supply beside the base system's own, a
 * riser, an 8-GPU PCIe server, a supply that replaces the base system's
 * own. */
typedef enum { PART_PSU, PART_RISER, PART_CHASSIS_PCIE8,
               PART_PSU_REPLACE } PartKind;

typedef struct {
	char *name, *vendor, *architecture, *launch_date;
	double memory_gb, bandwidth_gbs, sm_count;
	int tensor_gen;
	double smem_per_sm_kb, l2_mb, fp16_tflops, tdp_w, slot_width;
	Cooler cooler;
	Segment segment;
	bool model_ok;
	/* Optional columns ("" when absent): the chip family the model fits
	 * as one group (e.g. "GB100 (sm_100)"), and the segment of that
	 * chip ("datacenter" or "client"); the model never extrapolates
	 * across family segments. */
	char *family, *family_segment;
	/* Optional: peak dense FP16 tensor TFLOPS with FP16 accumulate (the
	 * chip's tensor rate; GeForce halves it with FP32 accumulate, which
	 * fp16_tflops records); 0 when the column is absent. */
	double tensor_tflops;
	/* Optional: peak FP32 shader TFLOPS (boost clock x 2 x CUDA cores);
	 * the rate the non-tensor-core rule of the 2020 form scales by
	 * (model_legacy.c); 0 when absent or empty. */
	double fp32_tflops;
	/* Optional columns fp8, fp4 (yes/no): the tensor cores compute in
	 * that format (false when the column is absent: a GPU is never taken
	 * to have a format the data does not give it); precision_source and
	 * precision_url name the document that says so ("" when absent;
	 * required with either column). */
	bool fp8, fp4;
	char *precision_source, *precision_url;
	/* Optional column no_price: why the card has no dollar price, one
	 * of server-only, oem-quote, supply-ended, euro-only, undated-list,
	 * china-market; "" when absent or empty. */
	char *no_price;
	Provenance from;
} Gpu;

typedef struct {
	size_t gpu; /* index into Edition.gpus */
	Condition condition;
	double price;
	char *currency, *channel;
	PriceKind kind; /* `list` exactly when channel is `list` */
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
	GpuForm gpu_form; /* the GPUs it takes: PCIe cards or SXM/OAM modules */
	/* optional column system_w: the complete system's rated power with
	 * its GPUs (an HGX or DGX node's datasheet figure), W; 0: not given,
	 * the build's draw is its GPUs' board power plus the constants */
	double system_w;
	/* optional column takes: the only GPUs it is built for (gpus.csv
	 * names separated by ';'), indices into gpus; n_takes 0: any GPU of
	 * its form */
	size_t *takes, n_takes;
	Provenance from;
} BaseSystem;

/* lifecycle.csv (optional file): whether a GPU is still made. */
typedef struct {
	size_t gpu;
	LifeStatus status;
	char *end_of_life; /* YYYY-MM-DD, or "" when not known */
	Provenance from;
} Lifecycle;

/* parts.csv (optional file): parts a build may need beside the base
 * system and the GPUs. */
typedef struct {
	PartKind kind;
	char *name;
	double price;
	char *currency;
	double watts;      /* PSU output; chassis: its power supplies */
	int gpu_slots;     /* chassis only, as in systems.csv */
	int pcie_gen;      /* chassis only */
	Provenance from;
} Part;

typedef struct {
	size_t gpu;
	int gpu_count;
	char *interconnect, *network;
	Workload workload;
	char *precision;
	double batch_size, throughput;
	char *unit;
	char *config; /* software configuration / suite; "" when absent */
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
	/* Optional columns ("" when absent): an LLM case (llm_models.csv
	 * name, "inference"/"lora"/"qlora"/"full", a precision) whose
	 * memory recommend_llm_memory puts in min_memory_gb (0 until then);
	 * llm_line/llm_col: the llm_model cell, for errors. */
	char *llm_model, *llm_mode, *llm_precision;
	int llm_line, llm_col;
	/* Optional column requires: the rules a build must keep to serve
	 * the case (USE_RULE_* flags, 0 when absent); see recommend.h. */
	unsigned requires;
	/* Optional column measure: what the use case's builds are ranked
	 * on, per dollar: MEASURE_TRAINING (training speed on workload, the
	 * default) or MEASURE_DECODE (decode tokens per second of its LLM
	 * case, which must be an inference, serve or long one). */
	int measure;
	/* Optional column utilization: the assumption (utilization,
	 * utilization_shared_cluster, ...) that states how busy the build is,
	 * and its value: the hours at which renting and buying are weighed.
	 * Absent: the `utilization` assumption (0 when the edition has none:
	 * the cost stage's utilization then applies). */
	char *utilization_key;
	double utilization;
	/* Optional column quote: the configurations to ask vendors to quote
	 * when no build with a price meets the case ("HGX H200; HGX B200"),
	 * "" when absent: the decision is then "vendor quote or rent". */
	char *quote;
	Provenance from;
} UseCase;

/* use_cases.csv's measure words, by value: "training", "decode". */
enum { MEASURE_TRAINING, MEASURE_DECODE, MEASURE_COUNT };
extern const char *const edition_measure_ids[MEASURE_COUNT + 1];

/* The rules of use_cases.csv's requires column, as words and flags:
 * fit (the build fits its base system: slots, power, cooling),
 * datacenter (deployed in a datacenter: the card's driver licence allows
 * it), p2p (the cards exchange data directly: NVLink or PCIe
 * peer-to-peer), fp8 (the GPU computes in FP8: gpus.csv fp8, for the
 * training recipes of 2026 that train in it). */
enum { USE_RULE_FIT = 1, USE_RULE_DATACENTER = 2, USE_RULE_P2P = 4,
       USE_RULE_FP8 = 8 };
#define USE_RULE_COUNT 4
extern const char *const edition_use_rule_ids[USE_RULE_COUNT + 1];
/* cloud.csv's pricing words, by Pricing: "on-demand", "spot",
 * "community". */
extern const char *const edition_pricing_ids[PRICING_COUNT + 1];

typedef struct {
	char *provider, *instance;
	size_t gpu;
	int gpu_count;
	double price_per_hour; /* in `currency` */
	char *currency;
	Pricing pricing;
	/* market_cloud.csv only: the market whose readers can rent it (its
	 * id in markets.csv; the price is in that market's currency);
	 * NULL for cloud.csv, whose offers are the home market's (USD) */
	char *market;
	Provenance from;
} CloudOffer;

/* markets.csv (optional file): one figure of a market beside the
 * edition's home market (the US, whose figures are assumptions.csv's):
 * key is lang, currency, fx_per_usd, vat, kwh_price or circuit_w.NAME
 * (data/README.md, "markets.csv"). */
typedef struct {
	char *market;
	Assumption a; /* key, value (text, or number when is_number), unit,
	                 meaning, provenance */
} MarketRow;

#define MARKET_MAX_CIRCUITS 4
#define MARKET_MAX_BUDGETS 16

/* A market as the cost stage reads it: built from its markets.csv rows
 * when the edition loads (every key present once, checked). */
typedef struct {
	const char *id;        /* "cn" */
	const char *lang;      /* the language folder whose edition uses it */
	const char *currency;  /* "CNY" */
	double fx_per_usd;     /* units of currency per USD */
	double vat;            /* tax on the goods a reader there pays, 0..1 */
	double kwh_price;      /* household electricity, currency per kWh */
	const Assumption *fx_from, *vat_from, *kwh_from;
	struct {
		const char *region; /* NAME of circuit_w.NAME */
		double watts;
		const Assumption *from;
	} circuits[MARKET_MAX_CIRCUITS];
	size_t n_circuits;
	/* budget.USE_CASE: the use case's whole-system budget in the
	 * market's currency (a round amount its readers budget in),
	 * replacing use_cases.csv's dollars in its edition
	 * (edition_use_market) */
	struct {
		const char *use_case;
		const Assumption *from;
	} budgets[MARKET_MAX_BUDGETS];
	size_t n_budgets;
} Market;

/* market_notes.csv (optional file): the dated source of one point a
 * language's edition makes for its buyers (zh-CN: 中国买家须知), cited in
 * its templates as {{note_source.ID}}; a note about one card of gpus.csv
 * (column gpu) also gives the model's rating of it, {{note_rating.ID}}. */
typedef struct {
	char *id;
	char *lang; /* the language folder whose templates cite it */
	bool has_gpu;
	size_t gpu; /* index into Edition.gpus, when has_gpu */
	Provenance from;
} MarketNote;

/* llm_models.csv: a published model configuration (config.json). */
typedef struct {
	char *name;
	char *size_class; /* "7-8B"; empty: used by measurements only */
	double params_b;  /* total parameters, billions */
	/* optional column active_params_b: the parameters a token reads, for
	 * a mixture of experts (billions); 0: all of them */
	double active_params_b;
	int layers, hidden, heads, kv_heads, head_dim, intermediate;
	/* optional column max_context: the longest context the model is
	 * published for, tokens; 0 when not given */
	int max_context;
	/* the attention design as config.json states it (optional columns,
	 * 0 when not given): sliding_layers of the layers attend to the last
	 * sliding_window tokens only (sliding_window, layer_types or
	 * sliding_window_pattern); kv_latent_dim > 0: latent attention
	 * (MLA), each layer caches one vector of kv_lora_rank +
	 * qk_rope_head_dim elements a token instead of keys and values */
	int sliding_window, sliding_layers, kv_latent_dim;
	Provenance from;
} LlmModel;

/* Storage formats of LLM weights; bytes per parameter are assumptions
 * (llm_bytes_per_param.NAME). */
typedef enum { LLM_FP16, LLM_FP8, LLM_INT8, LLM_Q4, LLM_Q4_K_M, LLM_NF4,
               LLM_PRECISION_COUNT } LlmPrecision;

/* machines.csv (optional file): a machine bought for local LLM work
 * whose accelerator shares one memory with its processor (DGX Spark,
 * Ryzen AI Max+ 395 systems, Mac Studio).  Rated for LLM inference only:
 * what fits in its memory and a decode speed bound by its bandwidth. */
typedef struct {
	char *name;
	double memory_gb;      /* unified memory, GB as sold */
	double usable_gb;      /* what the accelerator may address, GB */
	double bandwidth_gbs;  /* memory bandwidth, GB/s */
	char *software;        /* the accelerator's stack: cuda, rocm, metal */
	double price;          /* whole machine, new; 0: no price (note says
	                          why) */
	char *currency;
	Provenance from;
} Machine;

/* machine_measurements.csv (optional file): a published decode speed of
 * a machines.csv machine, shown beside the bound of its bandwidth; never
 * in the cards' efficiency fit (another memory and software stack). */
typedef struct {
	size_t machine;    /* index into Edition.machines */
	size_t model;      /* index into Edition.llm_models */
	LlmPrecision precision;
	double context;    /* tokens in the KV cache (mean of the run) */
	double value;      /* tokens/s, one stream */
	char *program;     /* the inference program: vLLM, llama.cpp, ... */
	Provenance from;
} MachineMeasurement;

/* What an llm_measurements.csv row measured. */
typedef enum { LLM_WEIGHTS, LLM_KV_CACHE, LLM_FULL, LLM_LORA, LLM_QLORA,
               LLM_TOKENS_PER_S } LlmQuantity;

/* llm_measurements.csv: a published memory figure or decode speed. */
typedef struct {
	LlmQuantity quantity;
	size_t model;      /* index into Edition.llm_models */
	long gpu;          /* index into Edition.gpus; -1 for memory rows */
	LlmPrecision precision;
	double context;    /* tokens in the KV cache */
	double value;
	char *unit;        /* GB, GiB or tokens/s */
	bool validate;     /* memory rows: the tests hold us within 10% */
	Provenance from;
} LlmMeasurement;

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
	Lifecycle *lifecycle;      size_t n_lifecycle; /* optional file */
	Part *parts;               size_t n_parts;     /* optional file */
	/* optional files: markets beside the home market, their figures and
	 * cloud offers */
	MarketRow *market_rows;    size_t n_market_rows;
	Market *markets;           size_t n_markets;
	CloudOffer *market_cloud;  size_t n_market_cloud;
	MarketNote *market_notes;  size_t n_market_notes;
	/* the market whose figures this load computes with: NULL for the
	 * home market (assumptions.csv, cloud.csv); set once by
	 * results_run for the language being written, before any stage */
	const Market *market;
	/* optional files: an edition without them has zero rows */
	LlmModel *llm_models;             size_t n_llm_models;
	LlmMeasurement *llm_measurements; size_t n_llm_measurements;
	Machine *machines;         size_t n_machines; /* optional file */
	MachineMeasurement *machine_measurements; /* optional file */
	size_t n_machine_measurements;
	char *data_date; /* the latest price date: "data as of" */
	/* The date the edition describes: the edition_date assumption of an
	 * archived edition (edition_date_fixed: no dated row may pass it),
	 * else the newest price, benchmark or cloud row, so the current
	 * edition follows its data; "" for an edition with no dated row. */
	char *edition_date;
	bool edition_date_fixed;
	GHashTable *gpu_index;  /* name -> GPU index + 1 (edition_find_gpu) */
	GHashTable *gpu_stems;  /* while loading: file stem -> GpuStem */
	GHashTable *assumption_index; /* key -> row + 1 (edition_assumption) */
	GHashTable *lifecycle_index;  /* GPU index + 1 -> row + 1 */
} Edition;

/* Index of the GPU called name, or -1. */
long edition_find_gpu(const Edition *edition, const char *name);

/* The market whose edition is written in language lang ("zh-CN"), or
 * NULL when the language uses the home market's figures. */
const Market *edition_market_for_lang(const Edition *e, const char *lang);

/* Computes e for the buyers of lang's market (Edition.market; NULL: the
 * home market): its budget.USE_CASE rows replace those use cases'
 * budgets.  Before any stage; false with a file:line:col error when a
 * budget row names no use case with a budget. */
bool edition_use_market(Edition *e, const char *lang, GError **error);

/* The market whose currency is code, or NULL. */
const Market *edition_market_for_currency(const Edition *e,
                                          const char *code);

/* The assumption called key, or NULL. */
const Assumption *edition_assumption(const Edition *edition, const char *key);

/* The base system for n GPUs, or NULL. */
const BaseSystem *edition_system(const Edition *edition, int gpu_count);
/* True when s is built for gpu: it names it in takes, or takes any. */
bool edition_system_takes(const BaseSystem *s, size_t gpu);

/* The lifecycle row of gpu, or NULL. */
const Lifecycle *edition_lifecycle(const Edition *edition, size_t gpu);

/* Number of distinct (source, date) pairs across all files. */
size_t edition_count_sources(const Edition *edition);

/* The ids the CSV files use for a workload and an LLM precision, in the
 * order of their enums, NULL-terminated (edition.c). */
extern const char *const edition_workload_ids[];
extern const char *const edition_llm_precision_ids[];

const char *workload_name(Workload w);

/* Index of the machines.csv machine called name, or -1. */
long edition_find_machine(const Edition *edition, const char *name);

/* Index of the LLM model called name, or -1. */
long edition_find_llm_model(const Edition *edition, const char *name);

/* "fp16", "q4", ...: the spelling of llm_measurements.csv. */
const char *llm_precision_name(LlmPrecision p);

#endif
