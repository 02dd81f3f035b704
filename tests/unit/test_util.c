/* Numbers and dates as the loader reads them; numbers as printf
 * writes them (format_fixed). */
#include "unit.h"
#include "format.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* format_fixed (general: format_general) writes what snprintf's %.*f
 * (%.*g) writes, for v at every decimals (precision). */
static int mismatches(double v, bool general)
{
	int bad = 0;
	for (int d = 0; d <= (general ? 17 : 23); d++) {
		char want[400], got[400];
		if (general) {
			snprintf(want, sizeof want, "%.*g", d, v);
			format_general(got, sizeof got, v, d);
		} else {
			snprintf(want, sizeof want, "%.*f", d, v);
			format_fixed(got, sizeof got, v, d);
		}
		if (strcmp(want, got) != 0 && bad++ < 3)
			printf("  format_%s(%.17g, %d): %s, printf %s\n",
			       general ? "general" : "fixed", v, d, got, want);
	}
	return bad;
}

static int fixed_mismatches(double v)
{
	return mismatches(v, false);
}

static int general_mismatches(double v)
{
	return mismatches(v, true);
}

/* The next of a sequence of doubles (seed *x): 24-bit mantissas times
 * 2^(0..span-1 - offset). */
static double next_value(guint32 *x, int span, int offset)
{
	*x = *x * 1103515245u + 12345u;
	double mantissa = (double)(*x >> 8) / (1u << 24);
	return ldexp(mantissa, (int)(*x % (guint32)span) - offset);
}

/* Decimal ties: n / 2 / 10^e, exact in binary when the division by
 * 10^e is (e = 0), else the double nearest, either side of a tie. */
static int tie_mismatches(guint32 n, int e)
{
	double v = (double)n / 2 / pow(10, e);
	return fixed_mismatches(v) + general_mismatches(v)
	       + fixed_mismatches(nextafter(v, 0))
	       + fixed_mismatches(nextafter(v, INFINITY))
	       + general_mismatches(nextafter(v, 0))
	       + general_mismatches(nextafter(v, INFINITY));
}

static void test_format_general(void)
{
	static const double cases[] = {
	    0, -0.0, 0.5, 1.5, 2.5, -0.5, 1234565, 1234575, 0.1234565,
	    999999.5, 9999995, 0.00001, 0.0001, 0.000099999995, 123456,
	    1234567, 100000, 1e6, 1e-5, 9.5e-5, 1e22, 1e23, 1e300, 5e-324,
	    -3.14159265358979, 385.123456789, 6.8635, 42, 0.1, 1e15 + 0.5};
	int bad = 0;
	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++)
		bad += general_mismatches(cases[i]);
	guint32 x = 54321;
	for (int i = 0; i < 6000; i++) {
		double v = next_value(&x, 120, 60);
		bad += general_mismatches(x & 1 ? -v : v);
		bad += general_mismatches(round(v * 100) / 100);
		bad += tie_mismatches(x >> 4, (int)(x % 9));
	}
	/* full 53-bit mantissas, any exponent a double has */
	for (int i = 0; i < 6000; i++) {
		x = x * 1103515245u + 12345u;
		guint32 y = x * 69069u + 1u;
		double m = ((double)(x >> 5) * 67108864.0 + (double)(y >> 6))
		           / 9007199254740992.0;
		double v = ldexp(m, (int)(x % 200) - 100);
		bad += general_mismatches(v);
		bad += fixed_mismatches(v);
	}
	CHECK(bad == 0);
}

static void test_format_fixed(void)
{
	/* ties in binary and in decimal, halves just either side, signs,
	 * zeros, large and tiny values */
	static const double cases[] = {
	    0, -0.0, 0.5, 1.5, 2.5, -0.5, 0.125, 0.375, 2.675, 1.005,
	    1.0049999999999999, 0.045, 1e-7, -1e-7, -0.004, 0.9999999,
	    9.9999999995, 123456789.125, 999999999.5, 1e9, 1e15, 1e300,
	    -1234.5678, 3.14159265358979, 2199, 0.30000000000000004};
	int bad = 0;
	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++)
		bad += fixed_mismatches(cases[i]);
	/* prices, rates and ratios of every size, as the data has them */
	guint32 x = 12345;
	for (int i = 0; i < 20000; i++) {
		double v = next_value(&x, 60, 20);
		bad += fixed_mismatches(x & 1 ? -v : v);
		bad += fixed_mismatches(round(v * 1000) / 1000);
	}
	CHECK(bad == 0);
	char small[4];
	CHECK_STR(format_fixed(small, sizeof small, 12345.6, 1), "123");
}

/* 人民币大写: the cases of the payment rules (zeros, 10, whole 万,
 * jiao and fen, a zero between). */
static void test_rmb_capital(void)
{
	static const struct {
		double v;
		const char *want;
	} cases[] = {
	    {0, "零元整"},
	    {10, "壹拾元整"},
	    {100000, "壹拾万元整"},
	    {1759005.00, "壹佰柒拾伍万玖仟零伍元整"},
	    {10005, "壹万零伍元整"},
	    {1000500, "壹佰万零伍佰元整"},
	    {100000000, "壹亿元整"},
	    {100010000, "壹亿零壹万元整"},
	    {10.5, "壹拾元伍角整"},
	    {100.05, "壹佰元零伍分"},
	    {0.05, "伍分"},
	    {0.5, "伍角整"},
	    {7575.38, "柒仟伍佰柒拾伍元叁角捌分"},
	    {72904, "柒万贰仟玖佰零肆元整"},
	};
	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		char *got = format_rmb_capital(cases[i].v);
		CHECK(got && strcmp(got, cases[i].want) == 0);
		if (!got || strcmp(got, cases[i].want) != 0)
			printf("  format_rmb_capital(%.2f): %s, want %s\n",
			       cases[i].v, got ? got : "NULL", cases[i].want);
		g_free(got);
	}
	CHECK(format_rmb_capital(-1) == NULL);
	CHECK(format_rmb_capital(NAN) == NULL);
}

/* gg_parse_decimal gives strtod's double, bit for bit, for random
 * decimals of 1 to 24 digits (its short ones skip strtod). */
static void test_decimal_reference(void)
{
	GRand *rand = g_rand_new_with_seed(44);
	int differ = 0;
	for (int i = 0; i < 300000; i++) {
		char text[32];
		int n = 0, digits = g_rand_int_range(rand, 1, 25);
		if (g_rand_boolean(rand))
			text[n++] = '-';
		int point = g_rand_int_range(rand, 0, digits + 1);
		for (int d = 0; d < digits; d++) {
			if (d == point && d > 0)
				text[n++] = '.';
			text[n++] = (char)('0' + g_rand_int_range(
			                             rand, d == 0 ? 1 : 0, 10));
		}
		text[n] = '\0';
		double got = -1, want = g_ascii_strtod(text, NULL);
		if (!gg_parse_decimal(text, &got)
		    || memcmp(&got, &want, sizeof got) != 0)
			differ++;
	}
	g_rand_free(rand);
	CHECK(differ == 0);
}

void test_util(void)
{
	test_decimal_reference();
	test_rmb_capital();
	test_format_fixed();
	test_format_general();
	static const struct {
		const char *text;
		int ok;
		double value;
	} numbers[] = {
	    {"12", 1, 12},     {"-3.5", 1, -3.5}, {"1e3", 1, 1000},
	    {"0.136", 1, 0.136}, {"", 0, 0},      {" 1", 0, 0},
	    {"1 ", 0, 0},      {"NaN", 0, 0},     {"nan", 0, 0},
	    {"inf", 0, 0},     {"-Infinity", 0, 0}, {"1e999", 0, 0},
	    {"0x10", 0, 0},    {"1,5", 0, 0},     {"12abc", 0, 0},
	};
	for (size_t i = 0; i < sizeof numbers / sizeof *numbers; i++) {
		double v = -1;
		int ok = gg_parse_number(numbers[i].text, &v);
		CHECK(ok == numbers[i].ok);
		if (numbers[i].ok)
			CHECK_NEAR(v, numbers[i].value, 1e-12);
	}
	static const struct {
		const char *text;
		int ok;
	} dates[] = {
	    {"2020-09-07", 1}, {"2024-02-29", 1}, {"2023-02-29", 0},
	    {"2020-13-01", 0}, {"2020-9-7", 0},   {"07/09/2020", 0},
	    {"2020-09-07x", 0}, {"", 0},          {"0000-01-01", 0},
	};
	for (size_t i = 0; i < sizeof dates / sizeof *dates; i++)
		CHECK(gg_is_iso_date(dates[i].text) == dates[i].ok);
}
