/* Guide stage, what changed since the previous run: the changes table
 * (guide section and data/changes.csv) and the sentence above it.  See
 * guide.h. */
#include "guide.h"

#include "changes.h"
#include "guide_internal.h"
#include "util.h"

#include <string.h>

static const Column CHANGES[] = {
    {"kind", "table.change", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"subject", "table.subject", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"before", "table.before", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"after", "table.after", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"cause", "table.cause", COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* A pick's subject is a use case id: shown as its title. */
static const char *subject_shown(const Ctx *c, const Change *ch)
{
	if (ch->kind != CHANGE_PICK)
		return ch->subject;
	for (size_t i = 0; i < c->recs->n; i++)
		if (strcmp(c->recs->items[i].use_case->id, ch->subject) == 0)
			return format_use_case_title(c->s,
			                             c->recs->items[i].use_case);
	return ch->subject;
}

static Table *changes_table(const Ctx *c, const Changes *changes)
{
	Table *t = table_new("changes", CHANGES, G_N_ELEMENTS(CHANGES), NULL);
	for (size_t i = 0; changes && i < changes->n; i++) {
		const Change *ch = &changes->items[i];
		const char *id = change_kind_id(ch->kind);
		char *key = g_strdup_printf("change.%s", id);
		table_add_row(t);
		table_set_shown(t, "kind", id, S(c, key));
		table_set_shown(t, "subject", ch->subject,
		                subject_shown(c, ch));
		table_set_text(t, "before", ch->before);
		table_set_text(t, "after", ch->after);
		table_set_text(t, "cause", ch->cause);
		g_free(key);
	}
	return t;
}

/* changes_since (the previous run's date) and changes_note. */
static void changes_scalars(const Ctx *c, const Changes *changes, Values *v)
{
	const char *date = changes && *changes->previous_date
	                       ? changes->previous_date
	                       : S(c, "changes.no_date");
	values_set_scalar(v, "changes_since", md_escape(date));
	char *note;
	if (!changes) {
		note = g_strdup(S(c, "changes.none_previous"));
	} else if (changes->n == 0) {
		note = gg_fill2(S(c, "changes.none"), date, "");
	} else {
		char *n = num(c, (double)changes->n, 0);
		note = gg_fill2(S(c, "changes.some"), n, date);
		g_free(n);
	}
	values_set_scalar(v, "changes_note", md_escape(note));
	g_free(note);
}

bool guide_add_changes(const Recommendations *recs, const Changes *changes,
                       const Lang *strings, Values *v, GPtrArray *tables,
                       GError **error)
{
	const Costs *costs = recs->costs;
	GError *missing = NULL;
	Ctx c = {recs, costs, costs->perf, costs->perf->edition, strings,
	         &missing};
	changes_scalars(&c, changes, v);
	Table *t = changes_table(&c, changes);
	bool empty = table_rows(t) == 0;
	guide_add_table(&c, v, tables, t);
	if (empty) /* the sentence says so; no table of dashes */
		values_set_table(v, "changes", g_strdup(""));
	if (missing) {
		g_propagate_error(error, missing);
		return false;
	}
	return true;
}
