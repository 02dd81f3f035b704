/* Formatting as the language writes it.  See format.h. */
#include "format.h"

#include "util.h"
#include "validate.h"

#include <math.h>
#include <string.h>

/* The string for key; a missing key was reported when the strings were
 * checked (lang_load_checked), so "" never reaches a page. */
static const char *word(const Lang *s, const char *key)
{
	return lang_need(s, key, NULL);
}

char *format_number(const Lang *s, double v, int decimals)
{
	if (isnan(v))
		return g_strdup("-");
	gg_output_number(v, false, true, "a number of the guide's text");
	const char *sep = lang_get(s, "format.thousands_sep");
	const char *point = lang_get(s, "format.decimal_point");
	double scale = pow(10, decimals);
	double rounded = round(v * scale) / scale;
	if (rounded == 0)
		rounded = 0; /* no "-0" */
	char buf[64];
	char *plain = fabs(rounded) < 1e15 && decimals >= 0 && decimals < 20
	                  ? format_fixed(buf, sizeof buf, rounded, decimals)
	                  : g_strdup_printf("%.*f", decimals, rounded);
	char *dot = strchr(plain, '.');
	size_t int_len = dot ? (size_t)(dot - plain) : strlen(plain);
	size_t sep_len = sep ? strlen(sep) : 0;
	GString *out = g_string_sized_new(int_len + int_len / 3 * sep_len + 32);
	size_t start = plain[0] == '-' ? 1 : 0;
	g_string_append_len(out, plain, (gssize)start);
	for (size_t i = start; i < int_len; i++) {
		if (i > start && (int_len - i) % 3 == 0 && sep)
			g_string_append_len(out, sep, (gssize)sep_len);
		g_string_append_c(out, plain[i]);
	}
	if (dot) {
		g_string_append(out, point ? point : ".");
		g_string_append(out, dot + 1);
	}
	if (plain != buf)
		g_free(plain);
	return g_string_free(out, FALSE);
}

static char *currency(const Lang *s, double v, int decimals)
{
	gg_output_number(v, true, false, "an amount of money");
	char *n = format_number(s, v, decimals);
	char *m = g_strdup_printf("%s%s", word(s, "format.currency_prefix"), n);
	g_free(n);
	return m;
}

/* Units of each currency per USD for the edition being rendered (0:
 * none), and the date of each rate; set by format_set_fx. */
static struct {
	double per_usd;
	const char *date;
} money_fx[CURRENCY_COUNT];

/* The currency of the market the edition's amounts are for
 * (PriceModel.market): amounts in it are what its buyer pays, shown
 * without the converted mark or the dollars beside; -1: none. */
static int money_market = -1;

void format_set_fx(const PriceModel *m)
{
	money_market = m && m->market ? (int)m->market_currency : -1;
	for (int c = 0; c < CURRENCY_COUNT; c++) {
		bool ok = m && !isnan(m->fx[c]) && m->fx[c] > 0;
		money_fx[c].per_usd = ok ? m->fx[c] : 0;
		money_fx[c].date = ok && m->fx_row[c] ? m->fx_row[c]->from.date
		                                      : NULL;
	}
}

Currency format_reader_currency(const Lang *s)
{
	const char *code = lang_get(s, "format.money_currency");
	for (int c = 0; code && c < CURRENCY_COUNT; c++)
		if (strcmp(code, currency_code((Currency)c)) == 0)
			return money_fx[c].per_usd > 0 ? (Currency)c
			                               : CURRENCY_USD;
	return CURRENCY_USD;
}

double format_fx_rate(Currency c, const char **date)
{
	if (date)
		*date = money_fx[c].date;
	return c == CURRENCY_USD ? 1 : money_fx[c].per_usd;
}

char *format_amount(const Lang *s, double v, Currency c, int decimals,
                    bool converted)
{
	gg_output_number(v, true, false, "an amount of money");
	char *key = g_strdup_printf("format.currency.%s", currency_code(c));
	char *n = format_number(s, v, decimals);
	char *m = g_strdup_printf("%s%s", word(s, key), n);
	g_free(key);
	g_free(n);
	if (!converted)
		return m;
	char *marked = gg_fill2(word(s, "format.converted"), m, "");
	g_free(m);
	return marked;
}

/* A USD amount as the reader's language shows money: USD alone, or
 * converted into the language's currency with the USD beside. */
static char *reader_money(const Lang *s, double v, int decimals)
{
	Currency c = format_reader_currency(s);
	char *usd = currency(s, v, decimals);
	if (c == CURRENCY_USD || isnan(v))
		return usd;
	if ((int)c == money_market) {
		g_free(usd);
		return format_amount(s, v * money_fx[c].per_usd, c, decimals,
		                     false);
	}
	char *local = format_amount(s, v * money_fx[c].per_usd, c, decimals,
	                            true);
	char *both = gg_fill2(word(s, "format.money_converted"), local, usd);
	g_free(local);
	g_free(usd);
	return both;
}

char *format_interval(const Lang *s, char *v, char *low, char *high,
                      GError **error)
{
	if (strcmp(low, v) == 0 && strcmp(high, v) == 0) {
		g_free(low);
		g_free(high);
		return v;
	}
	char *range = gg_fill2(lang_need(s, "format.range", error), low, high);
	char *both = gg_fill2(lang_need(s, "format.interval", error), v, range);
	g_free(range);
	g_free(low);
	g_free(high);
	g_free(v);
	return both;
}

char *format_money(const Lang *s, double v)
{
	return reader_money(s, v, 0);
}

char *format_price(const Lang *s, double v)
{
	return reader_money(s, v, 2);
}

char *format_money_brief(const Lang *s, double v)
{
	Currency c = format_reader_currency(s);
	if (c == CURRENCY_USD || isnan(v))
		return currency(s, v, 0);
	return format_amount(s, v * money_fx[c].per_usd, c, 0,
	                     (int)c != money_market);
}

char *format_usd(const Lang *s, double v)
{
	return currency(s, v, 0);
}

char *format_percent(const Lang *s, double fraction, int decimals)
{
	char *n = format_number(s, fraction * 100, decimals);
	char *m = gg_fill2(word(s, "format.percent"), n, "");
	g_free(n);
	return m;
}

char *format_with_unit(const Lang *s, double v, int decimals,
                       const char *unit_key)
{
	char *n = format_number(s, v, decimals);
	char *t = gg_fill2(word(s, "format.unit"), n, word(s, unit_key));
	g_free(n);
	return t;
}

const char *format_use_case_title(const Lang *s, const UseCase *u)
{
	char *key = g_strdup_printf("use_case.%s", u->id);
	const char *t = lang_get(s, key);
	g_free(key);
	return t ? t : u->id;
}

char *format_build_name(const Lang *s, const Edition *e, const Build *b)
{
	const char *gpu = e->gpus[b->gpu].name;
	char *name;
	if (b->gpu_count == 1) {
		name = g_strdup(gpu);
	} else {
		char *n = g_strdup_printf("%d", b->gpu_count);
		name = gg_fill2(word(s, "format.build_name"), n, gpu);
		g_free(n);
	}
	if (b->condition != CONDITION_USED)
		return name;
	char *used = gg_fill2(word(s, "format.used_build"), name, "");
	g_free(name);
	return used;
}

/* The data id: "4x RTX 3090", and "(used)" after a used build, the
 * schema's condition word (as in prices.csv). */
char *format_build_id(const Edition *e, const Build *b)
{
	/* as "%dx %s" and " (%s)": made without printf, as hundreds of
	 * thousands are at 10,000 GPUs */
	char count[16];
	char *at = count + sizeof count;
	*--at = '\0';
	unsigned n = b->gpu_count < 0 ? 0u - (unsigned)b->gpu_count
	                              : (unsigned)b->gpu_count;
	do
		*--at = (char)('0' + n % 10);
	while (n /= 10);
	if (b->gpu_count < 0)
		*--at = '-';
	bool used = b->condition == CONDITION_USED;
	return g_strconcat(at, "x ", e->gpus[b->gpu].name, used ? " (" : "",
	                   used ? format_condition_id(CONDITION_USED) : "",
	                   used ? ")" : "", NULL);
}

const char *format_condition_id(int condition)
{
	return condition < 0                ? "any"
	       : condition == CONDITION_NEW ? "new"
	                                    : "used";
}

const char *format_pricing_id(Pricing p)
{
	return edition_pricing_ids[p];
}

char *format_build_stem(const Edition *e, const Build *b)
{
	char *name = format_build_id(e, b);
	char *stem = gg_name_stem(name);
	g_free(name);
	if (*stem)
		return stem;
	g_free(stem);
	return g_strdup("build");
}

/* The key of the pick's price-rise clause: a rise that rounds to 0%
 * has its own wording ("rises at all"), not "rises 0%". */
static const char *rise_key(const Sensitivity *k, bool per_gpu)
{
	static const char *const keys[2][2][2] = {
	    {{"sensitivity.rise", "sensitivity.rise_per_gpu"},
	     {"sensitivity.rise_budget", "sensitivity.rise_budget_per_gpu"}},
	    {{"sensitivity.rise_any", "sensitivity.rise_any_per_gpu"},
	     {"sensitivity.at_budget", "sensitivity.at_budget_per_gpu"}}};
	bool none = round(k->pick_rise * 100) <= 0;
	return keys[none][k->pick_budget_bound ? 1 : 0][per_gpu ? 1 : 0];
}

char *format_sensitivity(const Lang *s, const Edition *e,
                         const Recommendation *x)
{
	const Sensitivity *k = &x->sensitivity;
	if (x->buy != x->best) {
		/* bought by the rule for ties: it stays while they tie */
		char *key = g_strdup_printf("tie.rule.%s",
		                            recommend_tie_rule_ids[x->tie.rule]);
		char *other = format_build_name(s, e, x->other);
		char *text = gg_fill2(lang_need(s, "sensitivity.tie_rule", NULL),
		                      other, lang_need(s, key, NULL));
		g_free(other);
		g_free(key);
		return text;
	}
	bool per_gpu = x->best && x->best->gpu_count > 1;
	char *pct = format_percent(s, k->pick_rise, 0);
	char *rise = gg_fill2(lang_need(s, rise_key(k, per_gpu), NULL), pct, "");
	g_free(pct);
	if (k->runner_min_price <= 0 || !x->runner_up)
		return rise;
	char *runner = format_build_name(s, e, x->runner_up);
	char *m = format_money(s, k->runner_min_price);
	char *fall = gg_fill2(lang_need(s, per_gpu ? "sensitivity.fall_per_gpu"
	                                           : "sensitivity.fall",
	                                NULL),
	                      runner, m);
	char *both = gg_fill2(lang_need(s, "sensitivity.either", NULL), rise,
	                      fall);
	g_free(runner);
	g_free(m);
	g_free(fall);
	g_free(rise);
	return both;
}

/* "RunPod RTX 5090 (Secure Cloud) at $0.99 an hour on 2026-11-20": an
 * on-demand offer with its price and the date it was observed. */
static char *rent_offer(const Lang *s, const CloudOffer *o)
{
	char *offer = g_strdup_printf("%s %s", o->provider, o->instance);
	char *amount = format_price(s, o->price_per_hour);
	char *price = gg_fill2(lang_need(s, "decision.rent_price", NULL), amount,
	                       o->from.date ? o->from.date : "");
	char *rent = gg_fill2(lang_need(s, "decision.rent_offer", NULL), offer,
	                      price);
	g_free(offer);
	g_free(amount);
	g_free(price);
	return rent;
}

char *format_rent_decision(const Lang *s, const Edition *e,
                           const Recommendation *x)
{
	/* the offer's date is in the short answer's note (its one caller) */
	char *rent = format_rent_brief(s, x);
	char *build = format_build_name(s, e, x->rent_build);
	/* never: no number (an infinite one is no output) */
	bool pays = isfinite(x->rent_payback_hours)
	            && x->rent_payback_hours <= CLOUD_HOURS_PER_MONTH;
	char *hours = pays ? format_number(s, x->rent_payback_hours, 0) : NULL;
	char *why = pays ? gg_fill2(lang_need(s, "decision.rent_pays_from", NULL),
	                            build, hours)
	                 : gg_fill2(lang_need(s, "decision.rent_never", NULL),
	                            build, "");
	char *text = gg_fill2(lang_need(s, "decision.rent_text_brief", NULL),
	                      rent, why);
	g_free(rent);
	g_free(build);
	g_free(hours);
	g_free(why);
	return text;
}

char *format_rent_brief(const Lang *s, const Recommendation *x)
{
	const CloudOffer *o = x->rent.offer;
	char *offer = g_strdup_printf("%s %s", o->provider, o->instance);
	char *price = format_price(s, o->price_per_hour);
	char *text = gg_fill2(lang_need(s, "decision.rent_brief", NULL), offer,
	                      price);
	g_free(offer);
	g_free(price);
	return text;
}

char *format_quote_decision(const Lang *s, const Recommendation *x)
{
	const CloudOffer *o = x->quote_rent;
	if (!o)
		return gg_fill2(lang_need(s, "decision.quote_only", NULL),
		                lang_name(s, x->use_case->quote), "");
	char *rent = rent_offer(s, o);
	char *text = gg_fill2(lang_need(s, "decision.quote_text", NULL),
	                      lang_name(s, x->use_case->quote), rent);
	g_free(rent);
	return text;
}

char *format_no_answer(const Lang *s, const Recommendation *x)
{
	static const char *const keys[] = {"none.memory", "none.budget",
	                                   "none.rules", "none.other"};
	char *need = format_number(s, x->use_case->min_memory_gb, 0);
	char *largest = format_number(s, x->none_largest_gb, 0);
	char *text = gg_fill2(lang_need(s, keys[x->none_reason], NULL), need,
	                      largest);
	g_free(need);
	g_free(largest);
	return text;
}

char *format_circuits(const Lang *s, const Costs *c, const Build *b)
{
	char *list = NULL;
	for (size_t i = 0; i < c->n_circuits; i++) {
		char *key = g_strdup_printf("circuit.%s", c->circuits[i].region);
		char *n = format_number(s, b->circuits[i], 0);
		char *item = gg_fill2(lang_need(s, "power.circuit_item", NULL),
		                      lang_need(s, key, NULL), n);
		char *joined = list ? gg_fill2(lang_need(s, "format.list", NULL),
		                               list, item)
		                    : g_strdup(item);
		g_free(list);
		list = joined;
		g_free(item);
		g_free(n);
		g_free(key);
	}
	return list;
}

char *format_rmb_capital(double yuan)
{
	static const char *const DIGIT[] = {"零", "壹", "贰", "叁", "肆",
	                                    "伍", "陆", "柒", "捌", "玖"};
	static const char *const UNIT[] = {"", "拾", "佰", "仟"};
	static const char *const GROUP[] = {"", "万", "亿"};
	if (!(yuan >= 0) || yuan >= 1e12)
		return NULL;
	long long fen = llround(yuan * 100);
	long long whole = fen / 100;
	int jiao = (int)(fen / 10 % 10), cents = (int)(fen % 10);
	GString *s = g_string_new(NULL);
	bool zero = false; /* a zero waits for the next digit */
	for (int k = 2; k >= 0; k--) {
		long long p = 1;
		for (int i = 0; i < k; i++)
			p *= 10000;
		int group = (int)(whole / p % 10000);
		if (group == 0) {
			zero = zero || s->len > 0;
			continue;
		}
		for (int i = 3; i >= 0; i--) {
			int d = group / (i == 3 ? 1000 : i == 2 ? 100 : i == 1 ? 10 : 1)
			        % 10;
			if (d == 0) {
				zero = zero || s->len > 0;
				continue;
			}
			if (zero)
				g_string_append(s, DIGIT[0]);
			zero = false;
			g_string_append(s, DIGIT[d]);
			g_string_append(s, UNIT[i]);
		}
		g_string_append(s, GROUP[k]);
	}
	if (whole > 0)
		g_string_append(s, "元");
	if (jiao == 0 && cents == 0) {
		if (whole == 0)
			g_string_append(s, "零元");
		g_string_append(s, "整");
		return g_string_free(s, FALSE);
	}
	if (whole > 0 && jiao == 0)
		g_string_append(s, DIGIT[0]);
	if (jiao > 0) {
		g_string_append(s, DIGIT[jiao]);
		g_string_append(s, "角");
	}
	if (cents > 0) {
		g_string_append(s, DIGIT[cents]);
		g_string_append(s, "分");
	} else {
		g_string_append(s, "整");
	}
	return g_string_free(s, FALSE);
}
