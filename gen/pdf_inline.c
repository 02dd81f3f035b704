/* PDF back-end, inline text: emphasis, code, links (with their areas)
 * as Pango markup, long words given break opportunities.
 * See pdf_internal.h. */
#include "pdf_internal.h"

#include "markdown.h"
#include "page_style.h"
#include "util.h"

#include <string.h>

/* ---- inline text ----------------------------------------------------- */

#define LONG_WORD 14

static bool break_char(char c)
{
	return c == '_' || c == '.' || c == '/' || c == '-';
}

/* Adds a break opportunity after _ . / - inside words longer than
 * LONG_WORD characters (identifiers, file names, addresses). */
char *pdf_breakable(const char *text)
{
	GString *s = g_string_new(NULL);
	size_t run = 0;
	for (const char *p = text; *p; p++) {
		run = (*p == ' ' || *p == '\n') ? 0 : run + 1;
		g_string_append_c(s, *p);
		if (break_char(*p) && p[1] && p[1] != ' ') {
			const char *q = p + 1;
			while (*q && *q != ' ' && *q != '\n')
				q++;
			if (run + (size_t)(q - p - 1) > LONG_WORD)
				g_string_append(s, ZWSP);
		}
	}
	return g_string_free(s, FALSE);
}

#define WORD_JOINER "\xE2\x81\xA0" /* U+2060: no break here */

/* A number stays with the CJK character after it ("2020年", "8 条"
 * aside): UAX #14 would allow a break between them. */
char *pdf_keep_numbers(const char *text)
{
	GString *s = g_string_new(NULL);
	for (const char *p = text; *p; p = g_utf8_next_char(p)) {
		g_string_append_len(s, p, g_utf8_next_char(p) - p);
		const char *next = g_utf8_next_char(p);
		if (g_ascii_isdigit(*p) && *next
		    && g_unichar_iswide(g_utf8_get_char(next)))
			g_string_append(s, WORD_JOINER);
	}
	return g_string_free(s, FALSE);
}

static void text(Inline *in, const char *literal)
{
	char *kept = pdf_keep_numbers(literal);
	char *broken = in->break_long ? pdf_breakable(kept) : g_strdup(kept);
	g_free(kept);
	char *esc = g_markup_escape_text(broken, -1);
	g_string_append(in->markup, esc);
	in->plain += strlen(broken);
	g_free(esc);
	g_free(broken);
}

static void wrap(Inline *in, cmark_node *n, const char *open,
                 const char *close)
{
	g_string_append(in->markup, open);
	pdf_inline_markup(in, n);
	g_string_append(in->markup, close);
}

/* Links to a heading of this document or to the web; others stay text. */
static void link(Inline *in, cmark_node *n)
{
	const char *url = cmark_node_get_url(n);
	size_t start = in->plain;
	wrap(in, n, "<span foreground=\"#0b5cad\">", "</span>");
	char *attr = NULL;
	if (url && url[0] == '#') {
		if (in->pdf->known
		    && g_hash_table_contains(in->pdf->known, url + 1))
			attr = pdfkit_link_attributes(url);
	} else {
		attr = pdfkit_link_attributes(url);
	}
	if (attr) {
		PdfLink l = {(int)start, (int)in->plain, attr};
		g_array_append_val(in->links, l);
	}
}

char *pdf_styled_span(const Pdf *p, const char *style_key,
                      const char *markup)
{
	/* Pango span attributes from the strings, e.g. style="italic";
	 * empty for none (CJK fonts have no italics to fake). */
	const char *attrs = lang_need(p->opt->strings, style_key, NULL);
	if (!*attrs)
		return g_strdup(markup);
	return g_strdup_printf("<span %s>%s</span>", attrs, markup);
}

/* Emphasis in the language's style (strings key font.emphasis). */
static void emphasis(Inline *in, cmark_node *n)
{
	const char *attrs = lang_need(in->pdf->opt->strings, "font.emphasis",
	                              NULL);
	char *open = *attrs ? g_strdup_printf("<span %s>", attrs)
	                    : g_strdup("");
	wrap(in, n, open, *attrs ? "</span>" : "");
	g_free(open);
}

void pdf_inline_markup(Inline *in, cmark_node *node)
{
	for (cmark_node *c = cmark_node_first_child(node); c;
	     c = cmark_node_next(c)) {
		switch (cmark_node_get_type(c)) {
		case CMARK_NODE_TEXT:
			text(in, cmark_node_get_literal(c));
			break;
		case CMARK_NODE_CODE:
			g_string_append(in->markup, "<tt>");
			text(in, cmark_node_get_literal(c));
			g_string_append(in->markup, "</tt>");
			break;
		case CMARK_NODE_SOFTBREAK:
			text(in, " ");
			break;
		case CMARK_NODE_LINEBREAK:
			text(in, "\n");
			break;
		case CMARK_NODE_EMPH:
			emphasis(in, c);
			break;
		case CMARK_NODE_STRONG:
			wrap(in, c, "<b>", "</b>");
			break;
		case CMARK_NODE_LINK:
			link(in, c);
			break;
		case CMARK_NODE_HTML_INLINE:
			break;
		default:
			if (markdown_is(c, "strikethrough"))
				wrap(in, c, "<s>", "</s>");
			else
				pdf_inline_markup(in, c);
		}
	}
}

Inline pdf_inline_new(const Pdf *p)
{
	return (Inline){g_string_new(NULL), 0,
	                g_array_new(FALSE, FALSE, sizeof(PdfLink)), p, false};
}

void pdf_inline_free(Inline *in)
{
	for (guint i = 0; i < in->links->len; i++)
		g_free(g_array_index(in->links, PdfLink, i).attributes);
	g_array_free(in->links, TRUE);
	g_string_free(in->markup, TRUE);
}

/* Lays out a node's inline content and draws it at x + indent. */
void pdf_draw_inline(Pdf *p, cmark_node *n, const char *family,
                        double size, bool bold, double indent,
                        double spacing)
{
	Inline in = pdf_inline_new(p);
	pdf_inline_markup(&in, n);
	PangoLayout *l = pdfkit_layout(p->c, family, size, bold,
	                               p->c->width - indent);
	pango_layout_set_markup(l, in.markup->str, -1);
	pango_layout_set_spacing(l, (int)(size * spacing * PANGO_SCALE));
	page_set_colour(p->c->cr, PAGE_GUIDE.ink);
	pdfkit_draw_layout(p->c, l, p->c->x + indent,
	                   (PdfLink *)in.links->data, in.links->len);
	g_object_unref(l);
	pdf_inline_free(&in);
}
