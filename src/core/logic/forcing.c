/*
 * forcing.c - forcing chains over several branches: Nishio (one value,
 * dynamic, contradiction), cell and region forcing chains (static: every
 * value of a cell, or every place of a value in a unit, implies the same
 * thing) and dynamic forcing chains (contradiction, double forcing, cell
 * and region forcing over dynamic nets), rated as Sudoku Explainer rates
 * them: 7.5, 8.0, 8.5 plus the length increment of the summed complexity
 * of the branches.
 *
 * Cost: a few nets per candidate (one per branch), each O(nodes x peers);
 * tens of milliseconds a call on a hard 9x9, read against the deadline
 * every 8 nets. Conclusions common to branches are kept as a bitset of
 * potentials (4 KiB at 25x25), and the branches are run again only for the
 * best conclusion, so one net is alive at a time. What this does NOT do:
 * nested chains (a chain inside a chain) or guessing.
 */
#include <limits.h>
#include <string.h>

#include "chain.h"

#define POT_WORDS ((2 * SUDOKU_MAX_CELLS * SUDOKU_MAX_N + 31) / 32)
#define MAX_SURVIVORS 16 /* conclusions of one branch set weighed */

enum kind { K_CONTRA, K_DOUBLE, K_CELL, K_REGION };

struct multi {
  enum sudoku_technique tech;
  unsigned flags; /* enum ch_flags */
  int base;       /* rating x10 before the length increment */
  bool contradiction, dbl, cells, regions;
};

struct best {
  int r, cplx;
  enum kind kind;
  int src;    /* K_CONTRA, K_DOUBLE: the assumed potential (on) */
  int cell;   /* K_CELL */
  int unit;   /* K_REGION, with value */
  int value;  /* K_REGION */
  int target; /* K_DOUBLE, K_CELL, K_REGION: the common conclusion */
};

struct search {
  const struct logic_state *s;
  const struct multi *m;
  struct ch_net net;
  struct best best;
  unsigned runs;
  bool late;
  uint32_t acc[POT_WORDS], tmp[POT_WORDS];
  int words;
};

static void offer(struct search *q, struct best b) {
  b.r = q->m->base + ch_length_rating(b.cplx);
  if (b.r < q->best.r || (b.r == q->best.r && b.cplx < q->best.cplx))
    q->best = b;
}

/* Runs the net from pot; false when the deadline passed. */
static bool run(struct search *q, int pot) {
  if ((++q->runs & 7) == 0 && ch_late(q->s)) {
    q->late = true;
    return false;
  }
  ch_run(&q->net, pot);
  return true;
}

/* The potentials of the current net into bits. */
static void net_bits(const struct search *q, uint32_t *bits) {
  memset(bits, 0, sizeof bits[0] * (size_t)q->words);
  for (int i = 0; i < q->net.nnodes; i++) {
    int p = q->net.node[i].pot;
    bits[p >> 5] |= 1u << (p & 31);
  }
}

/* Potentials set in acc, skipping those of cell `skip` (the branches'
 * own), at most cap of them into out; returns how many. */
static int survivors(const struct search *q, int skip, int *out, int cap) {
  int k = 0, n = q->s->geo.n;
  for (int w = 0; w < q->words && k < cap; w++)
    for (uint32_t m = q->acc[w]; m && k < cap; m &= m - 1) {
      int p = w * 32 + __builtin_ctz(m);
      if (ch_cell(n, p) != skip)
        out[k++] = p;
    }
  return k;
}

/* Branch sources of a cell (its values) or of a region (a value's
 * places); returns how many. */
static int cell_branches(const struct logic_state *s, int c, int *src) {
  int k = 0;
  for (uint32_t m = s->cand[c]; m; m &= m - 1)
    src[k++] = ch_pot(s->geo.n, c, __builtin_ctz(m) + 1, true);
  return k;
}
static int region_branches(const struct logic_state *s, int u, int v,
                           int *src) {
  int k = 0;
  for (int j = 0; j < s->geo.len[u]; j++) {
    int c = s->geo.unit[u][j];
    if ((s->cand[c] >> (v - 1)) & 1)
      src[k++] = ch_pot(s->geo.n, c, v, true);
  }
  return k;
}

/* Every branch implies the potentials left in acc: weighs them (the sum of
 * the branches' complexities) and offers the lightest. */
static void weigh(struct search *q, const int *src, int nsrc, int skip,
                  struct best b) {
  int surv[MAX_SURVIVORS], cplx[MAX_SURVIVORS] = {0};
  int ns = survivors(q, skip, surv, MAX_SURVIVORS);
  if (ns == 0)
    return;
  for (int k = 0; k < nsrc; k++) {
    if (!run(q, src[k]))
      return;
    for (int t = 0; t < ns; t++) {
      int i = ch_find(&q->net, surv[t]);
      cplx[t] += i >= 0 ? ch_ancestors(&q->net, i) : 1000;
    }
  }
  for (int t = 0; t < ns; t++) {
    b.target = surv[t];
    b.cplx = cplx[t];
    offer(q, b);
  }
}

/* Intersects the nets of the branches into acc; false when one branch is
 * empty-handed (nothing common can remain) or time ran out. */
static bool intersect(struct search *q, const int *src, int nsrc) {
  for (int k = 0; k < nsrc; k++) {
    if (!run(q, src[k]))
      return false;
    net_bits(q, k == 0 ? q->acc : q->tmp);
    if (k == 0)
      continue;
    uint32_t any = 0;
    for (int w = 0; w < q->words; w++)
      any |= q->acc[w] &= q->tmp[w];
    if (!any)
      return false;
  }
  return true;
}

/* Contradiction and double forcing from candidate (c, v). */
static void binary(struct search *q, int c, int v) {
  int n = q->s->geo.n, on = ch_pot(n, c, v, true);
  if (!run(q, on))
    return;
  if (q->m->contradiction && q->net.conf_a >= 0)
    offer(q, (struct best){0,
                           ch_ancestors(&q->net, q->net.conf_a) +
                               ch_ancestors(&q->net, q->net.conf_b),
                           K_CONTRA, on, 0, 0, 0, 0});
  bool dbl = q->m->dbl && __builtin_popcount(q->s->cand[c]) >= 3;
  if (dbl)
    net_bits(q, q->acc);
  if (!run(q, on ^ 1))
    return;
  if (q->m->contradiction && q->net.conf_a >= 0)
    offer(q, (struct best){0,
                           ch_ancestors(&q->net, q->net.conf_a) +
                               ch_ancestors(&q->net, q->net.conf_b),
                           K_CONTRA, on ^ 1, 0, 0, 0, 0});
  if (!dbl)
    return;
  net_bits(q, q->tmp);
  uint32_t any = 0;
  for (int w = 0; w < q->words; w++)
    any |= q->acc[w] &= q->tmp[w];
  if (any) {
    int src[2] = {on, on ^ 1};
    weigh(q, src, 2, c, (struct best){0, 0, K_DOUBLE, on, 0, 0, 0, 0});
  }
}

/* Re-runs the best conclusion's branches into the step. */
static void conclude(struct search *q, struct sudoku_step *out) {
  const struct logic_state *s = q->s;
  const struct best *b = &q->best;
  int n = s->geo.n, src[SUDOKU_MAX_N], nsrc = 0, target = b->target;
  ch_step_begin(out, q->m->tech, b->r);
  if (b->kind == K_CONTRA) {
    ch_run(&q->net, b->src);
    ch_add_path(&q->net, q->net.conf_a, out);
    ch_add_path(&q->net, q->net.conf_b, out);
    target = b->src ^ 1; /* the assumption is false */
  } else {
    if (b->kind == K_DOUBLE) {
      src[0] = b->src;
      src[1] = b->src ^ 1;
      nsrc = 2;
    } else if (b->kind == K_CELL) {
      nsrc = cell_branches(s, b->cell, src);
    } else {
      nsrc = region_branches(s, b->unit, b->value, src);
      out->units[out->nunits++] = (uint8_t)b->unit;
    }
    for (int k = 0; k < nsrc; k++) {
      ch_run(&q->net, src[k]);
      int i = ch_find(&q->net, target);
      if (i >= 0)
        ch_add_path(&q->net, i, out);
    }
  }
  int c = ch_cell(n, target), v = ch_value(n, target);
  if (ch_on(target))
    ch_step_place(out, c, v);
  else
    ch_step_eliminate(out, c, v);
}

static bool find_multi(const struct logic_state *s, struct sudoku_step *out,
                       const struct multi *m) {
  struct search q;
  const struct logic_geom *g = &s->geo;
  int n = g->n, src[SUDOKU_MAX_N];
  q.s = s;
  q.m = m;
  q.runs = 0;
  q.late = false;
  q.best.r = q.best.cplx = INT_MAX;
  q.words = (2 * g->ncells * n + 31) / 32;
  unsigned stop = m->contradiction ? CH_STOP_ANY : 0;
  ch_init(&q.net, s, m->flags | stop);
  for (int c = 0; c < g->ncells && !q.late; c++) {
    if (s->value[c] || __builtin_popcount(s->cand[c]) < 2)
      continue;
    if (m->contradiction || m->dbl)
      for (uint32_t mm = s->cand[c]; mm && !q.late; mm &= mm - 1)
        binary(&q, c, __builtin_ctz(mm) + 1);
    if (m->cells && !q.late) {
      int k = cell_branches(s, c, src);
      if (intersect(&q, src, k))
        weigh(&q, src, k, c, (struct best){0, 0, K_CELL, 0, c, 0, 0, 0});
    }
  }
  for (int u = 0; m->regions && u < g->nunits && !q.late; u++)
    for (int v = 1; v <= n && !q.late; v++) {
      if (q.net.cnt0[u][v - 1] < 2)
        continue;
      int k = region_branches(s, u, v, src);
      if (intersect(&q, src, k))
        weigh(&q, src, k, -1, (struct best){0, 0, K_REGION, 0, 0, u, v, 0});
    }
  if (q.late || q.best.r == INT_MAX)
    return false;
  conclude(&q, out);
  return true;
}

bool logic_find_NISHIO(const struct logic_state *s, struct sudoku_step *out) {
  static const struct multi m = {
      SUDOKU_TECH_NISHIO, CH_X | CH_DYN, 75, true, false, false, false};
  return find_multi(s, out, &m);
}

bool logic_find_REGION_FORCING_CHAIN(const struct logic_state *s,
                                     struct sudoku_step *out) {
  static const struct multi m = {SUDOKU_TECH_REGION_FORCING_CHAIN,
                                 CH_X | CH_Y,
                                 80,
                                 false,
                                 false,
                                 true,
                                 true};
  return find_multi(s, out, &m);
}

bool logic_find_DYNAMIC_FORCING_CHAIN(const struct logic_state *s,
                                      struct sudoku_step *out) {
  static const struct multi m = {SUDOKU_TECH_DYNAMIC_FORCING_CHAIN,
                                 CH_X | CH_Y | CH_DYN,
                                 85,
                                 true,
                                 true,
                                 true,
                                 true};
  return find_multi(s, out, &m);
}
