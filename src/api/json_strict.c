/*
 * json_strict.c - JSON text read strictly: RFC 8259's grammar checked in
 * one pass before cJSON builds a tree, then every object of the tree
 * checked for a member named twice. cJSON alone takes leading zeros, "2.",
 * raw control characters in strings, any byte below 0x21 as space and
 * "\uZZZZ" as a NUL, and puts the error at a member name one byte too far;
 * here every fault is located exactly: the line and column of the first
 * byte at which the text stops being JSON, or the path of the member named
 * twice. It does not read members: read_json.c sorts a body's into an
 * endpoint's table, read_fpuzzles.c reads f-puzzles'.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

#define STRICT_TEXT(x) #x
#define STRICT_NUMBER(x) STRICT_TEXT(x)

/* What stops a text being JSON: enum name, whether its sentence follows
 * "malformed JSON near byte N: " (else it stands alone), the sentence. */
#define STRICT_FAULT_MAP(X)                                                    \
  X(NONE, false, "")                                                           \
  X(END, false, "the JSON ends too early")                                     \
  X(AFTER, false, "unexpected data after the JSON value")                      \
  X(DEEP, false,                                                               \
    "arrays or objects nested deeper than " STRICT_NUMBER(                     \
        CJSON_NESTING_LIMIT) " levels")                                        \
  X(VALUE, true,                                                               \
    "expected a value: an object, an array, a string, a number, true, false "  \
    "or null")                                                                 \
  X(LITERAL, true, "expected true, false or null")                             \
  X(NAME, true, "expected a member name in double quotes")                     \
  X(COLON, true, "expected ':' after the member name")                         \
  X(OBJECT_NEXT, true, "expected ',' or '}' after the member")                 \
  X(ARRAY_NEXT, true, "expected ',' or ']' after the element")                 \
  X(CONTROL, true,                                                             \
    "a control character (U+0000 to U+001F) in a string; write it as an "      \
    "escape such as \\n")                                                      \
  X(ESCAPE, true,                                                              \
    "expected an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and 4 hex "  \
    "digits")                                                                  \
  X(SURROGATE, true, "a \\u escape of half a UTF-16 surrogate pair, alone")    \
  X(MINUS, true, "expected a digit after '-'")                                 \
  X(ZERO, true, "a number with a leading zero")                                \
  X(FRACTION, true, "expected a digit after the decimal point")                \
  X(EXPONENT, true, "expected a digit in the exponent")

enum strict_fault {
#define STRICT_X_ENUM(name, malformed, why) F_##name,
  STRICT_FAULT_MAP(STRICT_X_ENUM)
#undef STRICT_X_ENUM
};

static const struct {
  bool malformed;
  const char *why;
} faults[] = {
#define STRICT_X_ROW(name, malformed, why) [F_##name] = {malformed, why},
    STRICT_FAULT_MAP(STRICT_X_ROW)
#undef STRICT_X_ROW
};

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* The 4 hex digits at s[k], or -1 with *at on the first that is not one
 * (len when the text ends first). */
static long hex4(const char *s, size_t len, size_t k, size_t *at) {
  long v = 0;
  for (size_t j = k; j < k + 4; j++) {
    int d = j < len ? api_hex_value(s[j]) : -1;
    if (d < 0) {
      *at = j < len ? j : len;
      return -1;
    }
    v = v * 16 + d;
  }
  return v;
}

/* The \u escape at s[k] (its backslash), its surrogate pair's second half
 * included: the offset past it, or 0 with *f and *at set. *nul: k when it
 * is the first \u0000. */
static size_t lex_unicode(const char *s, size_t len, size_t k, size_t *nul,
                          enum strict_fault *f, size_t *at) {
  long u = hex4(s, len, k + 2, at);
  if (u < 0) {
    *f = *at == len ? F_END : F_ESCAPE;
    return 0;
  }
  if (u == 0 && *nul == len)
    *nul = k;
  if (u < 0xD800 || u > 0xDFFF)
    return k + 6;
  /* cJSON refuses half a pair: a low half first, or a high one not
   * followed by a low one. */
  size_t ignored;
  long low = u <= 0xDBFF && k + 12 <= len && s[k + 6] == '\\' && s[k + 7] == 'u'
                 ? hex4(s, len, k + 8, &ignored)
                 : -1;
  if (low < 0xDC00 || low > 0xDFFF) {
    *f = F_SURROGATE;
    *at = k;
    return 0;
  }
  return k + 12;
}

/* The string whose opening quote is at s[*i]: *i moves past its closing
 * quote, or onto the fault. */
static enum strict_fault lex_string(const char *s, size_t len, size_t *i,
                                    size_t *nul) {
  size_t k = *i + 1;
  enum strict_fault f = F_NONE;
  while (k < len && s[k] != '"') {
    unsigned char c = (unsigned char)s[k];
    if (c < 0x20) {
      *i = k;
      return F_CONTROL;
    }
    if (c != '\\') {
      k++;
      continue;
    }
    switch (k + 1 < len ? s[k + 1] : '\0') {
    case '"':
    case '\\':
    case '/':
    case 'b':
    case 'f':
    case 'n':
    case 'r':
    case 't':
      k += 2;
      break;
    case 'u':
      if ((k = lex_unicode(s, len, k, nul, &f, i)) == 0)
        return f;
      break;
    default:
      *i = k + 1 < len ? k + 1 : len;
      return k + 1 < len ? F_ESCAPE : F_END;
    }
  }
  *i = k < len ? k + 1 : len;
  return k < len ? F_NONE : F_END;
}

/* The number at s[*i] ('-' or a digit): *i moves past it, or onto the
 * byte where it stops being one. */
static enum strict_fault lex_number(const char *s, size_t len, size_t *i) {
  size_t k = *i + (s[*i] == '-');
  enum strict_fault f = F_NONE;
  if (k >= len || !is_digit(s[k])) {
    f = F_MINUS;
  } else if (s[k] == '0') {
    k++;
    if (k < len && is_digit(s[k]))
      f = F_ZERO;
  } else {
    while (k < len && is_digit(s[k]))
      k++;
  }
  if (f == F_NONE && k < len && s[k] == '.') {
    k++;
    if (k >= len || !is_digit(s[k]))
      f = F_FRACTION;
    while (k < len && is_digit(s[k]))
      k++;
  }
  if (f == F_NONE && k < len && (s[k] == 'e' || s[k] == 'E')) {
    k++;
    if (k < len && (s[k] == '+' || s[k] == '-'))
      k++;
    if (k >= len || !is_digit(s[k]))
      f = F_EXPONENT;
    while (k < len && is_digit(s[k]))
      k++;
  }
  *i = k;
  return f;
}

/* true, false or null at s[*i] (its first letter). */
static enum strict_fault lex_literal(const char *s, size_t len, size_t *i) {
  const char *word = s[*i] == 't' ? "true" : s[*i] == 'f' ? "false" : "null";
  for (; *word != '\0'; word++, (*i)++)
    if (*i >= len || s[*i] != *word)
      return *i >= len ? F_END : F_LITERAL;
  return F_NONE;
}

/* What the next token may be. */
enum strict_want {
  WANT_VALUE,  /* a value */
  WANT_ITEM,   /* a value or ']' (after '[') */
  WANT_NAME,   /* a member name (after ',' in an object) */
  WANT_MEMBER, /* a member name or '}' (after '{') */
  WANT_COLON,  /* ':' after a member name */
  HAVE_VALUE   /* ',' or the end of the array or object, or of the text */
};

/*
 * RFC 8259's grammar over s[0..len), nested at most CJSON_NESTING_LIMIT
 * deep (cJSON's limit), a UTF-8 BOM first skipped (cJSON skips it): F_NONE,
 * or the fault with *at on the first byte at which the text stops being
 * JSON (len: it ends too early). *nul: the offset of the first \u0000
 * escape, or len. One pass, no allocation: a bit a level says whether it
 * is an object (125 bytes of stack).
 */
static enum strict_fault strict_check(const char *s, size_t len, size_t *at,
                                      size_t *nul) {
  uint64_t object[(CJSON_NESTING_LIMIT + 63) / 64];
  size_t i = len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
  size_t depth = 0;
  enum strict_want want = WANT_VALUE;
  enum strict_fault f = F_NONE;
  *nul = len;
  for (;;) {
    while (i < len && api_json_space(s[i]))
      i++;
    if (i == len) {
      f = want == HAVE_VALUE && depth == 0 ? F_NONE : F_END;
      break;
    }
    char c = s[i];
    bool in_object =
        depth > 0 && (object[(depth - 1) / 64] >> ((depth - 1) % 64) & 1u);
    if (want == HAVE_VALUE) {
      if (depth == 0)
        f = F_AFTER;
      else if (c == ',')
        want = in_object ? WANT_NAME : WANT_VALUE;
      else if (c == (in_object ? '}' : ']'))
        depth--;
      else
        f = in_object ? F_OBJECT_NEXT : F_ARRAY_NEXT;
      if (f != F_NONE)
        break;
      i++;
    } else if (want == WANT_COLON) {
      if (c != ':') {
        f = F_COLON;
        break;
      }
      want = WANT_VALUE;
      i++;
    } else if ((want == WANT_MEMBER && c == '}') ||
               (want == WANT_ITEM && c == ']')) {
      depth--;
      want = HAVE_VALUE;
      i++;
    } else if (want == WANT_NAME || want == WANT_MEMBER) {
      f = c == '"' ? lex_string(s, len, &i, nul) : F_NAME;
      if (f != F_NONE)
        break;
      want = WANT_COLON;
    } else if (c == '[' || c == '{') {
      if (depth == CJSON_NESTING_LIMIT) {
        f = F_DEEP;
        break;
      }
      uint64_t bit = (uint64_t)1 << (depth % 64);
      object[depth / 64] =
          c == '{' ? object[depth / 64] | bit : object[depth / 64] & ~bit;
      depth++;
      want = c == '{' ? WANT_MEMBER : WANT_ITEM;
      i++;
    } else {
      f = c == '"'                           ? lex_string(s, len, &i, nul)
          : c == '-' || is_digit(c)          ? lex_number(s, len, &i)
          : c == 't' || c == 'f' || c == 'n' ? lex_literal(s, len, &i)
                                             : F_VALUE;
      if (f != F_NONE)
        break;
      want = HAVE_VALUE;
    }
  }
  *at = i;
  return f;
}

/* Line and column (1-based, in bytes) of byte offset pos in text. */
static void text_position(const char *text, size_t pos, int *line, int *col) {
  *line = 1;
  *col = 1;
  for (size_t i = 0; i < pos; i++) {
    if (text[i] == '\n') {
      (*line)++;
      *col = 1;
    } else {
      (*col)++;
    }
  }
}

/* The fault why at byte at of text, as problem p with line and column; or,
 * inside a member's string, as invalid-request at that member's path. */
static void fault_at(const char *text, size_t at, enum api_problem p,
                     const char *why, const char *inside, const char *what,
                     struct api_error *e) {
  int line, col;
  text_position(text, at, &line, &col);
  if (inside == NULL)
    api_error_set(e, p, "line %d, column %d: %s", line, col, why);
  else
    api_error_set(e, API_INVALID_REQUEST, "%s: line %d, column %d of %s: %s",
                  inside, line, col, what, why);
  api_error_number(e, API_EM_LINE, line);
  api_error_number(e, API_EM_COLUMN, col);
  if (inside != NULL)
    api_error_string(e, API_EM_PATH, inside);
}

/* A member name and its place, for sorting the names of a large object. */
struct strict_name {
  const char *name;
  size_t index;
  const cJSON *member;
};

static int name_order(const void *a, const void *b) {
  const struct strict_name *x = a, *y = b;
  int c = strcmp(x->name, y->name);
  return c != 0 ? c : x->index < y->index ? -1 : x->index > y->index;
}

/* Members compared pair by pair up to this many; a larger object sorts its
 * names: O(k log k), where pairs would take O(k^2) (a 1 MiB body holds
 * some 170 000 one-letter members: 1.5e10 pairs). */
#define STRICT_PAIRWISE 16

/* The first member of object o, in the order of the text, whose name an
 * earlier member has; NULL when there is none, or (with *failed) when out
 * of memory. */
static const cJSON *repeated_member(const cJSON *o, bool *failed) {
  size_t k = 0;
  for (const cJSON *m = o->child; m != NULL; m = m->next)
    k++;
  if (k <= STRICT_PAIRWISE) {
    for (const cJSON *m = o->child; m != NULL; m = m->next)
      for (const cJSON *p = o->child; p != m; p = p->next)
        if (strcmp(p->string, m->string) == 0)
          return m;
    return NULL;
  }
  struct strict_name *v = malloc(k * sizeof *v);
  if (v == NULL) {
    *failed = true;
    return NULL;
  }
  k = 0;
  for (const cJSON *m = o->child; m != NULL; m = m->next, k++)
    v[k] = (struct strict_name){m->string, k, m};
  qsort(v, k, sizeof *v, name_order);
  /* Within a run of one name the second is its first repeat. */
  const struct strict_name *first = NULL;
  for (size_t j = 1; j < k; j++)
    if (strcmp(v[j - 1].name, v[j].name) == 0 &&
        (j < 2 || strcmp(v[j - 2].name, v[j].name) != 0) &&
        (first == NULL || v[j].index < first->index))
      first = &v[j];
  const cJSON *twice = first != NULL ? first->member : NULL;
  free(v);
  return twice;
}

/* Appends child's place in parent to the path p: ".name" ("name" first)
 * or "[i]" (i counted: on the error path only). */
static void path_add(char *p, size_t cap, const cJSON *parent,
                     const cJSON *child) {
  size_t o = strlen(p);
  if (cJSON_IsArray(parent)) {
    int i = 0;
    for (const cJSON *c = parent->child; c != child; c = c->next)
      i++;
    snprintf(p + o, cap - o, "[%d]", i);
  } else {
    snprintf(p + o, cap - o, "%s%.64s", o > 0 ? "." : "", child->string);
  }
}

/* Refuses a member named twice in any object of the tree: the path of the
 * object holding it (after inside) and the member's. Visits each node
 * once; the walk keeps its ancestors in an array (8 KiB of stack), not in
 * recursion, and builds a path only for the error. */
static bool no_repeats(const cJSON *root, const char *inside, const char *what,
                       struct api_error *e) {
  const cJSON *up[CJSON_NESTING_LIMIT + 1];
  size_t depth = 0;
  const cJSON *v = root;
  for (;;) {
    if (v->child != NULL && (cJSON_IsObject(v) || cJSON_IsArray(v))) {
      bool failed = false;
      const cJSON *twice =
          cJSON_IsObject(v) ? repeated_member(v, &failed) : NULL;
      if (failed) {
        api_error_set(e, API_INTERNAL, NULL);
        return false;
      }
      if (twice != NULL) {
        char where[256], path[256];
        snprintf(where, sizeof where, "%s", inside != NULL ? inside : "");
        for (size_t k = 1; k <= depth; k++)
          path_add(where, sizeof where, up[k - 1], k < depth ? up[k] : v);
        snprintf(path, sizeof path, "%s", where);
        path_add(path, sizeof path, v, twice);
        api_error_set(e, API_INVALID_REQUEST,
                      "%s%smember \"%.64s\" appears twice%s%s", where,
                      where[0] != '\0' ? ": " : "", twice->string,
                      inside != NULL ? " in " : "", inside != NULL ? what : "");
        api_error_string(e, API_EM_PATH, path);
        return false;
      }
      up[depth++] = v;
      v = v->child;
      continue;
    }
    while (depth > 0 && v->next == NULL)
      v = up[--depth];
    if (depth == 0)
      return true;
    v = v->next;
  }
}

cJSON *api_json_parse(const char *text, size_t len, const char *inside,
                      const char *what, struct api_error *e) {
  size_t at, nul;
  enum strict_fault f = strict_check(text, len, &at, &nul);
  if (f != F_NONE) {
    char why[320];
    if (faults[f].malformed)
      snprintf(why, sizeof why, "malformed JSON near byte %zu: %s", at + 1,
               faults[f].why);
    else
      snprintf(why, sizeof why, "%s", faults[f].why);
    fault_at(text, at, API_INVALID_JSON, why, inside, what, e);
    return NULL;
  }
  /* cJSON would decode a \u0000 and cut the string at it: "puzzle\u0000x"
   * would read as "puzzle". */
  if (nul < len) {
    fault_at(text, nul, API_INVALID_REQUEST,
             "\\u0000 in a string: a NUL is not allowed in a name or a "
             "value",
             inside, what, e);
    return NULL;
  }
  /* The text is JSON that cJSON reads: it fails only out of memory. */
  cJSON *root = cJSON_ParseWithLength(text, len);
  if (root == NULL) {
    api_error_set(e, API_INTERNAL, NULL);
    return NULL;
  }
  if (!no_repeats(root, inside, what, e)) {
    cJSON_Delete(root);
    return NULL;
  }
  return root;
}
