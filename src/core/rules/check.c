/*
 * check.c - the givens under rules: every clash listed (units, cages, pair
 * exclusions, parity marks), and the independent checker of a solution,
 * which reads the rules themselves (plain loops over rows, columns, boxes
 * or regions, diagonals, windows, cages, pairs), never the derived form or
 * the search. O(units * n^2 + cells * 8) to list clashes.
 */
#include <stdio.h>
#include <string.h>

#include "rules_internal.h"

struct listing {
  struct sudoku_rules_problem *out;
  size_t cap, total;
};

static struct sudoku_rules_problem *next(struct listing *l) {
  return l->total++ < l->cap ? &l->out[l->total - 1] : NULL;
}

static void name2(int n, int a, int b, char *na, char *nb) {
  sudoku_cell_name(n, a, na, 8);
  sudoku_cell_name(n, b, nb, 8);
}

/* The digits of v's bits, "9 and 8", "9, 8 and 2" (in cage order). */
static void held(const uint8_t *vals, int k, char *buf, size_t cap) {
  size_t len = 0;
  buf[0] = '\0';
  for (int i = 0; i < k && len < cap; i++) {
    const char *sep = i == 0 ? "" : i == k - 1 ? " and " : ", ";
    int w = snprintf(buf + len, cap - len, "%s%d", sep, vals[i]);
    len += w > 0 ? (size_t)w : 0;
  }
}

size_t rules_conflicts(const sudoku_grid *g, const sudoku_rules *r,
                       const struct sudoku_rules_derived *d,
                       struct sudoku_rules_problem *out, size_t cap) {
  struct listing l = {out, cap, 0};
  int n = d->n, nn = d->nn;
  char a[8], b[8], label[24];
  for (int u = 0; u < d->units; u++)
    for (int i = 0; i < n; i++) {
      int ca = d->unit_cell[u][i];
      if (g->cell[ca] == 0)
        continue;
      for (int j = i + 1; j < n; j++) {
        int cb = d->unit_cell[u][j];
        if (g->cell[cb] != g->cell[ca])
          continue;
        sudoku_rules_unit_label(d, u, label, sizeof label);
        name2(n, ca < cb ? ca : cb, ca < cb ? cb : ca, a, b);
        rules_fail(SUDOKU_CONFLICT, next(&l), ca < cb ? ca : cb, u,
                   "%s and %s are both %d (%s)", a, b, g->cell[ca], label);
      }
    }
  if (sudoku_rules_has(r, SUDOKU_RULE_KILLER))
    for (int k = 0; k < r->cage_count; k++) {
      const struct sudoku_cage *cg = &r->cage[k];
      const uint16_t *cell = r->cage_cell + cg->start;
      uint8_t vals[SUDOKU_MAX_N];
      int given = 0, sum = 0;
      uint32_t used = 0;
      char at[8];
      sudoku_cell_name(n, cell[0], at, sizeof at);
      for (int i = 0; i < cg->len; i++) {
        int v = g->cell[cell[i]];
        if (v == 0)
          continue;
        for (int j = i + 1; j < cg->len; j++)
          if (g->cell[cell[j]] == v) {
            name2(n, cell[i], cell[j], a, b);
            rules_fail(SUDOKU_CONFLICT, next(&l), cell[i], -1,
                       "%s and %s are both %d (cage at %s)", a, b, v, at);
          }
        vals[given++] = (uint8_t)v;
        sum += v;
        used |= 1u << (v - 1);
      }
      if (cg->sum == 0 || given == 0)
        continue;
      /* The open cells take distinct digits not used yet: at least the
       * smallest of them, at most the largest. */
      int open = cg->len - given, lo = 0, hi = 0;
      for (int v = 1, k2 = 0; v <= n && k2 < open; v++)
        if (!(used >> (v - 1) & 1))
          lo += v, k2++;
      for (int v = n, k2 = 0; v >= 1 && k2 < open; v--)
        if (!(used >> (v - 1) & 1))
          hi += v, k2++;
      if (sum + lo > cg->sum || sum + hi < cg->sum) {
        char list[80];
        held(vals, given, list, sizeof list);
        rules_fail(SUDOKU_CONFLICT, next(&l), cell[0], -1,
                   "cage at %s (sum %d, %d cell%s) already holds %s", at,
                   cg->sum, cg->len, cg->len == 1 ? "" : "s", list);
      }
    }
  static const struct {
    enum sudoku_rule_kind kind;
    int dr[4], dc[4];
  } pairs[] = {
      {SUDOKU_RULE_ANTI_KNIGHT, {1, 1, 2, 2}, {-2, 2, -1, 1}},
      {SUDOKU_RULE_ANTI_KING, {0, 1, 1, 1}, {1, -1, 0, 1}},
  };
  for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
    if (!sudoku_rules_has(r, pairs[p].kind))
      continue;
    for (int c = 0; c < nn; c++)
      for (int i = 0; i < 4; i++) {
        int rr = c / n + pairs[p].dr[i], cc = c % n + pairs[p].dc[i];
        if (g->cell[c] == 0 || rr >= n || cc < 0 || cc >= n ||
            g->cell[rr * n + cc] != g->cell[c])
          continue;
        name2(n, c, rr * n + cc, a, b);
        rules_fail(SUDOKU_CONFLICT, next(&l), c, -1,
                   "%s and %s are both %d (%s)", a, b, g->cell[c],
                   sudoku_rule_name(pairs[p].kind));
      }
  }
  if (sudoku_rules_has(r, SUDOKU_RULE_NON_CONSECUTIVE))
    for (int c = 0; c < nn; c++) {
      const int nb[2] = {c % n + 1 < n ? c + 1 : -1, c + n < nn ? c + n : -1};
      for (int i = 0; i < 2; i++) {
        int x = g->cell[c], y = nb[i] >= 0 ? g->cell[nb[i]] : 0;
        if (x == 0 || y == 0 || (x - y != 1 && y - x != 1))
          continue;
        name2(n, c, nb[i], a, b);
        rules_fail(SUDOKU_CONFLICT, next(&l), c, -1,
                   "%s and %s hold %d and %d (non-consecutive)", a, b, x, y);
      }
    }
  if (sudoku_rules_has(r, SUDOKU_RULE_ODD_EVEN))
    for (int c = 0; c < nn; c++) {
      int v = g->cell[c];
      if (v == 0 || r->parity[c] == SUDOKU_PARITY_ANY ||
          (v % 2 == 1) == (r->parity[c] == SUDOKU_PARITY_ODD))
        continue;
      sudoku_cell_name(n, c, a, sizeof a);
      rules_fail(SUDOKU_CONFLICT, next(&l), c, -1,
                 "%s holds %d but is marked %s", a, v,
                 r->parity[c] == SUDOKU_PARITY_ODD ? "odd" : "even");
    }
  return l.total;
}

enum sudoku_status sudoku_rules_check(const sudoku_grid *g,
                                      const sudoku_rules *r,
                                      struct sudoku_rules_problem *out,
                                      size_t cap, size_t *count) {
  static const sudoku_rules none = SUDOKU_RULES_NONE;
  struct sudoku_rules_derived d;
  if (count != NULL)
    *count = 0;
  if (r == NULL)
    r = &none;
  enum sudoku_status s =
      sudoku_rules_derive(g, r, &d, cap > 0 ? &out[0] : NULL);
  if (s != SUDOKU_OK) {
    if (count != NULL)
      *count = 1;
    return s;
  }
  size_t total = rules_conflicts(g, r, &d, out, cap);
  if (count != NULL)
    *count = total;
  return total ? SUDOKU_CONFLICT : SUDOKU_OK;
}

/* ---- The independent checker ---------------------------------------- */

/* True when the n cells at cell[0..n) hold 1..n, each once. */
static bool all_digits(const sudoku_grid *s, const int *cell, int n) {
  bool seen[SUDOKU_MAX_N + 1] = {false};
  for (int i = 0; i < n; i++) {
    int v = s->cell[cell[i]];
    if (v < 1 || v > n || seen[v])
      return false;
    seen[v] = true;
  }
  return true;
}

bool sudoku_rules_is_solution(const sudoku_grid *puzzle, const sudoku_rules *r,
                              const sudoku_grid *solution) {
  static const sudoku_rules none = SUDOKU_RULES_NONE;
  if (r == NULL)
    r = &none;
  int n = puzzle->n, br = puzzle->box_rows, bc = puzzle->box_cols;
  if (solution->n != n || solution->box_rows != br || solution->box_cols != bc)
    return false;
  for (int c = 0; c < n * n; c++)
    if (puzzle->cell[c] != 0 && puzzle->cell[c] != solution->cell[c])
      return false;
  int cell[SUDOKU_MAX_N];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      cell[j] = i * n + j;
    if (!all_digits(solution, cell, n))
      return false;
    for (int j = 0; j < n; j++)
      cell[j] = j * n + i;
    if (!all_digits(solution, cell, n))
      return false;
    int k = 0;
    if (r->kinds >> SUDOKU_RULE_JIGSAW & 1) {
      for (int c = 0; c < n * n && k < n; c++)
        if (r->region[c] == i)
          cell[k++] = c;
    } else {
      for (int rr = i / br * br; rr < i / br * br + br; rr++)
        for (int cc = i % br * bc; cc < i % br * bc + bc; cc++)
          cell[k++] = rr * n + cc;
    }
    if (k != n || !all_digits(solution, cell, n))
      return false;
  }
  if (r->kinds >> SUDOKU_RULE_X & 1) {
    int other[SUDOKU_MAX_N];
    for (int i = 0; i < n; i++) {
      cell[i] = i * n + i;
      other[i] = i * n + (n - 1 - i);
    }
    if (!all_digits(solution, cell, n) || !all_digits(solution, other, n))
      return false;
  }
  if (r->kinds >> SUDOKU_RULE_WINDOKU & 1)
    for (int top = 1; top + br < n; top += br + 1)
      for (int left = 1; left + bc < n; left += bc + 1) {
        int k = 0;
        for (int rr = top; rr < top + br; rr++)
          for (int cc = left; cc < left + bc; cc++)
            cell[k++] = rr * n + cc;
        if (!all_digits(solution, cell, n))
          return false;
      }
  if (r->kinds >> SUDOKU_RULE_EXTRA & 1)
    for (int k = 0; k < r->extra_count; k++) {
      for (int i = 0; i < n; i++)
        cell[i] = r->extra[k][i];
      if (!all_digits(solution, cell, n))
        return false;
    }
  if (r->kinds >> SUDOKU_RULE_KILLER & 1)
    for (int k = 0; k < r->cage_count; k++) {
      int sum = 0;
      for (int i = 0; i < r->cage[k].len; i++) {
        int v = solution->cell[r->cage_cell[r->cage[k].start + i]];
        sum += v;
        for (int j = 0; j < i; j++)
          if (solution->cell[r->cage_cell[r->cage[k].start + j]] == v)
            return false;
      }
      if (r->cage[k].sum != 0 && sum != r->cage[k].sum)
        return false;
    }
  for (int rr = 0; rr < n; rr++)
    for (int cc = 0; cc < n; cc++) {
      int v = solution->cell[rr * n + cc];
      for (int dr = -2; dr <= 2; dr++)
        for (int dc = -2; dc <= 2; dc++) {
          int r2 = rr + dr, c2 = cc + dc;
          if ((dr == 0 && dc == 0) || r2 < 0 || r2 >= n || c2 < 0 || c2 >= n)
            continue;
          int w = solution->cell[r2 * n + c2];
          int adr = dr < 0 ? -dr : dr, adc = dc < 0 ? -dc : dc;
          if ((r->kinds >> SUDOKU_RULE_ANTI_KNIGHT & 1) && adr * adc == 2 &&
              v == w)
            return false;
          if ((r->kinds >> SUDOKU_RULE_ANTI_KING & 1) && adr <= 1 && adc <= 1 &&
              v == w)
            return false;
          if ((r->kinds >> SUDOKU_RULE_NON_CONSECUTIVE & 1) && adr + adc == 1 &&
              (v - w == 1 || w - v == 1))
            return false;
        }
      if ((r->kinds >> SUDOKU_RULE_ODD_EVEN & 1) &&
          r->parity[rr * n + cc] != SUDOKU_PARITY_ANY &&
          (v % 2 == 1) != (r->parity[rr * n + cc] == SUDOKU_PARITY_ODD))
        return false;
    }
  return true;
}
