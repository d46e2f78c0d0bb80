/*
 * position.c - what the playing endpoints (/hint, /check, /candidates,
 * /steps) read: a puzzle (its givens), optionally the player's entries (a
 * grid of the same shape whose filled cells are the player's values, givens
 * repeated or not) and pencil marks. From JSON ({"puzzle", "entries",
 * "candidates", "reveal", "box"}: the members an endpoint takes), a form
 * (puzzle=..., entries=...), or text (the first grid is the puzzle, a second
 * one the entries; under ?variant=x,killer one variant line, the puzzle
 * and its rules). A JSON body's variant members (read_variant.c) or
 * f-puzzles link give the rules there. A text body, a form's puzzle or a
 * JSON "puzzle" string may also be one position with pencil marks
 * (sukaku, PM grid, HoDoKu's library line: read_marks.c): its givens, its
 * placed values as entries (or givens where the endpoint takes none) and
 * its marks.
 *
 * Pencil marks, in JSON: an object {"r1c1": [1, 2, 5], ...} (cells not
 * named keep every candidate), or an array of n*n arrays (row-major), or
 * an array of n rows of n arrays. A filled cell's marks are ignored.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

void api_position_free(struct api_position *p) {
  free(p->marks);
  p->marks = NULL;
  free(p->rules);
  p->rules = NULL;
}

/* The mask of a JSON array of values 1..n named where; false with e set,
 * a wrong value named by its place, where[i]: api_json_int is asked again
 * under that name for its message, so that the name is formatted only on
 * error (a request may send 729 values). */
static bool marks_of(const cJSON *v, int n, const char *where, uint32_t *mask,
                     struct api_error *e) {
  if (!cJSON_IsArray(v))
    return api_fail(e, API_INVALID_REQUEST, where,
                    "%s: expected an array of candidate values 1..%d", where,
                    n);
  *mask = 0;
  int i = 0;
  for (const cJSON *x = v->child; x != NULL; x = x->next, i++) {
    int d;
    if (!api_json_int(x, where, 1, n, &d, e)) {
      char path[64];
      snprintf(path, sizeof path, "%s[%d]", where, i);
      api_error_clear(e);
      return api_json_int(x, path, 1, n, &d, e);
    }
    *mask |= 1u << (d - 1);
  }
  return true;
}

static bool read_marks(const cJSON *v, int n, uint32_t *marks,
                       struct api_error *e) {
  uint32_t all = n >= 32 ? ~0u : (1u << n) - 1;
  char where[48];
  for (int c = 0; c < n * n; c++)
    marks[c] = all;
  if (cJSON_IsObject(v)) {
    /* One name a cell (api_cell_of_name takes only "r1c3"), and no name
     * twice (api_json_parse): no cell gets two lists. */
    for (const cJSON *m = v->child; m != NULL; m = m->next) {
      int c = api_cell_of_name(m->string, n);
      snprintf(where, sizeof where, "candidates.%.16s", m->string);
      if (c < 0)
        return api_fail(e, API_INVALID_REQUEST, where,
                        "%s: expected a cell name r1c1..r%dc%d", where, n, n);
      if (!marks_of(m, n, where, &marks[c], e))
        return false;
    }
    return true;
  }
  int size = cJSON_IsArray(v) ? cJSON_GetArraySize(v) : -1;
  bool rows = size == n && v->child != NULL && cJSON_IsArray(v->child) &&
              cJSON_IsArray(v->child->child);
  if (size != n * n && !rows)
    return api_fail(
        e, API_INVALID_REQUEST, "candidates",
        "candidates: expected an object {\"r1c1\": [1, 2], ...}, an "
        "array of %d arrays, or %d rows of %d arrays",
        n * n, n, n);
  int c = 0;
  for (const cJSON *x = v->child; x != NULL; x = x->next) {
    if (!rows) {
      snprintf(where, sizeof where, "candidates[%d]", c);
      if (!marks_of(x, n, where, &marks[c++], e))
        return false;
      continue;
    }
    if (!cJSON_IsArray(x) || cJSON_GetArraySize(x) != n) {
      snprintf(where, sizeof where, "candidates[%d]", c / n);
      return api_fail(e, API_INVALID_REQUEST, where, "%s: expected %d arrays",
                      where, n);
    }
    for (const cJSON *y = x->child; y != NULL; y = y->next, c++) {
      snprintf(where, sizeof where, "candidates[%d][%d]", c / n, c % n);
      if (!marks_of(y, n, where, &marks[c], e))
        return false;
    }
  }
  return true;
}

/* Entries agree with the givens: a given may be repeated, never changed. */
static bool check_entries(struct api_position *p, struct api_error *e) {
  const sudoku_grid *g = &p->puzzle;
  if (p->entries.n != g->n || p->entries.box_rows != g->box_rows)
    return api_fail(e, API_INVALID_REQUEST, "entries",
                    "entries: a %dx%d grid for a %dx%d puzzle", p->entries.n,
                    p->entries.n, g->n, g->n);
  for (int c = 0; c < g->n * g->n; c++) {
    int given = g->cell[c], entry = p->entries.cell[c];
    if (given != 0 && entry != 0 && entry != given) {
      char cell[8];
      sudoku_cell_name(g->n, c, cell, sizeof cell);
      api_error_set(e, API_INVALID_REQUEST,
                    "entries: %s is a given (%d); an entry cannot change it to "
                    "%d",
                    cell, given, entry);
      api_error_string(e, API_EM_PATH, "entries");
      api_error_string(e, API_EM_CELL, cell);
      return false;
    }
  }
  return true;
}

/* The puzzle and rules of f-puzzles' JSON fp. */
static bool position_of_fpuzzles(const cJSON *fp, const char *pre,
                                 struct api_position *p, struct api_error *e) {
  p->rules = malloc(sizeof *p->rules);
  if (p->rules == NULL) {
    api_error_set(e, API_INTERNAL, NULL);
    return false;
  }
  if (!api_fpuzzles_read(fp, pre, &p->puzzle, p->rules, e))
    return false;
  if (p->rules->kinds == 0) {
    free(p->rules);
    p->rules = NULL;
  }
  return true;
}

/* A "puzzle" string holding a position with pencil marks (read_marks.c):
 * 1 read into p, 0 not one, -1 with e set. */
static int json_marked(const cJSON *puzzle, unsigned takes,
                       struct api_position *p, struct api_error *e) {
  if (!cJSON_IsString(puzzle))
    return 0;
  return api_read_marked_text(puzzle->valuestring, strlen(puzzle->valuestring),
                              "puzzle", takes, p, e);
}

/* A marked puzzle brings its marks, and its placed values when it has
 * some: "candidates", and "entries" then, would say them twice. */
static bool marked_alone(const cJSON *entries, const cJSON *cand,
                         const struct api_position *p, struct api_error *e) {
  const char *twice = cand != NULL                        ? "candidates"
                      : entries != NULL && p->has_entries ? "entries"
                                                          : NULL;
  if (twice == NULL)
    return true;
  return api_fail(e, API_INVALID_REQUEST, twice,
                  "%s: the puzzle is a position with pencil marks and carries "
                  "its own %s; send one or the other",
                  twice, cand != NULL ? "marks" : "placed values");
}

static bool read_json_position(const char *body, size_t len, unsigned takes,
                               struct api_position *p, struct api_error *e) {
  cJSON *fp = NULL;
  int fpuzzles = api_fpuzzles_body(body, len, &fp, e);
  if (fpuzzles < 0)
    return false;
  if (fpuzzles > 0) {
    bool ok = position_of_fpuzzles(fp, "", p, e);
    cJSON_Delete(fp);
    return ok;
  }
  const cJSON *puzzle = NULL, *entries = NULL, *cand = NULL, *reveal = NULL,
              *box_v = NULL;
  struct api_variant_json variant;
  struct api_member members[5 + API_VARIANT_MEMBERS];
  size_t nm = 0;
  members[nm++] = (struct api_member){"puzzle", &puzzle};
  if (takes & API_POS_ENTRIES)
    members[nm++] = (struct api_member){"entries", &entries};
  if (takes & API_POS_MARKS)
    members[nm++] = (struct api_member){"candidates", &cand};
  if (takes & API_POS_REVEAL)
    members[nm++] = (struct api_member){"reveal", &reveal};
  members[nm++] = (struct api_member){"box", &box_v};
  nm += api_variant_members(&variant, members + nm);
  cJSON *root = api_json_object(body, len, members, nm, e);
  int box[2];
  int marked = 0;
  bool ok = false;
  if (root == NULL)
    return false;
  if (variant.fpuzzles != NULL) {
    /* A share link is the puzzle and its rules. */
    if (puzzle != NULL || box_v != NULL || api_variant_present(&variant)) {
      api_error_set(e, API_INVALID_REQUEST,
                    "fpuzzles: the link is the whole puzzle; send it without "
                    "puzzle, box or rules");
      api_error_string(e, API_EM_PATH, "fpuzzles");
      goto done;
    }
    cJSON *fp = api_fpuzzles_link(variant.fpuzzles, e);
    bool read = fp != NULL && position_of_fpuzzles(fp, "fpuzzles.", p, e);
    cJSON_Delete(fp);
    if (!read)
      goto done;
  } else if (puzzle == NULL) {
    api_error_set(e, API_INVALID_REQUEST, "expected a \"puzzle\" member");
    goto done;
  } else if ((marked = json_marked(puzzle, takes, p, e)) < 0) {
    goto done;
  } else if (!marked && box_v != NULL && !api_json_box(box_v, box, e)) {
    goto done;
  } else if (!marked && !api_json_grid(puzzle, box_v ? box : NULL, "puzzle",
                                       &p->puzzle, e)) {
    goto done;
  } else if (marked && !marked_alone(entries, cand, p, e)) {
    goto done;
  }
  if (api_variant_present(&variant)) {
    p->rules = malloc(sizeof *p->rules);
    if (p->rules == NULL) {
      api_error_set(e, API_INTERNAL, NULL);
      goto done;
    }
    if (!api_variant_read(&variant, &p->puzzle, p->rules, e))
      goto done;
  }
  if (entries != NULL) {
    /* The entries belong to the puzzle: a string of another length is
     * measured against the puzzle's side, not read as a grid of its own. */
    int n = p->puzzle.n;
    size_t cells = (size_t)n * (size_t)n;
    size_t chars =
        cJSON_IsString(entries)
            ? api_utf8_count(entries->valuestring, strlen(entries->valuestring))
            : cells;
    if (chars != cells) {
      api_error_set(e, API_INVALID_PUZZLE,
                    "entries: expected %d characters for the %dx%d puzzle, "
                    "got %zu",
                    n * n, n, n, chars);
      api_error_string(e, API_EM_PATH, "entries");
      goto done;
    }
    if (!api_json_grid(entries, box_v ? box : NULL, "entries", &p->entries, e))
      goto done;
    p->has_entries = true;
    if (!check_entries(p, e))
      goto done;
  }
  if (reveal != NULL) {
    if (!cJSON_IsBool(reveal)) {
      api_error_set(e, API_INVALID_REQUEST, "reveal: expected true or false");
      api_error_string(e, API_EM_PATH, "reveal");
      goto done;
    }
    p->reveal = cJSON_IsTrue(reveal);
  }
  if (cand != NULL) {
    p->marks = malloc(SUDOKU_MAX_CELLS * sizeof *p->marks);
    if (p->marks == NULL) {
      api_error_set(e, API_INTERNAL, NULL);
      goto done;
    }
    if (!read_marks(cand, p->puzzle.n, p->marks, e))
      goto done;
  }
  ok = true;
done:
  cJSON_Delete(root);
  return ok;
}

/* Text: the first grid is the puzzle, a second one the entries. A form
 * field's text is named where (NULL: the body), as a JSON member is. */
static bool read_text_position(const char *body, size_t len, unsigned takes,
                               const char *where, struct api_position *p,
                               struct api_error *e) {
  int marked = api_read_marked_text(body, len, where, takes, p, e);
  if (marked != 0)
    return marked > 0;
  struct api_puzzles ps = {NULL, 0, false};
  bool ok = api_read_text(body, len, 2, where, &ps, e);
  if (ok && ps.count == 2 && where != NULL) {
    ok = api_fail(e, API_INVALID_REQUEST, where,
                  "%s: two grids; the field holds one", where);
  } else if (ok && ps.count == 2 && !(takes & API_POS_ENTRIES)) {
    api_error_set(e, API_INVALID_REQUEST,
                  "two grids: this endpoint takes one puzzle");
    ok = false;
  }
  if (ok) {
    p->puzzle = ps.item[0].grid;
    if (ps.count == 2) {
      p->entries = ps.item[1].grid;
      p->has_entries = true;
      ok = check_entries(p, e);
    }
  }
  api_puzzles_free(&ps);
  return ok;
}

/* Text under ?variant= (kinds): one variant line, the puzzle and its rules
 * (the line format has no room for entries: they go in JSON). */
static bool read_rules_position(const char *body, size_t len, uint32_t kinds,
                                struct api_position *p, struct api_error *e) {
  struct api_puzzles ps = {NULL, 0, false};
  bool ok = api_read_rules_text(body, len, kinds, 1, &ps, e);
  if (ok) {
    p->puzzle = ps.item[0].grid;
    p->rules = ps.item[0].rules;
    ps.item[0].rules = NULL;
  } else if (e->problem == API_TOO_MANY_PUZZLES) {
    api_error_clear(e);
    api_error_set(e, API_INVALID_REQUEST,
                  "?variant=: the text body is one variant line, the puzzle "
                  "and its rules; send entries and marks in JSON");
  }
  api_puzzles_free(&ps);
  return ok;
}

bool api_read_position(const struct api_input *in, unsigned takes,
                       struct api_position *p, struct api_error *e) {
  const char *body = in->body != NULL ? in->body : "";
  enum api_body_type type = api_body_sniff(in);
  uint32_t kinds = 0;
  memset(p, 0, sizeof *p);
  if (!api_variant_query(in, type, &kinds, e))
    return false;
  switch (type) {
  case API_BODY_JSON:
    return read_json_position(body, in->body_len, takes, p, e);
  case API_BODY_TEXT:
    if (kinds != 0)
      return read_rules_position(body, in->body_len, kinds, p, e);
    return read_text_position(body, in->body_len, takes, NULL, p, e);
  case API_BODY_FORM: {
    struct api_form form;
    if (!api_form_decode(body, in->body_len, &form, e))
      return false;
    const struct api_param *puzzle = NULL, *entries = NULL;
    bool ok = true;
    for (size_t i = 0; i < form.count && ok; i++) {
      const struct api_param *f = &form.field[i];
      const struct api_param **slot =
          f->name_len == 6 && memcmp(f->name, "puzzle", 6) == 0 ? &puzzle
          : f->name_len == 7 && memcmp(f->name, "entries", 7) == 0 &&
                  (takes & API_POS_ENTRIES)
              ? &entries
              : NULL;
      if (slot != NULL && *slot != NULL) {
        /* The name as the table spells it: f->name runs on into its value. */
        const char *name = slot == &puzzle ? "puzzle" : "entries";
        ok = api_fail(e, API_INVALID_REQUEST, name,
                      "form field %s appears twice", name);
      } else if (slot != NULL) {
        *slot = f;
      }
    }
    if (ok && puzzle == NULL) {
      api_error_set(e, API_INVALID_REQUEST, "form: expected a puzzle field");
      ok = false;
    }
    if (ok)
      ok = read_text_position(puzzle->value, puzzle->value_len, 0, "puzzle", p,
                              e);
    if (ok && entries != NULL) {
      struct api_position ent;
      memset(&ent, 0, sizeof ent);
      ok = read_text_position(entries->value, entries->value_len, 0, "entries",
                              &ent, e);
      if (ok) {
        p->entries = ent.puzzle;
        p->has_entries = true;
        ok = check_entries(p, e);
      }
      api_position_free(&ent);
    }
    api_form_free(&form);
    return ok;
  }
  default:
    api_error_set(e, API_UNSUPPORTED_MEDIA_TYPE, NULL);
    return false;
  }
}

void api_position_grid(const struct api_position *p, sudoku_grid *out) {
  *out = p->puzzle;
  if (p->has_entries)
    for (int c = 0; c < p->puzzle.n * p->puzzle.n; c++)
      if (out->cell[c] == 0)
        out->cell[c] = p->entries.cell[c];
}
