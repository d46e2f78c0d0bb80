/*
 * steps.c - POST /steps: the whole logical path from the puzzle to its
 * solution, and its rating: {"rating", "level", "hardest", "solved",
 * "step_count", "counts", "steps": [step, ...]}, the object of
 * `sudoku steps --json`. With Accept: text/plain, one sentence a line.
 * A puzzle with no solution or several is refused (422). Under a variant's
 * rules (as /hint takes them) the path is sudoku_logic_solve_rules', its
 * units and cages named as the rules name them, and the answer ends with
 * the rules (the members /solve echoes).
 * A position with pencil marks (sukaku, PM grid, HoDoKu's library line)
 * starts the path from its values and its marks (classic puzzles only).
 */
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "sudoku_logic_rules.h"

/* Steps kept at the most: a 25x25 path has at most 625 placements, and
 * eliminations steps between them; past this the path is cut (said). */
#define API_MAX_STEPS 4096u

struct steps_job {
  struct api_job base;
  struct api_position pos;
};

struct walk {
  cJSON *list;
  const sudoku_grid *g;
  const sudoku_rules *rules; /* NULL: classic */
  uint32_t kept;
  char *text; /* text answers: the sentences */
  size_t len, cap;
};

static bool on_step(const struct sudoku_step *st, void *ctx) {
  struct walk *w = ctx;
  if (w->kept >= API_MAX_STEPS)
    return false;
  w->kept++;
  if (w->list != NULL) {
    cJSON *o = api_step_json(st, w->g, w->rules);
    if (o != NULL)
      cJSON_AddItemToArray(w->list, o);
    return true;
  }
  char line[SUDOKU_EXPLAIN_MAX + 8];
  size_t len =
      sudoku_step_explain_rules(st, w->g, w->rules, line, sizeof line - 2);
  if (len > sizeof line - 3)
    len = sizeof line - 3;
  line[len++] = '\n';
  if (w->len + len + 1 > w->cap) {
    size_t cap = w->cap ? w->cap * 2 : 4096;
    while (cap < w->len + len + 1)
      cap *= 2;
    char *p = realloc(w->text, cap);
    if (p == NULL)
      return false;
    w->text = p;
    w->cap = cap;
  }
  memcpy(w->text + w->len, line, len);
  w->len += len;
  w->text[w->len] = '\0';
  return true;
}

static enum api_cost steps_cost(struct api_job *job) {
  struct steps_job *j = (struct steps_job *)job;
  return j->pos.puzzle.n <= 9 ? API_COST_SHORT : API_COST_LONG;
}

static void steps_run(struct api_job *job, uint64_t deadline_ns,
                      struct api_response *out) {
  struct steps_job *j = (struct steps_job *)job;
  struct api_error e = {API_OK, "", NULL};
  const sudoku_rules *rules = j->pos.rules;
  struct walk w = {NULL, &j->pos.puzzle, rules, 0, NULL, 0, 0};
  cJSON *o = NULL;
  if (job->format == API_FMT_JSON) {
    o = cJSON_CreateObject();
    w.list = o != NULL ? cJSON_CreateArray() : NULL;
    if (w.list == NULL) {
      api_error_set(&e, API_INTERNAL, NULL);
      goto fail;
    }
  }
  struct sudoku_rating *r = malloc(sizeof *r);
  if (r == NULL) {
    api_error_set(&e, API_INTERNAL, NULL);
    goto fail;
  }
  struct sudoku_logic_limits lim = api_logic_limits(deadline_ns);
  enum sudoku_status s =
      rules != NULL ? sudoku_logic_solve_rules(&j->pos.puzzle, rules, &lim,
                                               on_step, &w, r)
                    : sudoku_logic_solve_marks(&j->pos.puzzle, j->pos.marks,
                                               &lim, on_step, &w, r);
  if (s == SUDOKU_CONFLICT) {
    free(r);
    if (rules != NULL)
      api_variant_conflicts(&j->pos.puzzle, rules, &e);
    else
      api_conflict_error(&j->pos.puzzle, &e);
    goto fail;
  }
  if (s != SUDOKU_OK && s != SUDOKU_DEADLINE) {
    free(r);
    api_error_set(&e, (enum api_problem)s, NULL);
    goto fail;
  }
  if (o == NULL) {
    free(r);
    out->status = 200;
    out->content_type = CT_TEXT;
    out->body = w.text != NULL ? w.text : calloc(1, 1);
    out->body_len = w.len;
    out->outcome = s == SUDOKU_OK ? "rated" : "rated-partial";
    return;
  }
  api_rating_into(o, r);
  if (s == SUDOKU_DEADLINE)
    cJSON_AddStringToObject(o, "stopped", "deadline-exceeded");
  if (w.kept >= API_MAX_STEPS)
    cJSON_AddTrueToObject(o, "steps_truncated");
  cJSON_AddItemToObject(o, "steps", w.list);
  api_variant_into(o, rules, j->pos.puzzle.n);
  free(r);
  api_render_json(o, 200, s == SUDOKU_OK ? "rated" : "rated-partial", out);
  return;
fail:
  cJSON_Delete(o);
  cJSON_Delete(w.list); /* not in o until the end */
  free(w.text);
  api_render_error(&e, api_job_accept(job), api_job_request_id(job), out);
}

static void steps_release(struct api_job *job) {
  struct steps_job *j = (struct steps_job *)job;
  api_position_free(&j->pos);
}

static bool steps_read(struct api_job *job, const struct api_input *in,
                       struct api_error *e) {
  struct steps_job *j = (struct steps_job *)job;
  if (!api_choose_format(api_query_find(in, "format"), in->accept, false,
                         API_TAKES_TEXT, &job->format, e) ||
      !api_read_position(in, 0, &j->pos, e))
    return false;
  if (job->format != API_FMT_JSON)
    job->format = API_FMT_JUDGE;
  return true;
}

const struct api_job_ops api_steps_ops = {sizeof(struct steps_job),
                                          steps_read,
                                          steps_cost,
                                          steps_run,
                                          steps_release,
                                          NULL};
