/* JSON reader.  See json_read.h. */
#include "json_read.h"

#include "util.h"

#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 64
/* A number is at most this many characters, checked before strtod. */
#define MAX_NUMBER_CHARS 40

typedef struct {
	const char *path;
	const char *s, *end, *at;
	GError **error;
	bool failed;
	size_t budget; /* bytes the tree may still take (json_read.h) */
	JsonRowVisit visit; /* json_parse_rows: takes the tables' items */
	void *data;
} Parser;

static void fail(Parser *p, const char *what)
{
	if (p->failed)
		return;
	p->failed = true;
	gg_set_input_error(p->error, p->path, 0, 0, "offset %ld: %s",
	                   (long)(p->at - p->s), what);
}

/* Counts n bytes of the tree against the budget. */
static void charge(Parser *p, size_t n)
{
	if (n <= p->budget) {
		p->budget -= n;
		return;
	}
	p->budget = 0;
	if (!p->failed) {
		char *what = g_strdup_printf(
		    "its values would take more than %d times the file's size "
		    "in memory", JSON_MEMORY_FACTOR);
		fail(p, what);
		g_free(what);
	}
}

/* Characters no reader sees: C0 controls but tab, LF and CR; DEL; C1;
 * the line and paragraph separators; a byte-order mark.  The previous
 * run's strings reach stderr, CSV and HTML: an escape such as \u001b
 * (a terminal escape) is refused like the raw byte. */
static bool invisible(gunichar c)
{
	return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F
	       || (c >= 0x80 && c <= 0x9F) || c == 0x2028 || c == 0x2029
	       || c == 0xFEFF;
}

static void skip_space(Parser *p)
{
	while (p->at < p->end
	       && (*p->at == ' ' || *p->at == '\t' || *p->at == '\n'
	           || *p->at == '\r'))
		p->at++;
}

static bool literal(Parser *p, const char *word)
{
	size_t n = strlen(word);
	if ((size_t)(p->end - p->at) < n || memcmp(p->at, word, n) != 0)
		return false;
	p->at += n;
	return true;
}

static int hex4(Parser *p)
{
	int v = 0;
	for (int i = 0; i < 4; i++, p->at++) {
		if (p->at >= p->end || !g_ascii_isxdigit(*p->at)) {
			fail(p, "bad \\u escape");
			return -1;
		}
		v = v * 16 + g_ascii_xdigit_value(*p->at);
	}
	return v;
}

static void escape(Parser *p, GString *out)
{
	char c = *p->at++;
	const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
	const char *k = c ? strchr(from, c) : NULL;
	if (k) {
		if (invisible((gunichar)(unsigned char)to[k - from]))
			fail(p, "control character in string");
		else
			g_string_append_c(out, to[k - from]);
		return;
	}
	if (c != 'u') {
		fail(p, "bad escape");
		return;
	}
	int u = hex4(p);
	if (u >= 0xD800 && u <= 0xDBFF && literal(p, "\\u")) {
		int low = hex4(p);
		if (low < 0xDC00 || low > 0xDFFF) {
			fail(p, "bad surrogate pair");
			return;
		}
		u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
	} else if (u >= 0xD800 && u <= 0xDFFF) {
		fail(p, "lone surrogate");
		return;
	}
	if (u >= 0 && invisible((gunichar)u))
		fail(p, "control character in string (escaped)");
	else if (u >= 0)
		g_string_append_unichar(out, (gunichar)u);
}

static char *string(Parser *p)
{
	GString *out = g_string_new(NULL);
	p->at++; /* the opening quote */
	while (!p->failed) {
		if (p->at >= p->end) {
			fail(p, "unterminated string");
			break;
		}
		char c = *p->at;
		if (c == '"') {
			p->at++;
			break;
		}
		if ((unsigned char)c < 0x20) {
			fail(p, "control character in string");
			break;
		}
		if (c == '\\') {
			p->at++;
			if (p->at >= p->end) {
				fail(p, "unterminated string");
				break;
			}
			escape(p, out);
			continue;
		}
		g_string_append_c(out, c);
		p->at++;
	}
	charge(p, out->len + 1 + 2 * sizeof(size_t));
	return g_string_free(out, FALSE);
}

static bool number(Parser *p, double *v)
{
	const char *start = p->at;
	if (p->at < p->end && *p->at == '-')
		p->at++;
	while (p->at < p->end
	       && (g_ascii_isdigit(*p->at) || strchr(".eE+-", *p->at)))
		p->at++;
	if (p->at - start > MAX_NUMBER_CHARS) {
		fail(p, "number too long");
		return false;
	}
	char *text = g_strndup(start, (gsize)(p->at - start));
	bool ok = gg_parse_number(text, v);
	g_free(text);
	if (!ok)
		fail(p, "bad number");
	return ok;
}

static JsonNode *value(Parser *p, int depth, char *key);

/* An item of n (at depth): kept, or, when n is a table (a member of the
 * root object) and the parse visits rows, handed to the visitor and
 * freed. */
static void keep(Parser *p, JsonNode *n, int depth, GPtrArray *items,
                 size_t index, JsonNode *item)
{
	if (p->visit && depth == 1 && n->key) {
		p->visit(n, index, item, p->data);
		json_node_free(item);
	} else {
		g_ptr_array_add(items, item);
	}
}

/* Arrays and objects: items separated by commas up to `close`. */
static void container(Parser *p, JsonNode *n, char close, int depth)
{
	GPtrArray *items = g_ptr_array_new();
	size_t index = 0;
	p->at++;
	skip_space(p);
	if (p->at < p->end && *p->at == close) {
		p->at++;
	} else {
		while (!p->failed) {
			char *key = NULL;
			skip_space(p);
			if (close == '}') {
				if (p->at >= p->end || *p->at != '"') {
					fail(p, "expected a member name");
					break;
				}
				key = string(p);
				skip_space(p);
				if (!p->failed && (p->at >= p->end
				                   || *p->at++ != ':'))
					fail(p, "expected ':'");
			}
			if (p->failed) {
				g_free(key);
				break;
			}
			JsonNode *item = value(p, depth + 1, key);
			if (!item)
				break;
			keep(p, n, depth, items, index++, item);
			charge(p, 2 * sizeof(JsonNode *));
			skip_space(p);
			if (p->at < p->end && *p->at == ',') {
				p->at++;
				continue;
			}
			if (p->at < p->end && *p->at == close) {
				p->at++;
				break;
			}
			fail(p, close == '}' ? "expected ',' or '}'"
			                     : "expected ',' or ']'");
		}
	}
	n->n_items = items->len;
	n->items = (JsonNode **)g_ptr_array_free(items, FALSE);
}

/* A value; key (taken, freed on failure) is its member name inside an
 * object, else NULL. */
static JsonNode *value(Parser *p, int depth, char *key)
{
	skip_space(p);
	if (depth > MAX_DEPTH)
		fail(p, "nested too deeply");
	else if (p->at >= p->end)
		fail(p, "unexpected end");
	else
		charge(p, sizeof(JsonNode) + 2 * sizeof(size_t));
	if (p->failed) {
		g_free(key);
		return NULL;
	}
	JsonNode *n = g_new0(JsonNode, 1);
	n->key = key;
	char c = *p->at;
	if (c == '{' || c == '[') {
		n->kind = c == '{' ? JSON_OBJECT : JSON_ARRAY;
		container(p, n, c == '{' ? '}' : ']', depth);
	} else if (c == '"') {
		n->kind = JSON_STRING;
		n->string = string(p);
	} else if (literal(p, "true") || literal(p, "false")) {
		n->kind = JSON_BOOL;
		n->boolean = c == 't';
	} else if (literal(p, "null")) {
		n->kind = JSON_NULL;
	} else if (c == '-' || g_ascii_isdigit(c)) {
		n->kind = JSON_NUMBER;
		number(p, &n->number);
	} else {
		fail(p, "unexpected character");
	}
	if (p->failed) {
		json_node_free(n);
		return NULL;
	}
	return n;
}

JsonNode *json_parse(const char *path, const char *text, size_t length,
                     GError **error)
{
	return json_parse_rows(path, text, length, NULL, NULL, error);
}

JsonNode *json_parse_rows(const char *path, const char *text, size_t length,
                          JsonRowVisit visit, void *data, GError **error)
{
	/* the same text rules as the data: UTF-8 (no overlong form, no
	 * surrogate), no NUL, no invisible control character */
	if (!gg_check_text(path, text, length, error))
		return NULL;
	Parser p = {path, text, text + length, text, error, false,
	            (size_t)JSON_MEMORY_FACTOR * length + JSON_MEMORY_BASE,
	            visit, data};
	JsonNode *root = value(&p, 0, NULL);
	skip_space(&p);
	if (root && p.at != p.end) {
		fail(&p, "text after the value");
		json_node_free(root);
		root = NULL;
	}
	return root;
}

void json_node_free(JsonNode *n)
{
	if (!n)
		return;
	for (size_t i = 0; i < n->n_items; i++)
		json_node_free(n->items[i]);
	g_free(n->items);
	g_free(n->string);
	g_free(n->key);
	g_free(n);
}

const JsonNode *json_member(const JsonNode *o, const char *key)
{
	if (!o || o->kind != JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < o->n_items; i++)
		if (strcmp(o->items[i]->key, key) == 0)
			return o->items[i];
	return NULL;
}

const char *json_string_member(const JsonNode *o, const char *key)
{
	const JsonNode *m = json_member(o, key);
	return m && m->kind == JSON_STRING ? m->string : NULL;
}

double json_number_member(const JsonNode *o, const char *key,
                          double fallback)
{
	const JsonNode *m = json_member(o, key);
	return m && m->kind == JSON_NUMBER ? m->number : fallback;
}
