/*
 * marks.c - positions with pencil marks in and out: the sukaku line, SE's
 * one-line cells, the PM grid and HoDoKu's library line (sudoku_marks.h
 * says what each is). Reading tells them apart by the shape of the first
 * lines of a record (sniff), then reads that record with one reader a
 * form; a plain puzzle goes to read.c's sudoku_read_next unchanged.
 *
 * What this file does NOT do: I/O, allocation, global state, judging
 * whether a position is consistent. Lines and errors are read.c's
 * (text.h): the same locations, the same wording where the error is the
 * same. The text is (pointer, length), never assumed NUL-terminated.
 *
 * Cost: a record is looked at twice (sniff, then the reader: at most n + 1
 * lines of look-ahead); the lone-mark rule is O(n) per cell.
 */
#include <string.h>

#include "out.h"
#include "sudoku_logic.h"
#include "sudoku_marks.h"
#include "text.h"

/* ---- The table of formats ---------------------------------------------- */

static const char *const format_names[] = {
#define SUDOKU_X_NAME(name, id) id,
    SUDOKU_MARKS_FORMAT_MAP(SUDOKU_X_NAME)
#undef SUDOKU_X_NAME
};

const char *sudoku_marks_format_name(enum sudoku_marks_format f) {
  return (unsigned)f < SUDOKU_MARKS_FORMAT_COUNT ? format_names[f] : "unknown";
}

enum sudoku_marks_format sudoku_marks_format_from_name(const char *name,
                                                       size_t len) {
  for (unsigned f = 0; f < SUDOKU_MARKS_FORMAT_COUNT; f++)
    if (strlen(format_names[f]) == len &&
        memcmp(format_names[f], name, len) == 0)
      return (enum sudoku_marks_format)f;
  return SUDOKU_MARKS_FORMAT_COUNT;
}

/* ---- Shapes and peers -------------------------------------------------- */

static bool has_shape(int n) {
  int br, bc;
  return n >= SUDOKU_MIN_N && n <= SUDOKU_MAX_N &&
         sudoku_box_shape(n, &br, &bc);
}

static int popcount(uint32_t m) {
  int k = 0;
  for (; m != 0; m &= m - 1)
    k++;
  return k;
}

static uint32_t all_marks(int n) { return n >= 32 ? ~0u : (1u << n) - 1u; }

/* Whether a cell other than `cell` in its row, column or box has `bit`
 * among its marks. */
static bool peer_has(const struct sudoku_position *p, int cell, uint32_t bit) {
  const sudoku_grid *g = &p->grid;
  int n = g->n, row = cell / n, col = cell % n;
  int r0 = row - row % g->box_rows, c0 = col - col % g->box_cols;
  for (int k = 0; k < n; k++) {
    int in_row = row * n + k, in_col = k * n + col;
    int in_box = (r0 + k / g->box_cols) * n + c0 + k % g->box_cols;
    if ((in_row != cell && (p->cand[in_row] & bit)) ||
        (in_col != cell && (p->cand[in_col] & bit)) ||
        (in_box != cell && (p->cand[in_box] & bit)))
      return true;
  }
  return false;
}

/* SE's and HoDoKu's rule for a lone mark: an empty cell whose one mark v no
 * peer shares is a given v. The decisions do not depend on each other (a
 * cell is filled only when no peer has its mark, so filling it removes
 * nothing a peer's decision reads), so they are taken first, then made. */
static void settle_lone_marks(struct sudoku_position *p) {
  int cells = p->grid.n * p->grid.n;
  bool fill[SUDOKU_MAX_CELLS];
  for (int c = 0; c < cells; c++)
    fill[c] = p->grid.cell[c] == 0 && popcount(p->cand[c]) == 1 &&
              !peer_has(p, c, p->cand[c]);
  for (int c = 0; c < cells; c++)
    if (fill[c]) {
      uint8_t v = 1;
      while (!(p->cand[c] & (1u << (v - 1))))
        v++;
      p->grid.cell[c] = v;
      p->cand[c] = 0;
    }
}

/* An empty position of side n (which has a box shape). */
static void position_init(struct sudoku_position *p, int n) {
  int br, bc;
  sudoku_box_shape(n, &br, &bc);
  sudoku_grid_init(&p->grid, br, bc);
  memset(p->placed, 0, sizeof p->placed);
  memset(p->cand, 0, sizeof p->cand);
}

/* ---- Lines and cells --------------------------------------------------- */

static bool is_blank_line(const struct text_line *ln) {
  for (size_t i = 0; i < ln->len; i++)
    if (!text_is_space(ln->s[i]))
      return false;
  return true;
}

/* A PM grid's frame: only spaces and ". - : + ' * | =", with a run of
 * three '-' at least (as HoDoKu's reader asks), so that no row of read.c's
 * (where '.' and '*' are blanks and '-' separates them, "..-..") is one. */
static bool is_frame(const struct text_line *ln) {
  size_t run = 0, longest = 0;
  for (size_t i = 0; i < ln->len; i++) {
    unsigned char c = ln->s[i];
    run = c == '-' ? run + 1 : 0;
    longest = run > longest ? run : longest;
    if (c != '-' && !text_is_space(c) && strchr(".:+'*|=", c) == NULL)
      return false;
  }
  return longest >= 3;
}

static size_t first_nonspace(const struct text_line *ln) {
  size_t i = 0;
  while (i < ln->len && text_is_space(ln->s[i]))
    i++;
  return i;
}

/* Cells are separated by whitespace and '|'. */
static bool is_cell_sep(unsigned char c) {
  return text_is_space(c) || c == '|';
}

/* The next cell of a line from *i: [*start, *end); false at its end. */
static bool next_cell(const struct text_line *ln, size_t *i, size_t *start,
                      size_t *end) {
  while (*i < ln->len && is_cell_sep(ln->s[*i]))
    (*i)++;
  if (*i >= ln->len)
    return false;
  *start = *i;
  while (*i < ln->len && !is_cell_sep(ln->s[*i]))
    (*i)++;
  *end = *i;
  return true;
}

static size_t count_cells(const struct text_line *ln) {
  size_t i = 0, start, end, k = 0;
  while (next_cell(ln, &i, &start, &end))
    k++;
  return k;
}

/* The marks HoDoKu's PM grid with a step puts before a candidate (and
 * sudoku_write_position_step writes: '-', '+', '*'), read and ignored. */
static bool is_step_mark(unsigned char c) {
  return c != '\0' && strchr("*-+#@", c) != NULL;
}

/* The marks of one cell [start, end) of a grid of side n into *mask: the
 * symbols of its marks, or a blank alone for none; a step mark before a
 * symbol is skipped (*marked set). Returns -1 with *err filled (located)
 * when malformed; *letter is set when a symbol is a letter. err may be
 * NULL (sniffing). */
static int cell_marks(const struct text_line *ln, size_t start, size_t end,
                      int n, uint32_t puzzle, uint32_t *mask, bool *letter,
                      bool *marked, struct sudoku_text_error *err) {
  *mask = 0;
  for (size_t j = start; j < end; j++) {
    unsigned char c = ln->s[j];
    if (is_step_mark(c) && j + 1 < end &&
        sudoku_symbol_value((char)ln->s[j + 1]) > 0) {
      *marked = true;
      continue;
    }
    int v = sudoku_symbol_value((char)c);
    if (v < 0 || (v > 9 && n <= 9)) { /* letters: 10..35, past 9x9 */
      char q[8];
      text_quote_byte(c, q);
      return text_fail(err, puzzle, ln->no, j + 1,
                       "line %u, column %zu: %s is not a candidate", ln->no,
                       j + 1, q);
    }
    if (v == 0 && end - start == 1)
      return 0;
    if (v == 0)
      return text_fail(err, puzzle, ln->no, j + 1,
                       "line %u, column %zu: '%c' among a cell's candidates "
                       "(a blank stands alone: a cell without candidates)",
                       ln->no, j + 1, c);
    if (v > n)
      return text_fail(err, puzzle, ln->no, j + 1,
                       "line %u, column %zu: '%c' is larger than %d", ln->no,
                       j + 1, c, n);
    if (*mask & (1u << (v - 1)))
      return text_fail(err, puzzle, ln->no, j + 1,
                       "line %u, column %zu: '%c' twice in one cell", ln->no,
                       j + 1, c);
    *mask |= 1u << (v - 1);
    *letter |= v > 9;
  }
  return 0;
}

/* Whether every cell of the line is a set of marks of side n; *wide set
 * when one holds two marks or more, *letter when one holds a letter. */
static bool line_of_marks(const struct text_line *ln, int n, bool *wide,
                          bool *letter) {
  size_t i = 0, start, end;
  uint32_t mask;
  bool marked = false;
  while (next_cell(ln, &i, &start, &end)) {
    if (cell_marks(ln, start, end, n, 0, &mask, letter, &marked, NULL) != 0)
      return false;
    *wide |= popcount(mask) >= 2;
  }
  return true;
}

/* Whether [start, end) of the line is a sukaku line of side n: n*n*n
 * symbols, each a blank or the symbol of its place in its cell. */
static bool sukaku_fits(const struct text_line *ln, size_t start, size_t end,
                        int n) {
  bool any = false;
  for (size_t i = start; i < end; i++) {
    int v = sudoku_symbol_value((char)ln->s[i]);
    if (v != 0 && v != (int)((i - start) % (size_t)n) + 1)
      return false;
    any |= v != 0;
  }
  return any;
}

/* The side n with n*n*n == k and a box shape, else 0. */
static int sukaku_side(size_t k) {
  for (int n = SUDOKU_MIN_N; n <= SUDOKU_MAX_N; n++)
    if ((size_t)n * (size_t)n * (size_t)n == k && has_shape(n))
      return n;
  return 0;
}

/* ---- Telling the forms apart ------------------------------------------- */

/* The form of the record at r (r is not moved) and, for CELLS and PM found
 * by their cells, the side; SUDOKU_MARKS_GIVENS for anything else, the end
 * of the input included. */
static enum sudoku_marks_format sniff(const struct sudoku_reader *r,
                                      int *side) {
  struct sudoku_reader peek = *r;
  struct text_line ln;
  *side = 0;
  do
    if (!text_next_line(&peek, &ln))
      return SUDOKU_MARKS_GIVENS;
  while (is_blank_line(&ln));

  size_t start = first_nonspace(&ln), end = ln.len;
  while (end > start && text_is_space(ln.s[end - 1]))
    end--;
  unsigned char first = ln.s[start];
  if (first == ':')
    return SUDOKU_MARKS_LIBRARY;
  if (is_frame(&ln) && strchr(".*:'", first) != NULL)
    return SUDOKU_MARKS_PM;
  bool one_run = memchr(ln.s + start, ' ', end - start) == NULL &&
                 memchr(ln.s + start, '\t', end - start) == NULL;
  int n = one_run ? sukaku_side(end - start) : 0;
  /* 64 symbols are also an 8x8 puzzle's line: a sukaku line only when
   * every symbol is at its place. Other lengths are no puzzle's. */
  if (n != 0 && (n != 4 || sukaku_fits(&ln, start, end, n)))
    return SUDOKU_MARKS_SUKAKU;

  while (is_frame(&ln))
    if (!text_next_line(&peek, &ln) || is_blank_line(&ln))
      return SUDOKU_MARKS_GIVENS;
  size_t t = count_cells(&ln);
  bool wide = false, letter = false;
  for (n = SUDOKU_MIN_N; n <= SUDOKU_MAX_N; n++)
    if ((size_t)n * (size_t)n == t && has_shape(n) &&
        line_of_marks(&ln, n, &wide, &letter) && wide && (n <= 9 || letter)) {
      *side = n;
      return SUDOKU_MARKS_CELLS;
    }
  n = (int)(t <= SUDOKU_MAX_N ? t : 0);
  if (!has_shape(n))
    return SUDOKU_MARKS_GIVENS;
  wide = letter = false;
  for (int rows = 0;;) {
    if (!line_of_marks(&ln, n, &wide, &letter))
      return SUDOKU_MARKS_GIVENS;
    if (++rows == n)
      break;
    do
      if (!text_next_line(&peek, &ln) || is_blank_line(&ln))
        return SUDOKU_MARKS_GIVENS;
    while (is_frame(&ln));
    if (count_cells(&ln) != (size_t)n)
      return SUDOKU_MARKS_GIVENS;
  }
  if (!wide || (n > 9 && !letter))
    return SUDOKU_MARKS_GIVENS;
  *side = n;
  return SUDOKU_MARKS_PM;
}

/* ---- The readers, one a form ------------------------------------------- */

/* The first line that is not blank (sniff saw one). */
static void first_line(struct sudoku_reader *r, struct text_line *ln) {
  do
    text_next_line(r, ln);
  while (is_blank_line(ln));
}

static int read_sukaku(struct sudoku_reader *r, struct sudoku_position *p,
                       uint32_t puzzle, struct sudoku_text_error *err) {
  struct text_line ln;
  first_line(r, &ln);
  size_t start = first_nonspace(&ln), end = ln.len;
  while (end > start && text_is_space(ln.s[end - 1]))
    end--;
  int n = sukaku_side(end - start);
  position_init(p, n);
  for (size_t i = start; i < end; i++) {
    unsigned char c = ln.s[i];
    int v = sudoku_symbol_value((char)c);
    size_t at = (i - start) % (size_t)n;
    int cell = (int)((i - start) / (size_t)n);
    if (v < 0 || v > n) {
      char q[8];
      text_quote_byte(c, q);
      return text_fail(err, puzzle, ln.no, i + 1,
                       "line %u, column %zu: %s is not a candidate or a blank",
                       ln.no, i + 1, q);
    }
    if (v == 0)
      continue;
    if ((size_t)v != at + 1) {
      char name[8];
      sudoku_cell_name(n, cell, name, sizeof name);
      return text_fail(err, puzzle, ln.no, i + 1,
                       "line %u, column %zu: '%c' at place %zu of %s: a "
                       "sukaku line holds the symbol of k at place k",
                       ln.no, i + 1, c, at + 1, name);
    }
    p->cand[cell] |= 1u << (v - 1);
  }
  settle_lone_marks(p);
  return 1;
}

/* The cells of one line into p->cand[first..first+want): every cell is
 * checked, those past want are not stored (the caller counts them);
 * *marked set when a cell held a step mark. */
static int read_marks_line(const struct text_line *ln,
                           struct sudoku_position *p, int first, int want,
                           bool *marked, uint32_t puzzle,
                           struct sudoku_text_error *err) {
  size_t i = 0, start, end;
  bool letter = false;
  uint32_t mask;
  for (int k = 0; next_cell(ln, &i, &start, &end); k++) {
    if (cell_marks(ln, start, end, p->grid.n, puzzle, &mask, &letter, marked,
                   err) != 0)
      return -1;
    if (k < want)
      p->cand[first + k] = mask;
  }
  return 0;
}

static int read_cells(struct sudoku_reader *r, struct sudoku_position *p, int n,
                      uint32_t puzzle, struct sudoku_text_error *err) {
  struct text_line ln;
  bool marked = false;
  first_line(r, &ln);
  position_init(p, n);
  if (read_marks_line(&ln, p, 0, n * n, &marked, puzzle, err) != 0)
    return -1;
  settle_lone_marks(p);
  return 1;
}

/* n rows of n cells, frame lines anywhere among them; n from the first row
 * when 0 (a grid told apart by its frame). After the last row one frame
 * line, the bottom of the grid, is taken too; after a grid with step
 * marks, the step's text up to a blank line as well. */
static int read_pm(struct sudoku_reader *r, struct sudoku_position *p, int n,
                   uint32_t puzzle, struct sudoku_text_error *err) {
  struct text_line ln;
  bool marked = false;
  first_line(r, &ln);
  for (int rows = 0;;) {
    if (!is_frame(&ln)) {
      size_t k = count_cells(&ln);
      if (n == 0) {
        if (k > SUDOKU_MAX_N || !has_shape((int)k))
          return text_fail(err, puzzle, ln.no, 0,
                           "line %u: a row of %zu cells: no side of 4..25 "
                           "with a box shape has rows of %zu",
                           ln.no, k, k);
        n = (int)k;
      }
      if (rows == 0)
        position_init(p, n);
      if (read_marks_line(&ln, p, rows * n, n, &marked, puzzle, err) != 0)
        return -1;
      if (k != (size_t)n)
        return text_fail(err, puzzle, ln.no, 0,
                         "line %u: expected %d cells in row %d of puzzle %u, "
                         "got %zu",
                         ln.no, n, rows + 1, (unsigned)puzzle, k);
      if (++rows == n)
        break;
    }
    if (!text_next_line(r, &ln))
      return text_fail(err, puzzle, 0, 0,
                       "puzzle %u: expected %d rows of cells, got %d (the "
                       "input ends after %d of %d rows)",
                       (unsigned)puzzle, n, rows, rows, n);
    if (is_blank_line(&ln))
      return text_fail(err, puzzle, ln.no, 0,
                       "puzzle %u: expected %d rows of cells, got %d (line "
                       "%u is blank after %d of %d rows)",
                       (unsigned)puzzle, n, rows, ln.no, rows, n);
  }
  struct sudoku_reader peek = *r;
  if (text_next_line(&peek, &ln) && is_frame(&ln))
    *r = peek;
  for (peek = *r; marked && text_next_line(&peek, &ln) && !is_blank_line(&ln);)
    *r = peek; /* the step's text */
  settle_lone_marks(p);
  return 1;
}

/* ":TYPE:CANDIDATES:PUZZLE:DELETED:...": fields 3 and 4 are read. */
static int read_library(struct sudoku_reader *r, struct sudoku_position *p,
                        uint32_t puzzle, struct sudoku_text_error *err) {
  struct text_line ln;
  first_line(r, &ln);
  size_t colon[5], k = 0;
  for (size_t i = first_nonspace(&ln); i < ln.len && k < 5; i++)
    if (ln.s[i] == ':')
      colon[k++] = i;
  if (k < 3)
    return text_fail(err, puzzle, ln.no, 0,
                     "line %u: a library line is :TYPE:CANDIDATES:PUZZLE:"
                     "DELETED:..., this one has no PUZZLE field",
                     ln.no);
  size_t a = colon[2] + 1, b = k > 3 ? colon[3] : ln.len;
  while (k == 3 && b > a && text_is_space(ln.s[b - 1]))
    b--; /* a line that ends after PUZZLE: its '\r', trailing spaces */
  size_t cells = 0;
  for (size_t i = a; i < b; i++)
    cells += ln.s[i] != '+';
  int n = 0;
  for (int m = SUDOKU_MIN_N; m <= 9; m++)
    if ((size_t)m * (size_t)m == cells && has_shape(m))
      n = m;
  if (n == 0)
    return text_fail(err, puzzle, ln.no, a + 1,
                     "line %u, column %zu: the puzzle field holds %zu cells, "
                     "a library line 16, 36, 64 or 81",
                     ln.no, a + 1, cells);
  position_init(p, n);
  bool plus = false;
  for (size_t i = a, c = 0; i < b; i++) {
    unsigned char ch = ln.s[i];
    int v = ch == '+' ? -2 : sudoku_symbol_value((char)ch);
    if (v == -2 && !plus) {
      plus = true;
      continue;
    }
    if (v < 0 || (plus && v == 0) || v > 9) {
      char q[8];
      text_quote_byte(ch, q);
      return text_fail(err, puzzle, ln.no, i + 1,
                       plus ? "line %u, column %zu: %s after '+': '+' marks a "
                              "placed value, a digit"
                            : "line %u, column %zu: %s is not a digit or a "
                              "blank",
                       ln.no, i + 1, q);
    }
    if (v > n)
      return text_fail(err, puzzle, ln.no, i + 1,
                       "line %u, column %zu: '%c' is larger than %d", ln.no,
                       i + 1, ch, n);
    p->grid.cell[c] = (uint8_t)v;
    p->placed[c++] = plus;
    plus = false;
  }
  if (plus)
    return text_fail(err, puzzle, ln.no, b,
                     "line %u, column %zu: '+' at the end of the puzzle "
                     "field: '+' marks a placed value, a digit",
                     ln.no, b);
  sudoku_candidates(&p->grid, p->cand); /* a clash is for the caller */
  size_t d_end = k > 4 ? colon[4] : ln.len;
  for (size_t i = b + 1; i < d_end;) {
    while (i < d_end && text_is_space(ln.s[i]))
      i++;
    size_t s = i;
    while (i < d_end && !text_is_space(ln.s[i]))
      i++;
    if (s == i)
      break;
    const unsigned char *t = ln.s + s;
    bool ok = i - s == 3;
    for (size_t j = 0; ok && j < 3; j++)
      ok = t[j] >= '1' && t[j] <= '0' + n;
    if (!ok)
      return text_fail(err, puzzle, ln.no, s + 1,
                       "line %u, column %zu: '%.*s' is not a deleted "
                       "candidate: VRC, value, row and column in 1..%d",
                       ln.no, s + 1, (int)(i - s > 16 ? 16 : i - s),
                       (const char *)t, n);
    int v = t[0] - '0', cell = (t[1] - '1') * n + (t[2] - '1');
    if (p->grid.cell[cell] != 0) {
      char name[8];
      sudoku_cell_name(n, cell, name, sizeof name);
      return text_fail(err, puzzle, ln.no, s + 1,
                       "line %u, column %zu: '%.3s' deletes %d from %s, which "
                       "holds %d",
                       ln.no, s + 1, (const char *)t, v, name,
                       p->grid.cell[cell]);
    }
    p->cand[cell] &= ~(1u << (v - 1));
  }
  return 1;
}

enum sudoku_marks_format sudoku_marks_sniff(const struct sudoku_reader *r) {
  int n;
  return sniff(r, &n);
}

int sudoku_read_position(struct sudoku_reader *r, struct sudoku_position *p,
                         enum sudoku_marks_format *format,
                         struct sudoku_text_error *err) {
  uint32_t puzzle = r->puzzles < UINT32_MAX ? r->puzzles + 1 : UINT32_MAX;
  int n;
  enum sudoku_marks_format f = sniff(r, &n);
  int got;
  switch (f) {
  case SUDOKU_MARKS_SUKAKU:
    got = read_sukaku(r, p, puzzle, err);
    break;
  case SUDOKU_MARKS_CELLS:
    got = read_cells(r, p, n, puzzle, err);
    break;
  case SUDOKU_MARKS_PM:
    got = read_pm(r, p, n, puzzle, err);
    break;
  case SUDOKU_MARKS_LIBRARY:
    got = read_library(r, p, puzzle, err);
    break;
  default:
    got = sudoku_read_next(r, &p->grid, err);
    if (got == 1) {
      int cells = p->grid.n * p->grid.n;
      memset(p->placed, 0, sizeof p->placed);
      memset(p->cand, 0, sizeof p->cand);
      for (int c = 0; c < cells; c++)
        p->cand[c] = p->grid.cell[c] == 0 ? all_marks(p->grid.n) : 0;
      if (format != NULL)
        *format = SUDOKU_MARKS_GIVENS;
    }
    return got;
  }
  if (got == 1) {
    r->puzzles = puzzle;
    if (format != NULL)
      *format = f;
  }
  return got;
}

/* ---- Writing ----------------------------------------------------------- */

/* The mark of a step before candidate v of cell c in HoDoKu's PM grid
 * with a step: '-' the step eliminates it, '+' places it, '*' it is the
 * pattern's (a cell of the pattern, a value it is about); 0 for none and
 * for st NULL. O(eliminations) a candidate. */
static char step_mark(const struct sudoku_step *st, int c, int v) {
  if (st == NULL)
    return 0;
  for (int i = 0; i < st->neliminations; i++)
    if (st->eliminations[i].cell == c && st->eliminations[i].value == v)
      return '-';
  for (int i = 0; i < st->nplacements; i++)
    if (st->placements[i].cell == c && st->placements[i].value == v)
      return '+';
  for (int i = 0; i < st->ncells; i++)
    if (st->cells[i] == c && (st->values & (1u << (v - 1))))
      return '*';
  return 0;
}

/* A cell as the PM grid and the cells line write it: its value, its marks
 * ascending (each after its step mark, st not NULL), or '.' for an empty
 * cell without marks. Returns the length. */
#define CELL_TEXT_MAX (2 * SUDOKU_MAX_N + 1)
static size_t cell_text(const struct sudoku_position *p, int c,
                        const struct sudoku_step *st, char out[CELL_TEXT_MAX]) {
  size_t k = 0;
  if (p->grid.cell[c] != 0)
    out[k++] = text_symbol(p->grid.cell[c]);
  else
    for (int v = 1; v <= p->grid.n; v++)
      if (p->cand[c] & (1u << (v - 1))) {
        char m = step_mark(st, c, v);
        if (m != 0)
          out[k++] = m;
        out[k++] = text_symbol((unsigned)v);
      }
  if (k == 0)
    out[k++] = '.';
  return k;
}

static void put_text(struct out *o, const char *s, size_t len) {
  for (size_t i = 0; i < len; i++)
    out_char(o, s[i]);
}

static void put_repeat(struct out *o, char c, size_t k) {
  while (k-- > 0)
    out_char(o, c);
}

static void write_sukaku(const struct sudoku_position *p, struct out *o) {
  int n = p->grid.n;
  for (int c = 0; c < n * n; c++)
    for (int v = 1; v <= n; v++) {
      bool on = p->grid.cell[c] != 0 ? p->grid.cell[c] == v
                                     : (p->cand[c] & (1u << (v - 1))) != 0;
      out_char(o, on ? text_symbol((unsigned)v) : '.');
    }
}

static void write_cells(const struct sudoku_position *p, struct out *o) {
  char cell[CELL_TEXT_MAX];
  for (int c = 0; c < p->grid.n * p->grid.n; c++) {
    if (c > 0)
      out_char(o, ' ');
    put_text(o, cell, cell_text(p, c, NULL, cell));
  }
}

/* One frame line of the PM grid: `edge` at both ends, `mid` between box
 * columns, '-' over every column's width. */
static void pm_frame(const sudoku_grid *g, const size_t *width, char edge,
                     char mid, struct out *o) {
  out_char(o, edge);
  for (int col = 0; col < g->n; col++) {
    put_repeat(o, '-', width[col]);
    if ((col + 1) % g->box_cols == 0)
      out_char(o, col + 1 == g->n ? edge : mid);
  }
  out_char(o, '\n');
}

/* HoDoKu's layout: a column is as wide as its widest cell plus two; each
 * cell takes its width: "| " or " " before it, spaces after it. st (may
 * be NULL): the step whose marks go before the candidates. */
static void write_pm(const struct sudoku_position *p,
                     const struct sudoku_step *st, struct out *o) {
  const sudoku_grid *g = &p->grid;
  int n = g->n;
  size_t width[SUDOKU_MAX_N] = {0};
  char cell[CELL_TEXT_MAX];
  for (int c = 0; c < n * n; c++) {
    size_t len = cell_text(p, c, st, cell) + 2;
    width[c % n] = len > width[c % n] ? len : width[c % n];
  }
  for (int row = 0; row < n; row++) {
    if (row % g->box_rows == 0)
      pm_frame(g, width, row == 0 ? '.' : ':', row == 0 ? '.' : '+', o);
    for (int col = 0; col < n; col++) {
      size_t len = cell_text(p, row * n + col, st, cell);
      if (col % g->box_cols == 0)
        out_char(o, '|');
      out_char(o, ' ');
      put_text(o, cell, len);
      put_repeat(o, ' ', width[col] - len - 1);
    }
    out_str(o, "|\n");
  }
  pm_frame(g, width, '\'', '\'', o);
}

static void write_library(const struct sudoku_position *p, struct out *o) {
  int n = p->grid.n;
  uint32_t computed[SUDOKU_MAX_CELLS];
  sudoku_candidates(&p->grid, computed);
  out_str(o, ":0000:x:");
  for (int c = 0; c < n * n; c++) {
    if (p->grid.cell[c] != 0 && p->placed[c])
      out_char(o, '+');
    out_char(o, text_symbol(p->grid.cell[c]));
  }
  out_char(o, ':');
  bool first = true;
  for (int c = 0; c < n * n; c++)
    for (int v = 1; p->grid.cell[c] == 0 && v <= n; v++) {
      uint32_t bit = 1u << (v - 1);
      if (!(computed[c] & bit) || (p->cand[c] & bit))
        continue;
      if (!first)
        out_char(o, ' ');
      first = false;
      out_char(o, text_symbol((unsigned)v));
      out_char(o, text_symbol((unsigned)(c / n + 1)));
      out_char(o, text_symbol((unsigned)(c % n + 1)));
    }
  out_str(o, "::");
}

size_t sudoku_write_position(const struct sudoku_position *p,
                             enum sudoku_marks_format f, char *buf,
                             size_t cap) {
  struct out o = {buf, cap, 0};
  const sudoku_grid *g = &p->grid;
  bool shaped = has_shape(g->n) && g->box_rows * g->box_cols == g->n &&
                g->box_rows >= 2 && g->box_cols >= 2;
  if (!shaped || (unsigned)f >= SUDOKU_MARKS_FORMAT_COUNT ||
      (f == SUDOKU_MARKS_LIBRARY && g->n > 9))
    return out_finish(&o);
  switch (f) {
  case SUDOKU_MARKS_GIVENS:
    return sudoku_write_line(g, buf, cap);
  case SUDOKU_MARKS_SUKAKU:
    write_sukaku(p, &o);
    break;
  case SUDOKU_MARKS_CELLS:
    write_cells(p, &o);
    break;
  case SUDOKU_MARKS_PM:
    write_pm(p, NULL, &o);
    break;
  default:
    write_library(p, &o);
    break;
  }
  if (f != SUDOKU_MARKS_PM)
    out_char(&o, '\n');
  return out_finish(&o);
}

size_t sudoku_write_position_step(const struct sudoku_position *p,
                                  const struct sudoku_step *st, char *buf,
                                  size_t cap) {
  struct out o = {buf, cap, 0};
  const sudoku_grid *g = &p->grid;
  if (!has_shape(g->n) || g->box_rows * g->box_cols != g->n ||
      g->box_rows < 2 || g->box_cols < 2)
    return out_finish(&o);
  write_pm(p, st, &o);
  if (st->technique != SUDOKU_TECH_NONE) {
    char sentence[SUDOKU_EXPLAIN_MAX];
    sudoku_step_explain(st, g->n, sentence, sizeof sentence);
    out_str(&o, sentence);
    out_char(&o, '\n');
  }
  return out_finish(&o);
}
