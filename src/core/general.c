/*
 * general.c - the general solver: every size from 4x4 to 25x25, and the
 * lexmin order (see internal.h, core_general_solve). It does not validate
 * (sudoku_solve does) and allocates nothing: all state lives in one struct
 * on the stack.
 *
 * The search loop, the trail and the glossary (cand[], val[]) are the
 * core's one backtracking search (backtrack.c, struct backtrack); this
 * file brings the propagation over rows, columns and boxes: naked singles
 * (a cell with one candidate) and hidden singles (a value with one place
 * in a unit) to a fixed point, then box-line interactions (see box_line),
 * and singles again; under lexmin, a matching per unit (units_match).
 */
#include <stddef.h>
#include <string.h>

#include "internal.h"

struct gen {
  struct backtrack k; /* first: the callbacks cast back to struct gen */
  int n, br, bc;
  uint32_t full;                                  /* all n candidate bits */
  uint16_t ucell[3 * SUDOKU_MAX_N][SUDOKU_MAX_N]; /* unit_cell, tabled */
  uint8_t cunit[SUDOKU_MAX_CELLS][3]; /* row, column and box unit of a cell */
  bool dirty[3 * SUDOKU_MAX_N];       /* changed since its last singles scan */
};

_Static_assert(offsetof(struct gen, k) == 0, "the callbacks cast k to gen");

static inline int ctz32(uint32_t x) { return __builtin_ctz(x); }

static inline void set_cand(struct gen *s, int c, uint32_t mask) {
  backtrack_set(&s->k, c, mask);
  s->dirty[s->cunit[c][0]] = s->dirty[s->cunit[c][1]] =
      s->dirty[s->cunit[c][2]] = true;
}

/* Removes bit from open peer p; queues p when one candidate is left.
 * Returns false when p has none left. */
static inline bool eliminate(struct gen *s, int p, uint32_t bit) {
  if (s->k.val[p] != 0 || !(s->k.cand[p] & bit))
    return true;
  uint32_t m = s->k.cand[p] & ~bit;
  set_cand(s, p, m);
  return backtrack_narrowed(&s->k, p, m);
}

/* Gives open cell c value v and removes v from its peers. */
static bool assign(struct gen *s, int c, int v) {
  uint32_t bit = 1u << (v - 1);
  if (!(s->k.cand[c] & bit))
    return false;
  if (s->k.cand[c] != bit)
    set_cand(s, c, bit);
  backtrack_place(&s->k, c, v);
  int n = s->n, r = c / n, col = c % n;
  for (int k = 0; k < n; k++) {
    if (!eliminate(s, r * n + k, bit) || !eliminate(s, k * n + col, bit))
      return false;
  }
  int top = r - r % s->br, left = col - col % s->bc;
  for (int i = top; i < top + s->br; i++) {
    if (i == r)
      continue; /* the row was done above */
    for (int j = left; j < left + s->bc; j++)
      if (j != col && !eliminate(s, i * n + j, bit))
        return false;
  }
  return true;
}

/* Cell index of the k-th cell of unit u (rows, then columns, then boxes):
 * the core's one rule of unit geometry. */
static inline int unit_cell(const struct gen *s, int u, int k) {
  return s->ucell[u][k];
}

/* Hidden singles over every unit changed since its last scan (set_cand
 * marks a cell's three units dirty; a unit scanned clean stays clean until
 * one of its cells changes, and a branch undone returns to a state that
 * had nothing to do): same search, 20% fewer instructions on sparse 16x16.
 * Returns -1 on a contradiction (a value with no place in a unit), else
 * the number of cells filled. */
static int hidden_singles(struct gen *s) {
  int filled = 0;
  for (int u = 0; u < 3 * s->n; u++) {
    if (!s->dirty[u])
      continue; /* unchanged since a scan that found nothing to do */
    s->dirty[u] = false;
    uint32_t once = 0, twice = 0, placed = 0;
    for (int k = 0; k < s->n; k++) {
      int c = unit_cell(s, u, k);
      uint32_t m = s->k.cand[c];
      if (s->k.val[c]) {
        placed |= m;
        continue;
      }
      twice |= once & m;
      once |= m;
    }
    if ((once | placed) != s->full)
      return -1;
    uint32_t singles = once & ~twice & ~placed;
    while (singles) {
      uint32_t bit = singles & -singles;
      singles &= singles - 1;
      for (int k = 0; k < s->n; k++) {
        int c = unit_cell(s, u, k);
        if (s->k.val[c] == 0 && (s->k.cand[c] & bit)) {
          if (!assign(s, c, ctz32(bit) + 1))
            return -1;
          filled++;
          break;
        }
      }
    }
  }
  return filled;
}

/* Kuhn's augmenting path from left vertex u over adjacency masks adj[];
 * match[r] is the left vertex holding right vertex r, or -1. */
static bool hall_augment(const uint32_t *adj, int u, int8_t *match,
                         uint32_t *seen) {
  for (uint32_t m = adj[u] & ~*seen; m; m &= m - 1) {
    int r = ctz32(m);
    *seen |= 1u << r;
    if (match[r] < 0 || hall_augment(adj, match[r], match, seen)) {
      match[r] = (int8_t)u;
      return true;
    }
  }
  return false;
}

/*
 * Row-major (lexmin) search only: in every unit the open cells can take
 * distinct values (a matching of cells to missing values: naked subsets
 * of every size, not just singles). Row-major filling walks into exactly
 * such dead ends, found by singles only many levels later: without this
 * the empty 18x18 grid took 65,000 guesses and 21x21, 22x22 and 25x25 did
 * not finish in minutes; with it every empty grid takes about n^2 guesses.
 * Kuhn's augmenting paths, O(n^3) a unit in the worst case, run once per
 * node after the singles.
 */
static bool units_match(const struct gen *s) {
  for (int u = 0; u < 3 * s->n; u++) {
    uint32_t adj[SUDOKU_MAX_N];
    int k = 0;
    for (int i = 0; i < s->n; i++) {
      int c = unit_cell(s, u, i);
      if (s->k.val[c] == 0)
        adj[k++] = s->k.cand[c];
    }
    int8_t match[SUDOKU_MAX_N];
    memset(match, -1, sizeof match);
    for (int i = 0; i < k; i++) {
      uint32_t seen = 0;
      if (!hall_augment(adj, i, match, &seen))
        return false;
    }
  }
  return true;
}

/*
 * Box-line interactions (locked candidates), both ways, over every box and
 * line: a value whose open places in a box all lie on one line leaves the
 * rest of that line ("pointing"); a value whose open places on a line all
 * lie in one box leaves the rest of that box ("claiming"). Works on the
 * segments where a box crosses a line: seg[] holds the candidates of each
 * segment's open cells, so a value is tested for all segments at once with
 * the once/twice bit trick. O(n^2) a call, about one singles pass; it cuts
 * the nodes of sparse 16x16 refutations several-fold. Returns -1 on a
 * contradiction, else the number of candidates removed.
 */
static int eliminate_segment(struct gen *s, int line, bool row, int seg,
                             uint32_t bits) {
  int removed = 0, len = row ? s->bc : s->br;
  for (int k = 0; k < len; k++) {
    int c =
        row ? line * s->n + seg * s->bc + k : (seg * s->br + k) * s->n + line;
    if (s->k.val[c] != 0 || !(s->k.cand[c] & bits))
      continue;
    removed++;
    uint32_t m = s->k.cand[c] & ~bits;
    set_cand(s, c, m);
    if (!backtrack_narrowed(&s->k, c, m))
      return -1;
  }
  return removed;
}

static int box_line_dir(struct gen *s, bool row) {
  /* Segments of length `len` along each line; `per` of them in a line;
   * `thick` lines cross one box. */
  int n = s->n, len = row ? s->bc : s->br, per = n / len;
  int thick = row ? s->br : s->bc, removed = 0;
  uint32_t seg[SUDOKU_MAX_N][SUDOKU_MAX_N];
  for (int line = 0; line < n; line++)
    for (int j = 0; j < per; j++) {
      uint32_t m = 0;
      for (int k = 0; k < len; k++) {
        int c = row ? line * n + j * len + k : (j * len + k) * n + line;
        if (s->k.val[c] == 0)
          m |= s->k.cand[c];
      }
      seg[line][j] = m;
    }
  /* Claiming: a value in one segment of its line leaves the box's other
   * lines' segments. */
  for (int line = 0; line < n; line++) {
    uint32_t once = 0, twice = 0;
    for (int j = 0; j < per; j++) {
      twice |= once & seg[line][j];
      once |= seg[line][j];
    }
    uint32_t alone = once & ~twice;
    if (alone == 0)
      continue;
    int first = line - line % thick;
    for (int j = 0; j < per; j++) {
      uint32_t v = alone & seg[line][j];
      if (v == 0)
        continue;
      for (int o = first; o < first + thick; o++) {
        if (o == line || !(seg[o][j] & v))
          continue;
        int r = eliminate_segment(s, o, row, j, v);
        if (r < 0)
          return -1;
        removed += r;
        seg[o][j] &= ~v;
      }
    }
  }
  /* Pointing: a value in one line's segment of a box leaves that line's
   * other segments. */
  for (int first = 0; first < n; first += thick)
    for (int j = 0; j < per; j++) {
      uint32_t once = 0, twice = 0;
      for (int o = first; o < first + thick; o++) {
        twice |= once & seg[o][j];
        once |= seg[o][j];
      }
      uint32_t alone = once & ~twice;
      for (int o = first; alone != 0 && o < first + thick; o++) {
        uint32_t v = alone & seg[o][j];
        if (v == 0)
          continue;
        for (int j2 = 0; j2 < per; j2++) {
          if (j2 == j || !(seg[o][j2] & v))
            continue;
          int r = eliminate_segment(s, o, row, j2, v);
          if (r < 0)
            return -1;
          removed += r;
          seg[o][j2] &= ~v;
        }
      }
    }
  return removed;
}

static int box_line(struct gen *s) {
  int a = box_line_dir(s, true);
  if (a < 0)
    return -1;
  int b = box_line_dir(s, false);
  return b < 0 ? -1 : a + b;
}

/* Naked and hidden singles, then box-line interactions, to a fixed point
 * (the backtrack callback). False on a contradiction. */
static bool propagate(struct backtrack *k) {
  struct gen *s = (struct gen *)k;
  for (;;) {
    while (s->k.qlen > 0) {
      int c = s->k.queue[--s->k.qlen];
      if (s->k.val[c] == 0 && !assign(s, c, ctz32(s->k.cand[c]) + 1))
        return false;
    }
    if (s->k.open == 0)
      return true;
    int filled = hidden_singles(s);
    if (filled < 0)
      return false;
    if (filled == 0 && s->k.qlen == 0) {
      int removed = box_line(s);
      if (removed < 0)
        return false;
      if (removed == 0)
        return !s->k.lexmin || units_match(s);
    }
  }
}

/* assign() as the backtrack callback. */
static bool assign_branch(struct backtrack *k, int c, int v) {
  return assign((struct gen *)k, c, v);
}

uint32_t core_general_solve(const sudoku_grid *p, const uint8_t *cells,
                            uint32_t limit, bool lexmin, struct budget *b,
                            uint8_t *first, const uint8_t *hint, int ex_cell,
                            int ex_value) {
  struct gen s;
  backtrack_init(&s.k, p->n * p->n, limit, lexmin, b, first);
  s.k.propagate = propagate;
  s.k.assign = assign_branch;
  s.k.hint = hint;
  s.n = p->n;
  s.br = p->box_rows;
  s.bc = p->box_cols;
  s.full = (1u << p->n) - 1;
  for (int u = 0; u < 3 * s.n; u++) {
    s.dirty[u] = true;
    for (int k = 0; k < s.n; k++) {
      int c = core_unit_cell(s.br, s.bc, u, k);
      s.ucell[u][k] = (uint16_t)c;
      s.cunit[c][u / s.n] = (uint8_t)u;
    }
  }
  for (int c = 0; c < s.k.nn; c++)
    s.k.cand[c] = s.full;
  /* Givens do not clash (validated), but they may leave an open cell with
   * no candidate: then the root is refuted before any search. */
  for (int c = 0; c < s.k.nn; c++) {
    if (cells[c] && !assign(&s, c, cells[c])) {
      budget_node(b);
      return 0;
    }
  }
  if (ex_cell >= 0 && !eliminate(&s, ex_cell, 1u << (ex_value - 1))) {
    budget_node(b);
    return 0;
  }
  return backtrack_run(&s.k);
}
