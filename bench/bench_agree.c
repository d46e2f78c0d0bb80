/*
 * bench_agree.c - how well our rating agrees with Sudoku Explainer's: reads
 * a tab-separated file of SE-rated puzzles (first column the 81-character
 * puzzle, the column named "ER" the rating; one header line), rates each
 * puzzle with sudoku_rate() and prints Spearman's rank correlation, the
 * share within 0.5 of SE, a confusion table by integer bucket and the time
 * per puzzle (and how often our EP and ED equal SE's, when the file has
 * those columns). A benchmark, not a test: it never fails on a figure.
 *
 * Usage: bench_agree [-v] [-d DEADLINE_MS] [FILE]
 *   default FILE ../shared/corpus/rated/se_rated_calibration.tsv,
 *   default deadline 20000 ms a puzzle; -v prints one line a puzzle.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sudoku_logic.h"

#define MAX_PUZZLES 20000
#define BUCKETS 13 /* 0..11 and 12+ */

struct row {
  double se, ours, secs;
  double se_ep, se_ed; /* -1 when the file has no EP / ED column */
  int ep, ed;          /* ours, x10 */
  int tech;
  enum sudoku_status st;
};

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Average ranks (ties share the mean rank) of x[0..n) into r. */
static void ranks(const double *x, int n, double *r) {
  int *idx = malloc(sizeof *idx * (size_t)n);
  for (int i = 0; i < n; i++)
    idx[i] = i;
  for (int i = 1; i < n; i++) /* insertion sort: n is small */
    for (int j = i; j > 0 && x[idx[j - 1]] > x[idx[j]]; j--) {
      int t = idx[j];
      idx[j] = idx[j - 1];
      idx[j - 1] = t;
    }
  for (int i = 0; i < n;) {
    int j = i;
    while (j + 1 < n && x[idx[j + 1]] == x[idx[i]])
      j++;
    for (int k = i; k <= j; k++)
      r[idx[k]] = (i + j) / 2.0 + 1;
    i = j + 1;
  }
  free(idx);
}

static double pearson(const double *a, const double *b, int n) {
  double ma = 0, mb = 0, sab = 0, saa = 0, sbb = 0;
  for (int i = 0; i < n; i++) {
    ma += a[i];
    mb += b[i];
  }
  ma /= n;
  mb /= n;
  for (int i = 0; i < n; i++) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) * (a[i] - ma);
    sbb += (b[i] - mb) * (b[i] - mb);
  }
  return saa > 0 && sbb > 0 ? sab / sqrt(saa * sbb) : 0;
}

/* The index of the tab-separated column named name in header, or -1. */
static int column(const char *header, const char *name) {
  int col = 0;
  for (const char *p = header; *p;) {
    size_t len = strcspn(p, "\t\r\n");
    if (len == strlen(name) && memcmp(p, name, len) == 0)
      return col;
    p += len;
    if (*p != '\t')
      break;
    p++;
    col++;
  }
  return -1;
}

static const char *field(const char *line, int col) {
  for (int i = 0; i < col && line; i++) {
    line = strchr(line, '\t');
    if (line)
      line++;
  }
  return line;
}

int main(int argc, char **argv) {
  const char *path = "../shared/corpus/rated/se_rated_calibration.tsv";
  unsigned long deadline_ms = 20000;
  int verbose = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-v") == 0)
      verbose = 1;
    else if (strcmp(argv[i], "-d") == 0 && i + 1 < argc)
      deadline_ms = strtoul(argv[++i], NULL, 10);
    else
      path = argv[i];
  }
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    return 2;
  }
  static char line[4096];
  static struct row rows[MAX_PUZZLES];
  int n = 0, er_col = -1, ep_col = -1, ed_col = -1;
  if (fgets(line, sizeof line, f)) {
    er_col = column(line, "ER");
    ep_col = column(line, "EP");
    ed_col = column(line, "ED");
  }
  if (er_col < 0) {
    fprintf(stderr, "%s: no ER column\n", path);
    return 2;
  }
  while (n < MAX_PUZZLES && fgets(line, sizeof line, f)) {
    sudoku_grid g;
    sudoku_grid_init(&g, 3, 3);
    if (strlen(line) < 81)
      continue;
    for (int c = 0; c < 81; c++)
      g.cell[c] =
          line[c] >= '1' && line[c] <= '9' ? (uint8_t)(line[c] - '0') : 0;
    const char *er = field(line, er_col);
    if (!er)
      continue;
    struct sudoku_logic_limits lim = {deadline_ms * 1000u, 0};
    struct sudoku_rating r;
    double t0 = now_s();
    enum sudoku_status st = sudoku_rate(&g, &lim, &r);
    struct row *w = &rows[n++];
    w->secs = now_s() - t0;
    w->se = atof(er);
    w->ours = (st == SUDOKU_OK && r.solved) ? r.rating / 10.0 : 99.0;
    w->tech = r.hardest;
    w->st = st;
    const char *ep = ep_col >= 0 ? field(line, ep_col) : NULL;
    const char *ed = ed_col >= 0 ? field(line, ed_col) : NULL;
    w->se_ep = ep ? atof(ep) : -1;
    w->se_ed = ed ? atof(ed) : -1;
    w->ep = r.ep;
    w->ed = r.ed;
    if (verbose)
      printf("%.81s\t%.1f\t%.1f\t%s\t%.3fs%s\n", line, w->se, w->ours,
             sudoku_technique_id(r.hardest), w->secs,
             st != SUDOKU_OK ? "\tDEADLINE" : (r.solved ? "" : "\tUNSOLVED"));
  }
  fclose(f);
  if (n == 0)
    return 2;
  double *a = malloc(sizeof *a * (size_t)n), *b = malloc(sizeof *b * (size_t)n);
  double *ra = malloc(sizeof *ra * (size_t)n),
         *rb = malloc(sizeof *rb * (size_t)n);
  int within = 0, unsolved = 0, conf[BUCKETS][BUCKETS] = {{0}};
  int ep_n = 0, ep_eq = 0, ed_n = 0, ed_eq = 0;
  double total = 0, slowest = 0;
  for (int i = 0; i < n; i++) {
    a[i] = rows[i].se;
    b[i] = rows[i].ours;
    within += fabs(a[i] - b[i]) <= 0.5 + 1e-9;
    unsolved += rows[i].ours > 90;
    total += rows[i].secs;
    if (rows[i].secs > slowest)
      slowest = rows[i].secs;
    if (rows[i].se_ep >= 0 && rows[i].ours < 90) {
      ep_n++;
      ep_eq += fabs(rows[i].se_ep - rows[i].ep / 10.0) < 0.05;
    }
    if (rows[i].se_ed >= 0 && rows[i].ours < 90) {
      ed_n++;
      ed_eq += fabs(rows[i].se_ed - rows[i].ed / 10.0) < 0.05;
    }
    int x = (int)a[i], y = (int)b[i];
    conf[x < BUCKETS ? x : BUCKETS - 1][y < BUCKETS ? y : BUCKETS - 1]++;
  }
  ranks(a, n, ra);
  ranks(b, n, rb);
  printf("puzzles %d  spearman %.3f  within 0.5: %d (%.1f%%)  unsolved %d\n", n,
         pearson(ra, rb, n), within, 100.0 * within / n, unsolved);
  if (ep_n > 0 || ed_n > 0)
    printf("EP equal to SE: %d of %d  ED equal to SE: %d of %d\n", ep_eq, ep_n,
           ed_eq, ed_n);
  printf("time: total %.2fs  mean %.1f ms  slowest %.2fs\n", total,
         1000 * total / n, slowest);
  printf("confusion (rows SE bucket, columns ours; 12 = 12+ or unsolved):\n "
         "SE\\us");
  for (int y = 1; y < BUCKETS; y++)
    printf("%5d", y);
  printf("\n");
  for (int x = 1; x < BUCKETS; x++) {
    int any = 0;
    for (int y = 0; y < BUCKETS; y++)
      any |= conf[x][y];
    if (!any)
      continue;
    printf("%5d", x);
    for (int y = 1; y < BUCKETS; y++)
      printf("%5d", conf[x][y]);
    printf("\n");
  }
  free(a);
  free(b);
  free(ra);
  free(rb);
  return 0;
}
