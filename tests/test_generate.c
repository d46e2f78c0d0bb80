/* test_generate.c - sudoku_generate: every puzzle unique (the independent
 * checker on its solution, then a count), minimal when asked (no single
 * given can go), symmetric under the asked symmetry (checked by a map
 * written here, not the generator's), rated inside its level, the same
 * puzzle for the same seed; the committed seed table; the PRNG against
 * the reference values of xoshiro256** seeded by splitmix64. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku_generate.h"
#include "tests.h"

#define DEADLINE_US 30000000u /* generous: the machine may be loaded */

/* The cell that (r, c) maps to: each symmetry spelled out again. */
static int mirror_of(int n, enum sudoku_symmetry s, int r, int c) {
  switch (s) {
  case SUDOKU_SYM_ROT180:
    return (n - 1 - r) * n + n - 1 - c;
  case SUDOKU_SYM_ROT90:
    return c * n + n - 1 - r;
  case SUDOKU_SYM_MIRROR:
    return r * n + n - 1 - c;
  case SUDOKU_SYM_FLIP:
    return (n - 1 - r) * n + c;
  case SUDOKU_SYM_DIAGONAL:
    return c * n + r;
  default:
    return r * n + c;
  }
}

/* The first cell whose given breaks symmetry s, or -1. */
static int asymmetric_cell(const sudoku_grid *g, enum sudoku_symmetry s) {
  int n = g->n;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      if ((g->cell[r * n + c] != 0) != (g->cell[mirror_of(n, s, r, c)] != 0))
        return r * n + c;
  return -1;
}

/* Exactly one solution, and it is out->solution. */
static void check_unique(const struct sudoku_generated *out) {
  ck_assert(sudoku_is_solution(&out->puzzle, &out->solution));
  sudoku_grid sol;
  struct sudoku_stats st;
  ck_assert_int_eq(sudoku_solve(&out->puzzle, NULL, &sol, &st), SUDOKU_OK);
  ck_assert_uint_eq(st.solutions, 1);
  ck_assert_mem_eq(sol.cell, out->solution.cell,
                   (size_t)(out->puzzle.n * out->puzzle.n));
}

/* The first given that can go with the puzzle staying unique, or -1 when
 * removing any single given leaves several solutions. */
static int removable_given(const sudoku_grid *puzzle) {
  sudoku_grid g = *puzzle, sol;
  struct sudoku_stats st;
  for (int c = 0; c < g.n * g.n; c++) {
    if (g.cell[c] == 0)
      continue;
    uint8_t v = g.cell[c];
    g.cell[c] = 0;
    sudoku_solve(&g, NULL, &sol, &st);
    g.cell[c] = v;
    if (st.solutions != 2)
      return c;
  }
  return -1;
}

static struct sudoku_generate_options
options(int br, int bc, enum sudoku_symmetry s, int givens, uint64_t seed) {
  struct sudoku_generate_options o = SUDOKU_GENERATE_DEFAULT;
  o.box_rows = (uint8_t)br;
  o.box_cols = (uint8_t)bc;
  o.symmetry = s;
  o.givens = (uint16_t)givens;
  o.seed = seed;
  o.deadline_us = DEADLINE_US;
  return o;
}

/* Shape, symmetry, target givens (0 = minimal), puzzles. Minimal puzzles
 * up to 12x12 (16x16 minimal take seconds each: a target instead). */
static const struct {
  int br, bc;
  enum sudoku_symmetry sym;
  int givens, count;
} cases[] = {
    {2, 2, SUDOKU_SYM_NONE, 0, 20},    {2, 2, SUDOKU_SYM_ROT180, 0, 20},
    {2, 2, SUDOKU_SYM_ROT90, 0, 10},   {2, 3, SUDOKU_SYM_ROT180, 0, 10},
    {2, 3, SUDOKU_SYM_DIAGONAL, 0, 5}, {2, 4, SUDOKU_SYM_MIRROR, 0, 5},
    {3, 3, SUDOKU_SYM_NONE, 0, 20},    {3, 3, SUDOKU_SYM_ROT180, 0, 10},
    {3, 3, SUDOKU_SYM_ROT90, 0, 2},    {3, 3, SUDOKU_SYM_MIRROR, 0, 5},
    {3, 3, SUDOKU_SYM_FLIP, 0, 5},     {3, 3, SUDOKU_SYM_DIAGONAL, 0, 5},
    {3, 3, SUDOKU_SYM_ROT180, 30, 5},  {3, 3, SUDOKU_SYM_ROT90, 33, 3},
    {2, 5, SUDOKU_SYM_NONE, 0, 3},     {3, 4, SUDOKU_SYM_NONE, 0, 2},
    {3, 4, SUDOKU_SYM_ROT180, 80, 2},  {3, 5, SUDOKU_SYM_ROT180, 130, 2},
    {4, 4, SUDOKU_SYM_ROT180, 140, 2}, {4, 4, SUDOKU_SYM_DIAGONAL, 120, 1},
};

START_TEST(unique_minimal_symmetric) {
  for (int k = 0; k < cases[_i].count; k++) {
    struct sudoku_generate_options o = options(
        cases[_i].br, cases[_i].bc, cases[_i].sym, cases[_i].givens, 1000u + k);
    struct sudoku_generated out;
    ck_assert_int_eq(sudoku_generate(&o, &out), SUDOKU_OK);
    ck_assert_int_eq(out.puzzle.n, cases[_i].br * cases[_i].bc);
    ck_assert_int_eq(out.puzzle.box_rows, cases[_i].br);
    ck_assert_uint_eq(out.givens, sudoku_count_givens(&out.puzzle));
    ck_assert_uint_ge(out.attempts, 1);
    check_unique(&out);
    ck_assert_int_eq(asymmetric_cell(&out.puzzle, cases[_i].sym), -1);
    if (cases[_i].givens != 0)
      ck_assert_uint_eq(out.givens, cases[_i].givens);
    else
      ck_assert_int_eq(removable_given(&out.puzzle), -1);
    ck_assert(!out.rated); /* level any: not rated */
  }
}
END_TEST

/* Every side 4..25: a unique puzzle with the symmetry, the same twice
 * for the same seed. Up to 15 it is minimal (no single given can go,
 * proved); from 16 on budget-minimal (gen.h, gen_budget_only): no test
 * can redo the generator's capped checks, so uniqueness and symmetry are
 * what is checked there. */
static const int sides[] = {4,  6,  8,  9,  10, 12, 14, 15,
                            16, 18, 20, 21, 22, 24, 25};

START_TEST(every_side_unique) {
  int n = sides[_i], br, bc;
  ck_assert(sudoku_box_shape(n, &br, &bc));
  struct sudoku_generate_options o = options(br, bc, SUDOKU_SYM_ROT180, 0, 3);
  o.deadline_us = 4 * DEADLINE_US; /* sanitizers are several times slower */
  struct sudoku_generated out, again;
  ck_assert_int_eq(sudoku_generate(&o, &out), SUDOKU_OK);
  ck_assert_int_eq(out.puzzle.n, n);
  check_unique(&out);
  ck_assert_int_eq(asymmetric_cell(&out.puzzle, SUDOKU_SYM_ROT180), -1);
  ck_assert_uint_lt(out.givens, (unsigned)(n * n * 3 / 5)); /* dug deep */
  if (n < 16)
    ck_assert_int_eq(removable_given(&out.puzzle), -1);
  ck_assert_int_eq(sudoku_generate(&o, &again), SUDOKU_OK);
  ck_assert_mem_eq(out.puzzle.cell, again.puzzle.cell, (size_t)(n * n));
}
END_TEST

/* Levels at every side, dug within the level at 8 and 10..25 (generate.c,
 * level_dug), filtered at 6: each comes, is unique, rates in its level with
 * sudoku_rate (every technique allowed), and is the same for the same seed. 4x4
 * has easy puzzles only and refuses the others at once. */
static const struct {
  int n;
  enum sudoku_level level;
} level_cases[] = {
    {6, SUDOKU_LEVEL_EASY},     {6, SUDOKU_LEVEL_MEDIUM},
    {6, SUDOKU_LEVEL_HARD},     {8, SUDOKU_LEVEL_EXPERT},
    {10, SUDOKU_LEVEL_MEDIUM},  {12, SUDOKU_LEVEL_EASY},
    {12, SUDOKU_LEVEL_HARD},    {16, SUDOKU_LEVEL_EASY},
    {16, SUDOKU_LEVEL_MEDIUM},  {16, SUDOKU_LEVEL_HARD},
    {16, SUDOKU_LEVEL_EXPERT},  {20, SUDOKU_LEVEL_MEDIUM},
    {25, SUDOKU_LEVEL_EASY},    {25, SUDOKU_LEVEL_HARD},
    {16, SUDOKU_LEVEL_EXTREME}, {20, SUDOKU_LEVEL_EXTREME},
    {25, SUDOKU_LEVEL_EXTREME},
};

START_TEST(levels_at_every_size) {
  int n = level_cases[_i].n, br, bc;
  enum sudoku_level level = level_cases[_i].level;
  ck_assert(sudoku_box_shape(n, &br, &bc));
  struct sudoku_generate_options o = options(br, bc, SUDOKU_SYM_ROT180, 0, 1);
  o.level = level;
  o.deadline_us = 4 * DEADLINE_US;
  struct sudoku_generated out, again;
  ck_assert_int_eq(sudoku_generate(&o, &out), SUDOKU_OK);
  check_unique(&out);
  ck_assert_int_eq(asymmetric_cell(&out.puzzle, SUDOKU_SYM_ROT180), -1);
  ck_assert(out.rated);
  ck_assert_int_eq(out.level, level);
  struct sudoku_rating r;
  ck_assert_int_eq(sudoku_rate(&out.puzzle, NULL, &r), SUDOKU_OK);
  ck_assert(r.solved);
  ck_assert_int_eq(r.level, level);
  ck_assert_uint_eq(r.rating, out.rating.rating);
  ck_assert_int_eq(sudoku_generate(&o, &again), SUDOKU_OK);
  ck_assert_mem_eq(out.puzzle.cell, again.puzzle.cell, (size_t)(n * n));
}
END_TEST

START_TEST(levels_of_4x4) {
  struct sudoku_generated out;
  for (int l = 0; l <= SUDOKU_LEVEL_ANY; l++) {
    struct sudoku_generate_options o = options(2, 2, SUDOKU_SYM_NONE, 0, 1);
    o.level = (enum sudoku_level)l;
    bool exists = l == SUDOKU_LEVEL_EASY || l == SUDOKU_LEVEL_ANY;
    ck_assert_int_eq(sudoku_generate_level_exists(4, o.level), exists);
    ck_assert_int_eq(sudoku_generate(&o, &out),
                     exists ? SUDOKU_OK : SUDOKU_BAD_VALUE);
    ck_assert(sudoku_generate_level_exists(6, o.level));
  }
}
END_TEST

/* The checkers above can fail: the classic puzzle is unique but not
 * minimal, symmetric under rot180 only. */
START_TEST(checkers_catch_bad_puzzles) {
  sudoku_grid g;
  test_grid_from_line(&g, CLASSIC); /* unique, 30 givens, not minimal */
  ck_assert_int_ge(removable_given(&g), 0);
  ck_assert_int_eq(asymmetric_cell(&g, SUDOKU_SYM_NONE), -1);
  ck_assert_int_eq(asymmetric_cell(&g, SUDOKU_SYM_ROT180), -1); /* it is */
  ck_assert_int_ge(asymmetric_cell(&g, SUDOKU_SYM_MIRROR), 0);
  ck_assert_int_ge(asymmetric_cell(&g, SUDOKU_SYM_ROT90), 0);
  ck_assert_int_ge(asymmetric_cell(&g, SUDOKU_SYM_DIAGONAL), 0);
  ck_assert_int_eq(mirror_of(9, SUDOKU_SYM_ROT180, 0, 0), 80);
  ck_assert_int_eq(mirror_of(9, SUDOKU_SYM_ROT90, 0, 1), 17); /* r2c9 */
}
END_TEST

START_TEST(same_seed_same_puzzle) {
  struct sudoku_generate_options o = options(3, 3, SUDOKU_SYM_ROT180, 0, 42);
  struct sudoku_generated a, b, c;
  ck_assert_int_eq(sudoku_generate(&o, &a), SUDOKU_OK);
  ck_assert_int_eq(sudoku_generate(&o, &b), SUDOKU_OK);
  ck_assert_mem_eq(a.puzzle.cell, b.puzzle.cell, 81);
  ck_assert_mem_eq(a.solution.cell, b.solution.cell, 81);
  ck_assert_uint_eq(a.attempts, b.attempts);
  o.seed = 43;
  ck_assert_int_eq(sudoku_generate(&o, &c), SUDOKU_OK);
  ck_assert(memcmp(a.puzzle.cell, c.puzzle.cell, 81) != 0);
}
END_TEST

/* out.seed is the seed of the attempt returned: with it, the same options
 * give the same puzzle in one attempt (a page's link reopens it without
 * the search). Checked on rows that need several attempts. */
START_TEST(attempt_seed_replays_in_one) {
  static const int levels[] = {SUDOKU_LEVEL_ANY, SUDOKU_LEVEL_MEDIUM,
                               SUDOKU_LEVEL_EXPERT};
  int several = 0;
  for (int i = 0; i < 3; i++)
    for (uint64_t seed = 1; seed <= 4; seed++) {
      struct sudoku_generate_options o =
          options(3, 3, SUDOKU_SYM_ROT180, 0, seed);
      o.level = (enum sudoku_level)levels[i];
      struct sudoku_generated a, b;
      ck_assert_int_eq(sudoku_generate(&o, &a), SUDOKU_OK);
      several += a.attempts > 1;
      ck_assert(a.attempts > 1 || a.seed == seed);
      o.seed = a.seed;
      ck_assert_int_eq(sudoku_generate(&o, &b), SUDOKU_OK);
      ck_assert_uint_eq(b.attempts, 1);
      ck_assert_uint_eq(b.seed, a.seed);
      ck_assert_mem_eq(a.puzzle.cell, b.puzzle.cell, 81);
    }
  ck_assert_int_gt(several, 0); /* the test saw a search */
}
END_TEST

/* Whether sudoku_rate gives complete ratings yet (the rating is written on
 * another branch): the classic puzzle must rate as solved. */
static bool rating_works(void) {
  sudoku_grid g;
  struct sudoku_rating r;
  test_grid_from_line(&g, CLASSIC);
  return sudoku_rate(&g, NULL, &r) == SUDOKU_OK && r.solved;
}

START_TEST(rated_inside_its_level) {
  if (!rating_works()) {
    fprintf(stderr, "generate: sudoku_rate incomplete, level filter not "
                    "tested\n");
    return;
  }
  enum sudoku_level level = (enum sudoku_level)_i;
  for (int k = 0; k < 2; k++) {
    struct sudoku_generate_options o =
        options(3, 3, k ? SUDOKU_SYM_ROT180 : SUDOKU_SYM_NONE, 0, 7u + k);
    o.level = level;
    struct sudoku_generated out;
    enum sudoku_status s = sudoku_generate(&o, &out);
    if (level == SUDOKU_LEVEL_EXTREME && s == SUDOKU_DEADLINE)
      continue; /* rare: allowed to run out */
    ck_assert_int_eq(s, SUDOKU_OK);
    check_unique(&out);
    ck_assert_int_eq(removable_given(&out.puzzle), -1);
    ck_assert_int_eq(asymmetric_cell(&out.puzzle, o.symmetry), -1);
    ck_assert(out.rated);
    ck_assert_int_eq(out.level, level);
    /* One rated puzzle a grid without symmetry; with one, a grid's
     * neighbours are rated too, 1 + 8 at most. */
    ck_assert_uint_ge(out.attempts * (k ? 9u : 1u), out.rated_attempts);
    ck_assert_uint_ge(out.rated_attempts, 1);
    struct sudoku_rating again;
    ck_assert_int_eq(sudoku_rate(&out.puzzle, NULL, &again), SUDOKU_OK);
    ck_assert(again.solved);
    ck_assert_int_eq(sudoku_level_of(again.rating), level);
    ck_assert_uint_eq(again.rating, out.rating.rating);
  }
}
END_TEST

/* A band of SE's scale: every puzzle rates inside it (rated again without
 * a cap), the same for the same seed; bands cheap enough for make test
 * (README's table: 8.0-8.9 some 40 a second). */
static const struct {
  const char *band;
  unsigned min, max;
} bands[] = {{"1.0-1.5", 10, 15},
             {"2.0-2.5", 20, 25},
             {"6.6", 66, 66},
             {"7.0-7.9", 70, 79},
             {"8.0-8.9", 80, 89}};

START_TEST(rated_inside_its_band) {
  uint8_t min, max;
  ck_assert(sudoku_rating_band_parse(bands[_i].band, strlen(bands[_i].band),
                                     &min, &max));
  ck_assert_uint_eq(min, bands[_i].min);
  ck_assert_uint_eq(max, bands[_i].max);
  for (int k = 0; k < 2; k++) {
    struct sudoku_generate_options o =
        options(3, 3, k ? SUDOKU_SYM_ROT180 : SUDOKU_SYM_NONE, 0, 11u + k);
    o.rating_min = min;
    o.rating_max = max;
    struct sudoku_generated out, again;
    ck_assert_int_eq(sudoku_generate(&o, &out), SUDOKU_OK);
    check_unique(&out);
    ck_assert_int_eq(removable_given(&out.puzzle), -1);
    ck_assert(out.rated);
    struct sudoku_rating r;
    ck_assert_int_eq(sudoku_rate(&out.puzzle, NULL, &r), SUDOKU_OK);
    ck_assert(r.solved);
    ck_assert_uint_ge(r.rating, min);
    ck_assert_uint_le(r.rating, max);
    ck_assert_uint_eq(r.rating, out.rating.rating);
    o.seed = out.seed; /* the attempt's seed: the same puzzle at once */
    ck_assert_int_eq(sudoku_generate(&o, &again), SUDOKU_OK);
    ck_assert_uint_eq(again.attempts, 1);
    ck_assert_mem_eq(again.puzzle.cell, out.puzzle.cell, 81);
  }
}
END_TEST

/* What sudoku_rating_band_parse takes and refuses. */
START_TEST(band_text) {
  static const struct {
    const char *text;
    bool ok;
    unsigned min, max;
  } t[] = {{"8.0-8.9", true, 80, 89}, {"7.2", true, 72, 72},
           {"9.0-", true, 90, 0},     {"8-9", true, 80, 90},
           {"11.9", true, 119, 119},  {"1.0-11.9", true, 10, 119},
           {"12.0", false, 0, 0},     {"0.9", false, 0, 0},
           {"8.9-8.0", false, 0, 0},  {"-8.0", false, 0, 0},
           {"8.0-8.9x", false, 0, 0}, {"8.", false, 0, 0},
           {"", false, 0, 0},         {"8.0--", false, 0, 0},
           {"extreme", false, 0, 0},  {"8.05", false, 0, 0}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    uint8_t min = 0, max = 0;
    ck_assert_msg(sudoku_rating_band_parse(t[i].text, strlen(t[i].text), &min,
                                           &max) == t[i].ok,
                  "%s", t[i].text);
    if (t[i].ok) {
      ck_assert_uint_eq(min, t[i].min);
      ck_assert_uint_eq(max, t[i].max);
    }
  }
}
END_TEST

START_TEST(refused_options) {
  struct sudoku_generated out;
  struct sudoku_generate_options o = options(1, 4, SUDOKU_SYM_NONE, 0, 1);
  ck_assert_int_eq(sudoku_generate(&o, &out), SUDOKU_BAD_SHAPE);
  o = options(3, 3, SUDOKU_SYM_COUNT, 0, 1);
  ck_assert_int_eq(sudoku_generate(&o, &out), SUDOKU_BAD_VALUE);
  o = options(3, 3, SUDOKU_SYM_NONE, 82, 1);
  ck_assert_int_eq(sudoku_generate(&o, &out), SUDOKU_BAD_VALUE);
  /* rot90 at 9x9: orbits of 4 and the centre, so 30 = 81 - 51 is out. */
  o = options(3, 3, SUDOKU_SYM_ROT90, 30, 1);
  ck_assert_int_eq(sudoku_generate(&o, &out), SUDOKU_BAD_VALUE);
  o = options(3, 3, SUDOKU_SYM_NONE, 0, 1);
  o.level = (enum sudoku_level)(SUDOKU_LEVEL_ANY + 1);
  ck_assert_int_eq(sudoku_generate(&o, &out), SUDOKU_BAD_VALUE);
  /* A band with a level; a band upside down; a top without a bottom. */
  o = options(3, 3, SUDOKU_SYM_NONE, 0, 1);
  o.level = SUDOKU_LEVEL_HARD;
  o.rating_min = 30;
  o.rating_max = 39;
  ck_assert_int_eq(sudoku_generate(&o, &out), SUDOKU_BAD_VALUE);
  o.level = SUDOKU_LEVEL_ANY;
  o.rating_min = 40;
  ck_assert_int_eq(sudoku_generate(&o, &out), SUDOKU_BAD_VALUE);
  o.rating_min = 0;
  ck_assert_int_eq(sudoku_generate(&o, &out), SUDOKU_BAD_VALUE);
}
END_TEST

START_TEST(deadline_is_its_own_status) {
  /* A 25x25 takes a second or two: 1 ms cannot do. */
  struct sudoku_generate_options o = options(5, 5, SUDOKU_SYM_ROT180, 0, 5);
  o.deadline_us = 1000;
  struct sudoku_generated out;
  ck_assert_int_eq(sudoku_generate(&o, &out), SUDOKU_DEADLINE);
}
END_TEST

/* Reference outputs of xoshiro256** seeded by splitmix64 (computed with an
 * independent implementation of both published algorithms). */
START_TEST(prng_reference_values) {
  static const struct {
    uint64_t seed, out[3];
  } ref[] = {
      {0, {0x99ec5f36cb75f2b4u, 0xbf6e1f784956452au, 0x1a5f849d4933e6e0u}},
      {12345, {0xbe6a36374160d49bu, 0x214aaa0637a688c6u, 0xf69d16de9954d388u}},
  };
  for (size_t i = 0; i < sizeof ref / sizeof ref[0]; i++) {
    struct sudoku_prng p;
    sudoku_prng_seed(&p, ref[i].seed);
    for (int k = 0; k < 3; k++)
      ck_assert_uint_eq(sudoku_prng_next(&p), ref[i].out[k]);
  }
  ck_assert_uint_eq(sudoku_mix64(1), 0x5692161d100b05e5u);
  /* below(): in range, and every value of a small range comes out near
   * its share (10000 draws of 0..6: each 1429 expected). */
  struct sudoku_prng p;
  sudoku_prng_seed(&p, 7);
  int seen[7] = {0};
  for (int k = 0; k < 10000; k++) {
    uint32_t v = sudoku_prng_below(&p, 7);
    ck_assert_uint_lt(v, 7);
    seen[v]++;
  }
  for (int v = 0; v < 7; v++)
    ck_assert_int_gt(seen[v], 1250);
  ck_assert_uint_eq(sudoku_prng_below(&p, 1), 0);
}
END_TEST

START_TEST(symmetry_names) {
  for (int s = 0; s < SUDOKU_SYM_COUNT; s++) {
    const char *name = sudoku_symmetry_name((enum sudoku_symmetry)s);
    ck_assert_int_eq(sudoku_symmetry_from_name(name, strlen(name)), s);
  }
  ck_assert_int_eq(sudoku_symmetry_from_name("rot18", 5), SUDOKU_SYM_COUNT);
  ck_assert_str_eq(sudoku_symmetry_name(SUDOKU_SYM_COUNT), "unknown");
}
END_TEST

/* tests/data/generate_seeds.tsv: seed, size, symmetry, level, givens,
 * puzzle (line format); '#' lines are comments. Regenerated by
 * `make seed-table` when the rating changes (rows with a level). */
START_TEST(seed_table) {
  char *text = test_read_file(TEST_DATA_DIR "/generate_seeds.tsv", NULL);
  ck_assert_ptr_nonnull(text);
  bool rating = rating_works();
  int rows = 0, skipped = 0;
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    if (line[0] == '#')
      continue;
    unsigned long long seed;
    int size, givens, br, bc;
    char sym[16], level[16], want[SUDOKU_TEXT_MAX];
    ck_assert_int_eq(sscanf(line, "%llu\t%d\t%15s\t%15s\t%d\t%2047s", &seed,
                            &size, sym, level, &givens, want),
                     6);
    ck_assert(sudoku_box_shape(size, &br, &bc));
    struct sudoku_generate_options o = options(
        br, bc, sudoku_symmetry_from_name(sym, strlen(sym)), givens, seed);
    o.level = strcmp(level, "any") == 0
                  ? SUDOKU_LEVEL_ANY
                  : sudoku_level_from_name(level, strlen(level));
    o.deadline_us = 4 * DEADLINE_US; /* the 16x16 rows, under sanitizers */
    ck_assert_int_ne(o.symmetry, SUDOKU_SYM_COUNT);
    ck_assert_int_ne(o.level, SUDOKU_LEVEL_COUNT + 1);
    if (o.level != SUDOKU_LEVEL_ANY && !rating) {
      skipped++;
      continue;
    }
    struct sudoku_generated out;
    char got[SUDOKU_TEXT_MAX];
    ck_assert_int_eq(sudoku_generate(&o, &out), SUDOKU_OK);
    sudoku_write_line(&out.puzzle, got, sizeof got);
    got[strcspn(got, "\n")] = '\0';
    ck_assert_msg(strcmp(got, want) == 0,
                  "seed %llu (%s): got %s; regenerate with make seed-table "
                  "if the rating changed",
                  seed, line, got);
    rows++;
  }
  ck_assert_int_ge(rows + skipped, 20);
  free(text);
}
END_TEST

Suite *generate_suite(void) {
  Suite *s = suite_create("generate");
  TCase *tc = tcase_create("generate");
  tcase_set_timeout(tc, 300);
  tcase_add_loop_test(tc, unique_minimal_symmetric, 0,
                      (int)(sizeof cases / sizeof cases[0]));
  tcase_add_test(tc, levels_of_4x4);
  tcase_add_test(tc, checkers_catch_bad_puzzles);
  tcase_add_test(tc, same_seed_same_puzzle);
  tcase_add_test(tc, attempt_seed_replays_in_one);
  tcase_add_loop_test(tc, rated_inside_its_level, 0, SUDOKU_LEVEL_COUNT);
  tcase_add_loop_test(tc, rated_inside_its_band, 0,
                      (int)(sizeof bands / sizeof bands[0]));
  tcase_add_test(tc, band_text);
  tcase_add_test(tc, refused_options);
  tcase_add_test(tc, deadline_is_its_own_status);
  tcase_add_test(tc, prng_reference_values);
  tcase_add_test(tc, symmetry_names);
  tcase_add_test(tc, seed_table);
  suite_add_tcase(s, tc);
  /* Every side 4..25 and the levels at each: about 30 s of CPU natively
   * (the 25x25 puzzles), so make sanitize leaves them to make asan. */
  TCase *sizes = tcase_create("sizes");
  tcase_set_timeout(sizes, 300);
  tcase_add_loop_test(sizes, every_side_unique, 0,
                      (int)(sizeof sides / sizeof sides[0]));
  tcase_add_loop_test(sizes, levels_at_every_size, 0,
                      (int)(sizeof level_cases / sizeof level_cases[0]));
  suite_add_tcase(s, sizes);
  return s;
}
