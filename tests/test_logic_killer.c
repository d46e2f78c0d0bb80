/*
 * test_logic_killer.c - the killer finders on hand-made positions: an empty
 * 9x9 grid, a few cages, and candidates written cell by cell, so that each
 * finder is asked directly (lower techniques cannot take the step first)
 * and its exact eliminations, cells and units are checked, with its
 * sentence. The rule of 45 over two boxes (a pair), over two boxes with
 * three cells left (two of which do not see each other and may repeat a
 * digit), over a row beside a box; a killer sum pair and a sum triple.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/core/logic/rules_geom.h"
#include "tests.h"

#define E9 DOTS9
#define EMPTY81 E9 E9 E9 E9 E9 E9 E9 E9 E9

struct killer_case {
  const char *name;
  const char *cages; /* the cage part of a killer line */
  /* candidates: "r1c1=12 r1c2=1289": the listed cells get those digits,
   * every other cell 1..9 */
  const char *cand;
  enum sudoku_technique tech;
  const char *elims; /* "r1c1<>3456789 r1c6<>3456789", exact */
  const char *cells; /* the step's cells in order: "r1c1 r1c6" */
  const char *units; /* its units: "18 19" (box 1 and box 2) */
  const char *says;  /* a part of its sentence */
};

static const struct killer_case cases[] = {
    /* boxes 1 and 2 hold 90; the four cages inside them 87: the innies
     * r1c1 and r1c6 add up to 3, so they hold 1 and 2, which the rest of
     * row 1 (seeing both) loses */
    {"rule of 45 over two boxes",
     "22=r1c2,r1c3,r1c4,r1c5;22=r2c1,r2c2,r2c3,r2c4;"
     "22=r2c5,r2c6,r3c5,r3c6;21=r3c1,r3c2,r3c3,r3c4",
     "", SUDOKU_TECH_RULE_OF_45,
     "r1c1<>3456789 r1c6<>3456789 r1c2<>12 r1c3<>12 r1c4<>12 r1c5<>12 "
     "r1c7<>12 r1c8<>12 r1c9<>12",
     "r1c1 r1c6", "18 19",
     "Rule of 45 on box 1 and box 2: the cages wholly inside leave "
     "r1c1 and r1c6 (the innies) to add up to 3"},
    /* three innies adding up to 4: r1c6 sees both others, r1c1 and r2c6
     * do not see each other, so 1 + 2 + 1 is the one way: 1 leaves the
     * cells that see r1c1 and r2c6, 2 the peers of r1c6 */
    {"rule of 45, three innies",
     "22=r1c2,r1c3,r1c4,r1c5;22=r2c1,r2c2,r2c3,r2c4;"
     "21=r2c5,r3c5,r3c6;21=r3c1,r3c2,r3c3,r3c4",
     "r2c5=456789 r3c5=456789 r3c6=456789", SUDOKU_TECH_RULE_OF_45,
     "r1c1<>23456789 r1c6<>13456789 r2c6<>23456789 r1c4<>12 r1c5<>12 "
     "r2c1<>1 r2c2<>1 r2c3<>1 r1c2<>2 r1c3<>2 r1c7<>2 r1c8<>2 r1c9<>2 "
     "r4c6<>2 r5c6<>2 r6c6<>2 r7c6<>2 r8c6<>2 r9c6<>2 r2c4<>2 r3c4<>2",
     "r1c1 r1c6 r2c6", "18 19", "add up to 4"},
    /* row 4 and box 1 (beside it) hold 90, their five cages 87: r1c1 and
     * r4c9 add up to 3, 1 and 2 either way round: r1c9 and r4c1, which
     * see both, lose them */
    {"rule of 45 over a row and a box",
     "17=r1c2,r1c3,r2c3;17=r2c1,r3c1,r4c1;18=r2c2,r3c2,r4c2;10=r3c3,r4c3;"
     "25=r4c4,r4c5,r4c6,r4c7,r4c8",
     "r3c3=12346789 r4c3=12346789", SUDOKU_TECH_RULE_OF_45,
     "r1c1<>3456789 r4c9<>3456789 r1c9<>12 r4c1<>12", "r1c1 r4c9", "3 18",
     "Rule of 45 on row 4 and box 1"},
    /* the cage holds {1,9} or {2,8}, r1c5 then 2 or 1: row 1 keeps 1 and
     * 2 for them */
    {"killer sum pair", "10=r1c1,r1c2", "r1c1=1289 r1c2=1289 r1c5=12",
     SUDOKU_TECH_KILLER_SUM_PAIR,
     "r1c3<>12 r1c4<>12 r1c6<>12 r1c7<>12 r1c8<>12 r1c9<>12", "r1c1 r1c2 r1c5",
     "0",
     "The cage at r1c1 (sum 10) of r1c1 and r1c2, with r1c5 in row 1: every "
     "way of filling them with distinct digits, the cage adding up to its "
     "sum, uses 1 and 2"},
    /* {1,9}, {2,8} or {3,7} with r1c5 in 1 or 2 and r1c6 in 1 or 3: every
     * way uses 1, 2 and 3, no pair of the three does */
    {"killer sum triple", "10=r1c1,r1c2",
     "r1c1=123789 r1c2=123789 r1c5=12 r1c6=13", SUDOKU_TECH_KILLER_SUM_TRIPLE,
     "r1c3<>123 r1c4<>123 r1c7<>123 r1c8<>123 r1c9<>123", "r1c1 r1c2 r1c5 r1c6",
     "0", "uses 1, 2 and 3"},
};

/* "r4c9" at *p: the cell index, p moved past it. */
static int read_cell(const char **p) {
  int r = (*p)[1] - '0', c = (*p)[3] - '0';
  ck_assert_msg((*p)[0] == 'r' && (*p)[2] == 'c', "bad cell in %s", *p);
  *p += 4;
  return (r - 1) * 9 + c - 1;
}

/* "12" at *p (up to a space or the end): the mask, p moved past it. */
static uint32_t read_digits(const char **p) {
  uint32_t m = 0;
  for (; **p >= '1' && **p <= '9'; (*p)++)
    m |= 1u << (**p - '1');
  return m;
}

START_TEST(killer_finder_on_a_position) {
  const struct killer_case *kc = &cases[_i];
  char line[1024];
  snprintf(line, sizeof line, EMPTY81 " %s", kc->cages);
  static sudoku_grid g;
  static sudoku_rules r;
  struct sudoku_rules_reader rd;
  struct sudoku_text_error err;
  uint32_t kinds = 0;
  size_t bad = 0;
  ck_assert(sudoku_rule_kinds("killer", 6, &kinds, &bad));
  sudoku_rules_reader_init(&rd, line, strlen(line), kinds);
  ck_assert_msg(sudoku_rules_read_next(&rd, &g, &r, &err) == 1, "%s: %s",
                kc->name, err.message);
  static struct logic_state s;
  static struct sudoku_rules_derived d;
  struct logic_rules lr;
  ck_assert_int_eq(logic_rules_state_init(&s, &lr, &g, &r, &d), SUDOKU_OK);
  for (int c = 0; c < 81; c++)
    s.cand[c] = 0x1ff;
  for (const char *p = kc->cand; *p;) {
    int c = read_cell(&p);
    ck_assert(*p++ == '=');
    s.cand[c] = read_digits(&p);
    while (*p == ' ')
      p++;
  }
  logic_state_sync(&s);

  struct sudoku_step st;
  bool found = false;
  switch (kc->tech) {
  case SUDOKU_TECH_RULE_OF_45:
    found = logic_find_RULE_OF_45(&s, &st);
    break;
  case SUDOKU_TECH_KILLER_SUM_PAIR:
    found = logic_find_KILLER_SUM_PAIR(&s, &st);
    break;
  default:
    found = logic_find_KILLER_SUM_TRIPLE(&s, &st);
    break;
  }
  ck_assert_msg(found, "%s: no step", kc->name);
  ck_assert_msg(st.technique == kc->tech, "%s: %s", kc->name,
                sudoku_technique_id(st.technique));
  ck_assert_uint_eq(st.rating, sudoku_technique_rating(kc->tech));
  ck_assert_int_eq(st.nplacements, 0);

  /* the eliminations, exactly: each expected one present, none other */
  bool want[81][10] = {{false}};
  int nwant = 0;
  for (const char *p = kc->elims; *p;) {
    int c = read_cell(&p);
    ck_assert(p[0] == '<' && p[1] == '>');
    p += 2;
    for (uint32_t m = read_digits(&p); m; m &= m - 1, nwant++)
      want[c][__builtin_ctz(m) + 1] = true;
    while (*p == ' ')
      p++;
  }
  ck_assert_msg(st.neliminations == nwant, "%s: %d eliminations, want %d",
                kc->name, st.neliminations, nwant);
  for (int i = 0; i < st.neliminations; i++) {
    int c = st.eliminations[i].cell, v = st.eliminations[i].value;
    ck_assert_msg(want[c][v], "%s: r%dc%d<>%d not expected", kc->name,
                  c / 9 + 1, c % 9 + 1, v);
  }
  /* its cells and units, in order */
  int nc = 0;
  for (const char *p = kc->cells; *p; nc++) {
    int c = read_cell(&p);
    ck_assert_msg(nc < st.ncells && st.cells[nc] == c, "%s: cell %d", kc->name,
                  nc);
    while (*p == ' ')
      p++;
  }
  ck_assert_int_eq(st.ncells, nc);
  int nu = 0;
  for (const char *p = kc->units; *p; nu++) {
    char *end;
    long u = strtol(p, &end, 10);
    ck_assert_msg(nu < st.nunits && st.units[nu] == u, "%s: unit %d", kc->name,
                  nu);
    p = end;
    while (*p == ' ')
      p++;
  }
  ck_assert_int_eq(st.nunits, nu);
  char text[SUDOKU_EXPLAIN_MAX];
  ck_assert_uint_gt(sudoku_step_explain_rules(&st, &g, &r, text, sizeof text),
                    0);
  ck_assert_msg(strstr(text, kc->says) != NULL, "%s: %s", kc->name, text);
}
END_TEST

void logic_add_killer(Suite *s) {
  TCase *tc = tcase_create("killer");
  tcase_add_loop_test(tc, killer_finder_on_a_position, 0,
                      (int)(sizeof cases / sizeof cases[0]));
  suite_add_tcase(s, tc);
}
