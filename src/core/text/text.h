/*
 * text.h - what the core's text readers share and nobody else sees: lines
 * of a (pointer, length) text and the one way of reporting a located error
 * (read.c defines them; marks.c reads positions with them).
 */
#ifndef SUDOKU_TEXT_H
#define SUDOKU_TEXT_H

#include "sudoku.h"

/* Whitespace inside a line: ' ', '\t', '\r', '\v', '\f' ('\n' ends it). */
static inline bool text_is_space(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* One line of the text: its bytes without the '\n', its 1-based number. */
struct text_line {
  const unsigned char *s; /* not NUL-terminated */
  size_t len;             /* without the '\n' */
  unsigned no;            /* 1-based */
};

/* Takes the next line of r (r->pos and r->line move past it); false at
 * the end of the text. */
bool text_next_line(struct sudoku_reader *r, struct text_line *ln);

/* Fills *err (when not NULL) with the puzzle, line and column (0: not
 * applicable) and the formatted sentence; returns -1, the readers' error
 * result. */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
int text_fail(struct sudoku_text_error *err, uint32_t puzzle, uint32_t line,
              size_t column, const char *fmt, ...);

/* A byte as it appears in a message: 'x', '\'', '\\' or '\x00'. */
void text_quote_byte(unsigned char c, char out[8]);

#endif /* SUDOKU_TEXT_H */
