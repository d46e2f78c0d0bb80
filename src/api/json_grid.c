/*
 * json_grid.c - the pieces every reader of a puzzle in JSON takes: an
 * integer member in a range, a box shape, a cell's name (r3c5) as its
 * index, and a puzzle from a JSON value: a string of n*n symbols, an array
 * of n rows, or a flat array of n*n numbers (0 or null blank), with a
 * located message for the first thing wrong (the member path, the cell as
 * rXcY, what was expected). Calls no other reader.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

/* The character at s[0..len) for a message: itself when printable ASCII,
 * a UTF-8 character as itself and its code point ('é' (U+00E9): an
 * invisible one is still seen), else its first byte as \xNN. */
static void char_name(char *buf, size_t cap, const char *s, size_t len) {
  const unsigned char *u = (const unsigned char *)s;
  size_t n = api_utf8_length(u, len);
  if (n == 1 && u[0] >= 0x20 && u[0] < 0x7f) {
    snprintf(buf, cap, "'%c'", u[0]);
  } else if (n > 1) {
    unsigned v = u[0] & (0x3F >> (n - 1));
    for (size_t i = 1; i < n; i++)
      v = v << 6 | (u[i] & 0x3F);
    snprintf(buf, cap, "'%.*s' (U+%04X)", (int)n, s, v);
  } else {
    snprintf(buf, cap, "'\\x%02X'", u[0]);
  }
}

/* Sets up g for side n with the request's box (or the usual one). */
static bool grid_for_side(sudoku_grid *g, int n, const int box[2],
                          const char *where, struct api_error *e) {
  int r, c;
  if (box != NULL) {
    if (box[0] * box[1] != n)
      return api_fail(
          e, API_BAD_SHAPE, "box",
          "box: %dx%d boxes do not fit a %dx%d puzzle (rows x columns "
          "must equal %d)",
          box[0], box[1], n, n, n);
    r = box[0];
    c = box[1];
  } else if (!sudoku_box_shape(n, &r, &c)) {
    return api_fail(
        e, API_BAD_SHAPE, where,
        "%s: a %dx%d grid has no box shape; sides 4, 6, 8, 9, 10, 12, "
        "14, 15, 16, 18, 20, 21, 22, 24 and 25 are supported",
        where, n, n);
  }
  if (sudoku_grid_init(g, r, c) != SUDOKU_OK)
    return api_fail(e, API_BAD_SHAPE, box != NULL ? "box" : where,
                    "%s: %dx%d boxes are not supported", where, r, c);
  return true;
}

/* A JSON number, integral and above every side, for a message as the
 * client wrote it (cJSON keeps no text of it): in full below 2^53, where
 * every integer is exact (12345678901), else the shortest %g form that
 * reads back as the same double (1e+300); one past DBL_MAX (1e400) cJSON
 * reads as infinity, said as such. */
static void number_name(char *buf, size_t cap, double d) {
  if (d < 9007199254740992.0) {
    snprintf(buf, cap, "%.0f", d);
    return;
  }
  if (isinf(d)) {
    snprintf(buf, cap, "a number beyond a double's range (1.8e308)");
    return;
  }
  for (int digits = 1; digits <= 17; digits++) {
    snprintf(buf, cap, "%.*g", digits, d);
    if (strtod(buf, NULL) == d)
      return;
  }
}

/* One cell from a JSON number or null, at cell index c; where[i] (or
 * where[i][j] when j >= 0) names it in a message. The path is formatted
 * only on error: this runs for every cell of every request. */
static bool json_cell(const cJSON *v, sudoku_grid *g, int c, const char *where,
                      int i, int j, struct api_error *e) {
  double d = cJSON_IsNumber(v) ? v->valuedouble : -1;
  if (cJSON_IsNull(v) ||
      (cJSON_IsNumber(v) && d >= 0 && d <= g->n && d == floor(d))) {
    g->cell[c] = cJSON_IsNull(v) ? 0 : (uint8_t)d;
    return true;
  }
  char cell[16], path[96];
  sudoku_cell_name(g->n, c, cell, sizeof cell);
  if (j >= 0)
    snprintf(path, sizeof path, "%s[%d][%d]", where, i, j);
  else
    snprintf(path, sizeof path, "%s[%d]", where, i);
  if (!cJSON_IsNumber(v) || d != floor(d) || d < 0) {
    api_error_set(e, API_INVALID_PUZZLE,
                  "%s (%s): expected an integer 0..%d or null (0 and null are "
                  "blanks)",
                  path, cell, g->n);
  } else {
    char value[48];
    number_name(value, sizeof value, d);
    api_error_set(e, API_INVALID_PUZZLE, "%s (%s): %s is larger than %d", path,
                  cell, value, g->n);
  }
  api_error_string(e, API_EM_PATH, path);
  api_error_string(e, API_EM_CELL, cell);
  api_error_number(e, API_EM_CELL_INDEX, c);
  return false;
}

/* The side n of a run of k cells, n*n == k for n in 4..25, whether n has
 * a box shape or not (grid_for_side says it has none, as for rows of it:
 * 49 cells are a 7x7, not a 6x6 and 13 more); else 0. */
static int square_side(size_t k) {
  for (int n = SUDOKU_MIN_N; n <= SUDOKU_MAX_N; n++)
    if ((size_t)n * (size_t)n == k)
      return n;
  return 0;
}

static size_t distance(size_t a, size_t b) { return a > b ? a - b : b - a; }

/* A string of k characters, no puzzle's length: measured against the
 * nearest puzzle, or against the nearest sukaku line (n*n*n characters,
 * the marks of a position, which a "puzzle" string may be) when that is
 * nearer: 728 is a 9x9 sukaku line a character short, not a 25x25 puzzle
 * 103 too long. Ties go to the puzzle (64 is an 8x8 and a 4x4's line). */
static bool length_fail(size_t k, const char *where, struct api_error *e) {
  int n = sudoku_nearest_side(k), m = 0, br, bc;
  size_t best = distance(k, (size_t)n * (size_t)n);
  for (int s = SUDOKU_MIN_N; s <= SUDOKU_MAX_N; s++) {
    size_t cube = (size_t)s * (size_t)s * (size_t)s;
    if (sudoku_box_shape(s, &br, &bc) && distance(k, cube) < best) {
      m = s;
      best = distance(k, cube);
    }
  }
  if (m != 0)
    return api_fail(e, API_INVALID_PUZZLE, where,
                    "%s: expected %d characters for a %dx%d sukaku line (%d a "
                    "cell, one a candidate), got %zu",
                    where, m * m * m, m, m, m, k);
  return api_fail(e, API_INVALID_PUZZLE, where,
                  "%s: expected %d characters for a %dx%d puzzle, got %zu",
                  where, n * n, n, n, k);
}

/* sudoku_symbol_value() of every byte, plus one (0: not a symbol), as a
 * table: a call a cell would be 1.5 % of a /solve under load. The api test
 * symbol_table_is_the_cores compares it with the core's for all 256. */
static const uint8_t symbol_plus_one[256] = {
    ['.'] = 1,  ['0'] = 1,  ['?'] = 1,  ['_'] = 1,  ['*'] = 1,  ['1'] = 2,
    ['2'] = 3,  ['3'] = 4,  ['4'] = 5,  ['5'] = 6,  ['6'] = 7,  ['7'] = 8,
    ['8'] = 9,  ['9'] = 10, ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14,
    ['E'] = 15, ['F'] = 16, ['G'] = 17, ['H'] = 18, ['I'] = 19, ['J'] = 20,
    ['K'] = 21, ['L'] = 22, ['M'] = 23, ['N'] = 24, ['O'] = 25, ['P'] = 26,
    ['Q'] = 27, ['R'] = 28, ['S'] = 29, ['T'] = 30, ['U'] = 31, ['V'] = 32,
    ['W'] = 33, ['X'] = 34, ['Y'] = 35, ['Z'] = 36, ['a'] = 11, ['b'] = 12,
    ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16, ['g'] = 17, ['h'] = 18,
    ['i'] = 19, ['j'] = 20, ['k'] = 21, ['l'] = 22, ['m'] = 23, ['n'] = 24,
    ['o'] = 25, ['p'] = 26, ['q'] = 27, ['r'] = 28, ['s'] = 29, ['t'] = 30,
    ['u'] = 31, ['v'] = 32, ['w'] = 33, ['x'] = 34, ['y'] = 35, ['z'] = 36,
};

int api_symbol_value(char c) {
  return (int)symbol_plus_one[(unsigned char)c] - 1;
}

/* A puzzle as a string of len bytes (a JSON string's value), counted in
 * characters. No symbol is beyond ASCII, so the first non-ASCII character
 * is the first bad one, and every cell before it is one byte: the cells
 * are read by bytes, and s[c] is character c + 1 up to the first error. */
bool api_string_grid(const char *s, size_t len, const int box[2],
                     const char *where, sudoku_grid *g, struct api_error *e) {
  size_t chars = api_utf8_count(s, len);
  int n = square_side(chars);
  if (n == 0)
    return length_fail(chars, where, e);
  if (!grid_for_side(g, n, box, where, e))
    return false;
  for (int c = 0; c < n * n; c++) {
    int val = (int)symbol_plus_one[(unsigned char)s[c]] - 1;
    if (val < 0 || val > n) {
      char cell[16], ch[32];
      sudoku_cell_name(n, c, cell, sizeof cell);
      char_name(ch, sizeof ch, s + c, len - (size_t)c);
      if (val < 0)
        api_error_set(e, API_INVALID_PUZZLE,
                      "%s: character %d (%s) %s is not a digit or a blank",
                      where, c + 1, cell, ch);
      else
        api_error_set(e, API_INVALID_PUZZLE,
                      "%s: character %d (%s) %s is %d, larger than %d", where,
                      c + 1, cell, ch, val, n);
      api_error_string(e, API_EM_PATH, where);
      api_error_string(e, API_EM_CELL, cell);
      api_error_number(e, API_EM_CELL_INDEX, c);
      return false;
    }
    g->cell[c] = (uint8_t)val;
  }
  return true;
}

/* A puzzle as a JSON string, array of rows, or flat array. */
bool api_json_grid(const cJSON *v, const int box[2], const char *where,
                   sudoku_grid *g, struct api_error *e) {
  char path[96];
  if (cJSON_IsString(v))
    return api_string_grid(v->valuestring, strlen(v->valuestring), box, where,
                           g, e);
  if (!cJSON_IsArray(v))
    return api_fail(
        e, API_INVALID_REQUEST, where,
        "%s: expected a string of n*n characters, an array of n rows, "
        "or a flat array of n*n numbers",
        where);
  int size = cJSON_GetArraySize(v);
  if (size > 0 && cJSON_IsArray(v->child)) {
    /* A grid is square: 3 rows of 4 cells is a row short, not a 3x3. */
    int first = cJSON_GetArraySize(v->child);
    if (first != size && sudoku_box_shape(first, &(int){0}, &(int){0}))
      return api_fail(e, API_INVALID_PUZZLE, where,
                      "%s: expected %d rows (the first row has %d cells: a "
                      "grid is square), got %d",
                      where, first, first, size);
    if (!grid_for_side(g, size, box, where, e))
      return false;
    int r = 0;
    for (const cJSON *row = v->child; row != NULL; row = row->next, r++) {
      snprintf(path, sizeof path, "%s[%d]", where, r);
      if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != size)
        return api_fail(e, API_INVALID_PUZZLE, path,
                        "%s: expected row %d as an array of %d cells, got %s%d",
                        path, r + 1, size,
                        cJSON_IsArray(row) ? "" : "no array, ",
                        cJSON_IsArray(row) ? cJSON_GetArraySize(row) : 0);
      int k = 0;
      for (const cJSON *x = row->child; x != NULL; x = x->next, k++)
        if (!json_cell(x, g, r * size + k, where, r, k, e))
          return false;
    }
    return true;
  }
  int n = square_side((size_t)size);
  if (n == 0) {
    n = sudoku_nearest_side((size_t)size);
    return api_fail(
        e, API_INVALID_PUZZLE, where,
        "%s: expected %d cells for a %dx%d puzzle (or an array of %d "
        "rows), got %d",
        where, n * n, n, n, n, size);
  }
  if (!grid_for_side(g, n, box, where, e))
    return false;
  int c = 0;
  for (const cJSON *x = v->child; x != NULL; x = x->next, c++)
    if (!json_cell(x, g, c, where, c, -1, e))
      return false;
  return true;
}

bool api_json_int(const cJSON *v, const char *name, int lo, int hi, int *out,
                  struct api_error *e) {
  if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble) ||
      v->valuedouble < lo || v->valuedouble > hi) {
    return api_fail(e, API_INVALID_REQUEST, name,
                    "%s: expected an integer %d..%d", name, lo, hi);
  }
  *out = (int)v->valuedouble;
  return true;
}

bool api_json_box(const cJSON *v, int box[2], struct api_error *e) {
  if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 2 ||
      !api_json_int(v->child, "box[0]", 2, SUDOKU_MAX_N, &box[0], e) ||
      !api_json_int(v->child->next, "box[1]", 2, SUDOKU_MAX_N, &box[1], e)) {
    api_error_clear(e);
    return api_fail(
        e, API_INVALID_REQUEST, "box",
        "box: expected [rows, columns] of a box, such as [2, 3] for "
        "6x6");
  }
  return true;
}

int api_cell_of_name(const char *s, int n) {
  size_t at = 0, len = strlen(s);
  int r, c;
  bool canonical;
  if (!sudoku_cell_name_read(s, len, &at, &r, &c, &canonical) || at != len ||
      !canonical || r > n || c > n)
    return -1;
  return (r - 1) * n + (c - 1);
}
