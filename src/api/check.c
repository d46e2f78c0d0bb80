/*
 * check.c - POST /check: how a player's grid stands, without giving the
 * solution away. {"complete", "solvable", "wrong": [cells whose entry is
 * not the solution's], "conflicts": [entries clashing with givens or each
 * other, as /solve lists them], "filled", "empty"}.
 *
 * solvable: the entries so far still lead to the solution (no wrong
 * entry). complete: every cell filled and none wrong. A puzzle without
 * exactly one solution is refused (422): there is nothing to check against.
 * A variant's rules (JSON members, read_variant.c) are solved and checked
 * under: clashes are then listed as rule_conflicts.
 */
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

struct check_job {
  struct api_job base;
  struct api_position pos;
};

static enum api_cost check_cost(struct api_job *job) {
  struct check_job *j = (struct check_job *)job;
  return j->pos.puzzle.n <= 9 ? API_COST_SHORT : API_COST_LONG;
}

static void check_run(struct api_job *job, uint64_t deadline_ns,
                      struct api_response *out) {
  struct check_job *j = (struct check_job *)job;
  struct api_error e = {API_OK, "", NULL};
  const sudoku_grid *g = &j->pos.puzzle;
  int n = g->n;
  sudoku_grid sol, position;
  struct sudoku_limits lim = {2, 0, 0, false};
  struct sudoku_stats st;
  if (deadline_ns != 0) {
    uint64_t now = sudoku_clock_ns();
    lim.deadline_us = now < deadline_ns ? (deadline_ns - now) / 1000u + 1 : 1;
  }
  const sudoku_rules *rules = j->pos.rules;
  enum sudoku_status s = sudoku_solve_rules(g, rules, &lim, &sol, &st);
  if (s == SUDOKU_CONFLICT) {
    if (rules != NULL)
      api_variant_conflicts(g, rules, &e);
    else
      api_conflict_error(g, &e);
    goto fail;
  }
  if (s == SUDOKU_OK && st.solutions == 2) {
    api_error_set(&e, API_NOT_UNIQUE,
                  "the puzzle has several solutions: entries cannot be "
                  "checked against one");
    goto fail;
  }
  if (s != SUDOKU_OK) {
    api_error_set(&e, (enum api_problem)s, NULL);
    goto fail;
  }
  api_position_grid(&j->pos, &position);
  cJSON *o = cJSON_CreateObject();
  cJSON *wrong = o != NULL ? cJSON_AddArrayToObject(o, "wrong") : NULL;
  int filled = 0, nwrong = 0;
  char cell[8];
  for (int c = 0; c < n * n && wrong != NULL; c++) {
    filled += position.cell[c] != 0;
    if (position.cell[c] != 0 && position.cell[c] != sol.cell[c]) {
      sudoku_cell_name(n, c, cell, sizeof cell);
      cJSON_AddItemToArray(wrong, cJSON_CreateString(cell));
      nwrong++;
    }
  }
  if (o == NULL) {
    api_error_set(&e, API_INTERNAL, NULL);
    goto fail;
  }
  cJSON_AddBoolToObject(o, "complete", filled == n * n && nwrong == 0);
  cJSON_AddBoolToObject(o, "solvable", nwrong == 0);
  api_add_int(o, "filled", (uint64_t)filled);
  api_add_int(o, "empty", (uint64_t)(n * n - filled));
  /* Clashes among givens and entries, listed as /solve lists them; under
   * rules, as rule_conflicts (every unit, cage and exclusion of the
   * variant). */
  struct api_error clash = {API_OK, "", NULL};
  size_t count = 0;
  if (rules != NULL) {
    cJSON_AddArrayToObject(o, "conflicts");
    if (sudoku_rules_check(&position, rules, NULL, 0, NULL) ==
        SUDOKU_CONFLICT) {
      api_variant_conflicts(&position, rules, &clash);
      api_error_into(&clash, o);
    } else {
      cJSON_AddArrayToObject(o, "rule_conflicts");
      api_add_int(o, "conflict_count", 0);
    }
  } else if (sudoku_validate(&position, NULL, 0, &count) == SUDOKU_CONFLICT) {
    api_conflict_error(&position, &clash);
    api_error_into(&clash, o);
  } else {
    cJSON_AddArrayToObject(o, "conflicts");
    api_add_int(o, "conflict_count", 0);
  }
  api_render_json(o, 200, nwrong == 0 ? "checked" : "checked-wrong", out);
  return;
fail:
  api_render_error(&e, api_job_accept(job), api_job_request_id(job), out);
}

static void check_release(struct api_job *job) {
  struct check_job *j = (struct check_job *)job;
  api_position_free(&j->pos);
}

static bool check_read(struct api_job *job, const struct api_input *in,
                       struct api_error *e) {
  struct check_job *j = (struct check_job *)job;
  return api_choose_json(in, 0, &job->format, e) &&
         api_read_position(in, API_POS_ENTRIES, &j->pos, e);
}

const struct api_job_ops api_check_ops = {sizeof(struct check_job),
                                          check_read,
                                          check_cost,
                                          check_run,
                                          check_release,
                                          NULL};
