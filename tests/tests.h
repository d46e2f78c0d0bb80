/* tests.h - the check suites, one per module, run by tests/check_main.c. */
#ifndef SUDOKU_TESTS_H
#define SUDOKU_TESTS_H

#include <check.h>

#include "sudoku.h"

Suite *grid_suite(void);   /* test_grid.c: shapes, validation, checker */
Suite *solve_suite(void);  /* test_solve.c: every size, limits, lexmin */
Suite *format_suite(void); /* test_format.c: readers, writers, errors */
Suite *cli_suite(void);    /* test_cli.c: build/sudoku, judge samples */
Suite *corpus_suite(void); /* test_corpus.c: tests/data and ../shared */

/* Directory of the committed samples and of the shared corpus. */
#define TEST_DATA_DIR "tests/data"
#define SHARED_CORPUS_DIR "../shared/corpus"

/* ---- Helpers shared by the suites (tests/util.c) ---- */

/* A solved grid of the given box shape, shuffled by seed (digits relabeled,
 * rows swapped within bands, columns within stacks): valid by
 * construction, checked by sudoku_is_solution in the tests. */
void test_solved_grid(sudoku_grid *g, int box_rows, int box_cols,
                      uint32_t seed);
/* Blanks cells of g at random until only `givens` remain. */
void test_blank_cells(sudoku_grid *g, int givens, uint32_t seed);
/* A 9x9 grid from an 81-character line ('.' or '0' blank); a shorter
 * string leaves the remaining cells blank. */
void test_grid_from_line(sudoku_grid *g, const char *line);
/* The grid as n*n digits/letters (no newline) into buf[SUDOKU_TEXT_MAX]. */
const char *test_grid_to_line(const sudoku_grid *g, char *buf);
/* Whole file into a malloc'd NUL-terminated buffer, NULL if absent. */
char *test_read_file(const char *path, size_t *len);

#endif
