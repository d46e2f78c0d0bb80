/*
 * fast9_cross.h - the 9x9 fast path's rules across the bands, which the
 * band updates of fast9_prop.h cannot see: the stacks' permutation argument
 * (fast9_stacks) and the triads (fast9_triads). fast9.c runs them when the
 * band updates and the naked singles are exhausted. Static inline for the
 * same reason as fast9_prop.h; only fast9.c includes it.
 *
 * Both only remove candidates from f[] (and fast9_stacks keeps the stacks'
 * ncfg[]), and return -1 on a contradiction, else whether anything went,
 * with the words they changed: the next propagation starts from those
 * instead of comparing f[] with seen[] (vector loads right after these
 * stores wait for them: the store-to-load forwarding fails).
 * What they do NOT do: propagate what they removed (the caller runs
 * fast9_propagate next), choose guesses, allocate.
 */
#ifndef SUDOKU_FAST9_CROSS_H
#define SUDOKU_FAST9_CROSS_H

#include "fast9_prop.h"

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
 * Returns -1 on a contradiction, else whether any candidate went; sets
 * the bits of the words it changed in *changed.
 */
static inline int fast9_stacks(struct fast9_state *s, uint32_t *changed) {
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
      *changed |= ((uint32_t)(f[0] != n0) | (uint32_t)(f[1] != n1) << 1 |
                   (uint32_t)(f[2] != n2) << 2)
                  << d3;
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
 * per kind, take ~85 with their copies and spills). The removal pass runs
 * only when a group with three sure digits also holds another one: a
 * placed minirow has three sure digits, so on nearly every call a pass
 * without that test would find nothing four times in five. ~700
 * instructions a call on 1106.
 * Returns -1 on a contradiction, else whether any candidate went; sets
 * the bits of the words it changed in *changed.
 */
static inline int fast9_triads(struct fast9_state *s, uint32_t *changed) {
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
    __m128i r = _mm_and_si128(a, m);
    gone = _mm_or_si128(gone, r);
    *changed |= (~(uint32_t)_mm_movemask_ps(
                     _mm_castsi128_ps(_mm_cmpeq_epi32(r, zero))) &
                 7u)
                << (3 * d);
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
      *changed |= (uint32_t)((a ^ n) != 0) << (3 * d + b);
      s->f[3 * d + b] = n;
    }
  }
  return gone != 0;
#endif
}

#endif
