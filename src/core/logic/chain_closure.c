/*
 * chain_closure.c - ch_static_closure: every potential that each
 * potential's static net reaches, for all the potentials of a 9x9 mask
 * net at once.
 *
 * A static net's links do not depend on what the net holds, so the net
 * grown from potential p holds exactly the potentials p reaches in the
 * graph of the links (ch_static_nets' bitsets, ch_static_depths' "the
 * negation is reached"). The links' strongly connected components
 * (Tarjan's algorithm, iterative) come out each after every component it
 * reaches, so a component's reach is its own nodes and the reaches of the
 * components its links lead to, made as it comes out: one pass over the
 * links, a word operation a link and set word. This is the graph of the
 * live candidates only (the potentials of a working copy, a few hundred),
 * numbered in potential order, so a set is a few words.
 *
 * Cost: O(potentials + links x set words); some 2000 links of 7 words on
 * a hard working copy, against a sweep's work a level for each of its 64
 * nets. What this does NOT do: depths (a chain's length needs ch_run or
 * ch_static_depths), dynamic nets, grids without masks, more than
 * CH_CL_MAXV potentials (false: sweep instead).
 */
#include <string.h>

#include "chain.h"

/* The links of node i (potential p) into cl->adj from cl->start[i]. */
static int links_of(const struct ch_net *net, struct ch_closure *cl, int p,
                    int e) {
  const int x = p >> 1, c = x / 9, v = x % 9 + 1;
  if (!(p & 1)) {
    for (int k = 0; k < net->noff[x]; k++)
      cl->adj[e++] = cl->idx[net->off_to[x][k]];
    return e;
  }
  if (net->flags & CH_Y)
    for (uint32_t m = net->s->cand[c] & ~(1u << (v - 1)); m; m &= m - 1)
      cl->adj[e++] = cl->idx[(c * 9 + __builtin_ctz(m)) * 2];
  const struct ch_mask *vm = &net->vcand[v - 1];
  for (int k = 0; k < 3; k++) {
    for (uint64_t m = net->seg[c][k].w[0] & vm->w[0]; m; m &= m - 1)
      cl->adj[e++] = cl->idx[(__builtin_ctzll(m) * 9 + v - 1) * 2];
    for (uint64_t m = net->seg[c][k].w[1] & vm->w[1]; m; m &= m - 1)
      cl->adj[e++] = cl->idx[((64 + __builtin_ctzll(m)) * 9 + v - 1) * 2];
  }
  return e;
}

/* Component k of the nodes stk[from..sp) comes out: its reach. */
static void emit(struct ch_closure *cl, int k, int from, int sp) {
  const int nw = cl->nw;
  uint64_t *restrict r = cl->reach[k];
  for (int w = 0; w < nw; w++)
    r[w] = 0;
  for (int j = from; j < sp; j++)
    cl->scc[cl->stk[j]] = (uint16_t)k;
  for (int j = from; j < sp; j++) {
    int u = cl->stk[j];
    r[u >> 6] |= 1ull << (u & 63);
    for (int e = cl->start[u]; e < cl->start[u + 1]; e++) {
      int t = cl->scc[cl->adj[e]];
      if (t == k)
        continue;
      const uint64_t *restrict o = cl->reach[t];
      for (int w = 0; w < nw; w++)
        r[w] |= o[w];
    }
  }
}

bool ch_static_closure(const struct ch_net *net, struct ch_closure *cl) {
  const int ncells = net->ncells;
  int nv = 0;
  memset(cl->idx, 0xFF, sizeof cl->idx);
  for (int c = 0; c < ncells; c++)
    for (uint32_t m = net->s->cand[c]; m; m &= m - 1) {
      if (nv + 2 > CH_CL_MAXV)
        return false;
      int p = ch_pot(9, c, __builtin_ctz(m) + 1, false);
      cl->idx[p] = (uint16_t)nv;
      cl->pot[nv++] = (uint16_t)p;
      cl->idx[p + 1] = (uint16_t)nv;
      cl->pot[nv++] = (uint16_t)(p + 1);
    }
  cl->nv = nv;
  cl->nw = (nv + 63) / 64;
  int e = 0;
  for (int i = 0; i < nv; i++) {
    cl->start[i] = (uint16_t)e;
    e = links_of(net, cl, cl->pot[i], e);
  }
  cl->start[nv] = (uint16_t)e;
  /* Tarjan, iterative: frame f holds node fr[f] and its next link ep[f];
   * num 0 = not visited; scc CH_NONE until its component comes out */
  uint16_t num[CH_CL_MAXV], low[CH_CL_MAXV], fr[CH_CL_MAXV], ep[CH_CL_MAXV];
  memset(num, 0, sizeof num[0] * (size_t)nv);
  memset(cl->scc, 0xFF, sizeof cl->scc[0] * (size_t)nv);
  int count = 0, sp = 0, ncomp = 0;
  for (int root = 0; root < nv; root++) {
    if (num[root])
      continue;
    int f = 0;
    fr[0] = (uint16_t)root;
    ep[0] = cl->start[root];
    num[root] = low[root] = (uint16_t)++count;
    cl->stk[sp++] = (uint16_t)root;
    while (f >= 0) {
      int u = fr[f];
      if (ep[f] < cl->start[u + 1]) {
        int w = cl->adj[ep[f]++];
        if (!num[w]) {
          num[w] = low[w] = (uint16_t)++count;
          cl->stk[sp++] = (uint16_t)w;
          fr[++f] = (uint16_t)w;
          ep[f] = cl->start[w];
        } else if (cl->scc[w] == CH_NONE && num[w] < low[u])
          low[u] = num[w];
        continue;
      }
      if (low[u] == num[u]) {
        int from = sp;
        while (cl->stk[from - 1] != u)
          from--;
        emit(cl, ncomp++, from - 1, sp);
        sp = from - 1;
      }
      if (--f >= 0 && low[u] < low[fr[f]])
        low[fr[f]] = low[u];
    }
  }
  return true;
}
