/*
 * rules_internal.h - what the rules files of the core share: the derived
 * form's conflict listing (check.c), used by sudoku_rules_check and by
 * sudoku_solve_rules on a derived form it already holds.
 */
#ifndef SUDOKU_RULES_INTERNAL_H
#define SUDOKU_RULES_INTERNAL_H

#include "internal.h"
#include "sudoku_rules.h"

/* Lists the clashes of g's givens under r (derived into d) into
 * out[0..cap); returns how many there are (may exceed cap). */
size_t rules_conflicts(const sudoku_grid *g, const sudoku_rules *r,
                       const struct sudoku_rules_derived *d,
                       struct sudoku_rules_problem *out, size_t cap);

/* Fills p (when not NULL) with cell, unit and a printf-formatted message;
 * returns status, so that a check fails in one line. */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
enum sudoku_status
rules_fail(enum sudoku_status status, struct sudoku_rules_problem *p, int cell,
           int unit, const char *fmt, ...);

#endif
