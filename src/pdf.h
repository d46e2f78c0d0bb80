/*
 * pdf.h - puzzle sheets as PDF documents: puzzles 1, 2, 4 or 6 to an A4
 * or Letter page, each under its caption (its number, level, rating and
 * seed), then their solutions, 12 to a page, on the last pages.
 *
 * The pictures have the geometry of the SVG writer (sudoku_draw.h): a cell
 * is SUDOKU_SVG_CELL units, thin lines 1 unit, box lines and the frame 3,
 * values 29/48 of a cell (24/48 above 9x9), givens bold and black, the
 * other values of a solution blue. Fonts are PDF's standard Helvetica and
 * Helvetica-Bold (nothing embedded), so a sheet of 6 puzzles is ~5 KiB.
 *
 * Written with libharu (libhpdf), linked by the CLI and the api alone: the
 * core has no library dependencies. Reentrant: each call owns its
 * document; libharu keeps no global state.
 */
#ifndef SUDOKU_PDF_H
#define SUDOKU_PDF_H

#include <stdbool.h>
#include <stddef.h>

#include "sudoku.h"
#include "sudoku_generate.h"

#define PDF_MAX_PUZZLES 100u /* puzzles in one sheet */
#define PDF_SOLUTIONS_PER_PAGE 12

enum pdf_paper { PDF_A4, PDF_LETTER };

/* One puzzle of a sheet: its givens, its solution (NULL: no solutions
 * page shows it) and its caption (ASCII; other bytes print as '?'). */
struct pdf_puzzle {
  const sudoku_grid *puzzle, *solution;
  const char *caption;
};

struct pdf_sheet {
  const struct pdf_puzzle *items;
  size_t count; /* 1..PDF_MAX_PUZZLES */
  int per_page; /* 1, 2, 4 or 6 */
  enum pdf_paper paper;
  const char *title; /* on top of each puzzle page and the document's */
};

/* Whether per_page is one of 1, 2, 4 and 6. */
bool pdf_per_page_ok(long per_page);

/* "a4" or "letter" (len bytes, lower case) into *paper; false otherwise. */
bool pdf_paper_from_name(const char *name, size_t len, enum pdf_paper *paper);

/* The pages a sheet of count puzzles takes: its puzzle pages, then the
 * solutions' (when with_solutions). */
unsigned pdf_sheet_pages(size_t count, int per_page, bool with_solutions);

/* The sheet as a PDF document in a malloc'd buffer of *len bytes (the
 * caller frees), or NULL with *why a static sentence (out of memory, a
 * sheet out of range, a grid that cannot be drawn). */
char *pdf_write_sheet(const struct pdf_sheet *s, size_t *len, const char **why);

/* The caption of a generated puzzle: "hard 3.2, seed 42" ("seed 42"
 * when it was not rated) into buf, NUL-terminated. */
void pdf_caption(const struct sudoku_generated *g, uint64_t seed, char *buf,
                 size_t cap);

/* A sheet of generated puzzles (gen[i] made from seed[i]), each captioned
 * by pdf_caption, with their solutions: pdf_write_sheet's answer. */
char *pdf_write_generated(const struct sudoku_generated *gen,
                          const uint64_t *seed, size_t count, int per_page,
                          enum pdf_paper paper, size_t *len, const char **why);

#endif
