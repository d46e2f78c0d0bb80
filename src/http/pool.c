/*
 * pool.c - see pool.h. One mutex guards the queue; it is never held while a
 * job runs, so a slow solve blocks nobody but its own worker.
 */
#include "pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct pool {
  pthread_mutex_t lock;
  pthread_cond_t ready; /* a job was pushed, or the pool is stopping */
  struct pool_job *head, *tail;
  unsigned reserved; /* places taken, queued or about to be pushed */
  unsigned max_queue;
  bool stopping;
  atomic_uint depth; /* == reserved, readable without the lock */
  pool_run_fn run;
  void *ctx;
  unsigned nthreads; /* started, to join; 0 once joined */
  pthread_t *threads;
};

static void *pool_work(void *arg) {
  struct pool *p = arg;
  for (;;) {
    pthread_mutex_lock(&p->lock);
    /* A reserved job that is not pushed yet keeps the workers alive: its
     * connection is (about to be) suspended and only a worker resumes it. */
    while (p->head == NULL && !(p->stopping && p->reserved == 0))
      pthread_cond_wait(&p->ready, &p->lock);
    struct pool_job *job = p->head;
    bool cancelled = p->stopping;
    if (job != NULL) {
      p->head = job->next;
      if (p->head == NULL)
        p->tail = NULL;
      p->reserved--;
      atomic_store(&p->depth, p->reserved);
      if (p->stopping && p->reserved == 0)
        pthread_cond_broadcast(&p->ready); /* let the others exit */
    }
    pthread_mutex_unlock(&p->lock);
    if (job == NULL)
      break;
    job->next = NULL;
    p->run(job, cancelled, p->ctx);
  }
  return NULL;
}

struct pool *pool_start(unsigned threads, unsigned max_queue, pool_run_fn run,
                        void *ctx) {
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
  for (; p->nthreads < threads; p->nthreads++)
    if (pthread_create(&p->threads[p->nthreads], NULL, pool_work, p) != 0)
      goto fail;
  return p;

fail:
  if (p != NULL && p->threads != NULL)
    pool_stop(p); /* joins the threads that did start */
  pool_free(p);
  return NULL;
}

bool pool_reserve(struct pool *p) {
  bool ok;
  pthread_mutex_lock(&p->lock);
  ok = !p->stopping && p->reserved < p->max_queue;
  if (ok) {
    p->reserved++;
    atomic_store(&p->depth, p->reserved);
  }
  pthread_mutex_unlock(&p->lock);
  return ok;
}

void pool_push(struct pool *p, struct pool_job *job) {
  job->next = NULL;
  pthread_mutex_lock(&p->lock);
  if (p->tail != NULL)
    p->tail->next = job;
  else
    p->head = job;
  p->tail = job;
  pthread_cond_signal(&p->ready);
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
