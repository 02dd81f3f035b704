/* Shared helpers: error construction, whole-file reads, number and date
 * parsing.  See util.h. */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

GQuark gg_error_quark(void)
{
	return g_quark_from_static_string("gpuguide-error");
}

void gg_set_input_error(GError **error, const char *path, int line, int col,
                        const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *message = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	char *raw;
	if (line > 0 && col > 0)
		raw = g_strdup_printf("%s:%d:%d: %s", path, line, col, message);
	else if (line > 0)
		raw = g_strdup_printf("%s:%d: %s", path, line, message);
	else
		raw = g_strdup_printf("%s: %s", path, message);
	/* quoted data text may hold anything: never echo it raw */
	char *shown = gg_visible(raw);
	g_set_error_literal(error, GG_ERROR, GG_ERR_INPUT, shown);
	g_free(shown);
	g_free(raw);
	g_free(message);
}

/* What kind of file mode is, for a message. */
static const char *file_kind(mode_t mode)
{
	if (S_ISFIFO(mode))
		return "FIFO";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "device";
	if (S_ISDIR(mode))
		return "folder";
	if (S_ISSOCK(mode))
		return "socket";
	return "special file";
}

/* Reads all of fd (at most max_bytes; one byte more means too large)
 * into one buffer with a NUL after the bytes, sized for size_hint bytes
 * (the size fstat gave: a large file is read without a copy or a move). */
static bool read_fd(int fd, const char *path, size_t max_bytes,
                    size_t size_hint, char **contents, size_t *length,
                    GError **error)
{
	size_t cap = MIN(size_hint, max_bytes) + 2, len = 0;
	cap = MAX(cap, 4096);
	char *buf = g_malloc(cap);
	for (;;) {
		if (cap - len < 2) { /* grew since fstat */
			cap *= 2;
			buf = g_realloc(buf, cap);
		}
		ssize_t n = read(fd, buf + len, MIN(cap - len - 1, (size_t)1 << 30));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			gg_set_input_error(error, path, 0, 0, "cannot read: %s",
			                   g_strerror(errno));
			g_free(buf);
			return false;
		}
		if (n == 0)
			break;
		if (len + (size_t)n > max_bytes) { /* grew since fstat */
			gg_set_input_error(error, path, 0, 0,
			                   "file is larger than the limit of %zu "
			                   "bytes", max_bytes);
			g_free(buf);
			return false;
		}
		len += (size_t)n;
	}
	buf[len] = '\0';
	if (length)
		*length = len;
	*contents = buf;
	return true;
}

/* Opens without blocking (a FIFO or device must not hang the open) and
 * checks what was opened, not what the name pointed to a moment before. */
static bool read_guarded(const char *path, size_t max_bytes, bool optional,
                         char **contents, size_t *length, GError **error)
{
	*contents = NULL;
	int fd = g_open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);
	if (fd < 0 && optional && errno == ENOENT)
		return true;
	if (fd < 0) {
		gg_set_input_error(error, path, 0, 0, "cannot open: %s",
		                   g_strerror(errno));
		return false;
	}
	struct stat st;
	bool ok = false;
	if (fstat(fd, &st) != 0)
		gg_set_input_error(error, path, 0, 0, "cannot open: %s",
		                   g_strerror(errno));
	else if (!S_ISREG(st.st_mode))
		gg_set_input_error(error, path, 0, 0,
		                   "not a regular file (a %s); only regular "
		                   "files are read", file_kind(st.st_mode));
	else if ((unsigned long long)st.st_size > max_bytes)
		gg_set_input_error(error, path, 0, 0,
		                   "file is %lld bytes; the limit is %zu bytes",
		                   (long long)st.st_size, max_bytes);
	else
		ok = read_fd(fd, path, max_bytes, (size_t)st.st_size, contents,
		             length, error);
	close(fd);
	return ok;
}

bool gg_read_file(const char *path, size_t max_bytes, char **contents,
                  size_t *length, GError **error)
{
	return read_guarded(path, max_bytes, false, contents, length, error);
}

bool gg_read_file_optional(const char *path, size_t max_bytes,
                           char **contents, size_t *length, GError **error)
{
	return read_guarded(path, max_bytes, true, contents, length, error);
}

bool gg_parse_number(const char *text, double *value)
{
	if (!text || !*text || g_ascii_isspace(*text))
		return false;
	char *end = NULL;
	errno = 0;
	double v = g_ascii_strtod(text, &end);
	if (end == text || *end != '\0' || errno == ERANGE || !isfinite(v))
		return false;
	/* strtod accepts hex floats and "inf"/"nan" words; a CSV number is
	 * plain decimal. */
	for (const char *p = text; *p; p++)
		if (!strchr("0123456789+-.eE", *p))
			return false;
	*value = v;
	return true;
}

bool gg_parse_decimal(const char *text, double *value)
{
	if (!text)
		return false;
	const char *p = text + (*text == '-');
	if (!g_ascii_isdigit(*p) || (p[0] == '0' && g_ascii_isdigit(p[1])))
		return false;
	/* the digits as a whole number m and the count of decimals k */
	guint64 m = 0;
	int digits = 0, decimals = 0;
	for (; g_ascii_isdigit(*p); p++, digits++)
		m = m * 10 + (guint64)(*p - '0');
	if (*p == '.') {
		if (!g_ascii_isdigit(*++p))
			return false;
		for (; g_ascii_isdigit(*p); p++, digits++, decimals++)
			m = m * 10 + (guint64)(*p - '0');
	}
	if (*p != '\0')
		return false;
	/* m / 10^k is then exact in a double and one division rounds it
	 * correctly, as strtod does (Clinger's fast path); longer numbers
	 * go to strtod */
	static const double POW10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,
	                               1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
	                               1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
	                               1e18, 1e19, 1e20, 1e21, 1e22};
	if (digits <= 15) { /* m < 2^53, decimals <= 15 */
		double v = (double)m / POW10[decimals];
		*value = *text == '-' ? -v : v;
		return true;
	}
	return gg_parse_number(text, value);
}

bool gg_is_iso_date(const char *text)
{
	if (!text || strlen(text) != 10 || text[4] != '-' || text[7] != '-')
		return false;
	int n[10];
	for (int i = 0; i < 10; i++) {
		if (i != 4 && i != 7 && !g_ascii_isdigit(text[i]))
			return false;
		n[i] = text[i] - '0';
	}
	int year = n[0] * 1000 + n[1] * 100 + n[2] * 10 + n[3];
	int month = n[5] * 10 + n[6], day = n[8] * 10 + n[9];
	return year >= 1900 && g_date_valid_dmy((GDateDay)day,
	                                        (GDateMonth)month,
	                                        (GDateYear)year);
}

char *gg_fill2(const char *pattern, const char *one, const char *two)
{
	GString *s = g_string_new(NULL);
	for (const char *p = pattern; *p; p++) {
		if (p[0] == '{' && (p[1] == '1' || p[1] == '2') && p[2] == '}') {
			g_string_append(s, p[1] == '1' ? one : two);
			p += 2;
		} else {
			g_string_append_c(s, *p);
		}
	}
	return g_string_free(s, FALSE);
}

bool gg_is_line_end(const char *p)
{
	return *p == '\n' || (*p == '\r' && p[1] != '\n');
}

/* Line and column (in characters) of byte offset in text. */
static void text_position(const char *text, size_t offset, int *line,
                          int *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < offset; i++) {
		if (gg_is_line_end(text + i)) {
			(*line)++;
			*col = 1;
		} else if (((unsigned char)text[i] & 0xC0) != 0x80) {
			(*col)++;
		}
	}
}

/* Invisible characters a reader cannot see in a message or a page. */
static bool is_invisible(gunichar c)
{
	return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F
	       || (c >= 0x80 && c <= 0x9F) || c == 0xFEFF
	       || c == 0x2028 || c == 0x2029;
}

/* Length of the UTF-8 sequence at p (before end) when it is valid as
 * g_utf8_validate reads RFC 3629 (no overlong form, no surrogate, nothing
 * above U+10FFFF), else 0. */
static size_t utf8_sequence(const unsigned char *p, const unsigned char *end)
{
	size_t room = (size_t)(end - p);
	unsigned char c = p[0];
	if (c >= 0xC2 && c <= 0xDF)
		return room >= 2 && (p[1] & 0xC0) == 0x80 ? 2 : 0;
	if (c >= 0xE0 && c <= 0xEF) {
		unsigned char lo = c == 0xE0 ? 0xA0 : 0x80;
		unsigned char hi = c == 0xED ? 0x9F : 0xBF;
		return room >= 3 && p[1] >= lo && p[1] <= hi
		               && (p[2] & 0xC0) == 0x80
		           ? 3
		           : 0;
	}
	if (c >= 0xF0 && c <= 0xF4) {
		unsigned char lo = c == 0xF0 ? 0x90 : 0x80;
		unsigned char hi = c == 0xF4 ? 0x8F : 0xBF;
		return room >= 4 && p[1] >= lo && p[1] <= hi
		               && (p[2] & 0xC0) == 0x80 && (p[3] & 0xC0) == 0x80
		           ? 4
		           : 0;
	}
	return 0;
}

/* Whether the 8 bytes at p are all printable ASCII (0x20-0x7E), tested
 * at once: no high bit, no byte below 0x20, none equal to 0x7F (a borrow
 * makes a false alarm only beside a true one, and then the bytes are
 * looked at one by one anyway). */
static bool printable8(const unsigned char *p)
{
	const guint64 ones = 0x0101010101010101u, high = 0x8080808080808080u;
	guint64 w, del;
	memcpy(&w, p, 8);
	del = w ^ (0x7F * ones);
	return !((w & high) | ((w - 0x20 * ones) & ~w & high)
	         | ((del - ones) & ~del & high));
}

/* One pass over text (no NUL in it): returns the first byte of its first
 * invalid UTF-8 sequence (as g_utf8_validate's end), or NULL when it is
 * valid; *invisible is then its first invisible character (is_invisible,
 * found by its bytes: C2 80-9F, E2 80 A8-A9, EF BB BF) other than a BOM
 * at its start, or NULL.  Every byte of every input passes here. */
static const char *scan_text(const char *text, size_t length,
                             const char **invisible)
{
	const unsigned char *start = (const unsigned char *)text;
	const unsigned char *end = start + length, *p = start;
	*invisible = NULL;
	while (p < end) {
		while (end - p >= 8 && printable8(p))
			p += 8;
		if (p == end)
			break;
		unsigned char c = *p;
		size_t n = 1;
		bool hidden;
		if (c < 0x80) {
			hidden = (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
			         || c == 0x7F;
		} else {
			n = utf8_sequence(p, end);
			if (n == 0)
				return (const char *)p;
			hidden = (c == 0xC2 && p[1] <= 0x9F)
			         || (c == 0xE2 && p[1] == 0x80
			             && (p[2] == 0xA8 || p[2] == 0xA9))
			         || (c == 0xEF && p[1] == 0xBB && p[2] == 0xBF
			             && p != start);
		}
		if (hidden && !*invisible)
			*invisible = (const char *)p;
		p += n;
	}
	return NULL;
}

bool gg_check_text(const char *path, const char *text, size_t length,
                   GError **error)
{
	int line, col;
	const char *nul = memchr(text, '\0', length);
	if (nul) {
		text_position(text, (size_t)(nul - text), &line, &col);
		gg_set_input_error(error, path, line, col,
		                   "NUL byte: this is not a text file");
		return false;
	}
	const char *p = NULL;
	const char *bad = scan_text(text, length, &p);
	if (bad) {
		text_position(text, (size_t)(bad - text), &line, &col);
		gg_set_input_error(error, path, line, col,
		                   "not valid UTF-8 text");
		return false;
	}
	if (!p)
		return true;
	gunichar c = g_utf8_get_char(p);
	g_assert(is_invisible(c));
	text_position(text, (size_t)(p - text), &line, &col);
	gg_set_input_error(error, path, line, col,
	                   c == 0xFEFF ? "byte order mark (U+FEFF) "
	                                 "inside the text"
	                               : "control character U+%04X in "
	                                 "the text",
	                   c);
	return false;
}

char *gg_visible(const char *text)
{
	GString *s = g_string_new(NULL);
	const char *p = text;
	while (*p) {
		gunichar c = g_utf8_get_char_validated(p, -1);
		if (c == (gunichar)-1 || c == (gunichar)-2) {
			g_string_append_printf(s, "\\x%02X", (unsigned char)*p);
			p++;
			continue;
		}
		const char *next = g_utf8_next_char(p);
		if (c < 0x80 && is_invisible(c))
			g_string_append_printf(s, "\\x%02X", c);
		else if (c == '\t' || c == '\r')
			g_string_append(s, c == '\t' ? "\\t" : "\\r");
		else if (is_invisible(c))
			g_string_append_printf(s, "\\u{%04X}", c);
		else
			g_string_append_len(s, p, next - p);
		p = next;
	}
	return g_string_free(s, FALSE);
}

#define EPOCH_MAX 253402300799LL /* 9999-12-31T23:59:59Z */

/* The value of SOURCE_DATE_EPOCH when set and valid, else -1 (unset) or
 * -2 (invalid). */
static long long source_date_epoch(void)
{
	const char *text = g_getenv("SOURCE_DATE_EPOCH");
	if (!text || !*text)
		return -1;
	if (strlen(text) > 12)
		return -2;
	long long v = 0;
	for (const char *p = text; *p; p++) {
		if (!g_ascii_isdigit(*p))
			return -2;
		v = v * 10 + (*p - '0');
	}
	return v <= EPOCH_MAX ? v : -2;
}

bool gg_check_source_date_epoch(GError **error)
{
	if (source_date_epoch() != -2)
		return true;
	char *shown = gg_visible(g_getenv("SOURCE_DATE_EPOCH"));
	g_set_error(error, GG_ERROR, GG_ERR_ENV,
	            "SOURCE_DATE_EPOCH '%s' is not a whole number of seconds "
	            "since 1970 (0 to %lld)", shown, EPOCH_MAX);
	g_free(shown);
	return false;
}

const char *gg_today(void)
{
	static char today[16];
	if (today[0])
		return today;
	long long epoch = source_date_epoch();
	GDateTime *t = epoch >= 0 ? g_date_time_new_from_unix_utc(epoch)
	                          : g_date_time_new_now_utc();
	char *s = g_date_time_format(t, "%Y-%m-%d");
	g_strlcpy(today, s, sizeof today);
	g_free(s);
	g_date_time_unref(t);
	return today;
}

bool gg_double_to_int(double v, int min, int max, int *out)
{
	if (!isfinite(v) || v < (double)min || v > (double)max)
		return false;
	*out = (int)v;
	return true;
}

double gg_output_number(double v, bool amount, bool nan_ok, const char *what)
{
	if (isinf(v) || (isnan(v) && !nan_ok) || (amount && v < 0))
		g_error("gpuguide: internal error: %s is %g, which no output "
		        "may hold (an input the loader should refuse made it)",
		        what, v);
	return v;
}

/* True when the open file fd holds exactly length bytes equal to bytes. */
static bool same_contents(int fd, const char *bytes, size_t length)
{
	char buf[65536];
	size_t done = 0;
	for (;;) {
		ssize_t n = read(fd, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return false;
		if (n == 0)
			return done == length;
		if ((size_t)n > length - done
		    || memcmp(buf, bytes + done, (size_t)n) != 0)
			return false;
		done += (size_t)n;
	}
}

/* old_path opened for reading when it is a regular file of length
 * bytes, else -1: no symlink followed, no FIFO or device opened for a
 * wait (the opened file itself is checked). */
static int open_regular_of(const char *old_path, size_t length)
{
	int fd = g_open(old_path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW
	                          | O_NOCTTY | O_CLOEXEC, 0);
	struct stat st;
	if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)
	                || (size_t)st.st_size != length)) {
		close(fd);
		fd = -1;
	}
	return fd;
}

bool gg_link_if_same(const char *old_path, const char *new_path,
                     const void *bytes, size_t length)
{
	int fd = open_regular_of(old_path, length);
	if (fd < 0)
		return false;
	bool same = same_contents(fd, bytes, length);
	close(fd);
	return same && link(old_path, new_path) == 0;
}

/* Reads exactly n bytes of fd into buf (FALSE at an error or the end). */
static bool read_exactly(int fd, char *buf, size_t n)
{
	size_t done = 0;
	while (done < n) {
		ssize_t k = read(fd, buf + done, n - done);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return false;
		done += (size_t)k;
	}
	return true;
}

/* Whether the files open at a and b begin with the same length bytes. */
static bool same_files(int a, int b, size_t length)
{
	char x[65536], y[65536];
	for (size_t done = 0; done < length;) {
		size_t n = MIN(sizeof x, length - done);
		if (!read_exactly(a, x, n) || !read_exactly(b, y, n)
		    || memcmp(x, y, n) != 0)
			return false;
		done += n;
	}
	return true;
}

bool gg_link_if_same_file(const char *old_path, const char *new_path,
                          size_t length)
{
	int a = open_regular_of(old_path, length);
	if (a < 0)
		return false;
	int b = g_open(new_path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, 0);
	bool same = b >= 0 && same_files(a, b, length);
	close(a);
	if (b >= 0)
		close(b);
	if (!same)
		return false;
	/* linked beside it, then renamed over it: new_path is never missing */
	char *beside = g_strconcat(new_path, ".link", NULL);
	g_unlink(beside);
	bool linked = link(old_path, beside) == 0;
	if (linked && rename(beside, new_path) != 0) {
		g_unlink(beside);
		linked = false;
	}
	g_free(beside);
	return linked;
}

gint gg_compare_names(gconstpointer a, gconstpointer b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

bool gg_write_all(int fd, const void *bytes, size_t length)
{
	const char *p = bytes;
	while (length > 0) {
		ssize_t n = write(fd, p, length);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		p += n;
		length -= (size_t)n;
	}
	return true;
}
