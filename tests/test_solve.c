/* test_solve.c - sudoku_solve on every size, uniqueness, lexmin, limits. */
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "tests.h"

/* Every supported box shape, with the givens left in the puzzle. The
 * solution need not be unique: the checker decides, not a stored grid. */
static const struct {
  int rows, cols, givens;
} sizes[] = {
    {2, 2, 6},   {2, 3, 14},  {3, 2, 14},  {2, 4, 26},  {3, 3, 30},
    {3, 3, 24},  {2, 5, 50},  {3, 4, 70},  {4, 3, 70},  {3, 5, 110},
    {4, 4, 116}, {4, 4, 140}, {4, 5, 200}, {5, 5, 320}, {5, 5, 400},
    {2, 2, 0},   {3, 3, 0},   {4, 4, 0},   {5, 5, 0},
};

START_TEST(solves_every_size) {
  sudoku_grid full, puzzle, sol;
  test_solved_grid(&full, sizes[_i].rows, sizes[_i].cols, (uint32_t)_i + 11);
  puzzle = full;
  test_blank_cells(&puzzle, sizes[_i].givens, (uint32_t)_i + 5);
  struct sudoku_limits lim = SUDOKU_LIMITS_DEFAULT;
  lim.deadline_us = 10u * 1000 * 1000; /* a safety net, never reached */
  struct sudoku_stats st;
  ck_assert_int_eq(sudoku_solve(&puzzle, &lim, &sol, &st), SUDOKU_OK);
  ck_assert(sudoku_is_solution(&puzzle, &sol));
  ck_assert_uint_ge(st.solutions, 1);
  ck_assert_uint_ge(st.nodes, 1);
  if (sizes[_i].givens == 0)
    ck_assert_uint_eq(st.solutions, 2); /* an empty grid is never unique */
}
END_TEST

START_TEST(lexmin_on_every_size) {
  sudoku_grid full, puzzle, sol, fast;
  test_solved_grid(&full, sizes[_i].rows, sizes[_i].cols, (uint32_t)_i + 3);
  puzzle = full;
  test_blank_cells(&puzzle, sizes[_i].givens, (uint32_t)_i + 9);
  struct sudoku_limits lim = {1, 0, 10u * 1000 * 1000, true};
  ck_assert_int_eq(sudoku_solve(&puzzle, &lim, &sol, NULL), SUDOKU_OK);
  ck_assert(sudoku_is_solution(&puzzle, &sol));
  lim.lexmin = false;
  ck_assert_int_eq(sudoku_solve(&puzzle, &lim, &fast, NULL), SUDOKU_OK);
  /* No solution may come before the lexmin one. */
  int nn = puzzle.n * puzzle.n;
  ck_assert_int_le(memcmp(sol.cell, fast.cell, (size_t)nn), 0);
}
END_TEST

/* Plain row-major backtracking trying 1..n: the reference for lexmin,
 * written without the solver's code. Fine for small grids only. */
static bool ref_ok(const sudoku_grid *g, int c, int v) {
  int n = g->n, r = c / n, col = c % n;
  int top = r - r % g->box_rows, left = col - col % g->box_cols;
  for (int k = 0; k < n; k++)
    if (g->cell[r * n + k] == v || g->cell[k * n + col] == v ||
        g->cell[(top + k / g->box_cols) * n + left + k % g->box_cols] == v)
      return false;
  return true;
}

static bool ref_backtrack(sudoku_grid *g, int c) {
  int nn = g->n * g->n;
  while (c < nn && g->cell[c])
    c++;
  if (c == nn)
    return true;
  for (int v = 1; v <= g->n; v++) {
    if (ref_ok(g, c, v)) {
      g->cell[c] = (uint8_t)v;
      if (ref_backtrack(g, c + 1))
        return true;
      g->cell[c] = 0;
    }
  }
  return false;
}

START_TEST(lexmin_matches_row_major_backtracking) {
  static const int shape[][3] = {
      {2, 2, 4}, {2, 3, 8}, {3, 2, 10}, {2, 4, 20}, {3, 3, 28}};
  for (uint32_t seed = 1; seed <= 20; seed++) {
    const int *sh = shape[seed % 5];
    sudoku_grid puzzle, sol, ref;
    test_solved_grid(&puzzle, sh[0], sh[1], seed);
    test_blank_cells(&puzzle, sh[2], seed * 7);
    ref = puzzle;
    ck_assert(ref_backtrack(&ref, 0));
    struct sudoku_limits lim = {2, 0, 0, true};
    ck_assert_int_eq(sudoku_solve(&puzzle, &lim, &sol, NULL), SUDOKU_OK);
    ck_assert_mem_eq(sol.cell, ref.cell, (size_t)(sol.n * sol.n));
  }
}
END_TEST

/* 9x9 lexmin runs on the band solver with row-major branching: checked on
 * puzzles with few givens (many solutions) against the plain reference. */
START_TEST(lexmin_9x9_matches_row_major_backtracking) {
  for (uint32_t seed = 1; seed <= 30; seed++) {
    sudoku_grid puzzle, sol, ref;
    test_solved_grid(&puzzle, 3, 3, seed * 13);
    test_blank_cells(&puzzle, 18 + (int)(seed % 12), seed * 5);
    ref = puzzle;
    ck_assert(ref_backtrack(&ref, 0));
    struct sudoku_limits lim = {(seed % 3) + 1, 0, 0, true};
    struct sudoku_stats st;
    ck_assert_int_eq(sudoku_solve(&puzzle, &lim, &sol, &st), SUDOKU_OK);
    ck_assert(sudoku_is_solution(&puzzle, &sol));
    ck_assert_mem_eq(sol.cell, ref.cell, 81);
    ck_assert_uint_eq(st.solutions, lim.max_solutions);
  }
}
END_TEST

/* Every solution of g, counted by the reference backtracking. */
static uint32_t ref_count(sudoku_grid *g, int c) {
  int nn = g->n * g->n;
  while (c < nn && g->cell[c])
    c++;
  if (c == nn)
    return 1;
  uint32_t total = 0;
  for (int v = 1; v <= g->n; v++) {
    if (ref_ok(g, c, v)) {
      g->cell[c] = (uint8_t)v;
      total += ref_count(g, c + 1);
      g->cell[c] = 0;
    }
  }
  return total;
}

/* The 9x9 solver's eliminations (bands, stacks, singles) never lose a
 * solution: exhaustive counts match the reference on puzzles with many. */
START_TEST(count_9x9_matches_reference) {
  for (uint32_t seed = 1; seed <= 24; seed++) {
    sudoku_grid puzzle, sol;
    test_solved_grid(&puzzle, 3, 3, seed * 31);
    test_blank_cells(&puzzle, 30 + (int)(seed % 6), seed * 3);
    sudoku_grid ref = puzzle;
    uint32_t want = ref_count(&ref, 0);
    struct sudoku_limits lim = {1000000, 0, 0, false};
    struct sudoku_stats st;
    ck_assert_int_eq(sudoku_solve(&puzzle, &lim, &sol, &st), SUDOKU_OK);
    ck_assert(sudoku_is_solution(&puzzle, &sol));
    ck_assert_uint_eq(st.solutions, want);
  }
}
END_TEST

/* Lexmin of the empty grid of every size: a valid grid, no larger than the
 * fast order's, and the reference's where backtracking is quick. */
START_TEST(lexmin_fills_every_empty_grid) {
  for (int n = SUDOKU_MIN_N; n <= SUDOKU_MAX_N; n++) {
    int br, bc;
    if (!sudoku_box_shape(n, &br, &bc))
      continue;
    sudoku_grid e, sol, fast;
    sudoku_grid_init(&e, br, bc);
    struct sudoku_limits lim = {1, 0, 20u * 1000 * 1000, true};
    ck_assert_int_eq(sudoku_solve(&e, &lim, &sol, NULL), SUDOKU_OK);
    ck_assert(sudoku_is_solution(&e, &sol));
    lim.lexmin = false;
    ck_assert_int_eq(sudoku_solve(&e, &lim, &fast, NULL), SUDOKU_OK);
    ck_assert_int_le(memcmp(sol.cell, fast.cell, (size_t)(n * n)), 0);
    if (n <= 9) {
      sudoku_grid ref = e;
      ck_assert(ref_backtrack(&ref, 0));
      ck_assert_mem_eq(sol.cell, ref.cell, (size_t)(n * n));
    }
  }
}
END_TEST

/* The classic puzzle (Wikipedia's example): unique. */
static const char classic[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5"
    "....8..79";
static const char classic_solution[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635"
    "345286179";

START_TEST(unique_puzzle_is_unique) {
  sudoku_grid p, sol;
  struct sudoku_stats st;
  char line[SUDOKU_TEXT_MAX];
  test_grid_from_line(&p, classic);
  ck_assert_int_eq(sudoku_solve(&p, NULL, &sol, &st), SUDOKU_OK);
  ck_assert_uint_eq(st.solutions, 1);
  ck_assert_str_eq(test_grid_to_line(&sol, line), classic_solution);
  /* solution may alias puzzle */
  ck_assert_int_eq(sudoku_solve(&p, NULL, &p, NULL), SUDOKU_OK);
  ck_assert_str_eq(test_grid_to_line(&p, line), classic_solution);
}
END_TEST

/* A unique puzzle's lexmin answer is its count-to-2 search, nothing more:
 * the same nodes, the same solution. */
START_TEST(lexmin_of_unique_is_one_search) {
  static const char *const puzzles[] = {
      classic, "........8..3...4...9..2..6.....79.......612...6.5.2.7..."
               "8...5...1.....2.4.5.....3"};
  for (int i = 0; i < 2; i++) {
    sudoku_grid p, plain, lex;
    struct sudoku_stats sp, sl;
    test_grid_from_line(&p, puzzles[i]);
    struct sudoku_limits lim = {2, 0, 0, false};
    ck_assert_int_eq(sudoku_solve(&p, &lim, &plain, &sp), SUDOKU_OK);
    ck_assert_uint_eq(sp.solutions, 1);
    lim.lexmin = true;
    ck_assert_int_eq(sudoku_solve(&p, &lim, &lex, &sl), SUDOKU_OK);
    ck_assert_uint_eq(sl.solutions, 1);
    ck_assert_uint_eq(sl.nodes, sp.nodes);
    ck_assert_mem_eq(lex.cell, plain.cell, 81);
    ck_assert(sudoku_is_solution(&p, &lex));
  }
}
END_TEST

START_TEST(missing_given_makes_several) {
  sudoku_grid p, sol;
  struct sudoku_stats st;
  /* A 17-clue puzzle with one given deleted: over 1000 solutions. */
  test_grid_from_line(&p,
                      "................12..3..4........35...1......67.8....."
                      "9....7..3...6...4..9........");
  struct sudoku_limits lim = {10, 0, 0, false};
  ck_assert_int_eq(sudoku_solve(&p, &lim, &sol, &st), SUDOKU_OK);
  ck_assert_uint_eq(st.solutions, 10);
  ck_assert(sudoku_is_solution(&p, &sol));
  lim.max_solutions = 0; /* 0 means 1 */
  ck_assert_int_eq(sudoku_solve(&p, &lim, &sol, &st), SUDOKU_OK);
  ck_assert_uint_eq(st.solutions, 1);
}
END_TEST

START_TEST(no_solution_is_reported) {
  /* No two givens clash, yet r1c9 has no candidate left. */
  sudoku_grid p, sol;
  struct sudoku_stats st;
  test_grid_from_line(&p, "12345678.........9");
  for (int size = 0; size < 2; size++) {
    ck_assert_int_eq(sudoku_solve(&p, NULL, &sol, &st), SUDOKU_NO_SOLUTION);
    ck_assert_uint_eq(st.solutions, 0);
    ck_assert_int_eq(memcmp(&sol, &p, sizeof p), 0); /* untouched copy */
    struct sudoku_limits lim = {2, 0, 0, true};
    ck_assert_int_eq(sudoku_solve(&p, &lim, &sol, &st), SUDOKU_NO_SOLUTION);
  }
  /* 16x16 without a solution: r1 holds 1..15, r2c16 holds 16. */
  sudoku_grid_init(&p, 4, 4);
  for (int c = 0; c < 15; c++)
    p.cell[c] = (uint8_t)(c + 1);
  p.cell[16 + 15] = 16;
  ck_assert_int_eq(sudoku_solve(&p, NULL, &sol, &st), SUDOKU_NO_SOLUTION);
}
END_TEST

START_TEST(node_budget_stops_the_search) {
  sudoku_grid p, sol;
  struct sudoku_stats st;
  /* A forum-hardest puzzle: needs many guesses. */
  test_grid_from_line(&p,
                      "........8..3...4...9..2..6.....79.......612...6.5.2.7..."
                      "8...5...1.....2.4.5.....3");
  for (int lex = 0; lex < 2; lex++) {
    struct sudoku_limits lim = {2, 5, 0, lex == 1};
    ck_assert_int_eq(sudoku_solve(&p, &lim, &sol, &st), SUDOKU_NODE_LIMIT);
    ck_assert_uint_le(st.nodes, 6);
    ck_assert_uint_eq(st.solutions, 0);
  }
  /* Empty 25x25, budget spent after the first solution: a valid solution
   * but an unknown count. */
  sudoku_grid e;
  sudoku_grid_init(&e, 5, 5);
  struct sudoku_limits lim = {1000000, 20000, 0, false};
  ck_assert_int_eq(sudoku_solve(&e, &lim, &sol, &st), SUDOKU_NODE_LIMIT);
  ck_assert_uint_ge(st.solutions, 1);
  ck_assert(sudoku_is_solution(&e, &sol));
}
END_TEST

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Counting every solution of an empty grid never ends: the deadline must
 * stop it, on the fast path (9x9) and the general one (16x16, 25x25). */
START_TEST(deadline_stops_the_search) {
  static const int shape[][2] = {{3, 3}, {4, 4}, {5, 5}, {2, 3}};
  for (int i = 0; i < 4; i++) {
    sudoku_grid e, sol;
    struct sudoku_stats st;
    sudoku_grid_init(&e, shape[i][0], shape[i][1]);
    struct sudoku_limits lim = {UINT32_MAX, 0, 50 * 1000, i == 3};
    double t0 = now_seconds();
    enum sudoku_status s = sudoku_solve(&e, &lim, &sol, &st);
    double took = now_seconds() - t0;
    if (i == 3) { /* 6x6 has only 28,200,960 grids; still too many */
      ck_assert_int_eq(s, SUDOKU_DEADLINE);
      continue;
    }
    ck_assert_int_eq(s, SUDOKU_DEADLINE);
    /* The 9x9 fills in microseconds; the general solver's first 25x25 can
     * take more than the 50 ms on a busy box under valgrind: what it found
     * by then must be a solution, and 9x9 must have found one. */
    if (i == 0)
      ck_assert_uint_ge(st.solutions, 1);
    if (st.solutions >= 1)
      ck_assert(sudoku_is_solution(&e, &sol));
    ck_assert_double_lt(took, 2.0); /* 50 ms asked: generous for a busy box */
  }
}
END_TEST

START_TEST(same_input_same_answer) {
  sudoku_grid p, a, b;
  sudoku_grid_init(&p, 3, 3);
  p.cell[0] = 1;
  struct sudoku_stats sa, sb;
  ck_assert_int_eq(sudoku_solve(&p, NULL, &a, &sa), SUDOKU_OK);
  ck_assert_int_eq(sudoku_solve(&p, NULL, &b, &sb), SUDOKU_OK);
  ck_assert_int_eq(memcmp(&a, &b, sizeof a), 0);
  ck_assert_uint_eq(sa.nodes, sb.nodes);
  ck_assert_uint_eq(sa.guesses, sb.guesses);
}
END_TEST

/* Many threads solving at once get the answers they get alone. */
static void *solve_many(void *arg) {
  const sudoku_grid *p = arg;
  for (int i = 0; i < 200; i++) {
    sudoku_grid sol;
    if (sudoku_solve(&p[i % 4], NULL, &sol, NULL) != SUDOKU_OK ||
        !sudoku_is_solution(&p[i % 4], &sol))
      return (void *)1;
  }
  return NULL;
}

START_TEST(reentrant_across_threads) {
  static sudoku_grid p[4];
  test_grid_from_line(&p[0], classic);
  test_solved_grid(&p[1], 4, 4, 3);
  test_blank_cells(&p[1], 130, 4);
  test_solved_grid(&p[2], 2, 3, 5);
  test_blank_cells(&p[2], 12, 6);
  test_solved_grid(&p[3], 3, 3, 7);
  test_blank_cells(&p[3], 25, 8);
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    ck_assert_int_eq(pthread_create(&t[i], NULL, solve_many, p), 0);
  for (int i = 0; i < 4; i++) {
    void *rc;
    pthread_join(t[i], &rc);
    ck_assert_ptr_null(rc);
  }
}
END_TEST

Suite *solve_suite(void) {
  Suite *s = suite_create("solve");
  TCase *tc = tcase_create("sizes");
  int nsizes = (int)(sizeof sizes / sizeof sizes[0]);
  tcase_set_timeout(tc, 60);
  tcase_add_loop_test(tc, solves_every_size, 0, nsizes);
  tcase_add_loop_test(tc, lexmin_on_every_size, 0, nsizes);
  tcase_add_test(tc, lexmin_matches_row_major_backtracking);
  tcase_add_test(tc, lexmin_9x9_matches_row_major_backtracking);
  tcase_add_test(tc, count_9x9_matches_reference);
  tcase_add_test(tc, lexmin_fills_every_empty_grid);
  suite_add_tcase(s, tc);
  tc = tcase_create("answers");
  tcase_set_timeout(tc, 30);
  tcase_add_test(tc, unique_puzzle_is_unique);
  tcase_add_test(tc, lexmin_of_unique_is_one_search);
  tcase_add_test(tc, missing_given_makes_several);
  tcase_add_test(tc, no_solution_is_reported);
  tcase_add_test(tc, same_input_same_answer);
  tcase_add_test(tc, reentrant_across_threads);
  suite_add_tcase(s, tc);
  tc = tcase_create("limits");
  tcase_set_timeout(tc, 30);
  tcase_add_test(tc, node_budget_stops_the_search);
  tcase_add_test(tc, deadline_stops_the_search);
  suite_add_tcase(s, tc);
  return s;
}
