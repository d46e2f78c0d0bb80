/*
 * solve.c - `sudoku` and `sudoku solve`, the judge CLI: puzzles on stdin (any
 * format sudoku.h reads), solutions on stdout, judge text by default. No HTTP,
 * no JSON.
 *
 * Streaming: input is read and answers written as they go (stream.h), in
 * memory that does not grow with the input. Puzzles travel in batches;
 * with --jobs N > 1, N worker threads solve batches while the main thread
 * reads and writes, and answers are written in input order, byte for byte
 * what --jobs 1 writes (each batch carries its stdout and stderr text).
 * Malformed input stops the run: every answer before the bad puzzle is
 * written, then its located error goes to stderr and the exit status is 2.
 * Exit status: 0 all solved, 1 some puzzle had no answer (printed as the
 * line "no solution"), 2 unreadable input or bad usage.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "pipeline.h"
#include "sudoku_draw.h"

/* Cells in one batch: 256 puzzles of 9x9, 33 of 25x25. Large enough that
 * handing a batch to a thread (~10 us) is noise, small enough to stay in
 * cache and keep the answers flowing. */
#define CLI_BATCH_CELLS (256 * 81)

static const char usage[] =
    "usage: sudoku [solve] [--format judge|line|svg] [--lexmin] [--deadline-ms "
    "N]\n"
    "              [--jobs N] [--variant RULES] [--json] [--help] "
    "[--version]\n"
    "Reads Sudoku puzzles on standard input and prints their solutions.\n"
    "Input: Baekjoon 2580 (9 lines of 9 digits, 0 = blank), HDU 1426\n"
    "('?' = blank, puzzles separated by a blank line), 81-character lines\n"
    "('.' or '0' = blank), decorated grids ('|', '-', '+' ignored), and\n"
    "4x4 to 25x25 grids (integers, or symbols 1-9 then A-Z).\n"
    "  --format judge  rows of numbers separated by one space, one empty\n"
    "                  line between puzzles (default)\n"
    "  --format line   one line of n*n symbols per puzzle\n"
    "  --format svg    a picture per puzzle: an SVG document, givens bold,\n"
    "                  the solved cells blue (no solution: the givens)\n"
    "  --lexmin        print the lexicographically smallest solution (what\n"
    "                  row-major backtracking trying 1..9 finds first)\n"
    "  --deadline-ms N give up on a puzzle after N ms (default 10000;\n"
    "                  0 = never)\n"
    "  --jobs N        solve with N threads, 1..64 (default: the online\n"
    "                  CPUs); the output is the same for every N\n"
    "  --variant RULES solve variants under these rules, a comma list of\n"
    "                  x, windoku, jigsaw, killer, anti-knight, anti-king,\n"
    "                  non-consecutive, odd-even, extra-regions; one puzzle\n"
    "                  a line: GIVENS [REGIONS] [PARITY] [CAGES] [EXTRA]\n"
    "                  (man sudoku)\n"
    "  --json          one puzzle as the JSON body POST /solve takes: its\n"
    "                  rules as members (variant, regions, cages, parity,\n"
    "                  extra_regions), f-puzzles' JSON, or {\"fpuzzles\":\n"
    "                  \"<share link>\"}\n"
    "Input is read and answers printed as they go. A puzzle without a\n"
    "solution prints the line \"no solution\" (the reason goes to stderr);\n"
    "a puzzle with several prints one and says so on stderr. Malformed\n"
    "input stops the run after the answers before it, with its location.\n"
    "Exit status: 0 all solved, 1 some puzzle unsolved, 2 unreadable input.\n";

enum cli_format { CLI_FORMAT_JUDGE, CLI_FORMAT_LINE, CLI_FORMAT_SVG };

struct cli_options {
  enum cli_format format;
  uint32_t variant; /* rule kinds of --variant; 0: classic */
  bool json;        /* --json: one JSON body on stdin */
  int jobs;         /* 0 until set: the online CPUs */
  struct sudoku_limits limits;
};

/* Parses argv. Returns -1 to go on, else the exit status. */
static int cli_parse_args(int argc, char **argv, struct cli_options *o) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage, stdout);
      return 0;
    } else if (strcmp(a, "--version") == 0) {
      printf("sudoku %s\n", SUDOKU_VERSION);
      return 0;
    } else if (strcmp(a, "--lexmin") == 0) {
      o->limits.lexmin = true;
    } else if (strcmp(a, "--format") == 0 && i + 1 < argc) {
      const char *f = argv[++i];
      if (strcmp(f, "judge") == 0)
        o->format = CLI_FORMAT_JUDGE;
      else if (strcmp(f, "line") == 0)
        o->format = CLI_FORMAT_LINE;
      else if (strcmp(f, "svg") == 0)
        o->format = CLI_FORMAT_SVG;
      else {
        fprintf(stderr, "sudoku: --format takes judge, line or svg, not '%s'\n",
                f);
        return 2;
      }
    } else if (strcmp(a, "--deadline-ms") == 0 && i + 1 < argc) {
      char *end;
      errno = 0;
      unsigned long long ms = strtoull(argv[++i], &end, 10);
      if (errno || *end || end == argv[i] || argv[i][0] == '-' ||
          ms > 86400000ull) {
        fprintf(stderr,
                "sudoku: --deadline-ms takes milliseconds 0..86400000, "
                "not '%s'\n",
                argv[i]);
        return 2;
      }
      o->limits.deadline_us = ms * 1000u;
    } else if (strcmp(a, "--variant") == 0 && i + 1 < argc) {
      if (!cli_parse_variant(argv[++i], &o->variant))
        return 2;
    } else if (strcmp(a, "--json") == 0) {
      o->json = true;
    } else if (strcmp(a, "--jobs") == 0 && i + 1 < argc) {
      if (!cli_parse_jobs(argv[++i], &o->jobs))
        return 2;
    } else {
      fprintf(stderr, "sudoku: unknown or incomplete option '%s'\n%s", a,
              usage);
      return 2;
    }
  }
  return -1;
}

/* The line cli_report_conflict prints, into buf (snprintf convention);
 * nothing when g has no clash. */
static size_t conflict_text(uint32_t puzzle, const sudoku_grid *g, char *buf,
                            size_t cap) {
  struct sudoku_conflict c;
  size_t count = 0;
  sudoku_validate(g, &c, 1, &count);
  if (count == 0)
    return 0;
  char a[8], b[8];
  sudoku_cell_name(g->n, c.a, a, sizeof a);
  sudoku_cell_name(g->n, c.b, b, sizeof b);
  int len = snprintf(buf, cap,
                     "sudoku: puzzle %u: conflicting givens: %s and %s are "
                     "both %d (%s %d)%s\n",
                     puzzle, a, b, c.value, sudoku_unit_name(c.unit),
                     c.unit_ix + 1, count > 1 ? ", and more" : "");
  return len <= 0 ? 0 : (size_t)len < cap ? (size_t)len : cap - 1;
}

void cli_report_conflict(FILE *err, uint32_t puzzle, const sudoku_grid *g) {
  char line[256];
  fwrite(line, 1, conflict_text(puzzle, g, line, sizeof line), err);
}

/* ---- Batches ------------------------------------------------------------ */

/* Reserved a puzzle: its answer, a separator; its stderr line. A picture
 * reserves its own size (sudoku_write_svg with cap 0). */
#define CLI_OUT_ROOM (SUDOKU_TEXT_MAX + 16)
#define CLI_ERR_ROOM 512

/* The picture of a solved puzzle (or of its givens alone when it has no
 * solution) onto out, its messages onto err as for text. */
static bool solve_picture(uint32_t index, const sudoku_grid *g,
                          enum sudoku_status s, const struct sudoku_stats *st,
                          const sudoku_grid *solution, struct cli_text *out,
                          struct cli_text *err) {
  const sudoku_grid *sol = st->solutions > 0 ? solution : NULL;
  struct sudoku_picture pic = {.givens = g, .entries = sol};
  size_t need = sudoku_write_svg(&pic, NULL, 0);
  if (!cli_text_reserve(out, need + 1))
    return false;
  out->len += sudoku_write_svg(&pic, out->s + out->len, need + 1);
  if (sol == NULL && s == SUDOKU_CONFLICT)
    err->len += conflict_text(index, g, err->s + err->len, CLI_ERR_ROOM);
  else if (sol == NULL || s != SUDOKU_OK)
    cli_text_printf(err, "sudoku: puzzle %u: %s\n", index, sudoku_strerror(s));
  else if (st->solutions > 1)
    cli_text_printf(err, "sudoku: puzzle %u: several solutions; drew one\n",
                    index);
  return sol != NULL;
}

/* Solves one puzzle, its answer onto out and its messages onto err (the
 * same bytes the CLI always printed). Returns false when it had no
 * answer. */
static bool solve_one(uint32_t index, const sudoku_grid *g,
                      const struct cli_options *o, struct cli_text *out,
                      struct cli_text *err) {
  sudoku_grid sol;
  struct sudoku_stats st;
  enum sudoku_status s = sudoku_solve(g, &o->limits, &sol, &st);
  if (o->format == CLI_FORMAT_SVG)
    return solve_picture(index, g, s, &st, &sol, out, err);
  if (st.solutions == 0) {
    if (s == SUDOKU_CONFLICT)
      err->len += conflict_text(index, g, err->s + err->len, CLI_ERR_ROOM);
    else
      cli_text_printf(err, "sudoku: puzzle %u: %s\n", index,
                      sudoku_strerror(s));
    memcpy(out->s + out->len, "no solution\n", 12);
    out->len += 12;
    return false;
  }
  if (s == SUDOKU_OK && st.solutions > 1)
    cli_text_printf(err, "sudoku: puzzle %u: several solutions; printed %s\n",
                    index, o->limits.lexmin ? "the smallest" : "one");
  else if (s != SUDOKU_OK)
    cli_text_printf(err, "sudoku: puzzle %u: %s; uniqueness unknown\n", index,
                    sudoku_strerror(s));
  char *at = out->s + out->len;
  out->len += o->format == CLI_FORMAT_LINE
                  ? sudoku_write_line(&sol, at, SUDOKU_TEXT_MAX)
                  : sudoku_write_judge(&sol, at, SUDOKU_TEXT_MAX);
  return true;
}

static void batch_solve(struct cli_batch *bt, const void *ctx) {
  const struct cli_options *o = ctx;
  for (int i = 0; i < bt->count; i++) {
    uint32_t index = bt->first + (uint32_t)i;
    if (!cli_text_reserve(&bt->out, CLI_OUT_ROOM) ||
        !cli_text_reserve(&bt->err, CLI_ERR_ROOM)) {
      bt->oom = true;
      return;
    }
    if (index > 1 && o->format == CLI_FORMAT_JUDGE)
      bt->out.s[bt->out.len++] = '\n';
    if (!solve_one(index, &bt->g[i], o, &bt->out, &bt->err))
      bt->unsolved = true;
  }
}

int cli_cmd_solve(int argc, char **argv) {
  struct cli_options o = {CLI_FORMAT_JUDGE, 0, false, 0, SUDOKU_LIMITS_DEFAULT};
  o.limits.deadline_us = CLI_DEFAULT_DEADLINE_MS * 1000u;
  int rc = cli_parse_args(argc, argv, &o);
  if (rc >= 0)
    return rc;
  if ((o.variant != 0 || o.json) && o.format == CLI_FORMAT_SVG) {
    fputs("sudoku: --format svg does not draw variants yet; judge or line\n",
          stderr);
    return 2;
  }
  if (o.json && o.variant != 0) {
    fputs("sudoku: --json reads the rules from the JSON; drop --variant\n",
          stderr);
    return 2;
  }
  if (o.json)
    return cli_solve_json(&o.limits, o.format == CLI_FORMAT_LINE);
  if (o.variant != 0)
    return cli_solve_variants(o.variant, &o.limits,
                              o.format == CLI_FORMAT_LINE);
  if (o.jobs == 0)
    o.jobs = cli_default_jobs();

  struct cli_pipeline_spec spec = {o.jobs, CLI_BATCH_MAX, CLI_BATCH_CELLS,
                                   batch_solve, &o};
  struct cli_stream st;
  cli_stream_init(&st, 0);
  rc = cli_pipeline_run(&spec, &st);
  cli_stream_free(&st);
  if (fflush(stdout) != 0 && rc != 2)
    return 2;
  return rc;
}
