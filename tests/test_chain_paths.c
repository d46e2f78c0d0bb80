/*
 * test_chain_paths.c - the chains suite's whole paths: every step of the
 * paths of hard puzzles (samples in tests/data, and the SE-rated set of
 * ../shared/corpus/rated when it is there) checked against the unique
 * solution: no elimination removes the solution's value, every placement
 * equals it, and every path is solved to the end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sudoku_logic.h"
#include "tests.h"

struct walk {
  const uint8_t *sol;
  sudoku_grid grid; /* the puzzle with the path's placements */
  int bad, steps;
};

static bool on_step(const struct sudoku_step *st, void *ctx) {
  struct walk *w = ctx;
  for (int i = 0; i < st->nplacements; i++) {
    w->bad += w->sol[st->placements[i].cell] != st->placements[i].value;
    w->grid.cell[st->placements[i].cell] = st->placements[i].value;
  }
  for (int i = 0; i < st->neliminations; i++)
    w->bad += w->sol[st->eliminations[i].cell] == st->eliminations[i].value;
  w->steps++;
  return true;
}

/* A line that starts with 81 cells ('.', '0'-'9'): not a header. */
static bool is_puzzle(const char *p) {
  for (int c = 0; c < 81; c++)
    if (p[c] != '.' && (p[c] < '0' || p[c] > '9'))
      return false;
  return true;
}

/* Walks every every-th puzzle of path (81-char lines) by steps. */
static void walk_file(const char *path, int every) {
  size_t len;
  char *text = test_read_file(path, &len);
  ck_assert_msg(text != NULL, "cannot read %s", path);
  int line = 0, walked = 0;
  for (char *p = text; *p; line++) {
    char *nl = strchr(p, '\n');
    if (nl)
      *nl = '\0';
    if (is_puzzle(p) && line % every == 0) {
      sudoku_grid g, sol;
      struct sudoku_rating r;
      test_grid_from_line(&g, p);
      ck_assert_int_eq(sudoku_solve(&g, NULL, &sol, NULL), SUDOKU_OK);
      struct walk w = {sol.cell, g, 0, 0};
      struct sudoku_logic_limits lim = {30u * 1000 * 1000, 0};
      ck_assert_int_eq(sudoku_logic_solve(&g, &lim, on_step, &w, &r),
                       SUDOKU_OK);
      ck_assert_msg(w.bad == 0, "%s:%d: %d unsound", path, line + 1, w.bad);
      ck_assert_msg(r.solved, "%s:%d: not solved", path, line + 1);
      ck_assert_msg(sudoku_is_solution(&g, &w.grid), "%s:%d", path, line + 1);
      walked++;
    }
    p = nl ? nl + 1 : p + strlen(p);
  }
  ck_assert_int_gt(walked, 0);
  free(text);
}

static const struct {
  const char *name;
  int every;
} samples[] = {
    /* (a hard puzzle takes about a second with nested chains) */
    {"forum_hardest_1905_11plus", 50},
    {"forum_hardest_1106", 60},
    {"top1465", 3},
    {"17clue", 3},
};

START_TEST(sample_paths_are_sound_and_solved) {
  char path[256];
  snprintf(path, sizeof path, "%s/%s.txt", TEST_DATA_DIR, samples[_i].name);
  walk_file(path, samples[_i].every);
}
END_TEST

/* The 300 SE-rated puzzles, when the shared corpus is there. */
START_TEST(rated_paths_are_sound_and_solved) {
  const char *tsv = SHARED_CORPUS_DIR "/rated/se_rated_calibration.tsv";
  if (access(tsv, R_OK) != 0)
    return;
  walk_file(tsv, 1); /* the header line is skipped */
}
END_TEST

void chains_add_paths(TCase *tc) {
  tcase_add_loop_test(tc, sample_paths_are_sound_and_solved, 0,
                      sizeof samples / sizeof samples[0]);
  tcase_add_test(tc, rated_paths_are_sound_and_solved);
}
