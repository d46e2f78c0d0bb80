/*
 * logic_io.c - what `sudoku rate`, `steps` and `hint` share: their options,
 * reading every puzzle of stdin before anything is printed, then the
 * puzzles through the --jobs pipeline (pipeline.h; the puzzles print into
 * the batch's memory streams), or the variant lines (variant_logic.c).
 * Not here: the subcommands' loops (rate.c, steps.c, hint.c), and what
 * they print (logic_out.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pipeline.h"
#include "step_json.h"
#include "sudoku_marks.h"

int cli_logic_parse(int argc, char **argv, const char *usage,
                    struct cli_logic_options *o) {
  o->limits.deadline_us = CLI_DEFAULT_DEADLINE_MS * 1000u;
  o->limits.max_rating = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage, stdout);
      return 0;
    } else if (strcmp(a, "--json") == 0 && o->accepts_json) {
      o->json = true;
      o->forum = false;
    } else if (strcmp(a, "--text") == 0 && o->accepts_json) {
      o->json = false;
      o->forum = false;
    } else if (strcmp(a, "--forum") == 0 && o->accepts_forum) {
      o->forum = true;
      o->json = false;
    } else if (strcmp(a, "--format") == 0 && o->accepts_pm_step &&
               i + 1 < argc) {
      const char *f = argv[++i];
      o->pm_step = strcmp(f, "pm-step") == 0;
      o->json = strcmp(f, "json") == 0;
      if (!o->pm_step && !o->json && strcmp(f, "text") != 0) {
        fprintf(stderr,
                "sudoku: --format takes json, text or pm-step, not "
                "'%s'\n",
                f);
        return 2;
      }
    } else if (strcmp(a, "--jobs") == 0 && o->accepts_jobs && i + 1 < argc) {
      if (!cli_parse_jobs(argv[++i], &o->jobs))
        return 2;
    } else if (strcmp(a, "--variant") == 0 && o->accepts_variant &&
               i + 1 < argc) {
      if (!cli_parse_variant(argv[++i], &o->kinds))
        return 2;
    } else if (strcmp(a, "--entries") == 0 && o->accepts_entries &&
               i + 1 < argc) {
      o->entries = argv[++i];
    } else if ((strcmp(a, "--deadline-ms") == 0 ||
                strcmp(a, "--max-rating") == 0) &&
               i + 1 < argc) {
      bool deadline = strcmp(a, "--deadline-ms") == 0;
      char *end;
      errno = 0;
      double x = strtod(argv[++i], &end);
      double max = deadline ? 86400000.0 : 25.5;
      if (errno || *end || end == argv[i] || x < 0 || x > max) {
        fprintf(stderr, "sudoku: %s takes %s, not '%s'\n", a,
                deadline ? "milliseconds 0..86400000" : "a rating 0..25.5",
                argv[i]);
        return 2;
      }
      if (deadline)
        o->limits.deadline_us = (uint64_t)x * 1000u;
      else
        o->limits.max_rating = (unsigned)(x * 10.0 + 0.5);
    } else {
      fprintf(stderr, "sudoku: unknown or incomplete option '%s'\n%s", a,
              usage);
      return 2;
    }
  }
  return -1;
}

const uint32_t *cli_marks_of(const struct cli_logic_options *o,
                             uint32_t index) {
  return o->marks != NULL ? o->marks + o->marks_at[index - 1] : NULL;
}

/* The positions of text as lines of the line format (their givens and
 * placed values), malloc'd into *len bytes, and their pencil marks into
 * o->marks and o->marks_at (malloc'd: the caller frees them); NULL when
 * out of memory. text was read whole without error. Memory: n*n masks
 * and one offset a puzzle (some 330 bytes a 9x9). */
static char *as_lines(const char *text, size_t len, size_t *out_len,
                      struct cli_logic_options *o) {
  struct sudoku_reader r;
  struct sudoku_position *p = malloc(sizeof *p);
  struct cli_text t = {NULL, 0, 0}, m = {NULL, 0, 0}, at = {NULL, 0, 0};
  bool ok = p != NULL;
  sudoku_reader_init(&r, text, len);
  while (ok && sudoku_read_position(&r, p, NULL, NULL) == 1) {
    size_t cells = (size_t)p->grid.n * (size_t)p->grid.n;
    size_t where = m.len / sizeof *p->cand;
    ok = cli_text_reserve(&t, SUDOKU_TEXT_MAX + 1) &&
         cli_text_reserve(&m, cells * sizeof *p->cand) &&
         cli_text_reserve(&at, sizeof where);
    if (!ok)
      break;
    t.len += sudoku_write_line(&p->grid, t.s + t.len, SUDOKU_TEXT_MAX);
    memcpy(m.s + m.len, p->cand, cells * sizeof *p->cand);
    m.len += cells * sizeof *p->cand;
    memcpy(at.s + at.len, &where, sizeof where);
    at.len += sizeof where;
  }
  free(p);
  if (!ok) {
    free(t.s);
    free(m.s);
    free(at.s);
    fputs("sudoku: out of memory\n", stderr);
    return NULL;
  }
  o->marks = (const uint32_t *)(const void *)m.s;
  o->marks_at = (const size_t *)(const void *)at.s;
  *out_len = t.len;
  return t.s;
}

/* Reads stdin and checks every puzzle in it; NULL (a located message on
 * stderr) when one is unreadable or there is none. The caller frees. A
 * position with pencil marks (sudoku_marks.h: sukaku, PM grid, HoDoKu's
 * library line) counts as its values and its marks: the input is then
 * rewritten as lines of the line format, the marks kept in o (the path
 * starts from them); plain puzzles are passed on as they came. */
static char *read_puzzles(size_t *len, struct cli_logic_options *o) {
  char *text = cli_read_stdin(len);
  if (text == NULL)
    return NULL;
  struct sudoku_reader r;
  struct sudoku_text_error err;
  struct sudoku_position *p = malloc(sizeof *p);
  enum sudoku_marks_format f;
  bool marks = false;
  int got = -1;
  if (p == NULL) {
    fputs("sudoku: out of memory\n", stderr);
    free(text);
    return NULL;
  }
  sudoku_reader_init(&r, text, *len);
  while ((got = sudoku_read_position(&r, p, &f, &err)) == 1)
    marks |= f != SUDOKU_MARKS_GIVENS;
  free(p);
  if (got < 0 || r.puzzles == 0) {
    if (got < 0)
      fprintf(stderr, "sudoku: %s\n", err.message);
    else
      fprintf(stderr, "sudoku: no puzzle in the input\n");
    free(text);
    return NULL;
  }
  if (marks) {
    char *lines = as_lines(text, *len, len, o);
    free(text);
    return lines;
  }
  return text;
}

struct logic_run {
  const struct cli_logic_options *o;
  cli_puzzle_fn *one;
};

/* Appends a memory stream's bytes to t; false when memory ran out. */
static bool take_text(struct cli_text *t, const char *s, size_t n) {
  if (!cli_text_reserve(t, n + 1))
    return false;
  memcpy(t->s + t->len, s, n);
  t->len += n;
  return true;
}

bool cli_memfile_reset(struct cli_memfile *m) {
  if (m->f == NULL)
    m->f = open_memstream(&m->buf, &m->size);
  else
    rewind(m->f);
  return m->f != NULL;
}

/* A batch of rate or steps: the puzzles print with stdio into the slot's
 * memory streams (out, err, and a scratch one for the command), opened
 * once and rewound for each batch, then into the batch's text. */
static void logic_batch(struct cli_batch *bt, const void *ctx) {
  const struct logic_run *run = ctx;
  struct cli_memfile *out = &bt->mem[0], *err = &bt->mem[1];
  if (!cli_memfile_reset(out) || !cli_memfile_reset(err)) {
    bt->oom = true;
    return;
  }
  for (int i = 0; i < bt->count; i++)
    if (!run->one(bt->first + (uint32_t)i, &bt->g[i], run->o, out->f, err->f,
                  &bt->mem[2]))
      bt->unsolved = true;
  if (fflush(out->f) != 0 || fflush(err->f) != 0 || ferror(out->f) ||
      ferror(err->f) || !take_text(&bt->out, out->buf, out->size) ||
      !take_text(&bt->err, err->buf, err->size))
    bt->oom = true;
}

int cli_logic_each(int argc, char **argv, const char *usage,
                   struct cli_logic_options *o, cli_puzzle_fn *one) {
  int rc = cli_logic_parse(argc, argv, usage, o);
  if (rc >= 0)
    return rc;
  if (o->kinds != 0)
    return cli_logic_variants(o, one);
  size_t len;
  char *text = read_puzzles(&len, o);
  if (text == NULL)
    return 2;
  /* A puzzle takes microseconds to seconds: small batches keep the
   * workers evenly busy and the answers flowing. */
  struct logic_run run = {o, one};
  struct cli_pipeline_spec spec = {o->jobs > 0 ? o->jobs : cli_default_jobs(),
                                   4, 4 * 81, logic_batch, &run};
  struct cli_stream st;
  cli_stream_init_text(&st, text, len); /* owns text now */
  rc = cli_pipeline_run(&spec, &st);
  cli_stream_free(&st);
  free((void *)o->marks);
  free((void *)o->marks_at);
  o->marks = NULL;
  o->marks_at = NULL;
  return fflush(stdout) != 0 ? 2 : rc;
}
