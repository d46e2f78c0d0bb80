/*
 * svg.c - sudoku_write_svg: a position as an SVG document, layer by layer
 * (shading, the rules' marks, grid lines, cages, digits, pencil marks),
 * each layer one element or group so that the file stays small: a 9x9
 * puzzle is about 3 KiB.
 *
 * Coordinates are kept in tenths of a user unit (a 5x5 box's mark is 9.6
 * units wide) and printed with at most one decimal, so the bytes never
 * depend on floating-point formatting.
 */
#include "internal.h"
#include "out.h"
#include "sudoku_draw.h"
#include "sudoku_rules.h"

/* In rising priority: a later shade covers an earlier one. */
enum shade {
  SHADE_NONE,
  SHADE_EXTRA,   /* a windoku window or an extra region */
  SHADE_UNIT,    /* a unit of the step */
  SHADE_PATTERN, /* a cell of the step's pattern */
  SHADE_PLACED   /* a cell the step places */
};

static const char *const shade_fill[] = {"", "#e5e7eb", "#dbeafe", "#fde68a",
                                         "#bbf7d0"};

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

/* The group of cell c for the borders: its box, or its region when the
 * rules replace the boxes. */
static int group_of(const sudoku_grid *g, const sudoku_rules *r, int c) {
  if (r != NULL && sudoku_rules_has(r, SUDOKU_RULE_JIGSAW))
    return r->region[c];
  return core_box_of(g->box_rows, g->box_cols, c / g->n, c % g->n);
}

/* "M x y" in tenths, then 'H' or 'V' and the far end. */
static void out_move(struct out *o, unsigned x, unsigned y, char dir,
                     unsigned to) {
  out_char(o, 'M');
  out_tenths(o, x);
  out_char(o, ' ');
  out_tenths(o, y);
  out_char(o, dir);
  out_tenths(o, to);
}

/* The thin lines between every two cells, whole rows and columns. */
static void thin_lines(struct out *o, int n) {
  out_str(o, "<path fill=\"none\" stroke=\"#9ca3af\" stroke-width=\"1\" "
             "d=\"");
  for (int i = 1; i < n; i++) {
    out_move(o, edge(0), edge(i), 'H', edge(n));
    out_move(o, edge(i), edge(0), 'V', edge(n));
  }
  out_str(o, "\"/>\n");
}

/* The frame and every border between two boxes (or jigsaw regions), each
 * straight run of border one segment. */
static void thick_lines(struct out *o, const sudoku_grid *g,
                        const sudoku_rules *r) {
  int n = g->n;
  out_str(o, "<path fill=\"none\" stroke=\"#111827\" stroke-width=\"3\" "
             "stroke-linecap=\"square\" d=\"");
  out_move(o, edge(0), edge(0), 'H', edge(n));
  out_move(o, edge(0), edge(n), 'H', edge(n));
  out_move(o, edge(0), edge(0), 'V', edge(n));
  out_move(o, edge(n), edge(0), 'V', edge(n));
  for (int i = 1; i < n; i++) {
    /* Above row i: runs of columns whose two cells differ in group. */
    for (int k = 0; k < n;) {
      if (group_of(g, r, (i - 1) * n + k) == group_of(g, r, i * n + k)) {
        k++;
        continue;
      }
      int start = k;
      while (k < n &&
             group_of(g, r, (i - 1) * n + k) != group_of(g, r, i * n + k))
        k++;
      out_move(o, edge(start), edge(i), 'H', edge(k));
    }
    /* Left of column i: runs of rows. */
    for (int k = 0; k < n;) {
      if (group_of(g, r, k * n + i - 1) == group_of(g, r, k * n + i)) {
        k++;
        continue;
      }
      int start = k;
      while (k < n &&
             group_of(g, r, k * n + i - 1) != group_of(g, r, k * n + i))
        k++;
      out_move(o, edge(i), edge(start), 'V', edge(k));
    }
  }
  out_str(o, "\"/>\n");
}

/* Sudoku X: both main diagonals, drawn as lines across the grid. */
static void diagonals(struct out *o, int n) {
  out_str(o, "<path fill=\"none\" stroke=\"#7c3aed\" stroke-opacity=\"0.45\" "
             "stroke-width=\"2\" d=\"M");
  out_tenths(o, edge(0));
  out_char(o, ' ');
  out_tenths(o, edge(0));
  out_char(o, 'L');
  out_tenths(o, edge(n));
  out_char(o, ' ');
  out_tenths(o, edge(n));
  out_char(o, 'M');
  out_tenths(o, edge(n));
  out_char(o, ' ');
  out_tenths(o, edge(0));
  out_char(o, 'L');
  out_tenths(o, edge(0));
  out_char(o, ' ');
  out_tenths(o, edge(n));
  out_str(o, "\"/>\n");
}

/* Odd-even: a grey circle behind an odd cell's digit, a grey square behind
 * an even one's (the usual marks of printed odd-even puzzles). */
static void parity_marks(struct out *o, int n, const sudoku_rules *r) {
  unsigned radius = CELL10 * 4 / 10;
  out_str(o, "<g fill=\"#d1d5db\">");
  for (int c = 0; c < n * n; c++) {
    unsigned x = edge(c % n) + CELL10 / 2, y = edge(c / n) + CELL10 / 2;
    if (r->parity[c] == SUDOKU_PARITY_ODD) {
      out_str(o, "<circle");
      out_attr(o, "cx", x);
      out_attr(o, "cy", y);
      out_attr(o, "r", radius);
      out_str(o, "/>");
    } else if (r->parity[c] == SUDOKU_PARITY_EVEN) {
      out_str(o, "<rect");
      out_attr(o, "x", x - radius);
      out_attr(o, "y", y - radius);
      out_attr(o, "width", 2 * radius);
      out_attr(o, "height", 2 * radius);
      out_str(o, "/>");
    }
  }
  out_str(o, "</g>\n");
}

/* How far inside its cells a cage's dashed outline runs. */
#define CAGE_INSET10 40

/* Whether cell (row, col) exists and lies in cage k. */
static bool in_cage(const int16_t *cage_of, int n, int row, int col, int k) {
  return row >= 0 && row < n && col >= 0 && col < n &&
         cage_of[row * n + col] == k;
}

/* Where a cage's outline along one side of a cell ends, as an offset from
 * the cell's corner, in tenths: inset at a convex corner (the next cell
 * along the side is outside the cage), at the corner itself when the
 * outline goes on straight, past it (negative) at a concave corner. */
static int outline_end(bool along, bool diagonal) {
  if (!along)
    return CAGE_INSET10;
  return diagonal ? -CAGE_INSET10 : 0;
}

/* Killer: each cage's dashed outline, inset in its cells, and its sum in
 * its first cell's top-left corner on a white ground. */
static void cages(struct out *o, int n, const sudoku_rules *r) {
  int16_t cage_of[SUDOKU_MAX_CELLS];
  for (int c = 0; c < n * n; c++)
    cage_of[c] = -1;
  for (int k = 0; k < r->cage_count; k++)
    for (int i = 0; i < r->cage[k].len; i++) {
      int c = r->cage_cell[r->cage[k].start + i];
      if (c < n * n)
        cage_of[c] = (int16_t)k;
    }
  out_str(o, "<path fill=\"none\" stroke=\"#374151\" stroke-width=\"1.2\" "
             "stroke-dasharray=\"4 3\" d=\"");
  for (int c = 0; c < n * n; c++) {
    int k = cage_of[c], row = c / n, col = c % n;
    if (k < 0)
      continue;
    int x0 = (int)edge(col), y0 = (int)edge(row), x1 = x0 + CELL10,
        y1 = y0 + CELL10;
    bool up = in_cage(cage_of, n, row - 1, col, k),
         down = in_cage(cage_of, n, row + 1, col, k),
         left = in_cage(cage_of, n, row, col - 1, k),
         right = in_cage(cage_of, n, row, col + 1, k);
    if (!up)
      out_move(o,
               (unsigned)(x0 + outline_end(left, in_cage(cage_of, n, row - 1,
                                                         col - 1, k))),
               (unsigned)(y0 + CAGE_INSET10), 'H',
               (unsigned)(x1 - outline_end(right, in_cage(cage_of, n, row - 1,
                                                          col + 1, k))));
    if (!down)
      out_move(o,
               (unsigned)(x0 + outline_end(left, in_cage(cage_of, n, row + 1,
                                                         col - 1, k))),
               (unsigned)(y1 - CAGE_INSET10), 'H',
               (unsigned)(x1 - outline_end(right, in_cage(cage_of, n, row + 1,
                                                          col + 1, k))));
    if (!left)
      out_move(o, (unsigned)(x0 + CAGE_INSET10),
               (unsigned)(y0 + outline_end(up, in_cage(cage_of, n, row - 1,
                                                       col - 1, k))),
               'V',
               (unsigned)(y1 - outline_end(down, in_cage(cage_of, n, row + 1,
                                                         col - 1, k))));
    if (!right)
      out_move(o, (unsigned)(x1 - CAGE_INSET10),
               (unsigned)(y0 + outline_end(up, in_cage(cage_of, n, row - 1,
                                                       col + 1, k))),
               'V',
               (unsigned)(y1 - outline_end(down, in_cage(cage_of, n, row + 1,
                                                         col + 1, k))));
  }
  out_str(o, "\"/>\n<g font-size=\"10\" fill=\"#1f2937\">");
  for (int k = 0; k < r->cage_count; k++) {
    if (r->cage[k].sum == 0 || r->cage[k].len == 0)
      continue;
    int first = SUDOKU_MAX_CELLS;
    for (int i = 0; i < r->cage[k].len; i++)
      if (r->cage_cell[r->cage[k].start + i] < first)
        first = r->cage_cell[r->cage[k].start + i];
    if (first >= n * n)
      continue;
    unsigned x = edge(first % n) + 15, y = edge(first / n) + 15;
    unsigned w = r->cage[k].sum >= 100 ? 190 : r->cage[k].sum >= 10 ? 130 : 70;
    out_str(o, "<rect fill=\"#ffffff\"");
    out_attr(o, "x", x);
    out_attr(o, "y", y);
    out_attr(o, "width", w);
    out_attr(o, "height", 110);
    out_str(o, "/><text");
    out_attr(o, "x", x + 5);
    out_attr(o, "y", y + 95);
    out_char(o, '>');
    out_uint(o, r->cage[k].sum);
    out_str(o, "</text>");
  }
  out_str(o, "</g>\n");
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
  const sudoku_rules *r = pic->rules;
  int n = g->n;
  if (r != NULL && r->kinds == 0)
    r = NULL;
  /* The units of the rules (windows, extra regions, and the step's unit
   * indexes past the boxes); rules that do not fit the grid draw nothing. */
  struct sudoku_rules_derived d;
  if (r != NULL && sudoku_rules_derive(g, r, &d, NULL) != SUDOKU_OK)
    return out_finish(&o);
  bool jigsaw = r != NULL && sudoku_rules_has(r, SUDOKU_RULE_JIGSAW);
  if ((!jigsaw && (g->box_rows < 2 || g->box_cols < 2)) ||
      n != g->box_rows * g->box_cols || n < SUDOKU_MIN_N || n > SUDOKU_MAX_N ||
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
  if (r != NULL)
    for (int u = 0; u < d.units; u++)
      if (d.unit_kind[u] == SUDOKU_RULES_UNIT_WINDOW ||
          d.unit_kind[u] == SUDOKU_RULES_UNIT_EXTRA)
        for (int k = 0; k < n; k++)
          shade[d.unit_cell[u][k]] = SHADE_EXTRA;
  const struct sudoku_step *st = pic->step;
  if (st != NULL) {
    for (int i = 0; i < st->nunits && i < SUDOKU_STEP_MAX_UNITS; i++) {
      int u = st->units[i];
      if (u >= (r != NULL ? d.units : 3 * n))
        continue;
      for (int k = 0; k < n; k++)
        shade[r != NULL ? d.unit_cell[u][k]
                        : core_unit_cell(g->box_rows, g->box_cols, u, k)] =
            SHADE_UNIT;
    }
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
    for (int k = 0; r != NULL && k < SUDOKU_RULE_COUNT; k++)
      if (sudoku_rules_has(r, (enum sudoku_rule_kind)k)) {
        out_str(&o, ", ");
        out_str(&o, sudoku_rule_english((enum sudoku_rule_kind)k));
      }
  }
  out_str(&o, "</title>\n<rect width=\"100%\" height=\"100%\" "
              "fill=\"#ffffff\"/>\n");
  shade_cells(&o, n, shade);
  if (r != NULL && sudoku_rules_has(r, SUDOKU_RULE_ODD_EVEN))
    parity_marks(&o, n, r);
  thin_lines(&o, n);
  if (r != NULL && sudoku_rules_has(r, SUDOKU_RULE_X))
    diagonals(&o, n);
  thick_lines(&o, g, r);
  if (r != NULL && sudoku_rules_has(r, SUDOKU_RULE_KILLER))
    cages(&o, n, r);
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
