/* Decode speed of a build's GPU or a machine on a use case's LLM case:
 * published runs where there are, else the fitted decode models of
 * llm_run (LlmResults.speed for GPUs, .machine_speed for machines).
 * See llm.h; nothing here allocates. */
#include "llm.h"

#include <math.h>

#define BYTES_PER_GB LLM_BYTES_PER_GB

/* Bytes one decode step reads for k's users: the weights a token uses
 * once, and every user's KV cache. */
static double bytes_per_step(const LlmCase *k, const LlmConstants *c)
{
	return llm_step_bytes(k->model, k->precision, LLM_FP16, k->context,
	                      k->users > 0 ? k->users : 1, c);
}

/* The modelled speed at bandwidth_gbs with an efficiency and its mean
 * leave-one-out error. */
static LlmDecode modelled(const LlmCase *k, double bandwidth_gbs,
                          double efficiency, double error,
                          const LlmConstants *c)
{
	LlmDecode d = {0};
	if (efficiency <= 0)
		return d;
	double users = k->users > 0 ? k->users : 1;
	d.per_user = efficiency * bandwidth_gbs * BYTES_PER_GB
	             / bytes_per_step(k, c);
	d.together = d.per_user * users;
	d.low = d.together * (1 - error);
	d.high = d.together * (1 + error);
	d.source = LLM_SPEED_MODELLED;
	return d;
}

/* Adds one published run to a measured figure. */
static void add_run(LlmDecode *d, double value)
{
	d->low = d->n_runs ? fmin(d->low, value) : value;
	d->high = d->n_runs ? fmax(d->high, value) : value;
	d->per_user = (d->per_user * (double)d->n_runs + value)
	              / (double)(d->n_runs + 1);
	d->together = d->per_user;
	d->n_runs++;
	d->source = LLM_SPEED_MEASURED;
}

LlmDecode llm_gpu_decode(const LlmResults *r, const LlmCase *k, size_t gpu)
{
	const Edition *e = r->edition;
	LlmDecode d = {0};
	size_t model = (size_t)(k->model - e->llm_models);
	for (size_t i = 0; k->users <= 1 && i < e->n_llm_measurements; i++) {
		const LlmMeasurement *x = &e->llm_measurements[i];
		if (x->quantity == LLM_TOKENS_PER_S && x->model == model
		    && x->gpu == (long)gpu && x->precision == k->precision)
			add_run(&d, x->value);
	}
	if (d.n_runs)
		return d;
	const Gpu *g = &e->gpus[gpu];
	LlmMemoryKind kind = llm_memory_kind(g, &r->constants);
	return modelled(k, g->bandwidth_gbs, r->speed.efficiency[kind],
	                r->speed.mean_abs_error_loo, &r->constants);
}

LlmDecode llm_machine_decode(const LlmResults *r, const LlmCase *k,
                             size_t machine)
{
	const Edition *e = r->edition;
	LlmDecode d = {0};
	size_t model = (size_t)(k->model - e->llm_models);
	for (size_t i = 0; k->users <= 1 && i < e->n_machine_measurements;
	     i++) {
		const MachineMeasurement *x = &e->machine_measurements[i];
		if (x->machine == machine && x->model == model
		    && x->precision == k->precision)
			add_run(&d, x->value);
	}
	if (d.n_runs)
		return d;
	const LlmMachineSpeed *s = &r->machine_speed;
	return modelled(k, e->machines[machine].bandwidth_gbs, s->efficiency,
	                s->mean_abs_error_loo, &r->constants);
}

bool llm_machine_holds(const LlmResults *r, const LlmCase *k,
                       size_t machine)
{
	const LlmConstants *c = &r->constants;
	const Machine *m = &r->edition->machines[machine];
	return k->memory.total
	       <= m->usable_gb * c->gpu_memory_unit
	              * (1 - llm_headroom(k->mode, c));
}
