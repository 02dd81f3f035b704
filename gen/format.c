/* Formatting as the language writes it.  See format.h. */
#include "format.h"

#include "util.h"
#include "validate.h"

#include <math.h>
#include <string.h>

/* The string for key; a missing key was reported when the strings were
 * checked (lang_load_checked), so "" never reaches a page. */
static const char *S(const Lang *s, const char *key)
{
	return lang_need(s, key, NULL);
}

char *format_number(const Lang *s, double v, int decimals)
{
	if (isnan(v))
		return g_strdup("-");
	if (isinf(v))
		return g_strdup("\xE2\x88\x9E");
	const char *sep = lang_get(s, "format.thousands_sep");
	const char *point = lang_get(s, "format.decimal_point");
	double rounded = round(v * pow(10, decimals)) / pow(10, decimals);
	if (rounded == 0)
		rounded = 0; /* no "-0" */
	char *plain = g_strdup_printf("%.*f", decimals, rounded);
	char *dot = strchr(plain, '.');
	size_t int_len = dot ? (size_t)(dot - plain) : strlen(plain);
	GString *out = g_string_new(NULL);
	size_t start = plain[0] == '-' ? 1 : 0;
	g_string_append_len(out, plain, (gssize)start);
	for (size_t i = start; i < int_len; i++) {
		if (i > start && (int_len - i) % 3 == 0 && sep)
			g_string_append(out, sep);
		g_string_append_c(out, plain[i]);
	}
	if (dot) {
		g_string_append(out, point ? point : ".");
		g_string_append(out, dot + 1);
	}
	g_free(plain);
	return g_string_free(out, FALSE);
}

static char *currency(const Lang *s, double v, int decimals)
{
	char *n = format_number(s, v, decimals);
	char *m = g_strdup_printf("%s%s", S(s, "format.currency_prefix"), n);
	g_free(n);
	return m;
}

char *format_money(const Lang *s, double v)
{
	return currency(s, v, 0);
}

char *format_price(const Lang *s, double v)
{
	return currency(s, v, 2);
}

char *format_percent(const Lang *s, double fraction, int decimals)
{
	char *n = format_number(s, fraction * 100, decimals);
	char *m = gg_fill2(S(s, "format.percent"), n, "");
	g_free(n);
	return m;
}

char *format_with_unit(const Lang *s, double v, int decimals,
                       const char *unit_key)
{
	char *n = format_number(s, v, decimals);
	char *t = gg_fill2(S(s, "format.unit"), n, S(s, unit_key));
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
		name = gg_fill2(S(s, "format.build_name"), n, gpu);
		g_free(n);
	}
	if (b->condition != CONDITION_USED)
		return name;
	char *used = gg_fill2(S(s, "format.used_build"), name, "");
	g_free(name);
	return used;
}

/* The data id: "4x RTX 3090", and "(used)" after a used build, the
 * schema's condition word (as in prices.csv). */
char *format_build_id(const Edition *e, const Build *b)
{
	return b->condition == CONDITION_USED
	           ? g_strdup_printf("%dx %s (%s)", b->gpu_count,
	                             e->gpus[b->gpu].name,
	                             format_condition_id(CONDITION_USED))
	           : g_strdup_printf("%dx %s", b->gpu_count,
	                             e->gpus[b->gpu].name);
}

const char *format_condition_id(int condition)
{
	return condition < 0                ? "any"
	       : condition == CONDITION_NEW ? "new"
	                                    : "used";
}

const char *format_pricing_id(Pricing p)
{
	return p == PRICING_SPOT ? "spot" : "on-demand";
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
