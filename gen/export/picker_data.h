/* The picker's data as a script: data/picker-data.js assigns the tables
 * assets/picker.js ranks from (per_dollar, recommendations, requests,
 * assumptions), the server-only builds, the builds each use case's
 * rules exclude, the decode use cases' build speeds and, for a market's
 * edition, its currency and rate ("market") to one global,
 * window.gpuguideData, so that the picker works from a page opened from
 * disk (file://), where browsers refuse fetch() but run a script file.
 * In: an EditionResult.  Out: a file through the Site writer.
 * Ownership: nothing is kept; the caller owns the GString it passes. */
#ifndef GG_PICKER_DATA_H
#define GG_PICKER_DATA_H

#include "backend.h"

/* Appends ,\n  "picker_server_only": [...] to json: the builds no use
 * case may pick: they need a server made for them, or their price rests
 * on estimates alone (Build.payable; the key keeps its first name). */
void picker_server_only_json(GString *json, const EditionResult *r);

/* Appends ,\n  "picker_excluded": {"USE_CASE": [...], ...} to json: for
 * each use case with rules (use_cases.csv requires), the builds that
 * break one and so may not be its pick. */
void picker_rules_json(GString *json, const EditionResult *r);

/* Appends ,\n  "picker_decode": {"USE_CASE": {"BUILD": [tokens/s, low,
 * high], ...}, ...} to json: for each use case ranked on decode speed,
 * every build's decode tokens/s on its LLM case (the builds that do not
 * hold it left out), so the picker ranks on the guide's measure. */
void picker_decode_json(GString *json, const EditionResult *r);

/* Writes PREFIX/data/picker-data.js. */
bool picker_data_write(const EditionResult *r, Site *site, GError **error);

#endif
