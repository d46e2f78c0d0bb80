/*
 * test_draw.c - sudoku_write_svg: every picture is read back by a real XML
 * parser (python3's xml.dom.minidom, expat), which counts what was drawn;
 * the counts are compared with what the picture holds, computed here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sudoku_draw.h"
#include "sudoku_logic.h"
#include "tests.h"

/* The picture into a malloc'd string, sized by a first call of cap 0. */
static char *draw(const struct sudoku_picture *pic) {
  size_t need = sudoku_write_svg(pic, NULL, 0);
  char *svg = malloc(need + 1);
  ck_assert_ptr_nonnull(svg);
  ck_assert_uint_eq(sudoku_write_svg(pic, svg, need + 1), need);
  ck_assert_uint_eq(strlen(svg), need);
  return svg;
}

static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 3}, {3, 4},
                                {4, 4}, {4, 5}, {5, 5}};

/* Givens, the solution's other cells as entries, or every candidate of the
 * empty cells as marks: at every side, parsed, every digit counted. */
START_TEST(every_side_parses_and_counts) {
  int br = shapes[_i][0], bc = shapes[_i][1], n = br * bc;
  sudoku_grid solved, puzzle;
  test_solved_grid(&solved, br, bc, 7u + (uint32_t)_i);
  ck_assert(sudoku_is_solution(&solved, &solved));
  puzzle = solved;
  test_blank_cells(&puzzle, n * n / 2, 11u + (uint32_t)_i);
  int givens = sudoku_count_givens(&puzzle);

  struct sudoku_picture pic = {&puzzle, &solved, NULL, NULL, NULL};
  char *svg = draw(&pic);
  struct svg_seen s = test_parse_svg(svg);
  ck_assert_int_eq(s.ok, 1);
  ck_assert_int_eq(s.width, n * SUDOKU_SVG_CELL + 2 * SUDOKU_SVG_MARGIN);
  ck_assert_int_eq(s.givens, givens);
  ck_assert_int_eq(s.entries, n * n - givens);
  ck_assert_int_eq(s.marks + s.placed + s.struck + s.rects + s.strokes, 0);
  /* The same picture, the same bytes. */
  char *again = draw(&pic);
  ck_assert_str_eq(svg, again);
  free(again);
  free(svg);

  uint32_t cand[SUDOKU_MAX_CELLS];
  ck_assert_int_eq(sudoku_candidates(&puzzle, cand), SUDOKU_OK);
  int marks = 0;
  for (int c = 0; c < n * n; c++)
    marks += __builtin_popcount(cand[c]);
  struct sudoku_picture marked = {&puzzle, NULL, cand, NULL, NULL};
  svg = draw(&marked);
  s = test_parse_svg(svg);
  ck_assert_int_eq(s.ok, 1);
  ck_assert_int_eq(s.givens, givens);
  ck_assert_int_eq(s.entries, 0);
  ck_assert_int_eq(s.marks, marks);
  free(svg);
}
END_TEST

/* A step: its units and cells shaded, its placement drawn green, its
 * eliminations red and struck out, the rest of the marks plain. */
START_TEST(a_step_is_marked) {
  sudoku_grid g;
  test_grid_from_line(&g, CLASSIC);
  uint32_t cand[SUDOKU_MAX_CELLS];
  ck_assert_int_eq(sudoku_candidates(&g, cand), SUDOKU_OK);
  struct sudoku_step st;
  memset(&st, 0, sizeof st);
  st.technique = SUDOKU_TECH_POINTING;
  st.nunits = 2;
  st.units[0] = 0;      /* row 1 */
  st.units[1] = 18 + 4; /* box 5 */
  st.ncells = 1;
  st.cells[0] = 2; /* r1c3, in row 1 already */
  st.nplacements = 1;
  st.placements[0] = (struct sudoku_candidate){3, 6}; /* r1c4 = 6 */
  st.neliminations = 2;
  st.eliminations[0] = (struct sudoku_candidate){2, 1}; /* r1c3 <> 1 */
  st.eliminations[1] = (struct sudoku_candidate){2, 2}; /* r1c3 <> 2 */
  ck_assert(cand[2] & 1u && cand[2] & 2u);
  int marks = 0;
  for (int c = 0; c < 81; c++)
    marks += __builtin_popcount(cand[c]);
  struct sudoku_picture pic = {&g, NULL, cand, &st, "Pointing & co <r1c3>"};
  char *svg = draw(&pic);
  ck_assert_ptr_nonnull(strstr(svg, "<title id=\"title\">Pointing &amp; co "
                                    "&lt;r1c3&gt;</title>"));
  struct svg_seen s = test_parse_svg(svg);
  ck_assert_int_eq(s.ok, 1);
  ck_assert_int_eq(s.placed, 1);
  ck_assert_int_eq(s.struck, 2);
  ck_assert_int_eq(s.strokes, 2);
  /* r1c4's own marks go with the placement; r1c3 loses two. */
  ck_assert_int_eq(s.marks, marks - __builtin_popcount(cand[3]) - 2);
  /* Row 1 (9 cells) and box 5 (9 cells) do not overlap: 18 shaded. */
  ck_assert_int_eq(s.rects, 18);
  free(svg);
}
END_TEST

/* snprintf's contract: the length whatever cap is, a NUL within cap, and
 * nothing written past it; unsupported shapes draw nothing. */
START_TEST(bounded_and_refusing) {
  sudoku_grid g;
  test_grid_from_line(&g, CLASSIC);
  struct sudoku_picture pic = {&g, NULL, NULL, NULL, NULL};
  size_t need = sudoku_write_svg(&pic, NULL, 0);
  ck_assert_uint_gt(need, 1000);
  char small[65];
  memset(small, 'z', sizeof small);
  ck_assert_uint_eq(sudoku_write_svg(&pic, small, 64), need);
  ck_assert_uint_eq(strlen(small), 63);
  ck_assert_int_eq(small[64], 'z');
  ck_assert(strncmp(small, "<svg xmlns=", 11) == 0);

  sudoku_grid other;
  test_solved_grid(&other, 2, 2, 1);
  struct sudoku_picture mixed = {&g, &other, NULL, NULL, NULL};
  char buf[8] = "x";
  ck_assert_uint_eq(sudoku_write_svg(&mixed, buf, sizeof buf), 0);
  ck_assert_str_eq(buf, "");
  g.box_rows = 1;
  ck_assert_uint_eq(sudoku_write_svg(&pic, buf, sizeof buf), 0);
}
END_TEST

/* sudoku --format svg: one document a puzzle, read back by the parser;
 * a puzzle without a solution is drawn with its givens, exit status 1. */
START_TEST(cli_draws_each_puzzle) {
  const char *bin =
      getenv("SUDOKU_BIN") ? getenv("SUDOKU_BIN") : "build/sudoku";
  char cmd[512];
  snprintf(cmd, sizeof cmd,
           "printf '%%s\\n%%s\\n' '%s' '%s' | '%s' --format svg "
           "2>/dev/null",
           CLASSIC, NO_SOLUTION, bin);
  FILE *p = popen(cmd, "r");
  ck_assert_ptr_nonnull(p);
  static char text[1 << 16];
  size_t n = fread(text, 1, sizeof text - 1, p);
  text[n] = '\0';
  int rc = pclose(p);
  ck_assert(WIFEXITED(rc) && WEXITSTATUS(rc) == 1);
  char *second = strstr(text + 1, "<svg xmlns=");
  ck_assert_ptr_nonnull(second);
  ck_assert_int_eq(second[-1], '\n');
  second[0] = '\0';
  struct svg_seen a = test_parse_svg(text);
  second[0] = '<';
  struct svg_seen b = test_parse_svg(second);
  ck_assert_int_eq(a.ok, 1);
  ck_assert_int_eq(a.givens, 30);
  ck_assert_int_eq(a.entries, 51);
  ck_assert_int_eq(b.ok, 1);
  ck_assert_int_eq(b.givens, 9);
  ck_assert_int_eq(b.entries, 0);
}
END_TEST

Suite *draw_suite(void) {
  Suite *s = suite_create("draw");
  TCase *tc = tcase_create("svg");
  tcase_add_loop_test(tc, every_side_parses_and_counts, 0,
                      (int)(sizeof shapes / sizeof shapes[0]));
  tcase_add_test(tc, a_step_is_marked);
  tcase_add_test(tc, bounded_and_refusing);
  tcase_add_test(tc, cli_draws_each_puzzle);
  tcase_set_timeout(tc, 30);
  suite_add_tcase(s, tc);
  return s;
}
