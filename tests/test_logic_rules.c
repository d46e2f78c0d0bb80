/*
 * test_logic_rules.c - the logic engine under variant rules
 * (sudoku_logic_rules.h), checked: every step of the path of every unique
 * variant puzzle walked here places only the solution's values (the stored
 * .sol line, itself re-checked by sudoku_rules_is_solution) and never
 * eliminates one; each path ends solved (the bounded last resort as for
 * classic puzzles). Walks the committed samples of tests/data/variants, or
 * every file of ../shared/corpus/variants when it exists; prints per variant
 * the puzzles walked, solved and the ratings (on stderr, for the record). Also:
 * candidates under rules, the sentences naming the variant units and cages, and
 * classic rules handed to the classic functions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sudoku_logic_rules.h"
#include "tests.h"

/* lines of each file walked at most: every line of the shared files
 * (1627 puzzles, some 8 s); -DWALK_MAX=N for fewer */
#ifndef WALK_MAX
#define WALK_MAX 1000
#endif

static uint32_t kinds_of(const char *list) {
  uint32_t kinds = 0;
  size_t bad = 0;
  ck_assert_msg(sudoku_rule_kinds(list, strlen(list), &kinds, &bad),
                "unknown rule in '%s' at %zu", list, bad);
  return kinds;
}

static const struct walk_file {
  const char *file, *kinds;
} walks[] = {
    {"x", "x"},
    {"hyper", "windoku"},
    {"jigsaw", "jigsaw"},
    {"killer", "killer"},
    {"evenodd", "odd-even"},
    {"killer_derived", "killer"},
    {"killer_multi", "killer,x"},
};

static char *walk_read(const char *name, const char *ext, size_t *len) {
  char path[512];
  snprintf(path, sizeof path, SHARED_CORPUS_DIR "/variants/%s%s", name, ext);
  if (access(path, R_OK) != 0)
    snprintf(path, sizeof path, TEST_DATA_DIR "/variants/%s%s", name, ext);
  char *text = test_read_file(path, len);
  ck_assert_msg(text != NULL, "cannot read %s", path);
  return text;
}

struct walk_check {
  const sudoku_grid *puzzle, *sol;
  const sudoku_rules *r;
  const char *file;
  unsigned index;
  uint32_t steps;
  bool named; /* every sentence rendered non-empty */
};

static bool check_step(const struct sudoku_step *st, void *vctx) {
  struct walk_check *k = vctx;
  for (int i = 0; i < st->nplacements; i++) {
    int c = st->placements[i].cell;
    ck_assert_msg(st->placements[i].value == k->sol->cell[c],
                  "%s puzzle %u step %u (%s): r%dc%d=%d, solution %d", k->file,
                  k->index, k->steps, sudoku_technique_id(st->technique),
                  c / k->sol->n + 1, c % k->sol->n + 1, st->placements[i].value,
                  k->sol->cell[c]);
  }
  for (int i = 0; i < st->neliminations; i++) {
    int c = st->eliminations[i].cell;
    ck_assert_msg(st->eliminations[i].value != k->sol->cell[c],
                  "%s puzzle %u step %u (%s): removes r%dc%d<>%d, the "
                  "solution's value",
                  k->file, k->index, k->steps,
                  sudoku_technique_id(st->technique), c / k->sol->n + 1,
                  c % k->sol->n + 1, st->eliminations[i].value);
  }
  char text[SUDOKU_EXPLAIN_MAX];
  if (sudoku_step_explain_rules(st, k->puzzle, k->r, text, sizeof text) == 0)
    k->named = false;
  k->steps++;
  return true;
}

/* Every puzzle of a variant file walked step by step against its solution;
 * every one solved by steps; the numbers printed for the record. */
START_TEST(variant_paths_sound) {
  const struct walk_file *w = &walks[_i];
  size_t len, sol_len;
  char *text = walk_read(w->file, ".txt", &len);
  char *sols = walk_read(w->file, ".sol.txt", &sol_len);
  struct sudoku_rules_reader rd;
  struct sudoku_text_error err;
  static sudoku_grid g;
  static sudoku_rules r;
  sudoku_rules_reader_init(&rd, text, len, kinds_of(w->kinds));
  struct sudoku_reader sr;
  sudoku_reader_init(&sr, sols, sol_len);
  unsigned walked = 0, solved = 0, levels[SUDOKU_LEVEL_COUNT] = {0};
  unsigned hardest[SUDOKU_TECH_COUNT + 1] = {0}, top = 0;
  int got;
  while (walked < WALK_MAX &&
         (got = sudoku_rules_read_next(&rd, &g, &r, &err)) > 0) {
    sudoku_grid sol;
    ck_assert_int_eq(sudoku_read_next(&sr, &sol, &err), 1);
    ck_assert_msg(sudoku_rules_is_solution(&g, &r, &sol),
                  "%s puzzle %u: stored solution refused", w->file, rd.puzzles);
    struct walk_check k = {.puzzle = &g,
                           .sol = &sol,
                           .r = &r,
                           .file = w->file,
                           .index = rd.puzzles,
                           .named = true};
    struct sudoku_rating rt;
    struct sudoku_logic_limits lim = {30000000, 0};
    enum sudoku_status s =
        sudoku_logic_solve_rules(&g, &r, &lim, check_step, &k, &rt);
    ck_assert_msg(s == SUDOKU_OK, "%s puzzle %u: %s", w->file, rd.puzzles,
                  sudoku_strerror(s));
    ck_assert_msg(rt.solved, "%s puzzle %u: not solved after %u steps", w->file,
                  rd.puzzles, rt.steps);
    ck_assert_msg(k.named, "%s puzzle %u: an empty sentence", w->file,
                  rd.puzzles);
    ck_assert_uint_eq(rt.steps, k.steps);
    walked++;
    solved += rt.solved;
    levels[rt.level]++;
    hardest[rt.hardest]++;
    top = rt.rating > top ? rt.rating : top;
  }
  ck_assert_uint_gt(walked, 0);
  fprintf(stderr, "logic-rules %s (%s): walked %u, solved by steps %u; levels",
          w->file, w->kinds, walked, solved);
  for (int l = 0; l < SUDOKU_LEVEL_COUNT; l++)
    fprintf(stderr, " %s %u", sudoku_level_name(l), levels[l]);
  fprintf(stderr, "; top %u.%u; hardest", top / 10, top % 10);
  for (int t = 0; t <= SUDOKU_TECH_COUNT; t++)
    if (hardest[t])
      fprintf(stderr, " %s %u", sudoku_technique_id(t), hardest[t]);
  fputc('\n', stderr);
  free(text);
  free(sols);
}
END_TEST

#define E9 DOTS9
#define EMPTY81 E9 E9 E9 E9 E9 E9 E9 E9 E9

/* Reads one line under kinds. */
static void read_one(const char *kinds, const char *line, sudoku_grid *g,
                     sudoku_rules *r) {
  struct sudoku_rules_reader rd;
  struct sudoku_text_error err;
  sudoku_rules_reader_init(&rd, line, strlen(line), kinds_of(kinds));
  ck_assert_msg(sudoku_rules_read_next(&rd, g, r, &err) == 1, "%s",
                err.message);
}

/* Candidates: the diagonal, the knight's moves, parity and the
 * non-consecutive neighbours each take their digits. */
START_TEST(candidates_under_rules) {
  static sudoku_grid g;
  static sudoku_rules r;
  uint32_t cand[SUDOKU_MAX_CELLS];
  /* r1c1 = 5 under X: r9c9 (same diagonal only) loses 5 */
  read_one("x", "5" E9 E9 E9 E9 E9 E9 E9 E9 "........", &g, &r);
  ck_assert_int_eq(sudoku_candidates_rules(&g, &r, cand), SUDOKU_OK);
  ck_assert_uint_eq(cand[80] & (1u << 4), 0);
  ck_assert_uint_ne(cand[79] & (1u << 4), 0);
  /* anti-knight: r2c3 loses 5; r2c4 keeps it */
  read_one("anti-knight", "5" E9 E9 E9 E9 E9 E9 E9 E9 "........", &g, &r);
  ck_assert_int_eq(sudoku_candidates_rules(&g, &r, cand), SUDOKU_OK);
  ck_assert_uint_eq(cand[11] & (1u << 4), 0);
  ck_assert_uint_ne(cand[12] & (1u << 4), 0);
  /* non-consecutive: r1c2 loses 4 and 6 (and 5, its row) */
  read_one("non-consecutive", "5" E9 E9 E9 E9 E9 E9 E9 E9 "........", &g, &r);
  ck_assert_int_eq(sudoku_candidates_rules(&g, &r, cand), SUDOKU_OK);
  ck_assert_uint_eq(cand[1], 0x1ffu & ~(0x7u << 3));
  /* a clash under the rules is a conflict */
  read_one("x", "5" E9 E9 E9 E9 E9 E9 E9 E9 ".......5", &g, &r);
  ck_assert_int_eq(sudoku_candidates_rules(&g, &r, cand), SUDOKU_CONFLICT);
  /* no extras: the classic candidates */
  uint32_t classic[SUDOKU_MAX_CELLS];
  sudoku_grid c;
  test_grid_from_line(&c, CLASSIC);
  ck_assert_int_eq(sudoku_candidates_rules(&c, NULL, cand), SUDOKU_OK);
  ck_assert_int_eq(sudoku_candidates(&c, classic), SUDOKU_OK);
  ck_assert_mem_eq(cand, classic, sizeof cand[0] * 81);
}
END_TEST

/* A hidden single in a diagonal is named by its diagonal. */
START_TEST(sentence_names_variant_units) {
  static sudoku_grid g;
  static sudoku_rules r;
  read_one("x", EMPTY81, &g, &r);
  struct sudoku_step st = {.technique = SUDOKU_TECH_HIDDEN_SINGLE,
                           .rating = 15,
                           .nplacements = 1,
                           .nunits = 1};
  st.placements[0].cell = 0;
  st.placements[0].value = 1;
  st.units[0] = 27; /* the first unit past 3n: diagonal 1 */
  char text[SUDOKU_EXPLAIN_MAX];
  sudoku_step_explain_rules(&st, &g, &r, text, sizeof text);
  ck_assert_msg(strstr(text, "diagonal 1") != NULL, "%s", text);
  read_one("windoku", EMPTY81, &g, &r);
  st.units[0] = 28; /* window 2 */
  sudoku_step_explain_rules(&st, &g, &r, text, sizeof text);
  ck_assert_msg(strstr(text, "window 2") != NULL, "%s", text);
}
END_TEST

/* A killer's first cage combination, the whole killer path and the
 * classic shapes of rate and steps under --variant; a malformed line
 * refused, located, before any answer; hint --variant. */
#define KILLER_LINE                                                            \
  EMPTY81                                                                      \
  " 20=r1c1,r1c2,r2c1;11=r1c3,r1c4,r2c3;12=r1c5,r2c5;10=r1c6,r1c7,r2c7;"       \
  "14=r1c8,r1c9,r2c9;12=r2c2,r3c2,r3c3;17=r2c4,r3c4,r4c4;21=r2c6,r3c6,r4c6;"   \
  "15=r2c8,r3c7,r3c8;4=r3c1,r4c1;8=r3c5,r4c5;14=r3c9,r4c9;6=r4c2,r4c3;"        \
  "16=r4c7,r4c8;"
START_TEST(cli_rate_steps_variant) {
  size_t len;
  char *text = walk_read("killer", ".txt", &len);
  size_t first = strcspn(text, "\n") + 1;
  struct run r = run_cli("rate --variant killer", text, first);
  ck_assert_int_eq(r.status, 0);
  ck_assert_msg(strstr(r.out, " hard ") || strstr(r.out, " medium ") ||
                    strstr(r.out, " expert ") || strstr(r.out, " extreme "),
                "%s", r.out);
  run_free(&r);
  r = run_cli("steps --variant killer", text, first);
  ck_assert_int_eq(r.status, 0);
  ck_assert_msg(strncmp(r.out, "The cage at r1c1 (sum ", 22) == 0, "%s", r.out);
  ck_assert_ptr_nonnull(strstr(r.out, "\nRule of 45 on box "));
  ck_assert_ptr_nonnull(strstr(r.out, "\nRating "));
  run_free(&r);
  r = run_cli("steps --json --variant killer", text, first);
  ck_assert_int_eq(r.status, 0);
  ck_assert_ptr_nonnull(strstr(r.out, "\"technique\":\"killer-combination\""));
  ck_assert_ptr_nonnull(strstr(r.out, "\"solved\":true"));
  run_free(&r);
  free(text);
  /* the same line read as classic: many solutions */
  r = run_cli("rate", KILLER_LINE, strlen(KILLER_LINE));
  ck_assert_int_ne(r.status, 0);
  run_free(&r);
  static const char bad[] = EMPTY81 " 20=r1c1,r1c2;x\n";
  r = run_cli("rate --variant killer", bad, strlen(bad));
  ck_assert_int_eq(r.status, 2);
  ck_assert_ptr_nonnull(strstr(r.err, "line 1, column"));
  ck_assert_str_eq(r.out, "");
  run_free(&r);
  /* hint: the first step of the killer line, its sentence with --text;
   * --entries refused under --variant; two lines refused */
  text = walk_read("killer", ".txt", &len);
  first = strcspn(text, "\n") + 1;
  r = run_cli("hint --variant killer", text, first);
  ck_assert_int_eq(r.status, 0);
  ck_assert_msg(strncmp(r.out, "{\"technique\":\"killer-combination\"", 33) ==
                    0,
                "%s", r.out);
  run_free(&r);
  r = run_cli("hint --text --variant killer", text, first);
  ck_assert_int_eq(r.status, 0);
  ck_assert_msg(strncmp(r.out, "The cage at r1c1 (sum 20) of ", 29) == 0, "%s",
                r.out);
  run_free(&r);
  free(text);
  r = run_cli("hint --variant x --entries /dev/null", EMPTY81, 81);
  ck_assert_int_eq(r.status, 2);
  run_free(&r);
  static const char two[] = EMPTY81 "\n" EMPTY81 "\n";
  r = run_cli("hint --variant x", two, strlen(two));
  ck_assert_int_eq(r.status, 2);
  ck_assert_ptr_nonnull(strstr(r.err, "got more"));
  run_free(&r);
  /* windoku: a sentence names a window or the usual units */
  text = walk_read("hyper", ".txt", &len);
  first = strcspn(text, "\n") + 1;
  r = run_cli("steps --json --variant windoku", text, first);
  ck_assert_int_eq(r.status, 0);
  ck_assert_ptr_nonnull(strstr(r.out, "\"units\":[\"window "));
  run_free(&r);
  free(text);
}
END_TEST

void logic_add_rules(Suite *s) {
  TCase *tc = tcase_create("logic_rules");
  tcase_set_timeout(tc, 600);
  tcase_add_loop_test(tc, variant_paths_sound, 0,
                      (int)(sizeof walks / sizeof walks[0]));
  tcase_add_test(tc, candidates_under_rules);
  tcase_add_test(tc, sentence_names_variant_units);
  tcase_add_test(tc, cli_rate_steps_variant);
  suite_add_tcase(s, tc);
}
