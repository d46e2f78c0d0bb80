/*
 * rules_geom.c - the geometry of the logic engine under a variant's rules
 * (sudoku_logic_rules.h): who sees whom, the names of the rules' units,
 * what a placement takes from the peers beyond the units (parity and
 * non-consecutive neighbours included), the search under the rules. The
 * state machinery calls it; the public entry points are rules_logic.c's.
 *
 * Cost: deriving the rules (some 20 us on 9x9) once a call; each placement
 * then recomputes the places from the cells (O(units x n)), where the
 * classic path updates them a candidate at a time.
 */
#include <string.h>

#include "../internal.h"
#include "rules_geom.h"

bool logic_rules_sees(const struct logic_rules *rules, int a, int b) {
  return (rules->d->peer[a][b >> 6] >> (b & 63)) & 1u;
}

void logic_rules_unit_label(const struct logic_rules *rules, int u, char *buf,
                            size_t cap) {
  sudoku_rules_unit_label(rules->d, u, buf, cap);
}

int logic_cage_first(const sudoku_rules *r, int k) {
  const uint16_t *cell = r->cage_cell + r->cage[k].start;
  int first = cell[0];
  for (int i = 1; i < r->cage[k].len; i++)
    if (cell[i] < first)
      first = cell[i];
  return first;
}

/* The digits cell c may not hold because a neighbour holds v
 * (non-consecutive: v - 1 and v + 1). */
static uint32_t consecutive_of(int v) {
  uint32_t m = 0;
  if (v > 1)
    m |= 1u << (v - 2);
  m |= 1u << v;
  return m;
}

/* Calls fn(c) for each orthogonal neighbour of cell c on a side of n. */
#define FOR_NEIGHBOUR(n, c, nb, body)                                          \
  do {                                                                         \
    int r_ = (c) / (n), c_ = (c) % (n);                                        \
    int nbs_[4], k_ = 0;                                                       \
    if (r_ > 0)                                                                \
      nbs_[k_++] = (c) - (n);                                                  \
    if (r_ < (n)-1)                                                            \
      nbs_[k_++] = (c) + (n);                                                  \
    if (c_ > 0)                                                                \
      nbs_[k_++] = (c)-1;                                                      \
    if (c_ < (n)-1)                                                            \
      nbs_[k_++] = (c) + 1;                                                    \
    for (int i_ = 0; i_ < k_; i_++) {                                          \
      int nb = nbs_[i_];                                                       \
      body;                                                                    \
    }                                                                          \
  } while (0)

void logic_rules_place(struct logic_state *s,
                       const struct sudoku_rules_derived *d, int c, int v) {
  uint32_t bit = 1u << (v - 1);
  for (int w = 0; w < SUDOKU_RULES_WORDS; w++)
    for (uint64_t m = d->peer[c][w]; m; m &= m - 1)
      s->cand[w * 64 + __builtin_ctzll(m)] &= ~bit;
  if (d->non_consecutive)
    FOR_NEIGHBOUR(d->n, c, nb, s->cand[nb] &= ~consecutive_of(v));
}

void logic_rules_after(struct logic_state *s, const struct sudoku_step *step) {
  for (int i = 0; i < step->nplacements; i++)
    logic_rules_place(s, s->geo.rules->d, step->placements[i].cell,
                      step->placements[i].value);
}

enum sudoku_status logic_rules_solve(const struct logic_state *s,
                                     const sudoku_grid *g,
                                     const struct sudoku_limits *lim,
                                     sudoku_grid *sol) {
  enum sudoku_status st =
      sudoku_solve_rules(g, s->geo.rules->r, lim, sol, NULL);
  /* a value that breaks a rule at once (a cage's sum) is refused as a
   * clash before any search: no solution has it */
  return st == SUDOKU_CONFLICT ? SUDOKU_NO_SOLUTION : st;
}
