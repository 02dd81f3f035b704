/* Numbers and dates as the loader reads them. */
#include "unit.h"
#include "util.h"

void test_util(void)
{
	static const struct {
		const char *text;
		int ok;
		double value;
	} numbers[] = {
	    {"12", 1, 12},     {"-3.5", 1, -3.5}, {"1e3", 1, 1000},
	    {"0.136", 1, 0.136}, {"", 0, 0},      {" 1", 0, 0},
	    {"1 ", 0, 0},      {"NaN", 0, 0},     {"nan", 0, 0},
	    {"inf", 0, 0},     {"-Infinity", 0, 0}, {"1e999", 0, 0},
	    {"0x10", 0, 0},    {"1,5", 0, 0},     {"12abc", 0, 0},
	};
	for (size_t i = 0; i < sizeof numbers / sizeof *numbers; i++) {
		double v = -1;
		int ok = gg_parse_number(numbers[i].text, &v);
		CHECK(ok == numbers[i].ok);
		if (numbers[i].ok)
			CHECK_NEAR(v, numbers[i].value, 1e-12);
	}
	static const struct {
		const char *text;
		int ok;
	} dates[] = {
	    {"2020-09-07", 1}, {"2024-02-29", 1}, {"2023-02-29", 0},
	    {"2020-13-01", 0}, {"2020-9-7", 0},   {"07/09/2020", 0},
	    {"2020-09-07x", 0}, {"", 0},          {"0000-01-01", 0},
	};
	for (size_t i = 0; i < sizeof dates / sizeof *dates; i++)
		CHECK(gg_is_iso_date(dates[i].text) == dates[i].ok);
}
