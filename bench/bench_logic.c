/*
 * bench_logic.c - `make bench`, second part: a benchmark, not a test.
 *
 *  1. Rating speed: sudoku_rate over the 17-clue, top1465 and hardest
 *     files (the first --limit puzzles of each, default 500): puzzles per
 *     second (each puzzle's best of 3 when under 100 ms), the
 *     slowest puzzle, how many paths reached the solution; then Debian's
 *     `qqwing --solve --stats` on the same puzzles in the same run, and
 *     the ratio (qqwing's wall time, process start included, over ours).
 *  2. Next step: sudoku_next_step on 9x9 positions (a puzzle plus the
 *     placements of its path so far), a row per file: mean and slowest,
 *     the slowest also without the last resort (nested forcing chains and
 *     trial).
 *  3. Agreement with Sudoku Explainer on rated/se_rated_calibration.tsv:
 *     Spearman's rank correlation, the share within 0.5 of SE's ER, the
 *     median rating per qqwing level (must rise strictly), and, with
 *     --verbose, every puzzle off by more than 0.5.
 *  4. qqwing's levels: --levels N (default 60) puzzles that qqwing
 *     generates at each level, rated here: median and mean per level.
 *  5. skfr (G. Penet's C++ clone of SE's rater, built single-threaded
 *     outside this project), when --skfr PATH or the SKFR environment
 *     variable names its binary: a row per file (the first 50 puzzles of
 *     the forum hardest files, 200 of the others, at most --limit): how
 *     often our ER equals skfr's and is within 0.1, 0.2 and 0.5 of it,
 *     Spearman's rank correlation of the ERs, EP and ED equal, and the CPU
 *     time per puzzle of each (skfr's process, ours in this process).
 *     Skipped when neither names one.
 * Prints tables; never fails on time.
 *
 * usage: bench_logic [--corpus DIR] [--limit N] [--levels N] [--verbose]
 *                    [--skfr PATH] [FILE...]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "sudoku.h"
#include "sudoku_logic.h"

#define PASSES 3 /* best of, for every timing */

static const char *const default_files[] = {"17clue.txt", "top1465.txt",
                                            "forum_hardest_1905_11plus.txt"};

/* Up to max puzzles of a file; *count receives how many. */
static sudoku_grid *load(const char *path, size_t max, size_t *count) {
  size_t len = 0;
  char *text = bench_read_file(path, &len);
  *count = 0;
  if (text == NULL)
    return NULL;
  sudoku_grid *g = malloc(sizeof *g * (max ? max : 1));
  struct sudoku_reader r;
  sudoku_reader_init(&r, text, len);
  while (g != NULL && *count < max &&
         sudoku_read_next(&r, &g[*count], NULL) == 1)
    (*count)++;
  free(text);
  return g;
}

/* Wall time of `qqwing --solve --stats` on the puzzles, in microseconds;
 * negative when qqwing is not there. */
static double time_qqwing(const sudoku_grid *p, size_t count) {
  size_t cap = count * SUDOKU_TEXT_MAX + 1, len = 0;
  char *text = malloc(cap);
  if (text == NULL)
    return -1;
  for (size_t i = 0; i < count; i++)
    len += sudoku_write_line(&p[i], text + len, cap - len);
  char *argv[] = {"qqwing", "--solve", "--stats", NULL};
  double took = bench_time_program(argv, text, len);
  free(text);
  return took;
}

static void bench_rate(const char *dir, const char *file, size_t limit) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  size_t count = 0;
  sudoku_grid *p = load(path, limit, &count);
  if (p == NULL || count == 0) {
    snprintf(path, sizeof path, "tests/data/%s", file);
    free(p);
    p = load(path, limit, &count);
  }
  if (p == NULL || count == 0) {
    printf("%-32s (missing)\n", file);
    free(p);
    return;
  }
  /* Each puzzle's best of PASSES (this machine is shared and noisy: one
   * preempted rating is not a slow puzzle); qqwing's best run likewise. */
  double total = 0, max = 0;
  size_t slow = 0, solved = 0, sum_rating = 0;
  for (size_t i = 0; i < count; i++) {
    struct sudoku_rating r;
    enum sudoku_status st = SUDOKU_OK;
    double best = 0;
    for (int pass = 0; pass < PASSES; pass++) {
      double t0 = bench_now_us();
      st = sudoku_rate(&p[i], NULL, &r);
      double dt = bench_now_us() - t0;
      if (pass == 0 || dt < best)
        best = dt;
      if (dt > 100000)
        break; /* a slow one is its own best: noise is small beside it
                  (at 10 ms, one preempted 3 ms rating counted 15 ms) */
    }
    total += best;
    if (best > max) {
      max = best;
      slow = i;
    }
    solved += st == SUDOKU_OK && r.solved;
    sum_rating += r.rating;
  }
  double q = -1;
  for (int pass = 0; pass < PASSES; pass++) {
    double t = time_qqwing(p, count);
    if (t > 0 && (q < 0 || t < q))
      q = t;
  }
  char ratio[32] = "-", qs[32] = "-";
  if (q > 0) {
    snprintf(qs, sizeof qs, "%.0f", (double)count / (q / 1e6));
    snprintf(ratio, sizeof ratio, "%.1fx", q / total);
  }
  printf("%-32s %7zu %9.0f %10.0f %7zu %8zu %6.2f %10s %7s\n", file, count,
         (double)count / (total / 1e6), max, slow + 1, solved,
         (double)sum_rating / 10.0 / (double)count, qs, ratio);
  free(p);
}

/* ---- Next step on positions -------------------------------------------- */

struct walk {
  sudoku_grid pos;
  double total, max, max_no_last;
  size_t steps;
};

static bool time_step(const struct sudoku_step *step, void *vctx) {
  struct walk *w = vctx;
  struct sudoku_step out;
  enum sudoku_status st = SUDOKU_OK;
  double dt = 0;
  for (int pass = 0; pass < PASSES; pass++) {
    double t0 = bench_now_us();
    st = sudoku_next_step(&w->pos, NULL, NULL, &out);
    double t = bench_now_us() - t0;
    if (pass == 0 || t < dt)
      dt = t;
  }
  w->total += dt;
  w->steps++;
  if (dt > w->max)
    w->max = dt;
  if (st == SUDOKU_OK && out.technique < SUDOKU_TECH_NESTED_FORCING_CHAIN &&
      dt > w->max_no_last)
    w->max_no_last = dt;
  for (int i = 0; i < step->nplacements; i++)
    w->pos.cell[step->placements[i].cell] = step->placements[i].value;
  return true;
}

static void bench_next_step(const char *dir, const char *file, size_t limit) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  size_t count = 0;
  sudoku_grid *p = load(path, limit, &count);
  if (p == NULL || count == 0) {
    free(p);
    snprintf(path, sizeof path, "tests/data/%s", file);
    p = load(path, limit, &count);
  }
  struct walk w;
  memset(&w, 0, sizeof w);
  for (size_t i = 0; i < count; i++) {
    struct sudoku_rating r;
    w.pos = p[i];
    sudoku_logic_solve(&p[i], NULL, time_step, &w, &r);
  }
  printf("%-32s %7zu %9zu %9.1f %10.0f %12.0f\n", file, count, w.steps,
         w.steps ? w.total / (double)w.steps : 0.0, w.max, w.max_no_last);
  free(p);
}

/* ---- Agreement with SE -------------------------------------------------- */

#define MAX_RATED 4096

/* Average ranks (ties share their mean rank). */
static void ranks(const double *x, size_t n, double *rank) {
  for (size_t i = 0; i < n; i++) {
    size_t less = 0, equal = 0;
    for (size_t j = 0; j < n; j++) {
      less += x[j] < x[i];
      equal += x[j] == x[i];
    }
    rank[i] = (double)less + ((double)equal + 1.0) / 2.0;
  }
}

static double spearman(const double *a, const double *b, size_t n) {
  double *ra = malloc(sizeof *ra * n), *rb = malloc(sizeof *rb * n);
  ranks(a, n, ra);
  ranks(b, n, rb);
  double ma = 0, mb = 0;
  for (size_t i = 0; i < n; i++) {
    ma += ra[i];
    mb += rb[i];
  }
  ma /= (double)n;
  mb /= (double)n;
  double sab = 0, saa = 0, sbb = 0;
  for (size_t i = 0; i < n; i++) {
    sab += (ra[i] - ma) * (rb[i] - mb);
    saa += (ra[i] - ma) * (ra[i] - ma);
    sbb += (rb[i] - mb) * (rb[i] - mb);
  }
  free(ra);
  free(rb);
  return saa > 0 && sbb > 0 ? sab / sqrt(saa * sbb) : 0;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *x, size_t n) {
  if (n == 0)
    return 0;
  qsort(x, n, sizeof *x, cmp_double);
  return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}

static void bench_agreement(const char *dir, bool verbose) {
  char path[1024];
  snprintf(path, sizeof path, "%s/rated/se_rated_calibration.tsv", dir);
  size_t len = 0;
  char *text = bench_read_file(path, &len);
  if (text == NULL) {
    printf("\nagreement with SE: %s missing\n", path);
    return;
  }
  static double ours[MAX_RATED], se[MAX_RATED];
  static const char *const levels[] = {"simple", "easy", "intermediate",
                                       "expert"};
  static double by_level[4][MAX_RATED];
  size_t nlevel[4] = {0, 0, 0, 0}, n = 0, within = 0, exact = 0;
  size_t unsolved = 0;
  double t0 = bench_now_us();
  char *save = NULL;
  char *line = strtok_r(text, "\n", &save); /* header */
  while ((line = strtok_r(NULL, "\n", &save)) != NULL && n < MAX_RATED) {
    /* Fields may be empty (qqwing_level of other sources): split by
     * hand, strtok would merge the tabs. */
    char *f[8];
    int nf = 0;
    for (char *t = line; t != NULL && nf < 8;) {
      f[nf++] = t;
      t = strchr(t, '\t');
      if (t != NULL)
        *t++ = '\0';
    }
    if (nf < 7)
      continue;
    sudoku_grid g;
    struct sudoku_reader r;
    sudoku_reader_init(&r, f[0], strlen(f[0]));
    if (sudoku_read_next(&r, &g, NULL) != 1)
      continue;
    struct sudoku_rating rt;
    if (sudoku_rate(&g, NULL, &rt) != SUDOKU_OK)
      continue;
    ours[n] = rt.rating / 10.0;
    se[n] = atof(f[3]);
    unsolved += !rt.solved;
    within += fabs(ours[n] - se[n]) <= 0.5 + 1e-9;
    exact += fabs(ours[n] - se[n]) < 1e-9;
    for (int l = 0; l < 4; l++)
      if (strcmp(f[2], levels[l]) == 0)
        by_level[l][nlevel[l]++] = ours[n];
    if (verbose && fabs(ours[n] - se[n]) > 0.5 + 1e-9)
      printf("  off: ours %.1f %-28s se %.1f %-28s %s\n", ours[n],
             sudoku_technique_id(rt.hardest), se[n], f[6], f[0]);
    n++;
  }
  double took = bench_now_us() - t0;
  printf("\nagreement with SE (%s, %zu puzzles, %.1f s): Spearman %.3f "
         "(target >= 0.9), within 0.5: %.1f %% (target >= 70 %%), equal: "
         "%.1f %%, paths unsolved: %zu\n",
         path, n, took / 1e6, spearman(ours, se, n),
         n ? 100.0 * (double)within / (double)n : 0.0,
         n ? 100.0 * (double)exact / (double)n : 0.0, unsolved);
  /* SE's own medians tie at 1.5 for qqwing's simple and easy puzzles of
   * this file, so the means are printed too. */
  printf("median (mean) rating by qqwing level:");
  for (int l = 0; l < 4; l++) {
    double sum = 0;
    for (size_t i = 0; i < nlevel[l]; i++)
      sum += by_level[l][i];
    printf(" %s %.1f (%.2f, %zu)", levels[l], median(by_level[l], nlevel[l]),
           nlevel[l] ? sum / (double)nlevel[l] : 0.0, nlevel[l]);
  }
  printf("\n");
  free(text);
}

/* ---- qqwing's levels --------------------------------------------------- */

/* Rates `count` puzzles that qqwing generates at each of its levels (a
 * fresh random set each run) and prints the median and mean rating of
 * each level, and whether the medians rise strictly. */
static void bench_qqwing_levels(size_t count) {
  static const char *const levels[] = {"simple", "easy", "intermediate",
                                       "expert"};
  double med[4], *r = malloc(sizeof *r * (count ? count : 1));
  printf("\nqqwing's levels (%zu fresh puzzles each, rated here):", count);
  for (int l = 0; l < 4; l++) {
    char cmd[128];
    snprintf(cmd, sizeof cmd,
             "qqwing --generate %zu --difficulty %s --one-line 2>/dev/null",
             count, levels[l]);
    FILE *p = popen(cmd, "r");
    size_t n = 0;
    double sum = 0;
    char line[256];
    while (p != NULL && n < count && fgets(line, sizeof line, p) != NULL) {
      sudoku_grid g;
      struct sudoku_reader rd;
      struct sudoku_rating rt;
      sudoku_reader_init(&rd, line, strlen(line));
      if (sudoku_read_next(&rd, &g, NULL) != 1 ||
          sudoku_rate(&g, NULL, &rt) != SUDOKU_OK)
        continue;
      r[n] = rt.rating / 10.0;
      sum += r[n++];
    }
    if (p == NULL || pclose(p) != 0 || n == 0) {
      printf(" (qqwing missing)\n");
      free(r);
      return;
    }
    med[l] = median(r, n);
    printf(" %s %.1f (%.2f)", levels[l], med[l], sum / (double)n);
  }
  bool rises = med[0] < med[1] && med[1] < med[2] && med[2] < med[3];
  printf("; medians rise strictly: %s\n", rises ? "yes" : "no");
  free(r);
}

/* ---- skfr beside ours ---------------------------------------------------- */

/* skfr's ratings of the puzzles: *er, *ep, *ed x10 for the line of
 * skfr's output files in dir that starts with line81, or false. skfr
 * writes "PUZZLE ED=ER/EP/ED" lines to NAME_rat.txt (rated) and
 * NAME_N_rat.txt (not rated) beside its input NAME.txt. */
static bool skfr_lookup(const char *rated, const char *line81, int *er, int *ep,
                        int *ed) {
  for (const char *p = rated; p != NULL && *p; p = strchr(p, '\n')) {
    if (*p == '\n')
      p++;
    if (strncmp(p, line81, 81) != 0)
      continue;
    const char *e = strstr(p, "ED=");
    double a, b, c;
    if (e == NULL || sscanf(e, "ED=%lf/%lf/%lf", &a, &b, &c) != 3)
      return false;
    *er = (int)lround(a * 10);
    *ep = (int)lround(b * 10);
    *ed = (int)lround(c * 10);
    return true;
  }
  return false;
}

static void bench_skfr_file(const char *skfr, const char *dir, const char *file,
                            size_t limit) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  size_t count = 0;
  sudoku_grid *p = load(path, limit, &count);
  char tmpl[] = "/tmp/bench-skfr-XXXXXX";
  char *tdir = p != NULL && count > 0 ? mkdtemp(tmpl) : NULL;
  if (tdir == NULL) {
    printf("%-32s (missing)\n", file);
    free(p);
    return;
  }
  size_t cap = count * SUDOKU_TEXT_MAX + 1, len = 0;
  char *text = malloc(cap);
  for (size_t i = 0; text != NULL && i < count; i++)
    len += sudoku_write_line(&p[i], text + len, cap - len);
  char in[1100], arg[1100], out[1100];
  snprintf(in, sizeof in, "%s/p.txt", tdir);
  FILE *f = text != NULL ? fopen(in, "w") : NULL;
  if (f != NULL) {
    fwrite(text, 1, len, f);
    fclose(f);
  }
  /* skfr reads NAME.txt from -iNAME; its standard input is unused. */
  snprintf(arg, sizeof arg, "-i%s/p", tdir);
  char *argv[] = {(char *)skfr, arg, NULL};
  double skfr_cpu = 0;
  double took = bench_run_program(argv, "", 0, &skfr_cpu);
  size_t rlen = 0, nlen = 0;
  snprintf(out, sizeof out, "%s/p_rat.txt", tdir);
  char *rated = bench_read_file(out, &rlen);
  remove(out);
  snprintf(out, sizeof out, "%s/p_N_rat.txt", tdir);
  char *unrated = bench_read_file(out, &nlen);
  remove(out);
  remove(in);
  snprintf(out, sizeof out, "%s/p_log.txt", tdir);
  remove(out);
  rmdir(tdir);
  double *a = malloc(sizeof *a * count), *b = malloc(sizeof *b * count);
  size_t n = 0, eq = 0, w1 = 0, w2 = 0, w5 = 0, epq = 0, edq = 0;
  double ours_cpu = 0;
  for (size_t i = 0; took >= 0 && a != NULL && b != NULL && i < count; i++) {
    char line[SUDOKU_TEXT_MAX];
    sudoku_write_line(&p[i], line, sizeof line);
    for (int k = 0; k < 81; k++)
      if (line[k] == '0')
        line[k] = '.';
    int er, ep, ed;
    if (!skfr_lookup(rated, line, &er, &ep, &ed) &&
        !skfr_lookup(unrated, line, &er, &ep, &ed))
      continue;
    struct sudoku_rating r;
    double t0 = bench_cpu_us();
    sudoku_rate(&p[i], NULL, &r);
    ours_cpu += bench_cpu_us() - t0;
    int d = abs((int)r.rating - er);
    eq += d == 0;
    w1 += d <= 1;
    w2 += d <= 2;
    w5 += d <= 5;
    epq += r.ep == ep;
    edq += r.ed == ed;
    a[n] = er;
    b[n] = r.rating;
    n++;
  }
  if (n == 0)
    printf("%-32s (skfr did not run or rated none)\n", file);
  else
    printf("%-32s %5zu %5.1f %5.1f %5.1f %5.1f %6.3f %5.1f %5.1f %9.1f "
           "%9.1f %6.2f\n",
           file, n, 100.0 * (double)eq / (double)n,
           100.0 * (double)w1 / (double)n, 100.0 * (double)w2 / (double)n,
           100.0 * (double)w5 / (double)n, spearman(a, b, n),
           100.0 * (double)epq / (double)n, 100.0 * (double)edq / (double)n,
           ours_cpu / 1e3 / (double)n, skfr_cpu / 1e3 / (double)count,
           skfr_cpu > 0 ? ours_cpu / skfr_cpu : 0);
  free(a);
  free(b);
  free(rated);
  free(unrated);
  free(text);
  free(p);
}

static void bench_skfr(const char *skfr, const char *dir, size_t limit) {
  static const char *const files[] = {"17clue.txt", "top1465.txt",
                                      "forum_hardest_1106.txt",
                                      "forum_hardest_1905_11plus.txt"};
  printf("\nskfr %s beside ours (ER, EP, ED; %% of puzzles; CPU ms a "
         "puzzle, single-threaded)\n",
         skfr);
  printf("%-32s %5s %5s %5s %5s %5s %6s %5s %5s %9s %9s %6s\n", "file", "n",
         "ER=", "0.1", "0.2", "0.5", "spear", "EP=", "ED=", "ours ms",
         "skfr ms", "ratio");
  for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
    size_t cap = strncmp(files[i], "forum", 5) == 0 ? 50 : 200;
    bench_skfr_file(skfr, dir, files[i], limit < cap ? limit : cap);
  }
}

int main(int argc, char **argv) {
  const char *dir = "../shared/corpus";
  size_t limit = 500, levels = 60;
  bool verbose = false;
  const char *skfr = getenv("SKFR");
  const char *files[64];
  int nfiles = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--corpus") == 0 && i + 1 < argc)
      dir = argv[++i];
    else if (strcmp(argv[i], "--limit") == 0 && i + 1 < argc)
      limit = strtoul(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--levels") == 0 && i + 1 < argc)
      levels = strtoul(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--verbose") == 0)
      verbose = true;
    else if (strcmp(argv[i], "--skfr") == 0 && i + 1 < argc)
      skfr = argv[++i];
    else if (argv[i][0] != '-' && nfiles < 64)
      files[nfiles++] = argv[i];
    else {
      fprintf(stderr,
              "usage: %s [--corpus DIR] [--limit N] [--levels N] [--verbose] "
              "[--skfr PATH] [FILE...]\n",
              argv[0]);
      return 2;
    }
  }
  if (nfiles == 0)
    for (size_t i = 0; i < sizeof default_files / sizeof *default_files; i++)
      files[nfiles++] = default_files[i];
  printf("rating (sudoku_rate; first %zu puzzles of each file; each "
         "puzzle's best of 3, noisy shared machine)\n",
         limit);
  printf("%-32s %7s %9s %10s %7s %8s %6s %10s %7s\n", "file", "puzzles",
         "rated/s", "slowest us", "(#)", "solved", "mean", "qqwing/s", "ratio");
  for (int i = 0; i < nfiles; i++)
    bench_rate(dir, files[i], limit);
  printf("ratio = qqwing --solve --stats wall time (best of 3 runs, process "
         "start included) / our rating time, same puzzles\n");
  /* The next step of every position on the path of each file's first
   * puzzles (300 of top1465, 100 of the others: the hardest take
   * seconds a path). "but last resort": the slowest step whose answer is
   * not a nested forcing chain or trial (the 1 ms target). */
  printf("\nnext step on 9x9 positions (a puzzle plus its path's placements so "
         "far; each position's best of 3)\n");
  printf("%-32s %7s %9s %9s %10s %12s\n", "file", "puzzles", "positions",
         "mean us", "slowest us", "but last res");
  for (int i = 0; i < nfiles; i++) {
    size_t cap = strcmp(files[i], "top1465.txt") == 0 ? 300 : 100;
    bench_next_step(dir, files[i], limit < cap ? limit : cap);
  }
  bench_agreement(dir, verbose);
  bench_qqwing_levels(levels);
  if (skfr != NULL && *skfr != '\0')
    bench_skfr(skfr, dir, limit);
  return 0;
}
