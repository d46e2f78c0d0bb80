/* test_grid.c - box shapes, validation (every conflict), the checker, cell
 * names. */
#include <string.h>

#include "tests.h"

static const struct {
  int n, rows, cols; /* rows 0: no shape */
} shapes[] = {
    {4, 2, 2},  {6, 2, 3},  {8, 2, 4},  {9, 3, 3},  {10, 2, 5}, {12, 3, 4},
    {15, 3, 5}, {16, 4, 4}, {20, 4, 5}, {25, 5, 5}, {1, 0, 0},  {2, 0, 0},
    {3, 0, 0},  {5, 0, 0},  {7, 0, 0},  {11, 0, 0}, {23, 0, 0}, {26, 0, 0},
    {36, 0, 0}, {0, 0, 0},  {-4, 0, 0},
};

START_TEST(box_shape_of_each_side) {
  int r = -1, c = -1;
  bool ok = sudoku_box_shape(shapes[_i].n, &r, &c);
  ck_assert_int_eq(ok, shapes[_i].rows != 0);
  if (ok) {
    ck_assert_int_eq(r, shapes[_i].rows);
    ck_assert_int_eq(c, shapes[_i].cols);
  }
}
END_TEST

START_TEST(grid_init_rejects_bad_shapes) {
  sudoku_grid g;
  ck_assert_int_eq(sudoku_grid_init(&g, 3, 3), SUDOKU_OK);
  ck_assert_int_eq(g.n, 9);
  ck_assert_int_eq(sudoku_count_givens(&g), 0);
  ck_assert_int_eq(sudoku_grid_init(&g, 2, 3), SUDOKU_OK);
  ck_assert_int_eq(g.n, 6);
  ck_assert_int_eq(sudoku_grid_init(&g, 1, 9), SUDOKU_BAD_SHAPE);
  ck_assert_int_eq(sudoku_grid_init(&g, 5, 6), SUDOKU_BAD_SHAPE);
  ck_assert_int_eq(sudoku_grid_init(&g, 0, 0), SUDOKU_BAD_SHAPE);
  ck_assert_int_eq(sudoku_grid_init(&g, -3, -3), SUDOKU_BAD_SHAPE);
}
END_TEST

START_TEST(validate_rejects_bad_shape_and_values) {
  sudoku_grid g;
  sudoku_grid_init(&g, 3, 3);
  g.n = 8; /* inconsistent with 3x3 */
  ck_assert_int_eq(sudoku_validate(&g, NULL, 0, NULL), SUDOKU_BAD_SHAPE);
  sudoku_grid_init(&g, 3, 3);
  g.cell[40] = 10;
  ck_assert_int_eq(sudoku_validate(&g, NULL, 0, NULL), SUDOKU_BAD_VALUE);
  sudoku_grid sol;
  ck_assert_int_eq(sudoku_solve(&g, NULL, &sol, NULL), SUDOKU_BAD_VALUE);
}
END_TEST

/* r1c1 = 5, r1c9 = 5, r2c2 = 5, r9c1 = 5: row 1 (c1,c9), box 1 (r1c1,r2c2),
 * column 1 (r1c1, r9c1). Every pair, in rows-columns-boxes order. */
START_TEST(validate_lists_every_conflict) {
  sudoku_grid g;
  sudoku_grid_init(&g, 3, 3);
  g.cell[0] = g.cell[8] = g.cell[10] = g.cell[72] = 5;
  g.cell[30] = 7; /* harmless */
  struct sudoku_conflict c[8];
  size_t count = 0;
  ck_assert_int_eq(sudoku_validate(&g, c, 8, &count), SUDOKU_CONFLICT);
  ck_assert_uint_eq(count, 3);
  const struct sudoku_conflict want[] = {
      {0, 8, 5, SUDOKU_UNIT_ROW, 0},
      {0, 72, 5, SUDOKU_UNIT_COL, 0},
      {0, 10, 5, SUDOKU_UNIT_BOX, 0},
  };
  for (int i = 0; i < 3; i++) {
    ck_assert_uint_eq(c[i].a, want[i].a);
    ck_assert_uint_eq(c[i].b, want[i].b);
    ck_assert_uint_eq(c[i].value, want[i].value);
    ck_assert_uint_eq(c[i].unit, want[i].unit);
    ck_assert_uint_eq(c[i].unit_ix, want[i].unit_ix);
  }
  /* A short buffer still gets the true total. */
  ck_assert_int_eq(sudoku_validate(&g, c, 1, &count), SUDOKU_CONFLICT);
  ck_assert_uint_eq(count, 3);
  sudoku_grid sol;
  struct sudoku_stats st;
  ck_assert_int_eq(sudoku_solve(&g, NULL, &sol, &st), SUDOKU_CONFLICT);
  ck_assert_uint_eq(st.solutions, 0);
  ck_assert_uint_eq(st.nodes, 0);
}
END_TEST

/* Pairs sharing a row and a box are reported once for each; a 6x6 grid
 * checks the box arithmetic of a non-square box (2 rows x 3 columns). */
START_TEST(validate_counts_row_and_box_separately) {
  sudoku_grid g;
  sudoku_grid_init(&g, 2, 3);
  g.cell[0] = g.cell[1] = 4; /* r1c1, r1c2: row 1 and box 1 */
  g.cell[3 * 6 + 4] = 2;     /* r4c5 */
  g.cell[2 * 6 + 3] = 2;     /* r3c4: box 4 holds r3-r4, c4-c6 */
  struct sudoku_conflict c[8];
  size_t count = 0;
  ck_assert_int_eq(sudoku_validate(&g, c, 8, &count), SUDOKU_CONFLICT);
  ck_assert_uint_eq(count, 3);
  ck_assert_uint_eq(c[0].unit, SUDOKU_UNIT_ROW);
  ck_assert_uint_eq(c[1].unit, SUDOKU_UNIT_BOX);
  ck_assert_uint_eq(c[1].unit_ix, 0);
  ck_assert_uint_eq(c[2].unit, SUDOKU_UNIT_BOX);
  ck_assert_uint_eq(c[2].unit_ix, 3);
  ck_assert_uint_eq(c[2].a, 15);
  ck_assert_uint_eq(c[2].b, 22);
}
END_TEST

/* The fast path against the definition: a random grid of a shape (blanks,
 * values, sometimes a clash) is OK exactly when no two givens of a row,
 * column or box are equal, pair by pair, and the listing has every pair. */
START_TEST(validate_agrees_with_pairwise_check) {
  if (shapes[_i].rows == 0)
    return;
  int br = shapes[_i].rows, bc = shapes[_i].cols, n = br * bc;
  uint64_t x = 0x9e3779b97f4a7c15u * (uint64_t)(_i + 1);
  int clashed = 0;
  for (int round = 0; round < 300; round++) {
    sudoku_grid g;
    test_solved_grid(&g, br, bc, (uint32_t)(round + 1));
    for (int i = 0; i < n * n; i++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      if (x % 3 != 0) { /* two thirds blank, a few values changed */
        g.cell[i] = 0;
      } else if (x % 97 < (uint64_t)(round % 4)) {
        g.cell[i] = (uint8_t)(1 + (x >> 20) % (uint64_t)n);
      }
    }
    size_t pairs = 0;
    for (int a = 0; a < n * n; a++)
      for (int b = a + 1; b < n * n; b++) {
        if (g.cell[a] == 0 || g.cell[a] != g.cell[b])
          continue;
        int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
        pairs += ra == rb;
        pairs += ca == cb;
        pairs += ra / br == rb / br && ca / bc == cb / bc;
      }
    size_t count = 99;
    enum sudoku_status st = sudoku_validate(&g, NULL, 0, &count);
    ck_assert_int_eq(st, pairs ? SUDOKU_CONFLICT : SUDOKU_OK);
    ck_assert_uint_eq(count, pairs);
    clashed += pairs != 0;
  }
  ck_assert_int_gt(clashed, 0); /* both outcomes were met */
  ck_assert_int_lt(clashed, 300);
}
END_TEST

START_TEST(checker_accepts_valid_grids_of_every_shape) {
  sudoku_grid g;
  if (shapes[_i].rows == 0)
    return;
  test_solved_grid(&g, shapes[_i].rows, shapes[_i].cols, (uint32_t)_i + 1);
  sudoku_grid p = g;
  test_blank_cells(&p, g.n * g.n / 2, 7);
  ck_assert(sudoku_is_solution(&p, &g));
  ck_assert_int_eq(sudoku_validate(&g, NULL, 0, NULL), SUDOKU_OK);
}
END_TEST

START_TEST(checker_rejects_broken_grids) {
  sudoku_grid g, p;
  test_solved_grid(&g, 3, 3, 42);
  p = g;
  test_blank_cells(&p, 30, 3);
  ck_assert(sudoku_is_solution(&p, &g));

  sudoku_grid bad = g; /* a changed given */
  int given = 0;
  while (p.cell[given] == 0)
    given++;
  p.cell[given] = (uint8_t)(p.cell[given] % 9 + 1);
  ck_assert(!sudoku_is_solution(&p, &bad));

  sudoku_grid empty;
  sudoku_grid_init(&empty, 3, 3);
  bad = g; /* a blank left */
  bad.cell[80] = 0;
  ck_assert(!sudoku_is_solution(&empty, &bad));

  /* A Latin square: rows and columns fine, boxes wrong. */
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      bad.cell[r * 9 + c] = (uint8_t)((r + c) % 9 + 1);
  ck_assert(!sudoku_is_solution(&empty, &bad));

  bad = g; /* two cells swapped in a row: columns break */
  uint8_t t = bad.cell[0];
  bad.cell[0] = bad.cell[1];
  bad.cell[1] = t;
  ck_assert(!sudoku_is_solution(&empty, &bad));

  sudoku_grid six; /* shape mismatch */
  test_solved_grid(&six, 2, 3, 1);
  ck_assert(!sudoku_is_solution(&empty, &six));
}
END_TEST

START_TEST(status_table_is_complete) {
  for (int s = 0; s < SUDOKU_STATUS_COUNT; s++) {
    ck_assert_ptr_nonnull(sudoku_strerror((enum sudoku_status)s));
    ck_assert_ptr_nonnull(sudoku_status_code((enum sudoku_status)s));
  }
  ck_assert_str_eq(sudoku_status_code(SUDOKU_CONFLICT), "conflicting-givens");
  ck_assert_str_eq(sudoku_status_code(SUDOKU_STATUS_COUNT), "unknown");
  ck_assert_str_eq(sudoku_unit_name(SUDOKU_UNIT_COL), "column");
}
END_TEST

/* Every name sudoku_cell_name writes reads back, canonical, whole. */
START_TEST(cell_names_read_back) {
  for (int n = 4; n <= SUDOKU_MAX_N; n++)
    for (int cell = 0; cell < n * n; cell++) {
      char name[8];
      size_t len = sudoku_cell_name(n, cell, name, sizeof name), at = 0;
      int row = 0, col = 0;
      bool canonical = false;
      ck_assert(sudoku_cell_name_read(name, len, &at, &row, &col, &canonical));
      ck_assert(canonical);
      ck_assert_uint_eq(at, len);
      ck_assert_int_eq((row - 1) * n + col - 1, cell);
    }
}
END_TEST

static const struct {
  const char *text;
  bool ok, canonical;
  int row, col;
  size_t at; /* where the reading stops */
} names[] = {
    {"r3c5", true, true, 3, 5, 4},        {"R3C5", true, false, 3, 5, 4},
    {"r03c5", true, false, 3, 5, 5},      {"r0c0", true, false, 0, 0, 4},
    {"r1234c1,", true, true, 1234, 1, 7}, {"r12345c1", false, false, 0, 0, 0},
    {"r3c", false, false, 0, 0, 0},       {"rc5", false, false, 0, 0, 0},
    {"c5r3", false, false, 0, 0, 0},      {"", false, false, 0, 0, 0},
};

START_TEST(cell_name_spellings) {
  const char *text = names[_i].text;
  size_t at = 0;
  int row = 0, col = 0;
  bool canonical = false;
  ck_assert_int_eq(
      sudoku_cell_name_read(text, strlen(text), &at, &row, &col, &canonical),
      names[_i].ok);
  ck_assert_uint_eq(at, names[_i].at);
  if (names[_i].ok) {
    ck_assert_int_eq(row, names[_i].row);
    ck_assert_int_eq(col, names[_i].col);
    ck_assert_int_eq(canonical, names[_i].canonical);
  }
}
END_TEST

Suite *grid_suite(void) {
  Suite *s = suite_create("grid");
  TCase *tc = tcase_create("shapes");
  int nshapes = (int)(sizeof shapes / sizeof shapes[0]);
  tcase_add_loop_test(tc, box_shape_of_each_side, 0, nshapes);
  tcase_add_test(tc, grid_init_rejects_bad_shapes);
  tcase_add_test(tc, status_table_is_complete);
  suite_add_tcase(s, tc);
  tc = tcase_create("validate");
  tcase_add_test(tc, validate_rejects_bad_shape_and_values);
  tcase_add_test(tc, validate_lists_every_conflict);
  tcase_add_test(tc, validate_counts_row_and_box_separately);
  tcase_add_loop_test(tc, validate_agrees_with_pairwise_check, 0, nshapes);
  suite_add_tcase(s, tc);
  tc = tcase_create("checker");
  tcase_add_loop_test(tc, checker_accepts_valid_grids_of_every_shape, 0,
                      nshapes);
  tcase_add_test(tc, checker_rejects_broken_grids);
  suite_add_tcase(s, tc);
  tc = tcase_create("names");
  tcase_add_test(tc, cell_names_read_back);
  tcase_add_loop_test(tc, cell_name_spellings, 0,
                      (int)(sizeof names / sizeof names[0]));
  suite_add_tcase(s, tc);
  return s;
}
