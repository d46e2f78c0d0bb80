/*
 * test_format.c - the text formats as a specification: every layout the
 * reader accepts (shown by what sudoku_write_line prints for it), every way
 * it refuses (the exact message, puzzle, line and column), the judge
 * samples read and written back byte for byte, and the writers' snprintf
 * contract.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests.h"

/* A literal and its length, so texts may hold NUL bytes. */
#define TXT(s) s, sizeof(s) - 1

/* Wikipedia's puzzle, as one line, as rows, as decorated rows. */
#define WIKI_LINE                                                              \
  "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5"   \
  "....8..79"
#define WIKI_LINE_0                                                            \
  "530070000600195000098000060800060003400803001700020006060000280000419005"   \
  "000080079"
#define WIKI_ROWS                                                              \
  "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n"         \
  ".6....28.\n...419..5\n....8..79\n"

/* The judge samples of ../shared/corpus/judge, in case it is absent. */
#define BOJ_IN                                                                 \
  "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n"                  \
  "3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n5 9 6 8 2 0 4 1 3\n"                  \
  "9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n"
#define BOJ_OUT                                                                \
  "1 3 5 4 6 9 2 7 8\n7 8 2 1 3 5 6 4 9\n4 6 9 2 7 8 1 3 5\n"                  \
  "3 2 1 5 4 6 8 9 7\n8 7 4 9 1 3 5 2 6\n5 9 6 8 2 7 4 1 3\n"                  \
  "9 1 7 6 5 2 3 8 4\n6 4 3 7 8 1 9 5 2\n2 5 8 3 9 4 7 6 1\n"
#define HDU_ROWS_2_TO_9                                                        \
  "? 6 5 2 ? 7 1 ? 4\n? ? 8 5 1 3 6 7 2\n9 2 4 ? 5 6 ? 3 7\n"                  \
  "5 ? 6 ? ? ? 2 4 1\n1 ? 3 7 2 ? 9 ? 5\n? ? 1 9 7 5 4 8 6\n"                  \
  "6 ? 7 8 3 ? 5 1 9\n8 5 9 ? 4 ? ? 2 3\n"
#define HDU_IN "7 1 2 ? 6 ? 3 5 8\n" HDU_ROWS_2_TO_9
#define HDU_IN2 "? 1 2 ? 6 ? 3 5 8\n" HDU_ROWS_2_TO_9
#define HDU_OUT                                                                \
  "7 1 2 4 6 9 3 5 8\n3 6 5 2 8 7 1 9 4\n4 9 8 5 1 3 6 7 2\n"                  \
  "9 2 4 1 5 6 8 3 7\n5 7 6 3 9 8 2 4 1\n1 8 3 7 2 4 9 6 5\n"                  \
  "2 3 1 9 7 5 4 8 6\n6 4 7 8 3 2 5 1 9\n8 5 9 6 4 1 7 2 3\n"
#define BOJ_LINE                                                               \
  ".354692787821.56.9.6.278135321.468978.49135.659682.413917652.8.6.37.1952"   \
  "25839476."
#define HDU_LINE                                                               \
  "712.6.358.652.71.4..8513672924.56.375.6...2411.372.9.5..19754866.783.519"   \
  "859.4..23"
#define HDU_LINE2                                                              \
  ".12.6.358.652.71.4..8513672924.56.375.6...2411.372.9.5..19754866.783.519"   \
  "859.4..23"

/* Generated grids: value ((r % br) * bc + r / br + c) % n + 1, blank where
 * (7r + 3c) % 5 == 0. Their line format: */
#define LINE_12                                                                \
  ".2345.789A.C5.789A.C123.9A.C123.5678234.6789.BC16789.BC12.45.BC12.4567"     \
  ".93.5678.ABC1.78.ABC1.3456BC1.3456.89A4567.9ABC.23.9ABC.2345.7C.2345.7"     \
  "89A."
#define LINE_16                                                                \
  ".2345.789A.CDEF.5.789A.CDEF.12349A.CDEF.1234.678DEF.1234.6789.BC2345.7"     \
  "89A.CDEF.1.789A.CDEF.1234.A.CDEF.1234.6789EF.1234.6789.BCD345.789A.CDE"     \
  "F.12789A.CDEF.1234.6.CDEF.1234.6789.F.1234.6789.BCDE45.789A.CDEF.12389"     \
  "A.CDEF.1234.67CDEF.1234.6789.B.1234.6789.BCDE."
#define LINE_25                                                                \
  ".2345.789A.CDEF.HIJK.MNOP6.89AB.DEFG.IJKL.NOP1.345BC.EFGH.JKLM.OP12.45"     \
  "67.9AGHI.KLMN.P123.5678.ABCD.FLMNO.1234.6789.BCDE.GHIJ..3456.89AB.DEFG"     \
  ".IJKL.NOP17.9ABC.EFGH.JKLM.OP12.456CD.FGHI.KLMN.P123.5678.ABHIJ.LMNO.1"     \
  "234.6789.BCDE.GMNOP.2345.789A.CDEF.HIJK..4567.9ABC.EFGH.JKLM.OP128.ABC"     \
  "D.FGHI.KLMN.P123.567DE.GHIJ.LMNO.1234.6789.BCIJK.MNOP.2345.789A.CDEF.H"     \
  "NOP1.3456.89AB.DEFG.IJKL..5678.ABCD.FGHI.KLMN.P1239.BCDE.GHIJ.LMNO.123"     \
  "4.678EF.HIJK.MNOP.2345.789A.CDJKL.NOP1.3456.89AB.DEFG.IOP12.4567.9ABC."     \
  "EFGH.JKLM..6789.BCDE.GHIJ.LMNO.1234A.CDEF.HIJK.MNOP.2345.789FG.IJKL.NO"     \
  "P1.3456.89AB.DEKLM.OP12.4567.9ABC.EFGH.JP123.5678.ABCD.FGHI.KLMN."

/* A token of 1000 digits. */
#define D10 "1234567890"
#define D100 D10 D10 D10 D10 D10 D10 D10 D10 D10 D10
#define D1000 D100 D100 D100 D100 D100 D100 D100 D100 D100 D100

/* ---- Helpers ----------------------------------------------------------- */

/* Reads every puzzle of text and appends each one's line format to out.
 * Returns the number of puzzles, or -1 at the first error. */
static int read_all(const char *text, size_t len, char *out, size_t cap,
                    struct sudoku_text_error *err, sudoku_grid *first) {
  struct sudoku_reader r;
  sudoku_grid g;
  size_t used = 0;
  int count = 0, got;
  out[0] = '\0';
  sudoku_reader_init(&r, text, len);
  while ((got = sudoku_read_next(&r, &g, err)) == 1) {
    if (count++ == 0 && first != NULL)
      *first = g;
    used += sudoku_write_line(&g, out + used, cap - used);
    ck_assert_uint_lt(used, cap);
    ck_assert_uint_eq(r.puzzles, (unsigned)count);
  }
  if (got < 0)
    return -1;
  ck_assert_int_eq(sudoku_read_next(&r, &g, err), 0); /* the end stays */
  return count;
}

/* The whole file, NUL-terminated, or NULL when it cannot be read. */
static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL)
    return NULL;
  size_t cap = 4096, n = 0, got;
  char *buf = malloc(cap);
  while (buf != NULL && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
    n += got;
    if (cap - n - 1 == 0) {
      char *bigger = realloc(buf, cap *= 2);
      if (bigger == NULL)
        free(buf);
      buf = bigger;
    }
  }
  fclose(f);
  if (buf != NULL)
    buf[n] = '\0';
  *len = n;
  return buf;
}

/* ---- Symbols ----------------------------------------------------------- */

static const struct {
  char c;
  int value;
} symbols[] = {
    {'1', 1},  {'9', 9},  {'A', 10},  {'G', 16},        {'P', 25}, {'Z', 35},
    {'a', 10}, {'p', 25}, {'z', 35},  {'0', 0},         {'.', 0},  {'?', 0},
    {'_', 0},  {'*', 0},  {'x', 33},  {' ', -1},        {'-', -1}, {'|', -1},
    {'=', -1}, {'#', -1}, {'\0', -1}, {(char)0xC3, -1},
};

START_TEST(symbol_values) {
  ck_assert_int_eq(sudoku_symbol_value(symbols[_i].c), symbols[_i].value);
}
END_TEST

/* ---- What the reader accepts ------------------------------------------- */

static const struct accept_case {
  const char *name;
  const char *text;
  size_t len;
  int puzzles;
  int n, box_rows, box_cols; /* of the first puzzle */
  const char *lines;         /* sudoku_write_line of every puzzle */
} accepts[] = {
    {"one 81-symbol line, '.' blanks", TXT(WIKI_LINE "\n"), 1, 9, 3, 3,
     WIKI_LINE "\n"},
    {"one 81-symbol line, '0' blanks, no final newline", TXT(WIKI_LINE_0), 1, 9,
     3, 3, WIKI_LINE "\n"},
    {"'?', '_' and '*' are blanks too, letters any case",
     TXT("53?_7*...6..195....98....6.8...6...34..8.3..17...2...6.6....28....4"
         "19..5....8..79\n"),
     1, 9, 3, 3, WIKI_LINE "\n"},
    {"rows of symbols", TXT(WIKI_ROWS), 1, 9, 3, 3, WIKI_LINE "\n"},
    {"rows in groups of three",
     TXT("53. .7. ...\n6.. 195 ...\n.98 ... .6.\n8.. .6. ..3\n4.. 8.3 ..1\n"
         "7.. .2. ..6\n.6. ... 28.\n... 419 ..5\n... .8. .79\n"),
     1, 9, 3, 3, WIKI_LINE "\n"},
    {"decorated grid: borders, '|' and spaced cells",
     TXT("+-------+-------+-------+\n"
         "| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n"
         "| . 9 8 | . . . | . 6 . |\n+-------+-------+-------+\n"
         "| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n"
         "| 7 . . | . 2 . | . . 6 |\n+-------+-------+-------+\n"
         "| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n"
         "| . . . | . 8 . | . 7 9 |\n+-------+-------+-------+\n"),
     1, 9, 3, 3, WIKI_LINE "\n"},
    {"decorated groups: '|' between, '-', '+' and '=' rules",
     TXT("53.|.7.|...\n6..|195|...\n.98|...|.6.\n---+---+---\n8..|.6.|..3\n"
         "4..|8.3|..1\n7..|.2.|..6\n===========\n.6.|...|28.\n...|419|..5\n"
         "...|.8.|.79\n"),
     1, 9, 3, 3, WIKI_LINE "\n"},
    {"Baekjoon rows with CRLF, last line without newline",
     TXT("0 3 5 4 6 9 2 7 8\r\n7 8 2 1 0 5 6 0 9\r\n0 6 0 2 7 8 1 3 5\r\n"
         "3 2 1 0 4 6 8 9 7\r\n8 0 4 9 1 3 5 0 6\r\n5 9 6 8 2 0 4 1 3\r\n"
         "9 1 7 6 5 2 0 8 0\r\n6 0 3 7 0 1 9 5 2\r\n2 5 8 3 9 4 7 6 0"),
     1, 9, 3, 3, BOJ_LINE "\n"},
    {"UTF-8 byte order mark, then a line", TXT("\xEF\xBB\xBF" WIKI_LINE "\n"),
     1, 9, 3, 3, WIKI_LINE "\n"},
    {"tabs and trailing whitespace",
     TXT("\t53..7....  \n6..195...\t\n .98....6.\n8...6...3\n4..8.3..1\n"
         "7...2...6\n.6....28.\n...419..5\n....8..79 \t \n"),
     1, 9, 3, 3, WIKI_LINE "\n"},
    {"several 81-symbol lines, blank lines anywhere",
     TXT("\n" WIKI_LINE "\n" BOJ_LINE "\n\n  \n" HDU_LINE "\n\n"), 3, 9, 3, 3,
     WIKI_LINE "\n" BOJ_LINE "\n" HDU_LINE "\n"},
    {"Baekjoon grids one after another, no blank line", TXT(BOJ_IN BOJ_IN), 2,
     9, 3, 3, BOJ_LINE "\n" BOJ_LINE "\n"},
    {"HDU grids between whitespace-only lines",
     TXT(" \n" HDU_IN "\t\n\r\n" HDU_IN2 "\n"), 2, 9, 3, 3,
     HDU_LINE "\n" HDU_LINE2 "\n"},
    {"grids in different layouts in one text",
     TXT(WIKI_ROWS "\n" BOJ_LINE "\n" HDU_IN), 3, 9, 3, 3,
     WIKI_LINE "\n" BOJ_LINE "\n" HDU_LINE "\n"},
    {"4x4 in rows", TXT("1 . 3 4\n3 4 . 2\n2 1 4 .\n. 3 2 1\n"), 1, 4, 2, 2,
     "1.3434.2214..321\n"},
    {"6x6 in rows: 2x3 boxes",
     TXT(".2345.\n4.6123\n23.561\n561.34\n3456.2\n.1234.\n"), 1, 6, 2, 3,
     ".2345.4.612323.561561.343456.2.1234.\n"},
    {"6x6 on one line (36 symbols)",
     TXT(".2345.4.612323.561561.343456.2.1234.\n"), 1, 6, 2, 3,
     ".2345.4.612323.561561.343456.2.1234.\n"},
    {"6x6 decorated, integer tokens with leading zeros",
     TXT("+----------+----------+\n| 00 02 03 | 04 05 00 |\n"
         "| 04 00 06 | 01 02 03 |\n+----------+----------+\n"
         "| 02 03 00 | 05 06 01 |\n| 05 06 01 | 00 03 04 |\n"
         "+----------+----------+\n| 03 04 05 | 06 00 02 |\n"
         "| 00 01 02 | 03 04 00 |\n+----------+----------+\n"),
     1, 6, 2, 3, ".2345.4.612323.561561.343456.2.1234.\n"},
    {"12x12 integer tokens: 3x4 boxes",
     TXT("0 2 3 4 5 0 7 8 9 10 0 12\n5 0 7 8 9 10 0 12 1 2 3 0\n"
         "9 10 0 12 1 2 3 0 5 6 7 8\n2 3 4 0 6 7 8 9 0 11 12 1\n"
         "6 7 8 9 0 11 12 1 2 0 4 5\n0 11 12 1 2 0 4 5 6 7 0 9\n"
         "3 0 5 6 7 8 0 10 11 12 1 0\n7 8 0 10 11 12 1 0 3 4 5 6\n"
         "11 12 1 0 3 4 5 6 0 8 9 10\n4 5 6 7 0 9 10 11 12 0 2 3\n"
         "0 9 10 11 12 0 2 3 4 5 0 7\n12 0 2 3 4 5 0 7 8 9 10 0\n"),
     1, 12, 3, 4, LINE_12 "\n"},
    {"12x12 symbols, letters for 10..12",
     TXT(".2345.789A.C\n5.789A.C123.\n9A.C123.5678\n234.6789.BC1\n"
         "6789.BC12.45\n.BC12.4567.9\n3.5678.ABC1.\n78.ABC1.3456\n"
         "BC1.3456.89A\n4567.9ABC.23\n.9ABC.2345.7\nC.2345.789A.\n"),
     1, 12, 3, 4, LINE_12 "\n"},
    {"12x12 on one line as 144 integer tokens",
     TXT("0 2 3 4 5 0 7 8 9 10 0 12 5 0 7 8 9 10 0 12 1 2 3 0 9 10 0 12 1 2 3 "
         "0 5 6 7 8 2 3 4 0 6 7 8 9 0 11 12 1 6 7 8 9 0 11 12 1 2 0 4 5 0 11 "
         "12 1 2 0 4 5 6 7 0 9 3 0 5 6 7 8 0 10 11 12 1 0 7 8 0 10 11 12 1 0 "
         "3 4 5 6 11 12 1 0 3 4 5 6 0 8 9 10 4 5 6 7 0 9 10 11 12 0 2 3 0 9 "
         "10 11 12 0 2 3 4 5 0 7 12 0 2 3 4 5 0 7 8 9 10 0\n"),
     1, 12, 3, 4, LINE_12 "\n"},
    {"16x16 integer tokens: 4x4 boxes",
     TXT("0 2 3 4 5 0 7 8 9 10 0 12 13 14 15 0\n"
         "5 0 7 8 9 10 0 12 13 14 15 0 1 2 3 4\n"
         "9 10 0 12 13 14 15 0 1 2 3 4 0 6 7 8\n"
         "13 14 15 0 1 2 3 4 0 6 7 8 9 0 11 12\n"
         "2 3 4 5 0 7 8 9 10 0 12 13 14 15 0 1\n"
         "0 7 8 9 10 0 12 13 14 15 0 1 2 3 4 0\n"
         "10 0 12 13 14 15 0 1 2 3 4 0 6 7 8 9\n"
         "14 15 0 1 2 3 4 0 6 7 8 9 0 11 12 13\n"
         "3 4 5 0 7 8 9 10 0 12 13 14 15 0 1 2\n"
         "7 8 9 10 0 12 13 14 15 0 1 2 3 4 0 6\n"
         "0 12 13 14 15 0 1 2 3 4 0 6 7 8 9 0\n"
         "15 0 1 2 3 4 0 6 7 8 9 0 11 12 13 14\n"
         "4 5 0 7 8 9 10 0 12 13 14 15 0 1 2 3\n"
         "8 9 10 0 12 13 14 15 0 1 2 3 4 0 6 7\n"
         "12 13 14 15 0 1 2 3 4 0 6 7 8 9 0 11\n"
         "0 1 2 3 4 0 6 7 8 9 0 11 12 13 14 0\n"),
     1, 16, 4, 4, LINE_16 "\n"},
    {"16x16 symbols 1-9 A-G",
     TXT(".2345.789A.CDEF.\n5.789A.CDEF.1234\n9A.CDEF.1234.678\n"
         "DEF.1234.6789.BC\n2345.789A.CDEF.1\n.789A.CDEF.1234.\n"
         "A.CDEF.1234.6789\nEF.1234.6789.BCD\n345.789A.CDEF.12\n"
         "789A.CDEF.1234.6\n.CDEF.1234.6789.\nF.1234.6789.BCDE\n"
         "45.789A.CDEF.123\n89A.CDEF.1234.67\nCDEF.1234.6789.B\n"
         ".1234.6789.BCDE.\n"),
     1, 16, 4, 4, LINE_16 "\n"},
    {"16x16 lower-case symbols",
     TXT(".2345.789a.cdef.\n5.789a.cdef.1234\n9a.cdef.1234.678\n"
         "def.1234.6789.bc\n2345.789a.cdef.1\n.789a.cdef.1234.\n"
         "a.cdef.1234.6789\nef.1234.6789.bcd\n345.789a.cdef.12\n"
         "789a.cdef.1234.6\n.cdef.1234.6789.\nf.1234.6789.bcde\n"
         "45.789a.cdef.123\n89a.cdef.1234.67\ncdef.1234.6789.b\n"
         ".1234.6789.bcde.\n"),
     1, 16, 4, 4, LINE_16 "\n"},
    {"25x25 on one line (625 symbols)", TXT(LINE_25 "\n"), 1, 25, 5, 5,
     LINE_25 "\n"},
    {"16 symbols on a line are a whole 4x4 puzzle", TXT("1234341221434321\n"),
     1, 4, 2, 2, "1234341221434321\n"},
    {"judge rows of an empty 16x16 (separated cells: rows, not 4x4s)",
     TXT("0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
         "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
         "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
         "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
         "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
         "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
         "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
         "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"),
     1, 16, 4, 4,
     "................................................................"
     "................................................................"
     "................................................................"
     "................................................................\n"},
    {"4x4 puzzles one a line", TXT("1...............\n....3..........2\n"), 2,
     4, 2, 2, "1...............\n....3..........2\n"},
    {"a 16x16 whose first row holds only 1-4 (the next row decides)",
     TXT("1234............\n5.789a.cdef.1234\n9a.cdef.1234.678\n"
         "def.1234.6789.bc\n2345.789a.cdef.1\n.789a.cdef.1234.\n"
         "a.cdef.1234.6789\nef.1234.6789.bcd\n345.789a.cdef.12\n"
         "789a.cdef.1234.6\n.cdef.1234.6789.\nf.1234.6789.bcde\n"
         "45.789a.cdef.123\n89a.cdef.1234.67\ncdef.1234.6789.b\n"
         ".1234.6789.bcde.\n"),
     1, 16, 4, 4,
     "1234............5.789A.CDEF.12349A.CDEF.1234.678DEF.1234.6789.BC"
     "2345.789A.CDEF.1.789A.CDEF.1234.A.CDEF.1234.6789EF.1234.6789.BCD"
     "345.789A.CDEF.12789A.CDEF.1234.6.CDEF.1234.6789.F.1234.6789.BCDE"
     "45.789A.CDEF.12389A.CDEF.1234.67CDEF.1234.6789.B.1234.6789.BCDE.\n"},
};

START_TEST(reader_accepts) {
  const struct accept_case *c = &accepts[_i];
  static char out[8192];
  struct sudoku_text_error err = {0, 0, 0, ""};
  sudoku_grid first;
  int got = read_all(c->text, c->len, out, sizeof out, &err, &first);
  ck_assert_msg(got == c->puzzles, "%s: got %d puzzles (%s)", c->name, got,
                err.message);
  ck_assert_int_eq(first.n, c->n);
  ck_assert_int_eq(first.box_rows, c->box_rows);
  ck_assert_int_eq(first.box_cols, c->box_cols);
  ck_assert_str_eq(out, c->lines);
}
END_TEST

/* Texts holding no puzzle: the reader ends at once, without an error. */
static const struct {
  const char *text;
  size_t len;
} empties[] = {
    {TXT("")},
    {TXT("\n\n\n")},
    {TXT(" \t\r\n\r\n  ")},
    {TXT("\xEF\xBB\xBF")},
    {TXT("\xEF\xBB\xBF\r\n")},
    {TXT("+---+---+\n|   |   |\n=========\n - \n")},
};

START_TEST(reader_ends_on_blank_text) {
  struct sudoku_reader r;
  sudoku_grid g;
  sudoku_reader_init(&r, empties[_i].text, empties[_i].len);
  ck_assert_int_eq(sudoku_read_next(&r, &g, NULL), 0);
  ck_assert_int_eq(sudoku_read_next(&r, &g, NULL), 0);
  ck_assert_uint_eq(r.puzzles, 0);
}
END_TEST

START_TEST(reader_counts_lines_and_puzzles) {
  static const char text[] = "\r\n" BOJ_IN "\n\n" WIKI_LINE "\n";
  struct sudoku_reader r;
  sudoku_grid g;
  sudoku_reader_init(&r, text, sizeof text - 1);
  ck_assert_int_eq(sudoku_read_next(&r, &g, NULL), 1);
  ck_assert_uint_eq(r.line, 11); /* just past the last row, line 10 */
  ck_assert_int_eq(sudoku_read_next(&r, &g, NULL), 1);
  ck_assert_uint_eq(r.line, 14);
  ck_assert_uint_eq(r.puzzles, 2);
  ck_assert_uint_eq(r.pos, sizeof text - 1);
  ck_assert_int_eq(sudoku_read_next(&r, &g, NULL), 0);
}
END_TEST

START_TEST(reader_takes_no_terminator_on_trust) {
  /* The length ends the text, not a NUL: a line cut short is short. */
  struct sudoku_reader r;
  sudoku_grid g;
  struct sudoku_text_error err;
  sudoku_reader_init(&r, WIKI_LINE "\n" WIKI_LINE, 81 + 1 + 80);
  ck_assert_int_eq(sudoku_read_next(&r, &g, &err), 1);
  ck_assert_int_eq(sudoku_read_next(&r, &g, &err), -1);
  ck_assert_str_eq(err.message, "puzzle 2: expected 81 cells, got 80 (line "
                                "2: a whole 9x9 puzzle on one line)");
}
END_TEST

/* ---- Judge samples: read, then written back byte for byte -------------- */

static const struct judge_sample {
  const char *stem; /* in SHARED_CORPUS_DIR "/judge" */
  const char *in, *out;
  int puzzles;
} judge_samples[] = {
    {"boj2580", BOJ_IN, BOJ_OUT, 1},
    {"hdu1426", HDU_IN, HDU_OUT, 1},
    {"hdu1426_2cases", HDU_IN "\n" HDU_IN2, HDU_OUT "\n" HDU_OUT, 2},
};

/* The sample's file when ../shared is there, else the embedded copy. */
static char *judge_text(const char *stem, const char *ext, const char *copy,
                        size_t *len) {
  char path[256];
  snprintf(path, sizeof path, "%s/judge/%s.%s", SHARED_CORPUS_DIR, stem, ext);
  char *text = slurp(path, len);
  if (text == NULL) {
    *len = strlen(copy);
    text = malloc(*len + 1);
    ck_assert_ptr_nonnull(text);
    memcpy(text, copy, *len + 1);
  }
  return text;
}

/* Writes every puzzle of text as judge text, one empty line between. */
static size_t rewrite_judge(const char *text, size_t len, char *out, size_t cap,
                            sudoku_grid *grids, int max) {
  struct sudoku_reader r;
  struct sudoku_text_error err = {0, 0, 0, ""};
  size_t used = 0;
  int count = 0;
  sudoku_reader_init(&r, text, len);
  while (count < max && sudoku_read_next(&r, &grids[count], &err) == 1) {
    if (count > 0)
      out[used++] = '\n';
    used += sudoku_write_judge(&grids[count], out + used, cap - used);
    ck_assert_uint_lt(used, cap);
    count++;
  }
  ck_assert_msg(sudoku_read_next(&r, &grids[0], &err) == 0, "%s", err.message);
  out[used] = '\0';
  return used;
}

START_TEST(judge_samples_round_trip) {
  const struct judge_sample *s = &judge_samples[_i];
  size_t in_len, out_len;
  char *in = judge_text(s->stem, "in", s->in, &in_len);
  char *out = judge_text(s->stem, "out", s->out, &out_len);
  static char written[4096];
  sudoku_grid puzzles[2], solutions[2];

  /* The answers read and written again are the same bytes. */
  size_t got = rewrite_judge(out, out_len, written, sizeof written, solutions,
                             s->puzzles);
  ck_assert_uint_eq(got, out_len);
  ck_assert_mem_eq(written, out, out_len);

  /* The puzzles come back with every '?' written as 0. */
  for (size_t i = 0; i < in_len; i++)
    if (in[i] == '?')
      in[i] = '0';
  got = rewrite_judge(in, in_len, written, sizeof written, puzzles, s->puzzles);
  ck_assert_uint_eq(got, in_len);
  ck_assert_mem_eq(written, in, in_len);

  for (int p = 0; p < s->puzzles; p++)
    ck_assert(sudoku_is_solution(&puzzles[p], &solutions[p]));
  free(in);
  free(out);
}
END_TEST

/* ---- Round trips at every side with a box shape ------------------------ */

static const int sides[] = {4,  6,  8,  9,  10, 12, 14, 15,
                            16, 18, 20, 21, 22, 24, 25};

/* The generated grid of the LINE_* macros, at any side. */
static void pattern(sudoku_grid *g, int n) {
  int br, bc;
  ck_assert(sudoku_box_shape(n, &br, &bc));
  ck_assert_int_eq(sudoku_grid_init(g, br, bc), SUDOKU_OK);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      g->cell[r * n + c] =
          (7 * r + 3 * c) % 5 == 0
              ? 0
              : (uint8_t)(((r % br) * bc + r / br + c) % n + 1);
}

static void assert_same_grid(const sudoku_grid *a, const sudoku_grid *b) {
  ck_assert_int_eq(a->n, b->n);
  ck_assert_int_eq(a->box_rows, b->box_rows);
  ck_assert_int_eq(a->box_cols, b->box_cols);
  ck_assert_mem_eq(a->cell, b->cell, (size_t)a->n * a->n);
}

START_TEST(judge_text_round_trips) {
  char buf[SUDOKU_TEXT_MAX];
  sudoku_grid g, back;
  struct sudoku_reader r;
  struct sudoku_text_error err = {0, 0, 0, ""};
  pattern(&g, sides[_i]);
  size_t len = sudoku_write_judge(&g, buf, sizeof buf);
  ck_assert_uint_lt(len, sizeof buf);
  sudoku_reader_init(&r, buf, len);
  ck_assert_msg(sudoku_read_next(&r, &back, &err) == 1, "%s", err.message);
  assert_same_grid(&g, &back);
}
END_TEST

START_TEST(line_format_round_trips) {
  char buf[SUDOKU_TEXT_MAX];
  sudoku_grid g, back;
  struct sudoku_reader r;
  struct sudoku_text_error err = {0, 0, 0, ""};
  pattern(&g, sides[_i]);
  size_t len = sudoku_write_line(&g, buf, sizeof buf);
  ck_assert_uint_eq(len, (size_t)g.n * g.n + 1);
  sudoku_reader_init(&r, buf, len);
  int got = sudoku_read_next(&r, &back, &err);
  ck_assert_msg(got == 1, "%s", err.message);
  assert_same_grid(&g, &back);
}
END_TEST

/* ---- What the reader refuses, and how it says so ----------------------- */

static const struct reject_case {
  const char *name;
  const char *text;
  size_t len;
  int before; /* puzzles read before the error */
  uint32_t puzzle, line, column;
  const char *message;
} rejects[] = {
    {"a byte that is no symbol",
     TXT("53..7....\n6..195...\n.98#...6.\n8...6...3\n"), 0, 1, 3, 4,
     "line 3, column 4: '#' is not a digit or a blank"},
    {"a bad symbol among spaced cells",
     TXT("7 1 2 ? 6 ? 3 5 8\n? 6 5 2 ! 7 1 ? 4\n"), 0, 1, 2, 9,
     "line 2, column 9: '!' is not a digit or a blank"},
    {"letters are no symbols in grids up to 9x9",
     TXT("53..7....\n6..195...\n.98x...6.\n"), 0, 1, 3, 4,
     "line 3, column 4: 'x' is not a digit or a blank"},
    {"'=' inside a row", TXT("53=.7....\n"), 0, 1, 1, 3,
     "line 1, column 3: '=' is not a digit or a blank"},
    {"a quote is escaped", TXT("53'.7....\n"), 0, 1, 1, 3,
     "line 1, column 3: '\\'' is not a digit or a blank"},
    {"a NUL byte is a byte, not the end",
     TXT("53..7\0...6..195....98....6.8...6...34..8.3..17...2...6.6....28...."
         "419..5....8..79\n"),
     0, 1, 1, 6, "line 1, column 6: '\\x00' is not a digit or a blank"},
    {"a NUL byte in a later row",
     TXT("0 3 5 4 6 9 2 7 8\n7 8 2 1 \0 5 6 0 9\n"), 0, 1, 2, 9,
     "line 2, column 9: '\\x00' is not a digit or a blank"},
    {"a UTF-8 byte that is no BOM", TXT("53..7\xC3\xA9...\n"), 0, 1, 1, 6,
     "line 1, column 6: '\\xc3' is not a digit or a blank"},
    {"columns start after the BOM",
     TXT("\xEF\xBB\xBF"
         "53/\n"),
     0, 1, 1, 3, "line 1, column 3: '/' is not a digit or a blank"},
    {"lines count with CRLF", TXT("53..7....\r\n6..195...\r\n.9%....6.\r\n"), 0,
     1, 3, 3, "line 3, column 3: '%' is not a digit or a blank"},
    {"a letter in a 9x9 grid", TXT("53..7....\n6..195...\n....A....\n"), 0, 1,
     3, 5, "line 3, column 5: 'A' is not a digit or a blank"},
    {"a letter above the side of a 12x12 grid", TXT("123456789ABD\n"), 0, 1, 1,
     12, "line 1, column 12: 'D' (13) is larger than 12"},
    {"a digit above the side of a 6x6 grid", TXT("123457\n"), 0, 1, 1, 6,
     "line 1, column 6: '7' is larger than 6"},
    {"a letter above 16 in a 16x16 grid", TXT("123456789ABCDEFH\n"), 0, 1, 1,
     16, "line 1, column 16: 'H' (17) is larger than 16"},
    {"an integer above the side",
     TXT("0 3 5 4 6 9 2 7 8\n7 8 2 1 12 5 6 0 9\n"), 0, 1, 2, 9,
     "line 2, column 9: 12 is larger than 9"},
    {"an integer above 12 in a 12x12 grid",
     TXT("0 2 3 4 5 0 7 8 9 10 0 12\n5 0 7 8 9 10 0 13 1 2 3 0\n"), 0, 1, 2, 16,
     "line 2, column 16: 13 is larger than 12"},
    {"a token of 1000 digits",
     TXT("0 3 5 4 6 9 2 7 8\n" D1000 " 8 2 1 3 5 6 0 9\n"), 0, 1, 2, 1,
     "line 2, column 1: 1234567890123456... is larger than 9"},
    {"a token of 1000 digits opening a puzzle: 1008 symbols",
     TXT(D1000 " 8 2 1 3 5 6 0 9\n"), 0, 1, 1, 0,
     "puzzle 1: expected 625 cells, got 1008 (line 1: a whole 25x25 puzzle "
     "on one line)"},
    {"a short row",
     TXT("53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..\n"), 0, 1, 5, 0,
     "line 5: expected 9 cells in row 5 of puzzle 1, got 8"},
    {"a long row", TXT("0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9 1\n"), 0, 1, 2, 0,
     "line 2: expected 9 cells in row 2 of puzzle 1, got 10"},
    {"a short row of integers counts tokens",
     TXT("0 2 3 4 5 0 7 8 9 10 0 12\n5 0 7 8 9 10 0 12 1 2 3\n"), 0, 1, 2, 0,
     "line 2: expected 12 cells in row 2 of puzzle 1, got 11"},
    {"a whole line where a row should be", TXT("53..7....\n" WIKI_LINE "\n"), 0,
     1, 2, 0, "line 2: expected 9 cells in row 2 of puzzle 1, got 81"},
    {"a line of 80 symbols",
     TXT("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....41"
         "9..5....8..7\n"),
     0, 1, 1, 0,
     "puzzle 1: expected 81 cells, got 80 (line 1: a whole 9x9 puzzle on "
     "one line)"},
    {"the second of two lines has 82 symbols",
     TXT(WIKI_LINE "\n" WIKI_LINE "9\n"), 1, 2, 2, 0,
     "puzzle 2: expected 81 cells, got 82 (line 2: a whole 9x9 puzzle on "
     "one line)"},
    {"a line of 30 symbols", TXT("53..7....6..195....98....6.8..\n"), 0, 1, 1,
     0,
     "line 1: a line of 30 cells: too long for a row (at most 25) and too "
     "short for a whole puzzle (at least 36)"},
    {"a prime side", TXT("1 2 3 4 5 6 7\n"), 0, 1, 1, 0,
     "line 1: a row of 7 cells: 7x7 grids have no box shape"},
    {"a side below 4", TXT("\n\n1 2 3\n"), 0, 1, 3, 0,
     "line 3: a row of 3 cells: the smallest grid is 4x4"},
    {"one cell", TXT("5\n"), 0, 1, 1, 0,
     "line 1: a row of 1 cell: the smallest grid is 4x4"},
    {"a blank line inside the second puzzle",
     TXT(BOJ_IN "\n"
                "? 6 5 2 ? 7 1 ? 4\n? ? 8 5 1 3 6 7 2\n"
                "9 2 4 ? 5 6 ? 3 7\n5 ? 6 ? ? ? 2 4 1\n1 ? 3 7 2 ? 9 ? 5\n\n"
                "? ? 1 9 7 5 4 8 6\n"),
     1, 2, 16, 0,
     "puzzle 2: expected 81 cells, got 45 (line 16 is blank after 5 of 9 "
     "rows)"},
    {"the end of the text inside a puzzle",
     TXT("53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n"
         ".6....28.\n...419..5\n"),
     0, 1, 0, 0,
     "puzzle 1: expected 81 cells, got 72 (the input ends after 8 of 9 "
     "rows)"},
    {"a minus sign before a digit is no decoration",
     TXT("-1 3 5 4 6 9 2 7 8\n"), 0, 1, 1, 1,
     "line 1, column 1: '-' before a digit: cells are 0..n, never negative"},
    {"a minus sign inside a row", TXT("0 3 5 4 6 9 2 7 -8\n"), 0, 1, 1, 17,
     "line 1, column 17: '-' before a digit: cells are 0..n, never "
     "negative"},
};

START_TEST(reader_rejects) {
  const struct reject_case *c = &rejects[_i];
  struct sudoku_reader r;
  struct sudoku_text_error err = {0, 0, 0, ""};
  sudoku_grid g;
  sudoku_reader_init(&r, c->text, c->len);
  for (int i = 0; i < c->before; i++)
    ck_assert_int_eq(sudoku_read_next(&r, &g, &err), 1);
  ck_assert_msg(sudoku_read_next(&r, &g, &err) == -1, "%s: accepted", c->name);
  ck_assert_str_eq(err.message, c->message);
  ck_assert_uint_eq(err.puzzle, c->puzzle);
  ck_assert_uint_eq(err.line, c->line);
  ck_assert_uint_eq(err.column, c->column);

  /* err may be NULL: the same answer, nothing written. */
  sudoku_reader_init(&r, c->text, c->len);
  for (int i = 0; i < c->before; i++)
    ck_assert_int_eq(sudoku_read_next(&r, &g, NULL), 1);
  ck_assert_int_eq(sudoku_read_next(&r, &g, NULL), -1);
}
END_TEST

/* ---- Writers ----------------------------------------------------------- */

static const struct write_case {
  const char *name;
  const char *in; /* read with the reader */
  const char *judge, *line;
} writes[] = {
    {"9x9: blanks as 0, one space, no trailing space", WIKI_LINE,
     "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n"
     "8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n"
     "0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 9\n",
     WIKI_LINE "\n"},
    {"4x4", "1.34\n34.2\n214.\n.321\n", "1 0 3 4\n3 4 0 2\n2 1 4 0\n0 3 2 1\n",
     "1.3434.2214..321\n"},
    {"12x12: numbers above 9 in decimal, letters in the line format",
     ".2345.789A.C\n5.789A.C123.\n9A.C123.5678\n234.6789.BC1\n"
     "6789.BC12.45\n.BC12.4567.9\n3.5678.ABC1.\n78.ABC1.3456\n"
     "BC1.3456.89A\n4567.9ABC.23\n.9ABC.2345.7\nC.2345.789A.\n",
     "0 2 3 4 5 0 7 8 9 10 0 12\n5 0 7 8 9 10 0 12 1 2 3 0\n"
     "9 10 0 12 1 2 3 0 5 6 7 8\n2 3 4 0 6 7 8 9 0 11 12 1\n"
     "6 7 8 9 0 11 12 1 2 0 4 5\n0 11 12 1 2 0 4 5 6 7 0 9\n"
     "3 0 5 6 7 8 0 10 11 12 1 0\n7 8 0 10 11 12 1 0 3 4 5 6\n"
     "11 12 1 0 3 4 5 6 0 8 9 10\n4 5 6 7 0 9 10 11 12 0 2 3\n"
     "0 9 10 11 12 0 2 3 4 5 0 7\n12 0 2 3 4 5 0 7 8 9 10 0\n",
     LINE_12 "\n"},
};

static void read_one(const char *text, sudoku_grid *g) {
  struct sudoku_reader r;
  struct sudoku_text_error err = {0, 0, 0, ""};
  sudoku_reader_init(&r, text, strlen(text));
  ck_assert_msg(sudoku_read_next(&r, g, &err) == 1, "%s", err.message);
}

START_TEST(writers_write_exact_bytes) {
  const struct write_case *c = &writes[_i];
  char buf[SUDOKU_TEXT_MAX];
  sudoku_grid g;
  read_one(c->in, &g);
  ck_assert_uint_eq(sudoku_write_judge(&g, buf, sizeof buf), strlen(c->judge));
  ck_assert_str_eq(buf, c->judge);
  ck_assert_uint_eq(sudoku_write_line(&g, buf, sizeof buf), strlen(c->line));
  ck_assert_str_eq(buf, c->line);
}
END_TEST

/* Like snprintf: the full length is returned whatever cap is; the first
 * cap - 1 bytes and a NUL are stored; nothing at or past cap is touched. */
static const size_t caps[] = {0, 1, 2, 17, 81, 82, 83, 161, 162, 163};

START_TEST(writers_respect_cap) {
  sudoku_grid g;
  read_one(WIKI_LINE, &g);
  char full[SUDOKU_TEXT_MAX], buf[SUDOKU_TEXT_MAX + 8];
  size_t (*const writers[])(const sudoku_grid *, char *,
                            size_t) = {sudoku_write_judge, sudoku_write_line};
  for (size_t w = 0; w < 2; w++) {
    size_t cap = caps[_i];
    size_t len = writers[w](&g, full, sizeof full);
    memset(buf, 0x7f, sizeof buf);
    ck_assert_uint_eq(writers[w](&g, buf, cap), len);
    size_t kept = cap == 0 ? 0 : (cap - 1 < len ? cap - 1 : len);
    ck_assert_mem_eq(buf, full, kept);
    if (cap > 0)
      ck_assert_int_eq(buf[kept], '\0');
    for (size_t i = cap; i < sizeof buf; i++)
      ck_assert_int_eq(buf[i], 0x7f);
  }
  /* With cap 0, buf is never touched and may be NULL. */
  ck_assert_uint_eq(sudoku_write_judge(&g, NULL, 0), 162);
  ck_assert_uint_eq(sudoku_write_line(&g, NULL, 0), 82);
}
END_TEST

START_TEST(text_max_holds_the_widest_grid) {
  sudoku_grid g;
  char buf[SUDOKU_TEXT_MAX];
  ck_assert_int_eq(sudoku_grid_init(&g, 5, 5), SUDOKU_OK);
  memset(g.cell, 25, sizeof g.cell);
  /* 25 rows of 25 two-digit numbers, 24 spaces and a newline. */
  ck_assert_uint_eq(sudoku_write_judge(&g, buf, sizeof buf), 25 * 75);
  ck_assert_uint_eq(sudoku_write_line(&g, buf, sizeof buf), 626);
  ck_assert_uint_lt(25 * 75, SUDOKU_TEXT_MAX);
}
END_TEST

/* ---- The suite --------------------------------------------------------- */

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

Suite *format_suite(void) {
  Suite *s = suite_create("format");
  TCase *tc = tcase_create("symbols");
  tcase_add_loop_test(tc, symbol_values, 0, COUNT(symbols));
  suite_add_tcase(s, tc);

  tc = tcase_create("reader accepts");
  tcase_add_loop_test(tc, reader_accepts, 0, COUNT(accepts));
  tcase_add_loop_test(tc, reader_ends_on_blank_text, 0, COUNT(empties));
  tcase_add_test(tc, reader_counts_lines_and_puzzles);
  tcase_add_test(tc, reader_takes_no_terminator_on_trust);
  suite_add_tcase(s, tc);

  tc = tcase_create("judge samples");
  tcase_add_loop_test(tc, judge_samples_round_trip, 0, COUNT(judge_samples));
  suite_add_tcase(s, tc);

  tc = tcase_create("round trips");
  tcase_add_loop_test(tc, judge_text_round_trips, 0, COUNT(sides));
  tcase_add_loop_test(tc, line_format_round_trips, 0, COUNT(sides));
  suite_add_tcase(s, tc);

  tc = tcase_create("reader rejects");
  tcase_add_loop_test(tc, reader_rejects, 0, COUNT(rejects));
  suite_add_tcase(s, tc);

  tc = tcase_create("writers");
  tcase_add_loop_test(tc, writers_write_exact_bytes, 0, COUNT(writes));
  tcase_add_loop_test(tc, writers_respect_cap, 0, COUNT(caps));
  tcase_add_test(tc, text_max_holds_the_widest_grid);
  suite_add_tcase(s, tc);
  return s;
}
