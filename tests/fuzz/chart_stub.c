/* Fallback for fuzz_template only: the two chart functions template.c
 * links against, for when gen/chart*.c does not link on its own (the chart
 * module is being reworked).  The fuzzer's Values hold no charts, so
 * neither function is ever called; build.sh prefers the real gen/chart*.c
 * and uses this file only when that link fails. */
#include "chart.h"

#include <stdlib.h>

char *chart_alt_text(const Chart *chart)
{
	(void)chart;
	abort(); /* unreachable: no charts in the fuzzer's Values */
}

void chart_free(Chart *chart)
{
	if (chart)
		abort(); /* unreachable: no charts in the fuzzer's Values */
}
