/*
 * test_chains.c - aligned pair and triplet exclusion and the chain
 * techniques (X-, XY-chains and cycles, AICs, forcing chains, Nishio,
 * cell/region and dynamic forcing chains, dynamic chains with locked
 * candidates, trial): for each, a position (as pencil marks) where it is the
 * next step, with the exact eliminations; chain finders on other box shapes
 * checked against the solution (the paths of hard puzzles are
 * test_chain_paths.c's); and the 9x9 nets over cell masks node for node against
 * the walk over units, and the sweeps of static mask nets against their runs.
 *
 * The positions were taken from the paths of puzzles of tests/data and the
 * SE-rated calibration set (../shared/corpus/rated), at the first step of
 * each technique in the path (the nested one from a forum-hardest puzzle);
 * the expected steps are what the finders answered there, checked against
 * the solution. The aligned triplet positions are Sudoku Explainer's own
 * (the grid before its triplet step, by serate 1.2.1.3's path), and the
 * expected eliminations are the ones SE made there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../src/core/logic/chain.h"
#include "../src/core/logic/nested.h"
#include "tests.h"

/* ---- Helpers ----------------------------------------------------------- */

/* A 9x9 state from a puzzle and 81 space-separated tokens: "=5" a value,
 * "1379" the candidates of an empty cell. */
static void state_from(struct logic_state *s, const char *puzzle,
                       const char *tokens) {
  sudoku_grid g;
  test_grid_from_line(&g, puzzle);
  ck_assert(logic_state_init(s, &g));
  const char *p = tokens;
  for (int c = 0; c < 81; c++) {
    while (*p == ' ')
      p++;
    ck_assert_msg(*p != '\0', "token %d missing", c);
    s->value[c] = 0;
    s->cand[c] = 0;
    if (*p == '=')
      s->value[c] = (uint8_t)(*++p - '0'), p++;
    else
      for (; *p >= '1' && *p <= '9'; p++)
        s->cand[c] |= 1u << (*p - '1');
  }
  logic_state_sync(s);
  s->unique = true;
}

/* "r4c2<>2 r1c1=5": the step's eliminations, then its placements. */
static const char *conclusions(const struct sudoku_step *st, char *buf,
                               size_t cap) {
  size_t k = 0;
  buf[0] = '\0';
  for (int i = 0; i < st->neliminations && k < cap; i++)
    k += (size_t)snprintf(buf + k, cap - k, "%sr%dc%d<>%d", k ? " " : "",
                          st->eliminations[i].cell / 9 + 1,
                          st->eliminations[i].cell % 9 + 1,
                          st->eliminations[i].value);
  for (int i = 0; i < st->nplacements && k < cap; i++)
    k += (size_t)snprintf(buf + k, cap - k, "%sr%dc%d=%d", k ? " " : "",
                          st->placements[i].cell / 9 + 1,
                          st->placements[i].cell % 9 + 1,
                          st->placements[i].value);
  return buf;
}

/* The step agrees with solution sol (n*n values): placements equal it, no
 * elimination removes it; and its chain is made of candidates of s. */
static void check_sound(const struct logic_state *s,
                        const struct sudoku_step *st, const uint8_t *sol,
                        const char *what) {
  for (int i = 0; i < st->nplacements; i++)
    ck_assert_msg(sol[st->placements[i].cell] == st->placements[i].value,
                  "%s: %s places a wrong value", what,
                  sudoku_technique_id(st->technique));
  for (int i = 0; i < st->neliminations; i++)
    ck_assert_msg(sol[st->eliminations[i].cell] != st->eliminations[i].value,
                  "%s: %s removes the solution's value", what,
                  sudoku_technique_id(st->technique));
  ck_assert_msg(st->nplacements + st->neliminations > 0, "%s: empty step",
                what);
  for (int i = 0; i < st->nchain; i++)
    ck_assert_msg((s->cand[st->chain[i].cell] >> (st->chain[i].value - 1)) & 1,
                  "%s: chain node %d is not a candidate", what, i);
}

/* ---- One position a technique ------------------------------------------ */

static const struct {
  const char *puzzle, *tokens;
  enum sudoku_technique tech;
  int rating;
  const char *want;
} positions[] = {
    {".6.....94....8.1....1...835.23...5.....1.6..2......38..1.8.2........4."
     "214..5.....",
     "3578 =6 578 37 157 1357 =2 =9 =4 "
     "2359 3459 459 24 =8 359 =1 =6 =7 "
     "279 479 =1 246 246 79 =8 =3 =5 "
     "67 =2 =3 479 479 =8 =5 =1 69 "
     "589 589 589 =1 =3 =6 =7 =4 =2 "
     "=1 47 467 279 2579 57 =3 =8 69 "
     "679 =1 679 =8 679 =2 =4 =5 =3 "
     "356789 35789 56789 3679 679 =4 69 =2 =1 "
     "=4 39 =2 =5 169 13 69 =7 =8",
     SUDOKU_TECH_ALIGNED_PAIR_EXCLUSION, 62, "r1c6<>7"},
    {"...........12.5..4...4.3.9...43.1...3...4.8..5....8..71.7..94.8.9.8....5."
     ".3....72",
     "2679 =4 58 1679 16789 67 12567 12568 =3 "
     "679 =3 =1 =2 6789 =5 67 68 =4 "
     "267 267 58 =4 1678 =3 12567 =9 16 "
     "2678 2678 =4 =3 25679 =1 256 256 69 "
     "=3 267 269 5679 =4 267 =8 1256 169 "
     "=5 =1 269 69 269 =8 =3 =4 =7 "
     "=1 256 =7 56 23 =9 =4 36 =8 "
     "=4 =9 26 =8 237 27 16 136 =5 "
     "68 568 =3 156 156 =4 =9 =7 =2",
     SUDOKU_TECH_X_CHAIN, 66, "r4c2<>2"},
    {".6.....94....8.1....1...835.23...5.....1.6..2......38..1.8.2........4."
     "214..5.....",
     "378 =6 78 37 15 15 =2 =9 =4 "
     "259 359 45 24 =8 39 =1 =6 =7 "
     "29 47 =1 246 26 79 =8 =3 =5 "
     "67 =2 =3 79 =4 =8 =5 =1 69 "
     "589 589 589 =1 =3 =6 =7 =4 =2 "
     "=1 47 46 29 25 57 =3 =8 69 "
     "679 =1 679 =8 679 =2 =4 =5 =3 "
     "35689 589 56789 36 679 =4 69 =2 =1 "
     "=4 39 =2 =5 169 13 69 =7 =8",
     SUDOKU_TECH_XY_CHAIN, 72, "r2c3<>4"},
    {"....9......5....8.916.2..4...9..62..4..1......6...8.1.8....49.5.9....63.."
     ".1...82.",
     "37 3478 378 457 =9 1357 1357 =6 =2 "
     "237 2347 =5 47 =6 137 137 =8 =9 "
     "=9 =1 =6 =8 =2 357 357 =4 37 "
     "=1 37 =9 37 =4 =6 =2 =5 =8 "
     "=4 3578 78 =1 357 =2 37 =9 =6 "
     "2357 =6 237 =9 357 =8 =4 =1 37 "
     "=8 23 23 =6 =1 =4 =9 =7 =5 "
     "57 =9 =4 =2 =8 57 =6 =3 =1 "
     "=6 57 =1 357 37 =9 =8 =2 =4",
     SUDOKU_TECH_AIC, 71, "r1c2<>3"},
    {"....68..7.....4..58..7.5.9.3.....7...5.8...3..2...6...54....98...6......."
     ".36.....",
     "124 139 =5 129 =6 =8 1234 124 =7 "
     "127 =6 1279 1239 1239 =4 =8 12 =5 "
     "=8 13 124 =7 12 =5 =6 =9 1234 "
     "=3 19 489 12459 12459 12 =7 =6 12489 "
     "=6 =5 149 =8 1249 =7 124 =3 1249 "
     "147 =2 4789 1349 1349 =6 145 145 189 "
     "=5 =4 12 12 =7 =3 =9 =8 =6 "
     "129 78 =6 45 458 129 12345 12457 1234 "
     "129 78 =3 =6 458 129 1245 12457 124",
     SUDOKU_TECH_NISHIO, 78, "r2c3<>1"},
    /* SE 1.2.1.3's step 28 of this puzzle (tests/data/se_rated_fresh.tsv):
     * "Aligned Triplet Exclusion: F4,F5,F6", removing 7 from r4c6 */
    {".135.........7.4...........1......892.4.6....7.........8.1.....6....."
     "2.....9.3...",
     "48 =1 =3 =5 =9 248 78 267 268 "
     "589 256 256 268 =7 128 =4 12359 12358 "
     "4589 24567 2567 2468 =3 1248 1589 1259 1258 "
     "=1 36 56 247 45 247 3567 =8 =9 "
     "=2 39 =4 78 =6 5789 135 157 157 "
     "=7 569 =8 =3 =1 59 56 24 24 "
     "=3 =8 279 =1 245 =6 579 4579 457 "
     "=6 45 19 47 =8 57 =2 139 13 "
     "45 27 127 =9 245 =3 1578 14567 145678",
     SUDOKU_TECH_ALIGNED_TRIPLET_EXCLUSION, 75, "r4c6<>7"},
    /* a top1465 puzzle where SE's triplet G5,H7,H9 removes two values */
    {"7.......4...29....6...8..5....7..8...8...1.9...4.3.2...2.3....6176...."
     "2.4........",
     "=7 159 =2 156 156 =3 169 =8 =4 "
     "=8 145 15 =2 =9 4567 167 1367 137 "
     "=6 149 =3 14 =8 47 179 =5 =2 "
     "23 156 159 =7 2456 24569 =8 1346 135 "
     "23 =8 =7 456 2456 =1 46 =9 35 "
     "59 156 =4 =8 =3 569 =2 167 157 "
     "59 =2 59 =3 17 =8 147 147 =6 "
     "=1 =7 =6 =9 45 45 =3 =2 =8 "
     "=4 =3 =8 16 1267 26 =5 17 =9",
     SUDOKU_TECH_ALIGNED_TRIPLET_EXCLUSION, 75, "r7c8<>1 r7c8<>7"},
    {"12..4......5.69.1...9...5.........7.7...52.9..3......2.9.6...5.4..9..8.1."
     ".3...9.4",
     "=1 =2 678 578 =4 578 67 =3 =9 "
     "=3 =4 =5 78 =6 =9 =2 =1 78 "
     "68 78 =9 123 123 13 =5 =4 678 "
     "=9 168 =2 1348 138 1368 134 =7 =5 "
     "=7 168 148 1348 =5 =2 1346 =9 36 "
     "=5 =3 146 147 =9 167 146 =8 =2 "
     "28 =9 18 =6 128 =4 37 =5 37 "
     "=4 567 67 =9 237 35 =8 26 =1 "
     "268 15678 =3 1258 1278 158 =9 26 =4",
     SUDOKU_TECH_REGION_FORCING_CHAIN, 83, "r1c3<>7"},
    {".....1.2.3...4.5.....6....7..2.....1.8..9..3.4.....8..5....2....9..3.4..."
     ".67.....",
     "6789 4567 45789 3589 578 =1 369 =2 34689 "
     "=3 1267 1789 289 =4 789 =5 1689 689 "
     "1289 1245 14589 =6 258 3589 139 1489 =7 "
     "679 3567 =2 3458 5678 345678 679 45679 =1 "
     "167 =8 157 1245 =9 4567 267 =3 2456 "
     "=4 13567 13579 1235 12567 3567 =8 5679 2569 "
     "=5 1347 13478 49 168 =2 13679 16789 3689 "
     "1278 =9 178 158 =3 568 =4 15678 2568 "
     "128 1234 =6 =7 158 49 1239 1589 23589",
     SUDOKU_TECH_DYNAMIC_FORCING_CHAIN, 90, "r7c7<>3"},
    {"...3..4....9.......1..5..37.....9...5......69.61.........7...84.57.3.1..."
     ".81.....",
     "67 28 =5 =3 =9 67 =4 =1 28 "
     "37 34 =9 28 47 =1 =6 =5 28 "
     "28 =1 46 248 =5 26 =9 =3 =7 "
     "28 248 =3 =6 247 =9 =5 47 =1 "
     "=5 =7 24 24 =1 =3 =8 =6 =9 "
     "=9 =6 =1 =5 =8 47 =2 47 =3 "
     "=1 =9 26 =7 26 =5 =3 =8 =4 "
     "=4 =5 =7 =9 =3 =8 =1 =2 =6 "
     "36 23 =8 =1 246 24 =7 =9 =5",
     SUDOKU_TECH_X_CHAIN, 66, "r3c4<>2 r4c2<>2"},
    {".17..3.......4.7.....15..3.3......2..9.5....48...6.................2..78."
     "4..1.9.2",
     "469 =1 =7 269 =8 =3 245 49 569 "
     "569 =3 256 269 =4 69 =7 =8 =1 "
     "469 =8 26 =1 =5 =7 24 =3 69 "
     "=3 56 14 =8 =7 149 156 =2 59 "
     "=7 =9 16 =5 =3 =2 =8 16 =4 "
     "=8 =2 145 49 =6 149 =3 159 =7 "
     "=2 =7 =8 46 =9 456 1456 14 =3 "
     "=1 56 =9 =3 =2 456 456 =7 =8 "
     "56 =4 =3 =7 =1 =8 =9 56 =2",
     SUDOKU_TECH_XY_CHAIN, 66, "r1c9<>9 r3c1<>6 r1c7<>4"},
    {".7.4...6......6...92....7...83.5..7.2....7.......8....6..7...837...346.."
     "4....89..",
     "38 =7 15 =4 29 25 138 =6 12589 "
     "38 15 =4 2589 =7 =6 1358 1235 1289 "
     "=9 =2 =6 358 =1 35 =7 =4 58 "
     "=1 =8 =3 =6 =5 =9 =2 =7 =4 "
     "=2 =6 =9 13 =4 =7 1358 135 158 "
     "=5 =4 =7 123 =8 123 13 =9 =6 "
     "=6 159 125 =7 29 125 =4 =8 =3 "
     "=7 159 =8 1259 =3 =4 =6 125 125 "
     "=4 =3 125 125 =6 =8 =9 125 =7",
     SUDOKU_TECH_AIC, 70, "r5c7<>1 r5c7<>3 r1c9<>8 r2c9<>8 r1c9<>5 r2c8<>5"},
    {"........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8.."
     "2........",
     "14679 1379 4679 45689 45689 45678 1567 13567 =2 "
     "467 237 =8 2456 =1 24567 =9 3567 367 "
     "=5 1279 2679 269 269 =3 167 =4 =8 "
     "478 278 2457 =1 24568 =9 =3 2567 467 "
     "1479 =6 24579 245 =3 245 12457 =8 1479 "
     "1489 1289 =3 =7 24568 24568 12456 12569 1469 "
     "6789 =4 679 23689 2689 1268 1267 123679 =5 "
     "=3 =5 =1 2469 =7 246 =8 269 469 "
     "=2 789 679 345689 45689 14568 1467 13679 13467",
     SUDOKU_TECH_NESTED_FORCING_CHAIN, 96, "r5c7<>5"},
    {"........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2."
     "4.5.....3",
     "12567 2457 12467 134679 13459 34567 1379 1359 =8 "
     "15678 578 =3 16789 1589 5678 =4 159 =2 "
     "1578 =9 147 13478 =2 34578 137 =6 157 "
     "12358 23458 124 348 =7 =9 1368 13458 1456 "
     "35789 34578 479 348 =6 =1 =2 34589 459 "
     "1389 =6 149 =5 348 =2 1389 =7 149 "
     "23679 237 =8 1234679 1349 3467 =5 149 14679 "
     "3679 =1 679 346789 34589 345678 6789 =2 4679 "
     "=4 27 =5 126789 189 678 16789 189 =3",
     SUDOKU_TECH_NESTED_FORCING_CHAIN_2, 102, "r6c5<>4"},
    /* a forum hardest puzzle four steps in: nothing of levels 1-3
     * applies (trial answered here before level 4); SE rates the puzzle
     * ED=11.8/11.8/11.5, as its path through level 4 now does */
    {"........6..5..18...9...8.7....8.2.....3.1.2..4..5.3....6.....9...83..1.."
     "7."
     "......4",
     "1238 123478 1247 2479 23459 4579 3459 12345 =6 "
     "236 2347 =5 4679 234679 =1 =8 234 239 "
     "1236 =9 1246 246 23456 =8 345 =7 1235 "
     "1569 157 1679 =8 4679 =2 345679 13456 13579 "
     "5689 578 =3 4679 =1 4679 =2 4568 5789 "
     "=4 1278 12679 =5 679 =3 679 168 1789 "
     "1235 =6 124 1247 24578 457 357 =9 23578 "
     "259 245 =8 =3 245679 4679 =1 256 257 "
     "=7 1235 129 1269 2589 569 356 23568 =4",
     SUDOKU_TECH_NESTED_FORCING_CHAIN_4, 118, "r9c2<>2"},
    {"........7..2..96..8...6...3....92.....46..5...1..54.....5.4.9...3.....7."
     "1.......8",
     "34569 4569 1369 123458 1238 1358 1248 124589 =7 "
     "3457 457 =2 134578 1378 =9 =6 1458 145 "
     "=8 4579 179 12457 =6 157 124 12459 =3 "
     "3567 5678 3678 1378 =9 =2 13478 13468 146 "
     "2379 2789 =4 =6 1378 1378 =5 1238 129 "
     "23679 =1 36789 378 =5 =4 2378 2368 269 "
     "267 2678 =5 12378 =4 13678 =9 1236 126 "
     "2469 =3 689 12589 128 1568 124 =7 12456 "
     "=1 24679 679 23579 237 3567 234 23456 =8",
     SUDOKU_TECH_NESTED_FORCING_CHAIN_3, 111, "r9c4<>3"},
};

START_TEST(technique_is_the_next_step) {
  struct logic_state s;
  struct sudoku_step st, direct;
  sudoku_grid g, sol;
  char buf[1024], name[64];
  state_from(&s, positions[_i].puzzle, positions[_i].tokens);
  test_grid_from_line(&g, positions[_i].puzzle);
  ck_assert_int_eq(sudoku_solve(&g, NULL, &sol, NULL), SUDOKU_OK);
  snprintf(name, sizeof name, "position %d", _i);
  ck_assert_int_eq(logic_next(&s, 0, &st), SUDOKU_OK);
  ck_assert_str_eq(sudoku_technique_id(st.technique),
                   sudoku_technique_id(positions[_i].tech));
  ck_assert_int_eq(st.rating, positions[_i].rating);
  ck_assert_str_eq(conclusions(&st, buf, sizeof buf), positions[_i].want);
  check_sound(&s, &st, sol.cell, name);
  if (positions[_i].tech == SUDOKU_TECH_ALIGNED_PAIR_EXCLUSION) {
    ck_assert_int_ge(st.ncells, 4); /* the pair and two excluders */
  } else if (positions[_i].tech == SUDOKU_TECH_ALIGNED_TRIPLET_EXCLUSION) {
    ck_assert_int_ge(st.ncells, 5);     /* the triplet and two excluders */
    for (int k = 3; k < st.ncells; k++) /* each excluder sees all three */
      for (int i = 0; i < 3; i++)
        ck_assert(logic_sees(&s.geo, st.cells[k], st.cells[i]));
  } else {
    ck_assert_int_ge(st.nchain,
                     positions[_i].tech == SUDOKU_TECH_TRIAL ? 1 : 4);
    ck_assert_uint_eq(st.chain[st.nchain - 1].link, SUDOKU_LINK_NONE);
  }
  /* The sentence names the technique's conclusion cell. */
  sudoku_step_explain(&st, 9, buf, sizeof buf);
  ck_assert_uint_gt(strlen(buf), 10);
  /* The technique's own finder gives the same step. */
  static const logic_finder finder[SUDOKU_TECH_COUNT] = {
      [SUDOKU_TECH_ALIGNED_PAIR_EXCLUSION] = logic_find_ALIGNED_PAIR_EXCLUSION,
      [SUDOKU_TECH_X_CHAIN] = logic_find_X_CHAIN,
      [SUDOKU_TECH_XY_CHAIN] = logic_find_XY_CHAIN,
      [SUDOKU_TECH_AIC] = logic_find_AIC,
      [SUDOKU_TECH_ALIGNED_TRIPLET_EXCLUSION] =
          logic_find_ALIGNED_TRIPLET_EXCLUSION,
      [SUDOKU_TECH_NISHIO] = logic_find_NISHIO,
      [SUDOKU_TECH_REGION_FORCING_CHAIN] = logic_find_REGION_FORCING_CHAIN,
      [SUDOKU_TECH_DYNAMIC_FORCING_CHAIN] = logic_find_DYNAMIC_FORCING_CHAIN,
      [SUDOKU_TECH_NESTED_FORCING_CHAIN] = logic_find_NESTED_FORCING_CHAIN,
      [SUDOKU_TECH_NESTED_FORCING_CHAIN_2] = logic_find_NESTED_FORCING_CHAIN_2,
      [SUDOKU_TECH_NESTED_FORCING_CHAIN_3] = logic_find_NESTED_FORCING_CHAIN_3,
      [SUDOKU_TECH_NESTED_FORCING_CHAIN_4] = logic_find_NESTED_FORCING_CHAIN_4,
      [SUDOKU_TECH_NESTED_FORCING_CHAIN_5] = logic_find_NESTED_FORCING_CHAIN_5,
      [SUDOKU_TECH_TRIAL] = logic_find_TRIAL};
  ck_assert(finder[st.technique](&s, &direct));
  ck_assert_int_eq(direct.rating, st.rating);
  ck_assert_str_eq(conclusions(&direct, buf, sizeof buf), positions[_i].want);
}
END_TEST

/* The cell masks of 9x9 nets (chain_init.c, chain.c) are a faster walk of
 * the same links: from every candidate of every position, on and off, in
 * every mode the finders use (and a depth bound), a net over masks holds
 * the same nodes in the same order, with the same parents and causes, and
 * stops at the same contradiction as the net that walks the units. */
START_TEST(mask_nets_equal_unit_walks) {
  static const unsigned modes[] = {CH_X | CH_STOP_SRC,
                                   CH_Y | CH_STOP_SRC,
                                   CH_X | CH_Y,
                                   CH_X | CH_Y | CH_STOP_SRC,
                                   CH_X | CH_DYN | CH_STOP_ANY,
                                   CH_X | CH_Y | CH_DYN | CH_STOP_ANY,
                                   CH_X | CH_Y | CH_DYN | CH_LOCK | CH_STOP_ANY,
                                   CH_X | CH_Y | CH_DYN | CH_LOCK};
  struct logic_state s;
  struct ch_net *fast = malloc(sizeof *fast), *walk = malloc(sizeof *walk);
  ck_assert(fast != NULL && walk != NULL);
  state_from(&s, positions[_i].puzzle, positions[_i].tokens);
  for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
    ch_init(fast, &s, modes[m]);
    ch_init(walk, &s, modes[m]);
    ck_assert(fast->masks);
    walk->masks = false; /* no peer list either: the unit walk */
    for (int pot = 0; pot < 2 * 81 * 9; pot++) {
      if (!((s.cand[ch_cell(9, pot)] >> (ch_value(9, pot) - 1)) & 1))
        continue;
      fast->max_depth = walk->max_depth =
          (modes[m] & CH_DYN) || pot % 3 ? -1 : 3;
      ch_run(fast, pot);
      ch_run(walk, pot);
      ck_assert_msg(fast->nnodes == walk->nnodes, "mode %zu pot %d: %d != %d",
                    m, pot, fast->nnodes, walk->nnodes);
      for (int i = 0; i < fast->nnodes; i++) {
        const struct ch_node *a = &fast->node[i], *b = &walk->node[i];
        ck_assert_msg(a->pot == b->pot && a->parent == b->parent &&
                          a->cause == b->cause && a->unit == b->unit,
                      "mode %zu pot %d node %d", m, pot, i);
      }
      ck_assert_int_eq(fast->conf_a, walk->conf_a);
      ck_assert_int_eq(fast->conf_b, walk->conf_b);
      ck_assert_int_eq(fast->hit, walk->hit);
    }
  }
  free(fast);
  free(walk);
}
END_TEST

/* The sweeps of static mask nets (chain_depth.c) stand for runs: from
 * the candidates of every position, 64 at a time, each sweep's depth of
 * the negation is the run's (its hit's ancestors less one, or none), with
 * and without a depth bound, and each net's potentials are the run's. */
START_TEST(sweeps_equal_runs) {
  static const unsigned modes[] = {CH_X | CH_STOP_SRC, CH_Y | CH_STOP_SRC,
                                   CH_X | CH_Y | CH_STOP_SRC, CH_X | CH_Y};
  struct logic_state s;
  struct ch_net *net = malloc(sizeof *net);
  struct ch_bfs *b = calloc(1, sizeof *b);
  uint32_t(*bits)[CH_POT_WORDS9] = malloc(sizeof bits[0] * 64);
  ck_assert(net != NULL && b != NULL && bits != NULL);
  state_from(&s, positions[_i].puzzle, positions[_i].tokens);
  int src[CH_POTS9], nsrc = 0;
  for (int pot = 0; pot < CH_POTS9; pot++)
    if ((s.cand[ch_cell(9, pot)] >> (ch_value(9, pot) - 1)) & 1)
      src[nsrc++] = pot;
  for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
    ch_init(net, &s, modes[m]);
    ck_assert(net->masks);
    for (int at = 0; at < nsrc; at += 64) {
      int k = nsrc - at < 64 ? nsrc - at : 64;
      int16_t dist[64];
      for (int bound = -1; bound <= 3; bound += 4) {
        net->max_depth = bound;
        if (modes[m] & CH_STOP_SRC)
          ch_static_depths(net, b, src + at, k, dist);
        else
          ch_static_nets(net, b, src + at, k, bits);
        for (int i = 0; i < k; i++) {
          ch_run(net, src[at + i]);
          if (modes[m] & CH_STOP_SRC) {
            int want = net->hit < 0 ? -1 : ch_ancestors(net, net->hit) - 1;
            ck_assert_msg(dist[i] == want, "mode %zu pot %d: %d != %d", m,
                          src[at + i], dist[i], want);
            continue;
          }
          uint32_t run[CH_POT_WORDS9] = {0};
          for (int j = 0; j < net->nnodes; j++)
            run[net->node[j].pot >> 5] |= 1u << (net->node[j].pot & 31);
          ck_assert_msg(memcmp(run, bits[i], sizeof run) == 0,
                        "mode %zu pot %d bound %d", m, src[at + i], bound);
        }
      }
    }
  }
  free(bits);
  free(b);
  free(net);
}
END_TEST

/* Forcing chains to a placement lose ties to the AICs before them in the
 * table, so they are called directly: on every position where one exists
 * it places the solution's value, and one position has one. */
/* Trial, the last resort, asked directly where nested chains of level 3
 * answer first (the last position above): a sound elimination proved by
 * search, with its candidate as the chain. */
START_TEST(trial_is_sound_where_asked) {
  int last = (int)(sizeof positions / sizeof positions[0]) - 1;
  struct logic_state s;
  struct sudoku_step st;
  sudoku_grid g, sol;
  char buf[1024];
  state_from(&s, positions[last].puzzle, positions[last].tokens);
  test_grid_from_line(&g, positions[last].puzzle);
  ck_assert_int_eq(sudoku_solve(&g, NULL, &sol, NULL), SUDOKU_OK);
  ck_assert(logic_find_TRIAL(&s, &st));
  ck_assert_int_eq(st.technique, SUDOKU_TECH_TRIAL);
  ck_assert_int_eq(st.rating, 110);
  ck_assert_str_eq(conclusions(&st, buf, sizeof buf), "r2c2<>5");
  check_sound(&s, &st, sol.cell, "trial");
}
END_TEST

START_TEST(forcing_chain_places_the_solution_value) {
  int found = 0;
  for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
    struct logic_state s;
    struct sudoku_step st;
    sudoku_grid g, sol;
    state_from(&s, positions[i].puzzle, positions[i].tokens);
    test_grid_from_line(&g, positions[i].puzzle);
    ck_assert_int_eq(sudoku_solve(&g, NULL, &sol, NULL), SUDOKU_OK);
    if (!logic_find_FORCING_CHAIN(&s, &st))
      continue;
    found++;
    ck_assert_int_eq(st.technique, SUDOKU_TECH_FORCING_CHAIN);
    ck_assert_int_eq(st.nplacements, 1);
    ck_assert_int_ge(st.rating, 70);
    check_sound(&s, &st, sol.cell, "forcing chain");
  }
  ck_assert_int_ge(found, 1);
}
END_TEST

/* A dynamic net with locked candidates and nested chains of level
 * `level` (the finders' nets, with stop flags `stop`) over the position,
 * run from pot; the caller frees it and nest (allocated, 0.3 MiB
 * together). */
static struct ch_net *nested_run(struct logic_state *s, struct ch_nest *nest,
                                 int level, const char *puzzle,
                                 const char *tokens, int pot, unsigned stop) {
  struct ch_net *net = malloc(sizeof *net);
  ck_assert(net != NULL && nest != NULL);
  state_from(s, puzzle, tokens);
  ch_init(net, s, CH_X | CH_Y | CH_DYN | CH_LOCK | stop);
  nest->level = level;
  nest->inner = NULL;
  nest->memo = nest->deeper_memo = NULL;
  nest->deeper = NULL;
  ch_nest_attach(net, nest);
  ch_run(net, pot);
  return net;
}

/* A nested net's simple rules add every step of the first rule that
 * finds one, in one pass, as SE adds every hint of its first productive
 * rule: on this position (a forum-hardest puzzle two steps in), r6c3=3
 * leaves 4 and 5 only in r6c4 and r6c5 of box 5 and of row 6, two hidden
 * pairs. Both remove their values at once, each resting on r6c4<>3 and
 * r6c5<>3 (four ancestors with the assumption and the nearer parent);
 * row 6's removals do not wait for locked candidates off box 5's. */
START_TEST(simple_rules_add_every_step_of_their_rule) {
  static const char puzzle[] = "........3..1..9.6..5..8.4.....9...8...867....."
                               "1....2....6..7.2..3.8..5..4.......8";
  static const char tokens[] =
      "26789 246789 2479 12457 12456 12456 1789 1579 =3 "
      "2378 2478 =1 23457 2345 =9 78 =6 257 "
      "23679 =5 2379 1237 =8 1236 =4 179 1279 "
      "23567 2467 23457 =9 12345 12345 1367 =8 14567 "
      "2359 249 =8 =6 =7 12345 139 13459 1459 "
      "35679 =1 34579 345 345 =8 =2 34579 45679 "
      "1589 89 =6 1345 13459 =7 139 =2 149 "
      "1279 =3 279 =8 12469 1246 =5 1479 14679 "
      "=4 279 2579 1235 123569 1235 13679 1379 =8";
  /* row 6's and box 5's removals of 4 and 5 */
  static const int cell[] = {31, 31, 32, 32, 41, 41, 45, 52, 52, 53, 53};
  static const int value[] = {4, 5, 4, 5, 4, 5, 5, 4, 5, 4, 5};
  struct logic_state s;
  struct ch_nest *nest = malloc(sizeof *nest);
  struct ch_net *net = nested_run(&s, nest, 1, puzzle, tokens,
                                  ch_pot(9, 47, 3, true), 0); /* r6c3 = 3 */
  for (size_t k = 0; k < sizeof cell / sizeof cell[0]; k++) {
    int i = ch_find(net, ch_pot(9, cell[k], value[k], false));
    ck_assert_msg(i >= 0, "r%dc%d<>%d missing", cell[k] / 9 + 1,
                  cell[k] % 9 + 1, value[k]);
    ck_assert_int_eq(net->node[i].cause, CH_NEST);
    ck_assert_int_eq(ch_ancestors(net, i), 4);
  }
  free(nest);
  free(net);
}
END_TEST

/* A nested net of level 2 adds the conclusions of the inner chains it
 * finds in a pass lightest first (SE sorts its inner hints by difficulty
 * and complexity; a removal two chains conclude keeps the first's): on
 * this position (a forum-hardest puzzle three steps in), in the net of
 * r3c8=2, every run of nested nodes added together has its chains'
 * complexities in order. In cell order, a chain of 8 followed one of 10. */
START_TEST(inner_chains_are_added_lightest_first) {
  static const char puzzle[] = ".......39.8......5..9.6.8....5.9...67....2....."
                               ".4.......3.8..5..2.7..6..4.....1..";
  static const char tokens[] =
      "1256 14567 12467 1258 12457 14578 247 =3 =9 "
      "123 =8 1247 1239 12347 13479 247 =6 =5 "
      "235 3457 =9 235 =6 3457 =8 1247 1247 "
      "1238 134 =5 138 =9 1378 2347 12478 =6 "
      "=7 13469 1468 13568 135 =2 3459 1489 148 "
      "123689 1369 1268 =4 1357 135678 23579 12789 1278 "
      "169 1679 =3 1269 =8 1469 2479 =5 247 "
      "1589 =2 18 =7 1345 13459 =6 489 348 "
      "=4 5679 678 23569 235 3569 =1 2789 2378";
  struct logic_state s;
  struct ch_nest *nest = malloc(sizeof *nest);
  struct ch_net *net = nested_run(&s, nest, 2, puzzle, tokens,
                                  ch_pot(9, 25, 2, true), 0); /* r3c8 = 2 */
  int chains = 0, prev = 0;
  for (int i = 0; i < net->nnodes; i++) {
    if (net->node[i].cause != CH_NEST) {
      prev = 0;
      continue;
    }
    int cplx = nest->base.entry[net->node[i].unit].cplx;
    if (cplx == 0)
      continue; /* a simple rule's */
    ck_assert_msg(cplx >= prev, "node %d: %d after %d", i, cplx, prev);
    prev = cplx;
    chains++;
  }
  ck_assert_int_gt(chains, 10);
  free(nest);
  free(net);
}
END_TEST

/* A nested net of level 2 looking for a contradiction stops at its
 * first, as SE's chaining returns the first it meets (level 1 still
 * weighs those of two more rounds): on this position (a forum-hardest
 * puzzle two steps in, where SE's serate 1.2.1.3 path is the same), r1c8=2
 * reaches r3c2=7 and r3c2<>7 first, a contradiction of complexity 51
 * (SE's 10.3 there), before the lighter r3c6=4 and r3c6<>4 (47, 10.2). */
START_TEST(nested_net_stops_at_its_first_contradiction) {
  static const char puzzle[] = "........91......35..9.3.8....3.5...67....2....."
                               ".4.......6.8..9..2.7..6..4.....1..";
  static const char tokens[] =
      "23568 345678 24578 12568 12467 145678 247 12467 =9 "
      "=1 4678 2478 2689 24679 46789 247 =3 =5 "
      "256 4567 =9 1256 =3 14567 =8 12467 147 "
      "289 1489 =3 189 =5 1789 2479 12478 =6 "
      "=7 145689 1458 13689 169 =2 3459 1458 1348 "
      "25689 15689 1258 =4 1679 136789 23579 12578 12378 "
      "35 1357 =6 1235 =8 1345 23457 =9 2347 "
      "3589 =2 158 =7 149 13459 =6 458 348 "
      "=4 35789 578 23569 269 3569 =1 578 2378";
  struct logic_state s;
  struct ch_nest *nest = malloc(sizeof *nest);
  struct ch_net *net =
      nested_run(&s, nest, 2, puzzle, tokens, ch_pot(9, 7, 2, true),
                 CH_STOP_ANY); /* r1c8 = 2 */
  int a, b;
  ck_assert_int_ge(net->conf_a, 0);
  ck_assert_int_eq(ch_conflict(net, &a, &b), 51);
  ck_assert_int_eq(net->node[a].pot, ch_pot(9, 19, 7, false));
  ck_assert_int_eq(net->node[b].pot, ch_pot(9, 19, 7, true));
  free(nest);
  free(net);
}
END_TEST

/* The position of `positions` whose next step is tech's, in *s, and its
 * solution in *sol; returns its index. */
static int position_of(enum sudoku_technique tech, struct logic_state *s,
                       sudoku_grid *sol) {
  for (int i = 0; i < (int)(sizeof positions / sizeof positions[0]); i++)
    if (positions[i].tech == tech) {
      sudoku_grid g;
      state_from(s, positions[i].puzzle, positions[i].tokens);
      test_grid_from_line(&g, positions[i].puzzle);
      ck_assert_int_eq(sudoku_solve(&g, NULL, sol, NULL), SUDOKU_OK);
      return i;
    }
  ck_abort_msg("no position for %s", sudoku_technique_id(tech));
  return -1;
}

/* What an inner search shows (nested.h's struct ch_inner): each
 * conclusion's complexity and step, checked against the solution. */
struct seen {
  struct ch_inner base;
  const struct logic_state *s;
  const uint8_t *sol;
  int n, branches;
  int cplx[64];
  char what[64][48];
};

static void seen_begin(struct ch_inner *in) { (void)in; }

static void seen_see(struct ch_inner *in, struct ch_net *net, int node) {
  (void)net;
  ck_assert_int_ge(node, 0);
  ((struct seen *)in)->branches++;
}

static void seen_take(struct ch_inner *in, const struct sudoku_step *st) {
  struct seen *w = (struct seen *)in;
  check_sound(w->s, st, w->sol, "inner conclusion");
  ck_assert_int_lt(w->n, 64);
  ck_assert_int_gt(in->cplx, 0);
  w->cplx[w->n] = in->cplx;
  conclusions(st, w->what[w->n], sizeof w->what[0]);
  w->n++;
}

/* Level 5's second inner rule (ch_nested_inner, the row at 9.5 as a
 * search that shows every conclusion): on the level-2 position it shows
 * the row's own step among sound conclusions, lightest first, and, asked
 * again with a memo, the same conclusions from the memo. */
START_TEST(nested_inner_search_shows_every_conclusion) {
  struct logic_state s;
  struct sudoku_step st;
  sudoku_grid sol;
  int i = position_of(SUDOKU_TECH_NESTED_FORCING_CHAIN_2, &s, &sol);
  struct ch_nest *nest = malloc(sizeof *nest);
  struct ch_memo *memo = malloc(sizeof *memo);
  struct seen *w = calloc(2, sizeof *w);
  ck_assert(nest != NULL && memo != NULL && w != NULL);
  memo->n = memo->used = 0;
  for (int k = 0; k < 2; k++) {
    w[k].base =
        (struct ch_inner){seen_begin, seen_see, seen_take, 0, -1, -1, 0};
    w[k].s = &s;
    w[k].sol = sol.cell;
    nest->level = 2;
    nest->memo = nest->deeper_memo = NULL;
    nest->deeper = NULL;
    ck_assert(ch_nested_inner(&s, &st, nest, &w[k].base, memo));
    ck_assert_int_eq(memo->n, 1); /* kept once, then read */
  }
  ck_assert_int_gt(w[0].n, 1);
  ck_assert_int_gt(w[0].branches, 0);
  bool own = false;
  for (int k = 0; k < w[0].n; k++) {
    own |= strcmp(w[0].what[k], positions[i].want) == 0;
    if (k > 0)
      ck_assert_int_ge(w[0].cplx[k], w[0].cplx[k - 1]);
  }
  ck_assert_msg(own, "%s not shown", positions[i].want);
  ck_assert_int_eq(w[1].n, w[0].n);
  for (int k = 0; k < w[0].n; k++) {
    ck_assert_int_eq(w[1].cplx[k], w[0].cplx[k]);
    ck_assert_str_eq(w[1].what[k], w[0].what[k]);
  }
  free(w);
  free(memo);
  free(nest);
}
END_TEST

/* Level 5 (11.0 + length) finds what level 4 finds on the level-4
 * position, with level 2's nested chains inside as well where the
 * dynamic ones give nothing: a sound step, rated from 11.0 up. */
START_TEST(level_5_concludes_soundly) {
  struct logic_state s;
  struct sudoku_step st;
  sudoku_grid sol;
  position_of(SUDOKU_TECH_NESTED_FORCING_CHAIN_4, &s, &sol);
  ck_assert(logic_find_NESTED_FORCING_CHAIN_5(&s, &st));
  ck_assert_int_eq(st.technique, SUDOKU_TECH_NESTED_FORCING_CHAIN_5);
  ck_assert_int_ge(st.rating, 110);
  ck_assert_int_ge(st.nchain, 4);
  check_sound(&s, &st, sol.cell, "level 5");
}
END_TEST

/* SE's length increments: +0.1 past 4, 6, 8, 12, 16, 24 ... links. */
START_TEST(length_increment_follows_se) {
  static const int cplx[] = {4, 6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27};
  static const int want[] = {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6};
  for (size_t i = 0; i < sizeof cplx / sizeof cplx[0]; i++)
    ck_assert_int_eq(ch_length_rating(cplx[i]), want[i]);
}
END_TEST

/* Chain finders on other box shapes: a solved grid, blanked to a few
 * givens (several solutions: every elimination must then hold in each,
 * so in the one the solver finds). */
START_TEST(chain_finders_on_other_shapes) {
  static const int shapes[][3] = {
      {2, 2, 6}, {2, 3, 14}, {3, 4, 70}, {4, 4, 120}, {5, 5, 330}};
  static const logic_finder finders[] = {logic_find_X_CHAIN,
                                         logic_find_XY_CHAIN,
                                         logic_find_AIC,
                                         logic_find_FORCING_CHAIN,
                                         logic_find_NISHIO,
                                         logic_find_REGION_FORCING_CHAIN,
                                         logic_find_DYNAMIC_FORCING_CHAIN,
                                         logic_find_NESTED_FORCING_CHAIN};
  sudoku_grid g, sol;
  struct logic_state s;
  struct sudoku_step st;
  test_solved_grid(&g, shapes[_i][0], shapes[_i][1], 7u + (uint32_t)_i);
  test_blank_cells(&g, shapes[_i][2], 11u + (uint32_t)_i);
  ck_assert_int_eq(sudoku_solve(&g, NULL, &sol, NULL), SUDOKU_OK);
  ck_assert(logic_state_init(&s, &g));
  s.deadline_ns =
      logic_deadline_ns(&(struct sudoku_logic_limits){5u * 1000 * 1000, 0});
  int found = 0;
  for (size_t f = 0; f < sizeof finders / sizeof finders[0]; f++)
    if (finders[f](&s, &st)) {
      check_sound(&s, &st, sol.cell, "shape");
      found++;
    }
  ck_assert_int_gt(found, 0);
}
END_TEST

Suite *chains_suite(void) {
  Suite *s = suite_create("chains");
  TCase *t = tcase_create("steps");
  tcase_set_timeout(t, 60); /* the level-4 position: seconds of search */
  tcase_add_loop_test(t, technique_is_the_next_step, 0,
                      sizeof positions / sizeof positions[0]);
  tcase_add_test(t, forcing_chain_places_the_solution_value);
  tcase_add_test(t, trial_is_sound_where_asked);
  tcase_add_loop_test(t, mask_nets_equal_unit_walks, 0,
                      (int)(sizeof positions / sizeof positions[0]));
  tcase_add_loop_test(t, sweeps_equal_runs, 0,
                      (int)(sizeof positions / sizeof positions[0]));
  tcase_add_test(t, length_increment_follows_se);
  tcase_add_test(t, simple_rules_add_every_step_of_their_rule);
  tcase_add_test(t, inner_chains_are_added_lightest_first);
  tcase_add_test(t, nested_net_stops_at_its_first_contradiction);
  tcase_add_test(t, nested_inner_search_shows_every_conclusion);
  suite_add_tcase(s, t);
  /* Level 5: some 15 s of search (natively; ASan doubles it), so a case
   * of its own, left out of the valgrind run (scripts/sanitize.sh) */
  TCase *d = tcase_create("deep");
  tcase_set_timeout(d, 600);
  tcase_add_test(d, level_5_concludes_soundly);
  suite_add_tcase(s, d);
  TCase *p = tcase_create("paths");
  tcase_set_timeout(p, 120);
  chains_add_paths(p);
  tcase_add_loop_test(p, chain_finders_on_other_shapes, 0, 5);
  suite_add_tcase(s, p);
  return s;
}
