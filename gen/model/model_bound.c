/* Model stage: benchmark rows that measure the input pipeline, not the
 * GPU.  In: the debiased rows of model.c.  Out: rows marked unused with
 * UNUSED_PIPELINE_BOUND (nothing allocated that outlives the call).
 *
 * A row of GPU g on network n is pipeline-bound when g has at least
 * pipeline_bound.gap times both the memory bandwidth and the tensor rate
 * of another GPU r, yet runs n, in the same configuration, at most
 * pipeline_bound.equal_within faster than r: whether n is memory- or
 * compute-bound, the specs say g must be far ahead, and when g's run of
 * another network of that configuration is at least pipeline_bound.gap
 * times r's, the card shows it is; so the tying run waited for its data (Lambda's one-node ResNet-50 runs of the B200, with 1.67x the
 * H200's bandwidth and 2.3x its tensor rate, equal the H200's to 0.1%;
 * its BERT runs are 1.49x faster).  Editions without the keys mark
 * nothing.  Linear in the rows times the GPUs measured on each
 * network and configuration. */
#include <math.h>
#include <string.h>

#include "model_internal.h"

/* The mean per-GPU throughput of each GPU's used rows on each network
 * and configuration, kept once: entries of GPU g are ent[start[g] ..
 * start[g + 1] - 1] (in the order of their first row), and the GPUs
 * measured on key k are those entries whose key is k, listed in GPU
 * order as by_key[kstart[k] .. kstart[k + 1] - 1].  Linear in the rows
 * (each GPU's own rows come from p->gpu_rows). */
typedef struct {
	size_t key, gpu;
	double mean;
} Entry;

typedef struct {
	size_t n_keys;
	const char **net, **config; /* per key, pointing into the Edition */
	size_t *net_id, *config_id; /* per key: equal strings, equal ids */
	size_t *start, *kstart, *by_key;
	Entry *ent;
	/* by_key sorted within each key by segment and tensor-core
	 * generation: runs of equal ones are groups, gstart[k] .. the
	 * groups of key k, each starting at gfirst[] in by_key with the
	 * least bandwidth and tensor rate of its GPUs */
	size_t n_groups, *gstart, *gfirst;
	double *gmin_bw, *gmin_tf;
} Means;

typedef struct {
	const Edition *e;
	const Entry *ent;
} SortCtx;

/* By segment, then tensor-core generation, then GPU. */
static gint by_class(gconstpointer a, gconstpointer b, gpointer data)
{
	const SortCtx *c = data;
	const Entry *x = &c->ent[*(const size_t *)a];
	const Entry *y = &c->ent[*(const size_t *)b];
	const Gpu *gx = &c->e->gpus[x->gpu], *gy = &c->e->gpus[y->gpu];
	if (gx->segment != gy->segment)
		return gx->segment < gy->segment ? -1 : 1;
	if (gx->tensor_gen != gy->tensor_gen)
		return gx->tensor_gen < gy->tensor_gen ? -1 : 1;
	return (x->gpu > y->gpu) - (x->gpu < y->gpu);
}

static void groups_build(const Edition *e, Means *m)
{
	size_t n = m->kstart[m->n_keys];
	SortCtx c = {e, m->ent};
	m->gstart = g_new0(size_t, m->n_keys + 2);
	m->gfirst = g_new(size_t, n + 2);
	m->gmin_bw = g_new(double, n + 1);
	m->gmin_tf = g_new(double, n + 1);
	m->n_groups = 0;
	for (size_t k = 0; k < m->n_keys; k++) {
		size_t lo = m->kstart[k], hi = m->kstart[k + 1];
		g_qsort_with_data(m->by_key + lo, (gint)(hi - lo), sizeof(size_t),
		                  by_class, &c);
		m->gstart[k] = m->n_groups;
		for (size_t j = lo; j < hi; j++) {
			const Gpu *g = &e->gpus[m->ent[m->by_key[j]].gpu];
			if (j == lo || by_class(&m->by_key[j - 1], &m->by_key[j], &c) != 0) {
				const Gpu *q = j == lo ? NULL
				               : &e->gpus[m->ent[m->by_key[j - 1]].gpu];
				if (!q || q->segment != g->segment
				    || q->tensor_gen != g->tensor_gen) {
					size_t i = m->n_groups++;
					m->gfirst[i] = j;
					m->gmin_bw[i] = g->bandwidth_gbs;
					m->gmin_tf[i] = g->fp16_tflops;
					continue;
				}
			}
			size_t i = m->n_groups - 1;
			m->gmin_bw[i] = fmin(m->gmin_bw[i], g->bandwidth_gbs);
			m->gmin_tf[i] = fmin(m->gmin_tf[i], g->fp16_tflops);
		}
	}
	m->gstart[m->n_keys] = m->n_groups;
	m->gfirst[m->n_groups] = n;
}

static void means_build(const Performance *p, Means *m)
{
	const Edition *e = p->edition;
	GHashTable *id = g_hash_table_new_full(g_str_hash, g_str_equal,
	                                       g_free, NULL);
	memset(m, 0, sizeof *m);
	m->net = g_new(const char *, e->n_benchmarks + 1);
	m->config = g_new(const char *, e->n_benchmarks + 1);
	m->start = g_new0(size_t, e->n_gpus + 1);
	m->ent = g_new(Entry, e->n_benchmarks + 1);
	size_t *count = g_new0(size_t, e->n_benchmarks + 1);
	size_t n = 0;
	for (size_t g = 0; g < e->n_gpus; g++) {
		m->start[g] = n;
		for (size_t j = p->gpu_row_start[g]; j < p->gpu_row_start[g + 1];
		     j++) {
			size_t i = p->gpu_rows[j];
			const Benchmark *b = &e->benchmarks[i];
			if (!p->rows[i].used)
				continue;
			char *k = g_strdup_printf("%s\x1f%s", b->network,
			                          b->config);
			gpointer v;
			if (g_hash_table_lookup_extended(id, k, NULL, &v)) {
				g_free(k);
			} else {
				v = GSIZE_TO_POINTER(m->n_keys);
				m->net[m->n_keys] = b->network;
				m->config[m->n_keys] = b->config;
				m->n_keys++;
				g_hash_table_insert(id, k, v);
			}
			size_t key = GPOINTER_TO_SIZE(v), at = m->start[g];
			while (at < n && m->ent[at].key != key)
				at++;
			if (at == n)
				m->ent[n++] = (Entry){key, g, 0};
			/* a sum for now, in file order as before */
			m->ent[at].mean += p->rows[i].per_gpu;
			count[at]++;
		}
	}
	m->start[e->n_gpus] = n;
	for (size_t a = 0; a < n; a++)
		m->ent[a].mean /= (double)count[a];
	m->net_id = g_new(size_t, m->n_keys + 1);
	m->config_id = g_new(size_t, m->n_keys + 1);
	GHashTable *nets = g_hash_table_new(g_str_hash, g_str_equal);
	GHashTable *configs = g_hash_table_new(g_str_hash, g_str_equal);
	for (size_t k = 0; k < m->n_keys; k++) {
		gpointer v;
		if (!g_hash_table_lookup_extended(nets, m->net[k], NULL, &v)) {
			v = GSIZE_TO_POINTER(g_hash_table_size(nets));
			g_hash_table_insert(nets, (gpointer)m->net[k], v);
		}
		m->net_id[k] = GPOINTER_TO_SIZE(v);
		if (!g_hash_table_lookup_extended(configs, m->config[k], NULL,
		                                  &v)) {
			v = GSIZE_TO_POINTER(g_hash_table_size(configs));
			g_hash_table_insert(configs, (gpointer)m->config[k], v);
		}
		m->config_id[k] = GPOINTER_TO_SIZE(v);
	}
	g_hash_table_destroy(nets);
	g_hash_table_destroy(configs);
	m->kstart = g_new0(size_t, m->n_keys + 2);
	m->by_key = g_new(size_t, n + 1);
	for (size_t a = 0; a < n; a++)
		m->kstart[m->ent[a].key + 1]++;
	for (size_t k = 0; k < m->n_keys; k++)
		m->kstart[k + 1] += m->kstart[k];
	size_t *fill = g_memdup2(m->kstart, sizeof(size_t) * (m->n_keys + 1));
	for (size_t a = 0; a < n; a++)
		m->by_key[fill[m->ent[a].key]++] = a;
	g_free(fill);
	groups_build(e, m);
	g_free(count);
	g_hash_table_destroy(id);
}

static void means_free(Means *m)
{
	g_free(m->net);
	g_free(m->config);
	g_free(m->net_id);
	g_free(m->config_id);
	g_free(m->start);
	g_free(m->kstart);
	g_free(m->by_key);
	g_free(m->ent);
	g_free(m->gstart);
	g_free(m->gfirst);
	g_free(m->gmin_bw);
	g_free(m->gmin_tf);
}

/* GPU g's mean on key k; NAN when it has none (a GPU has few keys). */
static double mean_of(const Means *m, size_t g, size_t k)
{
	for (size_t a = m->start[g]; a < m->start[g + 1]; a++)
		if (m->ent[a].key == k)
			return m->ent[a].mean;
	return NAN;
}

/* The smaller of g's memory-bandwidth and tensor-rate (fp16_tflops, the
 * rate the family fit uses) ratios over r: how much faster g's specs say
 * it must be on any network, memory- or compute-bound. */
static double spec_advantage(const Gpu *g, const Gpu *r)
{
	return fmin(g->bandwidth_gbs / r->bandwidth_gbs,
	            g->fp16_tflops / r->fp16_tflops);
}

/* TRUE when g is a newer generation of r's segment with at least gap
 * times its bandwidth and tensor rate.  Across segments or within one
 * generation the specs do not rank cards this far (an RTX 4090 runs CNNs
 * as fast as an A100 with 65% of its bandwidth). */
static bool outclasses(const Gpu *g, const Gpu *r, double gap)
{
	return g->segment == r->segment
	       && g->tensor_gen > r->tensor_gen
	       && spec_advantage(g, r) >= gap;
}

/* The largest speed ratio of g over r on a network of key k's
 * configuration other than k's network, both measured; NAN when there
 * is none. */
static double best_other_ratio(const Means *m, size_t g, size_t r, size_t k)
{
	double best = NAN;
	for (size_t a = m->start[g]; a < m->start[g + 1]; a++) {
		size_t o = m->ent[a].key;
		if (m->net_id[o] == m->net_id[k]
		    || m->config_id[o] != m->config_id[k])
			continue;
		double ratio = m->ent[a].mean / mean_of(m, r, o);
		if (!isnan(ratio) && (isnan(best) || ratio > best))
			best = ratio;
	}
	return best;
}

/* TRUE when g's runs of key k (entry a) tie a GPU that its specs, and
 * its own run of another network, put far behind: the other GPUs
 * measured on k, in GPU order. */
static bool entry_is_bound(const Edition *e, const Means *m, size_t g,
                           size_t a, double equal, double gap)
{
	size_t k = m->ent[a].key;
	double mine = m->ent[a].mean;
	const Gpu *gg = &e->gpus[g];
	for (size_t i = m->gstart[k]; i < m->gstart[k + 1]; i++) {
		const Gpu *q = &e->gpus[m->ent[m->by_key[m->gfirst[i]]].gpu];
		/* a group g cannot outclass: another segment, not an older
		 * generation, or not even its least bandwidth or tensor rate
		 * far enough behind */
		if (q->segment != gg->segment || q->tensor_gen >= gg->tensor_gen
		    || gg->bandwidth_gbs / m->gmin_bw[i] < gap
		    || gg->fp16_tflops / m->gmin_tf[i] < gap)
			continue;
		for (size_t j = m->gfirst[i]; j < m->gfirst[i + 1]; j++) {
			size_t b = m->by_key[j], r = m->ent[b].gpu;
			if (r == g || !outclasses(gg, &e->gpus[r], gap))
				continue;
			double theirs = m->ent[b].mean;
			if (mine / theirs > 1 + equal)
				continue;
			double other = best_other_ratio(m, g, r, k);
			if (!isnan(other) && other >= gap)
				return true;
		}
	}
	return false;
}

void model_flag_pipeline_bound(Performance *p)
{
	const Edition *e = p->edition;
	const Assumption *eq = edition_assumption(e,
	                                          "pipeline_bound.equal_within");
	const Assumption *gp = edition_assumption(e, "pipeline_bound.gap");
	if (!eq || !gp || !eq->is_number || !gp->is_number)
		return;
	/* Decide every row first, then mark: marking as we go would change
	 * the means the later rows are judged by.  A row's verdict depends
	 * only on its GPU, network and configuration: one per entry. */
	Means m;
	means_build(p, &m);
	bool *bound = g_new0(bool, m.start[e->n_gpus] + 1);
	for (size_t g = 0; g < e->n_gpus; g++)
		for (size_t a = m.start[g]; a < m.start[g + 1]; a++)
			bound[a] = entry_is_bound(e, &m, g, a, eq->number,
			                          gp->number);
	for (size_t g = 0; g < e->n_gpus; g++)
		for (size_t j = p->gpu_row_start[g]; j < p->gpu_row_start[g + 1];
		     j++) {
			size_t i = p->gpu_rows[j];
			const Benchmark *b = &e->benchmarks[i];
			if (!p->rows[i].used)
				continue;
			for (size_t a = m.start[g]; a < m.start[g + 1]; a++)
				if (bound[a] && strcmp(m.net[m.ent[a].key],
				                       b->network) == 0
				    && strcmp(m.config[m.ent[a].key],
				              b->config) == 0) {
					p->rows[i].used = false;
					p->rows[i].reason = UNUSED_PIPELINE_BOUND;
				}
		}
	g_free(bound);
	means_free(&m);
}
