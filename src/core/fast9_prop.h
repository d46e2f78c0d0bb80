/*
 * fast9_prop.h - the propagation of the 9x9 fast path: the state, and the
 * rules fast9.c runs to a fixed point before each guess. Static inline
 * functions on purpose: they are the hot loop, and they must inline into
 * fast9_search (one translation unit, no LTO). Only fast9.c includes it.
 *
 * What it holds: the band-bitset state; the band updates (shrink to the
 * triads on some permutation, then the rows solved, fast9_propagate);
 * a cell guess's placement (fast9_place); the per-band candidate counts
 * (fast9_counts); the stack permutation argument (fast9_stacks) and the
 * triads (fast9_triads). Every rule only removes candidates, so the fixed
 * point does not depend on their order. What it does NOT do: choose or
 * undo guesses (fast9.c), read givens, allocate.
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
 *   solved row  a row of f[] with a single cell left, still open: the digit
 *          is placed there (fast9_settle), the cell leaves the other digits
 *          and the column leaves the digit's other bands.
 *   seen[] the value of f[] when it was last propagated; f[i] != seen[i]
 *          means digit/band i has news to spread.
 */
#ifndef SUDOKU_FAST9_PROP_H
#define SUDOKU_FAST9_PROP_H

#include <stdbool.h>
#include <stdint.h>

#include "fast9_tables.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define FAST9_BAND 0x7FFFFFFu     /* all 27 cells of a band */
#define FAST9_COL 0x40201u        /* column 0 in the three rows of a band */
#define FAST9_BOX 0x1C0E07u       /* box 0 of a band (three triads) */
#define FAST9_TRIAD0 01111111111u /* the first cell of each of 9 triads */
#define FAST9_LOW8 0x3FDFEFFu     /* bits 0-7 of each row */
#define FAST9_BIT8 0x4020100u     /* bit 8 of each row */
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

struct fast9_state {
  _Alignas(16)
      uint32_t f[28]; /* candidates, see glossary; f[27] = 0 pads for SSE2 */
  uint32_t open[3];   /* cells of each band not yet placed */
  uint32_t news;      /* bit 3*d + b: f[3*d + b] changed since fast9_stacks */
  /* Configurations left (see fast9_pick_config) to digit d: ncfg[3*d + b]
   * in band b, as of its last update; ncfg[27 + 3*d + k] in stack k, as
   * of its last fast9_stacks. Exact at a fixed point. */
  uint8_t ncfg[56];
};

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

/* Places digit d at bit x of band b (a rowmajor guess: x may have other
 * digits): the cell leaves the other digits, the row and box leave digit
 * d in band b, the column leaves d elsewhere. */
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
   * has one cell. Adding 0xFF to a row's low 8 bits carries into its bit 8
   * exactly when they are not all 0 (never further), so z gets bit 8 of
   * each row of y that is empty; z - (z >> 8) fills such a row's bits 0-7.
   * ~10 operations, no multiply or table on this chain. */
  uint32_t y = a & (a - FAST9_COL);
  uint32_t z = ~(((y & FAST9_LOW8) + FAST9_LOW8) | y) & FAST9_BIT8;
  uint32_t rows = z | (z - (z >> 8));
  *cells = a & rows & s->open[fast9_band_of[i]];
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
 * 28 words are compared four at a time and the 7 masks packed to bytes
 * (saturation keeps 0 and -1) for two movemasks: ~26 instructions against
 * ~44 with a movemask per vector, once per propagation pass. Both arrays
 * are 16-byte aligned; f[27] and seen[27] are always 0. */
static inline uint32_t fast9_dirty(const uint32_t *f, const uint32_t *seen) {
#if defined(__SSE2__)
  __m128i c[8];
  FAST9_UNROLL(7)
  for (int k = 0; k < 7; k++)
    c[k] = _mm_cmpeq_epi32(
        _mm_load_si128((const __m128i *)(const void *)(f + 4 * k)),
        _mm_load_si128((const __m128i *)(const void *)(seen + 4 * k)));
  c[7] = _mm_setzero_si128();
  __m128i lo =
      _mm_packs_epi16(_mm_packs_epi32(c[0], c[1]), _mm_packs_epi32(c[2], c[3]));
  __m128i hi =
      _mm_packs_epi16(_mm_packs_epi32(c[4], c[5]), _mm_packs_epi32(c[6], c[7]));
  uint32_t same =
      (uint32_t)_mm_movemask_epi8(lo) | (uint32_t)_mm_movemask_epi8(hi) << 16;
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
 * on the rows they solved, until no news is left. dirty: the words that
 * differ from seen, when the caller knows them (a guess changed one word
 * or three), else FAST9_COMPARE: then f and seen are compared. */
#define FAST9_COMPARE 0xFFFFFFFFu
static inline bool fast9_propagate(struct fast9_state *s, uint32_t *seen,
                                   uint32_t dirty) {
  if (dirty == FAST9_COMPARE)
    dirty = fast9_dirty(s->f, seen);
  while (dirty) {
    s->news |= dirty;
    uint32_t cells[27], placing = 0;
    do {
      int i = __builtin_ctz(dirty);
      dirty &= dirty - 1;
      if (!fast9_update(s, seen, i, &cells[i]))
        return false;
      placing |= (uint32_t)(cells[i] != 0) << i;
    } while (dirty);
    /* Nothing placed: every word is as its update left it, f == seen. */
    if (!placing)
      break;
    do {
      int i = __builtin_ctz(placing);
      fast9_settle(s, i, cells[i]);
      placing &= placing - 1;
    } while (placing);
    dirty = fast9_dirty(s->f, seen);
  }
  return true;
}

/* In x (bands' columns at bits 9b..9b+8): column j of each stack takes
 * column j+1 (j+2) of the same stack, in every band at once; and band b
 * takes band b+1 (b+2). */
static inline uint32_t fast9_rot1(uint32_t x) {
  return ((x >> 1) & 0333333333u) | ((x << 2) & 0444444444u);
}
static inline uint32_t fast9_rot2(uint32_t x) {
  return ((x >> 2) & 0111111111u) | ((x << 1) & 0666666666u);
}
static inline uint32_t fast9_next1(uint32_t x) {
  return (x >> 9 | x << 18) & FAST9_BAND;
}
static inline uint32_t fast9_next2(uint32_t x) {
  return (x >> 18 | x << 9) & FAST9_BAND;
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
static inline int fast9_stacks(struct fast9_state *s) {
  uint32_t news = s->news, gone = 0;
  s->news = 0;
  /* Bit 3d: digit d has news in some band; walked with ctz, so that the
   * loop mispredicts once per call rather than once per digit. */
  for (uint32_t m = (news | news >> 1 | news >> 2) & 01111111111u; m;
       m &= m - 1) {
    int d3 = __builtin_ctz(m); /* 3d */
    uint32_t *f = &s->f[d3];
    /* Band b's columns at bits 9b..9b+8; k keeps those on a permutation:
     * for band 0, rot1(c1) & rot2(c2) | rot2(c1) & rot1(c2), and so on. */
    uint32_t x =
        fast9_cols(f[0]) | fast9_cols(f[1]) << 9 | fast9_cols(f[2]) << 18;
    uint32_t r1 = fast9_rot1(x), r2 = fast9_rot2(x);
    uint32_t k = x & ((fast9_next1(r1) & fast9_next2(r2)) |
                      (fast9_next1(r2) & fast9_next2(r1)));
    /* A stack without a permutation leaves its columns empty in every
     * band; one with a permutation has each of its columns in some band. */
    if (fast9_cols(k) != 0x1FFu)
      return -1;
    s->ncfg[27 + d3] = fast9_nconfigs[fast9_gather(k & FAST9_BOX)];
    s->ncfg[28 + d3] = fast9_nconfigs[fast9_gather(k >> 3 & FAST9_BOX)];
    s->ncfg[29 + d3] = fast9_nconfigs[fast9_gather(k >> 6 & FAST9_BOX)];
    uint32_t n0 = f[0] & (k & 0x1FFu) * FAST9_COL,
             n1 = f[1] & (k >> 9 & 0x1FFu) * FAST9_COL,
             n2 = f[2] & (k >> 18) * FAST9_COL;
    /* Stored only when changed (one digit in twelve): the vector loads
     * of fast9_triads, next, would otherwise wait on these stores. */
    uint32_t g = (f[0] ^ n0) | (f[1] ^ n1) | (f[2] ^ n2);
    if (g) {
      gone |= g;
      f[0] = n0;
      f[1] = n1;
      f[2] = n2;
    }
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

#if defined(__SSE2__)
/* The bits of u alone in their group of three (bits 3g..3g+2 of each
 * 16-bit lane; every group non-empty): y drops each group's lowest bit,
 * the carry of (y & 0333) + 0333 into bit 3g+2 says the group kept one,
 * and the groups that kept none are what u has alone. */
static inline __m128i fast9_alone_sse(__m128i u) {
  const __m128i one = _mm_set1_epi16(0111), low = _mm_set1_epi16(0333),
                top = _mm_set1_epi16(0444);
  __m128i y = _mm_and_si128(u, _mm_sub_epi16(u, one));
  __m128i z = _mm_and_si128(
      _mm_or_si128(_mm_add_epi16(_mm_and_si128(y, low), low), y), top);
  return _mm_andnot_si128(
      _mm_or_si128(z, _mm_sub_epi16(z, _mm_srli_epi16(z, 2))), u);
}

/* Bits 9r + 3k (k < 3) of each lane to 3r + k: the triad matrix of
 * fast9_matrix without the multiply SSE2 lacks for 32-bit lanes. */
static inline __m128i fast9_compact_sse(__m128i u) {
  __m128i w = _mm_and_si128(
      _mm_or_si128(u, _mm_or_si128(_mm_srli_epi32(u, 2), _mm_srli_epi32(u, 4))),
      _mm_set1_epi32((int)FAST9_BOX));
  return _mm_and_si128(_mm_or_si128(w, _mm_or_si128(_mm_srli_epi32(w, 6),
                                                    _mm_srli_epi32(w, 12))),
                       _mm_set1_epi32(0x1FF));
}

/* The inverse: bit 3r + k of each lane to the three cells of triad (r, k). */
static inline __m128i fast9_expand_sse(__m128i x) {
  __m128i e = _mm_or_si128(
      _mm_and_si128(x, _mm_set1_epi32(07)),
      _mm_or_si128(_mm_slli_epi32(_mm_and_si128(x, _mm_set1_epi32(070)), 6),
                   _mm_slli_epi32(_mm_and_si128(x, _mm_set1_epi32(0700)), 12)));
  __m128i t = _mm_or_si128(
      _mm_and_si128(e, _mm_set1_epi32(01001001)),
      _mm_or_si128(
          _mm_slli_epi32(_mm_and_si128(e, _mm_set1_epi32(02002002)), 2),
          _mm_slli_epi32(_mm_and_si128(e, _mm_set1_epi32(04004004)), 4)));
  return _mm_or_si128(t,
                      _mm_or_si128(_mm_slli_epi32(t, 1), _mm_slli_epi32(t, 2)));
}
#endif

/*
 * Triads (tdoku's): a minirow (a row's three cells in one box) and a
 * minicolumn hold exactly three digits. A digit is sure to be in a
 * minirow when its row in the band has no cell outside it, in a
 * minicolumn when its box has none outside it; three sure digits are all
 * that minirow (minicolumn) holds, the other digits leave its cells, and
 * four are a contradiction. Counted bit-sliced over the 9 digits. With
 * SSE2 one vector holds a digit's triad matrices (bit 3r + k) and column
 * masks (bit 3k + j) of the three bands as 16-bit lanes: both are groups
 * of three bits (a row's triads, a box's minicolumns), so one test and
 * one count serve both (~60 instructions a digit; two 32-bit vectors, one
 * per kind, took ~85 with their copies and spills). The removal pass runs
 * only when a group with three sure digits also holds another one: it
 * used to run on nearly every call (a placed minirow has three sure
 * digits) and find nothing four times in five. ~700 instructions a call
 * instead of ~900 on 1106.
 * Returns -1 on a contradiction, else whether any candidate went.
 */
static inline int fast9_triads(struct fast9_state *s) {
#if defined(__SSE2__)
  const __m128i triad0 = _mm_set1_epi32((int)FAST9_TRIAD0);
  const __m128i low9 = _mm_set1_epi32(0x1FF);
  __m128i hv[9];
  __m128i c1 = _mm_setzero_si128(), c2 = c1, c3 = c1, c4 = c1;
  __m128i other = c1;
  FAST9_UNROLL(9)
  for (int d = 0; d < 9; d++) {
    __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(s->f + 3 * d));
    __m128i u =
        _mm_and_si128(_mm_or_si128(a, _mm_or_si128(_mm_srli_epi32(a, 1),
                                                   _mm_srli_epi32(a, 2))),
                      triad0);
    __m128i q =
        _mm_and_si128(_mm_or_si128(a, _mm_or_si128(_mm_srli_epi32(a, 9),
                                                   _mm_srli_epi32(a, 18))),
                      low9);
    /* Lanes 0-3: triad matrices, 4-7: column masks (< 512: packs keeps
     * them). At a fixed point every row and box of a has a cell, so no
     * group is empty; lanes 3 and 7 (the next digit's band 0, or the
     * pad) are noise. */
    __m128i g = _mm_packs_epi32(fast9_compact_sse(u), q);
    __m128i h = fast9_alone_sse(g);
    hv[d] = h;
    c4 = _mm_or_si128(c4, _mm_and_si128(c3, h));
    c3 = _mm_or_si128(c3, _mm_and_si128(c2, h));
    c2 = _mm_or_si128(c2, _mm_and_si128(c1, h));
    c1 = _mm_or_si128(c1, h);
    other = _mm_or_si128(other, _mm_andnot_si128(h, g));
  }
  /* Zero in lanes 3 and 7, the stores below write back what they read. */
  const __m128i zero = _mm_setzero_si128(),
                lanes = _mm_set_epi16(0, -1, -1, -1, 0, -1, -1, -1);
  if (_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(c4, lanes), zero)) !=
      0xFFFF)
    return -1;
  c3 = _mm_and_si128(_mm_and_si128(c3, other), lanes);
  if (_mm_movemask_epi8(_mm_cmpeq_epi16(c3, zero)) == 0xFFFF)
    return 0;
  __m128i gone = zero;
  FAST9_UNROLL(9)
  for (int d = 0; d < 9; d++) {
    __m128i x = _mm_andnot_si128(hv[d], c3);
    __m128i y = _mm_unpackhi_epi16(x, zero);
    __m128i m =
        _mm_or_si128(fast9_expand_sse(_mm_unpacklo_epi16(x, zero)),
                     _mm_or_si128(y, _mm_or_si128(_mm_slli_epi32(y, 9),
                                                  _mm_slli_epi32(y, 18))));
    __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(s->f + 3 * d));
    gone = _mm_or_si128(gone, _mm_and_si128(a, m));
    _mm_storeu_si128((__m128i *)(void *)(s->f + 3 * d), _mm_andnot_si128(m, a));
  }
  return _mm_movemask_epi8(_mm_cmpeq_epi32(gone, zero)) != 0xFFFF;
#else
  uint32_t hs[9][4], vs[9][4];
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

#endif
