/* Price model.  See price.h. */
#include "price.h"

#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const CURRENCY_CODES[CURRENCY_COUNT] = {"USD", "EUR",
                                                           "CNY"};

const char *currency_code(Currency c)
{
	return CURRENCY_CODES[c];
}

/* YYYY-MM-DD read digit by digit (the usual form; sscanf is slow for
 * a check of 100,000 rows); anything else as sscanf reads it. */
static bool read_ymd(const char *t, int *y, int *m, int *day)
{
	bool plain = true;
	for (int i = 0; i < 10 && plain; i++)
		plain = i == 4 || i == 7 ? t[i] == '-'
		                         : t[i] >= '0' && t[i] <= '9';
	if (!plain)
		return sscanf(t, "%4d-%2d-%2d", y, m, day) == 3;
	*y = (t[0] - '0') * 1000 + (t[1] - '0') * 100 + (t[2] - '0') * 10
	     + (t[3] - '0');
	*m = (t[5] - '0') * 10 + (t[6] - '0');
	*day = (t[8] - '0') * 10 + (t[9] - '0');
	return true;
}

static bool parse_date(const char *text, GDate *d)
{
	int y, m, day;
	g_date_clear(d, 1);
	if (!text || !read_ymd(text, &y, &m, &day)
	    || !g_date_valid_dmy((GDateDay)day, (GDateMonth)m, (GDateYear)y))
		return false;
	g_date_set_dmy(d, (GDateDay)day, (GDateMonth)m, (GDateYear)y);
	return true;
}

/* Whether t starts with ten characters YYYY-MM-DD. */
static bool plain_ymd(const char *t)
{
	for (int i = 0; i < 10; i++)
		if (i == 4 || i == 7 ? t[i] != '-' : t[i] < '0' || t[i] > '9')
			return false;
	return true;
}

/* The day number of a YYYY-MM-DD text (plain_ymd), counted as GDate's
 * Julian days are, from a fixed day (days from the civil date, Howard
 * Hinnant's algorithm); FALSE when GDate would refuse the date (year 0,
 * month or day out of range). */
static bool plain_day(const char *t, long *day_number)
{
	int y, m, d;
	read_ymd(t, &y, &m, &d);
	static const int length[12] = {31, 28, 31, 30, 31, 30,
	                               31, 31, 30, 31, 30, 31};
	bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	if (y < 1 || m < 1 || m > 12 || d < 1
	    || d > length[m - 1] + (m == 2 && leap))
		return false;
	long yy = m <= 2 ? y - 1 : y;
	long era = yy / 400, yoe = yy - era * 400;
	long doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	*day_number = era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return true;
}

/* Called for every price row, often several times: two plain dates are
 * counted apart without GDate (the same days: both count whole days of
 * the proleptic Gregorian calendar). */
long price_days_between(const char *a, const char *b)
{
	if (a && b && plain_ymd(a) && plain_ymd(b)) {
		long da, db;
		if (!plain_day(a, &da) || !plain_day(b, &db))
			return 0;
		return db - da;
	}
	GDate ga, gb;
	if (!parse_date(a, &ga) || !parse_date(b, &gb))
		return 0;
	return g_date_days_between(&ga, &gb);
}

bool price_is_current(const PriceModel *m, const char *date)
{
	long age = price_days_between(date, m->edition_date);
	return age >= 0 && age <= m->window_days;
}

bool price_in_production(const PriceModel *m, size_t gpu)
{
	const Lifecycle *l = edition_lifecycle(m->edition, gpu);
	if (!l || l->status == LIFE_IN_PRODUCTION)
		return true;
	/* discontinued later than the edition date: still made then */
	return l->end_of_life[0]
	       && strcmp(l->end_of_life, m->edition_date) > 0;
}

static Currency currency_of(const char *code)
{
	for (int c = 0; c < CURRENCY_COUNT; c++)
		if (strcmp(code, CURRENCY_CODES[c]) == 0)
			return (Currency)c;
	return CURRENCY_USD; /* data.c admits no other code */
}

Currency price_currency(const Price *p)
{
	return currency_of(p->currency);
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
	qsort(v, n, sizeof *v, by_value);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Median, min, max and newest date of the rows `keep` accepts; a
 * non-NULL `anchor` also keeps only rows dated at most fresh_days
 * before it. */
typedef bool (*RowFilter)(const PriceModel *m, const Price *p, size_t gpu,
                          Condition c, Currency cur);

/* Rows kept for history only: a sale (`deal`) or a row the maintainer
 * took out of the medians (`excluded`). */
bool price_row_counts(const Price *p)
{
	return g_ascii_strncasecmp(p->from.note, "deal", 4) != 0
	       && g_ascii_strncasecmp(p->from.note, "excluded", 8) != 0;
}

static const PriceRowFacts *facts_of(const PriceModel *m, const Price *p)
{
	return &m->facts[p - m->edition->prices];
}

static bool street_row(const PriceModel *m, const Price *p, size_t gpu,
                       Condition c, Currency cur)
{
	const PriceRowFacts *f = facts_of(m, p);
	return p->gpu == gpu && p->condition == c && f->currency == cur
	       && !f->list && f->counts && f->age >= 0
	       && f->age <= m->window_days; /* price_is_current */
}

/* A row that rests on what a buyer can pay: a shop's listing or a
 * completed sale (prices.csv kind listing or sold), not an estimate. */
static bool firm_row(const PriceModel *m, const Price *p, size_t gpu,
                     Condition c, Currency cur)
{
	return street_row(m, p, gpu, c, cur)
	       && p->kind != PRICE_KIND_ESTIMATE;
}

static bool list_row(const PriceModel *m, const Price *p, size_t gpu,
                     Condition c, Currency cur)
{
	const PriceRowFacts *f = facts_of(m, p);
	return p->gpu == gpu && p->condition == c && f->currency == cur
	       && f->list && f->counts && f->age >= 0;
}

/* The price rows of gpu, in file order: m->rows[m->first_row[gpu]] up to
 * m->rows[m->first_row[gpu + 1]] (built once, so each GPU reads only its
 * own rows). */
static void index_rows(PriceModel *m)
{
	const Edition *e = m->edition;
	m->first_row = g_new0(size_t, e->n_gpus + 1);
	m->rows = g_new(size_t, e->n_prices + 1);
	for (size_t i = 0; i < e->n_prices; i++)
		m->first_row[e->prices[i].gpu + 1]++;
	for (size_t g = 0; g < e->n_gpus; g++)
		m->first_row[g + 1] += m->first_row[g];
	size_t *next = g_memdup2(m->first_row,
	                         sizeof(size_t) * (e->n_gpus + 1));
	for (size_t i = 0; i < e->n_prices; i++)
		m->rows[next[e->prices[i].gpu]++] = i;
	g_free(next);
	m->facts = g_new(PriceRowFacts, e->n_prices + 1);
	for (size_t i = 0; i < e->n_prices; i++) {
		const Price *p = &e->prices[i];
		m->facts[i] = (PriceRowFacts){
		    .age = price_days_between(p->from.date, m->edition_date),
		    .currency = currency_of(p->currency),
		    .counts = price_row_counts(p),
		    .list = strcmp(p->channel, "list") == 0};
	}
}

static size_t summarize(const PriceModel *m, size_t gpu, Condition c,
                        Currency cur, RowFilter keep, const char *anchor,
                        GpuPrice *out)
{
	const Edition *e = m->edition;
	size_t from = m->first_row[gpu], to = m->first_row[gpu + 1];
	double *v = g_new(double, to - from + 1);
	size_t n = 0;
	for (size_t k = from; k < to; k++) {
		const Price *p = &e->prices[m->rows[k]];
		if (!keep(m, p, gpu, c, cur)
		    || (anchor && (anchor == m->edition_date
		                       ? facts_of(m, p)->age
		                       : price_days_between(p->from.date, anchor))
		                      > m->fresh_days))
			continue;
		v[n++] = p->price;
		if (out && (!out->latest_date
		            || strcmp(p->from.date, out->latest_date) > 0)) {
			out->latest_date = p->from.date;
			out->latest = p;
		}
	}
	if (n && out) {
		out->price = median(v, n);
		out->min = v[0];
		out->max = v[n - 1];
		out->n_prices = n;
		out->has_price = true;
	}
	g_free(v);
	return n;
}

/* The current street rows of gpu in a currency, with the freshness
 * rule when the edition sets one: the rows of the last fresh_days when
 * there are any, else those within fresh_days of the newest row; of
 * those, estimates leave the median when a listing or sold price is
 * among them.  out->estimate: no listing or sold price among them. */
static size_t summarize_street(const PriceModel *m, size_t gpu, Condition c,
                               Currency cur, GpuPrice *out)
{
	GpuPrice all = {0};
	size_t n = summarize(m, gpu, c, cur, street_row, NULL, &all);
	const char *anchor = NULL;
	if (n && m->fresh_days > 0) {
		long age = price_days_between(all.latest_date, m->edition_date);
		anchor = age <= m->fresh_days ? m->edition_date
		                              : all.latest_date;
	}
	GpuPrice fresh = {0};
	n = summarize(m, gpu, c, cur, street_row, anchor, &fresh);
	GpuPrice firm = {0};
	size_t n_firm = summarize(m, gpu, c, cur, firm_row, anchor, &firm);
	*out = n_firm > 0 ? firm : fresh;
	out->estimate = n > 0 && n_firm == 0;
	return n_firm > 0 ? n_firm : n;
}

/* The newest launch list price of gpu, as a one-observation price. */
static void list_price(const PriceModel *m, size_t gpu, GpuPrice *out)
{
	const Edition *e = m->edition;
	const Price *best = NULL;
	for (size_t k = m->first_row[gpu]; k < m->first_row[gpu + 1]; k++) {
		const Price *p = &e->prices[m->rows[k]];
		if (list_row(m, p, gpu, CONDITION_NEW, CURRENCY_USD)
		    && (!best || strcmp(p->from.date, best->from.date) > 0))
			best = p;
	}
	if (!best)
		return;
	out->has_price = true;
	out->list_price = true;
	out->price = out->min = out->max = best->price;
	out->n_prices = 1;
	out->latest_date = best->from.date;
	out->latest = best;
}

static size_t count_rows(const PriceModel *m, size_t gpu, Condition c)
{
	const Edition *e = m->edition;
	size_t n = 0;
	for (size_t k = m->first_row[gpu]; k < m->first_row[gpu + 1]; k++)
		n += e->prices[m->rows[k]].condition == c;
	return n;
}

static void regional(const PriceModel *m, size_t gpu, GpuPrice *p)
{
	for (int cur = 0; cur < CURRENCY_COUNT; cur++) {
		GpuPrice native = {0};
		p->regional[cur] = NAN;
		if (cur != CURRENCY_USD
		    && summarize_street(m, gpu, p->condition, (Currency)cur,
		                        &native)) {
			p->regional[cur] = native.price;
			p->regional_native[cur] = true;
			p->native[cur].price = native.price;
			p->native[cur].min = native.min;
			p->native[cur].max = native.max;
			p->native[cur].n_prices = native.n_prices;
			p->native[cur].latest_date = native.latest_date;
		} else if (p->has_price && !isnan(m->fx[cur])) {
			p->regional[cur] = p->price * m->fx[cur];
		}
	}
}

static void price_gpu(const PriceModel *m, size_t gpu, Condition c,
                      GpuPrice *out)
{
	summarize_street(m, gpu, c, CURRENCY_USD, out);
	out->condition = c;
	/* a list price of a card still made stands in for no street price
	 * and for one that rests on estimates alone (unless the edition's
	 * estimates decide); otherwise the estimate is shown, marked, and
	 * decides no pick */
	if (c == CONDITION_NEW
	    && (!out->has_price || (out->estimate && !m->estimates_decide))
	    && price_in_production(m, gpu)) {
		GpuPrice list = {0};
		list_price(m, gpu, &list);
		if (list.has_price)
			*out = list;
		out->condition = c;
	}
	out->estimates_decide = m->estimates_decide;
	out->n_outside = count_rows(m, gpu, c) - out->n_prices;
	if (out->has_price) {
		out->age_days = price_days_between(out->latest_date,
		                                   m->edition_date);
		out->stale = price_date_is_stale(m, out->latest_date);
	}
	regional(m, gpu, out);
}

bool price_payable(const GpuPrice *p)
{
	return p && p->has_price
	       && (p->condition == CONDITION_USED || !p->estimate
	           || p->estimates_decide);
}

bool price_date_is_stale(const PriceModel *m, const char *date)
{
	return m && m->fresh_days > 0 && date && m->edition_date
	       && price_days_between(date, m->edition_date) > m->fresh_days;
}

static bool read_settings(PriceModel *m, GError **error)
{
	const Edition *e = m->edition;
	char *path = g_build_filename(e->dir, "assumptions.csv", NULL);
	const Assumption *w = edition_assumption(e, "price_window_days");
	const Assumption *f = edition_assumption(e, "price_fresh_days");
	bool ok = false;
	if (f && (!f->is_number || f->number <= 0))
		gg_set_input_error(error, path, f->from.line, f->value_col,
		                   "price_fresh_days must be a positive "
		                   "number of days, got '%s'", f->value);
	else if (!w)
		gg_set_input_error(error, path, 0, 0,
		                   "missing assumption 'price_window_days'");
	else if (!w->is_number || w->number <= 0)
		gg_set_input_error(error, path, w->from.line, w->value_col,
		                   "price_window_days must be a positive "
		                   "number of days, got '%s'", w->value);
	else
		ok = true;
	g_free(path);
	if (!ok)
		return false;
	m->window_days = w->number;
	m->fresh_days = f ? f->number : 0;
	const Assumption *d = edition_assumption(e, "price_estimates_decide");
	m->estimates_decide = d && d->is_number && d->number == 1;
	m->edition_date = g_strdup(e->edition_date);
	for (int c = 0; c < CURRENCY_COUNT; c++) {
		char *key = g_strdup_printf("fx_per_usd.%s", CURRENCY_CODES[c]);
		const Assumption *fx = edition_assumption(e, key);
		g_free(key);
		/* else the rate of the market of that currency (markets.csv;
		 * the loader refuses a rate given in both places) */
		const Market *mk = edition_market_for_currency(
		    e, CURRENCY_CODES[c]);
		if (!fx && mk)
			fx = mk->fx_from;
		m->fx_row[c] = fx && fx->is_number && fx->number > 0 ? fx
		                                                       : NULL;
		m->fx[c] = c == CURRENCY_USD ? 1
		           : m->fx_row[c]    ? fx->number
		                             : NAN;
	}
	return true;
}

/* ---- a market's prices ---------------------------------------------- */

/* One price for the market: its own rows' median and range (VAT
 * included in a shop's price) in USD at the market's rate, else the USD
 * price with the market's VAT, marked converted. */
static void reprice(GpuPrice *p, const Market *mk, Currency cur)
{
	if (!p->has_price)
		return;
	double fx = mk->fx_per_usd;
	if (p->native[cur].n_prices > 0) {
		p->price = p->native[cur].price / fx;
		p->min = p->native[cur].min / fx;
		p->max = p->native[cur].max / fx;
		p->n_prices = p->native[cur].n_prices;
		p->latest_date = p->native[cur].latest_date;
		p->list_price = false;
		return;
	}
	double tax = 1 + mk->vat;
	p->price *= tax;
	p->min *= tax;
	p->max *= tax;
	p->regional[cur] = p->price * fx;
	p->converted = true;
}

/* Every price of m as the buyers of the edition's market pay it
 * (PriceModel.market); nothing without one. */
static void market_prices(PriceModel *m)
{
	const Market *mk = m->edition->market;
	if (!mk)
		return;
	m->market = mk;
	m->market_currency = CURRENCY_USD;
	for (int k = 0; k < CURRENCY_COUNT; k++)
		if (strcmp(CURRENCY_CODES[k], mk->currency) == 0)
			m->market_currency = (Currency)k;
	for (int c = 0; c < 2; c++)
		for (size_t g = 0; g < m->edition->n_gpus; g++)
			reprice(&m->by_condition[c][g], mk, m->market_currency);
}

PriceModel *price_model_run(const Edition *e, GError **error)
{
	PriceModel *m = g_new0(PriceModel, 1);
	m->edition = e;
	if (!read_settings(m, error)) {
		price_model_free(m);
		return NULL;
	}
	index_rows(m);
	for (int c = 0; c < 2; c++) {
		m->by_condition[c] = g_new0(GpuPrice, e->n_gpus);
		for (size_t g = 0; g < e->n_gpus; g++)
			price_gpu(m, g, (Condition)c, &m->by_condition[c][g]);
	}
	market_prices(m);
	return m;
}

void price_model_free(PriceModel *m)
{
	if (!m)
		return;
	g_free(m->by_condition[0]);
	g_free(m->by_condition[1]);
	g_free(m->first_row);
	g_free(m->rows);
	g_free(m->facts);
	g_free(m->edition_date);
	g_free(m);
}

const GpuPrice *price_of(const PriceModel *m, size_t gpu, Condition c)
{
	return &m->by_condition[c][gpu];
}

/* ---- the maintainer's worklist ------------------------------------- */

static void add_line(GPtrArray *out, const Price *p, const Edition *e,
                     const char *what)
{
	g_ptr_array_add(out,
	                g_strdup_printf("prices.csv:%d: %s %s %s %.2f (%s, %s, "
	                                "%s): %s",
	                                p->from.line, e->gpus[p->gpu].name,
	                                p->condition == CONDITION_NEW ? "new"
	                                                              : "used",
	                                p->currency, p->price, p->channel,
	                                p->from.source,
	                                p->from.url[0] ? p->from.url
	                                               : "no address",
	                                what));
}

char **price_worklist(const PriceModel *m, double soon_days)
{
	const Edition *e = m->edition;
	GPtrArray *out = g_ptr_array_new();
	for (size_t i = 0; i < e->n_prices; i++) {
		const Price *p = &e->prices[i];
		long age = price_days_between(p->from.date, m->edition_date);
		const char *launch = e->gpus[p->gpu].launch_date;
		if (strcmp(p->channel, "list") != 0 && age >= 0
		    && age <= m->window_days
		    && age > m->window_days - soon_days) {
			char *w = g_strdup_printf(
			    "leaves the %g-day window in %ld days",
			    m->window_days, (long)m->window_days - age);
			add_line(out, p, e, w);
			g_free(w);
		}
		/* list prices are announced before a launch by nature */
		if (strcmp(p->channel, "list") != 0
		    && strcmp(p->from.date, launch) < 0) {
			char *w = g_strdup_printf("dated %s, before the GPU's "
			                          "launch on %s",
			                          p->from.date, launch);
			add_line(out, p, e, w);
			g_free(w);
		}
	}
	for (size_t g = 0; g < e->n_gpus; g++) {
		const GpuPrice *n = price_of(m, g, CONDITION_NEW);
		const GpuPrice *u = price_of(m, g, CONDITION_USED);
		if (!n->has_price && !u->has_price)
			g_ptr_array_add(out, g_strdup_printf(
			    "%s: no current price (new or used) within %g days "
			    "of %s", e->gpus[g].name, m->window_days,
			    m->edition_date));
		else if (n->list_price)
			g_ptr_array_add(out, g_strdup_printf(
			    "%s: priced new at its launch list price (%s); no "
			    "current street price", e->gpus[g].name,
			    n->latest_date));
		else if (n->has_price && !price_payable(n))
			g_ptr_array_add(out, g_strdup_printf(
			    "%s: new price %.0f USD rests on estimates alone "
			    "(no shop listing, sold price or list price of a "
			    "card still made): shown, decides no pick",
			    e->gpus[g].name, n->price));
	}
	g_ptr_array_add(out, NULL);
	return (char **)g_ptr_array_free(out, FALSE);
}
