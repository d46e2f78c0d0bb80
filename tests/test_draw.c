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
#include "sudoku_rules.h"
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

  struct sudoku_picture pic = {.givens = &puzzle, .entries = &solved};
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
  struct sudoku_picture marked = {.givens = &puzzle, .cand = cand};
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
  struct sudoku_picture pic = {
      .givens = &g, .cand = cand, .step = &st, .title = "Pointing & co <r1c3>"};
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
  struct sudoku_picture pic = {.givens = &g};
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
  struct sudoku_picture mixed = {.givens = &g, .entries = &other};
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

/* What the parser saw of the rules' marks: circles and squares (parity),
 * cells shaded grey (windows), whether the diagonals are drawn, the
 * dashed cage sides and the sums, and the thick borders inside the frame
 * in cell sides. */
struct seen_rules {
  int ok, circles, squares, grey, diagonals, cage_sides, sums, borders;
};

static struct seen_rules parse_rules(const char *svg) {
  char path[] = "/tmp/sudoku-draw-rules-XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  size_t len = strlen(svg);
  ck_assert_int_eq(write(fd, svg, len), (ssize_t)len);
  close(fd);
  char cmd[2048];
  snprintf(
      cmd, sizeof cmd,
      "python3 -c '\n"
      "import re, sys, xml.dom.minidom as m\n"
      "d = m.parse(sys.argv[1]).documentElement\n"
      "cell = %d; frame = float(d.getAttribute(\"width\")) - 2 * %d\n"
      "circles = len(d.getElementsByTagName(\"circle\"))\n"
      "rects = d.getElementsByTagName(\"rect\")\n"
      "squares = sum(r.parentNode.getAttribute(\"fill\") == \"#d1d5db\" for r "
      "in rects)\n"
      "grey = sum(r.getAttribute(\"fill\") == \"#e5e7eb\" for r in rects)\n"
      "paths = d.getElementsByTagName(\"path\")\n"
      "diag = sum(p.getAttribute(\"stroke\") == \"#7c3aed\" for p in paths)\n"
      "dash = sum(p.getAttribute(\"d\").count(\"M\") for p in paths"
      " if p.getAttribute(\"stroke-dasharray\"))\n"
      "sums = sum(len(g.getElementsByTagName(\"text\")) for g in"
      " d.getElementsByTagName(\"g\") if g.getAttribute(\"font-size\") == "
      "\"10\")\n"
      "thick = [p for p in paths if p.getAttribute(\"stroke-width\") == "
      "\"3\"][0]\n"
      "units = 0\n"
      "for x, y, k, to in re.findall(r\"M([0-9.]+) ([0-9.]+)([HV])([0-9.]+)\", "
      "thick.getAttribute(\"d\")):\n"
      "  a = float(x) if k == \"H\" else float(y)\n"
      "  units += round((float(to) - a) / cell)\n"
      "print(1, circles, squares, grey, diag, dash, sums, units - 4 * "
      "round(frame / cell))\n"
      "' %%s 2>/dev/null",
      SUDOKU_SVG_CELL, SUDOKU_SVG_MARGIN);
  char full[2300];
  snprintf(full, sizeof full, cmd, path);
  FILE *p = popen(full, "r");
  ck_assert_ptr_nonnull(p);
  struct seen_rules s = {0};
  if (fscanf(p, "%d %d %d %d %d %d %d %d", &s.ok, &s.circles, &s.squares,
             &s.grey, &s.diagonals, &s.cage_sides, &s.sums, &s.borders) != 8)
    s.ok = 0;
  pclose(p);
  unlink(path);
  return s;
}

/* The first puzzle of a committed variant sample, read under kinds. */
static void first_variant(const char *file, const char *kind, sudoku_grid *g,
                          sudoku_rules *r) {
  char path[256];
  snprintf(path, sizeof path, TEST_DATA_DIR "/variants/%s", file);
  size_t len;
  char *text = test_read_file(path, &len);
  ck_assert_ptr_nonnull(text);
  struct sudoku_rules_reader rd;
  sudoku_rules_reader_init(&rd, text, len,
                           1u << sudoku_rule_lookup(kind, strlen(kind)));
  struct sudoku_text_error e;
  ck_assert_int_eq(sudoku_rules_read_next(&rd, g, r, &e), 1);
  free(text);
}

/* Borders between cells of different groups (boxes, or jigsaw regions),
 * counted here in cell sides, independently of the writer. */
static int group_borders(const sudoku_grid *g, const sudoku_rules *r,
                         bool jigsaw) {
  int n = g->n, count = 0;
  for (int c = 0; c < n * n; c++) {
    int row = c / n, col = c % n;
    int here = jigsaw ? r->region[c]
                      : row / g->box_rows * g->box_rows + col / g->box_cols;
    if (col + 1 < n) {
      int right =
          jigsaw ? r->region[c + 1]
                 : row / g->box_rows * g->box_rows + (col + 1) / g->box_cols;
      count += here != right;
    }
    if (row + 1 < n) {
      int below =
          jigsaw ? r->region[c + n]
                 : (row + 1) / g->box_rows * g->box_rows + col / g->box_cols;
      count += here != below;
    }
  }
  return count;
}

/* Each rule drawn as players know it, counted by the XML parser against
 * the rules: parity marks, window cells, diagonals, cage outlines and
 * sums, jigsaw borders. */
START_TEST(rules_are_drawn) {
  static const struct {
    const char *file, *kind;
  } cases[] = {{"x.txt", "x"},
               {"hyper.txt", "windoku"},
               {"jigsaw.txt", "jigsaw"},
               {"killer.txt", "killer"},
               {"evenodd.txt", "odd-even"}};
  const char *file = cases[_i].file, *kind = cases[_i].kind;
  sudoku_grid g;
  static sudoku_rules r;
  first_variant(file, kind, &g, &r);
  struct sudoku_picture pic = {.givens = &g, .rules = &r};
  char *svg = draw(&pic);
  struct seen_rules s = parse_rules(svg);
  ck_assert_int_eq(s.ok, 1);
  struct svg_seen plain = test_parse_svg(svg);
  ck_assert_int_eq(plain.givens, sudoku_count_givens(&g));
  free(svg);

  int odd = 0, even = 0, sides = 0, sums = 0;
  for (int c = 0; c < 81; c++) {
    odd += r.parity[c] == SUDOKU_PARITY_ODD;
    even += r.parity[c] == SUDOKU_PARITY_EVEN;
  }
  int16_t cage_of[81];
  for (int c = 0; c < 81; c++)
    cage_of[c] = -1;
  for (int k = 0; k < r.cage_count; k++) {
    sums += r.cage[k].sum != 0;
    for (int i = 0; i < r.cage[k].len; i++)
      cage_of[r.cage_cell[r.cage[k].start + i]] = (int16_t)k;
  }
  for (int c = 0; c < 81; c++) {
    if (cage_of[c] < 0)
      continue;
    int row = c / 9, col = c % 9;
    sides += row == 0 || cage_of[c - 9] != cage_of[c];
    sides += row == 8 || cage_of[c + 9] != cage_of[c];
    sides += col == 0 || cage_of[c - 1] != cage_of[c];
    sides += col == 8 || cage_of[c + 1] != cage_of[c];
  }
  bool jigsaw = strcmp(kind, "jigsaw") == 0;
  ck_assert_int_eq(s.circles,
                   sudoku_rules_has(&r, SUDOKU_RULE_ODD_EVEN) ? odd : 0);
  ck_assert_int_eq(s.squares,
                   sudoku_rules_has(&r, SUDOKU_RULE_ODD_EVEN) ? even : 0);
  ck_assert_int_eq(s.grey, strcmp(kind, "windoku") == 0 ? 36 : 0);
  ck_assert_int_eq(s.diagonals, strcmp(kind, "x") == 0);
  ck_assert_int_eq(s.cage_sides, sides);
  ck_assert_int_eq(s.sums, sums);
  ck_assert_int_eq(s.borders, group_borders(&g, &r, jigsaw));
  if (strcmp(kind, "killer") == 0)
    ck_assert_int_gt(sides, 0);
  if (strcmp(kind, "odd-even") == 0)
    ck_assert_int_gt(odd + even, 0);
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
  tcase_add_loop_test(tc, rules_are_drawn, 0, 5);
  tcase_set_timeout(tc, 30);
  suite_add_tcase(s, tc);
  return s;
}
