/*
 * write.c - a grid as judge text (rows of numbers separated by one space,
 * no trailing space, a newline after each row) or as one line of symbols
 * (the format read.c reads back), snprintf-style: the full length is
 * returned whatever cap is, the first cap - 1 bytes and a NUL are stored,
 * nothing at or past cap is touched, and buf may be NULL when cap is 0.
 *
 * What this file does NOT do: I/O, allocation, reading (read.c).
 */
#include "out.h"
#include "text.h"

/* A grid with a side out of range is written as a 0x0 grid, never read past
 * its cells. */
static int side_to_write(const sudoku_grid *g) {
  return g->n <= SUDOKU_MAX_N ? g->n : 0;
}

size_t sudoku_write_judge(const sudoku_grid *g, char *buf, size_t cap) {
  struct out o = {buf, cap, 0};
  int n = side_to_write(g);
  for (int row = 0; row < n; row++) {
    for (int col = 0; col < n; col++) {
      if (col > 0)
        out_char(&o, ' ');
      out_uint(&o, g->cell[row * n + col]);
    }
    out_char(&o, '\n');
  }
  return out_finish(&o);
}

size_t sudoku_write_line(const sudoku_grid *g, char *buf, size_t cap) {
  struct out o = {buf, cap, 0};
  int n = side_to_write(g);
  for (int i = 0; i < n * n; i++) {
    unsigned v = g->cell[i];
    out_char(&o, text_symbol(v));
  }
  out_char(&o, '\n');
  return out_finish(&o);
}
