/*
 * bench_generate.c - `make bench`, second part: a benchmark, not a test.
 * For each row (size 4..25, symmetry, level, target givens): puzzles per
 * second, mean milliseconds and givens per puzzle, mean attempts, and the
 * share of puzzles whose level matched on the first rated try; then Debian's
 * `qqwing --generate N --difficulty D --symmetry none|rotate180` for its
 * four levels in the same run (wall and CPU time of the whole process,
 * start and output included). Ratios by CPU time too: on a shared machine
 * other load stretches wall time, which makes a wall ratio between rows
 * timed seconds apart noisy. Prints a table; never fails on time.
 *
 * Then the bands of SE's scale (sudoku generate --rating, 9x9 rot180
 * minimal): puzzles per minute of each band, each row bounded by a time
 * budget (puzzles made until it runs out, the last one's deadline what is
 * left of it), with the ratings the row's puzzles got. No peer publishes
 * such a rate (skfr and SE rate, they do not generate).
 *
 * Then the variant rows (sudoku_generate_rules): X, windoku, jigsaw and
 * killer, by size and level, rot180 (killer: no symmetry; no givens but
 * those a level below extreme keeps).
 *
 * usage: bench_generate [--scale X] [--qqwing N] [--seed S] [--size N]
 *                       [--band-seconds S] [--bands-only] [--band B]
 *                       [--variants]
 *   --variants only the variant rows
 *   --scale X  multiply every row's puzzle count by X (default 1)
 *   --qqwing N puzzles per qqwing level (default 30; 0 skips qqwing)
 *   --size N   only the rows of side N (9: the rows qqwing is set beside)
 *   --band-seconds S  each band row's budget (default 20; 0 skips them)
 *   --bands-only      only the band rows
 *   --band B          only that band's row (implies --bands-only)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "sudoku_generate.h"
#include "sudoku_rules.h"

struct row {
  int size;
  enum sudoku_symmetry sym;
  enum sudoku_level level;
  int givens, count;
};

/* Every level of side n with rot180, count puzzles each. */
#define SIDE_ROWS(n, count)                                                    \
  {n, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_ANY, 0, count},                          \
      {n, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_EASY, 0, count},                     \
      {n, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_MEDIUM, 0, count},                   \
      {n, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_HARD, 0, count},                     \
      {n, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_EXPERT, 0, count}, {                 \
    n, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_EXTREME, 0, count                       \
  }

static const struct row rows[] = {
    {9, SUDOKU_SYM_NONE, SUDOKU_LEVEL_ANY, 0, 200},
    {9, SUDOKU_SYM_NONE, SUDOKU_LEVEL_EASY, 0, 60},
    {9, SUDOKU_SYM_NONE, SUDOKU_LEVEL_MEDIUM, 0, 60},
    {9, SUDOKU_SYM_NONE, SUDOKU_LEVEL_HARD, 0, 60},
    {9, SUDOKU_SYM_NONE, SUDOKU_LEVEL_EXPERT, 0, 60},
    {9, SUDOKU_SYM_NONE, SUDOKU_LEVEL_EXTREME, 0, 30},
    {9, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_ANY, 0, 60},
    {9, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_EASY, 0, 30},
    {9, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_MEDIUM, 0, 30},
    {9, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_HARD, 0, 60}, /* rare: 1 in 50 */
    {9, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_EXPERT, 0, 30},
    {9, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_EXTREME, 0, 15},
    {9, SUDOKU_SYM_ROT90, SUDOKU_LEVEL_ANY, 0, 5},
    {9, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_ANY, 30, 60},
    {4, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_ANY, 0, 500},
    {4, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_EASY, 0, 500}, /* the only level */
    /* Other sides, rot180: minimal (budget-minimal from 16 on) at any and
     * extreme, dug within the level at the others. */
    SIDE_ROWS(6, 50),
    SIDE_ROWS(8, 50),
    {8, SUDOKU_SYM_NONE, SUDOKU_LEVEL_ANY, 0, 50},
    SIDE_ROWS(12, 10),
    {12, SUDOKU_SYM_NONE, SUDOKU_LEVEL_ANY, 0, 10},
    SIDE_ROWS(16, 4),
    {16, SUDOKU_SYM_NONE, SUDOKU_LEVEL_ANY, 0, 4},
    {16, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_ANY, 140, 10},
    {16, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_ANY, 110, 5},
    {20, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_ANY, 0, 2},
    {20, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_EASY, 0, 2},
    {20, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_MEDIUM, 0, 2},
    {20, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_HARD, 0, 2},
    {20, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_EXPERT, 0, 2},
    {20, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_EXTREME, 0, 2},
    {25, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_ANY, 0, 2},
    {25, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_EASY, 0, 2},
    {25, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_MEDIUM, 0, 2},
    {25, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_HARD, 0, 2},
    {25, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_EXPERT, 0, 2},
    {25, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_EXTREME, 0, 2},
    {25, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_ANY, 400, 3},
};

static double now_ms(void) { return bench_now_us() / 1e3; }

/* The variant rows: rule kind, side (jigsaw 7: no boxes), level, count. */
struct vrow {
  enum sudoku_rule_kind kind;
  int size;
  enum sudoku_level level;
  int count;
};

static const struct vrow vrows[] = {
    {SUDOKU_RULE_X, 9, SUDOKU_LEVEL_ANY, 20},
    {SUDOKU_RULE_X, 9, SUDOKU_LEVEL_MEDIUM, 5},
    {SUDOKU_RULE_X, 9, SUDOKU_LEVEL_HARD, 5},
    {SUDOKU_RULE_X, 6, SUDOKU_LEVEL_ANY, 20},
    {SUDOKU_RULE_X, 12, SUDOKU_LEVEL_ANY, 5},
    {SUDOKU_RULE_X, 12, SUDOKU_LEVEL_EASY, 3},
    {SUDOKU_RULE_X, 16, SUDOKU_LEVEL_ANY, 2},
    {SUDOKU_RULE_WINDOKU, 9, SUDOKU_LEVEL_ANY, 20},
    {SUDOKU_RULE_WINDOKU, 9, SUDOKU_LEVEL_EASY, 5},
    {SUDOKU_RULE_WINDOKU, 9, SUDOKU_LEVEL_HARD, 5},
    {SUDOKU_RULE_JIGSAW, 9, SUDOKU_LEVEL_ANY, 20},
    {SUDOKU_RULE_JIGSAW, 9, SUDOKU_LEVEL_MEDIUM, 5},
    {SUDOKU_RULE_JIGSAW, 9, SUDOKU_LEVEL_HARD, 5},
    {SUDOKU_RULE_JIGSAW, 7, SUDOKU_LEVEL_ANY, 20},
    {SUDOKU_RULE_JIGSAW, 12, SUDOKU_LEVEL_ANY, 5},
    {SUDOKU_RULE_KILLER, 9, SUDOKU_LEVEL_ANY, 20},
    {SUDOKU_RULE_KILLER, 9, SUDOKU_LEVEL_EASY, 10},
    {SUDOKU_RULE_KILLER, 9, SUDOKU_LEVEL_MEDIUM, 10},
    {SUDOKU_RULE_KILLER, 9, SUDOKU_LEVEL_HARD, 10},
    {SUDOKU_RULE_KILLER, 9, SUDOKU_LEVEL_EXPERT, 5},
    {SUDOKU_RULE_KILLER, 6, SUDOKU_LEVEL_ANY, 20},
    {SUDOKU_RULE_KILLER, 6, SUDOKU_LEVEL_EASY, 10},
    {SUDOKU_RULE_KILLER, 6, SUDOKU_LEVEL_MEDIUM, 10},
    {SUDOKU_RULE_KILLER, 6, SUDOKU_LEVEL_HARD, 10},
};

/* The variant rows of side only (0: all): puzzles per second, mean givens
 * and cages, attempts. */
static void bench_variants(double scale, uint64_t seed, int only) {
  printf("\nvariants (sudoku_generate_rules; rot180, killer no symmetry and "
         "givens only at a level):\n");
  printf("%-8s %-5s %-8s %6s | %9s %9s %9s %7s %6s %9s %5s\n", "variant",
         "size", "level", "puzzle", "mean ms", "cpu ms", "puzzles/s", "givens",
         "cages", "attempts", "late");
  for (size_t r = 0; r < sizeof vrows / sizeof vrows[0]; r++) {
    const struct vrow *w = &vrows[r];
    if (only != 0 && w->size != only)
      continue;
    struct sudoku_generate_options o = SUDOKU_GENERATE_DEFAULT;
    int br = 1, bc = w->size;
    sudoku_box_shape(w->size, &br, &bc);
    o.box_rows = (uint8_t)br;
    o.box_cols = (uint8_t)bc;
    o.level = w->level;
    o.deadline_us = 60000000u;
    if (w->kind != SUDOKU_RULE_KILLER && w->size < 9)
      o.symmetry = SUDOKU_SYM_NONE;
    int count = (int)(w->count * scale) > 0 ? (int)(w->count * scale) : 1;
    int done = 0, late = 0;
    double givens = 0, cages = 0, attempts = 0, t0 = now_ms(),
           c0 = bench_cpu_us();
    for (int k = 0; k < count; k++) {
      static sudoku_rules rules; /* 8 KiB: off the stack */
      struct sudoku_generated out;
      o.seed = seed + (uint64_t)k;
      if (sudoku_generate_rules(&o, 1u << w->kind, &rules, &out) != SUDOKU_OK) {
        late++;
        continue;
      }
      done++;
      givens += out.givens;
      cages += rules.cage_count;
      attempts += out.attempts;
    }
    double ms = now_ms() - t0, cpu = (bench_cpu_us() - c0) / 1e3;
    printf("%-8s %2dx%-2d %-8s %6d | %9.2f %9.2f %9.1f %7.1f %6.1f %9.1f "
           "%5d\n",
           sudoku_rule_name(w->kind), w->size, w->size,
           w->level == SUDOKU_LEVEL_ANY ? "any" : sudoku_level_name(w->level),
           count, ms / count, cpu / count, 1e3 * count / ms,
           done ? givens / done : 0.0, done ? cages / done : 0.0,
           done ? attempts / done : 0.0, late);
    fflush(stdout);
  }
}

static const char *const qqwing_levels[] = {"simple", "easy", "intermediate",
                                            "expert"};
/* Which of our levels each qqwing level is set beside: the four in
 * order (qqwing has no fifth; its levels count techniques, ours are Sudoku
 * Explainer ratings, so the pairing is by rank, not by definition). */
static const enum sudoku_level qqwing_peer[] = {
    SUDOKU_LEVEL_EASY, SUDOKU_LEVEL_MEDIUM, SUDOKU_LEVEL_HARD,
    SUDOKU_LEVEL_EXPERT};

/* The bands of SE's scale timed, as `--rating` takes them: next to each
 * other, every rating SE gives in one of them. */
static const char *const bands[] = {"1.0-1.5", "1.6-2.5", "2.6-3.9", "4.0-5.9",
                                    "6.0-6.9", "7.0-7.9", "8.0-8.9", "9.0-"};

/* Puzzles of each band for `seconds` a row (9x9, rot180, minimal, seeds
 * from seed): puzzles per minute by wall and CPU time, mean attempts and
 * rated puzzles a puzzle, the lowest and highest rating made. */
static void band_rows(double seconds, uint64_t seed, const char *only) {
  printf("\nrating bands (sudoku generate --rating B): 9x9 rot180 minimal, "
         "%.0f s a row\n",
         seconds);
  printf("%-8s %6s %9s %9s %9s %9s %9s %5s\n", "band", "made", "per min",
         "cpu/min", "s each", "attempts", "rated", "got");
  size_t nbands = only != NULL ? 1 : sizeof bands / sizeof bands[0];
  for (size_t b = 0; b < nbands; b++) {
    const char *band = only != NULL ? only : bands[b];
    struct sudoku_generate_options o = SUDOKU_GENERATE_DEFAULT;
    if (!sudoku_rating_band_parse(band, strlen(band), &o.rating_min,
                                  &o.rating_max)) {
      printf("%-8s not a band\n", band);
      continue;
    }
    double t0 = now_ms(), c0 = bench_cpu_us(), left;
    double attempts = 0, rated = 0;
    unsigned lo = 255, hi = 0;
    int done = 0;
    for (uint64_t k = 0; (left = seconds * 1e3 - (now_ms() - t0)) > 0; k++) {
      struct sudoku_generated out;
      o.seed = seed + k;
      o.deadline_us = (uint64_t)(left * 1e3) + 1;
      if (sudoku_generate(&o, &out) != SUDOKU_OK)
        break; /* the row's time ran out during this one */
      done++;
      attempts += out.attempts;
      rated += out.rated_attempts;
      lo = out.rating.rating < lo ? out.rating.rating : lo;
      hi = out.rating.rating > hi ? out.rating.rating : hi;
    }
    double ms = now_ms() - t0, cpu = (bench_cpu_us() - c0) / 1e3;
    char got[16] = "-";
    if (done > 0)
      snprintf(got, sizeof got, "%u.%u-%u.%u", lo / 10, lo % 10, hi / 10,
               hi % 10);
    printf("%-8s %6d %9.1f %9.1f %9.2f %9.1f %9.1f %s\n", band, done,
           6e4 * done / ms, 6e4 * done / cpu, done ? ms / 1e3 / done : 0.0,
           done ? attempts / done : 0.0, done ? rated / done : 0.0, got);
    fflush(stdout);
  }
  printf("per min = puzzles a minute of wall time (cpu/min: of CPU time); "
         "attempts = grids drawn a\npuzzle; rated = puzzles rated a puzzle "
         "(a grid's neighbours too); got = the ratings made.\n");
}

/* Wall time of `qqwing --generate n --difficulty level --symmetry sym` in
 * ms, or -1; its CPU time in *cpu_ms. */
static double time_qqwing(int n, const char *level, const char *sym,
                          double *cpu_ms) {
  char count[16];
  snprintf(count, sizeof count, "%d", n);
  char *argv[] = {"qqwing",       "--generate",  count,
                  "--difficulty", (char *)level, "--symmetry",
                  (char *)sym,    "--one-line",  NULL};
  double cpu_us = 0, us = bench_run_program(argv, NULL, 0, &cpu_us);
  *cpu_ms = cpu_us / 1e3;
  return us < 0 ? -1 : us / 1e3;
}

int main(int argc, char **argv) {
  double scale = 1;
  int qq = 30;
  uint64_t seed = 1;
  int only = 0;
  double band_seconds = 20;
  bool bands_only = false;
  const char *band = NULL;
  bool variants_only = false;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--scale") == 0 && i + 1 < argc)
      scale = atof(argv[++i]);
    else if (strcmp(argv[i], "--qqwing") == 0 && i + 1 < argc)
      qq = atoi(argv[++i]);
    else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc)
      only = atoi(argv[++i]);
    else if (strcmp(argv[i], "--band-seconds") == 0 && i + 1 < argc)
      band_seconds = atof(argv[++i]);
    else if (strcmp(argv[i], "--bands-only") == 0)
      bands_only = true;
    else if (strcmp(argv[i], "--band") == 0 && i + 1 < argc)
      bands_only = (band = argv[++i]) != NULL;
    else if (strcmp(argv[i], "--variants") == 0)
      variants_only = true;
    else {
      fprintf(stderr,
              "usage: %s [--scale X] [--qqwing N] [--seed S] [--size N]\n"
              "       [--band-seconds S] [--bands-only] [--band B] "
              "[--variants]\n",
              argv[0]);
      return 2;
    }
  }
  if (bands_only) {
    band_rows(band_seconds > 0 ? band_seconds : 20, seed, band);
    return 0;
  }
  printf("sudoku %s generate bench: one thread, seeds %llu.., minimal unless "
         "a target is given\n",
         SUDOKU_VERSION, (unsigned long long)seed);
  printf("%-5s %-8s %-8s %6s %6s | %9s %9s %9s %7s %9s %7s %5s\n", "size",
         "symmetry", "level", "target", "puzzle", "mean ms", "cpu ms",
         "puzzles/s", "givens", "attempts", "1st try", "late");
  /* Our 9x9 minimal rates per level, [none, rot180], for the comparison:
   * by wall time and by CPU time. */
  double ours[SUDOKU_LEVEL_COUNT][2] = {{0}};
  double ours_cpu[SUDOKU_LEVEL_COUNT][2] = {{0}};
  for (size_t r = 0; r < sizeof rows / sizeof rows[0] && !variants_only; r++) {
    const struct row *w = &rows[r];
    if (only != 0 && w->size != only)
      continue;
    struct sudoku_generate_options o = SUDOKU_GENERATE_DEFAULT;
    int br, bc;
    sudoku_box_shape(w->size, &br, &bc);
    o.box_rows = (uint8_t)br;
    o.box_cols = (uint8_t)bc;
    o.symmetry = w->sym;
    o.level = w->level;
    o.givens = (uint16_t)w->givens;
    o.deadline_us = 60000000u;
    int count = (int)(w->count * scale) > 0 ? (int)(w->count * scale) : 1;
    int done = 0, late = 0, first = 0;
    double givens = 0, attempts = 0, t0 = now_ms(), c0 = bench_cpu_us();
    for (int k = 0; k < count; k++) {
      struct sudoku_generated out;
      o.seed = seed + (uint64_t)k;
      if (sudoku_generate(&o, &out) != SUDOKU_OK) {
        late++;
        continue;
      }
      done++;
      givens += out.givens;
      attempts += out.attempts;
      first += out.rated_attempts == 1;
    }
    double ms = now_ms() - t0, cpu = (bench_cpu_us() - c0) / 1e3;
    if (w->size == 9 && w->givens == 0 && w->level != SUDOKU_LEVEL_ANY &&
        (w->sym == SUDOKU_SYM_NONE || w->sym == SUDOKU_SYM_ROT180)) {
      ours[w->level][w->sym == SUDOKU_SYM_ROT180] = 1e3 * count / ms;
      ours_cpu[w->level][w->sym == SUDOKU_SYM_ROT180] = 1e3 * count / cpu;
    }
    char target[16], share[16];
    snprintf(target, sizeof target, "%d", w->givens);
    if (w->level == SUDOKU_LEVEL_ANY)
      snprintf(share, sizeof share, "-");
    else
      snprintf(share, sizeof share, "%.0f%%",
               done ? 100.0 * first / done : 0.0);
    printf("%2dx%-2d %-8s %-8s %6s %6d | %9.2f %9.2f %9.1f %7.1f %9.1f %7s "
           "%5d\n",
           w->size, w->size, sudoku_symmetry_name(w->sym),
           w->level == SUDOKU_LEVEL_ANY ? "any" : sudoku_level_name(w->level),
           w->givens ? target : "min", count, ms / count, cpu / count,
           1e3 * count / ms, done ? givens / done : 0.0,
           done ? attempts / done : 0.0, share, late);
    fflush(stdout);
  }
  bench_variants(scale, seed, only);
  if (qq > 0 && !variants_only) {
    printf("\nqqwing --generate %d --difficulty D [--symmetry S] (9x9, not "
           "minimal):\n",
           qq);
    printf("%-13s %8s %8s %8s %8s || %-7s %8s %8s %6s %6s %8s %8s %6s "
           "%6s\n",
           "qqwing level", "none/s", "rot180/s", "cpu", "cpu", "ours", "none/s",
           "rot180/s", "ratio", "ratio", "cpu", "cpu", "ratio", "ratio");
    for (size_t i = 0; i < sizeof qqwing_levels / sizeof *qqwing_levels; i++) {
      double none_cpu, rot_cpu;
      double none = time_qqwing(qq, qqwing_levels[i], "none", &none_cpu);
      double rot = time_qqwing(qq, qqwing_levels[i], "rotate180", &rot_cpu);
      if (none < 0 || rot < 0) {
        printf("%-13s %8s (qqwing not found: apt-get install qqwing)\n",
               qqwing_levels[i], "n/a");
        break;
      }
      enum sudoku_level l = qqwing_peer[i];
      printf("%-13s %8.1f %8.1f %8.1f %8.1f || %-7s %8.1f %8.1f %5.1fx "
             "%5.1fx %8.1f %8.1f %5.1fx %5.1fx\n",
             qqwing_levels[i], 1e3 * qq / none, 1e3 * qq / rot,
             1e3 * qq / none_cpu, 1e3 * qq / rot_cpu, sudoku_level_name(l),
             ours[l][0], ours[l][1], ours[l][0] * none / (1e3 * qq),
             ours[l][1] * rot / (1e3 * qq), ours_cpu[l][0], ours_cpu[l][1],
             ours_cpu[l][0] * none_cpu / (1e3 * qq),
             ours_cpu[l][1] * rot_cpu / (1e3 * qq));
      fflush(stdout);
    }
  }
  printf("\nmean ms = wall time / puzzles asked (late ones included); cpu "
         "ms = CPU time / puzzles;\nattempts = grids drawn per puzzle; 1st try "
         "= share of puzzles "
         "whose first rated candidate had the level; late = deadline (60 "
         "s) missed.\nours: our level set beside each qqwing level (by "
         "rank), 9x9 minimal, puzzles/s from the rows above;\nratio = our "
         "rate / qqwing's with the same symmetry (none, then rot180 beside "
         "rotate180),\nby wall time, then by CPU time (cpu: what other "
         "load on the machine does not stretch);\n1.0x or more meets the "
         "target.\n");
  if (band_seconds > 0 && !variants_only)
    band_rows(band_seconds, seed, NULL);
  return 0;
}
