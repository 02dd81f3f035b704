/* Price rules of an edition that sets `price_fresh_days` (the current
 * edition; a historical edition keeps its rows as they were):
 * what `gpuguide --check` refuses and what it lists for re-checking.
 * Rules (data/README.md, "Price rules"): every price, base-system and
 * part row names its shop or document and has an https address (or a
 * note saying why not, "no url: ..." or "no https: ...", which lists
 * the row for re-checking instead); no row
 * is dated after the edition date; a note that reads as an estimate
 * (midpoint, approximate, rounded, a share of a system price) starts
 * with `estimate` or `excluded`; a launch list price dated more than a
 * year after its GPU's launch carries a note saying where it comes
 * from; a new price dated more than a year after its GPU left
 * production says what it is (`stock`, `estimate` or `excluded`); a
 * PCIe card is not priced above its SXM sibling (same family and memory)
 * without a note; an 8-GPU server base is not cheaper than a 4-GPU
 * desktop base.
 * In: const PriceModel.  Out: lines "file:line:col: message".
 * Ownership: both functions return a NULL-terminated array the caller
 * frees with g_strfreev; empty (only NULL) when the edition sets no
 * `price_fresh_days`. */
#ifndef GG_PRICE_RULES_H
#define GG_PRICE_RULES_H

#include "price.h"

/* The rows that break a rule. */
char **price_rule_breaches(const PriceModel *m);

/* The rows whose missing https address is explained, the GPUs whose
 * used price is above their new one (one of the two is stale), then the
 * GPUs whose newest counting price (any condition or currency) is
 * older than `price_fresh_days` before the edition date, with that
 * date and age: "RTX 3060: newest price 2026-02-01, 304 days before
 * 2026-12-02". */
char **price_stale_list(const PriceModel *m);

#endif
