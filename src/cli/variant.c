/*
 * variant.c - `sudoku --variant x,killer,...`: variant puzzles, one a line
 * (the text format of sudoku_rules.h), solved under their rules with
 * sudoku_solve_rules and printed as the classic solver prints (judge text
 * or one line, "no solution", the same messages on stderr). The whole input
 * is read and checked first, so a malformed line stops the run before any
 * answer (status 2, located); the puzzles are solved one after the other
 * (a variant search holds some 160 KiB of state; --jobs is taken and
 * changes nothing). `--json` reads one puzzle and its rules as the JSON
 * body of POST /solve, through the api's reader: the CLI links src/api and
 * cJSON for that alone, so that JSON and f-puzzles are read in one place.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "cli.h"

bool cli_parse_variant(const char *list, uint32_t *kinds) {
  size_t bad;
  if (sudoku_rule_kinds(list, strlen(list), kinds, &bad))
    return true;
  fprintf(stderr, "sudoku: --variant takes a comma list of");
  for (int i = 0; i < SUDOKU_RULE_COUNT; i++)
    fprintf(stderr, "%s %s", i ? "," : "", sudoku_rule_name(i));
  fprintf(stderr, "; not '%.*s'\n", (int)strcspn(list + bad, ","), list + bad);
  return false;
}

/* One puzzle: its answer on stdout, its messages on stderr, as solve.c
 * prints them. False when it had no answer. */
static bool solve_one(uint32_t index, const sudoku_grid *g,
                      const sudoku_rules *r, const struct sudoku_limits *lim,
                      bool line_format) {
  sudoku_grid sol;
  struct sudoku_stats st;
  enum sudoku_status s = sudoku_solve_rules(g, r, lim, &sol, &st);
  if (st.solutions == 0) {
    struct sudoku_rules_problem p;
    size_t count = 0;
    if (s == SUDOKU_CONFLICT &&
        sudoku_rules_check(g, r, &p, 1, &count) == SUDOKU_CONFLICT)
      fprintf(stderr, "sudoku: puzzle %u: conflicting givens: %s%s\n", index,
              p.message, count > 1 ? ", and more" : "");
    else if ((s == SUDOKU_BAD_RULES || s == SUDOKU_BAD_SHAPE ||
              s == SUDOKU_BAD_VALUE) &&
             sudoku_rules_check(g, r, &p, 1, &count) == s)
      fprintf(stderr, "sudoku: puzzle %u: invalid rules: %s\n", index,
              p.message);
    else
      fprintf(stderr, "sudoku: puzzle %u: %s\n", index, sudoku_strerror(s));
    fputs("no solution\n", stdout);
    return false;
  }
  if (s == SUDOKU_OK && st.solutions > 1)
    fprintf(stderr, "sudoku: puzzle %u: several solutions; printed %s\n", index,
            lim->lexmin ? "the smallest" : "one");
  else if (s != SUDOKU_OK)
    fprintf(stderr, "sudoku: puzzle %u: %s; uniqueness unknown\n", index,
            sudoku_strerror(s));
  char out[SUDOKU_TEXT_MAX];
  size_t len = line_format ? sudoku_write_line(&sol, out, sizeof out)
                           : sudoku_write_judge(&sol, out, sizeof out);
  fwrite(out, 1, len, stdout);
  return true;
}

int cli_solve_variants(uint32_t kinds, const struct sudoku_limits *lim,
                       bool line_format) {
  size_t len;
  char *text = cli_read_variant_lines(kinds, &len);
  if (text == NULL)
    return 2;
  sudoku_grid g;
  sudoku_rules r;
  struct sudoku_rules_reader rd;
  struct sudoku_text_error err;
  int rc = 0;
  sudoku_rules_reader_init(&rd, text, len, kinds);
  while (sudoku_rules_read_next(&rd, &g, &r, &err) > 0) {
    if (rd.puzzles > 1 && !line_format)
      putchar('\n');
    if (!solve_one(rd.puzzles, &g, &r, lim, line_format))
      rc = 1;
  }
  free(text);
  if (fflush(stdout) != 0)
    return 2;
  return rc;
}

int cli_solve_json(const struct sudoku_limits *lim, bool line_format) {
  size_t len;
  char *text = cli_read_stdin(&len);
  if (text == NULL)
    return 2;
  sudoku_grid g;
  sudoku_rules r;
  char detail[400];
  bool ok = api_read_variant_body(text, len, &g, &r, detail, sizeof detail);
  free(text);
  if (!ok) {
    fprintf(stderr, "sudoku: %s\n", detail);
    return 2;
  }
  int rc = solve_one(1, &g, &r, lim, line_format) ? 0 : 1;
  if (fflush(stdout) != 0)
    return 2;
  return rc;
}
