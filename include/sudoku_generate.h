/*
 * sudoku_generate.h - new puzzles: a random complete grid, then givens
 * removed in symmetric orbits while the puzzle stays unique, until it is
 * minimal (budget-minimal from 16x16 on) or down to a requested number of
 * givens; with a level, at sides 4, 6 and 9 rated and retried with the
 * next derived seed until the rating falls in it, at other sides dug
 * within it.
 *
 * Reproducible: the randomness is a small explicit PRNG (xoshiro256**,
 * seeded through splitmix64) in the caller's state, never rand() nor the
 * clock, and integer arithmetic only. The grid and the removals depend only
 * on the seed and on uniqueness answers (how many solutions a puzzle has,
 * a mathematical fact, not on which solution a solver finds first), so the
 * same seed and options give the same puzzle byte for byte on every run,
 * build and machine. A level filter also depends on the rating
 * (sudoku_rate): a change to the rating may change which attempt matches.
 *
 * What this module does NOT do: I/O, threads, allocation (all state lives
 * on the caller's stack, about 30 KiB plus the solver's), clock reads other
 * than for the deadline. Like sudoku.h it holds no global state: every
 * function may be called from many threads at once on different arguments.
 *
 * Glossary: an *orbit* is a set of cells that the symmetry maps onto each
 * other (one cell on its axis or centre, two or four otherwise); givens are
 * removed and kept an orbit at a time, so the pattern of givens keeps the
 * symmetry. An *attempt* is one grid and one removal order, drawn from the
 * seed derived for it; attempt 1 uses the options' seed.
 */
#ifndef SUDOKU_GENERATE_H
#define SUDOKU_GENERATE_H

#include "sudoku.h"
#include "sudoku_logic.h"
#include "sudoku_rules.h"

/* ---- Symmetries -------------------------------------------------------- */

/* One table: enum name, stable name (CLI, API), what maps onto what. */
#define SUDOKU_SYMMETRY_MAP(X)                                                 \
  X(NONE, "none", "no symmetry")                                               \
  X(ROT180, "rot180", "half-turn about the centre: (r,c) and (n-1-r,n-1-c)")   \
  X(ROT90, "rot90", "quarter-turns about the centre: orbits of four cells")    \
  X(MIRROR, "mirror", "left-right mirror: (r,c) and (r,n-1-c)")                \
  X(FLIP, "flip", "top-bottom flip: (r,c) and (n-1-r,c)")                      \
  X(DIAGONAL, "diagonal", "about the main diagonal: (r,c) and (c,r)")

enum sudoku_symmetry {
#define SUDOKU_X_SYM(name, id, what) SUDOKU_SYM_##name,
  SUDOKU_SYMMETRY_MAP(SUDOKU_X_SYM)
#undef SUDOKU_X_SYM
      SUDOKU_SYM_COUNT
};

/* "rot180"; "unknown" out of range. */
const char *sudoku_symmetry_name(enum sudoku_symmetry s);
/* The symmetry named name (len bytes, not NUL-terminated), or
 * SUDOKU_SYM_COUNT. */
enum sudoku_symmetry sudoku_symmetry_from_name(const char *name, size_t len);

/* ---- The pseudo-random generator --------------------------------------- */

/* xoshiro256** (Blackman and Vigna), seeded by splitmix64: the same 64-bit
 * seed gives the same stream everywhere. Exposed so that callers (tests,
 * the CLI) can draw reproducible numbers too. */
struct sudoku_prng {
  uint64_t s[4];
};

void sudoku_prng_seed(struct sudoku_prng *p, uint64_t seed);
uint64_t sudoku_prng_next(struct sudoku_prng *p);
/* Uniform in 0..bound-1 (bound >= 1), without modulo bias (Lemire's
 * multiply-and-reject, integers only). */
uint32_t sudoku_prng_below(struct sudoku_prng *p, uint32_t bound);
/* splitmix64's finaliser: a well-mixed 64-bit value of x, and a bijection
 * (distinct inputs give distinct values: sudokud's request ids). */
uint64_t sudoku_mix64(uint64_t x);

/* ---- Generating -------------------------------------------------------- */

/* Level "any": no rating filter. */
#define SUDOKU_LEVEL_ANY SUDOKU_LEVEL_COUNT

struct sudoku_generate_options {
  uint8_t box_rows, box_cols;    /* box shape, side 4..25 (3x3: 9x9) */
  enum sudoku_symmetry symmetry; /* of the pattern of givens */
  enum sudoku_level level;       /* SUDOKU_LEVEL_ANY: no filter */
  uint16_t givens;               /* target number of givens; 0 = minimal */
  uint64_t seed;                 /* the whole randomness */
  uint64_t deadline_us;          /* wall clock for the call; 0 = none (a
                                    level that never comes then loops
                                    forever) */
  /* A band of SE's scale instead of a level, x10 (8.0-8.9 is 80, 89):
   * accepted when rating_min <= rating <= rating_max; rating_max 0: no top
   * (9.0 and up). Both 0: no band. A band needs level SUDOKU_LEVEL_ANY. */
  uint8_t rating_min, rating_max;
};

/* 9x9, rot180, any level, minimal, seed 0, 10 s, no band. */
#define SUDOKU_GENERATE_DEFAULT                                                \
  { 3, 3, SUDOKU_SYM_ROT180, SUDOKU_LEVEL_ANY, 0, 0, 10000000u, 0, 0 }

struct sudoku_generated {
  sudoku_grid puzzle;          /* the givens */
  sudoku_grid solution;        /* its only solution */
  struct sudoku_rating rating; /* sudoku_rate's summary, when rated */
  bool rated;                  /* rating holds a complete rating (only with
                                  a level filter) */
  enum sudoku_level level;     /* rating.level, or SUDOKU_LEVEL_ANY */
  uint32_t givens;             /* number of givens of puzzle */
  uint32_t attempts;           /* attempts made, the returned one included
                                  (1: the first grid matched) */
  uint32_t rated_attempts;     /* puzzles rated (unique and minimal or at
                                  the target; with a symmetry several a
                                  grid, see sudoku_generate): 1 when the
                                  level matched on the first try */
  uint64_t seed;               /* the seed of the attempt returned (of the
                                  last one at the deadline): the same
                                  options with this seed give the same
                                  puzzle in one attempt */
};

/*
 * Generates one puzzle. Every attempt draws a grid and a removal order from
 * its seed (attempt 1 from seed, attempt k >= 2 from
 * sudoku_mix64(sudoku_mix64(seed) + k - 1)), removes orbits
 * of givens in that order when the puzzle stays unique (counting solutions
 * to 2 with sudoku_solve), and is accepted when:
 *   - givens == 0, sides up to 15: the puzzle is minimal, proved: no
 *     single given, orbit or not, can go without a second solution. With
 *     orbits of several cells most orbit-minimal puzzles keep a cell that
 *     could go alone: that orbit is swapped for a removed one and the
 *     removal resumed, 20 times at most, after which the attempt is
 *     rejected;
 *   - givens == 0, sides 16 to 25: the puzzle is budget-minimal: every
 *     orbit's removal was tried, and each kept orbit's removal either left
 *     a second solution or could not be decided within a node budget (1024
 *     search nodes a check at 16x16, 256 above). Still unique, proved:
 *     only removals proved unique are made. With a symmetry a single given
 *     of a kept orbit may still be able to go alone (no swaps);
 *   - a level below extreme at side 8 or 10 to 25 (and givens == 0): the
 *     removal keeps, besides the givens above, every orbit whose removal
 *     would leave a puzzle that the steps up to the level's top rating do
 *     not solve (sudoku_rate with that max_rating, once a removal), so the
 *     puzzle never rates above the level; it is accepted when it rates
 *     inside it (most attempts). Such a puzzle is level-minimal, not
 *     minimal: no orbit can go without leaving the level or uniqueness
 *     (or, from 16 on, the budget). Why: a minimal 16x16 rates about 9.8
 *     and a filter waited for an easier one that never came;
 *   - extreme from side 16 on (givens == 0): the removal stops at the
 *     first orbit whose removal leaves a puzzle that the steps up to
 *     expert's top (5.9) do not solve; that removal is made, so the puzzle
 *     is above expert, and it is accepted when sudoku_rate solves it (not
 *     minimal). Why: a budget-minimal 20x20 takes 10 s and more to rate,
 *     a 16x16 seconds;
 *   - givens > 0: orbits that would go below the target are skipped, and
 *     the attempt is accepted when exactly `givens` remain (such puzzles
 *     are not minimal);
 *   - with a band (rating_min != 0), at every side: sudoku_rate with
 *     max_rating rating_max solves the puzzle (a puzzle above the band
 *     stops at its first step past it, without the chains above) and
 *     rates at least rating_min; the same neighbours as for a level below
 *     are rated in turn. The band filters minimal puzzles (or puzzles of
 *     `givens`) and is never dug within, so a band that random minimal
 *     puzzles rarely reach (9.0 and up: README's table) takes as long;
 *   - and, when level != SUDOKU_LEVEL_ANY (at sides 4, 6 and 9, at
 *     extreme up to side 15, or with a target of givens: a filter),
 *     sudoku_rate's level is `level`
 *     (rated with the techniques up to that level only: a puzzle that
 *     needs more is above it, and is rejected without running the chains).
 *     With orbits of several cells, a minimal puzzle of another level does
 *     not end the attempt: up to 8 neighbours of it on the same grid (an
 *     orbit swapped for another, then removal and minimality again) are
 *     rated in turn, each cheaper than a new grid.
 * With orbits of several cells, level or not, a removal whose swaps do not
 * make it minimal does not end the attempt either: it goes on from a
 * neighbour, 8 times at most.
 * With level any and no band the puzzle is not rated (rated false: call
 * sudoku_rate); with a level or a band, out->rating is sudoku_rate's for the
 * techniques up to it, the same as an uncapped rating since the path never
 * needed more. Returns SUDOKU_OK with *out filled; SUDOKU_BAD_SHAPE for a shape
 * sudoku_grid_init refuses; SUDOKU_BAD_VALUE for a symmetry or level out of
 * range, a level no puzzle of the side has (sudoku_generate_level_exists),
 * a band with a level, a band not as sudoku_rating_band_parse makes them
 * (rating_min 0 or above a rating_max other than 0), or a target that the
 * symmetry's orbits cannot reach exactly (more givens than cells; rot90 needs
 * n*n - givens to be a sum of orbit sizes); SUDOKU_DEADLINE when the deadline
 * passed first (out->attempts says how many attempts were made; the rest of
 * *out is unspecified). Never allocates; stack use about 50 KiB plus
 * sudoku_solve's and sudoku_rate's.
 *
 * Cost (measured, README has the table): a minimal 9x9 without symmetry
 * about 0.3 ms, with rot180 about 1 ms (1.2 grids a minimal puzzle); the
 * 9x9 level filter multiplies that by how rare the level is. Budget-
 * minimal with rot180 (CPU, seeds 1-2, a loaded machine): 16x16 about
 * 0.05 s, 20x20 0.3 s, 25x25 1-1.5 s; a level dug within it: 16x16
 * 0.03-0.25 s, 25x25 1-3.5 s (expert the slowest); extreme stopped past
 * expert, 16x16 to 25x25 0.1-1.3 s wall (once 5 s in sixteen seeds).
 */
enum sudoku_status sudoku_generate(const struct sudoku_generate_options *opt,
                                   struct sudoku_generated *out);

/*
 * Reads a band of SE's scale from text (len bytes, not NUL-terminated):
 * "8.0-8.9", a single rating "7.2" (7.2-7.2), or an open top "9.0-"; a
 * rating is 1.0..11.9 with one decimal at most ("8" is 8.0). Fills *min and
 * *max x10 (max 0 for an open top) and returns true; false for anything
 * else, a band whose bottom is above its top included.
 */
bool sudoku_rating_band_parse(const char *text, size_t len, uint8_t *min,
                              uint8_t *max);

/* ---- Generating under rules ------------------------------------------- */

/* The rule kinds sudoku_generate_rules generates, as bits. */
#define SUDOKU_GENERATE_RULE_KINDS                                             \
  ((1u << SUDOKU_RULE_X) | (1u << SUDOKU_RULE_WINDOKU) |                       \
   (1u << SUDOKU_RULE_JIGSAW) | (1u << SUDOKU_RULE_KILLER))

/*
 * Generates one puzzle of a variant: kinds is a set of rule bits (1u <<
 * SUDOKU_RULE_X, _WINDOKU, _JIGSAW, _KILLER; any other bit is refused),
 * under which the puzzle has exactly one solution (sudoku_solve_rules
 * would count 1); its rules go to *rules (caller's, about 8 KiB), the
 * puzzle and its solution to *out as sudoku_generate fills them. opt is
 * read as by sudoku_generate (shape, symmetry, level, givens, seed,
 * deadline), except as said below. Each attempt draws from its seed
 * alone, in this order:
 *   - jigsaw: regions. The boxes (the rows, for a side without a box
 *     shape: box_rows 1, box_cols n, any n in 4..25), then 16 n*n tries
 *     of a swap: a cell next to another region joins it, and a random cell
 *     of that region next to the first one's joins the first; kept when
 *     both regions stay connected: n connected regions of n cells. The
 *     grid is sudoku_solve_rules' first solution of the empty grid under
 *     them (64 n*n search nodes at most: regions with no grid found in
 *     that reject the attempt), its digits relabelled by a random
 *     permutation;
 *   - x, windoku: a complete grid under the rules' units (rows, columns,
 *     boxes, the diagonals, the windows), by the randomised fill of
 *     sudoku_generate;
 *   - x, windoku, jigsaw: givens removed as sudoku_generate removes them
 *     (orbits of the symmetry, neighbours, swaps; a level filtered at
 *     sides 4 and 6 and dug within from 8 on, 9x9 included, since minimal
 *     variant puzzles are mostly hard), every uniqueness check a search
 *     of sudoku_solve_rules' counting to 2 and every rating
 *     sudoku_rate_rules'. Minimal: up to 9x9 no single given can go
 *     without a second solution under the rules (proved); from 10x10 on
 *     budget-minimal (a check that does not end within 1024 search nodes,
 *     256 above 16x16, keeps its given: the rules' search is slower than
 *     the classic one); level-minimal when a level was dug within; not
 *     minimal with a target of givens;
 *   - killer: cages, and no givens unless opt->givens or a level asks for
 *     some. The cells in random order each start a cage, grown through random
 *     orthogonal neighbours that hold a digit the cage lacks to a drawn
 *     size of 1 to 5 (weights 1, 4, 4, 3, 1: mostly 2 to 4); sums from
 *     the grid. Then, while the cages alone (with the other kinds) have a
 *     second solution, a cage holding a cell where the two solutions
 *     differ is split at that cell in two (its rest cut into connected
 *     pieces). Minimal in this sense only: every split was made against
 *     a second solution of the layout before it. Cage-minimality (no two
 *     neighbouring cages could be merged keeping one solution) is not
 *     claimed. opt->givens > 0 then adds that many givens at cells drawn
 *     at random, making the puzzle easier; the symmetry is not read.
 *     With a level below extreme (and no opt->givens) the givens are dug
 *     within the level: the puzzle starts as the whole solution and the
 *     cells, in a random order from the seed, lose their givens while
 *     the steps up to the level's top (sudoku_rate_rules with that
 *     max_rating) still solve it, tried in runs that double while they
 *     stay within it and halve when not (a given that must stay costs
 *     about log2 of the cells left, not a rating a cell); the cages make
 *     every such puzzle unique, so no uniqueness search is made. A layout
 *     whose cages alone rate at the level keeps no given; one whose cages
 *     alone rate below it is dropped at once (every given would go);
 *     else up to 4 removal orders are dug and rated on it before a new
 *     layout is drawn (a layout costs about as much as a dig). Such a
 *     puzzle is level-minimal: no given can go without leaving the level
 *     (each given kept was needed with more givens around it than stay,
 *     and a given more never stops the steps of a level: the tests check
 *     it given by given).
 *     Easy killers keep some givens (about 23 at 9x9), medium ones one or
 *     two, each from the first layout (CPU at 9x9: 50 and 170 ms); most
 *     layouts dig down to medium, so hard takes about 7 layouts (2 s) and
 *     expert about 19 (8 s). Then, at any level
 *     but "any" (extreme and opt->givens included: filtered), the puzzle
 *     is rated (sudoku_rate_rules up to the level) and the attempt
 *     rejected when the level differs.
 * Same seed, same options: the same rules and puzzle byte for byte
 * everywhere (as sudoku_generate). Two steps read which solution
 * sudoku_solve_rules' search finds first: a jigsaw's grid, and the cells
 * where a killer layout's second solution differs; a change to that
 * search's order may change jigsaw and killer puzzles, as a change to the
 * rating may change a level's.
 * Returns SUDOKU_OK; SUDOKU_BAD_VALUE for a kind out of the four, or
 * options sudoku_generate refuses; SUDOKU_BAD_SHAPE for a shape that
 * neither sudoku_grid_init nor jigsaw (1 x n) takes; SUDOKU_BAD_RULES for
 * rules unfit for the side (windoku needs square boxes and a side of 9 or
 * more); SUDOKU_DEADLINE as sudoku_generate.
 * Never allocates; stack about 80 KiB plus sudoku_solve_rules' (about 160
 * KiB). Cost: the README's table (bench_generate's variant rows).
 */
enum sudoku_status
sudoku_generate_rules(const struct sudoku_generate_options *opt, uint32_t kinds,
                      sudoku_rules *rules, struct sudoku_generated *out);

/* Whether puzzles of side n at `level` exist (SUDOKU_LEVEL_ANY: always).
 * False for 4x4 above easy: every unique 4x4 puzzle rates 1.2 (all
 * 13,579,680 were rated); sudoku_generate refuses those with
 * SUDOKU_BAD_VALUE at once instead of searching until the deadline. */
bool sudoku_generate_level_exists(int n, enum sudoku_level level);

#endif /* SUDOKU_GENERATE_H */
