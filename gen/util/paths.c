/* Output paths.  See paths.h. */
#include "paths.h"

#include <string.h>

#define CHARTS "charts/"
#define DATA "data/"
#define REQUESTS "requests/"

const char *const PATHS_FOLDERS[] = {"assets", "charts", "data", "requests",
                                     NULL};

char *paths_chart(const char *prefix, const char *name, ChartFile kind)
{
	return g_strdup_printf("%s" CHARTS "%s%s", prefix, name,
	                       kind == CHART_SVG          ? ".svg"
	                       : kind == CHART_SVG_NARROW ? "-narrow.svg"
	                                                  : ".png");
}

char *paths_chart_name(const char *url)
{
	size_t n = strlen(url);
	if (!g_str_has_prefix(url, CHARTS) || !g_str_has_suffix(url, ".svg")
	    || n <= strlen(CHARTS ".svg"))
		return NULL;
	return g_strndup(url + strlen(CHARTS), n - strlen(CHARTS ".svg"));
}

char *paths_data_csv(const char *prefix, const char *name)
{
	return g_strdup_printf("%s" DATA "%s.csv", prefix, name);
}

char *paths_data_json(const char *prefix)
{
	return g_strdup_printf("%s" DATA "guide.json", prefix);
}

char *paths_changes_basis(const char *prefix)
{
	return g_strdup_printf("%s" DATA "changes_basis.json", prefix);
}

char *paths_request(const char *stem)
{
	return g_strdup_printf(REQUESTS "%s.pdf", stem);
}

char *paths_page(const char *prefix, const char *name)
{
	return g_strdup_printf("%s%s", prefix, name);
}
