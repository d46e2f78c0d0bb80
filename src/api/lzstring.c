/*
 * lzstring.c - the decompressor of lz-string's compressToBase64, the form
 * f-puzzles puts in its share links (?load=...), written from the format's
 * description:
 *
 *   The text is base64 (A-Z a-z 0-9 + /, '=' padding), 6 bits a character,
 *   read from each character's high bit down. Numbers are read LSB first
 *   in a width that grows. It is LZW over UTF-16 code units: codes 0 and 1
 *   bring a new 8-bit or 16-bit unit (added to the dictionary), 2 ends the
 *   stream, 3 and up name dictionary entries; each entry after the first
 *   adds "previous entry + first unit of this one". The width starts at 3
 *   bits and grows by one each time the dictionary outgrows it.
 *
 * Entries are kept as (prefix entry, last unit, first unit, length), so
 * the dictionary is O(codes) and every output unit is written once:
 * O(output) time and memory. The output is capped (API_LZ_MAX_UNITS): a
 * stream that would exceed it, a code past the dictionary or a byte
 * outside base64 is an error, never a loop. The UTF-16 units are written
 * as UTF-8 (a lone surrogate as U+FFFD).
 */
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

struct entry {
  int32_t prefix; /* -1: a single unit */
  uint16_t last, first;
  uint32_t len;
};

struct bits {
  const char *s;
  size_t len, pos; /* pos: the next character */
  int value, mask; /* the current character's 6 bits, the next bit */
  bool bad, ended;
};

static int b64(char c) {
  if (c >= 'A' && c <= 'Z')
    return c - 'A';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 26;
  if (c >= '0' && c <= '9')
    return c - '0' + 52;
  if (c == '+' || c == ' ') /* a '+' a URL decoder turned into a space */
    return 62;
  if (c == '/')
    return 63;
  return -1;
}

static void next_char(struct bits *b) {
  if (b->pos >= b->len || b->s[b->pos] == '=') {
    b->ended = true; /* past the end reads zeros, as the format does */
    b->value = 0;
  } else {
    b->value = b64(b->s[b->pos]);
    if (b->value < 0) {
      b->bad = true;
      b->value = 0;
    }
    b->pos++;
  }
  b->mask = 32;
}

/* n bits, LSB first. */
static uint32_t read_bits(struct bits *b, int n) {
  uint32_t v = 0;
  for (int i = 0; i < n; i++) {
    if (b->mask == 0)
      next_char(b);
    if (b->value & b->mask)
      v |= 1u << i;
    b->mask >>= 1;
  }
  return v;
}

struct dict {
  struct entry *e;
  size_t count, cap;
};

static bool dict_add(struct dict *d, struct entry x) {
  if (d->count == d->cap) {
    size_t cap = d->cap ? d->cap * 2 : 256;
    struct entry *p = realloc(d->e, cap * sizeof *p);
    if (p == NULL)
      return false;
    d->e = p;
    d->cap = cap;
  }
  d->e[d->count++] = x;
  return true;
}

/* Writes entry k's units at out[*n..]; false past the cap. */
static bool emit(const struct dict *d, uint32_t k, uint16_t *out, size_t *n) {
  uint32_t len = d->e[k].len;
  if (len > API_LZ_MAX_UNITS - *n)
    return false;
  for (int32_t i = (int32_t)k, at = (int32_t)len - 1; i >= 0 && at >= 0;
       i = d->e[i].prefix, at--)
    out[*n + (size_t)at] = d->e[i].last;
  *n += len;
  return true;
}

/* UTF-16 units as UTF-8 into a malloc'd, NUL-terminated string. */
static char *utf8_of(const uint16_t *u, size_t n, size_t *out_len) {
  char *s = malloc(3 * n + 1);
  size_t o = 0;
  if (s == NULL)
    return NULL;
  for (size_t i = 0; i < n; i++) {
    uint32_t c = u[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < n && u[i + 1] >= 0xDC00 &&
        u[i + 1] <= 0xDFFF) {
      c = 0x10000 + ((c - 0xD800) << 10) + (u[++i] - 0xDC00u);
    } else if (c >= 0xD800 && c <= 0xDFFF) {
      c = 0xFFFD;
    }
    if (c < 0x80) {
      s[o++] = (char)c;
    } else if (c < 0x800) {
      s[o++] = (char)(0xC0 | c >> 6);
      s[o++] = (char)(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      s[o++] = (char)(0xE0 | c >> 12);
      s[o++] = (char)(0x80 | (c >> 6 & 0x3F));
      s[o++] = (char)(0x80 | (c & 0x3F));
    } else {
      /* 4 bytes from 2 units: within the 3 a unit allowed for. */
      s[o++] = (char)(0xF0 | c >> 18);
      s[o++] = (char)(0x80 | (c >> 12 & 0x3F));
      s[o++] = (char)(0x80 | (c >> 6 & 0x3F));
      s[o++] = (char)(0x80 | (c & 0x3F));
    }
  }
  s[o] = '\0';
  *out_len = o;
  return s;
}

char *api_lz_base64_decompress(const char *s, size_t len, size_t *out_len,
                               const char **why) {
  struct bits b = {s, len, 0, 0, 0, false, false};
  struct dict d = {NULL, 0, 0};
  uint16_t *out = malloc(API_LZ_MAX_UNITS * sizeof *out);
  size_t n = 0;
  char *text = NULL;
  *why = "out of memory";
  if (out == NULL)
    goto done;
  /* Entries 0..2 stand for the three control codes. */
  for (int i = 0; i < 3; i++)
    if (!dict_add(&d, (struct entry){-1, 0, 0, 0}))
      goto done;
  /* The first code is 2 bits wide and must bring a unit. */
  uint32_t first = read_bits(&b, 2);
  if (b.bad || first > 1) {
    *why = b.bad ? "a character outside base64" : "no text in the stream";
    goto done;
  }
  uint16_t unit = (uint16_t)read_bits(&b, first == 0 ? 8 : 16);
  if (!dict_add(&d, (struct entry){-1, unit, unit, 1}) || !emit(&d, 3, out, &n))
    goto done;
  int width = 3, enlarge = 4;
  uint32_t w = 3;
  for (;;) {
    uint32_t code = read_bits(&b, width);
    if (b.bad) {
      *why = "a character outside base64";
      goto done;
    }
    if (b.ended && code != 2) {
      *why = "the text ends before its end mark";
      goto done;
    }
    if (code == 2)
      break;
    if (code < 2) { /* a new unit, an entry of its own */
      unit = (uint16_t)read_bits(&b, code == 0 ? 8 : 16);
      if (!dict_add(&d, (struct entry){-1, unit, unit, 1}))
        goto done;
      code = (uint32_t)d.count - 1;
      if (--enlarge == 0)
        enlarge = 1 << width++;
    }
    /* The new entry is w + the first unit of code's string; when code is
     * that very entry (not made yet), its first unit is w's. */
    struct entry joined = {(int32_t)w, 0, d.e[w].first, d.e[w].len + 1};
    if (code == d.count) {
      joined.last = d.e[w].first;
      if (!dict_add(&d, joined))
        goto done;
      if (!emit(&d, code, out, &n))
        goto too_long;
    } else if (code > 2 && code < d.count) {
      joined.last = d.e[code].first;
      if (!emit(&d, code, out, &n))
        goto too_long;
      if (!dict_add(&d, joined))
        goto done;
    } else {
      *why = "a code names no dictionary entry";
      goto done;
    }
    w = code;
    if (--enlarge == 0)
      enlarge = 1 << width++;
    if (width > 24) {
      *why = "more codes than the size limit allows";
      goto done;
    }
  }
  text = utf8_of(out, n, out_len);
  if (text == NULL)
    *why = "out of memory";
  goto done;
too_long:
  *why = "the text decompresses past the size limit";
done:
  free(out);
  free(d.e);
  return text;
}
