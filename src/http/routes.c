/*
 * routes.c - the route table and the routes http serves itself (health,
 * readiness, metrics, the contract, the page, the icon). The api
 * endpoints' routes come from API_ENDPOINT_MAP: adding one changes
 * nothing in http.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "http_internal.h"
#include "page.h"

static enum MHD_Result serve_healthz(struct http_request *req);
static enum MHD_Result serve_readyz(struct http_request *req);
static enum MHD_Result serve_metrics(struct http_request *req);
static enum MHD_Result serve_openapi(struct http_request *req);
static enum MHD_Result serve_page(struct http_request *req);
static enum MHD_Result serve_favicon(struct http_request *req);

#define GET_HEAD (HTTP_GET | HTTP_HEAD)
#define GET_ALLOW "GET, HEAD, OPTIONS"
/* An api endpoint's route from its row of API_ENDPOINT_MAP. */
#define ROUTE_POST HTTP_POST, "POST, OPTIONS"
#define ROUTE_GET GET_HEAD, GET_ALLOW
#define CACHE_POST HTTP_CACHE_NO_STORE
#define CACHE_GET HTTP_CACHE_BY_ANSWER
#define API_ROUTE(name, method, params)                                        \
  {"/" #name, ROUTE_##method, #name, NULL, CACHE_##method, true},
const struct http_route http_routes[] = {
    /* path, methods, Allow, api endpoint, serve, cache, Vary: Accept */
    API_ENDPOINT_MAP(API_ROUTE){"/healthz", GET_HEAD, GET_ALLOW, NULL,
                                serve_healthz, HTTP_CACHE_NO_STORE, false},
    {"/readyz", GET_HEAD, GET_ALLOW, NULL, serve_readyz, HTTP_CACHE_NO_STORE,
     false},
    {"/metrics", GET_HEAD, GET_ALLOW, NULL, serve_metrics, HTTP_CACHE_NO_STORE,
     false},
    {"/openapi.yaml", GET_HEAD, GET_ALLOW, NULL, serve_openapi,
     HTTP_CACHE_NO_CACHE, false},
    {"/", GET_HEAD, GET_ALLOW, NULL, serve_page, HTTP_CACHE_NO_CACHE, false},
    {"/favicon.ico", GET_HEAD, GET_ALLOW, NULL, serve_favicon, HTTP_CACHE_NONE,
     false},
};
const size_t http_route_count = sizeof http_routes / sizeof http_routes[0];
#define ROUTE_OTHER_LABEL "other" /* metrics label of unknown paths */

_Static_assert(sizeof http_routes / sizeof http_routes[0] < METRICS_MAX_ROUTES,
               "metrics route labels");

static const struct {
  const char *name;
  enum http_method method;
} methods[] = {
    {"GET", HTTP_GET},
    {"HEAD", HTTP_HEAD},
    {"POST", HTTP_POST},
    {"OPTIONS", HTTP_OPTIONS},
    /* Defined by HTTP, taken by no route here: 405 with Allow. */
    {"PUT", HTTP_OTHER},
    {"DELETE", HTTP_OTHER},
    {"PATCH", HTTP_OTHER},
    {"CONNECT", HTTP_OTHER},
    {"TRACE", HTTP_OTHER},
};

/* Any other method is unknown: 501, as RFC 9110 9.1 asks of an origin
 * server for a method it does not recognize. */
enum http_method http_method_of(const char *name) {
  for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
    if (strcmp(name, methods[i].name) == 0)
      return methods[i].method;
  return HTTP_UNKNOWN;
}

const struct http_route *http_route_of(const char *path, size_t len) {
  for (size_t i = 0; i < http_route_count; i++)
    if (strlen(http_routes[i].path) == len &&
        memcmp(path, http_routes[i].path, len) == 0)
      return &http_routes[i];
  return NULL;
}

unsigned http_route_index(const struct http_route *r) {
  return r != NULL ? (unsigned)(r - http_routes) : (unsigned)http_route_count;
}

/* ---- The routes http serves itself --------------------------------------- */

static enum MHD_Result serve_healthz(struct http_request *req) {
  static const char ok[] = "{\"status\":\"ok\"}";
  return http_reply(req, MHD_HTTP_OK, CONTENT_JSON, (char *)ok, sizeof ok - 1,
                    MHD_RESPMEM_PERSISTENT, NULL, 0);
}

static enum MHD_Result serve_readyz(struct http_request *req) {
  static const char ready[] = "{\"status\":\"ready\"}";
  static const char draining[] = "{\"status\":\"draining\"}";
  if (!atomic_load(&req->srv->draining))
    return http_reply(req, MHD_HTTP_OK, CONTENT_JSON, (char *)ready,
                      sizeof ready - 1, MHD_RESPMEM_PERSISTENT, NULL, 0);
  const struct http_header h[] = {{MHD_HTTP_HEADER_RETRY_AFTER, "1"}};
  return http_reply(req, MHD_HTTP_SERVICE_UNAVAILABLE, CONTENT_JSON,
                    (char *)draining, sizeof draining - 1,
                    MHD_RESPMEM_PERSISTENT, h, 1);
}

static enum MHD_Result serve_metrics(struct http_request *req) {
  struct http_server *srv = req->srv;
  const char *labels[sizeof http_routes / sizeof http_routes[0] + 1];
  for (size_t i = 0; i < http_route_count; i++)
    labels[i] = http_routes[i].path;
  labels[http_route_count] = ROUTE_OTHER_LABEL;
  /* in flight: the others, not this scrape (0 when the server is idle) */
  struct metrics_gauges g = {atomic_load(&srv->in_flight) - 1,
                             pool_depth(srv->pool)};
  size_t len = 0;
  char *text =
      metrics_render(&srv->metrics, labels, (unsigned)http_route_count + 1, &g,
                     SUDOKU_VERSION, &len);
  if (text == NULL)
    return http_reply_problem(req, API_INTERNAL, NULL);
  return http_reply(req, MHD_HTTP_OK, METRICS_CONTENT_TYPE, text, len,
                    MHD_RESPMEM_MUST_FREE, NULL, 0);
}

static enum MHD_Result serve_openapi(struct http_request *req) {
  struct http_server *srv = req->srv;
  if (srv->openapi == NULL)
    return http_reply_problem(req, API_NOT_FOUND,
                              "openapi.yaml was not found at start");
  return http_reply(req, MHD_HTTP_OK, "application/yaml", srv->openapi,
                    srv->openapi_len, MHD_RESPMEM_PERSISTENT, NULL, 0);
}

/* The web page (web/index.html, built into the binary by scripts/embed.sh).
 * It uses only the public API; the query string (?puzzle=...&solve=1) is
 * read by the page's script, not here. */
static enum MHD_Result serve_page(struct http_request *req) {
  static const struct http_header extra[] = {
      {"Content-Security-Policy",
       "default-src 'self'; script-src 'unsafe-inline'; style-src "
       "'unsafe-inline'; connect-src 'self'"},
      {"X-Content-Type-Options", "nosniff"},
  };
  return http_reply(req, MHD_HTTP_OK, "text/html; charset=utf-8",
                    (char *)(uintptr_t)sudokud_page_html, sudokud_page_html_len,
                    MHD_RESPMEM_PERSISTENT, extra,
                    sizeof extra / sizeof extra[0]);
}

/* Browsers ask for it on every page load; "no icon" is 204, not a 404 in
 * the console. Cached for a day. */
static enum MHD_Result serve_favicon(struct http_request *req) {
  static const struct http_header extra[] = {
      {MHD_HTTP_HEADER_CACHE_CONTROL, "public, max-age=86400"}};
  return http_reply(req, MHD_HTTP_NO_CONTENT, NULL, NULL, 0,
                    MHD_RESPMEM_PERSISTENT, extra, 1);
}
