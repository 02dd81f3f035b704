/* Purchase requests: one request per recommended build, laid out at a
 * fixed type size (9 pt and up).  When it does not fit on one page it
 * flows onto the next, which repeats the request's title; every page
 * ends with a footer naming the edition and the guide's address.  Laid
 * out twice: the first pass counts the pages for the footers.
 * See request.h. */
#include "request_internal.h"

#include "cloud.h"
#include "format.h"
#include "paths.h"
#include "util.h"

#include <math.h>
#include <string.h>

#define ST PAGE_REQUEST

static const char *S(const Req *r, const char *key)
{
	return lang_need(r->s, key, NULL);
}

const char *req_s(const Req *r, const char *key)
{
	return S(r, key);
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

char *req_money(const Req *r, double v)
{
	return money(r, v);
}

/* ---- drawing helpers --------------------------------------------------- */

/* Text across the width at size, in a colour; returns its height. */
static double text(Req *r, double size, bool bold, const char *t,
                   double indent, PageColour colour)
{
	PdfCanvas *c = r->c;
	PangoLayout *l = pdfkit_layout(c, NULL, size, bold, c->width - indent);
	pango_layout_set_text(l, t, -1);
	page_set_colour(c->cr, colour);
	double before = c->y;
	pdfkit_draw_layout(c, l, c->x + indent, NULL, 0);
	g_object_unref(l);
	return c->y - before;
}

void req_section(Req *r, const char *key)
{
	r->c->y += 6;
	pdfkit_need(r->c, 40);
	text(r, ST.section, true, S(r, key), 0, ST.ink);
	r->c->y += 3;
}

#define MAX_CELLS 6

void req_row(Req *r, const ReqCell *cells, const double *fractions,
             const char *align, size_t n, bool bold, bool shade)
{
	PdfCanvas *c = r->c;
	PangoLayout *ls[MAX_CELLS] = {0}, *ds[MAX_CELLS] = {0};
	double h = 0;
	n = MIN(n, MAX_CELLS);
	for (size_t i = 0; i < n; i++) {
		double w = fractions[i] * c->width - 6;
		double cell_h = 0;
		if (*cells[i].text) {
			ls[i] = pdfkit_layout(c, NULL, ST.caption, bold, w);
			pango_layout_set_text(ls[i], cells[i].text, -1);
			if (align[i] == 'r')
				pango_layout_set_alignment(ls[i], PANGO_ALIGN_RIGHT);
			cell_h = text_height(ls[i]);
		}
		if (cells[i].detail && *cells[i].detail) {
			ds[i] = pdfkit_layout(c, NULL, ST.footnote, false, w);
			pango_layout_set_text(ds[i], cells[i].detail, -1);
			cell_h += text_height(ds[i]);
		}
		h = fmax(h, cell_h);
	}
	pdfkit_need(c, h + 4);
	if (shade) {
		page_set_colour(c->cr, ST.table_header);
		cairo_rectangle(c->cr, c->x, c->y, c->width, h + 4);
		cairo_fill(c->cr);
	}
	double x = c->x, top = c->y;
	for (size_t i = 0; i < n; i++) {
		c->y = top + 2;
		if (ls[i]) {
			page_set_colour(c->cr, ST.ink);
			pdfkit_draw_layout(c, ls[i], x + 3, NULL, 0);
			g_object_unref(ls[i]);
		}
		if (ds[i]) {
			PdfLink link = {cells[i].link_start, cells[i].link_end,
			                (char *)cells[i].link};
			bool linked = cells[i].link
			              && cells[i].link_end > cells[i].link_start;
			page_set_colour(c->cr, ST.muted);
			pdfkit_draw_layout(c, ds[i], x + 3, linked ? &link : NULL,
			                   linked ? 1 : 0);
			g_object_unref(ds[i]);
		}
		x += fractions[i] * c->width;
	}
	c->y = top + h + 4;
	page_set_colour(c->cr, ST.table_rule);
	cairo_set_line_width(c->cr, ST.table_rule_width);
	cairo_move_to(c->cr, c->x, c->y);
	cairo_line_to(c->cr, c->x + c->width, c->y);
	cairo_stroke(c->cr);
}

/* A label and its value on one row. */
static void pair(Req *r, const char *key, char *value)
{
	const ReqCell cells[] = {{S(r, key), NULL, 0, 0, NULL},
	                         {value, NULL, 0, 0, NULL}};
	const double fr[] = {0.34, 0.66};
	req_row(r, cells, fr, "ll", 2, false, false);
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
 * lines, two to a row (keys request.field.*); the delivery address gets
 * a row of its own with room to write. */
static void approval_fields(Req *r)
{
	static const char *const FIELDS[] = {
	    "request.field.requester", "request.field.cost_centre",
	    "request.field.approver", "request.field.date",
	    "request.field.vendor_quote", "request.field.delivery_address"};
	PdfCanvas *c = r->c;
	const double line_h = 17, gap = 14;
	req_section(r, "request.approval");
	size_t n = G_N_ELEMENTS(FIELDS);
	for (size_t i = 0; i < n; i++) {
		bool wide = i == n - 1; /* the address: the whole width */
		size_t column = wide ? 0 : i % 2;
		double col_w = wide ? c->width : c->width / 2;
		double x = c->x + column * (c->width / 2);
		if (wide && i % 2 == 1) /* the row before has one field */
			c->y += line_h;
		if (column == 0)
			pdfkit_need(c, line_h * (wide ? 2 : 1));
		PangoLayout *l = pdfkit_layout(c, NULL, ST.caption, false, -1);
		pango_layout_set_text(l, S(r, FIELDS[i]), -1);
		double base_line = c->y + line_h - 4;
		double base = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
		page_set_colour(c->cr, ST.muted);
		cairo_move_to(c->cr, x, base_line - base);
		pango_cairo_show_layout(c->cr, l);
		page_set_colour(c->cr, ST.table_rule);
		cairo_set_line_width(c->cr, ST.table_rule_width);
		cairo_move_to(c->cr, x + text_width(l) + 4, base_line + 1);
		cairo_line_to(c->cr, x + col_w - (wide ? 0 : gap), base_line + 1);
		if (wide) { /* a second line to write the address on */
			cairo_move_to(c->cr, x + text_width(l) + 4,
			              base_line + 1 + line_h);
			cairo_line_to(c->cr, x + col_w, base_line + 1 + line_h);
		}
		cairo_stroke(c->cr);
		g_object_unref(l);
		if (column == 1 || wide)
			c->y += line_h * (wide ? 2 : 1);
	}
	c->y += 4;
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
	/* the GPUs and the base system are line items above */
	req_section(r, "request.configuration");
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

/* "RunPod RTX 5090 (2026-06-01)", or "AWS p5.48xlarge (H100 SXM,
 * 2026-06-01)" when the instance's name does not already say its GPU
 * (never "RunPod RTX 5090 (RTX 5090)").  Caller frees. */
static char *cloud_offer_name(const Req *r, const CloudOffer *o)
{
	const char *gpu = r->e->gpus[o->gpu].name;
	bool named = strstr(o->instance, gpu) || strstr(o->provider, gpu);
	char *detail = named ? g_strdup(o->from.date)
	                     : gg_fill2(S(r, "format.pair"), gpu, o->from.date);
	char *who = g_strdup_printf("%s %s", o->provider, o->instance);
	char *t = gg_fill2(S(r, "format.aside"), who, detail);
	g_free(who);
	g_free(detail);
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
	req_section(r, "request.performance_section");
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
	/* the per-dollar rank is in the justification */
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
		char *inst = cloud_offer_name(r, o);
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
	req_section(r, "request.alternatives");
	const double fr[] = {0.34, 0.18, 0.18, 0.30};
	const ReqCell head[] = {
	    {S(r, "request.build"), NULL, 0, 0, NULL},
	    {S(r, "request.total"), NULL, 0, 0, NULL},
	    {S(r, "request.per_dollar"), NULL, 0, 0, NULL},
	    {S(r, "request.relative_short"), NULL, 0, 0, NULL}};
	req_row(r, head, fr, "lrrr", 4, true, true);
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
		const ReqCell cells[] = {{name, NULL, 0, 0, NULL},
		                         {total, NULL, 0, 0, NULL},
		                         {pd, NULL, 0, 0, NULL},
		                         {rel, NULL, 0, 0, NULL}};
		req_row(r, cells, fr, "lrrr", 4, i == 0, false);
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

char *request_sensitivity_text(const Lang *s, const Edition *e,
                               const Recommendation *x)
{
	const Sensitivity *sv = &x->sensitivity;
	char *pct = format_percent(s, sv->pick_rise, 0);
	char *rise = gg_fill2(lang_need(s, sv->pick_budget_bound
	                                       ? "sensitivity.rise_budget"
	                                       : "sensitivity.rise", NULL),
	                      pct, "");
	g_free(pct);
	if (sv->runner_min_price <= 0 || !x->runner_up)
		return rise;
	char *runner = format_build_name(s, e, x->runner_up);
	char *m = format_money(s, sv->runner_min_price);
	char *fall = gg_fill2(lang_need(s, "sensitivity.fall", NULL), runner, m);
	char *both = gg_fill2(lang_need(s, "sensitivity.either", NULL), rise,
	                      fall);
	g_free(runner);
	g_free(m);
	g_free(fall);
	g_free(rise);
	return both;
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
	char *unless = request_sensitivity_text(r->s, r->e, x);
	char *t = gg_fill2(S(r, "request.why_sensitivity"), unless, "");
	g_free(unless);
	return t;
}

/* "It trains convolutional networks 3.77 (3.76–3.78) times as fast as
 * one RTX 3080 and ranks 1 of 32 builds of its size per dollar." */
static char *performance_sentence(Req *r)
{
	const Build *b = r->b;
	const char *ref = r->e->gpus[r->costs->perf->reference].name;
	char *speed = perf_num(r, b, WORKLOAD_CNN, b->perf[WORKLOAD_CNN]);
	char *first = gg_fill2(S(r, "request.why_perf"), speed, ref);
	size_t n = 0;
	for (size_t i = 0; i < r->costs->n_builds; i++)
		n += r->costs->builds[i].gpu_count == b->gpu_count;
	char *rank = g_strdup_printf("%d", b->rank[WORKLOAD_CNN]);
	char *of = g_strdup_printf("%zu", n);
	char *ranked = gg_fill2(S(r, "request.why_rank"), rank, of);
	char *t = gg_fill2(S(r, "format.sentences"), first, ranked);
	g_free(ranked);
	g_free(of);
	g_free(rank);
	g_free(first);
	g_free(speed);
	return t;
}

static void justification(Req *r)
{
	req_section(r, "request.why");
	const Build *b = r->b;
	char *name = format_build_name(r->s, r->e, b);
	char *pd = num(r, b->per_dollar[WORKLOAD_CNN], 2);
	char *mem = num(r, r->e->gpus[b->gpu].memory_gb, 0);
	char *why = NULL;
	add_sentence(r, &why, gg_fill2(S(r, "request.why_value"), name, pd));
	add_sentence(r, &why, gg_fill2(S(r, "request.why_memory"), mem,
	                                r->e->gpus[b->gpu].name));
	add_sentence(r, &why, performance_sentence(r));
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

/* The guide's address: under --base-url the edition's page, else the
 * guide's PDF beside this request's folder; *link gets its link
 * attributes.  Caller frees. */
static char *guide_address(const Req *r, char **link)
{
	if (r->base_url && *r->base_url) {
		char *url = g_strconcat(r->base_url,
		                        g_str_has_suffix(r->base_url, "/") ? ""
		                                                           : "/",
		                        r->prefix ? r->prefix : "", NULL);
		*link = pdfkit_link_attributes(url);
		return url;
	}
	*link = pdfkit_file_link_attributes("../guide.pdf");
	return g_strdup("../guide.pdf");
}

/* Page end: the footer (edition, the guide's address, page n of N). */
static void footer(PdfCanvas *c, void *data)
{
	Req *r = data;
	char *edition = gg_fill2(S(r, "request.footer_edition"),
	                         strcmp(r->e->name, "current") == 0
	                             ? S(r, "edition.current") : r->e->name,
	                         r->e->data_date);
	char *link = NULL;
	char *address = guide_address(r, &link);
	char *marked = gg_fill2(S(r, "request.footer"), edition, "\x01");
	char *at = strchr(marked, '\x01');
	int start = at ? (int)(at - marked) : 0;
	if (at)
		*at = '\0';
	char *line = g_strconcat(marked, at ? address : "", at ? at + 1 : "",
	                         NULL);
	char *n = g_strdup_printf("%d", c->page);
	char *total = g_strdup_printf("%d", MAX(r->total_pages, c->page));
	char *page = gg_fill2(S(r, "pdf.page_of"), n, total);
	double y = c->page_h - ST.margin + 10;
	PangoLayout *p = pdfkit_layout(c, NULL, ST.small, false, -1);
	pango_layout_set_text(p, page, -1);
	double page_w = text_width(p);
	PangoLayout *l = pdfkit_layout(c, NULL, ST.small, false,
	                               c->width - page_w - 12);
	pango_layout_set_text(l, line, -1);
	page_set_colour(c->cr, ST.rule);
	cairo_set_line_width(c->cr, ST.rule_width);
	cairo_move_to(c->cr, c->x, y - 4);
	cairo_line_to(c->cr, c->x + c->width, y - 4);
	cairo_stroke(c->cr);
	page_set_colour(c->cr, ST.muted);
	double saved_y = c->y, saved_bottom = c->bottom;
	c->y = y;
	c->bottom = c->page_h; /* the footer sits in the bottom margin */
	PdfLink links[] = {{start, start + (int)strlen(address), link}};
	pdfkit_draw_layout(c, l, c->x, links, at && link ? 1 : 0);
	cairo_move_to(c->cr, c->x + c->width - page_w, y);
	pango_cairo_show_layout(c->cr, p);
	c->y = saved_y;
	c->bottom = saved_bottom;
	g_object_unref(l);
	g_object_unref(p);
	g_free(page);
	g_free(total);
	g_free(n);
	g_free(line);
	g_free(marked);
	g_free(address);
	g_free(link);
	g_free(edition);
}

/* Page start (pages after the first): the request's title again. */
static void repeated_header(PdfCanvas *c, void *data)
{
	Req *r = data;
	char *name = format_build_name(r->s, r->e, r->b);
	char *title = gg_fill2(S(r, "request.title"), name, "");
	char *continued = gg_fill2(S(r, "request.continued"), title, "");
	text(r, ST.section, true, continued, 0, ST.ink);
	page_set_colour(c->cr, ST.rule);
	cairo_set_line_width(c->cr, ST.rule_width);
	cairo_move_to(c->cr, c->x, c->y + 3);
	cairo_line_to(c->cr, c->x + c->width, c->y + 3);
	cairo_stroke(c->cr);
	c->y += 10;
	g_free(continued);
	g_free(title);
	g_free(name);
}

/* Lays out the request; returns the page count it took (-1: error). */
static int layout(Req *r, char **bytes, size_t *length, GError **error)
{
	char *name = format_build_name(r->s, r->e, r->b);
	char *title = gg_fill2(S(r, "request.title"), name, "");
	PdfMeta meta = {title, S(r, "pdf.author"), S(r, "request.subject"),
	                S(r, "pdf.keywords"), r->create_date, r->lang};
	r->c = pdfkit_open(r->paper, ST.margin, &meta, S(r, "font.sans"));
	r->c->bottom -= 14; /* room for the footer */
	r->c->page_end = footer;
	r->c->page_end_data = r;
	r->c->page_start = repeated_header;
	r->c->page_start_data = r;
	header(r);
	req_line_items(r);
	justification(r);
	configuration(r);
	performance(r);
	alternatives(r);
	req_sources(r);
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
	r->total_pages = 0;
	int pages = layout(r, &bytes, &n, error); /* counts the pages */
	if (pages > 0) {
		g_free(bytes);
		bytes = NULL;
		r->total_pages = pages;
		pages = layout(r, &bytes, &n, error);
	}
	char *stem = format_build_stem(r->e, r->b);
	char *rel = paths_request(stem);
	char *path = paths_page(prefix, rel);
	g_free(rel);
	bool ok = pages > 0 && site_write(site, path, bytes, n, error);
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
	         .lang = er->config->lang, .base_url = er->config->base_url,
	         .prefix = er->prefix, .paper = er->config->paper};
	bool ok = true;
	for (size_t i = 0; ok && i < n; i++) {
		r.b = builds[i];
		ok = write_one(&r, site, er->prefix, error);
	}
	g_free(builds);
	return ok;
}
