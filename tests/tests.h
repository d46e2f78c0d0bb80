/* tests.h - the check suites, one per module, run by tests/check_main.c. */
#ifndef SUDOKU_TESTS_H
#define SUDOKU_TESTS_H

#include <check.h>

#include "sudoku.h"

Suite *grid_suite(void);   /* test_grid.c: shapes, validation, checker */
Suite *solve_suite(void);  /* test_solve.c: every size, limits, lexmin */
Suite *format_suite(void); /* test_format.c: the reader and its errors */
void format_write_tcases(Suite *s); /* test_format_write.c: the writers */
Suite *cli_suite(void);    /* test_cli.c: build/sudoku, judge samples */
Suite *rules_suite(void);  /* test_rules.c: variants */
Suite *corpus_suite(void); /* test_corpus.c: tests/data and ../shared */
Suite *api_suite(void);    /* test_api.c: POST /solve without sockets */
Suite *http_suite(void);   /* test_http.c: the real sudokud on loopback */
TCase *http_lifecycle_tcase(void); /* test_http_lifecycle.c: its own servers */
Suite *ops_suite(void);       /* test_ops.c: config, worker pool, metrics */
Suite *hostile_suite(void);   /* test_hostile.c: framing, half-close, abuse */
Suite *logic_suite(void);     /* test_logic.c: steps, techniques, rating */
Suite *cli_logic_suite(void); /* test_cli_logic.c: rate, steps, hint */
Suite *chains_suite(void);    /* test_chains.c: chain techniques, soundness */
Suite *agree_suite(void);     /* test_agree.c: ratings against SE's */
Suite *toolkit_suite(void);   /* test_toolkit.c: /hint /check /rate ... */
Suite *http_toolkit_suite(void); /* test_http_toolkit.c: the same over TCP */
TCase *http_marks_tcase(void);   /* test_http_marks.c: marked positions in */
Suite *generate_suite(void);     /* test_generate.c: new puzzles, seed table */
Suite *draw_suite(void); /* test_draw.c: SVG pictures, read back as XML */
Suite *cli_generate_suite(void);   /* test_cli_generate.c: sudoku generate */
Suite *generate_rules_suite(void); /* test_generate_rules.c: variants */
Suite *marks_suite(void);          /* test_marks.c: pencil-mark formats */
Suite *pictures_suite(void);       /* test_pictures.c: SVG and PDF answers */
/* test_json_write.c: the JSON writer and the tree-less reader against
 * cJSON, a test case of api_suite. */
void api_add_json_write(Suite *s);
/* test_api_items.c: problems and failed batch items, their members, a test
 * case of api_suite. */
void api_add_items(Suite *s);
/* test_json_strict.c: the strict JSON reader's faults, located, and its
 * members named twice, a test case of api_suite. */
void api_add_json_strict(Suite *s);
/* test_logic_sound.c: the soundness walks, a test case of logic_suite. */
void logic_add_soundness(Suite *s);
/* test_chain_paths.c: whole paths by steps, in chains_suite's "paths". */
void chains_add_paths(TCase *tc);
/* test_logic_state.c: the places the state keeps, a test case of
 * logic_suite. */
void logic_add_state(Suite *s);
void logic_add_rules(Suite *s); /* test_logic_rules.c: logic under rules */
/* test_logic_killer.c: the killer finders on hand-made positions */
void logic_add_killer(Suite *s);

/* Directory of the committed samples and of the shared corpus. */
#define TEST_DATA_DIR "tests/data"
#define SHARED_CORPUS_DIR "../shared/corpus"

/* ---- Puzzles shared by the suites ---- */

/* The classic puzzle (Wikipedia's example), unique, and its solution. */
#define CLASSIC                                                                \
  "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5"   \
  "....8..79"
#define CLASSIC_SOLVED                                                         \
  "534678912672195348198342567859761423426853791713924856961537284287419635"   \
  "345286179"
#define CLASSIC_JUDGE                                                          \
  "5 3 4 6 7 8 9 1 2\n6 7 2 1 9 5 3 4 8\n1 9 8 3 4 2 5 6 7\n"                  \
  "8 5 9 7 6 1 4 2 3\n4 2 6 8 5 3 7 9 1\n7 1 3 9 2 4 8 5 6\n"                  \
  "9 6 1 5 3 7 2 8 4\n2 8 7 4 1 9 6 3 5\n3 4 5 2 8 6 1 7 9\n"
#define DOTS9 "........."
/* No two givens clash, yet r1c9 has no candidate. */
#define NO_SOLUTION                                                            \
  "12345678."                                                                  \
  "........9" DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9
/* CLASSIC with an x (33: past 9) at r1c4, cell index 3. */
#define CELL_ERROR                                                             \
  "53.x7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5"   \
  "....8..79"
/* CELL_ERROR as item 1 of a batch: one "index", its place. */
#define CELL_ERROR_ITEM                                                        \
  "{\"index\":1,\"status\":\"invalid-puzzle\",\"title\":\"Invalid "            \
  "puzzle\",\"http_status\":400,\"detail\":\"puzzles[1]: character 4 (r1c4) "  \
  "'x' is 33, larger than 9\",\"path\":\"puzzles[1]\",\"cell\":"               \
  "\"r1c4\",\"cell_index\":3}"
/* r1c1 and r1c3 are both 5. */
#define CONFLICTING "5.5......" DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9
/* A 17-clue puzzle with one given deleted: over 1000 solutions. */
#define MULTI                                                                  \
  "................12..3..4........35...1......67.8.....9....7..3...6...4..9"  \
  "........"
/* ... whose lexicographically smallest solution is: */
#define MULTI_LEXMIN                                                           \
  "125687943487539612693124758269713584514298376738465129841976235376852491"   \
  "952341867"

/* ---- Helpers shared by the suites (tests/util.c) ---- */

/* What an XML parser (python3 minidom) saw in an SVG: the root's width, the
 * <text> elements under each colour group, the shaded cells, and whether a
 * struck-out path exists. */
struct svg_seen {
  int ok, width, givens, entries, placed, marks, struck, rects, strokes;
};

/* Parses svg with python3's xml.dom.minidom (expat); ok = 0 when it is not
 * well-formed XML or not an svg root. */
struct svg_seen test_parse_svg(const char *svg);

/* A solved grid of the given box shape, shuffled by seed (digits relabeled,
 * rows swapped within bands, columns within stacks): valid by
 * construction, checked by sudoku_is_solution in the tests. */
void test_solved_grid(sudoku_grid *g, int box_rows, int box_cols,
                      uint32_t seed);
/* Blanks cells of g at random until only `givens` remain. */
void test_blank_cells(sudoku_grid *g, int givens, uint32_t seed);
/* A 9x9 grid from an 81-character line ('.' or '0' blank); a shorter
 * string leaves the remaining cells blank. */
void test_grid_from_line(sudoku_grid *g, const char *line);
/* The grid as n*n digits/letters (no newline) into buf[SUDOKU_TEXT_MAX]. */
const char *test_grid_to_line(const sudoku_grid *g, char *buf);
/* Whole file into a malloc'd NUL-terminated buffer, NULL if absent. */
char *test_read_file(const char *path, size_t *len);
/* Calls fn on the puzzles of the file at path whose 0-based index i has
 * i % stride == first % stride, at most max of them (0: no limit), with
 * where = "PATH puzzle N" (N 1-based). Fails the test when the file cannot
 * be read. Returns how many fn saw; adds fn's answers to *sum (may be
 * NULL). */
typedef int (*test_puzzle_fn)(const sudoku_grid *g, const char *where,
                              void *ctx);
unsigned test_each_puzzle(const char *path, unsigned stride, unsigned first,
                          unsigned max, test_puzzle_fn fn, void *ctx,
                          long *sum);

/* ---- The real build/sudoku (tests/util.c) ---- */

struct run {
  int status; /* exit status, -1 when it did not exit */
  char *out, *err;
};

/* Runs SUDOKU_BIN (default build/sudoku) with args (a shell word list),
 * stdin from input[0..len), and collects both outputs. */
struct run run_cli(const char *args, const char *input, size_t len);
void run_free(struct run *r);

/* ---- A real sudokud on loopback (tests/server.c) ---- */

#include <sys/types.h>

struct server {
  pid_t pid;
  int port;
  char log[64]; /* its stderr */
};

/* Starts SUDOKUD_BIN (default build/sudokud) with extra args on 127.0.0.1,
 * port 0; waits for its "listening on" line and reads the port from it. */
void server_start(struct server *s, const char *args);
/* SIGTERM, then the exit status (-1 when it did not exit in 15 s). */
int server_stop(struct server *s);
/* A TCP connection to 127.0.0.1:port, 20 s receive timeout. */
int connect_to(int port);
/* The same from a source address of the loopback net ("127.0.0.2"): to the
 * server, another client. */
int connect_from(int port, const char *source);
/* A /solve body that runs to any deadline at a worker (a 25x25 without a
 * solution that no quick test sees), and a connection from source (NULL:
 * 127.0.0.1) that has sent it, its answer unread. */
const char *slow_solve_body(void);
int send_slow_from(int port, const char *source);
/* Sends everything it can (the server may answer early and close). */
void send_all(int fd, const char *p, size_t len);
void sleep_ms(long ms);

/* ---- A small HTTP client (tests/http_client.c) ---- */

struct reply {
  int status;
  char *head; /* status line and headers, NUL-terminated */
  char *body;
  size_t body_len;
};

/* The value of header name in r ("" when absent), case-insensitive. */
const char *header(const struct reply *r, const char *name, char *buf,
                   size_t cap);

/* Request headers, and checks of a reply's body and headers. */
#define JSON_HDR "Content-Type: application/json\r\n"
#define TEXT_HDR "Content-Type: text/plain\r\n"
#define FORM_HDR "Content-Type: application/x-www-form-urlencoded\r\n"
#define ACCEPT_TEXT "Accept: text/plain\r\n"
#define HAS(r, piece)                                                          \
  ck_assert_msg(strstr((r).body, (piece)) != NULL, "body '%s' lacks '%s'",     \
                (r).body, (piece))
#define HEADER_IS(r, name, want)                                               \
  do {                                                                         \
    char hb_[512];                                                             \
    ck_assert_str_eq(header(&(r), (name), hb_, sizeof hb_), (want));           \
  } while (0)
#define HEADER_HAS(r, name, want)                                              \
  do {                                                                         \
    char hb_[512];                                                             \
    ck_assert_msg(strstr(header(&(r), (name), hb_, sizeof hb_), (want)),       \
                  "%s: '%s' lacks '%s'", (name), hb_, (want));                 \
  } while (0)

struct reply parse_reply(char *buf, size_t len);
/* Logs one whole answer read from a raw socket (raw[0..len), one answer)
 * to CONTRACT_LOG, as the HTTP client logs its own. */
void contract_log_raw(const char *method, const char *path, const char *raw,
                      size_t len);
/* Reads one reply on fd and logs it to CONTRACT_LOG. */
struct reply read_reply(int fd, const char *method, const char *path);
/* A keep-alive GET on an open connection. */
struct reply request_on(int fd, const char *method, const char *path);
/* One request on a new connection; headers are extra lines, each ending in
 * \r\n; a body gets its Content-Length. */
struct reply request(int port, const char *method, const char *path,
                     const char *headers, const char *body);
void reply_free(struct reply *r);

#endif
