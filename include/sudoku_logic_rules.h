/*
 * sudoku_logic_rules.h - sudoku_logic.h under a variant's rules
 * (sudoku_rules.h): the candidates, the next step, a hint, the path and the
 * rating of an X, windoku, jigsaw, killer, anti-knight, anti-king,
 * non-consecutive, odd-even or extra-regions puzzle, in the same step data
 * and on the same scale as the classic ones. With no extras (r NULL or
 * r->kinds 0) each function is its classic twin itself.
 *
 * How the rules enter the engine. The units are the derived form's (rows,
 * columns, boxes or jigsaw regions, diagonals, windows, extra regions), in
 * its order, so a step's unit index u names derived unit u ("diagonal 1",
 * "window 2", "region 4"); every technique runs on every unit. Two cells
 * "see" each other when the derived form makes them peers: unit mates, cage
 * mates, a knight's or king's move apart. Parity marks and non-consecutive
 * neighbours restrict the candidates (and each placement's neighbours lose
 * its consecutive digits). A technique that misses a constraint (a chain
 * that does not know non-consecutive) finds fewer steps, never an unsound
 * one: every deduction a finder makes from part of the rules holds under
 * all of them.
 *
 * Uniqueness techniques (unique rectangles, BUG) are off under any rules:
 * their argument is that swapping the values of a pattern gives a second
 * solution, which holds only when every constraint on the pattern's cells
 * survives the swap. A cage's sum, a diagonal or window holding one or
 * three of a rectangle's corners, a knight's move between two corners, a
 * non-consecutive neighbour or a parity mark each break it, and a jigsaw
 * region need not hold a rectangle's corners in pairs as boxes do.
 *
 * Killer techniques (rows of SUDOKU_TECHNIQUE_MAP; their place on SE's
 * scale follows SudokuWiki's killer strategy order, where cage
 * combinations and then innies and outies (the rule of 45) come right
 * after the singles, before the subsets):
 *   killer-combination 2.0  the digit sets a cage can still hold
 *                           (distinct digits, its sum, each cell's
 *                           candidates): every candidate in no such
 *                           assignment goes.
 *   rule-of-45         2.5  innies and outies of a row, column, box or
 *                           region, diagonal or window, or of 2..n-1
 *                           consecutive rows or columns: one cell left is
 *                           placed, two are a pair with a known sum (a
 *                           candidate with no partner goes).
 *   cage-unit-         2.7  a digit every assignment of a cage uses lies
 *   intersection            in the cells where some assignment puts it:
 *                           every cell outside the cage that sees them all
 *                           loses it (a cage inside a row points into the
 *                           row).
 * Deterministic: cages are tried in cell order of their first cell,
 * regions in unit order.
 *
 * Limits: a rules geometry of more units than the engine holds (3n + 8:
 * 25x25 windoku with extra regions) or a cell in more than five units is
 * refused with SUDOKU_BAD_SHAPE. Memory: each call holds the derived form
 * (some 70 KiB) and the logic state on its stack.
 */
#ifndef SUDOKU_LOGIC_RULES_H
#define SUDOKU_LOGIC_RULES_H

#include "sudoku_logic.h"
#include "sudoku_rules.h"

/* sudoku_candidates under r: values no peer holds, that parity allows and
 * that no non-consecutive neighbour excludes. Statuses also those of
 * sudoku_rules_check (BAD_SHAPE, BAD_VALUE, CONFLICT). */
enum sudoku_status sudoku_candidates_rules(const sudoku_grid *position,
                                           const sudoku_rules *r,
                                           uint32_t cand[SUDOKU_MAX_CELLS]);

/* sudoku_next_step under r (the same statuses, plus the rules' own). */
enum sudoku_status sudoku_next_step_rules(
    const sudoku_grid *position, const sudoku_rules *r, const uint32_t *cand,
    const struct sudoku_logic_limits *limits, struct sudoku_step *out);

/* sudoku_hint under r: the first wrong entry, the first removed mark that
 * is the cell's value, or the next step (sudoku_next_step_rules' step),
 * from one count-to-2 search under r (sudoku_solve_rules); the same
 * statuses, plus the rules' own. The entries must repeat the givens they
 * fill (the caller checks). */
enum sudoku_status sudoku_hint_rules(const sudoku_grid *puzzle,
                                     const sudoku_rules *r,
                                     const sudoku_grid *entries,
                                     const uint32_t *marks, bool unique_only,
                                     const struct sudoku_logic_limits *limits,
                                     struct sudoku_hint *out);

/* sudoku_logic_solve and sudoku_rate under r. */
enum sudoku_status
sudoku_logic_solve_rules(const sudoku_grid *puzzle, const sudoku_rules *r,
                         const struct sudoku_logic_limits *limits,
                         sudoku_step_fn on_step, void *ctx,
                         struct sudoku_rating *out);
enum sudoku_status sudoku_rate_rules(const sudoku_grid *puzzle,
                                     const sudoku_rules *r,
                                     const struct sudoku_logic_limits *limits,
                                     struct sudoku_rating *out);

/* sudoku_step_explain under r (g gives the side and shape): units named as
 * the rules name them ("diagonal 1", "region 4"), cages by their first
 * cell and sum ("the cage at r1c1 (sum 15)"). Derives r each call (some
 * microseconds); r must be well-formed for g. */
size_t sudoku_step_explain_rules(const struct sudoku_step *step,
                                 const sudoku_grid *g, const sudoku_rules *r,
                                 char *buf, size_t cap);

#endif /* SUDOKU_LOGIC_RULES_H */
