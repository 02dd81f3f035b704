/* Cost stage: builds, their invoices, power and ranking.  See cost.h;
 * the worked examples are in cost_examples.c, cloud comparisons in
 * cloud.c. */
#include "cost.h"

#include "util.h"

#include <string.h>

const int BUILD_GPU_COUNTS[BUILD_SIZES] = {1, 2, 4, 8};

#define HOURS_PER_YEAR 8760.0 /* 24 x 365 */

/* ---- parts ----------------------------------------------------------- */

/* The cheapest part of a kind with at least `watts` (0: any), or NULL. */
static const Part *cheapest_part(const Edition *e, PartKind kind,
                                 double watts)
{
	const Part *best = NULL;
	for (size_t i = 0; i < e->n_parts; i++) {
		const Part *p = &e->parts[i];
		if (p->kind != kind || p->watts < watts)
			continue;
		if (!best || p->price < best->price)
			best = p;
	}
	return best;
}

/* The 8-GPU PCIe chassis, as a base system, for PCIe cards whose edition
 * prices its 8-GPU base as a host for modules. */
static void pcie8_chassis(Costs *c)
{
	const Edition *e = c->perf->edition;
	const Part *p = cheapest_part(e, PART_CHASSIS_PCIE8, 0);
	if (!p)
		return;
	BaseSystem *s = &c->pcie8_chassis;
	s->gpu_count = 8;
	s->name = p->name;
	s->kind = SYSTEM_SERVER;
	s->cost = p->price;
	s->currency = p->currency;
	s->pcie_gen = p->pcie_gen > 0 ? p->pcie_gen : 4;
	s->lanes_per_gpu = 16;
	s->psu_w = p->watts;
	s->gpu_slots = p->gpu_slots > 0 ? p->gpu_slots : 16;
	s->gpu_form = GPU_FORM_PCIE;
	s->from = p->from;
	c->has_pcie8 = true;
}

/* ---- builds ---------------------------------------------------------- */

static const char *const INTERCONNECTS[] = {"pcie1", "pcie2", "pcie3",
                                            "pcie4", "pcie5", "pcie6"};
enum { N_INTERCONNECTS = 6 };

/* The interconnect of base system s: its index in INTERCONNECTS. */
static size_t interconnect_of(const BaseSystem *s)
{
	return (size_t)(CLAMP(s->pcie_gen, 1, N_INTERCONNECTS) - 1);
}

/* Cards that fit the base system's slots directly. */
static int cards_that_fit(const Gpu *g, const BaseSystem *s)
{
	if (g->cooler == COOLER_OPEN_AIR) /* a free slot between cards */
		return (int)floor((s->gpu_slots + 1) / (g->slot_width + 1));
	return (int)floor(s->gpu_slots / g->slot_width);
}

static unsigned physical_fit(const Costs *c, const Gpu *g, const Build *b)
{
	const BaseSystem *s = b->system;
	unsigned fit = 0;
	if (g->slot_width == 0) /* a module, not a card */
		return s->gpu_form == GPU_FORM_MODULE ? 0 : FIT_MODULE;
	if (s->gpu_form == GPU_FORM_MODULE && !c->has_pcie8)
		fit |= FIT_HOST;
	if (b->gpu_count * g->slot_width > s->gpu_slots)
		fit |= FIT_SLOTS;
	else if (b->gpu_count > 1 && g->cooler == COOLER_OPEN_AIR
	         && b->gpu_count * (g->slot_width + 1) - 1 > s->gpu_slots)
		fit |= FIT_NO_GAP;
	double supply = b->psu_replacement ? b->psu_replacement->watts
	                                   : s->psu_w;
	if (b->psu_w > supply) /* more than the supply it can have */
		fit |= FIT_POWER;
	if (g->cooler == COOLER_PASSIVE && s->kind == SYSTEM_DESKTOP)
		fit |= FIT_AIRFLOW;
	return fit;
}

double cost_running_w(const Costs *c, const Build *b)
{
	if (b->system && b->system->system_w > 0)
		return b->system->system_w;
	return b->gpu_w + c->cpu_w;
}

double cost_kwh_year(const Costs *c, const Build *b, double utilization)
{
	return cost_running_w(c, b) * utilization * HOURS_PER_YEAR / 1000;
}

/* A system rated as a whole (an HGX or DGX node) draws its rating and
 * comes with the supplies for it; otherwise the GPUs' board power plus
 * the processor and the rest, and a supply sized from that. */
static void power(const Costs *c, const Gpu *g, Build *b)
{
	b->gpu_w = b->gpu_count * g->tdp_w;
	double rated = b->system->system_w;
	b->draw_w = rated > 0 ? rated : b->gpu_w + c->cpu_w + c->rest_w;
	b->running_w = cost_running_w(c, b);
	b->psu_w = rated > 0 ? b->system->psu_w
	                     : ceil(b->draw_w * (1 + c->psu_headroom)
	                            / c->psu_step_w)
	                           * c->psu_step_w;
	b->kwh_year = cost_kwh_year(c, b, c->utilization);
	b->electricity_year = b->kwh_year * c->kwh_price;
	b->co2_kg_year = b->kwh_year * c->co2_per_kwh;
	for (size_t i = 0; i < c->n_circuits; i++) {
		b->circuits[i] = (int)ceil(b->draw_w / c->circuits[i].watts);
		b->over_circuit |= b->circuits[i] > 1;
	}
}

/* The supply that replaces a desktop base system's own when the build
 * needs more than it gives: the cheapest psu-replace part that covers
 * the build's supply, or NULL (a server comes with its supplies; a build
 * within its base system's supply needs none). */
static const Part *psu_replacement(const Costs *c, const Build *b)
{
	const BaseSystem *s = b->system;
	if (s->kind != SYSTEM_DESKTOP || b->psu_w <= s->psu_w)
		return NULL;
	return cheapest_part(c->perf->edition, PART_PSU_REPLACE, b->psu_w);
}

static void add_item(Build *b, LineKind kind, const char *name, int n,
                     double unit, const Provenance *from)
{
	g_assert(b->n_items < BUILD_MAX_ITEMS);
	LineItem *it = &b->items[b->n_items++];
	it->kind = kind;
	it->name = name;
	it->quantity = n;
	it->unit_price = unit;
	it->total = n * unit;
	it->from = from;
}

/* A line the build needs but the data prices nowhere (no such part in
 * parts.csv, or electrical work): named, counted, not in the total. */
static void add_unpriced(Build *b, LineKind kind, int n)
{
	add_item(b, kind, NULL, n, 0, NULL);
	b->items[b->n_items - 1].not_included = true;
}

/* The invoice: base system, GPUs, then what the base system lacks. */
static void invoice(const Costs *c, const Gpu *g, Build *b)
{
	const Edition *e = c->perf->edition;
	const BaseSystem *s = b->system;
	add_item(b, LINE_BASE_SYSTEM, s->name, 1, s->cost, &s->from);
	add_item(b, LINE_GPU, NULL, b->gpu_count, b->gpu_price->price,
	         b->gpu_price->latest ? &b->gpu_price->latest->from : NULL);
	if (b->psu_replacement)
		add_item(b, LINE_PSU, b->psu_replacement->name, 1,
		         b->psu_replacement->price, &b->psu_replacement->from);
	/* a desktop takes a second supply beside its own (dual-PSU
	 * adapter); a server's supplies are part of the server */
	if ((b->fit & FIT_POWER) && s->kind == SYSTEM_DESKTOP) {
		const Part *psu = cheapest_part(e, PART_PSU,
		                                b->psu_w - s->psu_w);
		if (psu) {
			add_item(b, LINE_PSU, psu->name, 1, psu->price,
			         &psu->from);
			b->psu_added_w = psu->watts;
		} else {
			add_unpriced(b, LINE_PSU, 1);
		}
	}
	/* cards that do not fit (or leave no gap) move out on risers */
	if ((b->fit & (FIT_SLOTS | FIT_NO_GAP)) && s->kind == SYSTEM_DESKTOP) {
		const Part *riser = cheapest_part(e, PART_RISER, 0);
		int moved = b->gpu_count - cards_that_fit(g, s);
		if (riser && moved > 0)
			add_item(b, LINE_RISER, riser->name, moved,
			         riser->price, &riser->from);
		else if (moved > 0)
			add_unpriced(b, LINE_RISER, moved);
	}
	/* more than one household circuit somewhere: the electrical work
	 * is named but not priced (it depends on the building) */
	if (b->over_circuit)
		add_unpriced(b, LINE_CIRCUIT, 1);
	b->cost = cost_items_total(b);
}

double cost_items_total(const Build *b)
{
	double sum = 0;
	for (size_t i = 0; i < b->n_items; i++)
		sum += b->items[i].total;
	return sum;
}

/* A base system of n GPUs may seat g: its form matches (PCIe cards in a
 * module host move to the 8-GPU PCIe chassis when the edition prices
 * one) and it is built for g. */
static const BaseSystem *seat(const Costs *c, const BaseSystem *s,
                              const Gpu *gpu)
{
	if (gpu->slot_width > 0 && s->gpu_form == GPU_FORM_MODULE
	    && c->has_pcie8 && s->gpu_count == c->pcie8_chassis.gpu_count)
		return &c->pcie8_chassis;
	return s;
}

/* The base system of a build of n GPUs g: among the systems of n GPUs
 * (only those built for g when any names it), the cheapest the build
 * fits (slots, power, cooling) counting the supply that replaces its own
 * when the build needs more power than it has; when none fits, the
 * first, so the build shows what it lacks. */
static const BaseSystem *base_system(const Costs *c, size_t g, int n)
{
	const Edition *e = c->perf->edition;
	const Gpu *gpu = &e->gpus[g];
	bool named = false;
	for (size_t i = 0; i < e->n_systems; i++)
		named |= e->systems[i].gpu_count == n
		         && e->systems[i].n_takes > 0
		         && edition_system_takes(&e->systems[i], g);
	const BaseSystem *first = NULL, *best = NULL;
	double best_cost = 0;
	for (size_t i = 0; i < e->n_systems; i++) {
		const BaseSystem *s = &e->systems[i];
		if (s->gpu_count != n || !edition_system_takes(s, g)
		    || (named && s->n_takes == 0))
			continue;
		s = seat(c, s, gpu);
		if (!first)
			first = s;
		Build trial = {.gpu = g, .gpu_count = n, .system = s};
		power(c, gpu, &trial);
		trial.psu_replacement = psu_replacement(c, &trial);
		double cost = s->cost + (trial.psu_replacement
		                             ? trial.psu_replacement->price : 0);
		if (physical_fit(c, gpu, &trial) == 0
		    && (!best || cost < best_cost)) {
			best = s;
			best_cost = cost;
		}
	}
	return best ? best : first ? first : seat(c, edition_system(e, n), gpu);
}

/* model_gpu_speedup of every interconnect, build size and workload,
 * each asked once (its assumption key and the measured scalings are
 * the same for every GPU). */
typedef struct {
	bool known[N_INTERCONNECTS][BUILD_SIZES];
	double speedup[N_INTERCONNECTS][BUILD_SIZES][WORKLOAD_COUNT];
} Speedups;

static const double *speedups_of(const Costs *c, Speedups *sp, size_t ic,
                                 int k)
{
	double *s = sp->speedup[ic][k];
	if (!sp->known[ic][k]) {
		for (int w = 0; w < WORKLOAD_COUNT; w++)
			s[w] = model_gpu_speedup(c->perf, BUILD_GPU_COUNTS[k],
			                         INTERCONNECTS[ic], (Workload)w);
		sp->known[ic][k] = true;
	}
	return s;
}

/* Build b of g's price at size k (BUILD_GPU_COUNTS[k]). */
static void make_build(Costs *c, Speedups *sp, size_t g,
                       const GpuPrice *price, int k, Build *b)
{
	const Edition *e = c->perf->edition;
	const Gpu *gpu = &e->gpus[g];
	int n = BUILD_GPU_COUNTS[k];
	b->gpu = g;
	b->gpu_count = n;
	b->condition = price->condition;
	b->gpu_price = price;
	b->payable = price_payable(price);
	b->system = base_system(c, g, n);
	const double *speedup = speedups_of(c, sp, interconnect_of(b->system),
	                                    k);
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		double s = speedup[w];
		if (isnan(s))
			s = n; /* no scaling figure at all: ideal scaling */
		b->perf[w] = c->perf->gpus[w][g].value * s;
		if (w == WORKLOAD_CNN)
			b->speedup = s;
	}
	power(c, gpu, b);
	b->psu_replacement = psu_replacement(c, b);
	b->fit = physical_fit(c, gpu, b);
	b->consumer_in_server = gpu->segment == SEGMENT_CONSUMER
	                        && b->system->kind == SYSTEM_SERVER;
	invoice(c, gpu, b);
}

/* What by_per_dollar compares of a build, apart from the Build: a sort
 * of a size's builds then reads a small array, not tens of megabytes. */
typedef struct {
	double per_dollar;
	size_t gpu;
	Condition condition;
} RankKey;

static gint by_per_dollar(gconstpointer a, gconstpointer b, gpointer data)
{
	const RankKey *keys = data;
	const RankKey *x = &keys[*(const size_t *)a];
	const RankKey *y = &keys[*(const size_t *)b];
	double dx = x->per_dollar, dy = y->per_dollar;
	if (dx != dy)
		return dx > dy ? -1 : 1;
	if (x->gpu != y->gpu)
		return (x->gpu > y->gpu) - (x->gpu < y->gpu);
	return (int)x->condition - (int)y->condition;
}

/* The build per-dollar figures are measured against: the reference GPU's
 * build of that size, new when it is offered new. */
static const Build *reference_build(const Costs *c, int n)
{
	return cost_build(c, c->perf->reference, n);
}

/* Normalizes per-dollar figures to the reference GPU's build of each size
 * and ranks the builds of each size (new and used together). */
static void normalize_and_rank(Costs *c)
{
	size_t *order = g_new(size_t, c->n_builds + 1);
	RankKey *keys = g_new(RankKey, c->n_builds + 1);
	for (int k = 0; k < BUILD_SIZES; k++) {
		int n = BUILD_GPU_COUNTS[k];
		const Build *ref = reference_build(c, n);
		for (int w = 0; w < WORKLOAD_COUNT; w++) {
			double ref_value = ref->perf[w] / ref->cost;
			size_t m = 0;
			for (size_t i = 0; i < c->n_builds; i++) {
				Build *b = &c->builds[i];
				if (b->gpu_count != n)
					continue;
				b->per_dollar[w] = b->perf[w] / b->cost
				                   / ref_value;
				keys[i] = (RankKey){b->per_dollar[w], b->gpu,
				                    b->condition};
				order[m++] = i;
			}
			g_qsort_with_data(order, (gint)m, sizeof *order,
			                  by_per_dollar, keys);
			for (size_t r = 0; r < m; r++)
				c->builds[order[r]].rank[w] = (int)r + 1;
		}
	}
	g_free(keys);
	g_free(order);
}

/* The price of g in condition cond that makes builds, or NULL. */
static const GpuPrice *build_price(const Costs *c, size_t g, int cond)
{
	if (!c->perf->gpus[WORKLOAD_CNN][g].rated)
		return NULL;
	const GpuPrice *p = price_of(c->price_model, g, (Condition)cond);
	return p->has_price ? p : NULL;
}

/* Every build, counted first so the array is made at its size (at
 * 10,000 GPUs a growing array copied and touched tens of megabytes). */
static void make_builds(Costs *c)
{
	const Edition *e = c->perf->edition;
	size_t n = 0;
	for (size_t g = 0; g < e->n_gpus; g++)
		for (int cond = 0; cond < 2; cond++)
			n += build_price(c, g, cond) ? BUILD_SIZES : 0;
	c->n_builds = n;
	c->size_step = BUILD_SIZES;
	c->builds = g_new0(Build, MAX(n, 1));
	Speedups sp = {0};
	n = 0;
	for (size_t g = 0; g < e->n_gpus; g++)
		for (int cond = 0; cond < 2; cond++) {
			const GpuPrice *p = build_price(c, g, cond);
			for (int k = 0; p && k < BUILD_SIZES; k++)
				make_build(c, &sp, g, p, k, &c->builds[n++]);
		}
}

char *cost_build_label(const Edition *e, const Build *b,
                       const char *used_suffix)
{
	const char *suffix = b->condition == CONDITION_USED && used_suffix
	                         ? used_suffix
	                         : "";
	return b->gpu_count == 1
	           ? g_strdup_printf("%s%s", e->gpus[b->gpu].name, suffix)
	           : g_strdup_printf("%d\xC3\x97 %s%s", b->gpu_count,
	                             e->gpus[b->gpu].name, suffix);
}

const Build *cost_build_in(const Costs *c, size_t gpu, int gpu_count,
                           Condition condition)
{
	for (size_t i = 0; i < c->n_builds; i++)
		if (c->builds[i].gpu == gpu
		    && c->builds[i].gpu_count == gpu_count
		    && c->builds[i].condition == condition)
			return &c->builds[i];
	return NULL;
}

const Build *cost_build(const Costs *c, size_t gpu, int gpu_count)
{
	const Build *b = cost_build_in(c, gpu, gpu_count, CONDITION_NEW);
	return b ? b : cost_build_in(c, gpu, gpu_count, CONDITION_USED);
}

/* ---- constants ------------------------------------------------------- */

static bool read_constants(Costs *c, GError **error)
{
	const Edition *e = c->perf->edition;
	return model_assumption(e, "cpu_w", &c->cpu_w, error)
	       && model_assumption(e, "system_rest_w", &c->rest_w, error)
	       && model_assumption(e, "psu_headroom", &c->psu_headroom, error)
	       && model_assumption(e, "psu_step_w", &c->psu_step_w, error)
	       && model_assumption(e, "standard_psu_max_w", &c->psu_max_w,
	                           error)
	       && model_assumption(e, "utilization", &c->utilization, error)
	       && model_assumption(e, "electricity_usd_per_kwh", &c->kwh_price,
	                           error)
	       && model_assumption(e, "grid_kg_co2_per_kwh", &c->co2_per_kwh,
	                           error);
}

/* Optional constants: circuits (`circuit_w.REGION`), the useful life and
 * verdict margin of cloud comparisons, the consumer licence source. */
static void read_optional(Costs *c)
{
	const Edition *e = c->perf->edition;
	for (size_t i = 0; i < e->n_assumptions; i++) {
		const Assumption *a = &e->assumptions[i];
		if (!g_str_has_prefix(a->key, "circuit_w.") || !a->is_number
		    || a->number <= 0 || c->n_circuits == MAX_CIRCUITS)
			continue;
		Circuit *k = &c->circuits[c->n_circuits++];
		k->region = a->key + strlen("circuit_w.");
		k->watts = a->number;
		k->from = a;
	}
	const Assumption *life = edition_assumption(e, "useful_life_years");
	const Assumption *margin = edition_assumption(e, "verdict_margin");
	c->useful_life_years = life && life->is_number ? life->number : 0;
	c->verdict_margin = margin && margin->is_number ? margin->number : 0;
	c->licence = edition_assumption(e, "consumer_driver_licence");
}

/* ---- markets ---------------------------------------------------------
 * An edition computed for the buyers of one market beside the home
 * market (markets.csv, market_cloud.csv; Edition.market, chosen by
 * results_run_for for the language written).  Every amount stays a
 * number of US dollars, but of what a buyer there pays at the market's
 * rate: cards priced by the price model (price.h, PriceModel.market),
 * every other priced line with the market's VAT, electricity at its
 * tariff, its household circuits, its cloud offers.  Without a market
 * the home market's figures stand. */

/* The electricity price, circuits and cloud offers of the edition's
 * market, or cloud.csv's offers without one. */
static void market_costs(Costs *c)
{
	const Edition *e = c->perf->edition;
	const Market *mk = e->market;
	c->cloud = e->cloud;
	c->n_cloud = e->n_cloud;
	if (!mk)
		return;
	c->kwh_price = mk->kwh_price / mk->fx_per_usd;
	c->n_circuits = 0;
	for (size_t i = 0; i < mk->n_circuits && i < MAX_CIRCUITS; i++)
		c->circuits[c->n_circuits++] =
		    (Circuit){mk->circuits[i].region, mk->circuits[i].watts,
		              mk->circuits[i].from};
	c->owned_cloud = g_new0(CloudOffer, e->n_market_cloud + 1);
	c->n_cloud = 0;
	for (size_t i = 0; i < e->n_market_cloud; i++) {
		const CloudOffer *o = &e->market_cloud[i];
		if (strcmp(o->market, mk->id) != 0)
			continue;
		/* a shallow copy: its strings stay the Edition's */
		CloudOffer *x = &c->owned_cloud[c->n_cloud++];
		*x = *o;
		x->price_per_hour = o->price_per_hour / mk->fx_per_usd;
	}
	c->cloud = c->owned_cloud;
}

/* The market's VAT on every priced line but the cards (priced by the
 * price model), each line's unit in whole units of the market's
 * currency (so the lines of a request add up to its total), and the
 * totals again (before the ranks). */
static void market_tax_builds(Costs *c)
{
	const Market *mk = c->perf->edition->market;
	if (!mk)
		return;
	double tax = 1 + mk->vat;
	for (size_t i = 0; i < c->n_builds; i++) {
		Build *b = &c->builds[i];
		for (size_t k = 0; k < b->n_items; k++) {
			LineItem *it = &b->items[k];
			if (it->not_included)
				continue;
			double unit = it->unit_price
			              * (it->kind == LINE_GPU ? 1 : tax);
			it->unit_price = round(unit * mk->fx_per_usd)
			                 / mk->fx_per_usd;
			it->total = it->quantity * it->unit_price;
		}
		b->cost = cost_items_total(b);
	}
}

static bool reference_priced(const Costs *c, GError **error)
{
	const Edition *e = c->perf->edition;
	if (c->prices[c->perf->reference].has_price)
		return true;
	char *path = g_build_filename(e->dir, "prices.csv", NULL);
	gg_set_input_error(error, path, 0, 0,
	                   "the reference GPU '%s' has no current price "
	                   "(new or used within %g days of %s)",
	                   e->gpus[c->perf->reference].name,
	                   c->price_model->window_days,
	                   c->price_model->edition_date);
	g_free(path);
	return false;
}

Costs *cost_compute(const Performance *perf, GError **error)
{
	const Edition *e = perf->edition;
	Costs *c = g_new0(Costs, 1);
	c->perf = perf;
	if (!read_constants(c, error)
	    || !(c->price_model = price_model_run(e, error))) {
		costs_free(c);
		return NULL;
	}
	read_optional(c);
	market_costs(c);
	c->prices = g_new0(GpuPrice, e->n_gpus);
	for (size_t g = 0; g < e->n_gpus; g++) {
		const GpuPrice *n = price_of(c->price_model, g, CONDITION_NEW);
		c->prices[g] = n->has_price ? *n
		                            : *price_of(c->price_model, g,
		                                        CONDITION_USED);
	}
	if (!reference_priced(c, error)) {
		costs_free(c);
		return NULL;
	}
	pcie8_chassis(c);
	make_builds(c);
	market_tax_builds(c);
	normalize_and_rank(c);
	return c;
}

void costs_free(Costs *c)
{
	if (!c)
		return;
	g_free(c->owned_cloud);
	price_model_free(c->price_model);
	g_free(c->prices);
	g_free(c->builds);
	g_free(c);
}
