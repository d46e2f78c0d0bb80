/*
 * rate.c - `sudoku rate`: one line a puzzle, `RATING LEVEL TECHNIQUE`
 * ("3.2 hard x-wing"), the rating on Sudoku Explainer's scale: the hardest
 * step of the path that always takes the simplest step. --json prints one
 * object a puzzle a line instead ({"rating":3.2,"level":"hard",
 * "hardest":"x-wing","solved":true,"steps":N,"counts":{...}}).
 *
 * A puzzle that cannot be rated prints its reason in place ("no solution",
 * "not unique", "deadline exceeded"; in JSON an {"error":...} object), the
 * details on stderr. A path that stops before the end (no technique left
 * within --max-rating) prints its rating so far followed by "unsolved".
 * A position with pencil marks (sudoku_marks.h) is rated from its values
 * and its marks (sudoku_logic_solve_marks; logic_io.c keeps them).
 * Exit status: 0 all rated, 1 some puzzle not (fully) rated, 2 unreadable
 * input or bad usage.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sudoku_logic_rules.h"

static const char usage[] =
    "usage: sudoku rate [--json | --forum] [--deadline-ms N] [--max-rating "
    "R]\n"
    "                   [--jobs N]"
    " [--variant RULES] [--help]\n"
    "Rates each puzzle of standard input (any format `sudoku` reads) on\n"
    "Sudoku Explainer's scale and prints one line a puzzle:\n"
    "  RATING LEVEL TECHNIQUE   e.g. \"3.2 hard x-wing\"\n"
    "Levels: easy < 2.0 <= medium < 3.0 <= hard < 4.0 <= expert < 6.0 <=\n"
    "extreme. --json prints one JSON object a puzzle a line (with SE's\n"
    "\"er\", \"ep\", \"ed\"). --forum prints the puzzle's line and SE's three\n"
    "ratings as the forum's lists write them, ER/EP/ED (the hardest step,\n"
    "the hardest up to the first placement, the first step):\n"
    "  PUZZLE ED=8.3/2.6/2.6\n"
    "--max-rating R tries no technique rated above R. --deadline-ms N\n"
    "(default 10000, 0 = none) bounds each puzzle. --jobs N rates with N\n"
    "threads, 1..64\n"
    "(default: the online CPUs; the output is the same for every N).\n"
    "--variant RULES (a comma list: x, windoku, jigsaw, killer, ...) reads\n"
    "variant lines as `sudoku --variant` does and rates them under their\n"
    "rules, one after the other.\n"
    "A puzzle that cannot be rated prints its reason in place. Exit\n"
    "status: 0 all rated, 1 some puzzle not, 2 unreadable input.\n";

static bool rate_one(uint32_t i, const sudoku_grid *g,
                     const struct cli_logic_options *o, FILE *out, FILE *err,
                     struct cli_memfile *scratch) {
  (void)scratch;
  struct sudoku_rating rt;
  const uint32_t *marks = cli_marks_of(o, i);
  enum sudoku_status s =
      marks != NULL
          ? sudoku_logic_solve_marks(g, marks, &o->limits, NULL, NULL, &rt)
          : sudoku_rate_rules(g, o->rules, &o->limits, &rt);
  if (o->forum) {
    char line[SUDOKU_TEXT_MAX];
    sudoku_write_line(g, line, sizeof line);
    line[strcspn(line, "\n")] = ' ';
    fputs(line, out);
  }
  if (s != SUDOKU_OK) {
    cli_report_refusal(err, i, g, s);
    if (o->json)
      cli_json_refusal(out, s);
    else
      fputs(cli_refusal(s), out);
    fputc('\n', out);
    return false;
  }
  if (!rt.solved)
    fprintf(err,
            "sudoku: puzzle %u: no technique applies after %u "
            "steps; the rating is a lower bound\n",
            i, rt.steps);
  if (o->json) {
    fputc('{', out);
    cli_json_summary(out, &rt);
    fprintf(out, ",\"steps\":%u}\n", rt.steps);
  } else if (o->forum) {
    cli_forum_triple(out, &rt);
    fputs(rt.solved ? "\n" : " unsolved\n", out);
  } else {
    cli_json_rating(out, rt.rating);
    fprintf(out, " %s %s%s\n", sudoku_level_name(rt.level),
            sudoku_technique_id(rt.hardest), rt.solved ? "" : " unsolved");
  }
  return rt.solved;
}

int cli_cmd_rate(int argc, char **argv) {
  struct cli_logic_options o = {.accepts_json = true,
                                .accepts_jobs = true,
                                .accepts_variant = true,
                                .accepts_forum = true};
  return cli_logic_each(argc, argv, usage, &o, rate_one);
}
