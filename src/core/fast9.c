/*
 * fast9.c - the 9x9 fast path: a band-bitset solver in the style of
 * JCZSolve, used by sudoku_solve() for 9x9 puzzles.
 *
 * What it does: propagates, to a fixed point, the box-line interactions
 * inside each band ("shrink"), hidden singles in rows and boxes (both fall
 * out of the shrink), naked singles, then the same permutation argument
 * across the bands of each stack (fast9_stacks: box-column interactions;
 * at that fixed point a column's hidden single is already placed: it is
 * the only entry of its stack matrix column, so its band keeps the digit
 * in that box at that one cell, a row single), then the triads (three
 * digits sure in a minirow or minicolumn are all it holds). Then it
 * guesses as tdoku does, on a digit's configuration in the most
 * constrained band or stack (fast9_pick_config), copying the whole state
 * (184 bytes) onto an explicit stack instead of undoing changes. It
 * counts solutions up to a limit and keeps the first one found; with
 * rowmajor it branches on the first open cell instead, so that the first
 * solution is the smallest.
 * Measured (callgrind, count to 2, sudoku_solve included): ~21k
 * instructions per 17-clue puzzle, ~73k on top1465, ~415k on the forum's
 * hardest 11+ (first 500), ~525k on forum hardest 1106 (first 150; tdoku,
 * built for AVX2: 21k, 55k, 316k, 377k), with tdoku's number of branches
 * (0.75, 18.0, 137 against 0.37, 17.9, 136). Time follows latency,
 * mispredictions and stalls more than instruction counts here: the
 * two-phase propagation (fast9_update, fast9_settle) runs 7% more
 * instructions than one phase and is 5-8% faster on the hard files; a
 * branch-free pick_config gained 1.7% on 1106 for 8% fewer (simulated)
 * mispredictions, while skipping fast9_stacks for digits whose columns
 * had not changed saved 3.5% of the instructions, added 9% of the
 * mispredictions and no time (dropped). Reading f[] back as vectors
 * (fast9_dirty) right after scalar stores to it waits for those stores
 * (no store-to-load forwarding): a pass that places one word's rows
 * (fast9_settle1) and the steps of fast9_reduce hand on the words they
 * changed instead, 10% more instructions and 4-7% less time on the hard
 * files. Dropped: the same for passes placing two words (+9%
 * instructions, no time), for every pass (+24%, 11% slower on easy), and
 * scalar candidate counts after the propagation (1106 +0.7%).
 * Branching tried and dropped: keying the band or stack on its number of
 * undecided digits and taking its digit with the most configurations in
 * the first levels cuts 1106 by 40% and the 11+ by 27% (instructions) but
 * costs top1465 24%: those files want different trees, and neither a
 * restart after a few guesses nor the open-cell count told them apart.
 * Naked singles after every settle phase cost more than the passes they
 * save (+12% instructions); an empty-cell test there saves 5% of the
 * updates, less than its counts cost.
 *
 * What it does NOT do: other sizes, validation of the givens (the caller
 * does that: clashing givens give meaningless results), I/O or allocation.
 *
 * The state, the glossary (band, f[], triad, shrink...) and the rules
 * are in fast9_prop.h and fast9_cross.h; this file chooses, takes and undoes
 * the guesses.
 */
#include <string.h>

#include "fast9_cross.h"
#include "internal.h"

/* With rowmajor each guess places one open cell before the next, so a
 * path holds at most 80 guesses. Otherwise a guess leaves its digit one
 * configuration in its band or stack, which it keeps below: at most 54
 * guesses (then every digit has one cell per box: no guess is left). The
 * stack never overflows. */
#define FAST9_DEPTH 81

/* One guess on the stack: the choices not yet tried (the state before it
 * is kept beside, in an array of its own: 16-byte aligned states leave no
 * room for these 4 bytes). A cell guess (band 0..2, bit = the cell) tries
 * the cell's digits; a configuration guess (bit = FAST9_CFG + digit) tries
 * the permutations left to the digit in a band (band 0..2) or a stack
 * (band 3..5). */
struct fast9_frame {
  uint16_t left;
  uint8_t band, bit;
};

#define FAST9_CFG 32

/*
 * The branching choice, tdoku's: in every band and every stack a digit
 * takes one permutation (configuration) of the 3x3 triad matrix (rows to
 * boxes, or bands to the stack's columns). The band or stack with the
 * fewest configurations over its 9 digits, if any digit there has two or
 * more, and in it the digit with the fewest; each branch keeps one
 * configuration. With the triads this matches tdoku's guess counts (count
 * to 2 on the hardest 11+: 137 branches against tdoku's 136 and 175 for
 * the best bivalue cell, the choice before); either alone saved under
 * 2%. The counts are kept in ncfg by the updates and fast9_stacks, so the
 * choice costs ~80 operations. Returns false when every digit has one
 * configuration everywhere (then every digit has at most one cell per box left:
 * nothing to guess).
 */
static bool fast9_pick_config(const struct fast9_state *s, int *band,
                              int *digit, uint32_t *configs) {
  /* Minima of keys (count, index) without branches: which band wins is
   * data, and a branch on it mispredicted often. */
  int key = 0x7FFF;
  FAST9_UNROLL(6)
  for (int b = 0; b < 6; b++) {
    const uint8_t *n = &s->ncfg[b < 3 ? b : 24 + b];
    int tot = n[0] + n[3] + n[6] + n[9] + n[12] + n[15] + n[18] + n[21] + n[24];
    int k = tot >= 10 ? tot << 3 | b : 0x7FFF;
    key = k < key ? k : key;
  }
  if (key == 0x7FFF)
    return false;
  int best = key & 7;
  /* The same for the digit, on n - 2 unsigned: a digit with one
   * configuration (n = 1) wraps to a key above every other. Written
   * without ?: (GCC made those branches here, one mispredicted every
   * three picks), as is the band-or-stack choice below. */
  int stack = best >= 3, base = best + 24 * stack;
  uint32_t dkey = 0xFFFFFFFFu;
  FAST9_UNROLL(9)
  for (int i = 0; i < 9; i++) {
    uint32_t k = (uint32_t)(s->ncfg[base + 3 * i] - 2) << 4 | (uint32_t)i;
    dkey = k < dkey ? k : dkey;
  }
  int d = (int)(dkey & 15);
  const uint32_t *f = &s->f[3 * d];
  /* Band i's columns at bits 9i..9i+8: stack k's matrix is then the bits
   * 9i + 3k + j, gathered like a band's triads. Both are computed. */
  uint32_t cols =
      fast9_cols(f[0]) | fast9_cols(f[1]) << 9 | fast9_cols(f[2]) << 18;
  uint32_t tb = fast9_matrix(f[best - 3 * stack]);
  uint32_t ts = fast9_gather(cols >> (3 * (best - 3 * stack)) & FAST9_BOX);
  uint32_t t = stack ? ts : tb;
  *band = best;
  *digit = d;
  *configs = fast9_configs[t];
  return true;
}

/* Keeps digit d to permutation p in band b (0..2) or stack b - 3. */
static void fast9_apply_config(struct fast9_state *s, int d, int b, int p) {
  if (b < 3) {
    s->f[3 * d + b] &= fast9_perm_cells[p];
    return;
  }
  int k = b - 3;
  for (int i = 0; i < 3; i++) {
    uint32_t col = (uint32_t)__builtin_ctz(fast9_perm[p] >> (3 * i) & 7u);
    s->f[3 * d + i] &= ~(FAST9_BOX << (3 * k)) | FAST9_COL
                                                     << (3 * (uint32_t)k + col);
  }
}

/* The open cell with the fewest candidates: a fallback that no search
 * reaches (see fast9_pick_config), kept so that any state gets a guess. */
static void fast9_pick_any(const struct fast9_state *s, int *band, int *bit) {
  int best = 10;
  for (int b = 0; b < 3; b++) {
    for (uint32_t m = s->open[b]; m; m &= m - 1) {
      int x = __builtin_ctz(m), n = 0;
      for (int d = 0; d < 9; d++)
        n += (int)(s->f[3 * d + b] >> x & 1);
      if (n < best) {
        best = n;
        *band = b;
        *bit = x;
      }
    }
  }
}

enum fast9_result { FAST9_FAIL, FAST9_SOLVED, FAST9_GUESS };

/* Propagates to a fixed point including naked singles and triads. On
 * FAST9_GUESS sets *band, *bit and *choices to the guess: a digit's
 * configuration (bit = FAST9_CFG + digit, *choices its configurations) or,
 * with rowmajor, a cell (*choices its digits). */
static enum fast9_result fast9_reduce(struct fast9_state *s, uint32_t *seen,
                                      uint32_t dirty, bool rowmajor, int *band,
                                      int *bit, uint32_t *choices) {
  for (;;) {
    if (!fast9_propagate(s, seen, dirty))
      return FAST9_FAIL;
    if ((s->open[0] | s->open[1] | s->open[2]) == 0)
      return FAST9_SOLVED;
    /* Per band, r1/r2: cells with at least 1/2 candidates. */
    uint32_t one[3], r1[4], r2[4];
    fast9_counts(s->f, r1, r2);
    bool placed = false;
    for (int b = 0; b < 3; b++) {
      uint32_t open = s->open[b];
      if (open & ~r1[b])
        return FAST9_FAIL;
      one[b] = open & ~r2[b];
      placed |= one[b] != 0;
    }
    if (placed) {
      /* Naked singles: only digit d has cell x, so keeping x alone in d's
       * row places it; the propagation does the rest (the row single
       * clears the column in d's other bands, the shrink the box). A cell
       * emptied by an earlier one in this loop has no digit left and
       * fails; two in one box or column fail in the propagation. The
       * words changed are the next propagation's dirty words, which saves
       * reading f[] back as vectors right after these scalar stores. */
      dirty = 0;
      for (int b = 0; b < 3; b++) {
        for (uint32_t m = one[b]; m; m &= m - 1) {
          int x = __builtin_ctz(m);
          uint32_t ds = 0;
          FAST9_UNROLL(9)
          for (int d = 0; d < 9; d++)
            ds |= (s->f[3 * d + b] >> x & 1u) << d;
          if (ds == 0)
            return FAST9_FAIL;
          int i = 3 * __builtin_ctz(ds) + b;
          s->f[i] &= ~(0x1FFu << (9 * (x / 9))) | 1u << x;
          dirty |= 1u << i;
        }
      }
      continue;
    }
    dirty = 0;
    int news = fast9_stacks(s, &dirty);
    if (news == 0)
      news = fast9_triads(s, &dirty);
    if (news < 0)
      return FAST9_FAIL;
    if (news > 0)
      continue;
    if (rowmajor) {
      /* Bits run row-major inside a band, bands top to bottom. */
      *band = s->open[0] ? 0 : s->open[1] ? 1 : 2;
      *bit = __builtin_ctz(s->open[*band]);
    } else if (fast9_pick_config(s, band, bit, choices)) {
      *bit += FAST9_CFG;
      return FAST9_GUESS;
    } else
      fast9_pick_any(s, band, bit);
    uint32_t ds = 0;
    for (int d = 0; d < 9; d++)
      ds |= (s->f[3 * d + *band] >> *bit & 1u) << d;
    *choices = ds;
    return FAST9_GUESS;
  }
}

/* Takes choice c (a digit or a permutation) of the guess at band, bit, in
 * a state at a fixed point. Returns the words it may have changed, or
 * FAST9_COMPARE. */
static inline uint32_t fast9_branch(struct fast9_state *s, int band, int bit,
                                    int c) {
  if (bit < FAST9_CFG) {
    fast9_place(s, c, band, bit);
    return FAST9_COMPARE;
  }
  int d = bit - FAST9_CFG;
  fast9_apply_config(s, d, band, c);
  return band < 3 ? 1u << (3 * d + band) : 7u << (3 * d);
}

/* Copies the solution of a fully placed state into out[81]. */
static void fast9_write(const struct fast9_state *s, uint8_t out[81]) {
  for (int d = 0; d < 9; d++)
    for (int b = 0; b < 3; b++)
      for (uint32_t m = s->f[3 * d + b]; m; m &= m - 1)
        out[27 * b + __builtin_ctz(m)] = (uint8_t)(d + 1);
}

/* Builds the root state from the givens without branching on each cell:
 * a given removes its row, box and column from its digit and its cell from
 * every other digit. The first propagation handles the solved rows. */
static void fast9_init(struct fast9_state *s, uint32_t *seen,
                       const uint8_t cells[81]) {
  uint32_t at[16][3] = {{0}}; /* at[v][b]: cells of band b holding v */
  for (int b = 0; b < 3; b++)
    for (int x = 0; x < 27; x++)
      at[cells[27 * b + x] & 15][b] |= 1u << x;
  for (int d = 0; d < 9; d++) {
    uint32_t all = at[d + 1][0] | at[d + 1][1] | at[d + 1][2];
    uint32_t cols = ((all | all >> 9 | all >> 18) & 0x1FFu) * FAST9_COL;
    for (int b = 0; b < 3; b++) {
      uint32_t p = at[d + 1][b], q = p | p >> 9 | p >> 18;
      uint32_t rows = ((p & 0x1FFu) ? 0x1FFu : 0) |
                      ((p & 0x3FE00u) ? 0x3FE00u : 0) |
                      ((p & 0x7FC0000u) ? 0x7FC0000u : 0);
      uint32_t boxes = ((q & 7u) ? FAST9_BOX : 0) |
                       ((q & 070u) ? FAST9_BOX << 3 : 0) |
                       ((q & 0700u) ? FAST9_BOX << 6 : 0);
      uint32_t free = FAST9_BAND & at[0][b];
      s->f[3 * d + b] = (free & ~(rows | boxes | cols)) | p;
      seen[3 * d + b] = 0; /* differs from f: everything has news */
    }
  }
  for (int b = 0; b < 3; b++) {
    s->open[b] = FAST9_BAND;
  }
  s->news = FAST9_BAND;
  s->f[27] = seen[27] = 0;
  memset(s->ncfg, 1, sizeof s->ncfg); /* all set before they are read */
}

uint32_t fast9_solve(const uint8_t cells[81], uint32_t limit, struct budget *b,
                     uint8_t first[81]) {
  return fast9_search(cells, limit, false, b, first);
}

uint32_t fast9_search(const uint8_t cells[81], uint32_t limit, bool rowmajor,
                      struct budget *b, uint8_t first[81]) {
  struct fast9_state s;
  _Alignas(16) uint32_t seen[28];
  /* 81 states of 192 bytes: about 15 KiB, the bulk of the stack use. */
  struct fast9_state saved[FAST9_DEPTH];
  struct fast9_frame stack[FAST9_DEPTH];
  int sp = 0;
  uint32_t found = 0, dirty = FAST9_BAND; /* the root: every word */

  if (!budget_node(b))
    return 0;
  fast9_init(&s, seen, cells);

  for (;;) {
    int band = 0, bit = 0;
    uint32_t choices = 0;
    enum fast9_result r =
        fast9_reduce(&s, seen, dirty, rowmajor, &band, &bit, &choices);
    if (r == FAST9_GUESS && sp < FAST9_DEPTH) { /* see FAST9_DEPTH */
      /* A frame stays on the stack only while it has choices left, so
       * that backtracking takes the top one without a loop (whose exit
       * mispredicted). */
      saved[sp] = s;
      struct fast9_frame *fr = &stack[sp];
      fr->left = (uint16_t)(choices & (choices - 1));
      fr->band = (uint8_t)band;
      fr->bit = (uint8_t)bit;
      sp += fr->left != 0;
      b->guesses++;
      if (!budget_node(b))
        return found;
      dirty = fast9_branch(&s, band, bit, __builtin_ctz(choices));
      continue;
    }
    if (r == FAST9_SOLVED) {
      if (found++ == 0)
        fast9_write(&s, first);
      if (found >= limit)
        return found;
    }
    /* Backtrack: next choice of the newest guess (all on the stack have
     * choices left). */
    if (sp == 0)
      return found;
    struct fast9_frame *fr = &stack[sp - 1];
    int c = __builtin_ctz(fr->left);
    fr->left &= (uint16_t)(fr->left - 1);
    s = saved[sp - 1];
    sp -= fr->left == 0; /* fr itself stays valid until the next guess */
    memcpy(seen, s.f, sizeof seen);
    b->guesses++;
    if (!budget_node(b))
      return found;
    dirty = fast9_branch(&s, fr->band, fr->bit, c);
  }
}
