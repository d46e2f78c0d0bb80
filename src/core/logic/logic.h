/*
 * logic.h - what the files of src/core/logic share and nobody else sees:
 * the geometry (units as lists of cells), the state a finder reads, and the
 * finder of every technique.
 *
 * Techniques are written over units, never over rows/columns/boxes by
 * arithmetic: a variant with extra units (diagonals, irregular regions)
 * builds another geometry and reuses every finder.
 */
#ifndef SUDOKU_LOGIC_INTERNAL_H
#define SUDOKU_LOGIC_INTERNAL_H

#include "sudoku_logic.h"

#define LOGIC_MAX_UNITS (3 * SUDOKU_MAX_N + 8) /* room for variant units */
#define LOGIC_MAX_CELL_UNITS 5                 /* units a cell belongs to */

/* The units of a grid. unit[u][0..len[u]) are the cells of unit u; kind[u]
 * is enum sudoku_unit for the classic ones (variants add their own). */
struct logic_geom {
  uint8_t n, box_rows, box_cols;
  uint16_t ncells;
  uint8_t nunits;
  uint8_t len[LOGIC_MAX_UNITS];
  uint8_t kind[LOGIC_MAX_UNITS];
  uint16_t unit[LOGIC_MAX_UNITS][SUDOKU_MAX_N];
  uint8_t ncell_units[SUDOKU_MAX_CELLS];
  uint8_t cell_units[SUDOKU_MAX_CELLS][LOGIC_MAX_CELL_UNITS];
};

/* The classic geometry: n rows, n columns, n boxes (unit indexes as in
 * sudoku_logic.h). */
void logic_geom_init(struct logic_geom *geo, int box_rows, int box_cols);

/* True when cells a != b share a unit. O(units of a cell). */
bool logic_sees(const struct logic_geom *geo, int a, int b);

/* What a finder reads. value[c] is 0 for an empty cell; cand[c] is the mask
 * of an empty cell (0 for a filled one). */
struct logic_state {
  struct logic_geom geo;
  uint8_t value[SUDOKU_MAX_CELLS];
  uint32_t cand[SUDOKU_MAX_CELLS];
  bool unique;          /* exactly one solution: uniqueness techniques ok */
  uint64_t deadline_ns; /* absolute core_now_ns() time; 0 = none */
};

/*
 * A finder looks for its technique in s (which it must not change) and
 * returns true with *out filled with the easiest instance it found (the
 * lowest rating; ties broken by the first found in cell order, so results
 * are deterministic). Every placement it makes must be the value forced in
 * every solution and no elimination may remove a value of any solution:
 * the tests check each step against the solution. Finders that search
 * (chains) check s->deadline_ns and return false when it has passed.
 */
typedef bool (*logic_finder)(const struct logic_state *s,
                             struct sudoku_step *out);

/* One finder a technique, in the order of SUDOKU_TECHNIQUE_MAP. */
#define LOGIC_FINDER_DECL(name, id, rating, title)                             \
  bool logic_find_##name(const struct logic_state *s, struct sudoku_step *out);
SUDOKU_TECHNIQUE_MAP(LOGIC_FINDER_DECL)
#undef LOGIC_FINDER_DECL

/* Fills s from a position: the classic geometry of g's box shape, the
 * values, and every empty cell's candidates (values no peer holds).
 * unique false, no deadline. Returns false when two filled cells clash
 * (s is still filled). g must have a valid shape and values. */
bool logic_state_init(struct logic_state *s, const sudoku_grid *g);

/* Applies a step: places its placements (removing the value from the
 * peers' candidates) and removes its eliminations. */
void logic_apply(struct logic_state *s, const struct sudoku_step *step);

#endif
