/*
 * main.c - the `sudoku` command: dispatches on its first argument to a
 * subcommand of the table below; without one it is the judge solver, so
 * `sudoku < in` keeps today's behaviour byte for byte.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* One row a subcommand, one row a line (a new one is a one-line diff:
 * clang-format would pack them), with its line in `sudoku --help`. */
struct cli_command {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *what;
};
/* clang-format off */
static const struct cli_command commands[] = {
    {"solve", cli_cmd_solve, "solve (the default): solutions, judge text"},
    {"rate", cli_cmd_rate, "ratings on Sudoku Explainer's scale"},
    {"steps", cli_cmd_steps, "the logical path, one step a line"},
    {"hint", cli_cmd_hint, "the next step of a position"},
    {"candidates", cli_cmd_candidates, "pencil marks: sukaku, PM grid, library"},
    {"generate", cli_cmd_generate, "new puzzles at a level, from a seed"},
};
/* clang-format on */

/* argv with every "--name=value" split into "--name" "value" (sudokud
 * takes both spellings, so the CLI does too), so that no subcommand's
 * parser needs to know; copied[i] says which entries are copies (main
 * frees them). NULL: out of memory. */
static char **split_equals(int *argc, char **argv, bool *copied) {
  char **out = malloc((2 * (size_t)*argc + 1) * sizeof *out);
  if (out == NULL)
    return NULL;
  int n = 0;
  for (int i = 0; i < *argc; i++) {
    const char *eq =
        strncmp(argv[i], "--", 2) == 0 && i > 0 ? strchr(argv[i], '=') : NULL;
    copied[n] = false;
    if (eq == NULL) {
      out[n++] = argv[i];
      continue;
    }
    out[n] = strndup(argv[i], (size_t)(eq - argv[i]));
    copied[n] = out[n] != NULL;
    copied[n + 1] = false;
    out[n + 1] = (char *)eq + 1;
    n += 2;
  }
  out[n] = NULL;
  for (int i = 0; i < n; i++)
    if (out[i] == NULL) { /* a copy failed */
      for (int k = 0; k < n; k++)
        if (copied[k])
          free(out[k]);
      free(out);
      return NULL;
    }
  *argc = n;
  return out;
}

static int dispatch(int argc, char **argv) {
  if (argc > 1) {
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
      if (strcmp(argv[1], commands[i].name) == 0)
        return commands[i].run(argc - 1, argv + 1);
  }
  int rc = cli_cmd_solve(argc, argv);
  if (argc == 2 &&
      (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    puts("Subcommands (sudoku SUBCOMMAND --help for each):");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
      printf("  %-10s %s\n", commands[i].name, commands[i].what);
  }
  return rc;
}

int main(int argc, char **argv) {
  bool *copied = malloc((2 * (size_t)argc + 1) * sizeof *copied);
  char **args = copied != NULL ? split_equals(&argc, argv, copied) : NULL;
  if (args == NULL) {
    fputs("sudoku: out of memory\n", stderr);
    free(copied);
    return 2;
  }
  int rc = dispatch(argc, args);
  for (int i = 0; i < argc; i++)
    if (copied[i])
      free(args[i]);
  free(args);
  free(copied);
  return rc;
}
