/* Data stage: markets beside the home market (markets.csv) and the cloud
 * offers their readers can rent (market_cloud.csv), both optional.  In:
 * the rows; out: Edition.market_rows, Edition.markets (one Market per
 * id, every figure present once) and Edition.market_cloud.  A figure the
 * cost stage cannot use is refused at its file:line:col. */
#include "data_internal.h"

#include "util.h"

#include <string.h>

/* The keys of markets.csv, with their valid range (text keys: 0, 0). */
static const struct {
	const char *key;
	bool number;
	double min, max;
} MARKET_KEYS[] = {
    {"lang", false, 0, 0},         {"currency", false, 0, 0},
    {"fx_per_usd", true, 0.0001, 1000000},
    {"vat", true, 0, 1},           {"kwh_price", true, 0.0001, 1000},
    {"circuit_w.", true, 100, 100000},
    {"budget.", true, 1, 1e12},
};

/* Currencies a market may use: the home market's is USD. */
static const char *const MARKET_CURRENCIES[] = {"EUR", "CNY", NULL};

static void check_market_value(Cursor *c, const Assumption *a)
{
	const CsvField *f = dc_cell(c, "value");
	for (size_t i = 0; i < G_N_ELEMENTS(MARKET_KEYS); i++) {
		const char *k = MARKET_KEYS[i].key;
		bool family = k[strlen(k) - 1] == '.';
		if (family ? !g_str_has_prefix(a->key, k) || !a->key[strlen(k)]
		           : strcmp(a->key, k) != 0)
			continue;
		if (!MARKET_KEYS[i].number) {
			if (strcmp(k, "currency") == 0)
				dc_choice(c, "value", MARKET_CURRENCIES);
			else if (strspn(a->value, "abcdefghijklmnopqrstuvwxyz"
			                          "ABCDEFGHIJKLMNOPQRSTUVWXYZ-")
			         != strlen(a->value))
				dc_fail(c, f, "lang '%s' is not a language "
				              "folder name (letters and '-')",
				        a->value);
			return;
		}
		if (!a->is_number || a->number < MARKET_KEYS[i].min
		    || a->number > MARKET_KEYS[i].max)
			dc_fail(c, f, "%s '%s' must be a number from %g to %g",
			        a->key, a->value, MARKET_KEYS[i].min,
			        MARKET_KEYS[i].max);
		return;
	}
	dc_fail(c, dc_cell(c, "key"),
	        "unknown market key '%s' (lang, currency, fx_per_usd, vat, "
	        "kwh_price, circuit_w.NAME, budget.USE_CASE)",
	        a->key);
}

static void read_market_row(Cursor *c, Edition *e, MarketRow *m)
{
	(void)e;
	m->market = dc_dup_required(c, "market");
	Assumption *a = &m->a;
	a->key = dc_dup_required(c, "key");
	a->value = dc_dup_required(c, "value");
	a->value_col = dc_cell(c, "value")->col;
	a->is_number = gg_parse_decimal(a->value, &a->number);
	if (!c->failed)
		check_market_value(c, a);
	a->unit = dc_dup_optional(c, "unit");
	a->meaning = dc_dup_required(c, "meaning");
	a->from = dc_provenance(c);
}

static void free_market_row(MarketRow *m)
{
	g_free(m->market);
	g_free(m->a.key);
	g_free(m->a.value);
	g_free(m->a.unit);
	g_free(m->a.meaning);
	dc_provenance_free(&m->a.from);
}

static char *market_row_key(const void *item)
{
	const MarketRow *m = item;
	return g_strdup_printf("%s %s", m->market, m->a.key);
}

static const char *const MARKET_COLUMNS[] = {"market", "key", "value",
                                             "unit", "meaning", NULL};

const FileSpec DATA_MARKETS_FILE =
    FILE_SPEC("markets.csv", MARKET_COLUMNS, MarketRow, read_market_row,
              free_market_row, market_row_key, "key", "market figure");

static Market *market_of(Edition *e, const char *id)
{
	for (size_t i = 0; i < e->n_markets; i++)
		if (strcmp(e->markets[i].id, id) == 0)
			return &e->markets[i];
	Market *m = &e->markets[e->n_markets++];
	m->id = id;
	return m;
}

static bool market_error(const Edition *e, const Provenance *p, int col,
                         GError **error, const char *what, const char *id)
{
	char *path = g_build_filename(e->dir, p->file, NULL);
	gg_set_input_error(error, path, p->line, col, what, id);
	g_free(path);
	return false;
}

/* One Market per id from its rows; every market needs each key once and
 * at least one circuit, a language no other market has, and a currency
 * whose rate assumptions.csv does not also give (one figure, one
 * place). */
bool dc_index_markets(Edition *e, GError **error)
{
	e->markets = g_new0(Market, e->n_market_rows + 1);
	e->n_markets = 0;
	for (size_t i = 0; i < e->n_market_rows; i++) {
		const MarketRow *r = &e->market_rows[i];
		Market *m = market_of(e, r->market);
		const Assumption *a = &r->a;
		if (strcmp(a->key, "lang") == 0)
			m->lang = a->value;
		else if (strcmp(a->key, "currency") == 0)
			m->currency = a->value;
		else if (strcmp(a->key, "fx_per_usd") == 0)
			m->fx_per_usd = a->number, m->fx_from = a;
		else if (strcmp(a->key, "vat") == 0)
			m->vat = a->number, m->vat_from = a;
		else if (strcmp(a->key, "kwh_price") == 0)
			m->kwh_price = a->number, m->kwh_from = a;
		else if (g_str_has_prefix(a->key, "budget.")) {
			if (m->n_budgets == MARKET_MAX_BUDGETS)
				return market_error(e, &a->from, 1, error,
				                    "market '%s' has more than 16 "
				                    "budgets",
				                    r->market);
			m->budgets[m->n_budgets].use_case =
			    a->key + strlen("budget.");
			m->budgets[m->n_budgets++].from = a;
		} else if (m->n_circuits == MARKET_MAX_CIRCUITS)
			return market_error(e, &a->from, 1, error,
			                    "market '%s' has more than 4 "
			                    "circuits",
			                    r->market);
		else {
			m->circuits[m->n_circuits].region =
			    a->key + strlen("circuit_w.");
			m->circuits[m->n_circuits].watts = a->number;
			m->circuits[m->n_circuits++].from = a;
		}
	}
	for (size_t i = 0; i < e->n_markets; i++) {
		const Market *m = &e->markets[i];
		const Provenance *first = NULL;
		for (size_t r = 0; r < e->n_market_rows && !first; r++)
			if (strcmp(e->market_rows[r].market, m->id) == 0)
				first = &e->market_rows[r].a.from;
		if (!m->lang || !m->currency || !m->fx_from || !m->vat_from
		    || !m->kwh_from || m->n_circuits == 0)
			return market_error(
			    e, first, 1, error,
			    "market '%s' needs a row for each of lang, currency, "
			    "fx_per_usd, vat, kwh_price and at least one "
			    "circuit_w.NAME",
			    m->id);
		for (size_t j = 0; j < i; j++)
			if (strcmp(e->markets[j].lang, m->lang) == 0)
				return market_error(e, first, 1, error,
				                    "market '%s' names a language "
				                    "another market already has",
				                    m->id);
		char *key = g_strdup_printf("fx_per_usd.%s", m->currency);
		bool twice = false; /* before index_rows: a scan */
		for (size_t a = 0; a < e->n_assumptions; a++)
			twice |= strcmp(e->assumptions[a].key, key) == 0;
		g_free(key);
		if (twice)
			return market_error(e, &m->fx_from->from,
			                    m->fx_from->value_col, error,
			                    "market '%s' gives the rate of a currency "
			                    "that assumptions.csv also gives "
			                    "(fx_per_usd.CURRENCY): keep one",
			                    m->id);
	}
	return true;
}

static void read_market_cloud(Cursor *c, Edition *e, CloudOffer *o)
{
	o->market = dc_dup_required(c, "market");
	const Market *m = NULL;
	for (size_t i = 0; !c->failed && i < e->n_markets; i++)
		if (strcmp(e->markets[i].id, o->market) == 0)
			m = &e->markets[i];
	if (!c->failed && !m)
		dc_fail(c, dc_cell(c, "market"),
		        "market '%s' has no rows in markets.csv", o->market);
	o->provider = dc_dup_required(c, "provider");
	o->instance = dc_dup_required(c, "instance");
	o->gpu = dc_gpu_ref(c, e, "gpu");
	o->gpu_count = dc_integer(c, "gpu_count", 1, 1024);
	o->price_per_hour = dc_number(c, "price_per_hour", POSITIVE);
	o->currency = dc_dup_required(c, "currency");
	if (!c->failed && strcmp(o->currency, m->currency) != 0)
		dc_fail(c, dc_cell(c, "currency"),
		        "currency '%s' is not market '%s''s currency (%s)",
		        o->currency, m->id, m->currency);
	o->pricing = (Pricing)dc_choice(c, "pricing", edition_pricing_ids);
	o->from = dc_provenance(c);
}

static void free_market_cloud(CloudOffer *o)
{
	g_free(o->market);
	g_free(o->provider);
	g_free(o->instance);
	g_free(o->currency);
	dc_provenance_free(&o->from);
}

static char *market_cloud_key(const void *item)
{
	const CloudOffer *o = item;
	return g_strdup_printf("%s %s %s (%s)", o->market, o->provider,
	                       o->instance, edition_pricing_ids[o->pricing]);
}

static const char *const MARKET_CLOUD_COLUMNS[] = {
    "market", "provider", "instance", "gpu", "gpu_count", "price_per_hour",
    "currency", "pricing", NULL};

const FileSpec DATA_MARKET_CLOUD_FILE =
    FILE_SPEC("market_cloud.csv", MARKET_CLOUD_COLUMNS, CloudOffer,
              read_market_cloud, free_market_cloud, market_cloud_key,
              "instance", "cloud offer");

bool edition_use_market(Edition *e, const char *lang, GError **error)
{
	e->market = edition_market_for_lang(e, lang);
	const Market *m = e->market;
	for (size_t i = 0; m && i < m->n_budgets; i++) {
		const Assumption *a = m->budgets[i].from;
		UseCase *u = NULL;
		for (size_t k = 0; k < e->n_use_cases; k++)
			if (strcmp(e->use_cases[k].id, m->budgets[i].use_case)
			    == 0)
				u = &e->use_cases[k];
		if (!u || !(u->budget > 0))
			return market_error(e, &a->from, 2, error,
			                    "budget.%s names no use case of "
			                    "use_cases.csv with a budget",
			                    m->budgets[i].use_case);
		u->budget = a->number / m->fx_per_usd;
	}
	return true;
}

/* ---- market_notes.csv: the sources of a language's notes for its
 * buyers (the zh-CN section 中国买家须知 cites each by id) ---------------- */

static void read_market_note(Cursor *c, Edition *e, MarketNote *n)
{
	n->id = dc_dup_required(c, "id");
	if (!c->failed
	    && strspn(n->id, "abcdefghijklmnopqrstuvwxyz0123456789_")
	           != strlen(n->id))
		dc_fail(c, dc_cell(c, "id"),
		        "id '%s' may hold only a-z, 0-9 and '_' (a template "
		        "placeholder names it)",
		        n->id);
	n->lang = dc_dup_required(c, "lang");
	/* gpu: empty, or a card of gpus.csv the note is about */
	n->has_gpu = !c->failed && dc_cell(c, "gpu")->text[0];
	if (n->has_gpu)
		n->gpu = dc_gpu_ref(c, e, "gpu");
	n->from = dc_provenance(c);
	if (!c->failed && (!n->from.url || !*n->from.url))
		dc_fail(c, dc_cell(c, "url"),
		        "a buyer's note needs the address of its source");
}

static void free_market_note(MarketNote *n)
{
	g_free(n->id);
	g_free(n->lang);
	dc_provenance_free(&n->from);
}

static char *market_note_key(const void *item)
{
	const MarketNote *n = item;
	return g_strdup(n->id);
}

static const char *const MARKET_NOTE_COLUMNS[] = {"id", "lang", "gpu",
                                                  NULL};

const FileSpec DATA_MARKET_NOTES_FILE =
    FILE_SPEC("market_notes.csv", MARKET_NOTE_COLUMNS, MarketNote,
              read_market_note, free_market_note, market_note_key, "id",
              "buyer's note");
