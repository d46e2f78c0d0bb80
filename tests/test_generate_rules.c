/*
 * test_generate_rules.c - sudoku_generate_rules: X, windoku, jigsaw and
 * killer puzzles for a few seeds each, checked independently of the
 * generator: one solution under sudoku_solve_rules (counting to 2), the
 * stated solution accepted by sudoku_rules_is_solution, the rules well
 * formed (sudoku_rules_check), jigsaw regions of n connected cells
 * (flood-filled here), killer cages connected, of 1..5 cells, summing to
 * the solution's digits, no givens by default and the asked number with
 * --givens; the same seed the same bytes; refusals. Then a real sudokud:
 * GET /generate?variant=killer posted back as it is to /solve, which
 * answers the same solution, and its level easy with givens; and `sudoku
 * generate --variant` read back by `sudoku solve --variant`. Killer at a
 * level: rated here, level-minimal, the same bytes from the same seed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "sudoku_generate.h"
#include "sudoku_logic_rules.h"
#include "sudoku_rules.h"
#include "tests.h"

/* The cases: kind, box shape (box_rows 1: a jigsaw side without boxes),
 * seeds 1..seeds. */
static const struct {
  enum sudoku_rule_kind kind;
  int br, bc, seeds;
} cases[] = {
    {SUDOKU_RULE_X, 3, 3, 3},       {SUDOKU_RULE_X, 2, 3, 2},
    {SUDOKU_RULE_WINDOKU, 3, 3, 3}, {SUDOKU_RULE_JIGSAW, 3, 3, 3},
    {SUDOKU_RULE_JIGSAW, 1, 7, 2},  {SUDOKU_RULE_JIGSAW, 2, 3, 2},
    {SUDOKU_RULE_KILLER, 3, 3, 3},  {SUDOKU_RULE_KILLER, 2, 3, 2},
};

/* The 4-neighbour flood fill of the cells where in[c] is true, from the
 * first: how many it reaches. */
static int reach(int n, const bool *in) {
  int stack[SUDOKU_MAX_CELLS], top = 0, got = 0;
  bool seen[SUDOKU_MAX_CELLS] = {false};
  for (int c = 0; c < n * n && top == 0; c++)
    if (in[c]) {
      stack[top++] = c;
      seen[c] = true;
    }
  while (top > 0) {
    int c = stack[--top], r = c / n, col = c % n;
    got++;
    int next[4] = {r > 0 ? c - n : -1, r < n - 1 ? c + n : -1,
                   col > 0 ? c - 1 : -1, col < n - 1 ? c + 1 : -1};
    for (int k = 0; k < 4; k++)
      if (next[k] >= 0 && in[next[k]] && !seen[next[k]]) {
        seen[next[k]] = true;
        stack[top++] = next[k];
      }
  }
  return got;
}

static void generate_at(int i, uint64_t seed, uint16_t givens,
                        enum sudoku_level level, sudoku_rules *r,
                        struct sudoku_generated *g) {
  struct sudoku_generate_options o = SUDOKU_GENERATE_DEFAULT;
  o.level = level;
  o.box_rows = (uint8_t)cases[i].br;
  o.box_cols = (uint8_t)cases[i].bc;
  o.seed = seed;
  o.givens = givens;
  o.deadline_us = 60000000u;
  if (cases[i].kind != SUDOKU_RULE_KILLER && cases[i].br * cases[i].bc <= 6)
    o.symmetry = SUDOKU_SYM_NONE;
  enum sudoku_status s = sudoku_generate_rules(&o, 1u << cases[i].kind, r, g);
  ck_assert_msg(s == SUDOKU_OK, "%s %dx%d seed %llu: status %d",
                sudoku_rule_name(cases[i].kind), cases[i].br, cases[i].bc,
                (unsigned long long)seed, (int)s);
}

static void generate(int i, uint64_t seed, uint16_t givens, sudoku_rules *r,
                     struct sudoku_generated *g) {
  generate_at(i, seed, givens, SUDOKU_LEVEL_ANY, r, g);
}

/* Everything a generated puzzle must be, checked without the generator. */
static void check_puzzle(int i, uint64_t seed, uint16_t givens,
                         const sudoku_rules *r,
                         const struct sudoku_generated *g) {
  int n = g->puzzle.n, nn = n * n;
  const char *kind = sudoku_rule_name(cases[i].kind);
  ck_assert_int_eq(n, cases[i].br * cases[i].bc);
  ck_assert_uint_eq(r->kinds, 1u << cases[i].kind);
  ck_assert_int_eq(sudoku_rules_check(&g->puzzle, r, NULL, 0, NULL), SUDOKU_OK);
  ck_assert_msg(sudoku_rules_is_solution(&g->puzzle, r, &g->solution),
                "%s seed %llu: the solution breaks the rules", kind,
                (unsigned long long)seed);
  struct sudoku_limits lim = {2, 0, 0, false};
  struct sudoku_stats st;
  sudoku_grid sol;
  ck_assert_int_eq(sudoku_solve_rules(&g->puzzle, r, &lim, &sol, &st),
                   SUDOKU_OK);
  ck_assert_msg(st.solutions == 1, "%s seed %llu: %u solutions", kind,
                (unsigned long long)seed, st.solutions);
  ck_assert_mem_eq(sol.cell, g->solution.cell, (size_t)nn);
  ck_assert_uint_eq(g->givens, (uint32_t)sudoku_count_givens(&g->puzzle));
  if (cases[i].kind == SUDOKU_RULE_JIGSAW)
    for (int reg = 0; reg < n; reg++) {
      bool in[SUDOKU_MAX_CELLS];
      int count = 0;
      for (int c = 0; c < nn; c++)
        count += in[c] = r->region[c] == reg;
      ck_assert_msg(count == n && reach(n, in) == n,
                    "jigsaw seed %llu: region %d has %d cells, %d connected",
                    (unsigned long long)seed, reg + 1, count, reach(n, in));
    }
  if (cases[i].kind == SUDOKU_RULE_KILLER) {
    ck_assert_uint_eq(g->givens, givens);
    int covered = 0;
    for (int k = 0; k < r->cage_count; k++) {
      bool in[SUDOKU_MAX_CELLS] = {false};
      const struct sudoku_cage *cage = &r->cage[k];
      unsigned sum = 0;
      for (int j = 0; j < cage->len; j++) {
        int c = r->cage_cell[cage->start + j];
        in[c] = true;
        sum += g->solution.cell[c];
      }
      ck_assert_msg(cage->len >= 1 && cage->len <= 5, "cage %d: %u cells", k,
                    cage->len);
      ck_assert_uint_eq(sum, cage->sum);
      ck_assert_int_eq(reach(n, in), cage->len);
      covered += cage->len;
    }
    ck_assert_int_eq(covered, nn); /* no cell twice: rules_check above */
  } else {
    ck_assert_uint_eq(r->cage_count, 0);
  }
}

START_TEST(variant_puzzles_unique) {
  for (int seed = 1; seed <= cases[_i].seeds; seed++) {
    sudoku_rules r;
    struct sudoku_generated g;
    generate(_i, (uint64_t)seed, 0, &r, &g);
    check_puzzle(_i, (uint64_t)seed, 0, &r, &g);
  }
}
END_TEST

START_TEST(same_seed_same_bytes) {
  sudoku_rules r1, r2;
  struct sudoku_generated g1, g2;
  generate(_i, 42, 0, &r1, &g1);
  generate(_i, 42, 0, &r2, &g2);
  char a[SUDOKU_RULES_TEXT_MAX], b[SUDOKU_RULES_TEXT_MAX];
  sudoku_rules_write(&g1.puzzle, &r1, a, sizeof a);
  sudoku_rules_write(&g2.puzzle, &r2, b, sizeof b);
  ck_assert_str_eq(a, b);
  ck_assert_mem_eq(g1.solution.cell, g2.solution.cell,
                   (size_t)g1.puzzle.n * g1.puzzle.n);
  generate(_i, 43, 0, &r2, &g2);
  sudoku_rules_write(&g2.puzzle, &r2, b, sizeof b);
  ck_assert_str_ne(a, b);
}
END_TEST

/* Killer with givens asked for: exactly that many, still unique. */
START_TEST(killer_with_givens) {
  sudoku_rules r;
  struct sudoku_generated g;
  generate(6, 5, 12, &r, &g);
  check_puzzle(6, 5, 12, &r, &g);
}
END_TEST

/* The killer layout of seed 1 at 9x9, as committed: a change to the
 * generator or to sudoku_solve_rules' search order shows here. */
START_TEST(killer_seed_table) {
  sudoku_rules r;
  struct sudoku_generated g;
  generate(6, 1, 0, &r, &g);
  char line[SUDOKU_RULES_TEXT_MAX];
  sudoku_rules_write(&g.puzzle, &r, line, sizeof line);
  ck_assert_str_eq(
      line,
      "................................................................."
      "................ "
      "24=r1c1,r1c2,r2c1,r2c2;3=r1c3,r2c3;7=r1c4,r2c4;19=r1c5,r2c5,r2c6,"
      "r3c6;13=r1c6,r1c7;22=r1c8,r1c9,r2c7,r2c8;23=r2c9,r3c9,r4c9,r5c9;30="
      "r3c1,r3c2,r3c3,r3c4,r3c5;6=r3c7,r4c7;10=r3c8,r4c8;19=r4c1,r4c2,r4c3,"
      "r5c3;32=r4c4,r5c4,r5c5,r6c5,r6c6;9=r4c5,r4c6,r5c6;17=r5c1,r5c2,r6c2;"
      "23=r5c7,r5c8,r6c8,r6c9,r7c9;19=r6c1,r7c1,r8c1,r9c1,r9c2;20=r6c3,r6c4,"
      "r7c4;21=r6c7,r7c5,r7c6,r7c7,r7c8;28=r7c2,r7c3,r8c2,r8c3,r9c3;14=r8c4,"
      "r8c5,r8c6;18=r8c7,r8c8,r9c8;8=r8c9,r9c9;20=r9c4,r9c5,r9c6,r9c7\n");
}
END_TEST

/* Killer at a level: sides 9 (easy, medium, hard) and 6 (easy, medium),
 * seeds 1 and 2. Each puzzle is checked as above, rated here without a
 * cap (sudoku_rate_rules: its level is the one asked), level-minimal (no
 * given can go without the steps up to the level's top failing to solve
 * it: rated with that cap, taken from sudoku_level_of here), and made
 * again byte for byte in one attempt from the seed of the attempt that
 * made it (out->seed; the seed itself when that was the first). */
static const struct {
  int kcase; /* index in cases[] */
  enum sudoku_level level;
} killer_levels[] = {
    {6, SUDOKU_LEVEL_EASY}, {6, SUDOKU_LEVEL_MEDIUM}, {6, SUDOKU_LEVEL_HARD},
    {7, SUDOKU_LEVEL_EASY}, {7, SUDOKU_LEVEL_MEDIUM},
};

/* The highest rating (x10) of level l below extreme. */
static unsigned top_of(enum sudoku_level l) {
  unsigned r = 10;
  while (sudoku_level_of(r + 1) <= l)
    r++;
  return r;
}

START_TEST(killer_at_level) {
  int i = killer_levels[_i].kcase;
  enum sudoku_level level = killer_levels[_i].level;
  for (uint64_t seed = 1; seed <= 2; seed++) {
    sudoku_rules r, r2;
    struct sudoku_generated g, g2;
    generate_at(i, seed, 0, level, &r, &g);
    check_puzzle(i, seed, (uint16_t)g.givens, &r, &g);
    struct sudoku_logic_limits lim = {0, 0};
    struct sudoku_rating rating;
    ck_assert_int_eq(sudoku_rate_rules(&g.puzzle, &r, &lim, &rating),
                     SUDOKU_OK);
    ck_assert_msg(rating.solved && rating.level == level,
                  "killer %dx%d %s seed %llu: rated %u (%s)", g.puzzle.n,
                  g.puzzle.n, sudoku_level_name(level),
                  (unsigned long long)seed, rating.rating,
                  sudoku_level_name(rating.level));
    ck_assert(g.rated && g.level == level);
    lim.max_rating = top_of(level);
    for (int c = 0; c < g.puzzle.n * g.puzzle.n; c++) {
      if (g.puzzle.cell[c] == 0)
        continue;
      sudoku_grid less = g.puzzle;
      less.cell[c] = 0;
      ck_assert_int_eq(sudoku_rate_rules(&less, &r, &lim, &rating), SUDOKU_OK);
      ck_assert_msg(!rating.solved,
                    "killer %s seed %llu: the given at cell %d can go",
                    sudoku_level_name(level), (unsigned long long)seed, c);
    }
    /* The attempt that made it: the same puzzle in one. */
    generate_at(i, g.seed, 0, level, &r2, &g2);
    ck_assert_uint_eq(g2.attempts, 1);
    char a[SUDOKU_RULES_TEXT_MAX], b[SUDOKU_RULES_TEXT_MAX];
    sudoku_rules_write(&g.puzzle, &r, a, sizeof a);
    sudoku_rules_write(&g2.puzzle, &r2, b, sizeof b);
    ck_assert_str_eq(a, b);
  }
}
END_TEST

START_TEST(refusals) {
  sudoku_rules r;
  struct sudoku_generated g;
  struct sudoku_generate_options o = SUDOKU_GENERATE_DEFAULT;
  ck_assert_int_eq(sudoku_generate_rules(&o, 0, &r, &g), SUDOKU_BAD_VALUE);
  ck_assert_int_eq(
      sudoku_generate_rules(&o, 1u << SUDOKU_RULE_ANTI_KNIGHT, &r, &g),
      SUDOKU_BAD_VALUE);
  o.box_rows = 2;
  o.box_cols = 3;
  ck_assert_int_eq(sudoku_generate_rules(&o, 1u << SUDOKU_RULE_WINDOKU, &r, &g),
                   SUDOKU_BAD_RULES);
  o.box_rows = 1;
  o.box_cols = 7;
  ck_assert_int_eq(sudoku_generate_rules(&o, 1u << SUDOKU_RULE_X, &r, &g),
                   SUDOKU_BAD_SHAPE);
}
END_TEST

/* A real server: the killer answer posted back as it is. */
START_TEST(killer_answer_posts_back) {
  struct server s;
  server_start(&s, "--access-log off");
  struct reply a =
      request(s.port, "GET", "/generate?variant=killer&seed=7", NULL, NULL);
  ck_assert_int_eq(a.status, 200);
  cJSON *gen = cJSON_Parse(a.body);
  ck_assert_ptr_nonnull(gen);
  const cJSON *cages = cJSON_GetObjectItem(gen, "cages");
  const cJSON *sol = cJSON_GetObjectItem(gen, "solution");
  ck_assert_msg(cJSON_IsArray(cages) && cJSON_GetArraySize(cages) > 9, "%s",
                a.body);
  ck_assert_str_eq(cJSON_GetObjectItem(gen, "puzzle")->valuestring,
                   "..........................................................."
                   "......................");
  ck_assert_str_eq(
      cJSON_GetArrayItem(cJSON_GetObjectItem(gen, "variant"), 0)->valuestring,
      "killer");
  struct reply b = request(s.port, "POST", "/solve", JSON_HDR, a.body);
  ck_assert_msg(b.status == 200, "%s", b.body);
  cJSON *solved = cJSON_Parse(b.body);
  ck_assert_ptr_nonnull(solved);
  ck_assert_str_eq(cJSON_GetObjectItem(solved, "line")->valuestring,
                   sol->valuestring);
  ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(solved, "unique")));
  cJSON_Delete(solved);
  cJSON_Delete(gen);
  reply_free(&b);
  reply_free(&a);
  /* The page's default level: easy, with the givens it needs. */
  struct reply e = request(
      s.port, "GET", "/generate?variant=killer&level=easy&seed=3", NULL, NULL);
  ck_assert_msg(e.status == 200, "%s", e.body);
  gen = cJSON_Parse(e.body);
  ck_assert_ptr_nonnull(gen);
  ck_assert_str_eq(cJSON_GetObjectItem(gen, "level")->valuestring, "easy");
  ck_assert_int_gt(cJSON_GetObjectItem(gen, "givens")->valueint, 0);
  cJSON_Delete(gen);
  reply_free(&e);
  struct reply c =
      request(s.port, "GET", "/generate?variant=killer&size=16", NULL, NULL);
  ck_assert_int_eq(c.status, 400);
  HAS(c, "size=16: killer");
  reply_free(&c);
  c = request(s.port, "GET", "/generate?variant=sudoku", NULL, NULL);
  ck_assert_int_eq(c.status, 400);
  HAS(c, "x, windoku, jigsaw and killer");
  reply_free(&c);
  ck_assert_int_eq(server_stop(&s), 0);
}
END_TEST

/* The CLI's line read back by `sudoku solve --variant`. */
START_TEST(cli_line_reads_back) {
  struct run g = run_cli("generate --variant jigsaw --size 7 --seed 3 "
                         "--solution",
                         "", 0);
  ck_assert_msg(g.status == 0, "%s", g.err);
  char *nl = strchr(g.out, '\n');
  ck_assert_ptr_nonnull(nl);
  struct run s = run_cli("solve --variant jigsaw --format line", g.out,
                         (size_t)(nl + 1 - g.out));
  ck_assert_msg(s.status == 0, "%s", s.err);
  ck_assert_int_eq(strncmp(s.out, nl + 1, 49), 0);
  run_free(&s);
  run_free(&g);
  /* --json: /generate's answer, posted back by `sudoku solve --json`. */
  struct run j = run_cli("generate --variant x --seed 2 --json", "", 0);
  ck_assert_msg(j.status == 0, "%s", j.err);
  cJSON *o = cJSON_Parse(j.out);
  ck_assert_ptr_nonnull(o);
  ck_assert_str_eq(
      cJSON_GetArrayItem(cJSON_GetObjectItem(o, "variant"), 0)->valuestring,
      "x");
  ck_assert_str_eq(
      cJSON_GetObjectItem(o, "puzzle")->valuestring,
      "....48.....52.....6.......1..4.7......9...5......3.2..9....."
      "..5.....48.....39....");
  struct run js = run_cli("solve --json --format line", j.out, strlen(j.out));
  ck_assert_msg(js.status == 0, "%s", js.err);
  ck_assert_int_eq(
      strncmp(js.out, cJSON_GetObjectItem(o, "solution")->valuestring, 81), 0);
  cJSON_Delete(o);
  run_free(&js);
  run_free(&j);
  struct run bad = run_cli("generate --variant anti-knight", "", 0);
  ck_assert_int_eq(bad.status, 2);
  ck_assert_ptr_nonnull(strstr(bad.err, "x, windoku, jigsaw and killer"));
  run_free(&bad);
}
END_TEST

Suite *generate_rules_suite(void) {
  Suite *s = suite_create("generate_rules");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  int ncases = (int)(sizeof cases / sizeof cases[0]);
  tcase_add_loop_test(tc, variant_puzzles_unique, 0, ncases);
  tcase_add_loop_test(tc, same_seed_same_bytes, 0, ncases);
  tcase_add_test(tc, killer_with_givens);
  tcase_add_test(tc, killer_seed_table);
  tcase_add_test(tc, refusals);
  suite_add_tcase(s, tc);
  TCase *lv = tcase_create("levels");
  tcase_set_timeout(lv, 120);
  tcase_add_loop_test(lv, killer_at_level, 0,
                      (int)(sizeof killer_levels / sizeof killer_levels[0]));
  suite_add_tcase(s, lv);
  TCase *io = tcase_create("io");
  tcase_set_timeout(io, 60);
  tcase_add_test(io, killer_answer_posts_back);
  tcase_add_test(io, cli_line_reads_back);
  suite_add_tcase(s, io);
  return s;
}
