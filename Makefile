# sudokud - Sudoku solver library, judge CLI and HTTP service.
# GNU conventions: all, test/check, install/uninstall (PREFIX, DESTDIR),
# clean; plus run, bench, asan, format. CFLAGS stays the user's.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
BUILD ?= build
CC ?= cc
CFLAGS ?= -O2 -g
PKG_CONFIG ?= pkg-config
VERSION := $(shell sed -n 's/^\#define SUDOKU_VERSION "\(.*\)"/\1/p' include/sudoku.h)

# Library flags are looked up when a recipe runs, after deps.sh installed
# what was missing (a plain = variable is expanded at use). Building never
# calls dpkg or apt-get: only the entry points a newcomer types first (run,
# test, bench, contract, deps) install what is missing, then build.
PKG_CFLAGS = $(shell $(PKG_CONFIG) --cflags check 2>/dev/null)
CHECK_LIBS = $(shell $(PKG_CONFIG) --libs check)
CJSON_CFLAGS = $(shell $(PKG_CONFIG) --cflags libcjson)
CJSON_LIBS = $(shell $(PKG_CONFIG) --libs libcjson)
MHD_CFLAGS = $(shell $(PKG_CONFIG) --cflags libmicrohttpd)
MHD_LIBS = $(shell $(PKG_CONFIG) --libs libmicrohttpd)

ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wpedantic \
  -Iinclude -Isrc/core -MMD -MP $(WERROR) $(CFLAGS)
ALL_LDFLAGS = $(LDFLAGS)

CORE_SRC := $(wildcard src/core/*.c src/core/*/*.c)
CORE_OBJ := $(CORE_SRC:%.c=$(BUILD)/%.o)
API_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard src/api/*.c))
HTTP_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard src/http/*.c))
CLI_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard src/cli/*.c))
TEST_SRC := $(wildcard tests/*.c)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/%.o)
BENCH_SRC := bench/bench.c

SUDOKU := $(BUILD)/sudoku
SUDOKUD := $(BUILD)/sudokud
TESTS := $(BUILD)/check_sudoku
BENCH := $(BUILD)/bench_sudoku
BENCH_GEN := $(BUILD)/bench_generate
BENCH_LOGIC := $(BUILD)/bench_logic

.PHONY: all test check bench bench-http browser-test docker-test contract \
  readme-test seed-table proxy-test fuzz sanitize stress asan install uninstall clean run format format-check deps \
  deps-test deps-bench bench-agree

all: $(SUDOKU) $(SUDOKUD)

deps:
	@sh scripts/deps.sh build
deps-test:
	@sh scripts/deps.sh test
deps-bench:
	@sh scripts/deps.sh bench

$(BUILD)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/tests/%.o: tests/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Itests $(PKG_CFLAGS) -c $< -o $@

# Only src/api sees cJSON and only src/http sees libmicrohttpd.
$(BUILD)/src/api/%.o: src/api/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CJSON_CFLAGS) -c $< -o $@

$(BUILD)/src/http/%.o: src/http/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc/api $(MHD_CFLAGS) -c $< -o $@

$(BUILD)/src/main.o: src/main.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc/api -Isrc/http -c $< -o $@

# Rebuilt from scratch: `ar rcs` on an old archive would keep the object
# of a source file since deleted (a stub replaced by its finder).
$(BUILD)/libsudoku.a: $(CORE_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

$(SUDOKU): $(CLI_OBJ) $(BUILD)/libsudoku.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $^ -pthread -lm -o $@

# The web page, built into the binary.
$(BUILD)/gen/page.c: web/index.html scripts/embed.sh
	@mkdir -p $(@D)
	sh scripts/embed.sh web/index.html sudokud_page_html > $@

$(BUILD)/gen/page.o: $(BUILD)/gen/page.c
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(SUDOKUD): $(BUILD)/src/main.o $(HTTP_OBJ) $(API_OBJ) $(BUILD)/gen/page.o \
  $(BUILD)/libsudoku.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $^ $(MHD_LIBS) $(CJSON_LIBS) -pthread -lm -o $@

$(TESTS): $(TEST_OBJ) $(API_OBJ) $(BUILD)/libsudoku.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $^ $(CHECK_LIBS) $(CJSON_LIBS) -pthread -lm -o $@

$(BENCH): $(BENCH_SRC) $(BUILD)/libsudoku.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $^ -o $@

$(BENCH_GEN): bench/bench_generate.c $(BUILD)/libsudoku.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $^ -o $@

$(BENCH_LOGIC): bench/bench_logic.c $(BUILD)/libsudoku.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $^ -lm -o $@

# Agreement of our rating with Sudoku Explainer's (bench/bench_agree.c):
# Spearman, the share within 0.5, a confusion table, time per puzzle.
$(BUILD)/bench_agree: bench/bench_agree.c $(BUILD)/libsudoku.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $^ -lm -o $@

bench-agree: $(BUILD)/bench_agree
	$(BUILD)/bench_agree $(BENCH_AGREE_ARGS)

# The whole suite: unit, CLI and corpus tests (the full sets from
# ../shared/corpus when that folder exists, else the samples in tests/data).
test check: deps-test
	@$(MAKE) --no-print-directory $(TESTS) $(SUDOKU) $(SUDOKUD)
	SUDOKU_BIN=$(SUDOKU) SUDOKUD_BIN=$(SUDOKUD) $(TESTS)

# Every test again under AddressSanitizer and UBSan, in a build dir of its own.
ASAN_FLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
  -fno-sanitize-recover=all
asan:
	$(MAKE) BUILD=$(BUILD)/asan CFLAGS="$(ASAN_FLAGS)" \
	  LDFLAGS="-fsanitize=address,undefined" test

# A benchmark, not a test: prints a table, never fails on time.
bench: deps-bench
	@$(MAKE) --no-print-directory $(BENCH) $(BENCH_LOGIC) $(BENCH_GEN)
	$(BENCH) $(BENCH_ARGS)
	$(BENCH_LOGIC) $(BENCH_LOGIC_ARGS)
	$(BENCH_GEN) $(BENCH_GEN_ARGS)

# Rewrites tests/data/generate_seeds.tsv from what `sudoku generate` makes
# today (after a deliberate change to the generator or the rating; review
# the diff before committing it).
seed-table: $(SUDOKU)
	sh scripts/seed-table.sh $(SUDOKU) tests/data/generate_seeds.tsv

# The OpenAPI contract: Redocly lint, then every answer of the HTTP suite
# validated against openapi.yaml (node >= 20.19 and npm; tests/contract).
contract: deps-test
	@$(MAKE) --no-print-directory $(TESTS) $(SUDOKU) $(SUDOKUD)
	MAKE="$(MAKE)" BUILD=$(BUILD) bash tests/contract/run.sh

# Every curl, CLI and fetch example of README.md against a live server.
readme-test: $(SUDOKU) $(SUDOKUD)
	bash tests/readme/run.sh $(SUDOKUD)

# nginx (deploy/nginx.conf) in front of two sudokud instances, on loopback.
proxy-test: $(SUDOKUD)
	timeout 300 bash tests/proxy/run.sh $(SUDOKUD)

# The web page in headless Chromium (installs chromium and playwright-core
# when missing); screenshots in build/screenshots/.
browser-test: $(SUDOKUD)
	bash tests/browser/run.sh $(SUDOKUD)

# Builds the Dockerfile with podman (no Docker engine here) and tests the
# image: /solve, HEALTHCHECK, non-root, SIGTERM exit 0, size <= 100 MB.
docker-test:
	bash scripts/docker-test.sh

# libFuzzer (clang, ASan+UBSan) on the text reader, the JSON reader and the
# whole request handler, FUZZ_SECONDS each; any finding fails.
FUZZ_SECONDS ?= 60
fuzz:
	@sh scripts/deps.sh clang libclang-rt-14-dev
	bash scripts/fuzz.sh $(FUZZ_SECONDS)

# The test suites under valgrind memcheck, and the HTTP tests against a
# ThreadSanitizer build of sudokud; any report fails.
sanitize:
	@sh scripts/deps.sh valgrind clang libclang-rt-14-dev
	bash scripts/sanitize.sh

# Load, soak, slow clients, oversized bodies, pathological puzzles,
# overload, SIGTERM under load: a table of figures, loopback only (~2 min).
stress: all
	@sh scripts/deps.sh wrk
	bash scripts/stress.sh

# Starts the service on PORT (default 8080); flags in SUDOKUD_ARGS.
# wrk against sudokud and nginx on loopback, interleaved (a benchmark).
bench-http: $(SUDOKUD)
	@sh scripts/deps.sh wrk nginx curl
	bash bench/bench_http.sh $(SUDOKUD)

run: deps
	@$(MAKE) --no-print-directory $(SUDOKUD)
	./$(SUDOKUD) $(SUDOKUD_ARGS)

install: all
	install -d $(DESTDIR)$(BINDIR)
	install -m 755 $(SUDOKU) $(DESTDIR)$(BINDIR)/sudoku
	install -m 755 $(SUDOKUD) $(DESTDIR)$(BINDIR)/sudokud
	install -d $(DESTDIR)$(DATADIR)/sudokud
	install -m 644 openapi.yaml $(DESTDIR)$(DATADIR)/sudokud/openapi.yaml

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/sudoku $(DESTDIR)$(BINDIR)/sudokud
	rm -f $(DESTDIR)$(DATADIR)/sudokud/openapi.yaml
	-rmdir $(DESTDIR)$(DATADIR)/sudokud 2>/dev/null

# Every C file of the project, at any depth under src/.
FORMAT_FILES = $(wildcard include/*.h src/*.c src/*/*.c src/*/*.h src/*/*/*.c \
  src/*/*/*.h tests/*.c tests/*.h tests/fuzz/*.c bench/*.c)
format:
	clang-format -i $(FORMAT_FILES)
format-check:
	clang-format --dry-run --Werror $(FORMAT_FILES)

clean:
	rm -rf $(BUILD)

-include $(CORE_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(API_OBJ:.o=.d) \
  $(HTTP_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(BUILD)/src/main.d
