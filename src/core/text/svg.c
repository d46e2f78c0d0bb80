/*
 * svg.c - sudoku_write_svg: a position as an SVG document, layer by layer
 * (shading, grid lines, digits, marks), each layer one group so that the
 * file stays small: a 9x9 puzzle is about 3 KiB.
 *
 * Coordinates are kept in tenths of a user unit (a 5x5 box's mark is 9.6
 * units wide) and printed with at most one decimal, so the bytes never
 * depend on floating-point formatting.
 */
#include "internal.h"
#include "out.h"
#include "sudoku_draw.h"

enum shade { SHADE_NONE, SHADE_UNIT, SHADE_PATTERN, SHADE_PLACED };

static const char *const shade_fill[] = {"", "#dbeafe", "#fde68a", "#bbf7d0"};

/* t tenths of a unit: "12", "12.5". */
static void out_tenths(struct out *o, unsigned t) {
  out_uint(o, t / 10);
  if (t % 10 != 0) {
    out_char(o, '.');
    out_char(o, (char)('0' + t % 10));
  }
}

/* ' name="t tenths"'. */
static void out_attr(struct out *o, const char *name, unsigned t) {
  out_char(o, ' ');
  out_str(o, name);
  out_str(o, "=\"");
  out_tenths(o, t);
  out_char(o, '"');
}

static void out_escaped(struct out *o, const char *s) {
  for (; *s != '\0'; s++) {
    switch (*s) {
    case '&':
      out_str(o, "&amp;");
      break;
    case '<':
      out_str(o, "&lt;");
      break;
    case '>':
      out_str(o, "&gt;");
      break;
    case '"':
      out_str(o, "&quot;");
      break;
    default:
      out_char(o, *s);
    }
  }
}

#define CELL10 (SUDOKU_SVG_CELL * 10)
#define MARGIN10 (SUDOKU_SVG_MARGIN * 10)

/* The top-left corner of row or column i, in tenths. */
static unsigned edge(int i) { return (unsigned)(MARGIN10 + i * CELL10); }

/* <text x y>v</text>, centred on (x, y) tenths. */
static void out_digit(struct out *o, unsigned x, unsigned y, unsigned v) {
  out_str(o, "<text");
  out_attr(o, "x", x);
  out_attr(o, "y", y);
  out_char(o, '>');
  out_uint(o, v);
  out_str(o, "</text>");
}

static void shade_cells(struct out *o, int n, const enum shade *shade) {
  bool any = false;
  for (int c = 0; c < n * n; c++) {
    if (shade[c] == SHADE_NONE)
      continue;
    out_str(o, "<rect");
    out_attr(o, "x", edge(c % n));
    out_attr(o, "y", edge(c / n));
    out_attr(o, "width", CELL10);
    out_attr(o, "height", CELL10);
    out_str(o, " fill=\"");
    out_str(o, shade_fill[shade[c]]);
    out_str(o, "\"/>");
    any = true;
  }
  if (any)
    out_char(o, '\n');
}

/* One path of the lines between rows and columns: the thin ones between
 * cells (thick = false) or the box borders and the frame (thick = true). */
static void grid_lines(struct out *o, const sudoku_grid *g, bool thick) {
  int n = g->n;
  unsigned far = edge(n);
  out_str(o, thick ? "<path fill=\"none\" stroke=\"#111827\" "
                     "stroke-width=\"3\" stroke-linecap=\"square\" d=\""
                   : "<path fill=\"none\" stroke=\"#9ca3af\" "
                     "stroke-width=\"1\" d=\"");
  for (int i = 0; i <= n; i++) {
    bool box_row = i % g->box_rows == 0, box_col = i % g->box_cols == 0;
    if (box_row == thick) { /* horizontal line above row i */
      out_char(o, 'M');
      out_tenths(o, edge(0));
      out_char(o, ' ');
      out_tenths(o, edge(i));
      out_char(o, 'H');
      out_tenths(o, far);
    }
    if (box_col == thick) { /* vertical line left of column i */
      out_char(o, 'M');
      out_tenths(o, edge(i));
      out_char(o, ' ');
      out_tenths(o, edge(0));
      out_char(o, 'V');
      out_tenths(o, far);
    }
  }
  out_str(o, "\"/>\n");
}

/* The font size of a cell's value and of a mark, in tenths: two-digit
 * values (sides over 9) get a smaller face. */
static unsigned value_size(int n) { return n > 9 ? 240u : 290u; }

static unsigned mark_size(const sudoku_grid *g) {
  unsigned w = CELL10 / g->box_cols, h = CELL10 / g->box_rows;
  unsigned m = w < h ? w : h;
  return g->n > 9 ? m * 6 / 10 : m * 3 / 4;
}

/* Whether any of the cells' words is non-zero. */
static bool any_set(const uint32_t *word, int cells) {
  uint32_t any = 0;
  for (int c = 0; c < cells; c++)
    any |= word[c];
  return any != 0;
}

/* '<g fill="fill" font-size="size">', bold or not. */
static void group_open(struct out *o, const char *fill, bool bold,
                       unsigned size) {
  out_str(o, "<g fill=\"");
  out_str(o, fill);
  out_char(o, '"');
  if (bold)
    out_str(o, " font-weight=\"bold\"");
  out_attr(o, "font-size", size);
  out_char(o, '>');
}

/* The non-zero values, as one group of one colour; nothing when none. */
static void values_group(struct out *o, const sudoku_grid *g,
                         const uint32_t *value, const char *fill, bool bold) {
  int n = g->n;
  if (!any_set(value, n * n))
    return;
  group_open(o, fill, bold, value_size(n));
  for (int c = 0; c < n * n; c++)
    if (value[c] != 0)
      out_digit(o, edge(c % n) + CELL10 / 2, edge(c / n) + CELL10 / 2,
                value[c]);
  out_str(o, "</g>\n");
}

/* The centre of value v's mark in cell c: the marks of a cell sit in a
 * small box_rows x box_cols grid, value 1 top left, in reading order. */
static void mark_centre(const sudoku_grid *g, int c, int v, unsigned *x,
                        unsigned *y) {
  unsigned w = CELL10 / g->box_cols, h = CELL10 / g->box_rows;
  *x = edge(c % g->n) + (unsigned)((v - 1) % g->box_cols) * w + w / 2;
  *y = edge(c / g->n) + (unsigned)((v - 1) / g->box_cols) * h + h / 2;
}

/* The marks, as one group of one colour; nothing when none. */
static void marks_group(struct out *o, const sudoku_grid *g,
                        const uint32_t *marks, const char *fill) {
  int n = g->n;
  if (!any_set(marks, n * n))
    return;
  group_open(o, fill, false, mark_size(g));
  for (int c = 0; c < n * n; c++)
    for (int v = 1; v <= n; v++)
      if (marks[c] >> (v - 1) & 1u) {
        unsigned x, y;
        mark_centre(g, c, v, &x, &y);
        out_digit(o, x, y, (unsigned)v);
      }
  out_str(o, "</g>\n");
}

/* A red stroke through each eliminated mark. */
static void strike_marks(struct out *o, const sudoku_grid *g,
                         const uint32_t *struck) {
  unsigned half = mark_size(g) / 2;
  if (!any_set(struck, g->n * g->n))
    return;
  out_str(o, "<path fill=\"none\" stroke=\"#dc2626\" stroke-width=\"1.5\" "
             "d=\"");
  for (int c = 0; c < g->n * g->n; c++)
    for (int v = 1; v <= g->n; v++)
      if (struck[c] >> (v - 1) & 1u) {
        unsigned x, y;
        mark_centre(g, c, v, &x, &y);
        out_char(o, 'M');
        out_tenths(o, x - half);
        out_char(o, ' ');
        out_tenths(o, y + half);
        out_char(o, 'L');
        out_tenths(o, x + half);
        out_char(o, ' ');
        out_tenths(o, y - half);
      }
  out_str(o, "\"/>\n");
}

static bool same_shape(const sudoku_grid *a, const sudoku_grid *b) {
  return a->n == b->n && a->box_rows == b->box_rows &&
         a->box_cols == b->box_cols;
}

size_t sudoku_write_svg(const struct sudoku_picture *pic, char *buf,
                        size_t cap) {
  struct out o = {buf, cap, 0};
  const sudoku_grid *g = pic->givens;
  int n = g->n;
  if (g->box_rows < 2 || g->box_cols < 2 || n != g->box_rows * g->box_cols ||
      n > SUDOKU_MAX_N ||
      (pic->entries != NULL && !same_shape(g, pic->entries)))
    return out_finish(&o);

  /* Per cell: its shade, the value drawn (given, entry, placed) and the
   * marks drawn plain and struck. */
  enum shade shade[SUDOKU_MAX_CELLS] = {SHADE_NONE};
  uint32_t given[SUDOKU_MAX_CELLS] = {0}, entry[SUDOKU_MAX_CELLS] = {0},
           placed[SUDOKU_MAX_CELLS] = {0};
  uint32_t marks[SUDOKU_MAX_CELLS] = {0}, struck[SUDOKU_MAX_CELLS] = {0};
  uint32_t all = n >= 32 ? ~0u : (1u << n) - 1;
  for (int c = 0; c < n * n; c++) {
    given[c] = g->cell[c] <= n ? g->cell[c] : 0;
    if (given[c] == 0 && pic->entries != NULL && pic->entries->cell[c] <= n)
      entry[c] = pic->entries->cell[c];
    if (given[c] == 0 && entry[c] == 0 && pic->cand != NULL)
      marks[c] = pic->cand[c] & all;
  }
  const struct sudoku_step *st = pic->step;
  if (st != NULL) {
    for (int i = 0; i < st->nunits && i < SUDOKU_STEP_MAX_UNITS; i++)
      if (st->units[i] < 3 * n)
        for (int k = 0; k < n; k++)
          shade[core_unit_cell(g->box_rows, g->box_cols, st->units[i], k)] =
              SHADE_UNIT;
    for (int i = 0; i < st->ncells && i < SUDOKU_STEP_MAX_CELLS; i++)
      if (st->cells[i] < n * n)
        shade[st->cells[i]] = SHADE_PATTERN;
    for (int i = 0; i < st->nplacements && i < SUDOKU_STEP_MAX_PLACEMENTS;
         i++) {
      const struct sudoku_candidate *p = &st->placements[i];
      if (p->cell < n * n && p->value >= 1 && p->value <= n &&
          given[p->cell] == 0) {
        shade[p->cell] = SHADE_PLACED;
        placed[p->cell] = p->value;
        entry[p->cell] = 0;
        marks[p->cell] = 0;
      }
    }
    for (int i = 0; i < st->neliminations && i < SUDOKU_STEP_MAX_ELIMINATIONS;
         i++) {
      const struct sudoku_candidate *e = &st->eliminations[i];
      if (e->cell < n * n && e->value >= 1 && e->value <= n &&
          given[e->cell] == 0 && placed[e->cell] == 0) {
        uint32_t bit = 1u << (e->value - 1);
        marks[e->cell] &= ~bit;
        struck[e->cell] |= bit;
      }
    }
  }

  unsigned side = edge(n) + MARGIN10;
  out_str(&o, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"");
  out_attr(&o, "width", side);
  out_attr(&o, "height", side);
  out_str(&o, " viewBox=\"0 0 ");
  out_tenths(&o, side);
  out_char(&o, ' ');
  out_tenths(&o, side);
  out_str(&o, "\" role=\"img\" aria-labelledby=\"title\">\n<title "
              "id=\"title\">");
  if (pic->title != NULL) {
    out_escaped(&o, pic->title);
  } else {
    out_str(&o, "Sudoku ");
    out_uint(&o, (unsigned)n);
    out_char(&o, 'x');
    out_uint(&o, (unsigned)n);
  }
  out_str(&o, "</title>\n<rect width=\"100%\" height=\"100%\" "
              "fill=\"#ffffff\"/>\n");
  shade_cells(&o, n, shade);
  grid_lines(&o, g, false);
  grid_lines(&o, g, true);
  out_str(&o, "<g font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\" "
              "text-anchor=\"middle\" dominant-baseline=\"central\">\n");
  values_group(&o, g, given, "#111827", true);
  values_group(&o, g, entry, "#1d4ed8", false);
  values_group(&o, g, placed, "#166534", true);
  marks_group(&o, g, marks, "#4b5563");
  marks_group(&o, g, struck, "#dc2626");
  out_str(&o, "</g>\n");
  strike_marks(&o, g, struck);
  out_str(&o, "</svg>\n");
  return out_finish(&o);
}
