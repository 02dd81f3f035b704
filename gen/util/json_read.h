/* A small JSON reader (RFC 8259) for reading back the previous run's
 * data/guide.json: objects, arrays, strings (with \u escapes, surrogate
 * pairs), numbers, true, false, null.  Nesting is limited to 64 levels.
 * In: text.  Out: a JsonNode tree.
 * Ownership: json_parse returns a tree the caller frees with
 * json_node_free; every string inside belongs to the tree. */
#ifndef GG_JSON_READ_H
#define GG_JSON_READ_H

#include <glib.h>
#include <stdbool.h>

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

/* Member `key` of an object, or NULL. */
const JsonNode *json_member(const JsonNode *object, const char *key);

/* The member's string or number; fallback when absent or of another
 * kind. */
const char *json_string_member(const JsonNode *object, const char *key);
double json_number_member(const JsonNode *object, const char *key,
                          double fallback);

#endif
