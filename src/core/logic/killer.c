/*
 * killer.c - cage combinations, the first killer technique: the digits a
 * cage can still hold are those of some assignment of distinct digits to
 * its empty cells, each from the cell's candidates and not among the
 * cage's filled values, that adds up to the sum with them; every candidate
 * of a cell that takes part in no such assignment goes ("The cage at r1c1
 * (sum 4) of r1c1 and r2c1: its empty cells can hold only 1 and 3 ...").
 *
 * Rated 2.0 (sudoku_logic_rules.h: after the singles and direct pointing,
 * before the subsets, as SudokuWiki orders killer combinations). Sound:
 * the assignments are enumerated exactly, each cell's possible digits the
 * union over them. Cost: a search of the cage's assignments, pruned by the
 * smallest and largest sums the remaining cells can still reach; bounded
 * by COMBO_BUDGET nodes a cage (a cage that exceeds it is skipped, which
 * is still sound). Cages are tried in the order of their first cell, the
 * first with an elimination answers: deterministic.
 */
#include "rules_geom.h"

#define COMBO_BUDGET 100000 /* search nodes a cage */

struct combo {
  int m;                           /* empty cells */
  uint32_t cand[SUDOKU_MAX_N + 1]; /* their candidates */
  uint32_t possible[SUDOKU_MAX_N + 1];
  uint32_t need; /* the digits every assignment uses */
  uint8_t pick[SUDOKU_MAX_N + 1];
  long nodes;
};

/* The sum of the k lowest (low) or highest digits of mask; -1 when it has
 * fewer than k. */
static int extreme_sum(uint32_t mask, int k, bool low) {
  int sum = 0;
  for (int i = 0; i < k; i++) {
    if (mask == 0)
      return -1;
    int b = low ? __builtin_ctz(mask) : 31 - __builtin_clz(mask);
    sum += b + 1;
    mask &= ~(1u << b);
  }
  return sum;
}

/* Assigns cells i.. distinct digits outside used adding up to left;
 * records each full assignment's digits in possible[]. False when the
 * budget ran out. */
static bool combo_search(struct combo *cb, int i, uint32_t used, int left) {
  if (++cb->nodes > COMBO_BUDGET)
    return false;
  if (i == cb->m) {
    if (left == 0) {
      uint32_t digits = 0;
      for (int j = 0; j < cb->m; j++)
        digits |= 1u << (cb->pick[j] - 1);
      for (int j = 0; j < cb->m; j++)
        cb->possible[j] |= 1u << (cb->pick[j] - 1);
      cb->need &= digits;
    }
    return true;
  }
  uint32_t rest = 0;
  for (int j = i + 1; j < cb->m; j++)
    rest |= cb->cand[j];
  rest &= ~used;
  for (uint32_t m = cb->cand[i] & ~used; m; m &= m - 1) {
    int d = __builtin_ctz(m) + 1, after = left - d, k = cb->m - i - 1;
    if (after < 0)
      break; /* digits rise: the larger ones overshoot too */
    uint32_t r = rest & ~(1u << (d - 1));
    if (k > 0 &&
        (extreme_sum(r, k, true) < 0 || extreme_sum(r, k, true) > after ||
         extreme_sum(r, k, false) < after))
      continue;
    if (k == 0 && after != 0)
      continue;
    cb->pick[i] = (uint8_t)d;
    if (!combo_search(cb, i + 1, used | (1u << (d - 1)), after))
      return false;
  }
  return true;
}

bool logic_cage_combos(const struct logic_state *s, const sudoku_rules *r,
                       int k, struct logic_cage_fit *fit) {
  const struct sudoku_cage *cg = &r->cage[k];
  const uint16_t *cell = r->cage_cell + cg->start;
  if (cg->sum == 0 || cg->len > SUDOKU_MAX_N)
    return false;
  struct combo cb;
  int left = cg->sum;
  uint32_t used = 0;
  cb.m = 0;
  cb.nodes = 0;
  cb.need = ~0u;
  for (int i = 0; i < cg->len; i++) {
    int c = cell[i];
    if (s->value[c] != 0) {
      left -= s->value[c];
      used |= 1u << (s->value[c] - 1);
      continue;
    }
    fit->cell[cb.m] = (uint16_t)c;
    cb.possible[cb.m] = 0;
    cb.cand[cb.m++] = s->cand[c];
  }
  if (cb.m == 0 || left <= 0 || !combo_search(&cb, 0, used, left))
    return false;
  fit->m = cb.m;
  fit->need = 0;
  for (int j = 0; j < cb.m; j++) {
    fit->cand[j] = cb.cand[j];
    fit->possible[j] = cb.possible[j];
    fit->need |= cb.possible[j];
  }
  /* none at all: a dead end, which is not this technique's to report */
  if (fit->need == 0)
    return false;
  fit->need &= cb.need;
  return true;
}

/* The step of cage k, if it removes anything. */
static bool cage_step(const struct logic_state *s, const sudoku_rules *r, int k,
                      struct sudoku_step *out) {
  const struct sudoku_cage *cg = &r->cage[k];
  const uint16_t *cell = r->cage_cell + cg->start;
  struct logic_cage_fit fit;
  if (!logic_cage_combos(s, r, k, &fit))
    return false;
  bool any = false;
  uint32_t all = 0;
  for (int j = 0; j < fit.m; j++) {
    all |= fit.possible[j];
    any = any || (fit.cand[j] & ~fit.possible[j]) != 0;
  }
  if (!any)
    return false;
  logic_step_init(out, SUDOKU_TECH_KILLER_COMBINATION,
                  sudoku_technique_rating(SUDOKU_TECH_KILLER_COMBINATION));
  int first = logic_cage_first(r, k);
  logic_step_cell(out, first);
  for (int i = 0; i < cg->len; i++)
    if (cell[i] != first)
      logic_step_cell(out, cell[i]);
  out->values = all;
  for (int j = 0; j < fit.m; j++)
    for (uint32_t m = fit.cand[j] & ~fit.possible[j]; m; m &= m - 1)
      logic_step_elim(out, fit.cell[j], __builtin_ctz(m) + 1);
  return true;
}

bool logic_find_KILLER_COMBINATION(const struct logic_state *s,
                                   struct sudoku_step *out) {
  const struct logic_rules *lr = logic_rules_of(s);
  if (lr == NULL || !sudoku_rules_has(lr->r, SUDOKU_RULE_KILLER))
    return false;
  if (s->beat != 0 &&
      s->beat <= sudoku_technique_rating(SUDOKU_TECH_KILLER_COMBINATION))
    return false;
  /* cages by their first cell */
  for (int c = 0; c < s->geo.ncells; c++) {
    int k = lr->d->cage_of[c];
    if (k >= 0 && logic_cage_first(lr->r, k) == c &&
        cage_step(s, lr->r, k, out))
      return true;
  }
  return false;
}

/* "The cage at r1c1 (sum 4) of r1c1 and r2c1: its empty cells can hold
 * only 1 and 3 in their candidates, each digit once; so r1c1<>2 and
 * r2c1<>2." */
void logic_elim_seeing(const struct logic_state *s, const int *cell,
                       const uint32_t *possible, int m, int v,
                       struct sudoku_step *out) {
  uint32_t bit = 1u << (v - 1);
  for (int c = 0; c < s->geo.ncells; c++) {
    bool all = (s->cand[c] & bit) != 0;
    for (int j = 0; j < m && all; j++)
      all = c != cell[j] &&
            (!(possible[j] & bit) || logic_sees(&s->geo, c, cell[j]));
    if (all)
      logic_step_elim(out, c, v);
  }
}

int logic_say_cage(struct logic_text *t, const struct sudoku_step *st) {
  int k = t->rules->d->cage_of[st->cells[0]];
  if (k < 0)
    return -1;
  logic_say(t, st, "The cage at %c (sum ", st->cells[0]);
  logic_put_int(t, t->rules->r->cage[k].sum);
  logic_put(t, ")");
  return k;
}

static bool explain(struct logic_text *t, const struct sudoku_step *st) {
  if (t->rules == NULL || st->ncells == 0 || logic_say_cage(t, st) < 0)
    return false;
  logic_say(t, st,
            " of %C: its empty cells can hold only %v in their candidates, "
            "each digit once; so %O.",
            st->cells, (int)st->ncells, st->values);
  return true;
}

LOGIC_EXPLAIN(KILLER_COMBINATION, explain)
