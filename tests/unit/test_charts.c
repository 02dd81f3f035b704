/* Every chart follows its results: the charts built for data/2020-09 are
 * compared with the Costs and Performance they were drawn from. */
#include "unit.h"
#include "chart_render.h"
#include "guide.h"

static void per_dollar_follows(const Values *v, const Costs *c, int n)
{
	char name[32];
	g_snprintf(name, sizeof name, "per_dollar_%dgpu", n);
	const Chart *ch = values_chart(v, name);
	CHECK(ch != NULL);
	if (!ch)
		return;
	size_t builds = 0;
	for (size_t i = 0; i < c->n_builds; i++)
		builds += c->builds[i].gpu_count == n;
	CHECK(ch->n_bars == builds);
	const Edition *e = c->perf->edition;
	for (size_t r = 0; r < ch->n_bars; r++) {
		const Build *b = NULL;
		for (size_t i = 0; i < c->n_builds; i++)
			if (c->builds[i].gpu_count == n
			    && c->builds[i].rank[WORKLOAD_CNN] == (int)r + 1)
				b = &c->builds[i];
		CHECK(b != NULL);
		if (!b)
			continue;
		/* the r-th bar is the build ranked r+1, with its value */
		CHECK(strstr(ch->bars[r].label, e->gpus[b->gpu].name) != NULL);
		CHECK_NEAR(ch->bars[r].value, b->per_dollar[WORKLOAD_CNN], 1e-12);
		CHECK(ch->bars[r].flagged == (b->fit != 0));
		CHECK(ch->bars[r].reference == (b->gpu == c->perf->reference));
		if (r > 0)
			CHECK(ch->bars[r - 1].value >= ch->bars[r].value);
	}
}

static void performance_follows(const Values *v, const Performance *p)
{
	const Chart *ch = values_chart(v, "relative_performance");
	CHECK(ch != NULL && ch->kind == CHART_GROUPED_BARS);
	if (!ch)
		return;
	const Edition *e = p->edition;
	size_t rated = 0;
	for (size_t g = 0; g < e->n_gpus; g++)
		rated += p->gpus[WORKLOAD_CNN][g].rated;
	CHECK(ch->n_bars == rated);
	for (size_t i = 0; i < ch->n_bars; i++) {
		long g = edition_find_gpu(e, ch->bars[i].label);
		CHECK(g >= 0);
		if (g < 0)
			continue;
		CHECK_NEAR(ch->bars[i].value, p->gpus[WORKLOAD_CNN][g].value,
		           1e-12);
		CHECK_NEAR(ch->bars[i].value2,
		           p->gpus[WORKLOAD_TRANSFORMER][g].value, 1e-12);
		CHECK(ch->bars[i].modelled
		      == (p->gpus[WORKLOAD_CNN][g].kind == PERF_MODELLED));
		if (i > 0)
			CHECK(ch->bars[i - 1].value >= ch->bars[i].value);
	}
}

static void cloud_follows(const Values *v, const Costs *c)
{
	const Chart *ch = values_chart(v, "cloud");
	const Examples *x = &c->examples;
	CHECK(ch != NULL && ch->n_series == 2 && ch->n_marks == 1);
	if (!ch || ch->n_series != 2 || ch->n_marks != 1)
		return;
	CHECK_NEAR(ch->marks[0].at * ch->x_unit, x->breakeven_days, 1e-9);
	const ChartSeries *desk = &ch->series[0], *cloud = &ch->series[1];
	CHECK_NEAR(desk->points[0].y, x->desktop_cost, 1e-9);
	CHECK_NEAR(cloud->points[0].y, 0, 1e-12);
	/* the lines cross where the mark is: desktop above before, below
	 * after */
	for (size_t k = 0; k < desk->n_points; k++) {
		double day = desk->points[k].x * ch->x_unit;
		if (day < x->breakeven_days - 1e-9)
			CHECK(desk->points[k].y > cloud->points[k].y);
		else if (day > x->breakeven_days + 1e-9)
			CHECK(desk->points[k].y < cloud->points[k].y);
	}
}

static void validation_follows(const Values *v, const Performance *p)
{
	const Chart *ch = values_chart(v, "validation");
	CHECK(ch != NULL && ch->diagonal && ch->n_series == WORKLOAD_COUNT);
	if (!ch)
		return;
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		CHECK(ch->series[w].n_points == p->loo_count[w]);
		for (size_t k = 0; k < ch->series[w].n_points; k++) {
			const ChartPoint *pt = &ch->series[w].points[k];
			/* the point's error is the GPU's held-out error */
			double err = pt->y / pt->x - 1;
			CHECK(fabs(err) <= p->loo_max[w] + 1e-9);
		}
	}
}

static const Build *rec_best_of(const Recommendations *r, const char *id)
{
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->items[i].use_case->id, id) == 0)
			return r->items[i].best;
	return NULL;
}

static void power_follows(const Values *v, const Recommendations *r)
{
	const Chart *ch = values_chart(v, "power");
	CHECK(ch != NULL && ch->n_marks == 1);
	if (!ch)
		return;
	const Edition *e = r->costs->perf->edition;
	const Build *best = rec_best_of(r, "competitive_cv_research");
	CHECK(best != NULL);
	bool found = false;
	for (size_t i = 0; best && i < ch->n_bars; i++)
		if (strstr(ch->bars[i].label, e->gpus[best->gpu].name)
		    && ch->bars[i].value == best->draw_w) {
			found = true;
			CHECK(ch->bars[i].flagged == ((best->fit & FIT_POWER) != 0));
		}
	CHECK(found);
	CHECK_NEAR(ch->marks[0].at, r->costs->psu_max_w, 1e-12);
}

static void memory_follows(const Values *v, const Edition *e)
{
	const Chart *ch = values_chart(v, "memory");
	CHECK(ch != NULL && ch->log2_x);
	if (!ch)
		return;
	for (size_t i = 0; i < e->n_use_cases; i++) {
		bool marked = false;
		for (size_t k = 0; k < ch->n_marks; k++)
			marked |= ch->marks[k].at == e->use_cases[i].min_memory_gb;
		CHECK(marked);
	}
}

void test_charts(void)
{
	GError *error = NULL;
	Lang *s = lang_load("templates/en/strings.csv", &error);
	Results *res = results_run(FROZEN_DATA "/2020-09", &error);
	const Edition *e = res ? res->edition : NULL;
	const Performance *p = res ? res->perf : NULL;
	const Costs *c = res ? res->costs : NULL;
	const Recommendations *r = res ? res->recs : NULL;
	Values *v = res && s ? guide_values(res, s, NULL, &error) : NULL;
	if (error)
		printf("FAIL charts: %s\n", error->message);
	CHECK(v != NULL);
	if (v) {
		for (int k = 0; k < BUILD_SIZES; k++)
			per_dollar_follows(v, c, BUILD_GPU_COUNTS[k]);
		performance_follows(v, p);
		cloud_follows(v, c);
		validation_follows(v, p);
		power_follows(v, r);
		memory_follows(v, e);
		/* every chart draws to a non-empty SVG with its title */
		for (size_t i = 0; i < values_chart_count(v); i++) {
			char *svg = NULL;
			size_t n = 0;
			chart_render_svg(values_chart_at(v, i), CHART_WIDTH, false, &svg, &n);
			CHECK(n > 1000 && strstr(svg, "<title>") != NULL);
			g_free(svg);
		}
	}
	g_clear_error(&error);
	values_free(v);
	results_free(res);
	lang_free(s);
}
