/*
 * stream.c - puzzles from a file descriptor in bounded memory (stream.h).
 *
 * The window holds the unparsed tail of the input; the core's reader sees
 * only its whole lines (up to the last '\n', all of it at the end of the
 * input), so a line is never cut. A puzzle the reader completes is complete
 * whatever follows (it ends after its n rows, or on its one line); one that
 * runs off the end of the window (the reader's "the input ends after k
 * rows", the only error without a line number) is read again from its
 * start once more input is in. Memory: the window, 256 KiB, more only for
 * a puzzle longer than that, never over CLI_STREAM_MAX.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stream.h"

#define CLI_STREAM_CHUNK (256u << 10)

/* Cell value of each byte on the 81-character fast path; any byte but a
 * digit or '.' ('?', '_', letters, spaces, '\r', decorations) sends the
 * line to the full reader, which handles them. */
static const unsigned char fast_value[256] = {
    ['.'] = 0, ['0'] = 0, ['1'] = 1, ['2'] = 2, ['3'] = 3, ['4'] = 4,
    ['5'] = 5, ['6'] = 6, ['7'] = 7, ['8'] = 8, ['9'] = 9,
};

/* Whether byte c may stand on the fast path (fast_value alone cannot tell
 * '.' from a byte it does not list). */
static inline bool fast_ok(unsigned char c) {
  return c == '.' || (c >= '0' && c <= '9');
}

void cli_stream_init(struct cli_stream *s, int fd) {
  memset(s, 0, sizeof *s);
  s->fd = fd;
  sudoku_reader_init(&s->r, NULL, 0);
}

void cli_stream_init_text(struct cli_stream *s, char *text, size_t len) {
  memset(s, 0, sizeof *s);
  s->fd = -1;
  s->buf = text;
  s->cap = s->len = len;
  s->eof = s->started = true;
  /* The reader skips a byte order mark at the start itself. */
  sudoku_reader_init(&s->r, text, len);
}

void cli_stream_free(struct cli_stream *s) {
  free(s->buf);
  s->buf = NULL;
}

/* An 81-character line of digits and '.' at the reader's position: parsed
 * here at a few ns a cell, numbered as the reader would number it. The
 * reader reads such a line as one 9x9 puzzle in symbol mode, cell by cell,
 * '0' and '.' blank, so the result is the same. */
static bool fast_line(struct cli_stream *s, sudoku_grid *g) {
  struct sudoku_reader *r = &s->r;
  if (r->len - r->pos < 82 || r->text[r->pos + 81] != '\n')
    return false;
  const unsigned char *t = (const unsigned char *)r->text + r->pos;
  unsigned ok = 1;
  for (int i = 0; i < 81; i++) {
    ok &= fast_ok(t[i]);
    g->cell[i] = fast_value[t[i]];
  }
  if (!ok)
    return false;
  g->box_rows = g->box_cols = 3;
  g->n = 9;
  r->pos += 82;
  if (r->line < UINT32_MAX)
    r->line++;
  if (r->puzzles < UINT32_MAX)
    r->puzzles++;
  return true;
}

enum cli_stream_rc cli_stream_next(struct cli_stream *s, sudoku_grid *g,
                                   struct sudoku_text_error *err) {
  if (!s->started)
    return CLI_STREAM_MORE;
  if (fast_line(s, g))
    return CLI_STREAM_PUZZLE;
  struct sudoku_reader save = s->r;
  int got = sudoku_read_next(&s->r, g, err);
  if (got == 1)
    return CLI_STREAM_PUZZLE;
  if (got == 0)
    return s->eof ? CLI_STREAM_END : CLI_STREAM_MORE;
  if (err->line == 0 && !s->eof) {
    s->r = save; /* ran off the window: again with more input */
    return CLI_STREAM_MORE;
  }
  return CLI_STREAM_BAD;
}

int cli_stream_fill(struct cli_stream *s, char *msg, size_t cap) {
  size_t from = s->started ? s->r.pos : 0;
  if (from > 0) {
    memmove(s->buf, s->buf + from, s->len - from);
    s->len -= from;
  }
  if (s->len == s->cap) {
    if (s->cap >= CLI_STREAM_MAX) {
      snprintf(msg, cap, "puzzle %u: more than %u MiB of input without its end",
               s->r.puzzles + 1, CLI_STREAM_MAX >> 20);
      return -1;
    }
    size_t bigger = s->cap ? 2 * s->cap : CLI_STREAM_CHUNK;
    char *b = realloc(s->buf, bigger);
    if (b == NULL) {
      snprintf(msg, cap, "out of memory");
      return -1;
    }
    s->buf = b;
    s->cap = bigger;
  }
  ssize_t got;
  do
    got = read(s->fd, s->buf + s->len, s->cap - s->len);
  while (got < 0 && errno == EINTR);
  if (got < 0) {
    snprintf(msg, cap, "cannot read input: %s", strerror(errno));
    return -1;
  }
  if (got == 0)
    s->eof = true;
  s->len += (size_t)got;

  /* The reader skips a UTF-8 byte order mark at the start of the input
   * only: decide once three bytes (or the end) are in. */
  size_t pos = 0;
  if (!s->started) {
    if (s->len < 3 && !s->eof) {
      s->r.text = s->buf;
      s->r.len = s->r.pos = 0;
      return 0; /* nothing parsed yet; the next fill keeps these bytes */
    }
    s->started = true;
    if (s->len >= 3 && memcmp(s->buf, "\xEF\xBB\xBF", 3) == 0)
      pos = 3;
  }
  size_t avail = s->len;
  if (!s->eof) {
    while (avail > pos && s->buf[avail - 1] != '\n')
      avail--;
  }
  s->r.text = s->buf;
  s->r.len = avail;
  s->r.pos = pos;
  return 0;
}
