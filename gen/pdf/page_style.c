/* Page styles.  See page_style.h. */
#include "page_style.h"

#define INK {0.1, 0.1, 0.1}
#define MUTED {0.3, 0.3, 0.3}
#define LINK {0.043, 0.361, 0.678} /* #0b5cad, the site's accent */
#define TABLE_HEADER {0.92, 0.94, 0.97}

const PageStyle PAGE_GUIDE = {
    .margin = 56, .body = 10, .small = 8, .caption = 8.5, .title = 26,
    .subtitle = 13, .heading = {20, 15, 12, 11, 10, 10}, .contents = {11, 9.5},
    .section = 11, .footnote = 7, .ink = INK, .link = LINK, .muted = MUTED, .faint = {0.4, 0.4, 0.4},
    .leader = {0.6, 0.6, 0.6}, .rule = {0.7, 0.7, 0.7},
    .code_bg = {0.95, 0.95, 0.95}, .quote_bar = {0.75, 0.78, 0.85},
    .table_header = TABLE_HEADER, .table_rule = {0.8, 0.8, 0.8},
    .table_rule_width = 0.4, .rule_width = 0.5, .quote_bar_width = 2};

/* Requests are forms people read on paper: nothing under 9 pt. */
const PageStyle PAGE_REQUEST = {
    .margin = 36, .body = 9, .small = 9, .caption = 9, .title = 16,
    .subtitle = 9, .heading = {16, 11, 11, 11, 11, 11}, .contents = {11, 9.5},
    .section = 11, .footnote = 9, .ink = INK, .link = LINK,
    .muted = {0.3, 0.3, 0.3}, .faint = {0.3, 0.3, 0.3},
    .leader = {0.6, 0.6, 0.6}, .rule = {0.7, 0.7, 0.7},
    .code_bg = {0.95, 0.95, 0.95}, .quote_bar = {0.75, 0.78, 0.85},
    .table_header = TABLE_HEADER, .table_rule = {0.82, 0.82, 0.82},
    .table_rule_width = 0.4, .rule_width = 0.5, .quote_bar_width = 2};

void page_set_colour(cairo_t *cr, PageColour c)
{
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
}
