/* test_cli_generate.c - the real build/sudoku generate: output shapes,
 * --seed N+i, the clock seed on stderr, --solution, judge format, exit
 * statuses. SUDOKU_BIN names the binary. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sudoku_generate.h"
#include "tests.h"

/* sudoku generate ARGS, with nothing on stdin. */
static struct run run_generate(const char *args) {
  char line[512];
  snprintf(line, sizeof line, "generate %s", args);
  return run_cli(line, "", 0);
}

/* Line i (0-based) of text into buf, without its newline. */
static const char *line_of(const char *text, int i, char *buf, size_t cap) {
  while (i-- > 0 && (text = strchr(text, '\n')) != NULL)
    text++;
  ck_assert_ptr_nonnull(text);
  size_t len = strcspn(text, "\n");
  ck_assert_uint_lt(len, cap);
  memcpy(buf, text, len);
  buf[len] = '\0';
  return buf;
}

/* The puzzle the library makes for this seed, as a line. */
static const char *library_puzzle(uint64_t seed, char *buf) {
  struct sudoku_generate_options o = SUDOKU_GENERATE_DEFAULT;
  o.seed = seed;
  struct sudoku_generated out;
  ck_assert_int_eq(sudoku_generate(&o, &out), SUDOKU_OK);
  sudoku_write_line(&out.puzzle, buf, SUDOKU_TEXT_MAX);
  buf[strcspn(buf, "\n")] = '\0';
  return buf;
}

START_TEST(count_uses_seed_plus_i) {
  struct run r = run_generate("--seed 100 --count 3");
  ck_assert_int_eq(r.status, 0);
  ck_assert_str_eq(r.err, "");
  char got[SUDOKU_TEXT_MAX], want[SUDOKU_TEXT_MAX];
  for (int i = 0; i < 3; i++)
    ck_assert_str_eq(line_of(r.out, i, got, sizeof got),
                     library_puzzle(100u + (unsigned)i, want));
  /* Puzzle 2 alone, from its own seed. */
  struct run one = run_generate("--seed 102");
  ck_assert_str_eq(line_of(one.out, 0, got, sizeof got),
                   library_puzzle(102, want));
  run_free(&one);
  run_free(&r);
}
END_TEST

START_TEST(clock_seed_is_printed_and_replays) {
  struct run r = run_generate("--count 2");
  ck_assert_int_eq(r.status, 0);
  unsigned long long seed;
  ck_assert_int_eq(sscanf(r.err, "sudoku generate: seed %llu", &seed), 1);
  char args[64], a[SUDOKU_TEXT_MAX], b[SUDOKU_TEXT_MAX];
  snprintf(args, sizeof args, "--seed %llu --count 2", seed);
  struct run again = run_generate(args);
  ck_assert_str_eq(again.out, r.out);
  ck_assert_str_eq(line_of(r.out, 1, a, sizeof a),
                   library_puzzle((uint64_t)seed + 1, b));
  run_free(&again);
  run_free(&r);
}
END_TEST

START_TEST(solution_lines_solve_their_puzzles) {
  struct run r =
      run_generate("--seed 5 --count 2 --solution --symmetry diagonal");
  ck_assert_int_eq(r.status, 0);
  for (int i = 0; i < 2; i++) {
    char p[SUDOKU_TEXT_MAX], s[SUDOKU_TEXT_MAX];
    sudoku_grid pg, sg;
    test_grid_from_line(&pg, line_of(r.out, 2 * i, p, sizeof p));
    test_grid_from_line(&sg, line_of(r.out, 2 * i + 1, s, sizeof s));
    ck_assert_uint_eq(strlen(p), 81);
    ck_assert_int_eq(sudoku_count_givens(&sg), 81);
    ck_assert(sudoku_is_solution(&pg, &sg));
    for (int rr = 0; rr < 9; rr++)
      for (int c = 0; c < 9; c++)
        ck_assert((pg.cell[rr * 9 + c] != 0) == (pg.cell[c * 9 + rr] != 0));
  }
  run_free(&r);
}
END_TEST

START_TEST(judge_format_and_sizes) {
  struct run r = run_generate("--seed 3 --size 4 --format judge --solution");
  ck_assert_int_eq(r.status, 0);
  /* 4 rows, an empty line, 4 rows. */
  char line[64];
  ck_assert_str_eq(line_of(r.out, 4, line, sizeof line), "");
  for (int i = 0; i < 9; i++)
    if (i != 4)
      ck_assert_uint_eq(strlen(line_of(r.out, i, line, sizeof line)), 7);
  ck_assert_ptr_null(strchr(line_of(r.out, 5, line, sizeof line), '0'));
  run_free(&r);
  r = run_generate("--seed 3 --size 16 --givens 160");
  ck_assert_int_eq(r.status, 0);
  ck_assert_uint_eq(strlen(r.out), 257);
  size_t dots = 0;
  for (const char *p = r.out; *p; p++)
    dots += *p == '.';
  ck_assert_uint_eq(dots, 256 - 160);
  run_free(&r);
}
END_TEST

/* Levels dug within the level (12x12, 16x16) and the large sides come within
 * the default deadline: each line a unique puzzle (its solution line checked,
 * then a count) of its side, rated in the asked level by sudoku_rate. */
static const struct {
  const char *args;
  int n;
  int level; /* enum sudoku_level, or SUDOKU_LEVEL_ANY: not rated */
} sized[] = {
    {"--seed 1 --size 16 --level hard --solution", 16, SUDOKU_LEVEL_HARD},
    {"--seed 2 --size 16 --level easy --solution", 16, SUDOKU_LEVEL_EASY},
    {"--seed 1 --size 12 --level expert --solution", 12, SUDOKU_LEVEL_EXPERT},
    {"--seed 1 --size 20 --solution", 20, SUDOKU_LEVEL_ANY},
    {"--seed 3 --size 25 --level extreme --solution", 25, SUDOKU_LEVEL_EXTREME},
    {"--seed 1 --size 25 --solution", 25, SUDOKU_LEVEL_ANY},
};

START_TEST(sizes_and_levels_come) {
  struct run r = run_generate(sized[_i].args);
  ck_assert_int_eq(r.status, 0);
  sudoku_grid pg, sg, one;
  struct sudoku_reader rd;
  sudoku_reader_init(&rd, r.out, strlen(r.out));
  ck_assert_int_eq(sudoku_read_next(&rd, &pg, NULL), 1);
  ck_assert_int_eq(sudoku_read_next(&rd, &sg, NULL), 1);
  ck_assert_int_eq(pg.n, sized[_i].n);
  ck_assert(sudoku_is_solution(&pg, &sg));
  struct sudoku_stats st;
  ck_assert_int_eq(sudoku_solve(&pg, NULL, &one, &st), SUDOKU_OK);
  ck_assert_uint_eq(st.solutions, 1);
  if (sized[_i].level != SUDOKU_LEVEL_ANY) {
    struct sudoku_rating rating;
    ck_assert_int_eq(sudoku_rate(&pg, NULL, &rating), SUDOKU_OK);
    ck_assert(rating.solved);
    ck_assert_int_eq(rating.level, sized[_i].level);
  }
  run_free(&r);
}
END_TEST

/* args, exit status, piece of stderr. */
static const struct {
  const char *args;
  int status;
  const char *err;
} refusals[] = {
    {"--level impossible", 2, "--level takes"},
    {"--symmetry spiral", 2, "--symmetry takes"},
    {"--size 7", 2, "--size 7 has no box shape"},
    {"--size 9 --givens 82", 2, "exceeds"},
    {"--symmetry rot90 --givens 30 --seed 1", 2, "cannot be reached"},
    {"--seed -1", 2, "--seed takes"},
    {"--count", 2, "incomplete"},
    {"--bogus 1", 2, "unknown option"},
    {"--size 4 --level hard", 2, "no 4x4 puzzle is hard"},
    {"--seed 1 --size 25 --deadline-ms 1", 1, "deadline"},
    {"--rating 8.9-8.0", 2, "--rating takes a band like 8.0-8.9"},
    {"--rating hard", 2, "--rating takes"},
    {"--rating 8.0-8.9 --level hard", 2,
     "--rating and --level cannot go together"},
};

START_TEST(refusals_and_statuses) {
  struct run r = run_generate(refusals[_i].args);
  ck_assert_int_eq(r.status, refusals[_i].status);
  ck_assert_ptr_nonnull(strstr(r.err, refusals[_i].err));
  if (refusals[_i].status == 1)
    ck_assert_str_eq(r.out, "no puzzle\n");
  else
    ck_assert_str_eq(r.out, "");
  run_free(&r);
}
END_TEST

/* --verbose names the seed of the attempt that made each puzzle; that
 * seed alone gives the same puzzle in one attempt. */
START_TEST(verbose_attempt_seed_replays) {
  struct run r = run_generate("--seed 5 --level medium --verbose");
  ck_assert_int_eq(r.status, 0);
  unsigned long long seed, from;
  unsigned attempts;
  ck_assert_int_eq(sscanf(r.err,
                          "sudoku generate: puzzle 1 (seed %llu): %u "
                          "attempts, the last from seed %llu",
                          &seed, &attempts, &from),
                   3);
  ck_assert_uint_eq(seed, 5);
  ck_assert_uint_ge(attempts, 1);
  char args[96];
  snprintf(args, sizeof args, "--seed %llu --level medium --verbose", from);
  struct run again = run_generate(args);
  ck_assert_str_eq(again.out, r.out);
  ck_assert_ptr_nonnull(strstr(again.err, ": 1 attempts, the last from seed"));
  run_free(&again);
  run_free(&r);
}
END_TEST

/* --rating 8.0-8.9: each puzzle rates in the band (`sudoku rate` says). */
START_TEST(rating_band_comes) {
  struct run r = run_generate("--seed 21 --count 2 --rating 8.0-8.9");
  ck_assert_int_eq(r.status, 0);
  char *line = r.out;
  for (int k = 0; k < 2; k++) {
    char *end = strchr(line, '\n');
    ck_assert_ptr_nonnull(end);
    *end = '\0';
    sudoku_grid g;
    struct sudoku_rating rt;
    test_grid_from_line(&g, line);
    ck_assert_int_eq(sudoku_rate(&g, NULL, &rt), SUDOKU_OK);
    ck_assert_msg(rt.rating >= 80 && rt.rating <= 89, "%u", rt.rating);
    line = end + 1;
  }
  ck_assert_str_eq(line, "");
  run_free(&r);
}
END_TEST

/* --format svg --count K --output PREFIX: one file a puzzle, PREFIX-01.svg
 * ... (zero-padded to K's digits), each name on stdout; each file is an
 * SVG document (python's XML parser) holding as many givens as the line
 * of the puzzle of seed N+i. */
START_TEST(svg_files_one_a_puzzle) {
  char dir[] = "/tmp/sudoku-svg-files-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  char args[160];
  snprintf(args, sizeof args,
           "--format svg --count 10 --seed 40 --level easy --output %s/p", dir);
  struct run r = run_generate(args);
  ck_assert_msg(r.status == 0, "%s", r.err);
  for (int i = 0; i < 10; i++) {
    char name[96], got[96], want[SUDOKU_TEXT_MAX];
    snprintf(name, sizeof name, "%s/p-%02d.svg", dir, i + 1);
    ck_assert_str_eq(line_of(r.out, i, got, sizeof got), name);
    size_t len;
    char *svg = test_read_file(name, &len);
    ck_assert_ptr_nonnull(svg);
    struct svg_seen seen = test_parse_svg(svg);
    free(svg);
    ck_assert_int_eq(seen.ok, 1);
    char one[64];
    snprintf(one, sizeof one, "--seed %d --level easy", 40 + i);
    struct run line = run_generate(one);
    line_of(line.out, 0, want, sizeof want);
    int givens = 0;
    for (const char *c = want; *c != '\0'; c++)
      givens += *c != '.';
    ck_assert_int_eq(seen.givens, givens);
    run_free(&line);
    unlink(name);
  }
  int names = 0;
  for (const char *c = r.out; *c != '\0'; c++)
    names += *c == '\n';
  ck_assert_int_eq(names, 10);
  rmdir(dir);
  run_free(&r);
  /* Several puzzles need files; --output needs SVG; a directory that
   * does not exist is said. */
  static const char *const bad[][2] = {
      {"--format svg --count 2 --seed 1", "--format svg takes --count 1"},
      {"--count 2 --output /tmp/x", "--output takes --format svg"},
      {"--format svg --seed 1 --output /nonexistent-dir/p",
       "cannot write /nonexistent-dir/p-1.svg"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    r = run_generate(bad[i][0]);
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, bad[i][1]) != NULL, "%s", r.err);
    run_free(&r);
  }
}
END_TEST

START_TEST(help_lists_every_option) {
  struct run r = run_generate("--help");
  ck_assert_int_eq(r.status, 0);
  static const char *const opts[] = {
      "--level",       "--symmetry", "--seed",     "--count",
      "--size",        "--givens",   "--solution", "--format",
      "--deadline-ms", "--verbose",  "--rating",   "--output"};
  for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
    ck_assert_ptr_nonnull(strstr(r.out, opts[i]));
  run_free(&r);
}
END_TEST

Suite *cli_generate_suite(void) {
  Suite *s = suite_create("cli_generate");
  TCase *tc = tcase_create("cli_generate");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, count_uses_seed_plus_i);
  tcase_add_test(tc, clock_seed_is_printed_and_replays);
  tcase_add_test(tc, rating_band_comes);
  tcase_add_test(tc, solution_lines_solve_their_puzzles);
  tcase_add_test(tc, judge_format_and_sizes);
  tcase_add_loop_test(tc, refusals_and_statuses, 0,
                      (int)(sizeof refusals / sizeof refusals[0]));
  tcase_add_test(tc, verbose_attempt_seed_replays);
  tcase_add_loop_test(tc, sizes_and_levels_come, 0,
                      (int)(sizeof sized / sizeof sized[0]));
  tcase_add_test(tc, help_lists_every_option);
  tcase_add_test(tc, svg_files_one_a_puzzle);
  suite_add_tcase(s, tc);
  return s;
}
