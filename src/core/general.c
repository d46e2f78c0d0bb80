/*
 * general.c - the general solver: every size from 4x4 to 25x25, and the
 * lexmin order (see internal.h, core_general_solve). It does not validate
 * (sudoku_solve does) and allocates nothing: all state lives in one struct
 * on the stack.
 *
 * Glossary: cand[c] is the candidate mask of cell c (bit v-1
 * for value v; a filled cell keeps just its value's bit); val[c] is 0 while
 * c is open. Propagation applies naked singles (a cell with one candidate)
 * and hidden singles (a value with one place in a unit) to a fixed point,
 * then box-line interactions (see box_line), and singles again.
 * Changes to cand[] go on a trail so a branch is undone by popping it,
 * instead of copying the grid at every level (a copy costs 3 KB at 25x25,
 * times a depth of up to 625).
 */
#include <string.h>

#include "internal.h"

/* Each cell's mask loses bits at most n times on one root-to-leaf path. */
#define TRAIL_MAX (SUDOKU_MAX_CELLS * SUDOKU_MAX_N)

struct gen {
  int n, nn, br, bc;
  uint32_t full;  /* all n candidate bits */
  uint32_t limit; /* solutions wanted */
  bool lexmin;
  bool done; /* limit reached or budget spent */
  uint32_t found;
  struct budget *b;
  uint8_t *first;      /* where the first solution goes */
  const uint8_t *hint; /* value to try first at each branch, or NULL */
  int open;            /* cells without a value */
  int qlen, alen, tlen;
  uint32_t cand[SUDOKU_MAX_CELLS];
  uint8_t val[SUDOKU_MAX_CELLS];
  uint16_t queue[SUDOKU_MAX_CELLS];               /* naked singles waiting */
  uint16_t assigned[SUDOKU_MAX_CELLS];            /* cells filled, in order */
  uint16_t ucell[3 * SUDOKU_MAX_N][SUDOKU_MAX_N]; /* unit_cell, tabled */
  uint8_t cunit[SUDOKU_MAX_CELLS][3]; /* row, column and box unit of a cell */
  bool dirty[3 * SUDOKU_MAX_N];       /* changed since its last singles scan */
  uint16_t trail_cell[TRAIL_MAX];
  uint32_t trail_old[TRAIL_MAX];
};

static inline int popcount32(uint32_t x) { return __builtin_popcount(x); }
static inline int ctz32(uint32_t x) { return __builtin_ctz(x); }

static inline void set_cand(struct gen *s, int c, uint32_t mask) {
  s->trail_cell[s->tlen] = (uint16_t)c;
  s->trail_old[s->tlen++] = s->cand[c];
  s->cand[c] = mask;
  s->dirty[s->cunit[c][0]] = s->dirty[s->cunit[c][1]] =
      s->dirty[s->cunit[c][2]] = true;
}

/* Removes bit from open peer p; queues p when one candidate is left.
 * Returns false when p has none left. */
static inline bool eliminate(struct gen *s, int p, uint32_t bit) {
  if (s->val[p] != 0 || !(s->cand[p] & bit))
    return true;
  uint32_t m = s->cand[p] & ~bit;
  set_cand(s, p, m);
  if (m == 0)
    return false;
  if ((m & (m - 1)) == 0)
    s->queue[s->qlen++] = (uint16_t)p;
  return true;
}

/* Gives open cell c value v and removes v from its peers. */
static bool assign(struct gen *s, int c, int v) {
  uint32_t bit = 1u << (v - 1);
  if (!(s->cand[c] & bit))
    return false;
  if (s->cand[c] != bit)
    set_cand(s, c, bit);
  s->val[c] = (uint8_t)v;
  s->assigned[s->alen++] = (uint16_t)c;
  s->open--;
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
      uint32_t m = s->cand[c];
      if (s->val[c]) {
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
        if (s->val[c] == 0 && (s->cand[c] & bit)) {
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
      if (s->val[c] == 0)
        adj[k++] = s->cand[c];
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
    if (s->val[c] != 0 || !(s->cand[c] & bits))
      continue;
    removed++;
    uint32_t m = s->cand[c] & ~bits;
    set_cand(s, c, m);
    if (m == 0)
      return -1;
    if ((m & (m - 1)) == 0)
      s->queue[s->qlen++] = (uint16_t)c;
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
        if (s->val[c] == 0)
          m |= s->cand[c];
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

/* Naked and hidden singles to a fixed point. False on a contradiction. */
static bool propagate(struct gen *s) {
  for (;;) {
    while (s->qlen > 0) {
      int c = s->queue[--s->qlen];
      if (s->val[c] == 0 && !assign(s, c, ctz32(s->cand[c]) + 1))
        return false;
    }
    if (s->open == 0)
      return true;
    int filled = hidden_singles(s);
    if (filled < 0)
      return false;
    if (filled == 0 && s->qlen == 0) {
      int removed = box_line(s);
      if (removed < 0)
        return false;
      if (removed == 0)
        return !s->lexmin || units_match(s);
    }
  }
}

/* Undoes every change made since the marks. */
static void undo(struct gen *s, int tmark, int amark, int open) {
  while (s->tlen > tmark) {
    s->tlen--;
    s->cand[s->trail_cell[s->tlen]] = s->trail_old[s->tlen];
  }
  while (s->alen > amark)
    s->val[s->assigned[--s->alen]] = 0;
  s->open = open;
  s->qlen = 0;
}

/* The branching cell: the first open one in row-major order for lexmin
 * (all cells before it are then fixed, so ascending values give solutions
 * in lexicographic order), else the one with fewest candidates. */
static int choose_cell(const struct gen *s) {
  int best = -1, best_count = SUDOKU_MAX_N + 1;
  for (int c = 0; c < s->nn; c++) {
    if (s->val[c])
      continue;
    if (s->lexmin)
      return c;
    int k = popcount32(s->cand[c]);
    if (k < best_count) {
      best = c;
      best_count = k;
      if (k == 2)
        break;
    }
  }
  return best;
}

/* One node: propagate, then either record a solution or branch. */
static void search(struct gen *s) {
  if (!budget_node(s->b)) {
    s->done = true;
    return;
  }
  if (!propagate(s))
    return;
  if (s->open == 0) {
    if (s->found++ == 0)
      memcpy(s->first, s->val, (size_t)s->nn);
    if (s->found >= s->limit)
      s->done = true;
    return;
  }
  int c = choose_cell(s);
  uint32_t mask = s->cand[c];
  uint32_t prefer = s->hint ? mask & (1u << (s->hint[c] - 1)) : 0;
  int tmark = s->tlen, amark = s->alen, open = s->open;
  while (mask && !s->done) {
    uint32_t bit = prefer ? prefer : mask & -mask;
    prefer = 0;
    mask &= ~bit;
    int v = ctz32(bit) + 1;
    s->b->guesses++;
    if (assign(s, c, v))
      search(s);
    undo(s, tmark, amark, open);
  }
}

uint32_t core_general_solve(const sudoku_grid *p, const uint8_t *cells,
                            uint32_t limit, bool lexmin, struct budget *b,
                            uint8_t *first, const uint8_t *hint, int ex_cell,
                            int ex_value) {
  struct gen s;
  s.hint = hint;
  s.n = p->n;
  s.nn = p->n * p->n;
  s.br = p->box_rows;
  s.bc = p->box_cols;
  s.full = (1u << p->n) - 1;
  s.limit = limit;
  s.lexmin = lexmin;
  s.done = false;
  s.found = 0;
  s.b = b;
  s.first = first;
  s.open = s.nn;
  s.qlen = s.alen = s.tlen = 0;
  for (int u = 0; u < 3 * s.n; u++) {
    s.dirty[u] = true;
    for (int k = 0; k < s.n; k++) {
      int c = core_unit_cell(s.br, s.bc, u, k);
      s.ucell[u][k] = (uint16_t)c;
      s.cunit[c][u / s.n] = (uint8_t)u;
    }
  }
  for (int c = 0; c < s.nn; c++) {
    s.cand[c] = s.full;
    s.val[c] = 0;
  }
  /* Givens do not clash (validated), but they may leave an open cell with
   * no candidate: then the root is refuted before any search. */
  for (int c = 0; c < s.nn; c++) {
    if (cells[c] && !assign(&s, c, cells[c])) {
      budget_node(b);
      return 0;
    }
  }
  if (ex_cell >= 0 && !eliminate(&s, ex_cell, 1u << (ex_value - 1))) {
    budget_node(b);
    return 0;
  }
  search(&s);
  return s.found;
}
