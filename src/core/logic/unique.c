/*
 * unique.c - uniqueness techniques, used only when the puzzle is known to
 * have one solution (s->unique): unique rectangles types 1-4 and BUG+1.
 *
 * Unique rectangle: four cells in two rows, two columns and two boxes, all
 * holding values {a,b}. If all four were left with just {a,b} the two could
 * be swapped: two solutions. So (type 1) the one cell with more loses a and
 * b; (type 2) when the cells with more share one extra value z, z is in one
 * of them, and goes from every cell seeing them all; (type 3) the extra
 * values of two such cells act as one virtual cell that forms a naked set
 * with k-1 other cells of a unit they share; (type 4) when a (or b) has no
 * other place in a unit holding both extra cells, b (or a) goes from them.
 * SE rates them 4.5, type 3 plus 0.1 a cell of its set beyond the first
 * (UniqueLoopHint and subclasses). Only rectangles: SE's longer loops
 * (4.6 and up) are not sought.
 *
 * BUG+1 (5.6): every empty cell has two candidates but one with three, and
 * each value appears twice in every unit but one value three times in the
 * units of that cell: that value must go there, or the grid would be a
 * "bivalue universal grave" with two solutions.
 *
 * Written over units: the rectangle is checked with SE's rule (every unit
 * the four cells touch holds exactly two of them, one from each diagonal),
 * which also refuses rectangles a variant unit would spoil.
 */
#include "logic.h"

/* SE's isValidLoop for four cells in loop order: every unit touched holds
 * exactly one even and one odd cell of the loop. */
static bool valid_loop(const struct logic_geom *geo, const int cell[4]) {
  int touched[4 * LOGIC_MAX_CELL_UNITS], parity[4 * LOGIC_MAX_CELL_UNITS];
  int count[4 * LOGIC_MAX_CELL_UNITS], nt = 0;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < geo->ncell_units[cell[i]]; j++) {
      int u = geo->cell_units[cell[i]][j], t = 0;
      while (t < nt && touched[t] != u)
        t++;
      if (t == nt) {
        touched[nt] = u;
        parity[nt] = 0;
        count[nt++] = 0;
      }
      count[t]++;
      parity[t] += i & 1;
    }
  for (int t = 0; t < nt; t++)
    if (count[t] != 2 || parity[t] != 1)
      return false;
  return true;
}

struct rect {
  int cell[4]; /* loop order: a, b (a's row), d, c (a's column) */
  uint32_t pair;
  int extra[4], nextra;
};

static void rect_pattern(struct sudoku_step *out, const struct rect *r) {
  for (int i = 0; i < 4; i++)
    logic_step_cell(out, r->cell[i]);
  out->values = r->pair;
}

/* The units holding both cells x and y. */
static int shared_units(const struct logic_geom *geo, int x, int y,
                        int units[LOGIC_MAX_CELL_UNITS]) {
  int k = 0;
  for (int i = 0; i < geo->ncell_units[x]; i++)
    if (logic_unit_has(geo, geo->cell_units[x][i], y))
      units[k++] = geo->cell_units[x][i];
  return k;
}

static bool in_rect(const struct rect *r, int c) {
  for (int i = 0; i < 4; i++)
    if (r->cell[i] == c)
      return true;
  return false;
}

static bool type2(const struct logic_state *s, const struct rect *r,
                  struct sudoku_step *out) {
  const struct logic_geom *geo = &s->geo;
  uint32_t extra = 0;
  for (int i = 0; i < r->nextra; i++)
    extra |= s->cand[r->extra[i]] & ~r->pair;
  if (logic_popcount(extra) != 1)
    return false;
  int v = logic_lowest(extra) + 1;
  logic_step_init(out, SUDOKU_TECH_UNIQUE_RECTANGLE, 45);
  for (int c = 0; c < geo->ncells; c++) {
    if (!(s->cand[c] & extra) || in_rect(r, c))
      continue;
    bool all = true;
    for (int i = 0; i < r->nextra && all; i++)
      all = logic_sees(geo, c, r->extra[i]);
    if (all)
      logic_step_elim(out, c, v);
  }
  if (out->neliminations == 0)
    return false;
  rect_pattern(out, r);
  return true;
}

/* Type 3: in a unit holding both extra cells, the virtual cell (their extra
 * values) and k-1 other cells hold k values; they go from the rest. Tries
 * k = 2..4 and returns the smallest set that eliminates. */
static bool type3(const struct logic_state *s, const struct rect *r,
                  struct sudoku_step *out) {
  const struct logic_geom *geo = &s->geo;
  int x = r->extra[0], y = r->extra[1];
  uint32_t virt = (s->cand[x] | s->cand[y]) & ~r->pair;
  int units[LOGIC_MAX_CELL_UNITS];
  int nu = shared_units(geo, x, y, units);
  for (int k = logic_popcount(virt) < 2 ? 2 : logic_popcount(virt); k <= 4; k++)
    for (int ui = 0; ui < nu; ui++) {
      int u = units[ui], other[SUDOKU_MAX_N], no = 0;
      for (int j = 0; j < geo->len[u]; j++) {
        int c = geo->unit[u][j];
        if (s->value[c] == 0 && !in_rect(r, c) &&
            logic_popcount(s->cand[c] | virt) <= k && no < 20)
          other[no++] = c;
      }
      /* k-1 of the others, by an odometer over indexes. */
      int pick[3], m = k - 1;
      if (no < m)
        continue;
      for (int i = 0; i < m; i++)
        pick[i] = i;
      for (;;) {
        uint32_t set = virt;
        for (int i = 0; i < m; i++)
          set |= s->cand[other[pick[i]]];
        if (logic_popcount(set) == k) {
          logic_step_init(out, SUDOKU_TECH_UNIQUE_RECTANGLE,
                          (unsigned)(45 + k - 1));
          for (int j = 0; j < geo->len[u]; j++) {
            int c = geo->unit[u][j];
            bool in_set = c == x || c == y;
            for (int i = 0; i < m; i++)
              in_set |= other[pick[i]] == c;
            uint32_t e = in_set ? 0 : s->cand[c] & set;
            for (int v = 1; e; v++, e >>= 1)
              if (e & 1)
                logic_step_elim(out, c, v);
          }
          if (out->neliminations > 0) {
            rect_pattern(out, r);
            for (int i = 0; i < m; i++)
              logic_step_cell(out, other[pick[i]]);
            logic_step_unit(out, u);
            return true;
          }
        }
        int i = m - 1;
        while (i >= 0 && pick[i] == no - m + i)
          i--;
        if (i < 0)
          break;
        pick[i]++;
        for (int j = i + 1; j < m; j++)
          pick[j] = pick[j - 1] + 1;
      }
    }
  return false;
}

/* Type 4: a of the pair has no place but x and y in a unit holding both:
 * b goes from x and y. */
static bool type4(const struct logic_state *s, const struct rect *r,
                  struct sudoku_step *out) {
  const struct logic_geom *geo = &s->geo;
  int x = r->extra[0], y = r->extra[1];
  int units[LOGIC_MAX_CELL_UNITS];
  int nu = shared_units(geo, x, y, units);
  for (int ui = 0; ui < nu; ui++)
    for (uint32_t pm = r->pair; pm; pm &= pm - 1) {
      int lock = logic_lowest(pm) + 1;
      uint32_t other = r->pair & ~(1u << (lock - 1));
      int places = 0;
      for (int j = 0; j < geo->len[units[ui]]; j++)
        places += (s->cand[geo->unit[units[ui]][j]] >> (lock - 1)) & 1;
      if (places != 2)
        continue;
      int v = logic_lowest(other) + 1;
      logic_step_init(out, SUDOKU_TECH_UNIQUE_RECTANGLE, 45);
      logic_step_elim(out, x, v);
      logic_step_elim(out, y, v);
      rect_pattern(out, r);
      logic_step_unit(out, units[ui]);
      return true;
    }
  return false;
}

/* The easiest step a rectangle gives, kept in *best when it beats it. */
static void try_rect(const struct logic_state *s, const struct rect *r,
                     struct sudoku_step *best, bool *found,
                     struct sudoku_step *tmp) {
  if (r->nextra == 1) {
    logic_step_init(tmp, SUDOKU_TECH_UNIQUE_RECTANGLE, 45);
    for (uint32_t m = r->pair; m; m &= m - 1)
      logic_step_elim(tmp, r->extra[0], logic_lowest(m) + 1);
    rect_pattern(tmp, r);
  } else if (!type2(s, r, tmp) &&
             !(r->nextra == 2 && (type4(s, r, tmp) || type3(s, r, tmp))))
    return;
  if (!*found || tmp->rating < best->rating) {
    *best = *tmp;
    *found = true;
  }
}

bool logic_find_UNIQUE_RECTANGLE(const struct logic_state *s,
                                 struct sudoku_step *out) {
  if (!s->unique)
    return false;
  const struct logic_geom *geo = &s->geo;
  struct sudoku_step tmp;
  bool found = false;
  for (int a = 0; a < geo->ncells && !(found && out->rating == 45); a++) {
    uint32_t pair = s->cand[a];
    if (logic_popcount(pair) != 2)
      continue;
    int row = logic_unit_of(geo, a, SUDOKU_UNIT_ROW);
    int col = logic_unit_of(geo, a, SUDOKU_UNIT_COL);
    if (row < 0 || col < 0)
      continue;
    for (int i = 0; i < geo->len[row]; i++) {
      int b = geo->unit[row][i];
      if (b == a || (s->cand[b] & pair) != pair)
        continue;
      int bcol = logic_unit_of(geo, b, SUDOKU_UNIT_COL);
      for (int j = 0; j < geo->len[col]; j++) {
        int c = geo->unit[col][j];
        if (c == a || (s->cand[c] & pair) != pair)
          continue;
        int crow = logic_unit_of(geo, c, SUDOKU_UNIT_ROW), d = -1;
        for (int q = 0; q < geo->len[crow] && d < 0; q++)
          if (logic_unit_has(geo, bcol, geo->unit[crow][q]))
            d = geo->unit[crow][q];
        if (d < 0 || (s->cand[d] & pair) != pair)
          continue;
        struct rect r = {{a, b, d, c}, pair, {0}, 0};
        /* Each rectangle once: a is its first bivalue cell. */
        bool first = true;
        for (int q = 0; q < 4; q++) {
          int x = r.cell[q];
          if (s->cand[x] == pair && x < a)
            first = false;
          if (s->cand[x] != pair)
            r.extra[r.nextra++] = x;
        }
        if (!first || r.nextra == 0 || !valid_loop(geo, r.cell))
          continue;
        try_rect(s, &r, out, &found, &tmp);
      }
    }
  }
  return found;
}

bool logic_find_BUG(const struct logic_state *s, struct sudoku_step *out) {
  if (!s->unique)
    return false;
  const struct logic_geom *geo = &s->geo;
  int odd = -1;
  for (int c = 0; c < geo->ncells; c++) {
    if (s->value[c] != 0)
      continue;
    int pc = logic_popcount(s->cand[c]);
    if (pc == 2)
      continue;
    if (pc != 3 || odd >= 0)
      return false;
    odd = c;
  }
  if (odd < 0)
    return false;
  /* The value of the odd cell seen three times in each of its units; with
   * it removed, every value must appear 0 or 2 times in every unit. */
  for (uint32_t m = s->cand[odd]; m; m &= m - 1) {
    int v = logic_lowest(m) + 1;
    bool ok = true;
    for (int u = 0; u < geo->nunits && ok; u++)
      for (int w = 1; w <= geo->n && ok; w++) {
        int count = 0;
        for (int j = 0; j < geo->len[u]; j++) {
          int c = geo->unit[u][j];
          if ((s->cand[c] >> (w - 1)) & 1)
            count += !(c == odd && w == v);
        }
        ok = count == 0 || count == 2;
      }
    if (!ok)
      continue;
    logic_step_init(out, SUDOKU_TECH_BUG, 56);
    logic_step_place(out, odd, v);
    logic_step_cell(out, odd);
    out->values = 1u << (v - 1);
    return true;
  }
  return false;
}
