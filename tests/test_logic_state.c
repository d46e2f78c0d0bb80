/*
 * test_logic_state.c - the places the state keeps in step: logic_apply
 * updates every unit's places of every value, its one-place values, its
 * empty cells and the full-house bits a candidate at a time, and the finders
 * trust them. Here, after every step of whole paths (the committed samples and
 * a 6x6 puzzle), they must equal what logic_state_sync recomputes from the
 * cells, and the next step must not depend on which of the two built them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/core/logic/logic.h"
#include "tests.h"

/* The derived members of a and b agree on a's units and values. */
static void same_places(const struct logic_state *a,
                        const struct logic_state *b, const char *where,
                        int step) {
  const struct logic_geom *g = &a->geo;
  for (int u = 0; u < g->nunits; u++) {
    ck_assert_msg(a->empty[u] == b->empty[u], "%s step %d: empty of unit %d",
                  where, step, u);
    ck_assert_msg(a->single[u] == b->single[u],
                  "%s step %d: singles of unit %d", where, step, u);
    int r = g->rank[u];
    ck_assert_msg(((a->house[r / 64] ^ b->house[r / 64]) >> (r % 64) & 1) == 0,
                  "%s step %d: full house bit of unit %d", where, step, u);
    for (int v = 0; v < g->n; v++)
      ck_assert_msg(a->pos[u][v] == b->pos[u][v],
                    "%s step %d: places of %d in unit %d", where, step, v + 1,
                    u);
  }
}

static bool complete(const struct logic_state *s) {
  for (int c = 0; c < s->geo.ncells; c++)
    if (s->value[c] == 0)
      return false;
  return true;
}

/* Walks g's path with logic_next and logic_apply, checking the places
 * after each step. Returns the steps taken. */
static int walk_places(const sudoku_grid *g, const char *where, void *ctx) {
  (void)ctx;
  /* two states of some 25 KiB each: off the stack of the test runner */
  struct logic_state *s = malloc(sizeof *s), *fresh = malloc(sizeof *fresh);
  ck_assert(s != NULL && fresh != NULL);
  sudoku_grid sol;
  bool unique = false;
  ck_assert_int_eq(logic_prepare(g, NULL, s, &sol, &unique), SUDOKU_OK);
  struct sudoku_step st, again;
  int steps = 0;
  /* the first places (built from the givens' units on classic grids) */
  memcpy(fresh, s, sizeof *s);
  logic_state_sync(fresh);
  same_places(s, fresh, where, 0);
  while (!complete(s) && steps < 2 * SUDOKU_MAX_CELLS &&
         logic_next(s, 0, &st) == SUDOKU_OK) {
    logic_apply(s, &st);
    steps++;
    memcpy(fresh, s, sizeof *s);
    logic_state_sync(fresh);
    same_places(s, fresh, where, steps);
    /* the next step from the recomputed places is the same step */
    if (logic_next(fresh, 0, &again) == SUDOKU_OK) {
      struct sudoku_step next;
      ck_assert_int_eq(logic_next(s, 0, &next), SUDOKU_OK);
      ck_assert_msg(
          next.technique == again.technique && next.rating == again.rating &&
              next.nplacements == again.nplacements &&
              next.neliminations == again.neliminations,
          "%s step %d: the step depends on the places' history", where, steps);
    }
  }
  free(s);
  free(fresh);
  return steps;
}

static void walk_sample(const char *name, unsigned count) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", TEST_DATA_DIR, name);
  long steps = 0;
  ck_assert_uint_eq(
      test_each_puzzle(path, 1, 0, count, walk_places, NULL, &steps), count);
  ck_assert_int_gt(steps, (long)count);
}

START_TEST(places_follow_the_path) {
  walk_sample("17clue.txt", 10);
  walk_sample("top1465.txt", 4);
  walk_sample("forum_hardest_1905_11plus.txt", 2);
  walk_sample("generated_16x16_45pct.txt", 2);
  /* every other box shape, tall boxes and wide (the first places are
   * built from the bands and stacks) */
  static const struct {
    int br, bc, givens;
  } shapes[] = {{2, 2, 8}, {2, 3, 14}, {2, 4, 24}, {3, 4, 60}, {4, 5, 150}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
    sudoku_grid g;
    char where[32];
    snprintf(where, sizeof where, "%dx%d boxes", shapes[i].br, shapes[i].bc);
    test_solved_grid(&g, shapes[i].br, shapes[i].bc, 7u);
    test_blank_cells(&g, shapes[i].givens, 7u);
    ck_assert_int_gt(walk_places(&g, where, NULL), 0);
  }
}
END_TEST

/* The classic geometry, built cell by cell, equals the generic derivation
 * from its units (logic_geom_finish) on every box shape up to 25x25. */
START_TEST(classic_geometry_is_the_generic_one) {
  struct logic_geom *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
  ck_assert_ptr_nonnull(a);
  ck_assert_ptr_nonnull(b);
  for (int br = 1; br <= 5; br++)
    for (int bc = 1; bc <= 5; bc++) {
      int n = br * bc;
      if (n < 4)
        continue;
      logic_geom_init(a, br, bc);
      memset(b, 0, sizeof *b);
      b->n = (uint8_t)n;
      b->box_rows = (uint8_t)br;
      b->box_cols = (uint8_t)bc;
      b->ncells = (uint16_t)(n * n);
      b->nunits = (uint8_t)(3 * n);
      for (int u = 0; u < 3 * n; u++) {
        b->len[u] = (uint8_t)n;
        b->kind[u] = (uint8_t)(u / n); /* row, column, box */
        for (int k = 0; k < n; k++) {
          int i = u % n, r = i / br * br + k / bc, c = i % br * bc + k % bc;
          b->unit[u][k] = (uint16_t)(u < n       ? i * n + k
                                     : u < 2 * n ? k * n + i
                                                 : r * n + c);
        }
      }
      logic_geom_finish(b);
      ck_assert(a->slots3 && b->slots3);
      for (int u = 0; u < 3 * n; u++) {
        ck_assert_int_eq(a->len[u], b->len[u]);
        ck_assert_int_eq(a->kind[u], b->kind[u]);
        ck_assert_int_eq(a->order[u], b->order[u]);
        /* rank inverts order; the boxes come first in SE's order, so the
         * hidden singles' two passes are its two halves */
        ck_assert_int_eq(a->rank[u], b->rank[u]);
        ck_assert_int_eq(a->order[a->rank[u]], u);
        ck_assert_int_eq(a->side[u], b->side[u]);
        ck_assert_int_eq(a->side[u], a->order[u]);
        ck_assert(memcmp(a->unit[u], b->unit[u], sizeof a->unit[u][0] * n) ==
                  0);
      }
      /* same[k][i][j]: the positions of a unit of kind k whose cell shares
       * its unit of kind i with the cell at j, for every unit */
      ck_assert(a->classic && !b->classic);
      ck_assert_int_eq(a->nbox, n);
      ck_assert_int_eq(b->nbox, n);
      for (int u = 0; u < 3 * n; u++)
        for (int i = 0; i < 3; i++)
          for (int j = 0; j < n; j++) {
            uint32_t want = 0;
            for (int j2 = 0; j2 < n; j2++)
              if (b->cell_units[b->unit[u][j2]][i] ==
                  b->cell_units[b->unit[u][j]][i])
                want |= 1u << j2;
            ck_assert_msg(a->same[u / n][i][j] == want,
                          "%dx%d boxes: unit %d, kind %d, position %d", br, bc,
                          u, i, j);
          }
      for (int c = 0; c < n * n; c++) {
        ck_assert_int_eq(a->ncell_units[c], 3);
        ck_assert_int_eq(b->ncell_units[c], 3);
        ck_assert(memcmp(a->cell_units[c], b->cell_units[c], 3) == 0);
        ck_assert_msg(memcmp(a->cell_index[c], b->cell_index[c], 3) == 0,
                      "%dx%d boxes: cell %d", br, bc, c);
      }
    }
  free(a);
  free(b);
}
END_TEST

void logic_add_state(Suite *s) {
  TCase *tc = tcase_create("state");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, places_follow_the_path);
  tcase_add_test(tc, classic_geometry_is_the_generic_one);
  suite_add_tcase(s, tc);
}
