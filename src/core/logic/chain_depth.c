/*
 * chain_depth.c - ch_static_depths: how deep a static mask net (9x9)
 * first reaches the negation of its assumption, for up to 64 assumptions
 * at once.
 *
 * A static net's links do not depend on what the net holds, and its nodes
 * are added breadth first, each at its distance from the assumption; so
 * the node ch_run marks as `hit` (the first of the negation) lies at the
 * negation's distance, and its complexity (ancestors) is that distance
 * + 1. Distances need no parents: one breadth-first sweep carries a
 * 64-bit word a potential, bit i for the i-th assumption, and a
 * potential's links are followed once a level for all the assumptions
 * whose frontier holds it. Nets that start near one another (the places
 * of one value) share most of their nodes, which is where this beats 64
 * runs. ch_static_nets gives the nets' potentials as bitsets, in the
 * same sweep without the stop. Cost: O(levels x potentials x links)
 * word operations a call, a few microseconds on 9x9. What this does NOT do:
 * record parents (ch_run does, for the one chain that is shown), dynamic nets,
 * grids without masks.
 */
#include <string.h>

#include "chain.h"

/* Pushes word w of potential p (n = 9) along its static links into nx;
 * a potential whose word was empty goes on the list nxt. */
static inline void push(const struct ch_net *net, struct ch_bfs *b, int p,
                        uint64_t w, int *nn) {
  const int x = p >> 1, c = x / 9, v = x % 9 + 1;
#define PUSH(q)                                                                \
  do {                                                                         \
    int q_ = (q);                                                              \
    if (b->nx[q_] == 0)                                                        \
      b->nxt[(*nn)++] = (uint16_t)q_;                                          \
    b->nx[q_] |= w;                                                            \
  } while (0)
  if (!(p & 1)) {
    for (int k = 0; k < net->noff[x]; k++)
      PUSH(net->off_to[x][k]);
    return;
  }
  if (net->flags & CH_Y)
    for (uint32_t m = net->s->cand[c] & ~(1u << (v - 1)); m; m &= m - 1)
      PUSH((c * 9 + __builtin_ctz(m)) * 2);
  const struct ch_mask *vm = &net->vcand[v - 1];
  for (int k = 0; k < 3; k++) {
    for (uint64_t m = net->seg[c][k].w[0] & vm->w[0]; m; m &= m - 1)
      PUSH((__builtin_ctzll(m) * 9 + v - 1) * 2);
    for (uint64_t m = net->seg[c][k].w[1] & vm->w[1]; m; m &= m - 1)
      PUSH(((64 + __builtin_ctzll(m)) * 9 + v - 1) * 2);
  }
#undef PUSH
}

/* One sweep from src (bit i = src[i]; with one, bit 0 = all of them, any
 * number), to net->max_depth; with dist (never with one),
 * each assumption stops at its negation, whose depth goes to dist[i].
 * Leaves b->vis set for the b->nseen potentials b->seen[]. */
static void sweep(const struct ch_net *net, struct ch_bfs *b, const int *src,
                  int nsrc, int16_t *dist, bool one) {
  int na = 0, nseen = 0;
  for (int i = 0; i < nsrc; i++) {
    int p = src[i];
    uint64_t bit = one ? 1 : 1ull << i;
    if (dist != NULL)
      dist[i] = -1;
    if (b->vis[p] == 0)
      b->seen[nseen++] = b->act[na++] = (uint16_t)p;
    b->vis[p] |= bit;
    b->fr[p] |= bit;
  }
  uint64_t live = one || nsrc == 64 ? ~0ull : (1ull << nsrc) - 1;
  const int max_depth = net->max_depth;
  int d = 0;
  for (; na > 0 && live != 0 && (max_depth < 0 || d <= max_depth); d++) {
    int nn = 0;
    for (int k = 0; k < na; k++) {
      int p = b->act[k];
      uint64_t w = b->fr[p] & live;
      b->fr[p] = 0;
      if (w != 0)
        push(net, b, p, w, &nn);
    }
    na = 0;
    for (int k = 0; k < nn; k++) {
      int q = b->nxt[k];
      uint64_t w = b->nx[q] & ~b->vis[q];
      b->nx[q] = 0;
      if (w != 0) {
        if (b->vis[q] == 0)
          b->seen[nseen++] = (uint16_t)q;
        b->vis[q] |= w;
        b->fr[q] = w;
        b->act[na++] = (uint16_t)q;
      }
    }
    for (uint64_t m = dist != NULL ? live : 0; m; m &= m - 1) {
      int i = __builtin_ctzll(m);
      if ((b->vis[src[i] ^ 1] >> i) & 1) {
        dist[i] = (int16_t)(d + 1);
        live &= ~(1ull << i);
      }
    }
  }
  for (int k = 0; k < na; k++) /* (fr and nx: all zero between calls) */
    b->fr[b->act[k]] = 0;
  b->nseen = nseen;
}

static void clear_seen(struct ch_bfs *b) {
  for (int k = 0; k < b->nseen; k++)
    b->vis[b->seen[k]] = 0;
  b->nseen = 0;
}

void ch_static_depths(const struct ch_net *net, struct ch_bfs *b,
                      const int *src, int nsrc, int16_t *dist) {
  sweep(net, b, src, nsrc, dist, false);
  clear_seen(b);
}

void ch_static_nets(const struct ch_net *net, struct ch_bfs *b, const int *src,
                    int nsrc, uint32_t (*bits)[CH_POT_WORDS9]) {
  sweep(net, b, src, nsrc, NULL, false);
  memset(bits, 0, sizeof bits[0] * (size_t)nsrc);
  for (int k = 0; k < b->nseen; k++) {
    int p = b->seen[k];
    for (uint64_t m = b->vis[p]; m; m &= m - 1)
      bits[__builtin_ctzll(m)][p >> 5] |= 1u << (p & 31);
  }
  clear_seen(b);
}

void ch_static_reach(const struct ch_net *net, struct ch_bfs *b, const int *src,
                     int nsrc, uint32_t *bits) {
  sweep(net, b, src, nsrc, NULL, true);
  memset(bits, 0, sizeof bits[0] * CH_POT_WORDS9);
  for (int k = 0; k < b->nseen; k++)
    bits[b->seen[k] >> 5] |= 1u << (b->seen[k] & 31);
  clear_seen(b);
}
