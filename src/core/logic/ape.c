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
 * Cost: O(cells^2 x peers) to find the excluders (on 9x9 only for the
 * cells that see two bivalue peers of the first, a mask of them), then n^2
 * value pairs for the few cell pairs that have two; about 0.1 ms on 9x9,
 * bounded by the deadline on larger grids (read every 64 first cells). What
 * this does NOT do: triples (aligned triplet exclusion), almost locked sets.
 */
#include "chain.h"

#define APE_MAX_EXCL 64

/* The pair c0, c1 with their excluders excl[0..ne): the step into out when
 * it eliminates something. */
static bool try_pair(const struct logic_state *s, int c0, int c1,
                     const int *excl, int ne, struct sudoku_step *out) {
  bool see = logic_sees(&s->geo, c0, c1);
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
    return false;
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

/* c1 as the second cell of a pair with c0 (bi: c0's bivalue peers). */
static bool try_second(const struct logic_state *s, int c0, int c1,
                       const uint16_t *bi, int nbi, struct sudoku_step *out) {
  if (s->value[c1] || logic_popcount(s->cand[c1]) < 2)
    return false;
  /* Bivalue cells seeing both, at most APE_MAX_EXCL. */
  int excl[APE_MAX_EXCL], ne = 0;
  for (int k = 0; k < nbi && ne < APE_MAX_EXCL; k++)
    if (bi[k] != c1 && logic_sees(&s->geo, bi[k], c1))
      excl[ne++] = bi[k];
  return ne >= 2 && try_pair(s, c0, c1, excl, ne, out);
}

bool logic_find_ALIGNED_PAIR_EXCLUSION(const struct logic_state *s,
                                       struct sudoku_step *out) {
  const struct logic_geom *g = &s->geo;
  /* On 9x9 the second cells are only those that see two of the bivalue
   * peers (the others have fewer than two excluders): a mask of them,
   * read in cell order as the plain loop visits them. */
  struct ch_mask peers[CH_MASK_CELLS];
  bool masks = g->ncells <= CH_MASK_CELLS;
  if (masks)
    ch_peer_masks(g, peers);
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
    if (!masks) {
      for (int c1 = c0 + 1; c1 < g->ncells; c1++)
        if (try_second(s, c0, c1, bi, nbi, out))
          return true;
      continue;
    }
    uint64_t twice[2] = {0, 0}, once[2] = {0, 0};
    for (int k = 0; k < nbi; k++)
      for (int w = 0; w < 2; w++) {
        twice[w] |= once[w] & peers[bi[k]].w[w];
        once[w] |= peers[bi[k]].w[w];
      }
    /* the cells after c0, in order */
    if (c0 < 64)
      twice[0] &= ~0ull << c0 << 1;
    else
      twice[0] = 0, twice[1] &= ~0ull << (c0 - 64) << 1;
    for (int w = 0; w < 2; w++)
      for (uint64_t m = twice[w]; m; m &= m - 1)
        if (try_second(s, c0, w * 64 + __builtin_ctzll(m), bi, nbi, out))
          return true;
  }
  return false;
}

/* The generic sentence (explain.c): its name, chain or cells, outcome. */
LOGIC_EXPLAIN(ALIGNED_PAIR_EXCLUSION, logic_generic_sentence)
