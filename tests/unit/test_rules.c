/* The rules a use case may require of its builds (use_cases.csv requires,
 * recommend_broken_rules): fit, datacenter, p2p, on builds of data/current
 * chosen to keep or break each, and the picks and exclusions that follow.
 * Runs from the repository's top folder. */
#include "unit.h"
#include "recommend.h"

typedef struct {
	Edition *e;
	Performance *p;
	Costs *c;
	Recommendations *r;
} Run;

static bool load(Run *x)
{
	memset(x, 0, sizeof *x);
	x->e = edition_load(FROZEN_DATA "/current", NULL);
	x->p = x->e ? model_run(x->e, NULL) : NULL;
	x->c = x->p ? cost_run(x->p, NULL) : NULL;
	x->r = x->c ? recommend_run(x->c, NULL) : NULL;
	return x->r != NULL;
}

static void done(Run *x)
{
	recommendations_free(x->r);
	costs_free(x->c);
	performance_free(x->p);
	edition_free(x->e);
}

static const Build *build(const Run *x, const char *gpu, int n, Condition cond)
{
	long g = edition_find_gpu(x->e, gpu);
	CHECK(g >= 0);
	const Build *b = g < 0 ? NULL : cost_build_in(x->c, (size_t)g, n, cond);
	CHECK(b != NULL);
	return b;
}

static const UseCase *use_case(const Run *x, const char *id)
{
	for (size_t i = 0; i < x->e->n_use_cases; i++)
		if (strcmp(x->e->use_cases[i].id, id) == 0)
			return &x->e->use_cases[i];
	CHECK(!"use case in data/current");
	return NULL;
}

/* Each rule on a build made to break it, and on one that keeps it. */
static void each_rule(const Run *x)
{
	UseCase all = *use_case(x, "cluster_node");
	all.requires = USE_RULE_FIT | USE_RULE_DATACENTER | USE_RULE_P2P;
	const Build *geforce = build(x, "RTX 4090", 8, CONDITION_USED);
	const Build *blower = build(x, "RTX A5000", 8, CONDITION_NEW);
	const Build *sxm = build(x, "H100 SXM", 8, CONDITION_NEW);
	long amd = edition_find_gpu(x->e, "RX 7900 XTX");
	CHECK(amd >= 0);
	if (!geforce || !blower || !sxm || amd < 0)
		return;
	/* the Radeon is not rated, so no build of it exists: the blower
	 * build with its GPU swapped stands in */
	Build radeon_build = *blower;
	radeon_build.gpu = (size_t)amd;
	const Build *radeon = &radeon_build;
	CHECK(recommend_broken_rules(x->c, &all, geforce)
	      == (USE_RULE_FIT | USE_RULE_DATACENTER | USE_RULE_P2P));
	CHECK(recommend_broken_rules(x->c, &all, blower) == 0);
	CHECK(recommend_broken_rules(x->c, &all, sxm) == 0);
	/* the licence clause is NVIDIA's; the missing P2P path any consumer
	 * card's */
	CHECK((recommend_broken_rules(x->c, &all, radeon)
	       & (USE_RULE_DATACENTER | USE_RULE_P2P)) == USE_RULE_P2P);
	/* without rules nothing is broken, whatever the build */
	UseCase none = all;
	none.requires = 0;
	CHECK(recommend_broken_rules(x->c, &none, geforce) == 0);
	/* p2p asks nothing of one card */
	UseCase one = *use_case(x, "large_models");
	one.requires = USE_RULE_P2P;
	const Build *single = build(x, "RTX 4090", 1, CONDITION_USED);
	CHECK(single && recommend_broken_rules(x->c, &one, single) == 0);
}

/* A passive card needs a server's airflow: flagged in a desktop, not in
 * the eight-GPU server; a card with fans is not flagged. */
static void airflow(const Run *x)
{
	const Build *desk = build(x, "A100 80GB PCIe", 1, CONDITION_USED);
	const Build *server = build(x, "A100 80GB PCIe", 8, CONDITION_USED);
	const Build *fans = build(x, "RTX PRO 6000 Blackwell", 1, CONDITION_NEW);
	CHECK(desk && (desk->fit & FIT_AIRFLOW));
	CHECK(server && !(server->fit & FIT_AIRFLOW));
	CHECK(fans && !(fans->fit & FIT_AIRFLOW));
}

/* Every pick keeps its rules; every exclusion breaks one and beats the
 * pick; the eight-GPU node of the data excludes the GeForce builds that
 * led it before the rules. */
static void picks(const Run *x)
{
	for (size_t i = 0; i < x->r->n; i++) {
		const Recommendation *r = &x->r->items[i];
		const Build *b[] = {r->best, r->runner_up, r->best_absolute};
		for (size_t k = 0; k < G_N_ELEMENTS(b); k++)
			CHECK(!b[k] || recommend_broken_rules(x->c, r->use_case,
			                                      b[k]) == 0);
		for (size_t k = 0; k < r->n_excluded; k++) {
			Workload w = r->use_case->workload;
			CHECK(r->excluded_rules[k] != 0);
			CHECK(!r->best || r->excluded[k]->per_dollar[w]
			                      > r->best->per_dollar[w]);
			CHECK(k == 0 || r->excluded[k - 1]->per_dollar[w]
			                    >= r->excluded[k]->per_dollar[w]);
		}
	}
	const UseCase *node = use_case(x, "cluster_node");
	unsigned node_rules = USE_RULE_FIT | USE_RULE_DATACENTER | USE_RULE_P2P;
	CHECK((node->requires & node_rules) == node_rules);
	const Recommendation *r = NULL;
	for (size_t i = 0; i < x->r->n; i++)
		if (x->r->items[i].use_case == node)
			r = &x->r->items[i];
	CHECK(r != NULL);
	/* a pick, when a build qualifies, keeps the node's rules */
	CHECK(!r || !r->best
	      || x->e->gpus[r->best->gpu].segment != SEGMENT_CONSUMER);
	CHECK(!r || !r->best || x->e->gpus[r->best->gpu].memory_gb >= 80);
	CHECK(!r || !r->best || !(node->requires & USE_RULE_FP8)
	      || x->e->gpus[r->best->gpu].fp8);
	/* the four-GPU machine: consumer builds that do not fit are shown as
	 * excluded, with the rule they break */
	const UseCase *four = use_case(x, "research_4gpu");
	const Recommendation *r4 = NULL;
	for (size_t i = 0; i < x->r->n; i++)
		if (x->r->items[i].use_case == four)
			r4 = &x->r->items[i];
	CHECK(r4 && r4->n_excluded > 0
	      && x->e->gpus[r4->excluded[0]->gpu].segment == SEGMENT_CONSUMER
	      && (r4->excluded_rules[0] & USE_RULE_FIT));
}

void test_rules(void)
{
	Run x;
	CHECK(load(&x));
	if (x.r) {
		each_rule(&x);
		airflow(&x);
		picks(&x);
	}
	done(&x);
}
