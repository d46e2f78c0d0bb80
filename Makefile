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
# libharu (PDF sheets) ships no .pc file in Debian 12 and 13.
HPDF_LIBS = $(shell $(PKG_CONFIG) --libs libhpdf 2>/dev/null || echo -lhpdf)

ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wpedantic \
  -Iinclude -MMD -MP $(WERROR) $(CFLAGS)
ALL_LDFLAGS = $(LDFLAGS)

CORE_SRC := $(wildcard src/core/*.c src/core/*/*.c)
CORE_OBJ := $(CORE_SRC:%.c=$(BUILD)/%.o)
API_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard src/api/*.c))
HTTP_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard src/http/*.c))
CLI_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard src/cli/*.c))
TEST_SRC := $(wildcard tests/*.c)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/%.o)
BENCH_SRC := bench/bench.c bench/common.c

SUDOKU := $(BUILD)/sudoku
SUDOKUD := $(BUILD)/sudokud
TESTS := $(BUILD)/check_sudoku
BENCH := $(BUILD)/bench_sudoku
BENCH_GEN := $(BUILD)/bench_generate
BENCH_LOGIC := $(BUILD)/bench_logic
BENCH_VARIANTS := $(BUILD)/bench_variants

.PHONY: all test check bench bench-http bench-play browser-test docker-test contract \
  readme-test seed-table proxy-test fuzz sanitize stress asan install uninstall clean run format format-check deps \
  deps-test deps-bench bench-agree

all: $(SUDOKU) $(SUDOKUD) lib

deps:
	@sh scripts/deps.sh build
deps-test:
	@sh scripts/deps.sh test
deps-bench:
	@sh scripts/deps.sh bench

$(BUILD)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# src/core/internal.h is the core's alone: only core objects see src/core.
$(BUILD)/src/core/%.o: src/core/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc/core -c $< -o $@

$(BUILD)/tests/%.o: tests/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Itests $(PKG_CFLAGS) -c $< -o $@

# The JSON writer's test compares it with cJSON.
$(BUILD)/tests/test_json_write.o: PKG_CFLAGS += $(CJSON_CFLAGS)
# The strict reader's test reads its errors' fields (cJSON trees).
$(BUILD)/tests/test_json_strict.o: PKG_CFLAGS += $(CJSON_CFLAGS)
# The variant tests read the api's answers back as JSON trees.
$(BUILD)/tests/test_api_variants.o: PKG_CFLAGS += $(CJSON_CFLAGS)
# The item tests render problems and batch items and read them as trees.
$(BUILD)/tests/test_api_items.o: PKG_CFLAGS += $(CJSON_CFLAGS)
# The generation tests read /generate's answer as a JSON tree.
$(BUILD)/tests/test_generate_rules.o: PKG_CFLAGS += $(CJSON_CFLAGS)

# Only src/api sees cJSON and only src/http sees libmicrohttpd.
$(BUILD)/src/api/%.o: src/api/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CJSON_CFLAGS) -c $< -o $@

$(BUILD)/src/http/%.o: src/http/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc/api $(MHD_CFLAGS) -c $< -o $@

$(BUILD)/src/main.o: src/main.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc -c $< -o $@

$(BUILD)/src/cli/%.o: src/cli/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc -c $< -o $@

$(BUILD)/src/config.o: src/config.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc -c $< -o $@

# Rebuilt from scratch: `ar rcs` on an old archive would keep the object
# of a source file since deleted (a stub replaced by its finder).
$(BUILD)/libsudoku.a: $(CORE_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

# `sudoku --json` reads JSON through src/api's reader (one JSON reader):
# the CLI links the api's objects and cJSON; src/cli includes only api.h.
$(SUDOKU): $(CLI_OBJ) $(BUILD)/src/read_all.o $(BUILD)/src/step_json.o \
  $(BUILD)/src/pdf.o $(API_OBJ) $(BUILD)/libsudoku.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $^ $(HPDF_LIBS) $(CJSON_LIBS) -pthread -lm -o $@

# The web page, built into the binary.
$(BUILD)/gen/page.c: web/index.html scripts/embed.sh
	@mkdir -p $(@D)
	sh scripts/embed.sh web/index.html sudokud_page_html > $@

$(BUILD)/gen/page.o: $(BUILD)/gen/page.c
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(SUDOKUD): $(BUILD)/src/main.o $(BUILD)/src/config.o $(BUILD)/src/read_all.o \
  $(BUILD)/src/step_json.o $(BUILD)/src/pdf.o \
  $(HTTP_OBJ) $(API_OBJ) \
  $(BUILD)/gen/page.o $(BUILD)/libsudoku.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $^ $(MHD_LIBS) $(CJSON_LIBS) $(HPDF_LIBS) \
	  -pthread -lm -o $@

# The suites test config, the worker pool and metrics in-process, so the
# test binary links the http objects too (and libmicrohttpd with them).
$(TESTS): $(TEST_OBJ) $(BUILD)/src/config.o $(BUILD)/src/step_json.o \
  $(BUILD)/src/pdf.o $(HTTP_OBJ) $(API_OBJ) \
  $(BUILD)/gen/page.o $(BUILD)/libsudoku.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $^ $(CHECK_LIBS) $(MHD_LIBS) \
	  $(CJSON_LIBS) $(HPDF_LIBS) -pthread -lm -o $@

$(BENCH): $(BENCH_SRC) $(BUILD)/libsudoku.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $^ -lm -o $@

$(BENCH_GEN): bench/bench_generate.c bench/common.c $(BUILD)/libsudoku.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $^ -o $@

$(BENCH_VARIANTS): bench/bench_variants.c bench/common.c $(BUILD)/libsudoku.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $^ -lm -o $@

$(BENCH_LOGIC): bench/bench_logic.c bench/common.c $(BUILD)/libsudoku.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $^ -lm -o $@

# Agreement of our rating with Sudoku Explainer's (bench/bench_agree.c):
# Spearman, the share within 0.5, a confusion table, time per puzzle.
$(BUILD)/bench_agree: bench/bench_agree.c $(BUILD)/libsudoku.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $^ -lm -o $@

# The calibration set (when ../shared is there), then the 360 puzzles SE
# rated for tests/data (never used to tune the rating: the check).
AGREE_FILES = ../shared/corpus/rated/se_rated_calibration.tsv \
  tests/data/se_rated_fresh.tsv
bench-agree: $(BUILD)/bench_agree
	@if [ -n "$(BENCH_AGREE_ARGS)" ]; then $(BUILD)/bench_agree $(BENCH_AGREE_ARGS); \
	else for f in $(AGREE_FILES); do if [ -r $$f ]; then echo "== $$f"; \
	  $(BUILD)/bench_agree $$f || exit 1; fi; done; fi

# The whole suite: unit, CLI and corpus tests (the full sets from
# ../shared/corpus when that folder exists, else the samples in tests/data).
test check: deps-test
	@$(MAKE) --no-print-directory $(TESTS) $(SUDOKU) $(SUDOKUD)
	python3 scripts/gen_fast9.py --check src/core/fast9_tables.h
	SUDOKU_BIN=$(SUDOKU) SUDOKUD_BIN=$(SUDOKUD) $(TESTS)

# Every test again under AddressSanitizer and UBSan, in a build dir of its own.
ASAN_FLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
  -fno-sanitize-recover=all
asan:
	$(MAKE) BUILD=$(BUILD)/asan CFLAGS="$(ASAN_FLAGS)" \
	  LDFLAGS="-fsanitize=address,undefined" test

# A benchmark, not a test: prints a table, never fails on time.
bench: deps-bench
	@$(MAKE) --no-print-directory $(BENCH) $(BENCH_LOGIC) $(BENCH_GEN) \
	  $(BENCH_VARIANTS)
	$(BENCH) $(BENCH_ARGS)
	$(BENCH_VARIANTS) $(BENCH_VARIANTS_ARGS)
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

# wrk against /hint and /generate: req/s, p50 and p99 (a benchmark).
bench-play: $(SUDOKUD)
	@sh scripts/deps.sh wrk curl bc
	bash bench/bench_play.sh $(SUDOKUD)

run: deps
	@$(MAKE) --no-print-directory $(SUDOKUD)
	./$(SUDOKUD) $(SUDOKUD_ARGS)

# ---- Installing (issue 14): libraries, headers, pkg-config, man pages ----
# libsudoku.a (the binaries link it) and libsudoku.so.0 (soname; only the
# sudoku_* functions exported, by the version script src/core/libsudoku.map)
# built from the same sources compiled again with -fPIC in $(BUILD)/pic/.
# GNU directory variables; DESTDIR for staged installs (make install-test,
# debian/rules). LIBDIR may be a multiarch one (/usr/lib/x86_64-linux-gnu).
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(DATADIR)/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
SOVERSION := 0
SONAME := libsudoku.so.$(SOVERSION)
SHLIB := $(BUILD)/libsudoku.so.$(VERSION)
HEADERS := $(wildcard include/sudoku.h include/sudoku_*.h)
MAN_PAGES := man/sudoku.1 man/sudokud.8
PIC_OBJ := $(CORE_SRC:%.c=$(BUILD)/pic/%.o)

.PHONY: lib install-bin install-lib install-man install-test man-test \
  systemd-test k8s-test deb deb-test debian13-test

lib: $(BUILD)/libsudoku.a $(SHLIB) $(BUILD)/sudoku.pc

$(BUILD)/pic/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc/core -fPIC -c $< -o $@

$(SHLIB): $(PIC_OBJ) src/core/libsudoku.map
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -shared -Wl,-soname,$(SONAME) \
	  -Wl,--version-script,src/core/libsudoku.map \
	  $(PIC_OBJ) -lm -o $@
	ln -sf $(notdir $@) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $(BUILD)/libsudoku.so

# The directories the .pc file is made from, kept in a file rewritten only
# when they change: `make install PREFIX=/usr` after a plain `make` makes
# the .pc again instead of installing the one that says /usr/local.
PC_DIRS := $(PREFIX) $(LIBDIR) $(INCLUDEDIR)
.PHONY: FORCE
FORCE:
$(BUILD)/sudoku.pc.dirs: FORCE
	@mkdir -p $(@D)
	@echo '$(PC_DIRS)' | cmp -s - $@ 2>/dev/null || echo '$(PC_DIRS)' > $@

# The .pc file names libdir and includedir relative to ${prefix} when they
# are under PREFIX, so that pkg-config --define-prefix can relocate it.
$(BUILD)/sudoku.pc: sudoku.pc.in include/sudoku.h Makefile $(BUILD)/sudoku.pc.dirs
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(PREFIX)|' \
	  -e 's|@LIBDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))|' \
	  -e 's|@INCLUDEDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))|' \
	  -e 's|@VERSION@|$(VERSION)|' sudoku.pc.in > $@

install: install-bin install-lib install-man

install-bin: $(SUDOKU) $(SUDOKUD)
	install -d $(DESTDIR)$(BINDIR)
	install -m 755 $(SUDOKU) $(DESTDIR)$(BINDIR)/sudoku
	install -m 755 $(SUDOKUD) $(DESTDIR)$(BINDIR)/sudokud
	install -d $(DESTDIR)$(DATADIR)/sudokud
	install -m 644 openapi.yaml $(DESTDIR)$(DATADIR)/sudokud/openapi.yaml

install-lib: lib
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
	  $(DESTDIR)$(PKGCONFIGDIR)
	install -m 644 $(BUILD)/libsudoku.a $(DESTDIR)$(LIBDIR)/libsudoku.a
	install -m 755 $(SHLIB) $(DESTDIR)$(LIBDIR)/$(notdir $(SHLIB))
	ln -sf $(notdir $(SHLIB)) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libsudoku.so
	install -m 644 $(HEADERS) $(DESTDIR)$(INCLUDEDIR)/
	install -m 644 $(BUILD)/sudoku.pc $(DESTDIR)$(PKGCONFIGDIR)/sudoku.pc

install-man:
	install -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man8
	install -m 644 man/sudoku.1 $(DESTDIR)$(MANDIR)/man1/sudoku.1
	install -m 644 man/sudokud.8 $(DESTDIR)$(MANDIR)/man8/sudokud.8

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/sudoku $(DESTDIR)$(BINDIR)/sudokud
	rm -f $(DESTDIR)$(DATADIR)/sudokud/openapi.yaml
	-rmdir $(DESTDIR)$(DATADIR)/sudokud 2>/dev/null
	rm -f $(DESTDIR)$(LIBDIR)/libsudoku.a $(DESTDIR)$(LIBDIR)/libsudoku.so \
	  $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/$(notdir $(SHLIB))
	rm -f $(addprefix $(DESTDIR)$(INCLUDEDIR)/,$(notdir $(HEADERS)))
	rm -f $(DESTDIR)$(PKGCONFIGDIR)/sudoku.pc
	rm -f $(DESTDIR)$(MANDIR)/man1/sudoku.1 $(DESTDIR)$(MANDIR)/man8/sudokud.8

# make install into a temporary DESTDIR, then examples/solve.c built with
# pkg-config against it, shared and static, run; only sudoku_* exported;
# make uninstall leaves nothing behind.
install-test: all
	bash tests/install/run.sh

# mandoc -T lint on both pages; every option of `--help` (sudokud, sudoku
# and each subcommand it lists) in the man page and back.
man-test: all
	@sh scripts/deps.sh mandoc
	bash tests/man/run.sh $(SUDOKU) $(SUDOKUD)

# deploy/systemd: systemd-analyze verify and security (exposure <= 2.0),
# DRAIN_MS below TimeoutStopSec; no running systemd needed.
systemd-test: $(SUDOKUD)
	@sh scripts/deps.sh systemd strace curl
	bash tests/systemd/run.sh $(SUDOKUD)

# deploy/k8s: every manifest against the Kubernetes schemas (offline, npm
# kubernetes-models), and its probes, port and env served by build/sudokud.
k8s-test: $(SUDOKUD)
	bash tests/k8s/run.sh $(SUDOKUD)

# The Debian packages (sudokud, libsudoku0, libsudoku-dev) into $(BUILD)/deb/,
# then installed into a clean Debian 12 container (podman) and used there.
deb:
	bash scripts/deb.sh
deb-test:
	bash scripts/deb-test.sh

# The README's make test (with -Werror) and make run in a fresh Debian 13
# root: debootstrap minbase trixie, a chroot, a clone of HEAD (root).
debian13-test:
	bash tests/debian13/run.sh
# ---- end of installing ----

# Every C file of the project, at any depth under src/.
FORMAT_FILES = $(wildcard include/*.h src/*.c src/*.h src/*/*.c src/*/*.h src/*/*/*.c \
  src/*/*/*.h tests/*.c tests/*.h tests/fuzz/*.c bench/*.c examples/*.c)
format:
	clang-format -i $(FORMAT_FILES)
format-check:
	clang-format --dry-run --Werror $(FORMAT_FILES)

clean:
	rm -rf $(BUILD)

-include $(CORE_OBJ:.o=.d) $(PIC_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(API_OBJ:.o=.d) \
  $(HTTP_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(BUILD)/src/main.d $(BUILD)/src/config.d \
  $(BUILD)/src/read_all.d $(BUILD)/src/step_json.d $(BUILD)/src/pdf.d
