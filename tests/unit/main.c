/* Unit test runner: runs every group and prints the tally. */
#include "unit.h"

#include "text.h"
#include "markdown.h"

int unit_passed, unit_failed;

int main(void)
{
	test_util();
	test_readfile();
	test_csv();
	test_template();
	test_template_sections();
	test_model();
	test_model_current();
	test_editions();
	test_edition2020();
	test_charts();
	test_cost();
	test_rules();
	test_changes();
	test_llm();
	test_llm_use_cases();
	test_table();
	test_validate();
	test_tie();
	test_decision();
	test_model_loo();
	test_roofline();
	test_site();
	test_sitefile();
	test_charts_draw();
	test_print();
	test_speed();
	test_scale();
	test_pdfspeed();
	test_pdfshaped();
	test_deflate();
	markdown_shutdown();
	text_release_fonts();
	printf("unit: %d passed, %d failed\n", unit_passed, unit_failed);
	return unit_failed != 0;
}
