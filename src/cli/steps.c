/*
 * steps.c - `sudoku steps`: the path of each puzzle, one English sentence a
 * step, then its rating ("Rating 3.2 (hard), hardest step: X-wing."); a
 * blank line between puzzles. --json prints one object a puzzle a line:
 * {"rating":3.2,"level":"hard","hardest":"x-wing","solved":true,
 * "counts":{...},"steps":[step, ...]}, each step the object `sudoku hint`
 * prints.
 *
 * A position with pencil marks starts the path from its values and its
 * marks, as in `rate`. A puzzle that cannot be walked prints its reason in
 * place, as `rate` does. Exit status: 0 all walked to the end, 1 some not, 2
 * unreadable input or bad usage. Memory: the JSON steps of one puzzle are
 * buffered (the batch's scratch memory stream) so the summary can come first.
 */
#include <stdlib.h>

#include "cli.h"
#include "pipeline.h"
#include "sudoku_logic_rules.h"

static const char usage[] =
    "usage: sudoku steps [--json] [--deadline-ms N] [--max-rating R]\n"
    "                    [--jobs N] [--variant RULES] [--help]\n"
    "Prints, for each puzzle of standard input, every step of its solution\n"
    "as a person would take them (the simplest first), one sentence a step,\n"
    "then its rating. --json prints one JSON object a puzzle a line.\n"
    "Options as for `sudoku rate` (--variant: variant lines under their\n"
    "rules). Exit status: 0 all solved by steps, 1\n"
    "some not, 2 unreadable input.\n";

struct walk {
  FILE *out;
  int n;
  bool json;
  uint32_t steps;
  const sudoku_grid *g;
  const sudoku_rules *rules; /* --variant: the puzzle's rules; or NULL */
};

static bool print_step(const struct sudoku_step *st, void *vctx) {
  struct walk *w = vctx;
  if (w->json) {
    if (w->steps > 0)
      fputc(',', w->out);
    if (w->rules != NULL)
      cli_json_step_rules(w->out, st, w->g, w->rules);
    else
      cli_json_step(w->out, st, w->n);
  } else {
    char text[SUDOKU_EXPLAIN_MAX];
    if (w->rules != NULL)
      sudoku_step_explain_rules(st, w->g, w->rules, text, sizeof text);
    else
      sudoku_step_explain(st, w->n, text, sizeof text);
    fprintf(w->out, "%s\n", text);
  }
  w->steps++;
  return true;
}

/* Walks one puzzle; returns false when it was not walked to the end. */
static bool steps_one(uint32_t index, const sudoku_grid *g,
                      const struct cli_logic_options *o, FILE *out, FILE *err,
                      struct cli_memfile *scratch) {
  if (index > 1 && !o->json)
    fputc('\n', out);
  struct walk w = {out, g->n, o->json, 0, g, o->rules};
  if (o->json) {
    if (!cli_memfile_reset(scratch)) {
      fprintf(err, "sudoku: puzzle %u: out of memory\n", index);
      return false;
    }
    w.out = scratch->f;
  }
  struct sudoku_rating rt;
  const uint32_t *marks = cli_marks_of(o, index);
  enum sudoku_status s =
      marks != NULL
          ? sudoku_logic_solve_marks(g, marks, &o->limits, print_step, &w, &rt)
          : sudoku_logic_solve_rules(g, o->rules, &o->limits, print_step, &w,
                                     &rt);
  if (o->json && fflush(w.out) != 0)
    scratch->size = 0; /* the steps are lost; the summary stands */
  bool ok = s == SUDOKU_OK && rt.solved;
  if (s != SUDOKU_OK)
    cli_report_refusal(err, index, g, s);
  else if (!rt.solved)
    fprintf(err, "sudoku: puzzle %u: no technique applies after %u steps\n",
            index, rt.steps);
  if (o->json) {
    if (s != SUDOKU_OK && s != SUDOKU_DEADLINE) {
      cli_json_refusal(out, s);
    } else {
      fputc('{', out);
      cli_json_summary(out, &rt);
      fputs(",\"steps\":[", out);
      fwrite(scratch->buf, 1, scratch->size, out);
      fputs("]}", out);
    }
    fputc('\n', out);
    return ok;
  }
  if (s != SUDOKU_OK && s != SUDOKU_DEADLINE) {
    fprintf(out, "%s\n", cli_refusal(s));
    return false;
  }
  if (s == SUDOKU_DEADLINE)
    fprintf(out, "%s\n", cli_refusal(s));
  fputs("Rating ", out);
  cli_json_rating(out, rt.rating);
  fprintf(out, " (%s), hardest step: %s%s.\n", sudoku_level_name(rt.level),
          sudoku_technique_name(rt.hardest),
          rt.solved ? "" : "; not solved to the end");
  return ok;
}

int cli_cmd_steps(int argc, char **argv) {
  struct cli_logic_options o = {
      .accepts_json = true, .accepts_jobs = true, .accepts_variant = true};
  return cli_logic_each(argc, argv, usage, &o, steps_one);
}
