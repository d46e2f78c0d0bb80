/*
 * step_json.c - a step as JSON text (step_json.h). A few hundred bytes a
 * step; each piece goes to the sink as it is made, so nothing is bounded
 * but the explanation (SUDOKU_EXPLAIN_MAX).
 */
#include "step_json.h"
#include "sudoku_logic_rules.h"

#include <stdio.h>
#include <string.h>

#define PUT_LIT(o, s) (o)->put((o)->ctx, "" s, sizeof(s) - 1)

static void put_str(const struct json_sink *o, const char *s) {
  o->put(o->ctx, s, strlen(s));
}

/* s as a JSON string, escaped as cJSON escapes (short forms for \b \f \n
 * \r \t, \u00XX for other control characters, UTF-8 as it is). */
static void put_string(const struct json_sink *o, const char *s) {
  const char *run = s;
  PUT_LIT(o, "\"");
  for (; *s != '\0'; s++) {
    unsigned char c = (unsigned char)*s;
    if (c >= 0x20 && c != '"' && c != '\\')
      continue;
    o->put(o->ctx, run, (size_t)(s - run));
    run = s + 1;
    char esc[8];
    const char *sh = c == '"'    ? "\\\""
                     : c == '\\' ? "\\\\"
                     : c == '\b' ? "\\b"
                     : c == '\f' ? "\\f"
                     : c == '\n' ? "\\n"
                     : c == '\r' ? "\\r"
                     : c == '\t' ? "\\t"
                                 : NULL;
    if (sh == NULL)
      snprintf(esc, sizeof esc, "\\u%04x", c);
    put_str(o, sh != NULL ? sh : esc);
  }
  o->put(o->ctx, run, (size_t)(s - run));
  PUT_LIT(o, "\"");
}

static void put_int(const struct json_sink *o, unsigned v) {
  char text[16];
  o->put(o->ctx, text, (size_t)snprintf(text, sizeof text, "%u", v));
}

static void put_cell(const struct json_sink *o, int n, int cell) {
  char name[16];
  sudoku_cell_name(n, cell, name, sizeof name);
  put_string(o, name);
}

static void put_candidates(const struct json_sink *o, const char *key, int n,
                           const struct sudoku_candidate *c, int count) {
  PUT_LIT(o, ",\"");
  put_str(o, key);
  PUT_LIT(o, "\":[");
  for (int i = 0; i < count; i++) {
    if (i > 0)
      PUT_LIT(o, ",");
    PUT_LIT(o, "{\"cell\":");
    put_cell(o, n, c[i].cell);
    PUT_LIT(o, ",\"value\":");
    put_int(o, c[i].value);
    PUT_LIT(o, "}");
  }
  PUT_LIT(o, "]");
}

/* The units of st named under rules r of grid g ("diagonal 1"). */
static void put_units_rules(const struct json_sink *o,
                            const struct sudoku_step *st, const sudoku_grid *g,
                            const sudoku_rules *r) {
  struct sudoku_rules_derived d;
  bool ok = sudoku_rules_derive(g, r, &d, NULL) == SUDOKU_OK;
  for (int i = 0; i < st->nunits; i++) {
    char label[24];
    if (ok)
      sudoku_rules_unit_label(&d, st->units[i], label, sizeof label);
    else
      sudoku_unit_label(g->n, st->units[i], label, sizeof label);
    if (i > 0)
      PUT_LIT(o, ",");
    put_string(o, label);
  }
}

void step_json_members(const struct json_sink *o, const struct sudoku_step *st,
                       int n) {
  step_json_members_rules(o, st, n, NULL, NULL);
}

void step_json_members_rules(const struct json_sink *o,
                             const struct sudoku_step *st, int n,
                             const sudoku_grid *g, const sudoku_rules *r) {
  bool ruled = g != NULL && r != NULL && r->kinds != 0;
  static const char *const links[] = {"none", "strong", "weak"};
  char text[SUDOKU_EXPLAIN_MAX];
  PUT_LIT(o, "\"technique\":");
  put_string(o, sudoku_technique_id(st->technique));
  PUT_LIT(o, ",\"name\":");
  put_string(o, sudoku_technique_name(st->technique));
  PUT_LIT(o, ",\"rating\":");
  rating_json_number(o, st->rating);
  put_candidates(o, "placements", n, st->placements, st->nplacements);
  put_candidates(o, "eliminations", n, st->eliminations, st->neliminations);
  PUT_LIT(o, ",\"cells\":[");
  for (int i = 0; i < st->ncells; i++) {
    if (i > 0)
      PUT_LIT(o, ",");
    put_cell(o, n, st->cells[i]);
  }
  PUT_LIT(o, "],\"units\":[");
  if (ruled)
    put_units_rules(o, st, g, r);
  for (int i = 0; i < st->nunits && !ruled; i++) {
    char label[24];
    sudoku_unit_label(n, st->units[i], label, sizeof label);
    if (i > 0)
      PUT_LIT(o, ",");
    put_string(o, label);
  }
  PUT_LIT(o, "],\"values\":[");
  for (int v = 1, first = 1; v <= n; v++)
    if (st->values & (1u << (v - 1))) {
      if (!first)
        PUT_LIT(o, ",");
      put_int(o, (unsigned)v);
      first = 0;
    }
  PUT_LIT(o, "],\"chain\":[");
  for (int i = 0; i < st->nchain; i++) {
    if (i > 0)
      PUT_LIT(o, ",");
    PUT_LIT(o, "{\"cell\":");
    put_cell(o, n, st->chain[i].cell);
    PUT_LIT(o, ",\"value\":");
    put_int(o, st->chain[i].value);
    PUT_LIT(o, ",\"link\":");
    put_string(o,
               links[st->chain[i].link <= SUDOKU_LINK_WEAK ? st->chain[i].link
                                                           : SUDOKU_LINK_NONE]);
    PUT_LIT(o, "}");
  }
  PUT_LIT(o, "],\"explanation\":");
  if (ruled)
    sudoku_step_explain_rules(st, g, r, text, sizeof text);
  else
    sudoku_step_explain(st, n, text, sizeof text);
  put_string(o, text);
}

void step_json_write(const struct json_sink *o, const struct sudoku_step *st,
                     int n) {
  PUT_LIT(o, "{");
  step_json_members(o, st, n);
  PUT_LIT(o, "}");
}

void rating_json_number(const struct json_sink *o, unsigned rating10) {
  put_int(o, rating10 / 10u);
  PUT_LIT(o, ".");
  put_int(o, rating10 % 10u);
}

/* SE's ER, EP and ED of r, each after its text of before[]: the one
 * order of the three in the forum's form and in JSON. */
static void put_se_triple(const struct json_sink *o,
                          const struct sudoku_rating *r,
                          const char *const before[3]) {
  const unsigned v[3] = {r->rating, r->ep, r->ed};
  for (int k = 0; k < 3; k++) {
    put_str(o, before[k]);
    rating_json_number(o, v[k]);
  }
}

void rating_forum_triple(const struct json_sink *o,
                         const struct sudoku_rating *r) {
  static const char *const forum[3] = {"ED=", "/", "/"};
  put_se_triple(o, r, forum);
}

void rating_json_counts(const struct json_sink *o,
                        const struct sudoku_rating *r) {
  PUT_LIT(o, "{");
  for (int t = 0, first = 1; t < SUDOKU_TECH_COUNT; t++)
    if (r->counts[t] > 0) {
      if (!first)
        PUT_LIT(o, ",");
      put_string(o, sudoku_technique_id((enum sudoku_technique)t));
      PUT_LIT(o, ":");
      put_int(o, r->counts[t]);
      first = 0;
    }
  PUT_LIT(o, "}");
}

void rating_json_members(const struct json_sink *o,
                         const struct sudoku_rating *r, bool step_count) {
  static const char *const members[3] = {",\"er\":", ",\"ep\":", ",\"ed\":"};
  PUT_LIT(o, "\"rating\":");
  rating_json_number(o, r->rating);
  put_se_triple(o, r, members);
  PUT_LIT(o, ",\"level\":");
  put_string(o, sudoku_level_name(r->level));
  PUT_LIT(o, ",\"hardest\":");
  put_string(o, sudoku_technique_id(r->hardest));
  if (r->solved)
    PUT_LIT(o, ",\"solved\":true");
  else
    PUT_LIT(o, ",\"solved\":false");
  if (step_count) {
    PUT_LIT(o, ",\"step_count\":");
    put_int(o, r->steps);
  }
  PUT_LIT(o, ",\"counts\":");
  rating_json_counts(o, r);
}
