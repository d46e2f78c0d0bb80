/*
 * ate.c - aligned triplet exclusion (Sudoku Explainer 7.5): three cells
 * and the cells of two or three candidates that see all three (the
 * "excluders"). A choice of values, one a cell, is impossible when two of
 * the three cells see each other and get the same value, or when it holds
 * every candidate of an excluder (that cell would be left empty). A value
 * of one of the three that belongs to no possible choice is eliminated.
 *
 * The search visits the triplets as SE's AlignedExclusion(3) does, so the
 * first triplet that eliminates something is SE's step: the *base* cells
 * are the empty cells, in cell order, with two or more candidates, at
 * least one excluder-sized peer (two or three candidates) and no peer left
 * with a single candidate. Pairs of base cells (a, b) come with b in base
 * order and a before b; the third cell is a base cell of two or three
 * candidates that sees a or b, taken in the order of a's peers then b's
 * (each cell's peers in the order of its units: box, row, column, then
 * variant units). A triplet counts when at least two excluders see all
 * three. As SE does, a triplet may come up more than once.
 *
 * Cost: a pair is kept only when two of b's excluders see a; on grids of
 * at most 128 cells, peer masks then keep only the third cells that see
 * a or b and two of the pair's excluders (most pairs end there), taken by
 * a bit scan, and a triplet seen before in another order is skipped.
 * Weighing a triplet is a mask a value of a and a mask a pair of values
 * (a, b), excluders with a value none of the three holds dropped. On 9x9
 * a call weighs about 1,200 triplets (2,900 at most over top1465) for
 * some 0.8 M instructions, as much as a
 * cell/region forcing chain search: it runs only where every chain up to
 * 7.4 failed, as in SE.
 * On larger grids the pairs grow with the square of the base cells, so
 * the search reads the deadline every base cell and stops at
 * ATE_MAX_TRIPLETS triplets weighed (a cap: past it, a triplet SE would
 * find is missed, never a wrong step). What this does NOT do: quads and
 * larger aligned sets, almost locked sets.
 */
#include "chain.h"

#define ATE_MAX_PEERS (LOGIC_MAX_CELL_UNITS * SUDOKU_MAX_N)
/* Triplets weighed a call at most: far above what 9x9 positions weigh
 * (about 1,200 on average, 2,900 at most over top1465), a bound on 25x25
 * (where one costs up to 25 x 25 x excluders mask operations). */
#define ATE_MAX_TRIPLETS 50000L
/* Excluders listed a call at most (9x9: 64 x 20 at worst; 16x16 256 x
 * 39); a 25x25 position with more is not searched. */
#define ATE_POOL 12288
#define ATE_MASK_CELLS 128 /* a struct ch_mask's bits */

/* What one call keeps: the base cells, and a stamp a cell to list a
 * cell's peers once. */
struct ate {
  const struct logic_state *s;
  uint16_t base[SUDOKU_MAX_CELLS];
  int nbase;
  bool is_base[SUDOKU_MAX_CELLS];
  bool is_sized[SUDOKU_MAX_CELLS]; /* excluder_sized, once a call */
  uint32_t stamp[SUDOKU_MAX_CELLS], now;
  long weighed;
  /* base cell k's excluders: pool[first[k] .. first[k + 1]) */
  uint16_t first[SUDOKU_MAX_CELLS + 1];
  uint16_t pool[ATE_POOL];
  uint16_t index[SUDOKU_MAX_CELLS]; /* a base cell's k */
  /* grids of at most ATE_MASK_CELLS cells: each cell's peers as a mask,
   * to keep only the third cells that see two of a pair's excluders */
  bool masks;
  struct ch_mask peer[ATE_MASK_CELLS];
  struct ch_mask sized; /* base cells of two or three candidates */
  struct ch_mask exs;   /* every excluder-sized cell */
};

/* The peers of c in SE's order (box, row, column, variant units; first
 * visit), into out; returns their count. */
static int house_peers(struct ate *a, int c, uint16_t *out) {
  const struct logic_geom *g = &a->s->geo;
  int k = 0;
  a->now++;
  a->stamp[c] = a->now;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < g->ncell_units[c]; i++) {
      int u = g->cell_units[c][i];
      if ((g->kind[u] == SUDOKU_UNIT_BOX) != (pass == 0))
        continue;
      for (int j = 0; j < g->len[u]; j++) {
        int e = g->unit[u][j];
        if (a->stamp[e] != a->now) {
          a->stamp[e] = a->now;
          out[k++] = (uint16_t)e;
        }
      }
    }
  return k;
}

static bool excluder_sized(const struct logic_state *s, int e) {
  int k = logic_popcount(s->cand[e]);
  return s->value[e] == 0 && k >= 2 && k <= 3;
}

/* SE's base cells, in cell order. With peer masks, a cell's "some peer
 * has one candidate" and "some peer is excluder-sized" are two mask
 * tests (the sets house_peers would list). */
static void find_base(struct ate *a) {
  const struct logic_state *s = a->s;
  uint16_t peers[ATE_MAX_PEERS];
  struct ch_mask one = {{0, 0}}, sized = {{0, 0}};
  for (int c = 0; c < s->geo.ncells; c++) {
    a->is_sized[c] = excluder_sized(s, c);
    if (!a->masks)
      continue;
    if (a->is_sized[c])
      ch_mask_set(&sized, c);
    else if (s->value[c] == 0 && logic_popcount(s->cand[c]) == 1)
      ch_mask_set(&one, c);
  }
  a->exs = sized;
  a->nbase = 0;
  for (int c = 0; c < s->geo.ncells; c++) {
    a->is_base[c] = false;
    if (s->value[c] || logic_popcount(s->cand[c]) < 2)
      continue;
    bool single = false, some = false;
    if (a->masks) {
      const struct ch_mask *p = &a->peer[c];
      single = ((p->w[0] & one.w[0]) | (p->w[1] & one.w[1])) != 0;
      some = ((p->w[0] & sized.w[0]) | (p->w[1] & sized.w[1])) != 0;
    } else {
      int np = house_peers(a, c, peers);
      for (int i = 0; i < np; i++) {
        single |=
            s->value[peers[i]] == 0 && logic_popcount(s->cand[peers[i]]) == 1;
        some |= a->is_sized[peers[i]];
      }
    }
    if (!single && some) {
      a->is_base[c] = true;
      a->base[a->nbase++] = (uint16_t)c;
    }
  }
}

/* logic_sees, by a bit of the peer masks on small grids (in the inner
 * loops: one load instead of six). */
static inline bool sees(const struct ate *a, int x, int y) {
  if (a->masks)
    return (a->peer[x].w[y >> 6] >> (y & 63)) & 1;
  return logic_sees(&a->s->geo, x, y);
}

/* Every base cell's excluders into the pool; false when it overflows. */
static bool list_excluders(struct ate *a) {
  uint16_t peers[ATE_MAX_PEERS];
  int used = 0;
  for (int k = 0; k < a->nbase; k++) {
    int c = a->base[k], np = house_peers(a, c, peers);
    a->index[c] = (uint16_t)k;
    a->first[k] = (uint16_t)used;
    if (used + np > ATE_POOL)
      return false;
    for (int i = 0; i < np; i++)
      if (a->is_sized[peers[i]])
        a->pool[used++] = peers[i];
  }
  a->first[a->nbase] = (uint16_t)used;
  return true;
}

/* The triplet cell[0..3) with the excluders excl[0..ne) (each seeing all
 * three): the step into out when it eliminates something.
 *
 * A choice (x, y, z) empties an excluder when the excluder's values are
 * all among x, y, z. An excluder holding a value none of the three cells
 * holds never is (most are not, on most triplets). One of two values
 * {p, q} is emptied when two of the three cells take p and q: p and q
 * are "adjacent" (adj[p] holds q), and a choice is out when two of its
 * values are. One of three values is emptied only by x, y, z being
 * exactly its values. So each x costs a mask, each (x, y) a mask and a
 * look at the three-valued excluders. */
static bool triplet_eliminates(const struct ate *a, const int *cell,
                               const uint16_t *excl, int ne,
                               struct sudoku_step *out) {
  const struct logic_state *s = a->s;
  bool s01 = sees(a, cell[0], cell[1]);
  bool s02 = sees(a, cell[0], cell[2]);
  bool s12 = sees(a, cell[1], cell[2]);
  uint32_t c0 = s->cand[cell[0]], c1 = s->cand[cell[1]], c2 = s->cand[cell[2]];
  uint32_t all = c0 | c1 | c2, adj[32], three[ATE_MAX_PEERS];
  int n3 = 0, nheld = 0;
  bool pairs = false; /* adj is set (few triplets have a two-valued one) */
  for (int k = 0; k < ne; k++) {
    uint32_t h = s->cand[excl[k]], rest = h & (h - 1);
    if (h & ~all)
      continue; /* never emptied */
    nheld++;
    if (rest & (rest - 1)) {
      three[n3++] = h;
    } else {
      if (!pairs)
        for (uint32_t m = all; m; m &= m - 1)
          adj[logic_lowest(m)] = 0;
      pairs = true;
      int p = logic_lowest(h), q = logic_lowest(rest);
      adj[p] |= rest;
      adj[q] |= h & -h;
    }
  }
  /* No excluder can be emptied: only the three cells' own conflicts are
   * left, and with two values or more a cell, a value loses every choice
   * only when the three see each other (x out of a needs b's other
   * values to be one value w and c's values to be x and w). */
  if (nheld == 0 && !(s01 && s02 && s12))
    return false;
  uint32_t ok[3] = {0, 0, 0};
  for (uint32_t m0 = c0; m0; m0 &= m0 - 1) {
    uint32_t x = m0 & -m0, ax = pairs ? adj[logic_lowest(x)] : 0;
    uint32_t ys = c1 & ~ax & ~(s01 ? x : 0);
    uint32_t zx = c2 & ~ax & ~(s02 ? x : 0), two[ATE_MAX_PEERS];
    int n2 = 0; /* the three-valued excluders holding x, less x */
    for (int k = 0; k < n3; k++)
      if (three[k] & x)
        two[n2++] = three[k] & ~x;
    for (uint32_t m1 = ys; m1; m1 &= m1 - 1) {
      uint32_t y = m1 & -m1;
      uint32_t z = zx & ~(pairs ? adj[logic_lowest(y)] : 0) & ~(s12 ? y : 0);
      for (int k = 0; k < n2; k++)
        if (two[k] & y)
          z &= ~(two[k] & ~y);
      if (z == 0)
        continue;
      ok[0] |= x;
      ok[1] |= y;
      ok[2] |= z;
      /* x has a choice; once b's and c's values all have one, the other
       * y need not be tried */
      if (ok[1] == c1 && ok[2] == c2)
        break;
    }
  }
  uint32_t gone[3] = {c0 & ~ok[0], c1 & ~ok[1], c2 & ~ok[2]};
  if (!gone[0] && !gone[1] && !gone[2])
    return false;
  logic_step_init(out, SUDOKU_TECH_ALIGNED_TRIPLET_EXCLUSION,
                  ch_base(SUDOKU_TECH_ALIGNED_TRIPLET_EXCLUSION));
  for (int i = 0; i < 3; i++) {
    for (uint32_t m = gone[i]; m; m &= m - 1)
      logic_step_elim(out, cell[i], logic_lowest(m) + 1);
    logic_step_cell(out, cell[i]);
    out->values |= s->cand[cell[i]];
  }
  /* the excluders in cell order, for the sentence */
  uint16_t sorted[ATE_MAX_PEERS];
  for (int k = 0; k < ne; k++) {
    int i = k;
    for (; i > 0 && sorted[i - 1] > excl[k]; i--)
      sorted[i] = sorted[i - 1];
    sorted[i] = excl[k];
  }
  for (int k = 0; k < ne; k++)
    logic_step_cell(out, sorted[k]);
  return true;
}

/* True when the triplet (c0, c1, t), t the k-th base cell, came up for
 * an earlier pair (i and j: c0's and c1's places in the base list), which
 * found nothing there: a triplet's eliminations do not depend on its
 * order. An earlier pair holds t and one of c0, c1, and the other is in
 * that pair's twin area when it has two or three candidates and sees one
 * of the pair. */
static bool seen_before(const struct ate *a, int c0, int c1, int t, int i,
                        int j, int k) {
  if (k < j && a->is_sized[c1] && (sees(a, c1, c0) || sees(a, c1, t)))
    return true; /* the pair (c0, t) */
  return k < i && a->is_sized[c0] &&
         (sees(a, c0, c1) || sees(a, c0, t)); /* (t, c1) */
}

/* The pair of base cells i < j with its common excluders pair[0..np):
 * every third cell in SE's order. */
static bool try_pair(struct ate *a, int i, int j, const uint16_t *pair, int np,
                     struct sudoku_step *out) {
  const struct logic_state *s = a->s;
  int c0 = a->base[i], c1 = a->base[j];
  uint16_t twin[2 * ATE_MAX_PEERS];
  int nt = 0;
  if (a->masks) {
    /* the third cells that can be: base cells of two or three candidates
     * seeing a or b (the twin area) and two of the excluders */
    uint64_t once[2] = {0, 0}, twice[2] = {0, 0};
    for (int k = 0; k < np; k++)
      for (int w = 0; w < 2; w++) {
        twice[w] |= once[w] & a->peer[pair[k]].w[w];
        once[w] |= a->peer[pair[k]].w[w];
      }
    uint64_t left[2];
    for (int w = 0; w < 2; w++)
      left[w] =
          twice[w] & a->sized.w[w] & (a->peer[c0].w[w] | a->peer[c1].w[w]);
    left[c0 >> 6] &= ~(1ull << (c0 & 63));
    left[c1 >> 6] &= ~(1ull << (c1 & 63));
    if ((left[0] | left[1]) == 0)
      return false; /* most pairs end here */
    /* in SE's order: a's excluders, then b's; each once */
    for (int p = a->first[i]; p < a->first[j + 1]; p++) {
      if (p == a->first[i + 1])
        p = a->first[j];
      int t = a->pool[p];
      if ((left[t >> 6] >> (t & 63)) & 1) {
        left[t >> 6] &= ~(1ull << (t & 63));
        twin[nt++] = (uint16_t)t;
      }
    }
  } else {
    /* a's excluders, then b's, each once, base cells only, not a or b */
    a->now++;
    a->stamp[c0] = a->stamp[c1] = a->now;
    for (int p = a->first[i]; p < a->first[j + 1]; p++) {
      if (p == a->first[i + 1])
        p = a->first[j];
      int t = a->pool[p];
      if (a->stamp[t] != a->now && a->is_base[t]) {
        a->stamp[t] = a->now;
        twin[nt++] = (uint16_t)t;
      }
    }
  }
  for (int q = 0; q < nt; q++) {
    int t = twin[q];
    uint16_t common[ATE_MAX_PEERS];
    int nc = 0;
    for (int k = 0; k < np; k++)
      if (sees(a, pair[k], t))
        common[nc++] = pair[k];
    if (nc < 2 || seen_before(a, c0, c1, t, i, j, a->index[t]))
      continue;
    if (++a->weighed > ATE_MAX_TRIPLETS ||
        ((a->weighed & 1023) == 0 && ch_late(s)))
      return false;
    int cell[3] = {c0, c1, t};
    if (triplet_eliminates(a, cell, common, nc, out))
      return true;
  }
  return false;
}

/* try_pair on small grids, the pair's common excluders as the mask pm:
 * the third cells in cell order (a bit scan, not a walk of both excluder
 * lists). A triplet's weight does not depend on the order, so when none
 * eliminates this is try_pair exactly, with as many triplets counted;
 * when one does, try_pair runs again from the same count to find SE's
 * first. When the cap could be reached inside the pair, try_pair runs
 * directly, so it cuts where it always did. (Only the deadline, read
 * every 1,024 triplets, may then be read after other triplets: the
 * deadline is a time, not a step.) */
static bool try_pair_masks(struct ate *a, int i, int j, struct ch_mask pm,
                           struct sudoku_step *out) {
  int c0 = a->base[i], c1 = a->base[j];
  uint16_t pair[ATE_MAX_PEERS];
  int np = 0;
  uint64_t once[2] = {0, 0}, twice[2] = {0, 0};
  for (int w = 0; w < 2; w++)
    for (uint64_t m = pm.w[w]; m; m &= m - 1) {
      int e = w * 64 + __builtin_ctzll(m);
      pair[np++] = (uint16_t)e;
      for (int v = 0; v < 2; v++) {
        twice[v] |= once[v] & a->peer[e].w[v];
        once[v] |= a->peer[e].w[v];
      }
    }
  uint64_t left[2];
  for (int w = 0; w < 2; w++)
    left[w] = twice[w] & a->sized.w[w] & (a->peer[c0].w[w] | a->peer[c1].w[w]);
  left[c0 >> 6] &= ~(1ull << (c0 & 63));
  left[c1 >> 6] &= ~(1ull << (c1 & 63));
  if ((left[0] | left[1]) == 0)
    return false; /* most pairs end here */
  /* the third cells seen_before skips, as masks: base cells are in cell
   * order, so t's place in the list is below b's (a's) when t < b (a) */
  uint64_t skip[2] = {0, 0};
  for (int r = 0; r < 2; r++) {
    int c = r ? c0 : c1, o = r ? c1 : c0;
    if (!a->is_sized[c])
      continue;
    bool any = sees(a, c, o);
    for (int w = 0; w < 2; w++) {
      int b = c - 64 * w; /* cells below c in word w */
      uint64_t below = b <= 0 ? 0 : b >= 64 ? ~0ull : (1ull << b) - 1;
      skip[w] |= below & (any ? ~0ull : a->peer[c].w[w]);
    }
  }
  long before = a->weighed;
  /* at most ATE_MASK_CELLS third cells (a bound, not a popcount: the
   * builtin is a library call without -mpopcnt) */
  if (before + ATE_MASK_CELLS > ATE_MAX_TRIPLETS)
    return try_pair(a, i, j, pair, np, out);
  for (int w = 0; w < 2; w++)
    for (uint64_t m = left[w] & ~skip[w]; m; m &= m - 1) {
      int t = w * 64 + __builtin_ctzll(m);
      uint16_t common[ATE_MAX_PEERS];
      int nc = 0;
      for (int v = 0; v < 2; v++)
        for (uint64_t e = pm.w[v] & a->peer[t].w[v]; e; e &= e - 1)
          common[nc++] = (uint16_t)(v * 64 + __builtin_ctzll(e));
      if (nc < 2)
        continue;
      if ((++a->weighed & 1023) == 0 && ch_late(a->s))
        return false;
      int cell[3] = {c0, c1, t};
      if (triplet_eliminates(a, cell, common, nc, out)) {
        a->weighed = before;
        return try_pair(a, i, j, pair, np, out);
      }
    }
  return false;
}

bool logic_find_ALIGNED_TRIPLET_EXCLUSION(const struct logic_state *s,
                                          struct sudoku_step *out) {
  if (s->beat != 0 &&
      ch_base(SUDOKU_TECH_ALIGNED_TRIPLET_EXCLUSION) >= (int)s->beat)
    return false;
  struct ate a;
  a.s = s;
  a.now = 0;
  a.weighed = 0;
  for (int c = 0; c < s->geo.ncells; c++)
    a.stamp[c] = 0;
  a.masks = s->geo.ncells <= ATE_MASK_CELLS;
  if (a.masks)
    ch_peer_masks(&s->geo, a.peer);
  find_base(&a);
  if (a.nbase < 3 || !list_excluders(&a))
    return false;
  if (a.masks) {
    a.sized.w[0] = a.sized.w[1] = 0;
    for (int k = 0; k < a.nbase; k++)
      if (a.is_sized[a.base[k]])
        ch_mask_set(&a.sized, a.base[k]);
  }
  for (int j = 1; j < a.nbase; j++) {
    if (ch_late(s) || a.weighed > ATE_MAX_TRIPLETS)
      return false;
    const uint16_t *e1 = a.pool + a.first[j];
    int n1 = a.first[j + 1] - a.first[j];
    /* on small grids (ATE_MASK_CELLS, two words), only the cells that see
     * two of b's excluders; on larger ones every cell */
    uint64_t twice[2] = {0, 0};
    if (a.masks) {
      uint64_t once[2] = {0, 0};
      twice[0] = twice[1] = 0;
      for (int k = 0; k < n1; k++)
        for (int w = 0; w < 2; w++) {
          twice[w] |= once[w] & a.peer[e1[k]].w[w];
          once[w] |= a.peer[e1[k]].w[w];
        }
    }
    for (int i = 0; i < j; i++) {
      int c0 = a.base[i];
      if (a.masks && !((twice[c0 >> 6] >> (c0 & 63)) & 1))
        continue;
      if (a.masks) {
        /* b's excluders seeing a: two at least (twice) */
        const struct ch_mask *p0 = &a.peer[c0], *p1 = &a.peer[a.base[j]];
        struct ch_mask pm = {{p0->w[0] & p1->w[0] & a.exs.w[0],
                              p0->w[1] & p1->w[1] & a.exs.w[1]}};
        if (try_pair_masks(&a, i, j, pm, out))
          return true;
        continue;
      }
      /* the excluders of both, in b's order (a subset of any triplet's) */
      uint16_t pair[ATE_MAX_PEERS];
      int np = 0;
      for (int k = 0; k < n1; k++)
        if (sees(&a, e1[k], c0))
          pair[np++] = e1[k];
      if (np >= 2 && try_pair(&a, i, j, pair, np, out))
        return true;
    }
  }
  return false;
}

/* The sentence of aligned-triplet-exclusion. */
static bool triplet_sentence(struct logic_text *t,
                             const struct sudoku_step *st) {
  logic_put(t, "Aligned triplet exclusion: no values of ");
  logic_put_cells(t, st->cells, st->ncells < 3 ? st->ncells : 3, 3);
  logic_say(t, st,
            " may repeat in a unit or take every candidate of one of %C, "
            "which see all three; so %O.",
            st->cells + 3, st->ncells > 3 ? st->ncells - 3 : 0);
  return true;
}
LOGIC_EXPLAIN(ALIGNED_TRIPLET_EXCLUSION, triplet_sentence)
