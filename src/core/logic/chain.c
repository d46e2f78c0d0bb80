/*
 * chain.c - the implication engine of chain.h: a breadth-first net of
 * potentials with parents, its ancestor count and its rendering into a
 * step. Cost of a run: O(nodes x peers), a few microseconds on 9x9.
 */
#include <string.h>

#include "../internal.h"
#include "chain.h"

/* The grow and run functions are inlined with constant flags (one copy a
 * flag set, chosen in ch_run) so that the per-node branches on the mode
 * fold away: the net's cost is mostly these few loops. */
#define CH_INLINE static inline __attribute__((always_inline))

void ch_init(struct ch_net *net, const struct logic_state *s, unsigned flags) {
  const struct logic_geom *g = &s->geo;
  net->s = s;
  net->flags = flags;
  net->n = g->n;
  net->ncells = g->ncells;
  net->direct = 2 * g->n * g->ncells <= CH_HASH;
  net->nnodes = 0;
  net->max_depth = -1;
  /* a direct map uses its first 2 n^3 entries only */
  memset(net->map, 0,
         net->direct ? sizeof net->map[0] * 2 * (size_t)(g->n * g->ncells)
                     : sizeof net->map);
  memset(net->cnt0, 0, sizeof net->cnt0[0] * g->nunits);
  for (int u = 0; u < g->nunits; u++)
    for (int j = 0; j < g->len[u]; j++)
      for (uint32_t m = s->cand[g->unit[u][j]]; m; m &= m - 1)
        net->cnt0[u][__builtin_ctz(m)]++;
  /* Peer lists: a cell is a peer once, at its first visit (later visits
   * of the walk would find its node known and add nothing). Not for
   * flags 0: a caller that only reads cnt0 (cycles.c) runs no net. */
  uint16_t mark[SUDOKU_MAX_CELLS]; /* cell -> 1 + last cell it was seen from */
  memset(mark, 0, sizeof mark[0] * (size_t)g->ncells);
  int k = flags == 0 ? -1 : 0;
  for (int c = 0; c < g->ncells && k >= 0; c++) {
    net->pstart[c] = (uint16_t)k;
    mark[c] = (uint16_t)(c + 1);
    for (int i = 0; i < g->ncell_units[c] && k >= 0; i++) {
      int u = g->cell_units[c][i];
      for (int j = 0; j < g->len[u]; j++) {
        int p = g->unit[u][j];
        if (mark[p] == c + 1)
          continue;
        if (k == CH_PEERS) {
          k = -1;
          break;
        }
        mark[p] = (uint16_t)(c + 1);
        net->peer[k++] = (uint16_t)p;
      }
    }
  }
  net->npeer = k;
  if (k >= 0)
    net->pstart[g->ncells] = (uint16_t)k;
}

CH_INLINE unsigned slot_of(const struct ch_net *net, int pot) {
  if (net->direct)
    return (unsigned)pot;
  unsigned h = ((unsigned)pot * 2654435761u) >> 19; /* 13 bits */
  while (net->map[h] != 0 && net->node[net->map[h] - 1].pot != pot)
    h = (h + 1) & (CH_HASH - 1);
  return h;
}

int ch_find(const struct ch_net *net, int pot) {
  unsigned h = slot_of(net, pot);
  return net->map[h] ? net->map[h] - 1 : -1;
}

/* Records new node i of potential pot (slot h free); records
 * contradictions, the assumption's negation and whether the run stops. */
CH_INLINE int add_new(struct ch_net *net, unsigned h, int pot, int parent,
                      int cause, int unit) {
  if (net->nnodes == CH_MAX_NODES) {
    net->truncated = true;
    return -1;
  }
  int i = net->nnodes++;
  net->node[i] = (struct ch_node){(uint16_t)pot, (uint16_t)parent,
                                  (uint8_t)cause, (uint8_t)unit};
  net->map[h] = (uint16_t)(i + 1);
  unsigned hc = net->direct ? (unsigned)(pot ^ 1) : slot_of(net, pot ^ 1);
  if (net->map[hc] != 0) {
    int conj = net->map[hc] - 1;
    if (conj == 0 && net->hit < 0) {
      net->hit = i;
      if (net->flags & CH_STOP_SRC)
        net->stop = true;
    }
    if (net->conf_a < 0) {
      net->conf_a = conj;
      net->conf_b = i;
      if (net->flags & CH_STOP_ANY)
        net->stop = true;
    }
  }
  return i;
}

/* Adds potential pot implied by node parent. Returns the new node or -1
 * (known, or cap). The known case, most calls, is a load and a test. */
CH_INLINE int add(struct ch_net *net, int pot, int parent, int cause,
                  int unit) {
  unsigned h = slot_of(net, pot);
  if (net->map[h] != 0)
    return -1;
  return add_new(net, h, pot, parent, cause, unit);
}

/* add() where flags say whether the map is direct (CH_DIRECT), so that
 * the grow copies test one array entry and nothing else. */
#define CH_DIRECT 0x100u
CH_INLINE int add_f(struct ch_net *net, int pot, int parent, int cause,
                    int unit, const unsigned flags) {
  unsigned h = flags & CH_DIRECT ? (unsigned)pot : slot_of(net, pot);
  if (net->map[h] != 0)
    return -1;
  return add_new(net, h, pot, parent, cause, unit);
}

/* What node i (on: cell c holds v) implies. */
CH_INLINE void grow_on(struct ch_net *net, int i, int c, int v,
                       const unsigned flags) {
  const struct logic_state *s = net->s;
  const struct logic_geom *g = &s->geo;
  const uint32_t *cand = flags & CH_DYN ? net->cur : s->cand;
  const int n = net->n;
  uint32_t bit = 1u << (v - 1);
  if (flags & CH_Y)
    for (uint32_t m = cand[c] & ~bit; m; m &= m - 1)
      add_f(net, ch_pot(n, c, __builtin_ctz(m) + 1, false), i, CH_LINK, 0,
            flags);
  if (net->npeer > 0) {
    for (int k = net->pstart[c], end = net->pstart[c + 1]; k < end; k++) {
      int p = net->peer[k];
      if (cand[p] & bit)
        add_f(net, ch_pot(n, p, v, false), i, CH_LINK, 0, flags);
    }
    return;
  }
  for (int k = 0; k < g->ncell_units[c]; k++) {
    int u = g->cell_units[c][k];
    const uint16_t *cells = g->unit[u];
    for (int j = 0, len = g->len[u]; j < len; j++) {
      int p = cells[j];
      if (p != c && (cand[p] & bit))
        add_f(net, ch_pot(n, p, v, false), i, CH_LINK, 0, flags);
    }
  }
}

/* What node i (off: cell c lacks v) implies. */
CH_INLINE void grow_off(struct ch_net *net, int i, int c, int v,
                        const unsigned flags) {
  const struct logic_state *s = net->s;
  const struct logic_geom *g = &s->geo;
  const int n = net->n;
  uint32_t bit = 1u << (v - 1);
  const bool dyn = flags & CH_DYN;
  if (dyn) {
    if (!(net->cur[c] & bit))
      return; /* already gone: nothing new */
    net->cur[c] &= ~bit;
    for (int k = 0; k < g->ncell_units[c]; k++)
      net->cnt[g->cell_units[c][k]][v - 1]--;
    if (net->flags & CH_LOCK) /* (not in the copies' constant flags) */
      for (int k = 0; k < g->ncell_units[c]; k++)
        net->dirty[g->cell_units[c][k]] |= bit;
  }
  if (flags & CH_Y) {
    uint32_t left = dyn ? net->cur[c] : s->cand[c] & ~bit;
    if ((dyn || logic_popcount(s->cand[c]) == 2) && left != 0 &&
        (left & (left - 1)) == 0)
      add_f(net, ch_pot(n, c, __builtin_ctz(left) + 1, true), i,
            dyn ? CH_CELL : CH_LINK, 255, flags);
  }
  if (!(flags & CH_X))
    return;
  const uint32_t *cand = dyn ? net->cur : s->cand;
  for (int k = 0; k < g->ncell_units[c]; k++) {
    int u = g->cell_units[c][k];
    if ((dyn ? net->cnt[u][v - 1] : net->cnt0[u][v - 1] - 1) != 1)
      continue;
    const uint16_t *cells = g->unit[u];
    for (int j = 0, len = g->len[u]; j < len; j++) {
      int p = cells[j];
      if (p != c && (cand[p] & bit)) {
        add_f(net, ch_pot(n, p, v, true), i, dyn ? CH_UNIT : CH_LINK, u, flags);
        break;
      }
    }
  }
}

/* Locked candidates on the working copy (CH_LOCK): when the places left
 * for a value in unit u all lie in another unit u2, the value leaves u2's
 * other cells. The new nodes rest on what went off from u (CH_UNIT hidden
 * parents), the latest of which is their parent. Returns true when it
 * added a node. Cost: O(units x values x n), once each time the net
 * stops growing. */
static bool lock_pass(struct ch_net *net) {
  const struct logic_state *s = net->s;
  const struct logic_geom *g = &s->geo;
  bool added = false;
  for (int u = 0; u < g->nunits; u++) {
    uint32_t dirty = net->dirty[u];
    net->dirty[u] = 0; /* this pass adds no place lost: grow does */
    for (int v = 1; v <= net->n; v++) {
      uint32_t bit = 1u << (v - 1);
      if (!(dirty & bit))
        continue; /* as at the last pass, which added all it could */
      if (net->cnt[u][v - 1] < 2 || net->cnt[u][v - 1] == net->cnt0[u][v - 1])
        continue; /* nothing went off here: the position's own pattern */
      int first = -1, parent = -1;
      for (int j = 0; j < g->len[u]; j++) {
        int c = g->unit[u][j];
        if (net->cur[c] & bit) {
          if (first < 0)
            first = c;
        } else if (s->cand[c] & bit) {
          int k = ch_find(net, ch_pot(net->n, c, v, false));
          if (k > parent)
            parent = k;
        }
      }
      if (first < 0 || parent < 0)
        continue;
      for (int i = 0; i < g->ncell_units[first]; i++) {
        int u2 = g->cell_units[first][i];
        bool inside = u2 != u;
        for (int j = 0; j < g->len[u] && inside; j++) {
          int c = g->unit[u][j];
          inside = !(net->cur[c] & bit) || logic_unit_has(g, u2, c);
        }
        if (!inside)
          continue;
        for (int j = 0; j < g->len[u2]; j++) {
          int c = g->unit[u2][j];
          if ((net->cur[c] & bit) && !logic_unit_has(g, u, c) &&
              add(net, ch_pot(net->n, c, v, false), parent, CH_UNIT, u) >= 0)
            added = true;
        }
      }
    }
  }
  return added;
}

/* Grows the net from node i on. Breadth first: the nodes of one depth are
 * [i, level_end) and their children are appended after them, so the
 * depth bound (static nets, where a node's complexity is its depth + 1)
 * is a count of levels. Returns the next node to grow. */
CH_INLINE int grow(struct ch_net *net, int i, const unsigned flags) {
  int depth = 0, level_end = net->nnodes;
  const int n = net->n;
  for (; i < net->nnodes && !net->stop; i++) {
    if (net->max_depth >= 0 && i == level_end) {
      if (++depth > net->max_depth)
        return net->nnodes;
      level_end = net->nnodes;
    }
    int p = net->node[i].pot, c = ch_cell(n, p);
    int v = ch_value(n, p);
    if (ch_on(p))
      grow_on(net, i, c, v, flags);
    else
      grow_off(net, i, c, v, flags);
  }
  return i;
}

/* One copy of grow a flag set that the finders use; any other set takes
 * the generic copy. */
static int grow_any(struct ch_net *net, int i) {
#define d CH_DIRECT
  switch ((net->flags & (CH_X | CH_Y | CH_DYN)) | (net->direct ? d : 0)) {
  case CH_X | d:
    return grow(net, i, CH_X | d);
  case CH_Y | d:
    return grow(net, i, CH_Y | d);
  case CH_X | CH_Y | d:
    return grow(net, i, CH_X | CH_Y | d);
  case CH_X | CH_DYN | d:
    return grow(net, i, CH_X | CH_DYN | d);
  case CH_X | CH_Y | CH_DYN | d:
    return grow(net, i, CH_X | CH_Y | CH_DYN | d);
  default:
    return grow(net, i, net->flags & ~d);
  }
#undef d
}

bool ch_run(struct ch_net *net, int pot) {
  const struct logic_state *s = net->s;
  if (net->direct)
    for (int i = 0; i < net->nnodes; i++) /* clear only what was used */
      net->map[net->node[i].pot] = 0;
  else /* probing chains need a clean table */
    memset(net->map, 0, sizeof net->map);
  net->nnodes = 0;
  net->hit = net->conf_a = net->conf_b = -1;
  net->truncated = false;
  net->stop = false;
  if (net->flags & CH_DYN) {
    memcpy(net->cur, s->cand, sizeof net->cur[0] * (size_t)net->ncells);
    memcpy(net->cnt, net->cnt0, sizeof net->cnt[0] * s->geo.nunits);
    if (net->flags & CH_LOCK)
      memset(net->dirty, 0, sizeof net->dirty[0] * s->geo.nunits);
  }
  add(net, pot, CH_NONE, CH_SRC, 0);
  int i = 0;
  do
    i = grow_any(net, i);
  while (!net->stop && (net->flags & CH_LOCK) && (net->flags & CH_DYN) &&
         lock_pass(net));
  return net->conf_a >= 0;
}

static void visit(struct ch_net *net, int j, int *top) {
  if (j < 0 || (net->seen[j >> 3] >> (j & 7)) & 1)
    return;
  net->seen[j >> 3] |= (uint8_t)(1u << (j & 7));
  net->stack[(*top)++] = (uint16_t)j;
}

int ch_ancestors(struct ch_net *net, int i) {
  const struct logic_geom *g = &net->s->geo;
  int n = net->n, top = 0, count = 0;
  memset(net->seen, 0, (size_t)(net->nnodes + 7) / 8);
  visit(net, i, &top);
  while (top > 0) {
    int j = net->stack[--top];
    const struct ch_node *d = &net->node[j];
    count++;
    if (d->parent != CH_NONE)
      visit(net, d->parent, &top);
    if (d->cause != CH_CELL && d->cause != CH_UNIT)
      continue;
    /* Hidden parents: what had gone off from the cell (or the unit's
     * places) when the parent was processed, i.e. nodes up to it. */
    int c = ch_cell(n, d->pot), v = ch_value(n, d->pot);
    if (d->cause == CH_CELL) {
      for (uint32_t m = net->s->cand[c] & ~(1u << (v - 1)); m; m &= m - 1) {
        int k = ch_find(net, ch_pot(n, c, __builtin_ctz(m) + 1, false));
        if (k >= 0 && k <= d->parent)
          visit(net, k, &top);
      }
    } else {
      for (int t = 0; t < g->len[d->unit]; t++) {
        int p = g->unit[d->unit][t];
        if (p == c || !((net->s->cand[p] >> (v - 1)) & 1))
          continue;
        int k = ch_find(net, ch_pot(n, p, v, false));
        if (k >= 0 && k <= d->parent)
          visit(net, k, &top);
      }
    }
  }
  return count;
}

int ch_length_rating(int cplx) {
  int len = cplx - 2, ceil = 4, add = 0;
  bool odd = false;
  while (len > ceil) {
    add++;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    odd = !odd;
  }
  return add;
}

static void add_cell(struct sudoku_step *out, int c) {
  for (int k = 0; k < out->ncells; k++)
    if (out->cells[k] == c)
      return;
  if (out->ncells < SUDOKU_STEP_MAX_CELLS)
    out->cells[out->ncells++] = (uint16_t)c;
}

void ch_add_path(const struct ch_net *net, int i, struct sudoku_step *out) {
  int order[SUDOKU_STEP_MAX_CHAIN], m = 0, n = net->n;
  /* From i back towards the assumption; a longer chain keeps its end. */
  for (int j = i; m < SUDOKU_STEP_MAX_CHAIN; j = net->node[j].parent) {
    order[m++] = j;
    if (net->node[j].parent == CH_NONE)
      break;
  }
  for (int k = m - 1; k >= 0 && out->nchain < SUDOKU_STEP_MAX_CHAIN; k--) {
    int p = net->node[order[k]].pot;
    struct sudoku_link *l = &out->chain[out->nchain++];
    l->cell = (uint16_t)ch_cell(n, p);
    l->value = (uint8_t)ch_value(n, p);
    l->link = k == 0     ? SUDOKU_LINK_NONE
              : ch_on(p) ? SUDOKU_LINK_WEAK
                         : SUDOKU_LINK_STRONG;
    add_cell(out, l->cell);
    out->values |= 1u << (l->value - 1);
  }
}

void ch_step_begin(struct sudoku_step *out, enum sudoku_technique t,
                   int rating) {
  memset(out, 0, sizeof *out);
  out->technique = t;
  out->rating = (uint8_t)(rating > 255 ? 255 : rating);
}

void ch_step_eliminate(struct sudoku_step *out, int c, int v) {
  if (out->neliminations < SUDOKU_STEP_MAX_ELIMINATIONS)
    out->eliminations[out->neliminations++] =
        (struct sudoku_candidate){(uint16_t)c, (uint8_t)v};
}

void ch_step_place(struct sudoku_step *out, int c, int v) {
  if (out->nplacements < SUDOKU_STEP_MAX_PLACEMENTS)
    out->placements[out->nplacements++] =
        (struct sudoku_candidate){(uint16_t)c, (uint8_t)v};
}

bool ch_late(const struct logic_state *s) {
  return s->deadline_ns != 0 && core_now_ns() >= s->deadline_ns;
}

int ch_base(enum sudoku_technique t) {
#define CH_X_RATING(name, id, rating, title) rating,
  static const uint8_t base[] = {SUDOKU_TECHNIQUE_MAP(CH_X_RATING)};
#undef CH_X_RATING
  return (unsigned)t < SUDOKU_TECH_COUNT ? base[t] : 0;
}
