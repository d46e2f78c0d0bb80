/*
 * negotiate.c - content types in, formats out: the body type of a
 * Content-Type value (with sniffing for what curl sends as a form), the
 * quality an Accept header gives a media type, and the answer's format.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
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

static const char *const format_names[] = {
#define API_X_NAME(name, id, type) id,
    API_FORMAT_MAP(API_X_NAME)
#undef API_X_NAME
};
static const char *const format_types[] = {
#define API_X_TYPE(name, id, type) type,
    API_FORMAT_MAP(API_X_TYPE)
#undef API_X_TYPE
};

/* The names (or media types) of the formats of takes as English:
 * "json, judge or line", "application/json or image/svg+xml"; a media
 * type named twice (text/plain) once. */
static void list_formats(unsigned takes, bool types, char *buf, size_t cap) {
  const char *item[API_FMT_COUNT];
  int k = 0;
  for (int f = 0; f < API_FMT_COUNT; f++) {
    const char *s = types ? format_types[f] : format_names[f];
    if (!(takes & API_FMT_BIT(f)) || (k > 0 && strcmp(item[k - 1], s) == 0))
      continue;
    item[k++] = s;
  }
  size_t len = 0;
  buf[0] = '\0';
  for (int i = 0; i < k && len < cap; i++)
    len += (size_t)snprintf(buf + len, cap - len, "%s%s",
                            i == 0       ? ""
                            : i == k - 1 ? " or "
                                         : ", ",
                            item[i]);
}

bool api_choose_format(const struct api_param *format, const char *accept,
                       bool text_body, unsigned takes, enum api_format *fmt,
                       struct api_error *e) {
  char names[96];
  if (format != NULL && format->value_len > 0) {
    for (int i = 0; i < API_FMT_COUNT; i++) {
      if ((takes & API_FMT_BIT(i)) &&
          strlen(format_names[i]) == format->value_len &&
          memcmp(format->value, format_names[i], format->value_len) == 0) {
        *fmt = (enum api_format)i;
        return true;
      }
    }
    char shown[48];
    api_safe_copy(shown, sizeof shown, format->value,
                  format->value_len < 32 ? format->value_len : 32);
    list_formats(takes, false, names, sizeof names);
    return api_fail(e, API_INVALID_FORMAT, "format", "format=%s: expected %s",
                    shown, names);
  }
  unsigned text = API_FMT_BIT(API_FMT_JUDGE) | API_FMT_BIT(API_FMT_LINE);
  double qj = takes & API_FMT_BIT(API_FMT_JSON)
                  ? api_accept_quality(accept, "application/json")
                  : 0;
  double qt = takes & text ? api_accept_quality(accept, "text/plain") : 0;
  /* A picture or a document only when asked for above JSON and text: a
   * browser's Accept of any type keeps the data formats. */
  double best = qj > qt ? qj : qt;
  int other = -1;
  for (int f = API_FMT_SVG; f < API_FMT_COUNT; f++) {
    double q = takes & API_FMT_BIT(f)
                   ? api_accept_quality(accept, format_types[f])
                   : 0;
    if (q > best) {
      best = q;
      other = f;
    }
  }
  if (best <= 0) {
    char shown[96];
    api_safe_copy(shown, sizeof shown, accept, strlen(accept));
    list_formats(takes, true, names, sizeof names);
    api_error_set(e, API_NOT_ACCEPTABLE, "Accept: %s: this endpoint answers %s",
                  shown, names);
    return false;
  }
  if (other >= 0)
    *fmt = (enum api_format)other;
  else if (qj > qt)
    *fmt = API_FMT_JSON;
  else if (qt > qj)
    *fmt = API_FMT_JUDGE;
  else
    *fmt = text_body || !(takes & API_FMT_BIT(API_FMT_JSON)) ? API_FMT_JUDGE
                                                             : API_FMT_JSON;
  return true;
}

bool api_choose_json(const struct api_input *in, unsigned also,
                     enum api_format *fmt, struct api_error *e) {
  return api_choose_format(api_query_find(in, "format"), in->accept, false,
                           API_FMT_BIT(API_FMT_JSON) | also, fmt, e);
}
