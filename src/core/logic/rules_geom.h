/*
 * rules_geom.h - what the logic files share about a variant's rules: the
 * rules and their derived form, reached from the geometry (geo.rules) by
 * the finders that read cages (killer.c) and by the sentences.
 */
#ifndef SUDOKU_LOGIC_RULES_GEOM_H
#define SUDOKU_LOGIC_RULES_GEOM_H

#include "logic.h"
#include "sudoku_logic_rules.h"

struct logic_rules {
  const sudoku_rules *r;
  const struct sudoku_rules_derived *d;
};

/* The rules of s, or NULL on a classic grid. */
static inline const struct logic_rules *
logic_rules_of(const struct logic_state *s) {
  return s->geo.rules;
}

/* What cage k's sum and its cells' candidates allow (killer.c): its m
 * empty cells, their candidates, the digits each takes in some assignment
 * of distinct digits adding up to the sum with the filled ones (possible),
 * and the digits every such assignment uses (need). False when the cage
 * has no sum, no empty cell, no assignment, or the search ran past its
 * budget. */
struct logic_cage_fit {
  int m;
  uint16_t cell[SUDOKU_MAX_N];
  uint32_t cand[SUDOKU_MAX_N], possible[SUDOKU_MAX_N];
  uint32_t need;
};
bool logic_cage_combos(const struct logic_state *s, const sudoku_rules *r,
                       int k, struct logic_cage_fit *fit);

/* What placing v in cell c takes under the derived rules d: v from c's
 * peers beyond the units too, v - 1 and v + 1 from its orthogonal
 * neighbours when non-consecutive applies. Candidates only. */
void logic_rules_place(struct logic_state *s,
                       const struct sudoku_rules_derived *d, int c, int v);

/* The next step of position under r (NULL or no extras: classic), whose
 * one solution is known (the hint's, hint.c): the state is prepared
 * without a search, the deadline (absolute, 0: none) the caller's, and
 * marks narrow the candidates as logic_next_of says. Costs the derived form
 * (some 70 KiB of stack) under rules. */
enum sudoku_status logic_next_known(const sudoku_grid *position,
                                    const sudoku_rules *r,
                                    const sudoku_grid *solution,
                                    const uint32_t *marks, uint64_t deadline_ns,
                                    unsigned max_rating,
                                    struct sudoku_step *out);

/* The first cell (the lowest index) of cage k. */
int logic_cage_first(const sudoku_rules *r, int k);

#endif
