/*
 * logic_out.c - what `sudoku rate`, `steps` and `hint` print beside their
 * steps: the words for a refusal, and the JSON of a step, a rating and a
 * refusal, through the one writer of both programs (step_json.c; the CLI
 * writes JSON without cJSON).
 *
 * JSON written here: a step as step_json.h says; a refusal is
 * {"error":"<status code>","message":"<sentence>"}.
 */
#include <stdio.h>

#include "cli.h"
#include "step_json.h"

const char *cli_refusal(enum sudoku_status s) {
  switch (s) {
  case SUDOKU_NOT_UNIQUE:
    return "not unique";
  case SUDOKU_DEADLINE:
    return "deadline exceeded";
  case SUDOKU_NODE_LIMIT:
    return "no step found";
  default:
    return "no solution";
  }
}

void cli_report_refusal(FILE *err, uint32_t index, const sudoku_grid *g,
                        enum sudoku_status s) {
  if (s == SUDOKU_CONFLICT)
    cli_report_conflict(err, index, g);
  else
    fprintf(err, "sudoku: puzzle %u: %s\n", index, sudoku_strerror(s));
}

/* ---- JSON ------------------------------------------------------------- */

/* A JSON string: the sentences are ASCII, but escape what JSON needs. */
static void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

static void file_put(void *f, const char *s, size_t n) { fwrite(s, 1, n, f); }

void cli_json_rating(FILE *f, unsigned rating) {
  struct json_sink sink = {file_put, f};
  rating_json_number(&sink, rating);
}

void cli_json_step(FILE *f, const struct sudoku_step *st, int n) {
  struct json_sink sink = {file_put, f};
  step_json_write(&sink, st, n);
}

void cli_json_step_rules(FILE *f, const struct sudoku_step *st,
                         const sudoku_grid *g, const sudoku_rules *r) {
  struct json_sink sink = {file_put, f};
  fputc('{', f);
  step_json_members_rules(&sink, st, g->n, g, r);
  fputc('}', f);
}

void cli_json_refusal(FILE *f, enum sudoku_status s) {
  fputs("{\"error\":", f);
  json_string(f, sudoku_status_code(s));
  fputs(",\"message\":", f);
  json_string(f, sudoku_strerror(s));
  fputc('}', f);
}

void cli_json_summary(FILE *f, const struct sudoku_rating *r) {
  struct json_sink sink = {file_put, f};
  rating_json_members(&sink, r, false);
}

void cli_forum_triple(FILE *f, const struct sudoku_rating *r) {
  struct json_sink sink = {file_put, f};
  rating_forum_triple(&sink, r);
}
