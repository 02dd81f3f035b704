/* PDF kit, shaped texts: a laid-out text kept compact (its lines' runs
 * of glyphs) so a later pass draws it without laying it out again.  A
 * guide of thousands of table rows measures every cell in its first
 * pass; keeping each cell's whole PangoLayout until the final pass draws
 * it costs about 1.4 KB a cell, this record about 9 bytes a glyph.
 * Here too, at the bottom of the kit: a document's texts (one Pango
 * context at 72 dpi and the measures kept per text, each with its
 * record) and a layout's measures.
 * See pdfkit_internal.h. */
#include "pdfkit.h"
#include "pdfkit_internal.h"

#include <cairo-pdf.h>
#include <string.h>

typedef struct {
	PangoAnalysis analysis; /* font referenced; no extra attributes */
	int offset, length, num_chars; /* the item's bytes in the text */
	int first_glyph, n_glyphs;
	int y_offset, start_x_offset, end_x_offset; /* the glyph item's */
	guint16 colour[3];
	bool coloured; /* a foreground colour from the text's markup */
} ShapedRun;

typedef struct {
	int width;    /* logical, Pango units */
	int baseline; /* from the layout's top, Pango units */
	int first_run, n_runs;
	bool paragraph_start;
} ShapedLine;

struct PdfShaped {
	int indent; /* the layout's, Pango units */
	int n_lines, n_runs, n_glyphs;
	ShapedLine *lines;
	ShapedRun *runs;
	guint32 *glyph;   /* glyph ids */
	gint16 *advance;  /* widths, Pango units */
	guint16 *cluster; /* log clusters, from the run's offset */
	guint8 *visual;   /* is_cluster_start | is_color << 1 */
	char *text;
	size_t bytes;     /* the whole record */
};

/* The foreground colour of a run and whether its attributes are only
 * that (any other would be drawn by Pango's renderer). */
static bool run_colour(const PangoItem *item, ShapedRun *r)
{
	for (GSList *a = item->analysis.extra_attrs; a; a = a->next) {
		const PangoAttribute *attr = a->data;
		if (attr->klass->type != PANGO_ATTR_FOREGROUND)
			return false;
		const PangoColor *c = &((const PangoAttrColor *)attr)->color;
		r->colour[0] = c->red;
		r->colour[1] = c->green;
		r->colour[2] = c->blue;
		r->coloured = true;
	}
	return true;
}

/* Whether a run fits the record's fields: left to right, horizontal,
 * no glyph offsets, widths and clusters in 16 bits. */
static bool run_fits(const PangoGlyphItem *run)
{
	const PangoGlyphString *g = run->glyphs;
	if (run->item->analysis.level % 2 || run->item->length > G_MAXUINT16
	    || run->item->analysis.flags
	           & PANGO_ANALYSIS_FLAG_CENTERED_BASELINE)
		return false;
	for (int i = 0; i < g->num_glyphs; i++) {
		const PangoGlyphGeometry *geo = &g->glyphs[i].geometry;
		if (geo->x_offset || geo->y_offset || geo->width > G_MAXINT16
		    || geo->width < G_MININT16 || g->log_clusters[i] < 0)
			return false;
	}
	return true;
}

/* Counts the lines' runs and glyphs of l; FALSE when a run does not
 * fit the record. */
static bool count(PangoLayout *l, int *n_runs, int *n_glyphs)
{
	*n_runs = *n_glyphs = 0;
	for (GSList *ln = pango_layout_get_lines_readonly(l); ln;
	     ln = ln->next) {
		const PangoLayoutLine *line = ln->data;
		for (GSList *r = line->runs; r; r = r->next) {
			if (!run_fits(r->data))
				return false;
			ShapedRun probe = {0};
			if (!run_colour(((PangoGlyphItem *)r->data)->item, &probe))
				return false;
			(*n_runs)++;
			*n_glyphs += ((PangoGlyphItem *)r->data)->glyphs->num_glyphs;
		}
	}
	return true;
}

/* One block for the record and its arrays, widest members first. */
static PdfShaped *record_new(int n_lines, int n_runs, int n_glyphs,
                             size_t text_bytes)
{
	size_t bytes = sizeof(PdfShaped) + sizeof(ShapedRun) * (size_t)n_runs
	               + sizeof(ShapedLine) * (size_t)n_lines
	               + (sizeof(guint32) + sizeof(gint16) + sizeof(guint16)
	                  + sizeof(guint8))
	                     * (size_t)n_glyphs
	               + text_bytes + 1;
	PdfShaped *s = g_malloc0(bytes);
	char *p = (char *)(s + 1);
	s->runs = (ShapedRun *)(void *)p;
	p += sizeof(ShapedRun) * (size_t)n_runs;
	s->lines = (ShapedLine *)(void *)p;
	p += sizeof(ShapedLine) * (size_t)n_lines;
	s->glyph = (guint32 *)(void *)p;
	p += sizeof(guint32) * (size_t)n_glyphs;
	s->advance = (gint16 *)(void *)p;
	p += sizeof(gint16) * (size_t)n_glyphs;
	s->cluster = (guint16 *)(void *)p;
	p += sizeof(guint16) * (size_t)n_glyphs;
	s->visual = (guint8 *)p;
	p += n_glyphs;
	s->text = p;
	s->n_lines = n_lines;
	s->n_runs = n_runs;
	s->n_glyphs = n_glyphs;
	s->bytes = bytes;
	return s;
}

/* Copies run r of a line into the record at run index k, its glyphs
 * from index *g on. */
static void copy_run(PdfShaped *s, int k, const PangoGlyphItem *r, int *g)
{
	ShapedRun *run = &s->runs[k];
	run->analysis = r->item->analysis;
	run->analysis.extra_attrs = NULL;
	g_object_ref(run->analysis.font);
	run_colour(r->item, run);
	run->offset = r->item->offset;
	run->length = r->item->length;
	run->num_chars = r->item->num_chars;
	run->first_glyph = *g;
	run->n_glyphs = r->glyphs->num_glyphs;
	run->y_offset = r->y_offset;
	run->start_x_offset = r->start_x_offset;
	run->end_x_offset = r->end_x_offset;
	for (int i = 0; i < r->glyphs->num_glyphs; i++, (*g)++) {
		const PangoGlyphInfo *info = &r->glyphs->glyphs[i];
		s->glyph[*g] = info->glyph;
		s->advance[*g] = (gint16)info->geometry.width;
		s->cluster[*g] = (guint16)r->glyphs->log_clusters[i];
		s->visual[*g] = (guint8)(info->attr.is_cluster_start
		                         | info->attr.is_color << 1);
	}
}

PdfShaped *pdfkit_shaped_new(PangoLayout *l)
{
	int n_runs, n_glyphs;
	if (!count(l, &n_runs, &n_glyphs))
		return NULL;
	const char *text = pango_layout_get_text(l);
	size_t n_text = strlen(text);
	PdfShaped *s = record_new(pango_layout_get_line_count(l), n_runs,
	                          n_glyphs, n_text);
	memcpy(s->text, text, n_text + 1);
	s->indent = pango_layout_get_indent(l);
	PangoLayoutIter *it = pango_layout_get_iter(l);
	int k = 0, g = 0;
	for (int i = 0; i < s->n_lines; i++) {
		PangoLayoutLine *line = pango_layout_iter_get_line_readonly(it);
		PangoRectangle logical;
		pango_layout_line_get_extents(line, NULL, &logical);
		ShapedLine *sl = &s->lines[i];
		sl->width = logical.width;
		sl->baseline = pango_layout_iter_get_baseline(it);
		sl->paragraph_start = line->is_paragraph_start;
		sl->first_run = k;
		for (GSList *r = line->runs; r; r = r->next)
			copy_run(s, k++, r->data, &g);
		sl->n_runs = k - sl->first_run;
		pango_layout_iter_next_line(it);
	}
	pango_layout_iter_free(it);
	return s;
}

void pdfkit_shaped_free(PdfShaped *s)
{
	if (!s)
		return;
	for (int k = 0; k < s->n_runs; k++)
		g_object_unref(s->runs[k].analysis.font);
	g_free(s);
}

size_t pdfkit_shaped_bytes(const PdfShaped *s)
{
	return s ? s->bytes : 0;
}

bool pdfkit_shaped_drawable(const PdfShaped *s, PangoAlignment align)
{
	return s && (align == PANGO_ALIGN_LEFT || s->indent == 0);
}

/* The x of a line in a layout width wide (Pango units; < 0: the
 * widest line's), as Pango places it: aligned, then indented. */
static int line_x(const PdfShaped *s, const ShapedLine *line,
                  PangoAlignment align, int width)
{
	if (width < 0) {
		width = 0;
		for (int i = 0; i < s->n_lines; i++)
			width = MAX(width, s->lines[i].width);
	}
	int x = 0;
	if (width != 0 && align == PANGO_ALIGN_RIGHT)
		x = width - line->width;
	else if (width != 0 && align == PANGO_ALIGN_CENTER) {
		x = (width - line->width) / 2;
		if (((width | line->width) & (PANGO_SCALE - 1)) == 0)
			x = PANGO_UNITS_ROUND(x);
	}
	if (align == PANGO_ALIGN_LEFT) {
		if (line->paragraph_start && s->indent > 0)
			x += s->indent;
		else if (!line->paragraph_start && s->indent < 0)
			x -= s->indent;
	}
	return x;
}

/* Draws a run with its glyph item rebuilt, in its colour, run_x (Pango
 * units) right of the current point and its baseline shift above it:
 * what Pango's renderer does for a layout's run.  Both go into each
 * glyph's offsets, so a glyph lands where the renderer puts it to the
 * last bit (the point plus one sum in Pango units). */
static void draw_run(cairo_t *cr, const PdfShaped *s, const ShapedRun *run,
                     int run_x)
{
	PangoGlyphInfo *glyphs = g_new(PangoGlyphInfo, run->n_glyphs);
	int *clusters = g_new(int, run->n_glyphs);
	for (int i = 0; i < run->n_glyphs; i++) {
		int g = run->first_glyph + i;
		glyphs[i] = (PangoGlyphInfo){
		    .glyph = s->glyph[g],
		    .geometry = {.width = s->advance[g],
		                 .x_offset = run_x,
		                 .y_offset = -run->y_offset},
		    .attr = {.is_cluster_start = s->visual[g] & 1,
		             .is_color = s->visual[g] >> 1 & 1}};
		clusters[i] = s->cluster[g];
	}
	PangoGlyphString string = {.num_glyphs = run->n_glyphs,
	                           .glyphs = glyphs,
	                           .log_clusters = clusters};
	PangoItem item = {.offset = run->offset,
	                  .length = run->length,
	                  .num_chars = run->num_chars,
	                  .analysis = run->analysis};
	PangoGlyphItem glyph_item = {.item = &item, .glyphs = &string};
	if (run->coloured) {
		cairo_save(cr);
		cairo_set_source_rgba(cr, run->colour[0] / 65535.,
		                      run->colour[1] / 65535.,
		                      run->colour[2] / 65535., 1.);
	}
	pango_cairo_show_glyph_item(cr, s->text, &glyph_item);
	if (run->coloured)
		cairo_restore(cr);
	g_free(clusters);
	g_free(glyphs);
}

double pdfkit_shaped_line_left(const PdfShaped *s, int i,
                               PangoAlignment align, int width, double x)
{
	return x + (double)line_x(s, &s->lines[i], align, width) / PANGO_SCALE;
}

void pdfkit_shaped_draw_line(cairo_t *cr, const PdfShaped *s, int i,
                             PangoAlignment align, int width, double x,
                             double y, double top)
{
	const ShapedLine *line = &s->lines[i];
	double line_left = pdfkit_shaped_line_left(s, i, align, width, x);
	double baseline = (double)line->baseline / PANGO_SCALE;
	int run_x = 0;
	for (int k = line->first_run; k < line->first_run + line->n_runs;
	     k++) {
		const ShapedRun *run = &s->runs[k];
		cairo_move_to(cr, line_left, y + baseline - top);
		run_x += run->start_x_offset;
		draw_run(cr, s, run, run_x);
		for (int g = 0; g < run->n_glyphs; g++)
			run_x += s->advance[run->first_glyph + g];
		run_x += run->end_x_offset;
	}
}

/* ---- a document's texts and their measures ---------------------------- */

void pdfkit_metrics_free(gpointer data)
{
	PdfMetrics *m = data;
	pdfkit_shaped_free(m->shaped);
	if (m->layout)
		g_object_unref(m->layout);
	g_free(m->lines);
	g_free(m);
}

PdfTexts *pdfkit_texts_new(void)
{
	PdfTexts *t = g_new0(PdfTexts, 1);
	/* the context a layout made on a PDF surface gets (its font
	 * options), with hinting off and unrounded glyph positions so every
	 * surface measures alike, at 72 dpi: sizes are points (at Pango's
	 * default 96 dpi a "10" would print at 13.3 pt) */
	cairo_surface_t *s = cairo_pdf_surface_create_for_stream(NULL, NULL,
	                                                         1, 1);
	cairo_t *cr = cairo_create(s);
	t->context = text_context_new(cr);
	pango_cairo_context_set_resolution(t->context, 72);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	t->metrics = g_hash_table_new_full(g_bytes_hash, g_bytes_equal,
	                                   (GDestroyNotify)g_bytes_unref,
	                                   pdfkit_metrics_free);
	return t;
}

void pdfkit_texts_free(PdfTexts *t)
{
	if (!t)
		return;
	g_hash_table_destroy(t->metrics);
	g_object_unref(t->context);
	g_free(t);
}

PdfMetrics *pdfkit_metrics_of(PangoLayout *l)
{
	PdfMetrics *m = g_new0(PdfMetrics, 1);
	PangoRectangle logical;
	pango_layout_get_extents(l, NULL, &logical);
	m->width = (double)logical.width / PANGO_SCALE;
	m->height = (double)logical.height / PANGO_SCALE;
	m->baseline = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
	m->n_lines = pango_layout_get_line_count(l);
	m->lines = g_new0(PdfLineBox, m->n_lines > 0 ? m->n_lines : 1);
	PangoLayoutIter *it = pango_layout_get_iter(l);
	for (int i = 0; i < m->n_lines; i++) {
		pango_layout_iter_get_line_extents(it, NULL, &logical);
		m->lines[i].y = (double)logical.y / PANGO_SCALE;
		m->lines[i].height = (double)logical.height / PANGO_SCALE;
		pango_layout_iter_next_line(it);
	}
	pango_layout_iter_free(it);
	m->widest = -1;
	return m;
}
