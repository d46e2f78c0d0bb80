/*
 * ape.c - aligned pair exclusion (Sudoku Explainer 6.2): two cells with
 * several candidates each, and the bivalue cells that see both (the
 * "excluders"). A pair of values (a for the first cell, b for the second)
 * is impossible when the two cells see each other and a == b, or when an
 * excluder holds just {a, b} (it would be left empty). A value of either
 * cell that belongs to no possible pair is eliminated.
 *
 * As SE does, any two cells qualify (not only aligned ones), provided they
 * share at least two excluders. The first pair in cell order that
 * eliminates something is the step.
 *
 * Cost: O(cells^2 x peers) to find the excluders, then n^2 value pairs for
 * the few cell pairs that have two; about 0.1 ms on 9x9, bounded by the
 * deadline on larger grids (read every 64 first cells). What this does NOT
 * do: triples (aligned triplet exclusion), almost locked sets.
 */
#include "chain.h"

#define APE_MAX_EXCL 64

bool logic_find_ALIGNED_PAIR_EXCLUSION(const struct logic_state *s,
                                       struct sudoku_step *out) {
  const struct logic_geom *g = &s->geo;
  int excl[APE_MAX_EXCL];
  /* The bivalue peers of c0 in the order of a walk over its units (first
   * visit), found once per c0 rather than once per pair. */
  uint16_t bi[LOGIC_MAX_CELL_UNITS * SUDOKU_MAX_N];
  for (int c0 = 0; c0 < g->ncells; c0++) {
    if (s->value[c0] || logic_popcount(s->cand[c0]) < 2)
      continue;
    if ((c0 & 63) == 0 && ch_late(s))
      return false;
    int nbi = 0;
    for (int i = 0; i < g->ncell_units[c0]; i++) {
      int u = g->cell_units[c0][i];
      for (int j = 0; j < g->len[u]; j++) {
        int e = g->unit[u][j], dup = 0;
        if (e == c0 || s->value[e] || logic_popcount(s->cand[e]) != 2)
          continue;
        for (int k = 0; k < nbi; k++)
          dup |= bi[k] == e;
        if (!dup)
          bi[nbi++] = (uint16_t)e;
      }
    }
    if (nbi < 2)
      continue;
    for (int c1 = c0 + 1; c1 < g->ncells; c1++) {
      if (s->value[c1] || logic_popcount(s->cand[c1]) < 2)
        continue;
      /* Bivalue cells seeing both, at most APE_MAX_EXCL. */
      int ne = 0;
      for (int k = 0; k < nbi && ne < APE_MAX_EXCL; k++)
        if (bi[k] != c1 && logic_sees(g, bi[k], c1))
          excl[ne++] = bi[k];
      if (ne < 2)
        continue;
      bool see = logic_sees(g, c0, c1);
      uint32_t ok0 = 0, ok1 = 0;
      for (uint32_t m0 = s->cand[c0]; m0; m0 &= m0 - 1)
        for (uint32_t m1 = s->cand[c1]; m1; m1 &= m1 - 1) {
          uint32_t a = m0 & -m0, b = m1 & -m1;
          if (see && a == b)
            continue;
          bool allowed = true;
          for (int k = 0; k < ne && allowed; k++)
            allowed = (s->cand[excl[k]] & ~(a | b)) != 0;
          if (allowed) {
            ok0 |= a;
            ok1 |= b;
          }
        }
      uint32_t gone0 = s->cand[c0] & ~ok0, gone1 = s->cand[c1] & ~ok1;
      if (!gone0 && !gone1)
        continue;
      logic_step_init(out, SUDOKU_TECH_ALIGNED_PAIR_EXCLUSION,
                      ch_base(SUDOKU_TECH_ALIGNED_PAIR_EXCLUSION));
      for (; gone0; gone0 &= gone0 - 1)
        logic_step_elim(out, c0, logic_lowest(gone0) + 1);
      for (; gone1; gone1 &= gone1 - 1)
        logic_step_elim(out, c1, logic_lowest(gone1) + 1);
      logic_step_cell(out, c0);
      logic_step_cell(out, c1);
      for (int k = 0; k < ne; k++) {
        logic_step_cell(out, excl[k]);
        out->values |= s->cand[excl[k]];
      }
      return true;
    }
  }
  return false;
}
