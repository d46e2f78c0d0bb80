/*
 * fish.c - X-wing (3.2), swordfish (3.8), jellyfish (5.2): k base lines
 * (rows, or columns) in which a value's places lie in only k cover lines
 * of the other direction; the value goes from the rest of the covers.
 * Rows are tried as bases before columns, as in SE's Fisherman.
 *
 * Written over units: the bases are the units of one kind, the covers the
 * units of the other, found through each cell's own units.
 * Cost: per value, a depth-first search over the base lines with 2..k
 * places, pruned when the covers grow past k.
 */
#include "logic.h"

struct fish {
  const struct logic_state *s;
  int k, v, base_kind, cover_kind;
  int nlines;
  int line[SUDOKU_MAX_N];        /* base units with 2..k places */
  uint32_t covers[SUDOKU_MAX_N]; /* their cover units, as bits */
  int cover_unit[SUDOKU_MAX_N];  /* bit i -> unit index */
  int pick[4];
};

static bool fish_accept(const struct fish *f, uint32_t covers,
                        struct sudoku_step *out, enum sudoku_technique tech,
                        unsigned rating) {
  const struct logic_state *s = f->s;
  const struct logic_geom *geo = &s->geo;
  uint32_t bit = 1u << (f->v - 1);
  logic_step_init(out, tech, rating);
  for (uint32_t m = covers; m; m &= m - 1) {
    int u = f->cover_unit[logic_lowest(m)];
    for (int j = 0; j < geo->len[u]; j++) {
      int c = geo->unit[u][j];
      if (!(s->cand[c] & bit))
        continue;
      bool in_base = false;
      for (int p = 0; p < f->k; p++)
        in_base |= logic_unit_has(geo, f->line[f->pick[p]], c);
      if (in_base)
        logic_step_cell(out, c);
      else
        logic_step_elim(out, c, f->v);
    }
  }
  if (out->neliminations == 0)
    return false;
  for (int p = 0; p < f->k; p++)
    logic_step_unit(out, f->line[f->pick[p]]);
  for (uint32_t m = covers; m; m &= m - 1)
    logic_step_unit(out, f->cover_unit[logic_lowest(m)]);
  out->values = bit;
  return true;
}

static bool fish_search(struct fish *f, int depth, int from, uint32_t acc,
                        struct sudoku_step *out, enum sudoku_technique tech,
                        unsigned rating) {
  if (depth == f->k)
    return logic_popcount(acc) == f->k &&
           fish_accept(f, acc, out, tech, rating);
  for (int i = from; i <= f->nlines - (f->k - depth); i++) {
    uint32_t u = acc | f->covers[i];
    if (logic_popcount(u) > f->k)
      continue;
    f->pick[depth] = i;
    if (fish_search(f, depth + 1, i + 1, u, out, tech, rating))
      return true;
  }
  return false;
}

static bool find_fish(const struct logic_state *s, struct sudoku_step *out,
                      int k, enum sudoku_technique tech, unsigned rating) {
  const struct logic_geom *geo = &s->geo;
  static const int kinds[2][2] = {{SUDOKU_UNIT_ROW, SUDOKU_UNIT_COL},
                                  {SUDOKU_UNIT_COL, SUDOKU_UNIT_ROW}};
  struct fish f;
  f.s = s;
  f.k = k;
  for (int dir = 0; dir < 2; dir++) {
    f.base_kind = kinds[dir][0];
    f.cover_kind = kinds[dir][1];
    /* Number the cover units 0..n-1 in unit order. */
    int ncov = 0, cover_ix[LOGIC_MAX_UNITS];
    for (int u = 0; u < geo->nunits; u++) {
      cover_ix[u] = -1;
      if (geo->kind[u] == f.cover_kind && ncov < 32) {
        cover_ix[u] = ncov;
        f.cover_unit[ncov++] = u;
      }
    }
    /* One pass over the base units: for every value, each base's covers
     * and places (the search below then runs per value on these). */
    int nbase = 0, base[SUDOKU_MAX_N];
    uint32_t cov[SUDOKU_MAX_N][SUDOKU_MAX_N]; /* [value][base] */
    uint8_t places[SUDOKU_MAX_N][SUDOKU_MAX_N];
    for (int u = 0; u < geo->nunits && nbase < SUDOKU_MAX_N; u++) {
      if (geo->kind[u] != f.base_kind)
        continue;
      for (int v = 0; v < geo->n; v++) {
        cov[v][nbase] = 0;
        places[v][nbase] = 0;
      }
      for (int j = 0; j < geo->len[u]; j++) {
        int c = geo->unit[u][j];
        uint32_t m = s->cand[c];
        if (m == 0)
          continue;
        int cu = logic_unit_of(geo, c, f.cover_kind);
        uint32_t cbit = cu >= 0 && cover_ix[cu] >= 0 ? 1u << cover_ix[cu] : 0;
        for (; m; m &= m - 1) {
          int v = logic_lowest(m);
          cov[v][nbase] |= cbit;
          places[v][nbase]++;
        }
      }
      base[nbase++] = u;
    }
    for (int v = 1; v <= geo->n; v++) {
      f.v = v;
      f.nlines = 0;
      for (int b = 0; b < nbase; b++)
        if (places[v - 1][b] >= 2 && logic_popcount(cov[v - 1][b]) <= k) {
          f.line[f.nlines] = base[b];
          f.covers[f.nlines++] = cov[v - 1][b];
        }
      if (f.nlines >= k && fish_search(&f, 0, 0, 0, out, tech, rating))
        return true;
    }
  }
  return false;
}

bool logic_find_X_WING(const struct logic_state *s, struct sudoku_step *out) {
  return find_fish(s, out, 2, SUDOKU_TECH_X_WING, 32);
}
bool logic_find_SWORDFISH(const struct logic_state *s,
                          struct sudoku_step *out) {
  return find_fish(s, out, 3, SUDOKU_TECH_SWORDFISH, 38);
}
bool logic_find_JELLYFISH(const struct logic_state *s,
                          struct sudoku_step *out) {
  return find_fish(s, out, 4, SUDOKU_TECH_JELLYFISH, 52);
}

/* The sentence of x-wing, swordfish, jellyfish. */
static bool fish_sentence(struct logic_text *t, const struct sudoku_step *st) {
  int nu = st->nunits;
  if (nu < 2)
    return false;
  logic_say(t, st,
            "In %U, %v lies only in %U, so it goes from the rest of those: %O.",
            st->units, nu / 2, st->values, st->units + nu / 2, nu - nu / 2);
  return true;
}
LOGIC_EXPLAIN(X_WING, fish_sentence)
LOGIC_EXPLAIN(SWORDFISH, fish_sentence)
LOGIC_EXPLAIN(JELLYFISH, fish_sentence)
