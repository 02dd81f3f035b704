# gpuguide: `make` installs what is missing, builds gen/gpuguide and writes
# the guide into out/; `make test` runs every test.
CC ?= cc
CFLAGS ?= -O2 -g
PREFIX ?= /usr/local
DESTDIR ?=
PKGS = libcmark-gfm pangocairo cairo-pdf cairo-svg cairo-png fontconfig
WARN = -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wstrict-prototypes \
       -Wmissing-prototypes -Wwrite-strings
# Recursively expanded: pkg-config runs when a recipe needs it, after the
# dependency check has installed what was missing.
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS))
PKG_LIBS = $(shell pkg-config --libs $(PKGS)) -lcsv -lm

SRC = $(filter-out gen/main.c,$(wildcard gen/*.c))
OBJ = $(SRC:.c=.o)
HDR = $(wildcard gen/*.h)
BIN = gen/gpuguide
DEPS_OK = gen/.deps-ok
# Extra options for the guide's generation, e.g. --base-url (see README).
GPUGUIDE_FLAGS ?=
GUIDE_INPUTS = $(wildcard data/*/*.csv) $(wildcard templates/* templates/*/*)

.PHONY: all build test clean install check-data asan valgrind bench

all: out/.gpuguide

$(DEPS_OK): gen/check-deps.sh
	@sh gen/check-deps.sh build
	@touch $@

gen/%.o: gen/%.c $(HDR) | $(DEPS_OK)
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) $(PKG_CFLAGS) -c -o $@ $<

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

tests/.deps-ok: gen/check-deps.sh
	@sh gen/check-deps.sh test
	@touch $@

$(TEST_BIN): $(TEST_SRC) $(OBJ) $(HDR) tests/unit/unit.h
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) $(PKG_CFLAGS) -Igen -o $@ \
	    $(TEST_SRC) $(OBJ) $(LDFLAGS) $(PKG_LIBS)

test: all $(TEST_BIN) tests/.deps-ok
	@sh tests/run.sh

clean:
	rm -f gen/*.o $(BIN) $(TEST_BIN) $(DEPS_OK) tests/.deps-ok

install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/gpuguide
