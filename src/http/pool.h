/*
 * pool.h - solver worker threads behind two bounded FIFO lanes, short and
 * long work (mutex and condition variable). With two workers or more, one
 * serves only the short lane: however much long work is queued, short work
 * waits for at most one short job. Jobs are intrusive: the caller embeds a
 * struct pool_job in its own object and owns that object's memory.
 *
 * Submitting is two steps, pool_reserve() then pool_push(), so the caller
 * can do something between "there is room" and "a worker may run this"
 * (http suspends the connection there: a worker must never resume a
 * connection that is not suspended yet).
 *
 * What it does NOT do: know about HTTP or clients (a job only points at a
 * load to compare), retry, or cancel a running job.
 */
#ifndef SUDOKU_HTTP_POOL_H
#define SUDOKU_HTTP_POOL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

enum pool_lane { POOL_LANE_SHORT, POOL_LANE_LONG, POOL_LANES };

struct pool_job {
  struct pool_job *next; /* owned by the pool while queued */
  /* How many jobs the job's client has in the pool, queued or running
   * (NULL: none counted). A worker takes the job of the least loaded
   * client, the oldest among equals: FIFO when every client sends one at
   * a time, and a client with many queued waits behind its own. */
  const atomic_uint *load;
};

/* Runs one job on a worker thread. cancelled is true when the pool is
 * stopping and the job was still waiting: answer it quickly. */
typedef void (*pool_run_fn)(struct pool_job *job, bool cancelled, void *ctx);

struct pool;

/* Starts threads workers (>= 1) with room for max_queue waiting jobs in
 * each lane, each worker with a stack of stack bytes (0: the system's
 * default).
 * Returns NULL when a thread or memory could not be had. */
struct pool *pool_start(unsigned threads, unsigned max_queue, size_t stack,
                        pool_run_fn run, void *ctx);

/* Takes one place in a lane. Returns false when the lane is full or the
 * pool is stopping; then nothing is held. Every true must be followed by
 * exactly one pool_push() to the same lane. */
bool pool_reserve(struct pool *p, enum pool_lane lane);

/* Queues job into the place taken by pool_reserve() and wakes the workers. */
void pool_push(struct pool *p, enum pool_lane lane, struct pool_job *job);

/* Jobs reserved or queued in both lanes and not yet taken by a worker. */
unsigned pool_depth(struct pool *p);

/* Refuses new reservations, runs every job still queued (or reserved and
 * pushed later) with cancelled = true, waits for the running ones and joins
 * the threads. Afterwards pool_reserve() returns false and pool_depth() 0.
 * NULL or a second call is a no-op. */
void pool_stop(struct pool *p);

/* Frees a stopped pool. NULL is a no-op. */
void pool_free(struct pool *p);

#endif /* SUDOKU_HTTP_POOL_H */
