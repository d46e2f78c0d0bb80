/*
 * prng.c - the generator's randomness: xoshiro256** (D. Blackman and S.
 * Vigna, public domain reference algorithm, written again here from its
 * description) seeded by splitmix64. 64-bit integer arithmetic only, so the
 * stream is the same on every compiler and machine. Not cryptographic.
 */
#include "sudoku_generate.h"

#define GOLDEN 0x9e3779b97f4a7c15u /* splitmix64's increment: 2^64 / phi */

uint64_t sudoku_mix64(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
  return x ^ (x >> 31);
}

void sudoku_prng_seed(struct sudoku_prng *p, uint64_t seed) {
  /* Four successive splitmix64 outputs: never all zero (the one state
   * xoshiro cannot leave), since mix64 is a bijection: of four distinct
   * counters at most one maps to 0. */
  for (int i = 0; i < 4; i++) {
    seed += GOLDEN;
    p->s[i] = sudoku_mix64(seed);
  }
}

static inline uint64_t rotl(uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

uint64_t sudoku_prng_next(struct sudoku_prng *p) {
  uint64_t *s = p->s;
  uint64_t result = rotl(s[1] * 5u, 7) * 9u;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

uint32_t sudoku_prng_below(struct sudoku_prng *p, uint32_t bound) {
  /* Lemire's method: the high half of a 32x32-bit product is uniform in
   * 0..bound-1 once the few low halves below 2^32 mod bound are redrawn. */
  uint64_t m = (sudoku_prng_next(p) >> 32) * (uint64_t)bound;
  uint32_t low = (uint32_t)m;
  if (low < bound) {
    uint32_t threshold = (uint32_t)(-bound) % bound;
    while (low < threshold) {
      m = (sudoku_prng_next(p) >> 32) * (uint64_t)bound;
      low = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}
