/*
 * fuzz_text.h - what the text readers' fuzz targets share: the check of
 * how a reading loop ended (end of input, or an error with a message).
 */
#ifndef FUZZ_TEXT_H
#define FUZZ_TEXT_H

#include <stdlib.h>
#include <string.h>

#include "sudoku.h"

/* got: the reader's last result. 0 is the end; -1 needs a non-empty,
 * NUL-terminated message; anything else aborts. */
static inline void fuzz_check_end(int got,
                                  const struct sudoku_text_error *err) {
  if (got == -1) {
    if (memchr(err->message, '\0', sizeof err->message) == NULL ||
        err->message[0] == '\0')
      abort();
  } else if (got != 0) {
    abort();
  }
}

#endif
