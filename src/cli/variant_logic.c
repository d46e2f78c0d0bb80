/*
 * variant_logic.c - `sudoku rate|steps --variant RULES`: the variant lines
 * of standard input (sudoku_rules.h's text format, as `sudoku --variant`
 * reads them), every line read and checked before any answer (a malformed
 * one stops the run, status 2, located), then each puzzle through the
 * command's own function with its rules, one after the other on this
 * thread (--jobs is taken and changes nothing: a variant walk holds the
 * derived rules, some 70 KiB, on its stack). The answers have the classic
 * shapes; the steps name the variant's units and cages.
 */
#include <stdlib.h>

#include "cli.h"
#include "pipeline.h"
#include "sudoku_logic_rules.h"

int cli_logic_variants(struct cli_logic_options *o, cli_puzzle_fn *one) {
  size_t len;
  char *text = cli_read_variant_lines(o->kinds, &len);
  if (text == NULL)
    return 2;
  sudoku_grid g;
  sudoku_rules r;
  struct sudoku_rules_reader rd;
  struct sudoku_text_error err;
  struct cli_memfile scratch = {NULL, NULL, 0};
  int rc = 0;
  o->rules = &r;
  sudoku_rules_reader_init(&rd, text, len, o->kinds);
  while (sudoku_rules_read_next(&rd, &g, &r, &err) > 0)
    if (!one(rd.puzzles, &g, o, stdout, stderr, &scratch))
      rc = 1;
  o->rules = NULL;
  if (scratch.f != NULL)
    fclose(scratch.f);
  free(scratch.buf);
  free(text);
  return fflush(stdout) != 0 ? 2 : rc;
}

int cli_hint_variant(const struct cli_logic_options *o) {
  if (o->entries != NULL) {
    fprintf(stderr, "sudoku: --entries is not taken with --variant: put "
                    "the entries among the givens\n");
    return 2;
  }
  size_t len;
  char *text = cli_read_stdin(&len);
  if (text == NULL)
    return 2;
  sudoku_grid g;
  sudoku_rules r;
  struct sudoku_rules_reader rd;
  struct sudoku_text_error err;
  sudoku_rules_reader_init(&rd, text, len, o->kinds);
  int got = sudoku_rules_read_next(&rd, &g, &r, &err);
  if (got == 1) {
    sudoku_grid more;
    sudoku_rules more_rules;
    got = sudoku_rules_read_next(&rd, &more, &more_rules, &err) == 0 ? 1 : -2;
  }
  free(text);
  if (got != 1) {
    fprintf(stderr, "sudoku: input: %s\n",
            got == -1  ? err.message
            : got == 0 ? "expected one variant line, got none"
                       : "expected one variant line, got more");
    return 2;
  }
  struct sudoku_hint *h = malloc(sizeof *h);
  if (h == NULL)
    return 2;
  enum sudoku_status s =
      sudoku_hint_rules(&g, &r, NULL, NULL, false, &o->limits, h);
  if (s != SUDOKU_OK) {
    struct sudoku_rules_problem p;
    size_t count = 0;
    if (s == SUDOKU_CONFLICT &&
        sudoku_rules_check(&g, &r, &p, 1, &count) == SUDOKU_CONFLICT)
      fprintf(stderr, "sudoku: puzzle 1: conflicting givens: %s\n", p.message);
    else
      fprintf(stderr, "sudoku: puzzle 1: %s\n", sudoku_strerror(s));
    if (o->json)
      cli_json_refusal(stdout, s);
    else
      fputs(cli_refusal(s), stdout);
    putchar('\n');
    free(h);
    return fflush(stdout) != 0 ? 2 : 1;
  }
  if (o->json) {
    cli_json_step_rules(stdout, &h->step, &g, &r);
    putchar('\n');
  } else {
    char sentence[SUDOKU_EXPLAIN_MAX];
    sudoku_step_explain_rules(&h->step, &g, &r, sentence, sizeof sentence);
    printf("%s\n", sentence);
  }
  free(h);
  return fflush(stdout) != 0 ? 2 : 0;
}
