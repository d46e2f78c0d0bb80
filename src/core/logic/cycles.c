/*
 * cycles.c - continuous loops (Sudoku Explainer's "bidirectional cycles"):
 * a closed chain of candidates whose links alternate strong and weak. Each
 * link of such a loop is both, so every weak link becomes a strong one:
 * when its two candidates hold one value in two cells, that value leaves
 * every other cell that sees both; when they are two values of one cell,
 * the cell's other values go.
 *
 * X-cycles (one value: conjugate pairs and peers) and Y-cycles (bivalue
 * cells and peers) rate 6.5, loops mixing both 7.0, plus SE's length
 * increment (the loop's candidates count as its complexity). The shortest
 * loop that eliminates something is taken (iterative deepening, first in
 * cell order at that length).
 *
 * Cost: a depth-first search from each candidate, lengths 4 to CYC_MAX_LEN
 * (mixed loops CYC_MIXED_LEN), capped at CYC_BUDGET (CYC_MIXED_BUDGET)
 * link expansions a call, well under a millisecond on 9x9 (a capped search may
 * miss a loop, never report a wrong one) and bounded by the deadline. Work
 * that cannot find anything new is skipped but still charged to the budget
 * as the plain search would spend it (the same loop is found, and the cap
 * cuts at the same node): a candidate whose tree stopped growing short of
 * the length is not searched again at longer lengths, and a cell reached
 * twice from one node (through a line and a box) is searched once. What this
 * does NOT do: grouped nodes, discontinuous loops (chains.c covers those as
 * chains from the eliminated candidate).
 */
#include <stddef.h>
#include <string.h>

#include "chain.h"

#define CYC_MAX_LEN 12     /* 6.5 + 0.3: longer loops rate as chains do */
#define CYC_BUDGET 100000L /* link expansions a call, single-kind loops */
#define CYC_MIXED_LEN 10   /* mixed loops branch more: shorter, cheaper */
#define CYC_MIXED_BUDGET 30000L
#define CAND_WORDS ((SUDOKU_MAX_CELLS * SUDOKU_MAX_N + 31) / 32)
#define CYC_MEMO 1024 /* candidates whose strong partners are memoised */
#define CYC_LINKS (LOGIC_MAX_CELL_UNITS + 1)

struct cyc {
  const struct logic_state *s;
  unsigned flags; /* CH_X, CH_Y */
  int n, len;     /* the loop length searched */
  int path[CYC_MAX_LEN];
  uint8_t kind[CYC_MAX_LEN]; /* link path[k] -> path[k+1]: 1 if a unit link */
  uint32_t in[CAND_WORDS];   /* candidates on the path */
  long budget;
  bool mixed_found;
  struct sudoku_step *out;
  /* Strong partners of each candidate, found at its first visit (the
   * search asks again at every visit): nto 0xFF = not yet; for grids of
   * at most CYC_MEMO candidates (9x9), else found each time. */
  bool memo;
  uint8_t nto[CYC_MEMO];
  uint16_t to[CYC_MEMO][CYC_LINKS];
  uint8_t to_unit[CYC_MEMO][CYC_LINKS];
  /* With the memo: done[x] != 0 once x's search at some length reached no
   * node at the last place (deep stayed false): its tree is then complete
   * (no longer loop can grow from it), so every later length costs the
   * same done[x] nodes and finds nothing. */
  bool deep;
  uint32_t done[CYC_MEMO];
  /* Grids of at most CH_MASK_CELLS cells: each cell's peers and each
   * value's cells as masks, so that "sees" is a bit test and the cells
   * that see two cells are an intersection (the same cells, in the same
   * ascending order, as the walk over all cells). */
  bool masks;
  struct ch_mask peers[CH_MASK_CELLS], vcells[SUDOKU_MAX_N];
  /* masks, and every unit lists its cells in cell order: a unit's cells
   * with a value are then visited as the walk over the unit visits them */
  bool sorted;
  struct ch_mask umask[LOGIC_MAX_UNITS];
};

/* Cell and value index of candidate x = cell * n + value - 1 on a grid of
 * side n; n = 9 divides by a constant (a multiply), the search's most
 * common case. */
#define CAND_CELL(x, n) ((n) == 9 ? (x) / 9 : (x) / (n))
#define CAND_VALUE(x, n) ((n) == 9 ? (x) % 9 : (x) % (n))

static bool mask_has(const struct ch_mask *m, int c) {
  return (m->w[c >> 6] >> (c & 63)) & 1;
}

static void mask_add(struct ch_mask *m, int c) {
  m->w[c >> 6] |= 1ull << (c & 63);
}

/* The masks of y (y->masks). */
static void init_masks(struct cyc *y) {
  const struct logic_geom *g = &y->s->geo;
  memset(y->peers, 0, sizeof y->peers[0] * g->ncells);
  memset(y->vcells, 0, sizeof y->vcells[0] * g->n);
  memset(y->umask, 0, sizeof y->umask[0] * g->nunits);
  for (int u = 0; u < g->nunits; u++)
    for (int j = 0; j < g->len[u]; j++) {
      mask_add(&y->umask[u], g->unit[u][j]);
      if (j > 0 && g->unit[u][j] <= g->unit[u][j - 1])
        y->sorted = false;
    }
  for (int c = 0; c < g->ncells; c++) {
    for (int i = 0; i < g->ncell_units[c]; i++)
      for (int w = 0; w < 2; w++)
        y->peers[c].w[w] |= y->umask[g->cell_units[c][i]].w[w];
    y->peers[c].w[c >> 6] &= ~(1ull << (c & 63));
    for (uint32_t m = y->s->cand[c]; m; m &= m - 1)
      mask_add(&y->vcells[__builtin_ctz(m)], c);
  }
}

static bool sees(const struct cyc *y, int a, int b) {
  return y->masks ? mask_has(&y->peers[a], b) : logic_sees(&y->s->geo, a, b);
}

static bool has(const struct cyc *y, int x) {
  return (y->in[x >> 5] >> (x & 31)) & 1;
}
static void mark(struct cyc *y, int x, bool on) {
  if (on)
    y->in[x >> 5] |= 1u << (x & 31);
  else
    y->in[x >> 5] &= ~(1u << (x & 31));
}

/* Strong partners of candidate x (cell c, value v): up to LOGIC_MAX_CELL_UNITS
 * + 1 of them, with whether the link is a unit's (1) or the cell's (0). */
static int strong(const struct cyc *y, int x, int *to, uint8_t *unit) {
  const struct logic_state *s = y->s;
  int n = y->n, c = CAND_CELL(x, n), v = CAND_VALUE(x, n) + 1, k = 0;
  if ((y->flags & CH_Y) && __builtin_popcount(s->cand[c]) == 2) {
    to[k] = c * n + __builtin_ctz(s->cand[c] & ~(1u << (v - 1)));
    unit[k++] = 0;
  }
  if (y->flags & CH_X)
    for (int i = 0; i < s->geo.ncell_units[c]; i++) {
      int u = s->geo.cell_units[c][i];
      uint32_t rest = s->pos[u][v - 1] & (s->pos[u][v - 1] - 1);
      if (rest == 0 || (rest & (rest - 1)) != 0) /* two places, a pair */
        continue;
      for (int j = 0; j < s->geo.len[u]; j++) {
        int p = s->geo.unit[u][j];
        if (p != c && ((s->cand[p] >> (v - 1)) & 1)) {
          int t = p * n + v - 1, dup = 0;
          for (int q = 0; q < k; q++)
            dup |= to[q] == t;
          if (!dup) {
            to[k] = t;
            unit[k++] = 1;
          }
        }
      }
    }
  return k;
}

/* Weak link from a to b: same value in peer cells, or (CH_Y) two values
 * of one cell. Returns 1 for a unit link, 0 for a cell link, -1 none. */
static int weak(const struct cyc *y, int a, int b) {
  int n = y->n, ca = CAND_CELL(a, n), cb = CAND_CELL(b, n);
  if (CAND_VALUE(a, n) == CAND_VALUE(b, n) && sees(y, ca, cb))
    return 1;
  if ((y->flags & CH_Y) && ca == cb && a != b)
    return 0;
  return -1;
}

/* The loop's eliminations into out; returns how many. Without out (the
 * search asking whether there is any), stops at the first. */
static int eliminations(struct cyc *y) {
  const struct logic_state *s = y->s;
  int n = y->n, found = 0;
  for (int k = 1; k < y->len; k += 2) { /* path[k] -w- path[k+1] */
    int a = y->path[k], b = y->path[(k + 1) % y->len];
    int ca = CAND_CELL(a, n), cb = CAND_CELL(b, n), v = CAND_VALUE(a, n) + 1;
    if (ca == cb) {
      for (uint32_t m = s->cand[ca]; m; m &= m - 1) {
        int w = __builtin_ctz(m);
        if (w != CAND_VALUE(a, n) && w != CAND_VALUE(b, n) &&
            !has(y, ca * n + w) &&
            (y->out == NULL || logic_step_elim(y->out, ca, w + 1)) &&
            (++found, y->out == NULL))
          return found;
      }
      continue;
    }
    if (y->masks) {
      const struct ch_mask *pa = &y->peers[ca], *pb = &y->peers[cb];
      const struct ch_mask *vc = &y->vcells[v - 1];
      for (int w = 0; w < 2; w++)
        for (uint64_t m = pa->w[w] & pb->w[w] & vc->w[w]; m; m &= m - 1) {
          int c = w * 64 + __builtin_ctzll(m);
          if (!has(y, c * n + v - 1) &&
              (y->out == NULL || logic_step_elim(y->out, c, v)) &&
              (++found, y->out == NULL))
            return found;
        }
      continue;
    }
    for (int c = 0; c < s->geo.ncells; c++)
      if (c != ca && c != cb && ((s->cand[c] >> (v - 1)) & 1) &&
          !has(y, c * n + v - 1) && logic_sees(&s->geo, c, ca) &&
          logic_sees(&s->geo, c, cb) &&
          (y->out == NULL || logic_step_elim(y->out, c, v)) &&
          (++found, y->out == NULL))
        return found;
  }
  return found;
}

/* The strong partners of candidate x into *to and *unit: the memo's lists
 * (found at x's first visit), or own and own_unit when the grid is too
 * large for the memo. Returns how many. */
static int partners(struct cyc *y, int x, uint16_t own[CYC_LINKS],
                    uint8_t own_unit[CYC_LINKS], const uint16_t **to,
                    const uint8_t **unit) {
  if (y->memo && y->nto[x] != 0xFF) { /* (read in place: set once) */
    *to = y->to[x];
    *unit = y->to_unit[x];
    return y->nto[x];
  }
  int found[CYC_LINKS], k = strong(y, x, found, own_unit);
  for (int i = 0; i < k; i++)
    own[i] = (uint16_t)found[i];
  if (y->memo) {
    y->nto[x] = (uint8_t)k;
    memcpy(y->to[x], own, sizeof own[0] * (size_t)k);
    memcpy(y->to_unit[x], own_unit, sizeof own_unit[0] * (size_t)k);
  }
  *to = own;
  *unit = own_unit;
  return k;
}

/* The last node z, reached from path[d] (d = len - 2) by a strong link of
 * this kind: true when a weak link closes the loop back to path[0] and the
 * loop eliminates something. */
static bool close_loop(struct cyc *y, int d, int z, uint8_t kind) {
  int w = weak(y, z, y->path[0]);
  if (w < 0)
    return false;
  y->path[d + 1] = z;
  y->kind[d] = kind;
  y->kind[d + 1] = (uint8_t)w;
  if (y->flags == (CH_X | CH_Y)) { /* a mixed loop must mix */
    int units = 0, cells = 0;
    for (int k = 0; k < y->len; k += 2)
      y->kind[k] ? units++ : cells++;
    if (units == 0 || cells == 0)
      return false;
  }
  mark(y, z, true);
  bool hit = eliminations(y) > 0;
  mark(y, z, false);
  return hit;
}

/*
 * The search, path[0..len) alternating strong (from an even place) and
 * weak links, every candidate at most once and none below path[0]. Each
 * node the depth-first search reaches costs one unit of budget, counted
 * as the plain recursion (one call a node) would count it: the nodes and
 * their order are those of that recursion, so the loop found, and whether
 * the budget ran out before it, are too. The last node is not recursed
 * into: close_loop checks it in place (most nodes are last ones). Once the
 * budget is spent nothing can be found, so the search returns at once.
 */
static bool grow_weak(struct cyc *y, int d);

/* Grows the path from path[d] (d even, placed and counted) by a strong
 * link. */
static bool grow_strong(struct cyc *y, int d) {
  uint16_t own[CYC_LINKS];
  uint8_t own_unit[CYC_LINKS];
  const uint16_t *to;
  const uint8_t *unit;
  int k = partners(y, y->path[d], own, own_unit, &to, &unit);
  int first = y->path[0];
  if (d == y->len - 2) { /* the partners are last nodes */
    for (int i = 0; i < k; i++) {
      if (to[i] < first || has(y, to[i]))
        continue;
      if (--y->budget < 0)
        return false;
      y->deep = true;
      if (close_loop(y, d, to[i], unit[i]))
        return true;
    }
    return false;
  }
  for (int i = 0; i < k; i++) {
    int t = to[i];
    if (t < first || has(y, t))
      continue;
    if (--y->budget < 0)
      return false;
    y->path[d + 1] = t;
    y->kind[d] = unit[i];
    mark(y, t, true);
    bool hit = grow_weak(y, d + 1);
    mark(y, t, false);
    if (hit)
      return true;
  }
  return false;
}

/* The path goes on from path[d] (d odd) to t by a weak link of this kind
 * (1 within a unit, 0 within a cell) and grows from there. */
static bool weak_to(struct cyc *y, int d, int t, uint8_t kind) {
  if (--y->budget < 0)
    return false;
  if (y->memo && y->nto[t] == 0)
    return false; /* a dead end: t has no strong partner */
  y->path[d + 1] = t;
  y->kind[d] = kind;
  mark(y, t, true);
  bool hit = grow_strong(y, d + 1);
  mark(y, t, false);
  return hit;
}

/* Grows the path from path[d] (d odd, below len - 1, placed and counted)
 * by a weak link to a candidate that has a strong partner. */
static bool grow_weak(struct cyc *y, int d) {
  const struct logic_state *s = y->s;
  int x = y->path[d], first = y->path[0];
  int n = y->n, c = CAND_CELL(x, n), v = CAND_VALUE(x, n) + 1;
  if (y->sorted) {
    /* each unit's cells with v, in the unit's (cell) order, from the
     * first whose candidate is not below path[0]: cell p0, with
     * (p0 - 1) * n + v - 1 < first <= p0 * n + v - 1 */
    int p0 = first < v ? 0 : (first - v + n) / n;
    uint64_t from[2] = {p0 >= 64 ? 0 : ~0ull << p0,
                        p0 <= 64 ? ~0ull : ~0ull << (p0 - 64)};
    /* A cell in two units of c (a line and a box) is reached twice by
     * the same link: the same subtree again, which found nothing the
     * first time and costs what it cost then (nodes[p]). */
    const struct ch_mask *vc = &y->vcells[v - 1];
    struct ch_mask seen = {{0, 0}};
    uint32_t nodes[CH_MASK_CELLS];
    for (int i = 0; i < s->geo.ncell_units[c]; i++) {
      const struct ch_mask *um = &y->umask[s->geo.cell_units[c][i]];
      for (int w = 0; w < 2; w++)
        for (uint64_t m = um->w[w] & vc->w[w] & from[w]; m; m &= m - 1) {
          int p = w * 64 + __builtin_ctzll(m), t = p * n + v - 1;
          if (has(y, t)) /* c among them */
            continue;
          if ((seen.w[w] >> (p & 63)) & 1) {
            if ((y->budget -= nodes[p]) < 0)
              return false;
            continue;
          }
          long before = y->budget;
          if (weak_to(y, d, t, 1))
            return true;
          if (y->budget < 0)
            return false;
          seen.w[w] |= 1ull << (p & 63);
          nodes[p] = (uint32_t)(before - y->budget);
        }
    }
  } else {
    for (int i = 0; i < s->geo.ncell_units[c]; i++) {
      int u = s->geo.cell_units[c][i];
      for (int j = 0; j < s->geo.len[u]; j++) {
        int p = s->geo.unit[u][j], t = p * n + v - 1;
        if (p == c || !((s->cand[p] >> (v - 1)) & 1) || t < first || has(y, t))
          continue;
        if (weak_to(y, d, t, 1))
          return true;
        if (y->budget < 0)
          return false;
      }
    }
  }
  if (y->flags & CH_Y)
    for (uint32_t m = s->cand[c] & ~(1u << (v - 1)); m; m &= m - 1) {
      int t = c * n + __builtin_ctz(m);
      if (t < first || has(y, t))
        continue;
      if (weak_to(y, d, t, 0))
        return true;
      if (y->budget < 0)
        return false;
    }
  return false;
}

static bool find_cycle(const struct logic_state *s, struct sudoku_step *out,
                       unsigned flags, enum sudoku_technique tech, int base) {
  struct cyc y;
  memset(&y, 0, offsetof(struct cyc, nto));
  y.s = s;
  y.flags = flags;
  y.n = s->geo.n;
  const int n = y.n;
  bool mixed = flags == (CH_X | CH_Y);
  y.budget = mixed ? CYC_MIXED_BUDGET : CYC_BUDGET;
  int ncand = s->geo.ncells * y.n,
      max_len = mixed ? CYC_MIXED_LEN : CYC_MAX_LEN;
  y.memo = ncand <= CYC_MEMO;
  if (y.memo) {
    memset(y.nto, 0xFF, sizeof y.nto[0] * (size_t)ncand);
    memset(y.done, 0, sizeof y.done[0] * (size_t)ncand);
  }
  y.masks = s->geo.ncells <= CH_MASK_CELLS;
  y.sorted = y.masks;
  if (y.masks)
    init_masks(&y);
  for (y.len = 4; y.len <= max_len; y.len += 2) {
    /* Longer loops rate no lower: once one cannot beat what logic_next
     * holds, none can (and the chain finder after us sees the same
     * bound), so stop as the whole search would lose anyway. */
    if (s->beat != 0 && base + ch_length_rating(y.len) >= (int)s->beat)
      break;
    /* every candidate x = c * n + v - 1, in ascending order */
    for (int c = 0, x = 0; c < s->geo.ncells; c++)
      for (uint32_t cm = s->cand[c]; cm; cm &= cm - 1) {
        x = c * n + __builtin_ctz(cm);
        if ((x & 63) == 0 && ch_late(s))
          return false;
        if (y.memo && y.done[x] != 0) { /* the same tree as before */
          y.budget -= y.done[x];
          if (y.budget < 0)
            return false;
          continue;
        }
        long before = y.budget;
        y.deep = false;
        y.path[0] = x;
        mark(&y, x, true);
        bool hit = --y.budget >= 0 && grow_strong(&y, 0);
        mark(&y, x, false);
        if (y.budget < 0)
          return false;
        if (!hit) {
          if (y.memo && !y.deep)
            y.done[x] = (uint32_t)(before - y.budget);
          continue;
        }
        ch_step_begin(out, tech, base + ch_length_rating(y.len));
        mark(&y, x, true);
        for (int k = 1; k < y.len; k++)
          mark(&y, y.path[k], true);
        y.out = out;
        eliminations(&y);
        for (int k = 0; k <= y.len; k++) { /* the loop, back to its start */
          int p = y.path[k % y.len];
          logic_step_link(out, p / y.n, p % y.n + 1,
                          k == y.len   ? SUDOKU_LINK_NONE
                          : k % 2 == 0 ? SUDOKU_LINK_STRONG
                                       : SUDOKU_LINK_WEAK);
          bool seen = false;
          for (int i = 0; i < out->ncells; i++)
            seen |= out->cells[i] == p / y.n;
          if (k < y.len && !seen)
            logic_step_cell(out, p / y.n);
          if (k < y.len) {
            out->values |= 1u << (p % y.n);
          }
        }
        return true;
      }
  }
  return false;
}

bool ch_cycle(const struct logic_state *s, struct sudoku_step *out,
              unsigned flags, enum sudoku_technique tech, int base) {
  return find_cycle(s, out, flags, tech, base);
}
