/* The calculator's part of data/picker-data.js: what the LLM stage
 * computes with (gen/model/llm.c), so that assets/picker.js computes
 * the same figures as the guide's LLM tables for any model, context,
 * number of users and precision, with no number of its own: the llm_*
 * constants in the units llm.c uses, bytes per weight and per cached
 * element, the fitted decode efficiency per memory kind and the range
 * of its leave-one-out errors, the models of llm_models.csv with their
 * attention design, each GPU's memory, bandwidth and memory kind, the
 * published decode speeds with their links, and the edition date the
 * price ages count to.
 * In: an EditionResult with its LlmResults.  Out: text appended to the
 * caller's GString (nothing when the edition has no LLM models). */
#ifndef GG_PICKER_LLM_H
#define GG_PICKER_LLM_H

#include "backend.h"

/* Appends ,\n  "edition_date": ..., "llm": {...} to json. */
void picker_llm_json(GString *json, const EditionResult *r);

#endif
