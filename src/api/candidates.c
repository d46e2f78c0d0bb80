/*
 * candidates.c - POST /candidates: the pencil marks of a position (givens
 * plus entries): the values no peer holds, for every empty cell, less
 * the pencil marks the player removed ("candidates", as /hint takes them:
 * a cell not listed keeps all of its).
 *
 * Answer: {"candidates": {"r1c3": [1, 2, 4], ...}} (empty cells only), or
 * with ?form=array {"candidates": [[[1, 2, 4], ...], ...]} (n rows of n
 * arrays; a filled cell has []). Also "size", "empty", and the position
 * as read: "puzzle" (the givens) and "entries" (when there are some), as
 * lines. With
 * ?format=sukaku, cells, pm or library: the position with its candidates
 * as text/plain in that pencil-mark format (sudoku_marks.h), for Sudoku
 * Explainer and HoDoKu; the entries are placed values there ('+' in the
 * library line, sides 4..9). Under a variant's rules (as /hint takes
 * them) the candidates are sudoku_candidates_rules' (every unit, cage and
 * exclusion of the rules, parity too) and the JSON answer ends with the
 * rules (the members /solve echoes). A position whose
 * filled cells clash is refused (422, every clash listed): its marks mean
 * nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "sudoku_logic_rules.h"
#include "sudoku_marks.h"

struct candidates_job {
  struct api_job base;
  struct api_position pos;
  bool rows;                      /* ?form=array */
  enum sudoku_marks_format marks; /* ?format=sukaku...; COUNT: JSON */
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

/* The position in a pencil-mark format, as text. */
static void render_marks(const struct candidates_job *j,
                         const sudoku_grid *position, const uint32_t *cand,
                         struct api_response *out) {
  struct sudoku_position *p = malloc(sizeof *p);
  char *text = malloc(SUDOKU_MARKS_TEXT_MAX);
  size_t len = 0;
  if (p != NULL && text != NULL) {
    p->grid = *position;
    for (int c = 0; c < position->n * position->n; c++) {
      p->placed[c] = j->pos.puzzle.cell[c] == 0 && position->cell[c] != 0;
      p->cand[c] = position->cell[c] != 0 ? 0 : cand[c];
    }
    len = sudoku_write_position(p, j->marks, text, SUDOKU_MARKS_TEXT_MAX);
  }
  free(p);
  if (len == 0 || len >= SUDOKU_MARKS_TEXT_MAX) {
    free(text);
    text = NULL;
  }
  api_render_body(text, len, CT_TEXT, "candidates", out);
}

static void candidates_run(struct api_job *job, uint64_t deadline_ns,
                           struct api_response *out) {
  struct candidates_job *j = (struct candidates_job *)job;
  struct api_error e = {API_OK, "", NULL};
  sudoku_grid position;
  uint32_t cand[SUDOKU_MAX_CELLS];
  (void)deadline_ns;
  api_position_grid(&j->pos, &position);
  const sudoku_rules *rules = j->pos.rules;
  enum sudoku_status s = sudoku_candidates_rules(&position, rules, cand);
  if (s != SUDOKU_OK) {
    if (s == SUDOKU_CONFLICT && rules != NULL)
      api_variant_conflicts(&position, rules, &e);
    else if (s == SUDOKU_CONFLICT)
      api_conflict_error(&position, &e);
    else
      api_error_set(&e, (enum api_problem)s, NULL);
    api_render_error(&e, api_job_accept(job), api_job_request_id(job), out);
    return;
  }
  for (int c = 0; c < position.n * position.n && j->pos.marks != NULL; c++)
    cand[c] &= j->pos.marks[c];
  int n = position.n, empty = 0;
  if (j->marks != SUDOKU_MARKS_FORMAT_COUNT) {
    render_marks(j, &position, cand, out);
    return;
  }
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
    char text[SUDOKU_TEXT_MAX];
    api_add_int(o, "size", (uint64_t)n);
    api_add_int(o, "empty", (uint64_t)empty);
    api_variant_into(o, rules, n);
    /* The position as read: what a client that sent a marked position
     * (a PM grid, a sukaku line) learns its givens and entries from. */
    api_line_text(&j->pos.puzzle, text);
    cJSON_AddStringToObject(o, "puzzle", text);
    if (j->pos.has_entries) {
      api_line_text(&j->pos.entries, text);
      cJSON_AddStringToObject(o, "entries", text);
    }
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
    return api_fail(e, API_INVALID_REQUEST, "form",
                    "form: expected object or array");
  }
  j->rows = form != NULL && form->value_len == 5;
  /* A pencil-mark format is a ?format= of its own: text, whatever Accept
   * prefers (these formats have no media type of their own). */
  const struct api_param *format = api_query_find(in, "format");
  j->marks = format != NULL ? sudoku_marks_format_from_name(format->value,
                                                            format->value_len)
                            : SUDOKU_MARKS_FORMAT_COUNT;
  if (j->marks == SUDOKU_MARKS_GIVENS)
    j->marks = SUDOKU_MARKS_FORMAT_COUNT;
  if (j->marks != SUDOKU_MARKS_FORMAT_COUNT)
    job->format = API_FMT_JUDGE;
  else if (!api_choose_json(in, 0, &job->format, e)) {
    if (format != NULL && e->problem == API_INVALID_FORMAT)
      api_error_set(e, API_INVALID_FORMAT,
                    "format: expected json, sukaku, cells, pm or library");
    return false;
  }
  if (!api_read_position(in, API_POS_ENTRIES | API_POS_MARKS, &j->pos, e))
    return false;
  if (j->marks == SUDOKU_MARKS_LIBRARY && j->pos.puzzle.n > 9)
    return api_fail(e, API_INVALID_FORMAT, "format",
                    "format=library: HoDoKu's library line holds sides 4 to 9, "
                    "not %d",
                    j->pos.puzzle.n);
  return true;
}

const struct api_job_ops api_candidates_ops = {sizeof(struct candidates_job),
                                               candidates_read,
                                               candidates_cost,
                                               candidates_run,
                                               candidates_release,
                                               NULL};
