/*
 * gen.h - what the files of src/core/generate share and nobody else sees:
 * the orbits of a symmetry, the random complete grid, the removal of
 * givens, and the clock arithmetic of the deadline.
 */
#ifndef SUDOKU_GEN_INTERNAL_H
#define SUDOKU_GEN_INTERNAL_H

#include "internal.h"
#include "sudoku_generate.h"
#include "sudoku_rules.h"

#define GEN_ORBIT_MAX 4 /* rot90's orbits are the largest */

/* The orbits of a symmetry over the cells of an n x n grid, in the order of
 * their smallest cell. Every cell is in exactly one orbit. */
struct gen_orbits {
  uint16_t count;
  uint8_t size[SUDOKU_MAX_CELLS];
  uint16_t cell[SUDOKU_MAX_CELLS][GEN_ORBIT_MAX];
};

/* Fills o for side n (4..25) and symmetry s (< SUDOKU_SYM_COUNT). */
void gen_orbits_init(struct gen_orbits *o, int n, enum sudoku_symmetry s);

/* True when some set of whole orbits holds exactly `cells` cells (what a
 * target number of givens needs). O(orbits x cells) bit work. */
bool gen_orbits_reach(const struct gen_orbits *o, int cells);

/* Microseconds left before deadline_ns (absolute core_now_ns time; 0 = no
 * deadline, which returns 0 = no limit for sudoku_solve). Returns false
 * when the deadline has passed. */
bool gen_time_left(uint64_t deadline_ns, uint64_t *left_us);

/* Fisher-Yates shuffle of a[0..len) drawn from p. */
void gen_shuffle(struct sudoku_prng *p, uint16_t *a, int len);

/*
 * Known second solutions, kept as unavoidable sets: the cells where a
 * solution of some sub-puzzle differs from the grid. A puzzle that keeps
 * no given in such a set is not unique (that solution is one of its own),
 * so a removal that would empty a known set is refused with a few word
 * operations instead of a search. Found sets stay true for the grid
 * forever: the pool only ever saves searches, never changes an answer, so
 * the puzzles are the same with it or without it. A ring of GEN_SETS_MAX
 * sets; the oldest is overwritten (20 KiB: room for 25x25 sets; 64 were
 * too few for the local search of a 16x16).
 */
#define GEN_SETS_MAX 256
#define GEN_SET_WORDS ((SUDOKU_MAX_CELLS + 63) / 64)
struct gen_sets {
  int count, next, words;
  uint64_t set[GEN_SETS_MAX * GEN_SET_WORDS]; /* set i at i * words */
};

/* An empty pool for side n. */
void gen_sets_init(struct gen_sets *s, int n);

/*
 * Whether p, whose cells cells[0..k) are blank, has grid (a solution of p)
 * as its only solution: 1 yes, 0 no, -1 at the deadline. First the pool:
 * a known set that p holds no given of answers 0 at once. Else, instead of
 * counting p's solutions to 2, asks whether a solution exists where the
 * first blank cell differs from grid, then the first agrees and the second
 * differs, and so on: at 9x9 each is p plus one wrong given (fast9 takes
 * givens only), which propagation usually refutes at once; at other sizes
 * one search a cell with grid's value excluded there (core_solve_near).
 * The branch holding grid itself is never searched: several times faster
 * than a count at 16x16, and faster at 9x9 too (measured). A second solution
 * found goes to the pool (sets may be NULL: no pool). givens: p's givens
 * as a bit set, kept up to date by the caller (or NULL). max_nodes > 0:
 * a search that needs more nodes than that stops, and the answer is 2, not
 * known (a count of nodes, never of time, so the same on every machine;
 * dig.c says where that is safe). p's cells[] are blank again on return.
 */
int gen_unique_without(sudoku_grid *p, const uint16_t *cells, int k,
                       const sudoku_grid *grid, struct gen_sets *sets,
                       const uint64_t *givens, uint64_t max_nodes,
                       uint64_t deadline_ns);

/* The givens of p as a bit set (GEN_SET_WORDS words), which is what
 * gen_unique_without's `givens` holds: the cells of p that are not blank
 * (NULL there: computed from p, O(n*n) a call). */
void gen_givens_mask(const sudoku_grid *p, uint64_t *givens);

/*
 * A random complete grid of box shape br x bc into *out, drawn from p by a
 * randomised depth-first fill (grid.c says why not sudoku_solve). Depends
 * on p alone. Returns SUDOKU_OK, SUDOKU_BAD_SHAPE or SUDOKU_DEADLINE.
 */
enum sudoku_status gen_grid(int br, int bc, struct sudoku_prng *p,
                            uint64_t deadline_ns, sudoku_grid *out);

/*
 * A random complete grid under the units of d (rows, columns, boxes or
 * regions, diagonals, windows, extra regions; d's pair exclusions and
 * cages are not read: the kinds generated under rules have none, and
 * killer cages are drawn from the grid afterwards) into out->cell, by the
 * same randomised fill as gen_grid. Depends on p alone. A jigsaw's regions
 * may admit no grid: after max_restarts restarts (0: no limit) it returns
 * SUDOKU_NO_SOLUTION; else SUDOKU_OK or SUDOKU_DEADLINE.
 */
enum sudoku_status gen_grid_units(const struct sudoku_rules_derived *d,
                                  struct sudoku_prng *p, uint32_t max_restarts,
                                  uint64_t deadline_ns, sudoku_grid *out);

/*
 * gen_unique_without under rules r, for p whose removed cells are blank
 * already: 1 when grid is p's only solution, 0 when not (the other
 * solution goes to the pool), 2 not known within max_nodes, -1 at the
 * deadline. givens: p's givens as gen_givens_mask (NULL: no pool check).
 * One search of sudoku_solve_rules's (rules_other_solution) unless the
 * pool answers.
 */
int gen_unique_rules(sudoku_grid *p, const sudoku_rules *r,
                     const sudoku_grid *grid, struct gen_sets *sets,
                     const uint64_t *givens, uint64_t max_nodes,
                     uint64_t deadline_ns);

/* Orbits swapped out by the last GEN_TABU swaps may not come back in
 * (dig.c, is_tabu, says why and what it was measured at). */
#define GEN_TABU 4

/*
 * Search nodes that one uniqueness check may take after the first pass (in
 * the swaps, the passes after them and the minimality scan; from 16x16 on
 * in the first pass too, see gen_budget_only). A check that needs more is
 * "not known" and is taken as "not unique" where that is safe: an orbit
 * is kept, a swap is not made. Up to 15x15 "minimal" must be proved:
 * find_redundant asks its unknown cells again without a cap. Why:
 * on a sparse 16x16 a few checks in a hundred take 2^13 to 2^19 nodes (up
 * to seconds each) and most of the time; another orbit or swap is cheaper.
 * Measured (CPU, minimal 16x16 rot180, seeds 1-12, with the neighbour walk
 * of generate.c): no cap, mean over 10 s and seed 9 over 60 s; 16384:
 * mean 6.2 s, max 18 s; 4096: 5.4 s, max 12.5 s; 1024: 4.7 s, max 12 s.
 * A count of nodes, never of time, so the puzzles are the same on every
 * machine and build; but a change to the solvers' search order may change
 * the puzzles from 16x16 on (as a change to the rating may change a
 * level's). At 9x9 and 12x12 no check came near it (the seed table and
 * 100 hard 9x9 seeds: the same puzzles with the cap and without).
 */
#define GEN_CHECK_NODES 1024

/*
 * The cap above 16x16, where a node costs more (about 20 us at 25x25, on
 * a loaded machine) and most checks of the sparse end run into the cap:
 * at 25x25 without symmetry, 200 of 455 checks did, 4.8 s of CPU with
 * 1024; with 256, 1.5 s and 349 blanks (20x20: 0.5 s, the same 237
 * blanks as with 1024). Of the checks that did decide, about one in ten
 * needed 256 to 1024 nodes: those givens stay.
 */
#define GEN_CHECK_NODES_WIDE 256

/* The cap of a check at side n: GEN_CHECK_NODES or GEN_CHECK_NODES_WIDE. */
uint64_t gen_check_nodes(int n);

/* A removal in progress: which orbits still hold their givens. */
struct gen_dig {
  sudoku_grid *p;          /* the puzzle being dug */
  const sudoku_grid *grid; /* its solution */
  const struct gen_orbits *o;
  const sudoku_rules *rules; /* NULL: classic; else checks and ratings
                                under these rules */
  struct sudoku_prng *prng;
  uint64_t deadline_ns;
  struct gen_sets sets;         /* second solutions met so far, on this grid */
  uint64_t mask[GEN_SET_WORDS]; /* p's givens, as gen_givens_mask */
  uint16_t tabu[GEN_TABU];      /* orbits swapped out last, a ring */
  unsigned tabu_next;
  uint64_t cap; /* search nodes a check may take (0 = any): GEN_CHECK_NODES
                   after the first pass, and in it too when budget */
  unsigned max_rating; /* > 0: a removal must also leave the puzzle solvable
                          by steps rated up to this (x10) */
  bool stop_above;     /* the first removal past max_rating is made, and
                          ends the removal (above set) */
  bool above;
  bool budget; /* every check capped, none asked again: the result
                  is budget-minimal, not proved minimal */
  int givens;
  bool multi; /* some orbit holds several cells */
  bool kept[SUDOKU_MAX_CELLS];
  uint16_t order[SUDOKU_MAX_CELLS];
};

/*
 * Starts from *puzzle = *grid (a complete grid) and removes givens an
 * orbit at a time in a random order drawn from p, keeping an orbit
 * whenever its removal leaves a second solution. target 0: until no orbit
 * can go (orbit-minimal); else orbits that would go below target are
 * skipped and the removal stops at target (d->givens says where it
 * stopped). max_rating > 0 also keeps an orbit whose removal leaves a
 * puzzle that the steps rated up to max_rating (x10) do not solve (one
 * sudoku_rate a removal; the puzzle then never rates above it). budget:
 * every uniqueness check stops at GEN_CHECK_NODES, and an undecided one
 * keeps the orbit (gen_budget_only says where). rules: NULL for classic,
 * else uniqueness and ratings under them. d keeps pointers to puzzle,
 * grid, o, rules and p. Returns SUDOKU_OK or SUDOKU_DEADLINE.
 */
enum sudoku_status
gen_dig_start(struct gen_dig *d, sudoku_grid *puzzle, const sudoku_grid *grid,
              const struct gen_orbits *o, const sudoku_rules *rules, int target,
              unsigned max_rating, bool stop_above, bool budget,
              struct sudoku_prng *p, uint64_t deadline_ns);

/*
 * Whether a side-n grid is dug with capped checks only (budget-minimal)
 * rather than proved minimal: from 16 on. Why: a proof needs an uncapped
 * check for each given of a sparse puzzle, and at 16x16 a few of those
 * take 2^13 to 2^19 nodes (seconds each); at 20x20 and 25x25 the exact
 * first pass alone did not end in 20 s. Measured (CPU, seed 1, loaded
 * machine): 16x16 rot180 proved 3.1 s; 18x18 none 2.3 s; 20x20, 25x25
 * none over 20 s.
 */
bool gen_budget_only(int n);

/*
 * Makes an orbit-minimal puzzle minimal given by given: while some single
 * given can go alone, swaps its orbit for a removed one and digs again (a
 * few times at most). *minimal: no single given can go. Returns
 * SUDOKU_OK or SUDOKU_DEADLINE.
 */
enum sudoku_status gen_dig_minimize(struct gen_dig *d, bool *minimal);

/*
 * A step to a neighbouring puzzle of the same grid: a kept orbit, drawn at
 * random, swapped for a removed one such that the puzzle stays unique
 * (then dig again and minimise: gen_dig_pass, gen_dig_minimize). Returns 1
 * when swapped, 0 when no kept orbit can be swapped, -1 at the deadline.
 * Why: the unavoidable sets of the grid are known by then, so a neighbour
 * costs a fraction of a new grid, and a level filter sees more minimal
 * puzzles per second.
 */
int gen_dig_perturb(struct gen_dig *d);

/* One more removal pass (target 0) after gen_dig_perturb. */
enum sudoku_status gen_dig_pass(struct gen_dig *d);

/* The highest rating (x10) of level l, or 0 (no cap) for the top level:
 * techniques above it need not be tried, since a puzzle that needs one is
 * above l anyway. Taken from sudoku_level_of, not copied from it. */
unsigned gen_level_cap(enum sudoku_level l);

/* Whether p is solved by the steps rated up to max_rating (x10) under
 * rules (NULL: classic): 1 yes, 0 no, -1 at the deadline. The same call as
 * a level's final rating (gen_rate_at), so a puzzle dug so never rates
 * above the level. Cost: one logic walk, which stops at the first position
 * that no allowed technique advances: about 10 ms at 16x16, 0.1-1 ms for
 * a 9x9 killer. */
int gen_within_rating(const sudoku_grid *p, const sudoku_rules *rules,
                      unsigned max_rating, uint64_t deadline_ns);

/* The rating of an attempt's puzzle g under rules (NULL: classic) with
 * the techniques of opt's level, or of its band (rating_min..rating_max),
 * and below into out: 1 when g is of that level or in that band
 * (out->rated set), 0 when not, -1 at the deadline. */
int gen_rate_at(const sudoku_grid *g, const sudoku_rules *rules,
                const struct sudoku_generate_options *opt, uint64_t deadline_ns,
                struct sudoku_generated *out);

/*
 * The removal of one attempt whose complete grid is out->solution, under
 * rules (NULL: classic), as sudoku_generate describes it (a target, a
 * level dug within or filtered, minimality, neighbours): 1 accepted
 * (*puzzle and, with a level, out->rating set), 0 rejected, -1 at the
 * deadline.
 */
int gen_attempt_dig(const struct sudoku_generate_options *opt,
                    const struct gen_orbits *orbits, const sudoku_rules *rules,
                    struct sudoku_prng *prng, uint64_t deadline_ns,
                    sudoku_grid *puzzle, struct sudoku_generated *out);

/* One attempt from the prng's state (seeded for it): 1 accepted with
 * *puzzle and out->solution set, 0 rejected, -1 at the deadline. */
typedef int (*gen_attempt_fn)(void *ctx, struct sudoku_prng *prng,
                              uint64_t deadline_ns, sudoku_grid *puzzle,
                              struct sudoku_generated *out);

/* *out's counters and rating cleared (everything but the grids). */
void gen_out_init(const struct sudoku_generate_options *opt,
                  struct sudoku_generated *out);

/* Attempts of fn, each from its derived seed (attempt 1 from opt->seed),
 * until one is accepted or opt's deadline passes: SUDOKU_OK with
 * out->puzzle (of out->puzzle's shape on entry) and out->givens set, or
 * SUDOKU_DEADLINE. */
enum sudoku_status gen_attempts(const struct sudoku_generate_options *opt,
                                gen_attempt_fn fn, void *ctx,
                                struct sudoku_generated *out);

#endif
