/*
 * solve.c - the smallest useful program on libsudoku: reads one puzzle (any
 * format the library reads: an 81-character line, judge rows, 4x4 to 25x25)
 * from its first argument or from standard input, solves it, says whether
 * the solution is unique, and prints it as judge rows.
 *
 *   cc solve.c $(pkg-config --cflags --libs sudoku) -o solve
 *   ./solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
 *
 * Exit status: 0 solved, 1 no solution (or the search gave up), 2 unreadable.
 * Copy it freely; it uses only include/sudoku.h.
 */
#include <stdio.h>
#include <string.h>

#include <sudoku.h>

int main(int argc, char **argv) {
  static char text[1 << 16];
  size_t len;
  if (argc > 1) {
    len = strlen(argv[1]);
    if (len >= sizeof text)
      len = sizeof text - 1;
    memcpy(text, argv[1], len);
  } else {
    len = fread(text, 1, sizeof text - 1, stdin);
  }

  struct sudoku_reader reader;
  struct sudoku_text_error err;
  sudoku_grid puzzle, solution;
  sudoku_reader_init(&reader, text, len);
  int got = sudoku_read_next(&reader, &puzzle, &err);
  if (got != 1) {
    fprintf(stderr, "solve: %s\n", got < 0 ? err.message : "no puzzle");
    return 2;
  }

  /* Count to 2 (the default) so that uniqueness is known; give up after 5 s. */
  struct sudoku_limits limits = SUDOKU_LIMITS_DEFAULT;
  limits.deadline_us = 5u * 1000u * 1000u;
  struct sudoku_stats stats;
  enum sudoku_status st = sudoku_solve(&puzzle, &limits, &solution, &stats);
  if (st != SUDOKU_OK) {
    fprintf(stderr, "solve: %s (%s)\n", sudoku_strerror(st),
            sudoku_status_code(st));
    return 1;
  }

  char out[SUDOKU_TEXT_MAX];
  sudoku_write_judge(&solution, out, sizeof out);
  fputs(out, stdout);
  fprintf(stderr, "%s, %llu nodes (libsudoku %s)\n",
          stats.solutions > 1 ? "several solutions" : "unique",
          (unsigned long long)stats.nodes, SUDOKU_VERSION);
  return 0;
}
