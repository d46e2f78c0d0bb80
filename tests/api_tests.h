/*
 * api_tests.h - what the api suite's two files share (test_api.c, the
 * request contract; test_api_refusals.c, refusals, limits and jobs): the
 * body types and api_test_handle, one request through the whole pipeline.
 */
#ifndef SUDOKU_TESTS_API_TESTS_H
#define SUDOKU_TESTS_API_TESTS_H

#include "../src/api/api.h"
#include "tests.h"

enum { J = API_BODY_JSON, T = API_BODY_TEXT, F = API_BODY_FORM, N = 3 };

/* Runs one request through the whole pipeline (parse, cost, run). type
 * picks the Content-Type (N: none); a form body gets "puzzle=" in front.
 * The caller frees *out with api_response_free. */
void api_test_handle(struct api_limits lim, int type, const char *body,
                     const char *accept, const char *format, const char *id,
                     struct api_response *out);

/* test_api_refusals.c: hostile bodies, conflicts, forms, limits, job
 * costs, content types and transport problems. */
void api_add_refusals(Suite *s);

/* test_api_variants.c: variant puzzles in JSON and text, their refusals,
 * and the logic under rules (/hint, /steps, /rate, /candidates) on a real
 * sudokud. */
void api_add_variants(Suite *s);

#endif
