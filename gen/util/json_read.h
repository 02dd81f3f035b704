/* A small JSON reader (RFC 8259) for reading back the previous run's
 * data/guide.json: objects, arrays, strings (with \u escapes, surrogate
 * pairs), numbers, true, false, null.  Nesting is limited to 64 levels.
 * In: text.  Out: a JsonNode tree.
 * The text is untrusted (the previous run's output may have been edited
 * or replaced): it must be UTF-8 without control characters (raw or
 * escaped: \u001b is refused like the byte), a number at most 40
 * characters, and the tree at most JSON_MEMORY_FACTOR times the text's
 * size (plus JSON_MEMORY_BASE) in memory, whatever its shape.
 * json_parse_rows reads a large file of tables (data/changes_basis.json,
 * guide.json) without holding them: it hands each row to the caller and
 * keeps only the rest, under the same rules and limits.
 * Ownership: json_parse and json_parse_rows return a tree the caller
 * frees with json_node_free; every string inside belongs to the tree. */
#ifndef GG_JSON_READ_H
#define GG_JSON_READ_H

#include <glib.h>
#include <stdbool.h>

#define JSON_MEMORY_FACTOR 16
#define JSON_MEMORY_BASE (64u * 1024u)

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY,
               JSON_OBJECT } JsonKind;

typedef struct JsonNode JsonNode;
struct JsonNode {
	JsonKind kind;
	bool boolean;
	double number;
	char *string;    /* JSON_STRING */
	char *key;       /* member name when inside an object */
	JsonNode **items; /* arrays and objects, in file order */
	size_t n_items;
};

/* Parses text; NULL with *error set ("path: offset N: message") when it
 * is not JSON.  path names the file in messages. */
JsonNode *json_parse(const char *path, const char *text, size_t length,
                     GError **error);
void json_node_free(JsonNode *node);

/* A row: item number index of table, an array or object that is a member
 * of the root object.  row and what it holds are freed after the call. */
typedef void (*JsonRowVisit)(const JsonNode *table, size_t index,
                             const JsonNode *row, void *data);

/* As json_parse, but when the root is an object, each item of its arrays
 * and objects is given to visit, in file order, instead of being kept:
 * those members come back empty (n_items 0).  The limits (nesting,
 * numbers, memory budget, counted as if the whole tree were kept) and the
 * messages are json_parse's; rows visited before a failure are to be
 * dropped. */
JsonNode *json_parse_rows(const char *path, const char *text, size_t length,
                          JsonRowVisit visit, void *data, GError **error);

/* Member `key` of an object, or NULL. */
const JsonNode *json_member(const JsonNode *object, const char *key);

/* The member's string or number; fallback when absent or of another
 * kind. */
const char *json_string_member(const JsonNode *object, const char *key);
double json_number_member(const JsonNode *object, const char *key,
                          double fallback);

#endif
