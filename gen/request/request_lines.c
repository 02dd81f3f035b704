/* Purchase requests, line items and price sources: every line of the
 * build's invoice (base system or chassis, GPUs, power supply, risers,
 * whatever the build lists) with its one dated price, the range of the
 * prices behind it and its source as a live link; then every price row
 * behind those lines, each source marked by its standing: a shop's own
 * listing, a maker's list price as reported, or a price reported by a
 * review or blog site (never presented as a vendor quote).
 * See request_internal.h. */
#include "request_internal.h"
#include "price_age.h"

#include "format.h"
#include "util.h"

#include <string.h>

typedef enum { STANDING_SHOP, STANDING_LIST, STANDING_REPORTED } Standing;

/* Shops and marketplaces: a price whose address is on one of these is
 * the shop's own listing. */
static const char *const SHOPS[] = {
    "amazon.", "ebay.", "walmart.", "newegg.", "bestbuy.", "bhphotovideo.",
    "microcenter.", "cdw.", "provantage.", "scan.co.uk", "alternate.",
    "mindfactory.", "jd.com", "tmall.", "taobao.", "nvidia.com/en-us/shop",
    "store.nvidia."};

static bool on_shop(const char *url)
{
	for (size_t i = 0; url && i < G_N_ELEMENTS(SHOPS); i++)
		if (strstr(url, SHOPS[i]))
			return true;
	return false;
}

static Standing standing_of(const Provenance *from, const char *channel)
{
	if (on_shop(from->url))
		return STANDING_SHOP;
	if (channel && strcmp(channel, "list") == 0)
		return STANDING_LIST;
	return STANDING_REPORTED;
}

static const char *standing_key(Standing s)
{
	return s == STANDING_SHOP   ? "request.standing.shop"
	       : s == STANDING_LIST ? "request.standing.list"
	                            : "request.standing.reported";
}

/* The host of an address ("runlocalai.co"), or "" (caller frees). */
static char *host_of(const char *url)
{
	const char *p = url ? strstr(url, "://") : NULL;
	if (!p)
		return g_strdup("");
	p += 3;
	if (g_str_has_prefix(p, "www."))
		p += 4;
	return g_strndup(p, strcspn(p, "/?#"));
}

/* marked with its \x01 replaced by value, whose byte range in the result
 * goes to *start and *end (0, 0 without a mark).  Caller frees. */
static char *splice(const char *marked, const char *value, int *start,
                    int *end)
{
	const char *at = strchr(marked, '\x01');
	if (!at) {
		*start = *end = 0;
		return g_strdup(marked);
	}
	*start = (int)(at - marked);
	*end = *start + (int)strlen(value);
	char *head = g_strndup(marked, (gsize)(at - marked));
	char *out = g_strconcat(head, value, at + 1, NULL);
	g_free(head);
	return out;
}

/* "Best GPU for local AI in 2026, RunLocalAI (a review or blog site,
 * not a vendor quote)"; short: the publisher alone (the part of the
 * source after its last comma) and the standing's short form. */
static char *source_label(const Req *r, const Provenance *from,
                          Standing s, bool brief)
{
	const char *name = from->source;
	const char *comma = brief ? strrchr(name, ',') : NULL;
	if (comma && comma[1] == ' ' && comma[2])
		name = comma + 2;
	char *key = g_strdup_printf("%s%s", standing_key(s),
	                            brief ? "_short" : "");
	char *t = gg_fill2(req_s(r, "format.aside"), name, req_s(r, key));
	g_free(key);
	return t;
}

/* The GPU line's price: "price of 2026-05-01: median of 2 current
 * prices, range $1,350–$1,550". */
static char *gpu_price_text(const Req *r, const GpuPrice *p)
{
	char *date = price_age_when(r->s, r->costs->price_model,
	                            p->latest_date, "price.aged_short", NULL);
	char *what;
	if (p->list_price) {
		what = g_strdup(req_s(r, "request.price_list"));
	} else if (p->n_prices <= 1) {
		what = g_strdup(req_s(r, "request.price_one"));
	} else {
		char *lo = req_money(r, p->min), *hi = req_money(r, p->max);
		char *range = gg_fill2(req_s(r, "price.range"), lo, hi);
		char *n = g_strdup_printf("%zu", p->n_prices);
		what = gg_fill2(req_s(r, "request.price_median"), n, range);
		g_free(n);
		g_free(range);
		g_free(lo);
		g_free(hi);
	}
	char *t = gg_fill2(req_s(r, "request.price_dated"), date, what);
	g_free(what);
	g_free(date);
	return t;
}

/* One line item: its name and, under it, its price's date and range and
 * its linked source. */
static void item_row(Req *r, const LineItem *it)
{
	const Build *b = r->b;
	char *name, *price_text;
	const Provenance *from = it->from;
	Standing standing = STANDING_REPORTED;
	if (it->kind == LINE_GPU) {
		const GpuPrice *p = b->gpu_price;
		name = gg_fill2(req_s(r, "format.aside"), r->e->gpus[b->gpu].name,
		                req_s(r, p->condition == CONDITION_NEW
		                             ? "request.new" : "request.used"));
		price_text = gpu_price_text(r, p);
		if (p->latest) {
			from = &p->latest->from;
			standing = standing_of(from, p->latest->channel);
		}
	} else {
		/* an unpriced line has no part name: the strings say it */
		name = g_strdup(it->name ? it->name
		                : it->kind == LINE_PSU
		                    ? req_s(r, "request.item_psu_unpriced")
		                : it->kind == LINE_RISER
		                    ? req_s(r, "request.item_riser_unpriced")
		                    : req_s(r, "request.item_circuit"));
		price_text = from ? gg_fill2(req_s(r, "request.price_dated"),
		                             from->date,
		                             req_s(r, "request.price_one"))
		                  : g_strdup("");
		if (from)
			standing = standing_of(from, NULL);
	}
	char *detail = price_text, *link = NULL;
	int start = 0, end = 0;
	if (from && from->source && *from->source) {
		/* "price of ...; source: NAME (standing)", NAME linked */
		char *label = source_label(r, from, standing, true);
		char *source = gg_fill2(req_s(r, "request.source_is"), "\x01",
		                        "");
		char *marked = gg_fill2(req_s(r, "price.detail"), price_text,
		                        source);
		detail = splice(marked, label, &start, &end);
		if (*from->url)
			link = pdfkit_link_attributes(from->url);
		else
			start = end = 0;
		g_free(marked);
		g_free(source);
		g_free(label);
		g_free(price_text);
	}
	char *qty = g_strdup_printf("%d", it->quantity);
	/* work the build needs but the total does not price */
	char *unit = it->not_included ? g_strdup(req_s(r, "request.not_included"))
	                              : req_money(r, it->unit_price);
	char *total = it->not_included ? g_strdup(req_s(r, "request.not_included"))
	                               : req_money(r, it->total);
	const ReqCell cells[] = {{name, detail, start, end, link},
	                         {qty, NULL, 0, 0, NULL},
	                         {unit, NULL, 0, 0, NULL},
	                         {total, NULL, 0, 0, NULL}};
	const double fr[] = {0.6, 0.08, 0.16, 0.16};
	req_row(r, cells, fr, "lrrr", 4, false, false);
	g_free(qty);
	g_free(unit);
	g_free(total);
	g_free(detail);
	g_free(link);
	g_free(name);
}

void req_line_items(Req *r)
{
	req_section(r, "request.cost");
	const double fr[] = {0.6, 0.08, 0.16, 0.16};
	const ReqCell head[] = {{req_s(r, "request.item"), NULL, 0, 0, NULL},
	                        {req_s(r, "request.qty"), NULL, 0, 0, NULL},
	                        {req_s(r, "request.unit_price"), NULL, 0, 0, NULL},
	                        {req_s(r, "request.total"), NULL, 0, 0, NULL}};
	req_row(r, head, fr, "lrrr", 4, true, true);
	for (size_t i = 0; i < r->b->n_items; i++)
		item_row(r, &r->b->items[i]);
	char *total = req_money(r, cost_items_total(r->b));
	const ReqCell sum[] = {{req_s(r, "request.total"), NULL, 0, 0, NULL},
	                       {"", NULL, 0, 0, NULL},
	                       {"", NULL, 0, 0, NULL},
	                       {total, NULL, 0, 0, NULL}};
	req_row(r, sum, fr, "lrrr", 4, true, false);
	g_free(total);
}

/* One source line: "2026-05-01  $1,550 (ebay)  Best GPU for local AI,
 * RunLocalAI (reported by ...) — runlocalai.co", the source linked. */
static void source_row(Req *r, const char *date, const char *price,
                       const Provenance *from, Standing standing)
{
	char *named = source_label(r, from, standing, false);
	char *label = from->estimate
	                  ? g_strdup_printf("%s %s", named,
	                                    req_s(r, "request.source_estimate"))
	                  : g_strdup(named);
	g_free(named);
	char *host = host_of(from->url);
	char *linked = *host ? g_strdup_printf("%s \xE2\x80\x94 %s", label, host)
	                     : g_strdup(label);
	char *when = g_strdup_printf("%s  %s", date, price);
	int start = 0, end = 0;
	char *marked = gg_fill2(req_s(r, "price.detail"), when, "\x01");
	char *line = splice(marked, linked, &start, &end);
	g_free(marked);
	char *link = *from->url ? pdfkit_link_attributes(from->url) : NULL;
	const ReqCell cell[] = {{"", line, link ? start : 0, link ? end : 0,
	                         link}};
	const double fr[] = {1.0};
	req_row(r, cell, fr, "l", 1, false, false);
	g_free(link);
	g_free(line);
	g_free(when);
	g_free(linked);
	g_free(host);
	g_free(label);
}

/* "$1,550 (ebay)" or "€926 (retail)". */
static char *row_price(const Req *r, const Price *p)
{
	char *amount;
	if (strcmp(p->currency, "USD") == 0) {
		amount = req_money(r, p->price);
	} else {
		/* a native row: in its own currency, with its sign */
		amount = format_amount(r->s, p->price, price_currency(p), 0,
		                       false);
	}
	char *t = gg_fill2(req_s(r, "format.aside"), amount, p->channel);
	g_free(amount);
	return t;
}

void req_sources(Req *r)
{
	req_section(r, "request.sources");
	const Edition *e = r->e;
	const GpuPrice *gp = r->b->gpu_price;
	const PriceModel *m = r->costs->price_model;
	for (size_t i = 0; i < e->n_prices; i++) {
		const Price *p = &e->prices[i];
		if (p->gpu != r->b->gpu || p->condition != r->b->condition)
			continue;
		/* the rows behind the price: the current ones, or the list
		 * price standing in */
		bool behind = gp->list_price ? p == gp->latest
		                             : (m && price_is_current(m, p->from.date)
		                                && strcmp(p->channel, "list") != 0);
		if (!behind)
			continue;
		char *price = row_price(r, p);
		source_row(r, p->from.date, price, &p->from,
		           standing_of(&p->from, p->channel));
		g_free(price);
	}
	for (size_t i = 0; i < r->b->n_items; i++) {
		const LineItem *it = &r->b->items[i];
		if (it->kind == LINE_GPU || !it->from || it->not_included)
			continue;
		char *price = req_money(r, it->unit_price);
		char *what = gg_fill2(req_s(r, "format.aside"), price,
		                      it->name ? it->name : "");
		source_row(r, it->from->date, what, it->from,
		           standing_of(it->from, NULL));
		g_free(what);
		g_free(price);
	}
	PdfCanvas *c = r->c;
	PangoLayout *l = pdfkit_layout(c, NULL, PAGE_REQUEST.footnote, false,
	                               c->width);
	pango_layout_set_text(l, req_s(r, "request.sources_note"), -1);
	c->y += 3;
	page_set_colour(c->cr, PAGE_REQUEST.muted);
	pdfkit_draw_layout(c, l, c->x, NULL, 0);
	g_object_unref(l);
}
