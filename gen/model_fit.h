/* Model stage, internal: the family fit of model_fit.c used by model.c.
 * In: log performances of the measured GPUs of one workload.  Out: a
 * FamilyModel (weights and one intercept per chip family) the caller
 * frees with family_model_free; its strings point into the Edition. */
#ifndef GG_MODEL_FIT_H
#define GG_MODEL_FIT_H

#include "model.h"

typedef struct {
	size_t n;              /* families with measured GPUs */
	const char **family;   /* n names (into the Edition) */
	const char **segment;  /* n segments */
	double *intercept;     /* n */
	size_t *count;         /* n measured GPUs each */
	int *gen;              /* n tensor-core generations (max of members) */
	double w_bandwidth, w_tensor, w_l2;
	bool ok;               /* false: nothing to fit */
} FamilyModel;

/* Least squares in log space over the GPUs with has[g] (model_ok only),
 * leaving out skip (SIZE_MAX: none). */
void family_model_fit(const Edition *e, const double *P, const bool *has,
                      size_t skip, FamilyModel *m);
void family_model_free(FamilyModel *m);

/* Predicted log performance of GPU g; NAN when no family of g's segment
 * was fitted.  *basis says whether g's own family or a fallback gave it,
 * *family which one. */
double family_model_predict(const Edition *e, const FamilyModel *m,
                            size_t g, Basis *basis, const char **family);

/* Free parameters of the family fit for the GPUs with has[g]. */
size_t family_model_parameters(const Edition *e, const bool *has);

#endif
