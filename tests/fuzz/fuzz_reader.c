/*
 * fuzz_reader.c - libFuzzer target for the text reader: arbitrary bytes
 * through sudoku_reader_init/sudoku_read_next, then every grid read is
 * written back (judge and line formats) and read again, which must give the
 * same grid. Built by scripts/fuzz.sh with -fsanitize=fuzzer,address,
 * undefined; the input is copied into an exact-size buffer so ASan sees any
 * read past its end (the reader must never trust a terminator).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_text.h"

/* Reads text back and checks it holds exactly g. */
static void round_trip(const sudoku_grid *g, const char *text, size_t len) {
  struct sudoku_reader r;
  sudoku_grid back;
  struct sudoku_text_error err;
  sudoku_reader_init(&r, text, len);
  if (sudoku_read_next(&r, &back, &err) != 1)
    abort();
  if (back.n != g->n || back.box_rows != g->box_rows ||
      back.box_cols != g->box_cols ||
      memcmp(back.cell, g->cell, (size_t)g->n * g->n) != 0)
    abort();
  if (sudoku_read_next(&r, &back, &err) != 0)
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size ? size : 1);
  if (text == NULL)
    return 0;
  memcpy(text, data, size);
  struct sudoku_reader r;
  struct sudoku_text_error err;
  sudoku_grid g;
  int got, guard = 0;
  sudoku_reader_init(&r, text, size);
  while ((got = sudoku_read_next(&r, &g, &err)) == 1) {
    if (g.n < SUDOKU_MIN_N || g.n > SUDOKU_MAX_N ||
        g.box_rows * g.box_cols != g.n || r.pos > size)
      abort();
    for (int c = 0; c < g.n * g.n; c++)
      if (g.cell[c] > g.n)
        abort();
    char buf[SUDOKU_TEXT_MAX];
    size_t len = sudoku_write_judge(&g, buf, sizeof buf);
    if (len >= sizeof buf || strlen(buf) != len)
      abort();
    round_trip(&g, buf, len);
    len = sudoku_write_line(&g, buf, sizeof buf);
    if (len >= sizeof buf || strlen(buf) != len)
      abort();
    /* A line of n*n symbols is a whole puzzle for every n (text/read.c). */
    round_trip(&g, buf, len);
    /* A short buffer: snprintf-like, still NUL-terminated. */
    char small[7];
    size_t need = sudoku_write_judge(&g, small, sizeof small);
    if (need < sizeof small || strlen(small) != sizeof small - 1)
      abort();
    if (++guard > 100000) /* every call consumes input: never reached */
      abort();
  }
  fuzz_check_end(got, &err);
  free(text);
  return 0;
}
