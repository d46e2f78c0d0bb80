/*
 * logic_json.c - the logic's answers in JSON: a step as the CLI writes it
 * (step_json.c, the one writer of both), a rating {"rating", "level",
 * "hardest", "solved", "step_count", "counts": {"hidden-single": 41, ...}}.
 */
#include <stdio.h>
#include <string.h>

#include "api_internal.h"

/* The text the shared writer makes, as a raw member of o (nothing when
 * memory ran out: the caller's object is then incomplete, as with any
 * failed cJSON_Add). */
static void add_raw(cJSON *o, const char *name, struct api_buf *b) {
  if (!b->failed) {
    b->p[b->len] = '\0';
    cJSON_AddRawToObject(o, name, b->p);
  }
  api_buf_free(b);
}

void api_add_rating(cJSON *o, const char *name, unsigned rating10) {
  struct api_buf b;
  if (!api_buf_init(&b, 16))
    return;
  struct json_sink sink = api_buf_sink(&b);
  rating_json_number(&sink, rating10);
  add_raw(o, name, &b);
}

cJSON *api_step_json(const struct sudoku_step *st, const sudoku_grid *g,
                     const sudoku_rules *r) {
  struct api_buf b;
  cJSON *raw = NULL;
  if (!api_buf_init(&b, 1024))
    return NULL;
  struct json_sink sink = api_buf_sink(&b);
  api_buf_lit(&b, "{");
  step_json_members_rules(&sink, st, g->n, g, r);
  api_buf_lit(&b, "}");
  if (!b.failed) {
    b.p[b.len] = '\0';
    raw = cJSON_CreateRaw(b.p);
  }
  api_buf_free(&b);
  return raw;
}

void api_rating_into(cJSON *o, const struct sudoku_rating *r) {
  api_add_rating(o, "rating", r->rating);
  cJSON_AddStringToObject(o, "level", sudoku_level_name(r->level));
  cJSON_AddStringToObject(o, "hardest", sudoku_technique_id(r->hardest));
  cJSON_AddBoolToObject(o, "solved", r->solved);
  api_add_int(o, "step_count", r->steps);
  struct api_buf b;
  if (!api_buf_init(&b, 256))
    return;
  struct json_sink sink = api_buf_sink(&b);
  rating_json_counts(&sink, r);
  add_raw(o, "counts", &b);
}

struct sudoku_logic_limits api_logic_limits(uint64_t deadline_ns) {
  struct sudoku_logic_limits l = {0, 0};
  if (deadline_ns != 0) {
    uint64_t now = sudoku_clock_ns();
    l.deadline_us = now < deadline_ns ? (deadline_ns - now) / 1000u : 1;
    if (l.deadline_us == 0)
      l.deadline_us = 1;
  }
  return l;
}
