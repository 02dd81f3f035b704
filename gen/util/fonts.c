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

/* The first family of the comma-separated list that fontconfig does not
 * know, or NULL; the caller frees it. */
static char *first_missing(FcConfig *config, const char *list)
{
	char **names = g_strsplit(list ? list : "", ",", -1);
	char *missing = NULL;
	for (char **n = names; !missing && *n; n++) {
		char *family = g_strstrip(*n);
		if (*family && !family_installed(config, family))
			missing = g_strdup(family);
	}
	g_strfreev(names);
	return missing;
}

bool fonts_check(const char *sans, const char *mono, GError **error)
{
	/* a private configuration: the shared one stays as cairo and Pango
	 * set it up (text_release_fonts calls FcFini on it) */
	FcConfig *config = FcInitLoadConfigAndFonts();
	if (!config) {
		g_set_error(error, GG_ERROR, GG_ERR_ENV,
		            "fontconfig cannot start: check FONTCONFIG_FILE "
		            "and the fontconfig setup");
		return false;
	}
	char *missing = first_missing(config, sans);
	if (!missing)
		missing = first_missing(config, mono);
	FcConfigDestroy(config);
	if (!missing)
		return true;
	g_set_error(error, GG_ERROR, GG_ERR_ENV,
	            "font family '%s' is not installed (fontconfig finds no "
	            "font of it); install it (`make` installs the Debian "
	            "packages the templates' fonts need) or check "
	            "FONTCONFIG_FILE", missing);
	g_free(missing);
	return false;
}
