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

struct logic_rules; /* a variant's rules (rules_geom.h); NULL: classic */

#define LOGIC_MAX_UNITS (3 * SUDOKU_MAX_N + 8) /* room for variant units */
#define LOGIC_MAX_CELL_UNITS 5                 /* units a cell belongs to */
#define LOGIC_HOUSE_WORDS ((LOGIC_MAX_UNITS + 63) / 64)

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
  /* cell_index[c][i]: the position j of c in its unit cell_units[c][i]
   * (unit[cell_units[c][i]][j] == c) */
  uint8_t cell_index[SUDOKU_MAX_CELLS][LOGIC_MAX_CELL_UNITS];
  /* every cell is in three units, a row, a column and a box, in that
   * order in cell_units (the classic grids): two cells see each other
   * when one of the three matches at its own slot */
  bool slots3;
  /* classic: built by logic_geom_init (rows, columns, boxes of one
   * shape); then same[k][i][j] is the mask of the positions of any unit
   * of kind k whose cells share the unit of kind i with the cell at
   * position j (the box segment of a line, the row or column of a box;
   * only j for two lines). Lets a finder tell from a places mask alone
   * whether they lie in one crossing unit. */
  bool classic;
  uint32_t same[3][3][SUDOKU_MAX_N];
  /* order[i]: the i-th unit in SE's order (logic_unit_order); rank[u]:
   * unit u's place i in it */
  uint8_t order[LOGIC_MAX_UNITS];
  uint8_t rank[LOGIC_MAX_UNITS];
  /* side[0..nbox): the boxes in SE's order, then side[nbox..nunits) the
   * other units in SE's order (the two passes of the hidden singles) */
  uint8_t side[LOGIC_MAX_UNITS];
  uint8_t nbox;
  /* NULL on the classic grids; under a variant's rules (rules_geom.c) the
   * peers beyond the units (cage mates, anti-knight, anti-king) and the
   * candidate restrictions a placement brings (non-consecutive) */
  const struct logic_rules *rules;
};

/* The classic geometry: n rows, n columns, n boxes (unit indexes as in
 * sudoku_logic.h). Built cell by cell: the same bytes (within ncells and
 * nunits) as filling n, box_rows, box_cols, ncells, nunits, len, kind and
 * unit, then logic_geom_finish. */
void logic_geom_init(struct logic_geom *geo, int box_rows, int box_cols);

/* What every geometry derives from its units (n, ncells, nunits, len, kind
 * and unit set): each cell's units and its place in them, slots3, SE's
 * order. For variants with extra units. */
void logic_geom_finish(struct logic_geom *geo);

/* True when cells a != b may not hold one digit under rules (rules_geom.c):
 * a bit of the derived form's peer sets. */
bool logic_rules_sees(const struct logic_rules *rules, int a, int b);

/* True when cells a != b share a unit (under rules: are peers). Three compares
 * on a classic grid, else O(units of a cell squared); inline because the
 * pattern finders ask it in their inner loops. */
static inline bool logic_sees(const struct logic_geom *geo, int a, int b) {
  if (a == b)
    return false;
  const uint8_t *ua = geo->cell_units[a], *ub = geo->cell_units[b];
  if (geo->slots3)
    return ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2];
  if (geo->rules != NULL)
    return logic_rules_sees(geo->rules, a, b);
  for (int i = 0; i < geo->ncell_units[a]; i++)
    for (int j = 0; j < geo->ncell_units[b]; j++)
      if (ua[i] == ub[j])
        return true;
  return false;
}

/* Every unit's places of every value: pos[u][v-1] has bit j set when cell
 * unit[u][j] can be v. */
typedef uint32_t logic_places[LOGIC_MAX_UNITS][SUDOKU_MAX_N];

/* What a finder reads. value[c] is 0 for an empty cell; cand[c] is the mask
 * of an empty cell (0 for a filled one). pos, single, empty and house are
 * derived from value and cand, kept in step by logic_state_init, logic_apply
 * and logic_state_sync (whoever writes value or cand otherwise calls the last):
 * the finders run once a step each and most of them ask for places, so the path
 * keeps them up to date a candidate at a time (a few hundred instructions a
 * placement) rather than every finder recomputing them from the cells
 * (thousands a call). */
struct logic_state {
  struct logic_geom geo;
  uint8_t value[SUDOKU_MAX_CELLS];
  uint32_t cand[SUDOKU_MAX_CELLS];
  logic_places pos;
  uint32_t single[LOGIC_MAX_UNITS]; /* bit v-1: v has one place in u */
  uint32_t empty[LOGIC_MAX_UNITS];  /* bit j: cell unit[u][j] is empty */
  /* bit i (of word i / 64): unit geo.order[i] has one empty cell (a full
   * house when that cell has one candidate), so that the finder run every
   * step need not read every unit */
  uint64_t house[LOGIC_HOUSE_WORDS];
  bool unique; /* exactly one solution: uniqueness techniques ok */
  /* Set by logic_next for each finder: a step matters only when it rates
   * below beat (x10), since a better one is already in hand; 0 = any. A
   * finder may return false rather than a step rated >= beat, and uses it
   * to cut its search (logic_next would drop such a step anyway). */
  unsigned beat;
  uint64_t deadline_ns; /* absolute core_now_ns() time; 0 = none */
  unsigned ticks;       /* logic_next calls: when to read the clock */
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
 * peers' candidates) and removes its eliminations; keeps pos, single,
 * empty and house in step. */
void logic_apply(struct logic_state *s, const struct sudoku_step *step);

/* Under rules (rules_geom.c), after logic_apply placed step's values in the
 * units: the peers beyond them (cage mates, anti-knight, anti-king) lose
 * each placed value, orthogonal neighbours its consecutive ones
 * (non-consecutive): candidates only; the caller recomputes the places
 * (logic_state_sync). */
void logic_rules_after(struct logic_state *s, const struct sudoku_step *step);

/* The search under s's rules (s->geo.rules not NULL) of g, a position of
 * s's grid: sudoku_solve_rules with lim, a clash with the rules answered
 * as SUDOKU_NO_SOLUTION. */
enum sudoku_status logic_rules_solve(const struct logic_state *s,
                                     const sudoku_grid *g,
                                     const struct sudoku_limits *lim,
                                     sudoku_grid *sol);

/* Recomputes pos, single, empty and house from value and cand: after writing
 * those directly (a player's pencil marks, a test's position).
 * O(units x n). */
void logic_state_sync(struct logic_state *s);

/* ---- Walking the table (step.c) ---------------------------------------- */

/*
 * The step SE's procedure takes in s: the finders are tried in table order,
 * the lowest-rated step found is kept, and the walk stops at the first row
 * whose base rating is >= the best found (or above max_rating, x10, when
 * max_rating != 0). Returns SUDOKU_OK with *out filled, SUDOKU_NODE_LIMIT
 * when no technique (within max_rating) applies, SUDOKU_DEADLINE when
 * s->deadline_ns passed before a step was found. The clock is read before
 * every row from LOGIC_CLOCK_RATING up, and before the cheap rows below it
 * (bounded, a few microseconds on 9x9) on one call in LOGIC_CLOCK_EVERY
 * (s->ticks): a path of singles read it on every step, some 3 % of
 * rating an easy puzzle.
 */
#define LOGIC_CLOCK_RATING 30
#define LOGIC_CLOCK_EVERY 16u
enum sudoku_status logic_next(struct logic_state *s, unsigned max_rating,
                              struct sudoku_step *out);

/* The path from s (prepared, with one solution) to the end, as
 * sudoku_logic_solve walks it, summarised in *out (zeroed by the caller,
 * hardest SUDOKU_TECH_NONE) (path.c). */
enum sudoku_status logic_walk(struct logic_state *s, unsigned max_rating,
                              sudoku_step_fn on_step, void *ctx,
                              struct sudoku_rating *out);

/* The absolute core_now_ns() deadline of limits (0 = none; limits may be
 * NULL). */
uint64_t logic_deadline_ns(const struct sudoku_logic_limits *limits);

/* Validates g (shape, values, conflicts), fills s (with the deadline of
 * limits), counts g's solutions to two with the fast solver and copies the
 * first into *solution; *unique and s->unique say whether it is the only
 * one. Returns SUDOKU_OK or the status that refuses g (BAD_SHAPE,
 * BAD_VALUE, CONFLICT, NO_SOLUTION, DEADLINE). */
enum sudoku_status logic_prepare(const sudoku_grid *g,
                                 const struct sudoku_logic_limits *limits,
                                 struct logic_state *s, sudoku_grid *solution,
                                 bool *unique);

/* The next step of s, prepared (logic_prepare) with solution, its first
 * solution: technique NONE when s is complete; marks (may be NULL) narrow
 * the candidates where they keep the solution's value, and only when
 * s->unique. */
enum sudoku_status logic_next_of(struct logic_state *s,
                                 const sudoku_grid *solution,
                                 const uint32_t *marks, unsigned max_rating,
                                 struct sudoku_step *out);

/* Narrows s's candidates (prepared with solution) to the player's marks
 * where they keep the solution's value, and only when s->unique; nothing
 * for marks NULL. O(cells) and one logic_state_sync. */
void logic_narrow_marks(struct logic_state *s, const sudoku_grid *solution,
                        const uint32_t *marks);

/* ---- Sentences (explain.c) ----------------------------------------------- */

/* A sentence being built: every logic_put* cuts what does not fit, so
 * SUDOKU_EXPLAIN_MAX bytes always suffice. n: the grid's side. */
struct logic_text {
  char buf[SUDOKU_EXPLAIN_MAX];
  size_t len;
  int n;
  const struct logic_rules *rules; /* names the units under rules; or NULL */
};
void logic_put(struct logic_text *t, const char *s);
void logic_put_int(struct logic_text *t, int v);
void logic_put_cell(struct logic_text *t, int cell);          /* "r4c7" */
void logic_put_unit(struct logic_text *t, int u);             /* "box 6" */
void logic_put_values(struct logic_text *t, uint32_t values); /* "3 and 7" */
/* "r1c1, r1c5 and r4c1", at most max then "and N more". */
void logic_put_cells(struct logic_text *t, const uint16_t *cells, int count,
                     int max);
void logic_put_units(struct logic_text *t, const uint8_t *units, int count);
/* The placements and eliminations: "r4c7=3, r3c4<>7 and r3c5<>7". */
void logic_put_outcome(struct logic_text *t, const struct sudoku_step *st);
/* A sentence from a pattern: its text, with %c a cell (int), %C cells
 * (const uint16_t *, int count; at most 8 named), %u a unit (int), %U
 * units (const uint8_t *, int count), %v values (uint32_t mask), %s a
 * string, and from st itself %p the first placement's cell, %q its value,
 * %O the outcome. */
void logic_say(struct logic_text *t, const struct sudoku_step *st,
               const char *fmt, ...);

/* A technique's own sentence for its step, written next to its finder
 * with LOGIC_EXPLAIN(name, fn): fn returns false when the step lacks what
 * the sentence needs, and explain.c then writes the generic one (the
 * technique's name, its chain or cells, the outcome), which
 * logic_generic_sentence asks for. */
#define LOGIC_EXPLAIN_DECL(name, id, rating, title)                            \
  bool logic_explain_##name(struct logic_text *t, const struct sudoku_step *st);
SUDOKU_TECHNIQUE_MAP(LOGIC_EXPLAIN_DECL)
#undef LOGIC_EXPLAIN_DECL
#define LOGIC_EXPLAIN(name, fn)                                                \
  bool logic_explain_##name(struct logic_text *t,                              \
                            const struct sudoku_step *st) {                    \
    return fn(t, st);                                                          \
  }
bool logic_generic_sentence(struct logic_text *t, const struct sudoku_step *st);
/* sudoku_step_explain, its units named under rules (NULL: classic). */
size_t logic_explain_into(const struct sudoku_step *step, int n,
                          const struct logic_rules *rules, char *buf,
                          size_t cap);
/* The name of unit u under rules ("diagonal 1", "region 4"). */
void logic_rules_unit_label(const struct logic_rules *rules, int u, char *buf,
                            size_t cap);
/* The sentence of st's technique (its row of the table), or false. */
bool logic_technique_sentence(struct logic_text *t,
                              const struct sudoku_step *st);

/* ---- Building a step (for finders) ------------------------------------- */

/* Empties *st and sets its technique and rating (x10). */
static inline void logic_step_init(struct sudoku_step *st,
                                   enum sudoku_technique t, unsigned rating) {
  st->technique = t;
  st->rating = (uint8_t)rating;
  st->nplacements = st->ncells = st->nunits = st->nchain = 0;
  st->neliminations = 0;
  st->values = 0;
}

/* Each adder ignores what does not fit (a cut list stays sound) and returns
 * false then. logic_step_elim also ignores a duplicate. */
static inline bool logic_step_place(struct sudoku_step *st, int cell, int v) {
  if (st->nplacements >= SUDOKU_STEP_MAX_PLACEMENTS)
    return false;
  st->placements[st->nplacements].cell = (uint16_t)cell;
  st->placements[st->nplacements++].value = (uint8_t)v;
  return true;
}
static inline bool logic_step_elim(struct sudoku_step *st, int cell, int v) {
  for (int i = 0; i < st->neliminations; i++)
    if (st->eliminations[i].cell == cell && st->eliminations[i].value == v)
      return true;
  if (st->neliminations >= SUDOKU_STEP_MAX_ELIMINATIONS)
    return false;
  st->eliminations[st->neliminations].cell = (uint16_t)cell;
  st->eliminations[st->neliminations++].value = (uint8_t)v;
  return true;
}
static inline bool logic_step_cell(struct sudoku_step *st, int cell) {
  if (st->ncells >= SUDOKU_STEP_MAX_CELLS)
    return false;
  st->cells[st->ncells++] = (uint16_t)cell;
  return true;
}
static inline bool logic_step_unit(struct sudoku_step *st, int u) {
  if (st->nunits >= SUDOKU_STEP_MAX_UNITS)
    return false;
  st->units[st->nunits++] = (uint8_t)u;
  return true;
}
/* Appends a chain node; link is the link to the NEXT node
 * (SUDOKU_LINK_NONE on the last node of a chain). */
static inline bool logic_step_link(struct sudoku_step *st, int cell, int v,
                                   enum sudoku_link_kind link) {
  if (st->nchain >= SUDOKU_STEP_MAX_CHAIN)
    return false;
  st->chain[st->nchain].cell = (uint16_t)cell;
  st->chain[st->nchain].value = (uint8_t)v;
  st->chain[st->nchain++].link = (uint8_t)link;
  return true;
}

/* The cells of unit u holding candidate value v, as a bit mask of positions
 * j in geo.unit[u] (bit j set when cell unit[u][j] can be v). */
static inline uint32_t logic_unit_positions(const struct logic_state *s, int u,
                                            int v) {
  return s->pos[u][v - 1];
}

/* The next k-subset of 0..n-1 after pick[0..k) (rising indexes, the
 * first pick[i] = i), in lexicographic order; false after the last. */
static inline bool logic_next_subset(int *pick, int k, int n) {
  int i = k - 1;
  while (i >= 0 && pick[i] == n - k + i)
    i--;
  if (i < 0)
    return false;
  pick[i]++;
  for (int j = i + 1; j < k; j++)
    pick[j] = pick[j - 1] + 1;
  return true;
}

/* The i-th unit in Sudoku Explainer's order of region types: boxes, then
 * columns, then rows, then any variant units (i in 0..nunits). Finders
 * that scan units in this order find the step SE would report first. */
static inline int logic_unit_order(const struct logic_geom *geo, int i) {
  return geo->order[i];
}

/* The unit of kind `kind` (enum sudoku_unit) that holds cell c, or -1. */
static inline int logic_unit_of(const struct logic_geom *geo, int c, int kind) {
  for (int i = 0; i < geo->ncell_units[c]; i++)
    if (geo->kind[geo->cell_units[c][i]] == kind)
      return geo->cell_units[c][i];
  return -1;
}

/* True when unit u holds cell c. */
static inline bool logic_unit_has(const struct logic_geom *geo, int u, int c) {
  for (int i = 0; i < geo->ncell_units[c]; i++)
    if (geo->cell_units[c][i] == u)
      return true;
  return false;
}

/* For code written once for every box shape and inlined with the 9x9
 * shape as constants (geom.c, state.c, intersections.c): divisions by
 * constants, and the loops of two to five turns, unrolled with
 * LOGIC_UNROLL, which -O2 alone leaves as loops. */
#define LOGIC_SHAPE_INLINE static inline __attribute__((always_inline))
#define LOGIC_UNROLL _Pragma("GCC unroll 5")

/* Without -mpopcnt, __builtin_popcount is a libgcc call: the bit trick
 * inlines to a dozen instructions. */
static inline int logic_popcount(uint32_t m) {
  m = m - ((m >> 1) & 0x55555555u);
  m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
  return (int)((((m + (m >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}
static inline int logic_lowest(uint32_t m) { return __builtin_ctz(m); }

/* popcount(m) <= k, clearing k lowest bits: cheaper than the count for
 * the small k of the subset searches (2 to 8). */
static inline bool logic_at_most(uint32_t m, int k) {
  for (int i = 0; i < k && m; i++)
    m &= m - 1;
  return m == 0;
}

#endif
