/* Changes stage: what changed since the previous run.  Reads the previous
 * run's data/changes_basis.json, or its data/guide.json, which holds the
 * same members among others (its `data_date`, the one-GPU rows of
 * `per_dollar`: gpu, price_condition, gpu_count, gpu_price_usd,
 * rank_cnn; and `recommendations`: use_case, buy, else best_value) and
 * compares it with the new
 * results: GPU price moves, GPUs new to or dropped from the ranking,
 * one-GPU CNN rank changes and pick changes, each with its cause (the
 * price row behind a new price; the price moves of the GPUs of a changed
 * pick).
 * In: a path, const Recommendations.  Out: Changes.
 * Ownership: changes_compare returns Changes the caller frees with
 * changes_free; every string inside belongs to it. */
#ifndef GG_CHANGES_H
#define GG_CHANGES_H

#include "recommend.h"

typedef enum { CHANGE_PICK, CHANGE_PRICE, CHANGE_NEW_GPU, CHANGE_DROPPED_GPU,
               CHANGE_RANK } ChangeKind;

typedef struct {
	ChangeKind kind;
	char *subject;   /* use case id, or "GPU condition" ("RTX 5080 new") */
	char *before, *after; /* "" when absent on that side */
	char *cause;     /* "prices.csv:97 (source, date)", or "" */
} Change;

typedef struct {
	char *previous_date;    /* the previous run's data_date, or "" */
	Change *items;          /* picks first, then prices, GPUs, ranks */
	size_t n;
} Changes;

/* Compares the previous run's guide.json at path with recs.  Returns
 * NULL with *error set (G_FILE_ERROR_NOENT when there is no previous
 * run) when the file cannot be read or is not the expected JSON. */
Changes *changes_compare(const char *path, const Recommendations *recs,
                         GError **error);

/* Compares an already parsed previous guide.json. */
Changes *changes_compare_text(const char *path, const char *json,
                              size_t length, const Recommendations *recs,
                              GError **error);

void changes_free(Changes *changes);

/* "pick", "price", "new_gpu", "dropped_gpu", "rank": identifiers for the
 * CSV and string keys. */
const char *change_kind_id(ChangeKind kind);

/* changes.csv: kind,subject,before,after,cause; RFC 4180 quoting.
 * Caller frees. */
char *changes_csv(const Changes *changes);

/* Up to max lines for the maintainer's terminal, picks first:
 * "kaggle pick: RTX 5070 Ti -> RTX 5080 (RTX 5070 Ti new 749 -> 829)".
 * NULL-terminated; free with g_strfreev. */
char **changes_summary(const Changes *changes, size_t max);

#endif
