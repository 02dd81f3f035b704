/* Shared helpers: error construction, whole-file reads, number and date
 * parsing.  See util.h. */
#include "util.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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
	if (line > 0 && col > 0)
		g_set_error(error, GG_ERROR, GG_ERR_INPUT, "%s:%d:%d: %s", path,
		            line, col, message);
	else if (line > 0)
		g_set_error(error, GG_ERROR, GG_ERR_INPUT, "%s:%d: %s", path,
		            line, message);
	else
		g_set_error(error, GG_ERROR, GG_ERR_INPUT, "%s: %s", path,
		            message);
	g_free(message);
}

bool gg_read_file(const char *path, size_t max_bytes, char **contents,
                  size_t *length, GError **error)
{
	GStatBuf st;
	if (g_stat(path, &st) != 0) {
		gg_set_input_error(error, path, 0, 0, "cannot open: %s",
		                   g_strerror(errno));
		return false;
	}
	if (!S_ISREG(st.st_mode)) {
		gg_set_input_error(error, path, 0, 0, "not a regular file");
		return false;
	}
	if ((unsigned long long)st.st_size > max_bytes) {
		gg_set_input_error(error, path, 0, 0,
		                   "file is %lld bytes; the limit is %zu bytes",
		                   (long long)st.st_size, max_bytes);
		return false;
	}
	GError *io_error = NULL;
	gsize n = 0;
	if (!g_file_get_contents(path, contents, &n, &io_error)) {
		gg_set_input_error(error, path, 0, 0, "cannot read: %s",
		                   io_error->message);
		g_error_free(io_error);
		return false;
	}
	if (n > max_bytes) { /* grew between stat and read */
		g_free(*contents);
		*contents = NULL;
		gg_set_input_error(error, path, 0, 0,
		                   "file is larger than the limit of %zu bytes",
		                   max_bytes);
		return false;
	}
	if (length)
		*length = n;
	return true;
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

bool gg_is_iso_date(const char *text)
{
	if (!text || strlen(text) != 10 || text[4] != '-' || text[7] != '-')
		return false;
	for (int i = 0; i < 10; i++)
		if (i != 4 && i != 7 && !g_ascii_isdigit(text[i]))
			return false;
	int year = atoi(text), month = atoi(text + 5), day = atoi(text + 8);
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
