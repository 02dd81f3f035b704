/* Price model: which price observations of prices.csv count for an
 * edition, and the price of each GPU per condition (new, used) and per
 * currency.
 * In: const Edition.  Out: PriceModel.
 * Rules (data/README.md, "prices"): an observation is current when its
 * date lies within `price_window_days` before the edition date (the
 * `edition_date` assumption, else the newest price row's date).  A GPU's
 * price for a condition is the median of its current USD street rows
 * (every channel but `list`; rows whose note starts with `deal` never
 * count), with count, min, max and newest date; estimates (kind
 * `estimate`) leave the median when a listing or sold row counts.  A
 * launch list price stands in only for a new card still in production
 * (lifecycle.csv) with no current listing or sold row, and is flagged.
 * A new price that rests on estimates alone is flagged `estimate` and is
 * not payable (price_payable): it decides no pick.  Rows dated
 * after the edition date never count, nor rows whose note starts with
 * `excluded` (kept for history).  With the optional `price_fresh_days`
 * assumption only the rows dated within that many days of the edition
 * date count; a GPU with none counts the rows within that many days of
 * its newest current row and is flagged `stale` with its age.
 * Ownership: price_model_run returns a PriceModel the caller frees with
 * price_model_free; it points into the Edition, which must outlive it. */
#ifndef GG_PRICE_H
#define GG_PRICE_H

#include "data.h"

typedef enum { CURRENCY_USD, CURRENCY_EUR, CURRENCY_CNY,
               CURRENCY_COUNT } Currency;

typedef struct {
	bool has_price;
	double price;        /* USD: median of current rows (or list price) */
	Condition condition;
	size_t n_prices;     /* observations behind `price` */
	const char *latest_date; /* newest observation behind `price` */
	const Price *latest;     /* its row */
	double min, max;     /* range of those observations */
	bool list_price;     /* a launch list price standing in: the card is
	                        in production and has no current listing or
	                        sold row */
	bool estimates_decide; /* the edition's estimates are payable
	                          (PriceModel.estimates_decide) */
	bool estimate;       /* the price rests on estimates alone (prices.csv
	                        kind estimate: no listing, sold price or list
	                        price of a card still made behind it): shown,
	                        marked, never a pick's price (price_payable) */
	bool stale;          /* with `price_fresh_days`: the newest
	                        observation behind `price` is older than that
	                        before the edition date */
	long age_days;       /* edition date - latest_date */
	size_t n_outside;    /* rows of this condition left out: outside the
	                        window, or list prices not allowed */
	/* per currency: native rows' median when the market has current
	 * rows in that currency, else `price` converted; NAN without an
	 * exchange rate */
	double regional[CURRENCY_COUNT];
	bool regional_native[CURRENCY_COUNT];
	/* the current native street rows of each currency (n_prices 0 when
	 * none; USD's is the price itself): median, range, count and
	 * newest date, shown instead of a conversion where they exist */
	struct {
		double price, min, max;
		size_t n_prices;
		const char *latest_date;
	} native[CURRENCY_COUNT];
	/* priced for a market (PriceModel.market): the USD price converted
	 * at the market's rate with its VAT, no native row behind it (shown
	 * marked as converted) */
	bool converted;
} GpuPrice;

/* What the medians ask of a price row, read once per PriceModel. */
typedef struct {
	long age;          /* price_days_between(its date, edition date) */
	Currency currency;
	bool counts;       /* price_row_counts */
	bool list;         /* channel `list` */
} PriceRowFacts;

typedef struct {
	const Edition *edition;
	char *edition_date;      /* YYYY-MM-DD */
	double window_days;
	double fresh_days;       /* `price_fresh_days`; 0 when not set: every
	                            current row counts */
	bool estimates_decide;   /* `price_estimates_decide` 1: an archived
	                            edition reproducing an article whose
	                            prices are its own estimates */
	GpuPrice *by_condition[2]; /* [Condition][gpu], n = edition->n_gpus */
	double fx[CURRENCY_COUNT]; /* units per USD; NAN when not given */
	const Assumption *fx_row[CURRENCY_COUNT];
	/* the market the prices are for (Edition.market; cost.h, "markets"): every
	 * price is what a buyer there pays, in USD at the market's rate;
	 * NULL: the home market's USD prices */
	const Market *market;
	Currency market_currency;
	/* index: the price rows of GPU g are rows[first_row[g]] up to
	 * rows[first_row[g + 1]], in file order */
	size_t *first_row, *rows;
	PriceRowFacts *facts;    /* n = edition->n_prices */
} PriceModel;

PriceModel *price_model_run(const Edition *e, GError **error);
void price_model_free(PriceModel *m);

/* The price of gpu in condition (has_price false when not offered). */
const GpuPrice *price_of(const PriceModel *m, size_t gpu, Condition c);

/* Days from a to b (b - a), both YYYY-MM-DD; 0 when either is invalid. */
long price_days_between(const char *a, const char *b);

/* True when a row dated `date` is inside the window of the edition. */
bool price_is_current(const PriceModel *m, const char *date);

/* True unless lifecycle.csv marks the GPU discontinued on or before the
 * edition date (no row: assumed still made). */
bool price_in_production(const PriceModel *m, size_t gpu);

const char *currency_code(Currency c);

/* False for a row kept for history only: its note starts with `deal` (a
 * sale, a coupon) or `excluded` (taken out of the medians). */
bool price_row_counts(const Price *p);

/* The one rule for a price a buyer can pay (issue 41): a new price counts
 * for a pick only when it rests on a dated shop listing, a sold listing
 * or the list price of a card still made; a used price, always (the used
 * market is quoted as typical sold prices).  False for a new price that
 * rests on estimates alone, and for no price. */
bool price_payable(const GpuPrice *p);

/* The currency of a price row. */
Currency price_currency(const Price *p);

/* The maintainer's price worklist for `--check`: one line per row that
 * leaves the window within `soon_days` days, per rated GPU without any
 * current price or priced at a launch list price, and per street row
 * dated before its GPU's launch (a rumour); each line
 * names the GPU, shop (channel, source) and address.  Returns a
 * NULL-terminated array the caller frees with g_strfreev. */
char **price_worklist(const PriceModel *m, double soon_days);

/* The one rule for a stale price, used by the guide, the requests and
 * the medians: with `price_fresh_days`, a price observed more than that
 * many days before the edition date.  False without the rule or a date. */
bool price_date_is_stale(const PriceModel *m, const char *date);

#endif
