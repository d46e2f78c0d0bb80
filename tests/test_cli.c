/* test_cli.c - the real build/sudoku binary: judge samples byte for byte,
 * exit statuses, located errors. SUDOKU_BIN names the binary. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests.h"

static const char *const judge_cases[] = {"boj2580", "hdu1426",
                                          "hdu1426_2cases"};

START_TEST(judge_samples_byte_exact) {
  char path[256];
  size_t len;
  snprintf(path, sizeof path, TEST_DATA_DIR "/judge/%s.in", judge_cases[_i]);
  char *input = test_read_file(path, &len);
  snprintf(path, sizeof path, TEST_DATA_DIR "/judge/%s.out", judge_cases[_i]);
  char *want = test_read_file(path, NULL);
  ck_assert_ptr_nonnull(input);
  ck_assert_ptr_nonnull(want);
  struct run r = run_cli("", input, len);
  ck_assert_int_eq(r.status, 0);
  ck_assert_str_eq(r.out, want);
  ck_assert_str_eq(r.err, "");
  run_free(&r);
  free(input);
  free(want);
}
END_TEST

/* args, stdin, exit status, exact stdout (NULL: not checked), a piece of
 * stderr (NULL: must be empty). */
static const struct {
  const char *args, *input;
  int status;
  const char *out, *err;
} cases[] = {
    {"--format line", CLASSIC "\n" CLASSIC "\n", 0,
     CLASSIC_SOLVED "\n" CLASSIC_SOLVED "\n", NULL},
    {"", CLASSIC, 0,
     "5 3 4 6 7 8 9 1 2\n6 7 2 1 9 5 3 4 8\n1 9 8 3 4 2 5 6 7\n"
     "8 5 9 7 6 1 4 2 3\n4 2 6 8 5 3 7 9 1\n7 1 3 9 2 4 8 5 6\n"
     "9 6 1 5 3 7 2 8 4\n2 8 7 4 1 9 6 3 5\n3 4 5 2 8 6 1 7 9\n",
     NULL},
    {"--format line --lexmin", MULTI "\n", 0, MULTI_LEXMIN "\n",
     "puzzle 1: several solutions; printed the smallest"},
    {"--format line", "12345678.........9\n", 2, "",
     "puzzle 1: expected 324 cells, got 18"},
    {"", "53..7....\n6..19#...\n", 2, "", "line 2, column 6: '#'"},
    {"", "53..7....\n6..19x...\n", 2, "",
     "line 2, column 6: 'x' is not a digit or a blank"},
    {"", "hello world", 2, "",
     "line 1, column 1: 'h' is not a digit, A (10) or a blank of a 10x10 "
     "puzzle"},
    {"--format line", DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 "......",
     2, "", "puzzle 1: expected 81 cells, got 78"},
    {"--format line", NO_SOLUTION "\n", 1, "no solution\n",
     "puzzle 1: the puzzle has no solution"},
    {"--format line", "55" CLASSIC "\n", 2, "", "puzzle 1: expected 81 cells"},
    {"--format line", CONFLICTING "\n", 1, "no solution\n",
     "puzzle 1: conflicting givens: r1c1 and r1c3 are both 5 (row 1)"},
    {"--format line", CLASSIC "\n" NO_SOLUTION "\n" CLASSIC "\n", 1,
     CLASSIC_SOLVED "\nno solution\n" CLASSIC_SOLVED "\n", "puzzle 2"},
    {"", CLASSIC "\n" NO_SOLUTION "\n", 1,
     "5 3 4 6 7 8 9 1 2\n6 7 2 1 9 5 3 4 8\n1 9 8 3 4 2 5 6 7\n"
     "8 5 9 7 6 1 4 2 3\n4 2 6 8 5 3 7 9 1\n7 1 3 9 2 4 8 5 6\n"
     "9 6 1 5 3 7 2 8 4\n2 8 7 4 1 9 6 3 5\n3 4 5 2 8 6 1 7 9\n"
     "\nno solution\n",
     "puzzle 2"},
    {"", "", 2, "", "no puzzle in the input"},
    {"", "\n \n---+---\n", 2, "", "no puzzle in the input"},
    {"--format xml", CLASSIC, 2, "", "--format takes judge, line or svg"},
    {"--deadline-ms -1", CLASSIC, 2, "", "--deadline-ms takes"},
    {"--bogus", CLASSIC, 2, "", "unknown or incomplete option '--bogus'"},
    {"--version", "", 0, "sudoku " SUDOKU_VERSION "\n", NULL},
    {"--jobs 0", CLASSIC, 2, "", "--jobs takes 1..64, not '0'"},
    {"--jobs 65", CLASSIC, 2, "", "--jobs takes 1..64"},
    {"--jobs", CLASSIC, 2, "", "unknown or incomplete option '--jobs'"},
    /* Streaming: the answers before a malformed puzzle are printed, then
     * its located error, exit 2. */
    {"--format line", CLASSIC "\n" CLASSIC "\n53..7....\n6..19x...\n", 2,
     CLASSIC_SOLVED "\n" CLASSIC_SOLVED "\n",
     "line 4, column 6: 'x' is not a digit or a blank"},
    {"--format line --jobs 2", CLASSIC "\n" NO_SOLUTION "\n55" CLASSIC "\n", 2,
     CLASSIC_SOLVED "\nno solution\n", "puzzle 3: expected 81 cells"},
    /* --option=VALUE, as sudokud takes it, for every subcommand. */
    {"--format=line --jobs=2", CLASSIC "\n", 0, CLASSIC_SOLVED "\n", NULL},
    {"rate --deadline-ms=5000", CLASSIC "\n", 0, "1.2 easy hidden-single\n",
     NULL},
    {"--format=", CLASSIC, 2, "", "--format takes judge, line or svg, not ''"},
    /* A byte order mark at the start is skipped, as the core reader does. */
    {"--format line", "\xEF\xBB\xBF" CLASSIC "\n", 0, CLASSIC_SOLVED "\n",
     NULL},
};

START_TEST(cli_behaviour) {
  struct run r =
      run_cli(cases[_i].args, cases[_i].input, strlen(cases[_i].input));
  ck_assert_int_eq(r.status, cases[_i].status);
  if (cases[_i].out != NULL)
    ck_assert_str_eq(r.out, cases[_i].out);
  if (cases[_i].err == NULL)
    ck_assert_str_eq(r.err, "");
  else
    ck_assert_msg(strstr(r.err, cases[_i].err) != NULL,
                  "stderr '%s' lacks '%s'", r.err, cases[_i].err);
  run_free(&r);
}
END_TEST

/* A growable input for the streaming tests. */
struct buf {
  char *s;
  size_t len, cap;
};

static void buf_add(struct buf *b, const char *text) {
  size_t n = strlen(text);
  if (b->len + n + 1 > b->cap) {
    b->cap = 2 * (b->len + n + 1);
    b->s = realloc(b->s, b->cap);
    ck_assert_ptr_nonnull(b->s);
  }
  memcpy(b->s + b->len, text, n + 1);
  b->len += n;
}

/* Puzzle i of a varied set: unique, without a solution, several solutions,
 * clashing givens, as 81-character lines. */
static const char *mixed_puzzle(int i) {
  static const char *const set[] = {CLASSIC,     NO_SOLUTION, MULTI, CLASSIC,
                                    CONFLICTING, CLASSIC,     MULTI};
  return set[i % 7];
}

/* The same puzzles as 81-character lines (the fast path) and as decorated
 * 9-row grids with '0' blanks (the core reader, several puzzles per read
 * window: over 256 KiB of input, grids cut by every window edge) give the
 * same output, and --jobs changes no byte of stdout, stderr or status. */
START_TEST(streaming_is_byte_identical) {
  enum { COUNT = 3000 };
  struct buf lines = {0}, grids = {0};
  for (int i = 0; i < COUNT; i++) {
    const char *p = mixed_puzzle(i);
    buf_add(&lines, p);
    buf_add(&lines, "\n");
    for (int r = 0; r < 9; r++) {
      char row[32];
      int k = 0;
      for (int c = 0; c < 9; c++) {
        if (c == 3 || c == 6)
          row[k++] = '|';
        row[k++] = p[9 * r + c] == '.' ? '0' : p[9 * r + c];
      }
      row[k++] = '\n';
      row[k] = '\0';
      buf_add(&grids, row);
      if (r == 2 || r == 5)
        buf_add(&grids, "---+---+---\n");
    }
    buf_add(&grids, "\n");
  }
  ck_assert_uint_gt(grids.len, 256u << 10);
  struct run ref = run_cli("--jobs 1", lines.s, lines.len);
  ck_assert_int_eq(ref.status, 1);
  ck_assert_ptr_nonnull(strstr(ref.err, "puzzle 2999: several solutions"));
  static const char *const args[] = {"--jobs 2", "--jobs 7"};
  for (int k = 0; k < 4; k++) {
    struct run r = k < 2 ? run_cli(args[k], lines.s, lines.len)
                         : run_cli(args[k - 2], grids.s, grids.len);
    ck_assert_int_eq(r.status, ref.status);
    ck_assert_str_eq(r.out, ref.out);
    ck_assert_str_eq(r.err, ref.err);
    run_free(&r);
  }
  run_free(&ref);
  free(lines.s);
  free(grids.s);
}
END_TEST

/* Line and puzzle numbers count from the start of the input, across read
 * windows and the fast path. */
START_TEST(streaming_errors_are_located) {
  struct buf in = {0};
  for (int i = 0; i < 5000; i++) {
    buf_add(&in, CLASSIC);
    buf_add(&in, i % 2 ? "\n" : "\n\n");
  }
  buf_add(&in, "53..7....\n6..1?5...\n....x....\n");
  struct run r = run_cli("--format line --jobs 2", in.s, in.len);
  ck_assert_int_eq(r.status, 2);
  ck_assert_uint_eq(strlen(r.out), 5000u * 82);
  ck_assert_msg(strstr(r.err, "sudoku: line 7503, column 5: 'x'") != NULL,
                "stderr '%s'", r.err);
  run_free(&r);
  free(in.s);
}
END_TEST

START_TEST(help_describes_usage) {
  struct run r = run_cli("--help", "", 0);
  ck_assert_int_eq(r.status, 0);
  ck_assert_ptr_nonnull(strstr(r.out, "usage: sudoku"));
  ck_assert_ptr_nonnull(strstr(r.out, "--lexmin"));
  ck_assert_ptr_nonnull(strstr(r.out, "--jobs N"));
  run_free(&r);
}
END_TEST

Suite *cli_suite(void) {
  Suite *s = suite_create("cli");
  TCase *tc = tcase_create("cli");
  tcase_set_timeout(tc, 30);
  tcase_add_loop_test(tc, judge_samples_byte_exact, 0,
                      (int)(sizeof judge_cases / sizeof judge_cases[0]));
  tcase_add_loop_test(tc, cli_behaviour, 0,
                      (int)(sizeof cases / sizeof cases[0]));
  tcase_add_test(tc, streaming_is_byte_identical);
  tcase_add_test(tc, streaming_errors_are_located);
  tcase_add_test(tc, help_describes_usage);
  suite_add_tcase(s, tc);
  return s;
}
