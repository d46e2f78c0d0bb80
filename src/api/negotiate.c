/*
 * negotiate.c - content types in, formats out: the body type of a
 * Content-Type value (with sniffing for what curl sends as a form), the
 * quality an Accept header gives a media type, and the answer's format.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api_internal.h"

/* Compares the media type of a header value (before ';', trimmed) with
 * name, case-insensitively. */
static bool media_type_is(const char *value, size_t len, const char *name) {
  while (len > 0 && (*value == ' ' || *value == '\t')) {
    value++;
    len--;
  }
  while (len > 0 && (value[len - 1] == ' ' || value[len - 1] == '\t'))
    len--;
  return strlen(name) == len && strncasecmp(value, name, len) == 0;
}

enum api_body_type api_body_type_of(const char *content_type) {
  if (content_type == NULL)
    return API_BODY_TEXT;
  size_t len = strcspn(content_type, ";");
  const char *p = content_type;
  size_t skip = strspn(p, " \t");
  if (skip == len)
    return API_BODY_TEXT;
  if (media_type_is(p, len, "application/json") ||
      media_type_is(p, len, "text/json"))
    return API_BODY_JSON;
  if (media_type_is(p, len, "text/plain"))
    return API_BODY_TEXT;
  if (media_type_is(p, len, "application/x-www-form-urlencoded"))
    return API_BODY_FORM;
  return API_BODY_UNSUPPORTED;
}

/*
 * Quality the Accept header gives to type/subtype, by RFC 9110 12.5.1: the
 * most specific matching range wins (type/subtype over type/ over any).
 * Returns 1.0 when accept is NULL or empty (anything goes).
 */
double api_accept_quality(const char *accept, const char *type) {
  if (accept == NULL || accept[strspn(accept, " \t,")] == '\0')
    return 1.0;
  size_t type_len = strcspn(type, "/");
  double best_q = 0.0;
  int best_rank = -1;
  const char *p = accept;
  while (*p != '\0') {
    size_t item_len = strcspn(p, ",");
    size_t range_len = strcspn(p, ";,");
    const char *range = p;
    while (range_len > 0 && (*range == ' ' || *range == '\t')) {
      range++;
      range_len--;
    }
    while (range_len > 0 &&
           (range[range_len - 1] == ' ' || range[range_len - 1] == '\t'))
      range_len--;
    int rank = -1;
    if (range_len == strlen(type) && strncasecmp(range, type, range_len) == 0)
      rank = 2;
    else if (range_len == type_len + 2 &&
             strncasecmp(range, type, type_len + 1) == 0 &&
             range[type_len + 1] == '*')
      rank = 1;
    else if (range_len == 3 && strncmp(range, "*/*", 3) == 0)
      rank = 0;
    if (rank > best_rank) {
      double q = 1.0;
      const char *param = p + (range - p) + range_len;
      const char *end = p + item_len;
      /* Look for ;q= among the parameters of this item. */
      while (param < end) {
        param += strspn(param, " \t;");
        if (param < end && (param[0] == 'q' || param[0] == 'Q') &&
            param + 1 < end && param[1] == '=') {
          char *num_end;
          q = strtod(param + 2, &num_end);
          if (num_end == param + 2 || q < 0 || q > 1 || isnan(q))
            q = 1.0; /* malformed: ignore the parameter */
          break;
        }
        param += strcspn(param, ";");
        if (param > end)
          break;
      }
      best_rank = rank;
      best_q = q;
    }
    p += item_len;
    if (*p == ',')
      p++;
  }
  return best_q;
}

bool api_accept_text_errors(const char *accept) {
  if (accept == NULL || accept[strspn(accept, " \t,")] == '\0')
    return false;
  return api_accept_quality(accept, "application/problem+json") <= 0.0 &&
         api_accept_quality(accept, "application/json") <= 0.0 &&
         api_accept_quality(accept, "text/plain") > 0.0;
}

const struct api_param *api_query_find(const struct api_input *in,
                                       const char *name) {
  size_t len = strlen(name);
  for (size_t i = 0; i < in->nquery; i++)
    if (in->query[i].name_len == len &&
        memcmp(in->query[i].name, name, len) == 0)
      return &in->query[i];
  return NULL;
}

static bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.' ||
         c == '~' || c == '%' || c == '+';
}

/* name=value pairs with a puzzle field: a name, '=', and "puzzle=" at the
 * start or after a '&'. A text grid ("53..7....") has no '='. */
static bool looks_like_form(const char *b, size_t n) {
  size_t i = 0;
  while (i < n && is_name_char(b[i]))
    i++;
  if (i == 0 || i == n || b[i] != '=')
    return false;
  static const char key[] = "puzzle=";
  size_t k = sizeof key - 1;
  for (i = 0; i + k <= n; i++)
    if ((i == 0 || b[i - 1] == '&') && memcmp(b + i, key, k) == 0)
      return true;
  return false;
}

enum api_body_type api_body_sniff(const struct api_input *in) {
  enum api_body_type t = api_body_type_of(in->content_type);
  if (t != API_BODY_FORM && t != API_BODY_TEXT)
    return t;
  /* No text format starts with '{': such a body is JSON whatever it was
   * labelled (fetch() sends a string body as text/plain, a raw client
   * none, curl -d a form). */
  const char *b = in->body != NULL ? in->body : "";
  size_t n = in->body_len, i = 0;
  if (n >= 3 && memcmp(b, "\xef\xbb\xbf", 3) == 0) /* a UTF-8 BOM */
    i = 3;
  while (i < n && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n'))
    i++;
  if (i < n && b[i] == '{')
    return API_BODY_JSON;
  if (t == API_BODY_TEXT)
    return t;
  return looks_like_form(b, n) ? API_BODY_FORM : API_BODY_TEXT;
}

bool api_choose_format(const struct api_param *format, const char *accept,
                       bool text_body, enum api_format *fmt,
                       struct api_error *e) {
  if (format != NULL && format->value_len > 0) {
    static const char *const names[] = {"json", "judge", "line"};
    for (int i = 0; i < 3; i++) {
      if (strlen(names[i]) == format->value_len &&
          memcmp(format->value, names[i], format->value_len) == 0) {
        *fmt = (enum api_format)i;
        return true;
      }
    }
    char shown[48];
    api_safe_copy(shown, sizeof shown, format->value,
                  format->value_len < 32 ? format->value_len : 32);
    api_error_set(e, API_INVALID_FORMAT,
                  "format=%s: expected json, judge or line", shown);
    api_error_string(e, "path", "format");
    return false;
  }
  double qj = api_accept_quality(accept, "application/json");
  double qt = api_accept_quality(accept, "text/plain");
  if (qj <= 0 && qt <= 0) {
    char shown[96];
    api_safe_copy(shown, sizeof shown, accept, strlen(accept));
    api_error_set(e, API_NOT_ACCEPTABLE,
                  "Accept: %s: this service answers application/json or "
                  "text/plain",
                  shown);
    return false;
  }
  if (qj > qt)
    *fmt = API_FMT_JSON;
  else if (qt > qj)
    *fmt = API_FMT_JUDGE;
  else
    *fmt = text_body ? API_FMT_JUDGE : API_FMT_JSON;
  return true;
}

bool api_choose_json(const struct api_input *in, enum api_format *fmt,
                     struct api_error *e) {
  const struct api_param *format = api_query_find(in, "format");
  if (!api_choose_format(format, in->accept, false, fmt, e))
    return false;
  if (*fmt == API_FMT_JSON)
    return true;
  if (format != NULL && format->value_len > 0) {
    api_error_set(e, API_INVALID_FORMAT,
                  "format: this endpoint answers json only");
    api_error_string(e, "path", "format");
  } else {
    api_error_set(e, API_NOT_ACCEPTABLE,
                  "this endpoint answers application/json only");
  }
  return false;
}
