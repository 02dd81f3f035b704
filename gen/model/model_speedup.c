/* Multi-GPU speedup: an assumption, else the measured scaling
 * efficiencies of model_run (Performance.scaling).  Kept apart from
 * model.c so that a stage asking for a speedup (the cloud comparison)
 * reaches none of the fitting.  See model.h; nothing here allocates
 * what it returns. */
#include "model_internal.h"

#include <math.h>
#include <string.h>

static bool same_family(const char *a, const char *b)
{
	return strncmp(a, b, 4) == 0; /* "pcie" / "nvli" */
}

/* Mean measured efficiency for n GPUs: the exact interconnect, else its
 * family; NAN when there is none. */
static double measured_efficiency(const Performance *p, int n,
                                  const char *ic, Workload w)
{
	double sum = 0;
	size_t count = 0;
	for (int pass = 0; pass < 2 && count == 0; pass++)
		for (size_t i = 0; i < p->n_scaling; i++) {
			const Scaling *s = &p->scaling[i];
			bool match = pass == 0
			                 ? strcmp(s->interconnect, ic) == 0
			                 : same_family(s->interconnect, ic);
			if (s->gpu_count == n && s->workload == w && match) {
				sum += s->efficiency;
				count++;
			}
		}
	return count ? sum / (double)count : NAN;
}

double model_gpu_speedup(const Performance *p, int n, const char *ic,
                         Workload w)
{
	if (n == 1)
		return 1;
	char *key = g_strdup_printf("speedup_%dgpu.%s.%s", n, ic,
	                            workload_name(w));
	const Assumption *a = edition_assumption(p->edition, key);
	g_free(key);
	if (a && a->is_number)
		return a->number;
	double eff = measured_efficiency(p, n, ic, w);
	if (!isnan(eff))
		return n * eff;
	double eff2 = measured_efficiency(p, 2, ic, w);
	return isnan(eff2) ? NAN : n * pow(eff2, log2(n));
}
