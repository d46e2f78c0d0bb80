/*
 * wings.c - XY-wing (4.2) and XYZ-wing (4.4).
 *
 * XY-wing: a pivot with candidates {x,y} sees a wing {x,z} and a wing
 * {y,z}; whichever the pivot is, one wing is z, so z goes from every cell
 * that sees both wings. XYZ-wing: the pivot is {x,y,z}, the wings {x,z}
 * and {y,z}; z goes from the cells that see all three.
 * Cost: per pivot, pairs of its peers with two candidates: O(cells x
 * peers^2), small beside the chains after it.
 */
#include "logic.h"

/* Peers of c with exactly two candidates, each once, into out[]. */
static int bivalue_peers(const struct logic_state *s, int c,
                         uint16_t out[3 * SUDOKU_MAX_N]) {
  const struct logic_geom *geo = &s->geo;
  int k = 0;
  for (int i = 0; i < geo->ncell_units[c]; i++) {
    int u = geo->cell_units[c][i];
    for (int j = 0; j < geo->len[u]; j++) {
      int p = geo->unit[u][j];
      if (p == c || logic_popcount(s->cand[p]) != 2)
        continue;
      bool seen = false;
      for (int q = 0; q < k && !seen; q++)
        seen = out[q] == p;
      if (!seen && k < 3 * SUDOKU_MAX_N)
        out[k++] = (uint16_t)p;
    }
  }
  return k;
}

static bool find_wing(const struct logic_state *s, struct sudoku_step *out,
                      bool xyz) {
  const struct logic_geom *geo = &s->geo;
  uint16_t peers[3 * SUDOKU_MAX_N];
  for (int p = 0; p < geo->ncells; p++) {
    uint32_t pm = s->cand[p];
    if (logic_popcount(pm) != (xyz ? 3 : 2))
      continue;
    int k = bivalue_peers(s, p, peers);
    for (int i = 0; i < k; i++) {
      uint32_t a = s->cand[peers[i]];
      for (int j = i + 1; j < k; j++) {
        uint32_t b = s->cand[peers[j]];
        uint32_t z = a & b;
        if (logic_popcount(z) != 1 || a == b)
          continue;
        /* XY: the wings hold z plus one pivot value each, different ones,
         * and z is not the pivot's. XYZ: the wings lie inside the pivot. */
        if (xyz ? ((a | b) != pm) : ((z & pm) != 0 || ((a | b) & ~z) != pm))
          continue;
        int v = logic_lowest(z) + 1;
        logic_step_init(out, xyz ? SUDOKU_TECH_XYZ_WING : SUDOKU_TECH_XY_WING,
                        xyz ? 44 : 42);
        for (int c = 0; c < geo->ncells; c++) {
          if (!(s->cand[c] & z) || c == p || c == peers[i] || c == peers[j])
            continue;
          if (logic_sees(geo, c, peers[i]) && logic_sees(geo, c, peers[j]) &&
              (!xyz || logic_sees(geo, c, p)))
            logic_step_elim(out, c, v);
        }
        if (out->neliminations == 0)
          continue;
        logic_step_cell(out, p);
        logic_step_cell(out, peers[i]);
        logic_step_cell(out, peers[j]);
        out->values = z;
        return true;
      }
    }
  }
  return false;
}

bool logic_find_XY_WING(const struct logic_state *s, struct sudoku_step *out) {
  return find_wing(s, out, false);
}

bool logic_find_XYZ_WING(const struct logic_state *s, struct sudoku_step *out) {
  return find_wing(s, out, true);
}

/* The sentence of xy-wing, xyz-wing. */
static bool wing_sentence(struct logic_text *t, const struct sudoku_step *st) {
  bool xyz = st->technique == SUDOKU_TECH_XYZ_WING;
  if (st->ncells < 3)
    return false;
  logic_say(
      t, st,
      "Whatever pivot %c holds, %c%s%c%s is %v, so no cell that sees them "
      "all can be: %O.",
      st->cells[0], st->cells[1], xyz ? ", " : " or ", st->cells[2],
      xyz ? " or the pivot itself" : "", st->values);
  return true;
}
LOGIC_EXPLAIN(XY_WING, wing_sentence)
LOGIC_EXPLAIN(XYZ_WING, wing_sentence)
