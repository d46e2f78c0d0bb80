/*
 * chain.c - the implication engine of chain.h: a breadth-first net of
 * potentials with parents (chain_init.c prepares it, chain_out.c counts
 * ancestors and renders it).
 * Cost of a run: O(nodes x peers), a few microseconds on 9x9, where cell
 * masks make a node's peers a few word operations and the static links
 * of "off" nodes are listed once a call (ch_init, some 20 microseconds).
 */
#include <string.h>

#include "chain.h"

/* The grow and run functions are inlined with constant flags (one copy a
 * flag set, chosen in ch_run) so that the per-node branches on the mode
 * fold away: the net's cost is mostly these few loops. */
#define CH_INLINE static inline __attribute__((always_inline))

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
      if ((net->flags & CH_STOP_ANY) && net->nest != NULL &&
          net->nest->settle) {
        net->stop_at = i; /* the nodes queued before this one still grow */
        net->rounds = net->nest->settle - 1;
      } else if (net->flags & CH_STOP_ANY)
        net->stop = true;
    }
    if (net->stop_at >= 0 && net->nconf < CH_CONF_MAX) {
      net->conf[net->nconf][0] = (uint16_t)conj;
      net->conf[net->nconf++][1] = (uint16_t)i;
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
#define CH_MASKS 0x200u /* net->masks (implies CH_DIRECT and CH_N9) */
#define CH_N9 0x400u    /* n = 9: pot arithmetic by a constant */
/* The units of cell c: three for every cell of a mask net, so that the
 * loops over them unroll. */
#define NUNITS(c) (flags & CH_N9 ? 3 : g->ncell_units[c])
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
  const int n = flags & CH_N9 ? 9 : net->n;
  uint32_t bit = 1u << (v - 1);
  if (flags & CH_Y)
    for (uint32_t m = cand[c] & ~bit; m; m &= m - 1) {
      add_f(net, ch_pot(n, c, __builtin_ctz(m) + 1, false), i, CH_LINK, 0,
            flags);
      if (flags & CH_MASKS)
        ch_mask_set(&net->koff[__builtin_ctz(m)], c);
    }
  if (flags & CH_MASKS) {
    /* The peers that hold v and have no node yet, unit by unit, each cell
     * at its first unit (the peer walk's order). */
    const struct ch_mask *vm =
        flags & CH_DYN ? &net->vcur[v - 1] : &net->vcand[v - 1];
    struct ch_mask *ko = &net->koff[v - 1];
    /* (the segments are disjoint: what one adds, no later one holds) */
    uint64_t a0 = vm->w[0] & ~ko->w[0], a1 = vm->w[1] & ~ko->w[1];
    for (int k = 0; k < 3; k++) {
      uint64_t m0 = net->seg[c][k].w[0] & a0, m1 = net->seg[c][k].w[1] & a1;
      ko->w[0] |= m0;
      ko->w[1] |= m1;
      for (; m0; m0 &= m0 - 1)
        add_f(net, ch_pot(n, __builtin_ctzll(m0), v, false), i, CH_LINK, 0,
              flags);
      for (; m1; m1 &= m1 - 1)
        add_f(net, ch_pot(n, 64 + __builtin_ctzll(m1), v, false), i, CH_LINK, 0,
              flags);
    }
    return;
  }
  if (net->npeer > 0) {
    for (int k = net->pstart[c], end = net->pstart[c + 1]; k < end; k++) {
      int p = net->peer[k];
      if (cand[p] & bit)
        add_f(net, ch_pot(n, p, v, false), i, CH_LINK, 0, flags);
    }
    return;
  }
  for (int k = 0; k < NUNITS(c); k++) {
    int u = g->cell_units[c][k];
    const uint16_t *cells = g->unit[u];
    for (int j = 0, len = g->len[u]; j < len; j++) {
      int p = cells[j];
      if (p != c && (cand[p] & bit))
        add_f(net, ch_pot(n, p, v, false), i, CH_LINK, 0, flags);
    }
  }
}

/* True when the mask (m0, m1) holds exactly one cell. */
CH_INLINE bool one_bit(uint64_t m0, uint64_t m1) {
  uint64_t m = m0 | m1;
  return m != 0 && (m & (m - 1)) == 0 && (m0 == 0 || m1 == 0);
}

/* What node i (off: cell c lacks v) implies. */
CH_INLINE void grow_off(struct ch_net *net, int i, int c, int v,
                        const unsigned flags) {
  const struct logic_state *s = net->s;
  const struct logic_geom *g = &s->geo;
  const int n = flags & CH_N9 ? 9 : net->n;
  uint32_t bit = 1u << (v - 1);
  const bool dyn = flags & CH_DYN;
  if ((flags & CH_MASKS) && !dyn) {
    int x = c * 9 + v - 1;
    for (int k = 0; k < net->noff[x]; k++)
      add_f(net, net->off_to[x][k], i, CH_LINK, net->off_unit[x][k], flags);
    return;
  }
  if (dyn) {
    if (!(net->cur[c] & bit))
      return; /* already gone: nothing new */
    net->cur[c] &= ~bit;
    if (flags & CH_MASKS) /* (the masks count: no cnt) */
      net->vcur[v - 1].w[c >> 6] &= ~(1ull << (c & 63));
    else
      for (int k = 0; k < NUNITS(c); k++)
        net->cnt[g->cell_units[c][k]][v - 1]--;
    if (net->flags & CH_LOCK) /* (not in the copies' constant flags) */
      for (int k = 0; k < NUNITS(c); k++)
        net->dirty[g->cell_units[c][k]] |= bit;
  }
  if (flags & CH_Y) {
    uint32_t left = dyn ? net->cur[c] : s->cand[c] & ~bit;
    /* static: a bivalue cell (one left besides v, a candidate) */
    if ((dyn || (s->cand[c] & bit)) && left != 0 && (left & (left - 1)) == 0)
      add_f(net, ch_pot(n, c, __builtin_ctz(left) + 1, true), i,
            dyn ? CH_CELL : CH_LINK, 255, flags);
  }
  if (!(flags & CH_X))
    return;
  const uint32_t *cand = dyn ? net->cur : s->cand;
  for (int k = 0; k < NUNITS(c); k++) {
    int u = g->cell_units[c][k];
    if (flags & CH_MASKS) {
      /* the places left besides c (gone from the dynamic masks): one? */
      const struct ch_mask *vm = dyn ? &net->vcur[v - 1] : &net->vcand[v - 1];
      const struct ch_mask *um = &net->umask[u];
      uint64_t m0 = vm->w[0] & um->w[0], m1 = vm->w[1] & um->w[1];
      if (!dyn && c < 64)
        m0 &= ~(1ull << c);
      else if (!dyn)
        m1 &= ~(1ull << (c - 64));
      if (!one_bit(m0, m1))
        continue;
      int p = m0 ? __builtin_ctzll(m0) : 64 + __builtin_ctzll(m1);
      add_f(net, ch_pot(n, p, v, true), i, dyn ? CH_UNIT : CH_LINK, u, flags);
      continue;
    }
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
static bool lock_pass_masks(struct ch_net *net);

static bool lock_pass(struct ch_net *net) {
  if (net->masks)
    return lock_pass_masks(net);
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
              add(net, ch_pot(net->n, c, v, false), parent, CH_UNIT, u) >= 0) {
            added = true;
            if (net->masks)
              ch_mask_set(&net->koff[v - 1], c);
          }
        }
      }
    }
  }
  return added;
}

/* lock_pass over masks (net->masks), the same pass: the working copy does
 * not change during a pass (the new nodes go off when grown), so each
 * value's places in a unit are one intersection, taken in cell order. */
static bool lock_pass_masks(struct ch_net *net) {
  const struct logic_geom *g = &net->s->geo;
  bool added = false;
  for (int u = 0; u < g->nunits; u++) {
    uint32_t dirty = net->dirty[u];
    net->dirty[u] = 0;
    for (; dirty; dirty &= dirty - 1) {
      int v = __builtin_ctz(dirty) + 1;
      const struct ch_mask *um = &net->umask[u], *cur = &net->vcur[v - 1],
                           *pos = &net->vcand[v - 1];
      uint64_t in0 = cur->w[0] & um->w[0], in1 = cur->w[1] & um->w[1];
      /* fewer than two places, or none went off: nothing to add */
      if ((in0 | in1) == 0 || one_bit(in0, in1) ||
          (in0 == (pos->w[0] & um->w[0]) && in1 == (pos->w[1] & um->w[1])))
        continue;
      int first = in0   ? __builtin_ctzll(in0)
                  : in1 ? 64 + __builtin_ctzll(in1)
                        : -1;
      int parent = -1;
      for (int w = 0; w < 2; w++)
        for (uint64_t m = pos->w[w] & um->w[w] & ~cur->w[w]; m; m &= m - 1) {
          int k =
              ch_find(net, ch_pot(9, w * 64 + __builtin_ctzll(m), v, false));
          if (k > parent)
            parent = k;
        }
      if (first < 0 || parent < 0)
        continue;
      for (int i = 0; i < 3; i++) {
        int u2 = g->cell_units[first][i];
        const struct ch_mask *um2 = &net->umask[u2];
        if (u2 == u || (in0 & ~um2->w[0]) != 0 || (in1 & ~um2->w[1]) != 0)
          continue;
        for (int w = 0; w < 2; w++)
          for (uint64_t m = cur->w[w] & um2->w[w] & ~um->w[w]; m; m &= m - 1) {
            int c = w * 64 + __builtin_ctzll(m);
            if (add(net, ch_pot(9, c, v, false), parent, CH_UNIT, u) >= 0) {
              added = true;
              ch_mask_set(&net->koff[v - 1], c);
            }
          }
      }
    }
  }
  return added;
}

int ch_add_off(struct ch_net *net, int pot, int parent, int cause, int unit) {
  int i = add(net, pot, parent, cause, unit);
  if (i >= 0 && net->masks)
    ch_mask_set(&net->koff[ch_value(net->n, pot) - 1], ch_cell(net->n, pot));
  return i;
}

/* Grows the net from node i on. Breadth first: the nodes of one depth are
 * [i, level_end) and their children are appended after them, so the
 * depth bound (static nets, where a node's complexity is its depth + 1)
 * is a count of levels. Returns the next node to grow. */
CH_INLINE int grow(struct ch_net *net, int i, const unsigned flags) {
  int depth = 0, level_end = net->nnodes;
  const int n = flags & CH_N9 ? 9 : net->n, max_depth = net->max_depth;
  for (; i < net->nnodes && !net->stop; i++) {
    if (i == net->stop_at) {
      if (net->rounds-- <= 0) {
        net->stop = true;
        break;
      }
      net->stop_at = net->nnodes;
    }
    if (max_depth >= 0 && i == level_end) {
      if (++depth > max_depth)
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
#define M (CH_MASKS | CH_DIRECT | CH_N9)
  switch ((net->flags & (CH_X | CH_Y | CH_DYN)) | (net->direct ? d : 0) |
          (net->masks ? M : 0)) {
/* Each mode a constant, so that each call inlines its own grow(). */
#define ONE(f)                                                                 \
  case f:                                                                      \
    return grow(net, i, f);
/* clang-format off */
#define MODES(e)                                                               \
  ONE(CH_X | e) ONE(CH_Y | e) ONE(CH_X | CH_Y | e) ONE(CH_X | CH_DYN | e)      \
  ONE(CH_X | CH_Y | CH_DYN | e)
    /* clang-format on */
    MODES(M)
    MODES(d)
#undef MODES
#undef ONE
  default:
    return grow(net, i, net->flags & ~(d | CH_MASKS | CH_N9));
  }
#undef M
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
  net->nconf = 0;
  net->stop_at = -1;
  net->truncated = false;
  net->stop = false;
  if (net->nest != NULL)
    net->nest->nentries = 0;
  if (net->flags & CH_DYN) {
    memcpy(net->cur, s->cand, sizeof net->cur[0] * (size_t)net->ncells);
    if (!net->masks) /* (mask nets count places on vcur) */
      memcpy(net->cnt, net->cnt0, sizeof net->cnt[0] * s->geo.nunits);
    if (net->flags & CH_LOCK)
      memset(net->dirty, 0, sizeof net->dirty[0] * s->geo.nunits);
  }
  if (net->masks) {
    memset(net->koff, 0, sizeof net->koff[0] * (size_t)net->n);
    if (net->flags & CH_DYN)
      memcpy(net->vcur, net->vcand, sizeof net->vcur[0] * (size_t)net->n);
    if (!ch_on(pot))
      ch_mask_set(&net->koff[ch_value(net->n, pot) - 1], ch_cell(net->n, pot));
  }
  add(net, pot, CH_NONE, CH_SRC, 0);
  int i = 0;
  do
    i = grow_any(net, i);
  while (!net->stop && (net->flags & CH_LOCK) && (net->flags & CH_DYN) &&
         (lock_pass(net) || (net->nest != NULL && net->nest->pass(net))));
  return net->conf_a >= 0;
}
