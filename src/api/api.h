/*
 * api.h - transport-neutral requests. One request goes one way:
 *
 *   api_parse()     bytes, content type, query and Accept in -> a job (every
 *                   puzzle read, every option checked, the answer's format
 *                   chosen), or the finished error response;
 *   api_job_cost()  a bounded first attempt (a few hundred search nodes):
 *                   either it answered everything (API_COST_DONE) or it says
 *                   how much is left (short or long work);
 *   api_job_run()   the rest of the work within the request's deadline,
 *                   counted from its arrival, and the rendered answer;
 *   api_job_free().
 *
 * Each body is parsed exactly once. The transport decides where each step
 * runs from the cost alone: nothing here knows about threads, sockets or
 * routes. Endpoints are the rows of API_ENDPOINT_MAP, looked up by name
 * (api_endpoint_find) or walked (api_endpoint_at).
 *
 * What it does NOT do: sockets, threads, HTTP headers other than the values
 * passed in. Every function is reentrant; nothing is global. The only
 * module that includes <cJSON.h>.
 */
#ifndef SUDOKU_API_H
#define SUDOKU_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- Limits ------------------------------------------------------------ */

#define API_DEFAULT_MAX_BODY (1u << 20) /* bytes */
#define API_DEFAULT_MAX_PUZZLES 100u    /* per request */
#define API_DEFAULT_DEADLINE_MS 2000u   /* per request, from its arrival */
/* GET /generate: a minimal symmetric 16x16 takes 1-12 s of CPU; under the
 * 10 s of deploy/nginx.conf's proxy_read_timeout, queueing included. */
#define API_DEFAULT_GENERATE_DEADLINE_MS 8000u
#define API_MAX_SOLUTIONS_LIMIT 1000u /* the largest max_solutions asked */
#define API_MAX_QUERY 16u             /* query parameters looked at */

struct api_limits {
  uint32_t max_puzzles;          /* per request */
  uint64_t deadline_us;          /* wall clock for all the work of a request */
  uint64_t max_nodes;            /* per puzzle; 0 = unlimited */
  uint64_t generate_deadline_us; /* GET /generate's; 0: deadline_us */
};

/* ---- Problems ---------------------------------------------------------- */

/*
 * Problems the api finds itself or the transport reports: enum name, stable
 * code ("type" is /problems/<code>), HTTP status, where it may stand (ITEM:
 * also as the status of one item of a batch, the others answered; REQUEST:
 * only as the answer to the whole request), title, and the one default
 * detail sentence. The core's statuses (sudoku.h) come first in enum
 * api_problem with the same names and values, all ITEM but OK; their HTTP
 * columns are in problem.c, where a core status without a row does not
 * compile. openapi.yaml's ItemProblem lists the ITEM codes (the api test
 * item_problems_are_documented compares).
 */
#define API_PROBLEM_MAP(X)                                                     \
  X(INVALID_JSON, "invalid-json", 400, REQUEST, "Malformed JSON",              \
    "the body is not valid JSON")                                              \
  X(INVALID_REQUEST, "invalid-request", 400, ITEM, "Invalid request",          \
    "the request's members are not what this endpoint takes")                  \
  X(INVALID_PUZZLE, "invalid-puzzle", 400, ITEM, "Invalid puzzle",             \
    "the puzzle is not a grid this service reads")                             \
  X(VARIANT_NOT_SUPPORTED, "variant-not-supported", 422, REQUEST,              \
    "Variant not supported",                                                   \
    "the puzzle has a constraint this service does not know (an f-puzzles "    \
    "thermometer, arrow, kropki dot, ...): it is refused by name")             \
  X(INVALID_FORMAT, "invalid-format", 400, REQUEST, "Unknown response format", \
    "format: expected json, judge or line")                                    \
  X(BAD_FRAMING, "bad-request", 400, REQUEST, "Bad request",                   \
    "the request's framing is malformed or ambiguous")                         \
  X(NOT_FOUND, "not-found", 404, REQUEST, "Not found", "no such path")         \
  X(METHOD_NOT_ALLOWED, "method-not-allowed", 405, REQUEST,                    \
    "Method not allowed", "this method is not allowed on this path")           \
  X(NOT_ACCEPTABLE, "not-acceptable", 406, REQUEST, "Not acceptable",          \
    "this service answers application/json or text/plain")                     \
  X(BODY_TOO_LARGE, "body-too-large", 413, REQUEST, "Request body too large",  \
    "the request body exceeds the size limit")                                 \
  X(TOO_MANY_PUZZLES, "too-many-puzzles", 413, REQUEST,                        \
    "Too many puzzles in one request",                                         \
    "too many puzzles in one request; send them in several")                   \
  X(UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type", 415, REQUEST,            \
    "Unsupported media type",                                                  \
    "send application/json, text/plain or application/x-www-form-urlencoded")  \
  X(NOT_IMPLEMENTED, "not-implemented", 501, REQUEST, "Not implemented",       \
    "this transfer coding is not supported; send chunked or Content-Length")   \
  X(INTERNAL, "internal-error", 500, REQUEST, "Internal error",                \
    "out of memory")                                                           \
  X(TOO_MANY_REQUESTS, "too-many-requests", 429, REQUEST, "Too many requests", \
    "this client has too many requests waiting for a solver; retry later")     \
  X(OVERLOADED, "overloaded", 503, REQUEST, "Overloaded",                      \
    "all solver workers are busy; retry later")                                \
  X(QUEUE_TIMEOUT, "queue-timeout", 503, REQUEST, "Overloaded",                \
    "the request waited past its deadline for a worker; retry later")          \
  X(DRAINING, "draining", 503, REQUEST, "Shutting down",                       \
    "the server is shutting down")                                             \
  X(CLIENT_GONE, "client-closed-request", 499, REQUEST,                        \
    "Client closed request",                                                   \
    "the client reset the connection before its answer; nothing was solved")

#include "sudoku.h"

enum api_problem {
#define API_X_CORE(name, code, msg) API_##name,
  SUDOKU_STATUS_MAP(API_X_CORE)
#undef API_X_CORE
#define API_X_OWN(name, code, status, scope, title, detail) API_##name,
      API_PROBLEM_MAP(API_X_OWN)
#undef API_X_OWN
          API_PROBLEM_COUNT
};

/* The columns of a problem. */
const char *api_problem_code(enum api_problem p);
int api_problem_status(enum api_problem p);
const char *api_problem_title(enum api_problem p);
const char *api_problem_detail(enum api_problem p);
/* True when p may be the status of one item of a batch (ITEM). */
bool api_problem_in_item(enum api_problem p);

/* ---- Requests and responses ------------------------------------------- */

/* One query parameter, as the transport decoded it (value_len bytes: a
 * %00 stays in the value and makes it invalid rather than shorter). */
struct api_param {
  const char *name, *value;
  size_t name_len, value_len;
};

struct api_input {
  const char *content_type; /* the header value, or NULL */
  const char *body;         /* not NUL-terminated; may be NULL when 0 */
  size_t body_len;
  const char *accept;     /* Accept header, or NULL */
  const char *request_id; /* echoed in problems as "request_id"; or NULL */
  const struct api_param *query;
  size_t nquery;
  /* If-None-Match, or NULL: a GET whose answer has one of its ETags (or
   * "*") is answered 304 without being worked out. */
  const char *if_none_match;
};

struct api_response {
  int status;               /* HTTP status */
  const char *content_type; /* static string */
  char *body;               /* malloc'd; the caller frees; may be NULL */
  size_t body_len;
  const char *outcome; /* static label for metrics: "solved", a code... */
  uint32_t puzzles;    /* puzzles in the request (0 when unreadable) */
  /* An answer that depends on the request alone (a seeded /generate,
   * /daily): its Cache-Control and ETag (also on a 304); "" and ""
   * otherwise (no-store). */
  char cache_control[64];
  char etag[40];
  /* /solve's 200s: the solutions found for each puzzle, in order (at most
   * max_solutions; 0 for none), as the Sudoku-Solutions header's value
   * ("1", "1, 2, 0"): judge and line text say uniqueness there, their
   * bytes kept exact. malloc'd (api_response_free frees it), or NULL. */
  char *solutions;
};

/* Renders a problem the transport found (404, 405, 413, 415, 503, ...):
 * application/problem+json, or the line "error: ...\n" as text/plain when
 * accept takes text/plain but not JSON. detail NULL: the table's. */
void api_problem(enum api_problem p, const char *detail, const char *accept,
                 const char *request_id, struct api_response *out);

/* Frees the body; safe on a zeroed response. */
void api_response_free(struct api_response *out);

/* ---- Endpoints and jobs ------------------------------------------------ */

/* Body types an endpoint takes, as bits. */
enum api_body_type {
  API_BODY_NONE = 0,
  API_BODY_JSON = 1, /* application/json, text/json */
  API_BODY_TEXT = 2, /* text/plain, or no content type */
  API_BODY_FORM = 4, /* application/x-www-form-urlencoded */
  API_BODY_UNSUPPORTED = 8
};

/* Classifies a Content-Type header value (parameters such as charset are
 * ignored, case-insensitive). NULL or empty counts as text. */
enum api_body_type api_body_type_of(const char *content_type);

/* How much work a parsed job still holds after its first attempt. */
enum api_cost {
  API_COST_DONE,  /* answered: api_job_run only renders */
  API_COST_SHORT, /* likely a few ms */
  API_COST_LONG   /* may run to the deadline */
};

/*
 * The endpoints, one row each: X(name, method). POST: the request is a
 * body (JSON, text or form) and the answer is never stored; GET: the
 * request is the query alone and the answer may be cached by its value.
 * Endpoint NAME is the file src/api/NAME.c defining api_NAME_ops, served
 * at /NAME; the job table (job.c) and the transport's routes come from
 * here, in this order.
 */
#define API_ENDPOINT_MAP(X)                                                    \
  X(solve, POST, "format, variant")                                            \
  X(hint, POST, "format, variant")                                             \
  X(check, POST, "format, variant")                                            \
  X(candidates, POST, "format, form, variant")                                 \
  X(steps, POST, "format, variant")                                            \
  X(rate, POST, "format, variant")                                             \
  X(generate, GET,                                                             \
    "level, rating, symmetry, seed, size, givens, variant, format, count, "    \
    "per_page, paper")                                                         \
  X(daily, GET, "level, date, format")

struct api_job;
struct api_job_ops;

struct api_endpoint {
  const char *name;     /* "solve": matched by the transport's route */
  unsigned body_types;  /* enum api_body_type bits accepted */
  const char *accepted; /* the Accept-Post value */
  /* The query parameters it takes, ", " between: any other is a 400, as
   * a misspelt ?varient=x would otherwise drop the rules unsaid. */
  const char *params;
  const struct api_job_ops *ops;
};

/* The i-th endpoint of the table (0-based), or NULL past its end. */
const struct api_endpoint *api_endpoint_at(size_t i);

/* The endpoint named name, or NULL. */
const struct api_endpoint *api_endpoint_find(const char *name);

/*
 * Reads a request into a job. Returns the job, or NULL with *out holding
 * the answer (400, 406, 413, 415, 500: every error located; 304 when
 * If-None-Match names the answer's ETag). Never fails silently. The job copies
 * what it needs: in may be freed afterwards.
 */
struct api_job *api_parse(const struct api_endpoint *ep,
                          const struct api_limits *limits,
                          const struct api_input *in, struct api_response *out);

/* The bounded first attempt (at most a few hundred search nodes a puzzle)
 * and what is left. Call once, before api_job_run. */
enum api_cost api_job_cost(struct api_job *job);

/*
 * Finishes the work and renders the answer into *out (always filled). The
 * deadline counts from arrival_ns (sudoku_clock_ns() when the request
 * arrived): time spent waiting for a worker is part of it.
 */
void api_job_run(struct api_job *job, uint64_t arrival_ns,
                 struct api_response *out);

/* Frees a job; NULL is a no-op. */
void api_job_free(struct api_job *job);

/* ---- Variant puzzles for other front ends ---------------------------- */

#include "sudoku_rules.h"

/* One puzzle and its rules from a JSON body as POST /solve reads it
 * ({"puzzle", "variant", "cages", ...}, f-puzzles' JSON, or
 * {"fpuzzles": link}; r zeroed for a classic puzzle), the rules checked.
 * False with the problem's detail (located: path, line, column) in
 * detail. Used by `sudoku --json`; no cJSON type crosses it. */
bool api_read_variant_body(const char *body, size_t len, sudoku_grid *g,
                           sudoku_rules *r, char *detail, size_t cap);

#include "sudoku_generate.h"

/* GET /generate's JSON answer for puzzle g made with opt (its seed the
 * one asked for), rules NULL for a classic puzzle, else a variant's,
 * whose members (api_variant_write) come first; date: /daily's day, or
 * NULL. Malloc'd and NUL-terminated, its length in *len; NULL when out of
 * memory. The one writer of that answer: `sudoku generate --json` prints
 * it too. */
char *api_generated_json(const struct sudoku_generate_options *opt,
                         const char *date, const struct sudoku_generated *g,
                         const sudoku_rules *rules, size_t *len);

/* Parse, cost and run in one call (tests, fuzzing, the inline path). */
void api_handle(const struct api_endpoint *ep, const struct api_limits *limits,
                const struct api_input *in, struct api_response *out);

#endif
