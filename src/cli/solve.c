/*
 * solve.c - `sudoku` and `sudoku solve`, the judge CLI: puzzles on stdin (any
 * format sudoku.h reads), solutions on stdout, judge text by default. No HTTP,
 * no JSON.
 *
 * Streaming: input is read and answers written as they go (stream.h), in
 * memory that does not grow with the input. Puzzles travel in batches;
 * with --jobs N > 1, N worker threads solve batches while the main thread
 * reads and writes, and answers are written in input order, byte for byte
 * what --jobs 1 writes (each batch carries its stdout and stderr text).
 * Malformed input stops the run: every answer before the bad puzzle is
 * written, then its located error goes to stderr and the exit status is 2.
 * Exit status: 0 all solved, 1 some puzzle had no answer (printed as the
 * line "no solution"), 2 unreadable input or bad usage.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "stream.h"

#define CLI_INPUT_MAX (64u << 20) /* cli_read_stdin: bytes read at the most */
#define CLI_JOBS_MAX 64
/* Cells in one batch: 256 puzzles of 9x9, 33 of 25x25. Large enough that
 * handing a batch to a thread (~10 us) is noise, small enough to stay in
 * cache and keep the answers flowing. */
#define CLI_BATCH_CELLS (256 * 81)
#define CLI_BATCH_MAX 256

static const char usage[] =
    "usage: sudoku [solve] [--format judge|line] [--lexmin] [--deadline-ms N]\n"
    "              [--jobs N] [--help] [--version]\n"
    "Reads Sudoku puzzles on standard input and prints their solutions.\n"
    "Input: Baekjoon 2580 (9 lines of 9 digits, 0 = blank), HDU 1426\n"
    "('?' = blank, puzzles separated by a blank line), 81-character lines\n"
    "('.' or '0' = blank), decorated grids ('|', '-', '+' ignored), and\n"
    "4x4 to 25x25 grids (integers, or symbols 1-9 then A-Z).\n"
    "  --format judge  rows of numbers separated by one space, one empty\n"
    "                  line between puzzles (default)\n"
    "  --format line   one line of n*n symbols per puzzle\n"
    "  --lexmin        print the lexicographically smallest solution (what\n"
    "                  row-major backtracking trying 1..9 finds first)\n"
    "  --deadline-ms N give up on a puzzle after N ms (default 10000;\n"
    "                  0 = never)\n"
    "  --jobs N        solve with N threads, 1..64 (default: the online\n"
    "                  CPUs); the output is the same for every N\n"
    "Input is read and answers printed as they go. A puzzle without a\n"
    "solution prints the line \"no solution\" (the reason goes to stderr);\n"
    "a puzzle with several prints one and says so on stderr. Malformed\n"
    "input stops the run after the answers before it, with its location.\n"
    "Exit status: 0 all solved, 1 some puzzle unsolved, 2 unreadable input.\n";

struct cli_options {
  bool line_format;
  int jobs; /* 0 until set: the online CPUs */
  struct sudoku_limits limits;
};

/* Parses argv. Returns -1 to go on, else the exit status. */
static int cli_parse_args(int argc, char **argv, struct cli_options *o) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage, stdout);
      return 0;
    } else if (strcmp(a, "--version") == 0) {
      printf("sudoku %s\n", SUDOKU_VERSION);
      return 0;
    } else if (strcmp(a, "--lexmin") == 0) {
      o->limits.lexmin = true;
    } else if (strcmp(a, "--format") == 0 && i + 1 < argc) {
      const char *f = argv[++i];
      if (strcmp(f, "judge") != 0 && strcmp(f, "line") != 0) {
        fprintf(stderr, "sudoku: --format takes judge or line, not '%s'\n", f);
        return 2;
      }
      o->line_format = strcmp(f, "line") == 0;
    } else if (strcmp(a, "--deadline-ms") == 0 && i + 1 < argc) {
      char *end;
      errno = 0;
      unsigned long long ms = strtoull(argv[++i], &end, 10);
      if (errno || *end || end == argv[i] || argv[i][0] == '-' ||
          ms > 86400000ull) {
        fprintf(stderr,
                "sudoku: --deadline-ms takes milliseconds 0..86400000, "
                "not '%s'\n",
                argv[i]);
        return 2;
      }
      o->limits.deadline_us = ms * 1000u;
    } else if (strcmp(a, "--jobs") == 0 && i + 1 < argc) {
      char *end;
      errno = 0;
      long n = strtol(argv[++i], &end, 10);
      if (errno || *end || end == argv[i] || n < 1 || n > CLI_JOBS_MAX) {
        fprintf(stderr, "sudoku: --jobs takes 1..%d, not '%s'\n", CLI_JOBS_MAX,
                argv[i]);
        return 2;
      }
      o->jobs = (int)n;
    } else {
      fprintf(stderr, "sudoku: unknown or incomplete option '%s'\n%s", a,
              usage);
      return 2;
    }
  }
  return -1;
}

char *cli_read_stdin(size_t *len) {
  char *buf = read_all(stdin, CLI_INPUT_MAX, len);
  if (buf == NULL && errno == EFBIG)
    fprintf(stderr, "sudoku: input larger than %u MiB\n", CLI_INPUT_MAX >> 20);
  else if (buf == NULL)
    fprintf(stderr, "sudoku: cannot read input: %s\n", strerror(errno));
  return buf;
}

/* The line cli_report_conflict prints, into buf (snprintf convention);
 * nothing when g has no clash. */
static size_t conflict_text(uint32_t puzzle, const sudoku_grid *g, char *buf,
                            size_t cap) {
  struct sudoku_conflict c;
  size_t count = 0;
  sudoku_validate(g, &c, 1, &count);
  if (count == 0)
    return 0;
  char a[8], b[8];
  sudoku_cell_name(g->n, c.a, a, sizeof a);
  sudoku_cell_name(g->n, c.b, b, sizeof b);
  int len = snprintf(buf, cap,
                     "sudoku: puzzle %u: conflicting givens: %s and %s are "
                     "both %d (%s %d)%s\n",
                     puzzle, a, b, c.value, sudoku_unit_name(c.unit),
                     c.unit_ix + 1, count > 1 ? ", and more" : "");
  return len <= 0 ? 0 : (size_t)len < cap ? (size_t)len : cap - 1;
}

void cli_report_conflict(uint32_t puzzle, const sudoku_grid *g) {
  char line[256];
  fwrite(line, 1, conflict_text(puzzle, g, line, sizeof line), stderr);
}

/* ---- Batches ------------------------------------------------------------ */

/* Growable text: what a batch writes to stdout or to stderr. */
struct text {
  char *s;
  size_t len, cap;
};

/* Room for `more` bytes after len; false when memory ran out. */
static bool text_reserve(struct text *t, size_t more) {
  if (t->len + more <= t->cap)
    return true;
  size_t cap = t->cap ? t->cap : 4096;
  while (cap < t->len + more)
    cap *= 2;
  char *s = realloc(t->s, cap);
  if (s == NULL)
    return false;
  t->s = s;
  t->cap = cap;
  return true;
}

/* Appends one printf-formatted line; room was reserved by the caller. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
text_printf(struct text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
  va_end(ap);
  if (n > 0)
    t->len += (size_t)n < t->cap - t->len ? (size_t)n : t->cap - t->len - 1;
}

/* Reserved a puzzle: its answer, a separator; its stderr line. */
#define CLI_OUT_ROOM (SUDOKU_TEXT_MAX + 16)
#define CLI_ERR_ROOM 512

enum slot_state { SLOT_FREE, SLOT_READY, SLOT_TAKEN, SLOT_DONE };

struct batch {
  sudoku_grid g[CLI_BATCH_MAX];
  uint32_t first; /* 1-based number of g[0] in the input */
  int count, cells;
  struct text out, err;
  bool unsolved, oom;
  enum slot_state state; /* under the pipeline's lock when threaded */
};

/* Solves one puzzle, its answer onto out and its messages onto err (the
 * same bytes the CLI always printed). Returns false when it had no
 * answer. */
static bool solve_one(uint32_t index, const sudoku_grid *g,
                      const struct cli_options *o, struct text *out,
                      struct text *err) {
  sudoku_grid sol;
  struct sudoku_stats st;
  enum sudoku_status s = sudoku_solve(g, &o->limits, &sol, &st);
  if (st.solutions == 0) {
    if (s == SUDOKU_CONFLICT)
      err->len += conflict_text(index, g, err->s + err->len, CLI_ERR_ROOM);
    else
      text_printf(err, "sudoku: puzzle %u: %s\n", index, sudoku_strerror(s));
    memcpy(out->s + out->len, "no solution\n", 12);
    out->len += 12;
    return false;
  }
  if (s == SUDOKU_OK && st.solutions > 1)
    text_printf(err, "sudoku: puzzle %u: several solutions; printed %s\n",
                index, o->limits.lexmin ? "the smallest" : "one");
  else if (s != SUDOKU_OK)
    text_printf(err, "sudoku: puzzle %u: %s; uniqueness unknown\n", index,
                sudoku_strerror(s));
  char *at = out->s + out->len;
  out->len += o->line_format ? sudoku_write_line(&sol, at, SUDOKU_TEXT_MAX)
                             : sudoku_write_judge(&sol, at, SUDOKU_TEXT_MAX);
  return true;
}

static void batch_solve(struct batch *bt, const struct cli_options *o) {
  bt->out.len = bt->err.len = 0;
  bt->unsolved = bt->oom = false;
  for (int i = 0; i < bt->count; i++) {
    uint32_t index = bt->first + (uint32_t)i;
    if (!text_reserve(&bt->out, CLI_OUT_ROOM) ||
        !text_reserve(&bt->err, CLI_ERR_ROOM)) {
      bt->oom = true;
      return;
    }
    if (index > 1 && !o->line_format)
      bt->out.s[bt->out.len++] = '\n';
    if (!solve_one(index, &bt->g[i], o, &bt->out, &bt->err))
      bt->unsolved = true;
  }
}

/* ---- The pipeline ------------------------------------------------------- */

/*
 * A ring of batches. The main thread fills them in ring order from the
 * stream, hands them out (READY), and writes them in ring order once DONE;
 * workers take READY batches in ring order. Without workers (--jobs 1) the
 * main thread solves each batch as it hands it out. 2 * jobs + 2 batches
 * keep every worker busy while one is filled and one written.
 */
struct pipeline {
  pthread_mutex_t mu;
  pthread_cond_t ready, done;
  struct batch *slots;
  int nslots, head, tail, take; /* next to write, to fill, to take */
  int workers;
  bool quit;
  const struct cli_options *o;
  int rc; /* 0, or 1 once some puzzle had no answer */
  bool oom;
};

static void *worker_main(void *arg) {
  struct pipeline *p = arg;
  pthread_mutex_lock(&p->mu);
  for (;;) {
    struct batch *bt = &p->slots[p->take];
    if (bt->state == SLOT_READY) {
      p->take = (p->take + 1) % p->nslots;
      bt->state = SLOT_TAKEN;
      pthread_mutex_unlock(&p->mu);
      batch_solve(bt, p->o);
      pthread_mutex_lock(&p->mu);
      bt->state = SLOT_DONE;
      pthread_cond_signal(&p->done);
    } else if (p->quit) {
      break;
    } else {
      pthread_cond_wait(&p->ready, &p->mu);
    }
  }
  pthread_mutex_unlock(&p->mu);
  return NULL;
}

static enum slot_state slot_state(struct pipeline *p, struct batch *bt) {
  if (p->workers == 0)
    return bt->state;
  pthread_mutex_lock(&p->mu);
  enum slot_state s = bt->state;
  pthread_mutex_unlock(&p->mu);
  return s;
}

static void set_state(struct pipeline *p, struct batch *bt, enum slot_state s) {
  if (p->workers > 0)
    pthread_mutex_lock(&p->mu);
  bt->state = s;
  if (p->workers > 0)
    pthread_mutex_unlock(&p->mu);
}

/* Writes the oldest batch if it is done (or, with wait, once it is).
 * Returns false when there was nothing to write. */
static bool write_head(struct pipeline *p, bool wait) {
  struct batch *bt = &p->slots[p->head];
  if (p->workers > 0) {
    pthread_mutex_lock(&p->mu);
    while (wait && (bt->state == SLOT_READY || bt->state == SLOT_TAKEN))
      pthread_cond_wait(&p->done, &p->mu);
    pthread_mutex_unlock(&p->mu);
  }
  if (slot_state(p, bt) != SLOT_DONE)
    return false;
  if (bt->oom)
    p->oom = true;
  else {
    fwrite(bt->out.s, 1, bt->out.len, stdout);
    fwrite(bt->err.s, 1, bt->err.len, stderr);
  }
  if (bt->unsolved)
    p->rc = 1;
  bt->count = 0;
  set_state(p, bt, SLOT_FREE);
  p->head = (p->head + 1) % p->nslots;
  return true;
}

/* Hands the batch being filled to a worker (or solves it here). */
static void dispatch(struct pipeline *p) {
  struct batch *bt = &p->slots[p->tail];
  p->tail = (p->tail + 1) % p->nslots;
  if (p->workers == 0) {
    batch_solve(bt, p->o);
    bt->state = SLOT_DONE;
    return;
  }
  pthread_mutex_lock(&p->mu);
  bt->state = SLOT_READY;
  pthread_cond_signal(&p->ready);
  pthread_mutex_unlock(&p->mu);
}

static int default_jobs(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > CLI_JOBS_MAX ? CLI_JOBS_MAX : (int)n;
}

/* Reads, solves and writes until the input ends or is malformed. */
static int run_pipeline(struct pipeline *p, struct cli_stream *st) {
  struct sudoku_text_error err;
  char msg[200] = "";
  uint32_t next = 1; /* number of the next puzzle */
  enum cli_stream_rc got = CLI_STREAM_MORE;
  while (got != CLI_STREAM_END && got != CLI_STREAM_BAD) {
    struct batch *bt = &p->slots[p->tail];
    while (slot_state(p, bt) !=
           SLOT_FREE) /* the ring is full: bt is the head */
      write_head(p, true);
    bt->first = next;
    bt->count = bt->cells = 0;
    bool fill = false;
    for (;;) {
      got = cli_stream_next(st, &bt->g[bt->count], &err);
      if (got == CLI_STREAM_PUZZLE) {
        bt->cells += bt->g[bt->count].n * bt->g[bt->count].n;
        bt->count++;
        next++;
        if (bt->count == CLI_BATCH_MAX || bt->cells >= CLI_BATCH_CELLS)
          break;
      } else if (got == CLI_STREAM_MORE && bt->count == 0) {
        fill = true;
        break;
      } else {
        fill = got == CLI_STREAM_MORE; /* solve what is here first */
        break;
      }
    }
    if (bt->count > 0)
      dispatch(p);
    if (fill) {
      /* The read may block (a pipe, a terminal): answers ready so far go
       * out first. */
      while (write_head(p, false))
        ;
      fflush(stdout);
      if (cli_stream_fill(st, msg, sizeof msg) != 0)
        break;
    }
  }
  while (p->head != p->tail || slot_state(p, &p->slots[p->head]) != SLOT_FREE)
    if (!write_head(p, true))
      break;
  if (p->oom) {
    fprintf(stderr, "sudoku: out of memory\n");
    return 2;
  }
  if (msg[0] != '\0' || got == CLI_STREAM_BAD) {
    fflush(stdout);
    fprintf(stderr, "sudoku: %s\n", msg[0] != '\0' ? msg : err.message);
    return 2;
  }
  if (next == 1) {
    fprintf(stderr, "sudoku: no puzzle in the input\n");
    return 2;
  }
  return p->rc;
}

int cli_cmd_solve(int argc, char **argv) {
  struct cli_options o = {false, 0, SUDOKU_LIMITS_DEFAULT};
  o.limits.deadline_us = CLI_DEFAULT_DEADLINE_MS * 1000u;
  int rc = cli_parse_args(argc, argv, &o);
  if (rc >= 0)
    return rc;
  if (o.jobs == 0)
    o.jobs = default_jobs();

  struct pipeline p;
  memset(&p, 0, sizeof p);
  p.o = &o;
  p.nslots = o.jobs > 1 ? 2 * o.jobs + 2 : 1;
  p.slots = calloc((size_t)p.nslots, sizeof *p.slots);
  if (p.slots == NULL) {
    fprintf(stderr, "sudoku: out of memory\n");
    return 2;
  }
  pthread_t threads[CLI_JOBS_MAX];
  pthread_mutex_init(&p.mu, NULL);
  pthread_cond_init(&p.ready, NULL);
  pthread_cond_init(&p.done, NULL);
  /* Workers only with two jobs or more; a thread that cannot start just
   * leaves fewer (none: the main thread solves). */
  for (int i = 0; o.jobs > 1 && i < o.jobs; i++) {
    if (pthread_create(&threads[p.workers], NULL, worker_main, &p) != 0)
      break;
    p.workers++;
  }

  struct cli_stream st;
  cli_stream_init(&st, 0);
  rc = run_pipeline(&p, &st);
  cli_stream_free(&st);

  pthread_mutex_lock(&p.mu);
  p.quit = true;
  pthread_cond_broadcast(&p.ready);
  pthread_mutex_unlock(&p.mu);
  for (int i = 0; i < p.workers; i++)
    pthread_join(threads[i], NULL);
  pthread_cond_destroy(&p.ready);
  pthread_cond_destroy(&p.done);
  pthread_mutex_destroy(&p.mu);
  for (int i = 0; i < p.nslots; i++) {
    free(p.slots[i].out.s);
    free(p.slots[i].err.s);
  }
  free(p.slots);
  if (fflush(stdout) != 0 && rc != 2)
    return 2;
  return rc;
}
