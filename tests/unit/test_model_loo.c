/* The linear-time leave-one-out (model_loo.c, model_roofline.c) against
 * its definition: for every validated GPU of both editions, refitting
 * without the GPU (model_fit_measured, then family_model_fit or
 * roofline_fit, plain and power-limited) gives the same held-out error
 * as the sums kept once (loo_family_error, loo_roofline_error), the
 * full roofline fit from the kept sums (roofline_fit_summed) is
 * roofline_fit's, and the bridge GPUs are exactly those whose rows
 * alone join groups of measurements (counted by brute force). */
#include "unit.h"
#include "model.h"
#include "model_internal.h"

#include <stdint.h>
#include <string.h>

static size_t root_of(size_t *parent, size_t i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

/* Groups of measured GPUs other than x, x's rows left out or kept. */
static size_t groups(const RowSet *rs, size_t x, bool with_x)
{
	size_t *parent = g_new(size_t, rs->n_gpus + 1);
	size_t *first = g_new(size_t, rs->n_keys + 1);
	for (size_t g = 0; g < rs->n_gpus; g++)
		parent[g] = g;
	for (size_t k = 0; k < rs->n_keys; k++)
		first[k] = SIZE_MAX;
	for (size_t i = 0; i < rs->n; i++) {
		if (!with_x && rs->gpu[i] == x)
			continue;
		if (first[rs->key[i]] == SIZE_MAX)
			first[rs->key[i]] = rs->gpu[i];
		else
			parent[root_of(parent, rs->gpu[i])] =
			    root_of(parent, first[rs->key[i]]);
	}
	/* count distinct roots among the other measured GPUs */
	bool *seen = g_new0(bool, rs->n_gpus + 1);
	size_t n = 0;
	for (size_t g = 0; g < rs->n_gpus; g++) {
		if (g == x || rs->start[g] == rs->start[g + 1])
			continue;
		size_t r = root_of(parent, g);
		if (!seen[r]) {
			seen[r] = true;
			n++;
		}
	}
	g_free(seen);
	g_free(parent);
	g_free(first);
	return n;
}

/* Held-out log error of x by refitting form f (FORM_FAMILY_FIT or a
 * roofline), on the held-out fit's scale. */
static double refit_error(const Edition *e, const FamilyIndex *fi,
                          const RowSet *rs, const double *P,
                          const bool *has, size_t x, ModelForm f)
{
	double *Q = g_new(double, e->n_gpus + 1);
	bool *qhas = g_new(bool, e->n_gpus + 1);
	model_fit_measured(rs, x, Q, qhas, NULL, NULL);
	Basis basis;
	const char *family;
	double pred;
	if (f == FORM_FAMILY_FIT) {
		FamilyModel m;
		family_model_fit(e, fi, Q, qhas, x, &m);
		pred = family_model_predict(e, &m, x, &basis, &family);
		family_model_free(&m);
	} else {
		RooflineModel m;
		roofline_fit(e, fi, Q, qhas, x, f == FORM_POWER_ROOFLINE, &m);
		pred = roofline_predict(e, &m, x, &basis, &family);
		roofline_free(&m);
	}
	double shift = 0;
	size_t k = 0;
	for (size_t g = 0; g < e->n_gpus; g++)
		if (qhas[g] && has[g]) {
			shift += Q[g] - P[g];
			k++;
		}
	g_free(Q);
	g_free(qhas);
	return pred - (P[x] + shift / (double)k);
}

static size_t check_edition(const char *dir)
{
	GError *error = NULL;
	Edition *e = edition_load(dir, &error);
	Performance *p = e ? model_run(e, &error) : NULL;
	CHECK(p != NULL);
	size_t bridges = 0;
	if (!p) {
		g_clear_error(&error);
		edition_free(e);
		return 0;
	}
	FamilyIndex fi;
	family_index_build(e, &fi);
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		RowSet rs;
		row_set_build(p, (Workload)w, &rs);
		double *P = g_new(double, e->n_gpus + 1);
		bool *has = g_new(bool, e->n_gpus + 1);
		model_fit_measured(&rs, SIZE_MAX, P, has, NULL, NULL);
		bool *bridge = model_bridge_gpus(&rs);
		LooEffects *le = loo_effects_new(&rs, has);
		LooFamily *lf = loo_family_new(e, &fi, &rs, has, le);
		LooRoofline *lr[2] = {loo_roofline_new(e, &fi, &rs, P, has, false),
		                      loo_roofline_new(e, &fi, &rs, P, has, true)};
		for (size_t x = 0; x < e->n_gpus; x++) {
			bool brute = rs.start[x] < rs.start[x + 1]
			             && groups(&rs, x, false) > groups(&rs, x, true);
			CHECK(bridge[x] == brute);
			bridges += bridge[x];
			if (!has[x] || !e->gpus[x].model_ok || bridge[x])
				continue;
			double moved;
			const double *dS = loo_effects_shift(le, x, &moved);
			for (int f = FORM_FAMILY_FIT; f <= FORM_POWER_ROOFLINE; f++) {
				Basis basis;
				const char *family;
				double d = refit_error(e, &fi, &rs, P, has, x,
				                       (ModelForm)f);
				double q = f == FORM_FAMILY_FIT
				               ? loo_family_error(lf, x, dS, moved,
				                                  &basis, &family)
				               : loo_roofline_error(
				                     lr[f == FORM_POWER_ROOFLINE], x,
				                     dS, moved, &basis, &family);
				CHECK(isnan(d) == isnan(q));
				if (!isnan(d))
					CHECK_NEAR(q, d, 1e-9);
			}
			/* the edition's own form through model_validate */
			const GpuPerf *gp = &p->gpus[w][x];
			if (p->form[w] != FORM_LEGACY && !isnan(gp->loo_error))
				CHECK_NEAR(exp(refit_error(e, &fi, &rs, P, has, x,
				                           p->form[w])) - 1,
				           gp->loo_error, 1e-9);
		}
		/* the full fit from the kept sums: the same bits */
		for (int i = 0; i < 2; i++) {
			RooflineModel a, b;
			double *ga, *gb;
			loo_roofline_sums(lr[i], &ga, &gb);
			roofline_fit(e, &fi, P, has, SIZE_MAX, i == 1, &a);
			roofline_fit_summed(e, &fi, P, has, i == 1, ga, gb, &b);
			CHECK(a.ok == b.ok && a.beta == b.beta
			      && a.elasticity == b.elasticity
			      && a.power_cap == b.power_cap);
			CHECK(memcmp(a.level, b.level, sizeof(double) * fi.n) == 0);
			roofline_free(&a);
			roofline_free(&b);
			g_free(ga);
			g_free(gb);
		}
		loo_effects_free(le);
		loo_family_free(lf);
		loo_roofline_free(lr[0]);
		loo_roofline_free(lr[1]);
		g_free(bridge);
		g_free(P);
		g_free(has);
		row_set_free(&rs);
	}
	family_index_free(&fi);
	performance_free(p);
	edition_free(e);
	return bridges;
}

void test_model_loo(void)
{
	check_edition(FROZEN_DATA "/current");
	/* 2020-09: the V100 alone joins NVIDIA's and Lambda's rows */
	CHECK(check_edition(FROZEN_DATA "/2020-09") > 0);
}
