/*
 * chain_init.c - ch_init: what a net of chain.c reads, built once a finder
 * call: the places of each value in each unit, and either each cell's
 * peer list or (9x9) the cell masks and the static links of every "off"
 * candidate. Some 20 microseconds on 9x9. What this does NOT do: grow a
 * net (chain.c).
 */
#include <string.h>

#include "chain.h"

/* Peer lists: a cell is a peer once, at its first visit (later visits of
 * the walk would find its node known and add nothing). */
static void build_peers(struct ch_net *net, const struct logic_geom *g) {
  uint16_t mark[SUDOKU_MAX_CELLS]; /* cell -> 1 + last cell it was seen from */
  memset(mark, 0, sizeof mark[0] * (size_t)g->ncells);
  int k = 0;
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

/* The masks of the geometry (net->masks): each unit's cells, each cell's
 * peers by unit. */
static void build_geometry(struct ch_net *net, const struct logic_geom *g) {
  memset(net->umask, 0, sizeof net->umask[0] * g->nunits);
  for (int u = 0; u < g->nunits; u++)
    for (int j = 0; j < g->len[u]; j++)
      ch_mask_set(&net->umask[u], g->unit[u][j]);
  for (int c = 0; c < g->ncells; c++) {
    struct ch_mask seen = {{0, 0}};
    ch_mask_set(&seen, c);
    for (int k = 0; k < 3; k++) {
      const struct ch_mask *um = &net->umask[g->cell_units[c][k]];
      for (int w = 0; w < 2; w++) {
        net->seg[c][k].w[w] = um->w[w] & ~seen.w[w];
        seen.w[w] |= um->w[w];
      }
    }
  }
}

/* The masks of the position's candidates (net->masks), and the static
 * links of its "off" candidates. */
static void build_masks(struct ch_net *net, const struct logic_state *s) {
  const struct logic_geom *g = &s->geo;
  memset(net->vcand, 0, sizeof net->vcand[0] * (size_t)g->n);
  for (int c = 0; c < g->ncells; c++)
    for (uint32_t m = s->cand[c]; m; m &= m - 1)
      ch_mask_set(&net->vcand[__builtin_ctz(m)], c);
  if (net->flags & CH_DYN)
    return;
  /* what grow_off would find each time (three units a cell) */
  for (int c = 0; c < g->ncells; c++)
    for (uint32_t m = s->cand[c]; m; m &= m - 1) {
      int v = __builtin_ctz(m) + 1, x = c * CH_MASK_N + v - 1, k = 0;
      uint32_t left = s->cand[c] & ~(1u << (v - 1));
      if ((net->flags & CH_Y) && left != 0 && (left & (left - 1)) == 0) {
        net->off_to[x][k] =
            (uint16_t)ch_pot(g->n, c, __builtin_ctz(left) + 1, true);
        net->off_unit[x][k++] = 255;
      }
      for (int i = 0; i < 3 && (net->flags & CH_X); i++) {
        int u = g->cell_units[c][i];
        if (net->cnt0[u][v - 1] != 2)
          continue;
        uint64_t m0 = net->vcand[v - 1].w[0] & net->umask[u].w[0];
        uint64_t m1 = net->vcand[v - 1].w[1] & net->umask[u].w[1];
        if (c < 64)
          m0 &= ~(1ull << c);
        else
          m1 &= ~(1ull << (c - 64));
        int p = m0 ? __builtin_ctzll(m0) : 64 + __builtin_ctzll(m1);
        net->off_to[x][k] = (uint16_t)ch_pot(g->n, p, v, true);
        net->off_unit[x][k++] = (uint8_t)u;
      }
      net->noff[x] = (uint8_t)k;
    }
}

/* The places of each value in each unit of s. */
static void count_places(struct ch_net *net, const struct logic_state *s) {
  const struct logic_geom *g = &s->geo;
  for (int u = 0; u < g->nunits; u++)
    for (int v = 0; v < g->n; v++)
      net->cnt0[u][v] = (uint8_t)logic_popcount(s->pos[u][v]);
}

void ch_init(struct ch_net *net, const struct logic_state *s, unsigned flags) {
  const struct logic_geom *g = &s->geo;
  net->s = s;
  net->nest = NULL;
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
  count_places(net, s);
  /* Masks visit a unit's cells in cell order: only where that is the
   * unit's own order is it the peer walk's. */
  bool masks = g->n == CH_MASK_N && g->ncells <= CH_MASK_CELLS;
  for (int c = 0; c < g->ncells && masks; c++)
    masks = g->ncell_units[c] == 3;
  for (int u = 0; u < g->nunits && masks; u++)
    for (int j = 1; j < g->len[u]; j++)
      masks = masks && g->unit[u][j] > g->unit[u][j - 1];
  net->masks = masks;
  net->npeer = 0; /* (no list: a copy without masks walks the units) */
  if (!masks)
    build_peers(net, g);
  else {
    build_geometry(net, g);
    build_masks(net, s);
  }
}

void ch_reinit(struct ch_net *net) {
  const struct logic_state *s = net->s;
  count_places(net, s);
  if (net->masks)
    build_masks(net, s);
  else if (!net->direct) /* (a direct map is cleared by the next run) */
    memset(net->map, 0, sizeof net->map);
}

void ch_peer_masks(const struct logic_geom *g, struct ch_mask *peers) {
  struct ch_mask unit[LOGIC_MAX_UNITS];
  for (int u = 0; u < g->nunits; u++) {
    unit[u].w[0] = unit[u].w[1] = 0;
    for (int j = 0; j < g->len[u]; j++)
      ch_mask_set(&unit[u], g->unit[u][j]);
  }
  for (int c = 0; c < g->ncells; c++) {
    peers[c].w[0] = peers[c].w[1] = 0;
    for (int i = 0; i < g->ncell_units[c]; i++)
      for (int w = 0; w < 2; w++)
        peers[c].w[w] |= unit[g->cell_units[c][i]].w[w];
    peers[c].w[c >> 6] &= ~(1ull << (c & 63));
  }
}
