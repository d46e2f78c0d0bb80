/*
 * main.c - the `sudoku` command: dispatches on its first argument to a
 * subcommand of the table below; without one it is the judge solver, so
 * `sudoku < in` keeps today's behaviour byte for byte.
 */
#include <string.h>

#include "cli.h"

struct cli_command {
  const char *name;
  int (*run)(int argc, char **argv);
};

/* One row a subcommand, one row a line (so that a new one is a one-line
 * diff: clang-format would pack them). */
/* clang-format off */
static const struct cli_command commands[] = {
    {"solve", cli_cmd_solve},
    {"rate", cli_cmd_rate},
    {"steps", cli_cmd_steps},
    {"hint", cli_cmd_hint},
    {"generate", cli_cmd_generate},
};
/* clang-format on */

int main(int argc, char **argv) {
  if (argc > 1) {
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
      if (strcmp(argv[1], commands[i].name) == 0)
        return commands[i].run(argc - 1, argv + 1);
  }
  return cli_cmd_solve(argc, argv);
}
