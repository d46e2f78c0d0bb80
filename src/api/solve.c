/*
 * solve.c - POST /solve: one puzzle or a batch, as JSON, text or a form;
 * the solution (or several counted up to max_solutions, or the
 * lexicographically smallest) as JSON, judge text or the line format;
 * ?format=svg (or Accept: image/svg+xml) draws one puzzle's solution, the
 * givens bold and the values found in blue.
 *
 * Cost: the first attempt gives every puzzle API_PROBE_NODES search nodes
 * (a few hundred: most 9x9 puzzles need fewer than 50); what it answers is
 * final and kept, the rest is solved by api_job_run within the deadline.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "sudoku_draw.h"

/* Search nodes of the first attempt, per request, for 9x9 puzzles: ~100 ns
 * each. A node costs about its cell count, so larger grids get fewer
 * (16x16: 324, 25x25: 132): the attempt stays near 0.1 ms whatever the
 * size, on the network thread. */
#define API_PROBE_NODES 1024u
#define API_PROBE_CELLS 81u

struct answer {
  enum sudoku_status status;
  bool done; /* final: solved, counted, or proven to have no answer */
  sudoku_grid solution;
  struct sudoku_stats stats;
  uint64_t time_us;
};

struct solve_job {
  struct api_job base;
  struct api_puzzles ps;
  struct answer *ans; /* one per item */
  uint32_t max_solutions;
  bool lexmin;
  bool probed;
};

/* ---- Reading ----------------------------------------------------------- */

static bool read_json_puzzles(struct solve_job *j, const char *body, size_t len,
                              struct api_error *e) {
  const cJSON *max_v, *lexmin_v;
  const struct api_member extra[] = {
      {"max_solutions", &max_v},
      {"lexmin", &lexmin_v},
  };
  cJSON *root = NULL;
  int limit = 2;
  if (!api_read_json_puzzles(body, len, j->base.limits.max_puzzles, extra, 2,
                             &root, &j->ps, e))
    return false;
  bool ok = false;
  if (max_v != NULL && !api_json_int(max_v, "max_solutions", 1,
                                     API_MAX_SOLUTIONS_LIMIT, &limit, e))
    goto done;
  j->max_solutions = (uint32_t)limit;
  if (lexmin_v != NULL) {
    if (!cJSON_IsBool(lexmin_v)) {
      api_error_set(e, API_INVALID_REQUEST, "lexmin: expected true or false");
      api_error_string(e, API_EM_PATH, "lexmin");
      goto done;
    }
    j->lexmin = cJSON_IsTrue(lexmin_v);
  }
  ok = true;
done:
  cJSON_Delete(root);
  return ok;
}

/* A form's fields: puzzle exactly once (read as text), format at most once. */
static bool read_form(struct solve_job *j, const struct api_input *in,
                      const struct api_param **format, struct api_form *form,
                      struct api_error *e) {
  if (!api_form_decode(in->body, in->body_len, form, e))
    return false;
  const struct api_param *puzzle = NULL;
  for (size_t i = 0; i < form->count; i++) {
    const struct api_param *f = &form->field[i];
    const struct api_param **slot =
        f->name_len == 6 && memcmp(f->name, "puzzle", 6) == 0   ? &puzzle
        : f->name_len == 6 && memcmp(f->name, "format", 6) == 0 ? format
                                                                : NULL;
    if (slot == NULL)
      continue; /* a submit button and the like */
    const char *name = slot == &puzzle ? "puzzle" : "format";
    if (*slot != NULL)
      return api_fail(e, API_INVALID_REQUEST, name,
                      "form field %s appears twice", name);
    *slot = f;
  }
  if (puzzle == NULL) {
    api_error_set(e, API_INVALID_REQUEST, "form: expected a puzzle field");
    return false;
  }
  return api_read_text(puzzle->value, puzzle->value_len,
                       j->base.limits.max_puzzles, "puzzle", &j->ps, e);
}

/* ---- Solving ----------------------------------------------------------- */

/* Solves item i with the node budget nodes (0: the request's own) and the
 * wall-clock budget us (0: none); keeps the answer when it is final. */
static void solve_item(struct solve_job *j, uint32_t i, uint64_t nodes,
                       uint64_t us) {
  struct answer *a = &j->ans[i];
  struct sudoku_limits sl = {j->max_solutions, j->base.limits.max_nodes, us,
                             j->lexmin};
  bool probe = nodes != 0 && (sl.max_nodes == 0 || nodes < sl.max_nodes);
  if (probe)
    sl.max_nodes = nodes;
  uint64_t t0 = sudoku_clock_ns();
  a->status = sudoku_solve_rules(&j->ps.item[i].grid, j->ps.item[i].rules, &sl,
                                 &a->solution, &a->stats);
  a->time_us += (sudoku_clock_ns() - t0) / 1000u;
  a->done = !(probe && a->status == SUDOKU_NODE_LIMIT);
}

static enum api_cost solve_cost(struct api_job *job) {
  struct solve_job *j = (struct solve_job *)job;
  uint64_t left = API_PROBE_NODES;
  bool long_work = false, all_done = true;
  j->probed = true;
  for (uint32_t i = 0; i < j->ps.count; i++) {
    const sudoku_grid *g = &j->ps.item[i].grid;
    if (j->ps.item[i].error.problem != API_OK) {
      j->ans[i].done = true;
      continue;
    }
    uint64_t budget = left * API_PROBE_CELLS / ((uint64_t)g->n * g->n);
    if (budget > 0) {
      solve_item(j, i, budget, 0);
      uint64_t spent =
          j->ans[i].stats.nodes * ((uint64_t)g->n * g->n) / API_PROBE_CELLS;
      left = left > spent ? left - spent : 0;
    }
    if (!j->ans[i].done) {
      all_done = false;
      /* Large grids with few givens and big counts can run to the
       * deadline; a 9x9 or an easy 16x16 takes milliseconds. */
      int cells = g->n * g->n;
      long_work |= g->n > 16 ||
                   (g->n > 9 && sudoku_count_givens(g) * 3 < cells) ||
                   (g->n > 9 && j->lexmin);
    }
  }
  if (all_done)
    return API_COST_DONE;
  return long_work || j->ps.count > 16 ? API_COST_LONG : API_COST_SHORT;
}

/* ---- Rendering --------------------------------------------------------- */

/* The problem for an unanswered puzzle. */
static void answer_error(const struct api_item *it, const struct answer *a,
                         struct api_error *e) {
  if (a->status == SUDOKU_CONFLICT && it->rules != NULL) {
    api_variant_conflicts(&it->grid, it->rules, e);
    return;
  }
  if (a->status == SUDOKU_CONFLICT) {
    api_conflict_error(&it->grid, e);
    return;
  }
  api_error_set(e, (enum api_problem)a->status, NULL);
  api_error_number(e, API_EM_NODES, (double)a->stats.nodes);
}

/* The metrics outcome of one answer. */
static const char *answer_outcome(const struct answer *a) {
  if (a->status == SUDOKU_OK)
    return a->stats.solutions == 1 ? "solved" : "not-unique";
  if (a->stats.solutions > 0)
    return "solved-partial";
  return sudoku_status_code(a->status);
}

/* The members of an answered puzzle, written directly (see json_write.c):
 * "solution" ... "time_us", in that order, then a variant's rules (the
 * members it was asked with: the answer can be posted back). */
static void solution_members(struct api_buf *b, const struct api_item *it,
                             const struct answer *a, uint32_t max_solutions) {
  const sudoku_grid *p = &it->grid;
  size_t cells = (size_t)a->solution.n * a->solution.n;
  api_buf_lit(b, "\"solution\":");
  char *w = api_buf_room(b, API_ROWS_BYTES(a->solution.n));
  if (w != NULL)
    b->len += api_rows_text(&a->solution, w);
  /* The line's symbols ('1'-'9', 'A'-'Z', '.') need no escape: written in
   * place between its quotes, its newline dropped, and only escaped if a
   * byte ever did need it. */
  api_buf_lit(b, ",\"line\":");
  w = api_buf_room(b, cells + 3);
  if (w != NULL) {
    size_t len = sudoku_write_line(&a->solution, w + 1, cells + 2);
    len = len > cells + 1 ? cells + 1 : len; /* cut: never, cells + 2 fit */
    len -= len > 0 && w[len] == '\n';
    size_t plain = 0;
    while (plain < len && w[1 + plain] >= 0x20 && w[1 + plain] != '"' &&
           w[1 + plain] != '\\')
      plain++;
    if (plain == len) {
      w[0] = '"';
      w[len + 1] = '"';
      b->len += len + 2;
    } else {
      char line[SUDOKU_TEXT_MAX];
      memcpy(line, w + 1, len);
      api_buf_string(b, line, len);
    }
  }
  /* unique is known once a second solution is found, or when a search
   * allowed to find one completed without it. */
  if (a->stats.solutions >= 2)
    api_buf_lit(b, ",\"unique\":false");
  else if (a->status == SUDOKU_OK && max_solutions >= 2)
    api_buf_lit(b, ",\"unique\":true");
  else
    api_buf_lit(b, ",\"unique\":null");
  api_buf_lit(b, ",\"solutions_found\":");
  api_buf_uint(b, a->stats.solutions);
  if (a->status == SUDOKU_OK) {
    api_buf_lit(b, ",\"complete\":true");
  } else {
    const char *code = sudoku_status_code(a->status);
    api_buf_lit(b, ",\"complete\":false,\"stopped\":");
    api_buf_string(b, code, strlen(code));
  }
  api_buf_lit(b, ",\"size\":");
  api_buf_uint(b, (uint64_t)p->n);
  api_buf_lit(b, ",\"box\":[");
  api_buf_uint(b, (uint64_t)p->box_rows);
  api_buf_lit(b, ",");
  api_buf_uint(b, (uint64_t)p->box_cols);
  api_buf_lit(b, "],\"givens\":");
  api_buf_uint(b, (uint64_t)sudoku_count_givens(p));
  api_buf_lit(b, ",\"nodes\":");
  api_buf_uint(b, a->stats.nodes);
  api_buf_lit(b, ",\"guesses\":");
  api_buf_uint(b, a->stats.guesses);
  api_buf_lit(b, ",\"time_us\":");
  api_buf_uint(b, a->time_us);
  if (it->rules != NULL) {
    api_buf_lit(b, ",");
    api_variant_write(b, it->rules, p->n);
  }
}

/* Bytes of an answered puzzle's members beyond its rows and line. */
#define API_SOLUTION_EXTRA 320u
/* Room for all of them: one allocation, under 1 KiB for a 9x9 (what
 * glibc serves from its per-thread cache; a larger block costs a
 * consolidation of its free lists on every request). */
static size_t solution_bytes(const struct api_item *it) {
  const sudoku_grid *p = &it->grid;
  return API_ROWS_BYTES(p->n) + (size_t)p->n * p->n + API_SOLUTION_EXTRA +
         api_variant_bytes(it->rules, p->n);
}

/* JSON for a batch: 200 with a status per item. An item without an answer
 * is a small cJSON tree (its problem's members), printed in place. */
static void render_batch_json(struct solve_job *j, struct api_response *out) {
  struct api_buf b;
  uint32_t solved = 0;
  /* Grows as it goes: most items are far smaller than the largest. */
  api_buf_init(&b, (size_t)j->ps.count * 512 + 64);
  api_buf_lit(&b, "{\"results\":[");
  for (uint32_t i = 0; i < j->ps.count && !b.failed; i++) {
    struct api_item *it = &j->ps.item[i];
    if (i > 0)
      api_buf_lit(&b, ",");
    if (it->error.problem == API_OK && j->ans[i].stats.solutions > 0) {
      solved++;
      api_buf_lit(&b, "{\"index\":");
      api_buf_uint(&b, i);
      api_buf_lit(&b, ",\"status\":\"solved\",");
      solution_members(&b, it, &j->ans[i], j->max_solutions);
      api_buf_lit(&b, "}");
      continue;
    }
    struct api_error e = {API_OK, "", NULL};
    struct api_error *err = &it->error;
    if (err->problem == API_OK) {
      answer_error(it, &j->ans[i], &e);
      err = &e;
    }
    cJSON *item = cJSON_CreateObject();
    if (item != NULL) {
      api_item_problem(err, i, item);
      api_buf_cjson(&b, item);
      cJSON_Delete(item);
    } else {
      api_error_clear(err);
      b.failed = true;
    }
  }
  api_buf_lit(&b, "],\"count\":");
  api_buf_uint(&b, j->ps.count);
  api_buf_lit(&b, ",\"solved\":");
  api_buf_uint(&b, solved);
  api_buf_lit(&b, ",\"failed\":");
  api_buf_uint(&b, j->ps.count - solved);
  api_buf_lit(&b, "}");
  api_render_buf(&b, 200, solved == j->ps.count ? "solved" : "batch-partial",
                 out);
}

/* Judge text or line format for every puzzle; "no solution" (or the
 * reason) in place of an unanswered one, as the CLI prints. */
static void render_text(struct solve_job *j, struct api_response *out) {
  size_t cap = (size_t)j->ps.count * (SUDOKU_TEXT_MAX + 1) + 1, len = 0;
  char *body = malloc(cap);
  if (body == NULL) {
    struct api_error e = {API_INTERNAL, "out of memory", NULL};
    api_render_error(&e, NULL, NULL, out);
    return;
  }
  for (uint32_t i = 0; i < j->ps.count; i++) {
    const struct answer *a = &j->ans[i];
    if (i > 0 && j->base.format == API_FMT_JUDGE)
      body[len++] = '\n';
    if (a->stats.solutions > 0) {
      len += j->base.format == API_FMT_JUDGE
                 ? sudoku_write_judge(&a->solution, body + len, cap - len)
                 : sudoku_write_line(&a->solution, body + len, cap - len);
    } else {
      const char *why = a->status == SUDOKU_DEADLINE ? "deadline exceeded"
                        : a->status == SUDOKU_NODE_LIMIT
                            ? "search budget exceeded"
                            : "no solution";
      memcpy(body + len, why, strlen(why));
      len += strlen(why);
      body[len++] = '\n';
    }
  }
  body[len] = '\0';
  out->status = 200;
  out->content_type = CT_TEXT;
  out->body = body;
  out->body_len = len;
  out->outcome = j->ps.batch ? "solved" : answer_outcome(&j->ans[0]);
}

/* out->solutions for a 200: each puzzle's solutions found, ", " between
 * (at most 10 digits and 2 separators a puzzle). Without memory the
 * header is left out; the body still says it in JSON. */
static void solutions_header(const struct solve_job *j,
                             struct api_response *out) {
  if (out->status != 200)
    return;
  size_t cap = (size_t)j->ps.count * 12 + 1, len = 0;
  out->solutions = malloc(cap);
  if (out->solutions == NULL)
    return;
  for (uint32_t i = 0; i < j->ps.count; i++)
    len += (size_t)snprintf(out->solutions + len, cap - len, "%s%lu",
                            i > 0 ? ", " : "",
                            (unsigned long)j->ans[i].stats.solutions);
}

static void solve_render(struct solve_job *j, struct api_response *out);

static void solve_run(struct api_job *job, uint64_t deadline_ns,
                      struct api_response *out) {
  struct solve_job *j = (struct solve_job *)job;
  bool started = false;
  if (!j->probed)
    solve_cost(job);
  for (uint32_t i = 0; i < j->ps.count; i++) {
    if (j->ans[i].done)
      continue;
    uint64_t now = sudoku_clock_ns(), us = 0;
    if (deadline_ns != 0) {
      if (now >= deadline_ns) {
        if (!started) {
          /* Waited past its deadline for a worker: nothing was tried. */
          struct api_error e = {API_OK, "", NULL};
          api_error_set(&e, API_QUEUE_TIMEOUT, NULL);
          api_render_error(&e, api_job_accept(job), api_job_request_id(job),
                           out);
          out->puzzles = j->ps.count;
          return;
        }
        j->ans[i].status = SUDOKU_DEADLINE;
        j->ans[i].stats.solutions = 0;
        continue;
      }
      us = (deadline_ns - now) / 1000u;
      us = us > 0 ? us : 1;
    }
    started = true;
    solve_item(j, i, 0, us);
  }
  solve_render(j, out);
  solutions_header(j, out);
}

/* The answer to every puzzle of j, solved or given up, in its format. */
static void solve_render(struct solve_job *j, struct api_response *out) {
  out->puzzles = j->ps.count;
  if (j->ps.batch) {
    if (j->base.format == API_FMT_JSON)
      render_batch_json(j, out);
    else
      render_text(j, out);
    return;
  }
  struct answer *a = &j->ans[0];
  if (a->stats.solutions == 0) {
    struct api_error e = {API_OK, "", NULL};
    answer_error(&j->ps.item[0], a, &e);
    api_render_error(&e, api_job_accept(&j->base), api_job_request_id(&j->base),
                     out);
    out->outcome = api_problem_code(e.problem);
    out->puzzles = 1;
    return;
  }
  if (j->base.format == API_FMT_SVG) {
    struct sudoku_picture pic = {.givens = &j->ps.item[0].grid,
                                 .entries = &a->solution,
                                 .title = "Sudoku: the solution",
                                 .rules = j->ps.item[0].rules};
    api_render_svg(&pic, answer_outcome(a), out);
  } else if (j->base.format == API_FMT_JSON) {
    struct api_buf b;
    api_buf_init(&b, solution_bytes(&j->ps.item[0]));
    api_buf_lit(&b, "{");
    solution_members(&b, &j->ps.item[0], a, j->max_solutions);
    api_buf_lit(&b, "}");
    api_render_buf(&b, 200, answer_outcome(a), out);
  } else {
    render_text(j, out);
  }
  out->puzzles = 1;
}

static void solve_release(struct api_job *job) {
  struct solve_job *j = (struct solve_job *)job;
  api_puzzles_free(&j->ps);
  free(j->ans);
}

static bool solve_read(struct api_job *job, const struct api_input *in,
                       struct api_error *e) {
  struct solve_job *j = (struct solve_job *)job;
  struct api_form form = {NULL, 0, {{0}}};
  const struct api_param *format = api_query_find(in, "format"),
                         *form_format = NULL;
  enum api_body_type type = api_body_sniff(in);
  const char *body = in->body != NULL ? in->body : "";
  uint32_t kinds = 0;
  bool ok = false;
  j->max_solutions = 2;
  if (!api_variant_query(in, type, &kinds, e))
    type = API_BODY_NONE; /* nothing is read */
  switch (type) {
  case API_BODY_NONE:
    break;
  case API_BODY_JSON:
    ok = read_json_puzzles(j, body, in->body_len, e);
    break;
  case API_BODY_TEXT:
    if (kinds != 0)
      ok = api_read_rules_text(body, in->body_len, kinds,
                               job->limits.max_puzzles, &j->ps, e);
    else
      ok = api_read_text(body, in->body_len, job->limits.max_puzzles, NULL,
                         &j->ps, e);
    break;
  case API_BODY_FORM:
    ok = read_form(j, in, &form_format, &form, e);
    break;
  default:
    api_error_set(e, API_UNSUPPORTED_MEDIA_TYPE, NULL);
    break;
  }
  /* The format is checked first: a bad one is the answer whatever the
   * body holds. */
  struct api_error fe = {API_OK, "", NULL};
  if (!api_choose_format(format != NULL ? format : form_format, in->accept,
                         type == API_BODY_TEXT,
                         API_TAKES_TEXT | API_FMT_BIT(API_FMT_SVG),
                         &job->format, &fe)) {
    api_error_clear(e);
    *e = fe;
    ok = false;
  }
  api_form_free(&form);
  if (ok && j->ps.batch && job->format == API_FMT_SVG) {
    api_error_set(e, API_INVALID_FORMAT,
                  "format=svg draws one puzzle; send the %u one by one",
                  j->ps.count);
    api_error_string(e, API_EM_PATH, "format");
    ok = false;
  }
  if (!ok)
    return false;
  j->ans = calloc(j->ps.count, sizeof *j->ans);
  if (j->ans == NULL) {
    api_error_set(e, API_INTERNAL, NULL);
    return false;
  }
  return true;
}

const struct api_job_ops api_solve_ops = {sizeof(struct solve_job),
                                          solve_read,
                                          solve_cost,
                                          solve_run,
                                          solve_release,
                                          NULL};
