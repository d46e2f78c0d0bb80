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
 * ?format=pm answers HoDoKu's PM grid with the step (text/plain,
 * sudoku_write_position_step): the position with its marks, '-' before
 * each candidate the step eliminates, '+' before a value it places, '*'
 * before its pattern's candidates, then its sentence; a wrong entry, a
 * missing mark or a complete grid: the grid, then the sentence.
 *
 * ?format=svg (or Accept: image/svg+xml) draws the hint instead: the
 * position with its pencil marks (the player's, else the candidates), the
 * step's units, cells, placements and eliminations marked; a wrong entry
 * or a missing mark is its cell marked.
 *
 * Under a variant's rules (JSON members "variant", "regions", "cages",
 * "parity", "extra_regions", an f-puzzles link, or ?variant= over one text
 * line) the hint is sudoku_hint_rules': units and cages named as the rules
 * name them ("diagonal 1", "the cage at r1c1 (sum 15)"), and the answer
 * ends with the rules as those members, to be posted back as it is.
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
#include "sudoku_draw.h"
#include "sudoku_logic_rules.h"

struct hint_job {
  struct api_job base;
  struct api_position pos;
  bool pm; /* ?format=pm: HoDoKu's PM grid with the step */
};

static enum api_cost hint_cost(struct api_job *job) {
  struct hint_job *j = (struct hint_job *)job;
  return j->pos.puzzle.n <= 9 ? API_COST_SHORT : API_COST_LONG;
}

/* The position's marks as the hint shows them: the candidates of the
 * givens and entries, narrowed to the player's marks. */
static void hint_marks(const struct hint_job *j, sudoku_grid *position,
                       uint32_t cand[SUDOKU_MAX_CELLS]) {
  api_position_grid(&j->pos, position);
  /* no clash: the hint was found */
  sudoku_candidates_rules(position, j->pos.rules, cand);
  for (int c = 0; c < position->n * position->n && j->pos.marks != NULL; c++)
    cand[c] &= j->pos.marks[c];
}

/* The sentence of a hint that is no step of the logic. */
static void hint_sentence(const struct sudoku_hint *h, int n, char *text,
                          size_t cap) {
  char cell[8];
  sudoku_cell_name(n, h->cell, cell, sizeof cell);
  if (h->kind == SUDOKU_HINT_WRONG_ENTRY)
    snprintf(text, cap, "%s is not %d: that entry is wrong.", cell, h->entry);
  else if (h->kind == SUDOKU_HINT_MISSING_MARK)
    snprintf(text, cap,
             "%d was removed from the pencil marks of %s, but it can go "
             "there.",
             h->value, cell);
  else
    snprintf(text, cap, "The grid is complete.");
}

/* The hint as HoDoKu's PM grid with the step: the step's marks and
 * sentence, or (no step) the grid and the hint's sentence. */
static void pm_hint(const struct hint_job *j, const struct sudoku_hint *h,
                    const char *outcome, struct api_response *out) {
  struct sudoku_position *p = malloc(sizeof *p);
  char *text = malloc(SUDOKU_MARKS_STEP_TEXT_MAX + 160);
  size_t len = 0;
  if (p != NULL && text != NULL) {
    hint_marks(j, &p->grid, p->cand);
    for (int c = 0; c < p->grid.n * p->grid.n; c++) {
      p->placed[c] = j->pos.puzzle.cell[c] == 0 && p->grid.cell[c] != 0;
      if (p->grid.cell[c] != 0)
        p->cand[c] = 0;
    }
    len = sudoku_write_position_step(p, &h->step, text,
                                     SUDOKU_MARKS_STEP_TEXT_MAX);
    if (h->kind != SUDOKU_HINT_STEP || h->step.technique == SUDOKU_TECH_NONE) {
      hint_sentence(h, p->grid.n, text + len, 158);
      len += strlen(text + len);
      text[len++] = '\n';
      text[len] = '\0';
    }
  }
  free(p);
  if (len == 0) {
    free(text);
    text = NULL;
  }
  api_render_body(text, len, CT_TEXT, outcome, out);
}

/* The hint as a picture: the position, its marks, and the hint's step (a
 * wrong entry or a missing mark: a step of one cell). */
static void draw_hint(const struct hint_job *j, struct sudoku_hint *h,
                      struct api_response *out) {
  const sudoku_grid *g = &j->pos.puzzle;
  sudoku_grid position;
  uint32_t cand[SUDOKU_MAX_CELLS];
  hint_marks(j, &position, cand);
  const char *title = "Hint: the next step";
  if (h->kind == SUDOKU_HINT_WRONG_ENTRY ||
      h->kind == SUDOKU_HINT_MISSING_MARK) {
    memset(&h->step, 0, sizeof h->step);
    h->step.ncells = 1;
    h->step.cells[0] = h->cell;
    title = h->kind == SUDOKU_HINT_WRONG_ENTRY ? "Hint: a wrong entry"
                                               : "Hint: a missing mark";
  } else if (h->step.technique == SUDOKU_TECH_NONE) {
    title = "Hint: the grid is complete";
  }
  struct sudoku_picture pic = {
      .givens = g,
      .entries = j->pos.has_entries ? &j->pos.entries : NULL,
      .cand = cand,
      .step = h->step.technique == SUDOKU_TECH_NONE && h->step.ncells == 0
                  ? NULL
                  : &h->step,
      .title = title,
      .rules = j->pos.rules};
  api_render_svg(&pic,
                 h->kind == SUDOKU_HINT_WRONG_ENTRY    ? "wrong-entry"
                 : h->kind == SUDOKU_HINT_MISSING_MARK ? "missing-candidate"
                                                       : "step",
                 out);
}

static void hint_run(struct api_job *job, uint64_t deadline_ns,
                     struct api_response *out) {
  struct hint_job *j = (struct hint_job *)job;
  struct api_error e = {API_OK, "", NULL};
  const sudoku_grid *g = &j->pos.puzzle;
  const sudoku_rules *rules = j->pos.rules;
  char cell[8], text[120];
  cJSON *o = NULL;
  struct sudoku_hint *h = malloc(sizeof *h);
  if (h == NULL) {
    api_error_set(&e, API_INTERNAL, NULL);
    goto fail;
  }
  struct sudoku_logic_limits lim = api_logic_limits(deadline_ns);
  enum sudoku_status s =
      sudoku_hint_rules(g, rules, j->pos.has_entries ? &j->pos.entries : NULL,
                        j->pos.marks, true, &lim, h);
  if (s == SUDOKU_CONFLICT && rules != NULL)
    api_variant_conflicts(g, rules, &e);
  else if (s == SUDOKU_CONFLICT)
    api_conflict_error(g, &e);
  else if (s == SUDOKU_NOT_UNIQUE)
    api_error_set(&e, API_NOT_UNIQUE,
                  "the puzzle has several solutions: no hint can be sure");
  else if (s == SUDOKU_DEADLINE && h->unique)
    api_error_set(&e, API_DEADLINE,
                  "no step found before the request's deadline");
  else if (s != SUDOKU_OK)
    api_error_set(&e, (enum api_problem)s, NULL);
  o = s == SUDOKU_OK ? cJSON_CreateObject() : NULL;
  if (o == NULL) {
    if (s == SUDOKU_OK)
      api_error_set(&e, API_INTERNAL, NULL);
    goto fail;
  }
  const char *outcome = "step";
  if (j->pm) {
    cJSON_Delete(o);
    if (h->kind != SUDOKU_HINT_STEP) { /* no step: no step marks */
      memset(&h->step, 0, sizeof h->step);
      h->step.technique = SUDOKU_TECH_NONE;
    }
    pm_hint(j, h,
            h->kind == SUDOKU_HINT_WRONG_ENTRY    ? "wrong-entry"
            : h->kind == SUDOKU_HINT_MISSING_MARK ? "missing-candidate"
                                                  : "step",
            out);
    free(h);
    return;
  }
  if (job->format == API_FMT_SVG) {
    cJSON_Delete(o);
    draw_hint(j, h, out);
    free(h);
    return;
  }
  if (h->kind == SUDOKU_HINT_WRONG_ENTRY) {
    sudoku_cell_name(g->n, h->cell, cell, sizeof cell);
    cJSON_AddStringToObject(o, "kind", outcome = "wrong-entry");
    cJSON_AddStringToObject(o, "cell", cell);
    api_add_int(o, "entry", h->entry);
    if (j->pos.reveal)
      api_add_int(o, "value", h->value);
    hint_sentence(h, g->n, text, sizeof text);
    cJSON_AddStringToObject(o, "explanation", text);
  } else if (h->kind == SUDOKU_HINT_MISSING_MARK) {
    sudoku_cell_name(g->n, h->cell, cell, sizeof cell);
    cJSON_AddStringToObject(o, "kind", outcome = "missing-candidate");
    cJSON_AddStringToObject(o, "cell", cell);
    api_add_int(o, "value", h->value);
    hint_sentence(h, g->n, text, sizeof text);
    cJSON_AddStringToObject(o, "explanation", text);
  } else if (h->step.technique == SUDOKU_TECH_NONE) {
    cJSON_AddStringToObject(o, "kind", "solved");
    cJSON_AddStringToObject(o, "explanation", "The grid is complete.");
  } else { /* written by the one writer of a step */
    struct api_buf b;
    api_buf_init(&b, 2048 + api_variant_bytes(rules, g->n));
    api_buf_lit(&b, "{\"kind\":\"step\",");
    struct json_sink sink = api_buf_sink(&b);
    step_json_members_rules(&sink, &h->step, g->n, g, rules);
    if (rules != NULL) {
      api_buf_lit(&b, ",");
      api_variant_write(&b, rules, g->n);
    }
    api_buf_lit(&b, "}");
    cJSON_Delete(o);
    free(h);
    api_render_buf(&b, 200, outcome, out);
    return;
  }
  free(h);
  api_variant_into(o, rules, g->n);
  api_render_json(o, 200, outcome, out);
  return;
fail:
  free(h);
  api_render_error(&e, api_job_accept(job), api_job_request_id(job), out);
}

static void hint_release(struct api_job *job) {
  struct hint_job *j = (struct hint_job *)job;
  api_position_free(&j->pos);
}

static bool hint_read(struct api_job *job, const struct api_input *in,
                      struct api_error *e) {
  struct hint_job *j = (struct hint_job *)job;
  /* ?format=pm is text whatever Accept prefers, as /candidates' formats. */
  const struct api_param *f = api_query_find(in, "format");
  j->pm = f != NULL && f->value_len == 2 && memcmp(f->value, "pm", 2) == 0;
  if (j->pm)
    job->format = API_FMT_JUDGE;
  else if (!api_choose_json(in, API_FMT_BIT(API_FMT_SVG), &job->format, e)) {
    if (f != NULL && e->problem == API_INVALID_FORMAT)
      api_error_set(e, API_INVALID_FORMAT, "format: expected json, svg or pm");
    return false;
  }
  return api_read_position(in, API_POS_ENTRIES | API_POS_MARKS | API_POS_REVEAL,
                           &j->pos, e);
}

const struct api_job_ops api_hint_ops = {sizeof(struct hint_job),
                                         hint_read,
                                         hint_cost,
                                         hint_run,
                                         hint_release,
                                         NULL};
