/*
 * pipeline.h - puzzles from a stream (stream.h) through worker threads in
 * batches, answers written in input order: byte for byte what one thread
 * writes, whatever the number of jobs. Each batch carries the text its
 * puzzles put on stdout and on stderr; the main thread reads, hands out
 * and writes, the workers run batches.
 *
 * Used by `sudoku solve` (solve.c) and by `rate` and `steps` (logic_io.c).
 * What it does NOT do: parse options (but --jobs, below), solve or print a
 * puzzle itself; that is the batch function's.
 */
#ifndef SUDOKU_CLI_PIPELINE_H
#define SUDOKU_CLI_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "stream.h"
#include "sudoku.h"

#define CLI_JOBS_MAX 64
#define CLI_BATCH_MAX 256 /* puzzles in one batch at the most */

/* Growable text: what a batch writes to stdout or to stderr. */
struct cli_text {
  char *s;
  size_t len, cap;
};

/* Room for `more` bytes after len; false when memory ran out. */
bool cli_text_reserve(struct cli_text *t, size_t more);

/* Appends one printf-formatted line; room was reserved by the caller. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void cli_text_printf(struct cli_text *t, const char *fmt, ...);

/* A memory stream for a batch function that prints with stdio, kept open
 * for the slot's life and rewound between uses: opening one (glibc's
 * open_memstream callocs its buffer) costs some 18K instructions, about
 * a tenth of rating an easy 9x9 puzzle. buf and size are the stream's
 * (valid after fflush, size bytes); the pipeline closes and frees them. */
struct cli_memfile {
  FILE *f; /* NULL until the batch function opens it */
  char *buf;
  size_t size;
};

#define CLI_BATCH_MEMFILES 3

enum cli_slot_state { SLOT_FREE, SLOT_READY, SLOT_TAKEN, SLOT_DONE };

struct cli_batch {
  sudoku_grid g[CLI_BATCH_MAX];
  uint32_t first; /* 1-based number of g[0] in the input */
  int count, cells;
  struct cli_text out, err;  /* emptied before the batch function runs */
  bool unsolved, oom;        /* set by the batch function */
  enum cli_slot_state state; /* under the pipeline's lock when threaded */
  struct cli_memfile mem[CLI_BATCH_MEMFILES]; /* the batch function's */
};

/* Runs the count puzzles of bt in order, appending their answers to
 * bt->out and their messages to bt->err; sets bt->unsolved when some
 * puzzle had no full answer (exit status 1), bt->oom when memory ran out.
 * Called on a worker thread: it must not touch stdio's streams. */
typedef void cli_batch_fn(struct cli_batch *bt, const void *ctx);

struct cli_pipeline_spec {
  int jobs;        /* 1: no thread, the main thread runs every batch */
  int batch_max;   /* puzzles in a batch, 1..CLI_BATCH_MAX */
  int batch_cells; /* a batch is handed out once it holds this many cells */
  cli_batch_fn *run;
  const void *ctx;
};

/* Reads st to its end, runs and writes. Malformed input stops the run:
 * every answer before the bad puzzle is written, then its located error
 * goes to stderr. Returns the exit status: 0 every answer full, 1 some
 * not, 2 unreadable input (or none, or out of memory). */
int cli_pipeline_run(const struct cli_pipeline_spec *spec,
                     struct cli_stream *st);

/* --jobs N: 1..CLI_JOBS_MAX into *jobs, else false with a message on
 * stderr. The default, the online CPUs. */
bool cli_parse_jobs(const char *arg, int *jobs);
int cli_default_jobs(void);

#endif
