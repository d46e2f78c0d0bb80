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

/* The first cell (the lowest index) of cage k. */
int logic_cage_first(const sudoku_rules *r, int k);

#endif
