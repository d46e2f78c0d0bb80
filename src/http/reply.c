/*
 * reply.c - the one way a response leaves: the headers every answer
 * carries (request id, CORS, Vary, Cache-Control, Connection: close while
 * draining or after a framing error) and the api's responses and problems.
 */
#include <stdlib.h>
#include <string.h>

#include "http_internal.h"

uint64_t http_now_us(void) { return sudoku_clock_ns() / 1000u; }

/* The allowlisted origin to echo, "*", or NULL for no CORS headers. */
static const char *cors_origin(const struct http_server *srv,
                               const char *origin) {
  if (origin == NULL)
    return NULL;
  if (srv->cors_any)
    return "*";
  for (size_t i = 0; i < srv->norigins; i++)
    if (strcmp(origin, srv->origins[i]) == 0)
      return origin;
  return NULL;
}

enum MHD_Result http_reply(struct http_request *req, int status,
                           const char *type, char *body, size_t len,
                           enum MHD_ResponseMemoryMode mode,
                           const struct http_header *extra, size_t nextra) {
  struct http_server *srv = req->srv;
  const struct http_route *route = req->route;
  enum MHD_Result ret = MHD_NO;
  struct MHD_Response *resp = MHD_create_response_from_buffer(
      len, body != NULL ? (void *)body : (void *)"",
      body != NULL ? mode : MHD_RESPMEM_PERSISTENT);
  if (resp == NULL) {
    if (mode == MHD_RESPMEM_MUST_FREE)
      free(body);
    return MHD_NO;
  }
  MHD_add_response_header(resp, "X-Request-Id", req->id);
  if (type != NULL)
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, type);
  enum http_cache cache = route != NULL ? route->cache : HTTP_CACHE_NO_STORE;
  if (cache == HTTP_CACHE_BY_ANSWER && req->cache_control[0] != '\0') {
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL,
                            req->cache_control);
    MHD_add_response_header(resp, MHD_HTTP_HEADER_ETAG, req->etag);
  } else if (cache == HTTP_CACHE_NO_STORE || cache == HTTP_CACHE_BY_ANSWER)
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
  else if (cache == HTTP_CACHE_NO_CACHE)
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
  bool vary_accept = route != NULL && route->vary_accept;
  if (vary_accept || !srv->cors_any)
    MHD_add_response_header(
        resp, MHD_HTTP_HEADER_VARY,
        vary_accept ? (srv->cors_any ? "Accept" : "Accept, Origin") : "Origin");
  const char *allow_origin = cors_origin(srv, req->origin);
  if (allow_origin != NULL) {
    MHD_add_response_header(resp, "Access-Control-Allow-Origin", allow_origin);
    MHD_add_response_header(resp, "Access-Control-Expose-Headers",
                            "X-Request-Id, Retry-After, Sudoku-Solutions");
  }
  for (size_t i = 0; i < nextra; i++)
    MHD_add_response_header(resp, extra[i].name, extra[i].value);
  /* While draining, move keep-alive clients off this instance; after a
   * framing error, the rest of the stream cannot be trusted. */
  if (req->close || atomic_load(&srv->draining))
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONNECTION, "close");
  ret = MHD_queue_response(req->conn, (unsigned)status, resp);
  MHD_destroy_response(resp);
  if (ret == MHD_YES) {
    req->replied = true;
    req->status = status;
    req->bytes = req->method == HTTP_HEAD ? 0 : len;
  }
  return ret;
}

enum MHD_Result http_reply_api(struct http_request *req,
                               struct api_response *r) {
  struct http_header h[3];
  size_t nh = 0;
  char *body = r->body;
  r->body = NULL;
  if (r->cache_control[0] != '\0' &&
      (r->status == MHD_HTTP_OK || r->status == MHD_HTTP_NOT_MODIFIED)) {
    memcpy(req->cache_control, r->cache_control, sizeof req->cache_control);
    memcpy(req->etag, r->etag, sizeof req->etag);
  }
  if (req->route != NULL && req->route->api != NULL && r->outcome != NULL)
    metrics_count_outcome(&req->srv->metrics, r->outcome);
  if (r->status == MHD_HTTP_SERVICE_UNAVAILABLE ||
      r->status == MHD_HTTP_TOO_MANY_REQUESTS)
    h[nh++] = (struct http_header){MHD_HTTP_HEADER_RETRY_AFTER, "1"};
  if (r->status == MHD_HTTP_METHOD_NOT_ALLOWED && req->route != NULL)
    h[nh++] = (struct http_header){MHD_HTTP_HEADER_ALLOW, req->route->allow};
  if (r->solutions != NULL)
    h[nh++] = (struct http_header){"Sudoku-Solutions", r->solutions};
  if (r->status == MHD_HTTP_UNSUPPORTED_MEDIA_TYPE && req->endpoint != NULL)
    h[nh++] = (struct http_header){MHD_HTTP_HEADER_ACCEPT_POST,
                                   req->endpoint->accepted};
  return http_reply(req, r->status, r->content_type, body, r->body_len,
                    MHD_RESPMEM_MUST_FREE, h, nh);
}

enum MHD_Result http_reply_problem(struct http_request *req, enum api_problem p,
                                   const char *detail) {
  struct api_response r;
  api_problem(p, detail, req->accept, req->id, &r);
  enum MHD_Result ret = http_reply_api(req, &r);
  api_response_free(&r);
  return ret;
}
