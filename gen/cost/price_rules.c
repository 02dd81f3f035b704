/* Price rules and the list of prices to re-check.  See price_rules.h. */
#include "price_rules.h"

#include <math.h>
#include <string.h>

#define YEAR_DAYS 365
/* A datacenter card's price row older than this behind a newer row of
 * another source is superseded (its price moves with each generation). */
#define SUPERSEDED_DAYS 30

static void breach(GPtrArray *out, const Provenance *p, int col,
                   const char *what)
{
	g_ptr_array_add(out, g_strdup_printf("%s:%d:%d: %s", p->file,
	                                     p->line, col, what));
}

static bool note_starts(const Provenance *p, const char *word)
{
	return g_ascii_strncasecmp(p->note, word, strlen(word)) == 0;
}

static bool marked_estimate(const Provenance *p)
{
	return note_starts(p, "estimate") || note_starts(p, "excluded");
}

/* Words of a note that describe a figure someone derived rather than
 * observed. */
static const char *estimate_word(const Provenance *p)
{
	static const char *const words[] = {"midpoint", "approximate",
	                                    "rounded", "share of"};
	char *low = g_ascii_strdown(p->note, -1);
	const char *found = NULL;
	for (size_t i = 0; !found && i < G_N_ELEMENTS(words); i++)
		if (strstr(low, words[i]))
			found = words[i];
	g_free(low);
	return found;
}

/* A row without an https address whose note says why ("no url: ..." or
 * "no https: ...") is listed for re-checking instead of failing. */
static bool address_explained(const Provenance *p)
{
	return strstr(p->note, "no url:") || strstr(p->note, "no https:");
}

/* The rules every row with a source obeys: name, https address, date. */
static void source_rules(GPtrArray *out, const Provenance *p,
                         const char *edition_date)
{
	if (!p->source[0])
		breach(out, p, p->source_col, "no shop or document name");
	if (strncmp(p->url, "https://", 8) != 0 && !address_explained(p))
		breach(out, p, p->url_col,
		       p->url[0] ? "the address is not https://"
		                 : "no address (an https:// page that shows "
		                   "the figure)");
	if (p->date[0] && strcmp(p->date, edition_date) > 0)
		breach(out, p, p->date_col, "dated after the edition date");
	const char *word = estimate_word(p);
	if (word && !marked_estimate(p)) {
		char *w = g_strdup_printf("the note reads as an estimate "
		                          "('%s') but does not start with "
		                          "'estimate' or 'excluded'", word);
		breach(out, p, p->date_col, w);
		g_free(w);
	}
}

/* A list price long after launch, a new price long after production
 * ended: rows that need a note saying what they are. */
static void price_row_rules(GPtrArray *out, const PriceModel *m,
                            const Price *p)
{
	const Edition *e = m->edition;
	const Provenance *f = &p->from;
	long after_launch = price_days_between(e->gpus[p->gpu].launch_date,
	                                       f->date);
	if (strcmp(p->channel, "list") == 0 && after_launch > YEAR_DAYS
	    && !f->note[0]) {
		char *w = g_strdup_printf("a list price dated %ld days after "
		                          "the GPU's launch needs a note "
		                          "saying where it comes from",
		                          after_launch);
		breach(out, f, f->date_col, w);
		g_free(w);
	}
	const Lifecycle *l = edition_lifecycle(e, p->gpu);
	long after_end = l && l->end_of_life[0]
	                     ? price_days_between(l->end_of_life, f->date)
	                     : 0;
	if (p->condition == CONDITION_NEW && strcmp(p->channel, "list") != 0
	    && after_end > YEAR_DAYS && !marked_estimate(f)
	    && !note_starts(f, "stock")) {
		char *w = g_strdup_printf("a new price dated %ld days after "
		                          "the GPU left production: the note "
		                          "starts with 'stock' (leftover new "
		                          "stock at a shop), 'estimate' or "
		                          "'excluded'", after_end);
		breach(out, f, f->date_col, w);
		g_free(w);
	}
}

/* Sanity of prices across GPUs: a PCIe card is not dearer than its SXM
 * sibling (the same chip family and memory size) unless its newest row's
 * note says why. */
/* The SXM modules (slot width 0, a family) with a new price, grouped by
 * family and memory ("family|GB" -> GArray of size_t indices in the
 * order of gpus.csv), so each card meets only its own siblings. */
static GHashTable *modules_by_family(const PriceModel *m)
{
	const Edition *e = m->edition;
	GHashTable *groups = g_hash_table_new_full(
	    g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_array_unref);
	for (size_t b = 0; b < e->n_gpus; b++) {
		const Gpu *mod = &e->gpus[b];
		const GpuPrice *pb = price_of(m, b, CONDITION_NEW);
		if (mod->slot_width != 0 || !mod->family || !pb
		    || !pb->has_price)
			continue;
		char *key = g_strdup_printf("%s|%.17g", mod->family,
		                            mod->memory_gb);
		GArray *list = g_hash_table_lookup(groups, key);
		if (!list) {
			list = g_array_new(FALSE, FALSE, sizeof(size_t));
			g_hash_table_insert(groups, g_strdup(key), list);
		}
		g_array_append_val(list, b);
		g_free(key);
	}
	return groups;
}

static void sibling_rules(GPtrArray *out, const PriceModel *m)
{
	const Edition *e = m->edition;
	GHashTable *groups = modules_by_family(m);
	for (size_t a = 0; a < e->n_gpus; a++) {
		const Gpu *card = &e->gpus[a];
		const GpuPrice *pa = price_of(m, a, CONDITION_NEW);
		if (card->slot_width <= 0 || !card->family || !*card->family
		    || !pa || !pa->has_price || !pa->latest
		    || pa->latest->from.note[0])
			continue;
		char *key = g_strdup_printf("%s|%.17g", card->family,
		                            card->memory_gb);
		GArray *list = g_hash_table_lookup(groups, key);
		g_free(key);
		for (guint i = 0; list && i < list->len; i++) {
			size_t b = g_array_index(list, size_t, i);
			const GpuPrice *pb = price_of(m, b, CONDITION_NEW);
			if (pa->price <= pb->price)
				continue;
			const Provenance *f = &pa->latest->from;
			char *w = g_strdup_printf(
			    "%s is priced above its SXM sibling %s (%.0f against "
			    "%.0f USD new): check the rows, or say why in the "
			    "note", card->name, e->gpus[b].name, pa->price,
			    pb->price);
			breach(out, f, f->date_col, w);
			g_free(w);
		}
	}
	g_hash_table_unref(groups);
}

/* A used card is not dearer than the same card new at a price a buyer
 * can pay (a listing, a sale, a list price of a card still made) unless
 * the used price's newest row says why in its note; against an estimate
 * it is only listed to re-check (price_stale_list). */
static void used_rules(GPtrArray *out, const PriceModel *m)
{
	const Edition *e = m->edition;
	for (size_t g = 0; g < e->n_gpus; g++) {
		const GpuPrice *pn = price_of(m, g, CONDITION_NEW);
		const GpuPrice *pu = price_of(m, g, CONDITION_USED);
		if (!pn || !pu || !pu->has_price || !pu->latest
		    || !price_payable(pn) || pu->price <= pn->price
		    || pu->latest->from.note[0])
			continue;
		const Provenance *f = &pu->latest->from;
		char *w = g_strdup_printf(
		    "%s used at %.0f USD is priced above the card new (%.0f "
		    "USD): check the rows, or say why in the note",
		    e->gpus[g].name, pu->price, pn->price);
		breach(out, f, f->date_col, w);
		g_free(w);
	}
}

/* A street row of gpu and c that enters its median: current, counting,
 * and firm whenever a firm row exists (estimates then leave it). */
static bool median_row(const PriceModel *m, const Price *p, size_t gpu,
                       Condition c, bool firm_exists)
{
	return p->gpu == gpu && p->condition == c
	       && strcmp(p->channel, "list") != 0 && price_row_counts(p)
	       && price_is_current(m, p->from.date)
	       && (!firm_exists || p->kind != PRICE_KIND_ESTIMATE);
}

/* The k-th price row of gpu (the price model's index). */
static const Price *gpu_row(const PriceModel *m, size_t gpu, size_t k)
{
	return &m->edition->prices[m->rows[m->first_row[gpu] + k]];
}

static size_t gpu_rows(const PriceModel *m, size_t gpu)
{
	return m->first_row[gpu + 1] - m->first_row[gpu];
}

/* The newest median row of gpu and c, or NULL. */
static const Price *newest_median_row(const PriceModel *m, size_t gpu,
                                      Condition c, bool firm_exists)
{
	const Price *newest = NULL;
	for (size_t k = 0; k < gpu_rows(m, gpu); k++) {
		const Price *p = gpu_row(m, gpu, k);
		if (median_row(m, p, gpu, c, firm_exists)
		    && (!newest || strcmp(p->from.date, newest->from.date) > 0))
			newest = p;
	}
	return newest;
}

/* A datacenter card's row of one source does not stay in its median
 * more than SUPERSEDED_DAYS behind a newer row of another source, unless
 * its note starts with "kept" (the maintainer says why it still holds);
 * "excluded" takes it out. */
static void superseded_rules(GPtrArray *out, const PriceModel *m)
{
	const Edition *e = m->edition;
	for (size_t g = 0; g < e->n_gpus; g++) {
		if (e->gpus[g].segment != SEGMENT_DATACENTER)
			continue;
		for (int c = 0; c < 2; c++) {
			bool firm = false;
			for (size_t k = 0; k < gpu_rows(m, g); k++)
				firm |= median_row(m, gpu_row(m, g, k), g,
				                   (Condition)c, false)
				        && gpu_row(m, g, k)->kind
				               != PRICE_KIND_ESTIMATE;
			const Price *newest =
			    newest_median_row(m, g, (Condition)c, firm);
			for (size_t k = 0; newest && k < gpu_rows(m, g); k++) {
				const Price *p = gpu_row(m, g, k);
				if (!median_row(m, p, g, (Condition)c, firm)
				    || strcmp(p->from.source,
				              newest->from.source) == 0
				    || note_starts(&p->from, "kept")
				    || price_days_between(p->from.date,
				                          newest->from.date)
				           <= SUPERSEDED_DAYS)
					continue;
				char *w = g_strdup_printf(
				    "%s price of %s is %ld days older than the "
				    "row of %s from another source (%s:%d): a "
				    "datacenter card's price is superseded; "
				    "start this note with 'excluded' or say "
				    "why it holds in a note starting 'kept'",
				    e->gpus[g].name, p->from.date,
				    price_days_between(p->from.date,
				                       newest->from.date),
				    newest->from.date, newest->from.file,
				    newest->from.line);
				breach(out, &p->from, p->from.date_col, w);
				g_free(w);
			}
		}
	}
}

/* An 8-GPU server base is not cheaper than a 4-GPU desktop base. */
static void base_rules(GPtrArray *out, const Edition *e)
{
	double desk4 = 0;
	for (size_t i = 0; i < e->n_systems; i++)
		if (e->systems[i].gpu_count == 4
		    && e->systems[i].kind == SYSTEM_DESKTOP)
			desk4 = fmax(desk4, e->systems[i].cost);
	for (size_t i = 0; i < e->n_systems; i++) {
		const BaseSystem *s = &e->systems[i];
		if (s->gpu_count != 8 || s->kind != SYSTEM_SERVER
		    || s->cost >= desk4)
			continue;
		char *w = g_strdup_printf(
		    "an 8-GPU server base at %.0f USD is cheaper than the "
		    "4-GPU desktop base (%.0f USD): check its price",
		    s->cost, desk4);
		breach(out, &s->from, s->from.date_col, w);
		g_free(w);
	}
}

char **price_rule_breaches(const PriceModel *m)
{
	const Edition *e = m->edition;
	GPtrArray *out = g_ptr_array_new();
	for (size_t i = 0; m->fresh_days > 0 && i < e->n_prices; i++) {
		source_rules(out, &e->prices[i].from, m->edition_date);
		price_row_rules(out, m, &e->prices[i]);
	}
	for (size_t i = 0; m->fresh_days > 0 && i < e->n_systems; i++)
		source_rules(out, &e->systems[i].from, m->edition_date);
	for (size_t i = 0; m->fresh_days > 0 && i < e->n_parts; i++)
		source_rules(out, &e->parts[i].from, m->edition_date);
	if (m->fresh_days > 0) {
		sibling_rules(out, m);
		used_rules(out, m);
		superseded_rules(out, m);
		base_rules(out, e);
	}
	g_ptr_array_add(out, NULL);
	return (char **)g_ptr_array_free(out, FALSE);
}

/* The newest date among the rows of gpu that count in the edition, or
 * NULL when none does. */
static const char *newest_counting(const PriceModel *m, size_t gpu)
{
	const Edition *e = m->edition;
	const char *newest = NULL;
	for (size_t k = m->first_row[gpu]; k < m->first_row[gpu + 1]; k++) {
		const Price *p = &e->prices[m->rows[k]];
		if (price_row_counts(p)
		    && strcmp(p->from.date, m->edition_date) <= 0
		    && (!newest || strcmp(p->from.date, newest) > 0))
			newest = p->from.date;
	}
	return newest;
}

/* Rows whose missing https address is explained in their note. */
static void list_unaddressed(GPtrArray *out, const Provenance *p)
{
	if (strncmp(p->url, "https://", 8) != 0 && address_explained(p))
		g_ptr_array_add(out, g_strdup_printf(
		    "%s:%d:%d: no https address (the note says why): find one",
		    p->file, p->line, p->url_col));
}

char **price_stale_list(const PriceModel *m)
{
	const Edition *e = m->edition;
	GPtrArray *out = g_ptr_array_new();
	for (size_t i = 0; m->fresh_days > 0 && i < e->n_prices; i++)
		list_unaddressed(out, &e->prices[i].from);
	for (size_t i = 0; m->fresh_days > 0 && i < e->n_systems; i++)
		list_unaddressed(out, &e->systems[i].from);
	for (size_t i = 0; m->fresh_days > 0 && i < e->n_parts; i++)
		list_unaddressed(out, &e->parts[i].from);
	for (size_t g = 0; m->fresh_days > 0 && g < e->n_gpus; g++) {
		/* a used card dearer than a new one: one of them is stale */
		const GpuPrice *pn = price_of(m, g, CONDITION_NEW);
		const GpuPrice *pu = price_of(m, g, CONDITION_USED);
		if (pn && pu && pn->has_price && pu->has_price
		    && !pn->list_price && pu->price > pn->price)
			g_ptr_array_add(out, g_strdup_printf(
			    "%s: used %.0f USD (%s) above new %.0f USD (%s)",
			    e->gpus[g].name, pu->price, pu->latest_date,
			    pn->price, pn->latest_date));
		const char *newest = newest_counting(m, g);
		long age = newest ? price_days_between(newest, m->edition_date)
		                  : 0;
		if (newest && age > m->fresh_days)
			g_ptr_array_add(out, g_strdup_printf(
			    "%s: newest price %s, %ld days before %s",
			    e->gpus[g].name, newest, age, m->edition_date));
	}
	g_ptr_array_add(out, NULL);
	return (char **)g_ptr_array_free(out, FALSE);
}
