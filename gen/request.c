/* Purchase requests.  Each page is laid out at a text scale; when it does
 * not fit on one page it is laid out again smaller.  See request.h. */
#include "request.h"

#include "cloud.h"
#include "format.h"
#include "page_style.h"
#include "paths.h"
#include "util.h"

#include <math.h>
#include <string.h>

#define ST PAGE_REQUEST

typedef struct {
	const Recommendations *recs;
	const Costs *costs;
	const Edition *e;
	const Lang *s;
	const Build *b;
	PdfCanvas *c;
	double scale; /* text scale for this attempt */
	const char *create_date;
	const char *lang; /* document language */
	Paper paper;
} Req;

static const char *S(const Req *r, const char *key)
{
	return lang_need(r->s, key, NULL);
}

static char *num(const Req *r, double v, int decimals)
{
	return format_number(r->s, v, decimals);
}

/* A build's figure v on workload w with the range of its GPU's
 * performance ("1.26 (1.05–1.45)"), or the number alone when the range
 * rounds away. */
static char *perf_num(Req *r, const Build *b, Workload w, double v)
{
	const GpuPerf *p = &r->costs->perf->gpus[w][b->gpu];
	char *shown = num(r, v, 2);
	if (!p->rated || !(p->value > 0))
		return shown;
	char *lo = num(r, v * p->low / p->value, 2);
	char *hi = num(r, v * p->high / p->value, 2);
	if (strcmp(lo, shown) != 0 || strcmp(hi, shown) != 0) {
		char *range = gg_fill2(S(r, "format.range"), lo, hi);
		char *both = gg_fill2(S(r, "format.interval"), shown, range);
		g_free(range);
		g_free(shown);
		shown = both;
	}
	g_free(lo);
	g_free(hi);
	return shown;
}

static char *money(const Req *r, double v)
{
	return format_money(r->s, v);
}

/* ---- drawing helpers --------------------------------------------------- */

static double text(Req *r, double size, bool bold, const char *t,
                   double indent, PageColour colour)
{
	PdfCanvas *c = r->c;
	PangoLayout *l = pdfkit_layout(c, NULL, size * r->scale, bold,
	                               c->width - indent);
	pango_layout_set_text(l, t, -1);
	page_set_colour(c->cr, colour);
	double before = c->y;
	pdfkit_draw_layout(c, l, c->x + indent, NULL, 0);
	g_object_unref(l);
	return c->y - before;
}

static void section(Req *r, const char *key)
{
	r->c->y += 9 * r->scale;
	text(r, ST.section, true, S(r, key), 0, ST.ink);
	r->c->y += 3 * r->scale;
}

/* A row of cells at fixed fractions of the width; right-aligned where
 * align has 'r'. */
static void row(Req *r, const char *const *cells, const double *fractions,
                const char *align, size_t n, bool bold, bool shade)
{
	PdfCanvas *c = r->c;
	double size = ST.caption * r->scale, h = 0, x = c->x;
	PangoLayout *ls[8];
	for (size_t i = 0; i < n; i++) {
		ls[i] = pdfkit_layout(c, NULL, size, bold,
		                      fractions[i] * c->width - 6);
		pango_layout_set_text(ls[i], cells[i], -1);
		if (align[i] == 'r')
			pango_layout_set_alignment(ls[i], PANGO_ALIGN_RIGHT);
		h = fmax(h, text_height(ls[i]));
	}
	if (shade) {
		page_set_colour(c->cr, ST.table_header);
		cairo_rectangle(c->cr, c->x, c->y, c->width, h + 4);
		cairo_fill(c->cr);
	}
	page_set_colour(c->cr, ST.ink);
	for (size_t i = 0; i < n; i++) {
		cairo_move_to(c->cr, x + 3, c->y + 2);
		pango_cairo_show_layout(c->cr, ls[i]);
		x += fractions[i] * c->width;
		g_object_unref(ls[i]);
	}
	c->y += h + 4;
	page_set_colour(c->cr, ST.table_rule);
	cairo_set_line_width(c->cr, ST.table_rule_width);
	cairo_move_to(c->cr, c->x, c->y);
	cairo_line_to(c->cr, c->x + c->width, c->y);
	cairo_stroke(c->cr);
}

/* A label and its value on one row. */
static void pair(Req *r, const char *key, char *value)
{
	const char *cells[] = {S(r, key), value};
	const double fr[] = {0.38, 0.62};
	row(r, cells, fr, "ll", 2, false, false);
	g_free(value);
}

/* ---- content ----------------------------------------------------------- */

static GString *use_cases_served(const Req *r)
{
	GString *s = g_string_new(NULL);
	for (size_t i = 0; i < r->recs->n; i++) {
		const Recommendation *x = &r->recs->items[i];
		if (x->best != r->b)
			continue;
		g_string_append_printf(s, "%s%s", s->len ? "; " : "",
		                       format_use_case_title(r->s, x->use_case));
	}
	return s;
}

/* The approval fields a purchasing office fills in by hand: labelled
 * blank lines, two to a row (keys request.field.*). */
static void approval_fields(Req *r)
{
	static const char *const FIELDS[] = {
	    "request.field.requester", "request.field.cost_centre",
	    "request.field.approver", "request.field.date",
	    "request.field.vendor_quote", "request.field.delivery_address"};
	PdfCanvas *c = r->c;
	double col = c->width / 2, gap = 12 * r->scale;
	section(r, "request.approval");
	for (size_t i = 0; i < G_N_ELEMENTS(FIELDS); i += 2) {
		double y = c->y, h = 0;
		for (size_t k = 0; k < 2 && i + k < G_N_ELEMENTS(FIELDS); k++) {
			double x = c->x + k * col;
			PangoLayout *l = pdfkit_layout(c, NULL, ST.caption
			                               * r->scale, false, -1);
			pango_layout_set_text(l, S(r, FIELDS[i + k]), -1);
			double line = y + 14 * r->scale;
			double base = (double)pango_layout_get_baseline(l)
			              / PANGO_SCALE;
			page_set_colour(c->cr, ST.muted);
			cairo_move_to(c->cr, x, line - base);
			pango_cairo_show_layout(c->cr, l);
			page_set_colour(c->cr, ST.table_rule);
			cairo_set_line_width(c->cr, ST.table_rule_width);
			cairo_move_to(c->cr, x + text_width(l) + 4, line + 1);
			cairo_line_to(c->cr, x + col - gap, line + 1);
			cairo_stroke(c->cr);
			h = fmax(h, 14 * r->scale + 6 * r->scale);
			g_object_unref(l);
		}
		c->y = y + h;
	}
}

static void header(Req *r)
{
	char *name = format_build_name(r->s, r->e, r->b);
	char *title = gg_fill2(S(r, "request.title"), name, "");
	text(r, ST.title, true, title, 0, ST.ink);
	/* the folder "current" is the reader's latest edition */
	char *sub = gg_fill2(S(r, "request.subtitle"),
	                     strcmp(r->e->name, "current") == 0
	                         ? S(r, "edition.current") : r->e->name,
	                     r->e->data_date);
	r->c->y += 2;
	text(r, ST.subtitle, false, sub, 0, ST.muted);
	GString *uses = use_cases_served(r);
	char *for_text = gg_fill2(S(r, "request.for"), uses->str, "");
	text(r, ST.subtitle, false, for_text, 0, ST.muted);
	g_string_free(uses, TRUE);
	g_free(for_text);
	g_free(sub);
	g_free(title);
	g_free(name);
	approval_fields(r);
}

/* The household circuits the build needs, per region, when its draw
 * exceeds one circuit somewhere. */
static void circuit_note(Req *r)
{
	if (!r->b->over_circuit)
		return;
	char *list = NULL;
	for (size_t i = 0; i < r->costs->n_circuits; i++) {
		char *key = g_strdup_printf("circuit.%s",
		                            r->costs->circuits[i].region);
		char *n = num(r, r->b->circuits[i], 0);
		char *item = gg_fill2(S(r, "power.circuit_item"), S(r, key), n);
		char *joined = list ? gg_fill2(S(r, "format.list"), list, item)
		                    : g_strdup(item);
		g_free(list);
		list = joined;
		g_free(item);
		g_free(n);
		g_free(key);
	}
	char *draw = num(r, r->b->draw_w, 0);
	pair(r, "request.circuit",
	     gg_fill2(S(r, "request.circuit_value"), draw, list ? list : ""));
	g_free(draw);
	g_free(list);
}

static void configuration(Req *r)
{
	const Gpu *g = &r->e->gpus[r->b->gpu];
	section(r, "request.configuration");
	char *n = format_build_name(r->s, r->e, r->b);
	pair(r, "request.gpus", n);
	pair(r, "request.base_system", g_strdup(r->b->system->name));
	char *mem = num(r, g->memory_gb, 0);
	pair(r, "request.memory", g_strdup_printf("%s %s", mem,
	                                          S(r, "unit.gb")));
	g_free(mem);
	char *psu = num(r, r->b->psu_w, 0);
	char *base = num(r, r->b->system->psu_w, 0);
	if (r->b->psu_added_w > 0) {
		char *added = num(r, r->b->psu_added_w, 0);
		pair(r, "request.psu", gg_fill2(S(r, "request.psu_added"), psu,
		                                added));
		g_free(added);
	} else {
		pair(r, "request.psu",
		     gg_fill2(S(r, r->b->psu_w > r->b->system->psu_w
		                       ? "request.psu_upgrade"
		                       : "request.psu_ok"),
		              psu, base));
	}
	g_free(psu);
	g_free(base);
	circuit_note(r);
	if (r->b->consumer_in_server && r->costs->licence)
		pair(r, "request.licence",
		     gg_fill2(S(r, "request.licence_value"),
		              r->costs->licence->from.source,
		              r->costs->licence->from.url));
}

/* "RTX 4090 (used; $1,350–$1,550, 2 prices, newest 2026-05-01)": the
 * GPU line's name with the price's condition, range and date. */
static char *gpu_item_name(Req *r)
{
	const GpuPrice *p = r->b->gpu_price;
	const char *date = p->latest_date ? p->latest_date : "";
	char *detail;
	if (p->list_price) {
		detail = gg_fill2(S(r, "price.list"), date, "");
	} else if (p->n_prices == 1) {
		detail = gg_fill2(S(r, "price.single"), date, "");
	} else {
		char *lo = money(r, p->min), *hi = money(r, p->max);
		char *range = gg_fill2(S(r, "price.range"), lo, hi);
		char *n = num(r, (double)p->n_prices, 0);
		char *seen = gg_fill2(S(r, "price.observed"), n, date);
		detail = gg_fill2(S(r, "price.detail"), range, seen);
		g_free(lo);
		g_free(hi);
		g_free(range);
		g_free(n);
		g_free(seen);
	}
	char *cond = gg_fill2(S(r, "price.detail"),
	                      S(r, p->condition == CONDITION_NEW
	                               ? "request.new" : "request.used"),
	                      detail);
	char *name = gg_fill2(S(r, "format.aside"), r->e->gpus[r->b->gpu].name,
	                      cond);
	g_free(cond);
	g_free(detail);
	return name;
}

/* Every line item of the build (base system or chassis, GPUs, added
 * power supply, risers) and their total, which is the build's cost. */
static void line_items(Req *r)
{
	section(r, "request.cost");
	const double fr[] = {0.52, 0.12, 0.18, 0.18};
	const char *head[] = {S(r, "request.item"), S(r, "request.qty"),
	                      S(r, "request.unit_price"), S(r, "request.total")};
	row(r, head, fr, "lrrr", 4, true, true);
	for (size_t i = 0; i < r->b->n_items; i++) {
		const LineItem *it = &r->b->items[i];
		char *name = it->kind == LINE_GPU ? gpu_item_name(r)
		                                  : g_strdup(it->name);
		char *n = g_strdup_printf("%d", it->quantity);
		char *u = money(r, it->unit_price);
		char *t = money(r, it->total);
		const char *cells[] = {name, n, u, t};
		row(r, cells, fr, "lrrr", 4, false, false);
		g_free(name);
		g_free(n);
		g_free(u);
		g_free(t);
	}
	char *total = money(r, cost_items_total(r->b));
	const char *total_row[] = {S(r, "request.total"), "", "", total};
	row(r, total_row, fr, "lrrr", 4, true, false);
	g_free(total);
}

/* A break-even as the reader counts it: "never", "7 months", "3.2
 * years". */
static char *breakeven_text(Req *r, double days)
{
	if (!isfinite(days))
		return g_strdup(S(r, "cloud.never"));
	double months = days / 30.436875;
	char *n = months < 24 ? num(r, ceil(months), 0)
	                      : num(r, months / 12.0, 1);
	char *t = gg_fill2(S(r, months < 24 ? "cloud.months" : "cloud.years"),
	                   n, "");
	g_free(n);
	return t;
}

/* The closest cloud offer by cost per unit of work (cloud.h), with its
 * verdict: FALSE when no offer is comparable. */
static bool closest_cloud(Req *r, CloudComparison *out)
{
	CloudComparison three[CLOUD_CLOSEST];
	if (cloud_compare(r->costs, r->b, r->costs->utilization, three) == 0)
		return false;
	*out = three[0];
	return true;
}

static void performance(Req *r)
{
	const Build *b = r->b;
	section(r, "request.performance_section");
	const char *ref = r->e->gpus[r->costs->perf->reference].name;
	char *cnn = perf_num(r, b, WORKLOAD_CNN, b->perf[WORKLOAD_CNN]);
	char *tr = perf_num(r, b, WORKLOAD_TRANSFORMER,
	                    b->perf[WORKLOAD_TRANSFORMER]);
	char *both = gg_fill2(S(r, "request.cnn_transformer"), cnn, tr);
	pair(r, "request.relative", gg_fill2(S(r, "request.relative_value"),
	                                     both, ref));
	g_free(both);
	g_free(cnn);
	g_free(tr);
	char *rank = g_strdup_printf("%d", b->rank[WORKLOAD_CNN]);
	size_t n = 0;
	for (size_t i = 0; i < r->costs->n_builds; i++)
		n += r->costs->builds[i].gpu_count == b->gpu_count;
	char *of = g_strdup_printf("%zu", n);
	pair(r, "request.rank", gg_fill2(S(r, "request.rank_value"), rank, of));
	g_free(rank);
	g_free(of);
	pair(r, "request.power",
	     format_with_unit(r->s, b->draw_w, 0, "unit.watt"));
	char *kwh = format_with_unit(r->s, b->kwh_year, 0, "unit.kwh");
	char *cost = money(r, b->electricity_year);
	char *util = num(r, r->costs->utilization * 100, 0);
	char *k = gg_fill2(S(r, "format.pair"), kwh, cost);
	pair(r, "request.electricity", gg_fill2(S(r, "request.electricity_value"),
	                                        k, util));
	g_free(k);
	g_free(kwh);
	g_free(cost);
	g_free(util);
	CloudComparison cc;
	if (closest_cloud(r, &cc)) {
		const CloudOffer *o = cc.offer;
		char *when = breakeven_text(r, cc.breakeven_days);
		char *inst = g_strdup_printf("%s %s (%s, %s)", o->provider,
		                             o->instance, r->e->gpus[o->gpu].name,
		                             o->from.date);
		char *key = g_strdup_printf("cloud.verdict.%s",
		                            cloud_verdict_id(cc.verdict));
		char *life = num(r, r->costs->useful_life_years, 0);
		char *verdict = gg_fill2(S(r, "request.verdict_value"), S(r, key),
		                         life);
		pair(r, "request.breakeven",
		     gg_fill2(S(r, "request.breakeven_when"), when, inst));
		pair(r, "request.verdict", verdict);
		g_free(life);
		g_free(key);
		g_free(when);
		g_free(inst);
	}
}

static void alternatives(Req *r)
{
	section(r, "request.alternatives");
	const double fr[] = {0.40, 0.20, 0.20, 0.20};
	const char *head[] = {S(r, "request.build"), S(r, "request.total"),
	                      S(r, "request.per_dollar"),
	                      S(r, "request.relative_short")};
	row(r, head, fr, "lrrr", 4, true, true);
	const Build *shown[16];
	size_t n = 0;
	shown[n++] = r->b;
	for (size_t i = 0; i < r->recs->n && n < 16; i++) {
		const Recommendation *x = &r->recs->items[i];
		if (x->best != r->b)
			continue;
		const Build *alt[] = {x->runner_up, x->best_absolute};
		for (size_t k = 0; k < 2; k++) {
			bool seen = false;
			for (size_t j = 0; j < n; j++)
				seen |= shown[j] == alt[k];
			if (alt[k] && !seen && n < 16)
				shown[n++] = alt[k];
		}
	}
	for (size_t i = 0; i < n; i++) {
		char *name = format_build_name(r->s, r->e, shown[i]);
		char *total = money(r, shown[i]->cost);
		char *pd = num(r, shown[i]->per_dollar[WORKLOAD_CNN], 2);
		char *rel = perf_num(r, shown[i], WORKLOAD_CNN,
		                     shown[i]->perf[WORKLOAD_CNN]);
		const char *cells[] = {name, total, pd, rel};
		row(r, cells, fr, "lrrr", 4, i == 0, false);
		g_free(name);
		g_free(total);
		g_free(pd);
		g_free(rel);
	}
}

/* Appends sentence (taken over) to the text so far, joined as the
 * language joins sentences (format.sentences). */
static void add_sentence(Req *r, char **text, char *sentence)
{
	char *joined = *text ? gg_fill2(S(r, "format.sentences"), *text,
	                                 sentence)
	                     : g_strdup(sentence);
	g_free(*text);
	g_free(sentence);
	*text = joined;
}

/* The cloud verdict as a sentence of the justification: NULL without a
 * comparable offer. */
static char *cloud_sentence(Req *r)
{
	CloudComparison k;
	if (!closest_cloud(r, &k))
		return NULL;
	char *when = breakeven_text(r, k.breakeven_days);
	char *key = g_strdup_printf("request.why_cloud.%s",
	                            cloud_verdict_id(k.verdict));
	char *t = gg_fill2(S(r, key), when, k.offer->provider);
	g_free(key);
	g_free(when);
	return t;
}

/* "It stays the pick unless its price rises 12% or the RTX 4090 falls
 * below $1,900" for the first use case it is the pick of. */
static char *sensitivity_sentence(Req *r)
{
	const Recommendation *x = NULL;
	for (size_t i = 0; !x && i < r->recs->n; i++)
		if (r->recs->items[i].best == r->b
		    && r->recs->items[i].runner_up)
			x = &r->recs->items[i];
	if (!x)
		return NULL;
	const Sensitivity *sv = &x->sensitivity;
	char *pct = format_percent(r->s, sv->pick_rise, 0);
	char *rise = gg_fill2(S(r, sv->pick_budget_bound
	                              ? "sensitivity.rise_budget"
	                              : "sensitivity.rise"), pct, "");
	g_free(pct);
	if (sv->runner_min_price > 0) {
		char *runner = format_build_name(r->s, r->e, x->runner_up);
		char *m = money(r, sv->runner_min_price);
		char *fall = gg_fill2(S(r, "sensitivity.fall"), runner, m);
		char *both = gg_fill2(S(r, "sensitivity.either"), rise, fall);
		g_free(runner);
		g_free(m);
		g_free(fall);
		g_free(rise);
		rise = both;
	}
	char *t = gg_fill2(S(r, "request.why_sensitivity"), rise, "");
	g_free(rise);
	return t;
}

static void justification(Req *r)
{
	section(r, "request.why");
	const Build *b = r->b;
	char *name = format_build_name(r->s, r->e, b);
	char *pd = num(r, b->per_dollar[WORKLOAD_CNN], 2);
	char *mem = num(r, r->e->gpus[b->gpu].memory_gb, 0);
	char *why = NULL;
	add_sentence(r, &why, gg_fill2(S(r, "request.why_value"), name, pd));
	add_sentence(r, &why, gg_fill2(S(r, "request.why_memory"), mem,
	                                r->e->gpus[b->gpu].name));
	char *cloud = cloud_sentence(r);
	if (cloud)
		add_sentence(r, &why, cloud);
	char *stays = sensitivity_sentence(r);
	if (stays)
		add_sentence(r, &why, stays);
	if (b->fit)
		add_sentence(r, &why, g_strdup(S(r, "request.why_fit")));
	text(r, ST.body, false, why, 0, ST.ink);
	g_free(why);
	g_free(mem);
	g_free(pd);
	g_free(name);
}

static void sources(Req *r)
{
	section(r, "request.sources");
	const Edition *e = r->e;
	for (size_t i = 0; i < e->n_prices; i++) {
		const Price *p = &e->prices[i];
		if (p->gpu != r->b->gpu
		    || p->condition != r->b->condition)
			continue;
		char *m = money(r, p->price);
		char *line = g_strdup_printf("%s: %s %s (%s), %s%s%s", p->from.date,
		                             e->gpus[p->gpu].name, m, p->channel,
		                             p->from.source,
		                             *p->from.url ? ", " : "",
		                             p->from.url);
		text(r, ST.footnote, false, line, 0, ST.faint);
		g_free(line);
		g_free(m);
	}
	const Provenance *sys = &r->b->system->from;
	char *line = g_strdup_printf("%s: %s, %s%s%s", sys->date,
	                             r->b->system->name, sys->source,
	                             *sys->url ? ", " : "", sys->url);
	text(r, ST.footnote, false, line, 0, ST.faint);
	g_free(line);
}

/* Lays out the page at r->scale; returns the page count it took. */
static int layout(Req *r, char **bytes, size_t *length, GError **error)
{
	char *name = format_build_name(r->s, r->e, r->b);
	char *title = gg_fill2(S(r, "request.title"), name, "");
	PdfMeta meta = {title, S(r, "pdf.author"), S(r, "request.subject"),
	                S(r, "pdf.keywords"), r->create_date, r->lang};
	r->c = pdfkit_open(r->paper, ST.margin, &meta,
	                   S(r, "font.sans"));
	header(r);
	configuration(r);
	line_items(r);
	justification(r);
	performance(r);
	alternatives(r);
	sources(r);
	int pages = r->c->page;
	bool ok = pdfkit_close(r->c, bytes, length, error);
	r->c = NULL;
	g_free(title);
	g_free(name);
	return ok ? pages : -1;
}

static bool write_one(Req *r, Site *site, const char *prefix,
                      GError **error)
{
	char *bytes = NULL;
	size_t n = 0;
	int pages = 0;
	for (r->scale = 1.0; r->scale > 0.55; r->scale -= 0.1) {
		g_free(bytes);
		bytes = NULL;
		pages = layout(r, &bytes, &n, error);
		if (pages <= 1)
			break;
	}
	char *stem = format_build_stem(r->e, r->b);
	char *rel = paths_request(stem);
	char *path = paths_page(prefix, rel);
	g_free(rel);
	bool ok = pages == 1 && site_write(site, path, bytes, n, error);
	if (pages > 1)
		g_set_error(error, GG_ERROR, GG_ERR_ENV,
		            "purchase request %s does not fit on one page", path);
	g_free(path);
	g_free(stem);
	g_free(bytes);
	return ok;
}

bool request_write(const EditionResult *er, Site *site, GError **error)
{
	const Build **builds = NULL;
	size_t n = recommend_best_builds(er->recs, &builds);
	Req r = {.recs = er->recs, .costs = er->recs->costs,
	         .e = er->edition, .s = er->config->strings,
	         .create_date = er->create_date,
	         .lang = er->config->lang, .paper = er->config->paper};
	bool ok = true;
	for (size_t i = 0; ok && i < n; i++) {
		r.b = builds[i];
		ok = write_one(&r, site, er->prefix, error);
	}
	g_free(builds);
	return ok;
}
