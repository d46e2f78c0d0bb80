/*
 * chains.c - X-chains (turbot fish), XY-chains, alternating inference
 * chains and forcing chains: every chain that starts from one candidate
 * and comes back to it negated, over static links (chain.h).
 *
 * A candidate that, assumed true, forces itself false is eliminated (the
 * chain's two ends see it: an X-chain, XY-chain or AIC); one that, assumed
 * false, forces itself true is placed (a forcing chain). This is how Sudoku
 * Explainer finds its "Forcing X-Chain" / "Turbot Fish" (6.6 + length) and
 * "Forcing Chain" (7.0 + length) steps, and rating them the same way is
 * what makes the ratings agree: the step found is the one of the lowest
 * rating, then the fewest nodes, then the first in cell order.
 *
 * Cost: one static net per candidate and direction, O(candidates^2) for a
 * finder call; on 9x9 only the depth of each net's end is needed, which
 * sweeps of 64 nets at a time give (chain_depth.c, some 3x fewer
 * instructions than the runs: a few hundred microseconds a call on the
 * hardest 9x9), and one net is run for the path shown. Bounded by the
 * deadline, which is read every 16 nets (every sweep on 9x9). The stack
 * holds a net and, on 9x9, a sweep's scratch: about 125 KiB. Loops are
 * cycles.c's; dynamic nets forcing.c's. What this does NOT do: grouped nodes,
 * almost locked sets.
 */
#include <limits.h>
#include <stddef.h>
#include <string.h>

#include "chain.h"

struct unary {
  enum sudoku_technique tech;
  unsigned flags; /* enum ch_flags: which links */
  int base;       /* rating x10 before the length increment */
  bool from_on;   /* assume candidates true (eliminations) */
  bool from_off;  /* assume candidates false (placements) */
};

/* True when a chain (r, cplx) beats the best (best_r, best_cplx): SE
 * takes the lowest rating, then the fewest nodes. */
static bool beats(int r, int cplx, int best_r, int best_cplx) {
  return r < best_r || (r == best_r && cplx < best_cplx);
}

/* The chains' assumptions in the order the finder weighs them: cell,
 * value, true before false. Returns how many. */
static int sources(const struct logic_state *s, const struct unary *u,
                   int *src) {
  int k = 0, n = s->geo.n;
  for (int c = 0; c < s->geo.ncells; c++) {
    if (s->value[c] || __builtin_popcount(s->cand[c]) < 2)
      continue;
    for (uint32_t m = s->cand[c]; m; m &= m - 1)
      for (int on = 1; on >= 0; on--)
        if (on ? u->from_on : u->from_off)
          src[k++] = ch_pot(n, c, __builtin_ctz(m) + 1, on);
  }
  return k;
}

/* The best assumption by runs, one net each, in order. A static net's
 * node has the complexity depth + 1, so once a chain is in hand (or beat
 * is set) each net grows only as deep as a better chain could be: the
 * same chain is found, with less work. The bound is used only where the
 * node cap cannot cut a net (9x9 and smaller), so a bounded net holds
 * exactly the nodes of the full one up to that depth. Returns the
 * potential or -1 (none; -2: the deadline passed). */
static int pick_by_runs(struct ch_net *net, const struct unary *u, int *best_r,
                        int *best_cplx) {
  const struct logic_state *s = net->s;
  const int n = s->geo.n;
  bool bounded = 2 * s->geo.ncells * n <= CH_MAX_NODES;
  int limit = bounded ? ch_max_cplx(u->base, *best_r, *best_cplx) : INT_MAX;
  if (limit < 2)
    return -1; /* a chain has two nodes at least */
  net->max_depth = limit == INT_MAX ? -1 : limit - 2;
  int best = -1;
  unsigned runs = 0;
  for (int c = 0; c < s->geo.ncells; c++) {
    if (s->value[c] || __builtin_popcount(s->cand[c]) < 2)
      continue;
    for (uint32_t m = s->cand[c]; m; m &= m - 1)
      for (int on = 1; on >= 0; on--) {
        if (!(on ? u->from_on : u->from_off))
          continue;
        if ((++runs & 15) == 0 && ch_late(s))
          return -2;
        int pot = ch_pot(n, c, __builtin_ctz(m) + 1, on);
        ch_run(net, pot);
        if (net->hit < 0)
          continue;
        int cplx = ch_ancestors(net, net->hit);
        int r = u->base + ch_length_rating(cplx);
        if (beats(r, cplx, *best_r, *best_cplx)) {
          *best_r = r;
          *best_cplx = cplx;
          best = pot;
          if (bounded) {
            limit = ch_max_cplx(u->base, *best_r, *best_cplx);
            if (limit < 2)
              return best;
            net->max_depth = limit - 2;
          }
        }
      }
  }
  return best;
}

/* pick_by_depths: pick_by_runs on a mask net by depths (ch_static_depths), 64
 * assumptions a sweep, taken value by value so that a sweep's nets
 * overlap. The depths are those of the runs, so the same best comes out
 * of the same comparisons in the same order; the sweeps may come in any
 * order, since a sweep's bound (what could beat or tie the best depth
 * found so far, or beat `beat`) hides only assumptions that cannot be
 * the best. Stack: about 44 KiB. */
static int pick_by_depths(struct ch_net *net, const struct unary *u,
                          int *best_r, int *best_cplx) {
  struct ch_bfs b;
  int src[CH_POTS9], nsrc = sources(net->s, u, src);
  int16_t dist[CH_POTS9];
  uint16_t order[CH_POTS9];
  int nord = nsrc, at9[10] = {0};
  for (int k = 0; k < nsrc; k++) /* by value, each in order */
    at9[ch_value(9, src[k])]++;
  for (int v = 1; v <= 9; v++)
    at9[v] += at9[v - 1];
  for (int k = nsrc - 1; k >= 0; k--)
    order[--at9[ch_value(9, src[k])]] = (uint16_t)k;
  memset(&b, 0, offsetof(struct ch_bfs, act));
  int found_r = INT_MAX, found_cplx = INT_MAX;
  int lim0 = ch_max_cplx(u->base, *best_r, *best_cplx);
  for (int at = 0; at < nord; at += 64) {
    if (ch_late(net->s))
      return -2;
    int k = nord - at < 64 ? nord - at : 64, bsrc[64];
    int16_t bd[64];
    int lim = lim0;
    if (found_r != INT_MAX) {
      int l2 = ch_max_cplx(u->base, found_r, found_cplx + 1); /* or ties */
      lim = l2 < lim ? l2 : lim;
    }
    for (int i = 0; i < k; i++) {
      bsrc[i] = src[order[at + i]];
      dist[order[at + i]] = -1;
    }
    if (lim < 2)
      continue;
    net->max_depth = lim == INT_MAX ? -1 : lim - 2;
    ch_static_depths(net, &b, bsrc, k, bd);
    for (int i = 0; i < k; i++) {
      dist[order[at + i]] = bd[i];
      if (bd[i] < 0)
        continue;
      int cplx = bd[i] + 1, r = u->base + ch_length_rating(cplx);
      if (beats(r, cplx, found_r, found_cplx)) {
        found_r = r;
        found_cplx = cplx;
      }
    }
  }
  int best = -1;
  for (int k = 0; k < nsrc; k++) {
    if (dist[k] < 0)
      continue;
    int cplx = dist[k] + 1, r = u->base + ch_length_rating(cplx);
    if (beats(r, cplx, *best_r, *best_cplx)) {
      *best_r = r;
      *best_cplx = cplx;
      best = src[k];
    }
  }
  return best;
}

/* The best chain rated below beat (0 = any): the lowest rating, then the
 * fewest nodes, then the first assumption in order; its net is run again
 * for the path. */
static bool find_unary(const struct logic_state *s, struct sudoku_step *out,
                       const struct unary *u, unsigned beat) {
  struct ch_net net;
  const int n = s->geo.n;
  int best_r = INT_MAX, best_cplx = INT_MAX;
  if (beat != 0) { /* only r < beat counts */
    best_r = (int)beat;
    best_cplx = 0;
  }
  ch_init(&net, s, u->flags | CH_STOP_SRC);
  int best_pot = net.masks ? pick_by_depths(&net, u, &best_r, &best_cplx)
                           : pick_by_runs(&net, u, &best_r, &best_cplx);
  if (best_pot < 0)
    return false;
  net.max_depth = -1;
  ch_run(&net, best_pot);
  ch_step_begin(out, u->tech, best_r);
  int c = ch_cell(n, best_pot), v = ch_value(n, best_pot);
  if (ch_on(best_pot))
    ch_step_eliminate(out, c, v);
  else
    ch_step_place(out, c, v);
  ch_add_path(&net, net.hit, out);
  return true;
}

/* The lower-rated of the loop and the chain (the loop on a tie: it
 * eliminates more); spare is scratch for the second search. */
static bool loop_or_chain(const struct logic_state *s, struct sudoku_step *out,
                          unsigned cycle_flags, int cycle_base,
                          const struct unary *u) {
  struct sudoku_step spare;
  bool loop = ch_cycle(s, out, cycle_flags, u->tech, cycle_base);
  /* the chain must beat the loop, and what logic_next holds */
  unsigned beat = s->beat;
  if (loop && (beat == 0 || out->rating < beat))
    beat = out->rating;
  if (!find_unary(s, &spare, u, beat))
    return loop;
  if (!loop || spare.rating < out->rating)
    *out = spare;
  return true;
}

/* Single-digit chains and X-cycles: conjugate pairs and peers of one
 * value. SE: 6.5 (cycle), 6.6 (chain; 6.6 with 4 links is the turbot
 * fish) + length. */
bool logic_find_X_CHAIN(const struct logic_state *s, struct sudoku_step *out) {
  static const struct unary u = {SUDOKU_TECH_X_CHAIN, CH_X, 66, true, true};
  return loop_or_chain(s, out, CH_X, 65, &u);
}

/* Bivalue cells only for the strong links: Y-cycles (SE 6.5 + length) and
 * XY-chains, which SE has no class for: it finds them as forcing chains,
 * 7.0 + length, and so do we. */
bool logic_find_XY_CHAIN(const struct logic_state *s, struct sudoku_step *out) {
  static const struct unary u = {SUDOKU_TECH_XY_CHAIN, CH_Y, 70, true, false};
  return loop_or_chain(s, out, CH_Y, 65, &u);
}

/* Both kinds of strong link: loops that mix them and chains to an
 * elimination, SE 7.0 + length. */
bool logic_find_AIC(const struct logic_state *s, struct sudoku_step *out) {
  static const struct unary u = {SUDOKU_TECH_AIC, CH_X | CH_Y, 70, true, false};
  return loop_or_chain(s, out, CH_X | CH_Y, 70, &u);
}

/* Both kinds of strong link; placements (the candidate's absence forces
 * it). */
bool logic_find_FORCING_CHAIN(const struct logic_state *s,
                              struct sudoku_step *out) {
  static const struct unary u = {SUDOKU_TECH_FORCING_CHAIN, CH_X | CH_Y, 70,
                                 false, true};
  return find_unary(s, out, &u, s->beat);
}

/* The generic sentence (explain.c): its name, chain or cells, outcome. */
LOGIC_EXPLAIN(X_CHAIN, logic_generic_sentence)
LOGIC_EXPLAIN(XY_CHAIN, logic_generic_sentence)
LOGIC_EXPLAIN(AIC, logic_generic_sentence)
LOGIC_EXPLAIN(FORCING_CHAIN, logic_generic_sentence)
