/*
 * reaper.c - a bound on the time a connection may take to deliver a whole
 * request. libmicrohttpd 0.9.75's timeout (--timeout-s) counts idleness
 * only: a client that sends one header byte, or one body byte, every few
 * seconds keeps its connection for ever, and --max-connections of them
 * shut everyone else out (slowloris). Here every connection records when
 * its current request began (the connection's start, or the previous
 * request's completion) and whether it is still being read; a thread looks
 * once a second and shuts down (shutdown(2), both ways) the socket of one
 * read for longer than --timeout-s. MHD then sees the end of the stream
 * and closes the connection as if the client had gone: no answer, as for
 * an idle one.
 *
 * Not bounded here: the time a request spends at a worker (its deadline
 * does that) or sending its answer (MHD's idle timeout: a client that
 * never reads stalls the writes).
 *
 * Why a shutdown never hits another connection's socket: MHD notifies a
 * connection's close (NOTIFY_CLOSED) before it closes the descriptor, and
 * the entry leaves the list under the same lock the reaper holds while it
 * calls shutdown(); a descriptor in the list is still that connection's.
 * Cost: one lock per connection opened and closed, two relaxed atomic
 * stores per request, and a scan of the open connections each second.
 */
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#include "http_internal.h"

struct http_watch {
  int fd;
  atomic_uint_fast64_t since_ns; /* its current request began */
  atomic_bool reading;           /* headers or body still to come */
  bool reaped;                   /* shut down once; under the lock */
  struct http_watch *prev, *next;
};

struct http_reaper {
  pthread_mutex_t lock;
  pthread_cond_t wake;
  bool stop;
  uint64_t limit_ns;
  struct http_watch *head;
  pthread_t thread;
};

static void *reaper_main(void *arg) {
  struct http_reaper *r = arg;
  pthread_mutex_lock(&r->lock);
  while (!r->stop) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += 1;
    pthread_cond_timedwait(&r->wake, &r->lock, &ts);
    uint64_t now = sudoku_clock_ns();
    for (struct http_watch *w = r->head; w != NULL && !r->stop; w = w->next)
      if (!w->reaped && atomic_load(&w->reading) &&
          now - atomic_load(&w->since_ns) > r->limit_ns) {
        shutdown(w->fd, SHUT_RDWR);
        w->reaped = true;
      }
  }
  pthread_mutex_unlock(&r->lock);
  return NULL;
}

struct http_reaper *http_reaper_start(unsigned timeout_s) {
  if (timeout_s == 0)
    return NULL;
  struct http_reaper *r = calloc(1, sizeof *r);
  if (r == NULL)
    return NULL;
  pthread_mutex_init(&r->lock, NULL);
  pthread_cond_init(&r->wake, NULL);
  r->limit_ns = (uint64_t)timeout_s * 1000000000u;
  if (pthread_create(&r->thread, NULL, reaper_main, r) != 0) {
    pthread_cond_destroy(&r->wake);
    pthread_mutex_destroy(&r->lock);
    free(r);
    return NULL;
  }
  return r;
}

void http_reaper_stop(struct http_reaper *r) {
  if (r == NULL)
    return;
  pthread_mutex_lock(&r->lock);
  r->stop = true;
  pthread_cond_signal(&r->wake);
  pthread_mutex_unlock(&r->lock);
  pthread_join(r->thread, NULL);
  while (r->head != NULL) { /* none once MHD has stopped */
    struct http_watch *w = r->head;
    r->head = w->next;
    free(w);
  }
  pthread_cond_destroy(&r->wake);
  pthread_mutex_destroy(&r->lock);
  free(r);
}

struct http_watch *http_watch_open(struct http_reaper *r, int fd) {
  if (r == NULL)
    return NULL;
  struct http_watch *w = calloc(1, sizeof *w);
  if (w == NULL)
    return NULL; /* unwatched: MHD's idle timeout still holds */
  w->fd = fd;
  atomic_init(&w->since_ns, sudoku_clock_ns());
  atomic_init(&w->reading, true);
  pthread_mutex_lock(&r->lock);
  w->next = r->head;
  if (r->head != NULL)
    r->head->prev = w;
  r->head = w;
  pthread_mutex_unlock(&r->lock);
  return w;
}

void http_watch_close(struct http_reaper *r, struct http_watch *w) {
  if (r == NULL || w == NULL)
    return;
  pthread_mutex_lock(&r->lock);
  if (w->prev != NULL)
    w->prev->next = w->next;
  else
    r->head = w->next;
  if (w->next != NULL)
    w->next->prev = w->prev;
  pthread_mutex_unlock(&r->lock);
  free(w);
}

void http_watch_read(struct http_watch *w) {
  if (w != NULL)
    atomic_store_explicit(&w->reading, false, memory_order_relaxed);
}

void http_watch_next(struct http_watch *w) {
  if (w == NULL)
    return;
  atomic_store_explicit(&w->since_ns, sudoku_clock_ns(), memory_order_relaxed);
  atomic_store_explicit(&w->reading, true, memory_order_relaxed);
}
