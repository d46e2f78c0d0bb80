/*
 * rules.c - variant puzzles as text, one a line (sudoku_rules.h): read with
 * every error located (line, column), and written so that reading the line
 * back gives the same bytes.
 *
 *   <n*n givens> [<n*n region symbols>] [<n*n parity marks>] [<cages>]
 *   [<extra regions>]
 *
 * The fields present are those the caller's kinds ask for (jigsaw, odd-even,
 * killer, extra-regions), in that order, separated by spaces or tabs. Lines
 * that are blank or start with '#' are skipped. What this file does NOT do:
 * check the rules (sizes, overlaps, sums: sudoku_rules_check does), I/O,
 * allocation.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "out.h"
#include "sudoku_rules.h"
#include "text.h"

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static int
fail(struct sudoku_text_error *err, const struct sudoku_rules_reader *rd,
     size_t column, const char *fmt, ...) {
  if (err == NULL)
    return -1;
  char what[120];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  err->puzzle = rd->puzzles + 1;
  err->line = rd->line;
  err->column = column > UINT32_MAX ? UINT32_MAX : (uint32_t)column;
  if (column)
    snprintf(err->message, sizeof err->message, "line %u, column %zu: %s",
             rd->line, column, what);
  else
    snprintf(err->message, sizeof err->message, "line %u: %s", rd->line, what);
  return -1;
}

struct field {
  const char *s;
  size_t len, column; /* column: 1-based, of s[0] */
};

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* Splits a line into at most cap fields; returns how many there are (may
 * exceed cap). */
static size_t split(const char *s, size_t len, struct field *f, size_t cap) {
  size_t count = 0;
  for (size_t i = 0; i < len;) {
    if (blank(s[i])) {
      i++;
      continue;
    }
    size_t start = i;
    while (i < len && !blank(s[i]))
      i++;
    if (count < cap)
      f[count] = (struct field){s + start, i - start, start + 1};
    count++;
  }
  return count;
}

/* A field of n*n symbols, each through value(); -1 on an error. */
static int read_cells(const struct sudoku_rules_reader *rd,
                      const struct field *f, int n, const char *what,
                      int (*value)(char c, int n), uint8_t *out,
                      struct sudoku_text_error *err) {
  if (f->len != (size_t)(n * n))
    return fail(err, rd, f->column, "expected %d %s, got %zu", n * n, what,
                f->len);
  for (int i = 0; i < n * n; i++) {
    int v = value(f->s[i], n);
    if (v < 0) {
      char q[8];
      text_quote_byte((unsigned char)f->s[i], q);
      return fail(err, rd, f->column + (size_t)i, "%s is not one of the %s", q,
                  what);
    }
    out[i] = (uint8_t)v;
  }
  return 0;
}

static int given_value(char c, int n) {
  int v = sudoku_symbol_value(c);
  return v <= n ? v : -1;
}

static int region_value(char c, int n) {
  int v = sudoku_symbol_value(c);
  return v >= 1 && v <= n ? v - 1 : -1;
}

int sudoku_parity_of_mark(char c) {
  return c == '.'               ? SUDOKU_PARITY_ANY
         : c == 'O' || c == 'o' ? SUDOKU_PARITY_ODD
         : c == 'E' || c == 'e' ? SUDOKU_PARITY_EVEN
                                : -1;
}

static int parity_value(char c, int n) {
  (void)n;
  return sudoku_parity_of_mark(c);
}

/* A decimal number of at most 4 digits at s[*i]; -1 when there is none. */
static int number(const char *s, size_t len, size_t *i) {
  int v = 0, digits = 0;
  while (*i < len && s[*i] >= '0' && s[*i] <= '9' && digits < 4) {
    v = v * 10 + (s[*i] - '0');
    (*i)++;
    digits++;
  }
  return digits ? v : -1;
}

/* Cell names r1c1,r2c3,... from s[*i] into cells[0..*count), at most max;
 * -1 on an error. */
static int read_cell_list(const struct sudoku_rules_reader *rd,
                          const struct field *f, size_t *i, int n,
                          uint16_t *cells, size_t *count, size_t max,
                          const char *what, struct sudoku_text_error *err) {
  const char *s = f->s;
  size_t len = f->len;
  *count = 0;
  for (;;) {
    size_t cell_at = *i;
    int row, col;
    if (!sudoku_cell_name_read(s, len, i, &row, &col, NULL))
      return fail(err, rd, f->column + cell_at,
                  "expected a cell name like r1c1");
    if (row < 1 || row > n || col < 1 || col > n)
      return fail(err, rd, f->column + cell_at,
                  "r%dc%d is outside the %dx%d grid", row, col, n, n);
    if (*count >= max)
      return fail(err, rd, f->column + cell_at, "%s has more than %zu cells",
                  what, max);
    cells[(*count)++] = (uint16_t)((row - 1) * n + col - 1);
    if (*i < len && s[*i] == ',') {
      (*i)++;
      continue;
    }
    return 0;
  }
}

/* After a group of cells: the end of the field, or ';' and more. */
static int group_end(const struct sudoku_rules_reader *rd,
                     const struct field *f, size_t *i,
                     struct sudoku_text_error *err) {
  if (*i < f->len && f->s[*i] != ';') {
    char q[8];
    text_quote_byte((unsigned char)f->s[*i], q);
    return fail(err, rd, f->column + *i, "%s: expected ',' or ';'", q);
  }
  if (*i < f->len)
    (*i)++; /* ';' */
  return 0;
}

/* Cages: SUM=CELL,CELL;SUM=...; -1 on an error. */
static int read_cages(const struct sudoku_rules_reader *rd,
                      const struct field *f, int n, sudoku_rules *r,
                      struct sudoku_text_error *err) {
  const char *s = f->s;
  size_t len = f->len, i = 0;
  while (i < len) {
    size_t at = i, count;
    int sum = number(s, len, &i);
    if (sum < 0 || i >= len || s[i] != '=')
      return fail(err, rd, f->column + (i < len && sum >= 0 ? i : at),
                  "expected a cage as SUM=r1c1,r1c2,...");
    i++;
    uint16_t cells[SUDOKU_MAX_N];
    if (read_cell_list(rd, f, &i, n, cells, &count, SUDOKU_MAX_N, "a cage",
                       err))
      return -1;
    if (!sudoku_rules_add_cage(r, (uint16_t)sum, cells, count))
      return fail(err, rd, f->column + at, "too many cages");
    if (group_end(rd, f, &i, err))
      return -1;
  }
  if (r->cage_count == 0)
    return fail(err, rd, f->column, "expected a cage as SUM=r1c1,r1c2,...");
  return 0;
}

/* Extra regions: CELL,CELL,...;CELL,... of n cells each. */
static int read_extras(const struct sudoku_rules_reader *rd,
                       const struct field *f, int n, sudoku_rules *r,
                       struct sudoku_text_error *err) {
  size_t i = 0;
  while (i < f->len) {
    size_t at = i, count;
    if (r->extra_count >= SUDOKU_RULES_MAX_EXTRA)
      return fail(err, rd, f->column + at, "more than %d extra regions",
                  SUDOKU_RULES_MAX_EXTRA);
    uint16_t *cells = r->extra[r->extra_count];
    if (read_cell_list(rd, f, &i, n, cells, &count, SUDOKU_MAX_N,
                       "an extra region", err))
      return -1;
    if (count != (size_t)n)
      return fail(err, rd, f->column + at,
                  "extra region %d has %zu cells, not %d", r->extra_count + 1,
                  count, n);
    r->extra_count++;
    if (group_end(rd, f, &i, err))
      return -1;
  }
  return 0;
}

/* A jigsaw's side may have no box shape (5x5, 7x7): any n*n cells. */
static int jigsaw_side(size_t k) {
  for (int n = SUDOKU_MIN_N; n <= SUDOKU_MAX_N; n++)
    if ((size_t)(n * n) == k)
      return n;
  return 0;
}

void sudoku_rules_reader_init(struct sudoku_rules_reader *rd, const char *text,
                              size_t len, uint32_t kinds) {
  *rd = (struct sudoku_rules_reader){text, len, 0, 1, 0, kinds};
}

int sudoku_rules_read_next(struct sudoku_rules_reader *rd, sudoku_grid *g,
                           sudoku_rules *r, struct sudoku_text_error *err) {
  while (rd->pos < rd->len) {
    const char *s = rd->text + rd->pos;
    size_t rest = rd->len - rd->pos;
    const char *nl = memchr(s, '\n', rest);
    size_t len = nl ? (size_t)(nl - s) : rest;
    struct field f[6];
    size_t count = split(s, len, f, 6);
    if (count == 0 || f[0].s[0] == '#') {
      rd->pos += nl ? len + 1 : len;
      rd->line++;
      continue;
    }
    memset(r, 0, sizeof *r);
    r->kinds = rd->kinds & ~(1u << SUDOKU_RULE_KILLER);
    int n = sudoku_side_of_cells(f[0].len), br, bc;
    if (n > 0) {
      sudoku_box_shape(n, &br, &bc);
      sudoku_grid_init(g, br, bc);
    } else if ((rd->kinds >> SUDOKU_RULE_JIGSAW & 1) &&
               (n = jigsaw_side(f[0].len)) > 0) {
      sudoku_grid_init(g, 2, 2); /* then 1 x n: regions replace boxes */
      g->box_rows = 1;
      g->box_cols = g->n = (uint8_t)n;
    } else {
      return fail(err, rd, f[0].column,
                  "expected a puzzle of n*n cells (81 for 9x9), got %zu",
                  f[0].len);
    }
    if (read_cells(rd, &f[0], n, "cell symbols", given_value, g->cell, err))
      return -1;
    size_t next = 1;
    static const struct {
      enum sudoku_rule_kind kind;
      const char *what;
    } fields[] = {{SUDOKU_RULE_JIGSAW, "region symbols"},
                  {SUDOKU_RULE_ODD_EVEN, "parity marks"},
                  {SUDOKU_RULE_KILLER, "cages"},
                  {SUDOKU_RULE_EXTRA, "extra regions"}};
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
      if (!(rd->kinds >> fields[k].kind & 1))
        continue;
      if (next >= count)
        return fail(err, rd, 0, "%s: the %s field is missing",
                    sudoku_rule_name(fields[k].kind), fields[k].what);
      int rc = fields[k].kind == SUDOKU_RULE_JIGSAW
                   ? read_cells(rd, &f[next], n, "region symbols", region_value,
                                r->region, err)
               : fields[k].kind == SUDOKU_RULE_ODD_EVEN
                   ? read_cells(rd, &f[next], n, "parity marks", parity_value,
                                r->parity, err)
               : fields[k].kind == SUDOKU_RULE_KILLER
                   ? read_cages(rd, &f[next], n, r, err)
                   : read_extras(rd, &f[next], n, r, err);
      if (rc)
        return -1;
      next++;
    }
    if (count > next)
      return fail(err, rd, next < 6 ? f[next].column : 0,
                  "unexpected text after the puzzle");
    r->kinds = rd->kinds;
    rd->pos += nl ? len + 1 : len;
    rd->line++;
    rd->puzzles++;
    return 1;
  }
  return 0;
}

/* ---- Writing ---------------------------------------------------------- */

static void out_cell(struct out *o, int c, int n) {
  out_char(o, 'r');
  out_uint(o, (unsigned long)(c / n + 1));
  out_char(o, 'c');
  out_uint(o, (unsigned long)(c % n + 1));
}

/* n*n values as sudoku_write_line writes them (the one table of symbols),
 * without its '\n'. */
static void out_symbols(struct out *o, const sudoku_grid *shape,
                        const uint8_t *values) {
  sudoku_grid tmp = *shape;
  memcpy(tmp.cell, values, (size_t)shape->n * shape->n);
  char line[SUDOKU_TEXT_MAX];
  size_t len = sudoku_write_line(&tmp, line, sizeof line);
  line[len > 0 ? len - 1 : 0] = '\0';
  out_str(o, line);
}

size_t sudoku_rules_write(const sudoku_grid *g, const sudoku_rules *r,
                          char *buf, size_t cap) {
  struct out o = {buf, cap, 0};
  int n = g->n <= SUDOKU_MAX_N ? g->n : 0, nn = n * n;
  uint8_t values[SUDOKU_MAX_CELLS];
  out_symbols(&o, g, g->cell);
  if (sudoku_rules_has(r, SUDOKU_RULE_JIGSAW)) {
    for (int c = 0; c < nn; c++)
      values[c] = (uint8_t)(r->region[c] + 1);
    out_char(&o, ' ');
    out_symbols(&o, g, values);
  }
  if (sudoku_rules_has(r, SUDOKU_RULE_ODD_EVEN)) {
    out_char(&o, ' ');
    for (int c = 0; c < nn; c++)
      out_char(&o, r->parity[c] == SUDOKU_PARITY_ODD    ? 'O'
                   : r->parity[c] == SUDOKU_PARITY_EVEN ? 'E'
                                                        : '.');
  }
  if (sudoku_rules_has(r, SUDOKU_RULE_KILLER)) {
    out_char(&o, ' ');
    for (int k = 0; k < r->cage_count; k++) {
      if (k > 0)
        out_char(&o, ';');
      out_uint(&o, r->cage[k].sum);
      out_char(&o, '=');
      for (int i = 0; i < r->cage[k].len; i++) {
        if (i > 0)
          out_char(&o, ',');
        out_cell(&o, r->cage_cell[r->cage[k].start + i], n);
      }
    }
  }
  if (sudoku_rules_has(r, SUDOKU_RULE_EXTRA)) {
    out_char(&o, ' ');
    for (int k = 0; k < r->extra_count; k++)
      for (int i = 0; i < n; i++) {
        if (i > 0 || k > 0)
          out_char(&o, i > 0 ? ',' : ';');
        out_cell(&o, r->extra[k][i], n);
      }
  }
  out_char(&o, '\n');
  return out_finish(&o);
}
