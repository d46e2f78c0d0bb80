/*
 * job.c - the pipeline every endpoint shares: read once into a job, ask
 * its cost once, run it, free it. An endpoint is a row of API_ENDPOINT_MAP
 * and a file with its job's operations; the allocation, the base and the
 * error answer of a request that cannot be read are here, once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

#define ALL_BODIES (API_BODY_JSON | API_BODY_TEXT | API_BODY_FORM)
#define ALL_ACCEPTED                                                           \
  "application/json, text/plain, application/x-www-form-urlencoded"
/* A GET reads no body: any content type goes. */
#define BODIES_POST ALL_BODIES
#define BODIES_GET (ALL_BODIES | API_BODY_UNSUPPORTED)
#define ENDPOINT_ROW(name, method, params)                                     \
  {#name, BODIES_##method, ALL_ACCEPTED, params, &api_##name##_ops},
static const struct api_endpoint endpoints[] = {API_ENDPOINT_MAP(ENDPOINT_ROW)};
#undef ENDPOINT_ROW

const struct api_endpoint *api_endpoint_at(size_t i) {
  return i < sizeof endpoints / sizeof endpoints[0] ? &endpoints[i] : NULL;
}

const struct api_endpoint *api_endpoint_find(const char *name) {
  for (size_t i = 0; i < sizeof endpoints / sizeof endpoints[0]; i++)
    if (strcmp(endpoints[i].name, name) == 0)
      return &endpoints[i];
  return NULL;
}

/* s (or "") into out, cut to cap - 1 bytes; no printf on the hot path. */
static void copy_bounded(char *out, size_t cap, const char *s) {
  size_t n = s != NULL ? strnlen(s, cap - 1) : 0;
  memcpy(out, s != NULL ? s : "", n);
  out[n] = '\0';
}

/* The base of a job from the input, before its endpoint reads it. */
static void job_init(struct api_job *job, const struct api_job_ops *ops,
                     const struct api_limits *limits,
                     const struct api_input *in) {
  job->ops = ops;
  job->limits = *limits;
  job->format = API_FMT_JSON;
  job->done = false;
  job->has_accept = in->accept != NULL;
  job->has_request_id = in->request_id != NULL;
  copy_bounded(job->accept, sizeof job->accept, in->accept);
  copy_bounded(job->request_id, sizeof job->request_id, in->request_id);
}

const char *api_job_accept(const struct api_job *job) {
  return job->has_accept ? job->accept : NULL;
}

const char *api_job_request_id(const struct api_job *job) {
  return job->has_request_id ? job->request_id : NULL;
}

/* A query parameter named twice: which value counts would be a guess, as
 * for a JSON member or a form field given twice. O(n^2) over at most
 * API_MAX_QUERY parameters. */
static const struct api_param *query_twice(const struct api_input *in) {
  for (size_t i = 0; i < in->nquery; i++)
    for (size_t k = 0; k < i; k++)
      if (in->query[k].name_len == in->query[i].name_len &&
          memcmp(in->query[k].name, in->query[i].name, in->query[i].name_len) ==
              0)
        return &in->query[i];
  return NULL;
}

/* The first query parameter ep does not take (its row's list), or NULL.
 * O(parameters x the list's length). */
static const struct api_param *query_unknown(const struct api_endpoint *ep,
                                             const struct api_input *in) {
  for (size_t i = 0; i < in->nquery; i++) {
    const struct api_param *p = &in->query[i];
    bool known = false;
    for (const char *s = ep->params; *s != '\0' && !known;) {
      size_t len = strcspn(s, ", ");
      known = len == p->name_len && memcmp(s, p->name, len) == 0;
      s += len;
      s += strspn(s, ", ");
    }
    if (!known)
      return p;
  }
  return NULL;
}

/* Whether the If-None-Match value names etag (a quoted ETag), or is "*"
 * (RFC 9110 13.1.2: a weak comparison, so W/ prefixes are ignored). */
static bool etag_listed(const char *list, const char *etag) {
  size_t n = strlen(etag);
  const char *p = list;
  while (*p != '\0') {
    p += strspn(p, " \t,");
    if (strncmp(p, "W/", 2) == 0)
      p += 2;
    size_t len = strcspn(p, " \t,");
    if ((len == 1 && *p == '*') ||
        (n > 0 && len == n && memcmp(p, etag, n) == 0))
      return true;
    p += len;
  }
  return false;
}

struct api_job *api_parse(const struct api_endpoint *ep,
                          const struct api_limits *limits,
                          const struct api_input *in,
                          struct api_response *out) {
  struct api_error e = {API_OK, "", NULL};
  struct api_job *job = NULL;
  memset(out, 0, sizeof *out);
  const struct api_param *twice = query_twice(in);
  if (twice != NULL) {
    int n = twice->name_len < 32 ? (int)twice->name_len : 32;
    api_error_set(&e, API_INVALID_REQUEST, "query parameter %.*s appears twice",
                  n, twice->name);
    goto fail;
  }
  const struct api_param *unknown = query_unknown(ep, in);
  if (unknown != NULL) {
    char shown[40];
    api_safe_copy(shown, sizeof shown, unknown->name,
                  unknown->name_len < 32 ? unknown->name_len : 32);
    api_error_set(&e, API_INVALID_REQUEST, "unknown parameter %s; /%s takes %s",
                  shown, ep->name, ep->params);
    api_error_string(&e, API_EM_PATH, shown);
    goto fail;
  }
  job = calloc(1, ep->ops->size);
  if (job == NULL) {
    api_error_set(&e, API_INTERNAL, NULL);
    goto fail;
  }
  job_init(job, ep->ops, limits, in);
  if (!ep->ops->read(job, in, &e))
    goto fail;
  if (in->if_none_match != NULL && ep->ops->cache != NULL &&
      ep->ops->cache(job, out) && etag_listed(in->if_none_match, out->etag)) {
    out->status = 304; /* the client holds this answer: nothing to do */
    out->outcome = "not-modified";
    api_job_free(job);
    return NULL;
  }
  memset(out, 0, sizeof *out);
  return job;
fail:
  api_render_error(&e, in->accept, in->request_id, out);
  api_job_free(job);
  return NULL;
}

enum api_cost api_job_cost(struct api_job *job) {
  enum api_cost c = job->ops->cost(job);
  job->done = c == API_COST_DONE;
  return c;
}

void api_job_run(struct api_job *job, uint64_t arrival_ns,
                 struct api_response *out) {
  uint64_t deadline = job->limits.deadline_us != 0
                          ? arrival_ns + job->limits.deadline_us * 1000u
                          : 0;
  memset(out, 0, sizeof *out);
  if (!job->done && deadline != 0 && sudoku_clock_ns() >= deadline) {
    /* Waited its whole deadline for a worker: nothing is tried, whatever
     * the endpoint (a batch would otherwise be a 200 of items that all say
     * deadline-exceeded, a single puzzle a 422 that blames the puzzle).
     * An answer the first attempt already holds is sent, late or not. */
    struct api_error e = {API_OK, "", NULL};
    api_error_set(&e, API_QUEUE_TIMEOUT, NULL);
    api_render_error(&e, api_job_accept(job), api_job_request_id(job), out);
    return;
  }
  job->ops->run(job, deadline, out);
  if (out->status == 200 && job->ops->cache != NULL &&
      !job->ops->cache(job, out))
    out->cache_control[0] = out->etag[0] = '\0';
}

void api_job_free(struct api_job *job) {
  if (job == NULL)
    return;
  if (job->ops->release != NULL)
    job->ops->release(job);
  free(job);
}

void api_handle(const struct api_endpoint *ep, const struct api_limits *limits,
                const struct api_input *in, struct api_response *out) {
  uint64_t arrival = sudoku_clock_ns();
  struct api_job *job = api_parse(ep, limits, in, out);
  if (job == NULL)
    return;
  api_job_cost(job);
  api_job_run(job, arrival, out);
  api_job_free(job);
}
