/* Cost stage: prices, 1/2/4/8-GPU builds with their cost, performance per
 * dollar, power draw, power supply and physical fit, electricity and CO2,
 * cloud break-even, and the article's worked examples.
 * In: const Performance (and through it the Edition).  Out: Costs.
 * Ownership: cost_run returns Costs the caller frees with costs_free; it
 * points into the Performance, which must outlive it. */
#ifndef GG_COST_H
#define GG_COST_H

#include "model.h"

#define BUILD_SIZES 4
extern const int BUILD_GPU_COUNTS[BUILD_SIZES]; /* 1, 2, 4, 8 */

typedef struct {
	bool has_price;
	double price;        /* mean of the rows of `condition` */
	Condition condition; /* new when any new price exists, else used */
	size_t n_prices;
	const char *latest_date;
} GpuPrice;

/* Why a build does not physically work as a standard machine. */
enum {
	FIT_SLOTS = 1,    /* the cards need more slots than the board has */
	FIT_NO_GAP = 2,   /* open-air coolers packed without a gap */
	FIT_POWER = 4,    /* beyond the largest standard power supply */
	FIT_MODULE = 8    /* SXM/OAM module: needs a server made for it */
};

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
	double kwh_year, electricity_year, co2_kg_year; /* at `utilization` */
} Build;

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
	GpuPrice *prices;   /* n = edition->n_gpus */
	Build *builds;      /* rated GPUs with a price, sizes 1, 2, 4, 8 */
	size_t n_builds;
	double cpu_w, rest_w, psu_headroom, psu_step_w, psu_max_w;
	double utilization, kwh_price, co2_per_kwh;
	Examples examples;
} Costs;

Costs *cost_run(const Performance *perf, GError **error);
void costs_free(Costs *c);

/* The build of gpu with n GPUs, or NULL. */
const Build *cost_build(const Costs *c, size_t gpu, int gpu_count);

/* Days after which buying the build costs less than renting offer at the
 * given utilization (0..1); INFINITY when the cloud never costs more. */
double cost_breakeven_days(const Costs *c, const Build *b,
                           const CloudOffer *offer, double utilization);

/* The cloud offer to compare a build with: the cheapest offer with as
 * many GPUs, each at least 90% as fast as the build's (CNN); without such
 * an offer, the fastest one with as many GPUs; NULL when there is none. */
const CloudOffer *cost_matching_cloud(const Costs *c, const Build *b);

/* Yearly kWh of a build at a utilization. */
double cost_kwh_year(const Costs *c, const Build *b, double utilization);

#endif
