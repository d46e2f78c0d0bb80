/*
 * candidates.c - POST /candidates: the pencil marks of a position (givens
 * plus entries): the values no peer holds, for every empty cell.
 *
 * Answer: {"candidates": {"r1c3": [1, 2, 4], ...}} (empty cells only), or
 * with ?form=array {"candidates": [[[1, 2, 4], ...], ...]} (n rows of n
 * arrays; a filled cell has []). Also "size" and "empty". A position whose
 * filled cells clash is refused (422, every clash listed): its marks mean
 * nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

struct candidates_job {
  struct api_job base;
  struct api_position pos;
  bool rows; /* ?form=array */
};

static enum api_cost candidates_cost(struct api_job *job) {
  (void)job;
  return API_COST_SHORT; /* O(n^3) at worst: microseconds */
}

static cJSON *values_of(uint32_t mask, int n) {
  cJSON *a = cJSON_CreateArray();
  for (int v = 1; v <= n && a != NULL; v++)
    if (mask & (1u << (v - 1)))
      cJSON_AddItemToArray(a, cJSON_CreateNumber(v));
  return a;
}

static void candidates_run(struct api_job *job, uint64_t deadline_ns,
                           struct api_response *out) {
  struct candidates_job *j = (struct candidates_job *)job;
  struct api_error e = {API_OK, "", NULL};
  sudoku_grid position;
  uint32_t cand[SUDOKU_MAX_CELLS];
  (void)deadline_ns;
  api_position_grid(&j->pos, &position);
  if (sudoku_candidates(&position, cand) == SUDOKU_CONFLICT) {
    api_conflict_error(&position, &e);
    api_render_error(&e, api_job_accept(job), api_job_request_id(job), out);
    return;
  }
  int n = position.n, empty = 0;
  cJSON *o = cJSON_CreateObject();
  cJSON *all = NULL;
  if (o != NULL)
    all = j->rows ? cJSON_AddArrayToObject(o, "candidates")
                  : cJSON_AddObjectToObject(o, "candidates");
  for (int r = 0; r < n && all != NULL; r++) {
    cJSON *row = j->rows ? cJSON_CreateArray() : NULL;
    for (int c = 0; c < n; c++) {
      int i = r * n + c;
      empty += position.cell[i] == 0;
      if (j->rows) {
        cJSON_AddItemToArray(row, values_of(position.cell[i] ? 0 : cand[i], n));
      } else if (position.cell[i] == 0) {
        char cell[8];
        sudoku_cell_name(n, i, cell, sizeof cell);
        cJSON_AddItemToObject(all, cell, values_of(cand[i], n));
      }
    }
    if (j->rows)
      cJSON_AddItemToArray(all, row);
  }
  if (o != NULL) {
    api_add_int(o, "size", (uint64_t)n);
    api_add_int(o, "empty", (uint64_t)empty);
  }
  api_render_json(o, 200, "candidates", out);
}

static void candidates_release(struct api_job *job) {
  struct candidates_job *j = (struct candidates_job *)job;
  api_position_free(&j->pos);
}

static bool candidates_read(struct api_job *job, const struct api_input *in,
                            struct api_error *e) {
  struct candidates_job *j = (struct candidates_job *)job;
  const struct api_param *form = api_query_find(in, "form");
  if (form != NULL &&
      !(form->value_len == 5 && memcmp(form->value, "array", 5) == 0) &&
      !(form->value_len == 6 && memcmp(form->value, "object", 6) == 0)) {
    api_error_set(e, API_INVALID_REQUEST, "form: expected object or array");
    api_error_string(e, "path", "form");
    return false;
  }
  j->rows = form != NULL && form->value_len == 5;
  return api_choose_json(in, &job->format, e) &&
         api_read_position(in, API_POS_ENTRIES, "computing candidates", &j->pos,
                           e);
}

const struct api_job_ops api_candidates_ops = {
    sizeof(struct candidates_job), candidates_read, candidates_cost,
    candidates_run, candidates_release};
