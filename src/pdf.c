/*
 * pdf.c - pdf_write_sheet (pdf.h): the pages of a puzzle sheet drawn with
 * libharu, in PDF points (1/72 inch), origin bottom left.
 *
 * Each picture is laid out as the SVG writer lays it out, scaled: the grid
 * is n * SUDOKU_SVG_CELL + 2 * SUDOKU_SVG_MARGIN units wide, and a unit is
 * side / that many points. Errors of libharu are recorded by its handler
 * and checked once, when the document is saved.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hpdf.h>

#include "pdf.h"
#include "sudoku_draw.h"

#define MARGIN 40.0f  /* page margin, points */
#define HEADER 28.0f  /* the title line above the pictures */
#define FOOTER 20.0f  /* the page number below them */
#define CAPTION 16.0f /* a caption line above a picture */

struct colour {
  float r, g, b;
};
/* The SVG writer's colours: #111827, #9ca3af, #1d4ed8. */
static const struct colour ink = {0x11 / 255.f, 0x18 / 255.f, 0x27 / 255.f};
static const struct colour thin_ink = {0x9c / 255.f, 0xa3 / 255.f,
                                       0xaf / 255.f};
static const struct colour blue = {0x1d / 255.f, 0x4e / 255.f, 0xd8 / 255.f};

bool pdf_per_page_ok(long per_page) {
  return per_page == 1 || per_page == 2 || per_page == 4 || per_page == 6;
}

bool pdf_paper_from_name(const char *name, size_t len, enum pdf_paper *paper) {
  if (len == 2 && memcmp(name, "a4", 2) == 0)
    *paper = PDF_A4;
  else if (len == 6 && memcmp(name, "letter", 6) == 0)
    *paper = PDF_LETTER;
  else
    return false;
  return true;
}

static unsigned pages_of(size_t count, int per) {
  return (unsigned)((count + (size_t)per - 1) / (size_t)per);
}

unsigned pdf_sheet_pages(size_t count, int per_page, bool with_solutions) {
  return pages_of(count, per_page) +
         (with_solutions ? pages_of(count, PDF_SOLUTIONS_PER_PAGE) : 0);
}

/* What libharu's error handler saw. */
struct doc {
  HPDF_Doc pdf;
  HPDF_Font regular, bold;
  bool failed;
};

static void on_error(HPDF_STATUS error, HPDF_STATUS detail, void *user) {
  (void)error;
  (void)detail;
  ((struct doc *)user)->failed = true;
}

/* Columns and rows of the pictures of a page of `per` puzzles. */
static void layout(int per, int *cols, int *rows) {
  *cols = per == 1 || per == 2 ? 1 : per == 12 ? 3 : 2;
  *rows = (per + *cols - 1) / *cols;
}

/* s at (x, y) in font f of size pt; centred on x when centre. Bytes that
 * are not printable ASCII print as '?' (the standard fonts' encoding). */
static void text_at(HPDF_Page page, HPDF_Font f, float pt, float x, float y,
                    const char *s, bool centre) {
  char clean[128];
  size_t k = 0;
  for (; s[k] != '\0' && k + 1 < sizeof clean; k++)
    clean[k] = s[k] >= 0x20 && s[k] < 0x7f ? s[k] : '?';
  clean[k] = '\0';
  HPDF_Page_SetFontAndSize(page, f, pt);
  if (centre)
    x -= HPDF_Page_TextWidth(page, clean) / 2;
  HPDF_Page_BeginText(page);
  HPDF_Page_TextOut(page, x, y, clean);
  HPDF_Page_EndText(page);
}

/* One grid with its top-left corner at (x, top), side points wide: the
 * givens bold, the solution's other values blue (solution may be NULL). */
static void draw_grid(struct doc *d, HPDF_Page page, const sudoku_grid *g,
                      const sudoku_grid *solution, float x, float top,
                      float side) {
  int n = g->n;
  float unit = side / (float)(n * SUDOKU_SVG_CELL + 2 * SUDOKU_SVG_MARGIN);
  float cell = unit * SUDOKU_SVG_CELL;
  float x0 = x + unit * SUDOKU_SVG_MARGIN, y0 = top - unit * SUDOKU_SVG_MARGIN;
  for (int thick = 0; thick < 2; thick++) {
    const struct colour *c = thick ? &ink : &thin_ink;
    HPDF_Page_SetRGBStroke(page, c->r, c->g, c->b);
    HPDF_Page_SetLineWidth(page, unit * (thick ? 3.f : 1.f));
    HPDF_Page_SetLineCap(page,
                         thick ? HPDF_PROJECTING_SCUARE_END : HPDF_BUTT_END);
    for (int i = 0; i <= n; i++) {
      if ((i % g->box_rows == 0) == (bool)thick) { /* above row i */
        HPDF_Page_MoveTo(page, x0, y0 - cell * (float)i);
        HPDF_Page_LineTo(page, x0 + cell * (float)n, y0 - cell * (float)i);
      }
      if ((i % g->box_cols == 0) == (bool)thick) { /* left of column i */
        HPDF_Page_MoveTo(page, x0 + cell * (float)i, y0);
        HPDF_Page_LineTo(page, x0 + cell * (float)i, y0 - cell * (float)n);
      }
    }
    HPDF_Page_Stroke(page);
  }
  float pt = cell * (n > 9 ? 24.f : 29.f) / 48.f;
  for (int i = 0; i < n * n; i++) {
    bool given = g->cell[i] != 0;
    unsigned v = given ? g->cell[i] : solution != NULL ? solution->cell[i] : 0;
    if (v == 0)
      continue;
    const struct colour *c = given ? &ink : &blue;
    char digits[4] = {0};
    if (v >= 10) {
      digits[0] = (char)('0' + v / 10);
      digits[1] = (char)('0' + v % 10);
    } else {
      digits[0] = (char)('0' + v);
    }
    HPDF_Page_SetRGBFill(page, c->r, c->g, c->b);
    /* Digits are ~0.7 em high: the baseline 0.35 em below the centre. */
    text_at(page, given ? d->bold : d->regular, pt,
            x0 + cell * ((float)(i % n) + 0.5f),
            y0 - cell * ((float)(i / n) + 0.5f) - 0.35f * pt, digits, true);
  }
  HPDF_Page_SetRGBFill(page, 0, 0, 0);
}

/* A page of the pictures of items[first..first+per), solutions or not. */
static void draw_page(struct doc *d, const struct pdf_sheet *s, size_t first,
                      int per, bool solutions, unsigned page_no,
                      unsigned pages) {
  HPDF_Page page = HPDF_AddPage(d->pdf);
  if (page == NULL)
    return;
  HPDF_Page_SetSize(
      page, s->paper == PDF_A4 ? HPDF_PAGE_SIZE_A4 : HPDF_PAGE_SIZE_LETTER,
      HPDF_PAGE_PORTRAIT);
  float w = HPDF_Page_GetWidth(page), h = HPDF_Page_GetHeight(page);
  text_at(page, d->bold, 14, MARGIN, h - MARGIN - 14,
          solutions          ? "Solutions"
          : s->title != NULL ? s->title
                             : "Sudoku",
          false);
  char foot[48];
  snprintf(foot, sizeof foot, "page %u of %u", page_no, pages);
  text_at(page, d->regular, 9, w / 2, MARGIN - 9, foot, true);
  int cols, rows;
  layout(per, &cols, &rows);
  float top = h - MARGIN - HEADER, bottom = MARGIN + FOOTER;
  float slot_w = (w - 2 * MARGIN) / (float)cols;
  float slot_h = (top - bottom) / (float)rows;
  float cap = solutions ? CAPTION * 0.75f : CAPTION;
  for (int k = 0; k < per && first + (size_t)k < s->count; k++) {
    const struct pdf_puzzle *it = &s->items[first + (size_t)k];
    float side = slot_w - 16;
    if (slot_h - cap - 16 < side)
      side = slot_h - cap - 16;
    float sx = MARGIN + slot_w * (float)(k % cols) + (slot_w - side) / 2;
    /* Centred in its slot, the caption above the grid. */
    float sy = top - slot_h * (float)(k / cols) - (slot_h - side - cap) / 2;
    char caption[128];
    snprintf(caption, sizeof caption, "%zu%s%s", first + (size_t)k + 1,
             it->caption != NULL ? ". " : "",
             it->caption != NULL ? it->caption : "");
    text_at(page, d->regular, solutions ? 7.5f : 10, sx, sy - cap + 4, caption,
            false);
    draw_grid(d, page, it->puzzle, solutions ? it->solution : NULL, sx,
              sy - cap, side);
  }
}

/* A shape sudoku_write_svg draws, and a solution of the same shape. */
static bool drawable(const struct pdf_puzzle *it) {
  const sudoku_grid *g = it->puzzle, *s = it->solution;
  return g != NULL && g->box_rows >= 2 && g->box_cols >= 2 &&
         g->n == g->box_rows * g->box_cols && g->n <= SUDOKU_MAX_N &&
         (s == NULL || (s->n == g->n && s->box_rows == g->box_rows));
}

char *pdf_write_sheet(const struct pdf_sheet *s, size_t *len,
                      const char **why) {
  struct doc d = {NULL, NULL, NULL, false};
  char *out = NULL;
  *len = 0;
  *why = "out of memory";
  bool with_solutions = false;
  if (s->count == 0 || s->count > PDF_MAX_PUZZLES ||
      !pdf_per_page_ok(s->per_page)) {
    *why = "a sheet holds 1..100 puzzles, 1, 2, 4 or 6 to a page";
    return NULL;
  }
  for (size_t i = 0; i < s->count; i++) {
    if (!drawable(&s->items[i])) {
      *why = "a puzzle of the sheet has no shape that can be drawn";
      return NULL;
    }
    with_solutions |= s->items[i].solution != NULL;
  }
  d.pdf = HPDF_New(on_error, &d);
  if (d.pdf == NULL)
    return NULL;
  HPDF_SetCompressionMode(d.pdf, HPDF_COMP_ALL);
  HPDF_SetInfoAttr(d.pdf, HPDF_INFO_CREATOR, "sudokud");
  if (s->title != NULL)
    HPDF_SetInfoAttr(d.pdf, HPDF_INFO_TITLE, s->title);
  d.regular = HPDF_GetFont(d.pdf, "Helvetica", NULL);
  d.bold = HPDF_GetFont(d.pdf, "Helvetica-Bold", NULL);
  unsigned pages = pdf_sheet_pages(s->count, s->per_page, with_solutions);
  unsigned page_no = 1;
  for (size_t i = 0; i < s->count && !d.failed; i += (size_t)s->per_page)
    draw_page(&d, s, i, s->per_page, false, page_no++, pages);
  for (size_t i = 0; with_solutions && i < s->count && !d.failed;
       i += PDF_SOLUTIONS_PER_PAGE)
    draw_page(&d, s, i, PDF_SOLUTIONS_PER_PAGE, true, page_no++, pages);
  if (d.failed || HPDF_SaveToStream(d.pdf) != HPDF_OK)
    goto done;
  HPDF_UINT32 size = HPDF_GetStreamSize(d.pdf);
  out = size > 0 ? malloc(size) : NULL;
  if (out == NULL)
    goto done;
  HPDF_UINT32 got = size;
  HPDF_ResetStream(d.pdf);
  HPDF_STATUS st = HPDF_ReadFromStream(d.pdf, (HPDF_BYTE *)out, &got);
  if ((st != HPDF_OK && st != HPDF_STREAM_EOF) || got != size) {
    free(out);
    out = NULL;
    goto done;
  }
  *len = size;
done:
  HPDF_Free(d.pdf);
  return out;
}

void pdf_caption(const struct sudoku_generated *g, uint64_t seed, char *buf,
                 size_t cap) {
  if (g->rated)
    snprintf(buf, cap, "%s %u.%u, seed %llu",
             sudoku_level_name(g->rating.level), g->rating.rating / 10u,
             g->rating.rating % 10u, (unsigned long long)seed);
  else
    snprintf(buf, cap, "seed %llu", (unsigned long long)seed);
}

char *pdf_write_generated(const struct sudoku_generated *gen,
                          const uint64_t *seed, size_t count, int per_page,
                          enum pdf_paper paper, size_t *len, const char **why) {
  enum { CAPTION_MAX = 64 };
  *len = 0;
  *why = "a sheet holds 1..100 puzzles";
  if (count == 0 || count > PDF_MAX_PUZZLES)
    return NULL;
  struct pdf_puzzle *items = malloc(count * sizeof *items);
  char *captions = malloc(count * CAPTION_MAX);
  char *out = NULL;
  *why = "out of memory";
  if (items != NULL && captions != NULL) {
    for (size_t i = 0; i < count; i++) {
      pdf_caption(&gen[i], seed[i], captions + i * CAPTION_MAX, CAPTION_MAX);
      items[i] = (struct pdf_puzzle){&gen[i].puzzle, &gen[i].solution,
                                     captions + i * CAPTION_MAX};
    }
    char title[48];
    snprintf(title, sizeof title, "Sudoku: %zu puzzle%s", count,
             count == 1 ? "" : "s");
    struct pdf_sheet sheet = {items, count, per_page, paper, title};
    out = pdf_write_sheet(&sheet, len, why);
  }
  free(items);
  free(captions);
  return out;
}
