/*
 * test_agree.c - the rating agrees with Sudoku Explainer's: every puzzle of
 * tests/data/se_rated_fresh.tsv (360 puzzles SE 1.2.1.3 rated here, never
 * used to tune the rating) and, when ../shared/corpus exists, of the
 * calibration set is rated and compared with SE's ER. The guard is our
 * level with a margin (the issue asks for 70% within 0.5): at least 95%
 * within 0.5 and 90% equal, and every path solved. A change that moves
 * ratings away from SE's fails here; `make bench-agree` prints the detail.
 * Not a benchmark: nothing is timed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sudoku_logic.h"
#include "tests.h"

struct agreement {
  int puzzles, within, equal;
};

/* The index of the tab-separated column named name in header line h. */
static int column_of(const char *h, const char *name) {
  size_t len = strlen(name);
  for (int col = 0;; col++) {
    const char *end = h + strcspn(h, "\t\n");
    if ((size_t)(end - h) == len && strncmp(h, name, len) == 0)
      return col;
    if (*end != '\t')
      return -1;
    h = end + 1;
  }
}

/* Column col of line p (a pointer into it), or NULL. */
static const char *field(const char *p, int col) {
  for (; col > 0; col--) {
    p += strcspn(p, "\t\n");
    if (*p != '\t')
      return NULL;
    p++;
  }
  return p;
}

static void rate_file(const char *path, struct agreement *a) {
  size_t len = 0;
  char *text = test_read_file(path, &len);
  ck_assert_msg(text != NULL, "%s: cannot read", path);
  int er = column_of(text, "ER");
  ck_assert_msg(er > 0, "%s: no ER column", path);
  char *line = strchr(text, '\n');
  while (line != NULL && line[1] != '\0') {
    line++;
    const char *rating = field(line, er);
    ck_assert_msg(rating != NULL, "%s: short line", path);
    sudoku_grid g;
    struct sudoku_reader r;
    struct sudoku_text_error err = {0, 0, 0, ""};
    sudoku_reader_init(&r, line, 81);
    ck_assert_msg(sudoku_read_next(&r, &g, &err) == 1, "%s: %s", path,
                  err.message);
    struct sudoku_logic_limits lim = {20u * 1000 * 1000, 0};
    struct sudoku_rating out;
    ck_assert_int_eq(sudoku_rate(&g, &lim, &out), SUDOKU_OK);
    ck_assert_msg(out.solved, "%s: %.81s unsolved", path, line);
    int se = (int)(strtod(rating, NULL) * 10.0 + 0.5);
    int diff = abs((int)out.rating - se);
    if (diff > 5)
      fprintf(stderr, "agree: %.81s SE %d.%d ours %d.%d\n", line, se / 10,
              se % 10, out.rating / 10, out.rating % 10);
    a->puzzles++;
    a->within += diff <= 5;
    a->equal += diff == 0;
    line = strchr(line, '\n');
  }
  free(text);
}

static const char *const files[] = {
    TEST_DATA_DIR "/se_rated_fresh.tsv",
    SHARED_CORPUS_DIR "/rated/se_rated_calibration.tsv",
};

START_TEST(ratings_agree_with_sudoku_explainer) {
  if (_i > 0 && access(files[_i], R_OK) != 0)
    return; /* the calibration set comes with ../shared only */
  struct agreement a = {0, 0, 0};
  rate_file(files[_i], &a);
  ck_assert_int_ge(a.puzzles, 200);
  ck_assert_msg(a.within * 100 >= a.puzzles * 95,
                "%s: %d of %d within 0.5 of SE", files[_i], a.within,
                a.puzzles);
  ck_assert_msg(a.equal * 100 >= a.puzzles * 90, "%s: %d of %d equal to SE",
                files[_i], a.equal, a.puzzles);
}
END_TEST

Suite *agree_suite(void) {
  Suite *s = suite_create("agree");
  TCase *tc = tcase_create("se");
  tcase_set_timeout(tc, 120);
  tcase_add_loop_test(tc, ratings_agree_with_sudoku_explainer, 0,
                      (int)(sizeof files / sizeof files[0]));
  suite_add_tcase(s, tc);
  return s;
}
