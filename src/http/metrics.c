/*
 * metrics.c - see metrics.h. Counters use relaxed atomics: a scrape may see
 * one request's counters half-updated, which Prometheus tolerates, and the
 * hot path pays one uncontended atomic add per counter.
 */
#include "metrics.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RELAXED memory_order_relaxed

/* Upper bounds of the solve-duration buckets, microseconds and label. */
static const struct {
  uint64_t us;
  const char *le;
} bucket[METRICS_BUCKETS] = {
    {100, "0.0001"},  {250, "0.00025"}, {500, "0.0005"},  {1000, "0.001"},
    {2500, "0.0025"}, {5000, "0.005"},  {10000, "0.01"},  {25000, "0.025"},
    {50000, "0.05"},  {100000, "0.1"},  {250000, "0.25"}, {500000, "0.5"},
    {1000000, "1"},   {2500000, "2.5"}, {5000000, "5"},
};

void metrics_init(struct metrics *m) {
  for (unsigned r = 0; r < METRICS_MAX_ROUTES; r++)
    for (unsigned s = 0; s < METRICS_MAX_STATUS; s++)
      atomic_init(&m->requests[r][s], 0);
  for (unsigned b = 0; b <= METRICS_BUCKETS; b++)
    atomic_init(&m->solve_bucket[b], 0);
  atomic_init(&m->solve_sum_us, 0);
  for (unsigned i = 0; i < METRICS_MAX_OUTCOMES; i++) {
    atomic_init(&m->outcomes[i].name, NULL);
    atomic_init(&m->outcomes[i].count, 0);
  }
}

void metrics_count_request(struct metrics *m, unsigned route, int status) {
  if (route >= METRICS_MAX_ROUTES)
    route = METRICS_MAX_ROUTES - 1;
  if (status < 0 || status >= METRICS_MAX_STATUS)
    status = 0;
  atomic_fetch_add_explicit(&m->requests[route][status], 1, RELAXED);
}

void metrics_observe_solve(struct metrics *m, uint64_t us) {
  unsigned b = 0;
  while (b < METRICS_BUCKETS && us > bucket[b].us)
    b++;
  atomic_fetch_add_explicit(&m->solve_bucket[b], 1, RELAXED);
  atomic_fetch_add_explicit(&m->solve_sum_us, us, RELAXED);
}

void metrics_count_outcome(struct metrics *m, const char *outcome) {
  if (outcome == NULL)
    return;
  /* Lock-free insert: a free slot is claimed with one compare-and-swap, so
   * two threads counting a new label at once cannot both take it. O(slots)
   * per call; there are a handful of labels. */
  for (unsigned i = 0; i < METRICS_MAX_OUTCOMES - 1; i++) {
    const char *name =
        atomic_load_explicit(&m->outcomes[i].name, memory_order_acquire);
    if (name == NULL) {
      const char *expected = NULL;
      if (atomic_compare_exchange_strong_explicit(
              &m->outcomes[i].name, &expected, outcome, memory_order_acq_rel,
              memory_order_acquire))
        name = outcome;
      else
        name = expected; /* another thread took it: maybe for our label */
    }
    if (name == outcome || strcmp(name, outcome) == 0) {
      atomic_fetch_add_explicit(&m->outcomes[i].count, 1, RELAXED);
      return;
    }
  }
  /* The last slot is "other": the table is full of other labels. */
  struct metrics_outcome *o = &m->outcomes[METRICS_MAX_OUTCOMES - 1];
  atomic_store_explicit(&o->name, "other", memory_order_release);
  atomic_fetch_add_explicit(&o->count, 1, RELAXED);
}

/* ---- Rendering ----------------------------------------------------------- */

struct text {
  char *p;
  size_t len, cap;
  bool oom;
};

static void text_printf(struct text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void text_printf(struct text *t, const char *fmt, ...) {
  for (int tries = 0; tries < 2 && !t->oom; tries++) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->p + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    if (n < 0) {
      t->oom = true;
      return;
    }
    if ((size_t)n < t->cap - t->len) {
      t->len += (size_t)n;
      return;
    }
    size_t cap = 2 * t->cap + (size_t)n + 1;
    char *p = realloc(t->p, cap);
    if (p == NULL) {
      t->oom = true;
      return;
    }
    t->p = p;
    t->cap = cap;
  }
}

/* A label value with \, " and newline escaped, as the format requires. */
static void text_label(struct text *t, const char *s) {
  for (; *s != '\0'; s++) {
    if (*s == '\\' || *s == '"')
      text_printf(t, "\\%c", *s);
    else if (*s == '\n')
      text_printf(t, "\\n");
    else
      text_printf(t, "%c", *s);
  }
}

static void text_head(struct text *t, const char *name, const char *type,
                      const char *help) {
  text_printf(t, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

char *metrics_render(struct metrics *m, const char *const *routes,
                     unsigned nroutes, const struct metrics_gauges *g,
                     const char *version, size_t *len) {
  struct text t = {malloc(4096), 0, 4096, false};
  if (t.p == NULL)
    return NULL;
  if (nroutes > METRICS_MAX_ROUTES)
    nroutes = METRICS_MAX_ROUTES;

  text_head(&t, "sudokud_requests_total", "counter",
            "HTTP requests completed, by route and status.");
  for (unsigned r = 0; r < nroutes; r++)
    for (unsigned s = 0; s < METRICS_MAX_STATUS; s++) {
      uint64_t n = atomic_load_explicit(&m->requests[r][s], RELAXED);
      if (n > 0)
        text_printf(&t,
                    "sudokud_requests_total{route=\"%s\",status=\"%u\"} "
                    "%llu\n",
                    routes[r], s, (unsigned long long)n);
    }

  text_head(&t, "sudokud_solve_duration_seconds", "histogram",
            "Time spent in the solver per /solve request.");
  uint64_t cum = 0;
  for (unsigned b = 0; b <= METRICS_BUCKETS; b++) {
    cum += atomic_load_explicit(&m->solve_bucket[b], RELAXED);
    text_printf(&t, "sudokud_solve_duration_seconds_bucket{le=\"%s\"} %llu\n",
                b < METRICS_BUCKETS ? bucket[b].le : "+Inf",
                (unsigned long long)cum);
  }
  uint64_t sum = atomic_load_explicit(&m->solve_sum_us, RELAXED);
  text_printf(&t, "sudokud_solve_duration_seconds_sum %llu.%06llu\n",
              (unsigned long long)(sum / 1000000),
              (unsigned long long)(sum % 1000000));
  text_printf(&t, "sudokud_solve_duration_seconds_count %llu\n",
              (unsigned long long)cum);

  text_head(&t, "sudokud_results_total", "counter",
            "/solve responses by outcome.");
  for (unsigned i = 0; i < METRICS_MAX_OUTCOMES; i++) {
    const char *name =
        atomic_load_explicit(&m->outcomes[i].name, memory_order_acquire);
    uint64_t n = atomic_load_explicit(&m->outcomes[i].count, RELAXED);
    if (name == NULL || n == 0)
      continue;
    text_printf(&t, "sudokud_results_total{outcome=\"");
    text_label(&t, name);
    text_printf(&t, "\"} %llu\n", (unsigned long long)n);
  }

  text_head(&t, "sudokud_in_flight_requests", "gauge",
            "Requests received and not yet completed.");
  text_printf(&t, "sudokud_in_flight_requests %llu\n",
              (unsigned long long)g->in_flight);
  text_head(&t, "sudokud_queue_depth", "gauge",
            "Requests waiting for a solver worker.");
  text_printf(&t, "sudokud_queue_depth %llu\n",
              (unsigned long long)g->queue_depth);
  text_head(&t, "sudokud_build_info", "gauge", "Build version; always 1.");
  text_printf(&t, "sudokud_build_info{version=\"");
  text_label(&t, version);
  text_printf(&t, "\"} 1\n");

  if (t.oom) {
    free(t.p);
    return NULL;
  }
  *len = t.len;
  return t.p;
}
