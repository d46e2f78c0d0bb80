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

/*
 * Whether puzzle has a solution under r other than known (a solution of
 * it): 1 yes, that one into other[n*n]; 0 no (known is its only one); 2
 * not known within max_nodes search nodes (> 0); -1 at deadline_ns
 * (absolute core_now_ns time, 0 = none); -2 when r does not derive for
 * puzzle's shape. One search counting to 2 that keeps a solution other
 * than known: what the generator's uniqueness checks and its killer cage
 * refinement (which needs the cells where two solutions disagree) ask.
 * Stack: one search state, about 160 KiB at the largest side.
 */
int rules_other_solution(const sudoku_grid *puzzle, const sudoku_rules *r,
                         const sudoku_grid *known, uint64_t max_nodes,
                         uint64_t deadline_ns, uint8_t *other);

/* Fills p (when not NULL) with cell, unit and a printf-formatted message;
 * returns status, so that a check fails in one line. */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
enum sudoku_status
rules_fail(enum sudoku_status status, struct sudoku_rules_problem *p, int cell,
           int unit, const char *fmt, ...);

#endif
