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

#include <stdio.h>

#include "read_all.h"
#include "sudoku.h"
#include "sudoku_logic.h"
#include "sudoku_rules.h"

#define CLI_DEFAULT_DEADLINE_MS 10000u

/* Each returns the process exit status: 0 success, 1 some puzzle without
 * an answer, 2 unreadable input or bad usage. */
int cli_cmd_solve(int argc, char **argv);
int cli_cmd_rate(int argc, char **argv);     /* rate.c: one rating a line */
int cli_cmd_steps(int argc, char **argv);    /* steps.c: the path */
int cli_cmd_hint(int argc, char **argv);     /* hint.c: the next step */
int cli_cmd_generate(int argc, char **argv); /* generate.c: new puzzles */

/* --variant LIST (variant.c): a comma list of rule names into *kinds;
 * false with a message on stderr when a name is unknown. */
bool cli_parse_variant(const char *list, uint32_t *kinds);

/* `sudoku --variant`: stdin read whole, one puzzle a line under the rules
 * of kinds, answers as the classic solver prints them. Returns the exit
 * status (0, 1 some puzzle unsolved, 2 unreadable input). */
int cli_solve_variants(uint32_t kinds, const struct sudoku_limits *lim,
                       bool line_format);

/* `sudoku --json`: stdin is one JSON body as POST /solve takes it (rules
 * as members, f-puzzles' JSON or a share link), read by the api's one JSON
 * reader (api_read_variant_body) and solved as cli_solve_variants does. */
int cli_solve_json(const struct sudoku_limits *lim, bool line_format);

/* candidates.c: pencil marks in the formats of SE and HoDoKu */
int cli_cmd_candidates(int argc, char **argv);

/* Reads all of stdin into a malloc'd buffer, not NUL-terminated (the
 * caller frees); NULL with a message on stderr when it is too large or
 * unreadable. */
char *cli_read_stdin(size_t *len);

/* Standard input as variant lines under the rule kinds (the text format of
 * sudoku_rules.h), every line read once before any answer: the text (the
 * caller frees it and reads the lines again), or NULL with the first bad
 * line's location (or "no puzzle in the input") on stderr. */
char *cli_read_variant_lines(uint32_t kinds, size_t *len);

/* Names the first clash of a puzzle with conflicting givens on err. */
void cli_report_conflict(FILE *err, uint32_t puzzle, const sudoku_grid *g);

/* ---- Shared by rate, steps and hint (logic_io.c) ---- */

struct cli_logic_options {
  bool accepts_json, accepts_entries, accepts_jobs; /* options it takes */
  bool accepts_variant, accepts_forum;
  bool accepts_pm_step; /* --format json|text|pm-step (hint) */
  bool json;            /* --json (--text turns it off) */
  bool forum;           /* --forum: the puzzle's line and ED=ER/EP/ED (rate) */
  bool pm_step;         /* --format pm-step */
  const char *entries;  /* --entries FILE, or NULL */
  int jobs;             /* --jobs N; 0: the online CPUs */
  struct sudoku_logic_limits limits; /* --deadline-ms, --max-rating */
  uint32_t kinds;                    /* --variant LIST; 0: classic */
  const sudoku_rules *rules; /* the puzzle's rules under --variant, or NULL */
  /* rate and steps, when the input held positions with pencil marks: the
   * n*n marks of puzzle i (1-based) at marks + marks_at[i - 1] (the path
   * starts from them); NULL otherwise. */
  const uint32_t *marks;
  const size_t *marks_at;
};

/* The pencil marks of puzzle index (1-based) in o, or NULL. */
const uint32_t *cli_marks_of(const struct cli_logic_options *o, uint32_t index);

/* Parses argv into *o (accepts_* and json preset by the caller). Returns
 * -1 to go on, else the exit status (0 after --help, 2 on bad usage). */
int cli_logic_parse(int argc, char **argv, const char *usage,
                    struct cli_logic_options *o);

/* One puzzle's answer, printed by the command on out, its messages on err;
 * false when it is not a full answer (exit status 1). index counts the
 * puzzles from 1. Runs on a worker thread with --jobs: out and err are the
 * batch's memory streams (the puzzle appends to them), written in input
 * order. scratch is a memory stream the command may use (pipeline.h: open
 * it, or rewind it, with cli_memfile_reset), kept from puzzle to puzzle. */
struct cli_memfile;
typedef bool cli_puzzle_fn(uint32_t index, const sudoku_grid *g,
                           const struct cli_logic_options *o, FILE *out,
                           FILE *err, struct cli_memfile *scratch);

/* Opens m the first time, else rewinds it: empty either way; false when
 * memory ran out. */
bool cli_memfile_reset(struct cli_memfile *m);

/* The loop of rate and steps: parses argv into *o (as cli_logic_parse),
 * reads stdin whole and refuses it, located, unless every puzzle in it is
 * readable (so no answer is printed for an input that is wrong further
 * on), then calls one() for each puzzle on --jobs threads (pipeline.h),
 * the answers in input order, the same bytes for every number of jobs.
 * Returns the exit status: 0 every answer full, 1 some not, 2 bad usage,
 * unreadable input or a failed write. */
int cli_logic_each(int argc, char **argv, const char *usage,
                   struct cli_logic_options *o, cli_puzzle_fn *one);

/* cli_logic_each under --variant (variant_logic.c): stdin read whole as
 * variant lines (sudoku_rules.h's format, the rules o->kinds), every line
 * checked first, then one() for each puzzle in order on this thread, with
 * o->rules its rules. */
int cli_logic_variants(struct cli_logic_options *o, cli_puzzle_fn *one);

/* `sudoku hint --variant` (variant_logic.c): the next step of the one
 * variant line of stdin (its givens the position), printed as `hint`
 * prints a step or a refusal. --entries is refused under --variant. */
int cli_hint_variant(const struct cli_logic_options *o);

/* The words printed in place of an answer ("no solution", "not unique",
 * "deadline exceeded"), and the reason on stderr. */
const char *cli_refusal(enum sudoku_status s);
void cli_report_refusal(FILE *err, uint32_t index, const sudoku_grid *g,
                        enum sudoku_status s);

/* JSON, written by hand: a rating x10 as a number ("3.2"), a step object,
 * a refusal object, and the members of a path's summary (no braces). */
void cli_json_rating(FILE *f, unsigned rating);
void cli_json_step(FILE *f, const struct sudoku_step *st, int n);
/* A step of puzzle g under rules r (NULL: cli_json_step). */
void cli_json_step_rules(FILE *f, const struct sudoku_step *st,
                         const sudoku_grid *g, const sudoku_rules *r);
void cli_json_refusal(FILE *f, enum sudoku_status s);
void cli_json_summary(FILE *f, const struct sudoku_rating *r);
/* SE's three ratings in the forum's form, "ED=8.3/2.6/2.6" (step_json.h). */
void cli_forum_triple(FILE *f, const struct sudoku_rating *r);

#endif
