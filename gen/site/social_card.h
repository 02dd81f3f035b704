/* Social card: the 1200x630 PNG link previews show (og:image), drawn
 * with Cairo and Pango in the page's language: the brand, the guide's
 * title, the edition and its data date, the headline pick.  Written only
 * when --base-url is given, since previews need an absolute address.
 * In: an EditionResult.  Out: PREFIX/SOCIAL_CARD_FILE.
 * Ownership: nothing is kept. */
#ifndef GG_SOCIAL_CARD_H
#define GG_SOCIAL_CARD_H

#include "backend.h"

#define SOCIAL_CARD_FILE "social-card.png"
#define SOCIAL_CARD_WIDTH 1200
#define SOCIAL_CARD_HEIGHT 630

/* The card's PNG bytes (caller frees with g_byte_array_unref). */
GByteArray *social_card_png(const char *title, const char *edition,
                            const char *pick, const char *font);

/* Writes PREFIX/social-card.png of r when r's config has a base URL;
 * TRUE without writing otherwise. */
bool social_card_write(const EditionResult *r, Site *site, GError **error);

#endif
