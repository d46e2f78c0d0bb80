/*
 * hint.c - POST /hint: what a player should look at next, and why.
 *
 *   1. a wrong entry, if any (an entry that is not the solution's value):
 *      {"kind": "wrong-entry", "cell", "entry", ...}; the right value only
 *      with "reveal": true;
 *   2. else a pencil mark the player removed although it is the cell's
 *      value: {"kind": "missing-candidate", "cell", "value"};
 *   3. else the next logical step: {"kind": "step", ...the step...}, the
 *      object of `sudoku hint`; {"kind": "solved"} when nothing is left.
 *
 * A hint never lies: it rests on the unique solution of the puzzle (a
 * puzzle with none or several is refused, 422), the player's marks are
 * checked against it before they are used, and the step itself is
 * sound by construction (the logic tests check every step).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

struct hint_job {
  struct api_job base;
  struct api_position pos;
};

static enum api_cost hint_cost(struct api_job *job) {
  struct hint_job *j = (struct hint_job *)job;
  return j->pos.puzzle.n <= 9 ? API_COST_SHORT : API_COST_LONG;
}

/* The puzzle's only solution, or false with e set (422 or 400). */
static bool unique_solution(const sudoku_grid *puzzle, uint64_t deadline_ns,
                            sudoku_grid *sol, struct api_error *e) {
  struct sudoku_limits lim = {2, 0, 0, false};
  struct sudoku_stats st;
  if (deadline_ns != 0) {
    uint64_t now = sudoku_clock_ns();
    lim.deadline_us = now < deadline_ns ? (deadline_ns - now) / 1000u + 1 : 1;
  }
  enum sudoku_status s = sudoku_solve(puzzle, &lim, sol, &st);
  if (s == SUDOKU_CONFLICT) {
    api_conflict_error(puzzle, e);
    return false;
  }
  if (s == SUDOKU_OK && st.solutions == 2) {
    api_error_set(e, API_NOT_UNIQUE,
                  "the puzzle has several solutions: no hint can be sure");
    return false;
  }
  if (s != SUDOKU_OK) {
    api_error_set(e, (enum api_problem)s, NULL);
    return false;
  }
  return true;
}

static void hint_run(struct api_job *job, uint64_t deadline_ns,
                     struct api_response *out) {
  struct hint_job *j = (struct hint_job *)job;
  struct api_error e = {API_OK, "", NULL};
  const sudoku_grid *g = &j->pos.puzzle;
  int n = g->n;
  sudoku_grid sol, position;
  char cell[8];
  cJSON *o = NULL;
  if (!unique_solution(g, deadline_ns, &sol, &e))
    goto fail;
  api_position_grid(&j->pos, &position);
  o = cJSON_CreateObject();
  if (o == NULL) {
    api_error_set(&e, API_INTERNAL, NULL);
    goto fail;
  }
  /* 1. A wrong entry. */
  for (int c = 0; c < n * n; c++) {
    if (g->cell[c] != 0 || position.cell[c] == 0 ||
        position.cell[c] == sol.cell[c])
      continue;
    sudoku_cell_name(n, c, cell, sizeof cell);
    cJSON_AddStringToObject(o, "kind", "wrong-entry");
    cJSON_AddStringToObject(o, "cell", cell);
    api_add_int(o, "entry", position.cell[c]);
    if (j->pos.reveal)
      api_add_int(o, "value", sol.cell[c]);
    char text[96];
    snprintf(text, sizeof text, "%s is not %d: that entry is wrong.", cell,
             position.cell[c]);
    cJSON_AddStringToObject(o, "explanation", text);
    api_render_json(o, 200, "wrong-entry", out);
    return;
  }
  /* 2. A pencil mark removed although it is the value. */
  if (j->pos.marks != NULL) {
    for (int c = 0; c < n * n; c++) {
      if (position.cell[c] != 0 ||
          (j->pos.marks[c] & (1u << (sol.cell[c] - 1))) != 0)
        continue;
      sudoku_cell_name(n, c, cell, sizeof cell);
      cJSON_AddStringToObject(o, "kind", "missing-candidate");
      cJSON_AddStringToObject(o, "cell", cell);
      api_add_int(o, "value", sol.cell[c]);
      char text[120];
      snprintf(text, sizeof text,
               "%d was removed from the pencil marks of %s, but it can go "
               "there.",
               sol.cell[c], cell);
      cJSON_AddStringToObject(o, "explanation", text);
      api_render_json(o, 200, "missing-candidate", out);
      return;
    }
  }
  /* 3. The next step. */
  struct sudoku_step *st = malloc(sizeof *st);
  if (st == NULL) {
    api_error_set(&e, API_INTERNAL, NULL);
    goto fail;
  }
  struct sudoku_logic_limits lim = api_logic_limits(deadline_ns);
  enum sudoku_status s = sudoku_next_step(&position, j->pos.marks, &lim, st);
  if (s != SUDOKU_OK) {
    free(st);
    api_error_set(&e, (enum api_problem)s,
                  s == SUDOKU_DEADLINE
                      ? "no step found before the request's deadline"
                      : NULL);
    goto fail;
  }
  if (st->technique == SUDOKU_TECH_NONE) {
    cJSON_AddStringToObject(o, "kind", "solved");
    cJSON_AddStringToObject(o, "explanation", "The grid is complete.");
  } else {
    cJSON_AddStringToObject(o, "kind", "step");
    api_step_into(o, st, n);
  }
  free(st);
  api_render_json(o, 200, "step", out);
  return;
fail:
  cJSON_Delete(o);
  api_render_error(&e, api_job_accept(job), api_job_request_id(job), out);
}

static void hint_release(struct api_job *job) {
  struct hint_job *j = (struct hint_job *)job;
  api_position_free(&j->pos);
}

static bool hint_read(struct api_job *job, const struct api_input *in,
                      struct api_error *e) {
  struct hint_job *j = (struct hint_job *)job;
  return api_choose_json(in, &job->format, e) &&
         api_read_position(in, API_POS_ENTRIES | API_POS_MARKS | API_POS_REVEAL,
                           &j->pos, e);
}

const struct api_job_ops api_hint_ops = {sizeof(struct hint_job), hint_read,
                                         hint_cost, hint_run, hint_release};
