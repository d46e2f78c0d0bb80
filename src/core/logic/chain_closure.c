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
 * The "off" potentials that link nowhere (a cell with three values or
 * more, the value with three places or more in each of its units) are
 * sinks: they reach themselves alone. They are most of the links' ends
 * (some 1800 of 2100 links on a hard working copy), so they are kept out
 * of the search: as bits of their predecessors' sets (sinks) or not at
 * all, ch_cl_reaches_pot then asking their predecessors (without).
 *
 * Cost: O(potentials + links x set words): on a hard working copy of
 * some 400 potentials, some 240 nodes and 300 links without the sinks
 * (about 5 microseconds), 9 with them. What this does NOT do:
 * depths (a chain's length needs ch_run or ch_static_depths), dynamic
 * nets, grids without masks, more than CH_CL_MAXV potentials (false:
 * sweep instead).
 */
#include <string.h>

#include "chain.h"

/* The links of "on" node p into cl->adj from e (targets with links of
 * their own) and cl->sadj from *se (sinks: "off" nodes without a link,
 * which reach themselves alone); returns the new e. */
static int links_on(const struct ch_net *net, struct ch_closure *cl, int p,
                    int e, int *se) {
  const int x = p >> 1, c = x / 9, v = x % 9 + 1;
  uint32_t other = net->s->cand[c] & ~(1u << (v - 1));
  const struct ch_mask *vm = &net->vcand[v - 1], *lm = &cl->linked[v - 1];
  if (net->flags & CH_Y)
    for (uint32_t m = other & cl->lcell[c]; m; m &= m - 1)
      cl->adj[e++] = cl->idx[(c * 9 + __builtin_ctz(m)) * 2];
  /* (a node's links in any order: the peers at once) */
  const struct ch_mask *sg = net->seg[c];
  for (int w = 0; w < 2; w++)
    for (uint64_t m =
             (sg[0].w[w] | sg[1].w[w] | sg[2].w[w]) & vm->w[w] & lm->w[w];
         m; m &= m - 1)
      cl->adj[e++] = cl->idx[((w * 64 + __builtin_ctzll(m)) * 9 + v - 1) * 2];
  if (!cl->sinks)
    return e;
  if (net->flags & CH_Y)
    for (uint32_t m = other & ~cl->lcell[c]; m; m &= m - 1)
      cl->sadj[(*se)++] = cl->idx[(c * 9 + __builtin_ctz(m)) * 2];
  for (int w = 0; w < 2; w++)
    for (uint64_t m =
             (sg[0].w[w] | sg[1].w[w] | sg[2].w[w]) & vm->w[w] & ~lm->w[w];
         m; m &= m - 1)
      cl->sadj[(*se)++] =
          cl->idx[((w * 64 + __builtin_ctzll(m)) * 9 + v - 1) * 2];
  return e;
}

/* Component k of the nodes stk[from..sp) comes out: its reach, its
 * nodes' own and those of every component a link leads to (all out
 * before it). Sets are CH_CL_WORDS words, those past nw zero, so that
 * the loops have a constant count. */
static void emit(struct ch_closure *cl, int k, int from, int sp) {
  uint64_t r[CH_CL_WORDS] = {0};
  for (int j = from; j < sp; j++)
    cl->scc[cl->stk[j]] = (uint16_t)k;
  for (int j = from; j < sp; j++) {
    int u = cl->stk[j];
    r[u >> 6] |= 1ull << (u & 63);
    for (int e = cl->start[u]; e < cl->start[u + 1]; e++) {
      int t = cl->scc[cl->adj[e]];
      if (t == k)
        continue;
      const uint64_t *o = cl->reach[t];
      for (int w = 0; w < CH_CL_WORDS; w++)
        r[w] |= o[w];
    }
    for (int e = cl->sstart[u]; e < cl->sstart[u + 1]; e++) {
      int t = cl->sadj[e];
      r[t >> 6] |= 1ull << (t & 63);
    }
  }
  memcpy(cl->reach[k], r, sizeof r);
}

bool ch_static_closure(const struct ch_net *net, struct ch_closure *cl,
                       bool sinks) {
  const int ncells = net->ncells;
  int nv = 0;
  cl->sinks = sinks;
  memset(cl->idx, 0xFF, sizeof cl->idx);
  memset(cl->linked, 0, sizeof cl->linked);
  for (int c = 0; c < ncells; c++) {
    cl->lcell[c] = 0;
    for (uint32_t m = net->s->cand[c]; m; m &= m - 1) {
      if (nv + 2 > CH_CL_MAXV)
        return false;
      int v0 = __builtin_ctz(m), p = ch_pot(9, c, v0 + 1, false);
      if (net->noff[p >> 1] != 0) {
        ch_mask_set(&cl->linked[v0], c);
        cl->lcell[c] |= 1u << v0;
      }
      if (sinks || net->noff[p >> 1] != 0) {
        cl->idx[p] = (uint16_t)nv;
        cl->pot[nv++] = (uint16_t)p;
      }
      cl->idx[p + 1] = (uint16_t)nv;
      cl->pot[nv++] = (uint16_t)(p + 1);
    }
  }
  cl->nv = nv;
  cl->nw = (nv + 63) / 64;
  /* the links; a sink is its own component, out first */
  int e = 0, se = 0, ncomp = 0;
  for (int i = 0; i < nv; i++) {
    int p = cl->pot[i];
    cl->start[i] = (uint16_t)e;
    cl->sstart[i] = (uint16_t)se;
    cl->scc[i] = CH_NONE;
    if (p & 1) {
      e = links_on(net, cl, p, e, &se);
      continue;
    }
    int x = p >> 1;
    for (int k = 0; k < net->noff[x]; k++)
      cl->adj[e++] = cl->idx[net->off_to[x][k]];
    if (net->noff[x] == 0) {
      memset(cl->reach[ncomp], 0, sizeof cl->reach[0]);
      cl->reach[ncomp][i >> 6] = 1ull << (i & 63);
      cl->scc[i] = (uint16_t)ncomp++;
    }
  }
  cl->start[nv] = (uint16_t)e;
  cl->sstart[nv] = (uint16_t)se;
  /* Tarjan, iterative, over the nodes with links: frame f holds node
   * fr[f] and its next link ep[f]; num 0 = not visited; a visited node
   * is on the stack until its component comes out (scc CH_NONE) */
  uint16_t num[CH_CL_MAXV], low[CH_CL_MAXV], fr[CH_CL_MAXV], ep[CH_CL_MAXV];
  memset(num, 0, sizeof num[0] * (size_t)nv);
  int count = 0, sp = 0;
  for (int root = 0; root < nv; root++) {
    if (num[root] || cl->scc[root] != CH_NONE)
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

bool ch_cl_reaches_pot(const struct ch_net *net, const struct ch_closure *cl,
                       const uint64_t *set, int pot) {
  int j = cl->idx[pot];
  if (j != CH_NONE)
    return (set[j >> 6] >> (j & 63)) & 1;
  /* a sink: reached when a node that links to it is (ch_run's "on"
   * links: the cell's other values, the value's places among the
   * peers) */
  const int x = pot >> 1, c = x / 9, v = x % 9 + 1;
  for (uint32_t m = net->s->cand[c] & ~(1u << (v - 1));
       m && (net->flags & CH_Y); m &= m - 1) {
    int i = cl->idx[(c * 9 + __builtin_ctz(m)) * 2 + 1];
    if ((set[i >> 6] >> (i & 63)) & 1)
      return true;
  }
  const struct ch_mask *vm = &net->vcand[v - 1];
  for (int k = 0; k < 3; k++)
    for (int w = 0; w < 2; w++)
      for (uint64_t m = net->seg[c][k].w[w] & vm->w[w]; m; m &= m - 1) {
        int i = cl->idx[((w * 64 + __builtin_ctzll(m)) * 9 + v - 1) * 2 + 1];
        if ((set[i >> 6] >> (i & 63)) & 1)
          return true;
      }
  return false;
}
