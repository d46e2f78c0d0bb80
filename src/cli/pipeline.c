/*
 * pipeline.c - see pipeline.h.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pipeline.h"

bool cli_text_reserve(struct cli_text *t, size_t more) {
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

void cli_text_printf(struct cli_text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
  va_end(ap);
  if (n > 0)
    t->len += (size_t)n < t->cap - t->len ? (size_t)n : t->cap - t->len - 1;
}

/*
 * A ring of batches. The main thread fills them in ring order from the
 * stream, hands them out (READY), and writes them in ring order once DONE;
 * workers take READY batches in ring order. Without workers (--jobs 1) the
 * main thread runs each batch as it hands it out. 2 * jobs + 2 batches
 * keep every worker busy while one is filled and one written.
 */
struct pipeline {
  pthread_mutex_t mu;
  pthread_cond_t ready, done;
  struct cli_batch *slots;
  int nslots, head, tail, take; /* next to write, to fill, to take */
  int workers;
  bool quit;
  const struct cli_pipeline_spec *spec;
  int rc; /* 0, or 1 once some puzzle had no answer */
  bool oom;
};

static void run_batch(struct pipeline *p, struct cli_batch *bt) {
  bt->out.len = bt->err.len = 0;
  bt->unsolved = bt->oom = false;
  p->spec->run(bt, p->spec->ctx);
}

static void *worker_main(void *arg) {
  struct pipeline *p = arg;
  pthread_mutex_lock(&p->mu);
  for (;;) {
    struct cli_batch *bt = &p->slots[p->take];
    if (bt->state == SLOT_READY) {
      p->take = (p->take + 1) % p->nslots;
      bt->state = SLOT_TAKEN;
      pthread_mutex_unlock(&p->mu);
      run_batch(p, bt);
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

static enum cli_slot_state slot_state(struct pipeline *p,
                                      struct cli_batch *bt) {
  if (p->workers == 0)
    return bt->state;
  pthread_mutex_lock(&p->mu);
  enum cli_slot_state s = bt->state;
  pthread_mutex_unlock(&p->mu);
  return s;
}

static void set_state(struct pipeline *p, struct cli_batch *bt,
                      enum cli_slot_state s) {
  if (p->workers > 0)
    pthread_mutex_lock(&p->mu);
  bt->state = s;
  if (p->workers > 0)
    pthread_mutex_unlock(&p->mu);
}

/* Writes the oldest batch if it is done (or, with wait, once it is).
 * Returns false when there was nothing to write. */
static bool write_head(struct pipeline *p, bool wait) {
  struct cli_batch *bt = &p->slots[p->head];
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
  struct cli_batch *bt = &p->slots[p->tail];
  p->tail = (p->tail + 1) % p->nslots;
  if (p->workers == 0) {
    run_batch(p, bt);
    bt->state = SLOT_DONE;
    return;
  }
  pthread_mutex_lock(&p->mu);
  bt->state = SLOT_READY;
  pthread_cond_signal(&p->ready);
  pthread_mutex_unlock(&p->mu);
}

/* Reads, solves and writes until the input ends or is malformed. */
static int run_pipeline(struct pipeline *p, struct cli_stream *st) {
  struct sudoku_text_error err;
  char msg[200] = "";
  uint32_t next = 1; /* number of the next puzzle */
  enum cli_stream_rc got = CLI_STREAM_MORE;
  while (got != CLI_STREAM_END && got != CLI_STREAM_BAD) {
    struct cli_batch *bt = &p->slots[p->tail];
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
        if (bt->count == p->spec->batch_max ||
            bt->cells >= p->spec->batch_cells)
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

int cli_pipeline_run(const struct cli_pipeline_spec *spec,
                     struct cli_stream *st) {
  struct pipeline p;
  memset(&p, 0, sizeof p);
  p.spec = spec;
  p.nslots = spec->jobs > 1 ? 2 * spec->jobs + 2 : 1;
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
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, SUDOKU_STACK_BYTES);
  for (int i = 0; spec->jobs > 1 && i < spec->jobs; i++) {
    if (pthread_create(&threads[p.workers], &attr, worker_main, &p) != 0)
      break;
    p.workers++;
  }
  pthread_attr_destroy(&attr);

  int rc = run_pipeline(&p, st);

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
    for (int k = 0; k < CLI_BATCH_MEMFILES; k++) {
      if (p.slots[i].mem[k].f != NULL)
        fclose(p.slots[i].mem[k].f);
      free(p.slots[i].mem[k].buf);
    }
  }
  free(p.slots);
  return rc;
}

bool cli_parse_jobs(const char *arg, int *jobs) {
  char *end;
  errno = 0;
  long n = strtol(arg, &end, 10);
  if (errno || *end || end == arg || n < 1 || n > CLI_JOBS_MAX) {
    fprintf(stderr, "sudoku: --jobs takes 1..%d, not '%s'\n", CLI_JOBS_MAX,
            arg);
    return false;
  }
  *jobs = (int)n;
  return true;
}

int cli_default_jobs(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > CLI_JOBS_MAX ? CLI_JOBS_MAX : (int)n;
}
