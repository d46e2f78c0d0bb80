/*
 * rules_logic.c - the public entry points of the logic engine under a
 * variant's rules (sudoku_logic_rules.h): each derives the rules, prepares
 * a state on their units (rules_geom.c's geometry) and then walks it with
 * the classic machinery (logic_next, logic_walk, logic_next_of). With no
 * extra rules each is its classic twin.
 *
 * Cost: deriving the rules (some 20 us on 9x9) once a call.
 */
#include <string.h>

#include "../internal.h"
#include "rules_geom.h"

/* Fills s (and lr, which s->geo.rules points to) from position under r
 * derived into d: the geometry of d's units, the values, the candidates.
 * Refuses rules the geometry cannot hold (BAD_SHAPE), malformed rules and
 * clashing givens (sudoku_rules_check's statuses). */
static enum sudoku_status rules_state_init(struct logic_state *s,
                                           struct logic_rules *lr,
                                           const sudoku_grid *position,
                                           const sudoku_rules *r,
                                           struct sudoku_rules_derived *d) {
  enum sudoku_status st = sudoku_rules_check(position, r, NULL, 0, NULL);
  if (st != SUDOKU_OK)
    return st;
  st = sudoku_rules_derive(position, r, d, NULL);
  if (st != SUDOKU_OK)
    return st;
  int n = d->n, nn = d->nn;
  if (d->units > LOGIC_MAX_UNITS)
    return SUDOKU_BAD_SHAPE;
  for (int c = 0; c < nn; c++)
    if (d->cell_units[c] > LOGIC_MAX_CELL_UNITS)
      return SUDOKU_BAD_SHAPE;
  struct logic_geom *geo = &s->geo;
  geo->n = (uint8_t)n;
  geo->box_rows = (uint8_t)position->box_rows;
  geo->box_cols = (uint8_t)position->box_cols;
  geo->ncells = (uint16_t)nn;
  geo->nunits = (uint8_t)d->units;
  for (int u = 0; u < d->units; u++) {
    int k = d->unit_kind[u];
    geo->len[u] = (uint8_t)n;
    /* rows, columns, boxes or regions as the classic kinds; the other
     * units after them, of no classic kind */
    geo->kind[u] =
        (uint8_t)(k == SUDOKU_RULES_UNIT_ROW   ? SUDOKU_UNIT_ROW
                  : k == SUDOKU_RULES_UNIT_COL ? SUDOKU_UNIT_COL
                  : k == SUDOKU_RULES_UNIT_BOX || k == SUDOKU_RULES_UNIT_REGION
                      ? SUDOKU_UNIT_BOX
                      : SUDOKU_UNIT_BOX + 1);
    memcpy(geo->unit[u], d->unit_cell[u], sizeof geo->unit[u][0] * (size_t)n);
  }
  logic_geom_finish(geo);
  /* peers beyond the units: logic_sees reads the derived form's sets */
  geo->slots3 = false;
  geo->classic = false;
  lr->r = r;
  lr->d = d;
  geo->rules = lr;
  s->unique = false;
  s->deadline_ns = 0;
  s->beat = 0;
  s->ticks = 0;
  for (int c = 0; c < nn; c++) {
    s->value[c] = position->cell[c];
    s->cand[c] = position->cell[c] ? 0 : d->allowed[c];
  }
  for (int c = 0; c < nn; c++) {
    int v = s->value[c];
    if (v == 0)
      continue;
    logic_rules_place(s, d, c, v);
  }
  logic_state_sync(s);
  return SUDOKU_OK;
}

/* logic_prepare under rules: the state, the deadline, a count to two
 * solutions under r (the first into *solution). */
static enum sudoku_status
rules_prepare(const sudoku_grid *g, const sudoku_rules *r,
              const struct sudoku_logic_limits *limits, struct logic_state *s,
              struct logic_rules *lr, struct sudoku_rules_derived *d,
              sudoku_grid *solution, bool *unique) {
  enum sudoku_status st = rules_state_init(s, lr, g, r, d);
  if (st != SUDOKU_OK)
    return st;
  s->deadline_ns = logic_deadline_ns(limits);
  struct sudoku_limits lim = SUDOKU_LIMITS_DEFAULT;
  if (s->deadline_ns != 0) {
    uint64_t now = core_now_ns();
    if (now >= s->deadline_ns)
      return SUDOKU_DEADLINE;
    lim.deadline_us = (s->deadline_ns - now) / 1000u + 1;
  }
  struct sudoku_stats stats;
  st = sudoku_solve_rules(g, r, &lim, solution, &stats);
  if (st != SUDOKU_OK)
    return st;
  *unique = stats.solutions == 1;
  s->unique = *unique;
  return SUDOKU_OK;
}

static bool classic(const sudoku_rules *r) { return r == NULL || !r->kinds; }

enum sudoku_status logic_next_known(const sudoku_grid *position,
                                    const sudoku_rules *r,
                                    const sudoku_grid *solution,
                                    const uint32_t *marks, uint64_t deadline_ns,
                                    unsigned max_rating,
                                    struct sudoku_step *out) {
  struct logic_state s;
  struct logic_rules lr;
  struct sudoku_rules_derived d;
  if (classic(r)) {
    if (!logic_state_init(&s, position))
      return SUDOKU_CONFLICT;
  } else {
    enum sudoku_status st = rules_state_init(&s, &lr, position, r, &d);
    if (st != SUDOKU_OK)
      return st;
  }
  s.deadline_ns = deadline_ns;
  s.unique = true;
  return logic_next_of(&s, solution, marks, max_rating, out);
}

enum sudoku_status sudoku_candidates_rules(const sudoku_grid *position,
                                           const sudoku_rules *r,
                                           uint32_t cand[SUDOKU_MAX_CELLS]) {
  if (classic(r))
    return sudoku_candidates(position, cand);
  struct logic_state s;
  struct logic_rules lr;
  struct sudoku_rules_derived d;
  enum sudoku_status st = rules_state_init(&s, &lr, position, r, &d);
  if (st == SUDOKU_OK)
    memcpy(cand, s.cand, sizeof s.cand[0] * s.geo.ncells);
  return st;
}

enum sudoku_status sudoku_next_step_rules(
    const sudoku_grid *position, const sudoku_rules *r, const uint32_t *cand,
    const struct sudoku_logic_limits *limits, struct sudoku_step *out) {
  if (classic(r))
    return sudoku_next_step(position, cand, limits, out);
  struct logic_state s;
  struct logic_rules lr;
  struct sudoku_rules_derived d;
  sudoku_grid solution;
  bool unique = false;
  enum sudoku_status st =
      rules_prepare(position, r, limits, &s, &lr, &d, &solution, &unique);
  if (st != SUDOKU_OK)
    return st;
  return logic_next_of(&s, &solution, cand,
                       limits != NULL ? limits->max_rating : 0, out);
}

enum sudoku_status
sudoku_logic_solve_rules(const sudoku_grid *puzzle, const sudoku_rules *r,
                         const struct sudoku_logic_limits *limits,
                         sudoku_step_fn on_step, void *ctx,
                         struct sudoku_rating *out) {
  if (classic(r))
    return sudoku_logic_solve(puzzle, limits, on_step, ctx, out);
  memset(out, 0, sizeof *out);
  out->hardest = SUDOKU_TECH_NONE;
  struct logic_state s;
  struct logic_rules lr;
  struct sudoku_rules_derived d;
  sudoku_grid solution;
  bool unique = false;
  enum sudoku_status st =
      rules_prepare(puzzle, r, limits, &s, &lr, &d, &solution, &unique);
  if (st != SUDOKU_OK)
    return st;
  if (!unique)
    return SUDOKU_NOT_UNIQUE;
  return logic_walk(&s, limits != NULL ? limits->max_rating : 0, on_step, ctx,
                    out);
}

enum sudoku_status sudoku_rate_rules(const sudoku_grid *puzzle,
                                     const sudoku_rules *r,
                                     const struct sudoku_logic_limits *limits,
                                     struct sudoku_rating *out) {
  return sudoku_logic_solve_rules(puzzle, r, limits, NULL, NULL, out);
}

size_t sudoku_step_explain_rules(const struct sudoku_step *step,
                                 const sudoku_grid *g, const sudoku_rules *r,
                                 char *buf, size_t cap) {
  if (classic(r))
    return sudoku_step_explain(step, g->n, buf, cap);
  struct sudoku_rules_derived d;
  if (sudoku_rules_derive(g, r, &d, NULL) != SUDOKU_OK)
    return sudoku_step_explain(step, g->n, buf, cap);
  struct logic_rules lr = {r, &d};
  return logic_explain_into(step, g->n, &lr, buf, cap);
}
