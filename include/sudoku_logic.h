/*
 * sudoku_logic.h - solving as a person does: the candidates of a position,
 * the next logical step as data, the whole path, and a rating on Sudoku
 * Explainer's scale (SE: a puzzle rates as its hardest step, 1.0-11.9).
 *
 * What this module does NOT do: I/O, JSON, HTTP, threads, guessing without
 * saying so. Like sudoku.h it holds no global state; every function may be
 * called from many threads at once on different arguments. The search for a
 * step is bounded by the deadline of struct sudoku_logic_limits.
 *
 * Glossary (beyond sudoku.h's): a *candidate* is a (cell, value) pair still
 * possible; a *mask* holds a cell's candidates, bit v-1 for value v; a
 * *step* is one deduction: placements (a cell gets a value) and/or
 * eliminations (a candidate goes); a *unit index* numbers the units of a
 * grid of side n: 0..n-1 the rows, n..2n-1 the columns, 2n..3n-1 the boxes
 * (variants with extra units number them from 3n on).
 */
#ifndef SUDOKU_LOGIC_H
#define SUDOKU_LOGIC_H

#include "sudoku.h"

/* ---- Candidates -------------------------------------------------------- */

/* Pencil marks of a position (givens plus a player's entries, 0 = empty):
 * cand[c] has bit v-1 set when no peer of cell c holds v; 0 for a filled
 * cell. Returns SUDOKU_BAD_SHAPE / SUDOKU_BAD_VALUE, SUDOKU_CONFLICT when
 * two filled cells clash (cand is then still filled), else SUDOKU_OK. */
enum sudoku_status sudoku_candidates(const sudoku_grid *position,
                                     uint32_t cand[SUDOKU_MAX_CELLS]);

/* ---- Techniques -------------------------------------------------------- */

/*
 * One table, in the order of SE's ratings: enum name, stable id (API, CLI,
 * metrics), the lowest SE rating of the technique times ten, English name.
 * A step carries its own rating (a hidden single rates 1.2 in a box and 1.5
 * in a line; longer chains rate higher); the table's is the minimum, which
 * lets the step finder stop early. Killer techniques apply under rules only
 * (sudoku_logic_rules.h) and find nothing on a classic grid.
 */
#define SUDOKU_TECHNIQUE_MAP(X)                                                \
  X(HIDDEN_SINGLE, "hidden-single", 10, "Hidden single")                       \
  X(DIRECT_POINTING, "direct-pointing", 17, "Direct pointing")                 \
  X(DIRECT_CLAIMING, "direct-claiming", 19, "Direct claiming")                 \
  X(KILLER_COMBINATION, "killer-combination", 20, "Killer cage combination")   \
  X(DIRECT_HIDDEN_PAIR, "direct-hidden-pair", 20, "Direct hidden pair")        \
  X(NAKED_SINGLE, "naked-single", 23, "Naked single")                          \
  X(RULE_OF_45, "rule-of-45", 25, "Rule of 45 (innies and outies)")            \
  X(DIRECT_HIDDEN_TRIPLE, "direct-hidden-triple", 25, "Direct hidden triple")  \
  X(POINTING, "pointing", 26, "Pointing")                                      \
  X(CAGE_INTERSECTION, "cage-unit-intersection", 27, "Cage-unit intersection") \
  X(CLAIMING, "claiming", 28, "Claiming")                                      \
  X(KILLER_SUM_PAIR, "killer-sum-pair", 28, "Killer sum pair")                 \
  X(KILLER_SUM_TRIPLE, "killer-sum-triple", 29, "Killer sum triple")           \
  X(NAKED_PAIR, "naked-pair", 30, "Naked pair")                                \
  X(X_WING, "x-wing", 32, "X-wing")                                            \
  X(HIDDEN_PAIR, "hidden-pair", 34, "Hidden pair")                             \
  X(NAKED_TRIPLE, "naked-triple", 36, "Naked triple")                          \
  X(SWORDFISH, "swordfish", 38, "Swordfish")                                   \
  X(HIDDEN_TRIPLE, "hidden-triple", 40, "Hidden triple")                       \
  X(XY_WING, "xy-wing", 42, "XY-wing")                                         \
  X(XYZ_WING, "xyz-wing", 44, "XYZ-wing")                                      \
  X(UNIQUE_RECTANGLE, "unique-rectangle", 45, "Unique rectangle")              \
  X(NAKED_QUAD, "naked-quad", 50, "Naked quad")                                \
  X(JELLYFISH, "jellyfish", 52, "Jellyfish")                                   \
  X(HIDDEN_QUAD, "hidden-quad", 54, "Hidden quad")                             \
  X(BUG, "bug", 56, "Bivalue universal grave")                                 \
  X(ALIGNED_PAIR_EXCLUSION, "aligned-pair-exclusion", 62,                      \
    "Aligned pair exclusion")                                                  \
  X(X_CHAIN, "x-chain", 65, "X-chain")                                         \
  X(XY_CHAIN, "xy-chain", 65, "XY-chain")                                      \
  X(AIC, "alternating-inference-chain", 70, "Alternating inference chain")     \
  X(FORCING_CHAIN, "forcing-chain", 70, "Forcing chain")                       \
  X(ALIGNED_TRIPLET_EXCLUSION, "aligned-triplet-exclusion", 75,                \
    "Aligned triplet exclusion")                                               \
  X(NISHIO, "nishio", 75, "Nishio forcing chain")                              \
  X(REGION_FORCING_CHAIN, "region-forcing-chain", 80,                          \
    "Cell or region forcing chain")                                            \
  X(DYNAMIC_FORCING_CHAIN, "dynamic-forcing-chain", 85,                        \
    "Dynamic forcing chain")                                                   \
  X(NESTED_FORCING_CHAIN, "nested-forcing-chain", 90, "Nested forcing chain")  \
  X(NESTED_FORCING_CHAIN_2, "nested-forcing-chain-2", 95,                      \
    "Nested forcing chain (forcing chains inside)")                            \
  X(NESTED_FORCING_CHAIN_3, "nested-forcing-chain-3", 100,                     \
    "Nested forcing chain (multiple forcing chains inside)")                   \
  X(NESTED_FORCING_CHAIN_4, "nested-forcing-chain-4", 105,                     \
    "Nested forcing chain (dynamic forcing chains inside)")                    \
  X(NESTED_FORCING_CHAIN_5, "nested-forcing-chain-5", 110,                     \
    "Nested forcing chain (nested forcing chains inside)")                     \
  X(TRIAL, "trial", 110, "Trial (search finds no solution)")

enum sudoku_technique {
#define SUDOKU_X_TECH(name, id, rating, title) SUDOKU_TECH_##name,
  SUDOKU_TECHNIQUE_MAP(SUDOKU_X_TECH)
#undef SUDOKU_X_TECH
      SUDOKU_TECH_COUNT
};
/* Not a technique: the position was already solved. */
#define SUDOKU_TECH_NONE SUDOKU_TECH_COUNT

/* Stable id ("x-wing"), English name ("X-wing"), lowest rating x10; "none",
 * "None", 0 for SUDOKU_TECH_NONE and out-of-range values. */
const char *sudoku_technique_id(enum sudoku_technique t);
const char *sudoku_technique_name(enum sudoku_technique t);
unsigned sudoku_technique_rating(enum sudoku_technique t);
/* The technique whose id is `id` (len bytes, not NUL-terminated), or
 * SUDOKU_TECH_NONE. */
enum sudoku_technique sudoku_technique_from_id(const char *id, size_t len);

/* ---- Steps ------------------------------------------------------------- */

#define SUDOKU_STEP_MAX_PLACEMENTS 8
/* Eliminations of a step: a longer list is cut, which is still sound. */
#define SUDOKU_STEP_MAX_ELIMINATIONS 256
#define SUDOKU_STEP_MAX_CELLS 64
#define SUDOKU_STEP_MAX_UNITS 16
#define SUDOKU_STEP_MAX_CHAIN 64

struct sudoku_candidate {
  uint16_t cell; /* row-major index */
  uint8_t value; /* 1..n */
};

/* One node of a chain: the candidate, and how it links to the next node. */
enum sudoku_link_kind {
  SUDOKU_LINK_NONE,   /* last node */
  SUDOKU_LINK_STRONG, /* if this is false, the next is true */
  SUDOKU_LINK_WEAK    /* if this is true, the next is false */
};
struct sudoku_link {
  uint16_t cell;
  uint8_t value;
  uint8_t link; /* enum sudoku_link_kind, to the next node */
};

/*
 * A step is data; its sentence is rendered from it (sudoku_step_explain).
 * placements: cells that get a value. eliminations: candidates removed.
 * cells: the pattern's cells (for highlighting), units: its unit indexes,
 * values: bit v-1 for each value the pattern is about, chain: the chain of
 * a chain technique in order (empty otherwise): one or more chains one
 * after another, each ending with a node whose link is SUDOKU_LINK_NONE;
 * read as implications from its first node, assumed true when its link is
 * weak and false when strong ("r1c2=4 => r1c5<>4 => r1c5=7").
 */
struct sudoku_step {
  enum sudoku_technique technique;
  uint8_t rating; /* SE rating x10 of this step: 12 is 1.2 */
  uint8_t nplacements, ncells, nunits, nchain;
  uint16_t neliminations;
  uint32_t values;
  struct sudoku_candidate placements[SUDOKU_STEP_MAX_PLACEMENTS];
  struct sudoku_candidate eliminations[SUDOKU_STEP_MAX_ELIMINATIONS];
  uint16_t cells[SUDOKU_STEP_MAX_CELLS];
  uint8_t units[SUDOKU_STEP_MAX_UNITS];
  struct sudoku_link chain[SUDOKU_STEP_MAX_CHAIN];
};

/* One English sentence for the step of a grid of side n ("r4c7 is the only
 * place for 3 in box 6."). Returns the length (snprintf convention: the
 * length needed when cap is too small); buf is NUL-terminated when cap > 0.
 * SUDOKU_EXPLAIN_MAX always suffices. */
#define SUDOKU_EXPLAIN_MAX 1024
size_t sudoku_step_explain(const struct sudoku_step *step, int n, char *buf,
                           size_t cap);

/* ---- The next step, the path, the rating ------------------------------- */

struct sudoku_logic_limits {
  uint64_t deadline_us; /* wall clock for the whole call; 0 = none */
  unsigned max_rating;  /* techniques rated above this (x10) are not
                           tried; 0 = every technique */
};

/* Levels of a rating (x10): easy < 20 <= medium < 30 <= hard < 40 <=
 * expert < 60 <= extreme. */
enum sudoku_level {
  SUDOKU_LEVEL_EASY,
  SUDOKU_LEVEL_MEDIUM,
  SUDOKU_LEVEL_HARD,
  SUDOKU_LEVEL_EXPERT,
  SUDOKU_LEVEL_EXTREME,
  SUDOKU_LEVEL_COUNT
};
enum sudoku_level sudoku_level_of(unsigned rating);
/* "easy" ... "extreme"; "unknown" out of range. */
const char *sudoku_level_name(enum sudoku_level l);
/* The level named name (len bytes), or SUDOKU_LEVEL_COUNT. */
enum sudoku_level sudoku_level_from_name(const char *name, size_t len);

/*
 * The simplest step that applies to a position (givens plus entries). cand
 * (may be NULL) is the player's pencil marks, intersected with the computed
 * candidates; a mark that would remove the solution's value is put back, so
 * a step never rests on a wrong mark. Uniqueness techniques (unique
 * rectangles, BUG) are used only when the position has exactly one
 * solution, which this function checks first with the fast solver.
 * A position with several solutions still gets a step (never a uniqueness
 * one) and its marks are then ignored: no solution is "the" one to check
 * them against. The step is the one Sudoku Explainer's rater would take:
 * the techniques are tried in table order and the lowest-rated step found
 * wins (ties: the first found in cell order).
 * Returns SUDOKU_OK with *out filled (out->technique == SUDOKU_TECH_NONE
 * when the position is already complete), SUDOKU_BAD_SHAPE,
 * SUDOKU_BAD_VALUE, SUDOKU_CONFLICT, SUDOKU_NO_SOLUTION,
 * SUDOKU_NODE_LIMIT when no technique (within max_rating) applies, or
 * SUDOKU_DEADLINE.
 */
enum sudoku_status sudoku_next_step(const sudoku_grid *position,
                                    const uint32_t *cand,
                                    const struct sudoku_logic_limits *limits,
                                    struct sudoku_step *out);

/* ---- Hints ------------------------------------------------------------- */

enum sudoku_hint_kind {
  SUDOKU_HINT_STEP,         /* the next step (technique NONE: complete) */
  SUDOKU_HINT_WRONG_ENTRY,  /* an entry is not the solution's value */
  SUDOKU_HINT_MISSING_MARK, /* a pencil mark removed though it is the value */
};

struct sudoku_hint {
  enum sudoku_hint_kind kind;
  bool unique;          /* the puzzle has exactly one solution */
  uint16_t cell;        /* WRONG_ENTRY (the first), MISSING_MARK */
  uint8_t entry, value; /* the player's entry there; the solution's value */
  uint16_t nwrong;      /* WRONG_ENTRY: every wrong entry, in cell order */
  uint16_t wrong[SUDOKU_MAX_CELLS];
  struct sudoku_step step; /* STEP */
};

/*
 * What a player should look at next: puzzle is the givens, entries (NULL:
 * none) the player's values over them (0: none; on a given they must
 * repeat it: the caller checks), marks (NULL: none) the pencil marks, one
 * mask a cell. One count-to-2 search of the puzzle decides. With one
 * solution: the first wrong entry (all listed in wrong[]), else the first
 * empty cell whose marks lack its value, else the next step of the
 * position as sudoku_next_step gives it, without a second search. With
 * several: SUDOKU_NOT_UNIQUE when unique_only, else the next step of the
 * position from sudoku_next_step (which searches the position).
 * Returns SUDOKU_OK with *out filled, the puzzle's refusal (BAD_SHAPE,
 * BAD_VALUE, CONFLICT, NO_SOLUTION, DEADLINE), or the step's (as
 * sudoku_next_step).
 */
enum sudoku_status sudoku_hint(const sudoku_grid *puzzle,
                               const sudoku_grid *entries,
                               const uint32_t *marks, bool unique_only,
                               const struct sudoku_logic_limits *limits,
                               struct sudoku_hint *out);

/* The summary of a path. */
struct sudoku_rating {
  uint8_t rating; /* x10: the hardest step's */
  enum sudoku_level level;
  enum sudoku_technique hardest;      /* the technique of that step */
  uint32_t steps;                     /* steps in the path */
  uint32_t counts[SUDOKU_TECH_COUNT]; /* steps per technique */
  bool solved;                        /* the path reached the solution */
  /* SE's other two ratings of a path, x10, as its rater computes them
   * (Solver.getDifficulty; the forum writes "ED=ER/EP/ED"): ep ("pearl"),
   * the hardest step up to and including the first that places a value;
   * ed ("diamond"), the first step's. ER is `rating`. 0 when the path has
   * no such step (a complete grid; ep also when no step placed a value). */
  uint8_t ep, ed;
};

/* Called for each step of the path, after the step's validity was checked
 * and before it is applied; return false to stop the walk. */
typedef bool (*sudoku_step_fn)(const struct sudoku_step *step, void *ctx);

/*
 * Walks from the puzzle to its solution by always taking the simplest step
 * (deterministic: the same puzzle gives the same path everywhere), calling
 * on_step (may be NULL) for each, and summarises it in *out. A puzzle with
 * no solution or several is refused before any step: SUDOKU_NO_SOLUTION,
 * SUDOKU_NOT_UNIQUE (and the shape, value and conflict statuses).
 * SUDOKU_DEADLINE when the limit ran out (*out then summarises the steps
 * taken so far, solved false). SUDOKU_OK otherwise, with solved false when
 * no technique (within max_rating) applied before the end. A step that
 * would change nothing also ends the walk (never a loop).
 * Rating: the highest step rating of the path (0 for a complete grid);
 * hardest: the technique of the first step with that rating.
 */
enum sudoku_status sudoku_logic_solve(const sudoku_grid *puzzle,
                                      const struct sudoku_logic_limits *limits,
                                      sudoku_step_fn on_step, void *ctx,
                                      struct sudoku_rating *out);

/*
 * sudoku_logic_solve from a player's position: position is the givens plus
 * the values placed, marks (NULL: none) the pencil marks, one mask a cell,
 * which narrow the candidates of the first step where they keep the
 * solution's value (a wrong mark is put back, as sudoku_next_step does).
 * The path and its rating are then those of the marked position: the
 * eliminations the marks already made are not steps of it. The same
 * statuses; NULL marks is sudoku_logic_solve itself.
 */
enum sudoku_status
sudoku_logic_solve_marks(const sudoku_grid *position, const uint32_t *marks,
                         const struct sudoku_logic_limits *limits,
                         sudoku_step_fn on_step, void *ctx,
                         struct sudoku_rating *out);

/* The rating alone: sudoku_logic_solve without a callback. */
enum sudoku_status sudoku_rate(const sudoku_grid *puzzle,
                               const struct sudoku_logic_limits *limits,
                               struct sudoku_rating *out);

#endif /* SUDOKU_LOGIC_H */
