/* Purchase requests, line items: every line of the build's invoice
 * (base system or chassis, GPUs, power supply, risers, whatever the
 * build lists) with its one dated price (a warning when it is older than
 * the price window), the range of the prices behind it and its vendor or
 * document with the address's host as a live link, marked by its
 * standing: a shop's own listing, a maker's list price as reported, or
 * a price reported by a review or blog site (never presented as a vendor
 * quote); then the lines the total leaves out (tax, shipping), the total
 * and the quote date.
 * See request_internal.h. */
#include "request_internal.h"

#include "format.h"
#include "util.h"

#include <string.h>

typedef enum { STANDING_SHOP, STANDING_LIST, STANDING_REPORTED } Standing;

/* The line items' columns: item, quantity, unit price, total. */
static const double LINE_COLUMNS[] = {0.64, 0.06, 0.15, 0.15};

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

/* "re-check: older than 120 days" when the price of date is older than
 * the price window (price_fresh_days) at the edition's date, else NULL.
 * Caller frees. */
static char *age_warning(const Req *r, const char *date)
{
	const PriceModel *m = r->costs->price_model;
	if (!price_date_is_stale(m, date))
		return NULL;
	char *days = g_strdup_printf("%.0f", m->fresh_days);
	char *t = gg_fill2(req_s(r, "request.price_old"), days, "");
	g_free(days);
	return t;
}

/* text with the age warning of date after it, if any (text taken over). */
static char *with_age_warning(const Req *r, char *text, const char *date)
{
	char *warning = age_warning(r, date);
	if (!warning)
		return text;
	char *t = gg_fill2(req_s(r, "price.detail"), text, warning);
	g_free(text);
	g_free(warning);
	return t;
}

/* The GPU line's price: "price of 2026-05-01: median of 2 prices,
 * range $1,350–$1,550", and a warning when it is older than the price
 * window. */
static char *gpu_price_text(const Req *r, const GpuPrice *p)
{
	/* the date alone: an old one gets the warning after the text */
	char *date = g_strdup(p->latest_date ? p->latest_date : "");
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
	return with_age_warning(r, t, p->latest_date);
}

/* A priced line's name in words of the language when it has them
 * (line_label.*: the base system by its kind and GPU count, a
 * supply by its watts, a riser), the data's name then kept as the model
 * to quote (request.item_model); NULL when the language names lines by
 * the data's names (English).  Caller frees. */
static char *line_label(const Req *r, const LineItem *it, char **model)
{
	const Build *b = r->b;
	const char *key = NULL;
	double n = 0, w = 0;
	if (it->kind == LINE_BASE_SYSTEM) {
		key = b->system->kind == SYSTEM_SERVER
		          ? "line_label.server"
		          : "line_label.desktop";
		n = b->system->gpu_count;
		w = b->system->psu_w;
	} else if (it->kind == LINE_PSU && b->psu_replacement
	           && it->name == b->psu_replacement->name) {
		key = "line_label.psu_replace";
		n = w = b->psu_replacement->watts;
	} else if (it->kind == LINE_PSU) {
		key = "line_label.psu_second";
		n = w = b->psu_added_w;
	} else if (it->kind == LINE_RISER) {
		key = "line_label.riser";
	}
	const char *words = key ? lang_get(r->s, key) : NULL;
	if (!words || !*words || !it->name) /* empty: the data's name */
		return NULL;
	char *count = format_number(r->s, n, 0);
	char *watts = format_number(r->s, w, 0);
	char *label = gg_fill2(words, count, watts);
	*model = gg_fill2(req_s(r, "request.item_model"),
	                  lang_name(r->s, it->name), "");
	g_free(count);
	g_free(watts);
	return label;
}

/* A line other than the GPUs: its words (line_label) or the data's
 * name, and for an unpriced line (no part name) the strings' words. */
static char *other_name(const Req *r, const LineItem *it, char **model)
{
	char *label = line_label(r, it, model);
	if (label)
		return label;
	return g_strdup(it->name ? lang_name(r->s, it->name)
	                : it->kind == LINE_PSU
	                    ? req_s(r, "request.item_psu_unpriced")
	                : it->kind == LINE_RISER
	                    ? req_s(r, "request.item_riser_unpriced")
	                : r->b->system->kind == SYSTEM_SERVER
	                    ? req_s(r, "request.item_rack_power")
	                    : req_s(r, "request.item_circuit"));
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
		char *model = NULL;
		name = other_name(r, it, &model);
		price_text = from ? with_age_warning(
		                        r,
		                        gg_fill2(req_s(r, "request.price_on"),
		                                 from->date, ""),
		                        from->date)
		                  : g_strdup("");
		if (from)
			standing = standing_of(from, NULL);
		if (model) {
			char *both = gg_fill2(req_s(r, "price.detail"), model,
			                      price_text);
			g_free(price_text);
			price_text = both;
			g_free(model);
		}
	}
	char *detail = price_text, *link = NULL;
	int start = 0, end = 0;
	if (from && from->source && *from->source) {
		/* "price of ...; source: NAME (standing)", NAME linked */
		/* the vendor or document with its address's host */
		char *named = source_label(r, from, standing, true);
		char *host = host_of(from->url);
		char *label = *host ? g_strdup_printf("%s \xE2\x80\x94 %s", named,
		                                      host)
		                    : g_strdup(named);
		g_free(host);
		g_free(named);
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
	req_row(r, cells, LINE_COLUMNS, "lrrr", 4, false, false);
	g_free(qty);
	g_free(unit);
	g_free(total);
	g_free(detail);
	g_free(link);
	g_free(name);
}

/* A line the total leaves out (tax, shipping): its words and "not
 * included" as its price. */
static void unpriced_row(Req *r, const char *key)
{
	const char *no = req_s(r, "request.not_included");
	const ReqCell cells[] = {{req_s(r, key), NULL, 0, 0, NULL},
	                         {"", NULL, 0, 0, NULL},
	                         {no, NULL, 0, 0, NULL},
	                         {no, NULL, 0, 0, NULL}};
	req_row(r, cells, LINE_COLUMNS, "lrrr", 4, false, false);
}

/* A market's edition: its VAT is in every unit price (a shop's price
 * in its currency includes it; converted lines carry it). */
static void vat_row(Req *r)
{
	char *vat = format_percent(r->s, r->e->market->vat, 0);
	char *text = gg_fill2(req_s(r, "request.item_vat_included"), vat, "");
	const char *in = req_s(r, "request.included");
	const ReqCell cells[] = {{text, NULL, 0, 0, NULL},
	                         {"", NULL, 0, 0, NULL},
	                         {in, NULL, 0, 0, NULL},
	                         {in, NULL, 0, 0, NULL}};
	req_row(r, cells, LINE_COLUMNS, "lrrr", 4, false, false);
	g_free(text);
	g_free(vat);
}

/* The quote date (the newest price observed) and what the prices are
 * worth: dated observations for a budget, not a vendor's quote. */
static void quote_note(Req *r)
{
	PdfCanvas *c = r->c;
	char *note = gg_fill2(req_s(r, "request.quote_note"), r->e->data_date,
	                      "");
	PangoLayout *l = pdfkit_layout(c, NULL, PAGE_REQUEST.footnote, false,
	                               c->width);
	pango_layout_set_text(l, note, -1);
	c->y += 3;
	page_set_colour(c->cr, PAGE_REQUEST.muted);
	pdfkit_draw_layout(c, l, c->x, NULL, 0);
	g_object_unref(l);
	g_free(note);
}

void req_line_items(Req *r)
{
	req_section(r, "request.cost");
	const ReqCell head[] = {{req_s(r, "request.item"), NULL, 0, 0, NULL},
	                        {req_s(r, "request.qty"), NULL, 0, 0, NULL},
	                        {req_s(r, "request.unit_price"), NULL, 0, 0, NULL},
	                        {req_s(r, "request.total"), NULL, 0, 0, NULL}};
	req_row(r, head, LINE_COLUMNS, "lrrr", 4, true, true);
	for (size_t i = 0; i < r->b->n_items; i++)
		item_row(r, &r->b->items[i]);
	if (r->e->market)
		vat_row(r);
	else
		unpriced_row(r, "request.item_tax");
	unpriced_row(r, "request.item_shipping");
	char *total = req_money(r, cost_items_total(r->b));
	const ReqCell sum[] = {{req_s(r, "request.total"), NULL, 0, 0, NULL},
	                       {"", NULL, 0, 0, NULL},
	                       {"", NULL, 0, 0, NULL},
	                       {total, NULL, 0, 0, NULL}};
	req_row(r, sum, LINE_COLUMNS, "lrrr", 4, true, false);
	g_free(total);
	quote_note(r);
}
