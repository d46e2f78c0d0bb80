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
 * finder call (about a millisecond on 9x9). Bounded by the deadline, which
 * is read every 16 nets. Loops are cycles.c's; dynamic nets forcing.c's.
 * What this does NOT do: grouped nodes, almost locked sets.
 */
#include <limits.h>

#include "chain.h"

struct unary {
  enum sudoku_technique tech;
  unsigned flags; /* enum ch_flags: which links */
  int base;       /* rating x10 before the length increment */
  bool from_on;   /* assume candidates true (eliminations) */
  bool from_off;  /* assume candidates false (placements) */
};

/* The best chain rated below beat (0 = any). A static net's node has the
 * complexity depth + 1, so once a chain is in hand (or beat is set) each
 * net grows only as deep as a better chain could be: the same chain is
 * found, with less work. The bound is used only where the node cap cannot
 * cut a net (9x9 and smaller), so a bounded net holds exactly the nodes of
 * the full one up to that depth. */
static bool find_unary(const struct logic_state *s, struct sudoku_step *out,
                       const struct unary *u, unsigned beat) {
  struct ch_net net;
  const int n = s->geo.n;
  int best_r = INT_MAX, best_cplx = INT_MAX, best_pot = -1;
  if (beat != 0) { /* only r < beat counts */
    best_r = (int)beat;
    best_cplx = 0;
  }
  unsigned runs = 0;
  ch_init(&net, s, u->flags | CH_STOP_SRC);
  bool bounded = 2 * s->geo.ncells * n <= CH_MAX_NODES;
  int limit = bounded ? ch_max_cplx(u->base, best_r, best_cplx) : INT_MAX;
  if (limit < 2)
    return false; /* a chain has two nodes at least */
  net.max_depth = limit == INT_MAX ? -1 : limit - 2;
  for (int c = 0; c < s->geo.ncells; c++) {
    if (s->value[c] || __builtin_popcount(s->cand[c]) < 2)
      continue;
    for (uint32_t m = s->cand[c]; m; m &= m - 1) {
      int v = __builtin_ctz(m) + 1;
      for (int on = 1; on >= 0; on--) {
        if (!(on ? u->from_on : u->from_off))
          continue;
        if ((++runs & 15) == 0 && ch_late(s))
          return false;
        ch_run(&net, ch_pot(n, c, v, on));
        if (net.hit < 0)
          continue;
        int cplx = ch_ancestors(&net, net.hit);
        int r = u->base + ch_length_rating(cplx);
        if (r < best_r || (r == best_r && cplx < best_cplx)) {
          best_r = r;
          best_cplx = cplx;
          best_pot = ch_pot(n, c, v, on);
          if (bounded) {
            limit = ch_max_cplx(u->base, best_r, best_cplx);
            if (limit < 2)
              goto done;
            net.max_depth = limit - 2;
          }
        }
      }
    }
  }
done:
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
