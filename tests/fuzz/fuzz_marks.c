/*
 * fuzz_marks.c - libFuzzer target for the pencil-mark reader: arbitrary
 * bytes through sudoku_read_position to the end; every position read must
 * be in range (shape, values, marks only on empty cells within 1..n), and,
 * with its marks cut to the computed candidates (as `sudoku candidates`
 * does), written as a PM grid, a sukaku line (sides other than 4, whose
 * 64 symbols may be an 8x8 puzzle) and a library line (sides up to 9) it
 * must read back as that form; one more round must give the same bytes
 * (the first may turn lone marks into givens, as SE and HoDoKu read them).
 * Built by scripts/fuzz.sh like fuzz_reader.c, from an exact-size copy of
 * the input so ASan sees any read past its end.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku_logic.h"
#include "sudoku_marks.h"

#include "fuzz_text.h"

static char text1[SUDOKU_MARKS_TEXT_MAX], text2[SUDOKU_MARKS_TEXT_MAX],
    text3[SUDOKU_MARKS_TEXT_MAX];

/* Reads text (one position of format f) into *p; aborts unless it is. */
static void read_back(const char *text, size_t len, enum sudoku_marks_format f,
                      struct sudoku_position *p) {
  struct sudoku_reader r;
  struct sudoku_text_error err;
  enum sudoku_marks_format got;
  sudoku_reader_init(&r, text, len);
  if (sudoku_read_position(&r, p, &got, &err) != 1 || got != f)
    abort();
  if (sudoku_read_position(&r, p, &got, &err) != 0)
    abort();
}

static void round_trips(const struct sudoku_position *p) {
  static const enum sudoku_marks_format forms[] = {
      SUDOKU_MARKS_PM, SUDOKU_MARKS_SUKAKU, SUDOKU_MARKS_LIBRARY};
  for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++) {
    enum sudoku_marks_format f = forms[k];
    if ((f == SUDOKU_MARKS_SUKAKU && p->grid.n == 4) ||
        (f == SUDOKU_MARKS_LIBRARY && p->grid.n > 9))
      continue;
    struct sudoku_position a, b;
    size_t n1 = sudoku_write_position(p, f, text1, sizeof text1);
    if (n1 == 0 || n1 >= sizeof text1 || strlen(text1) != n1)
      abort();
    read_back(text1, n1, f, &a);
    size_t n2 = sudoku_write_position(&a, f, text2, sizeof text2);
    read_back(text2, n2, f, &b);
    size_t n3 = sudoku_write_position(&b, f, text3, sizeof text3);
    if (n2 != n3 || memcmp(text2, text3, n2) != 0)
      abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size ? size : 1);
  if (text == NULL)
    return 0;
  memcpy(text, data, size);
  struct sudoku_reader r;
  struct sudoku_text_error err;
  struct sudoku_position p;
  int got, guard = 0;
  sudoku_reader_init(&r, text, size);
  while ((got = sudoku_read_position(&r, &p, NULL, &err)) == 1) {
    const sudoku_grid *g = &p.grid;
    if (g->n < SUDOKU_MIN_N || g->n > SUDOKU_MAX_N ||
        g->box_rows * g->box_cols != g->n || r.pos > size)
      abort();
    uint32_t all = (1u << g->n) - 1, computed[SUDOKU_MAX_CELLS];
    for (int c = 0; c < g->n * g->n; c++)
      if (g->cell[c] > g->n || (p.cand[c] & ~all) != 0 ||
          (g->cell[c] != 0 && p.cand[c] != 0) ||
          (p.placed[c] && g->cell[c] == 0))
        abort();
    if (sudoku_candidates(g, computed) == SUDOKU_OK) {
      for (int c = 0; c < g->n * g->n; c++)
        p.cand[c] &= computed[c];
      round_trips(&p);
    }
    if (++guard > 100000) /* every call consumes input: never reached */
      abort();
  }
  fuzz_check_end(got, &err);
  free(text);
  return 0;
}
