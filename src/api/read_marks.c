/*
 * read_marks.c - positions with pencil marks in a request: a text body, or
 * a JSON "puzzle" string, in one of the forms of sudoku_marks.h (the
 * sukaku line, SE's cells line, the PM grid, HoDoKu's library line),
 * told apart from a plain puzzle by the core's detector (sudoku_marks_sniff)
 * and read by the core's one reader (sudoku_read_position). A plain
 * puzzle is left to the callers' readers, so their errors stay as they
 * were.
 *
 * What the endpoints make of it: the givens are the puzzle; the values
 * placed ('+' in the library line) are entries where the endpoint takes
 * entries, else part of the puzzle; the marks of the empty cells are the
 * player's marks (as /hint's "candidates"). Cost: the sniff looks at the
 * first n + 1 lines of the text once more than a plain read does.
 */
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

void api_text_error(const struct sudoku_text_error *te, const char *where,
                    struct api_error *e) {
  if (where != NULL) {
    /* A JSON string holds one puzzle, named by path: the reader's puzzle
     * number (1) would say nothing, or the wrong thing in a batch. */
    api_error_set(e, API_PARSE, "%s: %s", where, te->message);
    api_error_string(e, API_EM_PATH, where);
  } else {
    api_error_set(e, API_PARSE, "%s", te->message);
    if (te->puzzle)
      api_error_number(e, API_EM_PUZZLE, te->puzzle);
  }
  if (te->line)
    api_error_number(e, API_EM_LINE, te->line);
  if (te->column)
    api_error_number(e, API_EM_COLUMN, te->column);
}

int api_read_marked(struct sudoku_reader *r, const char *where,
                    struct sudoku_position *p, struct api_error *e) {
  if (sudoku_marks_sniff(r) == SUDOKU_MARKS_GIVENS)
    return 0;
  struct sudoku_text_error te;
  if (sudoku_read_position(r, p, NULL, &te) != 1) {
    api_text_error(&te, where, e);
    return -1;
  }
  return 1;
}

uint32_t *api_marks_copy(const struct sudoku_position *p) {
  size_t cells = (size_t)p->grid.n * (size_t)p->grid.n;
  uint32_t *m = malloc(SUDOKU_MAX_CELLS * sizeof *m);
  if (m != NULL) {
    memset(m, 0, SUDOKU_MAX_CELLS * sizeof *m);
    memcpy(m, p->cand, cells * sizeof *m);
  }
  return m;
}

bool api_position_of_marked(const struct sudoku_position *mp, unsigned takes,
                            struct api_position *p, struct api_error *e) {
  int cells = mp->grid.n * mp->grid.n;
  bool split = (takes & API_POS_ENTRIES) != 0;
  p->puzzle = mp->grid;
  p->entries = mp->grid;
  p->has_entries = false;
  for (int c = 0; c < cells; c++) {
    bool placed = mp->placed[c] && mp->grid.cell[c] != 0;
    if (split && placed)
      p->puzzle.cell[c] = 0;
    else
      p->entries.cell[c] = 0;
    p->has_entries |= split && placed;
  }
  p->marks = api_marks_copy(mp);
  if (p->marks == NULL) {
    api_error_set(e, API_INTERNAL, NULL);
    return false;
  }
  return true;
}

/* The one marked position of s (len bytes) into a malloc'd *mp: 1, 0 for
 * a plain puzzle (*mp NULL), -1 with e set, also when anything but blank
 * lines follows it (a position with marks is the whole text). */
static int read_alone(const char *s, size_t len, const char *where,
                      struct sudoku_position **mp, struct api_error *e) {
  struct sudoku_reader r;
  sudoku_reader_init(&r, s, len);
  *mp = NULL;
  if (sudoku_marks_sniff(&r) == SUDOKU_MARKS_GIVENS)
    return 0;
  *mp = malloc(sizeof **mp);
  if (*mp == NULL) {
    api_error_set(e, API_INTERNAL, NULL);
    return -1;
  }
  int got = api_read_marked(&r, where, *mp, e);
  if (got != 1)
    return -1;
  for (; r.pos < len && (s[r.pos] == ' ' || s[r.pos] == '\t' ||
                         s[r.pos] == '\r' || s[r.pos] == '\n');
       r.pos++)
    r.line += s[r.pos] == '\n';
  if (r.pos < len) {
    const char *pre = where != NULL ? where : "body";
    api_error_set(e, API_PARSE,
                  "%s: line %u: text after the position with pencil marks; "
                  "send one position, alone",
                  pre, (unsigned)r.line);
    if (where != NULL)
      api_error_string(e, API_EM_PATH, where);
    api_error_number(e, API_EM_LINE, r.line);
    return -1;
  }
  return 1;
}

int api_read_marked_text(const char *s, size_t len, const char *where,
                         unsigned takes, struct api_position *p,
                         struct api_error *e) {
  struct sudoku_position *mp;
  int got = read_alone(s, len, where, &mp, e);
  if (got == 1 && !api_position_of_marked(mp, takes, p, e))
    got = -1;
  free(mp);
  return got;
}

int api_json_marked_item(const cJSON *v, const char *where, struct api_item *it,
                         struct api_error *e) {
  if (!cJSON_IsString(v))
    return 0;
  struct sudoku_position *mp;
  int got = read_alone(v->valuestring, strlen(v->valuestring), where, &mp, e);
  if (got == 1) {
    it->grid = mp->grid;
    it->marks = api_marks_copy(mp);
    if (it->marks == NULL) {
      api_error_set(e, API_INTERNAL, NULL);
      got = -1;
    }
  }
  free(mp);
  return got;
}
