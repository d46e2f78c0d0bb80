/*
 * forcing.c - forcing chains over several branches: Nishio (one value,
 * dynamic, contradiction), cell and region forcing chains (static: every
 * value of a cell, or every place of a value in a unit, implies the same
 * thing) and dynamic forcing chains (contradiction, double forcing, cell
 * and region forcing over dynamic nets), rated as Sudoku Explainer rates
 * them: 7.5, 8.0, 8.5 plus the length increment of the summed complexity
 * of the branches.
 *
 * Cost: two nets per candidate (assumed true, assumed false), each
 * O(nodes x peers), plus the region pass, whose branches come from a cache
 * of the "on" nets' potentials when it fits (9x9); tens of milliseconds a
 * call on a hard 9x9, read against the deadline every 8 nets. Conclusions
 * common to branches are kept as bitsets of potentials (4 KiB at 25x25);
 * branches are run again only to weigh a conclusion, so one net is alive
 * at a time (the whole search is about 109 KiB of stack). What this does NOT
 * do: nested chains (a chain inside a chain) or guessing.
 */
#include <limits.h>
#include <string.h>

#include "chain.h"

#define POT_WORDS ((2 * SUDOKU_MAX_CELLS * SUDOKU_MAX_N + 31) / 32)
#define MAX_SURVIVORS 16 /* conclusions of one branch set weighed */
#define CACHE_WORDS 6144 /* 24 KiB of cached branches */
#define CACHE_CANDS 1024 /* candidates a cache covers (9x9: 729) */

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
  struct best best; /* starts at logic_next's beat: only better counts */
  bool found;       /* best is a conclusion */
  bool shallow;     /* contradictions only: nets as deep as could win */
  unsigned runs;
  bool late;
  uint32_t acc[POT_WORDS], tmp[POT_WORDS], cellacc[POT_WORDS];
  int words;
  /* The potentials each "on" branch reaches, kept for the region pass when
   * they fit (9x9: 46 words a branch, about 130 branches): a branch is then
   * run once a call instead of up to five times. */
  bool cache_on;
  int ncached;
  uint16_t slot[CACHE_CANDS]; /* candidate -> cached branch + 1, 0 none */
  uint32_t cache[CACHE_WORDS];
};

/* A search for contradictions alone (Nishio) needs its nets only as deep
 * as a contradiction that could still win. A node of depth d rests on d + 1
 * nodes at least, so a contradiction whose newer node lies at depth
 * D + 2 or more weighs D + 3 (plus the older node's 1) or more; a net grown
 * to depth D holds every node to depth D + 1 in the same order as the full
 * net, so it finds the same first contradiction whenever that one could
 * win, and none otherwise. */
static void bound(struct search *q) {
  if (!q->shallow)
    return;
  int lim = ch_max_cplx(q->m->base, q->best.r, q->best.cplx);
  q->net.max_depth = lim == INT_MAX ? -1 : lim - 3 < 0 ? 0 : lim - 3;
}

static void offer(struct search *q, struct best b) {
  b.r = q->m->base + ch_length_rating(b.cplx);
  if (b.r < q->best.r || (b.r == q->best.r && b.cplx < q->best.cplx)) {
    q->best = b;
    q->found = true;
    bound(q);
  }
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

/* The bits of the "on" branch from pot (run now, or from the cache);
 * NULL when time ran out. The pointer is valid until the next call. */
static const uint32_t *branch(struct search *q, int pot) {
  int cand = pot >> 1;
  if (q->cache_on && q->slot[cand])
    return q->cache + (size_t)(q->slot[cand] - 1) * (size_t)q->words;
  if (!run(q, pot))
    return NULL;
  if (q->cache_on && (q->ncached + 1) * q->words <= CACHE_WORDS) {
    uint32_t *bits = q->cache + (size_t)q->ncached * (size_t)q->words;
    net_bits(q, bits);
    q->slot[cand] = (uint16_t)++q->ncached;
    return bits;
  }
  net_bits(q, q->tmp);
  return q->tmp;
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
    bool hope = false; /* a sum only grows: stop once none can win */
    for (int t = 0; t < ns; t++) {
      int i = ch_find(&q->net, surv[t]);
      cplx[t] += i >= 0 ? ch_ancestors(&q->net, i) : 1000;
      int r = q->m->base + ch_length_rating(cplx[t]);
      hope |= r < q->best.r || (r == q->best.r && cplx[t] < q->best.cplx);
    }
    if (!hope)
      return;
  }
  for (int t = 0; t < ns; t++) {
    b.target = surv[t];
    b.cplx = cplx[t];
    offer(q, b);
  }
}

/* Intersects the branches into acc; false when nothing common remains or
 * time ran out. */
static bool intersect(struct search *q, const int *src, int nsrc) {
  for (int k = 0; k < nsrc; k++) {
    const uint32_t *bits = branch(q, src[k]);
    if (bits == NULL)
      return false;
    /* restrict and one loop a case, so that the compiler can vectorise:
     * this runs for every place set of every unit */
    uint32_t any = 0, *restrict acc = q->acc;
    const uint32_t *restrict b = bits;
    const int words = q->words;
    if (k == 0)
      for (int w = 0; w < words; w++)
        any |= acc[w] = b[w];
    else
      for (int w = 0; w < words; w++)
        any |= acc[w] &= b[w];
    if (!any)
      return false;
  }
  return true;
}

/* Offers the contradiction of the net just run from src, if any. */
static void contradiction(struct search *q, int src) {
  if (q->m->contradiction && q->net.conf_a >= 0)
    offer(q, (struct best){0,
                           ch_ancestors(&q->net, q->net.conf_a) +
                               ch_ancestors(&q->net, q->net.conf_b),
                           K_CONTRA, src, 0, 0, 0, 0});
}

/* Contradiction and double forcing from candidate (c, v), the k-th value
 * of its cell; its "on" branch also goes into the cell's intersection
 * (cellacc) and the cache. */
static void binary(struct search *q, int c, int v, int k) {
  int n = q->s->geo.n, on = ch_pot(n, c, v, true);
  bool dbl = q->m->dbl && __builtin_popcount(q->s->cand[c]) >= 3;
  if (!run(q, on))
    return;
  contradiction(q, on);
  if (q->m->cells || q->m->regions || dbl) {
    net_bits(q, q->acc);
    if (q->cache_on && !q->slot[on >> 1] &&
        (q->ncached + 1) * q->words <= CACHE_WORDS) {
      memcpy(q->cache + (size_t)q->ncached * (size_t)q->words, q->acc,
             sizeof q->acc[0] * (size_t)q->words);
      q->slot[on >> 1] = (uint16_t)++q->ncached;
    }
    for (int w = 0; w < q->words; w++)
      q->cellacc[w] = k == 0 ? q->acc[w] : q->cellacc[w] & q->acc[w];
  }
  if (!q->m->contradiction && !dbl)
    return;
  if (!run(q, on ^ 1))
    return;
  contradiction(q, on ^ 1);
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
  q->net.max_depth = -1;
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
  if (s->beat != 0) { /* rated >= beat would be dropped: not even weighed */
    q.best.r = (int)s->beat;
    q.best.cplx = 0;
  }
  q.found = false;
  q.words = (2 * g->ncells * n + 31) / 32;
  q.ncached = 0;
  q.cache_on = m->regions && g->ncells * n <= CACHE_CANDS;
  if (q.cache_on)
    memset(q.slot, 0, sizeof q.slot);
  unsigned stop = m->contradiction ? CH_STOP_ANY : 0;
  ch_init(&q.net, s, m->flags | stop);
  /* (a net the node cap can cut is not a prefix of the full one) */
  q.shallow = m->contradiction && !m->dbl && !m->cells && !m->regions &&
              !(m->flags & CH_LOCK) && 2 * g->ncells * n <= CH_MAX_NODES;
  bound(&q);
  for (int c = 0; c < g->ncells && !q.late; c++) {
    if (s->value[c] || __builtin_popcount(s->cand[c]) < 2)
      continue;
    int k = 0;
    for (uint32_t mm = s->cand[c]; mm && !q.late; mm &= mm - 1)
      binary(&q, c, __builtin_ctz(mm) + 1, k++);
    if (m->cells && !q.late) {
      memcpy(q.acc, q.cellacc, sizeof q.acc[0] * (size_t)q.words);
      k = cell_branches(s, c, src);
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
  if (q.late || !q.found)
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

/* SE's "Dynamic Forcing Chains (+)": dynamic nets that also use locked
 * candidates, the first level of nesting (a simple technique inside the
 * chain). Rated as SE rates them, 9.0 + length, and tried as SE tries them:
 * only when no finder before found anything (SE keeps them in a producer
 * group of their own, asked after the dynamic chains; step.c's table marks
 * the row). The nets cost about three times a dynamic search.
 * Deeper nesting (chains inside chains) is left to trial. */
bool logic_find_NESTED_FORCING_CHAIN(const struct logic_state *s,
                                     struct sudoku_step *out) {
  static const struct multi m = {SUDOKU_TECH_NESTED_FORCING_CHAIN,
                                 CH_X | CH_Y | CH_DYN | CH_LOCK,
                                 90,
                                 true,
                                 true,
                                 true,
                                 true};
  return find_multi(s, out, &m);
}
