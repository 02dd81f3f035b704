/* The picker's data as a script: data/picker-data.js assigns the tables
 * assets/picker.js ranks from (per_dollar, recommendations, requests,
 * assumptions), the server-only builds, the builds each use case's
 * rules exclude, the decode use cases' build speeds and, for a market's
 * edition, its currency and rate ("market") to one global,
 * window.gpuguideData, so that the picker works from a page opened from
 * disk (file://), where browsers refuse fetch() but run a script file.
 * The tables and build lists it shares with data/guide.json are made
 * once, by export.c, and written to both.
 * In: an EditionResult.  Out: a file through the Site writer.
 * Ownership: nothing is kept; the caller owns the GString it passes. */
#ifndef GG_PICKER_DATA_H
#define GG_PICKER_DATA_H

#include "backend.h"
#include "table.h"

/* Where the large members go in parts: json is handed to flush (a
 * TableFlush, which writes and empties it) whenever it holds a
 * megabyte; ok turns false when a flush fails, which ends the member
 * early (the caller drops the file).  flush NULL: never handed. */
typedef struct {
	TableFlush flush;
	void *data;
	GError **error;
	bool ok;
} PickerSink;

/* Every build's id as a JSON string, ids[i] of build i (NULL-terminated;
 * g_strfreev), formatted once for the members below. */
char **picker_build_ids(const EditionResult *r);

/* Appends two members to json:
 * ,\n  "picker_server_only": [...]: the builds no use case may pick: they
 * need a server made for them, or their price rests on estimates alone
 * (Build.payable; the key keeps its first name);
 * ,\n  "picker_excluded": {"USE_CASE": [...], ...}: for each use case with
 * rules (use_cases.csv requires), the builds that break one and so may
 * not be its pick.  ids: picker_build_ids.  Returns sink->ok. */
bool picker_build_lists_json(GString *json, const EditionResult *r,
                             char **ids, PickerSink *sink);

/* Whether assets/picker.js reads the table of this name. */
bool picker_wants_table(const char *name);

/* Appends ,\n  "picker_decode": {"USE_CASE": {"BUILD": [tokens/s, low,
 * high], ...}, ...} to json: for each use case ranked on decode speed,
 * every build's decode tokens/s on its LLM case (the builds that do not
 * hold it left out), so the picker ranks on the guide's measure.
 * ids: picker_build_ids.  Returns sink->ok. */
bool picker_decode_json(GString *json, const EditionResult *r, char **ids,
                        PickerSink *sink);

/* PREFIX/data/picker-data.js, written by export.c in parts: the head,
 * ",\n  " and each table picker_wants_table names (in table order), then
 * picker_build_lists_json's members, then the tail (picker_decode_json,
 * the market, the calculator's part, the end; ids and sink as there):
 * the same members as guide.json's, made once for both. */
char *picker_data_path(const char *prefix);
void picker_data_head(GString *js, const EditionResult *r);
bool picker_data_tail(GString *js, const EditionResult *r, char **ids,
                      PickerSink *sink);

#endif
