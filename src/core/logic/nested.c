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
 * Cost: each stall of an outer net that leaves a link resting on its
 * removals (a tail) makes the closure of the inner static net over the
 * working copy (ch_static_closure without sinks: what every potential
 * reaches, from one pass over the links, some 5 microseconds for the
 * few hundred live potentials of a hard 9x9), reads from it which live
 * candidates, on and off, reach both a tail (the others conclude
 * nothing) and their own negation, and re-runs the inner net only for
 * those (to read the links the chain uses); the closure with sinks gives
 * level 3's region forcing chains (logic_region_forcing_closure) without
 * a sweep. A working copy too large for a closure is swept instead, 64
 * sources at a time (ch_static_depths). Some 10-100 microseconds a stall
 * on 9x9, so a level-2 search costs some 15 milliseconds on the hardest
 * puzzles, a level-3 one 50, where nothing simpler applies. Levels 3
 * (static cell and region forcing chains inside), 4 (dynamic forcing
 * chains inside, in place of the static ones) and 5 (level 2's nested
 * chains inside as well) are below. What this does
 * NOT do: grids without cell masks (other than 9x9: no pass), or SE's
 * levels past 5.
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

/* The candidates a simple rule's step st rests on, as (cell, values)
 * pairs into cell[] and mask[] (at most 2 * SUDOKU_MAX_N): a naked pair's
 * cells (every value), a hidden pair's unit (the pair's values), an
 * X-wing's base lines (its value). Returns how many. */
static int premise(const struct logic_geom *g, const struct sudoku_step *st,
                   int *cell, uint32_t *mask) {
  int k = 0;
  if (st->technique == SUDOKU_TECH_NAKED_PAIR) {
    for (int i = 0; i < st->ncells; i++) {
      cell[k] = st->cells[i];
      mask[k++] = ~0u;
    }
    return k;
  }
  int bases = st->technique == SUDOKU_TECH_X_WING ? st->nunits / 2 : st->nunits;
  for (int i = 0; i < bases; i++)
    for (int t = 0; t < g->len[st->units[i]]; t++) {
      cell[k] = g->unit[st->units[i]][t];
      mask[k++] = st->values;
    }
  return k;
}

/* Adds simple rule step st (found on x->s) to net when it holds on the
 * net's working copy as it stands (x->s may have lost the eliminations
 * of the steps added before it in the same pass: a step those made
 * possible is the next pass's, as SE finds it) and rests on something the
 * outer net removed: the parents are what went from its premise. True
 * when it added a node. */
static bool simple_step(struct ch_net *net, struct ch_nest *x,
                        const struct sudoku_step *st) {
  int cell[2 * SUDOKU_MAX_N];
  uint32_t mask[2 * SUDOKU_MAX_N];
  int k = premise(&net->s->geo, st, cell, mask);
  for (int i = 0; i < k; i++)
    if ((x->s.cand[cell[i]] ^ net->cur[cell[i]]) & mask[i])
      return false;
  struct ch_nest_entry *e = &x->base.entry[x->base.nentries];
  e->nparents = 0;
  e->cplx = 0;
  e->key = 0;
  for (int i = 0; i < k; i++)
    if (!removed_parents(net, e, cell[i], mask[i]))
      return false;
  return e->nparents > 0 && add_conclusions(net, x, st);
}

/* SE's simple rules inside a net (after locked candidates, which chain.c
 * applies itself): hidden pair, naked pair, X-wing, in that order; the
 * first that finds a step on the working copy resting on something the
 * outer net removed gives the eliminations of every such step it finds
 * there (SE adds every hint of its first productive rule), with no
 * complexity of their own (SE counts only nested chains'). The steps are
 * enumerated by applying each one's eliminations to x->s and asking
 * again (a finder returns one step); resync restores x->s from the
 * working copy after a rule that added nothing. Cost: one finder call a
 * step found, and a resync after an unproductive rule that found any. */
static void resync(const struct ch_net *net, struct ch_nest *x) {
  memcpy(x->s.cand, net->cur, sizeof x->s.cand[0] * (size_t)net->ncells);
  logic_state_sync(&x->s);
}

static bool simple_rules(struct ch_net *net, struct ch_nest *x) {
  static const logic_finder rule[] = {logic_find_HIDDEN_PAIR,
                                      logic_find_NAKED_PAIR, logic_find_X_WING};
  struct sudoku_step *st = &x->step;
  bool dirty = false;
  for (size_t r = 0; r < sizeof rule / sizeof rule[0]; r++) {
    if (dirty)
      resync(net, x);
    dirty = false;
    bool added = false;
    while (x->base.nentries < CH_NEST_MAX && rule[r](&x->s, st)) {
      added |= simple_step(net, x, st);
      st->nplacements = 0;
      logic_apply(&x->s, st);
      dirty = true;
    }
    if (added)
      return true; /* (the next pass copies the working copy again) */
  }
  if (dirty)
    resync(net, x);
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

/* The parents of a multiple forcing chain's branches' common source, as
 * SE counts them (its assumption's cause): what the outer net removed
 * from the cell of a cell forcing chain (st carries no unit), or from the
 * places of the value in the unit of a region forcing chain. False when
 * they overflow e. */
static bool source_parents(const struct ch_net *net,
                           const struct sudoku_step *st,
                           struct ch_nest_entry *e) {
  if (st->nchain == 0)
    return true;
  if (st->nunits > 0)
    return removed_places(net, e, st->units[0], st->chain[0].value);
  return removed_parents(net, e, st->chain[0].cell, ~0u);
}

/* SE's level 3 adds multiple forcing chains inside (static cell and region
 * forcing chains: REGION_FORCING_CHAIN's finder on the working copy),
 * asked only when the rules before found nothing. Its step carries each
 * branch's path; an "on" node reached by a strong link rests on what the
 * outer net removed from its cell (the link within a cell) or from the
 * places of its value in the units it shares with the node before. A
 * static path's length is its complexity, so the paths' nodes are the
 * inner step's. made: x->cl is this stall's closure with sinks. */
static bool multiple_rule(struct ch_net *net, struct ch_nest *x, bool made) {
  const struct logic_geom *g = &net->s->geo;
  struct sudoku_step *st = &x->step;
  if (x->base.nentries >= CH_NEST_MAX || x->inner == NULL)
    return false;
  bool closure =
      x->inner_cl != NULL && (made || ch_static_closure(&x->net, &x->cl, true));
  if (!(closure ? x->inner_cl(&x->s, &x->net, &x->cl, st)
                : x->inner(&x->s, st)))
    return false;
  struct ch_nest_entry *e = &x->base.entry[x->base.nentries];
  e->nparents = 0;
  e->cplx = st->nchain;
  e->key = 1u << 31 | (uint32_t)st->chain[0].cell << 20 |
           (uint32_t)st->chain[0].value << 16 | e->cplx;
  bool ok = source_parents(net, st, e);
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
 * potentials they leave: into tail, the tails' negations; returns how
 * many. An inner chain from a potential that reaches no tail uses none
 * of those links, rests on nothing the outer net removed, and concludes
 * nothing (conclude): it need not be looked at. The links are
 * contrapositive (a -> b when not b -> not a), so the potentials that
 * reach a tail are the negations of the net grown from the tails'
 * negations. Cost: a pass over the candidates. */
static int tails(const struct ch_net *net, int *tail) {
  const struct logic_geom *g = &net->s->geo;
  int nt = 0;
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
  return nt;
}

/* The order in which a pass adds its inner chains' conclusions (x->order,
 * indices into found_src): by complexity, then in source order. SE
 * gathers every forcing chain of the working copy, sorts them by
 * difficulty and complexity (a stable sort: ties keep cell and value
 * order) and adds their removals in that order, where a removal two
 * chains conclude keeps the first's parents and complexity; in one net
 * (X and Y links) the difficulty rises with the complexity. A counting
 * sort: O(chains + their largest complexity), no allocation. */
static void inner_order(struct ch_nest *x) {
  int top = 0;
  for (int i = 0; i < x->nfound; i++)
    if (x->found_cplx[i] > top)
      top = x->found_cplx[i];
  int k = 0;
  for (int c = 0; c <= top && k < x->nfound; c++)
    for (int i = 0; i < x->nfound; i++)
      if (x->found_cplx[i] == c)
        x->order[k++] = (uint16_t)i;
}

/* Sweeps the k sources src (at most 64) in the inner net and records
 * each that reaches its negation as a chain of this pass, with its
 * depth + 1 as its complexity (ch_static_depths, some 10 microseconds). */
static void record_chains(struct ch_nest *x, const int *src, int k) {
  int16_t dist[64];
  if (k == 0)
    return;
  ch_static_depths(&x->net, &x->bfs, src, k, dist);
  for (int i = 0; i < k; i++)
    if (dist[i] >= 0) {
      x->found_src[x->nfound] = (uint16_t)src[i];
      x->found_cplx[x->nfound++] = (uint16_t)(dist[i] + 1);
    }
}

/* The inner chains of this stall by sweeps: the sources that reach a
 * tail (ch_static_reach from the tails' negations), every candidate of a
 * cell with two or more left, on and off, in cell and value order, swept
 * 64 at a time; each that reaches its negation is recorded. */
static void inner_by_sweeps(struct ch_net *net, struct ch_nest *x,
                            const int *tail, int nt) {
  const int n = net->n;
  uint32_t reach[CH_POT_WORDS9];
  ch_static_reach(&x->net, &x->bfs, tail, nt, reach);
  int src[64], k = 0;
  for (int c = 0; c <= net->ncells; c++) {
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
    record_chains(x, src, k);
    k = 0;
  }
}

/* The same from the closure (x->cl): a source reaches a tail when its
 * set meets the tails', and its negation when that is in its set; the
 * same sources in the same order. Their depths (the order of the pass's
 * conclusions) come from sweeping those sources alone: a pass has few. */
static void inner_by_closure(struct ch_net *net, struct ch_nest *x,
                             const int *tail, int nt) {
  const struct ch_closure *cl = &x->cl;
  uint64_t tm[CH_CL_WORDS] = {0};
  for (int i = 0; i < nt; i++) {
    int j = cl->idx[tail[i] ^ 1];
    tm[j >> 6] |= 1ull << (j & 63);
  }
  int src[64], k = 0;
  for (int c = 0; c < net->ncells; c++) {
    if (__builtin_popcount(net->cur[c]) < 2)
      continue;
    for (uint32_t m = net->cur[c]; m; m &= m - 1) {
      int p = ch_pot(9, c, __builtin_ctz(m) + 1, true);
      for (int o = 0; o < 2; o++) { /* on, then off */
        int i = cl->idx[p ^ o];
        if (i == CH_NONE)
          continue; /* a sink: reaches itself alone, no tail */
        const uint64_t *r = ch_cl_set(cl, i);
        uint64_t meet = 0;
        for (int w = 0; w < cl->nw; w++)
          meet |= r[w] & tm[w];
        if (meet == 0 || !ch_cl_reaches_pot(&x->net, cl, r, p ^ o ^ 1))
          continue;
        src[k++] = p ^ o;
        if (k == 64) {
          record_chains(x, src, k);
          k = 0;
        }
      }
    }
  }
  record_chains(x, src, k);
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
 * few milliseconds on a hard 9x9, at every stall of an outer net.
 * SE's level 5 then, where that search gives nothing resting on the
 * outer net, runs its level-2 nested chaining (the row at 9.5) there too,
 * its conclusions taken the same way: a whole nested search at such a
 * stall, tens of milliseconds on a hard 9x9, seconds to minutes a level-5
 * search; level 5 is tried only where level 4 found nothing. */
struct rests {
  struct ch_inner base; /* first: what the search sees */
  struct ch_net *outer;
  struct ch_nest *x;
  struct ch_nest_entry *e; /* the next entry, NULL when none is left */
  bool ok, added;
  bool rested; /* some conclusion rested on the outer removals */
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
  r->rested = true;
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
                    false,
                    false};
  struct sudoku_step st;
  ch_dynamic_inner(&x->s, &st, &r.base, x->memo);
  /* (SE asks its next inner rule only when the first gave nothing that
   * rests on the outer net) */
  if (!r.rested && x->level >= 5 && !ch_late(&x->s))
    ch_nested_inner(&x->s, &st, x->deeper, &r.base, x->deeper_memo);
  return r.added;
}

/* Empties x's memos: what they hold is of another search. */
static void forget(struct ch_nest *x) {
  if (x->memo != NULL)
    x->memo->n = x->memo->used = 0;
  if (x->deeper_memo != NULL)
    x->deeper_memo->n = x->deeper_memo->used = 0;
}

static bool nest_pass(struct ch_net *net);

/* Level 1 weighs the contradictions of two more rounds (skfr's way, on
 * which its 9.0 ratings rest); levels 2 and up stop at the first, as SE's
 * chaining returns the first contradiction it meets (on the positions of
 * SE's own paths checked, its rating is that one's). */
void ch_nest_attach(struct ch_net *net, struct ch_nest *x) {
  x->base.pass = nest_pass;
  x->base.settle = x->level >= 2 ? 0 : 2;
  net->nest = &x->base;
  x->of = NULL;
  forget(x);
  x->base.nentries = 0;
}

/* The net's pass (struct ch_nesting): its nesting is a struct ch_nest's
 * first member. */
static bool nest_pass(struct ch_net *net) {
  struct ch_nest *x = (struct ch_nest *)net->nest;
  const struct logic_state *s = net->s;
  if (!net->masks || x->base.nentries >= CH_NEST_MAX || ch_late(s))
    return false;
  if (x->of != s) { /* the position's geometry and values, once a search */
    x->s = *s;
    x->of = s;
    x->ready = false;
    forget(x);
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
  /* (no tail: no inner chain concludes anything). Level 3 asks its
   * rule at nearly every stall: its closure with sinks serves both. */
  int tail[CH_POTS9 / 2], nt = tails(net, tail);
  bool sinks = x->level >= 3 && x->inner_cl != NULL,
       made = nt > 0 && ch_static_closure(&x->net, &x->cl, sinks);
  x->nfound = 0;
  if (nt > 0) {
    if (made)
      inner_by_closure(net, x, tail, nt);
    else
      inner_by_sweeps(net, x, tail, nt);
  }
  inner_order(x);
  bool added = false;
  for (int i = 0; i < x->nfound; i++)
    added |= conclude(net, x, x->found_src[x->order[i]]);
  if (!added && x->level >= 3)
    added = multiple_rule(net, x, made && sinks);
  return added;
}
