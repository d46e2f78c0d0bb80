/*
 * nested.c - Sudoku Explainer's nested forcing chains. Level 1 (dynamic
 * forcing chains (+), 9.0): a stalled net applies hidden pair, naked pair
 * or X-wing to its working copy (simple_rules below). Level 2 (9.5): a
 * dynamic forcing chain (+) whose nets, once neither their links nor
 * locked candidates add anything, look for forcing chains inside their own
 * working copy (SE's Chaining level 2: its "advanced potentials" are then
 * the eliminations of static forcing chains, X and Y links, on the grid as
 * the outer assumption left it). An inner chain that reaches its own
 * negation settles its candidate there; what that removes goes off in the
 * outer net as a CH_NEST node resting on the outer nodes whose removal the
 * inner chain uses (an inner chain that uses none is the position's own,
 * found before this level, and adds nothing: SE drops it too). A nested
 * node weighs its outer parents and, once a chain, the inner chain's
 * complexity (chain_out.c), as SE adds a nested chain's complexity to the
 * outer one's.
 *
 * Cost: each stall of an outer net sweeps the live candidates of the
 * working copy, on and off, that reach a link resting on the outer net's
 * removals (new_links: the others conclude nothing), 64 at a time
 * (ch_static_depths, a few microseconds a sweep) and re-runs the inner
 * net only for a chain that concludes something (to read the links it
 * uses): some 30-200
 * microseconds a stall on 9x9, so a level-2 search costs a few hundred
 * milliseconds where nothing simpler applies. Levels 3 (static cell and
 * region forcing chains inside) and 4 (dynamic forcing chains inside, in
 * place of the static ones) are below. What this does NOT do: grids
 * without cell masks (other than 9x9: no pass), SE's levels past 4
 * (dynamic chains (+) or nested chains inside), or chains inside the
 * inner chains.
 */
#include <string.h>

#include "nested.h"

/* Adds outer node k (if any) to e's parents once; false when e is full. */
static bool add_parent(struct ch_nest_entry *e, int k) {
  if (k < 0)
    return true;
  for (int i = 0; i < e->nparents; i++)
    if (e->parent[i] == k)
      return true;
  if (e->nparents == CH_NEST_PARENTS)
    return false;
  e->parent[e->nparents++] = (uint16_t)k;
  return true;
}

/* The outer nodes of the values in mask that the outer net removed from
 * cell c, as e's parents; false when they overflow it. */
static bool removed_parents(const struct ch_net *net, struct ch_nest_entry *e,
                            int c, uint32_t mask) {
  uint32_t gone = net->s->cand[c] & ~net->cur[c] & mask;
  for (; gone; gone &= gone - 1)
    if (!add_parent(
            e, ch_find(net, ch_pot(net->n, c, __builtin_ctz(gone) + 1, false))))
      return false;
  return true;
}

/* The same for the places of value v in unit u. */
static bool removed_places(const struct ch_net *net, struct ch_nest_entry *e,
                           int u, int v) {
  const struct logic_geom *g = &net->s->geo;
  for (int t = 0; t < g->len[u]; t++)
    if (!removed_parents(net, e, g->unit[u][t], 1u << (v - 1)))
      return false;
  return true;
}

/* Adds what st concludes (its eliminations, and the other values of the
 * cells it places, still live in net) as nodes of net resting on the next
 * entry's parents, the newest of which is each node's parent; true, with
 * the entry kept, when it added one. */
static bool add_conclusions(struct ch_net *net, struct ch_nest *x,
                            const struct sudoku_step *st) {
  const struct ch_nest_entry *e = &x->base.entry[x->base.nentries];
  const int n = net->n;
  int parent = 0;
  for (int k = 0; k < e->nparents; k++)
    if (e->parent[k] > parent)
      parent = e->parent[k];
  bool added = false;
  for (int i = 0; i < st->neliminations; i++)
    added |= ch_add_off(net,
                        ch_pot(n, st->eliminations[i].cell,
                               st->eliminations[i].value, false),
                        parent, CH_NEST, x->base.nentries) >= 0;
  for (int i = 0; i < st->nplacements; i++) {
    int c = st->placements[i].cell;
    uint32_t m = net->cur[c] & ~(1u << (st->placements[i].value - 1));
    for (; m; m &= m - 1)
      added |= ch_add_off(net, ch_pot(n, c, __builtin_ctz(m) + 1, false),
                          parent, CH_NEST, x->base.nentries) >= 0;
  }
  if (added)
    x->base.nentries++;
  return added;
}

/* The outer nodes whose removal the inner chain to node `hit` uses: an
 * "off -> on" link of a static net holds because the cell (or the unit's
 * places for the value) has one candidate left besides, and what the
 * outer net removed there is what makes it so. False when they overflow
 * the entry. */
static bool outer_parents(const struct ch_net *net, const struct ch_net *in,
                          int hit, struct ch_nest_entry *e) {
  const int n = net->n;
  for (int j = hit; j >= 0 && in->node[j].parent != CH_NONE;
       j = in->node[j].parent) {
    int pot = in->node[j].pot, c = ch_cell(n, pot), v = ch_value(n, pot);
    if (!ch_on(pot))
      continue; /* on -> off: a peer or the cell, never a removal */
    int pc = ch_cell(n, in->node[in->node[j].parent].pot);
    /* the cell's last other value, or the unit's last other place */
    if (!(pc == c ? removed_parents(net, e, c, ~0u)
                  : removed_places(net, e, in->node[j].unit, v)))
      return false;
  }
  return true;
}

/* SE's simple rules inside a net (after locked candidates, which chain.c
 * applies itself): hidden pair, naked pair, X-wing, in that order; the
 * first that finds a step on the working copy resting on something the
 * outer net removed gives its eliminations, with no complexity of its own
 * (SE counts only nested chains'). The parents: what went from the pair's
 * cells (naked), from the unit's places of the pair's values (hidden), or
 * from the base lines' places of the value (X-wing). */
static bool simple_rules(struct ch_net *net, struct ch_nest *x) {
  static const logic_finder rule[] = {logic_find_HIDDEN_PAIR,
                                      logic_find_NAKED_PAIR, logic_find_X_WING};
  const struct logic_geom *g = &net->s->geo;
  struct sudoku_step *st = &x->step;
  if (x->base.nentries >= CH_NEST_MAX)
    return false;
  struct ch_nest_entry *e = &x->base.entry[x->base.nentries];
  for (size_t r = 0; r < sizeof rule / sizeof rule[0]; r++) {
    if (!rule[r](&x->s, st))
      continue;
    e->nparents = 0;
    e->cplx = 0;
    e->key = 0;
    bool ok = true;
    if (st->technique == SUDOKU_TECH_NAKED_PAIR) {
      for (int i = 0; i < st->ncells && ok; i++)
        ok = removed_parents(net, e, st->cells[i], ~0u);
    } else {
      int bases =
          st->technique == SUDOKU_TECH_X_WING ? st->nunits / 2 : st->nunits;
      for (int i = 0; i < bases && ok; i++)
        for (int t = 0; t < g->len[st->units[i]] && ok; t++)
          ok = removed_parents(net, e, g->unit[st->units[i]][t], st->values);
    }
    if (ok && e->nparents > 0 && add_conclusions(net, x, st))
      return true;
  }
  return false;
}

/* The conclusion of the inner chain from src (its negation reached): its
 * removals as nested nodes of net. Returns true when it added one. */
static bool conclude(struct ch_net *net, struct ch_nest *x, int src) {
  const int n = net->n;
  if (x->base.nentries >= CH_NEST_MAX)
    return false;
  struct ch_nest_entry *e = &x->base.entry[x->base.nentries];
  ch_run(&x->net, src);
  if (x->net.hit < 0)
    return false;
  e->nparents = 0;
  if (!outer_parents(net, &x->net, x->net.hit, e) || e->nparents == 0)
    return false;
  e->cplx = (uint16_t)ch_ancestors(&x->net, x->net.hit);
  e->key = (uint32_t)src << 16 | e->cplx;
  /* assumed on and false: v goes; assumed off and true: the others go */
  struct sudoku_step *st = &x->step;
  st->nplacements = 0;
  st->neliminations = 0;
  struct sudoku_candidate cv = {(uint16_t)ch_cell(n, src),
                                (uint8_t)ch_value(n, src)};
  if (ch_on(src))
    st->eliminations[st->neliminations++] = cv;
  else
    st->placements[st->nplacements++] = cv;
  return add_conclusions(net, x, st);
}

/* SE's level 3 adds multiple forcing chains inside (static cell and region
 * forcing chains: REGION_FORCING_CHAIN's finder on the working copy),
 * asked only when the rules before found nothing. Its step carries each
 * branch's path; an "on" node reached by a strong link rests on what the
 * outer net removed from its cell (the link within a cell) or from the
 * places of its value in the units it shares with the node before. A
 * static path's length is its complexity, so the paths' nodes are the
 * inner step's. */
static bool multiple_rule(struct ch_net *net, struct ch_nest *x) {
  const struct logic_geom *g = &net->s->geo;
  struct sudoku_step *st = &x->step;
  if (x->base.nentries >= CH_NEST_MAX || x->inner == NULL ||
      !x->inner(&x->s, st))
    return false;
  struct ch_nest_entry *e = &x->base.entry[x->base.nentries];
  e->nparents = 0;
  e->cplx = st->nchain;
  e->key = 1u << 31 | (uint32_t)st->chain[0].cell << 20 |
           (uint32_t)st->chain[0].value << 16 | e->cplx;
  bool ok = true;
  for (int k = 1; k < st->nchain && ok; k++) {
    if (st->chain[k - 1].link != SUDOKU_LINK_STRONG)
      continue;
    int a = st->chain[k - 1].cell, c = st->chain[k].cell,
        v = st->chain[k].value;
    if (a == c) {
      ok = removed_parents(net, e, c, ~0u);
      continue;
    }
    for (int i = 0; i < g->ncell_units[c] && ok; i++)
      if (logic_unit_has(g, g->cell_units[c][i], a))
        ok = removed_places(net, e, g->cell_units[c][i], v);
  }
  return ok && e->nparents > 0 && add_conclusions(net, x, st);
}

/* The inner static net's links that rest on what the outer net removed
 * ("off -> on" where the cell lost a value, or the unit a place of the
 * value: outer_parents' links), found from their tails, the "off"
 * potentials they leave; into reach, the negations of the potentials
 * that reach a tail (bit p ^ 1 set for such a p). The links are
 * contrapositive (a -> b when not b -> not a), so these are the net grown
 * from the tails' negations, one sweep. An inner chain from a potential
 * that reaches no tail uses none of those links, rests on nothing the
 * outer net removed, and concludes nothing (conclude): it need not be
 * swept. Cost: one sweep and a pass over the candidates. */
static void new_links(const struct ch_net *net, struct ch_nest *x,
                      uint32_t *reach) {
  const struct logic_geom *g = &net->s->geo;
  int tail[CH_POTS9 / 2], nt = 0;
  for (int c = 0; c < net->ncells; c++) {
    bool cell =
        __builtin_popcount(net->cur[c]) == 2 && net->s->cand[c] != net->cur[c];
    for (uint32_t m = net->cur[c]; m; m &= m - 1) {
      int v = __builtin_ctz(m) + 1;
      bool t = cell;
      for (int k = 0; k < 3 && !t; k++) {
        const struct ch_mask *um = &net->umask[g->cell_units[c][k]];
        uint64_t w0 = net->vcur[v - 1].w[0] & um->w[0],
                 w1 = net->vcur[v - 1].w[1] & um->w[1];
        if ((net->vcand[v - 1].w[0] & um->w[0]) == w0 &&
            (net->vcand[v - 1].w[1] & um->w[1]) == w1)
          continue; /* no place of v went from the unit */
        /* two places left (c and one more): drop c's, one remains */
        if (c < 64)
          w0 &= ~(1ull << c);
        else
          w1 &= ~(1ull << (c - 64));
        uint64_t w = w0 | w1;
        t = w != 0 && (w & (w - 1)) == 0 && (w0 == 0 || w1 == 0);
      }
      if (t) /* the tail off(c, v); its negation on(c, v) */
        tail[nt++] = ch_pot(9, c, v, true);
    }
  }
  ch_static_reach(&x->net, &x->bfs, tail, nt, reach);
}

/* SE's level 4 runs dynamic forcing chains inside (its level-0 dynamic
 * chaining, after the simple rules): every conclusion the working copy
 * holds (the lightest chain to each) becomes nested nodes, lightest
 * first, as SE adds all its inner hints. Their parents are SE's rule
 * parents: for each "on" node of its branches (hidden parents included),
 * what the outer net removed from the node's cell (the cell's last value)
 * or from its unit's places (the unit's last place), and from the branch
 * set's cell or unit. A chain resting on none is the position's own and
 * would have been found at 8.5: none exists here, since the row at 8.5
 * found nothing before this level is tried. Cost: a whole dynamic search, a
 * few milliseconds on a hard 9x9, at every stall of an outer net. */
struct rests {
  struct ch_inner base; /* first: what the search sees */
  struct ch_net *outer;
  struct ch_nest *x;
  struct ch_nest_entry *e; /* the next entry, NULL when none is left */
  bool ok, added;
};

static void rest_node(void *ctx, const struct ch_net *in, int j) {
  struct rests *r = ctx;
  const struct ch_node *d = &in->node[j];
  int c = ch_cell(in->n, d->pot), v = ch_value(in->n, d->pot);
  if (r->e == NULL || !r->ok || !ch_on(d->pot))
    return;
  if (d->cause == CH_CELL)
    r->ok = removed_parents(r->outer, r->e, c, ~0u);
  else if (d->cause == CH_UNIT)
    r->ok = removed_places(r->outer, r->e, d->unit, v);
}

static void rest_branch(struct ch_inner *in, struct ch_net *net, int node) {
  ch_ancestors_see(net, node, rest_node, in);
}

static void rest_begin(struct ch_inner *in) {
  struct rests *r = (struct rests *)in;
  r->ok = true;
  r->e = r->x->base.nentries < CH_NEST_MAX
             ? &r->x->base.entry[r->x->base.nentries]
             : NULL;
  if (r->e != NULL)
    r->e->nparents = 0;
}

/* Adds a conclusion's removals (SE adds every inner hint's) when it rests
 * on something the outer net removed. */
static void rest_take(struct ch_inner *in, const struct sudoku_step *st) {
  struct rests *r = (struct rests *)in;
  struct ch_nest_entry *e = r->e;
  if (e == NULL || !r->ok)
    return;
  if (in->cell >= 0)
    r->ok = removed_parents(r->outer, e, in->cell, ~0u);
  else if (in->unit >= 0)
    r->ok = removed_places(r->outer, e, in->unit, in->value);
  if (!r->ok || e->nparents == 0)
    return;
  e->cplx = (uint16_t)in->cplx;
  /* the same chain met in two branches counts once: its first
   * conclusion and complexity name it */
  int pot = st->neliminations > 0 ? ch_pot(9, st->eliminations[0].cell,
                                           st->eliminations[0].value, false)
                                  : ch_pot(9, st->placements[0].cell,
                                           st->placements[0].value, true);
  e->key = 1u << 30 | (uint32_t)pot << 16 | e->cplx;
  r->added |= add_conclusions(r->outer, r->x, st);
}

static bool dynamic_rule(struct ch_net *net, struct ch_nest *x) {
  struct rests r = {{rest_begin, rest_branch, rest_take, 0, -1, -1, 0},
                    net,
                    x,
                    NULL,
                    true,
                    false};
  struct sudoku_step st;
  ch_dynamic_inner(&x->s, &st, &r.base);
  return r.added;
}

static bool nest_pass(struct ch_net *net);

void ch_nest_attach(struct ch_net *net, struct ch_nest *x) {
  x->base.pass = nest_pass;
  x->base.settle = 2;
  net->nest = &x->base;
  x->of = NULL;
  x->base.nentries = 0;
}

/* The net's pass (struct ch_nesting): its nesting is a struct ch_nest's
 * first member. */
static bool nest_pass(struct ch_net *net) {
  struct ch_nest *x = (struct ch_nest *)net->nest;
  const struct logic_state *s = net->s;
  const int n = net->n;
  if (!net->masks || x->base.nentries >= CH_NEST_MAX || ch_late(s))
    return false;
  if (x->of != s) { /* the position's geometry and values, once a search */
    x->s = *s;
    x->of = s;
    x->ready = false;
  }
  memcpy(x->s.cand, net->cur, sizeof x->s.cand[0] * (size_t)net->ncells);
  logic_state_sync(&x->s);
  x->s.beat = 0;
  if (simple_rules(net, x))
    return true;
  if (x->level >= 4)
    return dynamic_rule(net, x);
  if (x->level < 2)
    return false;
  if (!x->ready) { /* (each sweep leaves bfs zeroed for the next) */
    ch_init(&x->net, &x->s, CH_X | CH_Y);
    memset(&x->bfs, 0, offsetof(struct ch_bfs, act));
    x->ready = true;
  } else
    ch_reinit(&x->net);
  uint32_t reach[CH_POT_WORDS9];
  new_links(net, x, reach);
  bool added = false;
  int src[64], k = 0;
  int16_t dist[64];
  for (int c = 0; c <= net->ncells; c++) {
    /* sources: every candidate of a cell with two or more left, on and
     * off, in cell and value order, that can reach a new link; swept 64
     * at a time */
    if (c < net->ncells && __builtin_popcount(net->cur[c]) >= 2)
      for (uint32_t m = net->cur[c]; m; m &= m - 1) {
        int p = ch_pot(n, c, __builtin_ctz(m) + 1, true);
        if ((reach[(p ^ 1) >> 5] >> ((p ^ 1) & 31)) & 1)
          src[k++] = p;
        if ((reach[p >> 5] >> (p & 31)) & 1)
          src[k++] = p ^ 1;
      }
    if (k == 0 || (k + 2 * n <= 64 && c < net->ncells))
      continue;
    ch_static_depths(&x->net, &x->bfs, src, k, dist);
    for (int i = 0; i < k; i++)
      if (dist[i] >= 0)
        added |= conclude(net, x, src[i]);
    k = 0;
  }
  if (!added && x->level >= 3)
    added = multiple_rule(net, x);
  return added;
}
