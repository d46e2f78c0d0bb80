/*
 * unique.c - unique rectangles and loops (SE's UniqueLoops), used only when
 * the puzzle is known to have one solution (s->unique).
 *
 * A loop: an even cycle of cells, each holding values {a,b}, consecutive
 * cells sharing a unit, every unit it touches holding exactly two of its
 * cells, one at an even and one at an odd place (SE's isValidLoop; four
 * cells in two rows, columns and boxes: a rectangle). If every cell were
 * left with just {a,b}, the two could be swapped: two solutions. So:
 *  type 1  the one cell with more loses a and b;
 *  type 2  the cells with more share one extra value z: z is in one of
 *          them, and goes from every cell that sees them all;
 *  type 3  two cells with more, in a common unit: their extra values act
 *          as one virtual cell forming a naked set with k-1 other cells of
 *          that unit, whose values go from the unit's other cells;
 *  type 4  two cells with more in a common unit where a (or b) has no other
 *          place: one of them is a, so neither is b.
 * Ratings (UniqueLoopHint): 4.5, plus 0.1 for 6 cells, 0.2 for 8, 0.5 for
 * 10 and more; type 3 plus 0.1 a cell of its set beyond the first. Among
 * equal ratings the lower type wins, as SE sorts them.
 *
 * The search: from each cell with two candidates, a depth-first walk
 * through cells holding both values, never along two units of one kind in
 * a row, at most two cells with more unless they all share one extra
 * value, pruned as soon as a unit would hold three cells; bounded in
 * length (LOOP_MAX: SE rates every loop of 10 cells and more 5.0) and in
 * nodes (LOOP_NODES) so that 25x25 stays cheap: a
 * loop beyond the bounds is missed, never wrong. Each max_len walks again:
 * a loop is judged only at the max_len of its length (a shorter one met
 * again was judged before), and a walk from a cell that stopped short of
 * max_len is not repeated at longer ones (it is the same; its nodes are
 * counted again, so the node bound cuts where the plain walk would).
 */
#include <string.h>

#include "logic.h"

#define LOOP_MAX 10      /* cells in a loop */
#define LOOP_NODES 20000 /* cells visited a call */

struct loop {
  const struct logic_state *s;
  uint32_t pair;
  int v0, v1; /* the pair's value indexes */
  int cell[LOOP_MAX], len, max_len;
  uint8_t in_unit[LOGIC_MAX_UNITS]; /* loop cells in each unit */
  uint8_t tally[LOGIC_MAX_UNITS];   /* valid_loop's, kept at 0 */
  bool on[SUDOKU_MAX_CELLS];        /* cells on the loop */
  long nodes;
  /* done[c] != 0 once the walk from c reached no cell one short of
   * max_len (deep stayed false): its tree is then the same at every longer
   * max_len, done[c] nodes that close nothing. */
  bool deep;
  uint32_t done[SUDOKU_MAX_CELLS];
  /* Grids of at most 128 cells whose units list their cells in cell
   * order: sets of cells as two words, so that a unit's candidates for
   * the next cell are a few word operations, in the walk's order. umask:
   * each unit's cells; vcells: where each value is a candidate; both: the
   * cells holding the pair; peers0: the cells that see cell[0]; on: the
   * loop's cells. */
  bool masks;
  uint64_t umask[LOGIC_MAX_UNITS][2], vcells[SUDOKU_MAX_N][2];
  uint64_t both[2], peers0[2], on_mask[2];
  struct sudoku_step *best, *tmp;
  bool found;
  int best_type;
};

/* SE's isValidLoop: every unit touched holds one even and one odd cell.
 * l->tally[u] counts an even cell 1 and an odd one 16, so 17 says both;
 * the second pass reads each unit at its first cell and leaves the tally
 * at 0 again (a unit read already shows 0). */
static bool valid_loop(struct loop *l) {
  const struct logic_geom *geo = &l->s->geo;
  bool ok = true;
  for (int i = 0; i < l->len; i++)
    for (int j = 0; j < geo->ncell_units[l->cell[i]]; j++)
      l->tally[geo->cell_units[l->cell[i]][j]] += (uint8_t)(i & 1 ? 16 : 1);
  for (int i = 0; i < l->len; i++)
    for (int j = 0; j < geo->ncell_units[l->cell[i]]; j++) {
      int u = geo->cell_units[l->cell[i]][j];
      ok = ok && (l->tally[u] == 17 || l->tally[u] == 0);
      l->tally[u] = 0;
    }
  return ok;
}

static bool in_loop(const struct loop *l, int c) { return l->on[c]; }

static unsigned loop_rating(int len) {
  return 45 + (len >= 10 ? 5 : len >= 8 ? 2 : len >= 6 ? 1 : 0);
}

static void pattern(struct sudoku_step *out, const struct loop *l) {
  for (int i = 0; i < l->len; i++)
    logic_step_cell(out, l->cell[i]);
  out->values = l->pair;
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

static bool type2(const struct loop *l, const int *extra, int nextra,
                  struct sudoku_step *out) {
  const struct logic_state *s = l->s;
  const struct logic_geom *geo = &s->geo;
  uint32_t z = 0;
  for (int i = 0; i < nextra; i++)
    z |= s->cand[extra[i]] & ~l->pair;
  if (logic_popcount(z) != 1)
    return false;
  logic_step_init(out, SUDOKU_TECH_UNIQUE_RECTANGLE, loop_rating(l->len));
  for (int c = 0; c < geo->ncells; c++) {
    if (!(s->cand[c] & z) || in_loop(l, c))
      continue;
    bool all = true;
    for (int i = 0; i < nextra && all; i++)
      all = logic_sees(geo, c, extra[i]);
    if (all)
      logic_step_elim(out, c, logic_lowest(z) + 1);
  }
  if (out->neliminations == 0)
    return false;
  pattern(out, l);
  return true;
}

/* Type 3 for k = 2..4 in each unit holding both extra cells x and y:
 * the first set (smallest k) that eliminates. */
static bool type3_naked_set(const struct loop *l, int x, int y,
                            struct sudoku_step *out) {
  const struct logic_state *s = l->s;
  const struct logic_geom *geo = &s->geo;
  uint32_t virt = (s->cand[x] | s->cand[y]) & ~l->pair;
  int units[LOGIC_MAX_CELL_UNITS], nu = shared_units(geo, x, y, units);
  int kmin = logic_popcount(virt) < 2 ? 2 : logic_popcount(virt);
  for (int k = kmin; k <= 4; k++)
    for (int ui = 0; ui < nu; ui++) {
      int u = units[ui], other[20], no = 0, m = k - 1, pick[3];
      for (int j = 0; j < geo->len[u]; j++) {
        int c = geo->unit[u][j];
        if (s->value[c] == 0 && !in_loop(l, c) &&
            logic_popcount(s->cand[c] | virt) <= k && no < 20)
          other[no++] = c;
      }
      if (no < m)
        continue;
      for (int i = 0; i < m; i++)
        pick[i] = i;
      for (;;) { /* every m of the others, in index order */
        uint32_t set = virt;
        for (int i = 0; i < m; i++)
          set |= s->cand[other[pick[i]]];
        if (logic_popcount(set) == k) {
          logic_step_init(out, SUDOKU_TECH_UNIQUE_RECTANGLE,
                          loop_rating(l->len) + (unsigned)(k - 1));
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
            pattern(out, l);
            for (int i = 0; i < m; i++)
              logic_step_cell(out, other[pick[i]]);
            logic_step_unit(out, u);
            return true;
          }
        }
        if (!logic_next_subset(pick, m, no))
          break;
      }
    }
  return false;
}

static bool type4(const struct loop *l, int x, int y, struct sudoku_step *out) {
  const struct logic_state *s = l->s;
  const struct logic_geom *geo = &s->geo;
  int units[LOGIC_MAX_CELL_UNITS], nu = shared_units(geo, x, y, units);
  for (int ui = 0; ui < nu; ui++)
    for (uint32_t pm = l->pair; pm; pm &= pm - 1) {
      int lock = logic_lowest(pm) + 1;
      if (logic_popcount(logic_unit_positions(s, units[ui], lock)) != 2)
        continue;
      int v = logic_lowest(l->pair & ~(1u << (lock - 1))) + 1;
      logic_step_init(out, SUDOKU_TECH_UNIQUE_RECTANGLE, loop_rating(l->len));
      logic_step_elim(out, x, v);
      logic_step_elim(out, y, v);
      pattern(out, l);
      logic_step_unit(out, units[ui]);
      return true;
    }
  return false;
}

/* A closed loop: its steps, the best kept by (rating, type). */
static void closed(struct loop *l) {
  const struct logic_state *s = l->s;
  if (!valid_loop(l))
    return;
  int extra[LOOP_MAX], nextra = 0;
  for (int i = 0; i < l->len; i++)
    if (s->cand[l->cell[i]] != l->pair)
      extra[nextra++] = l->cell[i];
  struct sudoku_step *t = l->tmp;
  for (int type = 1; type <= 4; type++) {
    bool ok = false;
    if (type == 1 && nextra == 1) {
      logic_step_init(t, SUDOKU_TECH_UNIQUE_RECTANGLE, loop_rating(l->len));
      for (uint32_t m = l->pair; m; m &= m - 1)
        logic_step_elim(t, extra[0], logic_lowest(m) + 1);
      pattern(t, l);
      ok = true;
    } else if (type == 2 && nextra >= 2) {
      ok = type2(l, extra, nextra, t);
    } else if (type == 3 && nextra == 2) {
      ok = type3_naked_set(l, extra[0], extra[1], t);
    } else if (type == 4 && nextra == 2) {
      ok = type4(l, extra[0], extra[1], t);
    }
    if (!ok)
      continue;
    if (!l->found || t->rating < l->best->rating ||
        (t->rating == l->best->rating && type < l->best_type)) {
      struct sudoku_step *swap = l->best;
      l->best = t;
      l->tmp = t = swap;
      l->best_type = type;
      l->found = true;
    }
  }
}

/* The walk's last cell, next, reached through a unit of kind `kind`: a
 * node like any other (counted, and it must not crowd a unit), which only
 * closes the loop, through one of its units of another kind that holds the
 * first cell. closed() once: a second unit closes the same loop. */
static void last_cell(struct loop *l, int next, int kind) {
  const struct logic_geom *geo = &l->s->geo;
  if (++l->nodes > LOOP_NODES)
    return;
  const uint8_t *units = geo->cell_units[next];
  int nu = geo->ncell_units[next];
  for (int i = 0; i < nu; i++)
    if (l->in_unit[units[i]] >= 2) /* a third cell in a unit */
      return;
  bool closes = false;
  for (int i = 0; i < nu && !closes; i++)
    closes = geo->kind[units[i]] != kind &&
             logic_unit_has(geo, units[i], l->cell[0]);
  if (!closes)
    return;
  l->cell[l->len++] = next;
  l->on[next] = true;
  closed(l);
  l->len--;
  l->on[next] = false;
}

static void walk(struct loop *l, int cell, int last_kind, int allowed,
                 uint32_t extra);

/* walk's loop over the next cells with masks (the same cells in the same
 * order): those of each unit holding the pair, off the loop, seeing
 * cell[0] when the next is the last. */
static void walk_masks(struct loop *l, int cell, int last_kind, int allowed,
                       uint32_t extra, bool last) {
  const struct logic_state *s = l->s;
  const struct logic_geom *geo = &s->geo;
  uint64_t keep[2];
  for (int w = 0; w < 2; w++)
    keep[w] = l->both[w] & ~l->on_mask[w] & (last ? l->peers0[w] : ~0ull);
  for (int i = 0; i < geo->ncell_units[cell]; i++) {
    int u = geo->cell_units[cell][i];
    if (geo->kind[u] == last_kind || l->in_unit[u] > 1)
      continue;
    for (int w = 0; w < 2; w++)
      for (uint64_t b = l->umask[u][w] & keep[w]; b; b &= b - 1) {
        int next = w * 64 + __builtin_ctzll(b);
        uint32_t m = s->cand[next];
        if (m == l->pair && next < l->cell[0])
          continue;
        uint32_t ex = extra | (m & ~l->pair);
        bool more = m != l->pair;
        if (!more || (ex & (ex - 1)) == 0 || allowed > 0) {
          if (last)
            last_cell(l, next, geo->kind[u]);
          else
            walk(l, next, geo->kind[u], allowed - more, ex);
        }
      }
  }
}

/* The walk from cell, its len-th cell (reached through a unit of
 * last_kind), shorter than max_len. A loop closes only at its max_len-th
 * cell (last_cell): a shorter one, closed here, was closed by the walk
 * of an earlier max_len already (the same cells, nodes counted before
 * these), and the same loop again changes nothing. */
static void walk(struct loop *l, int cell, int last_kind, int allowed,
                 uint32_t extra) {
  const struct logic_state *s = l->s;
  const struct logic_geom *geo = &s->geo;
  if (++l->nodes > LOOP_NODES)
    return;
  bool crowded = false; /* no valid loop puts three cells in a unit */
  for (int i = 0; i < geo->ncell_units[cell]; i++)
    crowded |= ++l->in_unit[geo->cell_units[cell][i]] > 2;
  if (crowded)
    goto undo;
  l->cell[l->len++] = cell;
  l->on[cell] = true;
  bool last = l->len + 1 == l->max_len;
  l->deep |= last;
  if (l->masks) {
    l->on_mask[cell >> 6] |= 1ull << (cell & 63);
    walk_masks(l, cell, last_kind, allowed, extra, last);
    l->on_mask[cell >> 6] &= ~(1ull << (cell & 63));
    goto done;
  }
  for (int i = 0; i < geo->ncell_units[cell]; i++) {
    int u = geo->cell_units[cell][i];
    /* u holds another loop cell: a third would spoil it */
    if (geo->kind[u] == last_kind || l->in_unit[u] > 1)
      continue;
    /* only the cells holding both values (the first cell among them) */
    const uint32_t *pos = s->pos[u];
    for (uint32_t both = pos[l->v0] & pos[l->v1]; both; both &= both - 1) {
      int next = geo->unit[u][logic_lowest(both)];
      uint32_t m = s->cand[next];
      /* Each loop once a start: from its first cell with just the pair;
       * the last cell must see the first, to close. (cell itself is on
       * the loop; the first is not in u, which holds no other.) */
      if ((m == l->pair && next < l->cell[0]) || in_loop(l, next) ||
          (last && !logic_sees(geo, next, l->cell[0])))
        continue;
      uint32_t ex = extra | (m & ~l->pair);
      bool more = m != l->pair;
      if (!more || (ex & (ex - 1)) == 0 || allowed > 0) { /* one extra */
        if (last)
          last_cell(l, next, geo->kind[u]);
        else
          walk(l, next, geo->kind[u], allowed - more, ex);
      }
    }
  }
done:
  l->len--;
  l->on[cell] = false;
undo:
  for (int i = 0; i < geo->ncell_units[cell]; i++)
    l->in_unit[geo->cell_units[cell][i]]--;
}

/* l->masks and the masks of a call, when the grid has them. */
static void init_masks(struct loop *l) {
  const struct logic_geom *geo = &l->s->geo;
  l->masks = geo->ncells <= 128;
  for (int u = 0; u < geo->nunits && l->masks; u++)
    for (int j = 1; j < geo->len[u]; j++)
      l->masks = l->masks && geo->unit[u][j] > geo->unit[u][j - 1];
  if (!l->masks)
    return;
  memset(l->umask, 0, sizeof l->umask[0] * geo->nunits);
  memset(l->vcells, 0, sizeof l->vcells[0] * geo->n);
  l->on_mask[0] = l->on_mask[1] = 0;
  for (int u = 0; u < geo->nunits; u++)
    for (int j = 0; j < geo->len[u]; j++)
      l->umask[u][geo->unit[u][j] >> 6] |= 1ull << (geo->unit[u][j] & 63);
  for (int c = 0; c < geo->ncells; c++)
    for (uint32_t m = l->s->cand[c]; m; m &= m - 1)
      l->vcells[__builtin_ctz(m)][c >> 6] |= 1ull << (c & 63);
}

/* The masks of a walk from cell c (l->pair set). */
static void start_masks(struct loop *l, int c) {
  const struct logic_geom *geo = &l->s->geo;
  for (int w = 0; w < 2; w++) {
    l->both[w] = l->vcells[l->v0][w] & l->vcells[l->v1][w];
    l->peers0[w] = 0;
    for (int i = 0; i < geo->ncell_units[c]; i++)
      l->peers0[w] |= l->umask[geo->cell_units[c][i]][w];
  }
  l->peers0[c >> 6] &= ~(1ull << (c & 63));
}

bool logic_find_UNIQUE_RECTANGLE(const struct logic_state *s,
                                 struct sudoku_step *out) {
  if (!s->unique || s->geo.rules != NULL) /* see sudoku_logic_rules.h */
    return false;
  const struct logic_geom *geo = &s->geo;
  struct sudoku_step spare;
  struct loop l;
  l.s = s;
  l.nodes = 0;
  l.best = out;
  l.tmp = &spare;
  l.found = false;
  l.best_type = 5;
  for (int u = 0; u < geo->nunits; u++)
    l.in_unit[u] = l.tally[u] = 0;
  for (int c = 0; c < geo->ncells; c++) {
    l.on[c] = false;
    l.done[c] = 0;
  }
  init_masks(&l);
  /* Iterative deepening: rectangles first, then longer loops only while
   * their rating could still beat the best found. */
  for (l.max_len = 4; l.max_len <= LOOP_MAX; l.max_len += 2) {
    if (l.found && loop_rating(l.max_len) >= l.best->rating)
      break;
    for (int c = 0; c < geo->ncells; c++) {
      if (logic_popcount(s->cand[c]) != 2)
        continue;
      l.pair = s->cand[c];
      l.v0 = logic_lowest(l.pair);
      l.v1 = logic_lowest(l.pair & (l.pair - 1));
      if (l.done[c] != 0) { /* the same walk as before */
        l.nodes += l.done[c];
        continue;
      }
      l.len = 0;
      l.deep = false;
      if (l.masks)
        start_masks(&l, c);
      long before = l.nodes;
      walk(&l, c, -1, 2, 0);
      if (!l.deep && l.nodes <= LOOP_NODES)
        l.done[c] = (uint32_t)(l.nodes - before);
      if (l.found && l.best->rating == 45 && l.best_type == 1)
        break; /* nothing beats it */
    }
  }
  if (l.found && l.best != out)
    *out = *l.best;
  return l.found;
}

/* The sentence of unique-rectangle. */
static bool rectangle_sentence(struct logic_text *t,
                               const struct sudoku_step *st) {
  logic_say(t, st,
            "Cells %C must not all be left with only %v, or the puzzle would "
            "have two solutions: %O.",
            st->cells, st->ncells, st->values);
  return true;
}
LOGIC_EXPLAIN(UNIQUE_RECTANGLE, rectangle_sentence)
