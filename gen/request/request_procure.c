/* Purchase requests, what a procurement desk of the edition's market
 * needs (cost.h, "markets"; the zh-CN edition for buyers in China): the
 * tax-inclusive total in capital numerals, the fields it fills in
 * (fund source, project, procurement method, supplier and tax ID,
 * invoice type, warranty, delivery, acceptance, fixed-asset number), a
 * three-quote comparison and, for used cards, the new card it can
 * invoice, on a page after the request (an attachment the desk fills
 * in; the request itself stays one page).  Nothing for the home
 * market.  See request_internal.h. */
#include "request_internal.h"

#include "format.h"
#include "recommend.h"
#include "util.h"

#include <math.h>

/* The new build a desk can invoice beside a used one: the same GPU new
 * when it serves the request's use case, else the new build that serves
 * it (recommend_qualifies) at the best speed per unit of money in its
 * workload; NULL when the edition prices none. */
static const UseCase *served(const Req *r)
{
	for (size_t i = 0; i < r->recs->n; i++)
		if (r->recs->items[i].buy == r->b)
			return r->recs->items[i].use_case;
	return NULL;
}

static const Build *new_alternative(const Req *r)
{
	const UseCase *u = served(r);
	if (!u)
		return NULL;
	const Build *same = cost_build_in(r->costs, r->b->gpu,
	                                  r->b->gpu_count, CONDITION_NEW);
	if (same && recommend_qualifies(r->costs, u, same))
		return same;
	const Build *best = NULL;
	for (size_t i = 0; i < r->costs->n_builds; i++) {
		const Build *x = &r->costs->builds[i];
		if (x->condition != CONDITION_NEW
		    || !recommend_qualifies(r->costs, u, x))
			continue;
		if (!best
		    || x->perf[u->workload] / x->cost
		           > best->perf[u->workload] / best->cost)
			best = x;
	}
	return best;
}

static void label_value(Req *r, const char *label, const char *value)
{
	static const double cols[] = {0.3, 0.7};
	const ReqCell cells[] = {{label, NULL, 0, 0, NULL},
	                         {value, NULL, 0, 0, NULL}};
	req_row(r, cells, cols, "ll", 2, false, false);
}

/* The total with its VAT and in capital numerals. */
static void total_in_words(Req *r, const Market *mk)
{
	double yuan = round(cost_items_total(r->b) * mk->fx_per_usd);
	char *money = req_money(r, cost_items_total(r->b));
	char *vat = format_percent(r->s, mk->vat, 0);
	char *with_vat = gg_fill2(req_s(r, "request.procure.total_value"),
	                          money, vat);
	char *words = format_rmb_capital(yuan);
	label_value(r, req_s(r, "request.procure.total"), with_vat);
	label_value(r, req_s(r, "request.procure.capital"), words ? words : "");
	g_free(words);
	g_free(with_vat);
	g_free(vat);
	g_free(money);
}

/* Three competing quotes, to fill in: supplier, quote with tax,
 * delivery, warranty, invoice type. */
static void three_quotes(Req *r)
{
	static const double cols[] = {0.08, 0.32, 0.18, 0.14, 0.12, 0.16};
	static const char *const HEAD[] = {
	    "request.procure.quote_no", "request.procure.supplier",
	    "request.procure.quote_price", "request.procure.delivery_days",
	    "request.procure.warranty_short", "request.procure.invoice_short"};
	req_section(r, "request.procure.three_quotes");
	ReqCell head[6];
	for (size_t i = 0; i < 6; i++)
		head[i] = (ReqCell){req_s(r, HEAD[i]), NULL, 0, 0, NULL};
	req_row(r, head, cols, "llllll", 6, true, true);
	for (int q = 1; q <= 3; q++) {
		char n[4];
		snprintf(n, sizeof n, "%d", q);
		/* two lines high: room to write a supplier's name */
		const ReqCell row[] = {{n, NULL, 0, 0, NULL},
		                       {" \n ", NULL, 0, 0, NULL},
		                       {"", NULL, 0, 0, NULL},  {"", NULL, 0, 0, NULL},
		                       {"", NULL, 0, 0, NULL},  {"", NULL, 0, 0, NULL}};
		req_row(r, row, cols, "llllll", 6, false, false);
	}
	req_text(r, PAGE_REQUEST.footnote, false,
	         req_s(r, "request.procure.three_quotes_note"), 0,
	         PAGE_REQUEST.muted);
}

/* For used cards: why a desk may not accept them, and the new build it
 * can invoice instead. */
static void used_note(Req *r, const UseCase *u)
{
	const Build *alt = new_alternative(r);
	char *text;
	if (alt) {
		char *name = format_build_name(r->s, r->e, alt);
		char *cost = req_money(r, alt->cost);
		char *with = gg_fill2(req_s(r, "request.procure.used_alt"), name,
		                      cost);
		text = gg_fill2(req_s(r, "format.sentences"),
		                req_s(r, "request.procure.used"), with);
		g_free(with);
		g_free(cost);
		g_free(name);
	} else {
		/* none priced: the configurations to ask vendors to quote */
		char *none = u && u->quote && *u->quote
		                 ? gg_fill2(req_s(r, "request.procure.used_quote"),
		                            lang_name(r->s, u->quote), "")
		                 : g_strdup(req_s(r, "request.procure.used_no_alt"));
		text = gg_fill2(req_s(r, "format.sentences"),
		                req_s(r, "request.procure.used"), none);
		g_free(none);
	}
	label_value(r, req_s(r, "request.procure.used_title"), text);
	g_free(text);
}

void req_procurement(Req *r)
{
	static const char *const FIELDS[] = {
	    "request.procure.fund_source", "request.procure.project_no",
	    "request.procure.method", "request.procure.supplier_name",
	    "request.procure.tax_id", "request.procure.invoice_type",
	    "request.procure.warranty", "request.procure.delivery",
	    "request.procure.acceptance", "request.procure.asset_no"};
	const Market *mk = r->e->market;
	if (!mk)
		return;
	/* the request itself stays one page; the desk's sheet follows */
	pdfkit_new_page(r->c);
	req_section(r, "request.procure.section");
	total_in_words(r, mk);
	if (r->b->condition == CONDITION_USED)
		used_note(r, served(r));
	label_value(r, req_s(r, "request.procure.asset"),
	            req_s(r, "request.procure.asset_note"));
	req_fields(r, FIELDS, G_N_ELEMENTS(FIELDS));
	three_quotes(r);
}
