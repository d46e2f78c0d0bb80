/*
 * test_corpus.c - every corpus file, puzzle by puzzle, against the known
 * answers: solutions equal (and re-checked by sudoku_is_solution), unique
 * puzzles unique, multi-solution puzzles not unique with the exact count,
 * no-solution and conflicting puzzles reported as such. Reads the full
 * sets from ../shared/corpus when it exists, else the samples in
 * tests/data. The puzzles go through the text reader (81-char lines).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests.h"

/* KIND_SOLVABLE: generated puzzles without stored answers; any solution
 * the independent checker accepts will do. */
enum kind {
  KIND_UNIQUE,
  KIND_MULTI,
  KIND_NONE,
  KIND_CONFLICTING,
  KIND_SOLVABLE
};

static const struct {
  const char *name;
  enum kind kind;
} files[] = {
    {"17clue", KIND_UNIQUE},
    {"top1465", KIND_UNIQUE},
    {"forum_hardest_1106", KIND_UNIQUE},
    {"forum_hardest_1905_11plus", KIND_UNIQUE},
    {"easy_kagglestyle_20k", KIND_UNIQUE},
    {"multi_solution_200", KIND_MULTI},
    {"no_solution_200", KIND_NONE},
    {"conflicting_givens_50", KIND_CONFLICTING},
    {"generated_16x16_45pct", KIND_SOLVABLE},
};

/* Opens dir/name.ext from the shared corpus, else from tests/data. */
static char *corpus_read(const char *name, const char *ext, size_t *len,
                         const char **from) {
  char path[512];
  *from = SHARED_CORPUS_DIR;
  snprintf(path, sizeof path, "%s/%s%s", *from, name, ext);
  if (access(path, R_OK) != 0) {
    *from = TEST_DATA_DIR;
    snprintf(path, sizeof path, "%s/%s%s", *from, name, ext);
  }
  char *text = test_read_file(path, len);
  ck_assert_msg(text != NULL, "cannot read %s", path);
  return text;
}

/* Next line of a .sol.txt or .count.txt (NUL-terminated in place). */
static char *next_line(char **cursor) {
  char *line = *cursor, *nl = strchr(line, '\n');
  ck_assert_msg(*line != '\0', "answer file shorter than the puzzles");
  if (nl != NULL) {
    *nl = '\0';
    *cursor = nl + 1;
  } else {
    *cursor = line + strlen(line);
  }
  return line;
}

START_TEST(corpus_file_matches_known_answers) {
  const char *name = files[_i].name, *from, *from_sol;
  enum kind kind = files[_i].kind;
  size_t len;
  char *text = corpus_read(name, ".txt", &len, &from);
  char *sols = kind == KIND_SOLVABLE
                   ? NULL
                   : corpus_read(name, ".sol.txt", NULL, &from_sol);
  char *counts = kind == KIND_MULTI
                     ? corpus_read(name, ".count.txt", NULL, &from_sol)
                     : NULL;
  char *sol_cursor = sols, *count_cursor = counts;

  struct sudoku_reader r;
  struct sudoku_text_error err;
  sudoku_grid p, sol;
  struct sudoku_stats st;
  char line[SUDOKU_TEXT_MAX];
  int got;
  sudoku_reader_init(&r, text, len);
  while ((got = sudoku_read_next(&r, &p, &err)) == 1) {
    uint32_t i = r.puzzles;
    const char *want = sols != NULL ? next_line(&sol_cursor) : "";
    struct sudoku_limits lim = SUDOKU_LIMITS_DEFAULT;
    enum sudoku_status s = sudoku_solve(&p, &lim, &sol, &st);
    switch (kind) {
    case KIND_UNIQUE:
      ck_assert_msg(s == SUDOKU_OK && st.solutions == 1,
                    "%s:%u: status %s, %u solutions", name, i,
                    sudoku_status_code(s), st.solutions);
      ck_assert_msg(sudoku_is_solution(&p, &sol), "%s:%u: invalid", name, i);
      ck_assert_str_eq(test_grid_to_line(&sol, line), want);
      break;
    case KIND_MULTI: {
      ck_assert_msg(s == SUDOKU_OK && st.solutions == 2,
                    "%s:%u: reported unique", name, i);
      ck_assert(sudoku_is_solution(&p, &sol));
      lim.lexmin = true;
      lim.max_solutions = 1;
      ck_assert_int_eq(sudoku_solve(&p, &lim, &sol, &st), SUDOKU_OK);
      ck_assert(sudoku_is_solution(&p, &sol));
      ck_assert_str_eq(test_grid_to_line(&sol, line), want);
      /* The exact count, capped at 1000 as in the file. */
      uint32_t count = (uint32_t)strtoul(next_line(&count_cursor), NULL, 10);
      lim.lexmin = false;
      lim.max_solutions = 1000;
      ck_assert_int_eq(sudoku_solve(&p, &lim, &sol, &st), SUDOKU_OK);
      ck_assert_msg(st.solutions == count, "%s:%u: %u solutions, not %u", name,
                    i, st.solutions, count);
      break;
    }
    case KIND_NONE:
      ck_assert_msg(s == SUDOKU_NO_SOLUTION && st.solutions == 0,
                    "%s:%u: status %s", name, i, sudoku_status_code(s));
      ck_assert_str_eq(want, "-");
      break;
    case KIND_SOLVABLE:
      ck_assert_msg(s == SUDOKU_OK && sudoku_is_solution(&p, &sol),
                    "%s:%u: status %s", name, i, sudoku_status_code(s));
      break;
    case KIND_CONFLICTING: {
      size_t pairs = 0;
      ck_assert_int_eq(s, SUDOKU_CONFLICT);
      ck_assert_int_eq(sudoku_validate(&p, NULL, 0, &pairs), SUDOKU_CONFLICT);
      ck_assert_uint_ge(pairs, 1);
      ck_assert_str_eq(want, "-");
      break;
    }
    }
  }
  ck_assert_msg(got == 0, "%s: %s", name, err.message);
  ck_assert_msg(sols == NULL || *sol_cursor == '\0',
                "%s: more answers than puzzles", name);
  ck_assert_uint_gt(r.puzzles, 0);
  fprintf(stderr, "corpus: %-26s %6u puzzles from %s\n", name, r.puzzles, from);
  free(text);
  free(sols);
  free(counts);
}
END_TEST

Suite *corpus_suite(void) {
  Suite *s = suite_create("corpus");
  TCase *tc = tcase_create("corpus");
  tcase_set_timeout(tc, 900); /* the full hardest set under ASan */
  tcase_add_loop_test(tc, corpus_file_matches_known_answers, 0,
                      (int)(sizeof files / sizeof files[0]));
  suite_add_tcase(s, tc);
  return s;
}
