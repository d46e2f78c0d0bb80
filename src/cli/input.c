/*
 * input.c - standard input read whole, for the subcommands that need all
 * of it at once (the variant readers, hint, candidates; solve, rate and
 * steps stream instead: stream.c). Bounded by CLI_INPUT_MAX.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "read_all.h"

#define CLI_INPUT_MAX (64u << 20) /* bytes read at the most */

char *cli_read_stdin(size_t *len) {
  char *buf = read_all(stdin, CLI_INPUT_MAX, len);
  if (buf == NULL && errno == EFBIG)
    fprintf(stderr, "sudoku: input larger than %u MiB\n", CLI_INPUT_MAX >> 20);
  else if (buf == NULL)
    fprintf(stderr, "sudoku: cannot read input: %s\n", strerror(errno));
  return buf;
}
