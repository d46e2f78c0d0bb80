/*
 * search.c - sudoku_solve_rules(): the rules checked, then one depth-first
 * search over the derived form (sudoku_rules.h) with options: count to a
 * limit, lexicographically smallest first, node budget and deadline. With
 * no extras it is sudoku_solve(), so classic puzzles keep the fast paths.
 *
 * The search loop, the trail and the glossary (cand[], val[]) are the
 * core's one backtracking search (backtrack.c, struct backtrack); this
 * file brings the propagation, to a fixed point: naked singles (an
 * assignment removes its digit from every peer: unit and cage mates,
 * knight or king cells; and v-1, v+1 from the orthogonal neighbours under
 * non-consecutive); hidden singles over every unit; and per cage with a
 * sum, the digit sets that can still fill its open cells (see cage_prune).
 * Nothing is allocated: the state, derived form included, is one struct on
 * the stack (about 160 KiB at the largest side).
 */
#include <stddef.h>
#include <string.h>

#include "rules_internal.h"

/* Sides up to this have every digit set tabled by size and sum (4096
 * sets at 12, built once per killer solve in about 10 us); cages of
 * larger sides are pruned by bounds. */
#define RS_ENUM_MAX 12
#define RS_SUM_MAX (RS_ENUM_MAX * (RS_ENUM_MAX + 1) / 2)
#define RS_KEYS ((RS_ENUM_MAX + 1) * (RS_SUM_MAX + 1))

struct rs {
  struct backtrack k; /* first: the callbacks cast back to struct rs */
  struct sudoku_rules_derived d;
  const sudoku_rules *r;
  int n, words;
  bool dirty[SUDOKU_RULES_MAX_UNITS];
  bool cage_dirty[SUDOKU_RULES_MAX_CAGES];
  bool any_cage_dirty;
  /* The rule of 45 (innies): in a unit, the cells outside the cages that
   * lie wholly inside it add up to n(n+1)/2 less those cages' sums, and
   * hold distinct digits: a cage of its own, one at most per unit. */
  int rests;
  int8_t rest_of[SUDOKU_RULES_MAX_UNITS]; /* -1: none */
  bool rest_dirty[SUDOKU_RULES_MAX_UNITS];
  uint16_t rest_sum[SUDOKU_RULES_MAX_UNITS], rest_len[SUDOKU_RULES_MAX_UNITS];
  uint16_t rest_cell[SUDOKU_RULES_MAX_UNITS][SUDOKU_MAX_N];
  /* The digit sets of size k summing to t: combo[combo_at[key] ..
   * combo_at[key + 1]) with key = k * (RS_SUM_MAX + 1) + t (n <= 12). */
  bool combos;
  uint16_t combo[1u << RS_ENUM_MAX];
  uint16_t combo_at[RS_KEYS + 1];
};

/* sudoku_rules.h promises under 200 KiB of stack: the state, plus a few
 * KiB of locals. */
_Static_assert(sizeof(struct rs) <= 192 * 1024, "search state too large");
_Static_assert(offsetof(struct rs, k) == 0, "the callbacks cast k to rs");

static int combo_key(int k, int t) { return k * (RS_SUM_MAX + 1) + t; }

/* Tables every digit set of 1..n by size and sum (a counting sort). */
static void build_combos(struct rs *s) {
  memset(s->combo_at, 0, sizeof s->combo_at);
  uint32_t sets = 1u << s->n;
  for (uint32_t m = 0; m < sets; m++) {
    int t = 0;
    for (uint32_t x = m; x; x &= x - 1)
      t += __builtin_ctz(x) + 1;
    s->combo_at[combo_key(__builtin_popcount(m), t) + 1]++;
  }
  for (int k = 0; k < RS_KEYS; k++)
    s->combo_at[k + 1] = (uint16_t)(s->combo_at[k + 1] + s->combo_at[k]);
  uint16_t fill[RS_KEYS];
  memcpy(fill, s->combo_at, sizeof fill);
  for (uint32_t m = 0; m < sets; m++) {
    int t = 0;
    for (uint32_t x = m; x; x &= x - 1)
      t += __builtin_ctz(x) + 1;
    s->combo[fill[combo_key(__builtin_popcount(m), t)]++] = (uint16_t)m;
  }
}

static inline int popcount32(uint32_t x) { return __builtin_popcount(x); }
static inline int ctz32(uint32_t x) { return __builtin_ctz(x); }

/* Cell c changed: its cage and the unit rests it is in are looked at
 * again. */
static inline void touch_cages(struct rs *s, int c) {
  int k = s->d.cage_of[c];
  if (k >= 0 && s->r->cage[k].sum != 0)
    s->cage_dirty[k] = s->any_cage_dirty = true;
  if (s->rests)
    for (int i = 0; i < s->d.cell_units[c]; i++) {
      int x = s->rest_of[s->d.cell_unit[c][i]];
      if (x >= 0)
        s->rest_dirty[x] = s->any_cage_dirty = true;
    }
}

static inline void set_cand(struct rs *s, int c, uint32_t mask) {
  backtrack_set(&s->k, c, mask);
  for (int i = 0; i < s->d.cell_units[c]; i++)
    s->dirty[s->d.cell_unit[c][i]] = true;
  touch_cages(s, c);
}

/* Removes the bits of mask from open cell p; queues p when one candidate
 * is left. False when p has none left. */
static inline bool eliminate(struct rs *s, int p, uint32_t mask) {
  if (s->k.val[p] != 0 || !(s->k.cand[p] & mask))
    return true;
  uint32_t m = s->k.cand[p] & ~mask;
  set_cand(s, p, m);
  return backtrack_narrowed(&s->k, p, m);
}

/* Gives open cell c value v and removes v from its peers (and v-1, v+1
 * from its orthogonal neighbours under non-consecutive). */
static bool assign(struct rs *s, int c, int v) {
  uint32_t bit = 1u << (v - 1);
  if (!(s->k.cand[c] & bit))
    return false;
  if (s->k.cand[c] != bit)
    set_cand(s, c, bit);
  else
    touch_cages(s, c); /* the sums are now nearer: look again */
  backtrack_place(&s->k, c, v);
  const uint64_t *peer = s->d.peer[c];
  for (int w = 0; w < s->words; w++)
    for (uint64_t m = peer[w]; m; m &= m - 1)
      if (!eliminate(s, w * 64 + __builtin_ctzll(m), bit))
        return false;
  if (s->d.non_consecutive) {
    uint32_t near = ((bit << 1) | (bit >> 1)) & s->d.full;
    int n = s->n, row = c / n, col = c % n;
    if ((row > 0 && !eliminate(s, c - n, near)) ||
        (row < n - 1 && !eliminate(s, c + n, near)) ||
        (col > 0 && !eliminate(s, c - 1, near)) ||
        (col < n - 1 && !eliminate(s, c + 1, near)))
      return false;
  }
  return true;
}

/* Hidden singles over every unit changed since its last scan. -1 on a
 * contradiction (a digit with no place in a unit), else cells filled. */
static int hidden_singles(struct rs *s) {
  int filled = 0;
  for (int u = 0; u < s->d.units; u++) {
    if (!s->dirty[u])
      continue;
    s->dirty[u] = false;
    const uint16_t *cell = s->d.unit_cell[u];
    uint32_t once = 0, twice = 0;
    for (int k = 0; k < s->n; k++) {
      uint32_t m = s->k.cand[cell[k]];
      twice |= once & m;
      once |= m;
    }
    if (once != s->d.full)
      return -1;
    for (uint32_t single = once & ~twice; single; single &= single - 1) {
      uint32_t bit = single & -single;
      for (int k = 0; k < s->n; k++) {
        int c = cell[k];
        if (s->k.cand[c] & bit) {
          if (s->k.val[c] == 0) {
            if (!assign(s, c, ctz32(bit) + 1))
              return -1;
            filled++;
          }
          break;
        }
      }
    }
  }
  return filled;
}

/*
 * One cage with a sum: its open cells must take distinct digits, unused in
 * the cage, adding up to what is left of the sum. The digit sets that can
 * (each open cell has a candidate in the set) are read from the table of
 * sets by size and sum (sides up to 12: a handful of sets, where
 * enumerating the subsets of the available digits cost 30 us a node); a
 * candidate outside every such set goes, and a digit in every set with one
 * cell left to take it is placed there. On larger sides, a candidate d
 * goes when the other open cells cannot make the rest with the smallest or
 * the largest available digits. -1 on a contradiction, else the changes
 * made.
 */
static int cage_prune(struct rs *s, int sum, const uint16_t *cell, int len) {
  int open[SUDOKU_MAX_N], nopen = 0, left = sum;
  uint32_t used = 0, avail = 0;
  for (int i = 0; i < len; i++) {
    int c = cell[i];
    if (s->k.val[c]) {
      left -= s->k.val[c];
      used |= s->k.cand[c];
    } else {
      open[nopen++] = c;
      avail |= s->k.cand[c];
    }
  }
  avail &= ~used;
  if (nopen == 0)
    return left == 0 ? 0 : -1;
  if (left <= 0 || popcount32(avail) < nopen)
    return -1;
  uint32_t keep = 0, must = ~0u;
  if (s->combos) {
    /* The tabled sets of nopen digits adding up to left, within avail,
     * with a candidate in every open cell. */
    if (left > RS_SUM_MAX)
      return -1;
    int key = combo_key(nopen, left);
    for (int j = s->combo_at[key]; j < s->combo_at[key + 1]; j++) {
      uint32_t set = s->combo[j];
      if (set & ~avail)
        continue;
      int i = 0;
      while (i < nopen && (s->k.cand[open[i]] & set))
        i++;
      if (i == nopen) {
        keep |= set;
        must &= set;
      }
    }
  } else {
    keep = 0;
    must = 0;
    for (int i = 0; i < nopen; i++)
      for (uint32_t m = s->k.cand[open[i]] & avail; m; m &= m - 1) {
        int d = ctz32(m) + 1, lo = 0, hi = 0;
        uint32_t rest = avail & ~(m & -m);
        uint32_t x = rest;
        for (int j = 1; j < nopen; j++, x &= x - 1)
          lo += ctz32(x) + 1;
        x = rest;
        for (int j = 1; j < nopen; j++) {
          int top = 31 - __builtin_clz(x);
          hi += top + 1;
          x &= ~(1u << top);
        }
        if (d + lo <= left && d + hi >= left)
          keep |= m & -m;
      }
  }
  if (keep == 0)
    return -1;
  int changes = 0;
  for (int i = 0; i < nopen; i++)
    if (s->k.cand[open[i]] & ~keep) {
      if (!eliminate(s, open[i], ~keep))
        return -1;
      changes++;
    }
  for (must &= keep; must; must &= must - 1) {
    uint32_t bit = must & -must;
    int where = -1, places = 0;
    for (int i = 0; i < nopen; i++)
      if (s->k.cand[open[i]] & bit) {
        where = open[i];
        places++;
      }
    if (places == 0)
      return -1;
    if (places == 1 && s->k.cand[where] != bit) {
      if (!eliminate(s, where, ~bit))
        return -1;
      changes++;
    }
  }
  return changes;
}

static int cages(struct rs *s) {
  int changes = 0;
  s->any_cage_dirty = false;
  for (int k = 0; k < s->r->cage_count; k++) {
    if (!s->cage_dirty[k])
      continue;
    s->cage_dirty[k] = false;
    const struct sudoku_cage *cg = &s->r->cage[k];
    int got = cage_prune(s, cg->sum, s->r->cage_cell + cg->start, cg->len);
    if (got < 0)
      return -1;
    changes += got;
  }
  for (int x = 0; x < s->rests; x++) {
    if (!s->rest_dirty[x])
      continue;
    s->rest_dirty[x] = false;
    int got = cage_prune(s, s->rest_sum[x], s->rest_cell[x], s->rest_len[x]);
    if (got < 0)
      return -1;
    changes += got;
  }
  return changes;
}

/* Every rule to a fixed point (the backtrack callback). False on a
 * contradiction. */
static bool propagate(struct backtrack *k) {
  struct rs *s = (struct rs *)k;
  for (;;) {
    while (s->k.qlen > 0) {
      int c = s->k.queue[--s->k.qlen];
      if (s->k.val[c] == 0 && !assign(s, c, ctz32(s->k.cand[c]) + 1))
        return false;
    }
    int filled = hidden_singles(s);
    if (filled < 0)
      return false;
    if (filled > 0 || s->k.qlen > 0)
      continue;
    if (!s->any_cage_dirty)
      return true;
    int changed = cages(s);
    if (changed < 0)
      return false;
    if (changed == 0 && s->k.qlen == 0 && !s->any_cage_dirty)
      return true;
  }
}

/* assign() as the backtrack callback. */
static bool assign_branch(struct backtrack *k, int c, int v) {
  return assign((struct rs *)k, c, v);
}

/* The rest of each unit outside the cages (with sums) wholly inside it,
 * when it is neither empty nor the whole unit. O(units * cage cells). */
static void build_rests(struct rs *s) {
  int n = s->n, total = n * (n + 1) / 2;
  s->rests = 0;
  for (int u = 0; u < s->d.units; u++) {
    s->rest_of[u] = -1;
    bool in[SUDOKU_MAX_CELLS] = {false}, caged[SUDOKU_MAX_CELLS] = {false};
    for (int k = 0; k < n; k++)
      in[s->d.unit_cell[u][k]] = true;
    int inside = 0, len = 0;
    for (int k = 0; k < s->r->cage_count; k++) {
      const struct sudoku_cage *cg = &s->r->cage[k];
      const uint16_t *cell = s->r->cage_cell + cg->start;
      int i = 0;
      while (i < cg->len && in[cell[i]])
        i++;
      if (cg->sum == 0 || i < cg->len)
        continue;
      inside += cg->sum;
      for (i = 0; i < cg->len; i++)
        caged[cell[i]] = true;
    }
    int x = s->rests;
    for (int k = 0; k < n; k++)
      if (!caged[s->d.unit_cell[u][k]])
        s->rest_cell[x][len++] = s->d.unit_cell[u][k];
    if (len == 0 || len == n || total - inside < len * (len + 1) / 2)
      continue; /* nothing to add, or no sum: the cages refute it */
    s->rest_sum[x] = (uint16_t)(total - inside);
    s->rest_len[x] = (uint16_t)len;
    s->rest_dirty[x] = true;
    s->rest_of[u] = (int8_t)x;
    s->rests++;
  }
}

/* One search from the root (s->d and s->r set): counts to limit, the first
 * solution into first, which keeps avoid (when not NULL) only when no other
 * solution is found. */
static uint32_t rules_search(struct rs *s, const sudoku_grid *p, uint32_t limit,
                             bool lexmin, struct budget *b, uint8_t *first,
                             const uint8_t *avoid) {
  backtrack_init(&s->k, p->n * p->n, limit, lexmin, b, first);
  s->k.propagate = propagate;
  s->k.assign = assign_branch;
  s->k.avoid = avoid;
  s->n = p->n;
  s->words = (s->k.nn + 63) / 64;
  for (int u = 0; u < s->d.units; u++)
    s->dirty[u] = true;
  for (int k = 0; k < s->r->cage_count; k++)
    s->cage_dirty[k] =
        s->r->cage[k].sum != 0 && sudoku_rules_has(s->r, SUDOKU_RULE_KILLER);
  s->any_cage_dirty = sudoku_rules_has(s->r, SUDOKU_RULE_KILLER);
  s->combos = s->any_cage_dirty && s->n <= RS_ENUM_MAX;
  if (s->combos)
    build_combos(s);
  s->rests = 0;
  if (s->any_cage_dirty)
    build_rests(s);
  for (int c = 0; c < s->k.nn; c++)
    s->k.cand[c] = s->d.allowed[c];
  for (int c = 0; c < s->k.nn; c++)
    if (p->cell[c] && !assign(s, c, p->cell[c])) {
      budget_node(b);
      return 0;
    }
  return backtrack_run(&s->k);
}

enum sudoku_status sudoku_solve_rules(const sudoku_grid *puzzle,
                                      const sudoku_rules *r,
                                      const struct sudoku_limits *limits,
                                      sudoku_grid *solution,
                                      struct sudoku_stats *stats) {
  if (r == NULL || r->kinds == 0)
    return sudoku_solve(puzzle, limits, solution, stats);
  static const struct sudoku_limits defaults = SUDOKU_LIMITS_DEFAULT;
  const struct sudoku_limits *lim = limits ? limits : &defaults;
  uint32_t limit = lim->max_solutions ? lim->max_solutions : 1;
  struct budget b = {lim->max_nodes, 0, 0, 0, SUDOKU_OK};
  uint32_t found = 0;
  sudoku_grid out = *puzzle;
  struct rs s;
  s.r = r;
  enum sudoku_status status = sudoku_rules_derive(puzzle, r, &s.d, NULL);
  if (status == SUDOKU_OK && rules_conflicts(puzzle, r, &s.d, NULL, 0) > 0)
    status = SUDOKU_CONFLICT;
  if (status == SUDOKU_OK) {
    if (lim->deadline_us)
      b.deadline_ns = core_now_ns() + (lim->deadline_us < UINT64_MAX / 2000u
                                           ? lim->deadline_us * 1000u
                                           : UINT64_MAX / 2);
    /* Lexmin as sudoku_solve does it: counting in the fast order first
     * settles a unique puzzle; otherwise a row-major search finds the
     * smallest. */
    found = rules_search(&s, puzzle, limit < 2 && lim->lexmin ? 2 : limit,
                         false, &b, out.cell, NULL);
    if (lim->lexmin && b.stop == SUDOKU_OK && found >= 2) {
      uint8_t best[SUDOKU_MAX_CELLS];
      uint32_t got = rules_search(&s, puzzle, 1, true, &b, best, NULL);
      if (got == 1) {
        memcpy(out.cell, best, (size_t)s.k.nn);
        found = found < limit ? found : limit;
      } else {
        found = 0;
      }
    }
    if (b.stop != SUDOKU_OK) {
      status = b.stop;
      if (lim->lexmin)
        found = 0; /* whether it is the smallest is not known */
    } else
      status = found ? SUDOKU_OK : SUDOKU_NO_SOLUTION;
  }
  if (found == 0)
    out = *puzzle;
  *solution = out;
  if (stats != NULL)
    *stats = (struct sudoku_stats){found, b.nodes, b.guesses};
  return status;
}

int rules_other_solution(const sudoku_grid *puzzle, const sudoku_rules *r,
                         const sudoku_grid *known, uint64_t max_nodes,
                         uint64_t deadline_ns, uint8_t *other) {
  struct rs s;
  s.r = r;
  if (sudoku_rules_derive(puzzle, r, &s.d, NULL) != SUDOKU_OK)
    return -2;
  struct budget b = {max_nodes, deadline_ns, 0, 0, SUDOKU_OK};
  uint32_t found = rules_search(&s, puzzle, 2, false, &b, other, known->cell);
  if (b.stop == SUDOKU_NODE_LIMIT)
    return 2;
  if (b.stop != SUDOKU_OK)
    return -1;
  return found >= 2 ||
         (found == 1 &&
          memcmp(other, known->cell, (size_t)puzzle->n * puzzle->n) != 0);
}
