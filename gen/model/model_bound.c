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
 * nothing.  A large group of GPUs a card may outclass is searched
 * through a tree of its GPUs by bandwidth that keeps each subtree's least
 * bandwidth, tensor rate and speed on every other network of the
 * configuration and its greatest speed on the row's own, so the subtrees
 * no GPU of which can tie the card are skipped whole (was a scan of the
 * group: quadratic in the GPUs measured on a network and configuration,
 * 12% of a 10,000-GPU --check). */
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
	struct GroupTree *tree; /* n_groups; n == 0: scanned, no tree */
} Means;

/* The tree of a large group: its entries (indices into ent) sorted by
 * bandwidth in the leaves of a complete binary tree of `size` leaves
 * (node 1 the root, node v's children 2v and 2v + 1, leaf i at node
 * size + i); per node the least bandwidth and tensor rate and the
 * greatest mean on the group's key of its GPUs, and per sibling key
 * (same configuration, another network; n_o of them) the least mean of
 * its GPUs measured on it (INFINITY: none).  Empty leaves hold
 * min_bw INFINITY. */
typedef struct GroupTree {
	size_t n, size, n_o;
	size_t *leaf;        /* size: entry of each leaf */
	size_t *o;           /* n_o: the sibling keys */
	double *min_bw, *min_tf, *max_mine; /* 2 size */
	double *min_o;       /* 2 size x n_o */
} GroupTree;

/* Groups smaller than this are scanned. */
enum { TREE_MIN_GROUP = 16 };

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
	for (size_t i = 0; m->tree && i < m->n_groups; i++) {
		GroupTree *t = &m->tree[i];
		g_free(t->leaf);
		g_free(t->o);
		g_free(t->min_bw);
		g_free(t->min_tf);
		g_free(t->max_mine);
		g_free(t->min_o);
	}
	g_free(m->tree);
}

/* GPU g's mean on key k; NAN when it has none (a GPU has few keys). */
static double mean_of(const Means *m, size_t g, size_t k)
{
	for (size_t a = m->start[g]; a < m->start[g + 1]; a++)
		if (m->ent[a].key == k)
			return m->ent[a].mean;
	return NAN;
}

static bool positive(double v)
{
	return v > 0 && isfinite(v);
}

/* By bandwidth, then GPU. */
static gint by_bandwidth(gconstpointer a, gconstpointer b, gpointer data)
{
	const SortCtx *c = data;
	size_t x = c->ent[*(const size_t *)a].gpu;
	size_t y = c->ent[*(const size_t *)b].gpu;
	double bx = c->e->gpus[x].bandwidth_gbs, by = c->e->gpus[y].bandwidth_gbs;
	if (bx != by)
		return bx < by ? -1 : 1;
	return (x > y) - (x < y);
}

/* Group i's tree (of key k), when the group is large and every figure
 * its pruning divides by is positive (else it is scanned as before). */
static void tree_build(const Edition *e, Means *m, size_t i, size_t k)
{
	GroupTree *t = &m->tree[i];
	size_t lo = m->gfirst[i], hi = m->gfirst[i + 1];
	if (hi - lo < TREE_MIN_GROUP)
		return;
	for (size_t j = lo; j < hi; j++) {
		const Entry *en = &m->ent[m->by_key[j]];
		const Gpu *g = &e->gpus[en->gpu];
		if (!positive(g->bandwidth_gbs) || !positive(g->fp16_tflops)
		    || !positive(en->mean))
			return;
	}
	t->n = hi - lo;
	for (t->size = 1; t->size < t->n; t->size *= 2)
		;
	t->o = g_new(size_t, m->n_keys + 1);
	for (size_t o = 0; o < m->n_keys; o++)
		if (m->net_id[o] != m->net_id[k]
		    && m->config_id[o] == m->config_id[k])
			t->o[t->n_o++] = o;
	size_t nodes = 2 * t->size;
	t->leaf = g_new(size_t, t->size);
	memcpy(t->leaf, m->by_key + lo, sizeof(size_t) * t->n);
	SortCtx c = {e, m->ent};
	g_qsort_with_data(t->leaf, (gint)t->n, sizeof(size_t), by_bandwidth,
	                  &c);
	t->min_bw = g_new(double, nodes);
	t->min_tf = g_new(double, nodes);
	t->max_mine = g_new(double, nodes);
	t->min_o = g_new(double, nodes * t->n_o + 1);
	for (size_t v = t->size; v < nodes; v++) {
		size_t l = v - t->size;
		double *mo = t->min_o + v * t->n_o;
		if (l >= t->n) {
			t->min_bw[v] = t->min_tf[v] = INFINITY;
			t->max_mine[v] = -INFINITY;
			for (size_t j = 0; j < t->n_o; j++)
				mo[j] = INFINITY;
			continue;
		}
		const Entry *en = &m->ent[t->leaf[l]];
		const Gpu *g = &e->gpus[en->gpu];
		t->min_bw[v] = g->bandwidth_gbs;
		t->min_tf[v] = g->fp16_tflops;
		t->max_mine[v] = en->mean;
		for (size_t j = 0; j < t->n_o; j++) {
			double r = mean_of(m, en->gpu, t->o[j]);
			mo[j] = isnan(r) ? INFINITY : r;
		}
	}
	for (size_t v = t->size - 1; v >= 1; v--) {
		size_t a = 2 * v, b = 2 * v + 1;
		t->min_bw[v] = fmin(t->min_bw[a], t->min_bw[b]);
		t->min_tf[v] = fmin(t->min_tf[a], t->min_tf[b]);
		t->max_mine[v] = fmax(t->max_mine[a], t->max_mine[b]);
		for (size_t j = 0; j < t->n_o; j++)
			t->min_o[v * t->n_o + j] = fmin(t->min_o[a * t->n_o + j],
			                                t->min_o[b * t->n_o + j]);
	}
}

static void trees_build(const Edition *e, Means *m)
{
	m->tree = g_new0(GroupTree, m->n_groups + 1);
	for (size_t k = 0; k < m->n_keys; k++)
		for (size_t i = m->gstart[k]; i < m->gstart[k + 1]; i++)
			tree_build(e, m, i, k);
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

/* TRUE when g's run of key k (mean mine) ties GPU r's (entry b) though
 * g outclasses r and g's run of another network shows it. */
static bool ties_outclassed(const Edition *e, const Means *m, size_t g,
                            size_t k, double mine, size_t b, double equal,
                            double gap)
{
	size_t r = m->ent[b].gpu;
	if (r == g || !outclasses(&e->gpus[g], &e->gpus[r], gap))
		return false;
	double theirs = m->ent[b].mean;
	if (mine / theirs > 1 + equal)
		return false;
	double other = best_other_ratio(m, g, r, k);
	return !isnan(other) && other >= gap;
}

/* What one search of a tree asks: GPU g, its mean on the key and on
 * each sibling key of the tree (go, NAN: none). */
typedef struct {
	const Edition *e;
	const Means *m;
	const GroupTree *t;
	size_t g, k;
	double mine, equal, gap, bw, tf;
	const double *go;
} Query;

/* FALSE when no GPU under node v can tie q's run: each test is the
 * per-GPU one at the node's most favourable figures (divisions of
 * positive numbers keep their order). */
static bool node_may_tie(const Query *q, size_t v)
{
	const GroupTree *t = q->t;
	if (q->bw / t->min_bw[v] < q->gap || q->tf / t->min_tf[v] < q->gap
	    || q->mine / t->max_mine[v] > 1 + q->equal)
		return false;
	for (size_t j = 0; j < t->n_o; j++) {
		double lo = t->min_o[v * t->n_o + j];
		if (isnan(q->go[j]) || isinf(lo))
			continue; /* no ratio on this network */
		if (!positive(q->go[j]) || q->go[j] / lo >= q->gap)
			return true;
	}
	return false;
}

static bool tree_ties(const Query *q, size_t v)
{
	const GroupTree *t = q->t;
	if (!node_may_tie(q, v))
		return false;
	if (v >= t->size)
		return ties_outclassed(q->e, q->m, q->g, q->k, q->mine,
		                       t->leaf[v - t->size], q->equal, q->gap);
	return tree_ties(q, 2 * v) || tree_ties(q, 2 * v + 1);
}

/* TRUE when g's runs of key k (entry a) tie a GPU that its specs, and
 * its own run of another network, put far behind: the other GPUs
 * measured on k, by groups (through a group's tree when it has one). */
static bool entry_is_bound(const Edition *e, const Means *m, size_t g,
                           size_t a, double equal, double gap)
{
	size_t k = m->ent[a].key;
	double mine = m->ent[a].mean;
	const Gpu *gg = &e->gpus[g];
	double *go = NULL;
	for (size_t i = m->gstart[k]; i < m->gstart[k + 1]; i++) {
		const Gpu *q = &e->gpus[m->ent[m->by_key[m->gfirst[i]]].gpu];
		/* a group g cannot outclass: another segment, not an older
		 * generation, or not even its least bandwidth or tensor rate
		 * far enough behind */
		if (q->segment != gg->segment || q->tensor_gen >= gg->tensor_gen
		    || gg->bandwidth_gbs / m->gmin_bw[i] < gap
		    || gg->fp16_tflops / m->gmin_tf[i] < gap)
			continue;
		const GroupTree *t = &m->tree[i];
		if (t->n && positive(mine) && positive(gg->bandwidth_gbs)
		    && positive(gg->fp16_tflops) && positive(gap)) {
			go = g_renew(double, go, t->n_o + 1);
			for (size_t j = 0; j < t->n_o; j++)
				go[j] = mean_of(m, g, t->o[j]);
			Query qu = {e, m, t, g, k, mine, equal, gap,
			            gg->bandwidth_gbs, gg->fp16_tflops, go};
			if (tree_ties(&qu, 1)) {
				g_free(go);
				return true;
			}
			continue;
		}
		for (size_t j = m->gfirst[i]; j < m->gfirst[i + 1]; j++)
			if (ties_outclassed(e, m, g, k, mine, m->by_key[j], equal,
			                    gap)) {
				g_free(go);
				return true;
			}
	}
	g_free(go);
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
	trees_build(e, &m);
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
