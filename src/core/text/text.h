/*
 * text.h - what the core's text modules share and nobody else sees: lines
 * of a (pointer, length) text, the one way of reporting a located error
 * (read.c defines them; marks.c reads positions with them), and the
 * symbols of the writers (write.c, marks.c; their output is out.h's).
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

/* ---- Writing (with out.h) ------------------------------------------ */

/* The symbol of a value: '.' for 0, '1'-'9', 'A'-'Z' for 10..35; a value
 * no symbol stands for is '#', which reads back as an error rather than as
 * a blank. */
static inline char text_symbol(unsigned v) {
  static const char symbols[] = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return v < sizeof symbols - 1 ? symbols[v] : '#';
}

#endif /* SUDOKU_TEXT_H */
