/* Chart stage, raw deflate writer.  See chart_deflate.h. */
#include "chart_deflate.h"

#include <stdbool.h>
#include <string.h>

#define WSIZE 32768u            /* deflate's window */
#define CHUNK (512u * 1024u)    /* new data held beside the window */
#define MIN_MATCH 4             /* what the hash finds */
#define MAX_MATCH 258
#define HASH_BITS 15
#define BLOCK_SYMS (1u << 15)   /* symbols a block */
#define INSERT_MAX 8            /* a run of zeros is hashed up to here */
#define N_LITLEN 286
#define N_DIST 30
#define N_CODELEN 19
#define STAGE 65536u            /* output bytes gathered before appending */

struct ChartDeflate {
	GByteArray *out;
	guint8 *buf;       /* window then new data */
	size_t len, done;  /* bytes in buf; bytes turned into symbols */
	guint32 base;      /* stream offset of buf[0] */
	guint32 *head;     /* hash -> stream offset + 1 of its last place */
	guint16 *sym_len;  /* a symbol: its length, or 0 and a literal */
	guint16 *sym_arg;  /* the literal, or the distance */
	size_t n_syms;
	guint64 bits;
	int n_bits;
	guint8 *stage;     /* output not yet appended to out */
	size_t n_stage;
};

/* ---- bits --------------------------------------------------------- */

/* The bytes are gathered in d->stage and appended to out a stage at a
 * time (an append of four bytes cost more than the bits). */
static void flush_stage(ChartDeflate *d)
{
	g_byte_array_append(d->out, d->stage, (guint)d->n_stage);
	d->n_stage = 0;
}

static void put_bits(ChartDeflate *d, guint32 v, int n)
{
	d->bits |= (guint64)v << d->n_bits;
	d->n_bits += n;
	if (d->n_bits >= 32) {
		if (d->n_stage + 4 > STAGE)
			flush_stage(d);
		guint8 *b = d->stage + d->n_stage;
		b[0] = (guint8)d->bits, b[1] = (guint8)(d->bits >> 8);
		b[2] = (guint8)(d->bits >> 16), b[3] = (guint8)(d->bits >> 24);
		d->n_stage += 4;
		d->bits >>= 32;
		d->n_bits -= 32;
	}
}

/* The bits left, to a whole byte, then every byte gathered, to out. */
static void flush_bits(ChartDeflate *d)
{
	while (d->n_bits > 0) {
		if (d->n_stage == STAGE)
			flush_stage(d);
		d->stage[d->n_stage++] = (guint8)d->bits;
		d->bits >>= 8;
		d->n_bits -= 8;
	}
	d->bits = 0;
	d->n_bits = 0;
	flush_stage(d);
}

/* ---- codes of lengths and distances -------------------------------- */

static int floor_log2(guint32 x)
{
	return 31 - __builtin_clz(x);
}

/* The code (257..285) of a match length, its extra bits and their value. */
static int length_code(int len, int *extra, int *value)
{
	int l = len - 3;
	if (len == MAX_MATCH) {
		*extra = 0, *value = 0;
		return 285;
	}
	if (l < 8) {
		*extra = 0, *value = 0;
		return 257 + l;
	}
	int nb = floor_log2((guint32)l);
	*extra = nb - 2;
	*value = l & ((1 << (nb - 2)) - 1);
	return 257 + 4 * (nb - 1) + ((l >> (nb - 2)) & 3);
}

/* The code (0..29) of a distance, its extra bits and their value. */
static int dist_code(int dist, int *extra, int *value)
{
	int x = dist - 1;
	if (x < 4) {
		*extra = 0, *value = 0;
		return x;
	}
	int nb = floor_log2((guint32)x);
	*extra = nb - 1;
	*value = x & ((1 << (nb - 1)) - 1);
	return 2 * nb + ((x >> (nb - 1)) & 1);
}

/* ---- Huffman codes ----------------------------------------------- */

/* Code lengths of at most limit bits for freq (n symbols; at least two
 * with a count).  Huffman's two queues over the symbols in ascending
 * order of count; a code too long halves the counts and tries again. */
static void code_lengths(const guint32 *freq_in, int n, int limit,
                         guint8 *lens)
{
	guint32 freq[N_LITLEN];
	memcpy(freq, freq_in, sizeof *freq * (size_t)n);
	for (;;) {
		int order[N_LITLEN], m = 0;
		for (int s = 0; s < n; s++)
			if (freq[s])
				order[m++] = s;
		/* insertion sort by (count, symbol): m is at most 286 */
		for (int i = 1; i < m; i++) {
			int s = order[i], j = i;
			for (; j > 0 && freq[order[j - 1]] > freq[s]; j--)
				order[j] = order[j - 1];
			order[j] = s;
		}
		guint32 w[2 * N_LITLEN];
		int parent[2 * N_LITLEN];
		for (int i = 0; i < m; i++)
			w[i] = freq[order[i]];
		int leaf = 0, node = m, next = m;
		for (int k = 0; k < m - 1; k++) {
			int pick[2];
			for (int t = 0; t < 2; t++)
				pick[t] = leaf < m && (node >= next || w[leaf] <= w[node])
				              ? leaf++
				              : node++;
			w[next] = w[pick[0]] + w[pick[1]];
			parent[pick[0]] = parent[pick[1]] = next++;
		}
		int depth[2 * N_LITLEN], longest = 0;
		depth[next - 1] = 0;
		for (int i = next - 2; i >= 0; i--) {
			depth[i] = depth[parent[i]] + 1;
			longest = i < m && depth[i] > longest ? depth[i] : longest;
		}
		if (longest <= limit) {
			memset(lens, 0, (size_t)n);
			for (int i = 0; i < m; i++)
				lens[order[i]] = (guint8)depth[i];
			return;
		}
		for (int s = 0; s < n; s++)
			freq[s] = freq[s] ? (freq[s] >> 1) | 1 : 0;
	}
}

/* Canonical codes of lens, bit-reversed for writing (RFC 1951 3.2.2). */
static void make_codes(const guint8 *lens, int n, guint16 *codes)
{
	int count[16] = {0}, next[16];
	for (int s = 0; s < n; s++)
		count[lens[s]]++;
	count[0] = 0;
	int code = 0;
	for (int b = 1; b < 16; b++) {
		code = (code + count[b - 1]) << 1;
		next[b] = code;
	}
	for (int s = 0; s < n; s++) {
		if (!lens[s])
			continue;
		int c = next[lens[s]]++, r = 0;
		for (int b = 0; b < lens[s]; b++)
			r |= ((c >> b) & 1) << (lens[s] - 1 - b);
		codes[s] = (guint16)r;
	}
}

/* At least two used symbols: a code of one symbol is incomplete. */
static void two_symbols(guint32 *freq, int n)
{
	int used = 0;
	for (int s = 0; s < n; s++)
		used += freq[s] != 0;
	for (int s = 0; used < 2 && s < n; s++)
		if (!freq[s])
			freq[s] = 1, used++;
}

/* ---- blocks ------------------------------------------------------ */

/* The code lengths of both trees as code-length symbols (RFC 1951
 * 3.2.7): runs of zeros as 17 and 18, repeats as 16.  A symbol is
 * code | extra value << 8. */
static int run_length(const guint8 *lens, int n, guint16 *out)
{
	int k = 0;
	for (int i = 0; i < n;) {
		int run = 1;
		while (i + run < n && lens[i + run] == lens[i])
			run++;
		if (lens[i] == 0 && run >= 3) {
			int r = MIN(run, 138);
			out[k++] = r >= 11 ? (guint16)(18 | (r - 11) << 8)
			                   : (guint16)(17 | (r - 3) << 8);
			i += r;
		} else if (lens[i] != 0 && run >= 4) {
			out[k++] = lens[i];
			int r = MIN(run - 1, 6);
			out[k++] = (guint16)(16 | (r - 3) << 8);
			i += 1 + r;
		} else {
			out[k++] = lens[i];
			i++;
		}
	}
	return k;
}

static const guint8 CODELEN_ORDER[N_CODELEN] = {
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/* The header of a dynamic block: its trees. */
static void write_trees(ChartDeflate *d, const guint8 *ll, int n_ll,
                        const guint8 *dl, int n_dl)
{
	guint8 all[N_LITLEN + N_DIST];
	memcpy(all, ll, (size_t)n_ll);
	memcpy(all + n_ll, dl, (size_t)n_dl);
	guint16 rl[N_LITLEN + N_DIST];
	int n_rl = run_length(all, n_ll + n_dl, rl);
	guint32 cf[N_CODELEN] = {0};
	for (int i = 0; i < n_rl; i++)
		cf[rl[i] & 255]++;
	two_symbols(cf, N_CODELEN);
	guint8 cl[N_CODELEN];
	guint16 cc[N_CODELEN];
	code_lengths(cf, N_CODELEN, 7, cl);
	make_codes(cl, N_CODELEN, cc);
	int n_cl = N_CODELEN;
	while (n_cl > 4 && !cl[CODELEN_ORDER[n_cl - 1]])
		n_cl--;
	put_bits(d, (guint32)(n_ll - 257), 5);
	put_bits(d, (guint32)(n_dl - 1), 5);
	put_bits(d, (guint32)(n_cl - 4), 4);
	for (int i = 0; i < n_cl; i++)
		put_bits(d, cl[CODELEN_ORDER[i]], 3);
	static const int extra[3] = {2, 3, 7};
	for (int i = 0; i < n_rl; i++) {
		int s = rl[i] & 255;
		put_bits(d, cc[s], cl[s]);
		if (s >= 16)
			put_bits(d, (guint32)(rl[i] >> 8), extra[s - 16]);
	}
}

static void write_symbols(ChartDeflate *d, const guint8 *ll,
                          const guint16 *lc, const guint8 *dl,
                          const guint16 *dc)
{
	for (size_t i = 0; i < d->n_syms; i++) {
		int len = d->sym_len[i], arg = d->sym_arg[i];
		if (!len) {
			put_bits(d, lc[arg], ll[arg]);
			continue;
		}
		int extra, value;
		int c = length_code(len, &extra, &value);
		put_bits(d, lc[c], ll[c]);
		if (extra)
			put_bits(d, (guint32)value, extra);
		c = dist_code(arg, &extra, &value);
		put_bits(d, dc[c], dl[c]);
		if (extra)
			put_bits(d, (guint32)value, extra);
	}
	put_bits(d, lc[256], ll[256]);
}

/* The pending symbols as one dynamic block. */
static void write_block(ChartDeflate *d, bool last)
{
	guint32 lf[N_LITLEN] = {0}, df[N_DIST] = {0};
	for (size_t i = 0; i < d->n_syms; i++) {
		int extra, value;
		if (!d->sym_len[i]) {
			lf[d->sym_arg[i]]++;
			continue;
		}
		lf[length_code(d->sym_len[i], &extra, &value)]++;
		df[dist_code(d->sym_arg[i], &extra, &value)]++;
	}
	lf[256] = 1;
	two_symbols(lf, N_LITLEN);
	two_symbols(df, N_DIST);
	guint8 ll[N_LITLEN], dl[N_DIST];
	guint16 lc[N_LITLEN], dc[N_DIST];
	code_lengths(lf, N_LITLEN, 15, ll);
	code_lengths(df, N_DIST, 15, dl);
	make_codes(ll, N_LITLEN, lc);
	make_codes(dl, N_DIST, dc);
	int n_ll = N_LITLEN, n_dl = N_DIST;
	while (n_ll > 257 && !ll[n_ll - 1])
		n_ll--;
	while (n_dl > 1 && !dl[n_dl - 1])
		n_dl--;
	put_bits(d, last ? 1 : 0, 1);
	put_bits(d, 2, 2); /* dynamic Huffman */
	write_trees(d, ll, n_ll, dl, n_dl);
	write_symbols(d, ll, lc, dl, dc);
	d->n_syms = 0;
}

static void emit(ChartDeflate *d, int len, int arg)
{
	d->sym_len[d->n_syms] = (guint16)len;
	d->sym_arg[d->n_syms] = (guint16)arg;
	if (++d->n_syms == BLOCK_SYMS)
		write_block(d, false);
}

/* ---- matching ---------------------------------------------------- */

static guint32 hash4(const guint8 *p)
{
	guint32 v;
	memcpy(&v, p, 4);
	return (v * 2654435761u) >> (32 - HASH_BITS);
}

/* How many bytes at a and b agree, up to max. */
static int match_length(const guint8 *a, const guint8 *b, int max)
{
	int n = 0;
	while (n + 8 <= max) {
		guint64 x, y;
		memcpy(&x, a + n, 8);
		memcpy(&y, b + n, 8);
		if (x != y)
			return n + __builtin_ctzll(x ^ y) / 8;
		n += 8;
	}
	while (n < max && a[n] == b[n])
		n++;
	return n;
}

/* True when the 8 bytes at p are zeros: a match there is a run of a
 * filtered chart's zeros, whose places inside are not worth hashing. */
static bool zeros8(const guint8 *p)
{
	guint64 v;
	memcpy(&v, p, 8);
	return v == 0;
}

/* Hashes places 1 .. len - 1 of the match of len bytes at buf[i], at
 * distance dist, with the effect of hashing each in turn (each place
 * while its four bytes lie in buf).  The match's bytes repeat every dist
 * bytes, so place k has the same four bytes, and hash, as place k + dist
 * while k + dist + 3 < len: that later place overwrites its entry, and
 * only the places from len - dist - 3 on leave one.  (A hatch's stripes
 * or a colour's run: a few places hashed instead of up to 257.) */
static void insert_places(ChartDeflate *d, size_t i, int len, int dist)
{
	guint32 at = d->base + (guint32)i;
	int k = MAX(1, len - dist - 3);
	for (; k < len && i + (size_t)k + 4 <= d->len; k++)
		d->head[hash4(d->buf + i + k)] = at + (guint32)k + 1;
}

/* Symbols for buf[done .. stop), matches reaching up to len. */
static void parse(ChartDeflate *d, size_t stop)
{
	size_t i = d->done;
	while (i < stop) {
		int max = (int)MIN((size_t)MAX_MATCH, d->len - i);
		int len = 0;
		guint32 at = d->base + (guint32)i, dist = 0;
		if (max >= MIN_MATCH) {
			guint32 h = hash4(d->buf + i), cand = d->head[h];
			d->head[h] = at + 1;
			dist = at - (cand - 1);
			if (cand && cand - 1 >= d->base && dist <= WSIZE)
				len = match_length(d->buf + i, d->buf + i - dist,
				                   max);
		}
		if (len < MIN_MATCH) {
			emit(d, 0, d->buf[i]);
			i++;
			continue;
		}
		emit(d, len, (int)dist);
		if (len <= INSERT_MAX || !zeros8(d->buf + i))
			insert_places(d, i, len, (int)dist);
		else if (i + (size_t)len + 3 <= d->len) /* the run's last place:
			the next step matches at distance 1 */
			d->head[hash4(d->buf + i + len - 1)] = at + (guint32)len;
		i += (size_t)len;
	}
	d->done = i;
}

/* Keeps the window before done and makes room for new data. */
static void slide(ChartDeflate *d)
{
	size_t keep_from = d->done > WSIZE ? d->done - WSIZE : 0;
	memmove(d->buf, d->buf + keep_from, d->len - keep_from);
	d->len -= keep_from;
	d->done -= keep_from;
	d->base += (guint32)keep_from;
}

ChartDeflate *chart_deflate_new(GByteArray *out)
{
	ChartDeflate *d = g_new0(ChartDeflate, 1);
	d->out = out;
	d->buf = g_malloc(WSIZE + CHUNK + MAX_MATCH);
	d->head = g_new0(guint32, 1u << HASH_BITS);
	d->sym_len = g_new(guint16, BLOCK_SYMS);
	d->sym_arg = g_new(guint16, BLOCK_SYMS);
	d->stage = g_malloc(STAGE);
	return d;
}

void chart_deflate_add(ChartDeflate *d, const guint8 *p, size_t n)
{
	size_t cap = WSIZE + CHUNK + MAX_MATCH;
	while (n) {
		if (d->len == cap) {
			parse(d, d->len - MAX_MATCH);
			slide(d);
		}
		size_t k = MIN(n, cap - d->len);
		memcpy(d->buf + d->len, p, k);
		d->len += k, p += k, n -= k;
	}
}

void chart_deflate_finish(ChartDeflate *d)
{
	parse(d, d->len);
	write_block(d, true);
	flush_bits(d);
	g_free(d->buf);
	g_free(d->head);
	g_free(d->sym_len);
	g_free(d->sym_arg);
	g_free(d->stage);
	g_free(d);
}
