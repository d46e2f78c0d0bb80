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

int cli_logic_variants(struct cli_logic_options *o, cli_puzzle_fn *one) {
  size_t len;
  char *text = cli_read_stdin(&len);
  if (text == NULL)
    return 2;
  static sudoku_grid g;
  static sudoku_rules r;
  struct sudoku_rules_reader rd;
  struct sudoku_text_error err;
  int got;
  sudoku_rules_reader_init(&rd, text, len, o->kinds);
  while ((got = sudoku_rules_read_next(&rd, &g, &r, &err)) > 0)
    ;
  if (got < 0 || rd.puzzles == 0) {
    fprintf(stderr, "sudoku: %s\n",
            got < 0 ? err.message : "no puzzle in the input");
    free(text);
    return 2;
  }
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
