/*
 * api.h - transport-neutral requests: a body with its content type and the
 * client's Accept in; an HTTP status, a content type and bytes out. Parses
 * JSON and text puzzles, calls the core with limits, renders JSON, judge
 * text and RFC 9457 problems. The only module that includes <cJSON.h>.
 *
 * What it does NOT do: sockets, threads, headers other than the ones passed
 * in, routing. Every function is reentrant; nothing is global.
 */
#ifndef SUDOKU_API_H
#define SUDOKU_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- Limits ------------------------------------------------------------ */

#define API_DEFAULT_MAX_BODY (1u << 20) /* bytes */
#define API_DEFAULT_MAX_PUZZLES 100u    /* per request */
#define API_DEFAULT_DEADLINE_MS 2000u   /* per request, all puzzles */
#define API_MAX_SOLUTIONS_LIMIT 1000u   /* the largest max_solutions asked */
/* Inline attempt: a 9x9 puzzle needs few nodes; past this the request is
 * handed to a worker thread with the full deadline. */
#define API_INLINE_MAX_NODES 256u
#define API_INLINE_MAX_PUZZLES 4u

struct api_limits {
  uint32_t max_puzzles; /* per request */
  uint64_t deadline_us; /* wall clock for all the puzzles of a request */
  uint64_t max_nodes;   /* per puzzle; 0 = unlimited */
};

/* ---- Content types ----------------------------------------------------- */

enum api_body_type {
  API_BODY_JSON, /* application/json (or a form body that starts with '{') */
  API_BODY_TEXT, /* text/plain, or a form body that is not name=value */
  API_BODY_FORM, /* application/x-www-form-urlencoded with a puzzle field */
  API_BODY_UNSUPPORTED
};

/* Classifies a Content-Type header value (parameters such as charset are
 * ignored, case-insensitive). NULL or empty counts as text. */
enum api_body_type api_body_type_of(const char *content_type);

/* The Accept-Post header value: the content types /solve takes. */
#define API_ACCEPT_POST                                                        \
  "application/json, text/plain, application/x-www-form-urlencoded"

/* ---- Requests and responses ------------------------------------------- */

struct api_request {
  enum api_body_type body_type; /* FORM: body is the decoded puzzle field */
  const char *body;             /* not NUL-terminated */
  size_t body_len;
  const char *accept;     /* Accept header, or NULL */
  const char *format;     /* ?format= (or the form's format field), or NULL */
  const char *request_id; /* echoed in problems as "request_id"; or NULL */
  bool inline_attempt;    /* first try: small budget, may ask for a retry */
};

struct api_response {
  int status;               /* HTTP status */
  const char *content_type; /* static string */
  char *body;               /* malloc'd; the caller frees; may be NULL */
  size_t body_len;
  const char *outcome; /* static: "solved", "not-unique", a problem code... */
  bool retry;       /* inline attempt ran out of budget: call again in a worker
                       with inline_attempt false; body is NULL */
  uint32_t puzzles; /* puzzles in the request (0 when unreadable) */
};

/* Handles POST /solve. Always fills *out (status 200, 400, 406, 413, 415,
 * 422, 500); never fails silently. */
void api_solve(const struct api_limits *limits, const struct api_request *req,
               struct api_response *out);

/* ---- Problems ---------------------------------------------------------- */

/* Renders an error the transport found (404, 405, 413, 415, 503, ...): an
 * RFC 9457 application/problem+json body, or the line "error: ...\n" as
 * text/plain when accept takes text/plain but not JSON. code is the stable
 * machine code ("not-found"): the "type" is /problems/<code>. */
void api_problem(int status, const char *code, const char *detail,
                 const char *accept, const char *request_id,
                 struct api_response *out);

/* Frees the body; safe on a zeroed response. */
void api_response_free(struct api_response *out);

#endif
