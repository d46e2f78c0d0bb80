/*
 * explain.c - one English sentence for a step, rendered from its data: the
 * only place where a step becomes text (the CLI and the API both call it).
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
#include <stdio.h>
#include <string.h>

#include "logic.h"

struct text {
  char buf[SUDOKU_EXPLAIN_MAX];
  size_t len;
  int n;
};

static void put(struct text *t, const char *s) {
  size_t l = strlen(s);
  if (t->len + l >= sizeof t->buf)
    l = sizeof t->buf - 1 - t->len;
  memcpy(t->buf + t->len, s, l);
  t->len += l;
  t->buf[t->len] = '\0';
}

static void put_int(struct text *t, int v) {
  char b[16];
  snprintf(b, sizeof b, "%d", v);
  put(t, b);
}

static void put_cell(struct text *t, int cell) {
  char b[16];
  sudoku_cell_name(t->n, cell, b, sizeof b);
  put(t, b);
}

static void put_unit(struct text *t, int u) {
  char b[24];
  sudoku_unit_label(t->n, u, b, sizeof b);
  put(t, b);
}

/* "3", "3 and 7", "3, 5 and 7" */
static void put_values(struct text *t, uint32_t values) {
  int k = logic_popcount(values), i = 0;
  for (int v = 1; v <= 32 && values; v++)
    if (values & (1u << (v - 1))) {
      if (i > 0)
        put(t, i == k - 1 ? " and " : ", ");
      put_int(t, v);
      i++;
    }
}

/* "r1c1, r1c5 and r4c1", at most `max` then "and N more". */
static void put_cells(struct text *t, const uint16_t *cells, int count,
                      int max) {
  int shown = count <= max ? count : max;
  for (int i = 0; i < shown; i++) {
    if (i > 0)
      put(t, i == count - 1 ? " and " : ", ");
    put_cell(t, cells[i]);
  }
  if (count > shown) {
    put(t, " and ");
    put_int(t, count - shown);
    put(t, " more");
  }
}

static void put_units(struct text *t, const uint8_t *units, int count) {
  for (int i = 0; i < count; i++) {
    if (i > 0)
      put(t, i == count - 1 ? " and " : ", ");
    put_unit(t, units[i]);
  }
}

static void put_candidate(struct text *t, int cell, int v, bool on) {
  put_cell(t, cell);
  put(t, on ? "=" : "<>");
  put_int(t, v);
}

#define MAX_LISTED 24 /* placements and eliminations named in full */
#define MAX_CHAIN_SHOWN 40

/* "r4c7=3, r3c4<>7 and r3c5<>7" */
static void put_outcome(struct text *t, const struct sudoku_step *st) {
  int total = st->nplacements + st->neliminations, shown = 0;
  for (int i = 0; i < total && shown < MAX_LISTED; i++, shown++) {
    if (i > 0)
      put(t, i == total - 1 ? " and " : ", ");
    if (i < st->nplacements)
      put_candidate(t, st->placements[i].cell, st->placements[i].value, true);
    else {
      const struct sudoku_candidate *e = &st->eliminations[i - st->nplacements];
      put_candidate(t, e->cell, e->value, false);
    }
  }
  if (total > shown) {
    put(t, " and ");
    put_int(t, total - shown);
    put(t, " more");
  }
}

/* The chains of chain[], as implications; long chains keep their ends. */
static void put_chains(struct text *t, const struct sudoku_step *st) {
  int start = 0;
  while (start < st->nchain) {
    int end = start;
    while (end < st->nchain - 1 && st->chain[end].link != SUDOKU_LINK_NONE)
      end++;
    if (start > 0)
      put(t, "; ");
    bool on = st->chain[start].link != SUDOKU_LINK_STRONG;
    int len = end - start + 1;
    for (int i = start; i <= end; i++) {
      int k = i - start;
      if (len > MAX_CHAIN_SHOWN && k == MAX_CHAIN_SHOWN / 2) {
        put(t, " => ...");
        i = end - MAX_CHAIN_SHOWN / 2 + 1;
        k = i - start;
      }
      if (i > start)
        put(t, " => ");
      /* The state of node i follows from the link into it. */
      if (i > start)
        on = st->chain[i - 1].link == SUDOKU_LINK_STRONG;
      put_candidate(t, st->chain[i].cell, st->chain[i].value, on);
    }
    start = end + 1;
  }
}

static void explain_body(struct text *t, const struct sudoku_step *st) {
  const uint8_t *u = st->units;
  int nu = st->nunits, p0 = st->nplacements ? st->placements[0].cell : 0;
  int v0 = st->nplacements ? st->placements[0].value : 0;
  switch (st->technique) {
  case SUDOKU_TECH_HIDDEN_SINGLE:
    put_cell(t, p0);
    put(t, " is the only place for ");
    put_int(t, v0);
    if (nu > 0) {
      put(t, " in ");
      put_unit(t, u[0]);
    }
    put(t, ".");
    return;
  case SUDOKU_TECH_NAKED_SINGLE:
    put_cell(t, p0);
    put(t, " can only be ");
    put_int(t, v0);
    put(t, ".");
    return;
  case SUDOKU_TECH_DIRECT_POINTING:
  case SUDOKU_TECH_DIRECT_CLAIMING:
  case SUDOKU_TECH_POINTING:
  case SUDOKU_TECH_CLAIMING:
    if (nu >= 2) {
      put(t, "In ");
      put_unit(t, u[0]);
      put(t, ", ");
      put_values(t, st->values);
      put(t, " lies only in ");
      put_unit(t, u[1]);
      put(t, " (");
      put_cells(t, st->cells, st->ncells, 8);
      put(t, "), so it goes from the rest of ");
      put_unit(t, u[1]);
      if (st->nplacements > 0 && nu >= 3) {
        put(t, " and ");
        put_cell(t, p0);
        put(t, " is left as the only place for it in ");
        put_unit(t, u[2]);
      }
      put(t, ": ");
      put_outcome(t, st);
      put(t, ".");
      return;
    }
    break;
  case SUDOKU_TECH_DIRECT_HIDDEN_PAIR:
  case SUDOKU_TECH_DIRECT_HIDDEN_TRIPLE:
  case SUDOKU_TECH_HIDDEN_PAIR:
  case SUDOKU_TECH_HIDDEN_TRIPLE:
  case SUDOKU_TECH_HIDDEN_QUAD:
    if (nu >= 1) {
      put(t, "In ");
      put_unit(t, u[0]);
      put(t, ", ");
      put_values(t, st->values);
      put(t, " fit only in ");
      put_cells(t, st->cells, st->ncells, 8);
      put(t, ", so those cells hold nothing else");
      if (st->nplacements > 0) {
        put(t, " and ");
        put_cell(t, p0);
        put(t, " is left as the only place for ");
        put_int(t, v0);
      }
      put(t, ": ");
      put_outcome(t, st);
      put(t, ".");
      return;
    }
    break;
  case SUDOKU_TECH_NAKED_PAIR:
  case SUDOKU_TECH_NAKED_TRIPLE:
  case SUDOKU_TECH_NAKED_QUAD:
    if (nu >= 1) {
      put(t, "In ");
      put_units(t, u, nu);
      put(t, ", ");
      put_cells(t, st->cells, st->ncells, 8);
      put(t, " hold only ");
      put_values(t, st->values);
      put(t, ", so no other cell there can: ");
      put_outcome(t, st);
      put(t, ".");
      return;
    }
    break;
  case SUDOKU_TECH_X_WING:
  case SUDOKU_TECH_SWORDFISH:
  case SUDOKU_TECH_JELLYFISH:
    if (nu >= 2) {
      put(t, "In ");
      put_units(t, u, nu / 2);
      put(t, ", ");
      put_values(t, st->values);
      put(t, " lies only in ");
      put_units(t, u + nu / 2, nu - nu / 2);
      put(t, ", so it goes from the rest of those: ");
      put_outcome(t, st);
      put(t, ".");
      return;
    }
    break;
  case SUDOKU_TECH_XY_WING:
  case SUDOKU_TECH_XYZ_WING:
    if (st->ncells >= 3) {
      put(t, "Whatever pivot ");
      put_cell(t, st->cells[0]);
      put(t, " holds, ");
      put_cell(t, st->cells[1]);
      put(t, st->technique == SUDOKU_TECH_XYZ_WING ? ", " : " or ");
      put_cell(t, st->cells[2]);
      if (st->technique == SUDOKU_TECH_XYZ_WING)
        put(t, " or the pivot itself");
      put(t, " is ");
      put_values(t, st->values);
      put(t, ", so no cell that sees them all can be: ");
      put_outcome(t, st);
      put(t, ".");
      return;
    }
    break;
  case SUDOKU_TECH_UNIQUE_RECTANGLE:
    put(t, "Cells ");
    put_cells(t, st->cells, st->ncells, 8);
    put(t, " must not all be left with only ");
    put_values(t, st->values);
    put(t, ", or the puzzle would have two solutions: ");
    put_outcome(t, st);
    put(t, ".");
    return;
  case SUDOKU_TECH_BUG:
    if (st->nplacements > 0) {
      put(t, "Every empty cell but ");
      put_cell(t, p0);
      put(t, " has two candidates; without ");
      put_int(t, v0);
      put(t, " there, the puzzle would have two solutions: ");
    } else {
      put(t, "Without ");
      put_values(t, st->values);
      put(t, " in ");
      put_cells(t, st->cells, st->ncells, 8);
      put(t, ", every empty cell would have two candidates and the puzzle "
             "two solutions, so one of them is ");
      put_values(t, st->values);
      put(t, ": ");
    }
    put_outcome(t, st);
    put(t, ".");
    return;
  case SUDOKU_TECH_ALIGNED_TRIPLET_EXCLUSION:
    put(t, "Aligned triplet exclusion: no values of ");
    put_cells(t, st->cells, st->ncells < 3 ? st->ncells : 3, 3);
    put(t, " may repeat in a unit or take every candidate of one of ");
    put_cells(t, st->cells + 3, st->ncells > 3 ? st->ncells - 3 : 0, 8);
    put(t, ", which see all three; so ");
    put_outcome(t, st);
    put(t, ".");
    return;
  default:
    break;
  }
  /* Chains, and any step without a sentence of its own. */
  put(t, sudoku_technique_name(st->technique));
  if (st->nchain > 0) {
    put(t, ": ");
    put_chains(t, st);
  } else if (st->ncells > 0) {
    put(t, " on ");
    put_cells(t, st->cells, st->ncells, 8);
  }
  put(t, "; so ");
  put_outcome(t, st);
  put(t, ".");
}

size_t sudoku_step_explain(const struct sudoku_step *step, int n, char *buf,
                           size_t cap) {
  struct text t;
  t.len = 0;
  t.buf[0] = '\0';
  t.n = n;
  if (step->technique == SUDOKU_TECH_NONE)
    put(&t, "The grid is complete.");
  else
    explain_body(&t, step);
  if (cap > 0) {
    size_t l = t.len < cap - 1 ? t.len : cap - 1;
    memcpy(buf, t.buf, l);
    buf[l] = '\0';
  }
  return t.len;
}
