/*
 * solve.c - sudoku_solve(): validation, then one depth-first search with
 * options (count to a limit, lexicographically smallest first, budgets).
 * 9x9 puzzles in the default order go to the band-bitset fast path
 * (fast9.c); every other size, and the lexmin order, use the general solver
 * (general.c). Neither allocates: all state lives in one struct on the
 * stack.
 */
#include <string.h>

#include "internal.h"

/* One search in the fastest order for p's shape (fast9 for 9x9), counting
 * to limit; the first solution found goes to first. */
static uint32_t fast_solve(const sudoku_grid *p, const uint8_t *cells,
                           uint32_t limit, struct budget *b, uint8_t *first) {
  if (p->n == 9 && p->box_rows == 3)
    return fast9_solve(cells, limit, b, first);
  return core_general_solve(p, cells, limit, false, b, first, NULL, -1, 0);
}

uint32_t core_solve_near(const sudoku_grid *p, const uint8_t *hint, int ex_cell,
                         struct budget *b, uint8_t *first) {
  return core_general_solve(p, p->cell, 1, false, b, first, hint, ex_cell,
                            ex_cell >= 0 ? hint[ex_cell] : 0);
}

/*
 * The lexicographically smallest solution. Counting to max(limit, 2) in the
 * fast order comes first: a puzzle with one solution is done then, since
 * its only solution is the smallest, and costs what a plain solve costs.
 * Otherwise the search runs again branching on the first open cell in
 * row-major order, values ascending, so its first solution is the
 * smallest: for 9x9 on the band propagation of fast9, for other sizes on
 * the general solver (singles, and in this order a matching per unit:
 * see units_match). The count of the first search
 * is the one reported. Stopped by the budget in either search, it reports
 * no solution: a lexmin answer is the smallest or none.
 */
static uint32_t lexmin_solve(const sudoku_grid *p, uint32_t limit,
                             struct budget *b, uint8_t *out) {
  uint32_t found = fast_solve(p, p->cell, limit < 2 ? 2 : limit, b, out);
  if (b->stop != SUDOKU_OK)
    return 0; /* whether out is the smallest is not known */
  if (found < 2)
    return found;
  uint8_t best[SUDOKU_MAX_CELLS];
  uint32_t got =
      p->n == 9 && p->box_rows == 3
          ? fast9_search(p->cell, 1, true, b, best)
          : core_general_solve(p, p->cell, 1, true, b, best, NULL, -1, 0);
  if (got != 1)
    return 0; /* stopped by the budget before the smallest was found */
  memcpy(out, best, (size_t)(p->n * p->n));
  return found < limit ? found : limit;
}

enum sudoku_status sudoku_solve(const sudoku_grid *puzzle,
                                const struct sudoku_limits *limits,
                                sudoku_grid *solution,
                                struct sudoku_stats *stats) {
  static const struct sudoku_limits defaults = SUDOKU_LIMITS_DEFAULT;
  const struct sudoku_limits *lim = limits ? limits : &defaults;
  uint32_t limit = lim->max_solutions ? lim->max_solutions : 1;
  struct budget b = {lim->max_nodes, 0, 0, 0, SUDOKU_OK};
  uint32_t found = 0;
  sudoku_grid out = *puzzle;

  enum sudoku_status status = sudoku_validate(puzzle, NULL, 0, NULL);
  if (status == SUDOKU_OK) {
    /* Clamped so that a huge deadline cannot wrap around to the past. */
    if (lim->deadline_us)
      b.deadline_ns = core_now_ns() + (lim->deadline_us < UINT64_MAX / 2000u
                                           ? lim->deadline_us * 1000u
                                           : UINT64_MAX / 2);
    if (lim->lexmin)
      found = lexmin_solve(puzzle, limit, &b, out.cell);
    else
      found = fast_solve(puzzle, puzzle->cell, limit, &b, out.cell);
    if (b.stop != SUDOKU_OK)
      status = b.stop;
    else
      status = found ? SUDOKU_OK : SUDOKU_NO_SOLUTION;
  }
  if (found == 0)
    out = *puzzle;
  *solution = out;
  if (stats != NULL)
    *stats = (struct sudoku_stats){found, b.nodes, b.guesses};
  return status;
}
