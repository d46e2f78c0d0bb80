/*
 * test_marks.c - positions with pencil marks (sudoku_marks.h) as a
 * specification: what HoDoKu and Sudoku Explainer write, byte for byte (the
 * expected texts follow their writers' rules, read in HoDoKu's
 * Sudoku2.getSudoku and SE's Grid.toStringPencilmarks); every form read
 * back unchanged at every side it allows; the shape rules that tell the
 * forms apart from the plain puzzles; every malformed input with its
 * located message; and `sudoku candidates`, the real binary.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku_logic.h"
#include "sudoku_marks.h"
#include "tests.h"

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* ---- Helpers ----------------------------------------------------------- */

static int popcount(uint32_t m) {
  int k = 0;
  for (; m != 0; m &= m - 1)
    k++;
  return k;
}

/* The classic puzzle with its computed candidates, less three edits: 4
 * from r1c3, 8 from r2c7, every mark from r9c1 (a cell without marks). */
static void classic_edited(struct sudoku_position *p) {
  memset(p, 0, sizeof *p);
  test_grid_from_line(&p->grid, CLASSIC);
  ck_assert_int_eq(sudoku_candidates(&p->grid, p->cand), SUDOKU_OK);
  p->cand[2] &= ~(1u << 3);
  p->cand[15] &= ~(1u << 7);
  p->cand[72] = 0;
}

/* Whether a peer of cell c has bit among its marks. */
static bool peer_marked(const struct sudoku_position *p, int c, uint32_t bit) {
  int n = p->grid.n, row = c / n, col = c % n;
  for (int d = 0; d < n * n; d++) {
    int r = d / n, k = d % n;
    bool box = r / p->grid.box_rows == row / p->grid.box_rows &&
               k / p->grid.box_cols == col / p->grid.box_cols;
    if (d != c && (r == row || k == col || box) && (p->cand[d] & bit))
      return true;
  }
  return false;
}

/* A position of side n from seed: a third of the cells of a solved grid
 * given, the computed candidates as marks less one mark of each cell with
 * three or more, then each empty cell whose lone mark no peer shares filled
 * (what every reader would make of it; filling it changes no peer's marks);
 * with placed, every second filled cell that is not a given is a player's.
 * Some empty cell keeps two marks or more (the forms need one to be told
 * from a plain puzzle). */
static void make_position(struct sudoku_position *p, int n, uint32_t seed,
                          bool placed) {
  int br, bc;
  ck_assert(sudoku_box_shape(n, &br, &bc));
  sudoku_grid solved;
  test_solved_grid(&solved, br, bc, seed);
  memset(p, 0, sizeof *p);
  p->grid = solved;
  test_blank_cells(&p->grid, n * n / 3, seed + 1);
  sudoku_grid puzzle = p->grid;
  ck_assert_int_eq(sudoku_candidates(&p->grid, p->cand), SUDOKU_OK);
  uint32_t rng = seed * 2654435761u + 1;
  for (int c = 0; c < n * n; c++) {
    rng = rng * 1103515245u + 12345u;
    if (popcount(p->cand[c]) >= 3) {
      int drop = (int)((rng >> 16) % (uint32_t)popcount(p->cand[c]));
      uint32_t m = p->cand[c];
      while (drop-- > 0)
        m &= m - 1;
      p->cand[c] &= ~(m & -m);
    }
  }
  bool fill[SUDOKU_MAX_CELLS], wide = false;
  for (int c = 0; c < n * n; c++) {
    fill[c] = popcount(p->cand[c]) == 1 && !peer_marked(p, c, p->cand[c]);
    wide |= popcount(p->cand[c]) >= 2;
  }
  ck_assert(wide);
  for (int c = 0, k = 0; c < n * n; c++) {
    if (fill[c]) {
      p->grid.cell[c] = solved.cell[c];
      ck_assert_uint_eq(p->cand[c], 1u << (solved.cell[c] - 1));
      p->cand[c] = 0;
    }
    if (placed && p->grid.cell[c] != 0 && puzzle.cell[c] == 0)
      p->placed[c] = k++ % 2 == 0;
  }
}

/* Reads one position of text, which must be all of it. */
static void read_one(const char *text, size_t len, struct sudoku_position *p,
                     enum sudoku_marks_format *f) {
  struct sudoku_reader r;
  struct sudoku_text_error err;
  sudoku_reader_init(&r, text, len);
  int got = sudoku_read_position(&r, p, f, &err);
  ck_assert_msg(got == 1, "%s\nin:\n%s", got < 0 ? err.message : "end", text);
  ck_assert_int_eq(sudoku_read_position(&r, p + 1, NULL, &err), 0);
}

static void assert_same(const struct sudoku_position *a,
                        const struct sudoku_position *b, bool placed,
                        const char *text) {
  ck_assert_int_eq(a->grid.n, b->grid.n);
  ck_assert_int_eq(a->grid.box_rows, b->grid.box_rows);
  ck_assert_int_eq(a->grid.box_cols, b->grid.box_cols);
  for (int c = 0; c < a->grid.n * a->grid.n; c++) {
    ck_assert_msg(a->grid.cell[c] == b->grid.cell[c] &&
                      a->cand[c] == b->cand[c] &&
                      (!placed || a->placed[c] == b->placed[c]),
                  "cell %d: %d/%x/%d read back as %d/%x/%d from:\n%s", c,
                  a->grid.cell[c], a->cand[c], a->placed[c], b->grid.cell[c],
                  b->cand[c], b->placed[c], text);
    if (!placed)
      ck_assert(!b->placed[c]);
  }
}

static char *write_new(const struct sudoku_position *p,
                       enum sudoku_marks_format f, size_t *len) {
  char *buf = malloc(SUDOKU_MARKS_TEXT_MAX);
  ck_assert_ptr_nonnull(buf);
  *len = sudoku_write_position(p, f, buf, SUDOKU_MARKS_TEXT_MAX);
  ck_assert_uint_lt(*len, SUDOKU_MARKS_TEXT_MAX);
  ck_assert_uint_eq(strlen(buf), *len);
  return buf;
}

/* ---- What HoDoKu and SE write ------------------------------------------ */

static const char hodoku_pm[] =
    ".-------------------.----------------.-------------------.\n"
    "| 5    3     12     | 26    7   2468 | 1489   1249  248  |\n"
    "| 6    247   247    | 1     9   5    | 347    234   2478 |\n"
    "| 12   9     8      | 23    34  24   | 13457  6     247  |\n"
    ":-------------------+----------------+-------------------:\n"
    "| 8    125   1259   | 579   6   147  | 4579   2459  3    |\n"
    "| 4    25    2569   | 8     5   3    | 579    259   1    |\n"
    "| 7    15    1359   | 59    2   14   | 4589   459   6    |\n"
    ":-------------------+----------------+-------------------:\n"
    "| 139  6     134579 | 357   35  7    | 2      8     4    |\n"
    "| 23   278   237    | 4     1   9    | 36     3     5    |\n"
    "| .    1245  12345  | 2356  8   26   | 1346   7     9    |\n"
    "'-------------------'----------------'-------------------'\n";

static const char se_sukaku[] = "....5......3......12........2...6.........7..."
                                "2.4.6.8.1..4...8912.4....9.2.4...8."
                                ".....6....2.4..7...2.4..7..1................9."
                                "...5......34..7...234......2.4..78."
                                "12...............9.......8..23........34......"
                                "2.4.....1.345.7.......6....2.4..7.."
                                ".......8.12..5....12..5...9....5.7.9.....6..."
                                "1..4..7.....45.7.9.2.45...9..3......"
                                "...4......2..5.....2..56..9.......8.....5....."
                                ".3..........5.7.9.2..5...91........"
                                "......7..1...5....1.3.5...9....5...9.2......."
                                "1..4........45..89...45...9.....6..."
                                "1.3.....9.....6...1.345.7.9..3.5.7....3.5....."
                                ".....7...2..............8....4....."
                                ".23.......2....78..23...7.....4.....1........."
                                ".......9..3..6.....3..........5...."
                                ".........12.45....12345.....23.56..........8.."
                                "2...6...1.34.6.........7..........9"
                                "\n";

/* p written in format f is want, byte for byte, and want reads back as p
 * (placed cells compared when the format keeps them). */
static void assert_writes(const struct sudoku_position *p,
                          enum sudoku_marks_format f, const char *want,
                          bool placed) {
  size_t len;
  char *text = write_new(p, f, &len);
  ck_assert_str_eq(text, want);
  struct sudoku_position back[2];
  enum sudoku_marks_format got;
  read_one(want, strlen(want), back, &got);
  ck_assert_int_eq(got, f);
  assert_same(p, back, placed, want);
  free(text);
}

START_TEST(hodoku_pm_grid_byte_for_byte) {
  struct sudoku_position p;
  classic_edited(&p);
  assert_writes(&p, SUDOKU_MARKS_PM, hodoku_pm, false);
}
END_TEST

START_TEST(se_sukaku_byte_for_byte) {
  struct sudoku_position p;
  classic_edited(&p);
  ck_assert_uint_eq(strlen(se_sukaku), 730);
  assert_writes(&p, SUDOKU_MARKS_SUKAKU, se_sukaku, false);
}
END_TEST

/* SE's "Copy Pencilmark Grid" of the classic puzzle (the layout of
 * Grid.toStringMultilinePencilmarks: every column as wide as the most
 * candidates of any cell, no line end after the last frame): read as the
 * same position as HoDoKu's grid of it. */
static const char se_pm[] =
    "+----------------------+----------------------+----------------------+\n"
    "| 5      3      124    | 26     7      2468   | 1489   1249   248    |\n"
    "| 6      247    247    | 1      9      5      | 3478   234    2478   |\n"
    "| 12     9      8      | 23     34     24     | 13457  6      247    |\n"
    "+----------------------+----------------------+----------------------+\n"
    "| 8      125    1259   | 579    6      147    | 4579   2459   3      |\n"
    "| 4      25     2569   | 8      5      3      | 579    259    1      |\n"
    "| 7      15     1359   | 59     2      14     | 4589   459    6      |\n"
    "+----------------------+----------------------+----------------------+\n"
    "| 139    6      134579 | 357    35     7      | 2      8      4      |\n"
    "| 23     278    237    | 4      1      9      | 36     3      5      |\n"
    "| 123    1245   12345  | 2356   8      26     | 1346   7      9      |\n"
    "+----------------------+----------------------+----------------------+";

START_TEST(se_pm_grid_read) {
  struct sudoku_position want, got[2];
  memset(&want, 0, sizeof want);
  test_grid_from_line(&want.grid, CLASSIC);
  ck_assert_int_eq(sudoku_candidates(&want.grid, want.cand), SUDOKU_OK);
  enum sudoku_marks_format f;
  read_one(se_pm, strlen(se_pm), got, &f);
  ck_assert_int_eq(f, SUDOKU_MARKS_PM);
  assert_same(&want, got, false, se_pm);
}
END_TEST

/* HoDoKu's library line: '+' before a placed value, VRC for each computed
 * candidate the marks removed, cell by cell and value by value. */
START_TEST(hodoku_library_byte_for_byte) {
  struct sudoku_position p[2];
  classic_edited(p);
  p->grid.cell[5] = 8; /* r1c6, placed */
  p->placed[5] = true;
  uint32_t computed[SUDOKU_MAX_CELLS];
  ck_assert_int_eq(sudoku_candidates(&p->grid, computed), SUDOKU_OK);
  for (int c = 0; c < 81; c++)
    p->cand[c] &= computed[c];
  static const char want[] =
      ":0000:x:53..7+8...6..195....98....6.8...6...34..8.3..17...2...6.6....28."
      "...419..5....8..79:413 827 191 291 391::\n";
  assert_writes(p, SUDOKU_MARKS_LIBRARY, want, true);
  /* A line HoDoKu wrote with a step: TYPE, CANDIDATES and the fields
   * after DELETED are the step's, not the position's. */
  static const char with_step[] =
      ":0100:4:53..7+8...6..195....98....6.8...6...34..8.3..17...2...6.6....28."
      "...419..5....8..79:413 827 191 291 391:413:r1c3<>4:3\n";
  enum sudoku_marks_format f;
  read_one(with_step, strlen(with_step), p + 1, &f);
  ck_assert_int_eq(f, SUDOKU_MARKS_LIBRARY);
  assert_same(p, p + 1, true, with_step);
}
END_TEST

/* ---- Round trips at every side ----------------------------------------- */

static const int sides[] = {4, 6, 8, 9, 10, 12, 14, 15, 16, 20, 25};
#define FORMATS SUDOKU_MARKS_FORMAT_COUNT

START_TEST(round_trip) {
  int n = sides[_i / FORMATS];
  enum sudoku_marks_format f = (enum sudoku_marks_format)(_i % FORMATS);
  for (uint32_t seed = 1; seed <= 3; seed++) {
    struct sudoku_position p[2];
    make_position(p, n, seed * 7 + (uint32_t)n, true);
    size_t len;
    char *text = write_new(p, f, &len);
    if (f == SUDOKU_MARKS_LIBRARY && n > 9) {
      ck_assert_uint_eq(len, 0); /* VRC holds digits only */
      free(text);
      continue;
    }
    enum sudoku_marks_format got;
    read_one(text, len, p + 1, &got);
    ck_assert_int_eq(got, f);
    if (f == SUDOKU_MARKS_GIVENS) /* no marks: every value */
      for (int c = 0; c < n * n; c++)
        p->cand[c] = p->grid.cell[c] == 0 ? (1u << n) - 1 : 0;
    assert_same(p, p + 1, f == SUDOKU_MARKS_LIBRARY, text);
    /* Written again, the same bytes (placed cells become givens in the
     * forms that do not tell them apart). */
    size_t len2;
    char *again = write_new(p + 1, f, &len2);
    ck_assert_str_eq(again, text);
    free(again);
    free(text);
  }
}
END_TEST

/* Every form one after another in one text, with blank lines or none. */
START_TEST(forms_follow_each_other) {
  static const enum sudoku_marks_format order[] = {
      SUDOKU_MARKS_PM,     SUDOKU_MARKS_SUKAKU, SUDOKU_MARKS_PM,
      SUDOKU_MARKS_GIVENS, SUDOKU_MARKS_CELLS,  SUDOKU_MARKS_LIBRARY,
      SUDOKU_MARKS_PM,     SUDOKU_MARKS_GIVENS, SUDOKU_MARKS_SUKAKU};
  static const int side[] = {9, 4, 4, 6, 9, 8, 12, 9, 6};
  struct sudoku_position want[COUNT(order)], got;
  size_t cap = COUNT(order) * SUDOKU_MARKS_TEXT_MAX, used = 0;
  char *text = malloc(cap);
  ck_assert_ptr_nonnull(text);
  for (int i = 0; i < COUNT(order); i++) {
    make_position(&want[i], side[i], 40u + (uint32_t)i, false);
    used += sudoku_write_position(&want[i], order[i], text + used, cap - used);
    if (_i == 1)
      text[used++] = '\n'; /* and a blank line after each */
  }
  struct sudoku_reader r;
  struct sudoku_text_error err;
  sudoku_reader_init(&r, text, used);
  for (int i = 0; i < COUNT(order); i++) {
    enum sudoku_marks_format f;
    int rc = sudoku_read_position(&r, &got, &f, &err);
    ck_assert_msg(rc == 1, "position %d: %s", i, rc < 0 ? err.message : "end");
    ck_assert_msg(f == order[i], "position %d: %d, not %d in\n%s", i, f,
                  order[i], text);
    ck_assert_uint_eq(r.puzzles, (unsigned)i + 1);
    if (f == SUDOKU_MARKS_GIVENS)
      for (int c = 0; c < side[i] * side[i]; c++)
        want[i].cand[c] = want[i].grid.cell[c] == 0 ? (1u << side[i]) - 1 : 0;
    assert_same(&want[i], &got, false, text);
  }
  ck_assert_int_eq(sudoku_read_position(&r, &got, NULL, &err), 0);
  free(text);
}
END_TEST

/* ---- Shapes ------------------------------------------------------------ */

/* The 4x4 below as a sukaku line: 64 symbols, all at their places. */
#define SUKAKU4                                                                \
  "1....2....34..34..34..341....2...2..1.....34..34..34..34.2..1..."

static const struct {
  const char *text;
  enum sudoku_marks_format format;
  const char *givens; /* the filled cells as sudoku_write_line writes them */
  const char *cells;  /* the marks as the cells form writes them, or NULL */
} shapes[] = {
    /* SE's multi-line grid, '+' corners; lone marks no peer shares are
     * givens. */
    {"+-------+-------+\n"
     "| 1  2  | 34 34 |\n"
     "| 34 34 | 1  2  |\n"
     "+-------+-------+\n"
     "| 2  1  | 34 34 |\n"
     "| 34 34 | 2  1  |\n"
     "+-------+-------+\n",
     SUDOKU_MARKS_PM, "12....1221....21\n",
     "1 2 34 34 34 34 1 2 2 1 34 34 34 34 2 1\n"},
    {SUKAKU4 "\n", SUDOKU_MARKS_SUKAKU, "12....1221....21\n", NULL},
    /* '0' blanks, CRLF, spaces around it */
    {"  1000020000340034003400341000020002001000003400340034003402001000 "
     "\r\n",
     SUDOKU_MARKS_SUKAKU, "12....1221....21\n", NULL},
    /* bare rows of marks, no frame */
    {"1 2 34 34\n34 34 1 2\n2 1 34 34\n34 34 2 1\n", SUDOKU_MARKS_PM,
     "12....1221....21\n", NULL},
    /* SE's one-line cells, any order of marks, a '.' cell without marks */
    {"1 2 43 34 34 34 1 2 2 1 34 34 34 . 2 1\n", SUDOKU_MARKS_CELLS,
     "12....1221....21\n", "1 2 34 34 34 34 1 2 2 1 34 34 34 . 2 1\n"},
    /* Two lone 3s in one row are not givens: each is a mark. */
    {"1 2 3 3\n34 34 1 2\n2 1 34 34\n34 34 2 1\n", SUDOKU_MARKS_PM,
     "12....1221....21\n", "1 2 3 3 34 34 1 2 2 1 34 34 34 34 2 1\n"},
    /* HoDoKu's '*' and ':' frames (SimpleSudoku's style) */
    {"*-----------*\n|1 2 |34 34|\n|34 34|1 2|\n|----+-----|\n|2 1|34 34|\n"
     "|34 34 |2 1|\n*-----------*\n",
     SUDOKU_MARKS_PM, "12....1221....21\n", NULL},
    /* 64 symbols not all at their places: an 8x8 puzzle's line. */
    {"1.......2.......3.......4.......5.......6.......7.......8.......\n",
     SUDOKU_MARKS_GIVENS,
     "1.......2.......3.......4.......5.......6.......7.......8.......\n",
     NULL},
    /* Judge rows of single digits: a puzzle, not marks. */
    {"1 2 0 0\n0 0 1 2\n2 1 0 0\n0 0 2 1\n", SUDOKU_MARKS_GIVENS,
     "12....1221....21\n", NULL},
    /* Rows of blanks with '-' between them are a puzzle's, not frames. */
    {"..-..\n.1-..\n..-.2\n..-..\n", SUDOKU_MARKS_GIVENS, ".....1.....2....\n",
     NULL},
    /* A library line that ends after its puzzle, CRLF */
    {":0000:x:1..4..1..1..4..1\r\n", SUDOKU_MARKS_LIBRARY, "1..4..1..1..4..1\n",
     "1 23 23 4 23 234 1 23 23 1 234 23 4 23 23 1\n"},
    /* Decorated rows with groups of symbols stay puzzles. */
    {"12|..\n..|12\n-----\n21|..\n..|21\n", SUDOKU_MARKS_GIVENS,
     "12....1221....21\n", NULL},
};

START_TEST(forms_told_apart_by_shape) {
  struct sudoku_position p[2];
  enum sudoku_marks_format f;
  struct sudoku_reader r;
  /* The detector says what the reader takes, and moves nothing. */
  sudoku_reader_init(&r, shapes[_i].text, strlen(shapes[_i].text));
  ck_assert_int_eq(sudoku_marks_sniff(&r), shapes[_i].format);
  ck_assert_uint_eq(r.pos, 0);
  read_one(shapes[_i].text, strlen(shapes[_i].text), p, &f);
  ck_assert_int_eq(f, shapes[_i].format);
  char buf[SUDOKU_MARKS_TEXT_MAX];
  sudoku_write_line(&p->grid, buf, sizeof buf);
  ck_assert_str_eq(buf, shapes[_i].givens);
  if (shapes[_i].cells != NULL) {
    sudoku_write_position(p, SUDOKU_MARKS_CELLS, buf, sizeof buf);
    ck_assert_str_eq(buf, shapes[_i].cells);
  }
  if (f != SUDOKU_MARKS_GIVENS) { /* all of these are the same 4x4 */
    sudoku_write_position(p, SUDOKU_MARKS_SUKAKU, buf, sizeof buf);
    if (shapes[_i].cells == NULL)
      ck_assert_str_eq(buf, SUKAKU4 "\n");
  }
}
END_TEST

/* ---- Errors ------------------------------------------------------------ */

#define HODOKU_TOP4 ".-------.-------.\n"
#define SIX_DOTS "......"
#define SUKAKU6_ROW SIX_DOTS SIX_DOTS SIX_DOTS SIX_DOTS SIX_DOTS SIX_DOTS
#define SUKAKU6_REST SUKAKU6_ROW SUKAKU6_ROW SUKAKU6_ROW SUKAKU6_ROW SUKAKU6_ROW

static const struct {
  const char *text;
  const char *message;
  unsigned line, column;
} rejects[] = {
    {HODOKU_TOP4 "| 1 2 | 34 35 |\n", "line 2, column 13: '5' is larger than 4",
     2, 13},
    {HODOKU_TOP4 "| 1 22 | 34 3 |\n", "line 2, column 6: '2' twice in one cell",
     2, 6},
    {HODOKU_TOP4 "| 1 2. | 34 3 |\n",
     "line 2, column 6: '.' among a cell's candidates (a blank stands alone: "
     "a cell without candidates)",
     2, 6},
    {HODOKU_TOP4 "| 1 2 | 3x 3 |\n",
     "line 2, column 10: 'x' is not a candidate", 2, 10},
    {HODOKU_TOP4 "| 1 2 | 34 3 |\n| 34 34 | 1 |\n",
     "line 3: expected 4 cells in row 2 of puzzle 1, got 3", 3, 0},
    {HODOKU_TOP4 "| 1 2 | 34 3 |\n",
     "puzzle 1: expected 4 rows of cells, got 1 (the input ends after 1 of 4 "
     "rows)",
     0, 0},
    {HODOKU_TOP4 "| 1 2 | 34 3 |\n\n| 1 2 | 34 3 |\n",
     "puzzle 1: expected 4 rows of cells, got 1 (line 3 is blank after 1 of 4 "
     "rows)",
     3, 0},
    {HODOKU_TOP4 "| 1 2 | 34 |\n",
     "line 2: a row of 3 cells: no side of 4..25 with a box shape has rows of "
     "3",
     2, 0},
    {":0000:x:1234\n",
     "line 1, column 9: the puzzle field holds 4 cells, a library line 16, 36, "
     "64 or 81",
     1, 9},
    {":0000:x\n",
     "line 1: a library line is :TYPE:CANDIDATES:PUZZLE:DELETED:..., this one "
     "has no PUZZLE field",
     1, 0},
    {":0000:x:1.+..............:::\n",
     "line 1, column 12: '.' after '+': '+' marks a placed value, a digit", 1,
     12},
    {":0000:x:1...............+:::\n",
     "line 1, column 25: '+' at the end of the puzzle field: '+' marks a "
     "placed value, a digit",
     1, 25},
    {":0000:x:1......5........:::\n", "line 1, column 16: '5' is larger than 4",
     1, 16},
    {":0000:x:1...x...........:::\n",
     "line 1, column 13: 'x' is not a digit or a blank", 1, 13},
    {":0000:x:1...............:212 25x::\n",
     "line 1, column 30: '25x' is not a deleted candidate: VRC, value, row and "
     "column in 1..4",
     1, 30},
    {":0000:x:1...............:2123::\n",
     "line 1, column 26: '2123' is not a deleted candidate: VRC, value, row "
     "and "
     "column in 1..4",
     1, 26},
    {":0000:x:1...............:211::\n",
     "line 1, column 26: '211' deletes 2 from r1c1, which holds 1", 1, 26},
    /* sukaku lines: 216 symbols are a 6x6's */
    {"2....." SUKAKU6_ROW SUKAKU6_ROW SUKAKU6_ROW SUKAKU6_ROW SUKAKU6_ROW
         SIX_DOTS SIX_DOTS SIX_DOTS SIX_DOTS SIX_DOTS "\n",
     "line 1, column 1: '2' at place 1 of r1c1: a sukaku line holds the symbol "
     "of k at place k",
     1, 1},
    {"......" SIX_DOTS "..x..." SIX_DOTS SIX_DOTS SIX_DOTS SUKAKU6_REST "\n",
     "line 1, column 15: 'x' is not a candidate or a blank", 1, 15},
    {"......" SIX_DOTS "..7..." SIX_DOTS SIX_DOTS SIX_DOTS SUKAKU6_REST "\n",
     "line 1, column 15: '7' is not a candidate or a blank", 1, 15},
    /* A plain puzzle keeps read.c's messages. */
    {"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5"
     "....8..7x\n",
     "line 1, column 81: 'x' is not a digit or a blank", 1, 81},
};

START_TEST(reader_rejects) {
  struct sudoku_reader r;
  struct sudoku_text_error err;
  struct sudoku_position p;
  sudoku_reader_init(&r, rejects[_i].text, strlen(rejects[_i].text));
  ck_assert_int_eq(sudoku_read_position(&r, &p, NULL, &err), -1);
  ck_assert_str_eq(err.message, rejects[_i].message);
  ck_assert_uint_eq(err.line, rejects[_i].line);
  ck_assert_uint_eq(err.column, rejects[_i].column);
  ck_assert_uint_eq(err.puzzle, 1);
  sudoku_reader_init(&r, rejects[_i].text, strlen(rejects[_i].text));
  ck_assert_int_eq(sudoku_read_position(&r, &p, NULL, NULL), -1);
}
END_TEST

/* snprintf's contract: a short buffer gets a prefix and a NUL, the length
 * needed is returned, nothing past cap is touched. */
START_TEST(writer_truncates_like_snprintf) {
  struct sudoku_position p;
  classic_edited(&p);
  char buf[64];
  for (int f = 0; f < SUDOKU_MARKS_FORMAT_COUNT; f++) {
    memset(buf, 'Z', sizeof buf);
    size_t full =
        sudoku_write_position(&p, (enum sudoku_marks_format)f, NULL, 0);
    ck_assert_uint_eq(
        sudoku_write_position(&p, (enum sudoku_marks_format)f, buf, 10), full);
    ck_assert_uint_eq(strlen(buf), 9);
    ck_assert_int_eq(buf[10], 'Z');
  }
  ck_assert_uint_eq(
      sudoku_write_position(&p, SUDOKU_MARKS_FORMAT_COUNT, buf, sizeof buf), 0);
  ck_assert_str_eq(buf, "");
}
END_TEST

START_TEST(format_names) {
  for (int f = 0; f < SUDOKU_MARKS_FORMAT_COUNT; f++) {
    const char *name = sudoku_marks_format_name((enum sudoku_marks_format)f);
    ck_assert_int_eq(sudoku_marks_format_from_name(name, strlen(name)), f);
  }
  ck_assert_str_eq(sudoku_marks_format_name(SUDOKU_MARKS_PM), "pm");
  ck_assert_str_eq(sudoku_marks_format_name(SUDOKU_MARKS_FORMAT_COUNT),
                   "unknown");
  ck_assert_int_eq(sudoku_marks_format_from_name("pmx", 2), SUDOKU_MARKS_PM);
  ck_assert_int_eq(sudoku_marks_format_from_name("svg", 3),
                   SUDOKU_MARKS_FORMAT_COUNT);
}
END_TEST

/* ---- sudoku candidates ------------------------------------------------- */

static const struct {
  const char *args, *input;
  int status;
  const char *out; /* exact stdout */
  const char *err; /* a part of stderr, or NULL */
} cli_cases[] = {
    {"candidates", CLASSIC "\n", 0,
     ".-------------------.----------------.-------------------.\n"
     "| 5    3     124    | 26    7   2468 | 1489   1249  248  |\n"
     "| 6    247   247    | 1     9   5    | 3478   234   2478 |\n"
     "| 12   9     8      | 23    34  24   | 13457  6     247  |\n"
     ":-------------------+----------------+-------------------:\n"
     "| 8    125   1259   | 579   6   147  | 4579   2459  3    |\n"
     "| 4    25    2569   | 8     5   3    | 579    259   1    |\n"
     "| 7    15    1359   | 59    2   14   | 4589   459   6    |\n"
     ":-------------------+----------------+-------------------:\n"
     "| 139  6     134579 | 357   35  7    | 2      8     4    |\n"
     "| 23   278   237    | 4     1   9    | 36     3     5    |\n"
     "| 123  1245  12345  | 2356  8   26   | 1346   7     9    |\n"
     "'-------------------'----------------'-------------------'\n",
     NULL},
    /* the marks given are kept (intersected with the computed ones) */
    {"candidates --format pm", hodoku_pm, 0, hodoku_pm, NULL},
    {"candidates --format=sukaku", hodoku_pm, 0, se_sukaku, NULL},
    {"candidates --format pm", se_sukaku, 0, hodoku_pm, NULL},
    /* a plain puzzle's candidates are all the computed ones */
    {"candidates --format cells", "1...\n..12\n21..\n..21\n", 0,
     "1 234 34 34 34 34 1 2 2 1 34 34 34 34 2 1\n", NULL},
    {"candidates --format cells",
     "1 234 34 34\n34 34 1 2\n2 1 34 34\n"
     "34 34 2 1\n",
     0, "1 234 34 34 34 34 1 2 2 1 34 34 34 34 2 1\n", NULL},
    {"candidates --format library", "12..\n..12\n21..\n..21\n", 0,
     ":0000:x:12....1221....21:::\n", NULL},
    {"candidates --format sukaku",
     "1 2 34 34\n34 34 1 2\n2 1 34 34\n"
     "34 34 2 1\n\n12..\n..12\n21..\n..21\n",
     0, SUKAKU4 "\n" SUKAKU4 "\n", NULL},
    {"candidates --format library", CONFLICTING "\n" CLASSIC "\n", 1,
     "conflicting givens\n"
     ":0000:x:" CLASSIC ":::\n",
     "puzzle 1"},
    {"candidates --format library",
     "................................................................"
     "................................................................"
     "................................................................"
     "................................................................\n",
     1, "no library line\n", "16x16 grid has no library form"},
    {"candidates", "1 2 | 34 35\n", 2, "",
     "sudoku: puzzle 1: expected 36 cells, got 6"},
    {"candidates", HODOKU_TOP4 "| 1 2 | 34 35 |\n", 2, "",
     "sudoku: line 2, column 13: '5' is larger than 4\n"},
    {"candidates", CLASSIC "\n" HODOKU_TOP4 "| 1 2 | 34 35 |\n", 2, "",
     "line 3, column 13"},
    {"candidates", "", 2, "", "no puzzle in the input"},
    {"candidates --format svg", CLASSIC "\n", 2, "",
     "--format svg: expected sukaku, cells, pm or library"},
    {"candidates --format givens", CLASSIC "\n", 2, "", "--format givens"},
    {"candidates --frobnicate", CLASSIC "\n", 2, "", "'--frobnicate'"},
    {"candidates --help", "", 0, NULL, NULL},
};

START_TEST(cli_candidates) {
  struct run r = run_cli(cli_cases[_i].args, cli_cases[_i].input,
                         strlen(cli_cases[_i].input));
  ck_assert_msg(r.status == cli_cases[_i].status, "%s: status %d, stderr %s",
                cli_cases[_i].args, r.status, r.err);
  if (cli_cases[_i].out != NULL)
    ck_assert_str_eq(r.out, cli_cases[_i].out);
  else
    ck_assert_ptr_nonnull(strstr(r.out, "usage: sudoku candidates"));
  if (cli_cases[_i].err != NULL)
    ck_assert_msg(strstr(r.err, cli_cases[_i].err) != NULL, "stderr: %s",
                  r.err);
  run_free(&r);
}
END_TEST

/* Each format's output fed back in gives the same output in every format. */
START_TEST(cli_round_trip) {
  static const char *const names[] = {"sukaku", "cells", "pm", "library"};
  const char *from = names[_i / 4], *to = names[_i % 4];
  char args[64];
  snprintf(args, sizeof args, "candidates --format %s", from);
  struct run a = run_cli(args, hodoku_pm, strlen(hodoku_pm));
  ck_assert_int_eq(a.status, 0);
  snprintf(args, sizeof args, "candidates --format %s", to);
  struct run b = run_cli(args, a.out, strlen(a.out));
  struct run c = run_cli(args, hodoku_pm, strlen(hodoku_pm));
  ck_assert_int_eq(b.status, 0);
  ck_assert_str_eq(b.out, c.out);
  run_free(&a);
  run_free(&b);
  run_free(&c);
}
END_TEST

/* sudoku_logic_solve_marks: the path from a marked position. NULL marks
 * is sudoku_logic_solve; marks that made the first step's eliminations
 * skip that step; a wrong mark (the solution's value removed) is put
 * back, so every placement of the path is still the solution's. */
#define POINTING                                                               \
  "4.....938.32.941...953..24.37.6.9..4529..16736.47.3.9.957..83....39..4."    \
  ".24..3.7.9"

struct path_seen {
  const sudoku_grid *solution;
  unsigned steps, wrong;
  struct sudoku_step first;
};

static bool see_step(const struct sudoku_step *st, void *ctx) {
  struct path_seen *ps = ctx;
  if (ps->steps++ == 0)
    ps->first = *st;
  for (int i = 0; i < st->nplacements; i++)
    ps->wrong +=
        ps->solution->cell[st->placements[i].cell] != st->placements[i].value;
  for (int i = 0; i < st->neliminations; i++)
    ps->wrong += ps->solution->cell[st->eliminations[i].cell] ==
                 st->eliminations[i].value;
  return true;
}

START_TEST(path_from_marks) {
  sudoku_grid g, sol;
  test_grid_from_line(&g, POINTING);
  ck_assert_int_eq(sudoku_solve(&g, NULL, &sol, NULL), SUDOKU_OK);
  uint32_t cand[SUDOKU_MAX_CELLS];
  ck_assert_int_eq(sudoku_candidates(&g, cand), SUDOKU_OK);
  struct sudoku_rating plain, marked;
  struct path_seen a = {&sol, 0, 0, {0}}, b = {&sol, 0, 0, {0}};
  ck_assert_int_eq(
      sudoku_logic_solve_marks(&g, NULL, NULL, see_step, &a, &plain),
      SUDOKU_OK);
  ck_assert_uint_eq(a.first.neliminations, 2); /* r1c5<>6, r1c6<>6 */
  for (int i = 0; i < 2; i++)
    cand[a.first.eliminations[i].cell] &=
        ~(1u << (a.first.eliminations[i].value - 1));
  /* A wrong mark too: r1c2's value removed; it is put back. */
  cand[1] &= ~(1u << (sol.cell[1] - 1));
  ck_assert_int_eq(
      sudoku_logic_solve_marks(&g, cand, NULL, see_step, &b, &marked),
      SUDOKU_OK);
  ck_assert(plain.solved && marked.solved);
  ck_assert_uint_eq(a.wrong + b.wrong, 0);
  ck_assert_uint_eq(marked.steps, plain.steps - 1);
  ck_assert_uint_eq(b.steps, marked.steps);
  for (int i = 0; i < b.first.neliminations; i++)
    ck_assert(b.first.eliminations[i].cell != a.first.eliminations[0].cell);
}
END_TEST

/* sudoku_write_position_step: each candidate the step eliminates after a
 * '-', each it places after a '+', its pattern's after a '*', then its
 * sentence; read back, the marks and the sentence are skipped: the
 * position itself, and the next record after it. HoDoKu's other marks
 * ('#', '@') are skipped too. */
START_TEST(pm_grid_with_step) {
  sudoku_grid g;
  test_grid_from_line(&g, POINTING);
  struct sudoku_position *p = malloc(2 * sizeof *p);
  ck_assert_ptr_nonnull(p);
  p[0].grid = g;
  memset(p[0].placed, 0, sizeof p[0].placed);
  ck_assert_int_eq(sudoku_candidates(&g, p[0].cand), SUDOKU_OK);
  struct sudoku_step st;
  ck_assert_int_eq(sudoku_next_step(&g, NULL, NULL, &st), SUDOKU_OK);
  static char text[SUDOKU_MARKS_STEP_TEXT_MAX + 128];
  size_t len = sudoku_write_position_step(&p[0], &st, text, sizeof text);
  ck_assert_uint_eq(len, strlen(text));
  ck_assert_uint_eq(sudoku_write_position_step(&p[0], &st, NULL, 0), len);
  int minus = 0, star = 0;
  for (size_t i = 0; i < len && text[i] != '\''; i++) {
    bool mark = i + 1 < len && text[i + 1] >= '1' && text[i + 1] <= '9';
    minus += mark && text[i] == '-';
    star += mark && text[i] == '*';
  }
  ck_assert_int_eq(minus, st.neliminations);
  ck_assert_int_eq(star, 2); /* 6 in r1c2 and r1c3 */
  char sentence[SUDOKU_EXPLAIN_MAX];
  sudoku_step_explain(&st, 9, sentence, sizeof sentence);
  ck_assert_ptr_nonnull(strstr(text, sentence));
  /* Read back, then a second record: the line after a blank line. */
  strcat(text, "\n" POINTING "\n");
  struct sudoku_reader r;
  enum sudoku_marks_format f;
  sudoku_reader_init(&r, text, strlen(text));
  ck_assert_int_eq(sudoku_read_position(&r, &p[1], &f, NULL), 1);
  ck_assert_int_eq(f, SUDOKU_MARKS_PM);
  for (int c = 0; c < 81; c++) {
    ck_assert_int_eq(p[1].grid.cell[c], g.cell[c]);
    ck_assert_uint_eq(p[1].cand[c], p[0].cand[c]);
  }
  sudoku_grid next;
  ck_assert_int_eq(sudoku_read_next(&r, &next, NULL), 1);
  ck_assert_int_eq(memcmp(next.cell, g.cell, 81), 0);
  /* '#' and '@' before a candidate; a mark before no candidate is an
   * error at its byte. */
  char *at = strstr(text, "-6");
  ck_assert_ptr_nonnull(at);
  at[0] = '#';
  at = strstr(text, "*6");
  at[0] = '@';
  sudoku_reader_init(&r, text, strlen(text));
  ck_assert_int_eq(sudoku_read_position(&r, &p[1], NULL, NULL), 1);
  ck_assert_uint_eq(p[1].cand[4], p[0].cand[4]);
  at[1] = ' ';
  struct sudoku_text_error err;
  sudoku_reader_init(&r, text, strlen(text));
  ck_assert_int_eq(sudoku_read_position(&r, &p[1], NULL, &err), -1);
  ck_assert_uint_eq(err.column, (size_t)(at - strchr(text, '\n')));
  free(p);
}
END_TEST

Suite *marks_suite(void) {
  Suite *s = suite_create("marks");
  TCase *tc = tcase_create("peers' bytes");
  tcase_add_test(tc, hodoku_pm_grid_byte_for_byte);
  tcase_add_test(tc, se_sukaku_byte_for_byte);
  tcase_add_test(tc, se_pm_grid_read);
  tcase_add_test(tc, hodoku_library_byte_for_byte);
  suite_add_tcase(s, tc);

  tc = tcase_create("round trips");
  tcase_set_timeout(tc, 60);
  tcase_add_loop_test(tc, round_trip, 0, COUNT(sides) * FORMATS);
  tcase_add_loop_test(tc, forms_follow_each_other, 0, 2);
  tcase_add_test(tc, path_from_marks);
  tcase_add_test(tc, pm_grid_with_step);
  suite_add_tcase(s, tc);

  tc = tcase_create("shapes and errors");
  tcase_add_loop_test(tc, forms_told_apart_by_shape, 0, COUNT(shapes));
  tcase_add_loop_test(tc, reader_rejects, 0, COUNT(rejects));
  tcase_add_test(tc, writer_truncates_like_snprintf);
  tcase_add_test(tc, format_names);
  suite_add_tcase(s, tc);

  tc = tcase_create("cli");
  tcase_set_timeout(tc, 60);
  tcase_add_loop_test(tc, cli_candidates, 0, COUNT(cli_cases));
  tcase_add_loop_test(tc, cli_round_trip, 0, 16);
  suite_add_tcase(s, tc);
  return s;
}
