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
 * O(nodes x peers); on 9x9 the region pass runs none, its intersections
 * being made from the "on" nets as the cell pass runs them (larger grids
 * run each region's branches again), and the static "on" nets of cell and
 * region forcing chains are swept 64 at a time (chain_depth.c); up to a
 * few milliseconds a call on a hard 9x9, read against the deadline every
 * 8 nets (every sweep). Conclusions common to branches are kept as
 * bitsets of potentials (4 KiB at 25x25); branches are run again only to
 * weigh a conclusion (the net in hand is not), so one net is alive at a
 * time (the whole search is about 190 KiB of stack). The nested rows
 * (nested_levels.c) run this search with nets that nest (nested.c).
 * What this does NOT do: guessing.
 */
#include <limits.h>
#include <stddef.h>
#include <string.h>

#include "chain.h"
#include "forcing.h"
#include "nested.h"

#define POT_WORDS ((2 * SUDOKU_MAX_CELLS * SUDOKU_MAX_N + 31) / 32)
#define MAX_SURVIVORS 16 /* conclusions of one branch set weighed */
#define MAX_ALL 64 /* conclusions an inner search (ch_dynamic_inner) keeps */
#define RACC_WORDS (27 * 9 * 46) /* 9x9: units x values x words */

enum kind { K_CONTRA, K_DOUBLE, K_CELL, K_REGION };

struct conclusion {
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
  const struct forcing_kind *m;
  struct ch_net *net; /* own, or the caller's (find_in_closure) */
  struct ch_net own;
  /* find_in_closure: the sets in acc, tmp and cellacc are of the
   * closure's nodes, not potentials */
  const struct ch_closure *cl;
  struct conclusion best; /* starts at logic_next's beat: only better counts */
  bool found;             /* best is a conclusion */
  bool shallow;           /* contradictions only: nets as deep as could win */
  unsigned runs;
  bool late;
  int held, held_depth; /* the net in hand: run from held, that bound */
  uint32_t acc[POT_WORDS], tmp[POT_WORDS], cellacc[POT_WORDS];
  int words;
  /* The region pass's intersections, made as the cell pass runs the "on"
   * branches (9x9 and smaller: 46 words a unit and value, 44 KiB): each
   * branch is ANDed into the three regions of its candidate, so the
   * region pass runs no net. A region is used from here only when all its
   * places were ANDed in (racc_n[] = its place count; a cell with one
   * candidate left is no branch of the cell pass); any other is
   * intersected by running its branches. AND is commutative and an empty
   * intersection stays empty, so this is the intersection the runs give. */
  bool racc_on;
  uint8_t racc_n[LOGIC_MAX_UNITS * SUDOKU_MAX_N]; /* branches ANDed in */
  uint32_t racc[RACC_WORDS];
  /* Static mask nets without stops (cell and region forcing chains on
   * 9x9): the cell pass's "on" branches come from sweeps of 64
   * (ch_static_nets, the same potentials as the runs), the next 64 in
   * the pass's order each time; 55 KiB. */
  bool sweep_on;
  int sweep_next, sweep_n;
  int sweep_src[64];
  uint32_t swept[64][CH_POT_WORDS9];
  struct ch_bfs bfs;
  /* ch_dynamic_inner: nested.c's view of the conclusions, and the
   * lightest conclusion of each target (up to MAX_ALL, 2.5 KiB) */
  struct ch_inner *in;
  int nall;
  struct conclusion all[MAX_ALL];
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
  q->net->max_depth = lim == INT_MAX ? -1 : lim - 3 < 0 ? 0 : lim - 3;
}

/* The target of conclusion b (the assumption's negation for a
 * contradiction). */
static int target_of(const struct conclusion *b) {
  return b->kind == K_CONTRA ? b->src ^ 1 : b->target;
}

/* Keeps b among q->all: the lightest conclusion of each target; when
 * full, b replaces the heaviest kept if lighter. */
static void keep(struct search *q, struct conclusion b) {
  int worst = 0;
  for (int i = 0; i < q->nall; i++) {
    struct conclusion *a = &q->all[i];
    if (target_of(a) == target_of(&b)) {
      if (b.cplx < a->cplx)
        *a = b;
      return;
    }
    if (a->cplx > q->all[worst].cplx)
      worst = i;
  }
  if (q->nall < MAX_ALL)
    q->all[q->nall++] = b;
  else if (b.cplx < q->all[worst].cplx)
    q->all[worst] = b;
}

static void offer(struct search *q, struct conclusion b) {
  b.r = q->m->base + ch_length_rating(b.cplx);
  if (q->in != NULL) { /* every conclusion counts: no bound */
    keep(q, b);
    q->found = true;
    return;
  }
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
  ch_run(q->net, pot);
  q->held = pot;
  q->held_depth = q->net->max_depth;
  return true;
}

/* The potentials of the current net into bits. */
static void net_bits(const struct search *q, uint32_t *bits) {
  memset(bits, 0, sizeof bits[0] * (size_t)q->words);
  for (int i = 0; i < q->net->nnodes; i++) {
    int p = q->net->node[i].pot;
    bits[p >> 5] |= 1u << (p & 31);
  }
}

/* The bits of the "on" branch from pot, run now into tmp; NULL when time
 * ran out. */
static const uint32_t *branch(struct search *q, int pot) {
  if (!run(q, pot))
    return NULL;
  net_bits(q, q->tmp);
  return q->tmp;
}

/* The potentials of the "on" branch pot into acc, from the sweep that
 * holds it (made now if none does); false when time ran out. */
static bool swept(struct search *q, int pot) {
  const struct logic_state *s = q->s;
  if (q->sweep_next >= q->sweep_n || q->sweep_src[q->sweep_next] != pot) {
    if (ch_late(s)) {
      q->late = true;
      return false;
    }
    int k = 0, c0 = ch_cell(9, pot);
    for (int c = c0; c < s->geo.ncells && k < 64; c++) {
      if (s->value[c] || __builtin_popcount(s->cand[c]) < 2)
        continue;
      for (uint32_t m = s->cand[c]; m && k < 64; m &= m - 1) {
        int p = ch_pot(9, c, __builtin_ctz(m) + 1, true);
        if (p >= pot)
          q->sweep_src[k++] = p;
      }
    }
    ch_static_nets(q->net, &q->bfs, q->sweep_src, k, q->swept);
    q->sweep_n = k;
    q->sweep_next = 0;
  }
  memcpy(q->acc, q->swept[q->sweep_next++],
         sizeof q->acc[0] * (size_t)q->words);
  return true;
}

/* ANDs the "on" branch of candidate (c, v), in acc, into the
 * intersections of c's regions for v. */
static void racc_add(struct search *q, int c, int v) {
  const struct logic_geom *g = &q->s->geo;
  const int words = q->words;
  for (int k = 0; k < g->ncell_units[c]; k++) {
    int r = g->cell_units[c][k] * g->n + v - 1;
    uint32_t *restrict d = q->racc + (size_t)r * (size_t)words;
    const uint32_t *restrict a = q->acc;
    if (q->racc_n[r]++ == 0)
      memcpy(d, a, sizeof d[0] * (size_t)words);
    else
      for (int w = 0; w < words; w++)
        d[w] &= a[w];
  }
}

/* Potentials set in acc, skipping those of cell `skip` (the branches'
 * own), at most cap of them into out; returns how many. (A closure's
 * nodes are in potential order: the same order.) */
static int survivors(const struct search *q, int skip, int *out, int cap) {
  int k = 0, n = q->s->geo.n;
  for (int w = 0; w < q->words && k < cap; w++)
    for (uint32_t m = q->acc[w]; m && k < cap; m &= m - 1) {
      int p = w * 32 + __builtin_ctz(m);
      if (q->cl != NULL)
        p = q->cl->pot[p];
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
                  struct conclusion b) {
  int surv[MAX_SURVIVORS], cplx[MAX_SURVIVORS] = {0};
  struct ch_keys keys[MAX_SURVIVORS]; /* nested chains counted, a target */
  int ns = survivors(q, skip, surv, MAX_SURVIVORS);
  if (ns == 0)
    return;
  /* A branch whose net is the one in hand is weighed first, without a
   * run: the sums do not depend on the order, and a sum that can win at
   * the end can win at every step, so the offers are the same. */
  int first = -1;
  for (int k = 0; k < nsrc; k++)
    if (src[k] == q->held && q->net->max_depth == q->held_depth)
      first = k;
  for (int j = 0; j < nsrc; j++) {
    int k = first < 0 ? j : j == 0 ? first : j <= first ? j - 1 : j;
    if (k != first && !run(q, src[k]))
      return;
    bool hope = false; /* a sum only grows: stop once none can win */
    for (int t = 0; t < ns; t++) {
      int i = ch_find(q->net, surv[t]);
      if (j == 0)
        keys[t].n = 0;
      cplx[t] += i >= 0 ? ch_ancestors_seen(q->net, i, &keys[t]) : 1000;
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

/* The set of node i of q->cl into dst (32-bit words); the first (k = 0)
 * or ANDed in. Returns whether anything is left. */
static bool closure_and(const struct search *q, int i, uint32_t *dst,
                        bool first) {
  const uint64_t *r = ch_cl_set(q->cl, i);
  uint64_t any = 0;
  for (int w = 0; w < q->cl->nw; w++) {
    uint64_t x =
        first ? r[w] : r[w] & ((uint64_t)dst[2 * w + 1] << 32 | dst[2 * w]);
    dst[2 * w] = (uint32_t)x;
    dst[2 * w + 1] = (uint32_t)(x >> 32);
    any |= x;
  }
  return any != 0;
}

/* The intersection of region (u, v)'s k branches src into acc, from
 * the closure or from racc when it holds all of them; false when nothing
 * is common or time ran out. */
static bool region_intersect(struct search *q, int u, int v, const int *src,
                             int k) {
  int r = u * q->s->geo.n + v - 1;
  if (q->cl != NULL) {
    bool any = true;
    for (int j = 0; j < k && any; j++)
      any = closure_and(q, q->cl->idx[src[j]], q->acc, j == 0);
    return any;
  }
  if (!q->racc_on || q->racc_n[r] != k)
    return intersect(q, src, k);
  const uint32_t *restrict d = q->racc + (size_t)r * (size_t)q->words;
  uint32_t any = 0;
  for (int w = 0; w < q->words; w++)
    any |= q->acc[w] = d[w];
  return any != 0;
}

/* Offers the contradiction of the net just run from src, if any. */
static void contradiction(struct search *q, int src) {
  int a, b;
  if (q->m->contradiction && q->net->conf_a >= 0)
    offer(q, (struct conclusion){0, ch_conflict(q->net, &a, &b), K_CONTRA, src,
                                 0, 0, 0, 0});
}

/* Contradiction and double forcing from candidate (c, v), the k-th value
 * of its cell; its "on" branch also goes into the cell's intersection
 * (cellacc) and the cache. */
static void binary(struct search *q, int c, int v, int k) {
  int n = q->s->geo.n, on = ch_pot(n, c, v, true);
  bool dbl = q->m->dbl && __builtin_popcount(q->s->cand[c]) >= 3;
  if (q->sweep_on) {
    if (!swept(q, on))
      return;
  } else {
    if (!run(q, on))
      return;
    contradiction(q, on);
  }
  if (q->m->cells || q->m->regions || dbl) {
    if (!q->sweep_on)
      net_bits(q, q->acc);
    if (q->racc_on)
      racc_add(q, c, v);
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
    weigh(q, src, 2, c, (struct conclusion){0, 0, K_DOUBLE, on, 0, 0, 0, 0});
  }
}

/* The region pass: every unit's places of every value (two or more)
 * intersected, and what they share weighed. */
static void region_pass(struct search *q) {
  const struct logic_geom *g = &q->s->geo;
  int src[SUDOKU_MAX_N];
  for (int u = 0; u < g->nunits && !q->late; u++)
    for (int v = 1; v <= g->n && !q->late; v++) {
      if (q->net->cnt0[u][v - 1] < 2)
        continue;
      int k = region_branches(q->s, u, v, src);
      if (region_intersect(q, u, v, src, k))
        weigh(q, src, k, -1,
              (struct conclusion){0, 0, K_REGION, 0, 0, u, v, 0});
    }
}

/* Re-runs the best conclusion's branches into the step. */
static void conclude(struct search *q, struct sudoku_step *out) {
  const struct logic_state *s = q->s;
  const struct conclusion *b = &q->best;
  int n = s->geo.n, src[SUDOKU_MAX_N], nsrc = 0, target = b->target;
  ch_step_begin(out, q->m->tech, b->r);
  q->net->max_depth = -1;
  if (b->kind == K_CONTRA) {
    ch_run(q->net, b->src);
    int ca, cb;
    ch_conflict(q->net, &ca, &cb);
    ch_add_path(q->net, ca, out);
    ch_add_path(q->net, cb, out);
    if (q->in != NULL) {
      q->in->see(q->in, q->net, ca);
      q->in->see(q->in, q->net, cb);
    }
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
      ch_run(q->net, src[k]);
      int i = ch_find(q->net, target);
      if (i >= 0)
        ch_add_path(q->net, i, out);
      if (i >= 0 && q->in != NULL)
        q->in->see(q->in, q->net, i);
    }
  }
  if (q->in != NULL) {
    q->in->cplx = b->cplx;
    q->in->cell = b->kind == K_CELL ? b->cell : -1;
    q->in->unit = b->kind == K_REGION ? b->unit : -1;
    q->in->value = b->value;
  }
  int c = ch_cell(n, target), v = ch_value(n, target);
  if (ch_on(target))
    ch_step_place(out, c, v);
  else
    ch_step_eliminate(out, c, v);
}

/* The search's state before its first net: nothing found, nothing run. */
static void begin(struct search *q, const struct logic_state *s,
                  const struct forcing_kind *m) {
  q->s = s;
  q->m = m;
  q->cl = NULL;
  q->in = NULL;
  q->nall = 0;
  q->shallow = false; /* (forcing_search sets these three for its nets) */
  q->racc_on = false;
  q->sweep_on = false;
  q->runs = 0;
  q->late = false;
  q->held = -1;
  q->held_depth = -1;
  q->best.r = q->best.cplx = INT_MAX;
  if (s->beat != 0) { /* rated >= beat would be dropped: not even weighed */
    q->best.r = (int)s->beat;
    q->best.cplx = 0;
  }
  q->found = false;
  q->words = (2 * s->geo.ncells * s->geo.n + 31) / 32;
}

/* The entry of memo for s's candidates, or -1 (a 9x9 copy only). */
static int memo_find(const struct ch_memo *memo, const struct logic_state *s,
                     uint16_t *key) {
  if (memo == NULL || s->geo.ncells != 81)
    return -1;
  for (int c = 0; c < 81; c++)
    key[c] = (uint16_t)s->cand[c];
  for (int i = 0; i < memo->n; i++)
    if (memcmp(memo->cand[i], key, sizeof memo->cand[i]) == 0)
      return i;
  return -1;
}

/* Keeps q's conclusions (sorted) under key when there is room. */
static void memo_keep(struct ch_memo *memo, const uint16_t *key,
                      const struct search *q) {
  if (memo->n >= CH_MEMO || memo->used + q->nall > CH_MEMO_POOL)
    return;
  memcpy(memo->cand[memo->n], key, sizeof memo->cand[0]);
  memo->first[memo->n] = (uint32_t)memo->used;
  memo->count[memo->n] = (uint16_t)q->nall;
  for (int i = 0; i < q->nall; i++) {
    const struct conclusion *b = &q->all[i];
    memo->pool[memo->used++] =
        (struct ch_memo_found){.cplx = b->cplx,
                               .kind = (int16_t)b->kind,
                               .src = (int16_t)b->src,
                               .cell = (int16_t)b->cell,
                               .unit = (int16_t)b->unit,
                               .value = (int16_t)b->value,
                               .target = (int16_t)b->target};
  }
  memo->n++;
}

/* The conclusions of memo entry e back in q (as offer made them). */
static void memo_load(const struct ch_memo *memo, int e, struct search *q) {
  q->nall = memo->count[e];
  for (int i = 0; i < q->nall; i++) {
    const struct ch_memo_found *f = &memo->pool[memo->first[e] + i];
    q->all[i] = (struct conclusion){.r = q->m->base + ch_length_rating(f->cplx),
                                    .cplx = f->cplx,
                                    .kind = (enum kind)f->kind,
                                    .src = f->src,
                                    .cell = f->cell,
                                    .unit = f->unit,
                                    .value = f->value,
                                    .target = f->target};
  }
  q->found = q->nall > 0;
}

bool forcing_search(const struct logic_state *s, struct sudoku_step *out,
                    const struct forcing_kind *m, struct ch_nest *nest,
                    struct ch_inner *in, struct ch_memo *memo) {
  struct search q;
  const struct logic_geom *g = &s->geo;
  int n = g->n, src[SUDOKU_MAX_N];
  begin(&q, s, m);
  q.net = &q.own;
  q.in = in;
  q.racc_on = m->regions && g->nunits * n * q.words <= RACC_WORDS;
  if (q.racc_on)
    memset(q.racc_n, 0, sizeof q.racc_n[0] * (size_t)(g->nunits * n));
  unsigned stop = m->contradiction ? CH_STOP_ANY : 0;
  ch_init(q.net, s, m->flags | stop);
  if (nest != NULL)
    ch_nest_attach(q.net, nest);
  /* (a net the node cap can cut is not a prefix of the full one) */
  q.shallow = m->contradiction && !m->dbl && !m->cells && !m->regions &&
              !(m->flags & CH_LOCK) && 2 * g->ncells * n <= CH_MAX_NODES;
  bound(&q);
  q.sweep_on = !(m->flags & CH_DYN) && !m->contradiction && !m->dbl &&
               q.net->masks && q.net->max_depth < 0;
  q.sweep_n = q.sweep_next = 0;
  if (q.sweep_on)
    memset(&q.bfs, 0, offsetof(struct ch_bfs, act));
  uint16_t key[81];
  int e = memo_find(memo, s, key);
  if (e >= 0) {
    memo_load(memo, e, &q);
    goto take;
  }
  for (int c = 0; c < g->ncells && !q.late; c++) {
    if (s->value[c] || __builtin_popcount(s->cand[c]) < 2)
      continue;
    int k = 0;
    for (uint32_t mm = s->cand[c]; mm && !q.late; mm &= mm - 1)
      binary(&q, c, __builtin_ctz(mm) + 1, k++);
    if (m->cells && !q.late) {
      memcpy(q.acc, q.cellacc, sizeof q.acc[0] * (size_t)q.words);
      k = cell_branches(s, c, src);
      weigh(&q, src, k, c, (struct conclusion){0, 0, K_CELL, 0, c, 0, 0, 0});
    }
  }
  if (m->regions)
    region_pass(&q);
  if (q.late || (in == NULL && !q.found))
    return false;
  if (in == NULL) {
    conclude(&q, out);
    return true;
  }
  /* every conclusion kept, lightest first (SE sorts its hints so, and the
   * first to remove a candidate is the one that counts) */
  for (int i = 1; i < q.nall; i++)
    for (int j = i; j > 0 && q.all[j].cplx < q.all[j - 1].cplx; j--) {
      struct conclusion t = q.all[j];
      q.all[j] = q.all[j - 1];
      q.all[j - 1] = t;
    }
  if (memo != NULL && s->geo.ncells == 81)
    memo_keep(memo, key, &q);
take:
  if (!q.found)
    return false;
  for (int i = 0; i < q.nall; i++) {
    q.best = q.all[i];
    in->begin(in);
    conclude(&q, out);
    in->take(in, out);
  }
  return true;
}

static bool find_multi(const struct logic_state *s, struct sudoku_step *out,
                       const struct forcing_kind *m) {
  return forcing_search(s, out, m, NULL, NULL, NULL);
}

bool logic_find_NISHIO(const struct logic_state *s, struct sudoku_step *out) {
  static const struct forcing_kind m = {
      SUDOKU_TECH_NISHIO, CH_X | CH_DYN, 75, true, false, false, false};
  return find_multi(s, out, &m);
}

static const struct forcing_kind region_kind = {
    SUDOKU_TECH_REGION_FORCING_CHAIN,
    CH_X | CH_Y,
    80,
    false,
    false,
    true,
    true};

bool logic_find_REGION_FORCING_CHAIN(const struct logic_state *s,
                                     struct sudoku_step *out) {
  return find_multi(s, out, &region_kind);
}

/* Cell and region forcing chains from a closure (nested.h): each
 * branch's net is its node's set, intersected word by word (a few words:
 * the live candidates only), so no net runs but the branches of a
 * conclusion that is weighed: some 20 microseconds on a hard 9x9 working
 * copy (weighing included) where forcing_search sweeps for some 75. */
bool logic_region_forcing_closure(const struct logic_state *s,
                                  struct ch_net *net,
                                  const struct ch_closure *cl,
                                  struct sudoku_step *out) {
  struct search q;
  const struct logic_geom *g = &s->geo;
  int src[SUDOKU_MAX_N];
  begin(&q, s, &region_kind);
  q.net = net;
  q.cl = cl;
  q.words = 2 * cl->nw;
  net->max_depth = -1;
  /* the cell pass, then the region pass, as forcing_search offers them */
  for (int c = 0; c < g->ncells && !q.late; c++) {
    if (s->value[c] || __builtin_popcount(s->cand[c]) < 2)
      continue;
    int k = cell_branches(s, c, src);
    for (int j = 0; j < k; j++)
      closure_and(&q, cl->idx[src[j]], q.acc, j == 0);
    weigh(&q, src, k, c, (struct conclusion){0, 0, K_CELL, 0, c, 0, 0, 0});
  }
  region_pass(&q);
  if (q.late || !q.found)
    return false;
  conclude(&q, out);
  return true;
}

static const struct forcing_kind dynamic_kind = {
    SUDOKU_TECH_DYNAMIC_FORCING_CHAIN,
    CH_X | CH_Y | CH_DYN,
    85,
    true,
    true,
    true,
    true};

bool logic_find_DYNAMIC_FORCING_CHAIN(const struct logic_state *s,
                                      struct sudoku_step *out) {
  return find_multi(s, out, &dynamic_kind);
}

bool ch_dynamic_inner(const struct logic_state *s, struct sudoku_step *out,
                      struct ch_inner *in, struct ch_memo *memo) {
  return forcing_search(s, out, &dynamic_kind, NULL, in, memo);
}

/* The generic sentence (explain.c): its name, chain or cells, outcome. */
LOGIC_EXPLAIN(NISHIO, logic_generic_sentence)
LOGIC_EXPLAIN(REGION_FORCING_CHAIN, logic_generic_sentence)
LOGIC_EXPLAIN(DYNAMIC_FORCING_CHAIN, logic_generic_sentence)
