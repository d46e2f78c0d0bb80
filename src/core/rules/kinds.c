/*
 * kinds.c - the table of rule kinds (sudoku_rules.h, SUDOKU_RULE_MAP):
 * names, lookup, and building the cage lists.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rules_internal.h"

static const struct {
  const char *name, *english, *what;
} kinds[SUDOKU_RULE_COUNT] = {
#define X(id, name, english, what) [SUDOKU_RULE_##id] = {name, english, what},
    SUDOKU_RULE_MAP(X)
#undef X
};

const char *sudoku_rule_name(enum sudoku_rule_kind k) {
  return (unsigned)k < SUDOKU_RULE_COUNT ? kinds[k].name : NULL;
}

const char *sudoku_rule_english(enum sudoku_rule_kind k) {
  return (unsigned)k < SUDOKU_RULE_COUNT ? kinds[k].english : NULL;
}

const char *sudoku_rule_what(enum sudoku_rule_kind k) {
  return (unsigned)k < SUDOKU_RULE_COUNT ? kinds[k].what : NULL;
}

int sudoku_rule_lookup(const char *name, size_t len) {
  for (int k = 0; k < SUDOKU_RULE_COUNT; k++)
    if (strlen(kinds[k].name) == len && memcmp(kinds[k].name, name, len) == 0)
      return k;
  return -1;
}

bool sudoku_rule_kinds(const char *list, size_t len, uint32_t *kinds,
                       size_t *bad) {
  *kinds = 0;
  for (size_t at = 0;;) {
    const char *comma = memchr(list + at, ',', len - at);
    size_t end = comma != NULL ? (size_t)(comma - list) : len;
    int k = sudoku_rule_lookup(list + at, end - at);
    if (k < 0) {
      *bad = at;
      return false;
    }
    *kinds |= 1u << k;
    if (end == len)
      return true;
    at = end + 1;
  }
}

bool sudoku_rules_add_cage(sudoku_rules *r, uint16_t sum, const uint16_t *cells,
                           size_t len) {
  if (r->cage_count >= SUDOKU_RULES_MAX_CAGES ||
      len > (size_t)(SUDOKU_MAX_CELLS - r->cage_cells))
    return false;
  r->cage[r->cage_count++] =
      (struct sudoku_cage){sum, r->cage_cells, (uint16_t)len};
  memcpy(r->cage_cell + r->cage_cells, cells, len * sizeof *cells);
  r->cage_cells = (uint16_t)(r->cage_cells + len);
  r->kinds |= 1u << SUDOKU_RULE_KILLER;
  return true;
}

enum sudoku_status rules_fail(enum sudoku_status status,
                              struct sudoku_rules_problem *p, int cell,
                              int unit, const char *fmt, ...) {
  if (p == NULL)
    return status;
  p->cell = cell;
  p->unit = unit;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->message, sizeof p->message, fmt, ap);
  va_end(ap);
  return status;
}
