/*
 * test_logic_sound.c - soundness, checked: every step of the path of every
 * unique puzzle walked here places only the solution's values and never
 * eliminates one (the solution comes from the fast solver, an independent
 * search); each step changes the grid; a path that ends solved equals the
 * solution (sudoku_is_solution). Walks the committed samples of
 * tests/data on every run, generated 4x4, 6x6, 8x8 and 16x16 puzzles, and,
 * when ../shared/corpus exists, a fixed stride of each full file.
 *
 * With the last resort (trial) every unique puzzle's path must end
 * solved; LOGIC_ALLOW_UNSOLVED in the environment relaxes that (to test
 * soundness alone on a build without the chain finders).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sudoku_logic.h"
#include "tests.h"

struct check {
  sudoku_grid grid;                /* the puzzle plus placements so far */
  uint32_t cand[SUDOKU_MAX_CELLS]; /* candidates as the steps leave them */
  const sudoku_grid *sol;
  const char *where;
  uint32_t steps;
};

/* Removes v from every peer of cell c (the rule a placement implies). */
static void place(struct check *k, int c, int v) {
  int n = k->grid.n, br = k->grid.box_rows, bc = k->grid.box_cols;
  int r = c / n, col = c % n, top = r - r % br, left = col - col % bc;
  for (int i = 0; i < n; i++) {
    k->cand[r * n + i] &= ~(1u << (v - 1));
    k->cand[i * n + col] &= ~(1u << (v - 1));
    k->cand[(top + i / bc) * n + left + i % bc] &= ~(1u << (v - 1));
  }
  k->grid.cell[c] = (uint8_t)v;
  k->cand[c] = 0;
}

static bool check_step(const struct sudoku_step *st, void *vctx) {
  struct check *k = vctx;
  bool changes = false;
  k->steps++;
  ck_assert_msg(st->nplacements + st->neliminations > 0, "%s: empty step",
                k->where);
  for (int i = 0; i < st->nplacements; i++) {
    int c = st->placements[i].cell, v = st->placements[i].value;
    ck_assert_msg(v == k->sol->cell[c],
                  "%s step %u (%s): places %d at cell %d, solution %d",
                  k->where, k->steps, sudoku_technique_id(st->technique), v, c,
                  k->sol->cell[c]);
    ck_assert_msg(k->grid.cell[c] == 0 || k->grid.cell[c] == v,
                  "%s: placement on a filled cell", k->where);
    changes |= k->grid.cell[c] == 0;
  }
  for (int i = 0; i < st->neliminations; i++) {
    int c = st->eliminations[i].cell, v = st->eliminations[i].value;
    ck_assert_msg(v != k->sol->cell[c],
                  "%s step %u (%s): eliminates the solution %d at cell %d",
                  k->where, k->steps, sudoku_technique_id(st->technique), v, c);
    changes |= (k->cand[c] >> (v - 1)) & 1;
  }
  ck_assert_msg(changes, "%s step %u (%s) changes nothing", k->where, k->steps,
                sudoku_technique_id(st->technique));
  ck_assert_uint_ge(st->rating, sudoku_technique_rating(st->technique));
  for (int i = 0; i < st->nplacements; i++)
    place(k, st->placements[i].cell, st->placements[i].value);
  for (int i = 0; i < st->neliminations; i++)
    k->cand[st->eliminations[i].cell] &=
        ~(1u << (st->eliminations[i].value - 1));
  return true;
}

/* Walks one unique puzzle; returns whether its path reached the end. */
static bool walk_sound(const sudoku_grid *g, const char *where) {
  sudoku_grid sol;
  struct sudoku_limits lim = SUDOKU_LIMITS_DEFAULT;
  struct sudoku_stats stats;
  ck_assert_int_eq(sudoku_solve(g, &lim, &sol, &stats), SUDOKU_OK);
  if (stats.solutions != 1)
    return true; /* not ours to walk */
  struct check k;
  k.grid = *g;
  k.sol = &sol;
  k.where = where;
  k.steps = 0;
  ck_assert_int_eq(sudoku_candidates(g, k.cand), SUDOKU_OK);
  struct sudoku_rating r;
  ck_assert_int_eq(sudoku_logic_solve(g, NULL, check_step, &k, &r), SUDOKU_OK);
  ck_assert_uint_eq(r.steps, k.steps);
  if (r.solved)
    ck_assert_msg(sudoku_is_solution(g, &k.grid), "%s: solved wrong", where);
  if (getenv("LOGIC_ALLOW_UNSOLVED") == NULL)
    ck_assert_msg(r.solved, "%s: path ends unsolved", where);
  return r.solved;
}

/* Files walked: every sample-th puzzle of the sample in tests/data, and
 * every corpus-th of the full file (starting elsewhere than the sample).
 * The strides keep the suite near a minute: a puzzle of the hardest files
 * takes about a second once nested chains (9.5 and up) answer. */
static const struct {
  const char *name;
  unsigned sample, corpus;
} files[] = {
    {"17clue", 1, 25},
    {"top1465", 3, 20},
    {"forum_hardest_1106", 40, 75},
    {"forum_hardest_1905_11plus", 100, 7500},
    {"easy_kagglestyle_20k", 1, 20},
};

static int walk_puzzle(const sudoku_grid *g, const char *where, void *ctx) {
  (void)ctx;
  return walk_sound(g, where);
}

static void walk_file(const char *dir, const char *name, unsigned stride,
                      unsigned first) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s.txt", dir, name);
  long solved = 0;
  unsigned walked =
      test_each_puzzle(path, stride, first, 0, walk_puzzle, NULL, &solved);
  ck_assert_uint_gt(walked, 0);
  fprintf(stderr, "logic soundness: %s: %u walked, %ld solved\n", path, walked,
          solved);
}

START_TEST(samples_are_walked_soundly) {
  walk_file(TEST_DATA_DIR, files[_i].name, files[_i].sample, 0);
}
END_TEST

START_TEST(full_corpus_is_walked_soundly) {
  char probe[512];
  snprintf(probe, sizeof probe, "%s/%s.txt", SHARED_CORPUS_DIR, files[_i].name);
  if (access(probe, R_OK) != 0)
    return; /* a fresh clone: the samples above stand in */
  walk_file(SHARED_CORPUS_DIR, files[_i].name, files[_i].corpus,
            files[_i].corpus / 2);
}
END_TEST

/* Generated puzzles of other shapes: a shuffled solved grid with cells
 * blanked; only the unique ones count. */
START_TEST(other_shapes_are_walked_soundly) {
  static const struct {
    int br, bc, givens, count;
  } shapes[] = {{2, 2, 8, 40},
                {2, 3, 18, 40},
                {2, 4, 34, 30},
                {3, 3, 36, 60},
                {4, 4, 170, 6}};
  int unique = 0;
  for (size_t sh = 0; sh < sizeof shapes / sizeof shapes[0]; sh++)
    for (int i = 0; i < shapes[sh].count; i++) {
      sudoku_grid g;
      test_solved_grid(&g, shapes[sh].br, shapes[sh].bc, 1000u + (uint32_t)i);
      test_blank_cells(&g, shapes[sh].givens, 77u + (uint32_t)i);
      char where[64];
      snprintf(where, sizeof where, "%dx%d puzzle %d", g.n, g.n, i);
      struct sudoku_limits lim = SUDOKU_LIMITS_DEFAULT;
      struct sudoku_stats stats;
      sudoku_grid sol;
      if (sudoku_solve(&g, &lim, &sol, &stats) == SUDOKU_OK &&
          stats.solutions == 1) {
        unique++;
        walk_sound(&g, where);
      }
    }
  fprintf(stderr, "logic soundness: %d generated unique puzzles\n", unique);
  ck_assert_int_gt(unique, 50);
}
END_TEST

/* The 16x16 sample may have several solutions: refused, or walked. */
START_TEST(sixteen_sample_is_walked_soundly) {
  char path[512];
  snprintf(path, sizeof path, "%s/generated_16x16_45pct.txt", TEST_DATA_DIR);
  ck_assert_uint_eq(test_each_puzzle(path, 1, 0, 20, walk_puzzle, NULL, NULL),
                    20);
}
END_TEST

void logic_add_soundness(Suite *s) {
  int nfiles = (int)(sizeof files / sizeof files[0]);
  TCase *tc = tcase_create("soundness");
  tcase_set_timeout(tc, 600);
  tcase_add_loop_test(tc, samples_are_walked_soundly, 0, nfiles);
  tcase_add_loop_test(tc, full_corpus_is_walked_soundly, 0, nfiles);
  tcase_add_test(tc, other_shapes_are_walked_soundly);
  tcase_add_test(tc, sixteen_sample_is_walked_soundly);
  suite_add_tcase(s, tc);
}
