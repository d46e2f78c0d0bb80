/*
 * logic_json.c - the logic's answers in JSON, the same shape as the CLI's
 * `sudoku steps --json` and `sudoku hint`: a step is {"technique", "name",
 * "rating", "placements": [{"cell", "value"}], "eliminations": [...],
 * "cells": [...], "units": [...], "values": [...], "chain": [{"cell",
 * "value", "link"}], "explanation"}; a rating {"rating", "level",
 * "hardest", "solved", "steps", "counts": {"hidden-single": 41, ...}}.
 */
#include <stdio.h>
#include <string.h>

#include "api_internal.h"

void api_add_rating(cJSON *o, const char *name, unsigned rating10) {
  char text[16];
  snprintf(text, sizeof text, "%u.%u", rating10 / 10, rating10 % 10);
  cJSON_AddRawToObject(o, name, text);
}

static cJSON *candidates_of(const struct sudoku_candidate *c, int count,
                            int n) {
  cJSON *a = cJSON_CreateArray();
  for (int i = 0; i < count && a != NULL; i++) {
    cJSON *x = cJSON_CreateObject();
    char cell[8];
    if (x == NULL)
      break;
    sudoku_cell_name(n, c[i].cell, cell, sizeof cell);
    cJSON_AddStringToObject(x, "cell", cell);
    api_add_int(x, "value", c[i].value);
    cJSON_AddItemToArray(a, x);
  }
  return a;
}

void api_step_into(cJSON *o, const struct sudoku_step *st, int n) {
  static const char *const links[] = {"none", "strong", "weak"};
  char name[16], text[SUDOKU_EXPLAIN_MAX];
  cJSON_AddStringToObject(o, "technique", sudoku_technique_id(st->technique));
  cJSON_AddStringToObject(o, "name", sudoku_technique_name(st->technique));
  api_add_rating(o, "rating", st->rating);
  cJSON_AddItemToObject(o, "placements",
                        candidates_of(st->placements, st->nplacements, n));
  cJSON_AddItemToObject(o, "eliminations",
                        candidates_of(st->eliminations, st->neliminations, n));
  cJSON *cells = cJSON_AddArrayToObject(o, "cells");
  for (int i = 0; i < st->ncells && cells != NULL; i++) {
    sudoku_cell_name(n, st->cells[i], name, sizeof name);
    cJSON_AddItemToArray(cells, cJSON_CreateString(name));
  }
  cJSON *units = cJSON_AddArrayToObject(o, "units");
  for (int i = 0; i < st->nunits && units != NULL; i++) {
    sudoku_unit_label(n, st->units[i], name, sizeof name);
    cJSON_AddItemToArray(units, cJSON_CreateString(name));
  }
  cJSON *values = cJSON_AddArrayToObject(o, "values");
  for (int v = 1; v <= n && values != NULL; v++)
    if (st->values & (1u << (v - 1)))
      cJSON_AddItemToArray(values, cJSON_CreateNumber(v));
  cJSON *chain = cJSON_AddArrayToObject(o, "chain");
  for (int i = 0; i < st->nchain && chain != NULL; i++) {
    cJSON *x = cJSON_CreateObject();
    if (x == NULL)
      break;
    sudoku_cell_name(n, st->chain[i].cell, name, sizeof name);
    cJSON_AddStringToObject(x, "cell", name);
    api_add_int(x, "value", st->chain[i].value);
    cJSON_AddStringToObject(
        x, "link", st->chain[i].link < 3 ? links[st->chain[i].link] : "none");
    cJSON_AddItemToArray(chain, x);
  }
  sudoku_step_explain(st, n, text, sizeof text);
  cJSON_AddStringToObject(o, "explanation", text);
}

void api_rating_into(cJSON *o, const struct sudoku_rating *r) {
  api_add_rating(o, "rating", r->rating);
  cJSON_AddStringToObject(o, "level", sudoku_level_name(r->level));
  cJSON_AddStringToObject(o, "hardest", sudoku_technique_id(r->hardest));
  cJSON_AddBoolToObject(o, "solved", r->solved);
  api_add_int(o, "step_count", r->steps);
  cJSON *counts = cJSON_AddObjectToObject(o, "counts");
  for (int t = 0; t < SUDOKU_TECH_COUNT && counts != NULL; t++)
    if (r->counts[t] > 0)
      api_add_int(counts, sudoku_technique_id((enum sudoku_technique)t),
                  r->counts[t]);
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
