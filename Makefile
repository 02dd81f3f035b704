# gpuguide: `make` installs what is missing, builds gen/gpuguide and writes
# the guide into out/; `make test` runs every test.
CC ?= cc
CFLAGS ?= -O2 -g
PREFIX ?= /usr/local
DESTDIR ?=
PKGS = libcmark-gfm pangocairo cairo-pdf cairo-svg cairo-png fontconfig zlib libcrypto
WARN = -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wstrict-prototypes \
       -Wmissing-prototypes -Wwrite-strings
# Recursively expanded: pkg-config runs when a recipe needs it, after the
# dependency check has installed what was missing.
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS))
PKG_LIBS = $(shell pkg-config --libs $(PKGS)) -lcsv -lm

# gen/ holds one folder per stage (README.md, "Layout"); every folder is
# on the quote include path, so a file includes "data.h", not a path.
STAGES = util data model cost results chart doc guide export site pdf request publish
INC = $(addprefix -iquote gen/,$(STAGES))
SRC = $(foreach s,$(STAGES),$(wildcard gen/$(s)/*.c))
OBJ = $(SRC:.c=.o)
HDR = $(foreach s,$(STAGES),$(wildcard gen/$(s)/*.h))
BIN = gen/gpuguide
DEPS_OK = gen/.deps-ok
# Extra options for the guide's generation, e.g. --base-url (see README).
GPUGUIDE_FLAGS ?=
GUIDE_INPUTS = $(wildcard data/*/*.csv) $(wildcard templates/* templates/*/* \
                 templates/*/sections/*.md templates/*/editions/*/*.md)

.PHONY: all build test clean install check-data asan valgrind bench fuzz \
        check-browser regress regress-bless drill

all: out/.gpuguide

$(DEPS_OK): tools/check-deps.sh
	@sh tools/check-deps.sh build
	@touch $@

gen/%.o: gen/%.c $(HDR) | $(DEPS_OK)
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) $(INC) $(PKG_CFLAGS) -c -o $@ $<

$(BIN): gen/main.o $(OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ gen/main.o $(OBJ) $(PKG_LIBS)

build: $(BIN)

# The marker file is rewritten on every successful run, so it stands for
# the whole output tree.
out/.gpuguide: $(BIN) $(GUIDE_INPUTS)
	./$(BIN) $(GPUGUIDE_FLAGS)

check-data: $(BIN)
	./$(BIN) --check

# ---- tests ------------------------------------------------------------
TEST_SRC = $(wildcard tests/unit/*.c)
TEST_BIN = tests/unit/run-unit

tests/.deps-ok: tools/check-deps.sh
	@sh tools/check-deps.sh test
	@touch $@

$(TEST_BIN): $(TEST_SRC) $(OBJ) $(HDR) tests/unit/unit.h
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) $(INC) $(PKG_CFLAGS) -o $@ \
	    $(TEST_SRC) $(OBJ) $(LDFLAGS) $(PKG_LIBS)

test: all $(TEST_BIN) tests/.deps-ok
	@GPUGUIDE_FLAGS='$(GPUGUIDE_FLAGS)' sh tests/run.sh

# `make regress`: expected-output tests on frozen inputs (tests/regress/:
# each fixture's guide.md, data/*.csv and request texts against its
# expected/).  `make regress-bless` shows the diff and rewrites expected/:
# run it only after reading that diff.  `make drill`: the maintainer drill
# (tests/drill.py), realistic edits of data/current that must generate and
# keep every data-independent rule.
regress: $(BIN)
	@mkdir -p tests/tmp
	sh tests/regress/run.sh $(CURDIR)/$(BIN) $(CURDIR)/tests/tmp

regress-bless: $(BIN)
	@mkdir -p tests/tmp
	sh tests/regress/run.sh $(CURDIR)/$(BIN) $(CURDIR)/tests/tmp --bless

drill: $(BIN)
	@mkdir -p tests/tmp
	python3 tests/drill.py $(CURDIR)/$(BIN) $(CURDIR) $(CURDIR)/tests/tmp

# ---- sanitizers and leak checks ------------------------------------------
# `make asan` builds everything with AddressSanitizer and UBSan (with
# float-cast-overflow, which -fsanitize=undefined leaves out in GCC) into
# gen/asan/ and runs the unit tests, a full generation and the input
# suites (ASAN_SUITES) with it.
ASAN_FLAGS = -O1 -g -fno-omit-frame-pointer \
             -fsanitize=address,undefined,float-cast-overflow \
             -fno-sanitize-recover=undefined,float-cast-overflow
ASAN_OBJ = $(patsubst gen/%.c,gen/asan/%.o,$(SRC))
ASAN_ENV = GPUGUIDE_JOBS=1 ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0:abort_on_error=0 \
           LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
           UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

gen/asan/%.o: gen/%.c $(HDR) | $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(ASAN_FLAGS) $(CPPFLAGS) $(INC) $(PKG_CFLAGS) -c -o $@ $<

gen/asan/gpuguide: gen/asan/main.o $(ASAN_OBJ)
	$(CC) $(ASAN_FLAGS) -o $@ gen/asan/main.o $(ASAN_OBJ) $(PKG_LIBS)

gen/asan/run-unit: $(TEST_SRC) $(ASAN_OBJ) $(HDR) tests/unit/unit.h
	$(CC) $(WARN) $(ASAN_FLAGS) $(CPPFLAGS) $(INC) $(PKG_CFLAGS) -o $@ \
	    $(TEST_SRC) $(ASAN_OBJ) $(PKG_LIBS)

# ASAN_SUITES picks the shell suites run under the sanitizers: by default
# the ones that feed the program hostile or malformed input; ASAN_SUITES=all
# runs every suite (slow: about 10x the plain run).
ASAN_SUITES ?= bad hostile escape cli
asan: all gen/asan/gpuguide gen/asan/run-unit tests/.deps-ok
	$(ASAN_ENV) ./gen/asan/gpuguide -q --out gen/asan/out
	$(ASAN_ENV) GPUGUIDE_BIN=$(CURDIR)/gen/asan/gpuguide \
	    GPUGUIDE_UNIT=$(CURDIR)/gen/asan/run-unit \
	    TEST_SUITES="$(if $(filter all,$(ASAN_SUITES)),,$(ASAN_SUITES))" sh tests/run.sh

# `make valgrind` runs a full generation and the error paths under
# memcheck with the teardown of PLATFORM-NOTES (GPUGUIDE_LEAK_CHECK=1 asks
# for it; an ASan build always does it) and narrow suppressions.
# asan and valgrind run gpuguide with GPUGUIDE_JOBS=1 (or --jobs 1), so
# the leak checks see every stage in one process (workers leave with
# _exit); the parallel path is checked by tests/suites/speed.sh and the
# unit tests, which ask for workers explicitly.
VALGRIND = valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
           --errors-for-leak-kinds=definite,indirect --error-exitcode=3 \
           --suppressions=/usr/share/glib-2.0/valgrind/glib.supp \
           --suppressions=tests/valgrind.supp

valgrind: $(BIN)
	@command -v valgrind >/dev/null || { echo "make valgrind needs valgrind (apt-get install valgrind)"; exit 2; }
	GPUGUIDE_LEAK_CHECK=1 $(VALGRIND) ./$(BIN) -q --jobs 1 --out gen/valgrind-out
	GPUGUIDE_LEAK_CHECK=1 $(VALGRIND) ./$(BIN) --check >/dev/null
	GPUGUIDE_LEAK_CHECK=1 GPUGUIDE_JOBS=1 sh tests/valgrind-errors.sh "$(VALGRIND)" ./$(BIN)
	@echo "valgrind: no errors, no leaks"

# `make bench`: time, CPU and memory of full generations against the peer
# pipeline and the floor of the libraries, and scaling on synthetic
# editions (tests/bench.sh; not a test).  Installs what it needs through
# tools/check-deps.sh bench when it may; without the peer's tools it says
# so and goes on.
bench: $(BIN)
	@sh tools/check-deps.sh bench || echo "make bench: the peer pipeline's tools are missing; its comparison will be skipped" >&2
	sh tests/bench.sh $(BENCH_RUNS)

# `make fuzz`: libFuzzer over the CSV loader, the edition schema and the
# template expander (clang), FUZZ_SECONDS each.
FUZZ_SECONDS ?= 60
fuzz: | $(DEPS_OK)
	sh tests/fuzz/run.sh $(FUZZ_SECONDS)

# `make check-browser`: the site in headless Chromium (installs it when it
# may), screenshots at 1280 and 390 px in tests/tmp/shots.
check-browser: all
	@command -v chromium >/dev/null || sh tools/check-deps.sh browser
	sh tests/browser_check.sh out tests/tmp/shots

clean:
	rm -rf gen/*.o gen/*/*.o $(BIN) $(TEST_BIN) $(DEPS_OK) tests/.deps-ok gen/asan \
	    gen/valgrind-out

BENCH_RUNS ?= 5

install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/gpuguide
