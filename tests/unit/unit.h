/* Unit tests: tiny check macros; each failed check prints its place and
 * the run ends with "unit: N passed, M failed". */
#ifndef GG_UNIT_H
#define GG_UNIT_H

#include <math.h>
#include <stdio.h>
#include <string.h>

extern int unit_passed, unit_failed;

/* The editions the unit tests read: frozen copies (tests/regress/frozen),
 * so a maintainer's price edit in data/current never breaks them.  The
 * 2020-09 edition's worked numbers are checked on data/2020-09 itself
 * (test_edition2020.c, test_editions.c). */
#define FROZEN_DATA "tests/regress/frozen/data"

#define CHECK(cond)                                                         \
	do {                                                                \
		if (cond)                                                   \
			unit_passed++;                                      \
		else {                                                      \
			unit_failed++;                                      \
			printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); \
		}                                                           \
	} while (0)

#define CHECK_STR(a, b)                                                     \
	do {                                                                \
		const char *a_ = (a), *b_ = (b);                            \
		if (a_ && b_ && strcmp(a_, b_) == 0)                        \
			unit_passed++;                                      \
		else {                                                      \
			unit_failed++;                                      \
			printf("FAIL %s:%d: %s\n  got:      %s\n  expected: %s\n", \
			       __FILE__, __LINE__, #a, a_ ? a_ : "(null)",  \
			       b_ ? b_ : "(null)");                         \
		}                                                           \
	} while (0)

#define CHECK_NEAR(a, b, tol)                                               \
	do {                                                                \
		double a_ = (a), b_ = (b);                                  \
		if (fabs(a_ - b_) <= (tol))                                 \
			unit_passed++;                                      \
		else {                                                      \
			unit_failed++;                                      \
			printf("FAIL %s:%d: %s = %.6g, expected %.6g\n",    \
			       __FILE__, __LINE__, #a, a_, b_);             \
		}                                                           \
	} while (0)

void test_csv(void);
void test_template(void);
void test_template_sections(void);
void test_util(void);
void test_readfile(void); /* gg_read_file: regular files only, size cap */
void test_model(void);
void test_model_current(void);
void test_editions(void);
void test_edition2020(void);
void test_charts(void);
void test_cost(void);
void test_rules(void); /* use-case rules: fit, datacenter, p2p */
void test_changes(void);
void test_llm(void);
void test_llm_use_cases(void);
void test_table(void);
void test_validate(void);
void test_tie(void);
void test_decision(void);
void test_model_loo(void);
void test_roofline(void);

void test_site(void);
void test_sitefile(void);
void test_charts_draw(void);
void test_speed(void);

#endif

/* branch print: tests/unit/test_print.c */
void test_print(void);

/* branch scale: tests/unit/test_scale.c */
void test_scale(void);
/* branch pdfspeed: tests/unit/test_pdfspeed.c */
void test_pdfspeed(void);
/* tests/unit/test_pdfshaped.c */
void test_pdfshaped(void);

/* tests/unit/test_deflate.c */
void test_deflate(void);
