/* Guide stage, what changed since the previous run: the changes table
 * (guide section and data/changes.csv, whose ids and USD numbers it
 * keeps; the guide shows use-case titles, build labels, GPU conditions
 * and money in the language) and the sentence above it.  See guide.h. */
#include "guide.h"

#include "changes.h"
#include "guide_ctx.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static const Column CHANGES[] = {
    {"kind", "table.change", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"subject", "table.subject", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"before", "table.before", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"after", "table.after", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"cause", "table.cause", COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* A build id of the data ("4x RTX 4090 (used)", changes.h) as the
 * language names the build ("4× RTX 4090（二手）"); the id itself when
 * it is not of that form. */
static char *build_shown(const Ctx *c, const char *id)
{
	char *end = NULL;
	long n = strtol(id, &end, 10);
	if (!*id || n < 1 || !end || strncmp(end, "x ", 2) != 0)
		return g_strdup(id);
	const char *gpu = end + 2;
	const char *used = " (used)";
	size_t len = strlen(gpu);
	bool is_used = len > strlen(used)
	               && strcmp(gpu + len - strlen(used), used) == 0;
	char *name = g_strndup(gpu, is_used ? len - strlen(used) : len);
	if (n > 1) {
		char *count = g_strdup_printf("%ld", n);
		char *many = gg_fill2(S(c, "format.build_name"), count, name);
		g_free(count);
		g_free(name);
		name = many;
	}
	if (!is_used)
		return name;
	char *shown = gg_fill2(S(c, "format.used_build"), name, "");
	g_free(name);
	return shown;
}

/* A price or rank subject ("RTX 4090 used", changes.h) as "RTX 4090
 * (used)" / "RTX 4090 (new)" in the language. */
static char *gpu_condition_shown(const Ctx *c, const char *subject)
{
	const char *sp = strrchr(subject, ' ');
	if (!sp || (strcmp(sp + 1, "used") != 0 && strcmp(sp + 1, "new") != 0))
		return g_strdup(subject);
	char *name = g_strndup(subject, (gsize)(sp - subject));
	char *shown = gg_fill2(S(c, "format.aside"), name,
	                       S(c, strcmp(sp + 1, "used") == 0
	                                ? "request.used" : "request.new"));
	g_free(name);
	return shown;
}

/* The subject as the reader reads it: a pick's use case by its title, a
 * GPU and condition in the language's words. */
static char *subject_shown(const Ctx *c, const Change *ch)
{
	if (ch->kind == CHANGE_PRICE || ch->kind == CHANGE_RANK)
		return gpu_condition_shown(c, ch->subject);
	if (ch->kind != CHANGE_PICK)
		return g_strdup(ch->subject);
	for (size_t i = 0; i < c->recs->n; i++)
		if (strcmp(c->recs->items[i].use_case->id, ch->subject) == 0)
			return g_strdup(format_use_case_title(
			    c->s, c->recs->items[i].use_case));
	return g_strdup(ch->subject);
}

/* A before or after value as the reader reads it: a pick's build by its
 * label, a price as money (USD in the data). */
static char *value_shown(const Ctx *c, const Change *ch, const char *v)
{
	if (!*v)
		return g_strdup("");
	if (ch->kind == CHANGE_PICK)
		return build_shown(c, v);
	if (ch->kind == CHANGE_PRICE) {
		char *end = NULL;
		double usd = g_ascii_strtod(v, &end);
		if (end && !*end)
			return format_money(c->s, usd);
	}
	return g_strdup(v);
}

/* One part of a pick's cause ("RTX 3090 Ti used 850 -> 1100" or "RTX
 * 5080 new at 999 newly ranked", changes.c) in the language; the part
 * itself when it is of neither form. */
static char *cause_part_shown(const Ctx *c, const char *part)
{
	const char *arrow = strstr(part, " -> ");
	const char *at = strstr(part, " at ");
	const char *newly = g_str_has_suffix(part, " newly ranked")
	                        ? part + strlen(part) - strlen(" newly ranked")
	                        : NULL;
	if (arrow) {
		const char *sp = arrow;
		while (sp > part && sp[-1] != ' ')
			sp--;
		if (sp == part)
			return g_strdup(part);
		char *subject = g_strndup(part, (gsize)(sp - 1 - part));
		char *before = g_strndup(sp, (gsize)(arrow - sp));
		char *who = gpu_condition_shown(c, subject);
		char *b = value_shown(c, &(Change){.kind = CHANGE_PRICE}, before);
		char *a = value_shown(c, &(Change){.kind = CHANGE_PRICE},
		                      arrow + 4);
		char *move = gg_fill2(S(c, "change.from_to"), b, a);
		char *shown = gg_fill2(S(c, "change.moved"), who, move);
		g_free(subject);
		g_free(before);
		g_free(who);
		g_free(b);
		g_free(a);
		g_free(move);
		return shown;
	}
	if (at && newly && at < newly) {
		char *subject = g_strndup(part, (gsize)(at - part));
		char *price = g_strndup(at + 4, (gsize)(newly - at - 4));
		char *who = gpu_condition_shown(c, subject);
		char *m = value_shown(c, &(Change){.kind = CHANGE_PRICE}, price);
		char *shown = gg_fill2(S(c, "change.newly_ranked"), who, m);
		g_free(subject);
		g_free(price);
		g_free(who);
		g_free(m);
		return shown;
	}
	return g_strdup(part);
}

/* A pick's cause in the language, part by part; other causes (a price
 * row's file, line, source and date) as they are. */
static char *cause_shown(const Ctx *c, const Change *ch)
{
	if (ch->kind != CHANGE_PICK || !*ch->cause)
		return g_strdup(ch->cause);
	char **parts = g_strsplit(ch->cause, "; ", -1);
	char *shown = NULL;
	for (char **p = parts; *p; p++) {
		char *one = cause_part_shown(c, *p);
		char *joined = shown ? gg_fill2(S(c, "format.list"), shown, one)
		                     : g_strdup(one);
		g_free(shown);
		g_free(one);
		shown = joined;
	}
	g_strfreev(parts);
	return shown ? shown : g_strdup("");
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
		table_take_shown(t, "subject", ch->subject,
		                 subject_shown(c, ch));
		table_take_shown(t, "before", ch->before,
		                 value_shown(c, ch, ch->before));
		table_take_shown(t, "after", ch->after,
		                 value_shown(c, ch, ch->after));
		table_take_shown(t, "cause", ch->cause, cause_shown(c, ch));
		g_free(key);
	}
	return t;
}

/* changes_since (the previous run's date) and changes_note. */
static void changes_scalars(const Ctx *c, const Changes *changes, Values *v)
{
	bool dated = changes && *changes->previous_date;
	const char *date = dated ? changes->previous_date
	                         : S(c, "changes.no_date");
	/* a date in the sentence as the language spaces it (changes.since_date),
	 * or the words for a run without one */
	char *since = dated ? gg_fill2(S(c, "changes.since_date"), date, "")
	                    : g_strdup(date);
	values_set_scalar(v, "changes_since", md_escape(since));
	g_free(since);
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

bool guide_add_changes(const Results *results, const Changes *changes,
                       const Lang *strings, Values *v, GPtrArray *tables,
                       GError **error)
{
	GError *missing = NULL;
	Ctx c = {results,        results->recs, results->costs,
	         results->perf,  results->edition, strings,
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
