/*
 * fields.c - a request's header fields in one pass (the framing facts and
 * the values a request keeps), the framing rules that refuse a request
 * before its body is read, and the path of a request target. Reads MHD's
 * parsed fields; answers nothing itself.
 */
#include <string.h>
#include <strings.h>

#include "http_internal.h"

static bool name_is(const char *key, size_t len, const char *name,
                    size_t name_len) {
  return len == name_len && strncasecmp(key, name, len) == 0;
}
#define NAME_IS(key, len, lit) name_is((key), (len), "" lit, sizeof(lit) - 1)

/* The first value of a name. */
static void keep_first(const char **slot, const char *value) {
  if (*slot == NULL)
    *slot = value;
}

/* Whether the n bytes at v are all alphanumerics or in set. */
static bool all_in(const char *v, size_t n, const char *set) {
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)v[i];
    bool alnum = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                 (ch >= '0' && ch <= '9');
    if (!alnum && (ch == '\0' || strchr(set, ch) == NULL))
      return false;
  }
  return true;
}

/* A Host value as RFC 9110 7.2 allows it: uri-host [ ":" port ], where
 * uri-host (RFC 3986 3.2.2) is an IP-literal in brackets (hex digits,
 * colons and dots inside, or an IPvFuture's unreserved and sub-delims) or
 * a reg-name or IPv4 address (unreserved, pct-encoded, sub-delims: no
 * colon), and port is digits (at most five). So "x:80:90", "[::1", "]x[",
 * "::::" and "x:-1" are refused with whitespace, '/', '@' and the like.
 * Empty is allowed (a target without an authority). */
static bool host_ok(const char *v, size_t n) {
  static const char reg[] = "-._~!$&'()*+,;=%";
  size_t end = 0; /* past the uri-host */
  if (n > 0 && v[0] == '[') {
    const char *close = memchr(v, ']', n);
    if (close == NULL || close == v + 1 ||
        !all_in(v + 1, (size_t)(close - v) - 1, ":.-_~!$&'()*+,;=%"))
      return false;
    end = (size_t)(close - v) + 1;
  } else {
    while (end < n && v[end] != ':')
      end++;
    if (!all_in(v, end, reg))
      return false;
  }
  if (end == n)
    return true;
  /* ":" port */
  if (v[end] != ':' || n - end - 1 > 5)
    return false;
  for (size_t i = end + 1; i < n; i++)
    if (v[i] < '0' || v[i] > '9')
      return false;
  return true;
}

static enum MHD_Result header_field(void *cls, enum MHD_ValueKind kind,
                                    const char *key, size_t key_size,
                                    const char *value, size_t value_size) {
  struct http_fields *f = cls;
  (void)kind;
  for (size_t i = 0; i < key_size; i++)
    if ((unsigned char)key[i] <= ' ' || key[i] == 0x7f)
      f->bad_name = true;
  /* Obsolete line folding (a line that starts with a space or a tab
   * continues the field before, RFC 9112 5.2). libmicrohttpd 0.9.75 joins
   * the continuation to the field's name, moved elsewhere in its memory
   * ("Content-Length:\r\n 35" becomes the name "Content-Length35", empty
   * value: the body then read as the next request). Its name then no longer
   * lies before its value on the line, as every field MHD splits in place
   * does (1.0.x joins the continuation to the value, as the RFC allows:
   * its fields pass this). */
  if (value != NULL && value < key + key_size)
    f->folded = true;
  if (value != NULL && (memchr(value, '\0', value_size) != NULL ||
                        memchr(value, '\r', value_size) != NULL))
    f->bad_value = true;
  if (NAME_IS(key, key_size, MHD_HTTP_HEADER_CONTENT_LENGTH)) {
    f->content_length++;
    keep_first(&f->length, value);
  } else if (NAME_IS(key, key_size, MHD_HTTP_HEADER_HOST)) {
    f->host++;
    f->bad_host |= value == NULL || !host_ok(value, value_size);
  } else if (NAME_IS(key, key_size, MHD_HTTP_HEADER_TRANSFER_ENCODING)) {
    f->transfer_encoding++;
    f->bad_te |= value == NULL || strcasecmp(value, "chunked") != 0;
  } else if (NAME_IS(key, key_size, MHD_HTTP_HEADER_CONTENT_TYPE)) {
    keep_first(&f->type, value);
  } else if (NAME_IS(key, key_size, MHD_HTTP_HEADER_ACCEPT)) {
    keep_first(&f->accept, value);
  } else if (NAME_IS(key, key_size, MHD_HTTP_HEADER_IF_NONE_MATCH)) {
    keep_first(&f->if_none_match, value);
  } else if (NAME_IS(key, key_size, "Origin")) {
    keep_first(&f->origin, value);
  } else if (NAME_IS(key, key_size, "X-Forwarded-For")) {
    keep_first(&f->forwarded_for, value);
  } else if (NAME_IS(key, key_size, "X-Request-Id")) {
    keep_first(&f->request_id, value);
  } else if (NAME_IS(key, key_size, MHD_HTTP_HEADER_EXPECT)) {
    f->expect_continue |=
        value != NULL && strcasecmp(value, "100-continue") == 0;
  }
  return MHD_YES;
}

/*
 * Ambiguous or malformed framing, decided before any body byte is read
 * (RFC 9112 6.1, 6.3, 3.2): both Content-Length and Transfer-Encoding,
 * several Content-Length fields, a transfer coding other than chunked
 * (501), a folded field, whitespace in a field name, NUL or CR in a
 * value, HTTP/1.1
 * without Host, several Host fields or an invalid one (RFC 9112 3.2: a
 * server MUST answer 400), Transfer-Encoding in HTTP/1.0 (6.1). Such a request
 * is answered once, then the connection is closed: whatever follows on it
 * cannot be trusted to be a new request. Returns API_OK when the framing is
 * sound.
 */
enum api_problem http_framing_problem(const struct http_fields *f,
                                      const char *version,
                                      const char **detail) {
  *detail = NULL;
  if (f->content_length > 0 && f->transfer_encoding > 0)
    *detail = "both Content-Length and Transfer-Encoding: the body's length "
              "is ambiguous";
  else if (f->content_length > 1)
    *detail = "several Content-Length fields: the body's length is ambiguous";
  else if (f->transfer_encoding > 1)
    *detail = "several Transfer-Encoding fields";
  else if (f->folded)
    *detail = "a header field folded onto a line of its own (obsolete line "
              "folding, RFC 9112 5.2)";
  else if (f->bad_name)
    *detail = "whitespace or a control character in a header field name";
  else if (f->bad_value)
    *detail = "a NUL or a CR inside a header field value";
  else if (f->host == 0 && version != NULL &&
           strcmp(version, MHD_HTTP_VERSION_1_1) == 0)
    *detail = "an HTTP/1.1 request without a Host field";
  else if (f->host > 1)
    *detail = "several Host fields";
  else if (f->bad_host)
    *detail = "a Host field that is not a host name or address and a port";
  else if (f->transfer_encoding > 0 && version != NULL &&
           strcmp(version, MHD_HTTP_VERSION_1_0) == 0)
    /* RFC 9112 6.1: faulty framing, whatever Content-Length says; an
     * HTTP/1.0 peer on the way may not have read it as chunked. */
    *detail = "Transfer-Encoding in an HTTP/1.0 request: its framing cannot "
              "be trusted";
  if (*detail != NULL)
    return API_BAD_FRAMING;
  if (f->bad_te) {
    *detail = "the only transfer coding this service reads is chunked";
    return API_NOT_IMPLEMENTED;
  }
  return API_OK;
}

void http_fields_read(struct MHD_Connection *conn, struct http_fields *f) {
  memset(f, 0, sizeof *f);
  MHD_get_connection_values_n(conn, MHD_HEADER_KIND, header_field, f);
}

/* The path of a request target: an absolute-form target
 * ("http://host/healthz", RFC 9112 3.2.2) is reduced to its path. */
const char *http_target_path(const char *url) {
  if (strncasecmp(url, "http://", 7) == 0 ||
      strncasecmp(url, "https://", 8) == 0) {
    const char *p = strchr(url + (url[4] == ':' ? 7 : 8), '/');
    return p != NULL ? p : "/";
  }
  return url;
}
