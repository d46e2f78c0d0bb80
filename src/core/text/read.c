/*
 * read.c - the plain-text formats of online judges, read (sudoku.h says
 * which); writing them is write.c. No I/O, allocation, JSON or global
 * state. The text is (pointer, length), never assumed NUL-terminated (a
 * NUL is an invalid byte); counts are size_t and integer tokens saturate,
 * so lines and tokens of any length are safe. Letters are assumed
 * contiguous (ASCII). What the header leaves out:
 *
 * Lines. A UTF-8 byte order mark at the very start is skipped (and not
 * counted in columns). '\r', '\t', '\v' and '\f' are whitespace (a bare
 * '\r' does not end a line). A column is the 1-based byte offset in its
 * line. A line is blank (separates puzzles; an error inside a puzzle of
 * several rows), decoration (only whitespace and '|', '+', '-', '=', at
 * least one of them: ignored), or content, where '|', '+' and '-' separate
 * tokens like spaces ('=' is an invalid byte). '*' is a blank too.
 *
 * Cells. A token is a maximal run of bytes that are neither whitespace nor
 * '|', '+', '-'. A content line is cut into cells in one of two modes:
 *  - TOKEN mode: each token is one cell, a decimal integer ("05" is 5).
 *    Used when some token is longer than one byte, every token is digits,
 *    and either the side n is known (a later row) and CHAR mode would not
 *    give n cells (so this only picks which error is reported), or this is
 *    the first line of a puzzle, every value is <= 25 and the number of
 *    tokens is a side with a box shape or the square of one above 25.
 *  - CHAR mode otherwise: every byte of every token is one cell. When every
 *    token is one byte long both modes give the same cells.
 * The first content line's k cells fix the side: k <= 25 is row 1 of a
 * k x k grid (the next n content lines are its rows), k > 25 must be n*n
 * (the whole puzzle). The end of the text inside a puzzle is an error.
 *
 * Errors, checked line by line in this order: the first invalid byte; on
 * the first line, the shape; values larger than n, left to right; the
 * number of cells in a later row. The first one is reported, with the
 * puzzle, the line (0 for the end of the text) and the column (0 when the
 * error is not one byte or token). Messages quote a bad byte as 'x', or
 * '\xNN' when it is not printable, and a long token by its first digits.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "text.h"

/* Integer tokens saturate here while being read: a token of 1000 digits
 * cannot overflow, and anything >= BIG_VALUE is too large for every side. */
#define BIG_VALUE 1000
/* Digits of a long token quoted in an error message, then "...". */
#define TOKEN_SHOWN 16

/* Ignored inside content lines, where they separate tokens. */
static bool is_rule(unsigned char c) {
  return c == '|' || c == '+' || c == '-';
}

static bool is_separator(unsigned char c) {
  return text_is_space(c) || is_rule(c);
}

static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

int sudoku_symbol_value(char c) {
  if (c >= '1' && c <= '9')
    return c - '0';
  if (c >= 'A' && c <= 'Z')
    return c - 'A' + 10;
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 10;
  switch (c) {
  case '0':
  case '.':
  case '?':
  case '_':
  case '*':
    return 0;
  default:
    return -1;
  }
}

/* ---- Errors ------------------------------------------------------------ */

int text_fail(struct sudoku_text_error *err, uint32_t puzzle, uint32_t line,
              size_t column, const char *fmt, ...) {
  if (err == NULL)
    return -1;
  err->puzzle = puzzle;
  err->line = line;
  err->column = column > UINT32_MAX ? UINT32_MAX : (uint32_t)column;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->message, sizeof err->message, fmt, ap);
  va_end(ap);
  return -1;
}

void text_quote_byte(unsigned char c, char out[8]) {
  if (c == '\'' || c == '\\')
    snprintf(out, 8, "'\\%c'", c);
  else if (c >= 0x20 && c < 0x7f)
    snprintf(out, 8, "'%c'", c);
  else
    snprintf(out, 8, "'\\x%02x'", c);
}

/* ---- Lines ------------------------------------------------------------- */

enum line_kind { LINE_BLANK, LINE_DECORATION, LINE_CONTENT };

/* What one pass over a content line learns. */
struct scan {
  size_t tokens;  /* number of tokens */
  size_t symbols; /* bytes in tokens: the cells in CHAR mode */
  size_t bad;     /* offset of the first byte that is no symbol, or len */
  size_t minus;   /* offset of the first '-' right before a digit, or len */
  bool wide;      /* some token is longer than one byte */
  bool numeric;   /* every token is digits only */
  bool small;     /* every numeric token's value is <= SUDOKU_MAX_N */
};

bool text_next_line(struct sudoku_reader *r, struct text_line *ln) {
  if (r->pos >= r->len)
    return false;
  const char *start = r->text + r->pos;
  size_t rest = r->len - r->pos;
  const char *nl = memchr(start, '\n', rest);
  ln->s = (const unsigned char *)start;
  ln->len = nl != NULL ? (size_t)(nl - start) : rest;
  ln->no = r->line;
  r->pos += nl != NULL ? ln->len + 1 : ln->len;
  if (nl != NULL && r->line < UINT32_MAX)
    r->line++;
  return true;
}

static enum line_kind classify(const struct text_line *ln) {
  bool decorated = false;
  for (size_t i = 0; i < ln->len; i++) {
    unsigned char c = ln->s[i];
    if (is_rule(c) || c == '=')
      decorated = true;
    else if (!text_is_space(c))
      return LINE_CONTENT;
  }
  return decorated ? LINE_DECORATION : LINE_BLANK;
}

static void scan_line(const struct text_line *ln, struct scan *sc) {
  *sc = (struct scan){0, 0, ln->len, ln->len, false, true, true};
  size_t i = 0;
  while (i < ln->len) {
    if (is_separator(ln->s[i])) {
      if (ln->s[i] == '-' && sc->minus == ln->len && i + 1 < ln->len &&
          is_digit(ln->s[i + 1]))
        sc->minus = i;
      i++;
      continue;
    }
    size_t start = i;
    int value = 0;
    for (; i < ln->len && !is_separator(ln->s[i]); i++) {
      unsigned char c = ln->s[i];
      if (sc->bad == ln->len && sudoku_symbol_value((char)c) < 0)
        sc->bad = i;
      if (!is_digit(c))
        sc->numeric = false;
      else if (value < BIG_VALUE)
        value = value * 10 + (c - '0');
    }
    sc->tokens++;
    sc->symbols += i - start;
    sc->wide |= i - start > 1;
    sc->small &= value <= SUDOKU_MAX_N;
  }
}

/* The side of a puzzle whose first line has k cells, 0 when none: a row of
 * k cells, or (*one_line) a whole puzzle of k = n*n cells. k == 16 is both
 * a 4x4 puzzle and a 16x16 row: the caller decides (first_line_is_4x4). */
static int side_of(size_t k, bool *one_line) {
  int br, bc;
  *one_line = k > SUDOKU_MAX_N;
  if (!*one_line)
    return sudoku_box_shape((int)k, &br, &bc) ? (int)k : 0;
  return sudoku_side_of_cells(k);
}

static int fail_shape(struct sudoku_text_error *err, uint32_t puzzle,
                      unsigned line, size_t k) {
  if (k < SUDOKU_MIN_N)
    return text_fail(err, puzzle, line, 0,
                     "line %u: a row of %zu cell%s: the smallest grid is 4x4",
                     line, k, k == 1 ? "" : "s");
  if (k <= SUDOKU_MAX_N)
    return text_fail(
        err, puzzle, line, 0,
        "line %u: a row of %zu cells: %zux%zu grids have no box shape", line, k,
        k, k);
  if (k < 36)
    return text_fail(
        err, puzzle, line, 0,
        "line %u: a line of %zu cells: too long for a row (at most "
        "25) and too short for a whole puzzle (at least 36)",
        line, k);
  if (k > (size_t)SUDOKU_MAX_N * SUDOKU_MAX_N)
    return text_fail(
        err, puzzle, line, 0,
        "line %u: a line of %zu cells: too long for a row (at most "
        "25) and for a whole puzzle on one line (at most 625, 25x25)",
        line, k);
  /* Within half a row of a whole puzzle: that one, mistyped. Farther, name
   * the whole puzzles on either side: one guess would mislead (40 cells are
   * 6x6's 36 and four more, or the first line of an 81-character puzzle). */
  int n = sudoku_nearest_side(k);
  size_t sq = (size_t)n * (size_t)n;
  if ((sq > k ? sq - k : k - sq) <= (size_t)n / 2)
    return text_fail(err, puzzle, line, 0,
                     "puzzle %u: expected %zu cells, got %zu (line %u: a whole "
                     "%dx%d puzzle on one line)",
                     (unsigned)puzzle, sq, k, line, n, n);
  int lo = 0, hi = 0, br, bc;
  for (int m = SUDOKU_MIN_N; m <= SUDOKU_MAX_N; m++)
    if (sudoku_box_shape(m, &br, &bc)) {
      if ((size_t)m * (size_t)m < k)
        lo = m;
      else if (hi == 0)
        hi = m;
    }
  return text_fail(
      err, puzzle, line, 0,
      "line %u: a line of %zu cells: too long for a row (at most 25) "
      "and not a whole puzzle on one line (%d cells for %dx%d, %d for "
      "%dx%d)",
      line, k, lo * lo, lo, lo, hi * hi, hi, hi);
}

/* The next cell of a line from *i: [*start, *end). One byte in CHAR mode,
 * one token in TOKEN mode. */
static bool next_cell(const struct text_line *ln, bool token_mode, size_t *i,
                      size_t *start, size_t *end) {
  while (*i < ln->len && is_separator(ln->s[*i]))
    (*i)++;
  if (*i >= ln->len)
    return false;
  *start = (*i)++;
  while (token_mode && *i < ln->len && !is_separator(ln->s[*i]))
    (*i)++;
  *end = *i;
  return true;
}

/* Checks every cell of a content line against the side n and stores the
 * first `want` of them in dst. The caller checks the count. */
static int fill_cells(const struct text_line *ln, bool token_mode, int n,
                      uint8_t *dst, size_t want, uint32_t puzzle,
                      struct sudoku_text_error *err) {
  size_t i = 0, start, end, count = 0;
  while (next_cell(ln, token_mode, &i, &start, &end)) {
    const char *cell = (const char *)ln->s + start;
    int value = 0;
    if (token_mode) {
      for (size_t j = start; j < end && value < BIG_VALUE; j++)
        value = value * 10 + (ln->s[j] - '0');
    } else {
      value = sudoku_symbol_value(*cell);
    }
    if (value > n) {
      if (token_mode) {
        size_t len = end - start;
        return text_fail(err, puzzle, ln->no, start + 1,
                         "line %u, column %zu: %.*s%s is larger than %d",
                         ln->no, start + 1,
                         (int)(len > TOKEN_SHOWN ? TOKEN_SHOWN : len), cell,
                         len > TOKEN_SHOWN ? "..." : "", n);
      }
      if (is_digit((unsigned char)*cell))
        return text_fail(err, puzzle, ln->no, start + 1,
                         "line %u, column %zu: '%c' is larger than %d", ln->no,
                         start + 1, *cell, n);
      /* Letters only mean 10..35 in grids that large. */
      if (n <= 9)
        return text_fail(err, puzzle, ln->no, start + 1,
                         "line %u, column %zu: '%c' is not a digit or a blank",
                         ln->no, start + 1, *cell);
      /* A letter past the side: say which letters the side takes. */
      if (n == 10)
        return text_fail(
            err, puzzle, ln->no, start + 1,
            "line %u, column %zu: '%c' is not a digit, A (10) or a "
            "blank of a 10x10 puzzle",
            ln->no, start + 1, *cell);
      return text_fail(
          err, puzzle, ln->no, start + 1,
          "line %u, column %zu: '%c' is not a digit, a letter A-%c "
          "(10-%d) or a blank of a %dx%d puzzle",
          ln->no, start + 1, *cell, 'A' + n - 10, n, n, n);
    }
    if (count < want)
      dst[count] = (uint8_t)value;
    count++;
  }
  return 0;
}

/* The largest value among the cells of a content line. */
static int line_max_value(const struct text_line *ln, bool token_mode) {
  size_t i = 0, start, end;
  int max = 0;
  while (next_cell(ln, token_mode, &i, &start, &end)) {
    int value = 0;
    if (token_mode)
      for (size_t j = start; j < end && value < BIG_VALUE; j++)
        value = value * 10 + (ln->s[j] - '0');
    else
      value = sudoku_symbol_value((char)ln->s[start]);
    max = value > max ? value : max;
  }
  return max;
}

/* Whether a puzzle's first line of 16 cells is a whole 4x4 puzzle (the
 * rule for n*n cells on one line) rather than row 1 of a 16x16 grid. It is
 * a 16x16 row when it holds a value above 4, or when the line right after
 * it is a row of 16 cells that does; the reader is not moved. */
static bool first_line_is_4x4(const struct sudoku_reader *r,
                              const struct text_line *ln, bool token_mode) {
  if (line_max_value(ln, token_mode) > 4)
    return false;
  struct sudoku_reader peek = *r;
  struct text_line next;
  struct scan sc;
  if (!text_next_line(&peek, &next) || classify(&next) != LINE_CONTENT)
    return true;
  scan_line(&next, &sc);
  bool next_tokens = sc.wide && sc.numeric && sc.tokens == 16;
  size_t cells = next_tokens ? sc.tokens : sc.symbols;
  return sc.bad < next.len || cells != 16 ||
         line_max_value(&next, next_tokens) <= 4;
}

/* ---- Reading ----------------------------------------------------------- */

void sudoku_reader_init(struct sudoku_reader *r, const char *text, size_t len) {
  r->text = text;
  r->len = text != NULL ? len : 0;
  r->pos = 0;
  r->line = 1;
  r->puzzles = 0;
  if (r->len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
    r->pos = 3;
}

int sudoku_read_next(struct sudoku_reader *r, sudoku_grid *g,
                     struct sudoku_text_error *err) {
  uint32_t puzzle = r->puzzles < UINT32_MAX ? r->puzzles + 1 : UINT32_MAX;
  int n = 0, rows = 0; /* side (0 until the first line) and rows read */
  struct text_line ln;
  for (;;) {
    if (!text_next_line(r, &ln)) {
      if (n == 0)
        return 0;
      return text_fail(err, puzzle, 0, 0,
                       "puzzle %u: expected %d cells, got %d (the input ends "
                       "after %d of %d rows)",
                       (unsigned)puzzle, n * n, rows * n, rows, n);
    }
    enum line_kind kind = classify(&ln);
    if (kind == LINE_DECORATION || (kind == LINE_BLANK && n == 0))
      continue;
    if (kind == LINE_BLANK)
      return text_fail(err, puzzle, ln.no, 0,
                       "puzzle %u: expected %d cells, got %d (line %u is blank "
                       "after %d of %d rows)",
                       (unsigned)puzzle, n * n, rows * n, ln.no, rows, n);

    struct scan sc;
    scan_line(&ln, &sc);
    if (sc.bad < ln.len) {
      char q[8];
      text_quote_byte(ln.s[sc.bad], q);
      return text_fail(err, puzzle, ln.no, sc.bad + 1,
                       "line %u, column %zu: %s is not a digit or a blank",
                       ln.no, sc.bad + 1, q);
    }
    bool one_line = false;
    bool token_mode = sc.wide && sc.numeric &&
                      (n != 0 ? sc.symbols != (size_t)n
                              : sc.small && side_of(sc.tokens, &one_line) != 0);
    size_t cells = token_mode ? sc.tokens : sc.symbols;

    if (sc.minus < ln.len)
      return text_fail(
          err, puzzle, ln.no, sc.minus + 1,
          "line %u, column %zu: '-' before a digit: cells are 0..n, "
          "never negative",
          ln.no, sc.minus + 1);
    if (n == 0) {
      int br, bc;
      n = side_of(cells, &one_line);
      if (cells == 16 && sc.tokens == 1 &&
          first_line_is_4x4(r, &ln, token_mode)) {
        n = 4;
        one_line = true;
      }
      if (n == 0 || !sudoku_box_shape(n, &br, &bc) ||
          sudoku_grid_init(g, br, bc) != SUDOKU_OK)
        return fail_shape(err, puzzle, ln.no, cells);
      if (one_line) {
        if (fill_cells(&ln, token_mode, n, g->cell, cells, puzzle, err) != 0)
          return -1;
        r->puzzles = puzzle;
        return 1;
      }
    }
    if (fill_cells(&ln, token_mode, n, g->cell + rows * n, (size_t)n, puzzle,
                   err) != 0)
      return -1;
    if (cells != (size_t)n)
      return text_fail(
          err, puzzle, ln.no, 0,
          "line %u: expected %d cells in row %d of puzzle %u, got %zu", ln.no,
          n, rows + 1, (unsigned)puzzle, cells);
    if (++rows == n) {
      r->puzzles = puzzle;
      return 1;
    }
  }
}
