/*
 * reaper.c - a bound on the time a connection may take to deliver a whole
 * request, and on the time a dead one keeps its place. Two cases:
 *
 * - Trickling (slowloris). libmicrohttpd's timeout (--timeout-s) counts
 *   idleness only: a client that sends one header byte, or one body byte,
 *   every few seconds keeps its connection for ever, and --max-connections
 *   of them shut everyone else out. Here every connection records when
 *   its current request began (the connection's start, or the previous
 *   request's completion) and whether it is still being read; one read
 *   for longer than --timeout-s is shut down.
 * - A client that stopped sending for good: it half-closed (shutdown
 *   SHUT_WR) or vanished with its request unfinished ("Content-Length:
 *   100", 81 bytes, then a FIN). With epoll, libmicrohttpd (0.9.75 and
 *   1.0.1) reads the last bytes and the FIN's edge in one go and then
 *   waits for data that cannot come: the connection, its request and the
 *   in-flight gauge stayed until --timeout-s, and a drain waited for them.
 *   The reaper peeks (recv MSG_PEEK, nothing consumed) at each socket
 *   still being read: an end of stream with nothing left unread, seen on
 *   two scans in a row of the same request, means the request can never
 *   complete. Twice, because between its read of the last bytes and its
 *   final call MHD holds no unread data either: one scan's interval (a
 *   quarter second) passes before a request is judged, so a client that
 *   sent its request whole and then half-closed is never cut off.
 *   A reset socket (the peek fails with an error) is shut down at once.
 *
 * Shut down means shutdown(2), both ways: MHD then sees the end of the
 * stream and closes the connection as if the client had gone, completing
 * the request (MHD_REQUEST_TERMINATED_CLIENT_ABORT): no answer, because
 * libmicrohttpd takes none while a body is still due.
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
 * stores per request, and four times a second a scan of the open
 * connections with one recv(2) peek for each still being read.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#include "http_internal.h"

struct http_watch {
  int fd;
  atomic_uint_fast64_t since_ns; /* its current request began */
  atomic_bool reading;           /* headers or body still to come */
  bool reaped;                   /* shut down once; under the lock */
  uint64_t ended;                /* since_ns of a request seen at an end of
                                    stream by the last scan, or 0 */
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

/* The reaper's scans: four a second, so a dead peer is noticed (on two
 * scans in a row) within half a second. */
#define REAPER_SCAN_NS 250000000u

/* Whether the client can send no more of its request: its socket is at an
 * end of stream with nothing unread, or reset. MSG_PEEK leaves any byte
 * for MHD. */
static bool peer_done(int fd) {
  char c;
  ssize_t got = recv(fd, &c, 1, MSG_PEEK | MSG_DONTWAIT);
  return got == 0 ||
         (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

static void reap(struct http_reaper *r, uint64_t now) {
  for (struct http_watch *w = r->head; w != NULL && !r->stop; w = w->next) {
    if (w->reaped || !atomic_load(&w->reading)) {
      w->ended = 0;
      continue;
    }
    uint64_t since = atomic_load(&w->since_ns);
    bool dead = false;
    if (now - since > r->limit_ns)
      dead = true;
    else if (peer_done(w->fd)) {
      dead = w->ended == since;
      w->ended = since;
    } else
      w->ended = 0;
    if (dead) {
      shutdown(w->fd, SHUT_RDWR);
      w->reaped = true;
    }
  }
}

static void *reaper_main(void *arg) {
  struct http_reaper *r = arg;
  pthread_mutex_lock(&r->lock);
  while (!r->stop) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += REAPER_SCAN_NS;
    if (ts.tv_nsec >= 1000000000) {
      ts.tv_sec += 1;
      ts.tv_nsec -= 1000000000;
    }
    pthread_cond_timedwait(&r->wake, &r->lock, &ts);
    reap(r, sudoku_clock_ns());
  }
  pthread_mutex_unlock(&r->lock);
  return NULL;
}

struct http_reaper *http_reaper_start(unsigned timeout_s) {
  struct http_reaper *r = calloc(1, sizeof *r);
  if (r == NULL)
    return NULL;
  pthread_mutex_init(&r->lock, NULL);
  pthread_cond_init(&r->wake, NULL);
  /* --timeout-s 0: no time limit, dead peers are still reaped */
  r->limit_ns = timeout_s > 0 ? (uint64_t)timeout_s * 1000000000u : UINT64_MAX;
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
