/*
 * generate.c - sudoku_generate(): options checked, then attempts (a grid,
 * a removal, a rating) until one is accepted or the deadline passes; and
 * the names of the symmetries.
 *
 * State: the orbits (~6 KiB), the grids, the rating, on the stack; nothing
 * is allocated. Attempts after the first draw from a seed derived from the
 * options' seed and the attempt number, never from the state the previous
 * attempt left, so attempt k can be replayed alone.
 */
#include <string.h>

#include "gen.h"

static const char *const symmetry_names[] = {
#define SUDOKU_X_SYM(name, id, what) id,
    SUDOKU_SYMMETRY_MAP(SUDOKU_X_SYM)
#undef SUDOKU_X_SYM
};

const char *sudoku_symmetry_name(enum sudoku_symmetry s) {
  return (unsigned)s < SUDOKU_SYM_COUNT ? symmetry_names[s] : "unknown";
}

enum sudoku_symmetry sudoku_symmetry_from_name(const char *name, size_t len) {
  for (int s = 0; s < SUDOKU_SYM_COUNT; s++)
    if (strlen(symmetry_names[s]) == len &&
        memcmp(symmetry_names[s], name, len) == 0)
      return (enum sudoku_symmetry)s;
  return SUDOKU_SYM_COUNT;
}

/* Attempt 1 uses the seed itself (so `--seed N` is that grid); attempt k
 * a double mix, so that the attempts of seed N and of seed N+1 never meet
 * (a plain seed + k would give seed N's attempt 2 to seed N+1's first). */
static uint64_t attempt_seed(uint64_t seed, uint32_t attempt) {
  return attempt == 1 ? seed : sudoku_mix64(sudoku_mix64(seed) + attempt - 1);
}

/* Rates g into out; returns SUDOKU_OK with out->rated set (true only for a
 * complete rating), or SUDOKU_DEADLINE when the time ran out. */
static enum sudoku_status rate(const sudoku_grid *g, uint64_t deadline_ns,
                               struct sudoku_generated *out) {
  struct sudoku_logic_limits lim = {0, 0};
  if (!gen_time_left(deadline_ns, &lim.deadline_us))
    return SUDOKU_DEADLINE;
  memset(&out->rating, 0, sizeof out->rating);
  enum sudoku_status s = sudoku_rate(g, &lim, &out->rating);
  if (s == SUDOKU_DEADLINE)
    return SUDOKU_DEADLINE;
  out->rated = s == SUDOKU_OK && out->rating.solved;
  out->level = out->rated ? out->rating.level : SUDOKU_LEVEL_ANY;
  return SUDOKU_OK;
}

enum sudoku_status sudoku_generate(const struct sudoku_generate_options *opt,
                                   struct sudoku_generated *out) {
  struct gen_orbits orbits;
  struct sudoku_prng prng;
  sudoku_grid grid;
  out->attempts = 0;
  out->rated_attempts = 0;
  out->rated = false;
  out->level = SUDOKU_LEVEL_ANY;
  out->givens = 0;
  enum sudoku_status s =
      sudoku_grid_init(&out->puzzle, opt->box_rows, opt->box_cols);
  if (s != SUDOKU_OK)
    return s;
  int n = out->puzzle.n;
  if ((unsigned)opt->symmetry >= SUDOKU_SYM_COUNT ||
      (unsigned)opt->level > SUDOKU_LEVEL_ANY || opt->givens > n * n)
    return SUDOKU_BAD_VALUE;
  gen_orbits_init(&orbits, n, opt->symmetry);
  if (opt->givens != 0 && !gen_orbits_reach(&orbits, opt->givens))
    return SUDOKU_BAD_VALUE;

  uint64_t deadline_ns = 0;
  if (opt->deadline_us != 0)
    deadline_ns = core_now_ns() + (opt->deadline_us < UINT64_MAX / 2000u
                                       ? opt->deadline_us * 1000u
                                       : UINT64_MAX / 2);
  for (;;) {
    if (out->attempts == UINT32_MAX)
      return SUDOKU_DEADLINE; /* only without a deadline, after years */
    out->attempts++;
    sudoku_prng_seed(&prng, attempt_seed(opt->seed, out->attempts));
    s = gen_grid(opt->box_rows, opt->box_cols, &prng, deadline_ns, &grid);
    if (s != SUDOKU_OK)
      return s;
    out->solution = grid;
    bool accepted;
    s = gen_dig(&grid, &orbits, opt->givens, &prng, deadline_ns, &accepted);
    if (s != SUDOKU_OK)
      return s;
    if (!accepted)
      continue;
    out->rated_attempts++;
    s = rate(&grid, deadline_ns, out);
    if (s == SUDOKU_DEADLINE && opt->level == SUDOKU_LEVEL_ANY)
      s = SUDOKU_OK; /* the puzzle stands; its rating is unknown */
    if (s != SUDOKU_OK)
      return s;
    if (opt->level != SUDOKU_LEVEL_ANY &&
        (!out->rated || out->level != opt->level))
      continue;
    out->puzzle = grid;
    out->givens = (uint32_t)sudoku_count_givens(&grid);
    return SUDOKU_OK;
  }
}
