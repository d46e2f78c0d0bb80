/*
 * cli.h - what the subcommands of the `sudoku` CLI share: the table of
 * subcommands (main.c dispatches on argv[1]), whole-input reading, and
 * conflict reporting. No HTTP, no JSON: the core and stdio only.
 *
 * Adding a subcommand is one row in main.c's table and one file with its
 * `cli_cmd_NAME(argc, argv)` (argv[0] is the subcommand's name).
 */
#ifndef SUDOKU_CLI_H
#define SUDOKU_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "sudoku.h"

#define CLI_DEFAULT_DEADLINE_MS 10000u

/* Each returns the process exit status: 0 success, 1 some puzzle without
 * an answer, 2 unreadable input or bad usage. */
int cli_cmd_solve(int argc, char **argv);
int cli_cmd_generate(int argc, char **argv);

/* Reads all of stdin into a malloc'd buffer, not NUL-terminated (the
 * caller frees); NULL with a message on stderr when it is too large or
 * unreadable. */
char *cli_read_stdin(size_t *len);

/* Names the first clash of a puzzle with conflicting givens on stderr. */
void cli_report_conflict(uint32_t puzzle, const sudoku_grid *g);

#endif
