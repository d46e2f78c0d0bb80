/*
 * solve.c - `sudoku` and `sudoku solve`, the judge CLI: puzzles on stdin (any
 * format sudoku.h reads), solutions on stdout, judge text by default. No HTTP,
 * no JSON.
 *
 * The whole input is read and checked before anything is solved, so that
 * malformed input prints one located error and no partial output.
 * Exit status: 0 all solved, 1 some puzzle had no answer (printed as the
 * line "no solution"), 2 unreadable input or bad usage.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define CLI_INPUT_MAX (64u << 20) /* bytes of stdin read at the most */

static const char usage[] =
    "usage: sudoku [solve] [--format judge|line] [--lexmin] [--deadline-ms N]\n"
    "              [--help] [--version]\n"
    "Reads Sudoku puzzles on standard input and prints their solutions.\n"
    "Input: Baekjoon 2580 (9 lines of 9 digits, 0 = blank), HDU 1426\n"
    "('?' = blank, puzzles separated by a blank line), 81-character lines\n"
    "('.' or '0' = blank), decorated grids ('|', '-', '+' ignored), and\n"
    "4x4 to 25x25 grids (integers, or symbols 1-9 then A-Z).\n"
    "  --format judge  rows of numbers separated by one space, one empty\n"
    "                  line between puzzles (default)\n"
    "  --format line   one line of n*n symbols per puzzle\n"
    "  --lexmin        print the lexicographically smallest solution (what\n"
    "                  row-major backtracking trying 1..9 finds first)\n"
    "  --deadline-ms N give up on a puzzle after N ms (default 10000;\n"
    "                  0 = never)\n"
    "A puzzle without a solution prints the line \"no solution\" (the reason\n"
    "goes to stderr); a puzzle with several prints one and says so on stderr.\n"
    "Exit status: 0 all solved, 1 some puzzle unsolved, 2 unreadable input.\n";

struct cli_options {
  bool line_format;
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
      if (strcmp(f, "judge") != 0 && strcmp(f, "line") != 0) {
        fprintf(stderr, "sudoku: --format takes judge or line, not '%s'\n", f);
        return 2;
      }
      o->line_format = strcmp(f, "line") == 0;
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
    } else {
      fprintf(stderr, "sudoku: unknown or incomplete option '%s'\n%s", a,
              usage);
      return 2;
    }
  }
  return -1;
}

char *cli_read_stdin(size_t *len) {
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  if (buf == NULL)
    goto fail;
  for (;;) {
    if (n == cap) {
      if (cap >= CLI_INPUT_MAX) {
        fprintf(stderr, "sudoku: input larger than %u MiB\n",
                CLI_INPUT_MAX >> 20);
        goto fail;
      }
      char *bigger = realloc(buf, cap * 2);
      if (bigger == NULL)
        goto fail;
      buf = bigger;
      cap *= 2;
    }
    size_t got = fread(buf + n, 1, cap - n, stdin);
    n += got;
    if (got == 0) {
      if (ferror(stdin)) {
        fprintf(stderr, "sudoku: cannot read input: %s\n", strerror(errno));
        goto fail;
      }
      break;
    }
  }
  *len = n;
  return buf;
fail:
  free(buf);
  return NULL;
}

void cli_report_conflict(uint32_t puzzle, const sudoku_grid *g) {
  struct sudoku_conflict c;
  size_t count = 0;
  sudoku_validate(g, &c, 1, &count);
  if (count == 0)
    return;
  fprintf(stderr,
          "sudoku: puzzle %u: conflicting givens: r%dc%d and r%dc%d are both "
          "%d (%s %d)%s\n",
          puzzle, c.a / g->n + 1, c.a % g->n + 1, c.b / g->n + 1,
          c.b % g->n + 1, c.value, sudoku_unit_name(c.unit), c.unit_ix + 1,
          count > 1 ? ", and more" : "");
}

/* Solves and prints one puzzle. Returns false when it had no answer. */
static bool cli_solve_one(uint32_t index, const sudoku_grid *g,
                          const struct cli_options *o) {
  sudoku_grid sol;
  struct sudoku_stats st;
  enum sudoku_status s = sudoku_solve(g, &o->limits, &sol, &st);
  if (st.solutions == 0) {
    if (s == SUDOKU_CONFLICT)
      cli_report_conflict(index, g);
    else
      fprintf(stderr, "sudoku: puzzle %u: %s\n", index, sudoku_strerror(s));
    puts("no solution");
    return false;
  }
  if (s == SUDOKU_OK && st.solutions > 1)
    fprintf(stderr, "sudoku: puzzle %u: several solutions; printed %s\n", index,
            o->limits.lexmin ? "the smallest" : "one");
  else if (s != SUDOKU_OK)
    fprintf(stderr, "sudoku: puzzle %u: %s; uniqueness unknown\n", index,
            sudoku_strerror(s));
  char out[SUDOKU_TEXT_MAX];
  size_t len = o->line_format ? sudoku_write_line(&sol, out, sizeof out)
                              : sudoku_write_judge(&sol, out, sizeof out);
  fwrite(out, 1, len, stdout);
  return true;
}

int cli_cmd_solve(int argc, char **argv) {
  struct cli_options o = {false, SUDOKU_LIMITS_DEFAULT};
  o.limits.deadline_us = CLI_DEFAULT_DEADLINE_MS * 1000u;
  int rc = cli_parse_args(argc, argv, &o);
  if (rc >= 0)
    return rc;

  size_t len;
  char *text = cli_read_stdin(&len);
  if (text == NULL)
    return 2;

  /* Pass 1: everything must be readable before anything is printed. */
  struct sudoku_reader r;
  struct sudoku_text_error err;
  sudoku_grid g;
  int got;
  sudoku_reader_init(&r, text, len);
  while ((got = sudoku_read_next(&r, &g, &err)) == 1)
    ;
  if (got < 0) {
    fprintf(stderr, "sudoku: %s\n", err.message);
    free(text);
    return 2;
  }
  if (r.puzzles == 0) {
    fprintf(stderr, "sudoku: no puzzle in the input\n");
    free(text);
    return 2;
  }

  /* Pass 2: solve and print. */
  rc = 0;
  sudoku_reader_init(&r, text, len);
  for (uint32_t i = 1; sudoku_read_next(&r, &g, NULL) == 1; i++) {
    if (i > 1 && !o.line_format)
      putchar('\n');
    if (!cli_solve_one(i, &g, &o))
      rc = 1;
  }
  free(text);
  if (fflush(stdout) != 0)
    return 2;
  return rc;
}
