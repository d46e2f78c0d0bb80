/*
 * nested.h - the scratch of nested forcing chains (nested.c): a dynamic
 * net of chain.c that, when it stalls, looks for forcing chains inside
 * its own working copy (SE's "nested forcing chains", level 2, 9.5).
 *
 * The caller keeps one struct ch_nest on its stack (about 120 KiB: an
 * inner net, its sweep scratch and the working copy as a position) and
 * points net->nest at it after ch_init; ch_run then calls ch_nest_pass
 * each time the net (and its locked candidates) stop growing.
 */
#ifndef SUDOKU_LOGIC_NESTED_H
#define SUDOKU_LOGIC_NESTED_H

#include <stddef.h>

#include "chain.h"

#define CH_NEST_MAX 255    /* nested conclusions a run (node.unit holds one) */
#define CH_NEST_PARENTS 24 /* outer nodes an inner chain rests on */

/* One inner chain's conclusions: the outer nodes whose removal it uses,
 * and its own complexity (SE adds it to the outer chain's). */
struct ch_nest_entry {
  uint16_t cplx;
  uint8_t nparents;
  uint16_t parent[CH_NEST_PARENTS];
};

struct ch_nest {
  int level; /* SE's: 2 static chains inside, 3 also multiple ones */
  const struct logic_state *of; /* the position s was copied from */
  struct logic_state s;         /* the outer working copy as a position */
  struct ch_net net;            /* inner static nets (CH_X | CH_Y) */
  struct ch_bfs bfs;
  struct sudoku_step step; /* a simple rule's step on the working copy */
  int nentries;
  struct ch_nest_entry entry[CH_NEST_MAX];
};

/* Points net at x for its runs (after ch_init). */
void ch_nest_attach(struct ch_net *net, struct ch_nest *x);

/* The inner pass over net's working copy: every candidate whose static
 * forcing chain (X and Y links, over what is left there) reaches its own
 * negation goes off (assumed on: it is false; assumed off: it is true and
 * the cell's other values go) as a CH_NEST node of net, when that chain
 * uses something the outer net removed. Returns true when it added a
 * node. 9x9 mask nets only (false elsewhere). */
bool ch_nest_pass(struct ch_net *net);

#endif
