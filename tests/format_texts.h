/*
 * format_texts.h - the texts the format tests share (test_format.c, the
 * reader; test_format_write.c, the writers and round trips): Wikipedia's
 * puzzle in three layouts, the judge samples, generated grids in the line
 * format. Macros only: each test file uses what it needs.
 */
#ifndef SUDOKU_TESTS_FORMAT_TEXTS_H
#define SUDOKU_TESTS_FORMAT_TEXTS_H

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

#endif
