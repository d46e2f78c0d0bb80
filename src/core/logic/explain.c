/*
 * explain.c - one English sentence for a step, rendered from its data (the
 * CLI and the API both call it): the pieces of a sentence (logic_put*),
 * the generic sentence, and the dispatch to a technique's own sentence,
 * which lives beside its finder (LOGIC_EXPLAIN in logic.h).
 *
 * What each technique's step holds (the finders fill it so):
 *   singles          placements[0]; units[0] the unit of a hidden single
 *   direct pointing/ units[0] the unit the value is confined to, units[1]
 *   claiming         the unit it lies in, units[2] the unit of the single
 *                    that follows; cells the confined cells; values its bit
 *   direct hidden    units[0] the unit, cells and values the set; the
 *   pair/triple      single that follows is in the same unit
 *   pointing/claim.  units[0] confined to units[1]; cells, values
 *   naked/hidden     units[0]; cells and values the set
 *   fish             units[0..k) the base lines, units[k..2k) the covers
 *   wings            cells[0] the pivot, cells[1..] the wings; values the
 *                    eliminated value
 *   uniqueness, BUG  cells the pattern (the loop; the BUG cells), values
 *                    its values (BUG: the value one of the cells holds)
 *   aligned triplet  cells[0..3) the three cells, cells[3..] the excluders
 *   exclusion        (cells that see all three); values the three's values
 *   chains           chain[]: one or more chains one after another, each
 *                    ending with a node whose link is SUDOKU_LINK_NONE;
 *                    rendered as implications from the first node: it is
 *                    assumed true when its link is weak, false when strong
 *                    ("r1c2=4 => r1c5<>4 => r1c5=7")
 * and every step ends with its placements and eliminations.
 *
 * The sentence is built in a local buffer of SUDOKU_EXPLAIN_MAX bytes with
 * every list capped, so that size always suffices.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "logic.h"

/* l bytes of s, cut to what fits. */
static void put_mem(struct logic_text *t, const char *s, size_t l) {
  if (t->len + l >= sizeof t->buf)
    l = sizeof t->buf - 1 - t->len;
  memcpy(t->buf + t->len, s, l);
  t->len += l;
  t->buf[t->len] = '\0';
}

void logic_put(struct logic_text *t, const char *s) {
  put_mem(t, s, strlen(s));
}

void logic_put_int(struct logic_text *t, int v) {
  char b[16];
  snprintf(b, sizeof b, "%d", v);
  logic_put(t, b);
}

void logic_put_cell(struct logic_text *t, int cell) {
  char b[16];
  sudoku_cell_name(t->n, cell, b, sizeof b);
  logic_put(t, b);
}

void logic_put_unit(struct logic_text *t, int u) {
  char b[24];
  if (t->rules != NULL)
    logic_rules_unit_label(t->rules, u, b, sizeof b);
  else
    sudoku_unit_label(t->n, u, b, sizeof b);
  logic_put(t, b);
}

/* "3", "3 and 7", "3, 5 and 7" */
void logic_put_values(struct logic_text *t, uint32_t values) {
  int k = logic_popcount(values), i = 0;
  for (int v = 1; v <= 32 && values; v++)
    if (values & (1u << (v - 1))) {
      if (i > 0)
        logic_put(t, i == k - 1 ? " and " : ", ");
      logic_put_int(t, v);
      i++;
    }
}

/* "r1c1, r1c5 and r4c1", at most `max` then "and N more". */
void logic_put_cells(struct logic_text *t, const uint16_t *cells, int count,
                     int max) {
  int shown = count <= max ? count : max;
  for (int i = 0; i < shown; i++) {
    if (i > 0)
      logic_put(t, i == count - 1 ? " and " : ", ");
    logic_put_cell(t, cells[i]);
  }
  if (count > shown) {
    logic_put(t, " and ");
    logic_put_int(t, count - shown);
    logic_put(t, " more");
  }
}

void logic_put_units(struct logic_text *t, const uint8_t *units, int count) {
  for (int i = 0; i < count; i++) {
    if (i > 0)
      logic_put(t, i == count - 1 ? " and " : ", ");
    logic_put_unit(t, units[i]);
  }
}

static void put_candidate(struct logic_text *t, int cell, int v, bool on) {
  logic_put_cell(t, cell);
  logic_put(t, on ? "=" : "<>");
  logic_put_int(t, v);
}

#define MAX_LISTED 24 /* placements and eliminations named in full */
#define MAX_CHAIN_SHOWN 40

/* "r4c7=3, r3c4<>7 and r3c5<>7" */
void logic_put_outcome(struct logic_text *t, const struct sudoku_step *st) {
  int total = st->nplacements + st->neliminations, shown = 0;
  for (int i = 0; i < total && shown < MAX_LISTED; i++, shown++) {
    if (i > 0)
      logic_put(t, i == total - 1 ? " and " : ", ");
    if (i < st->nplacements)
      put_candidate(t, st->placements[i].cell, st->placements[i].value, true);
    else {
      const struct sudoku_candidate *e = &st->eliminations[i - st->nplacements];
      put_candidate(t, e->cell, e->value, false);
    }
  }
  if (total > shown) {
    logic_put(t, " and ");
    logic_put_int(t, total - shown);
    logic_put(t, " more");
  }
}

void logic_say(struct logic_text *t, const struct sudoku_step *st,
               const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  for (const char *f = fmt;; f++) {
    size_t run = strcspn(f, "%"); /* the text up to the next directive */
    put_mem(t, f, run);
    f += run;
    if (*f == '\0' || f[1] == '\0') {
      put_mem(t, f, *f == '%'); /* a '%' that ends fmt is text */
      break;
    }
    switch (*++f) {
    case 'c':
      logic_put_cell(t, va_arg(ap, int));
      break;
    case 'C': {
      const uint16_t *cells = va_arg(ap, const uint16_t *);
      logic_put_cells(t, cells, va_arg(ap, int), 8);
      break;
    }
    case 'u':
      logic_put_unit(t, va_arg(ap, int));
      break;
    case 'U': {
      const uint8_t *units = va_arg(ap, const uint8_t *);
      logic_put_units(t, units, va_arg(ap, int));
      break;
    }
    case 'v':
      logic_put_values(t, va_arg(ap, uint32_t));
      break;
    case 's':
      logic_put(t, va_arg(ap, const char *));
      break;
    case 'p':
      logic_put_cell(t, st->nplacements ? st->placements[0].cell : 0);
      break;
    case 'q':
      logic_put_int(t, st->nplacements ? st->placements[0].value : 0);
      break;
    case 'O':
      logic_put_outcome(t, st);
      break;
    default:
      logic_put(t, "%");
      break;
    }
  }
  va_end(ap);
}

/* The chains of chain[], as implications; long chains keep their ends. */
static void put_chains(struct logic_text *t, const struct sudoku_step *st) {
  int start = 0;
  while (start < st->nchain) {
    int end = start;
    while (end < st->nchain - 1 && st->chain[end].link != SUDOKU_LINK_NONE)
      end++;
    if (start > 0)
      logic_put(t, "; ");
    bool on = st->chain[start].link != SUDOKU_LINK_STRONG;
    int len = end - start + 1;
    for (int i = start; i <= end; i++) {
      int k = i - start;
      if (len > MAX_CHAIN_SHOWN && k == MAX_CHAIN_SHOWN / 2) {
        logic_put(t, " => ...");
        i = end - MAX_CHAIN_SHOWN / 2 + 1;
        k = i - start;
      }
      if (i > start)
        logic_put(t, " => ");
      /* The state of node i follows from the link into it. */
      if (i > start)
        on = st->chain[i - 1].link == SUDOKU_LINK_STRONG;
      put_candidate(t, st->chain[i].cell, st->chain[i].value, on);
    }
    start = end + 1;
  }
}

bool logic_generic_sentence(struct logic_text *t,
                            const struct sudoku_step *st) {
  (void)t;
  (void)st;
  return false;
}

static void explain_body(struct logic_text *t, const struct sudoku_step *st) {
  if (logic_technique_sentence(t, st))
    return;
  /* Chains, and any step without a sentence of its own. */
  logic_put(t, sudoku_technique_name(st->technique));
  if (st->nchain > 0) {
    logic_put(t, ": ");
    put_chains(t, st);
  } else if (st->ncells > 0) {
    logic_put(t, " on ");
    logic_put_cells(t, st->cells, st->ncells, 8);
  }
  logic_put(t, "; so ");
  logic_put_outcome(t, st);
  logic_put(t, ".");
}

size_t sudoku_step_explain(const struct sudoku_step *step, int n, char *buf,
                           size_t cap) {
  return logic_explain_into(step, n, NULL, buf, cap);
}

size_t logic_explain_into(const struct sudoku_step *step, int n,
                          const struct logic_rules *rules, char *buf,
                          size_t cap) {
  struct logic_text t;
  t.len = 0;
  t.buf[0] = '\0';
  t.n = n;
  t.rules = rules;
  if (step->technique == SUDOKU_TECH_NONE)
    logic_put(&t, "The grid is complete.");
  else
    explain_body(&t, step);
  if (cap > 0) {
    size_t l = t.len < cap - 1 ? t.len : cap - 1;
    memcpy(buf, t.buf, l);
    buf[l] = '\0';
  }
  return t.len;
}
