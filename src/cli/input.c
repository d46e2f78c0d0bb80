/*
 * input.c - standard input read whole, for the subcommands that need all
 * of it at once (the variant readers, hint, candidates; solve, rate and
 * steps stream instead: stream.c). Bounded by CLI_INPUT_MAX.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <stdlib.h>

#include "cli.h"
#include "read_all.h"
#include "sudoku_rules.h"

#define CLI_INPUT_MAX (64u << 20) /* bytes read at the most */

char *cli_read_stdin(size_t *len) {
  char *buf = read_all(stdin, CLI_INPUT_MAX, len);
  if (buf == NULL && errno == EFBIG)
    fprintf(stderr, "sudoku: input larger than %u MiB\n", CLI_INPUT_MAX >> 20);
  else if (buf == NULL)
    fprintf(stderr, "sudoku: cannot read input: %s\n", strerror(errno));
  return buf;
}

char *cli_read_variant_lines(uint32_t kinds, size_t *len) {
  char *text = cli_read_stdin(len);
  if (text == NULL)
    return NULL;
  sudoku_grid g;
  sudoku_rules r;
  struct sudoku_rules_reader rd;
  struct sudoku_text_error err;
  int got;
  sudoku_rules_reader_init(&rd, text, *len, kinds);
  while ((got = sudoku_rules_read_next(&rd, &g, &r, &err)) > 0)
    ;
  if (got < 0 || rd.puzzles == 0) {
    fprintf(stderr, "sudoku: %s\n",
            got < 0 ? err.message : "no puzzle in the input");
    free(text);
    return NULL;
  }
  return text;
}
