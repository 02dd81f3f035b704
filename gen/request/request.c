/* Purchase requests: one request per recommended build, laid out at a
 * fixed type size (9 pt and up).  When it does not fit on one page it
 * flows onto the next, which repeats the request's title; every page
 * ends with a footer naming the edition and the guide's address.  Laid
 * out twice: the first pass only measures (nothing drawn) and counts
 * the pages for the footers.
 * See request.h. */
#include "request_internal.h"

#include "cloud.h"
#include "format.h"
#include "paths.h"
#include "util.h"

#include <math.h>
#include <string.h>

#define ST PAGE_REQUEST

/* A build's figure v on workload w with the range of its GPU's
 * performance ("1.26 (1.05–1.45)"), or the number alone when the range
 * rounds away. */
static char *perf_num(Req *r, const Build *b, Workload w, double v)
{
	const GpuPerf *p = &r->costs->perf->gpus[w][b->gpu];
	char *shown = format_number(r->s, v, 2);
	if (!p->rated || !(p->value > 0))
		return shown;
	return format_interval(r->s, shown, format_number(r->s, v * p->low / p->value, 2),
	                       format_number(r->s, v * p->high / p->value, 2), NULL);
}

static char *money(const Req *r, double v)
{
	return req_money(r, v);
}

/* ---- drawing helpers --------------------------------------------------- */

/* A label and its value on one row. */
static void pair(Req *r, const char *key, char *value)
{
	const ReqCell cells[] = {{req_s(r, key), NULL, 0, 0, NULL},
	                         {value, NULL, 0, 0, NULL}};
	const double fr[] = {0.34, 0.66};
	req_row(r, cells, fr, "ll", 2, false, false);
	g_free(value);
}

/* ---- content ----------------------------------------------------------- */

/* The household circuits the build needs, per region, when its draw
 * exceeds one circuit somewhere; for a server, the rack power it needs
 * instead. */
static void circuit_note(Req *r)
{
	if (!r->b->over_circuit)
		return;
	if (r->b->system->kind == SYSTEM_SERVER) {
		/* a rack node: rack power, not a household circuit */
		char *draw = format_number(r->s, r->b->draw_w, 0);
		pair(r, "request.circuit",
		     gg_fill2(req_s(r, "request.rack_power_value"), draw, ""));
		g_free(draw);
		return;
	}
	char *list = format_circuits(r->s, r->costs, r->b);
	char *draw = format_number(r->s, r->b->draw_w, 0);
	pair(r, "request.circuit",
	     gg_fill2(req_s(r, "request.circuit_value"), draw, list ? list : ""));
	g_free(draw);
	g_free(list);
}

static void configuration(Req *r)
{
	/* the GPUs and the base system are line items above */
	req_section(r, "request.configuration");
	/* its memory is in the justification */
	char *psu = format_number(r->s, r->b->psu_w, 0);
	char *base = format_number(r->s, r->b->system->psu_w, 0);
	if (r->b->psu_added_w > 0) {
		/* the second supply is a line item, which says so */
	} else if (r->b->psu_replacement) {
		/* the replacement is a line item; this names its reason */
		char *new_w = format_number(r->s, r->b->psu_replacement->watts, 0);
		pair(r, "request.psu",
		     gg_fill2(req_s(r, "request.psu_replaced"), psu, new_w));
		g_free(new_w);
	} else {
		pair(r, "request.psu",
		     gg_fill2(req_s(r, r->b->psu_w > r->b->system->psu_w
		                       ? "request.psu_upgrade"
		                       : "request.psu_ok"),
		              psu, base));
	}
	g_free(psu);
	g_free(base);
	circuit_note(r);
	if (r->b->consumer_in_server && r->costs->licence)
		pair(r, "request.licence",
		     gg_fill2(req_s(r, "request.licence_value"),
		              r->costs->licence->from.source,
		              r->costs->licence->from.url));
}

/* A break-even as the reader counts it: "never", "7 months", "3.2
 * years". */
static char *breakeven_text(Req *r, double days)
{
	if (!isfinite(days))
		return g_strdup(req_s(r, "cloud.never"));
	double months = days / 30.436875;
	char *n = months < 24 ? format_number(r->s, ceil(months), 0)
	                      : format_number(r->s, months / 12.0, 1);
	char *t = gg_fill2(req_s(r, months < 24 ? "cloud.months" : "cloud.years"),
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
	                     : gg_fill2(req_s(r, "format.pair"), gpu, o->from.date);
	char *who = g_strdup_printf("%s %s", o->provider, o->instance);
	char *t = gg_fill2(req_s(r, "format.aside"), who, detail);
	g_free(who);
	g_free(detail);
	return t;
}

/* Hours of use a month at the edition's utilization. */
static const Recommendation *first_decision(const Req *r);

/* The use the request weighs renting at: its first use case's stated
 * utilization (the decision's own rent-or-buy), else the edition's. */
static double stated_hours(const Req *r)
{
	const Recommendation *x = first_decision(r);
	double u = x && x->use_case->utilization > 0
	               ? x->use_case->utilization
	               : r->costs->utilization;
	return u * CLOUD_HOURS_PER_MONTH;
}

/* The case for the purchase against the cloud offer: what a year
 * of use costs owned (the price over the useful life, plus electricity)
 * and rented at the stated use, and from how many hours of use a month
 * buying pays back within the useful life; where renting is cheaper at
 * the stated use, that threshold and a blank for the expected use.  An
 * edition with no useful life gets the break-even time alone. */
static void case_for_buying(Req *r, const CloudComparison *cc)
{
	const Build *b = r->b;
	double life = r->costs->useful_life_years;
	char *inst = cloud_offer_name(r, cc->offer);
	if (!(life > 0)) {
		char *when = breakeven_text(r, cc->breakeven_days);
		pair(r, "request.breakeven",
		     gg_fill2(req_s(r, "request.breakeven_when"), when, inst));
		pair(r, "request.case_hours",
		     g_strdup(req_s(r, "request.case_no_life")));
		g_free(when);
		g_free(inst);
		return;
	}
	double rate = b->perf[WORKLOAD_CNN]; /* units of work an hour */
	double saving = rate * (cc->cloud_per_unit - cc->desktop_per_unit);
	double hours = stated_hours(r);
	char *own = money(r, b->cost / life + b->electricity_year);
	char *rent = money(r, rate * hours * 12 * cc->cloud_per_unit);
	char *h = format_number(r->s, round(hours), 0);
	char *years = format_number(r->s, life, 0);
	char *costs = gg_fill2(req_s(r, "request.case_cost_value"), own, rent);
	char *where = gg_fill2(req_s(r, "request.case_cost_where"), years, inst);
	pair(r, "request.case_cost", gg_fill2(req_s(r, "format.sentences"), costs,
	                                      where));
	/* more hours than a month has: renting wins at any use */
	double pays = saving > 0 ? b->cost / (saving * 12 * life) : INFINITY;
	if (isfinite(pays) && pays <= CLOUD_HOURS_PER_MONTH) {
		char *from = format_number(r->s, ceil(pays), 0);
		char *at = gg_fill2(req_s(r, pays <= hours ? "request.case_pays"
		                                       : "request.case_pays_more"),
		                    from, h);
		pair(r, "request.case_hours", at);
		g_free(from);
	} else {
		pair(r, "request.case_hours",
		     g_strdup(req_s(r, "request.case_never")));
	}
	g_free(costs);
	g_free(where);
	g_free(years);
	g_free(h);
	g_free(rent);
	g_free(own);
	g_free(inst);
}

static void performance(Req *r)
{
	const Build *b = r->b;
	/* the same section as the configuration: one page */
	const char *ref = r->e->gpus[r->costs->perf->reference].name;
	char *cnn = perf_num(r, b, WORKLOAD_CNN, b->perf[WORKLOAD_CNN]);
	char *tr = perf_num(r, b, WORKLOAD_TRANSFORMER,
	                    b->perf[WORKLOAD_TRANSFORMER]);
	char *both = gg_fill2(req_s(r, "request.cnn_transformer"), cnn, tr);
	pair(r, "request.relative", gg_fill2(req_s(r, "request.relative_value"),
	                                     both, ref));
	g_free(both);
	g_free(cnn);
	g_free(tr);
	/* the draw, then what it costs a year, on one row */
	char *draw = format_with_unit(r->s, b->draw_w, 0, "unit.watt");
	char *kwh = format_with_unit(r->s, b->kwh_year, 0, "unit.kwh");
	char *cost = money(r, b->electricity_year);
	char *util = format_number(r->s, r->costs->utilization * 100, 0);
	char *k = gg_fill2(req_s(r, "format.pair"), kwh, cost);
	char *year = gg_fill2(req_s(r, "request.electricity_value"), k, util);
	pair(r, "request.power", gg_fill2(req_s(r, "format.pair"), draw, year));
	g_free(year);
	g_free(draw);
	g_free(k);
	g_free(kwh);
	g_free(cost);
	g_free(util);
	/* the decision's own comparison, at its use case's hours */
	const Recommendation *x = first_decision(r);
	CloudComparison cc;
	if (x && x->rent_compared)
		case_for_buying(r, &x->rent);
	else if (cloud_offer_of(r->costs, r->b, &cc))
		case_for_buying(r, &cc);
}

static void alternatives(Req *r)
{
	req_section(r, "request.alternatives");
	const double fr[] = {0.34, 0.18, 0.18, 0.30};
	const ReqCell head[] = {
	    {req_s(r, "request.build"), NULL, 0, 0, NULL},
	    {req_s(r, "request.total"), NULL, 0, 0, NULL},
	    {req_s(r, "request.per_dollar"), NULL, 0, 0, NULL},
	    {req_s(r, "request.relative_short"), NULL, 0, 0, NULL}};
	req_row(r, head, fr, "lrrr", 4, true, true);
	const Build *shown[16];
	size_t n = 0;
	shown[n++] = r->b;
	for (size_t i = 0; i < r->recs->n && n < 16; i++) {
		const Recommendation *x = &r->recs->items[i];
		if (x->buy != r->b)
			continue;
		const Build *alt[] = {x->other, x->best_absolute};
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
		char *pd = format_number(r->s, shown[i]->per_dollar[WORKLOAD_CNN], 2);
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
	char *joined = *text ? gg_fill2(req_s(r, "format.sentences"), *text,
	                                 sentence)
	                     : g_strdup(sentence);
	g_free(*text);
	g_free(sentence);
	*text = joined;
}

/* The decision of the first use case that buys the request's build. */
static const Recommendation *first_decision(const Req *r)
{
	for (size_t i = 0; i < r->recs->n; i++)
		if (r->recs->items[i].buy == r->b)
			return &r->recs->items[i];
	return NULL;
}

/* "It stays the pick unless its price rises 12% or the RTX 4090 falls
 * below $1,900" for the first use case it is the pick of. */
static char *sensitivity_sentence(Req *r)
{
	const Recommendation *x = first_decision(r);
	if (!x || !x->other)
		return NULL;
	char *unless = format_sensitivity(r->s, r->e, x);
	char *t = gg_fill2(req_s(r, "request.why_sensitivity"), unless, "");
	g_free(unless);
	return t;
}

static void justification(Req *r)
{
	req_section(r, "request.why");
	const Build *b = r->b;
	char *name = format_build_name(r->s, r->e, b);
	char *pd = format_number(r->s, b->per_dollar[WORKLOAD_CNN], 2);
	char *mem = format_number(r->s, r->e->gpus[b->gpu].memory_gb, 0);
	char *why = NULL;
	const Recommendation *x = first_decision(r);
	bool decode = x && x->measure == MEASURE_DECODE;
	if (x && x->buy != x->best) {
		/* bought by the rule for ties over the best value */
		char *other = format_build_name(r->s, r->e, x->other);
		add_sentence(r, &why,
		             gg_fill2(req_s(r, decode ? "request.why_value_tie_decode"
		                                      : "request.why_value_tie"),
		                      name, other));
		g_free(other);
	} else if (decode) {
		add_sentence(r, &why, gg_fill2(req_s(r, "request.why_value_decode"),
		                               name, x->llm_case.model->name));
	} else {
		add_sentence(r, &why, gg_fill2(req_s(r, "request.why_value"),
		                               name, pd));
	}
	add_sentence(r, &why, gg_fill2(req_s(r, "request.why_memory"), mem,
	                                r->e->gpus[b->gpu].name));
	/* its speed, rank and the cloud are rows and tables below */
	char *stays = sensitivity_sentence(r);
	if (stays)
		add_sentence(r, &why, stays);
	bool circuit = false, parts = false; /* lines not in the total */
	for (size_t i = 0; i < b->n_items; i++) {
		circuit |= b->items[i].not_included
		           && b->items[i].kind == LINE_CIRCUIT;
		parts |= b->items[i].not_included
		         && b->items[i].kind != LINE_CIRCUIT;
	}
	if (parts)
		add_sentence(r, &why,
		             g_strdup(req_s(r, "request.why_unpriced_parts")));
	if (!circuit && b->fit && !parts)
		add_sentence(r, &why, g_strdup(req_s(r, "request.why_fit")));
	req_text(r, ST.body, false, why, 0, ST.ink);
	g_free(why);
	g_free(mem);
	g_free(pd);
	g_free(name);
}

/* Lays out the request; returns the page count it took (-1: error).
 * The first pass (total_pages 0) only measures: no bytes. */
static int layout(Req *r, char **bytes, size_t *length, GError **error)
{
	char *name = format_build_name(r->s, r->e, r->b);
	char *title = gg_fill2(req_s(r, "request.title"), name, "");
	PdfMeta meta = {title, req_s(r, "pdf.author"), req_s(r, "request.subject"),
	                req_s(r, "pdf.keywords"), r->create_date, r->lang};
	r->c = r->total_pages
	           ? pdfkit_open_shared(r->paper, ST.margin, &meta,
	                                req_s(r, "font.sans"), r->texts)
	           : pdfkit_open_measuring(r->paper, ST.margin,
	                                   req_s(r, "font.sans"), r->texts);
	r->c->bottom -= 14; /* room for the footer */
	r->c->page_end = req_footer;
	r->c->page_end_data = r;
	r->c->page_start = req_repeated_header;
	r->c->page_start_data = r;
	req_header(r);
	req_line_items(r);
	justification(r);
	configuration(r);
	performance(r);
	alternatives(r);
	req_procurement(r); /* a market's: on a page of its own */
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
	r.texts = pdfkit_texts_new();
	bool ok = true;
	for (size_t i = 0; ok && i < n; i++) {
		r.b = builds[i];
		ok = write_one(&r, site, er->prefix, error);
	}
	pdfkit_texts_free(r.texts);
	g_free(builds);
	return ok;
}
