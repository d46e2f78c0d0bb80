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
  if (geo->classic) { /* a mask test a crossing unit */
    int k = geo->kind[a];
    for (int i = 0; i < 3; i++)
      if (i != k && (places & ~geo->same[k][i][j0]) == 0)
        common[nc++] = geo->cell_units[c0][i];
    return nc;
  }
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

/* The first locked-candidates step with A of the wanted side (box or not),
 * direct or not. */
static bool find_locked(const struct logic_state *s, struct sudoku_step *out,
                        bool box_first, bool direct, enum sudoku_technique tech,
                        unsigned rating) {
  const struct logic_geom *geo = &s->geo;
  for (int i = 0; i < geo->nunits; i++) {
    int a = logic_unit_order(geo, i);
    if ((geo->kind[a] == SUDOKU_UNIT_BOX) != box_first)
      continue;
    const uint32_t *apos = s->pos[a];
    for (int v = 1; v <= geo->n; v++) {
      uint32_t bit = 1u << (v - 1), places = apos[v - 1];
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
