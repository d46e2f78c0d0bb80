/*
 * metrics.h - the server's counters, as relaxed atomics (every request
 * thread and worker bumps them without a lock), and their rendering in the
 * Prometheus text exposition format 0.0.4.
 *
 * What it does NOT do: know routes or HTTP; the caller passes route labels
 * as indexes into its own table and the gauges' values at render time.
 */
#ifndef SUDOKU_HTTP_METRICS_H
#define SUDOKU_HTTP_METRICS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define METRICS_MAX_ROUTES 16   /* route labels, "other" included */
#define METRICS_MAX_STATUS 600  /* statuses 0..599 are counted apart */
#define METRICS_MAX_OUTCOMES 48 /* distinct outcome labels kept */
#define METRICS_BUCKETS 15      /* solve-duration histogram, 100us..5s */

#define METRICS_CONTENT_TYPE "text/plain; version=0.0.4; charset=utf-8"

struct metrics_outcome {
  _Atomic(const char *) name; /* NULL while the slot is free */
  atomic_uint_fast64_t count;
};

struct metrics {
  /* requests_total by route index and status. 4,800 counters (75 KiB): an
   * array indexed by status costs memory, not time, and never drops one. */
  atomic_uint_fast64_t requests[METRICS_MAX_ROUTES][METRICS_MAX_STATUS];
  atomic_uint_fast64_t solve_bucket[METRICS_BUCKETS + 1]; /* last = +Inf */
  atomic_uint_fast64_t solve_sum_us;
  struct metrics_outcome outcomes[METRICS_MAX_OUTCOMES];
};

/* The gauges, read by the caller when rendering. */
struct metrics_gauges {
  uint64_t in_flight;
  uint64_t queue_depth;
};

/* Zeroes every counter. */
void metrics_init(struct metrics *m);

/* Counts one completed request; statuses outside 0..599 count as 0. */
void metrics_count_request(struct metrics *m, unsigned route, int status);

/* Adds one observation of api_solve time, in microseconds. */
void metrics_observe_solve(struct metrics *m, uint64_t us);

/* Counts one /solve result by its outcome label (a static string, compared
 * by content). Past METRICS_MAX_OUTCOMES distinct labels, counts "other". */
void metrics_count_outcome(struct metrics *m, const char *outcome);

/* Renders every metric. routes[0..nroutes) are the route labels. Returns a
 * malloc'd text (the caller frees) and its length in *len, or NULL when out
 * of memory. */
char *metrics_render(struct metrics *m, const char *const *routes,
                     unsigned nroutes, const struct metrics_gauges *g,
                     const char *version, size_t *len);

#endif /* SUDOKU_HTTP_METRICS_H */
