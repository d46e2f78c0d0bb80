/*
 * fast9_prop.h - the propagation of the 9x9 fast path: the state, and the
 * rules fast9.c runs to a fixed point before each guess. Static inline
 * functions on purpose: they are the hot loop, and they must inline into
 * fast9_search (one translation unit, no LTO). Only fast9.c includes it
 * (through fast9_cross.h).
 *
 * What it holds: the band-bitset state; the band updates (shrink to the
 * triads on some permutation, then the rows solved, fast9_propagate);
 * a cell guess's placement (fast9_place); the per-band candidate counts
 * (fast9_counts). The rules across bands (the stacks' permutation
 * argument, the triads) are in fast9_cross.h. Every rule only removes
 * candidates, so the fixed point does not depend on their order. What it
 * does NOT do: choose or undo guesses (fast9.c), read givens, allocate.
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
 * one pass do not wait on each other through memory: with the stores of
 * phase two (fast9_settle) between them, each update's load would wait on
 * the previous one's whole chain of arithmetic. One copy for all 27
 * words: a copy per word behind a jump table costs an indirect-branch
 * misprediction per update. */
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

/* fast9_settle for a pass that solved rows of one word only (60% of the
 * passes that place anything on 1106, 55% on top1465, 38% on 17-clue): it
 * also returns the words it changed, which fast9_dirty would otherwise
 * find by reading f[] back as vectors right after these scalar stores
 * (the loads wait for the stores: no forwarding). Passes that place more
 * words keep fast9_settle and fast9_dirty: tracking costs ~60
 * instructions a settle, more than the wait on the easy files. */
static inline uint32_t fast9_settle1(struct fast9_state *s, int i,
                                     uint32_t cells) {
  int b = fast9_band_of[i];
  uint32_t ch = 0;
  s->open[b] &= ~cells;
  uint32_t *fb = s->f + b;
  FAST9_UNROLL(9)
  for (int k = 0; k < 9; k++) {
    uint32_t w = fb[3 * k];
    ch |= (uint32_t)((w & cells) != 0) << (3 * k);
    fb[3 * k] = w & ~cells;
  }
  ch = (ch << b) & ~(1u << i);
  s->f[i] |= cells; /* its own: no other placement this pass */
  uint32_t c = (cells | cells >> 9 | cells >> 18) & 0x1FFu;
  c *= FAST9_COL;
  int o1 = fast9_other1[i], o2 = fast9_other2[i];
  ch |= (uint32_t)((s->f[o1] & c) != 0) << o1;
  ch |= (uint32_t)((s->f[o2] & c) != 0) << o2;
  s->f[o1] &= ~c;
  s->f[o2] &= ~c;
  return ch;
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
    if ((placing & (placing - 1)) == 0) {
      int i = __builtin_ctz(placing);
      dirty = fast9_settle1(s, i, cells[i]);
      continue;
    }
    do {
      int i = __builtin_ctz(placing);
      fast9_settle(s, i, cells[i]);
      placing &= placing - 1;
    } while (placing);
    dirty = fast9_dirty(s->f, seen);
  }
  return true;
}

#endif
