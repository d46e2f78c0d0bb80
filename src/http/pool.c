/*
 * pool.c - see pool.h. One mutex guards both lanes; it is never held while
 * a job runs, so a slow solve blocks nobody but its own worker. Pushes
 * broadcast: a worker woken for a lane it does not serve would otherwise
 * swallow the wake-up (a handful of threads, so the cost is nothing).
 */
#include "pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct lane {
  struct pool_job *head, *tail;
  unsigned reserved; /* places taken, queued or about to be pushed */
};

struct pool {
  pthread_mutex_t lock;
  pthread_cond_t ready; /* a job was pushed, or the pool is stopping */
  struct lane lane[POOL_LANES];
  unsigned max_queue; /* per lane */
  bool stopping;
  atomic_uint depth; /* reserved in both lanes, readable without the lock */
  pool_run_fn run;
  void *ctx;
  unsigned nthreads; /* started, to join; 0 once joined */
  pthread_t *threads;
};

struct worker {
  struct pool *pool;
  unsigned index;
};

/* The lanes worker i takes jobs from, in order. With two workers or more,
 * worker 0 serves the short lane only, so short work never waits behind
 * long; the others take long work first (it is never starved) and short
 * work when there is no long. A single worker takes short first. */
static unsigned lanes_of(const struct pool *p, unsigned i, int order[2]) {
  if (p->nthreads >= 2 && i == 0) {
    order[0] = POOL_LANE_SHORT;
    return 1;
  }
  order[0] = p->nthreads >= 2 ? POOL_LANE_LONG : POOL_LANE_SHORT;
  order[1] = p->nthreads >= 2 ? POOL_LANE_SHORT : POOL_LANE_LONG;
  return 2;
}

static unsigned reserved_total(const struct pool *p) {
  return p->lane[0].reserved + p->lane[1].reserved;
}

static unsigned load_of(const struct pool_job *job) {
  return job->load != NULL ? atomic_load(job->load) : 0;
}

/* Unlinks the oldest job of the least loaded client from l (not empty): a
 * scan of at most max_queue jobs, each a millisecond of work or more. */
static struct pool_job *unlink_lightest(struct lane *l) {
  struct pool_job *best = l->head, *best_prev = NULL, *prev = l->head;
  unsigned least = load_of(best);
  for (struct pool_job *j = l->head->next; j != NULL && least > 0;
       prev = j, j = j->next) {
    unsigned load = load_of(j);
    if (load < least) {
      least = load;
      best = j;
      best_prev = prev;
    }
  }
  if (best_prev == NULL)
    l->head = best->next;
  else
    best_prev->next = best->next;
  if (l->tail == best)
    l->tail = best_prev;
  return best;
}

/* The next job for worker i, or NULL; the lock is held. */
static struct pool_job *take(struct pool *p, unsigned i) {
  int order[2];
  unsigned n = lanes_of(p, i, order);
  for (unsigned k = 0; k < n; k++) {
    struct lane *l = &p->lane[order[k]];
    if (l->head == NULL)
      continue;
    struct pool_job *job = unlink_lightest(l);
    l->reserved--;
    atomic_store(&p->depth, reserved_total(p));
    return job;
  }
  return NULL;
}

static void *pool_work(void *arg) {
  struct worker *w = arg;
  struct pool *p = w->pool;
  unsigned i = w->index;
  free(w);
  for (;;) {
    pthread_mutex_lock(&p->lock);
    /* A reserved job that is not pushed yet keeps the workers alive: its
     * connection is (about to be) suspended and only a worker resumes it.
     * While stopping, every worker takes from both lanes. */
    struct pool_job *job;
    while ((job = take(p, p->stopping && i == 0 ? 1 : i)) == NULL &&
           !(p->stopping && reserved_total(p) == 0))
      pthread_cond_wait(&p->ready, &p->lock);
    bool cancelled = p->stopping;
    if (p->stopping && reserved_total(p) == 0)
      pthread_cond_broadcast(&p->ready); /* let the others exit */
    pthread_mutex_unlock(&p->lock);
    if (job == NULL)
      break;
    job->next = NULL;
    p->run(job, cancelled, p->ctx);
  }
  return NULL;
}

struct pool *pool_start(unsigned threads, unsigned max_queue, size_t stack,
                        pool_run_fn run, void *ctx) {
  struct pool *p = calloc(1, sizeof *p);
  if (p == NULL || threads == 0)
    goto fail;
  p->threads = calloc(threads, sizeof *p->threads);
  if (p->threads == NULL)
    goto fail;
  pthread_mutex_init(&p->lock, NULL);
  pthread_cond_init(&p->ready, NULL);
  p->max_queue = max_queue;
  p->run = run;
  p->ctx = ctx;
  atomic_init(&p->depth, 0);
  /* Roles depend on the count: set it before any worker looks. */
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  if (stack > 0)
    pthread_attr_setstacksize(&attr, stack);
  pthread_mutex_lock(&p->lock);
  for (; p->nthreads < threads; p->nthreads++) {
    struct worker *w = malloc(sizeof *w);
    if (w == NULL)
      break;
    *w = (struct worker){p, p->nthreads};
    if (pthread_create(&p->threads[p->nthreads], &attr, pool_work, w) != 0) {
      free(w);
      break;
    }
  }
  bool all = p->nthreads == threads;
  pthread_mutex_unlock(&p->lock);
  pthread_attr_destroy(&attr);
  if (!all)
    goto fail;
  return p;

fail:
  if (p != NULL && p->threads != NULL)
    pool_stop(p); /* joins the threads that did start */
  pool_free(p);
  return NULL;
}

bool pool_reserve(struct pool *p, enum pool_lane lane) {
  bool ok;
  pthread_mutex_lock(&p->lock);
  ok = !p->stopping && p->lane[lane].reserved < p->max_queue;
  if (ok) {
    p->lane[lane].reserved++;
    atomic_store(&p->depth, reserved_total(p));
  }
  pthread_mutex_unlock(&p->lock);
  return ok;
}

void pool_push(struct pool *p, enum pool_lane lane, struct pool_job *job) {
  struct lane *l = &p->lane[lane];
  job->next = NULL;
  pthread_mutex_lock(&p->lock);
  if (l->tail != NULL)
    l->tail->next = job;
  else
    l->head = job;
  l->tail = job;
  pthread_cond_broadcast(&p->ready);
  pthread_mutex_unlock(&p->lock);
}

unsigned pool_depth(struct pool *p) { return atomic_load(&p->depth); }

void pool_stop(struct pool *p) {
  if (p == NULL)
    return;
  pthread_mutex_lock(&p->lock);
  p->stopping = true;
  pthread_cond_broadcast(&p->ready);
  pthread_mutex_unlock(&p->lock);
  for (unsigned i = 0; i < p->nthreads; i++)
    pthread_join(p->threads[i], NULL);
  p->nthreads = 0;
}

void pool_free(struct pool *p) {
  if (p == NULL)
    return;
  if (p->threads != NULL) { /* the lock was initialized with them */
    pthread_cond_destroy(&p->ready);
    pthread_mutex_destroy(&p->lock);
  }
  free(p->threads);
  free(p);
}
