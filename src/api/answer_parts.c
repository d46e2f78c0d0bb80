/*
 * answer_parts.c - the pieces of answers every endpoint writes: integers
 * without cJSON's slow number printing, grids as JSON rows and as one line, and
 * the members of a puzzle with conflicting givens.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

/* Conflicting pairs listed one by one at most; past it the list is cut
 * (conflicts_truncated), the cells and the count stay complete. */
#define API_MAX_CONFLICTS_LISTED 1000u

void api_add_int(cJSON *o, const char *name, uint64_t v) {
  char digits[24], *p = digits + sizeof digits - 1;
  *p = '\0';
  do {
    *--p = (char)('0' + v % 10);
    v /= 10;
  } while (v != 0);
  cJSON_AddRawToObject(o, name, p);
}

size_t api_rows_text(const sudoku_grid *g, char *buf) {
  /* Each cell with the separator after it, then the row's last ',' turned
   * into ']' and the next row's opening: no test for "first" per cell. */
  const uint8_t *cell = g->cell;
  int n = g->n;
  char *w = buf;
  *w++ = '[';
  for (int r = 0; r < n; r++) {
    *w++ = '[';
    for (int c = 0; c < n; c++) {
      unsigned v = *cell++;
      if (v >= 10)
        *w++ = (char)('0' + v / 10);
      w[0] = (char)('0' + v % 10);
      w[1] = ',';
      w += 2;
    }
    w[-1] = ']';
    *w++ = ',';
  }
  w[n > 0 ? -1 : 0] = ']';
  w += n > 0 ? 0 : 1;
  *w = '\0';
  return (size_t)(w - buf);
}

void api_line_text(const sudoku_grid *g, char *buf) {
  size_t len = sudoku_write_line(g, buf, SUDOKU_TEXT_MAX);
  if (len > 0 && len < SUDOKU_TEXT_MAX && buf[len - 1] == '\n')
    buf[len - 1] = '\0';
}

void api_conflict_error(const sudoku_grid *g, struct api_error *e) {
  size_t count = 0;
  sudoku_validate(g, NULL, 0, &count);
  struct sudoku_conflict *pairs =
      count > 0 ? malloc(count * sizeof *pairs) : NULL;
  if (pairs == NULL) {
    api_error_set(e, count > 0 ? API_INTERNAL : API_CONFLICT, NULL);
    return;
  }
  sudoku_validate(g, pairs, count, &count);
  char a[16], b[16];
  sudoku_cell_name(g->n, pairs[0].a, a, sizeof a);
  sudoku_cell_name(g->n, pairs[0].b, b, sizeof b);
  api_error_set(e, API_CONFLICT, "%s and %s are both %d (%s %d)%s", a, b,
                pairs[0].value, sudoku_unit_name(pairs[0].unit),
                pairs[0].unit_ix + 1,
                count > 1 ? "; every clash is listed in conflicts" : "");
  cJSON *f = api_error_fields(e);
  cJSON *list =
      f != NULL
          ? cJSON_AddArrayToObject(f, api_error_member_name(API_EM_CONFLICTS))
          : NULL;
  bool seen[SUDOKU_MAX_CELLS] = {false};
  for (size_t i = 0; i < count; i++) {
    seen[pairs[i].a] = seen[pairs[i].b] = true;
    if (i >= API_MAX_CONFLICTS_LISTED || list == NULL)
      continue;
    cJSON *c = cJSON_CreateObject();
    if (c == NULL)
      continue;
    sudoku_cell_name(g->n, pairs[i].a, a, sizeof a);
    sudoku_cell_name(g->n, pairs[i].b, b, sizeof b);
    const char *cells[2] = {a, b};
    cJSON_AddItemToObject(c, "cells", cJSON_CreateStringArray(cells, 2));
    api_add_int(c, "value", pairs[i].value);
    cJSON_AddStringToObject(c, "unit", sudoku_unit_name(pairs[i].unit));
    api_add_int(c, "unit_index", pairs[i].unit_ix + 1u);
    cJSON_AddItemToArray(list, c);
  }
  free(pairs);
  if (f == NULL)
    return;
  cJSON *cells = cJSON_AddArrayToObject(f, api_error_member_name(API_EM_CELLS));
  for (int c = 0; c < g->n * g->n && cells != NULL; c++) {
    if (seen[c]) {
      sudoku_cell_name(g->n, c, a, sizeof a);
      cJSON_AddItemToArray(cells, cJSON_CreateString(a));
    }
  }
  api_add_int(f, api_error_member_name(API_EM_CONFLICT_COUNT), count);
  if (count > API_MAX_CONFLICTS_LISTED)
    cJSON_AddTrueToObject(f, api_error_member_name(API_EM_CONFLICTS_TRUNCATED));
}
