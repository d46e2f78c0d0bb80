/*
 * form.c - application/x-www-form-urlencoded bodies (what an HTML form
 * posts): name=value pairs joined by '&', '+' for a space, %XX for a byte.
 * Decoding never lengthens, so one buffer of the body's size holds every
 * decoded name and value.
 */
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

int api_hex_value(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Decodes s[0..len) into out; returns the decoded length, or -1 with the
 * offset of a bad escape in *bad. */
static long decode(const char *s, size_t len, char *out, size_t *bad) {
  size_t o = 0;
  for (size_t i = 0; i < len; i++) {
    if (s[i] == '+') {
      out[o++] = ' ';
    } else if (s[i] == '%') {
      int hi = i + 1 < len ? api_hex_value(s[i + 1]) : -1;
      int lo = i + 2 < len ? api_hex_value(s[i + 2]) : -1;
      if (hi < 0 || lo < 0) {
        *bad = i;
        return -1;
      }
      out[o++] = (char)(hi << 4 | lo);
      i += 2;
    } else {
      out[o++] = s[i];
    }
  }
  return (long)o;
}

bool api_form_decode(const char *body, size_t len, struct api_form *f,
                     struct api_error *e) {
  memset(f, 0, sizeof *f);
  f->buf = malloc(len > 0 ? len : 1);
  if (f->buf == NULL) {
    api_error_set(e, API_INTERNAL, NULL);
    return false;
  }
  char *o = f->buf;
  for (size_t start = 0; start < len;) {
    const char *amp = memchr(body + start, '&', len - start);
    size_t end = amp != NULL ? (size_t)(amp - body) : len;
    const char *pair = body + start;
    size_t plen = end - start;
    if (plen > 0 && f->count < API_FORM_MAX_FIELDS) {
      const char *eq = memchr(pair, '=', plen);
      size_t nlen = eq != NULL ? (size_t)(eq - pair) : plen;
      size_t bad = 0;
      long dn = decode(pair, nlen, o, &bad), dv = 0;
      char *name = o;
      if (dn >= 0) {
        o += dn;
        if (eq != NULL)
          dv = decode(eq + 1, plen - nlen - 1, o, &bad);
        if (dv < 0)
          bad += nlen + 1;
      }
      if (dn < 0 || dv < 0) {
        api_error_set(e, API_INVALID_REQUEST,
                      "form body, byte %zu: '%%' must be followed by two hex "
                      "digits",
                      start + bad + 1);
        api_error_number(e, API_EM_COLUMN, (double)(start + bad + 1));
        api_form_free(f);
        return false;
      }
      f->field[f->count++] =
          (struct api_param){name, o, (size_t)dn, (size_t)dv};
      o += dv;
    }
    start = end + 1;
  }
  return true;
}

void api_form_free(struct api_form *f) {
  free(f->buf);
  f->buf = NULL;
  f->count = 0;
}
