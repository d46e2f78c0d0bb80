/*
 * rate.c - POST /rate: the rating of one puzzle or a batch, on Sudoku
 * Explainer's scale: {"rating", "level", "hardest", "solved", "step_count",
 * "counts"}; a batch answers {"results": [...]} with a status per item,
 * as /solve does; "er", "ep", "ed" are SE's three ratings (struct
 * sudoku_rating: "er" is "rating"). With Accept: text/plain (or
 * ?format=judge), one line a puzzle: "3.2 hard x-wing", or the reason in
 * place ("no solution"). ?format=line: the forum's lists' line, the
 * puzzle's line and ER/EP/ED, "<puzzle> ED=8.3/2.6/2.6" (or "<puzzle> no
 * solution"). Under a variant's rules (JSON members, f-puzzles link, or
 * ?variant= over text lines, as /solve takes them) the rating is
 * sudoku_rate_rules', on the same scale, and each JSON answer ends with its
 * rules (the members /solve echoes).
 * A puzzle given as a position with pencil marks (sukaku, PM grid,
 * HoDoKu's library line) is rated from that position: its values and its
 * marks (sudoku_logic_solve_marks; classic puzzles only, under rules the
 * marks are not read).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "sudoku_logic_rules.h"

struct rated {
  enum sudoku_status status;
  struct sudoku_rating r;
};

struct rate_job {
  struct api_job base;
  struct api_puzzles ps;
  struct rated *out; /* one per item */
};

static enum api_cost rate_cost(struct api_job *job) {
  struct rate_job *j = (struct rate_job *)job;
  for (uint32_t i = 0; i < j->ps.count; i++)
    if (j->ps.item[i].grid.n > 9)
      return API_COST_LONG;
  return j->ps.count > 8 ? API_COST_LONG : API_COST_SHORT;
}

/* The problem of an item that has no rating. */
static void item_error(const struct api_item *it, const struct rated *r,
                       struct api_error *e) {
  if (r->status == SUDOKU_CONFLICT && it->rules != NULL)
    api_variant_conflicts(&it->grid, it->rules, e);
  else if (r->status == SUDOKU_CONFLICT)
    api_conflict_error(&it->grid, e);
  else if (r->status == SUDOKU_DEADLINE)
    /* The default sentence is the solver's ("no solution found"): here
     * the solution is known, the rating is not. */
    api_error_set(e, API_DEADLINE,
                  "the rating did not finish before the request's deadline "
                  "(the steps of POST /steps show how far it got)");
  else
    api_error_set(e, (enum api_problem)r->status, NULL);
}

static void rate_text(struct rate_job *j, struct api_response *out) {
  size_t cap = (size_t)j->ps.count * 96 + 1, len = 0;
  char *body = malloc(cap);
  if (body == NULL) {
    struct api_error e = {API_INTERNAL, "out of memory", NULL};
    api_render_error(&e, NULL, NULL, out);
    return;
  }
  for (uint32_t i = 0; i < j->ps.count; i++) {
    const struct rated *r = &j->out[i];
    int w;
    if (r->status == SUDOKU_OK)
      w = snprintf(body + len, cap - len, "%u.%u %s %s\n", r->r.rating / 10,
                   r->r.rating % 10, sudoku_level_name(r->r.level),
                   sudoku_technique_id(r->r.hardest));
    else
      w = snprintf(body + len, cap - len, "%s\n", sudoku_strerror(r->status));
    len += w > 0 ? (size_t)w : 0;
  }
  out->status = 200;
  out->content_type = CT_TEXT;
  out->body = body;
  out->body_len = len;
  out->outcome = "rated";
}

/* ?format=line: "<puzzle line> ED=ER/EP/ED" a puzzle (rating_forum_triple,
 * the CLI's `rate --forum` too), or the reason after the puzzle. */
static void rate_forum(struct rate_job *j, struct api_response *out) {
  struct api_buf b;
  char line[SUDOKU_TEXT_MAX];
  if (!api_buf_init(&b, (size_t)j->ps.count * 112 + 1)) {
    api_render_body(NULL, 0, CT_TEXT, "rated", out);
    return;
  }
  struct json_sink sink = api_buf_sink(&b);
  for (uint32_t i = 0; i < j->ps.count; i++) {
    const struct rated *r = &j->out[i];
    api_line_text(&j->ps.item[i].grid, line);
    api_buf_mem(&b, line, strlen(line));
    api_buf_lit(&b, " ");
    if (r->status == SUDOKU_OK)
      rating_forum_triple(&sink, &r->r);
    else
      api_buf_mem(&b, sudoku_strerror(r->status),
                  strlen(sudoku_strerror(r->status)));
    api_buf_lit(&b, "\n");
  }
  if (b.failed) {
    api_buf_free(&b);
    api_render_body(NULL, 0, CT_TEXT, "rated", out);
    return;
  }
  b.p[b.len] = '\0'; /* api_buf keeps room for it */
  api_render_body(b.p, b.len, CT_TEXT, "rated", out);
}

static void rate_run(struct api_job *job, uint64_t deadline_ns,
                     struct api_response *out) {
  struct rate_job *j = (struct rate_job *)job;
  for (uint32_t i = 0; i < j->ps.count; i++) {
    if (j->ps.item[i].error.problem != API_OK)
      continue;
    struct sudoku_logic_limits lim = api_logic_limits(deadline_ns);
    if (j->ps.item[i].rules != NULL)
      j->out[i].status = sudoku_rate_rules(
          &j->ps.item[i].grid, j->ps.item[i].rules, &lim, &j->out[i].r);
    else
      j->out[i].status =
          sudoku_logic_solve_marks(&j->ps.item[i].grid, j->ps.item[i].marks,
                                   &lim, NULL, NULL, &j->out[i].r);
  }
  out->puzzles = j->ps.count;
  if (job->format == API_FMT_LINE) {
    rate_forum(j, out);
    return;
  }
  if (job->format != API_FMT_JSON) {
    rate_text(j, out);
    return;
  }
  if (!j->ps.batch) {
    struct api_error e = {API_OK, "", NULL};
    if (j->out[0].status != SUDOKU_OK) {
      item_error(&j->ps.item[0], &j->out[0], &e);
      api_render_error(&e, api_job_accept(job), api_job_request_id(job), out);
      return;
    }
    cJSON *o = cJSON_CreateObject();
    if (o != NULL) {
      api_rating_into(o, &j->out[0].r);
      api_variant_into(o, j->ps.item[0].rules, j->ps.item[0].grid.n);
    }
    api_render_json(o, 200, "rated", out);
    return;
  }
  cJSON *o = cJSON_CreateObject();
  cJSON *results = o != NULL ? cJSON_AddArrayToObject(o, "results") : NULL;
  uint32_t rated = 0;
  for (uint32_t i = 0; i < j->ps.count && results != NULL; i++) {
    cJSON *item = cJSON_CreateObject();
    if (item == NULL)
      break;
    struct api_item *it = &j->ps.item[i];
    if (it->error.problem == API_OK && j->out[i].status == SUDOKU_OK) {
      rated++;
      api_add_int(item, "index", i);
      cJSON_AddStringToObject(item, "status", "rated");
      api_rating_into(item, &j->out[i].r);
      api_variant_into(item, it->rules, it->grid.n);
    } else {
      struct api_error e = {API_OK, "", NULL};
      struct api_error *err = &it->error;
      if (err->problem == API_OK) {
        item_error(it, &j->out[i], &e);
        err = &e;
      }
      api_item_problem(err, i, item);
    }
    cJSON_AddItemToArray(results, item);
  }
  if (o != NULL) {
    api_add_int(o, "count", j->ps.count);
    api_add_int(o, "rated", rated);
    api_add_int(o, "failed", j->ps.count - rated);
  }
  api_render_json(o, 200, rated == j->ps.count ? "rated" : "batch-partial",
                  out);
}

static void rate_release(struct api_job *job) {
  struct rate_job *j = (struct rate_job *)job;
  api_puzzles_free(&j->ps);
  free(j->out);
}

static bool rate_read(struct api_job *job, const struct api_input *in,
                      struct api_error *e) {
  struct rate_job *j = (struct rate_job *)job;
  enum api_body_type type = api_body_sniff(in);
  const char *body = in->body != NULL ? in->body : "";
  uint32_t max_puzzles = job->limits.max_puzzles;
  cJSON *root = NULL;
  uint32_t kinds = 0;
  if (!api_choose_format(api_query_find(in, "format"), in->accept,
                         type == API_BODY_TEXT, API_TAKES_TEXT, &job->format,
                         e) ||
      !api_variant_query(in, type, &kinds, e))
    return false;
  bool ok = false;
  if (type == API_BODY_JSON) {
    ok = api_read_json_puzzles(body, in->body_len, max_puzzles, NULL, 0, &root,
                               &j->ps, e);
    cJSON_Delete(root);
  } else if (kinds != 0) {
    ok = api_read_rules_text(body, in->body_len, kinds, max_puzzles, &j->ps, e);
  } else if (type == API_BODY_TEXT || type == API_BODY_FORM) {
    struct api_position p;
    if (type == API_BODY_FORM) { /* puzzle=...: one puzzle */
      ok = api_read_position(in, 0, &p, e);
      if (ok) {
        j->ps.item = calloc(1, sizeof *j->ps.item);
        ok = j->ps.item != NULL;
        if (ok) {
          j->ps.item[0].grid = p.puzzle;
          j->ps.item[0].marks = p.marks; /* taken */
          p.marks = NULL;
          j->ps.count = 1;
        }
        api_position_free(&p);
      }
    } else {
      ok = api_read_text(body, in->body_len, max_puzzles, NULL, &j->ps, e);
    }
  } else {
    api_error_set(e, API_UNSUPPORTED_MEDIA_TYPE, NULL);
  }
  if (!ok)
    return false;
  j->out = calloc(j->ps.count, sizeof *j->out);
  if (j->out == NULL) {
    api_error_set(e, API_INTERNAL, NULL);
    return false;
  }
  if (job->format != API_FMT_JSON && job->format != API_FMT_LINE)
    job->format = API_FMT_JUDGE;
  return true;
}

const struct api_job_ops api_rate_ops = {sizeof(struct rate_job),
                                         rate_read,
                                         rate_cost,
                                         rate_run,
                                         rate_release,
                                         NULL};
