/*
 * candidates.c - `sudoku candidates`: the pencil marks of each position on
 * standard input, written in one of the pencil-mark formats of Sudoku
 * Explainer and HoDoKu (sudoku_marks.h): the candidates computed from its
 * filled cells (sudoku_candidates), intersected with the marks the input
 * gives (none for a plain puzzle). Positions in the output are separated by
 * nothing but their own line ends, PM grids by an empty line.
 *
 * The whole input is read and checked first: one unreadable position and
 * nothing is printed (exit 2), its located message on stderr. A position
 * whose filled cells clash prints "conflicting givens" in its place (exit
 * 1).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sudoku_marks.h"

static const char usage[] =
    "usage: sudoku candidates [--format sukaku|cells|pm|library] [--help]\n"
    "Prints the candidates of each position of standard input: any format\n"
    "`sudoku` reads, or a position with pencil marks (a sukaku line, a PM\n"
    "grid, HoDoKu's library line), told apart by its shape. The candidates\n"
    "are those the filled cells leave, less the marks the input removed.\n"
    "--format sukaku   one line of n*n*n symbols (SE's sukaku line)\n"
    "         cells    n*n cells on one line, each its candidates\n"
    "         pm       the pencil-mark grid as HoDoKu copies it (default)\n"
    "         library  HoDoKu's library line (sides up to 9)\n"
    "Exit status: 0 every position printed, 1 some position with clashing\n"
    "filled cells, 2 unreadable input or bad usage.\n";

/* Reads every position of text, each printed by print when not NULL;
 * returns the exit status. */
static int each_position(const char *text, size_t len,
                         enum sudoku_marks_format f, bool print, char *out) {
  struct sudoku_reader r;
  struct sudoku_text_error err;
  struct sudoku_position p;
  uint32_t computed[SUDOKU_MAX_CELLS];
  int got, rc = 0;
  sudoku_reader_init(&r, text, len);
  while ((got = sudoku_read_position(&r, &p, NULL, &err)) == 1) {
    if (!print)
      continue;
    if (sudoku_candidates(&p.grid, computed) == SUDOKU_CONFLICT) {
      cli_report_conflict(stderr, r.puzzles, &p.grid);
      puts("conflicting givens");
      rc = 1;
      continue;
    }
    for (int c = 0; c < p.grid.n * p.grid.n; c++)
      p.cand[c] &= computed[c];
    if (f == SUDOKU_MARKS_PM && r.puzzles > 1)
      putchar('\n');
    size_t k = sudoku_write_position(&p, f, out, SUDOKU_MARKS_TEXT_MAX);
    if (k == 0) {
      fprintf(stderr,
              "sudoku: puzzle %u: a %dx%d grid has no %s form (sides 4..9)\n",
              r.puzzles, p.grid.n, p.grid.n, sudoku_marks_format_name(f));
      puts("no library line");
      rc = 1;
      continue;
    }
    fwrite(out, 1, k, stdout);
  }
  if (got < 0) {
    fprintf(stderr, "sudoku: %s\n", err.message);
    return 2;
  }
  if (r.puzzles == 0) {
    fputs("sudoku: no puzzle in the input\n", stderr);
    return 2;
  }
  return rc;
}

int cli_cmd_candidates(int argc, char **argv) {
  enum sudoku_marks_format f = SUDOKU_MARKS_PM;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage, stdout);
      return 0;
    }
    if (strcmp(a, "--format") == 0 && i + 1 < argc) {
      f = sudoku_marks_format_from_name(argv[i + 1], strlen(argv[i + 1]));
      if (f == SUDOKU_MARKS_FORMAT_COUNT || f == SUDOKU_MARKS_GIVENS) {
        fprintf(stderr,
                "sudoku: --format %s: expected sukaku, cells, pm or "
                "library\n%s",
                argv[i + 1], usage);
        return 2;
      }
      i++;
      continue;
    }
    fprintf(stderr, "sudoku: unknown or incomplete option '%s'\n%s", a, usage);
    return 2;
  }
  size_t len;
  char *text = cli_read_stdin(&len);
  if (text == NULL)
    return 2;
  char *out = malloc(SUDOKU_MARKS_TEXT_MAX);
  int rc = 2;
  if (out == NULL)
    fputs("sudoku: out of memory\n", stderr);
  else if ((rc = each_position(text, len, f, false, out)) != 2)
    rc = each_position(text, len, f, true, out);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fputs("sudoku: cannot write the output\n", stderr);
    rc = 2;
  }
  free(out);
  free(text);
  return rc;
}
