/* Numbers as printf writes them in the C locale (%.Nf and %.Ng), without
 * printf: the data export writes millions of them at 10,000 GPUs.
 * Rounding is printf's: from the exact binary value, a tie to even.
 * See format_fixed.h. */
#include "format_fixed.h"

#include <math.h>
#include <string.h>

static const char PAIRS[] = "0001020304050607080910111213141516171819"
                            "2021222324252627282930313233343536373839"
                            "4041424344454647484950515253545556575859"
                            "6061626364656667686970717273747576777879"
                            "8081828384858687888990919293949596979899";

/* The digits of q (at most 20) with a point before the last decimals,
 * sign first, into text (of FORMAT_FIXED_MAX bytes, decimals <= 22);
 * returns the length.  Written backwards, two digits at a time. */
static size_t put_fixed(char *text, bool negative, unsigned long long q,
                        int decimals)
{
	/* at most 25 bytes, copied as 32 from digits[15] on at the least */
	char digits[72];
	char *end = digits + 40, *p = end;
	int d = decimals;
	for (; d >= 2; d -= 2, q /= 100)
		memcpy(p -= 2, &PAIRS[2 * (q % 100)], 2);
	if (d) {
		*--p = (char)('0' + q % 10);
		q /= 10;
	}
	if (decimals)
		*--p = '.';
	for (; q >= 100; q /= 100) /* the whole part, at least a 0 */
		memcpy(p -= 2, &PAIRS[2 * (q % 100)], 2);
	if (q >= 10)
		memcpy(p -= 2, &PAIRS[2 * q], 2);
	else
		*--p = (char)('0' + q);
	if (negative)
		*--p = '-';
	size_t n = (size_t)(end - p);
	memcpy(text, p, 32); /* one fixed copy: n <= 25 */
	text[n] = '\0';
	return n;
}

static void write_fixed(char *buf, size_t n, bool negative,
                        unsigned long long q, int decimals)
{
	char text[FORMAT_FIXED_MAX];
	put_fixed(text, negative, q, decimals);
	g_strlcpy(buf, text, n);
}

/* Exact powers of ten (every one up to 1e22 is a double). */
static const double POW10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,
                               1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                               1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
                               1e18, 1e19, 1e20, 1e21, 1e22};

/* a (finite, >= 0) times 10^k, or divided by 10^-k for k < 0, rounded
 * to the nearest integer as printf rounds: from the exact value, a tie
 * to the even neighbour.  *q the result; false when |k| > 22 or the
 * scaled value reaches 2^52 (then printf is asked). */
static bool scaled_rounded(double a, int k, unsigned long long *q)
{
	if (k > 22 || k < -22)
		return false;
	double s = POW10[k < 0 ? -k : k];
	double r = k < 0 ? a / s : a * s; /* correctly rounded */
	if (!(r < 0x1p52))
		return false;
	double whole = (double)(long long)r; /* floor: 0 <= r < 2^52 */
	/* r - whole is exact; r is off the exact value by at most half an
	 * ulp of r, so a distance from the half larger than that decides */
	double off = (r - whole) - 0.5;
	double slack = r * 0x1p-52;
	*q = (unsigned long long)whole;
	if (off > slack) {
		*q += 1;
		return true;
	}
	if (off < -slack)
		return true;
	/* near a tie: the sign of the exact a*s - (whole + 1/2), or of
	 * a - (whole + 1/2)*s, is the sign of one correctly rounded fma */
	double h = whole + 0.5;
	double d = k < 0 ? fma(-h, s, a) : fma(a, s, -h);
	if (d > 0 || (d == 0 && (*q & 1)))
		*q += 1;
	return true;
}

char *format_fixed(char *buf, size_t n, double v, int decimals)
{
	unsigned long long q;
	if (isfinite(v) && decimals >= 0 && decimals <= 22
	    && scaled_rounded(fabs(v), decimals, &q)) {
		write_fixed(buf, n, signbit(v), q, decimals);
		return buf;
	}
	g_snprintf(buf, n, "%.*f", decimals, v);
	return buf;
}

size_t format_fixed_len(char *buf, double v, int decimals)
{
	unsigned long long q;
	if (isfinite(v) && decimals >= 0 && decimals <= 22
	    && scaled_rounded(fabs(v), decimals, &q))
		return put_fixed(buf, signbit(v), q, decimals);
	g_snprintf(buf, FORMAT_FIXED_MAX, "%.*f", decimals, v);
	return strlen(buf);
}

/* The text of q (< 10^precision) as %g writes a value of decimal
 * exponent x: fixed without trailing zeros, or d.ddde+XX. */
static void write_general(char *buf, size_t n, bool negative,
                          unsigned long long q, int precision, int x)
{
	char digits[24];
	for (int i = precision - 1; i >= 0; i--) {
		digits[i] = (char)('0' + q % 10);
		q /= 10;
	}
	char text[64];
	size_t at = 0;
	if (negative)
		text[at++] = '-';
	if (x >= -4 && x < precision) {
		/* fixed: digit i has weight 10^(x-i) */
		int last = precision - 1; /* the last digit kept */
		while (last > x && last > 0 && digits[last] == '0')
			last--;
		if (x < 0) {
			text[at++] = '0';
			text[at++] = '.';
			for (int i = -1; i > x; i--)
				text[at++] = '0';
		}
		for (int i = 0; i <= last; i++) {
			text[at++] = digits[i];
			if (i == x && i < last)
				text[at++] = '.';
		}
	} else {
		int last = precision - 1;
		while (last > 0 && digits[last] == '0')
			last--;
		text[at++] = digits[0];
		if (last > 0)
			text[at++] = '.';
		for (int i = 1; i <= last; i++)
			text[at++] = digits[i];
		text[at++] = 'e';
		text[at++] = x < 0 ? '-' : '+';
		int e = x < 0 ? -x : x;
		if (e >= 100)
			text[at++] = (char)('0' + e / 100);
		text[at++] = (char)('0' + e / 10 % 10);
		text[at++] = (char)('0' + e % 10);
	}
	text[at] = '\0';
	g_strlcpy(buf, text, n);
}

/* floor(log10(a)) for a > 0 finite, or one less, from a's binary
 * exponent (2^(e-1) <= a < 2^e). */
static int decimal_exponent(double a)
{
	union {
		double v;
		guint64 bits;
	} u = {.v = a};
	int biased = (int)((u.bits >> 52) & 0x7ff);
	if (biased == 0) /* subnormal */
		return (int)floor(log10(a));
	int e = biased - 1022;
	return (int)floor((e - 1) * 0.30102999566398120);
}

char *format_general(char *buf, size_t n, double v, int precision)
{
	double a = fabs(v);
	if (isfinite(v) && a > 0 && precision >= 1 && precision <= 15) {
		int x = decimal_exponent(a); /* may be one off: corrected */
		unsigned long long q = 0;
		unsigned long long low = (unsigned long long)POW10[precision - 1];
		bool ok = true;
		for (int tries = 0; ok && tries < 3; tries++) {
			ok = scaled_rounded(a, precision - 1 - x, &q);
			if (ok && q < low)
				x--;
			else if (ok && q > low * 10)
				x++;
			else
				break;
		}
		if (ok && q == low * 10) { /* rounded up to the next power */
			q = low;
			x++;
		}
		if (ok && q >= low && q < low * 10) {
			write_general(buf, n, signbit(v), q, precision, x);
			return buf;
		}
	}
	g_snprintf(buf, n, "%.*g", precision, v);
	return buf;
}
