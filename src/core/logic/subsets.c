/*
 * subsets.c - naked and hidden pairs, triples and quads, and the direct
 * hidden pair and triple (SE's NakedSet and HiddenSet).
 *
 * Naked set: k empty cells of a unit whose candidates together are k
 * values; those values go from the unit's other cells (3.0, 3.6, 5.0).
 * Hidden set: k values whose places in a unit are k cells; the cells lose
 * every other value (3.4, 4.0, 5.4). Direct hidden set (2.0, 2.5): a
 * hidden set whose eliminations leave another value a single place in the
 * unit; the step only places it (see hidden_accept). Like SE, a naked set
 * is sought only in a unit with at least 2k empty cells and a hidden one in
 * a unit with more than 2k (more than k for the direct form): below that,
 * the complementary set of the other kind is smaller.
 *
 * Cost: a depth-first search over the unit's eligible cells (or values),
 * pruned as soon as the union grows past k; on 25x25 a unit offers at
 * most MAX_ITEMS items to a quad search, so a step stays bounded (a set
 * beyond that is missed, never wrong).
 */
#include "logic.h"

#define MAX_ITEMS 20 /* items a unit offers to a search of size 4 */

struct combo {
  uint32_t item[SUDOKU_MAX_N]; /* a mask per item: values or places */
  int nitems, k;
  int pick[4];
};

/* Depth-first over k items (in item order) whose masks' union has exactly
 * k bits: calls ok(union) for each such set, with c->pick[] the items, and
 * stops at the first it accepts. */
typedef bool (*accept_fn)(const struct combo *c, uint32_t set, void *ctx);
static bool search_all(struct combo *c, int depth, int from, uint32_t acc,
                       accept_fn ok, void *ctx) {
  if (depth == c->k)
    return logic_popcount(acc) == c->k && ok(c, acc, ctx);
  for (int i = from; i <= c->nitems - (c->k - depth); i++) {
    uint32_t u = acc | c->item[i];
    if (!logic_at_most(u, c->k))
      continue;
    c->pick[depth] = i;
    if (search_all(c, depth + 1, i + 1, u, ok, ctx))
      return true;
  }
  return false;
}

/* ---- Naked sets -------------------------------------------------------- */

struct naked_ctx {
  const struct logic_state *s;
  int u;
  uint16_t cell[SUDOKU_MAX_N]; /* item i is cell cell[i] */
  struct sudoku_step *out;
  enum sudoku_technique tech;
  unsigned rating;
};

static bool naked_accept(const struct combo *c, uint32_t set, void *vctx) {
  struct naked_ctx *x = vctx;
  const struct logic_geom *geo = &x->s->geo;
  struct sudoku_step *out = x->out;
  logic_step_init(out, x->tech, x->rating);
  for (int j = 0; j < geo->len[x->u]; j++) {
    int cell = geo->unit[x->u][j];
    bool in_set = false;
    for (int p = 0; p < c->k; p++)
      in_set |= x->cell[c->pick[p]] == cell;
    uint32_t m = in_set ? 0 : x->s->cand[cell] & set;
    for (int v = 1; m; v++, m >>= 1)
      if (m & 1)
        logic_step_elim(out, cell, v);
  }
  if (out->neliminations == 0)
    return false;
  for (int p = 0; p < c->k; p++)
    logic_step_cell(out, x->cell[c->pick[p]]);
  logic_step_unit(out, x->u);
  out->values = set;
  return true;
}

static bool find_naked(const struct logic_state *s, struct sudoku_step *out,
                       int k, enum sudoku_technique tech, unsigned rating) {
  const struct logic_geom *geo = &s->geo;
  struct naked_ctx x = {s, 0, {0}, out, tech, rating};
  struct combo c;
  c.k = k;
  for (int i = 0; i < geo->nunits; i++) {
    int u = logic_unit_order(geo, i), empty = 0;
    c.nitems = 0;
    for (int j = 0; j < geo->len[u]; j++) {
      int cell = geo->unit[u][j];
      if (s->value[cell] != 0)
        continue;
      empty++;
      int pc = logic_popcount(s->cand[cell]);
      if (pc >= 2 && pc <= k && c.nitems < MAX_ITEMS) {
        x.cell[c.nitems] = (uint16_t)cell;
        c.item[c.nitems++] = s->cand[cell];
      }
    }
    if (empty < 2 * k || c.nitems < k)
      continue;
    x.u = u;
    if (search_all(&c, 0, 0, 0, naked_accept, &x))
      return true;
  }
  return false;
}

/* ---- Hidden sets ------------------------------------------------------- */

struct hidden_ctx {
  const struct logic_state *s;
  int u;
  uint8_t value[SUDOKU_MAX_N]; /* item i is value value[i] */
  bool direct;
  struct sudoku_step *out;
  enum sudoku_technique tech;
  unsigned rating;
  const uint32_t *pos; /* places of each value in unit u */
  uint32_t multi;      /* the values with two or more places in unit u */
};

static bool hidden_accept(const struct combo *c, uint32_t places, void *vctx) {
  struct hidden_ctx *x = vctx;
  const struct logic_state *s = x->s;
  const struct logic_geom *geo = &s->geo;
  struct sudoku_step *out = x->out;
  uint32_t values = 0, extra = 0;
  for (int p = 0; p < c->k; p++)
    values |= 1u << (x->value[c->pick[p]] - 1);
  /* the two conditions first, on masks (most sets fail one): something
   * to remove from the set's cells, and for the direct form another value
   * with several places, all but one in the set (the first such value) */
  for (uint32_t m = places; m; m &= m - 1)
    extra |= s->cand[geo->unit[x->u][logic_lowest(m)]] & ~values;
  if (extra == 0)
    return false;
  int place_cell = -1, place_v = 0;
  if (x->direct) {
    for (uint32_t w = x->multi & ~values; w && place_cell < 0; w &= w - 1) {
      uint32_t rest = x->pos[logic_lowest(w)] & ~places;
      if (rest != 0 && (rest & (rest - 1)) == 0) {
        place_cell = geo->unit[x->u][logic_lowest(rest)];
        place_v = logic_lowest(w) + 1;
      }
    }
    if (place_cell < 0)
      return false;
  }
  logic_step_init(out, x->tech, x->rating);
  /* A direct step only places (SE's DirectHiddenSetHint removes nothing):
   * the eliminations are why the single holds, not part of the step. */
  for (uint32_t m = x->direct ? 0 : places; m; m &= m - 1) {
    int cell = geo->unit[x->u][logic_lowest(m)];
    uint32_t more = s->cand[cell] & ~values;
    for (int v = 1; more; v++, more >>= 1)
      if (more & 1)
        logic_step_elim(out, cell, v);
  }
  if (place_cell >= 0)
    logic_step_place(out, place_cell, place_v);
  for (uint32_t m = places; m; m &= m - 1)
    logic_step_cell(out, geo->unit[x->u][logic_lowest(m)]);
  logic_step_unit(out, x->u);
  out->values = values;
  return true;
}

/* The values with one to k places in unit u (k <= 4), from its cells'
 * candidates: saturating counters, bit-sliced over the values (ge[i]: the
 * values with more than i places), a few operations a cell where testing
 * each value's places cost a loop a value. Inlined so that k is a
 * constant. */
LOGIC_SHAPE_INLINE uint32_t few_places(const struct logic_state *s, int u,
                                       int k, uint32_t *multi) {
  const struct logic_geom *geo = &s->geo;
  uint32_t ge[5] = {0, 0, 0, 0, 0};
  for (uint32_t e = s->empty[u]; e; e &= e - 1) {
    uint32_t m = s->cand[geo->unit[u][logic_lowest(e)]];
    LOGIC_UNROLL for (int i = k; i > 0; i--) ge[i] |= ge[i - 1] & m;
    ge[0] |= m;
  }
  *multi = ge[1];
  return ge[0] & ~ge[k];
}

LOGIC_SHAPE_INLINE bool find_hidden(const struct logic_state *s,
                                    struct sudoku_step *out, int k, bool direct,
                                    enum sudoku_technique tech,
                                    unsigned rating) {
  const struct logic_geom *geo = &s->geo;
  struct hidden_ctx x = {s, 0, {0}, direct, out, tech, rating, NULL, 0};
  struct combo c;
  c.k = k;
  for (int i = 0; i < geo->nunits; i++) {
    int u = logic_unit_order(geo, i);
    if (logic_at_most(s->empty[u], direct ? k : 2 * k))
      continue;
    uint32_t few = few_places(s, u, k, &x.multi);
    if (logic_at_most(few, k - 1))
      continue; /* fewer than k items */
    c.nitems = 0;
    const uint32_t *pos = s->pos[u];
    x.pos = pos;
    for (; few && c.nitems < MAX_ITEMS; few &= few - 1) {
      int v = logic_lowest(few) + 1;
      x.value[c.nitems] = (uint8_t)v;
      c.item[c.nitems++] = pos[v - 1];
    }
    if (c.nitems < k)
      continue;
    x.u = u;
    if (search_all(&c, 0, 0, 0, hidden_accept, &x))
      return true;
  }
  return false;
}

bool logic_find_NAKED_PAIR(const struct logic_state *s,
                           struct sudoku_step *out) {
  return find_naked(s, out, 2, SUDOKU_TECH_NAKED_PAIR, 30);
}
bool logic_find_NAKED_TRIPLE(const struct logic_state *s,
                             struct sudoku_step *out) {
  return find_naked(s, out, 3, SUDOKU_TECH_NAKED_TRIPLE, 36);
}
bool logic_find_NAKED_QUAD(const struct logic_state *s,
                           struct sudoku_step *out) {
  return find_naked(s, out, 4, SUDOKU_TECH_NAKED_QUAD, 50);
}
bool logic_find_HIDDEN_PAIR(const struct logic_state *s,
                            struct sudoku_step *out) {
  return find_hidden(s, out, 2, false, SUDOKU_TECH_HIDDEN_PAIR, 34);
}
bool logic_find_HIDDEN_TRIPLE(const struct logic_state *s,
                              struct sudoku_step *out) {
  return find_hidden(s, out, 3, false, SUDOKU_TECH_HIDDEN_TRIPLE, 40);
}
bool logic_find_HIDDEN_QUAD(const struct logic_state *s,
                            struct sudoku_step *out) {
  return find_hidden(s, out, 4, false, SUDOKU_TECH_HIDDEN_QUAD, 54);
}
bool logic_find_DIRECT_HIDDEN_PAIR(const struct logic_state *s,
                                   struct sudoku_step *out) {
  return find_hidden(s, out, 2, true, SUDOKU_TECH_DIRECT_HIDDEN_PAIR, 20);
}
bool logic_find_DIRECT_HIDDEN_TRIPLE(const struct logic_state *s,
                                     struct sudoku_step *out) {
  return find_hidden(s, out, 3, true, SUDOKU_TECH_DIRECT_HIDDEN_TRIPLE, 25);
}

/* The sentence of direct-hidden-pair, direct-hidden-triple, hidden-pair,
 * hidden-triple, hidden-quad. */
static bool hidden_set_sentence(struct logic_text *t,
                                const struct sudoku_step *st) {
  if (st->nunits < 1)
    return false;
  logic_say(t, st, "In %u, %v fit only in %C, so those cells hold nothing else",
            st->units[0], st->values, st->cells, st->ncells);
  if (st->nplacements > 0)
    logic_say(t, st, " and %p is left as the only place for %q");
  logic_say(t, st, ": %O.");
  return true;
}
LOGIC_EXPLAIN(DIRECT_HIDDEN_PAIR, hidden_set_sentence)
LOGIC_EXPLAIN(DIRECT_HIDDEN_TRIPLE, hidden_set_sentence)
LOGIC_EXPLAIN(HIDDEN_PAIR, hidden_set_sentence)
LOGIC_EXPLAIN(HIDDEN_TRIPLE, hidden_set_sentence)
LOGIC_EXPLAIN(HIDDEN_QUAD, hidden_set_sentence)

/* The sentence of naked-pair, naked-triple, naked-quad. */
static bool naked_set_sentence(struct logic_text *t,
                               const struct sudoku_step *st) {
  if (st->nunits < 1)
    return false;
  logic_say(t, st, "In %U, %C hold only %v, so no other cell there can: %O.",
            st->units, st->nunits, st->cells, st->ncells, st->values);
  return true;
}
LOGIC_EXPLAIN(NAKED_PAIR, naked_set_sentence)
LOGIC_EXPLAIN(NAKED_TRIPLE, naked_set_sentence)
LOGIC_EXPLAIN(NAKED_QUAD, naked_set_sentence)
