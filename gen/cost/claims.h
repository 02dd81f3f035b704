/* Claims stage: every numeric claim of the article an archived edition
 * reproduces (claims.csv, an optional file of the edition), each with
 * the article's figure, ours computed from the edition's results by a
 * named quantity, the difference and a verdict: exact at the article's
 * precision, close (within claims_close_tolerance, default 5%),
 * explained (further off, with a reason), differs (further off and no
 * reason: the data changed since the reason was written) or missing (no
 * quantity computes it).  The words are the language's, not the data's:
 * a claim reads `claim.ID` and its reason `claim.reason.REASON` in
 * templates/LANG/strings.csv; the list holds only the keys.
 * Quantities (the `ours` column):
 *   assumption:KEY           an assumption's number
 *   gpu:NAME:FIELD           memory_gb, bandwidth_gbs, sm_count,
 *                            smem_per_sm_kb, tdp_w
 *   gpus:N:NAME:tdp_w        N times a GPU's board power
 *   use_case:ID:min_memory_gb
 *   perf_ratio:A:B:WORKLOAD  A's performance over B's (cnn, transformer)
 *   pair:A:B:NETWORK         A over B on one network, debiased
 *   price:NAME:CONDITION     the GPU price behind its 1-GPU build
 *   price_premium:A:B        A's new price over B's, minus one
 *   price_gap:A:B            A's new price minus B's
 *   example:NAME             theory_ratio, theory_low, theory_high,
 *                            cycles_without, cycles_with, power_psu_w,
 *                            kwh_year, electricity_year, breakeven_days,
 *                            cloud_at_example, desktop_first_year,
 *                            desktop_cost
 *   format_max:FMT           largest value of fp16, bf16 or tf32
 *   sparse_speedup           sparse_group / (sparse_group - sparse_zeros)
 *   sm_share:GPU             cycle_example_sms / the GPU's SMs
 *   cluster_share:small|large  node shares of the cluster mix
 *                            (advice_cluster_mix)
 * In: Edition, Costs, Recommendations.  Out: ClaimList.
 * Ownership: claims_run returns a ClaimList the caller frees with
 * claims_free (it owns its strings). */
#ifndef GG_CLAIMS_H
#define GG_CLAIMS_H

#include "recommend.h"

typedef enum {
	CLAIM_EXACT,
	CLAIM_CLOSE,
	CLAIM_EXPLAINED,
	CLAIM_DIFFERS,
	CLAIM_MISSING,
	CLAIM_VERDICTS
} ClaimVerdict;

typedef struct {
	char *id, *topic, *quantity;
	char *reason; /* key of claim.reason.REASON; "" when none */
	double article; /* the article's figure */
	int decimals;   /* as the article gives it */
	double ours;    /* NAN when missing */
	double difference; /* ours / article - 1 (NAN when missing) */
	ClaimVerdict verdict;
	int line;
} Claim;

typedef struct {
	Claim *claims;
	size_t n;
	size_t count[CLAIM_VERDICTS];
} ClaimList;

/* Loads dir/claims.csv (columns id, topic, article, ours, reason,
 * source, url, date, note) and evaluates every row; an edition without
 * it gets an empty list.  An unknown quantity, GPU or use case, a bad
 * number or an id or reason that is no key (a-z, 0-9, '_') is an error
 * file:line:col. */
ClaimList *claims_run(const Recommendations *r, GError **error);
void claims_free(ClaimList *list);

const char *claims_verdict_id(ClaimVerdict v);

/* Largest finite value of a binary floating-point format with e
 * exponent and m mantissa bits: (2 - 2^-m) x 2^(2^(e-1) - 1). */
double claims_format_max(double e, double m);

#endif
