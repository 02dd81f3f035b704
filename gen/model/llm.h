/* LLM stage: the memory a large language model needs to run or fine-tune,
 * which GPU builds hold it, and how fast one GPU generates tokens.
 * In: an Edition (llm_models.csv, llm_measurements.csv and the llm_*
 * assumptions).  Out: LlmResults.
 * Ownership: llm_run returns LlmResults the caller frees with
 * llm_results_free; it points into the Edition, which must outlive it.
 * Memory figures are in bytes unless a name says GB (10^9 bytes). */
#ifndef GG_LLM_H
#define GG_LLM_H

#include "data.h"

/* Bytes in a GB of bandwidth (gpus.csv GB/s, machines.csv): decimal. */
#define LLM_BYTES_PER_GB 1e9

/* What the memory is for. */
typedef enum { LLM_INFERENCE, LLM_MODE_LORA, LLM_MODE_QLORA,
               LLM_MODE_FULL, LLM_MODE_COUNT } LlmMode;

/* Every constant of the stage, each an assumptions.csv row (llm_*). */
typedef struct {
	double bytes_per_param[LLM_PRECISION_COUNT];
	double kv_bytes;            /* per cached element */
	double context, batch;      /* inference cases */
	double context_long, context_longest; /* the long-context columns */
	double serving_users;       /* concurrent users of a team server */
	double inference_overhead;  /* bytes beyond weights + KV cache */
	double adam_bytes;          /* per trained parameter */
	double train_seq, train_batch;
	double act_checkpoint_bytes, act_layer_bytes;
	double lora_rank;
	double train_overhead;      /* fraction of the summed terms */
	double tp_overhead;         /* per-GPU loss when split */
	double gpu_memory_unit;     /* bytes per gpus.csv GB */
	double memory_headroom;     /* share of a card kept free when
	                               serving (inference modes) */
	double memory_headroom_train; /* the same when fine-tuning (LoRA,
	                                 QLoRA, full) */
	double tokens_error_bound;  /* the tests' limit on the LOO error */
	double hbm_min_bandwidth_gbs;
} LlmConstants;

/* The terms of one memory estimate, bytes. */
typedef struct {
	double weights;    /* stored model (frozen base for LoRA/QLoRA) */
	double kv_cache;   /* inference only */
	double trained;    /* weights' grads, master copy and moments (full)
	                    * or adapters with theirs (LoRA, QLoRA) */
	double activations;/* fine-tuning, gradient checkpointing */
	double overhead;
	double total;
} LlmMemory;

/* One row of the memory table: a model in a mode at a precision. */
typedef struct {
	const LlmModel *model;
	LlmMode mode;
	LlmPrecision precision; /* of the stored weights */
	LlmMemory memory;
	/* inference: the tokens in each user's KV cache and the users served
	 * at once (llm_context and llm_batch for the table's cases; serve and
	 * long set theirs) */
	double context, users;
} LlmCase;

/* Whether the builds of one GPU hold one case. */
typedef struct {
	size_t case_index; /* into LlmResults.cases */
	size_t gpu;        /* into Edition.gpus */
	int min_gpus;      /* smallest of 1, 2, 4, 8 that holds it; 0: none */
	double need_gb;    /* the case's total, GB */
} LlmFit;

/* A published memory figure against ours. */
typedef struct {
	const LlmMeasurement *published;
	double published_bytes, computed_bytes;
	double error; /* computed / published - 1 */
} LlmMemoryCheck;

/* A published decode speed against the bandwidth model. */
typedef struct {
	const LlmMeasurement *published;
	double bytes_per_token;
	double predicted;     /* with every measurement in the fit */
	double predicted_loo; /* fitted without this measurement; a held-out
	                       * one: the same as predicted */
	double error_loo;     /* predicted_loo / measured - 1 */
	bool held_out;        /* validate=no: never fitted, only checked */
} LlmSpeedCheck;

/* GPUs are split by memory type: HBM (datacenter segment and at least
 * llm_hbm_min_bandwidth_gbs) and GDDR (the rest). */
typedef enum { LLM_MEMORY_GDDR, LLM_MEMORY_HBM, LLM_MEMORY_KIND_COUNT }
    LlmMemoryKind;

typedef struct {
	/* tokens/s = efficiency x bandwidth / bytes per token; fitted by
	 * least squares in log space per memory kind; 0 when a kind has no
	 * measurement and none at all were available. */
	double efficiency[LLM_MEMORY_KIND_COUNT];
	size_t n_points[LLM_MEMORY_KIND_COUNT];
	LlmSpeedCheck *checks;
	size_t n_checks;
	double mean_abs_error_loo, max_abs_error_loo; /* 0 with < 2 points */
	/* measurements held out of the fit (validate=no), each against the
	 * estimate fitted on all the others: count, mean and worst |error| */
	size_t n_held_out;
	double mean_abs_error_held_out, max_abs_error_held_out;
} LlmSpeedModel;

/* The decode model of the unified-memory machines (machines.csv): the
 * same form as the cards' (efficiency x bandwidth / bytes per token),
 * one efficiency fitted in log space on machine_measurements.csv, with
 * its leave-one-out errors; efficiency 0 without a measurement. */
typedef struct {
	double efficiency;
	size_t n_points;
	double mean_abs_error_loo, max_abs_error_loo; /* 0 with < 2 points */
} LlmMachineSpeed;

/* Where a decode speed comes from. */
typedef enum { LLM_SPEED_NONE, LLM_SPEED_MEASURED, LLM_SPEED_MODELLED }
    LlmSpeedSource;

/* The decode speed of a device (a card of a build, or a machine) on a
 * case: tokens/s for each user, for all users together (the same for one
 * user), and the range of the together figure: the spread of the
 * published runs when measured, the model's mean leave-one-out error
 * either side when modelled. */
typedef struct {
	double per_user, together, low, high;
	LlmSpeedSource source;
	size_t n_runs; /* published runs behind a measured figure */
} LlmDecode;

typedef struct {
	const Edition *edition;
	LlmConstants constants;
	LlmMachineSpeed machine_speed;
	LlmCase *cases;            size_t n_cases;
	LlmFit *fits;              size_t n_fits; /* n_cases x n_gpus */
	LlmMemoryCheck *memory_checks; size_t n_memory_checks;
	LlmSpeedModel speed;
} LlmResults;

/* Runs the stage.  Returns NULL with *error set (GG_ERR_INPUT naming
 * assumptions.csv) when a needed llm_* assumption is missing.  An edition
 * without LLM models gets empty tables and needs no assumption. */
LlmResults *llm_run(const Edition *edition, GError **error);
void llm_results_free(LlmResults *results);

/* Reads the llm_* assumptions; false with *error set if one is missing. */
bool llm_constants_load(const Edition *edition, LlmConstants *c,
                        GError **error);

/* Stored weights at a precision, bytes. */
double llm_weight_bytes(const LlmModel *m, LlmPrecision p,
                        const LlmConstants *c);
/* KV cache for tokens of context in batch sequences, bytes, at the
 * edition's KV precision (llm_kv_bytes). */
double llm_kv_cache_bytes(const LlmModel *m, double tokens, double batch,
                          const LlmConstants *c);
/* The same with each cached element element_bytes long:
 * llm_kv_elements_per_token x llm_kv_cached_tokens x batch x bytes. */
double llm_kv_cache_bytes_at(const LlmModel *m, double tokens, double batch,
                             double element_bytes);
/* Elements one layer caches per token: 2 x kv_heads x head_dim (keys and
 * values, grouped-query attention), or kv_latent_dim (latent attention). */
double llm_kv_elements_per_token(const LlmModel *m);
/* Token positions cached over all layers for a context of tokens: every
 * full-attention layer keeps them all, a sliding-window layer at most
 * sliding_window. */
double llm_kv_cached_tokens(const LlmModel *m, double tokens);
/* Bytes per cached element at KV precision kv: LLM_FP8 reads
 * llm_bytes_per_param.fp8 (E4M3), any other llm_kv_bytes (16 bits). */
double llm_kv_element_bytes(LlmPrecision kv, const LlmConstants *c);
/* Parameters of LoRA adapters of the stated rank on every linear layer. */
double llm_lora_params(const LlmModel *m, const LlmConstants *c);
/* Inference memory of m at p with tokens of context in batch sequences. */
LlmMemory llm_inference_memory(const LlmModel *m, LlmPrecision p,
                               double tokens, double batch,
                               const LlmConstants *c);
/* The same with the KV cache at precision kv (llm_kv_element_bytes). */
LlmMemory llm_inference_memory_kv(const LlmModel *m, LlmPrecision p,
                                  LlmPrecision kv, double tokens,
                                  double batch, const LlmConstants *c);
/* The memory of m in a mode: inference at p with the stated context and
 * batch; LoRA with the base at p; QLoRA (base in nf4); full fine-tuning
 * (mixed precision, p ignored). */
LlmMemory llm_memory(const LlmModel *m, LlmMode mode, LlmPrecision p,
                     const LlmConstants *c);
/* Usable bytes of count GPUs of one kind (split overhead when > 1). */
double llm_capacity_bytes(const Gpu *g, int count, const LlmConstants *c);
/* The share of a card kept free in a mode: a serving framework's reserve
 * for inference (llm_memory_headroom), a training framework's for
 * fine-tuning (llm_memory_headroom_train). */
double llm_headroom(LlmMode mode, const LlmConstants *c);
/* What a build may plan on in a mode: llm_capacity_bytes less the
 * mode's headroom, in the same bytes as the needs.  The fit table and
 * the use cases' memory per GPU (llm_min_memory_gb) use it. */
double llm_usable_bytes(const Gpu *g, int count, LlmMode mode,
                        const LlmConstants *c);
/* Memory per GPU, GB, that a build of gpu_count GPUs needs for the case:
 * what a use case's min_memory_gb should be. */
double llm_min_memory_gb(const LlmCase *k, int gpu_count,
                         const LlmConstants *c);

/* The memory kind of a GPU. */
LlmMemoryKind llm_memory_kind(const Gpu *g, const LlmConstants *c);
/* Estimated single-GPU tokens/s generating from m at p with tokens of
 * context; 0 when the speed model has no efficiency. */
double llm_tokens_per_s(const LlmResults *r, const LlmModel *m,
                        LlmPrecision p, const Gpu *g, double tokens);

/* Bytes one decode step of one user reads: every weight a token uses (a
 * mixture of experts: its active parameters only) and the KV cache of
 * tokens. */
double llm_bytes_per_token(const LlmModel *m, LlmPrecision p, double tokens,
                           const LlmConstants *c);
/* Bytes one decode step reads for users sequences of tokens at once:
 * the weights a token uses (a mixture of experts: the active share)
 * once, and each sequence's KV cache at precision kv (LLM_FP16: the
 * edition's llm_kv_bytes; LLM_FP8: one byte).  At one user with a 16-bit
 * cache, llm_bytes_per_token. */
double llm_step_bytes(const LlmModel *m, LlmPrecision p, LlmPrecision kv,
                      double tokens, double users, const LlmConstants *c);
/* The decode speed a memory of bandwidth_gbs allows at most: every weight
 * a token reads and the KV cache of tokens, once per token (no
 * efficiency: an upper bound, for machines the speed model has no
 * measurement of). */
double llm_decode_bound(const LlmModel *m, LlmPrecision p,
                        double bandwidth_gbs, double tokens,
                        const LlmConstants *c);

/* The decode speed of a build of GPUs gpu on case k (an inference case).
 * A split model (several cards) runs layer after layer, each card
 * reading its share of the weights in turn: its decode speed is one
 * card's reading the whole model.  Measured: the mean of the published
 * one-user runs of this model, precision and GPU (llm_measurements.csv)
 * when the case has one user; modelled otherwise.  Each step reads the
 * weights once and every user's KV cache. */
LlmDecode llm_gpu_decode(const LlmResults *r, const LlmCase *k, size_t gpu);
/* The same for a machine of machines.csv: its published runs
 * (machine_measurements.csv), else the machines' decode model. */
LlmDecode llm_machine_decode(const LlmResults *r, const LlmCase *k,
                             size_t machine);
/* Whether machine holds case k: the case's need within the memory its
 * accelerator may address, less the mode's headroom. */
bool llm_machine_holds(const LlmResults *r, const LlmCase *k,
                       size_t machine);

/* The case named by model, mode and precision words into *out: a case
 * of the memory table (inference, lora, qlora, full), or computed here
 * for "serve" (llm_serving_users users at the long context at once,
 * vLLM-style batching) and "long" (one user at the longest context);
 * FALSE when there is none. */
bool llm_named_case(const LlmResults *r, const char *model,
                    const char *mode, const char *precision, LlmCase *out);

/* The case of model (by name) in mode at precision, or NULL. */
const LlmCase *llm_find_case(const LlmResults *r, const char *model,
                             LlmMode mode, LlmPrecision p);

const char *llm_mode_name(LlmMode mode); /* "inference", "lora", ... */
/* The mode or precision spelled name ("qlora", "q4_k_m"), or -1: for a
 * use case that names its LLM case in data. */
int llm_mode_from_name(const char *name);
int llm_precision_from_name(const char *name);

#endif
