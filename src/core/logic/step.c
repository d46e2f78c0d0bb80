/*
 * step.c - the technique table's accessors, levels, the candidates of a
 * position, and the next step: which finder answers, in SE's order.
 *
 * Sudoku Explainer (Solver.getDifficulty) asks its producers in a fixed
 * order and takes the first hint found; its order is the order of the
 * ratings, so taking the lowest-rated step of the finders in table order,
 * and stopping at the first row whose base rating cannot beat the best
 * step found, gives the same step while letting a finder whose ratings
 * overlap the next row's (a unique rectangle of 4.8 against a naked quad of
 * 5.0) still lose to it. SE's later producer groups (FIRST_LATE_ROW on)
 * are asked only when every row before found nothing.
 *
 * Not here: the finders themselves (one file a family), the path (path.c),
 * the sentences (explain.c).
 */
#include <string.h>

#include "internal.h"
#include "logic.h"

/* ---- The table --------------------------------------------------------- */

struct tech_row {
  const char *id, *title;
  unsigned rating;
  logic_finder find;
  bool (*explain)(struct logic_text *t, const struct sudoku_step *st);
};

static const struct tech_row techs[SUDOKU_TECH_COUNT] = {
#define ROW(name, id, rating, title)                                           \
  {id, title, rating, logic_find_##name, logic_explain_##name},
    SUDOKU_TECHNIQUE_MAP(ROW)
#undef ROW
};

const char *sudoku_technique_id(enum sudoku_technique t) {
  return (unsigned)t < SUDOKU_TECH_COUNT ? techs[t].id : "none";
}

const char *sudoku_technique_name(enum sudoku_technique t) {
  return (unsigned)t < SUDOKU_TECH_COUNT ? techs[t].title : "None";
}

unsigned sudoku_technique_rating(enum sudoku_technique t) {
  return (unsigned)t < SUDOKU_TECH_COUNT ? techs[t].rating : 0;
}

enum sudoku_technique sudoku_technique_from_id(const char *id, size_t len) {
  for (int t = 0; t < SUDOKU_TECH_COUNT; t++)
    if (strlen(techs[t].id) == len && memcmp(techs[t].id, id, len) == 0)
      return (enum sudoku_technique)t;
  return SUDOKU_TECH_NONE;
}

/* ---- Levels ------------------------------------------------------------ */

static const char *const level_names[SUDOKU_LEVEL_COUNT] = {
    "easy", "medium", "hard", "expert", "extreme"};
/* The lowest rating (x10) of each level above easy. */
static const unsigned level_floor[SUDOKU_LEVEL_COUNT - 1] = {20, 30, 40, 60};

enum sudoku_level sudoku_level_of(unsigned rating) {
  int l = 0;
  while (l < SUDOKU_LEVEL_COUNT - 1 && rating >= level_floor[l])
    l++;
  return (enum sudoku_level)l;
}

const char *sudoku_level_name(enum sudoku_level l) {
  return (unsigned)l < SUDOKU_LEVEL_COUNT ? level_names[l] : "unknown";
}

enum sudoku_level sudoku_level_from_name(const char *name, size_t len) {
  for (int l = 0; l < SUDOKU_LEVEL_COUNT; l++)
    if (strlen(level_names[l]) == len && memcmp(level_names[l], name, len) == 0)
      return (enum sudoku_level)l;
  return SUDOKU_LEVEL_COUNT;
}

bool logic_technique_sentence(struct logic_text *t,
                              const struct sudoku_step *st) {
  return (unsigned)st->technique < SUDOKU_TECH_COUNT &&
         techs[st->technique].explain(t, st);
}

/* ---- Candidates -------------------------------------------------------- */

/* Shape and values, as sudoku_validate checks them (BAD_SHAPE before
 * BAD_VALUE), without looking for conflicts: logic_state_init finds those
 * from each unit's values, so the givens are read once rather than twice. */
static enum sudoku_status check_shape(const sudoku_grid *g) {
  if (g->box_rows < 2 || g->box_cols < 2 || g->n != g->box_rows * g->box_cols ||
      g->n > SUDOKU_MAX_N)
    return SUDOKU_BAD_SHAPE;
  unsigned big = 0;
  for (int c = 0; c < g->n * g->n; c++)
    big |= g->cell[c] > g->n;
  return big ? SUDOKU_BAD_VALUE : SUDOKU_OK;
}

enum sudoku_status sudoku_candidates(const sudoku_grid *position,
                                     uint32_t cand[SUDOKU_MAX_CELLS]) {
  enum sudoku_status st = check_shape(position);
  if (st != SUDOKU_OK)
    return st;
  struct logic_state s;
  bool ok = logic_state_init(&s, position);
  memcpy(cand, s.cand, sizeof s.cand[0] * s.geo.ncells);
  return ok ? SUDOKU_OK : SUDOKU_CONFLICT;
}

/* ---- The next step ----------------------------------------------------- */

/* SE asks its producers in groups, and its rater takes the first hint any
 * producer adds. From this row on the rows are SE's later groups (dynamic
 * forcing chains (+); nested chains, levels 2 to 5; trial): each is
 * tried only when no row before it found a step, even one rated above the
 * row's base. */
#define FIRST_LATE_ROW SUDOKU_TECH_NESTED_FORCING_CHAIN

enum sudoku_status logic_next(struct logic_state *s, unsigned max_rating,
                              struct sudoku_step *out) {
  /* Two buffers, *out and a local one: a finder writes into the spare
   * one, which becomes the best when it wins. The first finder writes
   * into *out, so the common case (a single) copies nothing. */
  struct sudoku_step local, *best = NULL, *spare = out;
  bool cheap_read = s->ticks++ % LOGIC_CLOCK_EVERY == 0;
  for (int t = 0; t < SUDOKU_TECH_COUNT; t++) {
    unsigned base = techs[t].rating;
    if (max_rating != 0 && base > max_rating)
      break;
    if (best != NULL && (base >= best->rating || t >= FIRST_LATE_ROW))
      break;
    bool read = base >= LOGIC_CLOCK_RATING || (t == 0 && cheap_read);
    if (s->deadline_ns != 0 && read && core_now_ns() >= s->deadline_ns)
      break;
    s->beat = best != NULL ? best->rating : 0;
    bool found = techs[t].find(s, spare);
    s->beat = 0;
    if (!found)
      continue;
    if (max_rating != 0 && spare->rating > max_rating)
      continue;
    if (best == NULL || spare->rating < best->rating) {
      struct sudoku_step *old = best;
      best = spare;
      spare = old != NULL ? old : &local;
    }
  }
  if (best != NULL) {
    if (best != out)
      memcpy(out, best, sizeof *out);
    return SUDOKU_OK;
  }
  if (s->deadline_ns != 0 && core_now_ns() >= s->deadline_ns)
    return SUDOKU_DEADLINE;
  return SUDOKU_NODE_LIMIT;
}

uint64_t logic_deadline_ns(const struct sudoku_logic_limits *limits) {
  if (limits == NULL || limits->deadline_us == 0)
    return 0;
  uint64_t us = limits->deadline_us < UINT64_MAX / 2000u ? limits->deadline_us
                                                         : UINT64_MAX / 2000u;
  return core_now_ns() + us * 1000u;
}

enum sudoku_status logic_prepare(const sudoku_grid *g,
                                 const struct sudoku_logic_limits *limits,
                                 struct logic_state *s, sudoku_grid *solution,
                                 bool *unique) {
  enum sudoku_status st = check_shape(g);
  if (st != SUDOKU_OK)
    return st;
  if (!logic_state_init(s, g))
    return SUDOKU_CONFLICT;
  s->deadline_ns = logic_deadline_ns(limits);
  /* Uniqueness is a count to two with the fast solver (microseconds on
   * 9x9): it decides whether uniqueness techniques may run and gives the
   * solution that a player's marks are checked against. */
  struct sudoku_limits lim = SUDOKU_LIMITS_DEFAULT;
  if (s->deadline_ns != 0) {
    uint64_t now = core_now_ns();
    if (now >= s->deadline_ns)
      return SUDOKU_DEADLINE;
    lim.deadline_us = (s->deadline_ns - now) / 1000u + 1;
  }
  struct sudoku_stats stats;
  st = sudoku_solve(g, &lim, solution, &stats);
  if (st != SUDOKU_OK)
    return st;
  *unique = stats.solutions == 1;
  s->unique = *unique;
  return SUDOKU_OK;
}

enum sudoku_status logic_next_of(struct logic_state *s,
                                 const sudoku_grid *solution,
                                 const uint32_t *marks, unsigned max_rating,
                                 struct sudoku_step *out) {
  logic_step_init(out, SUDOKU_TECH_NONE, 0);
  bool complete = true;
  for (int c = 0; c < s->geo.ncells; c++)
    if (s->value[c] == 0)
      complete = false;
  if (complete)
    return SUDOKU_OK;
  logic_narrow_marks(s, solution, marks);
  return logic_next(s, max_rating, out);
}

void logic_narrow_marks(struct logic_state *s, const sudoku_grid *solution,
                        const uint32_t *marks) {
  /* The player's marks narrow the candidates, but only where they agree
   * with the solution: a wrong mark is put back, so no step rests on it.
   * With several solutions there is no "the" solution to check a mark
   * against, so the marks are not used at all. */
  if (marks == NULL || !s->unique)
    return;
  for (int c = 0; c < s->geo.ncells; c++) {
    if (s->value[c] != 0)
      continue;
    uint32_t keep = 1u << (solution->cell[c] - 1);
    s->cand[c] &= marks[c] | keep;
  }
  logic_state_sync(s);
}

enum sudoku_status sudoku_next_step(const sudoku_grid *position,
                                    const uint32_t *cand,
                                    const struct sudoku_logic_limits *limits,
                                    struct sudoku_step *out) {
  struct logic_state s;
  sudoku_grid solution;
  bool unique = false;
  enum sudoku_status st =
      logic_prepare(position, limits, &s, &solution, &unique);
  if (st != SUDOKU_OK)
    return st;
  return logic_next_of(&s, &solution, cand,
                       limits != NULL ? limits->max_rating : 0, out);
}
