/*
 * test_logic.c - the logic API as a specification: the technique table and
 * levels, candidates, the statuses of the next step and of the path, the
 * player's marks, one position per technique where it is the next step
 * (found by walking a corpus puzzle, then asked again as a position with
 * marks), finders on hand-built candidate grids for the patterns the
 * samples lack, and the sentences. The soundness walks over whole corpus
 * files are in test_logic_sound.c (same suite).
 */
#include <stdio.h>
#include <string.h>

#include "../src/core/logic/logic.h"
#include "tests.h"

/* ---- The table and the levels ------------------------------------------ */

START_TEST(technique_table_is_consistent) {
  unsigned last = 0;
  for (int t = 0; t < SUDOKU_TECH_COUNT; t++) {
    const char *id = sudoku_technique_id((enum sudoku_technique)t);
    ck_assert_int_eq(sudoku_technique_from_id(id, strlen(id)), t);
    ck_assert_uint_ge(sudoku_technique_rating((enum sudoku_technique)t), last);
    last = sudoku_technique_rating((enum sudoku_technique)t);
    for (int u = t + 1; u < SUDOKU_TECH_COUNT; u++)
      ck_assert_str_ne(id, sudoku_technique_id((enum sudoku_technique)u));
  }
  ck_assert_str_eq(sudoku_technique_id(SUDOKU_TECH_NONE), "none");
  ck_assert_str_eq(sudoku_technique_name(SUDOKU_TECH_X_WING), "X-wing");
  ck_assert_uint_eq(sudoku_technique_rating(SUDOKU_TECH_X_WING), 32);
  ck_assert_int_eq(sudoku_technique_from_id("x-wingx", 6), SUDOKU_TECH_X_WING);
  ck_assert_int_eq(sudoku_technique_from_id("nope", 4), SUDOKU_TECH_NONE);
}
END_TEST

START_TEST(levels_follow_the_thresholds) {
  static const struct {
    unsigned rating;
    const char *level;
  } cases[] = {{0, "easy"},     {19, "easy"},    {20, "medium"}, {29, "medium"},
               {30, "hard"},    {39, "hard"},    {40, "expert"}, {59, "expert"},
               {60, "extreme"}, {119, "extreme"}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    enum sudoku_level l = sudoku_level_of(cases[i].rating);
    ck_assert_str_eq(sudoku_level_name(l), cases[i].level);
    ck_assert_int_eq(
        sudoku_level_from_name(cases[i].level, strlen(cases[i].level)), l);
  }
  ck_assert_str_eq(sudoku_level_name(SUDOKU_LEVEL_COUNT), "unknown");
  ck_assert_int_eq(sudoku_level_from_name("hardx", 5), SUDOKU_LEVEL_COUNT);
}
END_TEST

/* ---- Candidates and statuses ------------------------------------------- */

START_TEST(candidates_are_values_no_peer_holds) {
  sudoku_grid g;
  test_grid_from_line(&g, CLASSIC);
  uint32_t cand[SUDOKU_MAX_CELLS];
  ck_assert_int_eq(sudoku_candidates(&g, cand), SUDOKU_OK);
  ck_assert_uint_eq(cand[0], 0); /* r1c1 holds 5 */
  /* r1c3: row 5 3 7, column 8, box 5 3 6 9 8 -> 1 2 4. */
  ck_assert_uint_eq(cand[2], (1u << 0) | (1u << 1) | (1u << 3));
  test_grid_from_line(&g, CONFLICTING);
  ck_assert_int_eq(sudoku_candidates(&g, cand), SUDOKU_CONFLICT);
  g.cell[5] = 10;
  ck_assert_int_eq(sudoku_candidates(&g, cand), SUDOKU_BAD_VALUE);
}
END_TEST

START_TEST(next_step_statuses) {
  sudoku_grid g;
  struct sudoku_step st;
  test_grid_from_line(&g, CONFLICTING);
  ck_assert_int_eq(sudoku_next_step(&g, NULL, NULL, &st), SUDOKU_CONFLICT);
  test_grid_from_line(&g, NO_SOLUTION);
  ck_assert_int_eq(sudoku_next_step(&g, NULL, NULL, &st), SUDOKU_NO_SOLUTION);
  test_grid_from_line(&g, CLASSIC_SOLVED);
  ck_assert_int_eq(sudoku_next_step(&g, NULL, NULL, &st), SUDOKU_OK);
  ck_assert_int_eq(st.technique, SUDOKU_TECH_NONE);
  /* Several solutions: still a step, never a uniqueness one. */
  test_grid_from_line(&g, MULTI);
  ck_assert_int_eq(sudoku_next_step(&g, NULL, NULL, &st), SUDOKU_OK);
  ck_assert_int_ne(st.technique, SUDOKU_TECH_NONE);
  g.box_rows = 1;
  ck_assert_int_eq(sudoku_next_step(&g, NULL, NULL, &st), SUDOKU_BAD_SHAPE);
}
END_TEST

START_TEST(path_refuses_bad_puzzles) {
  sudoku_grid g;
  struct sudoku_rating r;
  test_grid_from_line(&g, MULTI);
  ck_assert_int_eq(sudoku_rate(&g, NULL, &r), SUDOKU_NOT_UNIQUE);
  ck_assert_uint_eq(r.steps, 0);
  test_grid_from_line(&g, NO_SOLUTION);
  ck_assert_int_eq(sudoku_rate(&g, NULL, &r), SUDOKU_NO_SOLUTION);
  test_grid_from_line(&g, CONFLICTING);
  ck_assert_int_eq(sudoku_rate(&g, NULL, &r), SUDOKU_CONFLICT);
  test_grid_from_line(&g, CLASSIC_SOLVED);
  ck_assert_int_eq(sudoku_rate(&g, NULL, &r), SUDOKU_OK);
  ck_assert(r.solved);
  ck_assert_uint_eq(r.steps, 0);
  ck_assert_int_eq(r.hardest, SUDOKU_TECH_NONE);
}
END_TEST

START_TEST(classic_puzzle_rates_as_singles) {
  sudoku_grid g;
  struct sudoku_rating r;
  test_grid_from_line(&g, CLASSIC);
  ck_assert_int_eq(sudoku_rate(&g, NULL, &r), SUDOKU_OK);
  ck_assert(r.solved);
  ck_assert_uint_le(r.rating, 23);
  ck_assert_int_eq(r.level, sudoku_level_of(r.rating));
  ck_assert_uint_eq(r.steps, 51); /* one placement a step */
  uint32_t sum = 0;
  for (int t = 0; t < SUDOKU_TECH_COUNT; t++)
    sum += r.counts[t];
  ck_assert_uint_eq(sum, r.steps);
  /* max_rating below the hardest step: the path stops short. */
  struct sudoku_logic_limits lim = {0, 10};
  ck_assert_int_eq(sudoku_rate(&g, &lim, &r), SUDOKU_OK);
  ck_assert(!r.solved);
}
END_TEST

/* ---- SE's three ratings: ER, EP, ED ----------------------------------- */

/* Puzzles Sudoku Explainer rated (../shared/corpus/rated), with its
 * ratings x10 (the last one's hardest step is a nested forcing chain of
 * level 3, some seconds of search). */
static const struct {
  const char *puzzle;
  unsigned er, ep, ed;
} se_triples[] = {
    {".1526.4.8..8.5.6....28.4..9........7.7....2..58...1.6...4.7...51......"
     "..96.......",
     15, 12, 12},
    {"....7..2.8.......6.1.2.5...9.54....8.........3....85.1...3.2.8.4......."
     "9.7..6....",
     83, 26, 26},
    {".4..2......7.8....1..65.....24..3.1...9....48.5..9.7..........5..6...8"
     "919......76",
     85, 23, 23},
    {".....1.2.3...4.5.....6....7..2.....1.8..9..3.4.....8..5....2....9..3.4"
     "....67.....",
     114, 114, 34},
};

/* SE's definitions read off the path (Solver.getDifficulty): ED the first
 * step's rating, EP the highest rating up to the first step that places a
 * value. */
struct triple_walk {
  unsigned steps, max, ep, ed;
};
static bool triple_step(const struct sudoku_step *st, void *ctx) {
  struct triple_walk *w = ctx;
  if (w->steps++ == 0)
    w->ed = st->rating;
  if (st->rating > w->max)
    w->max = st->rating;
  if (w->ep == 0 && st->nplacements > 0)
    w->ep = w->max;
  return true;
}

START_TEST(rating_has_se_ep_and_ed) {
  sudoku_grid g;
  struct sudoku_rating r;
  struct triple_walk w = {0};
  test_grid_from_line(&g, se_triples[_i].puzzle);
  ck_assert_int_eq(sudoku_logic_solve(&g, NULL, triple_step, &w, &r),
                   SUDOKU_OK);
  ck_assert(r.solved);
  ck_assert_uint_eq(r.ed, w.ed);
  ck_assert_uint_eq(r.ep, w.ep);
  ck_assert_uint_eq(r.rating, w.max);
  ck_assert_uint_eq(r.ed, se_triples[_i].ed);
  ck_assert_uint_eq(r.rating, se_triples[_i].er);
  ck_assert_uint_eq(r.ep, se_triples[_i].ep);
  ck_assert_uint_le(r.ed, r.ep);
  ck_assert_uint_le(r.ep, r.rating);
}
END_TEST

START_TEST(complete_grid_has_no_ep_or_ed) {
  sudoku_grid g;
  struct sudoku_rating r;
  test_grid_from_line(&g, CLASSIC_SOLVED);
  ck_assert_int_eq(sudoku_rate(&g, NULL, &r), SUDOKU_OK);
  ck_assert_uint_eq(r.ep, 0);
  ck_assert_uint_eq(r.ed, 0);
}
END_TEST

/* ---- The player's marks ------------------------------------------------ */

/* The unique solution of g, by the fast solver. */
static void solve_unique(const sudoku_grid *g, sudoku_grid *sol) {
  struct sudoku_limits lim = SUDOKU_LIMITS_DEFAULT;
  struct sudoku_stats stats;
  ck_assert_int_eq(sudoku_solve(g, &lim, sol, &stats), SUDOKU_OK);
  ck_assert_uint_eq(stats.solutions, 1);
}

/* Every placement is the solution's value, no elimination removes it. */
static void assert_sound(const struct sudoku_step *st, const sudoku_grid *sol) {
  for (int i = 0; i < st->nplacements; i++)
    ck_assert_int_eq(st->placements[i].value,
                     sol->cell[st->placements[i].cell]);
  for (int i = 0; i < st->neliminations; i++)
    ck_assert_int_ne(st->eliminations[i].value,
                     sol->cell[st->eliminations[i].cell]);
}

START_TEST(wrong_marks_are_put_back) {
  sudoku_grid g, sol;
  test_grid_from_line(&g, CLASSIC);
  solve_unique(&g, &sol);
  struct sudoku_step plain, marked;
  ck_assert_int_eq(sudoku_next_step(&g, NULL, NULL, &plain), SUDOKU_OK);
  /* Marks that drop the solution's value from every empty cell and keep
   * all else: every one is wrong, so all are put back. */
  uint32_t marks[SUDOKU_MAX_CELLS];
  for (int c = 0; c < 81; c++)
    marks[c] = 0x1ffu & ~(1u << (sol.cell[c] - 1));
  ck_assert_int_eq(sudoku_next_step(&g, marks, NULL, &marked), SUDOKU_OK);
  ck_assert_int_eq(marked.technique, plain.technique);
  ck_assert_int_eq(marked.placements[0].cell, plain.placements[0].cell);
  assert_sound(&marked, &sol);
  /* Marks that keep only the solution's value: a naked single at once,
   * unless a single rated lower is there too. */
  for (int c = 0; c < 81; c++)
    marks[c] = 1u << (sol.cell[c] - 1);
  ck_assert_int_eq(sudoku_next_step(&g, marks, NULL, &marked), SUDOKU_OK);
  assert_sound(&marked, &sol);
  ck_assert_uint_le(marked.rating, 23);
}
END_TEST

/* A hint: the first wrong entry (every one listed), else a mark removed
 * though it is the value, else the step sudoku_next_step gives; a puzzle
 * with several solutions is refused only when asked to be. */
START_TEST(hint_says_entries_then_marks_then_the_step) {
  sudoku_grid g, sol, entries;
  struct sudoku_hint h;
  struct sudoku_step plain;
  test_grid_from_line(&g, CLASSIC);
  solve_unique(&g, &sol);
  ck_assert_int_eq(sudoku_next_step(&g, NULL, NULL, &plain), SUDOKU_OK);
  ck_assert_int_eq(sudoku_hint(&g, NULL, NULL, true, NULL, &h), SUDOKU_OK);
  ck_assert(h.unique);
  ck_assert_int_eq(h.kind, SUDOKU_HINT_STEP);
  ck_assert_int_eq(h.step.technique, plain.technique);
  ck_assert_int_eq(h.step.placements[0].cell, plain.placements[0].cell);
  /* Two wrong entries and a right one: the first is the hint. */
  memset(entries.cell, 0, sizeof entries.cell);
  entries.n = 9;
  entries.box_rows = entries.box_cols = 3;
  int empty[3], k = 0;
  for (int c = 0; c < 81 && k < 3; c++)
    if (g.cell[c] == 0)
      empty[k++] = c;
  entries.cell[empty[0]] = sol.cell[empty[0]];
  entries.cell[empty[1]] = (uint8_t)(sol.cell[empty[1]] % 9 + 1);
  entries.cell[empty[2]] = (uint8_t)(sol.cell[empty[2]] % 9 + 1);
  ck_assert_int_eq(sudoku_hint(&g, &entries, NULL, true, NULL, &h), SUDOKU_OK);
  ck_assert_int_eq(h.kind, SUDOKU_HINT_WRONG_ENTRY);
  ck_assert_int_eq(h.cell, empty[1]);
  ck_assert_int_eq(h.entry, sol.cell[empty[1]] % 9 + 1);
  ck_assert_int_eq(h.value, sol.cell[empty[1]]);
  ck_assert_int_eq(h.nwrong, 2);
  ck_assert_int_eq(h.wrong[1], empty[2]);
  /* Every mark kept but the value of the third empty cell. */
  uint32_t marks[SUDOKU_MAX_CELLS];
  for (int c = 0; c < 81; c++)
    marks[c] = 0x1ffu;
  marks[empty[2]] &= ~(1u << (sol.cell[empty[2]] - 1));
  entries.cell[empty[1]] = entries.cell[empty[2]] = 0;
  ck_assert_int_eq(sudoku_hint(&g, &entries, marks, true, NULL, &h), SUDOKU_OK);
  ck_assert_int_eq(h.kind, SUDOKU_HINT_MISSING_MARK);
  ck_assert_int_eq(h.cell, empty[2]);
  ck_assert_int_eq(h.value, sol.cell[empty[2]]);
  /* Refusals are the puzzle's. */
  test_grid_from_line(&g, CONFLICTING);
  ck_assert_int_eq(sudoku_hint(&g, NULL, NULL, true, NULL, &h),
                   SUDOKU_CONFLICT);
  test_grid_from_line(&g, NO_SOLUTION);
  ck_assert_int_eq(sudoku_hint(&g, NULL, NULL, true, NULL, &h),
                   SUDOKU_NO_SOLUTION);
  test_grid_from_line(&g, MULTI);
  ck_assert_int_eq(sudoku_hint(&g, NULL, NULL, true, NULL, &h),
                   SUDOKU_NOT_UNIQUE);
  ck_assert_int_eq(sudoku_hint(&g, NULL, NULL, false, NULL, &h), SUDOKU_OK);
  ck_assert(!h.unique);
  ck_assert_int_eq(h.kind, SUDOKU_HINT_STEP);
  ck_assert_int_eq(sudoku_next_step(&g, NULL, NULL, &plain), SUDOKU_OK);
  ck_assert_int_eq(h.step.technique, plain.technique);
}
END_TEST

/* ---- One position per technique ---------------------------------------- */

static const struct {
  enum sudoku_technique tech;
  const char *puzzle;
} tech_cases[] = {
    {SUDOKU_TECH_HIDDEN_SINGLE, "1..8..9.2.4.......6..9.2..151.6....879.128..4"
                                "...35.1.......3...38...94.5.27.6.839"},
    {SUDOKU_TECH_DIRECT_POINTING, "....4.3.7..1..76.4.7....95...8.1.7.5.4..76"
                                  ".98......1.6..4...8.9.2...3...986......"},
    {SUDOKU_TECH_DIRECT_HIDDEN_PAIR, "1..8..9.2.4.......6..9.2..151.6....879."
                                     "128..4...35.1.......3...38...94.5.27.6."
                                     "839"},
    {SUDOKU_TECH_NAKED_SINGLE, ".................1..2.34..5...2...6...3..1.."
                               "..6....78....6...7....8.....4.1......"},
    {SUDOKU_TECH_DIRECT_HIDDEN_TRIPLE, "..............1..2.34....5........6.1"
                                       ".7..8...4..............1.8.6.39....."
                                       "9......7"},
    {SUDOKU_TECH_POINTING, ".................1.....2.3......3.2...1.4......5"
                           "....6..3......4.7..8...962...7..."},
    {SUDOKU_TECH_CLAIMING, "................12..3.45.................63.427."
                           "..........8.......12.5...36...9.."},
    {SUDOKU_TECH_NAKED_PAIR, "................12..3.45..............6...4.3."
                             "7.1........2........7.18..9.5.....6"},
    {SUDOKU_TECH_X_WING, "................12..3.45..............6...4.3.7.1."
                         ".......2........7.18..9.5.....6"},
    {SUDOKU_TECH_HIDDEN_PAIR, ".................1..2..3.4......52...6......41"
                              "7...........8.......71...6..36..7.."},
    {SUDOKU_TECH_NAKED_TRIPLE, "................12..3.45......1...6..7....4.."
                               "8..2........8...2...5.......94...3.."},
    {SUDOKU_TECH_SWORDFISH, "........1.......23..4.56........45...1........3"
                            ".7........2...3...68....75........"},
    {SUDOKU_TECH_HIDDEN_TRIPLE, "................12..3.45......1...6..7....4."
                                ".8..2........8...2...5.......94...3.."},
    {SUDOKU_TECH_XY_WING, "................12..3..4..5.....6..7.8.......91.."
                          ".........1.68...58.......6...4.."},
    {SUDOKU_TECH_XYZ_WING, "................12..3.45...........4.1.6.7...6.."
                           "2.........3.......1...8.5.4....6."},
    {SUDOKU_TECH_UNIQUE_RECTANGLE, "................12..3.45...........4.1.6"
                                   ".7...6..2.........3.......1...8.5.4...."
                                   "6."},
    {SUDOKU_TECH_NAKED_QUAD, ".................1..2.34..........2..5.....34"
                             "6..1........62.7.....8...5..74......"},
    {SUDOKU_TECH_JELLYFISH, "................12..3.45................567..1"
                            "8......9.....35...2.......91.2....."},
    {SUDOKU_TECH_BUG, "................12..3..4........53...1.......46....7."
                      ".....6......7...8.5.9.12...."},
};

struct walk {
  enum sudoku_technique want;
  sudoku_grid pos;                 /* puzzle plus placements so far */
  uint32_t elim[SUDOKU_MAX_CELLS]; /* eliminations so far */
  bool seen;
  struct sudoku_step first;
};

static bool walk_to(const struct sudoku_step *st, void *vctx) {
  struct walk *w = vctx;
  if (st->technique == w->want) {
    w->seen = true;
    w->first = *st;
    return false;
  }
  for (int i = 0; i < st->nplacements; i++)
    w->pos.cell[st->placements[i].cell] = st->placements[i].value;
  for (int i = 0; i < st->neliminations; i++)
    w->elim[st->eliminations[i].cell] |= 1u << (st->eliminations[i].value - 1);
  return true;
}

START_TEST(technique_is_the_next_step) {
  sudoku_grid g, sol;
  test_grid_from_line(&g, tech_cases[_i].puzzle);
  solve_unique(&g, &sol);
  struct walk w;
  memset(&w, 0, sizeof w);
  w.want = tech_cases[_i].tech;
  w.pos = g;
  struct sudoku_rating r;
  ck_assert_int_eq(sudoku_logic_solve(&g, NULL, walk_to, &w, &r), SUDOKU_OK);
  ck_assert_msg(w.seen, "%s not on the path",
                sudoku_technique_id(tech_cases[_i].tech));
  assert_sound(&w.first, &sol);
  ck_assert(w.first.ncells > 0 || w.first.nunits > 0);
  /* The same position as a player has it: entries plus pencil marks. */
  uint32_t marks[SUDOKU_MAX_CELLS];
  ck_assert_int_eq(sudoku_candidates(&w.pos, marks), SUDOKU_OK);
  for (int c = 0; c < 81; c++)
    marks[c] &= ~w.elim[c];
  struct sudoku_step st;
  ck_assert_int_eq(sudoku_next_step(&w.pos, marks, NULL, &st), SUDOKU_OK);
  ck_assert_int_eq(st.technique, w.first.technique);
  ck_assert_int_eq(st.rating, w.first.rating);
  ck_assert_int_eq(st.nplacements, w.first.nplacements);
  ck_assert_int_eq(st.neliminations, w.first.neliminations);
  assert_sound(&st, &sol);
  char text[SUDOKU_EXPLAIN_MAX];
  ck_assert_uint_gt(sudoku_step_explain(&st, 9, text, sizeof text), 10);
}
END_TEST

/* ---- Finders on hand-built candidates ---------------------------------- */

/* An empty 9x9 state: every cell can be anything. */
static void empty_state(struct logic_state *s) {
  sudoku_grid g;
  sudoku_grid_init(&g, 3, 3);
  ck_assert(logic_state_init(s, &g));
}

static void clear(struct logic_state *s, int r, int c, uint32_t values) {
  s->cand[(r - 1) * 9 + (c - 1)] &= ~values;
  logic_state_sync(s); /* the places the finders read */
}

static bool has_elim(const struct sudoku_step *st, int r, int c, int v) {
  for (int i = 0; i < st->neliminations; i++)
    if (st->eliminations[i].cell == (r - 1) * 9 + (c - 1) &&
        st->eliminations[i].value == v)
      return true;
  return false;
}

START_TEST(direct_claiming_places_the_following_single) {
  struct logic_state s;
  empty_state(&s);
  /* Row 1 has 1 only in box 1; row 2 has it in r2c1 and r2c5: the claiming
   * removes r2c1, leaving r2c5 the only place for 1 in row 2. */
  for (int c = 3; c <= 9; c++)
    clear(&s, 1, c, 1u);
  for (int c = 2; c <= 9; c++)
    if (c != 5)
      clear(&s, 2, c, 1u);
  struct sudoku_step st;
  ck_assert(logic_find_DIRECT_CLAIMING(&s, &st));
  ck_assert_int_eq(st.technique, SUDOKU_TECH_DIRECT_CLAIMING);
  ck_assert_int_eq(st.rating, 19);
  ck_assert_int_eq(st.nplacements, 1);
  ck_assert_int_eq(st.placements[0].cell, 1 * 9 + 4);
  ck_assert_int_eq(st.placements[0].value, 1);
  /* Only the placement, as SE applies it: the eliminations that lead to
   * it are left to a later step. */
  ck_assert_int_eq(st.neliminations, 0);
  ck_assert_int_eq(st.units[0], 0);     /* row 1 */
  ck_assert_int_eq(st.units[1], 2 * 9); /* box 1 */
  /* Plain claiming sees the same lock: the eliminations, no placement. */
  ck_assert(logic_find_CLAIMING(&s, &st));
  ck_assert_int_eq(st.nplacements, 0);
  ck_assert(has_elim(&st, 2, 1, 1) && has_elim(&st, 3, 3, 1));
}
END_TEST

START_TEST(hidden_quad_strips_its_cells) {
  struct logic_state s;
  empty_state(&s);
  for (int c = 5; c <= 9; c++)
    clear(&s, 1, c, 0xfu); /* 1-4 only in r1c1-r1c4 */
  struct sudoku_step st;
  ck_assert(logic_find_HIDDEN_QUAD(&s, &st));
  ck_assert_int_eq(st.values, 0xf);
  ck_assert_int_eq(st.ncells, 4);
  ck_assert_int_eq(st.neliminations, 20);
  ck_assert(has_elim(&st, 1, 4, 9) && !has_elim(&st, 1, 4, 1));
  ck_assert_int_eq(st.units[0], 0);
}
END_TEST

START_TEST(uniqueness_needs_a_unique_puzzle) {
  struct logic_state s;
  empty_state(&s);
  /* A deadly pattern: r1c1, r1c2, r2c1, r2c2 (one box) are not a unique
   * rectangle; r1c1, r1c4, r2c1, r2c4 (two boxes) with r2c4 holding more
   * is type 1, but only when the puzzle is known to be unique. */
  s.cand[0] = s.cand[3] = s.cand[9] = 0x3;
  s.cand[12] = 0x7;
  logic_state_sync(&s);
  struct sudoku_step st;
  ck_assert(!logic_find_UNIQUE_RECTANGLE(&s, &st));
  s.unique = true;
  ck_assert(logic_find_UNIQUE_RECTANGLE(&s, &st));
  ck_assert_int_eq(st.rating, 45);
  ck_assert(has_elim(&st, 2, 4, 1) && has_elim(&st, 2, 4, 2));
  ck_assert_int_eq(st.neliminations, 2);
  s.cand[12] = 0x3;
  s.cand[3] = s.cand[9] = s.cand[10] = s.cand[1] = 0x3;
  s.cand[0] = 0x7;
  logic_state_sync(&s);
  /* Every candidate set is full elsewhere: no BUG either way. */
  ck_assert(!logic_find_BUG(&s, &st));
}
END_TEST

/* A puzzle SE rates 4.6 for a unique loop of six cells (type 2). */
#define UNIQUE_LOOP_PUZZLE                                                     \
  ".2...67.5..1..3.2.6.3.28.9...935.28.......5.....9....7.68..9....3......."   \
  "5........"

static bool count_loops(const struct sudoku_step *st, void *ctx) {
  if (st->technique == SUDOKU_TECH_UNIQUE_RECTANGLE && st->ncells == 6) {
    ck_assert_int_eq(st->rating, 46);
    ++*(int *)ctx;
  }
  return true;
}

START_TEST(unique_loop_of_six_rates_as_se) {
  sudoku_grid g;
  test_grid_from_line(&g, UNIQUE_LOOP_PUZZLE);
  struct sudoku_rating r;
  int loops = 0;
  ck_assert_int_eq(sudoku_logic_solve(&g, NULL, count_loops, &loops, &r),
                   SUDOKU_OK);
  ck_assert(r.solved);
  ck_assert_int_eq(r.rating, 46);
  ck_assert_int_eq(r.hardest, SUDOKU_TECH_UNIQUE_RECTANGLE);
  ck_assert_int_ge(loops, 1);
}
END_TEST

/* A top1465 puzzle whose path meets a BUG of three cells (type 2). */
#define BUG2_PUZZLE                                                            \
  "...46....568......3....1....3....96..956........7...4..8.94.3......7..2.1"  \
  ".....89."

static bool find_bug2(const struct sudoku_step *st, void *ctx) {
  if (st->technique == SUDOKU_TECH_BUG && st->rating == 57) {
    *(struct sudoku_step *)ctx = *st;
    return false;
  }
  return true;
}

START_TEST(bug_type_2_eliminates_the_shared_value) {
  sudoku_grid g, sol;
  test_grid_from_line(&g, BUG2_PUZZLE);
  solve_unique(&g, &sol);
  struct sudoku_step st;
  st.technique = SUDOKU_TECH_NONE;
  struct sudoku_rating r;
  sudoku_logic_solve(&g, NULL, find_bug2, &st, &r);
  ck_assert_int_eq(st.technique, SUDOKU_TECH_BUG);
  ck_assert_int_eq(st.nplacements, 0);
  ck_assert_int_ge(st.ncells, 2);
  ck_assert_int_gt(st.neliminations, 0);
  assert_sound(&st, &sol);
  /* One of the BUG cells holds the value in the solution. */
  bool held = false;
  for (int i = 0; i < st.ncells; i++)
    held |= (1u << (sol.cell[st.cells[i]] - 1)) == st.values;
  ck_assert(held);
}
END_TEST

/* ---- Sentences --------------------------------------------------------- */

START_TEST(sentences_are_rendered_from_the_step) {
  struct sudoku_step st;
  char buf[SUDOKU_EXPLAIN_MAX];
  logic_step_init(&st, SUDOKU_TECH_HIDDEN_SINGLE, 12);
  logic_step_place(&st, 3 * 9 + 6, 3);
  logic_step_unit(&st, 2 * 9 + 5);
  sudoku_step_explain(&st, 9, buf, sizeof buf);
  ck_assert_str_eq(buf, "r4c7 is the only place for 3 in box 6.");
  logic_step_init(&st, SUDOKU_TECH_X_CHAIN, 65);
  logic_step_link(&st, 1, 4, SUDOKU_LINK_WEAK);
  logic_step_link(&st, 4, 4, SUDOKU_LINK_STRONG);
  logic_step_link(&st, 4, 7, SUDOKU_LINK_NONE);
  logic_step_elim(&st, 2 * 9 + 3, 7);
  sudoku_step_explain(&st, 9, buf, sizeof buf);
  ck_assert_str_eq(buf, "X-chain: r1c2=4 => r1c5<>4 => r1c5=7; so r3c4<>7.");
  /* snprintf convention; the longest step still fits the maximum. */
  size_t need = sudoku_step_explain(&st, 9, buf, 8);
  ck_assert_str_eq(buf, "X-chain");
  ck_assert_uint_eq(need, strlen("X-chain: r1c2=4 => r1c5<>4 => r1c5=7; so "
                                 "r3c4<>7."));
  logic_step_init(&st, SUDOKU_TECH_NESTED_FORCING_CHAIN, 90);
  for (int i = 0; i < SUDOKU_STEP_MAX_CHAIN; i++)
    logic_step_link(&st, 600 + i % 25, 25,
                    i % 7 == 6 ? SUDOKU_LINK_NONE : SUDOKU_LINK_WEAK);
  for (int i = 0; i < SUDOKU_STEP_MAX_ELIMINATIONS + 5; i++)
    logic_step_elim(&st, 600 + i % 25, 1 + i / 25);
  for (int i = 0; i < SUDOKU_STEP_MAX_PLACEMENTS; i++)
    logic_step_place(&st, 624, 25);
  ck_assert_uint_lt(sudoku_step_explain(&st, 25, buf, sizeof buf),
                    SUDOKU_EXPLAIN_MAX);
  ck_assert_int_eq(st.neliminations, SUDOKU_STEP_MAX_ELIMINATIONS);
}
END_TEST

Suite *logic_suite(void) {
  Suite *s = suite_create("logic");
  TCase *tc = tcase_create("api");
  tcase_add_test(tc, technique_table_is_consistent);
  tcase_add_test(tc, levels_follow_the_thresholds);
  tcase_add_test(tc, candidates_are_values_no_peer_holds);
  tcase_add_test(tc, next_step_statuses);
  tcase_add_test(tc, path_refuses_bad_puzzles);
  tcase_add_test(tc, classic_puzzle_rates_as_singles);
  tcase_add_test(tc, complete_grid_has_no_ep_or_ed);
  tcase_add_test(tc, wrong_marks_are_put_back);
  tcase_add_test(tc, hint_says_entries_then_marks_then_the_step);
  tcase_add_test(tc, direct_claiming_places_the_following_single);
  tcase_add_test(tc, hidden_quad_strips_its_cells);
  tcase_add_test(tc, uniqueness_needs_a_unique_puzzle);
  tcase_add_test(tc, unique_loop_of_six_rates_as_se);
  tcase_add_test(tc, bug_type_2_eliminates_the_shared_value);
  tcase_add_test(tc, sentences_are_rendered_from_the_step);
  suite_add_tcase(s, tc);
  TCase *triples = tcase_create("triples");
  tcase_set_timeout(triples, 120);
  tcase_add_loop_test(triples, rating_has_se_ep_and_ed, 0,
                      (int)(sizeof se_triples / sizeof se_triples[0]));
  suite_add_tcase(s, triples);
  TCase *tech = tcase_create("techniques");
  tcase_add_loop_test(tech, technique_is_the_next_step, 0,
                      (int)(sizeof tech_cases / sizeof tech_cases[0]));
  suite_add_tcase(s, tech);
  logic_add_soundness(s);
  logic_add_state(s);
  logic_add_rules(s);
  logic_add_killer(s);
  return s;
}
