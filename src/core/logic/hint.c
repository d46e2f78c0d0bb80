/*
 * hint.c - a hint: the first wrong entry, the first wrongly removed mark,
 * or the next step, all from one count-to-2 search of the puzzle, classic
 * or under a variant's rules (the same code: sudoku_solve_rules and
 * sudoku_next_step_rules are their classic twins when the rules have no
 * extras). The position (puzzle plus entries) is not searched again when
 * the puzzle's solution is unique: entries that all agree with it leave it
 * the position's only solution.
 */
#include <string.h>

#include "internal.h"
#include "logic.h"
#include "rules_geom.h"

enum sudoku_status sudoku_hint_rules(const sudoku_grid *puzzle,
                                     const sudoku_rules *r,
                                     const sudoku_grid *entries,
                                     const uint32_t *marks, bool unique_only,
                                     const struct sudoku_logic_limits *limits,
                                     struct sudoku_hint *out) {
  out->kind = SUDOKU_HINT_STEP;
  out->unique = false;
  out->nwrong = 0;
  uint64_t deadline_ns = logic_deadline_ns(limits);
  struct sudoku_limits lim = SUDOKU_LIMITS_DEFAULT;
  if (deadline_ns != 0) {
    uint64_t now = core_now_ns();
    lim.deadline_us = now < deadline_ns ? (deadline_ns - now) / 1000u + 1 : 1;
  }
  sudoku_grid solution, position = *puzzle;
  struct sudoku_stats stats;
  enum sudoku_status st =
      sudoku_solve_rules(puzzle, r, &lim, &solution, &stats);
  if (st != SUDOKU_OK)
    return st;
  int ncells = puzzle->n * puzzle->n;
  if (entries != NULL)
    for (int c = 0; c < ncells; c++)
      if (position.cell[c] == 0)
        position.cell[c] = entries->cell[c];
  out->unique = stats.solutions == 1;
  if (!out->unique)
    return unique_only ? SUDOKU_NOT_UNIQUE
                       : sudoku_next_step_rules(&position, r, marks, limits,
                                                &out->step);
  for (int c = 0; c < ncells; c++)
    if (puzzle->cell[c] == 0 && position.cell[c] != 0 &&
        position.cell[c] != solution.cell[c])
      out->wrong[out->nwrong++] = (uint16_t)c;
  if (out->nwrong > 0) {
    out->kind = SUDOKU_HINT_WRONG_ENTRY;
    out->cell = out->wrong[0];
    out->entry = position.cell[out->cell];
    out->value = solution.cell[out->cell];
    return SUDOKU_OK;
  }
  for (int c = 0; marks != NULL && c < ncells; c++)
    if (position.cell[c] == 0 &&
        (marks[c] & 1u << (solution.cell[c] - 1)) == 0) {
      out->kind = SUDOKU_HINT_MISSING_MARK;
      out->cell = (uint16_t)c;
      out->value = solution.cell[c];
      return SUDOKU_OK;
    }
  /* The position is the solution's: no clash, under any rules. */
  return logic_next_known(&position, r, &solution, marks, deadline_ns,
                          limits != NULL ? limits->max_rating : 0, &out->step);
}

enum sudoku_status sudoku_hint(const sudoku_grid *puzzle,
                               const sudoku_grid *entries,
                               const uint32_t *marks, bool unique_only,
                               const struct sudoku_logic_limits *limits,
                               struct sudoku_hint *out) {
  return sudoku_hint_rules(puzzle, NULL, entries, marks, unique_only, limits,
                           out);
}
