/*
 * internal.h - what the core's files share and nobody else sees: the search
 * budget (node count and deadline) and the 9x9 fast path.
 */
#ifndef SUDOKU_INTERNAL_H
#define SUDOKU_INTERNAL_H

#include "sudoku.h"

/* How many nodes pass between two clock reads: a read costs ~20 ns, a 9x9
 * node ~100 ns, a 25x25 node a few us, so the deadline is overshot by at
 * most a few ms. Must be a power of two. */
#define BUDGET_CLOCK_EVERY 256u

struct budget {
  uint64_t max_nodes;   /* 0 = unlimited */
  uint64_t deadline_ns; /* absolute CLOCK_MONOTONIC time; 0 = none */
  uint64_t nodes, guesses;
  enum sudoku_status stop; /* SUDOKU_OK while searching, else why it stopped */
};

/* CLOCK_MONOTONIC in nanoseconds. */
uint64_t core_now_ns(void);

/* Counts one search node. Returns false (and sets b->stop) when the search
 * must stop: node budget spent or deadline passed. */
static inline bool budget_node(struct budget *b) {
  b->nodes++;
  if (b->max_nodes != 0 && b->nodes > b->max_nodes) {
    b->stop = SUDOKU_NODE_LIMIT;
    return false;
  }
  if (b->deadline_ns != 0 && (b->nodes & (BUDGET_CLOCK_EVERY - 1)) == 0 &&
      core_now_ns() >= b->deadline_ns) {
    b->stop = SUDOKU_DEADLINE;
    return false;
  }
  return true;
}

/*
 * The 9x9 fast path (fast9.c). cells: 81 values, row-major, 0 = blank; the
 * givens are already validated (no two clash). Finds solutions in a fixed,
 * deterministic order until `limit` (>= 1) are found or the space is
 * exhausted, copying the first one found into first[81]. Calls
 * budget_node() once per search node (the root included) and increments
 * b->guesses for every branch taken at a guess with several choices (a
 * digit's configurations in a band or stack; with rowmajor a cell's digits);
 * returns early when budget_node() returns false. Returns the number of
 * solutions found. Reentrant, no allocation, stack use under 18 KiB.
 */
uint32_t fast9_solve(const uint8_t cells[81], uint32_t limit, struct budget *b,
                     uint8_t first[81]);

/* The general solver (general.c) on the shape of p and the givens in
 * cells: counts solutions to limit, the first into first; lexmin branches
 * on the first open cell in row-major order, values ascending; hint, when
 * not NULL, is the value tried first at each branch; ex_cell >= 0 removes
 * ex_value from that cell's candidates first. Stops on b's budgets. */
uint32_t core_general_solve(const sudoku_grid *p, const uint8_t *cells,
                            uint32_t limit, bool lexmin, struct budget *b,
                            uint8_t *first, const uint8_t *hint, int ex_cell,
                            int ex_value);

/*
 * The depth-first search loop (backtrack.c) that the general solver
 * (general.c) and the rules solver (rules/search.c) share; each keeps its
 * own propagation. Glossary: cand[c] is the candidate mask of cell c (bit
 * v-1 for value v; a filled cell keeps just its value's bit), val[c] is 0
 * while c is open. Changes to cand[] go on a trail (backtrack_set) so a
 * branch is undone by popping it instead of copying the grid at every
 * level (a copy costs 3 KB at 25x25, times a depth of up to 625). A
 * solver's state struct holds a struct backtrack as its first member, so
 * the callbacks may cast the pointer they get back to it. The struct is
 * about 97 KiB (the trail, mostly), on the caller's stack.
 */
/* Each cell's mask loses bits at most n times on one root-to-leaf path. */
#define BACKTRACK_TRAIL_MAX (SUDOKU_MAX_CELLS * SUDOKU_MAX_N)

struct backtrack {
  /* Every rule of the solver to a fixed point, queue[] drained: false on a
   * contradiction. */
  bool (*propagate)(struct backtrack *k);
  /* Gives open cell c value v and takes its consequences as far as the
   * solver does on an assignment: false on a contradiction. */
  bool (*assign)(struct backtrack *k, int c, int v);
  int nn;         /* cells */
  uint32_t limit; /* solutions wanted */
  uint32_t found;
  bool lexmin; /* branch on the first open cell in row-major order */
  bool done;   /* limit reached or budget spent */
  struct budget *b;
  uint8_t *first;       /* where the first solution goes */
  const uint8_t *hint;  /* value to try first at each branch, or NULL */
  const uint8_t *avoid; /* NULL, or a solution that `first` keeps only
                           when no other is found */
  int open;             /* cells without a value */
  int qlen, alen, tlen;
  uint32_t cand[SUDOKU_MAX_CELLS];
  uint8_t val[SUDOKU_MAX_CELLS];
  uint16_t queue[SUDOKU_MAX_CELLS];    /* cells left with one candidate */
  uint16_t assigned[SUDOKU_MAX_CELLS]; /* cells filled, in order */
  uint16_t trail_cell[BACKTRACK_TRAIL_MAX];
  uint32_t trail_old[BACKTRACK_TRAIL_MAX];
};

/* Sets k's fields for a search from the root: nothing found, no value,
 * every cell open, queue and trail empty, no hint, nothing to avoid. The
 * caller then sets the callbacks, cand[] and the givens. */
void backtrack_init(struct backtrack *k, int nn, uint32_t limit, bool lexmin,
                    struct budget *b, uint8_t *first);

/* The search from the root as it stands: one node per call of propagate
 * (budget_node() first), then either a solution (counted; the first into
 * k->first) or a branch on the open cell with fewest candidates (the first
 * open one under lexmin), values ascending after the hint's, each undone by
 * the trail. Stops at k->limit solutions or when the budget says so.
 * Returns the number of solutions found. Recursion depth: the open cells. */
uint32_t backtrack_run(struct backtrack *k);

/* Sets cand[c] to mask, the old mask on the trail. */
static inline void backtrack_set(struct backtrack *k, int c, uint32_t mask) {
  k->trail_cell[k->tlen] = (uint16_t)c;
  k->trail_old[k->tlen++] = k->cand[c];
  k->cand[c] = mask;
}

/* After an open cell p's mask was narrowed to m (by backtrack_set): false
 * when no candidate is left; with one left, p is queued for the naked
 * singles of the solver's propagate. */
static inline bool backtrack_narrowed(struct backtrack *k, int p, uint32_t m) {
  if (m == 0)
    return false;
  if ((m & (m - 1)) == 0)
    k->queue[k->qlen++] = (uint16_t)p;
  return true;
}

/* Records open cell c, its mask already just v's bit, as holding v. */
static inline void backtrack_place(struct backtrack *k, int c, int v) {
  k->val[c] = (uint8_t)v;
  k->assigned[k->alen++] = (uint16_t)c;
  k->open--;
}

/*
 * The general solver (solve.c) on p of any shape, without validation (p's
 * givens must not clash), for its first solution into first[n*n]: at each
 * branch the value of hint[] (a complete grid) is tried first, then the
 * others ascending. ex_cell >= 0 (a blank of p): only solutions where that
 * cell differs from hint count (its hint value is removed at the root).
 * Returns 1 with first filled, 0 when there is none or the budget stopped
 * the search (b->stop says which). Why: the generator asks whether a
 * sub-puzzle of a grid has a solution other than the grid; one search per
 * blank cell with the grid's value excluded replaces one per other value,
 * and such solutions mostly agree with the grid elsewhere: found in a few
 * nodes with its values tried first.
 */
uint32_t core_solve_near(const sudoku_grid *p, const uint8_t *hint, int ex_cell,
                         struct budget *b, uint8_t *first);

/*
 * The one rule of unit geometry, for every box shape: unit index u of a
 * grid of side n = box_rows * box_cols numbers the rows (0..n-1), columns
 * (n..2n-1) and boxes (2n..3n-1, left to right, top to bottom), as
 * sudoku_logic.h does. core_unit_cell is the cell index of the k-th cell of
 * unit u (row-major inside a box); core_box_of the box of cell (r, c).
 */
static inline int core_unit_cell(int box_rows, int box_cols, int u, int k) {
  int n = box_rows * box_cols;
  if (u < n)
    return u * n + k;
  if (u < 2 * n)
    return k * n + (u - n);
  int b = u - 2 * n;
  int top = b / box_rows * box_rows, left = b % box_rows * box_cols;
  return (top + k / box_cols) * n + left + k % box_cols;
}

static inline int core_box_of(int box_rows, int box_cols, int r, int c) {
  return r / box_rows * box_rows + c / box_cols;
}
/* As fast9_solve; with rowmajor, branches on the first open cell in
 * row-major order, digits ascending, so the first solution found is the
 * lexicographically smallest (slower than the default order on hard
 * puzzles: the cell is not chosen for how far it propagates). */
uint32_t fast9_search(const uint8_t cells[81], uint32_t limit, bool rowmajor,
                      struct budget *b, uint8_t first[81]);

/* The orthogonal neighbour of cell c on a side of n in direction dir
 * (0 up, 1 down, 2 left, 3 right), or -1 off the grid. */
static inline int core_neighbour(int n, int c, int dir) {
  int r = c / n, col = c % n;
  switch (dir) {
  case 0:
    return r > 0 ? c - n : -1;
  case 1:
    return r < n - 1 ? c + n : -1;
  case 2:
    return col > 0 ? c - 1 : -1;
  default:
    return col < n - 1 ? c + 1 : -1;
  }
}

/* How many cells with id[c] == id[from] a flood through orthogonal
 * neighbours reaches from cell `from`, each marked in seen (the caller's,
 * n*n entries, false where the flood may go). The one connectivity check
 * of jigsaw regions (rules) and of drawn regions and cages (generate).
 * O(cells reached); about 1.3 KiB of stack. */
int core_flood(int n, const uint16_t *id, int from, bool *seen);

#endif
