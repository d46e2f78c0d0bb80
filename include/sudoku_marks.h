/*
 * sudoku_marks.h - positions with pencil marks, in and out, in the text
 * formats of Sudoku Explainer (SE, and its fork SukakuExplainer) and of
 * HoDoKu: the sukaku line, the pencil-mark grid (PM grid) and HoDoKu's
 * library line; plain puzzles (sudoku.h's formats) are read as positions
 * too, with no mark removed.
 *
 * What this module does NOT do: I/O, allocation, JSON, global state; it
 * does not check that a position is consistent (sudoku_validate and
 * sudoku_candidates do) and reads no solving step: of HoDoKu's "PM grid
 * with step" markup, the marks before candidates ('*', '#', '@', '-',
 * '+') and the step's text after the grid (up to a blank line) are read
 * and ignored; ALS letters are an error at their first byte.
 *
 * A position is what a player sees: givens, placed values and the pencil
 * marks of the empty cells. The formats do not all tell givens from placed
 * values: the sukaku line and the PM grid write both as a lone digit and
 * are read back as givens (as SE and HoDoKu read them); only the library
 * line marks a placed value ('+' before it) and keeps the difference.
 *
 * The formats, for a grid of side n (box shape from sudoku_box_shape):
 *  - SUKAKU: one line of n*n*n symbols, n per cell in row-major order; the
 *    k-th symbol of a cell is the symbol of k ('1'-'9', then 'A'-'P' above
 *    9: sudoku_symbol_value's alphabet; SE itself stops at 9x9) when k is a
 *    mark, else '.' or '0'. 729 characters for 9x9, 64 for 4x4.
 *  - CELLS: SE's other sukaku form: n*n whitespace-separated cells on one
 *    line, each the symbols of its marks ("1257 3 27 ..."); '.' or '0'
 *    alone is a cell without marks.
 *  - PM: the PM grid HoDoKu copies (ClipboardMode.PM_GRID; SE's grid reads
 *    the same): n rows of n cells, a cell the symbols of its marks in
 *    ascending order or its value, '.' for an empty cell without marks;
 *    each column padded to its widest cell plus two; "| " opens each box,
 *    one space before the other cells, '|' closes the row; frame lines of
 *    '-' between ".", ":" / "+" and "'" corners above, between and below
 *    the bands. Reading takes any frame lines (only ' ', '.', '-', ':',
 *    '+', '\'', '*', '|', '=' with a run of "---", so SE's "*---*" and
 *    "+---+" grids too) and any spacing; '|' separates cells like a space.
 *  - LIBRARY: HoDoKu's library line, sides 4..9 (its deleted candidates
 *    are three digits each) ":TYPE:CANDIDATES:PUZZLE:DELETED:..." with
 *    PUZZLE the n*n cells ('.' or '0' empty, '+' before a placed value) and
 *    DELETED the space-separated candidates removed from the empty cells,
 *    "VRC" (value, row, column, 1-based). The marks are the computed
 *    candidates (sudoku_candidates) less DELETED. Read and ignored: TYPE
 *    and CANDIDATES (the technique and values of a step), and every field
 *    after DELETED (that step's eliminations, placements, chain length);
 *    written as ":0000:x:PUZZLE:DELETED::", HoDoKu's line without a step.
 *    A mark that a peer's value already rules out is not representable.
 *
 * Lone symbols: a cell of the SUKAKU, CELLS or PM forms with one mark v is
 * a given v when no other cell of its row, column or box has the mark v
 * (the rule of SE's and HoDoKu's readers), else an empty cell whose only
 * mark is v. So what is written reads back unchanged whenever no empty
 * cell has a single mark that no peer shares.
 */
#ifndef SUDOKU_MARKS_H
#define SUDOKU_MARKS_H

#include "sudoku.h"

/* ---- Positions --------------------------------------------------------- */

/* Givens and placed values in grid (0 = empty), as sudoku_candidates and
 * sudoku_next_step take a position; placed[c] when cell c's value is a
 * player's, not a given; cand[c] the marks of empty cell c, bit v-1 for
 * value v (0 for a filled cell). */
struct sudoku_position {
  sudoku_grid grid;
  bool placed[SUDOKU_MAX_CELLS];
  uint32_t cand[SUDOKU_MAX_CELLS];
};

/* One table: enum name and the stable name (CLI, API). GIVENS is sudoku.h's
 * line (sudoku_write_line): filled cells only. */
#define SUDOKU_MARKS_FORMAT_MAP(X)                                             \
  X(GIVENS, "givens")                                                          \
  X(SUKAKU, "sukaku")                                                          \
  X(CELLS, "cells")                                                            \
  X(PM, "pm")                                                                  \
  X(LIBRARY, "library")

enum sudoku_marks_format {
#define SUDOKU_X_MARKS(name, id) SUDOKU_MARKS_##name,
  SUDOKU_MARKS_FORMAT_MAP(SUDOKU_X_MARKS)
#undef SUDOKU_X_MARKS
      SUDOKU_MARKS_FORMAT_COUNT
};

/* "sukaku", "pm", ...; "unknown" out of range. */
const char *sudoku_marks_format_name(enum sudoku_marks_format f);
/* The format named name (len bytes), or SUDOKU_MARKS_FORMAT_COUNT. */
enum sudoku_marks_format sudoku_marks_format_from_name(const char *name,
                                                       size_t len);

/* ---- Reading ----------------------------------------------------------- */

/*
 * Reads the next position from r (sudoku_reader_init), telling the forms
 * apart by their shape, from the first line that is not blank:
 *  - first byte ':' (after spaces): a LIBRARY line;
 *  - one run of n*n*n symbols whose every non-blank is at its place (digit
 *    k at place k of its cell): a SUKAKU line (a 64-symbol line that is not
 *    stays an 8x8 puzzle);
 *  - a frame line whose first byte is '.', '*', ':' or '\'': a PM grid;
 *  - n*n cells on one line, or n lines of n cells (frame lines between
 *    them skipped), every cell a set of marks or '.'/'0' alone, and some
 *    cell two marks or more (for n > 9: some cell holding a letter), n a
 *    side with a box shape: CELLS or PM;
 *  - anything else: a puzzle of sudoku.h's formats (sudoku_read_next,
 *    unchanged), every empty cell with every mark (format GIVENS).
 * Returns 1 with *p (and *format, when not NULL) filled, 0 at the end of
 * the input, -1 with *err filled as sudoku_read_next does ("line 3, column
 * 14: '7' is larger than 4"; err may be NULL).
 */
int sudoku_read_position(struct sudoku_reader *r, struct sudoku_position *p,
                         enum sudoku_marks_format *format,
                         struct sudoku_text_error *err);

/* The form sudoku_read_position would take for the next record of r (r is
 * not moved), by the same shape rules, without reading it: GIVENS for a
 * plain puzzle, for blank text, and for text no form fits (whose errors
 * are then sudoku_read_next's). Lets a caller keep its own reader of
 * plain puzzles and hand marked positions to sudoku_read_position. Cost:
 * at most n + 1 lines looked at. */
enum sudoku_marks_format sudoku_marks_sniff(const struct sudoku_reader *r);

/* ---- Writing ----------------------------------------------------------- */

/* Bytes that always hold one position written by sudoku_write_position
 * (with NUL): a 25x25 PM grid with every mark in every cell. */
#define SUDOKU_MARKS_TEXT_MAX 22528

/*
 * Writes p in format f, ending with '\n' (snprintf convention: returns the
 * length, or the length needed when cap is too small; buf NUL-terminated
 * when cap > 0). LIBRARY needs a side of 4..9 and computes the candidates
 * of p's grid to list the deleted ones; for other sides it writes nothing
 * and returns 0, as it does for an unknown format.
 */
size_t sudoku_write_position(const struct sudoku_position *p,
                             enum sudoku_marks_format f, char *buf, size_t cap);

/* HoDoKu's "PM grid with step": the PM grid of p with a mark before each
 * candidate the step st (sudoku_logic.h; from p's position) is about,
 * '-' a candidate it eliminates, '+' a value it places, '*' a candidate of
 * its pattern (a cell of st->cells, a value of st->values), then its
 * sentence (sudoku_step_explain) on one line. Reading it back
 * (sudoku_read_position, as a PM grid) skips the marks and the sentence:
 * the position before the step. snprintf convention as above; nothing
 * for a side without a box shape. SUDOKU_MARKS_STEP_TEXT_MAX bytes always
 * suffice. */
struct sudoku_step;
#define SUDOKU_MARKS_STEP_TEXT_MAX (2 * SUDOKU_MARKS_TEXT_MAX + 1024)
size_t sudoku_write_position_step(const struct sudoku_position *p,
                                  const struct sudoku_step *st, char *buf,
                                  size_t cap);

#endif /* SUDOKU_MARKS_H */
