/*
 * backtrack.c - the one depth-first search loop of the core's general
 * solvers (internal.h, struct backtrack): the general solver of every box
 * shape (general.c) and the rules solver (rules/search.c) each bring their
 * propagation as two callbacks, and share the node count, the choice of
 * the branching cell, the order of the values tried, the recording of
 * solutions and the undoing by the trail. The 9x9 fast path (fast9.c) has
 * a loop of its own over band bitsets. Nothing is allocated; the callbacks
 * cost one indirect call a node and one a branch, against a propagation
 * of O(cells) work in both.
 */
#include <string.h>

#include "internal.h"

void backtrack_init(struct backtrack *k, int nn, uint32_t limit, bool lexmin,
                    struct budget *b, uint8_t *first) {
  k->nn = nn;
  k->limit = limit;
  k->found = 0;
  k->lexmin = lexmin;
  k->done = false;
  k->b = b;
  k->first = first;
  k->hint = NULL;
  k->avoid = NULL;
  k->open = nn;
  k->qlen = k->alen = k->tlen = 0;
  memset(k->val, 0, (size_t)nn);
}

/* Undoes every change made since the marks. */
static void undo(struct backtrack *k, int tmark, int amark, int open) {
  while (k->tlen > tmark) {
    k->tlen--;
    k->cand[k->trail_cell[k->tlen]] = k->trail_old[k->tlen];
  }
  while (k->alen > amark)
    k->val[k->assigned[--k->alen]] = 0;
  k->open = open;
  k->qlen = 0;
}

/* The branching cell: the first open one in row-major order for lexmin
 * (all cells before it are then fixed, so ascending values give solutions
 * in lexicographic order), else the one with fewest candidates. */
static int choose_cell(const struct backtrack *k) {
  int best = -1, best_count = SUDOKU_MAX_N + 1;
  for (int c = 0; c < k->nn; c++) {
    if (k->val[c])
      continue;
    if (k->lexmin)
      return c;
    int count = __builtin_popcount(k->cand[c]);
    if (count < best_count) {
      best = c;
      best_count = count;
      if (count == 2)
        break;
    }
  }
  return best;
}

/* One node: propagate, then either record a solution or branch. */
static void search(struct backtrack *k) {
  if (!budget_node(k->b)) {
    k->done = true;
    return;
  }
  if (!k->propagate(k))
    return;
  if (k->open == 0) {
    if (k->found++ == 0 ||
        (k->avoid != NULL && memcmp(k->first, k->avoid, (size_t)k->nn) == 0))
      memcpy(k->first, k->val, (size_t)k->nn);
    if (k->found >= k->limit)
      k->done = true;
    return;
  }
  int c = choose_cell(k);
  uint32_t mask = k->cand[c];
  uint32_t prefer = k->hint ? mask & (1u << (k->hint[c] - 1)) : 0;
  int tmark = k->tlen, amark = k->alen, open = k->open;
  while (mask && !k->done) {
    uint32_t bit = prefer ? prefer : mask & -mask;
    prefer = 0;
    mask &= ~bit;
    k->b->guesses++;
    if (k->assign(k, c, __builtin_ctz(bit) + 1))
      search(k);
    undo(k, tmark, amark, open);
  }
}

uint32_t backtrack_run(struct backtrack *k) {
  search(k);
  return k->found;
}
