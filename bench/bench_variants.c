/*
 * bench_variants.c - `make bench`, variant rows: for each variant corpus
 * file, count-to-2 (uniqueness) under its rules with sudoku_solve_rules:
 * puzzles per second, the median and the slowest puzzle in ms, and how
 * many were unique, multiple or unsolved; every solution is re-checked by
 * the independent checker and against the file's .sol line when there is
 * one. Then, when `minizinc` is installed, MiniZinc with Gecode on the
 * first puzzles of the same file (bench/variant.mzn, a data file written
 * per puzzle, --all-solutions -n 2, solver time only: its solveTime
 * statistic), and the ratio of the medians. Prints a table; fails only
 * when a solution is wrong.
 *
 * usage: bench_variants [--corpus DIR] [--peer-limit N] [--passes N]
 *                       [FILE:KINDS ...]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "sudoku_rules.h"

struct file_spec {
  const char *file, *kinds; /* kinds: comma list, as --variant */
};

static const struct file_spec default_files[] = {
    {"x.txt", "x"},
    {"hyper.txt", "windoku"},
    {"jigsaw.txt", "jigsaw"},
    {"killer.txt", "killer"},
    {"evenodd.txt", "odd-even"},
    {"killer_derived.txt", "killer"},
    {"killer_multi.txt", "killer"},
    {"x_multi_derived.txt", "x"},
};

static uint32_t parse_kinds(const char *list) {
  uint32_t kinds = 0;
  while (*list) {
    size_t len = strcspn(list, ",");
    int k = sudoku_rule_lookup(list, len);
    if (k < 0) {
      fprintf(stderr, "bench_variants: unknown rule '%.*s'\n", (int)len, list);
      exit(2);
    }
    kinds |= 1u << k;
    list += len + (list[len] == ',');
  }
  return kinds;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *v, size_t count) {
  qsort(v, count, sizeof *v, cmp_double);
  return count == 0  ? 0
         : count % 2 ? v[count / 2]
                     : (v[count / 2 - 1] + v[count / 2]) / 2;
}

/* The data file of bench/variant.mzn for one puzzle. */
static void write_dzn(FILE *f, const sudoku_grid *g, const sudoku_rules *r) {
  int n = g->n;
  fprintf(f, "n = %d;\nbr = %d;\nbc = %d;\n", n, g->box_rows, g->box_cols);
  fprintf(f, "diagonals = %s;\nwindoku = %s;\njigsaw = %s;\n",
          sudoku_rules_has(r, SUDOKU_RULE_X) ? "true" : "false",
          sudoku_rules_has(r, SUDOKU_RULE_WINDOKU) ? "true" : "false",
          sudoku_rules_has(r, SUDOKU_RULE_JIGSAW) ? "true" : "false");
  int cage_of[SUDOKU_MAX_CELLS] = {0};
  if (sudoku_rules_has(r, SUDOKU_RULE_KILLER))
    for (int k = 0; k < r->cage_count; k++)
      for (int i = 0; i < r->cage[k].len; i++)
        cage_of[r->cage_cell[r->cage[k].start + i]] = k + 1;
  const char *names[] = {"given", "region", "cage", "parity"};
  for (int a = 0; a < 4; a++) {
    fprintf(f, "%s = array2d(1..%d, 1..%d, [", names[a], n, n);
    for (int c = 0; c < n * n; c++) {
      int v =
          a == 0 ? g->cell[c]
          : a == 1
              ? (sudoku_rules_has(r, SUDOKU_RULE_JIGSAW) ? r->region[c] + 1 : 1)
          : a == 2
              ? cage_of[c]
              : (sudoku_rules_has(r, SUDOKU_RULE_ODD_EVEN) ? r->parity[c] : 0);
      fprintf(f, "%s%d", c ? "," : "", v);
    }
    fputs("]);\n", f);
  }
  int cages = sudoku_rules_has(r, SUDOKU_RULE_KILLER) ? r->cage_count : 0;
  fprintf(f, "ncages = %d;\ncsum = [", cages);
  for (int k = 0; k < cages; k++)
    fprintf(f, "%s%d", k ? "," : "", r->cage[k].sum);
  fputs("];\n", f);
}

/* Gecode's solve time of one puzzle in ms, and its solution count through
 * *solutions; negative when minizinc failed. */
static double time_minizinc(const char *model, const sudoku_grid *g,
                            const sudoku_rules *r, int *solutions) {
  char dir[] = "/tmp/bench_variants_XXXXXX", dzn[64];
  if (mkdtemp(dir) == NULL)
    return -1;
  snprintf(dzn, sizeof dzn, "%s/puzzle.dzn", dir);
  FILE *f = fopen(dzn, "w");
  if (f == NULL)
    return -1;
  write_dzn(f, g, r);
  fclose(f);
  char cmd[512];
  snprintf(cmd, sizeof cmd,
           "minizinc --solver gecode --all-solutions -n 2 --statistics "
           "%s %s 2>&1",
           model, dzn);
  FILE *p = popen(cmd, "r");
  double ms = -1;
  *solutions = 0;
  char line[4096];
  while (p != NULL && fgets(line, sizeof line, p) != NULL) {
    double t;
    if (sscanf(line, "%%%%%%mzn-stat: solveTime=%lf", &t) == 1)
      ms = t * 1000;
    if (strncmp(line, "----------", 10) == 0)
      (*solutions)++;
  }
  if (p != NULL)
    pclose(p);
  unlink(dzn);
  rmdir(dir);
  return ms;
}

static bool have_minizinc(void) {
  return system("minizinc --version >/dev/null 2>&1") == 0;
}

int main(int argc, char **argv) {
  const char *dir = "../shared/corpus/variants";
  const char *model = "bench/variant.mzn";
  size_t peer_limit = 20;
  int passes = 3;
  struct file_spec args[32];
  size_t nargs = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--corpus") == 0 && i + 1 < argc)
      dir = argv[++i];
    else if (strcmp(argv[i], "--peer-limit") == 0 && i + 1 < argc)
      peer_limit = strtoul(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--passes") == 0 && i + 1 < argc)
      passes = atoi(argv[++i]) > 0 ? atoi(argv[i]) : 1;
    else if (strchr(argv[i], ':') != NULL && nargs < 32) {
      char *colon = strchr(argv[i], ':');
      *colon = '\0';
      args[nargs++] = (struct file_spec){argv[i], colon + 1};
    } else {
      fprintf(stderr, "usage: bench_variants [--corpus DIR] [--peer-limit N] "
                      "[--passes N] [FILE:KINDS ...]\n");
      return 2;
    }
  }
  const struct file_spec *files = nargs ? args : default_files;
  size_t nfiles =
      nargs ? nargs : sizeof default_files / sizeof default_files[0];
  if (nargs == 0 && access(dir, R_OK) != 0)
    dir = "tests/data/variants";
  bool installed = peer_limit > 0 && have_minizinc();
  bool peer = installed;
  int wrong = 0;

  printf("Variants, count to 2 (sudoku_solve_rules), best of %d passes; "
         "MiniZinc %s\n",
         passes,
         peer              ? "with Gecode, solver time"
         : peer_limit == 0 ? "not asked (--peer-limit 0)"
                           : "not installed: skipped");
  printf("%-24s %-9s %6s %9s %9s %9s %6s %5s %4s | %9s %9s %7s\n", "file",
         "rules", "count", "puzzles/s", "median_ms", "max_ms", "unique",
         "multi", "none", "mzn_n", "mzn_med", "ratio");
  for (size_t fi = 0; fi < nfiles; fi++) {
    char path[1024], sol_path[1024];
    bool absolute = strchr(files[fi].file, '/') != NULL;
    snprintf(path, sizeof path, "%s%s%s", absolute ? "" : dir,
             absolute ? "" : "/", files[fi].file);
    size_t len = 0, sol_len = 0;
    char *text = bench_read_file(path, &len);
    if (text == NULL) {
      printf("%-24s (not found)\n", files[fi].file);
      continue;
    }
    snprintf(sol_path, sizeof sol_path, "%.*s.sol.txt", (int)(strlen(path) - 4),
             path);
    char *sol_text = bench_read_file(sol_path, &sol_len);
    uint32_t kinds = parse_kinds(files[fi].kinds);

    size_t cap = 1024, count = 0;
    sudoku_grid *g = malloc(cap * sizeof *g);
    sudoku_rules *r = malloc(cap * sizeof *r);
    struct sudoku_rules_reader rd;
    struct sudoku_text_error err;
    sudoku_rules_reader_init(&rd, text, len, kinds);
    int got;
    while (count < cap &&
           (got = sudoku_rules_read_next(&rd, &g[count], &r[count], &err)) > 0)
      count++;
    if (count < cap && got < 0) {
      printf("%-24s %s\n", files[fi].file, err.message);
      wrong++;
    }
    double *best = calloc(count ? count : 1, sizeof *best);
    size_t unique = 0, multi = 0, none = 0;
    double total = 0;
    struct sudoku_limits lim = {2, 0, 0, false};
    for (int pass = 0; pass < passes; pass++) {
      double sum = 0;
      unique = multi = none = 0;
      for (size_t i = 0; i < count; i++) {
        sudoku_grid out;
        struct sudoku_stats st;
        double t0 = bench_now_us();
        enum sudoku_status s =
            sudoku_solve_rules(&g[i], &r[i], &lim, &out, &st);
        double dt = bench_now_us() - t0;
        sum += dt;
        if (pass == 0 || dt < best[i])
          best[i] = dt;
        if (s != SUDOKU_OK)
          none++;
        else if (st.solutions > 1)
          multi++;
        else
          unique++;
        if (pass > 0 || s != SUDOKU_OK)
          continue;
        bool ok = sudoku_rules_is_solution(&g[i], &r[i], &out);
        if (ok && st.solutions == 1 && sol_text != NULL &&
            sol_len >= (i + 1) * 82) {
          char line[SUDOKU_TEXT_MAX];
          sudoku_write_line(&out, line, sizeof line);
          ok = memcmp(line, sol_text + i * 82, 81) == 0;
        }
        if (!ok) {
          printf("%s: puzzle %zu: wrong solution\n", files[fi].file, i + 1);
          wrong++;
        }
      }
      if (pass == 0 || sum < total)
        total = sum;
    }
    double max = 0;
    for (size_t i = 0; i < count; i++)
      max = best[i] > max ? best[i] : max;
    double ours_peer_med = 0, mzn_med = 0;
    size_t peer_n = 0;
    if (peer) {
      size_t m = count < peer_limit ? count : peer_limit;
      double *mzn = calloc(m ? m : 1, sizeof *mzn);
      double *ours = calloc(m ? m : 1, sizeof *ours);
      for (size_t i = 0; i < m; i++) {
        int sols;
        double ms = time_minizinc(model, &g[i], &r[i], &sols);
        if (ms < 0)
          continue;
        mzn[peer_n] = ms;
        ours[peer_n++] = best[i] / 1000;
      }
      mzn_med = median(mzn, peer_n);
      ours_peer_med = median(ours, peer_n);
      free(mzn);
      free(ours);
    }
    double med = median(best, count) / 1000;
    printf("%-24s %-9s %6zu %9.0f %9.3f %9.3f %6zu %5zu %4zu", files[fi].file,
           files[fi].kinds, count, count / (total / 1e6), med, max / 1000,
           unique, multi, none);
    if (peer_n)
      printf(" | %9zu %9.3f %6.0fx\n", peer_n, mzn_med,
             ours_peer_med > 0 ? mzn_med / ours_peer_med : 0);
    else
      printf(" |\n");
    free(best);
    free(g);
    free(r);
    free(text);
    free(sol_text);
  }
  return wrong ? 1 : 0;
}
