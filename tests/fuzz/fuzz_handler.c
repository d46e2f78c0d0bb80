/*
 * fuzz_handler.c - libFuzzer target for the whole /solve handler. The input
 * is split into a request:
 *   byte 0  Content-Type: one of the table below, or (last index) a
 *           NUL-terminated string taken from the input
 *   byte 1  Accept, the same way
 *   byte 2  ?format=, the same way
 *   byte 3  bit 0: the job is run as if it arrived 10 s ago (it waited
 *           past its deadline in the queue); bit 1: run without asking
 *           the cost first; bits 2-7: the endpoint (api_endpoint_at, mod
 *           their number): /solve, /hint, /check, /candidates, /steps,
 *           /rate, /generate
 *   rest    the body
 * Invariants checked on every answer: the status is one api.h documents;
 * a JSON or text answer has a body with body_len == strlen(body); a 200 is
 * never a problem and a problem is never a 200; a problem's "status" member
 * is the HTTP status; the body is valid UTF-8 and a text error is one
 * line. The request goes through the same pipeline as in src/http: parse,
 * cost, run (content-type sniffing and form decoding included).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"

static const char *const content_types[] = {"application/json",
                                            "text/plain",
                                            "application/x-www-form-urlencoded",
                                            "application/json; charset=utf-8",
                                            "",
                                            "image/png",
                                            NULL,
                                            "TEXT/JSON ;x"};
static const char *const accepts[] = {
    NULL,
    "",
    "*/*",
    "application/json",
    "text/plain",
    "text/*;q=0.5",
    "image/png",
    "application/json;q=0, text/plain",
    "text/plain;q=0",
    "application/problem+json;q=0, application/json;q=0, text/plain;q=0.1"};
static const char *const formats[] = {NULL, "", "json", "judge", "line", "xml"};

/* Valid UTF-8 (no overlong forms or surrogates). */
static bool utf8_ok(const unsigned char *s, size_t len) {
  for (size_t i = 0; i < len;) {
    unsigned c = s[i], n = c < 0x80                 ? 1
                           : c >= 0xC2 && c <= 0xDF ? 2
                           : c >= 0xE0 && c <= 0xEF ? 3
                           : c >= 0xF0 && c <= 0xF4 ? 4
                                                    : 0;
    if (n == 0 || i + n > len)
      return false;
    for (unsigned k = 1; k < n; k++)
      if ((s[i + k] & 0xC0) != 0x80)
        return false;
    if ((c == 0xE0 && s[i + 1] < 0xA0) || (c == 0xED && s[i + 1] >= 0xA0) ||
        (c == 0xF0 && s[i + 1] < 0x90) || (c == 0xF4 && s[i + 1] >= 0x90))
      return false;
    i += n;
  }
  return true;
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Picks table[sel % (count+1)], or the input's next NUL-terminated string
 * for the extra index. */
static const char *pick(const char *const *table, size_t count, uint8_t sel,
                        const char **p, const char *end, char *own,
                        size_t cap) {
  size_t i = sel % (count + 1);
  if (i < count)
    return table[i];
  size_t n = 0;
  while (*p < end && **p != '\0' && n + 1 < cap)
    own[n++] = *(*p)++;
  if (*p < end && **p == '\0')
    (*p)++;
  own[n] = '\0';
  return own;
}

static bool documented(int status) {
  static const int ok[] = {200, 400, 406, 413, 415, 422, 500, 503};
  for (size_t i = 0; i < COUNT(ok); i++)
    if (status == ok[i])
      return true;
  return false;
}

static void check(const struct api_response *out) {
  if (!documented(out->status) || out->content_type == NULL)
    abort();
  if (out->body == NULL || out->body_len != strlen(out->body))
    abort();
  if (!utf8_ok((const unsigned char *)out->body, out->body_len))
    abort();
  bool problem = strcmp(out->content_type, "application/problem+json") == 0;
  bool json = strcmp(out->content_type, "application/json") == 0;
  bool text = strncmp(out->content_type, "text/plain", 10) == 0;
  if (!problem && !json && !text)
    abort();
  if (out->status == 200) {
    if (problem || strstr(out->body, "\"type\":\"/problems/") != NULL ||
        (text && strncmp(out->body, "error: ", 7) == 0))
      abort();
  } else {
    if (json)
      abort(); /* an error is a problem or an error line */
    if (text && (strncmp(out->body, "error: ", 7) != 0 ||
                 strchr(out->body, '\r') != NULL ||
                 strchr(out->body, '\n') != out->body + out->body_len - 1))
      abort();
    if (problem) {
      char want[32];
      snprintf(want, sizeof want, "\"status\":%d,", out->status);
      if (strncmp(out->body, "{\"type\":\"/problems/", 19) != 0 ||
          strstr(out->body, want) == NULL)
        abort();
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 4)
    return 0;
  char *copy = malloc(size);
  if (copy == NULL)
    return 0;
  memcpy(copy, data, size);
  const char *p = copy + 4, *end = copy + size;
  char ct_own[128], accept_own[256], format_own[64];
  const char *ct = pick(content_types, COUNT(content_types), (uint8_t)copy[0],
                        &p, end, ct_own, sizeof ct_own);
  const char *accept = pick(accepts, COUNT(accepts), (uint8_t)copy[1], &p, end,
                            accept_own, sizeof accept_own);
  const char *format = pick(formats, COUNT(formats), (uint8_t)copy[2], &p, end,
                            format_own, sizeof format_own);
  bool waited = copy[3] & 1, skip_cost = copy[3] & 2;
  /* The body in a buffer of its own exact size: reads past it are caught. */
  size_t len = (size_t)(end - p);
  char *body = malloc(len ? len : 1);
  if (body == NULL) {
    free(copy);
    return 0;
  }
  memcpy(body, p, len);

  struct api_limits lim = {8, 20000, 2000, 0};
  struct api_param q = {"format", format, 6, format ? strlen(format) : 0};
  struct api_input in = {
      ct, body, len, accept, "fuzz-id", &q, format ? 1u : 0u, NULL};
  struct api_response out;
  size_t nep = 0;
  while (api_endpoint_at(nep) != NULL)
    nep++;
  const struct api_endpoint *ep =
      api_endpoint_at(((uint8_t)copy[3] >> 2) % nep);
  struct api_job *job = api_parse(ep, &lim, &in, &out);
  if (job != NULL) {
    if (!skip_cost)
      api_job_cost(job);
    uint64_t now = sudoku_clock_ns();
    api_job_run(job, waited ? now - 10000000000u : now, &out);
    api_job_free(job);
  }
  check(&out);
  api_response_free(&out);
  free(body);
  free(copy);
  return 0;
}
