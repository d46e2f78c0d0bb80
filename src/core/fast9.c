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
 * Measured (callgrind, count to 2, sudoku_solve included): ~22k
 * instructions per 17-clue puzzle, ~82k on top1465, ~480k on the forum's
 * hardest 11+ (tdoku, built for AVX2: 20k, 55k, 316k), with tdoku's
 * number of branches (0.75, 18.0, 137 against 0.37, 17.9, 136) and of
 * simulated branch mispredictions (~1700 per hardest puzzle).
 *
 * What it does NOT do: other sizes, validation of the givens (the caller
 * does that: clashing givens give meaningless results), I/O or allocation.
 *
 * Glossary:
 *   band   three rows: rows 0-2, 3-5 or 6-8. A band mask has 27 bits, bit
 *          9*r + c for row r (0..2) of the band and column c (0..8).
 *   f[]    f[3*d + b] holds the cells of band b where digit d+1 may still go.
 *   triad  the three cells where one row of a band crosses one box.
 *   shrink in one band a digit takes exactly one triad per row and per box,
 *          i.e. a permutation of the band's 3x3 triad matrix; fast9_shrink
 *          maps the triads still occupied to the cells of triads that lie on
 *          some permutation (0 when none does: a contradiction).
 *   solved row  a row of f[] with a single cell left: the digit is placed
 *          there, the cell leaves the other digits and the column leaves the
 *          digit's other bands. Every update does that again for every
 *          solved row (it changes nothing the second time): cheaper than
 *          remembering which rows were done.
 *   seen[] the value of f[] when it was last propagated; f[i] != seen[i]
 *          means digit/band i has news to spread.
 */
#include <string.h>

#include "fast9_tables.h"
#include "internal.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define FAST9_BAND 0x7FFFFFFu     /* all 27 cells of a band */
#define FAST9_COL 0x40201u        /* column 0 in the three rows of a band */
#define FAST9_BOX 0x1C0E07u       /* box 0 of a band (three triads) */
#define FAST9_TRIAD0 01111111111u /* the first cell of each of 9 triads */
/* With rowmajor each guess places one open cell before the next, so a
 * path holds at most 80 guesses. Otherwise a guess leaves its digit one
 * configuration in its band or stack, which it keeps below: at most 54
 * guesses (then every digit has one cell per box: no guess is left). The
 * stack never overflows. */
#define FAST9_DEPTH 81

/* Fully unrolled small loops: GCC -O2 keeps them as loops, and in the
 * hottest ones (fast9_dirty, the SSE2 counts) the loop control costs as
 * much as the work. */
#if defined(__GNUC__) && !defined(__clang__)
#define FAST9_PRAGMA(x) _Pragma(#x)
#define FAST9_UNROLL(n) FAST9_PRAGMA(GCC unroll n)
#else
#define FAST9_UNROLL(n)
#endif

/* Word i = 3d + b of f[]: its band, and the same digit's other bands. */
static const uint8_t fast9_band_of[27] = {0, 1, 2, 0, 1, 2, 0, 1, 2,
                                          0, 1, 2, 0, 1, 2, 0, 1, 2,
                                          0, 1, 2, 0, 1, 2, 0, 1, 2};
static const uint8_t fast9_other1[27] = {1,  2,  0,  4,  5,  3,  7,  8,  6,
                                         10, 11, 9,  13, 14, 12, 16, 17, 15,
                                         19, 20, 18, 22, 23, 21, 25, 26, 24};
static const uint8_t fast9_other2[27] = {2,  0,  1,  5,  3,  4,  8,  6,  7,
                                         11, 9,  10, 14, 12, 13, 17, 15, 16,
                                         20, 18, 19, 23, 21, 22, 26, 24, 25};

/* Cells of the band rows named by a 3-bit row set. */
static const uint32_t fast9_rows_mask[8] = {
    0x0000000, 0x00001FF, 0x003FE00, 0x003FFFF,
    0x7FC0000, 0x7FC01FF, 0x7FFFE00, 0x7FFFFFF,
};

struct fast9_state {
  uint32_t f[28];   /* candidates, see glossary; f[27] = 0 pads for SSE2 */
  uint32_t open[3]; /* cells of each band not yet placed */
  uint32_t news;    /* bit 3*d + b: f[3*d + b] changed since fast9_stacks */
  /* Configurations left (see fast9_pick_config) to digit d: ncfg[3*d + b]
   * in band b, as of its last update; ncfg[27 + 3*d + k] in stack k, as
   * of its last fast9_stacks. Exact at a fixed point. */
  uint8_t ncfg[56];
};

/* One guess on the stack: the state before it and the choices not yet
 * tried. A cell guess (band 0..2, bit = the cell) tries the cell's digits;
 * a configuration guess (bit = FAST9_CFG + digit) tries the permutations
 * left to the digit in a band (band 0..2) or a stack (band 3..5). */
struct fast9_frame {
  struct fast9_state s;
  uint16_t left;
  uint8_t band, bit;
};

#define FAST9_CFG 32

/* Bits 9r + k (k < 3) to 3r + k: shifts of 18, 12 and 6 by one multiply;
 * no two partial products meet, so nothing carries into bits 18..26. */
static inline uint32_t fast9_gather(uint32_t t) {
  return (t * 0x41040u >> 18) & 0x1FFu;
}

/* Triad matrix of band mask a: bit 3r + k when triad (row r, box k) has a
 * cell of a. */
static inline uint32_t fast9_matrix(uint32_t a) {
  uint32_t t = (a | a >> 1 | a >> 2) & FAST9_TRIAD0;
  return fast9_gather((t | t >> 2 | t >> 4) & FAST9_BOX);
}

/* Columns of band mask a holding a cell of it (9 bits). */
static inline uint32_t fast9_cols(uint32_t a) {
  return (a | a >> 9 | a >> 18) & 0x1FFu;
}

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
  key = 0xFF;
  FAST9_UNROLL(9)
  for (int i = 0; i < 9; i++) {
    int n = s->ncfg[(best < 3 ? best : 24 + best) + 3 * i];
    int k = n >= 2 ? n << 4 | i : 0xFF;
    key = k < key ? k : key;
  }
  int d = key & 15;
  const uint32_t *f = &s->f[3 * d];
  uint32_t t;
  if (best < 3) {
    t = fast9_matrix(f[best]);
  } else {
    /* Band i's columns at bits 9i..9i+8: stack k's matrix is then the
     * bits 9i + 3k + j, gathered like a band's triads. */
    uint32_t cols =
        fast9_cols(f[0]) | fast9_cols(f[1]) << 9 | fast9_cols(f[2]) << 18;
    t = fast9_gather(cols >> (3 * (best - 3)) & FAST9_BOX);
  }
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

/* Places digit d at bit x of band b: the cell leaves the other digits, the
 * row and box leave digit d in band b, the column leaves d elsewhere. */
static inline void fast9_place(struct fast9_state *s, int d, int b, int x) {
  uint32_t bit = 1u << x;
  int c = x % 9;
  uint32_t keep = s->f[3 * d + b] & bit;
  for (int i = 0; i < 9; i++)
    s->f[3 * i + b] &= ~bit;
  uint32_t peers = (0x1FFu << (x - c)) | (FAST9_BOX << (c - c % 3));
  s->f[3 * d + b] = (s->f[3 * d + b] & ~peers) | keep;
  s->f[3 * d + (b + 1) % 3] &= ~(FAST9_COL << c);
  s->f[3 * d + (b + 2) % 3] &= ~(FAST9_COL << c);
}

/* Phase one of a propagation pass on word i = 3d + b of f[] (digit d, band
 * b): shrinks it to the triads on some permutation and returns in *cells
 * the cells of its rows newly down to one (still open). Returns false on a
 * contradiction. It writes only word i's own entries, so the updates of
 * one pass do not wait on each other through memory: the stores of phase
 * two (fast9_settle) used to sit between them, and each update's load
 * waited on the previous one's whole chain of arithmetic. One copy for all
 * 27 words: a copy per word behind a jump table (an earlier form) cost an
 * indirect-branch misprediction per update. */
static inline bool fast9_update(struct fast9_state *s, uint32_t *seen, int i,
                                uint32_t *cells) {
  uint32_t a = s->f[i];
  uint32_t t = fast9_matrix(a);
  a &= fast9_shrink[t];
  if (a == 0)
    return false;
  s->ncfg[i] = fast9_nconfigs[t];
  /* Every row is non-empty after the shrink, so a - FAST9_COL borrows
   * inside each row: y keeps a row's cells but its lowest, 0 when the row
   * has one cell. Its rows' non-empty flags (bits 0, 9, 18) are gathered
   * into bits 18..20 by one multiply (no two partial products collide). */
  uint32_t y = a & (a - FAST9_COL);
  y = (y | y >> 1 | y >> 2) & FAST9_TRIAD0;
  y = (y | y >> 3 | y >> 6) & FAST9_COL;
  uint32_t single = ~(y * 0x40404u >> 18) & 7u;
  *cells = a & fast9_rows_mask[single] & s->open[fast9_band_of[i]];
  s->f[i] = seen[i] = a;
  return true;
}

/* Phase two: places digit d at the cells of word i = 3d + b found by phase
 * one. They leave the other digits and their columns leave d's other
 * bands. Word i keeps what it still had of them: a cell another placement
 * of this pass took is gone from both, and the emptied row fails the next
 * shrink. */
static inline void fast9_settle(struct fast9_state *s, int i, uint32_t cells) {
  int b = fast9_band_of[i];
  uint32_t keep = s->f[i] & cells;
  s->open[b] &= ~cells;
  uint32_t *fb = s->f + b;
  FAST9_UNROLL(9)
  for (int k = 0; k < 9; k++)
    fb[3 * k] &= ~cells;
  s->f[i] |= keep;
  uint32_t c = (cells | cells >> 9 | cells >> 18) & 0x1FFu;
  c *= FAST9_COL;
  s->f[fast9_other1[i]] &= ~c;
  s->f[fast9_other2[i]] &= ~c;
}

/* Bit i set when f[i] != seen[i], i < 27. With SSE2 (baseline x86-64) the
 * 28 words are compared four at a time; f[27] and seen[27] are always 0. */
static inline uint32_t fast9_dirty(const uint32_t *f, const uint32_t *seen) {
#if defined(__SSE2__)
  uint32_t same = 0;
  FAST9_UNROLL(7)
  for (int k = 0; k < 7; k++) {
    __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(f + 4 * k));
    __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(seen + 4 * k));
    same |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, b)))
            << (4 * k);
  }
  return ~same & 0x7FFFFFFu;
#else
  uint32_t m = 0;
  for (int i = 0; i < 27; i++)
    m |= (uint32_t)(f[i] != seen[i]) << i;
  return m;
#endif
}

/* Per band b (word b of each output): the cells with at least 1 and 2
 * candidates. With SSE2 the three bands of a digit (f[3d..3d+3], f[27] = 0
 * pads) are one vector: 9 steps instead of 27. */
static inline void fast9_counts(const uint32_t *f, uint32_t r1[4],
                                uint32_t r2[4]) {
#if defined(__SSE2__)
  __m128i a1 = _mm_setzero_si128(), a2 = a1;
  FAST9_UNROLL(9)
  for (int d = 0; d < 9; d++) {
    __m128i m = _mm_loadu_si128((const __m128i *)(const void *)(f + 3 * d));
    a2 = _mm_or_si128(a2, _mm_and_si128(a1, m));
    a1 = _mm_or_si128(a1, m);
  }
  _mm_storeu_si128((__m128i *)(void *)r1, a1);
  _mm_storeu_si128((__m128i *)(void *)r2, a2);
#else
  for (int b = 0; b < 3; b++) {
    r1[b] = r2[b] = 0;
    for (int d = 0; d < 9; d++) {
      uint32_t m = f[3 * d + b];
      r2[b] |= r1[b] & m;
      r1[b] |= m;
    }
  }
#endif
}

/* Passes of fast9_update on every digit/band with news, then fast9_settle
 * on the rows they solved, until no news is left. */
static bool fast9_propagate(struct fast9_state *s, uint32_t *seen) {
  for (;;) {
    uint32_t dirty = fast9_dirty(s->f, seen);
    if (!dirty)
      return true;
    s->news |= dirty;
    uint32_t cells[27], placing = 0;
    do {
      int i = __builtin_ctz(dirty);
      dirty &= dirty - 1;
      if (!fast9_update(s, seen, i, &cells[i]))
        return false;
      placing |= (uint32_t)(cells[i] != 0) << i;
    } while (dirty);
    for (; placing; placing &= placing - 1) {
      int i = __builtin_ctz(placing);
      fast9_settle(s, i, cells[i]);
    }
  }
}

/* Column j of each stack takes column j+1 (j+2) of the same stack. */
static inline uint32_t fast9_rot1(uint32_t c) {
  return ((c >> 1) & 0333u) | ((c << 2) & 0444u);
}
static inline uint32_t fast9_rot2(uint32_t c) {
  return ((c >> 2) & 0111u) | ((c << 1) & 0666u);
}

/*
 * Stacks, what the band updates cannot see (tdoku's vertical bands): per
 * digit, the three bands' columns of one stack form a 3x3 band-by-column
 * matrix that must hold a permutation (one place per column, one per box);
 * cells on no permutation go. That is box-column locked candidates in both
 * directions and more. An entry (b, j) lies on a permutation when one of
 * the two pairings of the other bands with the other columns of its stack
 * does; the rotations test the three stacks at once, ~40 operations a
 * digit, for digits with news only. Tried when the band updates and the
 * singles are exhausted.
 * Returns -1 on a contradiction, else whether any candidate went.
 */
static int fast9_stacks(struct fast9_state *s) {
  uint32_t news = s->news, gone = 0;
  s->news = 0;
  /* Bit 3d: digit d has news in some band; walked with ctz, so that the
   * loop mispredicts once per call rather than once per digit. */
  for (uint32_t m = (news | news >> 1 | news >> 2) & 01111111111u; m;
       m &= m - 1) {
    int d3 = __builtin_ctz(m); /* 3d */
    uint32_t *f = &s->f[d3];
    uint32_t c0 = fast9_cols(f[0]), c1 = fast9_cols(f[1]),
             c2 = fast9_cols(f[2]);
    uint32_t k0 = c0 & ((fast9_rot1(c1) & fast9_rot2(c2)) |
                        (fast9_rot2(c1) & fast9_rot1(c2)));
    uint32_t k1 = c1 & ((fast9_rot1(c0) & fast9_rot2(c2)) |
                        (fast9_rot2(c0) & fast9_rot1(c2)));
    uint32_t k2 = c2 & ((fast9_rot1(c0) & fast9_rot2(c1)) |
                        (fast9_rot2(c0) & fast9_rot1(c1)));
    /* A stack without a permutation leaves its columns empty in every
     * band; one with a permutation has each of its columns in some band. */
    if ((k0 | k1 | k2) != 0x1FFu)
      return -1;
    uint32_t cols = k0 | k1 << 9 | k2 << 18;
    for (int k = 0; k < 3; k++)
      s->ncfg[27 + d3 + k] =
          fast9_nconfigs[fast9_gather(cols >> (3 * k) & FAST9_BOX)];
    uint32_t n0 = f[0] & k0 * FAST9_COL, n1 = f[1] & k1 * FAST9_COL,
             n2 = f[2] & k2 * FAST9_COL;
    gone |= (f[0] ^ n0) | (f[1] ^ n1) | (f[2] ^ n2);
    f[0] = n0;
    f[1] = n1;
    f[2] = n2;
  }
  return gone != 0;
}

#if !defined(__SSE2__)
/* The triads of the next function for one band mask a (the scalar path;
 * with SSE2 the same operations run on the three bands at once): *h gets
 * the minirows (bit 9r + 3k) that hold a's only cells of row r, *v the
 * minicolumns (bit c) that hold its only cells in their box. */
static inline void fast9_sure(uint32_t a, uint32_t *h, uint32_t *v) {
  uint32_t u = (a | a >> 1 | a >> 2) & FAST9_TRIAD0;
  uint32_t u3 = u >> 3, u6 = u >> 6;
  uint32_t two = ((u & (u3 | u6)) | (u3 & u6)) & FAST9_COL;
  *h = u & ~(two | two << 3 | two << 6);
  uint32_t q = (a | a >> 9 | a >> 18) & 0x1FFu;
  uint32_t q1 = q >> 1, q2 = q >> 2;
  uint32_t w = ((q & (q1 | q2)) | (q1 & q2)) & 0111u;
  *v = q & ~(w | w << 1 | w << 2);
}
#endif

/*
 * Triads (tdoku's): a minirow (a row's three cells in one box) and a
 * minicolumn hold exactly three digits. A digit is sure to be in a
 * minirow when its row in the band has no cell outside it, in a
 * minicolumn when its box has none outside it; three sure digits are all
 * that minirow (minicolumn) holds, the other digits leave its cells, and
 * four are a contradiction. Counted bit-sliced over the 9 digits; with
 * SSE2 the three bands are the lanes of one vector (~300 operations).
 * Returns -1 on a contradiction, else whether any candidate went.
 */
static int fast9_triads(struct fast9_state *s) {
  uint32_t hs[9][4], vs[9][4];
#if defined(__SSE2__)
  const __m128i triad0 = _mm_set1_epi32((int)FAST9_TRIAD0);
  const __m128i col = _mm_set1_epi32((int)FAST9_COL);
  const __m128i low9 = _mm_set1_epi32(0x1FF), stack0 = _mm_set1_epi32(0111);
  __m128i a1 = _mm_setzero_si128(), a2 = a1, a3 = a1, a4 = a1;
  __m128i b1 = a1, b2 = a1, b3 = a1, b4 = a1;
  FAST9_UNROLL(9)
  for (int d = 0; d < 9; d++) {
    __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(s->f + 3 * d));
    __m128i u =
        _mm_and_si128(_mm_or_si128(a, _mm_or_si128(_mm_srli_epi32(a, 1),
                                                   _mm_srli_epi32(a, 2))),
                      triad0);
    __m128i u3 = _mm_srli_epi32(u, 3), u6 = _mm_srli_epi32(u, 6);
    __m128i two =
        _mm_and_si128(_mm_or_si128(_mm_and_si128(u, _mm_or_si128(u3, u6)),
                                   _mm_and_si128(u3, u6)),
                      col);
    two = _mm_or_si128(
        two, _mm_or_si128(_mm_slli_epi32(two, 3), _mm_slli_epi32(two, 6)));
    __m128i h = _mm_andnot_si128(two, u);
    __m128i q =
        _mm_and_si128(_mm_or_si128(a, _mm_or_si128(_mm_srli_epi32(a, 9),
                                                   _mm_srli_epi32(a, 18))),
                      low9);
    __m128i q1 = _mm_srli_epi32(q, 1), q2 = _mm_srli_epi32(q, 2);
    __m128i w =
        _mm_and_si128(_mm_or_si128(_mm_and_si128(q, _mm_or_si128(q1, q2)),
                                   _mm_and_si128(q1, q2)),
                      stack0);
    w = _mm_or_si128(w,
                     _mm_or_si128(_mm_slli_epi32(w, 1), _mm_slli_epi32(w, 2)));
    __m128i v = _mm_andnot_si128(w, q);
    _mm_storeu_si128((__m128i *)(void *)hs[d], h);
    _mm_storeu_si128((__m128i *)(void *)vs[d], v);
    a4 = _mm_or_si128(a4, _mm_and_si128(a3, h));
    a3 = _mm_or_si128(a3, _mm_and_si128(a2, h));
    a2 = _mm_or_si128(a2, _mm_and_si128(a1, h));
    a1 = _mm_or_si128(a1, h);
    b4 = _mm_or_si128(b4, _mm_and_si128(b3, v));
    b3 = _mm_or_si128(b3, _mm_and_si128(b2, v));
    b2 = _mm_or_si128(b2, _mm_and_si128(b1, v));
    b1 = _mm_or_si128(b1, v);
  }
  /* Lane 3 holds the next digit's band 0 (or the pad): its counts are
   * noise. Zero in its masks, the stores below write back what they read. */
  const __m128i zero = _mm_setzero_si128(),
                lanes = _mm_set_epi32(0, -1, -1, -1);
  if (_mm_movemask_epi8(_mm_cmpeq_epi32(
          _mm_and_si128(_mm_or_si128(a4, b4), lanes), zero)) != 0xFFFF)
    return -1;
  a3 = _mm_and_si128(a3, lanes);
  b3 = _mm_and_si128(b3, lanes);
  if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_or_si128(a3, b3), zero)) == 0xFFFF)
    return 0;
  __m128i gone = zero;
  FAST9_UNROLL(9)
  for (int d = 0; d < 9; d++) {
    __m128i x = _mm_andnot_si128(
        _mm_loadu_si128((const __m128i *)(const void *)hs[d]), a3);
    __m128i y = _mm_andnot_si128(
        _mm_loadu_si128((const __m128i *)(const void *)vs[d]), b3);
    __m128i m =
        _mm_or_si128(_mm_or_si128(_mm_or_si128(x, _mm_slli_epi32(x, 1)),
                                  _mm_or_si128(_mm_slli_epi32(x, 2), y)),
                     _mm_or_si128(_mm_slli_epi32(y, 9), _mm_slli_epi32(y, 18)));
    __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(s->f + 3 * d));
    gone = _mm_or_si128(gone, _mm_and_si128(a, m));
    _mm_storeu_si128((__m128i *)(void *)(s->f + 3 * d), _mm_andnot_si128(m, a));
  }
  return _mm_movemask_epi8(_mm_cmpeq_epi32(gone, zero)) != 0xFFFF;
#else
  uint32_t h3[3], h4[3], v3[3], v4[3];
  for (int b = 0; b < 3; b++) {
    uint32_t x1 = 0, x2 = 0, y1 = 0, y2 = 0;
    h3[b] = h4[b] = v3[b] = v4[b] = 0;
    for (int d = 0; d < 9; d++) {
      uint32_t h, v;
      fast9_sure(s->f[3 * d + b], &h, &v);
      hs[d][b] = h;
      vs[d][b] = v;
      h4[b] |= h3[b] & h;
      h3[b] |= x2 & h;
      x2 |= x1 & h;
      x1 |= h;
      v4[b] |= v3[b] & v;
      v3[b] |= y2 & v;
      y2 |= y1 & v;
      y1 |= v;
    }
  }
  uint32_t gone = 0;
  for (int b = 0; b < 3; b++) {
    if (h4[b] | v4[b])
      return -1;
    if ((h3[b] | v3[b]) == 0)
      continue;
    FAST9_UNROLL(9)
    for (int d = 0; d < 9; d++) {
      uint32_t x = h3[b] & ~hs[d][b], y = v3[b] & ~vs[d][b];
      uint32_t a = s->f[3 * d + b];
      uint32_t n = a & ~(x | x << 1 | x << 2) & ~(y * FAST9_COL);
      gone |= a ^ n;
      s->f[3 * d + b] = n;
    }
  }
  return gone != 0;
#endif
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
                                      bool rowmajor, int *band, int *bit,
                                      uint32_t *choices) {
  for (;;) {
    if (!fast9_propagate(s, seen))
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
      /* Naked singles: place each; a cell emptied by an earlier one in this
       * loop has no digit left and fails. */
      for (int b = 0; b < 3; b++) {
        for (uint32_t m = one[b]; m; m &= m - 1) {
          int x = __builtin_ctz(m);
          uint32_t ds = 0;
          FAST9_UNROLL(9)
          for (int d = 0; d < 9; d++)
            ds |= (s->f[3 * d + b] >> x & 1u) << d;
          if (ds == 0)
            return FAST9_FAIL;
          fast9_place(s, __builtin_ctz(ds), b, x);
        }
      }
      continue;
    }
    int news = fast9_stacks(s);
    if (news == 0)
      news = fast9_triads(s);
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

/* Takes choice c (a digit or a permutation) of the guess at band, bit. */
static inline void fast9_branch(struct fast9_state *s, int band, int bit,
                                int c) {
  if (bit >= FAST9_CFG)
    fast9_apply_config(s, bit - FAST9_CFG, band, c);
  else
    fast9_place(s, c, band, bit);
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
  uint32_t seen[28];
  /* 81 frames of 188 bytes: about 15 KiB, the bulk of the stack use. */
  struct fast9_frame stack[FAST9_DEPTH];
  int sp = 0;
  uint32_t found = 0;

  if (!budget_node(b))
    return 0;
  fast9_init(&s, seen, cells);

  for (;;) {
    int band = 0, bit = 0;
    uint32_t choices = 0;
    enum fast9_result r =
        fast9_reduce(&s, seen, rowmajor, &band, &bit, &choices);
    if (r == FAST9_GUESS && sp < FAST9_DEPTH) { /* see FAST9_DEPTH */
      struct fast9_frame *fr = &stack[sp++];
      fr->s = s;
      fr->left = (uint16_t)(choices & (choices - 1));
      fr->band = (uint8_t)band;
      fr->bit = (uint8_t)bit;
      b->guesses++;
      if (!budget_node(b))
        return found;
      fast9_branch(&s, band, bit, __builtin_ctz(choices));
      continue;
    }
    if (r == FAST9_SOLVED) {
      if (found++ == 0)
        fast9_write(&s, first);
      if (found >= limit)
        return found;
    }
    /* Backtrack: next choice of the newest guess with choices left. */
    while (sp > 0 && stack[sp - 1].left == 0)
      sp--;
    if (sp == 0)
      return found;
    struct fast9_frame *fr = &stack[sp - 1];
    int c = __builtin_ctz(fr->left);
    fr->left &= (uint16_t)(fr->left - 1);
    s = fr->s;
    memcpy(seen, s.f, sizeof seen);
    b->guesses++;
    if (!budget_node(b))
      return found;
    fast9_branch(&s, fr->band, fr->bit, c);
  }
}
