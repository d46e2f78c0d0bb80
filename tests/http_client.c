/*
 * http_client.c - the small HTTP/1.1 client of the suites that talk to a
 * real sudokud (see tests.h), and the contract log: with CONTRACT_LOG
 * naming a file, every answer received is appended to it as one JSON line,
 * checked against openapi.yaml by tests/contract/.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tests.h"

/* ---- A small HTTP client ----------------------------------------------- */

/* The value of header name in r ("" when absent), case-insensitive. */
const char *header(const struct reply *r, const char *name, char *buf,
                   size_t cap) {
  size_t nl = strlen(name);
  for (const char *p = strstr(r->head, "\r\n"); p != NULL;
       p = strstr(p + 2, "\r\n")) {
    if (strncasecmp(p + 2, name, nl) == 0 && p[2 + nl] == ':') {
      const char *v = p + 3 + nl;
      v += strspn(v, " ");
      size_t len = strcspn(v, "\r");
      snprintf(buf, cap, "%.*s", (int)(len < cap ? len : cap - 1), v);
      return buf;
    }
  }
  buf[0] = '\0';
  return buf;
}

/* ---- The contract log (CONTRACT_LOG) ------------------------------------ */

/* s[0..n) as a JSON string: quotes, backslashes and control bytes escaped,
 * other bytes (UTF-8) as they are. */
static void json_string(FILE *f, const char *s, size_t n) {
  fputc('"', f);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c == '\n')
      fputs("\\n", f);
    else if (c == '\r')
      fputs("\\r", f);
    else if (c == '\t')
      fputs("\\t", f);
    else if (c < 0x20 || c == 0x7f)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

/* The headers of r as a JSON object: names lowercased, the values of a
 * repeated name joined with ", ". */
static void json_headers(FILE *f, const struct reply *r) {
  const char *name[64], *value[64];
  size_t nlen[64], vlen[64], count = 0;
  for (const char *p = strstr(r->head, "\r\n"); p != NULL && count < 64;
       p = strstr(p + 2, "\r\n")) {
    const char *line = p + 2, *colon = line + strcspn(line, ":\r");
    if (*colon != ':')
      continue;
    const char *v = colon + 1 + strspn(colon + 1, " \t");
    size_t len = strcspn(v, "\r");
    while (len > 0 && (v[len - 1] == ' ' || v[len - 1] == '\t'))
      len--;
    name[count] = line;
    nlen[count] = (size_t)(colon - line);
    value[count] = v;
    vlen[count++] = len;
  }
  fputc('{', f);
  bool first = true;
  for (size_t i = 0; i < count; i++) {
    bool seen = false;
    for (size_t j = 0; j < i && !seen; j++)
      seen = nlen[j] == nlen[i] && strncasecmp(name[j], name[i], nlen[i]) == 0;
    if (seen)
      continue;
    char lower[128];
    size_t ln = nlen[i] < sizeof lower ? nlen[i] : sizeof lower - 1;
    for (size_t k = 0; k < ln; k++)
      lower[k] = (char)tolower((unsigned char)name[i][k]);
    fputs(first ? "" : ",", f);
    first = false;
    json_string(f, lower, ln);
    fputc(':', f);
    /* The joined value, built in a memory stream and written escaped. */
    char *joined = NULL;
    size_t jlen = 0;
    FILE *j = open_memstream(&joined, &jlen);
    ck_assert_ptr_nonnull(j);
    for (size_t k = i; k < count; k++)
      if (nlen[k] == nlen[i] && strncasecmp(name[k], name[i], nlen[i]) == 0)
        fprintf(j, "%s%.*s", k == i ? "" : ", ", (int)vlen[k], value[k]);
    fclose(j);
    json_string(f, joined, jlen);
    free(joined);
  }
  fputc('}', f);
}

/* What a request sent, for the contract log: its Content-Type (NULL: none)
 * and body (NULL: none). */
struct sent {
  const char *content_type, *body;
};

/* The value of the Content-Type line among headers (lines ending in
 * \r\n) into buf, or NULL when there is none. */
static const char *sent_type(const char *headers, char *buf, size_t cap) {
  for (const char *p = headers; p != NULL && *p != '\0';) {
    if (strncasecmp(p, "Content-Type:", 13) == 0) {
      const char *v = p + 13 + strspn(p + 13, " ");
      snprintf(buf, cap, "%.*s", (int)strcspn(v, "\r"), v);
      return buf;
    }
    p = strstr(p, "\r\n");
    p = p != NULL ? p + 2 : NULL;
  }
  return NULL;
}

/* Appends one exchange to $CONTRACT_LOG, when set, as one JSON line:
 * {"method","path" (without the query),"status","content_type" (null when
 * absent),"headers","body"} and, when the request had a body (req not
 * NULL), "request": {"content_type" (or null), "body"}. One write(2) with
 * O_APPEND per line. */
static void contract_log(const char *method, const char *path,
                         const struct reply *r, const struct sent *req) {
  const char *file = getenv("CONTRACT_LOG");
  if (file == NULL || file[0] == '\0')
    return;
  char *line = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&line, &len);
  ck_assert_ptr_nonnull(f);
  char ctype[512];
  header(r, "Content-Type", ctype, sizeof ctype);
  fputs("{\"method\":", f);
  json_string(f, method, strlen(method));
  fputs(",\"path\":", f);
  json_string(f, path, strcspn(path, "?"));
  fprintf(f, ",\"status\":%d,\"content_type\":", r->status);
  if (ctype[0] != '\0')
    json_string(f, ctype, strlen(ctype));
  else
    fputs("null", f);
  fputs(",\"headers\":", f);
  json_headers(f, r);
  fputs(",\"body\":", f);
  json_string(f, r->body, r->body_len);
  if (req != NULL && req->body != NULL) {
    fputs(",\"request\":{\"content_type\":", f);
    if (req->content_type != NULL)
      json_string(f, req->content_type, strlen(req->content_type));
    else
      fputs("null", f);
    fputs(",\"body\":", f);
    json_string(f, req->body, strlen(req->body));
    fputs("}", f);
  }
  fputs("}\n", f);
  fclose(f);
  int fd = open(file, O_WRONLY | O_APPEND | O_CREAT, 0644);
  ck_assert_msg(fd >= 0, "CONTRACT_LOG %s: %s", file, strerror(errno));
  ck_assert_int_eq(write(fd, line, len), (ssize_t)len);
  close(fd);
  free(line);
}

void contract_log_raw(const char *method, const char *path, const char *raw,
                      size_t len) {
  char *copy = malloc(len + 1);
  ck_assert_ptr_nonnull(copy);
  memcpy(copy, raw, len);
  copy[len] = '\0';
  struct reply r = parse_reply(copy, len);
  contract_log(method, path, &r, NULL);
  free(copy);
}

/* Splits buf[0..len) into a reply; buf becomes r.head. */
struct reply parse_reply(char *buf, size_t len) {
  struct reply r = {0, buf, NULL, 0};
  char *end = strstr(buf, "\r\n\r\n");
  ck_assert_msg(end != NULL, "no complete header in '%s'", buf);
  *end = '\0';
  r.body = end + 4;
  r.body_len = len - (size_t)(r.body - buf);
  ck_assert_int_eq(sscanf(buf, "HTTP/1.1 %d", &r.status), 1);
  return r;
}

/* Reads the whole answer to method path (that sent req, or NULL) until
 * the server closes (Connection: close), and logs it for the contract. */
static struct reply read_reply_to(int fd, const char *method, const char *path,
                                  const struct sent *req) {
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap + 1);
  ssize_t n;
  while ((n = recv(fd, buf + len, cap - len, 0)) > 0) {
    len += (size_t)n;
    if (len == cap) {
      cap *= 2;
      buf = realloc(buf, cap + 1);
    }
  }
  close(fd);
  buf[len] = '\0';
  struct reply r = parse_reply(buf, len);
  contract_log(method, path, &r, req);
  return r;
}

struct reply read_reply(int fd, const char *method, const char *path) {
  return read_reply_to(fd, method, path, NULL);
}

/* One request without a body on a kept-alive connection: the answer is
 * read up to its Content-Length, and the connection stays open. */
struct reply request_on(int fd, const char *method, const char *path) {
  char head[512];
  int n = snprintf(head, sizeof head, "%s %s HTTP/1.1\r\nHost: x\r\n\r\n",
                   method, path);
  send_all(fd, head, (size_t)n);
  size_t cap = 1 << 16, len = 0, want = 0;
  char *buf = malloc(cap + 1);
  for (;;) {
    buf[len] = '\0';
    char *end = strstr(buf, "\r\n\r\n");
    if (end != NULL && want == 0) {
      const char *cl = NULL;
      for (const char *p = strstr(buf, "\r\n"); p != NULL && p < end;
           p = strstr(p + 2, "\r\n"))
        if (strncasecmp(p + 2, "Content-Length:", 15) == 0)
          cl = p + 17;
      ck_assert_msg(cl != NULL, "no Content-Length in '%s'", buf);
      want = (size_t)(end + 4 - buf) + strtoul(cl, NULL, 10);
    }
    if (want > 0 && len >= want)
      break;
    ck_assert_uint_lt(len, cap);
    ssize_t got = recv(fd, buf + len, cap - len, 0);
    ck_assert_msg(got > 0, "connection closed after '%s'", buf);
    len += (size_t)got;
  }
  struct reply r = parse_reply(buf, len);
  contract_log(method, path, &r, NULL);
  return r;
}

/* One request: headers are extra lines, each ending in \r\n. */
struct reply request(int port, const char *method, const char *path,
                     const char *headers, const char *body) {
  int fd = connect_to(port);
  char head[12288];
  size_t blen = body ? strlen(body) : 0;
  int n = snprintf(head, sizeof head,
                   "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                   "%s",
                   method, path, headers ? headers : "");
  if (body != NULL)
    n += snprintf(head + n, sizeof head - (size_t)n, "Content-Length: %zu\r\n",
                  blen);
  n += snprintf(head + n, sizeof head - (size_t)n, "\r\n");
  send_all(fd, head, (size_t)n);
  if (body != NULL)
    send_all(fd, body, blen);
  char type[256];
  struct sent req = {sent_type(headers, type, sizeof type), body};
  return read_reply_to(fd, method, path, &req);
}

void reply_free(struct reply *r) { free(r->head); }
