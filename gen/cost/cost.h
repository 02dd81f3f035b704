/* Cost stage: the GPUs' prices (through the price model), 1/2/4/8-GPU
 * builds in each condition a GPU is offered in (new, used), each build as
 * line items (base system or 8-GPU PCIe chassis, GPUs, added power
 * supply, risers, and an unpriced electrical-circuit line when one
 * household circuit is not enough) that add up to its cost, performance per dollar, power
 * draw, power supply and physical fit, household circuits, the consumer
 * driver licence question, electricity and CO2, and the article's worked
 * examples.  Cloud comparisons are in cloud.h.
 * In: const Performance (and through it the Edition).  Out: Costs.
 * Ownership: cost_run returns Costs the caller frees with costs_free; it
 * points into the Performance, which must outlive it. */
#ifndef GG_COST_H
#define GG_COST_H

#include "model.h"
#include "price.h"

#define BUILD_SIZES 4
extern const int BUILD_GPU_COUNTS[BUILD_SIZES]; /* 1, 2, 4, 8 */


/* Why a build does not physically work as a standard machine. */
enum {
	FIT_SLOTS = 1,    /* the cards need more slots than the board has */
	FIT_NO_GAP = 2,   /* open-air coolers packed without a gap */
	FIT_POWER = 4,    /* more than the base system's supply, and no
	                     replacement supply in parts.csv covers it */
	FIT_MODULE = 8,   /* SXM/OAM module: needs a server made for it */
	FIT_HOST = 16,    /* PCIe cards, but the base system takes modules
	                     and no 8-GPU PCIe chassis is priced */
	FIT_AIRFLOW = 32  /* a passive card (no fan of its own) in a desktop:
	                     it needs a server's forced airflow */
};

/* LINE_CIRCUIT is an advice line, not a purchase: the build draws more
 * than one household circuit carries in some region, and the electrical
 * work is not priced (name NULL, prices 0, not_included true; the
 * renderer shows the `request.item_circuit` string). */
typedef enum { LINE_BASE_SYSTEM, LINE_GPU, LINE_PSU, LINE_RISER,
               LINE_CIRCUIT } LineKind;

/* One line of a build's invoice; the lines add up to Build.cost. */
typedef struct {
	LineKind kind;
	const char *name;       /* base system or part name; NULL for GPUs
	                           and the circuit line */
	int quantity;
	double unit_price, total; /* USD; 0 when not_included */
	const Provenance *from; /* the row the price comes from, or NULL */
	bool not_included;      /* named for completeness, not in the total:
	                           the buyer must get a quote */
} LineItem;

#define BUILD_MAX_ITEMS 6
#define MAX_CIRCUITS 4

typedef struct {
	size_t gpu;
	int gpu_count;
	const BaseSystem *system;
	double cost;
	double perf[WORKLOAD_COUNT];       /* n GPUs, reference GPU = 1 */
	double per_dollar[WORKLOAD_COUNT]; /* reference GPU's build of the
	                                      same size = 1 */
	int rank[WORKLOAD_COUNT];          /* per-dollar rank within size */
	double speedup;                    /* parallel speed-up (CNN) */
	unsigned fit;                      /* FIT_* flags */
	double gpu_w, draw_w, psu_w;       /* GPUs, whole system, PSU to buy */
	double running_w; /* what it draws at work (cost_running_w) */
	double kwh_year, electricity_year, co2_kg_year; /* at `utilization` */
	/* added by the price model and whole-build costing */
	Condition condition;               /* of the GPUs' price */
	const GpuPrice *gpu_price;         /* the price behind the GPUs */
	bool payable;                      /* price_payable(gpu_price): a
	                                      build priced by estimates
	                                      alone is shown, marked, and
	                                      is no candidate for a pick */
	LineItem items[BUILD_MAX_ITEMS];   /* sum of totals == cost */
	size_t n_items;
	double psu_added_w;                /* second supply's output, or 0 */
	const Part *psu_replacement;       /* the supply that replaces the
	                                      base system's own, or NULL */
	int circuits[MAX_CIRCUITS];        /* household circuits needed per
	                                      Costs.circuits entry */
	bool over_circuit;                 /* draw above one circuit of some
	                                      region */
	bool consumer_in_server;           /* consumer (GeForce) cards in a
	                                      server: the driver licence
	                                      question applies */
} Build;

/* One region's household circuit, from `circuit_w.REGION`. */
typedef struct {
	const char *region; /* the key's suffix: "us_120v" */
	double watts;       /* continuous load one circuit carries */
	const Assumption *from;
} Circuit;

typedef struct {
	/* closed-form examples of the article, from assumptions */
	double theory_ratio, theory_low, theory_high;
	const char *theory_gpu, *theory_reference;
	int cycles_without, cycles_with;
	const Build *power_build, *power_alt_build;
	const Build *breakeven_build;
	const CloudOffer *breakeven_offer;
	double desktop_cost, electricity_day, cloud_day, breakeven_days;
	double example_days, cloud_at_example, desktop_first_year;
} Examples;

typedef struct {
	const Performance *perf;
	PriceModel *price_model; /* owned */
	GpuPrice *prices;   /* n = edition->n_gpus: the new price when the GPU
	                       is offered new, else the used one */
	Build *builds;      /* rated GPUs, sizes 1, 2, 4, 8, each condition
	                       with a price (new first): by GPU, condition,
	                       then size, every size for each */
	size_t n_builds;
	size_t size_step;   /* BUILD_SIZES when builds[i] has
	                       BUILD_GPU_COUNTS[i % BUILD_SIZES] GPUs (cost_run);
	                       0: builds in any order (made by hand) */
	BaseSystem pcie8_chassis; /* from parts.csv; valid when has_pcie8 */
	bool has_pcie8;
	Circuit circuits[MAX_CIRCUITS];
	size_t n_circuits;
	const Assumption *licence;   /* consumer_driver_licence: its source
	                                and url say where the terms are */
	double useful_life_years, verdict_margin;
	double cpu_w, rest_w, psu_headroom, psu_step_w, psu_max_w;
	double utilization, kwh_price, co2_per_kwh;
	Examples examples;
	/* the cloud offers of the edition's market (cost.h, "markets"): cloud.csv's
	 * for the home market, else the market's offers of
	 * market_cloud.csv priced in USD at its rate (owned_cloud) */
	const CloudOffer *cloud;
	size_t n_cloud;
	CloudOffer *owned_cloud;
} Costs;

/* The cost stage: cost_compute (builds, their invoices, power, ranks),
 * then the article's worked examples (cost_examples_run); in
 * cost_stage.c.  Returns Costs the caller frees with costs_free, or NULL
 * with *error set. */
Costs *cost_run(const Performance *perf, GError **error);

/* The builds of cost_run without the worked examples (cost.c). */
Costs *cost_compute(const Performance *perf, GError **error);
void costs_free(Costs *c);

/* "RTX 3080" or "4× RTX 3090", with the caller's (translated) suffix
 * after a used build.
 * Caller frees. */
char *cost_build_label(const Edition *e, const Build *b,
                       const char *used_suffix);

/* Internal to the cost stage (cost_examples.c): fills Costs.examples. */
bool cost_examples_run(Costs *c, GError **error);

/* The build of gpu with n GPUs, or NULL; the new one when both exist. */
const Build *cost_build(const Costs *c, size_t gpu, int gpu_count);

/* The builds of gpu_count GPUs are among builds[first], builds[first +
 * step], ... (cost_size_step): the first, or c->n_builds when none has
 * that many.  Builds laid out by size give just those; others give
 * every build (first 0, step 1), so the caller still tests the size. */
static inline size_t cost_first_of_size(const Costs *c, int gpu_count)
{
	if (c->size_step != BUILD_SIZES)
		return 0;
	for (int k = 0; k < BUILD_SIZES; k++)
		if (BUILD_GPU_COUNTS[k] == gpu_count)
			return MIN((size_t)k, c->n_builds);
	return c->n_builds;
}

static inline size_t cost_size_step(const Costs *c)
{
	return c->size_step == BUILD_SIZES ? BUILD_SIZES : 1;
}

/* The build of gpu with n GPUs in a condition, or NULL. */
const Build *cost_build_in(const Costs *c, size_t gpu, int gpu_count,
                           Condition condition);

/* Days after which buying the build costs less than renting offer for the
 * same amount of training work (speed-adjusted, CNN) at the given
 * utilization (0..1); never negative: INFINITY when renting the work
 * costs no more than the desktop's electricity for it. */
double cost_breakeven_days(const Costs *c, const Build *b,
                           const CloudOffer *offer, double utilization);

/* The cloud offer closest in speed to the build (see cloud.h), or NULL. */
const CloudOffer *cost_matching_cloud(const Costs *c, const Build *b);

/* Sum of the build's line items (equals b->cost). */
double cost_items_total(const Build *b);

/* Yearly kWh of a build at a utilization. */
/* The power a build runs at, W: a rated system's rating (system_w), else
 * its GPUs' board power plus the processor. */
double cost_running_w(const Costs *c, const Build *b);
double cost_kwh_year(const Costs *c, const Build *b, double utilization);

#endif
