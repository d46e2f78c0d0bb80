/*
 * test_format_write.c - the format suite's writer cases: the judge samples
 * of ../shared/corpus/judge (or their embedded copies) read and written back
 * byte for byte, judge text and the line format read back at every side
 * with a box shape, and the writers' exact bytes and snprintf contract.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format_texts.h"
#include "tests.h"
/* ---- Judge samples: read, then written back byte for byte -------------- */

static const struct judge_sample {
  const char *stem; /* in SHARED_CORPUS_DIR "/judge" */
  const char *in, *out;
  int puzzles;
} judge_samples[] = {
    {"boj2580", BOJ_IN, BOJ_OUT, 1},
    {"hdu1426", HDU_IN, HDU_OUT, 1},
    {"hdu1426_2cases", HDU_IN "\n" HDU_IN2, HDU_OUT "\n" HDU_OUT, 2},
};

/* The sample's file when ../shared is there, else the embedded copy. */
static char *judge_text(const char *stem, const char *ext, const char *copy,
                        size_t *len) {
  char path[256];
  snprintf(path, sizeof path, "%s/judge/%s.%s", SHARED_CORPUS_DIR, stem, ext);
  char *text = test_read_file(path, len);
  if (text == NULL) {
    *len = strlen(copy);
    text = malloc(*len + 1);
    ck_assert_ptr_nonnull(text);
    memcpy(text, copy, *len + 1);
  }
  return text;
}

/* Writes every puzzle of text as judge text, one empty line between. */
static size_t rewrite_judge(const char *text, size_t len, char *out, size_t cap,
                            sudoku_grid *grids, int max) {
  struct sudoku_reader r;
  struct sudoku_text_error err = {0, 0, 0, ""};
  size_t used = 0;
  int count = 0;
  sudoku_reader_init(&r, text, len);
  while (count < max && sudoku_read_next(&r, &grids[count], &err) == 1) {
    if (count > 0)
      out[used++] = '\n';
    used += sudoku_write_judge(&grids[count], out + used, cap - used);
    ck_assert_uint_lt(used, cap);
    count++;
  }
  ck_assert_msg(sudoku_read_next(&r, &grids[0], &err) == 0, "%s", err.message);
  out[used] = '\0';
  return used;
}

START_TEST(judge_samples_round_trip) {
  const struct judge_sample *s = &judge_samples[_i];
  size_t in_len, out_len;
  char *in = judge_text(s->stem, "in", s->in, &in_len);
  char *out = judge_text(s->stem, "out", s->out, &out_len);
  static char written[4096];
  sudoku_grid puzzles[2], solutions[2];

  /* The answers read and written again are the same bytes. */
  size_t got = rewrite_judge(out, out_len, written, sizeof written, solutions,
                             s->puzzles);
  ck_assert_uint_eq(got, out_len);
  ck_assert_mem_eq(written, out, out_len);

  /* The puzzles come back with every '?' written as 0. */
  for (size_t i = 0; i < in_len; i++)
    if (in[i] == '?')
      in[i] = '0';
  got = rewrite_judge(in, in_len, written, sizeof written, puzzles, s->puzzles);
  ck_assert_uint_eq(got, in_len);
  ck_assert_mem_eq(written, in, in_len);

  for (int p = 0; p < s->puzzles; p++)
    ck_assert(sudoku_is_solution(&puzzles[p], &solutions[p]));
  free(in);
  free(out);
}
END_TEST

/* ---- Round trips at every side with a box shape ------------------------ */

static const int sides[] = {4,  6,  8,  9,  10, 12, 14, 15,
                            16, 18, 20, 21, 22, 24, 25};

/* The generated grid of the LINE_* macros, at any side. */
static void pattern(sudoku_grid *g, int n) {
  int br, bc;
  ck_assert(sudoku_box_shape(n, &br, &bc));
  ck_assert_int_eq(sudoku_grid_init(g, br, bc), SUDOKU_OK);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      g->cell[r * n + c] =
          (7 * r + 3 * c) % 5 == 0
              ? 0
              : (uint8_t)(((r % br) * bc + r / br + c) % n + 1);
}

static void assert_same_grid(const sudoku_grid *a, const sudoku_grid *b) {
  ck_assert_int_eq(a->n, b->n);
  ck_assert_int_eq(a->box_rows, b->box_rows);
  ck_assert_int_eq(a->box_cols, b->box_cols);
  ck_assert_mem_eq(a->cell, b->cell, (size_t)a->n * a->n);
}

START_TEST(judge_text_round_trips) {
  char buf[SUDOKU_TEXT_MAX];
  sudoku_grid g, back;
  struct sudoku_reader r;
  struct sudoku_text_error err = {0, 0, 0, ""};
  pattern(&g, sides[_i]);
  size_t len = sudoku_write_judge(&g, buf, sizeof buf);
  ck_assert_uint_lt(len, sizeof buf);
  sudoku_reader_init(&r, buf, len);
  ck_assert_msg(sudoku_read_next(&r, &back, &err) == 1, "%s", err.message);
  assert_same_grid(&g, &back);
}
END_TEST

START_TEST(line_format_round_trips) {
  char buf[SUDOKU_TEXT_MAX];
  sudoku_grid g, back;
  struct sudoku_reader r;
  struct sudoku_text_error err = {0, 0, 0, ""};
  pattern(&g, sides[_i]);
  size_t len = sudoku_write_line(&g, buf, sizeof buf);
  ck_assert_uint_eq(len, (size_t)g.n * g.n + 1);
  sudoku_reader_init(&r, buf, len);
  int got = sudoku_read_next(&r, &back, &err);
  ck_assert_msg(got == 1, "%s", err.message);
  assert_same_grid(&g, &back);
}
END_TEST

/* ---- Writers ----------------------------------------------------------- */

static const struct write_case {
  const char *name;
  const char *in; /* read with the reader */
  const char *judge, *line;
} writes[] = {
    {"9x9: blanks as 0, one space, no trailing space", WIKI_LINE,
     "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n"
     "8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n"
     "0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 9\n",
     WIKI_LINE "\n"},
    {"4x4", "1.34\n34.2\n214.\n.321\n", "1 0 3 4\n3 4 0 2\n2 1 4 0\n0 3 2 1\n",
     "1.3434.2214..321\n"},
    {"12x12: numbers above 9 in decimal, letters in the line format",
     ".2345.789A.C\n5.789A.C123.\n9A.C123.5678\n234.6789.BC1\n"
     "6789.BC12.45\n.BC12.4567.9\n3.5678.ABC1.\n78.ABC1.3456\n"
     "BC1.3456.89A\n4567.9ABC.23\n.9ABC.2345.7\nC.2345.789A.\n",
     "0 2 3 4 5 0 7 8 9 10 0 12\n5 0 7 8 9 10 0 12 1 2 3 0\n"
     "9 10 0 12 1 2 3 0 5 6 7 8\n2 3 4 0 6 7 8 9 0 11 12 1\n"
     "6 7 8 9 0 11 12 1 2 0 4 5\n0 11 12 1 2 0 4 5 6 7 0 9\n"
     "3 0 5 6 7 8 0 10 11 12 1 0\n7 8 0 10 11 12 1 0 3 4 5 6\n"
     "11 12 1 0 3 4 5 6 0 8 9 10\n4 5 6 7 0 9 10 11 12 0 2 3\n"
     "0 9 10 11 12 0 2 3 4 5 0 7\n12 0 2 3 4 5 0 7 8 9 10 0\n",
     LINE_12 "\n"},
};

static void read_one(const char *text, sudoku_grid *g) {
  struct sudoku_reader r;
  struct sudoku_text_error err = {0, 0, 0, ""};
  sudoku_reader_init(&r, text, strlen(text));
  ck_assert_msg(sudoku_read_next(&r, g, &err) == 1, "%s", err.message);
}

START_TEST(writers_write_exact_bytes) {
  const struct write_case *c = &writes[_i];
  char buf[SUDOKU_TEXT_MAX];
  sudoku_grid g;
  read_one(c->in, &g);
  ck_assert_uint_eq(sudoku_write_judge(&g, buf, sizeof buf), strlen(c->judge));
  ck_assert_str_eq(buf, c->judge);
  ck_assert_uint_eq(sudoku_write_line(&g, buf, sizeof buf), strlen(c->line));
  ck_assert_str_eq(buf, c->line);
}
END_TEST

/* Like snprintf: the full length is returned whatever cap is; the first
 * cap - 1 bytes and a NUL are stored; nothing at or past cap is touched. */
static const size_t caps[] = {0, 1, 2, 17, 81, 82, 83, 161, 162, 163};

START_TEST(writers_respect_cap) {
  sudoku_grid g;
  read_one(WIKI_LINE, &g);
  char full[SUDOKU_TEXT_MAX], buf[SUDOKU_TEXT_MAX + 8];
  size_t (*const writers[])(const sudoku_grid *, char *,
                            size_t) = {sudoku_write_judge, sudoku_write_line};
  for (size_t w = 0; w < 2; w++) {
    size_t cap = caps[_i];
    size_t len = writers[w](&g, full, sizeof full);
    memset(buf, 0x7f, sizeof buf);
    ck_assert_uint_eq(writers[w](&g, buf, cap), len);
    size_t kept = cap == 0 ? 0 : (cap - 1 < len ? cap - 1 : len);
    ck_assert_mem_eq(buf, full, kept);
    if (cap > 0)
      ck_assert_int_eq(buf[kept], '\0');
    for (size_t i = cap; i < sizeof buf; i++)
      ck_assert_int_eq(buf[i], 0x7f);
  }
  /* With cap 0, buf is never touched and may be NULL. */
  ck_assert_uint_eq(sudoku_write_judge(&g, NULL, 0), 162);
  ck_assert_uint_eq(sudoku_write_line(&g, NULL, 0), 82);
}
END_TEST

START_TEST(text_max_holds_the_widest_grid) {
  sudoku_grid g;
  char buf[SUDOKU_TEXT_MAX];
  ck_assert_int_eq(sudoku_grid_init(&g, 5, 5), SUDOKU_OK);
  memset(g.cell, 25, sizeof g.cell);
  /* 25 rows of 25 two-digit numbers, 24 spaces and a newline. */
  ck_assert_uint_eq(sudoku_write_judge(&g, buf, sizeof buf), 25 * 75);
  ck_assert_uint_eq(sudoku_write_line(&g, buf, sizeof buf), 626);
  ck_assert_uint_lt(25 * 75, SUDOKU_TEXT_MAX);
}
END_TEST

/* ---- The cases --------------------------------------------------------- */

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

void format_write_tcases(Suite *s) {
  TCase *tc = tcase_create("judge samples");
  tcase_add_loop_test(tc, judge_samples_round_trip, 0, COUNT(judge_samples));
  suite_add_tcase(s, tc);

  tc = tcase_create("round trips");
  tcase_add_loop_test(tc, judge_text_round_trips, 0, COUNT(sides));
  tcase_add_loop_test(tc, line_format_round_trips, 0, COUNT(sides));
  suite_add_tcase(s, tc);

  tc = tcase_create("writers");
  tcase_add_loop_test(tc, writers_write_exact_bytes, 0, COUNT(writes));
  tcase_add_loop_test(tc, writers_respect_cap, 0, COUNT(caps));
  tcase_add_test(tc, text_max_holds_the_widest_grid);
  suite_add_tcase(s, tc);
}
