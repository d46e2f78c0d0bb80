/*
 * stream.h - puzzles read from a file descriptor as they arrive, in bounded
 * memory: a window of whole lines over the input, parsed by the core's
 * reader (sudoku.h), with a fast path for 81-character lines.
 *
 * What it does NOT do: solve, print, or use threads. Line and puzzle
 * numbers in its errors count from the start of the input, exactly as the
 * core's reader would over the whole text.
 */
#ifndef SUDOKU_CLI_STREAM_H
#define SUDOKU_CLI_STREAM_H

#include <stdbool.h>
#include <stddef.h>

#include "sudoku.h"

/* The window grows up to this to hold one puzzle (or one line); a puzzle
 * that needs more is refused rather than read without bound. */
#define CLI_STREAM_MAX (16u << 20)

enum cli_stream_rc {
  CLI_STREAM_PUZZLE = 1, /* *g holds the next puzzle */
  CLI_STREAM_END = 0,    /* no puzzle left (blank/decoration lines only) */
  CLI_STREAM_BAD = -1,   /* malformed input, *err filled */
  CLI_STREAM_MORE = -2   /* call cli_stream_fill(), then ask again */
};

struct cli_stream {
  int fd;
  char *buf; /* the window: buf[0..len) read, r covers whole lines */
  size_t cap, len;
  bool eof, started;
  struct sudoku_reader r;
};

/* An empty stream over fd (not owned). */
void cli_stream_init(struct cli_stream *s, int fd);

/* A stream over the whole of text (malloc'd, owned by the stream from
 * now on): the input is already in, nothing is read. */
void cli_stream_init_text(struct cli_stream *s, char *text, size_t len);

/* Frees the window. */
void cli_stream_free(struct cli_stream *s);

/* The next puzzle out of what the window holds; CLI_STREAM_MORE when it
 * cannot be known without reading (the caller may flush output first, as
 * the read may block). */
enum cli_stream_rc cli_stream_next(struct cli_stream *s, sudoku_grid *g,
                                   struct sudoku_text_error *err);

/* Reads more input into the window (blocking). Returns 0, or -1 with a
 * whole sentence in msg: a read error or a puzzle over CLI_STREAM_MAX. */
int cli_stream_fill(struct cli_stream *s, char *msg, size_t cap);

#endif
