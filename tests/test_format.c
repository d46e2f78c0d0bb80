/*
 * test_format.c - the text reader as a specification: every layout it
 * accepts (shown by what sudoku_write_line prints for it) and every way it
 * refuses (the exact message, puzzle, line and column). The judge samples
 * read and written back byte for byte, the round trips at every side and
 * the writers' snprintf contract are in test_format_write.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format_texts.h"
#include "tests.h"

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
     12,
     "line 1, column 12: 'D' is not a digit, a letter A-C (10-12) or a "
     "blank of a 12x12 puzzle"},
    {"a digit above the side of a 6x6 grid", TXT("123457\n"), 0, 1, 1, 6,
     "line 1, column 6: '7' is larger than 6"},
    {"a letter in a 10x10 grid (\"hello world\")", TXT("hello world\n"), 0, 1,
     1, 1,
     "line 1, column 1: 'h' is not a digit, A (10) or a blank of a 10x10 "
     "puzzle"},
    {"a letter above 16 in a 16x16 grid", TXT("123456789ABCDEFH\n"), 0, 1, 1,
     16,
     "line 1, column 16: 'H' is not a digit, a letter A-G (10-16) or a "
     "blank of a 16x16 puzzle"},
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
     "line 1: a line of 1008 cells: too long for a row (at most 25) and for "
     "a whole puzzle on one line (at most 625, 25x25)"},
    {"an 81-character puzzle cut into lines of 40 and 41",
     TXT("53..7....6..195....98....6.8...6...34..8\n"
         ".3..17...2...6.6....28....419..5....8..79\n"),
     0, 1, 1, 0,
     "line 1: a line of 40 cells: too long for a row (at most 25) and not a "
     "whole puzzle on one line (36 cells for 6x6, 64 for 8x8)"},
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

  format_write_tcases(s); /* judge samples, round trips, writers */

  tc = tcase_create("reader rejects");
  tcase_add_loop_test(tc, reader_rejects, 0, COUNT(rejects));
  suite_add_tcase(s, tc);
  return s;
}
