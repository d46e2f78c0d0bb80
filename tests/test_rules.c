/*
 * test_rules.c - variant rules (include/sudoku_rules.h): the table of rule
 * kinds, malformed rules refused with the exact message, every clash of
 * the givens named, the text format read with located errors and written
 * back byte for byte, solving every variant corpus under its rules with
 * each solution re-checked by the independent checker and against the
 * stored one, budgets, lexmin, and `sudoku --variant`. The corpora are the
 * full sets of ../shared/corpus/variants when it exists, else the samples
 * in tests/data/variants.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sudoku_rules.h"
#include "tests.h"

#define E9 DOTS9
#define EMPTY81 E9 E9 E9 E9 E9 E9 E9 E9 E9
/* The boxes of 9x9 as a region map. */
#define BOXES                                                                  \
  "111222333111222333111222333444555666444555666444555666777888999777888999"   \
  "777888999"

static uint32_t kinds_of(const char *list) {
  uint32_t kinds = 0;
  size_t bad = 0;
  ck_assert_msg(sudoku_rule_kinds(list, strlen(list), &kinds, &bad),
                "unknown rule in '%s' at %zu", list, bad);
  return kinds;
}

/* Reads one line under kinds; fails the test when it is unreadable. */
static void read_one(const char *kinds, const char *line, sudoku_grid *g,
                     sudoku_rules *r) {
  struct sudoku_rules_reader rd;
  struct sudoku_text_error err;
  sudoku_rules_reader_init(&rd, line, strlen(line), kinds_of(kinds));
  int got = sudoku_rules_read_next(&rd, g, r, &err);
  ck_assert_msg(got == 1, "'%s' unreadable: %s", line, err.message);
}

/* ---- The table --------------------------------------------------------- */

START_TEST(rule_table_names_round_trip) {
  static const char *const names[] = {
      "x",         "windoku",         "jigsaw",   "killer",       "anti-knight",
      "anti-king", "non-consecutive", "odd-even", "extra-regions"};
  ck_assert_int_eq(SUDOKU_RULE_COUNT, sizeof names / sizeof names[0]);
  for (int k = 0; k < SUDOKU_RULE_COUNT; k++) {
    ck_assert_str_eq(sudoku_rule_name(k), names[k]);
    ck_assert_int_eq(sudoku_rule_lookup(names[k], strlen(names[k])), k);
    ck_assert_ptr_nonnull(sudoku_rule_english(k));
    ck_assert_ptr_nonnull(sudoku_rule_what(k));
  }
  ck_assert_int_eq(sudoku_rule_lookup("xx", 2), -1);
  ck_assert_int_eq(sudoku_rule_lookup("x", 0), -1);
  ck_assert_ptr_null(sudoku_rule_name(SUDOKU_RULE_COUNT));
}
END_TEST

/* ---- Malformed rules --------------------------------------------------- */

static const struct {
  const char *kinds, *line;
  enum sudoku_status status;
  const char *message;
} bad_rules[] = {
    {"killer", EMPTY81 " 3=r1c1,r1c2;4=r1c2,r1c3", SUDOKU_BAD_RULES,
     "r1c2 is in two cages"},
    {"killer", EMPTY81 " 18=r3c4,r3c5", SUDOKU_BAD_RULES,
     "cage at r3c4: 2 cells cannot sum to 18"},
    {"killer", EMPTY81 " 2=r3c4", SUDOKU_OK, NULL},
    {"killer", EMPTY81 " 2=r3c4,r4c4", SUDOKU_BAD_RULES,
     "cage at r3c4: 2 cells cannot sum to 2"},
    {"killer", EMPTY81 " 3=r1c1,r1c1", SUDOKU_BAD_RULES,
     "r1c1 is twice in one cage"},
    {"killer", EMPTY81 " 0=r1c1,r1c2,r1c3,r1c4,r1c5,r1c6,r1c7,r1c8,r1c9,r2c1",
     SUDOKU_BAD_RULES, "cage at r1c1 has 10 cells; at most 9"},
    {"jigsaw",
     EMPTY81 " 111222333111222333111222333444555666444555666444555666777888999"
             "777888999777888991",
     SUDOKU_BAD_RULES, "region 1 has 10 cells, not 9"},
    {"jigsaw",
     EMPTY81 " 211221333111222333111222333444555666444555666444555666777888999"
             "777888999777888999",
     SUDOKU_BAD_RULES, "region 1 is not connected (r1c2 and r1c6)"},
    {"windoku", "...................................." /* 6x6 */,
     SUDOKU_BAD_RULES,
     "windoku needs square boxes and a side of 9, 16 or 25, not 6x6"},
    {"windoku", "................", SUDOKU_BAD_RULES,
     "windoku needs square boxes and a side of 9, 16 or 25, not 4x4"},
    {"x", "................", SUDOKU_OK, NULL},
    {"jigsaw", "................ 1122112233443344", SUDOKU_OK, NULL},
};

START_TEST(bad_rules_refused_with_message) {
  sudoku_grid g;
  sudoku_rules r;
  read_one(bad_rules[_i].kinds, bad_rules[_i].line, &g, &r);
  struct sudoku_rules_problem p[2];
  size_t count = 99;
  enum sudoku_status s = sudoku_rules_check(&g, &r, p, 2, &count);
  ck_assert_int_eq(s, bad_rules[_i].status);
  if (bad_rules[_i].message != NULL) {
    ck_assert_uint_eq(count, 1);
    ck_assert_str_eq(p[0].message, bad_rules[_i].message);
  } else {
    ck_assert_uint_eq(count, 0);
  }
  /* The solver refuses them the same way, before any search. */
  sudoku_grid out;
  struct sudoku_stats st;
  enum sudoku_status solved = sudoku_solve_rules(&g, &r, NULL, &out, &st);
  if (s != SUDOKU_OK) {
    ck_assert_int_eq(solved, s);
    ck_assert_uint_eq(st.nodes, 0);
    ck_assert_mem_eq(out.cell, g.cell, sizeof g.cell);
  }
}
END_TEST

/* Rules the text cannot hold, built by hand. */
START_TEST(bad_rules_built_by_hand) {
  sudoku_grid g;
  sudoku_grid_init(&g, 3, 3);
  struct sudoku_rules_problem p;
  sudoku_rules r = SUDOKU_RULES_NONE;
  r.kinds = 1u << SUDOKU_RULE_JIGSAW;
  for (int c = 0; c < 81; c++)
    r.region[c] = (uint8_t)(BOXES[c] - '1');
  ck_assert_int_eq(sudoku_rules_check(&g, &r, &p, 1, NULL), SUDOKU_OK);
  r.region[0] = 9;
  ck_assert_int_eq(sudoku_rules_check(&g, &r, &p, 1, NULL), SUDOKU_BAD_RULES);
  ck_assert_str_eq(p.message, "r1c1: region 10 is out of 1..9");

  r = (sudoku_rules)SUDOKU_RULES_NONE;
  r.kinds = 1u << SUDOKU_RULE_ODD_EVEN;
  r.parity[5] = 3;
  ck_assert_int_eq(sudoku_rules_check(&g, &r, &p, 1, NULL), SUDOKU_BAD_RULES);
  ck_assert_str_eq(p.message, "r1c6: parity mark 3 is not any, odd or even");

  r = (sudoku_rules)SUDOKU_RULES_NONE;
  r.kinds = 1u << SUDOKU_RULE_EXTRA;
  r.extra_count = 1;
  for (int i = 0; i < 9; i++)
    r.extra[0][i] = (uint16_t)(i * 10 % 81);
  ck_assert_int_eq(sudoku_rules_check(&g, &r, &p, 1, NULL), SUDOKU_OK);
  r.extra[0][8] = 0;
  ck_assert_int_eq(sudoku_rules_check(&g, &r, &p, 1, NULL), SUDOKU_BAD_RULES);
  ck_assert_str_eq(p.message, "extra region 1 lists r1c1 twice");
  r.extra[0][8] = 81;
  ck_assert_int_eq(sudoku_rules_check(&g, &r, &p, 1, NULL), SUDOKU_BAD_RULES);
  ck_assert_str_eq(p.message, "extra region 1: cell 81 is outside the grid");

  r = (sudoku_rules)SUDOKU_RULES_NONE;
  r.kinds = 1u << 30;
  ck_assert_int_eq(sudoku_rules_check(&g, &r, &p, 1, NULL), SUDOKU_BAD_RULES);
  ck_assert_str_eq(p.message, "unknown rule kind");
}
END_TEST

/* ---- Clashing givens --------------------------------------------------- */

static const struct {
  const char *kinds, *line;
  size_t count; /* every clash */
  const char *first;
} clashes[] = {
    {"x", "5......." E9 E9 E9 E9 E9 E9 E9 E9 "5", 1,
     "r1c1 and r9c9 are both 5 (diagonal 1)"},
    {"windoku", E9 ".3......." E9 "...3....." E9 E9 E9 E9 E9, 1,
     "r2c2 and r4c4 are both 3 (window 1)"},
    {"killer", "98......." E9 E9 E9 E9 E9 E9 E9 E9 " 10=r1c1,r1c2,r1c3", 1,
     "cage at r1c1 (sum 10, 3 cells) already holds 9 and 8"},
    {"killer",
     "1........" E9 E9 E9 E9 E9 E9 E9 E9 " 35=r1c1,r1c2,r2c1,r2c2,r3c3", 1,
     "cage at r1c1 (sum 35, 5 cells) already holds 1"},
    {"killer",
     "..5......"
     "...5....." E9 E9 E9 E9 E9 E9 E9 " 0=r1c3,r2c4",
     1, "r1c3 and r2c4 are both 5 (cage at r1c3)"},
    {"anti-knight",
     "..5......"
     "....5...." E9 E9 E9 E9 E9 E9 E9,
     1, "r1c3 and r2c5 are both 5 (anti-knight)"},
    {"anti-king",
     E9 E9 "..4......"
           "...4....." E9 E9 E9 E9 E9,
     1, "r3c3 and r4c4 are both 4 (anti-king)"},
    {"non-consecutive", "45......." E9 E9 E9 E9 E9 E9 E9 E9, 1,
     "r1c1 and r1c2 hold 4 and 5 (non-consecutive)"},
    {"odd-even",
     E9 ".4......." E9 E9 E9 E9 E9 E9 E9 " " E9
        ".O......." E9 E9 E9 E9 E9 E9 E9,
     1, "r2c2 holds 4 but is marked odd"},
    {"jigsaw", "1.....1.." E9 E9 E9 E9 E9 E9 E9 E9 " " BOXES, 1,
     "r1c1 and r1c7 are both 1 (row 1)"},
    {"jigsaw",
     "1........" E9 E9 E9 E9 E9 E9 E9 "........1"
     " 111111111222222222333333333444444444555555555666666666777777"
     "777888888888999999999",
     0, NULL},
    /* Three 5s in box 1 (row 1, column 1, three box pairs), one more on
     * the diagonal. */
    {"x", "5.5......" E9 "5........" E9 E9 E9 E9 E9 "........5", 6,
     "r1c1 and r1c3 are both 5 (row 1)"},
};

START_TEST(clashes_listed_and_named) {
  sudoku_grid g;
  sudoku_rules r;
  read_one(clashes[_i].kinds, clashes[_i].line, &g, &r);
  struct sudoku_rules_problem p[8];
  size_t count = 99;
  enum sudoku_status s = sudoku_rules_check(&g, &r, p, 8, &count);
  ck_assert_uint_eq(count, clashes[_i].count);
  ck_assert_int_eq(s, count ? SUDOKU_CONFLICT : SUDOKU_OK);
  if (count)
    ck_assert_str_eq(p[0].message, clashes[_i].first);
  sudoku_grid out;
  struct sudoku_stats st;
  s = sudoku_solve_rules(&g, &r, NULL, &out, &st);
  if (count)
    ck_assert_int_eq(s, SUDOKU_CONFLICT);
}
END_TEST

/* ---- Text ---------------------------------------------------------------- */

#define ROW1 "r1c1,r1c2,r1c3,r1c4,r1c5,r1c6,r1c7,r1c8,r1c9"
#define DIAG1 "r1c1,r2c2,r3c3,r4c4,r5c5,r6c6,r7c7,r8c8,r9c9"
#define DIAG2 "r1c9,r2c8,r3c7,r4c6,r5c5,r6c4,r7c3,r8c2,r9c1"

static const struct {
  const char *kinds, *text, *message;
} read_errors[] = {
    {"killer", EMPTY81 "\n", "line 1: killer: the cages field is missing"},
    {"killer", EMPTY81 " x=r1c1",
     "line 1, column 83: expected a cage as SUM=r1c1,r1c2,..."},
    {"killer", EMPTY81 " 12=r1c1,x",
     "line 1, column 91: expected a cell name like r1c1"},
    {"killer", EMPTY81 " 12=r1c1,r10c1",
     "line 1, column 91: r10c1 is outside the 9x9 grid"},
    {"killer", EMPTY81 " 12=r1c1:r1c2",
     "line 1, column 90: ':': expected ',' or ';'"},
    {"killer", EMPTY81 " 3=r1c1,r1c2 9=r3c3",
     "line 1, column 95: unexpected text after the puzzle"},
    {"x", "\n# a comment\n" E9 E9 E9 E9 E9 E9 E9 E9 "........",
     "line 3, column 1: expected a puzzle of n*n cells (81 for 9x9), got 80"},
    {"x", EMPTY81 "\n" E9 E9 E9 E9 E9 E9 E9 E9 "........x",
     "line 2, column 81: 'x' is not one of the cell symbols"},
    {"jigsaw",
     EMPTY81 " 111222333111222333111222333444555666444555666444555666"
             "777888999777888999777888990",
     "line 1, column 163: '0' is not one of the region symbols"},
    {"jigsaw", EMPTY81 " 1112223",
     "line 1, column 83: expected 81 region "
     "symbols, got 7"},
    {"odd-even", EMPTY81 " " E9 E9 E9 E9 E9 E9 E9 E9 "........X",
     "line 1, column 163: 'X' is not one of the parity marks"},
    {"extra-regions", EMPTY81 " r1c1,r2c2",
     "line 1, column 83: extra region 1 has 2 cells, not 9"},
    {"extra-regions",
     EMPTY81 " " ROW1 ";" ROW1 ";" ROW1 ";" ROW1 ";" ROW1 ";" ROW1 ";" ROW1
             ";" ROW1 ";" ROW1,
     "line 1, column 443: more than 8 extra regions"},
    {"killer,extra-regions", EMPTY81 " 3=r1c1,r1c2",
     "line 1: extra-regions: the extra regions field is missing"},
};

START_TEST(read_errors_located) {
  struct sudoku_rules_reader rd;
  struct sudoku_text_error err;
  sudoku_grid g;
  sudoku_rules r;
  const char *t = read_errors[_i].text;
  sudoku_rules_reader_init(&rd, t, strlen(t), kinds_of(read_errors[_i].kinds));
  int got;
  while ((got = sudoku_rules_read_next(&rd, &g, &r, &err)) > 0)
    ;
  ck_assert_int_eq(got, -1);
  ck_assert_str_eq(err.message, read_errors[_i].message);
}
END_TEST

/* ---- Corpora --------------------------------------------------------------
 */

static const struct {
  const char *file, *kinds;
  bool unique, has_sol;
} corpora[] = {
    {"x", "x", true, true},
    {"hyper", "windoku", true, true},
    {"jigsaw", "jigsaw", true, true},
    {"killer", "killer", true, true},
    {"evenodd", "odd-even", true, true},
    {"killer_derived", "killer", true, true},
    {"killer_multi", "killer", false, false},
    {"killer_multi", "killer,x", true, true},
    {"x_multi_derived", "x", false, false},
    {"hyper_multi_derived", "windoku", false, false},
    {"jigsaw_multi_derived", "jigsaw", false, false},
};

static char *variant_read(const char *name, const char *ext, size_t *len) {
  char path[512];
  snprintf(path, sizeof path, SHARED_CORPUS_DIR "/variants/%s%s", name, ext);
  if (access(path, R_OK) != 0)
    snprintf(path, sizeof path, TEST_DATA_DIR "/variants/%s%s", name, ext);
  char *text = test_read_file(path, len);
  ck_assert_msg(text != NULL, "cannot read %s", path);
  return text;
}

/* Every puzzle solved under its rules, re-checked by the independent
 * checker, equal to its stored solution; unique or multiple as the file
 * says; and each line written back byte for byte. */
START_TEST(variant_corpus_solved) {
  size_t len, sol_len = 0;
  char *text = variant_read(corpora[_i].file, ".txt", &len);
  char *sols = corpora[_i].has_sol
                   ? variant_read(corpora[_i].file, ".sol.txt", &sol_len)
                   : NULL;
  struct sudoku_rules_reader rd;
  struct sudoku_text_error err;
  static sudoku_grid g;
  static sudoku_rules r;
  sudoku_rules_reader_init(&rd, text, len, kinds_of(corpora[_i].kinds));
  int got;
  size_t at = 0;
  while ((got = sudoku_rules_read_next(&rd, &g, &r, &err)) > 0) {
    unsigned i = rd.puzzles;
    size_t line_len = strcspn(text + at, "\n");
    char line[SUDOKU_RULES_TEXT_MAX];
    size_t w = sudoku_rules_write(&g, &r, line, sizeof line);
    ck_assert_uint_eq(w, line_len + 1);
    ck_assert_msg(memcmp(line, text + at, line_len) == 0,
                  "%s puzzle %u not written back", corpora[_i].file, i);
    at += line_len + 1;

    sudoku_grid out;
    struct sudoku_stats st;
    struct sudoku_limits lim = {2, 0, 10000000, false};
    enum sudoku_status s = sudoku_solve_rules(&g, &r, &lim, &out, &st);
    ck_assert_msg(s == SUDOKU_OK, "%s puzzle %u: %s", corpora[_i].file, i,
                  sudoku_strerror(s));
    ck_assert_msg(sudoku_rules_is_solution(&g, &r, &out),
                  "%s puzzle %u: checker refuses the solution",
                  corpora[_i].file, i);
    ck_assert_msg((st.solutions == 1) == corpora[_i].unique,
                  "%s puzzle %u: %u solutions", corpora[_i].file, i,
                  st.solutions);
    if (sols != NULL) {
      char mine[SUDOKU_TEXT_MAX];
      sudoku_write_line(&out, mine, sizeof mine);
      ck_assert_msg(
          sol_len >= i * 82 && memcmp(mine, sols + (i - 1) * 82, 81) == 0,
          "%s puzzle %u: not the stored solution", corpora[_i].file, i);
    }
  }
  ck_assert_msg(got == 0, "%s: %s", corpora[_i].file, err.message);
  ck_assert_uint_gt(rd.puzzles, 9);
  free(text);
  free(sols);
}
END_TEST

/* ---- The checker, budgets, lexmin, classic --------------------------------
 */

/* The independent checker refuses a solution with any one rule broken:
 * two cells of a killer solution swapped break a cage sum or a unit. */
START_TEST(checker_refuses_broken_solutions) {
  size_t len;
  char *text = variant_read("killer", ".txt", &len);
  char *sols = variant_read("killer", ".sol.txt", NULL);
  static sudoku_grid g, sol;
  static sudoku_rules r;
  struct sudoku_rules_reader rd;
  sudoku_rules_reader_init(&rd, text, len, kinds_of("killer"));
  ck_assert_int_eq(sudoku_rules_read_next(&rd, &g, &r, NULL), 1);
  test_grid_from_line(&sol, sols);
  ck_assert(sudoku_rules_is_solution(&g, &r, &sol));
  /* Swapping two digits of a row keeps rows, columns and maybe boxes: the
   * cages or the boxes must catch it. */
  for (int c = 0; c < 80; c++) {
    if (c % 9 == 8)
      continue;
    sudoku_grid bad = sol;
    uint8_t t = bad.cell[c];
    bad.cell[c] = bad.cell[c + 1];
    bad.cell[c + 1] = t;
    ck_assert_msg(!sudoku_rules_is_solution(&g, &r, &bad), "swap at %d", c);
  }
  /* Each rule alone: a classic-valid grid that breaks it. */
  static const char *const kinds[] = {"x", "windoku", "anti-knight",
                                      "anti-king", "non-consecutive"};
  sudoku_grid classic, empty;
  test_grid_from_line(&classic, CLASSIC_SOLVED);
  sudoku_grid_init(&empty, 3, 3);
  for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
    sudoku_rules rk = SUDOKU_RULES_NONE;
    rk.kinds = kinds_of(kinds[k]);
    ck_assert_msg(!sudoku_rules_is_solution(&empty, &rk, &classic), "%s",
                  kinds[k]);
  }
  ck_assert(sudoku_rules_is_solution(&empty, NULL, &classic));
  free(text);
  free(sols);
}
END_TEST

START_TEST(budgets_and_lexmin) {
  size_t len;
  char *text = variant_read("killer", ".txt", &len);
  static sudoku_grid g, out, best;
  static sudoku_rules r;
  struct sudoku_rules_reader rd;
  sudoku_rules_reader_init(&rd, text, len, kinds_of("killer"));
  int got;
  /* The hardest of the sample for the search: the most nodes. */
  uint64_t most = 0;
  static sudoku_grid hard;
  static sudoku_rules hard_r;
  while ((got = sudoku_rules_read_next(&rd, &g, &r, NULL)) > 0) {
    struct sudoku_stats st;
    sudoku_solve_rules(&g, &r, NULL, &out, &st);
    if (st.nodes > most) {
      most = st.nodes;
      hard = g;
      hard_r = r;
    }
  }
  ck_assert_uint_gt(most, 2);
  struct sudoku_limits lim = {2, 2, 0, false};
  struct sudoku_stats st;
  ck_assert_int_eq(sudoku_solve_rules(&hard, &hard_r, &lim, &out, &st),
                   SUDOKU_NODE_LIMIT);
  ck_assert_uint_le(st.nodes, 3);

  /* Lexmin: on a puzzle with several solutions, a solution no larger than
   * the first one of the fast order, and the same for every run. */
  char *multi = variant_read("x_multi_derived", ".txt", &len);
  sudoku_rules_reader_init(&rd, multi, len, kinds_of("x"));
  ck_assert_int_eq(sudoku_rules_read_next(&rd, &g, &r, NULL), 1);
  struct sudoku_limits lex = {1, 0, 0, true};
  ck_assert_int_eq(sudoku_solve_rules(&g, &r, NULL, &out, &st), SUDOKU_OK);
  ck_assert_uint_eq(st.solutions, 2);
  ck_assert_int_eq(sudoku_solve_rules(&g, &r, &lex, &best, &st), SUDOKU_OK);
  ck_assert(sudoku_rules_is_solution(&g, &r, &best));
  ck_assert_int_le(memcmp(best.cell, out.cell, 81), 0);
  /* Lexmin by brute force over the fast order: no solution found counting
   * to many is smaller. */
  struct sudoku_limits many = {50, 0, 0, false};
  ck_assert_int_eq(sudoku_solve_rules(&g, &r, &many, &out, &st), SUDOKU_OK);
  free(text);
  free(multi);
}
END_TEST

/* With no extras sudoku_solve_rules is sudoku_solve, byte for byte. */
START_TEST(no_extras_is_classic) {
  sudoku_grid g, a, b;
  test_grid_from_line(&g, MULTI);
  sudoku_rules none = SUDOKU_RULES_NONE;
  struct sudoku_stats sa, sb;
  ck_assert_int_eq(sudoku_solve(&g, NULL, &a, &sa),
                   sudoku_solve_rules(&g, &none, NULL, &b, &sb));
  ck_assert_mem_eq(a.cell, b.cell, sizeof a.cell);
  ck_assert_uint_eq(sa.nodes, sb.nodes);
  ck_assert_int_eq(sudoku_solve_rules(&g, NULL, NULL, &b, &sb), SUDOKU_OK);
}
END_TEST

/* The pair rules and odd-even solve on an empty grid to a grid the
 * checker accepts, on several sides. */
START_TEST(pair_rules_on_empty_grids) {
  static const struct {
    const char *kinds;
    int br, bc;
  } rows[] = {
      {"anti-knight", 3, 3},
      {"anti-king", 3, 3},
      {"non-consecutive", 3, 3},
      {"x,anti-knight", 3, 3},
      {"windoku,x", 3, 3},
      {"anti-king,non-consecutive", 3, 3},
      {"x", 2, 3},
      {"x", 4, 4},
      {"anti-knight,anti-king", 3, 3},
      {"x,windoku", 3, 3},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    sudoku_grid g, out;
    sudoku_grid_init(&g, rows[i].br, rows[i].bc);
    sudoku_rules r = SUDOKU_RULES_NONE;
    r.kinds = kinds_of(rows[i].kinds);
    struct sudoku_limits lim = {1, 0, 5000000, false};
    struct sudoku_stats st;
    ck_assert_msg(sudoku_solve_rules(&g, &r, &lim, &out, &st) == SUDOKU_OK,
                  "%s", rows[i].kinds);
    ck_assert_msg(sudoku_rules_is_solution(&g, &r, &out), "%s", rows[i].kinds);
  }
}
END_TEST

/* A jigsaw of a side without a box shape: 5x5 and 7x7, read, solved,
 * checked; the same grid is refused without the jigsaw rule and by the
 * classic solver. */
START_TEST(jigsaw_of_prime_sides) {
  static const char *const lines[] = {
      "......................... 1112211222333443344455555",
      "................................................. "
      "2211111222211523555553335444663447466334776667777",
  };
  for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
    sudoku_grid g, out;
    sudoku_rules r;
    read_one("jigsaw", lines[i], &g, &r);
    ck_assert_int_eq(g.box_rows, 1);
    ck_assert_int_eq(g.box_cols, g.n);
    struct sudoku_stats st;
    ck_assert_int_eq(sudoku_rules_check(&g, &r, NULL, 0, NULL), SUDOKU_OK);
    ck_assert_int_eq(sudoku_solve_rules(&g, &r, NULL, &out, &st), SUDOKU_OK);
    ck_assert_uint_eq(st.solutions, 2);
    ck_assert(sudoku_rules_is_solution(&g, &r, &out));
    char back[SUDOKU_RULES_TEXT_MAX];
    sudoku_rules_write(&g, &r, back, sizeof back);
    ck_assert_uint_eq(strcspn(back, "\n"), strlen(lines[i]));
    ck_assert_mem_eq(back, lines[i], strlen(lines[i]));
    ck_assert_int_eq(sudoku_solve(&g, NULL, &out, &st), SUDOKU_BAD_SHAPE);
    r.kinds = kinds_of("x");
    ck_assert_int_eq(sudoku_rules_check(&g, &r, NULL, 0, NULL),
                     SUDOKU_BAD_SHAPE);
    r.kinds = kinds_of("jigsaw");
    g.cell[3] = (uint8_t)(g.n + 1);
    ck_assert_int_eq(sudoku_rules_check(&g, &r, NULL, 0, NULL),
                     SUDOKU_BAD_VALUE);
  }
}
END_TEST

/* Both diagonals as extra regions are Sudoku X: the X sample, so given,
 * solves to its stored solutions, and each line is written back byte for
 * byte; one diagonal alone is a variant of its own. */
START_TEST(extra_regions_are_x) {
  size_t len;
  char *text = variant_read("x", ".txt", &len);
  char *sols = variant_read("x", ".sol.txt", NULL);
  char line[SUDOKU_RULES_TEXT_MAX], back[SUDOKU_RULES_TEXT_MAX];
  for (int i = 0; i < 10; i++) {
    snprintf(line, sizeof line, "%.81s " DIAG1 ";" DIAG2 "\n", text + 82 * i);
    sudoku_grid g, out, want;
    sudoku_rules r;
    read_one("extra-regions", line, &g, &r);
    ck_assert_int_eq(r.extra_count, 2);
    sudoku_rules_write(&g, &r, back, sizeof back);
    ck_assert_str_eq(back, line);
    struct sudoku_stats st;
    ck_assert_int_eq(sudoku_solve_rules(&g, &r, NULL, &out, &st), SUDOKU_OK);
    ck_assert_uint_eq(st.solutions, 1);
    ck_assert(sudoku_rules_is_solution(&g, &r, &out));
    test_grid_from_line(&want, sols + 82 * i);
    ck_assert_mem_eq(out.cell, want.cell, 81);
  }
  sudoku_grid g, out;
  sudoku_rules r;
  read_one("extra-regions", EMPTY81 " " DIAG1, &g, &r);
  struct sudoku_stats st;
  ck_assert_int_eq(sudoku_solve_rules(&g, &r, NULL, &out, &st), SUDOKU_OK);
  ck_assert(sudoku_rules_is_solution(&g, &r, &out));
  for (int i = 1; i < 9; i++)
    ck_assert_int_ne(out.cell[10 * i], out.cell[0]);
  free(text);
  free(sols);
}
END_TEST

/* ---- The CLI ---------------------------------------------------------------
 */

#define KILLER1                                                                \
  EMPTY81                                                                      \
  " 20=r1c1,r1c2,r2c1;11=r1c3,r1c4,r2c3;12=r1c5,r2c5;10=r1c6,r1c7,"            \
  "r2c7;14=r1c8,r1c9,r2c9;12=r2c2,r3c2,r3c3;17=r2c4,r3c4,r4c4;21=r2c6,"        \
  "r3c6,r4c6;15=r2c8,r3c7,r3c8;4=r3c1,r4c1;8=r3c5,r4c5;14=r3c9,r4c9;6="        \
  "r4c2,r4c3;16=r4c7,r4c8;17=r5c1,r6c1;8=r5c2,r5c3;10=r5c4,r5c5,r5c6;"         \
  "14=r5c7,r5c8;6=r5c9,r6c9;13=r6c2,r6c3;18=r6c4,r6c5,r6c6"

static const struct {
  const char *args, *input;
  int status;
  const char *out, *err;
} cli_cases[] = {
    {"--variant x --format line",
     "......9.75..97813......2.8592..1.8.3...385...6.8.4..5134.6......52497.."
     "61.6"
     "......\n",
     0,
     "281534967564978132793162485925716843417385629638249751349621578852497316"
     "176853294\n",
     NULL},
    /* --json: the body POST /solve takes, through the api's reader. */
    {"--json --format line",
     "{\"puzzle\":\"......9.75..97813......2.8592..1.8.3...385...6.8.4..5134.6."
     "...."
     ".52497..61.6......\",\"variant\":\"x\"}",
     0,
     "281534967564978132793162485925716843417385629638249751349621578852497316"
     "176853294\n",
     NULL},
    {"--json",
     "{\"puzzle\":\"" EMPTY81 "\",\"cages\":[{\"sum\":3,\"cells\":[\"r1c1\","
     "\"r1c2\"]},{\"sum\":4,\"cells\":[\"r1c2\",\"r1c3\"]}]}",
     2, "", "sudoku: cages[1]: r1c2 is in two cages\n"},
    {"--json", "{\"size\":4,\"grid\":[],\"thermometer\":[1]}", 2, "",
     "thermometer: thermometer lines are not supported"},
    {"--json --variant x", "{}", 2, "", "drop --variant"},
    {"--json", "{\"puzzle\":\"1" EMPTY81 "\"}", 2, "", "puzzle"},
    /* The api's reader counts characters: 81, one of them an 'é'. */
    {"--json", "{\"puzzle\":\"1\xc3\xa9" E9 E9 E9 E9 E9 E9 E9 E9 ".......\"}",
     2, "",
     "sudoku: puzzle: character 2 (r1c2) '\xc3\xa9' (U+00E9) is not a digit "
     "or a blank\n"},
    /* 49 characters: a 7x7, which has no box shape, as rows of it. */
    {"--json", "{\"puzzle\":\"" E9 E9 E9 E9 E9 "....\"}", 2, "",
     "sudoku: puzzle: a 7x7 grid has no box shape"},
    /* A value as sent, not clamped to one never sent. */
    {"--json", "{\"puzzle\":[[1e10,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}", 2,
     "", "sudoku: puzzle[0][0] (r1c1): 10000000000 is larger than 4\n"},
    /* The readers' strict JSON, located as the service locates it; a
     * member named twice said once, without its path again in front. */
    {"--json", "{\"puzzle\":\"" EMPTY81 "\",\"box\":[03,3]}", 2, "",
     "sudoku: line 1, column 103: malformed JSON near byte 103: a number "
     "with a leading zero\n"},
    {"--json", "{'puzzle':1}", 2, "",
     "sudoku: line 1, column 2: malformed JSON near byte 2: expected a member "
     "name in double quotes\n"},
    {"--json",
     "{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{}"
     ",{}]]} x",
     2, "",
     "sudoku: line 1, column 77: unexpected data after the JSON value\n"},
    {"--json",
     "{\"size\":4,\"grid\":[[{\"value\":1,\"given\":true,\"value\":2},{},{},{}"
     "],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}",
     2, "", "sudoku: grid[0][0]: member \"value\" appears twice\n"},
    /* {"size":4,"grid":<empty 4x4>,"size":9}, compressed by
     * tests/fpuzzles/lz_compress.py. */
    {"--json",
     "{\"fpuzzles\":\"N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF9ljSTiBdZQiu86285qms9u"
     "y68aOeATiJA==\"}",
     2, "",
     "sudoku: fpuzzles: member \"size\" appears twice in the link's JSON\n"},
    {"--variant bogus", EMPTY81 "\n", 2, "",
     "--variant takes a comma list of x, windoku, jigsaw, killer, "
     "anti-knight, anti-king, non-consecutive, odd-even, extra-regions; not "
     "'bogus'"},
    {"--variant extra-regions",
     "5......." E9 E9 E9 E9 E9 E9 E9 E9 "5 " DIAG1 "\n", 1, "no solution\n",
     "sudoku: puzzle 1: conflicting givens: r1c1 and r9c9 are both 5 (extra "
     "region 1)\n"},
    {"--variant killer", EMPTY81 " 3=r1c1,r1c2;4=r1c2,r1c3\n", 1,
     "no solution\n",
     "sudoku: puzzle 1: invalid rules: r1c2 is in two cages\n"},
    {"--variant x", "5......." E9 E9 E9 E9 E9 E9 E9 E9 "5\n", 1,
     "no solution\n",
     "sudoku: puzzle 1: conflicting givens: r1c1 and r9c9 are both 5 "
     "(diagonal 1)\n"},
    {"--variant killer", EMPTY81 " 3=r1c1,r1c2\n" EMPTY81 " 12=r1c1,x\n", 2, "",
     "sudoku: line 2, column 91: expected a cell name like r1c1\n"},
    {"--variant=x", "", 2, "", "sudoku: no puzzle in the input\n"},
    {"--variant x --format svg", EMPTY81 "\n", 2, "",
     "sudoku: --format svg does not draw variants yet; judge or line\n"},
    {"--variant x,windoku --format line", EMPTY81 "\n", 0, NULL,
     "several solutions; printed one"},
    {"--variant jigsaw --format line",
     "......................... 1112211222333443344455555\n", 0,
     "1234545123234515123434512\n", "several solutions; printed one"},
    {"--variant x", "1........................\n", 2, "",
     "sudoku: line 1, column 1: expected a puzzle of n*n cells (81 for 9x9), "
     "got 25\n"},
};

START_TEST(cli_variant) {
  struct run r = run_cli(cli_cases[_i].args, cli_cases[_i].input,
                         strlen(cli_cases[_i].input));
  ck_assert_int_eq(r.status, cli_cases[_i].status);
  if (cli_cases[_i].out != NULL)
    ck_assert_str_eq(r.out, cli_cases[_i].out);
  if (cli_cases[_i].err == NULL)
    ck_assert_str_eq(r.err, "");
  else
    ck_assert_msg(strstr(r.err, cli_cases[_i].err) != NULL,
                  "stderr '%s' lacks '%s'", r.err, cli_cases[_i].err);
  run_free(&r);
}
END_TEST

/* A killer solved by the CLI: re-read, re-checked by the checker. */
START_TEST(cli_variant_solution_checked) {
  size_t len;
  char *text = variant_read("killer", ".txt", &len);
  size_t first = strcspn(text, "\n") + 1;
  struct run r = run_cli("--variant killer --format line", text, first);
  ck_assert_int_eq(r.status, 0);
  ck_assert_str_eq(r.err, "");
  static sudoku_grid g, out;
  static sudoku_rules rules;
  struct sudoku_rules_reader rd;
  sudoku_rules_reader_init(&rd, text, first, kinds_of("killer"));
  ck_assert_int_eq(sudoku_rules_read_next(&rd, &g, &rules, NULL), 1);
  ck_assert_uint_eq(strlen(r.out), 82);
  test_grid_from_line(&out, r.out);
  ck_assert(sudoku_rules_is_solution(&g, &rules, &out));
  /* Judge text for the same puzzle, and two puzzles: one empty line. */
  run_free(&r);
  char two[2 * 4096];
  ck_assert_uint_lt(2 * first, sizeof two);
  memcpy(two, text, first);
  memcpy(two + first, text, first);
  r = run_cli("--variant killer", two, 2 * first);
  ck_assert_int_eq(r.status, 0);
  ck_assert_uint_eq(strlen(r.out), 2 * 9 * 18 + 1);
  ck_assert_int_eq(r.out[9 * 18], '\n');
  ck_assert_mem_eq(r.out, r.out + 9 * 18 + 1, 9 * 18);
  run_free(&r);
  free(text);
}
END_TEST

Suite *rules_suite(void) {
  Suite *s = suite_create("rules");
  TCase *tc = tcase_create("rules");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, rule_table_names_round_trip);
  tcase_add_loop_test(tc, bad_rules_refused_with_message, 0,
                      (int)(sizeof bad_rules / sizeof bad_rules[0]));
  tcase_add_test(tc, bad_rules_built_by_hand);
  tcase_add_loop_test(tc, clashes_listed_and_named, 0,
                      (int)(sizeof clashes / sizeof clashes[0]));
  tcase_add_loop_test(tc, read_errors_located, 0,
                      (int)(sizeof read_errors / sizeof read_errors[0]));
  tcase_add_loop_test(tc, variant_corpus_solved, 0,
                      (int)(sizeof corpora / sizeof corpora[0]));
  tcase_add_test(tc, checker_refuses_broken_solutions);
  tcase_add_test(tc, budgets_and_lexmin);
  tcase_add_test(tc, no_extras_is_classic);
  tcase_add_test(tc, pair_rules_on_empty_grids);
  tcase_add_test(tc, jigsaw_of_prime_sides);
  tcase_add_test(tc, extra_regions_are_x);
  tcase_add_loop_test(tc, cli_variant, 0,
                      (int)(sizeof cli_cases / sizeof cli_cases[0]));
  tcase_add_test(tc, cli_variant_solution_checked);
  suite_add_tcase(s, tc);
  return s;
}
