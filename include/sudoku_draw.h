/*
 * sudoku_draw.h - pictures of a position as SVG: the grid at any side (4x4
 * to 25x25, any box shape), givens, entries, pencil marks, a step's
 * cells, units, placements and eliminations marked, and a variant's rules
 * drawn the way players know them.
 *
 * What this module does NOT do: I/O, allocation, fonts or raster output.
 * The SVG is text in the caller's buffer; its digits are <text> in a
 * generic sans-serif font, so a viewer or a browser renders them (and a
 * PDF writer can take the same geometry). Like sudoku.h it holds no global
 * state.
 */
#ifndef SUDOKU_DRAW_H
#define SUDOKU_DRAW_H

#include "sudoku.h"
#include "sudoku_logic.h"

struct sudoku_rules; /* sudoku_rules.h */

/* What to draw. Only givens is required; every other member may be NULL
 * (or 0), and what is NULL is not drawn. */
struct sudoku_picture {
  /* The puzzle: its non-zero cells are drawn bold, black. Its shape is the
   * picture's shape. */
  const sudoku_grid *givens;
  /* A position or a solution of the same shape: its non-zero cells that
   * are not givens are drawn in blue (a player's entries, a solution). */
  const sudoku_grid *entries;
  /* Pencil marks of the cells that hold no value (bit v-1 for v), drawn
   * small, each value at its own place in the cell. */
  const uint32_t *cand;
  /* A step to show: its units shaded light blue, its pattern cells yellow,
   * its placements' cells green with the placed value, its eliminations
   * as red struck-out marks (drawn whether or not cand holds them). */
  const struct sudoku_step *step;
  /* The title read by screen readers and shown as a tooltip (NUL-ended,
   * escaped here); NULL: "Sudoku NxN" and the English names of the rules. */
  const char *title;
  /* The variant's rules (NULL or no kinds: classic), drawn as players know
   * them: both diagonals as lines (X), windows and extra regions shaded
   * grey, thick borders between jigsaw regions instead of boxes, each
   * killer cage a dashed outline inside its cells with its sum in its
   * first cell's top-left corner, odd cells a grey circle and even cells a
   * grey square. A step's unit indexes then count the rules' units (rows,
   * columns, boxes or regions, diagonals, windows, extra regions: the
   * order of sudoku_rules_derive). Pair exclusions (anti-knight, anti-king,
   * non-consecutive) have no mark: the title names them. */
  const struct sudoku_rules *rules;
};

/* The side of one cell in SVG user units; the picture is
 * n * SUDOKU_SVG_CELL + 2 * SUDOKU_SVG_MARGIN wide and high. */
#define SUDOKU_SVG_CELL 48
#define SUDOKU_SVG_MARGIN 4

/* The picture as a standalone SVG 1.1 document (UTF-8, one trailing
 * newline), snprintf-style: returns the length needed (not counting the
 * NUL) whatever cap is, stores the first cap - 1 bytes and a NUL when
 * cap > 0 (buf may be NULL when cap is 0), so a caller sizes its buffer
 * with a first call of cap 0. The same picture gives the same bytes.
 * Returns 0 (and writes "") when givens has an unsupported shape, entries
 * has another shape, or the rules do not fit the grid (sudoku_rules_derive
 * refuses them). About 60 bytes a drawn digit: a 9x9 grid with every mark
 * is under 64 KiB, a 25x25 one under 1 MiB. Stack: about 110 KiB (the
 * rules' derived form among it). */
size_t sudoku_write_svg(const struct sudoku_picture *pic, char *buf,
                        size_t cap);

#endif /* SUDOKU_DRAW_H */
