/* The picker's data as a script file.  See picker_data.h. */
#include "picker_data.h"

#include "picker_llm.h"

#include "cost.h"
#include "format.h"
#include "paths.h"
#include "recommend.h"
#include "table.h"
#include "util.h"

#include <string.h>

/* the tables assets/picker.js reads */
static const char *const PICKER_TABLES[] = {
    "per_dollar", "recommendations", "requests", "assumptions", "machines",
    "cloud_offers"};

/* ", " (unless first) and a build's id (quoted) */
static void put_id(GString *json, bool first, const char *id)
{
	if (!first)
		gg_string_put(json, ", ", 2);
	gg_string_put(json, id, strlen(id));
}

/* Hands json to the sink once it holds a megabyte; false when that
 * failed (and before, once it has). */
static bool sink_part(GString *json, PickerSink *sink)
{
	if (sink->flush && sink->ok && json->len >= 1024 * 1024)
		sink->ok = sink->flush(json, sink->data, sink->error);
	return sink->ok;
}

/* Appends a JSON array of the ids (ids[i] of build i) of the builds
 * keep() accepts. */
static void build_ids_json(GString *json, const EditionResult *r,
                           char **ids,
                           bool (*keep)(const Costs *, const UseCase *,
                                        const Build *),
                           const UseCase *u, PickerSink *sink)
{
	const Costs *c = r->recs ? r->recs->costs : NULL;
	g_string_append_c(json, '[');
	bool first = true;
	for (size_t i = 0; c && i < c->n_builds && sink->ok; i++) {
		if (!keep(c, u, &c->builds[i]))
			continue;
		put_id(json, first, ids[i]);
		first = false;
		sink_part(json, sink);
	}
	g_string_append_c(json, ']');
}

/* FIT_MODULE, FIT_HOST, and a price resting on estimates alone (not
 * payable): recommend_qualifies refuses them, so that the reader's
 * picker ranks as the guide does. */
static bool server_only(const Costs *c, const UseCase *u, const Build *b)
{
	(void)c;
	(void)u;
	return (b->fit & (FIT_MODULE | FIT_HOST)) != 0 || !b->payable;
}

static bool breaks_a_rule(const Costs *c, const UseCase *u, const Build *b)
{
	return recommend_broken_rules(c, u, b) != 0;
}

char **picker_build_ids(const EditionResult *r)
{
	const Costs *c = r->recs ? r->recs->costs : NULL;
	size_t n = c ? c->n_builds : 0;
	char **ids = g_new0(char *, n + 1);
	GString *quoted = g_string_new(NULL);
	for (size_t i = 0; i < n; i++) {
		char *id = format_build_id(r->edition, &c->builds[i]);
		g_string_truncate(quoted, 0);
		table_json_string(quoted, id);
		ids[i] = g_strdup(quoted->str);
		g_free(id);
	}
	g_string_free(quoted, TRUE);
	return ids;
}

bool picker_build_lists_json(GString *json, const EditionResult *r,
                             char **ids, PickerSink *sink)
{
	g_string_append(json, ",\n  \"picker_server_only\": ");
	build_ids_json(json, r, ids, server_only, NULL, sink);
	const Recommendations *recs = r->recs;
	g_string_append(json, ",\n  \"picker_excluded\": {");
	bool first = true;
	for (size_t i = 0; recs && i < recs->n; i++) {
		const UseCase *u = recs->items[i].use_case;
		if (!u->requires)
			continue;
		g_string_append(json, first ? "" : ", ");
		table_json_string(json, u->id);
		g_string_append(json, ": ");
		build_ids_json(json, r, ids, breaks_a_rule, u, sink);
		first = false;
	}
	g_string_append(json, "}");
	return sink->ok;
}

/* v as printf's %.6g in the C locale (format_general). */
static void json_number(GString *json, double v)
{
	char buf[G_ASCII_DTOSTR_BUF_SIZE];
	gg_output_number(v, true, false, "a decode speed of the picker");
	g_string_append(json, format_general(buf, sizeof buf, v, 6));
}

/* One build's decode speeds as text, [tokens/s, low, high], and the
 * values it shows: the builds of one GPU at 1, 2, 4 and 8 GPUs mostly
 * have the same, so a run of equal ones is formatted once. */
typedef struct {
	double v[3];
	bool made;
	size_t len;
	char text[3 * G_ASCII_DTOSTR_BUF_SIZE + 8];
} DecodeText;

static void decode_text(DecodeText *t, const LlmDecode *d)
{
	const double v[3] = {d->together, d->low, d->high};
	if (t->made && memcmp(v, t->v, sizeof v) == 0)
		return; /* the same bits: the same text, already checked */
	char *at = t->text;
	*at++ = '[';
	for (int i = 0; i < 3; i++) {
		gg_output_number(v[i], true, false, "a decode speed of the picker");
		if (i) {
			*at++ = ',';
			*at++ = ' ';
		}
		format_general(at, G_ASCII_DTOSTR_BUF_SIZE, v[i], 6);
		at += strlen(at);
	}
	*at++ = ']';
	*at = '\0';
	t->len = (size_t)(at - t->text);
	memcpy(t->v, v, sizeof v);
	t->made = true;
}

/* One decode use case's builds: "BUILD": [tokens/s, low, high], ... */
static void decode_builds_json(GString *json, const EditionResult *r,
                               const Recommendation *x, char **ids,
                               PickerSink *sink)
{
	const Costs *c = r->recs->costs;
	bool first = true;
	DecodeText text = {.made = false};
	g_string_append_c(json, '{');
	for (size_t i = 0; i < c->n_builds && sink->ok; i++) {
		const LlmDecode *d = &x->build_decode[i];
		if (!(d->together > 0))
			continue;
		put_id(json, first, ids[i]);
		gg_string_put(json, ": ", 2);
		decode_text(&text, d);
		gg_string_put(json, text.text, text.len);
		first = false;
		sink_part(json, sink);
	}
	g_string_append_c(json, '}');
}

bool picker_decode_json(GString *json, const EditionResult *r, char **ids,
                        PickerSink *sink)
{
	const Recommendations *recs = r->recs;
	g_string_append(json, ",\n  \"picker_decode\": {");
	bool first = true;
	for (size_t i = 0; recs && i < recs->n; i++) {
		const Recommendation *x = &recs->items[i];
		if (!x->build_decode)
			continue;
		g_string_append(json, first ? "" : ", ");
		table_json_string(json, x->use_case->id);
		g_string_append(json, ": ");
		decode_builds_json(json, r, x, ids, sink);
		first = false;
	}
	g_string_append(json, "}");
	return sink->ok;
}

/* ,\n  "market": {"currency": "CNY", "fx_per_usd": 6.8635, "date": ...}
 * for an edition priced for a market (PriceModel.market): the picker's
 * amounts (system_cost_usd, budget_usd) are that market's money at this
 * rate, so the picker shows them in its currency as the guide does;
 * nothing for the home market's edition. */
static void picker_market_json(GString *json, const EditionResult *r)
{
	const Costs *c = r->recs ? r->recs->costs : NULL;
	const Market *mk = c ? c->price_model->market : NULL;
	if (!mk)
		return;
	g_string_append(json, ",\n  \"market\": {\"currency\": ");
	table_json_string(json, mk->currency);
	g_string_append(json, ", \"fx_per_usd\": ");
	json_number(json, mk->fx_per_usd);
	g_string_append(json, ", \"date\": ");
	table_json_string(json, mk->fx_from->from.date ? mk->fx_from->from.date
	                                               : "");
	g_string_append(json, "}");
}

bool picker_wants_table(const char *name)
{
	for (size_t i = 0; i < G_N_ELEMENTS(PICKER_TABLES); i++)
		if (strcmp(name, PICKER_TABLES[i]) == 0)
			return true;
	return false;
}

char *picker_data_path(const char *prefix)
{
	char *json_path = paths_data_json(prefix);
	char *dir = g_path_get_dirname(json_path);
	char *path = g_build_filename(dir, "picker-data.js", NULL);
	g_free(dir);
	g_free(json_path);
	return path;
}

void picker_data_head(GString *js, const EditionResult *r)
{
	g_string_append(js, "window.gpuguideData = {\n  ");
	table_json_string(js, "edition");
	g_string_append(js, ": ");
	table_json_string(js, r->edition->name);
}

bool picker_data_tail(GString *js, const EditionResult *r, char **ids,
                      PickerSink *sink)
{
	if (!picker_decode_json(js, r, ids, sink))
		return false;
	picker_market_json(js, r);
	picker_llm_json(js, r);
	g_string_append(js, "\n};\n");
	return true;
}
