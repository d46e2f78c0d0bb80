/*
 * out.h - snprintf-style output for the text writers: every byte is
 * counted, the first cap - 1 are stored, nothing at or past cap is
 * touched, and buf may be NULL when cap is 0. finish() NUL-terminates and
 * returns the full length, so a caller sizes its buffer with a first call
 * of cap 0.
 */
#ifndef SUDOKU_TEXT_OUT_H
#define SUDOKU_TEXT_OUT_H

#include <stddef.h>

struct out {
  char *buf;
  size_t cap, len;
};

static inline void out_char(struct out *o, char c) {
  if (o->len + 1 < o->cap)
    o->buf[o->len] = c;
  o->len++;
}

static inline void out_str(struct out *o, const char *s) {
  while (*s != '\0')
    out_char(o, *s++);
}

static inline void out_uint(struct out *o, unsigned long v) {
  char digits[24];
  int k = 0;
  do {
    digits[k++] = (char)('0' + v % 10);
    v /= 10;
  } while (v != 0);
  while (k > 0)
    out_char(o, digits[--k]);
}

static inline size_t out_finish(struct out *o) {
  if (o->cap > 0)
    o->buf[o->len < o->cap ? o->len : o->cap - 1] = '\0';
  return o->len;
}

#endif
