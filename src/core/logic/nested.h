/*
 * nested.h - the scratch of nested forcing chains (nested.c): a dynamic
 * net of chain.c that, when it stalls, looks for forcing chains inside
 * its own working copy (SE's "nested forcing chains", level 2, 9.5).
 *
 * The caller keeps one struct ch_nest on its stack (about 160 KiB: an
 * inner net, its sweep scratch and the working copy as a position) and
 * attaches it to the net after ch_init (ch_nest_attach); ch_run then
 * calls its pass (struct ch_nesting, chain.h) each time the net (and its
 * locked candidates) stop growing. Levels 4 and 5 also keep memos of
 * their inner searches there (struct ch_memo, 430 KiB each), and level 5
 * a second struct ch_nest for the nested search it runs inside.
 */
#ifndef SUDOKU_LOGIC_NESTED_H
#define SUDOKU_LOGIC_NESTED_H

#include <stddef.h>

#include "chain.h"

/* The memo of a level's inner searches within one outer search (level
 * 4's dynamic ones, level 5's dynamic and nested ones):
 * an outer net stalls on the same working copy many times (about two
 * stalls in three on the hardest 9x9 puzzles), and the search on a copy
 * depends on its candidates alone (the position's geometry, no beat), so
 * its conclusions are kept by the copy's candidates and shown again
 * (their steps rebuilt from their branches) without a search: about half
 * the CPU of level 4 on those. 9x9 copies only; when full, nothing more
 * is kept (1024 copies hold an outer search on the hardest seen). A
 * lookup compares up to 1024 x 162 bytes, far less than a search. A
 * memo is 430 KiB of the caller's stack. */
#define CH_MEMO 1024       /* working copies kept */
#define CH_MEMO_POOL 16384 /* their conclusions */
struct ch_memo_found {
  int cplx;
  int16_t kind, src, cell, unit, value, target;
};
struct ch_memo {
  int n, used;
  uint16_t cand[CH_MEMO][81];
  uint32_t first[CH_MEMO], count[CH_MEMO];
  struct ch_memo_found pool[CH_MEMO_POOL];
};

struct ch_nest {
  struct ch_nesting base; /* first: what the net sees (chain.h) */
  /* SE's: 1 pairs and X-wings inside (dynamic forcing chains (+)), 2
   * static chains as well, 3 also multiple ones, 4 dynamic chains
   * instead of static ones, 5 also level 2's nested chains (deeper) when
   * the dynamic ones find nothing */
  int level;
  const struct logic_state *of; /* the position s was copied from */
  struct logic_state s;         /* the outer working copy as a position */
  struct ch_net net;            /* inner static nets (CH_X | CH_Y) */
  struct ch_bfs bfs;
  bool ready; /* net initialised over s and bfs zeroed (once a search) */
  struct sudoku_step step; /* a simple rule's step on the working copy */
  /* A pass's inner chains that reach their negation, in the order they
   * are added (inner_order in nested.c): source potential, complexity. */
  int nfound;
  uint16_t found_src[CH_POTS9], found_cplx[CH_POTS9];
  uint16_t order[CH_POTS9];
  /* The rule asked inside at level 3 (the caller's region forcing
   * chains); NULL at level 2. inner_cl: the same rule over the inner
   * net and its closure with sinks (the net's runs its scratch), asked
   * instead when the working copy fits a closure. */
  bool (*inner)(const struct logic_state *s, struct sudoku_step *out);
  bool (*inner_cl)(const struct logic_state *s, struct ch_net *net,
                   const struct ch_closure *cl, struct sudoku_step *out);
  /* The closure of net this stall (chain.h): without sinks for the
   * inner chains, with them for inner_cl */
  struct ch_closure cl;
  /* Levels 4 and 5: the memo of the inner dynamic searches (the
   * caller's), NULL for none. Level 5: deeper, the scratch of its inner
   * level-2 searches, and deeper_memo, their memo; NULL below. */
  struct ch_memo *memo, *deeper_memo;
  struct ch_nest *deeper;
};

/* logic_find_REGION_FORCING_CHAIN(s, out) (forcing.c) from the
 * closure cl of net, a static CH_X | CH_Y net over s (ch_init or
 * ch_reinit done); the same step, without a net's sweeps; net's runs
 * are its scratch. */
bool logic_region_forcing_closure(const struct logic_state *s,
                                  struct ch_net *net,
                                  const struct ch_closure *cl,
                                  struct sudoku_step *out);

/* Points net at x for its runs (after ch_init), x->level and x->inner
 * set. */
void ch_nest_attach(struct ch_net *net, struct ch_nest *x);

/* What a dynamic forcing chain search tells the nested chains of level 4
 * about each conclusion it found, lightest first: begin, then each
 * branch's net and the node it concludes at (both nodes of a
 * contradiction), then its complexity and its branch set (the cell of a
 * cell forcing chain, the unit and value of a region one, -1 otherwise),
 * then take with its step. */
struct ch_inner {
  void (*begin)(struct ch_inner *in);
  void (*see)(struct ch_inner *in, struct ch_net *net, int node);
  void (*take)(struct ch_inner *in, const struct sudoku_step *st);
  int cplx, cell, unit, value;
};

/* The dynamic forcing chain search of the row at 8.5 (forcing.c) on s,
 * all of its conclusions (the lightest of each target, up to 64) shown to
 * in, out the scratch of their steps; false when it found none. memo:
 * the conclusions of the copies searched before (above), or NULL. */
bool ch_dynamic_inner(const struct logic_state *s, struct sudoku_step *out,
                      struct ch_inner *in, struct ch_memo *memo);

/* The same for the nested forcing chain search at nest's level (its
 * row's, nested_levels.c) on s, with nest its scratch: each row's own
 * search (in and memo NULL), and level 5's second inner rule (nest at
 * level 2, no memo of its own). */
bool ch_nested_inner(const struct logic_state *s, struct sudoku_step *out,
                     struct ch_nest *nest, struct ch_inner *in,
                     struct ch_memo *memo);

#endif
