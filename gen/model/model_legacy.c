/* Model stage: the 2020 article's forms.  The theoretical speed-up from
 * bandwidth and the architecture bonuses, and the extrapolation within an
 * architecture from SM count and memory bandwidth that an edition keeps
 * when the family fit is under-determined (the 2020-09 edition).  Like
 * the family fit, it never predicts across family segments: a GeForce
 * Ampere card is not rated from the datacenter A100 but, as the article
 * did, from the measured client Turing cards by bandwidth and the Ampere
 * bonuses.  See model.h and model_internal.h. */
#include "model_internal.h"

#include <stdint.h>
#include <string.h>

static double bonus(const Edition *e, const char *kind, const char *arch)
{
	char *key = g_strdup_printf("%s.%s", kind, arch);
	const Assumption *a = edition_assumption(e, key);
	g_free(key);
	return a && a->is_number ? a->number : 0.0;
}

static bool has_bonus(const Edition *e, const char *arch)
{
	char *key = g_strdup_printf("smem_bonus_low.%s", arch);
	bool yes = edition_assumption(e, key) != NULL;
	g_free(key);
	return yes;
}

static void arch_factor(const Edition *e, const char *arch, double *low,
                        double *high)
{
	*low = (1 + bonus(e, "smem_bonus_low", arch))
	       * (1 + bonus(e, "tc_bonus_low", arch));
	*high = (1 + bonus(e, "smem_bonus_high", arch))
	        * (1 + bonus(e, "tc_bonus_high", arch));
}

void model_speedup_range(const Edition *e, const Gpu *g, const Gpu *r,
                         double *low, double *high)
{
	double ratio = g->bandwidth_gbs / r->bandwidth_gbs;
	*low = *high = ratio;
	/* An architecture's bonuses say what it gains over older tensor-core
	 * generations, so they apply only to the newer side of the pair. */
	double bl, bh;
	if (g->tensor_gen > r->tensor_gen && has_bonus(e, g->architecture)) {
		arch_factor(e, g->architecture, &bl, &bh);
		*low = ratio * bl;
		*high = ratio * bh;
	} else if (r->tensor_gen > g->tensor_gen
	           && has_bonus(e, r->architecture)) {
		arch_factor(e, r->architecture, &bl, &bh);
		*low = ratio / bh;
		*high = ratio / bl;
	}
}


/* TRUE when b may predict g: same family segment (datacenter, client). */
static bool same_segment(const Gpu *g, const Gpu *b)
{
	return strcmp(model_family_segment(g), model_family_segment(b)) == 0;
}

/* Same architecture and same family segment. */
static bool same_arch(const Gpu *g, const Gpu *b)
{
	return strcmp(g->architecture, b->architecture) == 0
	       && same_segment(g, b);
}

/* Within an architecture: linear in bandwidth and SM count. */
static double same_arch_factor(const Gpu *g, const Gpu *b, double weight)
{
	return weight * g->bandwidth_gbs / b->bandwidth_gbs
	       + (1 - weight) * g->sm_count / b->sm_count;
}

/* The fitted GPUs grouped by architecture and segment: next[a] is the
 * next fitted GPU after a of a's group (SIZE_MAX: none), first[a] the
 * group's first; SIZE_MAX for GPUs not fitted.  Linear in the GPUs. */
static void arch_groups(const Edition *e, const bool *has, size_t *first,
                        size_t *next)
{
	GHashTable *id = g_hash_table_new_full(g_str_hash, g_str_equal,
	                                       g_free, NULL);
	size_t *head = g_new(size_t, e->n_gpus + 1);
	size_t *tail = g_new(size_t, e->n_gpus + 1);
	size_t n = 0;
	for (size_t a = 0; a < e->n_gpus; a++) {
		first[a] = next[a] = SIZE_MAX;
		if (!has[a])
			continue;
		const Gpu *ga = &e->gpus[a];
		char *key = g_strdup_printf("%s\x1f%s", ga->architecture,
		                            model_family_segment(ga));
		gpointer v;
		size_t i;
		if (g_hash_table_lookup_extended(id, key, NULL, &v)) {
			g_free(key);
			i = GPOINTER_TO_SIZE(v);
			next[tail[i]] = a;
		} else {
			i = n++;
			g_hash_table_insert(id, key, GSIZE_TO_POINTER(i));
			head[i] = a;
		}
		tail[i] = a;
		first[a] = head[i];
	}
	g_hash_table_destroy(id);
	g_free(head);
	g_free(tail);
}

size_t legacy_pairs(const Edition *e, const bool *has)
{
	size_t *first = g_new(size_t, e->n_gpus + 1);
	size_t *next = g_new(size_t, e->n_gpus + 1);
	size_t *size = g_new0(size_t, e->n_gpus + 1);
	arch_groups(e, has, first, next);
	size_t pairs = 0;
	for (size_t a = 0; a < e->n_gpus; a++)
		if (first[a] != SIZE_MAX)
			pairs += 2 * size[first[a]]++;
	g_free(first);
	g_free(next);
	g_free(size);
	return pairs;
}

/* The bandwidth weight that best predicts each fitted GPU from the others
 * of its architecture (squared log error, grid of 0.01).  NAN when no
 * architecture has two fitted GPUs.  Every pair of GPUs of one
 * architecture counts, in the order of gpus.csv. */
double legacy_fit_weight(const Edition *e, const double *P, const bool *has)
{
	double best_w = NAN, best_err = INFINITY;
	size_t *first = g_new(size_t, e->n_gpus + 1);
	size_t *next = g_new(size_t, e->n_gpus + 1);
	arch_groups(e, has, first, next);
	for (int step = 0; step <= 100; step++) {
		double w = step / 100.0, err = 0;
		size_t pairs = 0;
		for (size_t a = 0; a < e->n_gpus; a++) {
			if (first[a] == SIZE_MAX)
				continue;
			for (size_t b = first[a]; b != SIZE_MAX; b = next[b]) {
				const Gpu *ga = &e->gpus[a], *gb = &e->gpus[b];
				if (a == b)
					continue;
				double d = P[a] - P[b]
				           - log(same_arch_factor(ga, gb, w));
				err += d * d;
				pairs++;
			}
		}
		if (pairs && err < best_err - 1e-15) {
			best_err = err;
			best_w = w;
		}
	}
	g_free(first);
	g_free(next);
	return best_w;
}

/* Which fitted GPUs predict g: its architecture's (same segment), else
 * those of the nearest tensor-core generation at or below g's in its
 * segment, else any of its segment, else any. */
static int candidate_tier(const Edition *e, size_t g, const bool *has,
                          size_t skip, bool *segment_only)
{
	int best_gen = -1;
	*segment_only = false;
	for (size_t b = 0; b < e->n_gpus; b++)
		if (has[b] && b != skip && b != g
		    && same_segment(&e->gpus[g], &e->gpus[b]))
			*segment_only = true;
	for (size_t b = 0; b < e->n_gpus; b++) {
		const Gpu *gb = &e->gpus[b];
		if (!has[b] || b == skip || b == g
		    || (*segment_only && !same_segment(&e->gpus[g], gb)))
			continue;
		if (same_arch(&e->gpus[g], gb))
			return 1000; /* same architecture */
		if (gb->tensor_gen <= e->gpus[g].tensor_gen)
			best_gen = MAX(best_gen, gb->tensor_gen);
	}
	return best_gen;
}

/* Predicted log performance of g from the fitted GPUs; NAN when none. */
double legacy_predict(const Edition *e, size_t g, const double *P,
                      const bool *has, size_t skip, double weight)
{
	bool segment_only;
	int tier = candidate_tier(e, g, has, skip, &segment_only);
	double sum = 0;
	size_t n = 0;
	for (size_t b = 0; b < e->n_gpus; b++) {
		const Gpu *gg = &e->gpus[g], *gb = &e->gpus[b];
		if (!has[b] || b == skip || b == g
		    || (segment_only && !same_segment(gg, gb)))
			continue;
		bool same = same_arch(gg, gb);
		double factor, low, high;
		if (tier == 1000 && same) {
			factor = same_arch_factor(gg, gb, isnan(weight) ? 1
			                                                : weight);
		} else if (tier != 1000
		           && (tier < 0 || gb->tensor_gen == tier)) {
			model_speedup_range(e, gg, gb, &low, &high);
			factor = (low + high) / 2;
		} else {
			continue;
		}
		sum += P[b] + log(factor);
		n++;
	}
	return n ? sum / (double)n : NAN;
}

Basis legacy_basis(const Edition *e, size_t g, const bool *has, size_t skip)
{
	bool segment_only;
	return candidate_tier(e, g, has, skip, &segment_only) == 1000
	           ? BASIS_ARCHITECTURE
	           : BASIS_GENERATION;
}

/* The non-tensor-core rule: a GPU without tensor cores and with an FP32
 * rate is rated from the measured non-tensor-core GPUs of its segment
 * (the 2020-09 GTX 1080 Ti and GTX 1070) by the ratio of FP32 rates: with
 * no tensor cores, mixed-precision training runs at about the FP32 shader
 * rate (Lambda's GTX 1080 Ti: AMP 239 against FP32 196 images/s), so
 * neither fp16_tflops (Pascal's 1:64 FP16 rate) nor the tensor-core
 * forms apply.  Geometric mean over the anchors; NAN when g has tensor
 * cores or no FP32 rate, or no anchor is measured. */
double legacy_predict_fp32(const Edition *e, size_t g, const double *P,
                           const bool *has, size_t skip)
{
	const Gpu *gg = &e->gpus[g];
	if (gg->tensor_gen != 0 || gg->fp32_tflops <= 0)
		return NAN;
	double sum = 0;
	size_t n = 0;
	for (size_t b = 0; b < e->n_gpus; b++) {
		const Gpu *gb = &e->gpus[b];
		if (!has[b] || b == skip || b == g || gb->tensor_gen != 0
		    || gb->fp32_tflops <= 0 || !same_segment(gg, gb))
			continue;
		sum += P[b] + log(gg->fp32_tflops / gb->fp32_tflops);
		n++;
	}
	return n ? sum / (double)n : NAN;
}
