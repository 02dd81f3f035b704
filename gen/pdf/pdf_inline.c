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

/* "a/b/../c" as "a/c": an address without dot segments. */
static char *without_dot_segments(const char *path)
{
	char **parts = g_strsplit(path, "/", -1);
	GPtrArray *kept = g_ptr_array_new();
	for (char **q = parts; *q; q++) {
		if (strcmp(*q, "..") == 0 && kept->len > 0
		    && strcmp(g_ptr_array_index(kept, kept->len - 1), "..") != 0)
			g_ptr_array_remove_index(kept, kept->len - 1);
		else if (strcmp(*q, ".") != 0)
			g_ptr_array_add(kept, *q);
	}
	g_ptr_array_add(kept, NULL);
	char *joined = g_strjoinv("/", (char **)kept->pdata);
	g_ptr_array_free(kept, TRUE);
	g_strfreev(parts);
	return joined;
}

/* Cairo tag attributes for a link of the guide, or NULL when the PDF
 * cannot follow it (then it is typeset as plain text):
 * - "#slug": a heading of this document (known from pass 1);
 * - http(s) addresses as they are;
 * - another PDF of the output ("requests/STEM.pdf"): a relative file
 *   link, which works while the PDFs sit side by side as in out/;
 * - any other address of the site: absolute under --base-url (the
 *   edition's prefix, then the path), or NULL without it. */
char *pdf_link_target(const Pdf *p, const char *url)
{
	if (!url || !*url)
		return NULL;
	if (url[0] == '#')
		return p->known && g_hash_table_contains(p->known, url + 1)
		           ? pdfkit_link_attributes(url)
		           : NULL;
	if (strstr(url, "://") || g_str_has_prefix(url, "mailto:"))
		return pdfkit_link_attributes(url);
	if (url[0] == '/')
		return NULL;
	if (g_str_has_suffix(url, ".pdf") && strcmp(url, "guide.pdf") != 0
	    && !strstr(url, "..") && !strchr(url, '#'))
		return pdfkit_file_link_attributes(url);
	const char *base = p->opt->base_url;
	if (!base || !*base)
		return NULL;
	char *path = g_strconcat(p->opt->prefix ? p->opt->prefix : "", url,
	                         NULL);
	char *clean = without_dot_segments(path);
	char *absolute = g_strconcat(base, g_str_has_suffix(base, "/") ? ""
	                                                               : "/",
	                             clean, NULL);
	char *attr = pdfkit_link_attributes(absolute);
	g_free(absolute);
	g_free(clean);
	g_free(path);
	return attr;
}

/* A link the PDF can follow shows in the link colour with its area;
 * one it cannot stays plain text. */
static void link(Inline *in, cmark_node *n)
{
	size_t start = in->plain;
	char *attr = pdf_link_target(in->pdf, cmark_node_get_url(n));
	if (!attr) {
		pdf_inline_markup(in, n);
		return;
	}
	PageColour k = PAGE_GUIDE.link;
	char *open = g_strdup_printf("<span foreground=\"#%02x%02x%02x\">",
	                             (int)(k.r * 255 + 0.5),
	                             (int)(k.g * 255 + 0.5),
	                             (int)(k.b * 255 + 0.5));
	wrap(in, n, open, "</span>");
	g_free(open);
	PdfLink l = {(int)start, (int)in->plain, attr};
	g_array_append_val(in->links, l);
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
                     double size, bool bold, double indent, double spacing)
{
	Inline in = pdf_inline_new(p);
	pdf_inline_markup(&in, n);
	PdfText t = {.family = family, .size = size, .bold = bold,
	             .width = p->c->width - indent, .text = in.markup->str,
	             .markup = true,
	             .spacing = (int)(size * spacing * PANGO_SCALE),
	             .linked = in.links->len > 0};
	page_set_colour(p->c->cr, PAGE_GUIDE.ink);
	pdfkit_draw_text(p->c, &t, p->c->x + indent,
	                 (PdfLink *)in.links->data, in.links->len);
	pdf_inline_free(&in);
}
