/*
 * render.c - answers into responses: a JSON tree or a buffer of JSON as a
 * 200, an error as RFC 9457 application/problem+json or, for a client that
 * takes only text, as one text line (negotiate.c decides), and the static
 * 500 when memory runs out, and pictures as SVG.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "sudoku_draw.h"

static void response_set(struct api_response *out, int status, const char *type,
                         char *body, size_t len, const char *outcome) {
  out->status = status;
  out->content_type = type;
  out->body = body;
  out->body_len = len;
  out->outcome = outcome;
}

/* Out of memory: a static body, still a problem, still not a 200. */
static void render_oom(struct api_response *out) {
  static const char oom[] = "{\"type\":\"/problems/internal-error\","
                            "\"title\":\"Internal error\",\"status\":500,"
                            "\"detail\":\"out of memory\"}";
  response_set(out, 500, CT_PROBLEM, NULL, 0, "internal-error");
  out->body = malloc(sizeof oom);
  if (out->body != NULL) {
    memcpy(out->body, oom, sizeof oom);
    out->body_len = sizeof oom - 1;
  }
}

void api_render_error(struct api_error *e, const char *accept,
                      const char *request_id, struct api_response *out) {
  enum api_problem p = e->problem == API_OK ? API_INTERNAL : e->problem;
  int status = api_problem_status(p);
  const char *code = api_problem_code(p);
  if (api_accept_text_errors(accept)) {
    size_t cap = strlen(e->detail) + 16;
    char *body = malloc(cap);
    if (body != NULL) {
      int len = snprintf(body, cap, "error: %s\n", e->detail);
      response_set(out, status, CT_TEXT, body, (size_t)len, code);
      api_error_clear(e);
      return;
    }
  }
  cJSON *o = cJSON_CreateObject();
  char type[96];
  snprintf(type, sizeof type, "/problems/%s", code);
  char *body = NULL;
  if (o != NULL) {
    cJSON_AddStringToObject(o, "type", type);
    cJSON_AddStringToObject(o, "title", api_problem_title(p));
    cJSON_AddNumberToObject(o, "status", status);
    cJSON_AddStringToObject(o, "detail", e->detail);
    if (request_id != NULL) {
      char id[160];
      api_safe_copy(id, sizeof id, request_id, strlen(request_id));
      cJSON_AddStringToObject(o, "request_id", id);
    }
    api_error_into(e, o); /* extension members after the standard ones */
    body = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
  }
  api_error_clear(e);
  if (body == NULL) {
    render_oom(out);
    return;
  }
  response_set(out, status, CT_PROBLEM, body, strlen(body), code);
}

void api_problem(enum api_problem p, const char *detail, const char *accept,
                 const char *request_id, struct api_response *out) {
  struct api_error e = {API_OK, "", NULL};
  memset(out, 0, sizeof *out);
  if (detail != NULL)
    api_error_set(&e, p, "%s", detail);
  else
    api_error_set(&e, p, NULL);
  api_render_error(&e, accept, request_id, out);
}

void api_response_free(struct api_response *out) {
  free(out->body);
  free(out->solutions);
  out->body = NULL;
  out->solutions = NULL;
  out->body_len = 0;
}

void api_render_json(cJSON *o, int status, const char *outcome,
                     struct api_response *out) {
  char *body = o != NULL ? cJSON_PrintUnformatted(o) : NULL;
  cJSON_Delete(o);
  if (body == NULL) {
    render_oom(out);
    return;
  }
  response_set(out, status, CT_JSON, body, strlen(body), outcome);
}

void api_render_buf(struct api_buf *b, int status, const char *outcome,
                    struct api_response *out) {
  if (b->failed) {
    api_buf_free(b);
    render_oom(out);
    return;
  }
  b->p[b->len] = '\0'; /* api_buf keeps room for it */
  response_set(out, status, CT_JSON, b->p, b->len, outcome);
  b->p = NULL;
  b->len = b->cap = 0;
}

void api_render_body(char *body, size_t len, const char *content_type,
                     const char *outcome, struct api_response *out) {
  if (body == NULL) {
    render_oom(out);
    return;
  }
  response_set(out, 200, content_type, body, len, outcome);
}

void api_render_svg(const struct sudoku_picture *pic, const char *outcome,
                    struct api_response *out) {
  size_t need = sudoku_write_svg(pic, NULL, 0);
  char *body = need > 0 ? malloc(need + 1) : NULL;
  if (body != NULL)
    sudoku_write_svg(pic, body, need + 1);
  api_render_body(body, need, CT_SVG, outcome, out);
}
