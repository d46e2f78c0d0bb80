/*
 * read_text.c - the puzzles of a text body, in every format the core's
 * reader takes, in one pass: the array grows by doubling, so a body is read
 * once whatever its number of puzzles. Under a variant (?variant=x,killer),
 * the lines are the core's variant line format (sudoku_rules.h), each
 * puzzle with its own rules.
 */
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

void api_puzzles_free(struct api_puzzles *ps) {
  for (uint32_t i = 0; i < ps->count; i++) {
    api_error_clear(&ps->item[i].error);
    free(ps->item[i].rules);
  }
  free(ps->item);
  ps->item = NULL;
  ps->count = 0;
}

/* Room for one more item: the array doubles up to max_puzzles + 1 (one
 * past the limit, to tell "too many"). False with e set. */
static bool room(struct api_puzzles *ps, uint32_t *cap, uint32_t max_puzzles,
                 struct api_error *e) {
  if (ps->count < *cap)
    return true;
  uint32_t bigger = *cap == 0 ? 4 : *cap * 2;
  if (bigger > max_puzzles + 1)
    bigger = max_puzzles + 1;
  struct api_item *p = realloc(ps->item, bigger * sizeof *p);
  if (p == NULL) {
    api_error_set(e, API_INTERNAL, NULL);
    return false;
  }
  ps->item = p;
  *cap = bigger;
  return true;
}

/* A reader's located error as the problem. */
static void parse_error(const struct sudoku_text_error *te,
                        struct api_error *e) {
  api_error_set(e, API_PARSE, "%s", te->message);
  if (te->puzzle)
    api_error_number(e, "puzzle", te->puzzle);
  if (te->line)
    api_error_number(e, "line", te->line);
  if (te->column)
    api_error_number(e, "column", te->column);
}

/* Counts the item just read; false with e set past max_puzzles. */
static bool counted(struct api_puzzles *ps, uint32_t max_puzzles,
                    struct api_error *e) {
  if (++ps->count <= max_puzzles)
    return true;
  api_error_set(e, API_TOO_MANY_PUZZLES,
                "more than %u puzzles in one request; send them in several",
                max_puzzles);
  api_error_number(e, "limit", max_puzzles);
  return false;
}

bool api_read_text(const char *body, size_t len, uint32_t max_puzzles,
                   struct api_puzzles *ps, struct api_error *e) {
  struct sudoku_reader r;
  struct sudoku_text_error te;
  uint32_t cap = 0;
  sudoku_reader_init(&r, body, len);
  for (;;) {
    if (!room(ps, &cap, max_puzzles, e))
      return false;
    struct api_item *it = &ps->item[ps->count];
    int got = sudoku_read_next(&r, &it->grid, &te);
    if (got == 0)
      break;
    if (got < 0) {
      parse_error(&te, e);
      return false;
    }
    it->error = (struct api_error){API_OK, "", NULL};
    it->rules = NULL;
    if (!counted(ps, max_puzzles, e))
      return false;
  }
  if (ps->count == 0) {
    api_error_set(e, API_PARSE, "the body holds no puzzle");
    return false;
  }
  ps->batch = ps->count > 1;
  return true;
}

bool api_read_rules_text(const char *body, size_t len, uint32_t kinds,
                         uint32_t max_puzzles, struct api_puzzles *ps,
                         struct api_error *e) {
  struct sudoku_rules_reader rd;
  struct sudoku_text_error te;
  sudoku_rules *r = malloc(sizeof *r);
  if (r == NULL) {
    api_error_set(e, API_INTERNAL, NULL);
    return false;
  }
  uint32_t cap = 0;
  bool ok = true;
  sudoku_rules_reader_init(&rd, body, len, kinds);
  while (ok) {
    if (!room(ps, &cap, max_puzzles, e)) {
      ok = false;
      break;
    }
    struct api_item *it = &ps->item[ps->count];
    int got = sudoku_rules_read_next(&rd, &it->grid, r, &te);
    if (got == 0)
      break;
    if (got < 0) {
      parse_error(&te, e);
      ok = false;
      break;
    }
    it->error = (struct api_error){API_OK, "", NULL};
    it->rules = NULL;
    if (!counted(ps, max_puzzles, e)) {
      ok = false;
      break;
    }
    /* Rules the core refuses stop the request, located by line: the text
     * has no members to name. */
    if (!api_variant_check(&it->grid, r, NULL, e)) {
      char detail[sizeof e->detail];
      memcpy(detail, e->detail, sizeof detail);
      api_error_set(e, e->problem, "line %u: %s", rd.line - 1, detail);
      if (e->fields != NULL)
        cJSON_DeleteItemFromObject(e->fields, "path");
      api_error_number(e, "puzzle", ps->count);
      api_error_number(e, "line", rd.line - 1);
      ok = false;
      break;
    }
    it->rules = malloc(sizeof *it->rules);
    if (it->rules == NULL) {
      api_error_set(e, API_INTERNAL, NULL);
      ok = false;
      break;
    }
    *it->rules = *r;
  }
  free(r);
  if (ok && ps->count == 0) {
    api_error_set(e, API_PARSE, "the body holds no puzzle");
    ok = false;
  }
  ps->batch = ps->count > 1;
  return ok;
}
