/*
 * hint.c - `sudoku hint`: the next step of a position, as the JSON object of
 * one step (--text: its sentence alone). The position is a puzzle (the
 * first grid of standard input) plus a player's entries: a second grid of
 * the same shape in the input, or the grid of --entries FILE; 0 or blank
 * is no entry, an entry on a given must repeat it. Or a position with
 * pencil marks (sudoku_marks.h: a sukaku line, a PM grid, HoDoKu's library
 * line): its values and the player's marks, as /hint takes them; a mark
 * removed although it is the cell's value is then the hint.
 *
 * A position that has no solution (a wrong entry), clashing cells or no
 * applicable step prints {"error":...} (or its reason) and exits 1. A
 * complete grid prints the step "none". Exit status: 0 a step, 1 none,
 * 2 unreadable input or bad usage.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sudoku_marks.h"

#define CLI_ENTRIES_MAX (1u << 20) /* --entries FILE: bytes at the most */

static const char usage[] =
    "usage: sudoku hint [--entries FILE] [--text] [--format F]\n"
    "                   [--deadline-ms N] [--max-rating R] [--variant RULES]\n"
    "                   [--help]\n"
    "Prints the next logical step of a position as a JSON object: the\n"
    "technique, its rating, placements, eliminations, the cells and units\n"
    "of the pattern, and a sentence. The position is the puzzle on standard\n"
    "input plus the player's entries: a second grid after it, or the grid\n"
    "in FILE. Or a position with pencil marks (a sukaku line, a PM grid,\n"
    "HoDoKu's library line): a removed mark that is the cell's value is\n"
    "then the hint. --text (--format text) prints the sentence alone;\n"
    "--format pm-step HoDoKu's PM grid with the step: '-' before each\n"
    "candidate it eliminates, '+' before a value it places, '*' before\n"
    "the candidates of its pattern, then its sentence. --variant RULES reads\n"
    "one variant line (as `sudoku --variant`), its givens the position.\n"
    "Exit status: 0 a step, 1 none (no solution, clash), 2 unreadable\n"
    "input.\n";

/* Reads one grid, or up to `max` (1 or 2), from text into g[]. Returns
 * how many, or -1 (message on stderr) when unreadable or more than max. */
static int read_grids(const char *what, const char *text, size_t len,
                      sudoku_grid *g, int max) {
  struct sudoku_reader r;
  struct sudoku_text_error err;
  sudoku_grid extra;
  int got = 0, k = 0;
  sudoku_reader_init(&r, text, len);
  while (k <= max &&
         (got = sudoku_read_next(&r, k < max ? &g[k] : &extra, &err)) == 1)
    k++;
  if (got < 0) {
    fprintf(stderr, "sudoku: %s: %s\n", what, err.message);
    return -1;
  }
  if (k == 0 || k > max) {
    fprintf(stderr, "sudoku: %s: expected %s grid%s, got %s\n", what,
            max == 1 ? "one" : "one or two", max == 1 ? "" : "s",
            k == 0 ? "none" : "more");
    return -1;
  }
  return k;
}

/* Lays the entries over the puzzle; false (message) when they disagree. */
static bool merge(sudoku_grid *pos, const sudoku_grid *entries) {
  if (entries->n != pos->n || entries->box_rows != pos->box_rows) {
    fprintf(stderr, "sudoku: the entries are %dx%d, the puzzle %dx%d\n",
            entries->n, entries->n, pos->n, pos->n);
    return false;
  }
  for (int c = 0; c < pos->n * pos->n; c++) {
    if (entries->cell[c] == 0)
      continue;
    if (pos->cell[c] != 0 && pos->cell[c] != entries->cell[c]) {
      char name[16];
      sudoku_cell_name(pos->n, c, name, sizeof name);
      fprintf(stderr, "sudoku: the entry %d at %s changes the given %d\n",
              entries->cell[c], name, pos->cell[c]);
      return false;
    }
    pos->cell[c] = entries->cell[c];
  }
  return true;
}

/* The first record of text when it is a position with pencil marks: its
 * givens (the values it does not mark as placed), its placed values, its
 * marks; false (nothing set) for a plain puzzle or an unreadable input,
 * which read_grids then reads and reports. */
static bool read_marked(const char *text, size_t len, sudoku_grid *puzzle,
                        sudoku_grid *entries, uint32_t *marks) {
  struct sudoku_reader r;
  struct sudoku_position *p = malloc(sizeof *p);
  enum sudoku_marks_format f = SUDOKU_MARKS_GIVENS;
  sudoku_reader_init(&r, text, len);
  bool marked = p != NULL && sudoku_read_position(&r, p, &f, NULL) == 1 &&
                f != SUDOKU_MARKS_GIVENS;
  if (marked) {
    *puzzle = *entries = p->grid;
    for (int c = 0; c < p->grid.n * p->grid.n; c++) {
      if (p->placed[c])
        puzzle->cell[c] = 0;
      else
        entries->cell[c] = 0;
      marks[c] = p->cand[c];
    }
  }
  free(p);
  return marked;
}

/* The hint that a mark is missing, as JSON or a sentence. */
static void print_missing(const struct sudoku_hint *h, int n, bool json) {
  char cell[16];
  sudoku_cell_name(n, h->cell, cell, sizeof cell);
  if (json)
    printf("{\"kind\":\"missing-candidate\",\"cell\":\"%s\",\"value\":%d,"
           "\"explanation\":\"",
           cell, h->value);
  printf("%d was removed from the pencil marks of %s, but it can go there.",
         h->value, cell);
  fputs(json ? "\"}\n" : "\n", stdout);
}

/* The step as HoDoKu's PM grid with the step (sudoku_write_position_step):
 * position is the givens and entries (puzzle the givens alone), its marks
 * the candidates, narrowed to the player's marks (NULL: none). False when
 * out of memory. */
static bool print_pm_step(const sudoku_grid *puzzle,
                          const sudoku_grid *position, const uint32_t *marks,
                          const struct sudoku_step *st) {
  struct sudoku_position *p = malloc(sizeof *p);
  char *text = malloc(SUDOKU_MARKS_STEP_TEXT_MAX);
  bool ok = p != NULL && text != NULL;
  if (ok) {
    p->grid = *position;
    sudoku_candidates(position, p->cand); /* no clash: a step was found */
    for (int c = 0; c < position->n * position->n; c++) {
      p->placed[c] = puzzle->cell[c] == 0 && position->cell[c] != 0;
      if (marks != NULL)
        p->cand[c] &= marks[c];
    }
    size_t len =
        sudoku_write_position_step(p, st, text, SUDOKU_MARKS_STEP_TEXT_MAX);
    ok = fwrite(text, 1, len, stdout) == len;
  }
  free(p);
  free(text);
  return ok;
}

int cli_cmd_hint(int argc, char **argv) {
  struct cli_logic_options o = {.accepts_json = true,
                                .accepts_entries = true,
                                .accepts_variant = true,
                                .accepts_pm_step = true,
                                .json = true};
  int rc = cli_logic_parse(argc, argv, usage, &o);
  if (rc >= 0)
    return rc;
  if (o.kinds != 0)
    return cli_hint_variant(&o);
  size_t len;
  char *text = cli_read_stdin(&len);
  if (text == NULL)
    return 2;
  sudoku_grid g[2];
  uint32_t *marks = malloc(SUDOKU_MAX_CELLS * sizeof *marks);
  if (marks == NULL) {
    free(text);
    return 2;
  }
  bool marked =
      o.entries == NULL && read_marked(text, len, &g[0], &g[1], marks);
  int k = marked ? 2 : read_grids("input", text, len, g, o.entries ? 1 : 2);
  free(text);
  if (k < 0) {
    free(marks);
    return 2;
  }
  if (o.entries != NULL) {
    size_t elen;
    char *etext = read_all_file(o.entries, CLI_ENTRIES_MAX, &elen);
    if (etext == NULL) {
      fprintf(stderr, "sudoku: cannot read %s: %s\n", o.entries,
              errno == EFBIG ? "larger than 1 MiB" : strerror(errno));
      return 2;
    }
    k = read_grids(o.entries, etext, elen, &g[1], 1) + 1;
    free(etext);
    if (k < 1) {
      free(marks);
      return 2;
    }
  }
  sudoku_grid puzzle = g[0];
  if (k == 2 && !merge(&g[0], &g[1])) {
    free(marks);
    return 2;
  }
  struct sudoku_hint h;
  enum sudoku_status s =
      sudoku_hint(&puzzle, k == 2 ? &g[1] : NULL, marked ? marks : NULL, false,
                  &o.limits, &h);
  if (s != SUDOKU_OK || h.kind != SUDOKU_HINT_STEP)
    free(marks);
  if (s == SUDOKU_OK && h.kind == SUDOKU_HINT_MISSING_MARK) {
    print_missing(&h, puzzle.n, o.json);
    return fflush(stdout) != 0 ? 2 : 0;
  }
  if (s == SUDOKU_OK && h.kind == SUDOKU_HINT_WRONG_ENTRY) {
    for (int i = 0; i < h.nwrong; i++) {
      char name[16];
      sudoku_cell_name(puzzle.n, h.wrong[i], name, sizeof name);
      fprintf(stderr, "sudoku: %s is not %d: that entry is wrong\n", name,
              g[0].cell[h.wrong[i]]);
    }
    s = SUDOKU_NO_SOLUTION; /* a clash of entries is no given's fault */
  } else if (s != SUDOKU_OK) {
    /* The puzzle's refusal, told of the position: entries that clash
     * make it a conflict. */
    size_t count = 0;
    if (s == SUDOKU_NO_SOLUTION && k == 2 &&
        sudoku_validate(&g[0], NULL, 0, &count) == SUDOKU_CONFLICT)
      s = SUDOKU_CONFLICT;
    cli_report_refusal(stderr, 1, &g[0], s);
  }
  if (s != SUDOKU_OK) {
    if (o.json)
      cli_json_refusal(stdout, s);
    else
      fputs(cli_refusal(s), stdout);
    putchar('\n');
    return fflush(stdout) != 0 ? 2 : 1;
  }
  /* Said as solve says it; the step holds in every solution (no
   * uniqueness technique), but no entry or mark was checked against one.
   * POST /hint refuses such a puzzle instead (422 not-unique). */
  if (!h.unique)
    fputs("sudoku: several solutions; this step holds in all of them, no "
          "entry or mark was checked\n",
          stderr);
  const struct sudoku_step *st = &h.step;
  if (o.pm_step) {
    bool ok = print_pm_step(&puzzle, &g[0], marked ? marks : NULL, st);
    free(marks);
    return !ok || fflush(stdout) != 0 ? 2 : 0;
  }
  free(marks);
  if (o.json) {
    cli_json_step(stdout, st, g[0].n);
    putchar('\n');
  } else {
    char sentence[SUDOKU_EXPLAIN_MAX];
    sudoku_step_explain(st, g[0].n, sentence, sizeof sentence);
    printf("%s\n", sentence);
  }
  return fflush(stdout) != 0 ? 2 : 0;
}
