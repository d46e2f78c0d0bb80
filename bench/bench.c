/*
 * bench.c - `make bench`: a benchmark, not a test. For each corpus file,
 * mean microseconds per puzzle and the slowest puzzle, with the mean
 * guesses per puzzle, in first-solution, count-to-2 and lexmin modes
 * (lexmin as the CLI's --lexmin asks: the smallest solution, limit 1);
 * then Debian's qqwing --solve on the first puzzles of the same file, in
 * the same run, and the ratio over those same puzzles. Then lexmin on the
 * empty grid of every size. Prints tables; never fails on time.
 *
 * The last default row is 16x16 puzzles with 45% givens (generated, in
 * tests/data; qqwing only does 9x9).
 *
 * usage: bench_sudoku [--corpus DIR] [--peer-limit N] [--passes N] [FILE...]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "sudoku.h"

static const char *const default_files[] = {
    "17clue.txt",
    "top1465.txt",
    "forum_hardest_1905_11plus.txt",
    "forum_hardest_1106.txt",
    "easy_kagglestyle_20k.txt",
    "multi_solution_200.txt",
    "tests/data/generated_16x16_45pct.txt"};

struct timing {
  double total_us, max_us, guesses;
  size_t max_index, unsolved;
};

/*
 * Times sudoku_solve on puzzles[0..count) with the given solution limit,
 * in `passes` whole passes: the mean is the best pass's (this machine is
 * shared and noisy), the slowest puzzle the largest of each puzzle's best
 * time (one preempted solve is not a slow puzzle). best[] has count slots.
 */
static struct timing time_solver(const sudoku_grid *puzzles, size_t count,
                                 uint32_t limit, bool lexmin, int passes,
                                 double *best) {
  struct timing t = {0, 0, 0, 0, 0};
  struct sudoku_limits lim = {limit, 0, 0, lexmin};
  for (int pass = 0; pass < passes; pass++) {
    double total = 0, guesses = 0;
    size_t unsolved = 0;
    for (size_t i = 0; i < count; i++) {
      sudoku_grid sol;
      struct sudoku_stats st;
      double t0 = bench_now_us();
      enum sudoku_status s = sudoku_solve(&puzzles[i], &lim, &sol, &st);
      double dt = bench_now_us() - t0;
      total += dt;
      guesses += (double)st.guesses;
      if (pass == 0 || dt < best[i])
        best[i] = dt;
      unsolved += s != SUDOKU_OK;
    }
    if (pass == 0 || total < t.total_us)
      t.total_us = total;
    t.guesses = guesses / (double)count;
    t.unsolved = unsolved;
  }
  for (size_t i = 0; i < count; i++) {
    if (best[i] > t.max_us) {
      t.max_us = best[i];
      t.max_index = i;
    }
  }
  return t;
}

/* Wall time of `qqwing --solve` over the first `count` lines of text, in
 * microseconds; negative when qqwing is not there. */
static double time_qqwing(const char *text, size_t len, size_t count) {
  size_t bytes = 0;
  for (size_t lines = 0; bytes < len && lines < count; bytes++)
    lines += text[bytes] == '\n';
  char *argv[] = {"qqwing", "--solve", "--csv", NULL};
  return bench_time_program(argv, text, bytes);
}

/* Lexmin of the empty grid of every size, one solve each under a 2 s
 * deadline: the row-major search of the general solver (naked and hidden
 * singles) does not finish every size. */
static void bench_empty_lexmin(void) {
  double total = 0;
  int unfinished = 0;
  printf("\nlexmin of the empty grid (2 s deadline each):\n");
  for (int n = SUDOKU_MIN_N; n <= SUDOKU_MAX_N; n++) {
    int br, bc;
    if (!sudoku_box_shape(n, &br, &bc))
      continue;
    sudoku_grid g, sol;
    sudoku_grid_init(&g, br, bc);
    struct sudoku_limits lim = {1, 0, 2000000, true};
    struct sudoku_stats st;
    double t0 = bench_now_us();
    enum sudoku_status s = sudoku_solve(&g, &lim, &sol, &st);
    double dt = bench_now_us() - t0;
    total += dt;
    unfinished += s != SUDOKU_OK;
    printf("  %2dx%-2d (%dx%d boxes) %12.0f us %10llu guesses %s\n", n, n, br,
           bc, dt, (unsigned long long)st.guesses,
           s == SUDOKU_OK ? "" : sudoku_status_code(s));
  }
  printf("  all sizes: %.0f us, %d unfinished\n", total, unfinished);
}

int main(int argc, char **argv) {
  const char *dir = "../shared/corpus";
  size_t peer_limit = 5000;
  int passes = 3;
  const char *files[64];
  int nfiles = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--corpus") == 0 && i + 1 < argc)
      dir = argv[++i];
    else if (strcmp(argv[i], "--peer-limit") == 0 && i + 1 < argc)
      peer_limit = strtoul(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--passes") == 0 && i + 1 < argc)
      passes = atoi(argv[++i]) > 0 ? atoi(argv[i]) : 1;
    else if (argv[i][0] != '-' && nfiles < 64)
      files[nfiles++] = argv[i];
    else {
      fprintf(stderr,
              "usage: %s [--corpus DIR] [--peer-limit N] [--passes N] "
              "[FILE...]\n",
              argv[0]);
      return 2;
    }
  }
  if (nfiles == 0) {
    if (access(dir, R_OK) != 0) {
      fprintf(stderr, "bench: %s not found; using the samples in tests/data\n",
              dir);
      dir = "tests/data";
    }
    for (size_t i = 0; i < sizeof default_files / sizeof *default_files; i++)
      files[nfiles++] = default_files[i];
  }

  printf("sudoku %s bench: one thread, times per puzzle in microseconds\n",
         SUDOKU_VERSION);
  printf("%-30s %7s | %8s %7s %8s | %9s %7s %8s | %9s %7s | %10s %7s "
         "%6s\n",
         "file", "puzzles", "first us", "guesses", "max us", "count2 us",
         "guesses", "max us", "lexmin us", "x count2", "qqwing us", "(on N)",
         "ratio");
  for (int f = 0; f < nfiles; f++) {
    char path[1024];
    if (strchr(files[f], '/') != NULL)
      snprintf(path, sizeof path, "%s", files[f]);
    else
      snprintf(path, sizeof path, "%s/%s", dir, files[f]);
    size_t len;
    char *text = bench_read_file(path, &len);
    if (text == NULL) {
      printf("%-30s missing (%s)\n", files[f], path);
      continue;
    }
    size_t cap = 1024, count = 0;
    sudoku_grid *puzzles = malloc(cap * sizeof *puzzles);
    struct sudoku_reader r;
    struct sudoku_text_error err;
    sudoku_reader_init(&r, text, len);
    int got;
    while (puzzles != NULL &&
           (got = sudoku_read_next(&r, &puzzles[count], &err)) == 1) {
      if (++count == cap) {
        sudoku_grid *bigger = realloc(puzzles, 2 * cap * sizeof *puzzles);
        if (bigger == NULL)
          break;
        puzzles = bigger;
        cap *= 2;
      }
    }
    if (puzzles == NULL || count == 0) {
      printf("%-30s unreadable\n", files[f]);
      free(text);
      free(puzzles);
      continue;
    }
    double *best = malloc(count * sizeof *best);
    if (best == NULL)
      return 1;
    struct timing first = time_solver(puzzles, count, 1, false, passes, best);
    struct timing count2 = time_solver(puzzles, count, 2, false, passes, best);
    struct timing lex = time_solver(puzzles, count, 1, true, passes, best);
    size_t peer_n = count < peer_limit ? count : peer_limit;
    double q = puzzles[0].n == 9 ? time_qqwing(text, len, peer_n) : -1;
    struct timing ours_n = time_solver(puzzles, peer_n, 2, false, 1, best);
    const char *base =
        strrchr(files[f], '/') ? strrchr(files[f], '/') + 1 : files[f];
    printf(
        "%-30s %7zu | %8.2f %7.1f %8.0f | %9.2f %7.1f %8.0f | %9.2f %7.2fx | ",
        base, count, first.total_us / (double)count, first.guesses,
        first.max_us, count2.total_us / (double)count, count2.guesses,
        count2.max_us, lex.total_us / (double)count,
        lex.total_us / count2.total_us);
    if (q < 0)
      printf("%10s %7s %6s\n", "n/a", "", "");
    else
      printf("%10.2f %7zu %5.1fx\n", q / (double)peer_n, peer_n,
             q / ours_n.total_us);
    if (first.unsolved || count2.unsolved)
      printf("  note: %zu puzzles without a complete answer\n",
             count2.unsolved);
    free(best);
    free(puzzles);
    free(text);
  }
  printf("means: best of %d passes; max: the slowest puzzle's best time;\n"
         "guesses: mean branches taken a puzzle (every choice tried at a "
         "guess counts: 9x9, a digit's placement in a band or stack);\n"
         "lexmin: the smallest solution (limit 1), x count2 its time over "
         "count-to-2's.\n"
         "ratio = qqwing --solve time / sudoku count-to-2 time on the same "
         "first N puzzles (qqwing includes its process start and I/O).\n",
         passes);
  bench_empty_lexmin();
  return 0;
}
