/*
 * intersections.c - locked candidates: when a value's places in one unit A
 * all lie in another unit B, it goes from the rest of B. Pointing when A is
 * a box (2.6), claiming when A is a line (2.8); the "direct" forms (1.7,
 * 1.9) are taken only when the elimination leaves a hidden single for the
 * value in a unit of A's kind that crosses B, and they place it. A direct
 * step only places: its eliminations are the reason for the single, not
 * part of the step, as in SE (DirectLockingHint removes nothing, so a
 * later step may have to make them; paths and ratings depend on it).
 *
 * Written over units: B is any unit, other than A, holding every place of
 * the value in A, so variant units take part unchanged.
 * Cost: units x values x (places x units a cell) per call, on the
 * state's places.
 */
#include "logic.h"

/* The units other than a that hold every cell of a at the positions
 * places (two or more), in the order of the first cell's units. Returns
 * how many, into common[]. */
static int common_units(const struct logic_geom *geo, int a, uint32_t places,
                        int common[LOGIC_MAX_CELL_UNITS]) {
  int j0 = logic_lowest(places), c0 = geo->unit[a][j0], nc = 0;
  for (int i = 0; i < geo->ncell_units[c0]; i++) {
    int u = geo->cell_units[c0][i];
    if (u == a)
      continue;
    /* On a classic grid a unit is at the same slot of every cell's list;
     * elsewhere it is mostly, so that is tested first. */
    bool all = true;
    for (uint32_t m = places & (places - 1); m && all; m &= m - 1) {
      int c = geo->unit[a][logic_lowest(m)];
      all = geo->cell_units[c][i] == u ||
            (!geo->slots3 && logic_unit_has(geo, u, c));
    }
    if (all)
      common[nc++] = u;
  }
  return nc;
}

/* A unit of a's kind, other than a, whose places for v lie in b but one:
 * that one cell (the hidden single the elimination leaves), else -1. The
 * candidates are found from b's side: each cell of b outside a that can
 * be v tallies its unit of a's kind. */
static int following_single(const struct logic_state *s, int a, int b, int v,
                            int *unit3) {
  const struct logic_geom *geo = &s->geo;
  uint32_t bit = 1u << (v - 1);
  int units[SUDOKU_MAX_N], inside[SUDOKU_MAX_N], nu = 0;
  for (int j = 0; j < geo->len[b]; j++) {
    int c = geo->unit[b][j];
    if (!(s->cand[c] & bit) || logic_unit_has(geo, a, c))
      continue;
    int u = logic_unit_of(geo, c, geo->kind[a]), t = 0;
    if (u < 0 || u == a)
      continue;
    while (t < nu && units[t] != u)
      t++;
    if (t == nu) {
      units[nu] = u;
      inside[nu++] = 0;
    }
    inside[t]++;
  }
  for (int t = 0; t < nu; t++) {
    uint32_t places = logic_unit_positions(s, units[t], v);
    if (logic_popcount(places) - inside[t] != 1)
      continue;
    for (; places; places &= places - 1) {
      int c = geo->unit[units[t]][logic_lowest(places)];
      if (!logic_unit_has(geo, b, c)) {
        *unit3 = units[t];
        return c;
      }
    }
  }
  return -1;
}

/* following_single on a classic grid, from the places masks alone: the
 * places of v in b outside a, walked in b's order, give the crossing units
 * in the order of their first cell; a unit u's places outside b (a mask,
 * geo.same) must be one. Same answer as the loops, in a few mask
 * operations a crossing unit (the loops read every cell of b and its
 * units: the direct forms run on every step without a single). */
static int following_single_classic(const struct logic_state *s, int a, int b,
                                    int v, uint32_t outside, int *unit3) {
  const struct logic_geom *geo = &s->geo;
  int ka = geo->kind[a], kb = geo->kind[b];
  for (uint32_t m = outside; m;) {
    int j = logic_lowest(m), c = geo->unit[b][j];
    int u = geo->cell_units[c][ka], k = geo->cell_index[c][ka];
    uint32_t rest = s->pos[u][v - 1] & ~geo->same[ka][kb][k];
    if (rest != 0 && (rest & (rest - 1)) == 0) {
      *unit3 = u;
      return geo->unit[u][logic_lowest(rest)];
    }
    m &= ~geo->same[kb][ka][j]; /* the rest of b's cells in u */
  }
  return -1;
}

/* The step of value v locked in a (at the positions places) and b: b's
 * other places of v go (elim, in b's order), or, when direct, the single
 * cell left in unit3 is placed. */
static void locked_step(const struct logic_state *s, struct sudoku_step *out,
                        enum sudoku_technique tech, unsigned rating, int a,
                        int b, int v, uint32_t places, bool direct, int cell,
                        int unit3) {
  const struct logic_geom *geo = &s->geo;
  uint32_t bit = 1u << (v - 1);
  logic_step_init(out, tech, rating);
  for (int j = 0; j < geo->len[b] && !direct; j++) {
    int c = geo->unit[b][j];
    if ((s->cand[c] & bit) && !logic_unit_has(geo, a, c))
      logic_step_elim(out, c, v);
  }
  if (cell >= 0)
    logic_step_place(out, cell, v);
  for (uint32_t m = places; m; m &= m - 1)
    logic_step_cell(out, geo->unit[a][logic_lowest(m)]);
  logic_step_unit(out, a);
  logic_step_unit(out, b);
  if (unit3 >= 0)
    logic_step_unit(out, unit3);
  out->values = bit;
}

/* A classic grid's box-line intersections (segments) as candidate masks:
 * row[b][i] the values some cell of box b's i-th row can hold, col[b][j]
 * its j-th column's; for each box, its row segments' union (bru) and the
 * values in two or more of them (brt), the same for its column segments
 * (bcu, bct), and for each row (ru, rt) and column (cu, ct) over its
 * segments. A value is in one segment of a group only when it is in that
 * segment and not in the group's "two or more"; it is in another segment
 * of the group when it is in the union outside this one, or in two. */
struct segs {
  uint32_t row[SUDOKU_MAX_N][SUDOKU_MAX_N], col[SUDOKU_MAX_N][SUDOKU_MAX_N];
  uint32_t bru[SUDOKU_MAX_N], brt[SUDOKU_MAX_N], bcu[SUDOKU_MAX_N],
      bct[SUDOKU_MAX_N];
  uint32_t ru[SUDOKU_MAX_N], rt[SUDOKU_MAX_N], cu[SUDOKU_MAX_N],
      ct[SUDOKU_MAX_N];
};

/* One pass over the cells, box by box (positions row-major in a box), then
 * the unions. */
LOGIC_SHAPE_INLINE void segs_fill(const struct logic_state *s, struct segs *g,
                                  int n, int br, int bc) {
  const struct logic_geom *geo = &s->geo;
  for (int b = 0; b < n; b++) {
    const uint16_t *cells = geo->unit[2 * n + b];
    uint32_t u = 0, t = 0;
    LOGIC_UNROLL
    for (int j = 0; j < bc; j++)
      g->col[b][j] = 0;
    LOGIC_UNROLL
    for (int i = 0; i < br; i++) {
      uint32_t acc = 0;
      LOGIC_UNROLL
      for (int j = 0; j < bc; j++) {
        uint32_t m = s->cand[cells[i * bc + j]];
        acc |= m;
        g->col[b][j] |= m;
      }
      g->row[b][i] = acc;
      t |= u & acc;
      u |= acc;
    }
    g->bru[b] = u;
    g->brt[b] = t;
    u = t = 0;
    LOGIC_UNROLL
    for (int j = 0; j < bc; j++) {
      t |= u & g->col[b][j];
      u |= g->col[b][j];
    }
    g->bcu[b] = u;
    g->bct[b] = t;
  }
  /* row r = band * br + i crosses boxes band * br + 0..br-1; column
   * c = stack * bc + j crosses boxes 0..bc-1 times br, plus stack */
  for (int r = 0; r < n; r++) {
    int b0 = r / br * br, i = r % br;
    uint32_t u = 0, t = 0;
    LOGIC_UNROLL
    for (int k = 0; k < br; k++) {
      t |= u & g->row[b0 + k][i];
      u |= g->row[b0 + k][i];
    }
    g->ru[r] = u;
    g->rt[r] = t;
  }
  for (int c = 0; c < n; c++) {
    int b0 = c / bc, j = c % bc;
    uint32_t u = 0, t = 0;
    LOGIC_UNROLL
    for (int k = 0; k < bc; k++) {
      t |= u & g->col[b0 + k * br][j];
      u |= g->col[b0 + k * br][j];
    }
    g->cu[c] = u;
    g->ct[c] = t;
  }
}

/* The values locked in segment m of a group (twice: the group's values in
 * two or more segments) with more than one place in a (one: a's values
 * with one place), that the crossing group (union u, twice t) holds
 * outside this segment. */
static inline uint32_t locked_mask(uint32_t m, uint32_t twice, uint32_t one,
                                   uint32_t u, uint32_t t) {
  return m & ~twice & ~one & ((u & ~m) | t);
}

/* The step for a candidate (a, b, v) of the masks: the direct form needs
 * its single. */
static bool locked_try(const struct logic_state *s, struct sudoku_step *out,
                       bool direct, enum sudoku_technique tech, unsigned rating,
                       int a, int b, int v) {
  const struct logic_geom *geo = &s->geo;
  uint32_t places = s->pos[a][v - 1];
  int c0 = geo->unit[a][logic_lowest(places)];
  int ka = geo->kind[a], kb = geo->kind[b];
  uint32_t seg = geo->same[kb][ka][geo->cell_index[c0][kb]];
  int unit3 = -1, cell = -1;
  if (direct && (cell = following_single_classic(
                     s, a, b, v, s->pos[b][v - 1] & ~seg, &unit3)) < 0)
    return false;
  locked_step(s, out, tech, rating, a, b, v, places, direct, cell, unit3);
  return true;
}

/* find_locked on a classic grid, on the segment masks: for each unit A in
 * SE's order, the values locked in one of its segments with something to
 * remove, all at once; then those values ascending, as the loops take
 * them (a value's places, two or more, lie in at most one crossing unit).
 * About 1,200 operations on 9x9 where the loops cost 5,000 to 9,000: the
 * direct forms run on every step that has no single. */
LOGIC_SHAPE_INLINE bool locked_shape(const struct logic_state *s,
                                     struct sudoku_step *out, bool box_first,
                                     bool direct, enum sudoku_technique tech,
                                     unsigned rating, int n, int br, int bc) {
  const struct logic_geom *geo = &s->geo;
  struct segs g;
  segs_fill(s, &g, n, br, bc);
  /* SE's order on a classic grid: the boxes, then the columns and rows */
  for (int o = box_first ? 0 : n; o < (box_first ? n : 3 * n); o++) {
    int a = logic_unit_order(geo, o), ka = geo->kind[a];
    uint32_t e = s->empty[a], one = s->single[a];
    if ((e & (e - 1)) == 0)
      continue; /* fewer than two places for any value */
    /* cross[k]: the unit B of segment k; lock[k]: its values */
    uint32_t lock[2 * SUDOKU_MAX_N], all = 0;
    int cross[2 * SUDOKU_MAX_N], nk = 0;
    if (ka == SUDOKU_UNIT_BOX) {
      int b = a - 2 * n, r0 = b / br * br, c0 = b % br * bc;
      LOGIC_UNROLL
      for (int i = 0; i < br; i++, nk++) {
        lock[nk] =
            locked_mask(g.row[b][i], g.brt[b], one, g.ru[r0 + i], g.rt[r0 + i]);
        cross[nk] = r0 + i;
      }
      LOGIC_UNROLL
      for (int j = 0; j < bc; j++, nk++) {
        lock[nk] =
            locked_mask(g.col[b][j], g.bct[b], one, g.cu[c0 + j], g.ct[c0 + j]);
        cross[nk] = n + c0 + j;
      }
    } else if (ka == SUDOKU_UNIT_ROW) {
      int b0 = a / br * br, i = a % br;
      LOGIC_UNROLL
      for (int k = 0; k < br; k++, nk++) {
        int b = b0 + k;
        lock[nk] = locked_mask(g.row[b][i], g.rt[a], one, g.bru[b], g.brt[b]);
        cross[nk] = 2 * n + b;
      }
    } else {
      int c = a - n, b0 = c / bc, j = c % bc;
      LOGIC_UNROLL
      for (int k = 0; k < bc; k++, nk++) {
        int b = b0 + k * br;
        lock[nk] = locked_mask(g.col[b][j], g.ct[c], one, g.bcu[b], g.bct[b]);
        cross[nk] = 2 * n + b;
      }
    }
    LOGIC_UNROLL
    for (int k = 0; k < nk; k++)
      all |= lock[k];
    for (; all; all &= all - 1) {
      uint32_t bit = all & -all;
      int k = 0;
      while (!(lock[k] & bit))
        k++;
      if (locked_try(s, out, direct, tech, rating, a, cross[k],
                     logic_lowest(bit) + 1))
        return true;
    }
  }
  return false;
}

static bool find_locked_classic(const struct logic_state *s,
                                struct sudoku_step *out, bool box_first,
                                bool direct, enum sudoku_technique tech,
                                unsigned rating) {
  const struct logic_geom *geo = &s->geo;
  if (geo->box_rows == 3 && geo->box_cols == 3)
    return locked_shape(s, out, box_first, direct, tech, rating, 9, 3, 3);
  return locked_shape(s, out, box_first, direct, tech, rating, geo->n,
                      geo->box_rows, geo->box_cols);
}

/* The first locked-candidates step with A of the wanted side (box or not),
 * direct or not. */
static bool find_locked(const struct logic_state *s, struct sudoku_step *out,
                        bool box_first, bool direct, enum sudoku_technique tech,
                        unsigned rating) {
  const struct logic_geom *geo = &s->geo;
  if (geo->classic)
    return find_locked_classic(s, out, box_first, direct, tech, rating);
  for (int i = 0; i < geo->nunits; i++) {
    int a = logic_unit_order(geo, i);
    if ((geo->kind[a] == SUDOKU_UNIT_BOX) != box_first)
      continue;
    const uint32_t *apos = s->pos[a];
    for (int v = 1; v <= geo->n; v++) {
      uint32_t places = apos[v - 1];
      if ((places & (places - 1)) == 0)
        continue;
      int common[LOGIC_MAX_CELL_UNITS];
      int nc = common_units(geo, a, places, common);
      for (int ci = 0; ci < nc; ci++) {
        int b = common[ci], k = logic_popcount(places);
        if (logic_popcount(logic_unit_positions(s, b, v)) == k)
          continue; /* nothing of b outside a */
        int unit3 = -1, cell = -1;
        if (direct && (cell = following_single(s, a, b, v, &unit3)) < 0)
          continue;
        locked_step(s, out, tech, rating, a, b, v, places, direct, cell, unit3);
        return true;
      }
    }
  }
  return false;
}

bool logic_find_DIRECT_POINTING(const struct logic_state *s,
                                struct sudoku_step *out) {
  return find_locked(s, out, true, true, SUDOKU_TECH_DIRECT_POINTING, 17);
}

bool logic_find_DIRECT_CLAIMING(const struct logic_state *s,
                                struct sudoku_step *out) {
  return find_locked(s, out, false, true, SUDOKU_TECH_DIRECT_CLAIMING, 19);
}

bool logic_find_POINTING(const struct logic_state *s, struct sudoku_step *out) {
  return find_locked(s, out, true, false, SUDOKU_TECH_POINTING, 26);
}

bool logic_find_CLAIMING(const struct logic_state *s, struct sudoku_step *out) {
  return find_locked(s, out, false, false, SUDOKU_TECH_CLAIMING, 28);
}

/* The sentence of direct-pointing, direct-claiming, pointing, claiming. */
static bool intersection_sentence(struct logic_text *t,
                                  const struct sudoku_step *st) {
  const uint8_t *u = st->units;
  if (st->nunits < 2)
    return false;
  logic_say(t, st,
            "In %u, %v lies only in %u (%C), so it goes from the rest of %u",
            u[0], st->values, u[1], st->cells, st->ncells, u[1]);
  if (st->nplacements > 0 && st->nunits >= 3)
    logic_say(t, st, " and %p is left as the only place for it in %u", u[2]);
  logic_say(t, st, ": %O.");
  return true;
}
LOGIC_EXPLAIN(DIRECT_POINTING, intersection_sentence)
LOGIC_EXPLAIN(DIRECT_CLAIMING, intersection_sentence)
LOGIC_EXPLAIN(POINTING, intersection_sentence)
LOGIC_EXPLAIN(CLAIMING, intersection_sentence)
