/* Font check through fontconfig.  See fonts.h. */
#include "fonts.h"

#include "util.h"

#include <fontconfig/fontconfig.h>

/* True when fontconfig lists a font whose family is exactly family. */
static bool family_installed(FcConfig *config, const char *family)
{
	FcPattern *pattern = FcPatternCreate();
	FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
	FcObjectSet *objects = FcObjectSetBuild(FC_FAMILY, (char *)NULL);
	FcFontSet *set = FcFontList(config, pattern, objects);
	bool found = set && set->nfont > 0;
	if (set)
		FcFontSetDestroy(set);
	FcObjectSetDestroy(objects);
	FcPatternDestroy(pattern);
	return found;
}

bool fonts_check(const char *extra, GError **error)
{
	const char *families[] = {"DejaVu Sans", "DejaVu Sans Mono", extra};
	/* a private configuration: the shared one stays as cairo and Pango
	 * set it up (text_release_fonts calls FcFini on it) */
	FcConfig *config = FcInitLoadConfigAndFonts();
	if (!config) {
		g_set_error(error, GG_ERROR, GG_ERR_ENV,
		            "fontconfig cannot start: check FONTCONFIG_FILE "
		            "and the fontconfig setup");
		return false;
	}
	for (size_t i = 0; i < G_N_ELEMENTS(families); i++) {
		if (!families[i] || family_installed(config, families[i]))
			continue;
		FcConfigDestroy(config);
		g_set_error(error, GG_ERROR, GG_ERR_ENV,
		            "font family '%s' is not installed (fontconfig "
		            "finds no font of it); install it (Debian: "
		            "apt-get install fonts-dejavu-core) or check "
		            "FONTCONFIG_FILE", families[i]);
		return false;
	}
	FcConfigDestroy(config);
	return true;
}
