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
    free(ps->item[i].marks);
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

/* Counts the item just read; false with e set past max_puzzles. */
static bool counted(struct api_puzzles *ps, uint32_t max_puzzles,
                    struct api_error *e) {
  if (++ps->count <= max_puzzles)
    return true;
  api_error_set(e, API_TOO_MANY_PUZZLES,
                "more than %u puzzles in one request; send them in several",
                max_puzzles);
  api_error_number(e, API_EM_LIMIT, max_puzzles);
  return false;
}

/* The next record when it is a position with pencil marks: its values
 * (givens and placed) as the item's grid, its marks kept; *mp allocated
 * on the first one. 1 read, 0 a plain puzzle, -1 with e set. */
static int marked_item(struct sudoku_reader *r, const char *where,
                       struct sudoku_position **mp, struct api_item *it,
                       struct api_error *e) {
  if (sudoku_marks_sniff(r) == SUDOKU_MARKS_GIVENS)
    return 0;
  if (*mp == NULL && (*mp = malloc(sizeof **mp)) == NULL) {
    api_error_set(e, API_INTERNAL, NULL);
    return -1;
  }
  int got = api_read_marked(r, where, *mp, e);
  if (got == 1) {
    it->grid = (*mp)->grid;
    it->marks = api_marks_copy(*mp);
    if (it->marks == NULL) {
      api_error_set(e, API_INTERNAL, NULL);
      return -1;
    }
  }
  return got;
}

bool api_read_text(const char *body, size_t len, uint32_t max_puzzles,
                   const char *where, struct api_puzzles *ps,
                   struct api_error *e) {
  struct sudoku_reader r;
  struct sudoku_text_error te;
  struct sudoku_position *mp = NULL;
  uint32_t cap = 0;
  bool ok = true;
  sudoku_reader_init(&r, body, len);
  while (ok) {
    if (!room(ps, &cap, max_puzzles, e)) {
      ok = false;
      break;
    }
    struct api_item *it = &ps->item[ps->count];
    it->error = (struct api_error){API_OK, "", NULL};
    it->rules = NULL;
    it->marks = NULL;
    int got = marked_item(&r, where, &mp, it, e);
    if (got == 0) {
      got = sudoku_read_next(&r, &it->grid, &te);
      if (got < 0)
        api_text_error(&te, where, e);
    }
    if (got == 0)
      break;
    ok = got > 0 && counted(ps, max_puzzles, e);
  }
  free(mp);
  if (!ok)
    return false;
  if (ps->count == 0 && where != NULL)
    return api_fail(e, API_PARSE, where, "%s: the field holds no puzzle",
                    where);
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
      api_text_error(&te, NULL, e);
      ok = false;
      break;
    }
    it->error = (struct api_error){API_OK, "", NULL};
    it->rules = NULL;
    it->marks = NULL;
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
        cJSON_DeleteItemFromObject(e->fields,
                                   api_error_member_name(API_EM_PATH));
      api_error_number(e, API_EM_PUZZLE, ps->count);
      api_error_number(e, API_EM_LINE, rd.line - 1);
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
