/*
 * path.c - the whole path from a puzzle to its solution, and its rating:
 * SE's convention, the hardest step of the path where at each point the
 * easiest available step is applied (Solver.getDifficulty).
 *
 * Deterministic: the finders break ties by cell order and nothing depends
 * on time except where the deadline stops the walk.
 * Not here: choosing a step (step.c), finding one (the finder files).
 */
#include <string.h>

#include "logic.h"

/* True when the step changes s: a placement on an empty cell, or an
 * elimination of a live candidate. A step that changes nothing would make
 * the walk loop forever, so it ends the walk. */
static bool step_changes(const struct logic_state *s,
                         const struct sudoku_step *st) {
  for (int i = 0; i < st->nplacements; i++)
    if (s->value[st->placements[i].cell] == 0)
      return true;
  for (int i = 0; i < st->neliminations; i++)
    if (s->cand[st->eliminations[i].cell] &
        (1u << (st->eliminations[i].value - 1)))
      return true;
  return false;
}

static int empty_cells(const struct logic_state *s) {
  int e = 0;
  for (int c = 0; c < s->geo.ncells; c++)
    e += s->value[c] == 0;
  return e;
}

enum sudoku_status sudoku_logic_solve(const sudoku_grid *puzzle,
                                      const struct sudoku_logic_limits *limits,
                                      sudoku_step_fn on_step, void *ctx,
                                      struct sudoku_rating *out) {
  return sudoku_logic_solve_marks(puzzle, NULL, limits, on_step, ctx, out);
}

enum sudoku_status
sudoku_logic_solve_marks(const sudoku_grid *position, const uint32_t *marks,
                         const struct sudoku_logic_limits *limits,
                         sudoku_step_fn on_step, void *ctx,
                         struct sudoku_rating *out) {
  memset(out, 0, sizeof *out);
  out->hardest = SUDOKU_TECH_NONE;
  struct logic_state s;
  sudoku_grid solution;
  bool unique = false;
  enum sudoku_status st =
      logic_prepare(position, limits, &s, &solution, &unique);
  if (st != SUDOKU_OK)
    return st;
  if (!unique)
    return SUDOKU_NOT_UNIQUE;
  logic_narrow_marks(&s, &solution, marks);
  return logic_walk(&s, limits != NULL ? limits->max_rating : 0, on_step, ctx,
                    out);
}

enum sudoku_status logic_walk(struct logic_state *s, unsigned max_rating,
                              sudoku_step_fn on_step, void *ctx,
                              struct sudoku_rating *out) {
  enum sudoku_status st = SUDOKU_OK;
  struct sudoku_step step;
  int left = empty_cells(s);
  while (left > 0) {
    st = logic_next(s, max_rating, &step);
    if (st != SUDOKU_OK)
      break;
    if (!step_changes(s, &step))
      break;
    if (on_step != NULL && !on_step(&step, ctx))
      break;
    /* Most steps place one cell: count it rather than the grid. */
    if (step.nplacements == 1)
      left -= s->value[step.placements[0].cell] == 0;
    logic_apply(s, &step);
    if (step.nplacements > 1)
      left = empty_cells(s);
    out->steps++;
    out->counts[step.technique]++;
    if (step.rating > out->rating || out->hardest == SUDOKU_TECH_NONE) {
      out->rating = step.rating;
      out->hardest = step.technique;
    }
    if (out->steps == 1) /* ED: the first step */
      out->ed = step.rating;
    if (out->ep == 0 && step.nplacements > 0) /* EP: to the first placement */
      out->ep = out->rating;
  }
  out->solved = left == 0;
  out->level = sudoku_level_of(out->rating);
  /* Only running out of time is an error: no applicable technique (before
   * the last resort lands, or under max_rating) is an unsolved path. */
  return st == SUDOKU_DEADLINE ? SUDOKU_DEADLINE : SUDOKU_OK;
}

enum sudoku_status sudoku_rate(const sudoku_grid *puzzle,
                               const struct sudoku_logic_limits *limits,
                               struct sudoku_rating *out) {
  return sudoku_logic_solve(puzzle, limits, NULL, NULL, out);
}
