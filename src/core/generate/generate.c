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
#include "sudoku_logic_rules.h"

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

/* What a classic attempt reads besides the prng. */
struct gen_classic {
  const struct sudoku_generate_options *opt;
  const struct gen_orbits *orbits;
};

/* Attempt 1 uses the seed itself (so `--seed N` is that grid); attempt k
 * a double mix, so that the attempts of seed N and of seed N+1 never meet
 * (a plain seed + k would give seed N's attempt 2 to seed N+1's first). */
static uint64_t attempt_seed(uint64_t seed, uint32_t attempt) {
  return attempt == 1 ? seed : sudoku_mix64(sudoku_mix64(seed) + attempt - 1);
}

unsigned gen_level_cap(enum sudoku_level l) {
  for (unsigned r = 1; r < 256; r++)
    if (sudoku_level_of(r) > l)
      return r - 1;
  return 0;
}

/*
 * Whether the level is met by digging within it (gen_dig_start's
 * max_rating) rather than by filtering minimal puzzles: for a level below
 * the top one, without a target number of givens, at side 8 and from 10
 * on. Why: a minimal puzzle of side 16 rates about 9.8 (extreme), and of
 * side 12 rarely easy, so a filter waited for a level that never came;
 * digging while the steps up to the level's top still solve the puzzle
 * keeps the givens whose removal would make it harder, and meets the
 * level's top by construction (its bottom in most attempts: the others
 * are retried). Measured (bench_generate, rot180, ms a puzzle, filter /
 * dug): 8x8 easy 3.5 / 0.5, medium 8.1 / 3.9, hard 84 / 62, expert 15 /
 * 10; 12x12 hard 839 / 28, expert 637 / 23. Sides 4 and 6 keep the
 * filter: there digging mostly ends easy, uniqueness stopping it before
 * the rating rises (6x6 medium 15 / 97 ms, hard 211 / 1526 ms). 9x9 keeps
 * it too: its filter is fast (README's table) and its puzzles are the
 * seed table's.
 */
static bool level_dug(const struct sudoku_generate_options *opt, int n) {
  return (n == 8 || n >= 10) && opt->givens == 0 &&
         gen_level_cap(opt->level) != 0;
}

/*
 * Whether extreme is met by digging until the first removal that the steps
 * up to expert's top no longer solve, which then ends the removal: from
 * side 16 on (where puzzles are budget-minimal, not proved minimal). Why:
 * a budget-minimal 20x20 rates in 10 s and more (every chain, on a sparse
 * grid), past any deadline, and a 16x16 in 2.4 s of CPU (4 to 7 s wall on
 * a loaded machine, near the service's 8 s); stopped just past expert
 * they rate in a fraction of that. Measured (wall, a loaded machine):
 * 16x16 seeds 1-6 0.07-1.3 s, 20x20 seeds 1-5 0.1-1.0 s, 25x25 seeds 1-5
 * 0.1-0.6 s and once 5.2 s (rated 9.0).
 */
static bool extreme_dug(const struct sudoku_generate_options *opt, int n) {
  return n >= 16 && opt->givens == 0 && opt->level == SUDOKU_LEVEL_EXTREME;
}

/* Whether the attempt's puzzle is rated and filtered: a level or a band. */
static bool filtered(const struct sudoku_generate_options *opt) {
  return opt->level != SUDOKU_LEVEL_ANY || opt->rating_min != 0;
}

/* Rates g under rules (NULL: classic) with the techniques up to the
 * level's top, or the band's (none above: rating_max 0, an open band).
 * Why the cap: a puzzle above the level stops at the first step it cannot
 * take instead of running the chains (milliseconds each) to the end, and
 * most rejected puzzles are above. */
int gen_rate_at(const sudoku_grid *g, const sudoku_rules *rules,
                const struct sudoku_generate_options *opt, uint64_t deadline_ns,
                struct sudoku_generated *out) {
  bool band = opt->rating_min != 0;
  struct sudoku_logic_limits lim = {0, band ? opt->rating_max
                                            : gen_level_cap(opt->level)};
  if (!gen_time_left(deadline_ns, &lim.deadline_us))
    return -1;
  memset(&out->rating, 0, sizeof out->rating);
  enum sudoku_status s = sudoku_rate_rules(g, rules, &lim, &out->rating);
  if (s == SUDOKU_DEADLINE)
    return -1;
  out->rated = s == SUDOKU_OK && out->rating.solved;
  out->level = out->rated ? out->rating.level : SUDOKU_LEVEL_ANY;
  if (band)
    return out->rated && out->rating.rating >= opt->rating_min;
  return out->rated && out->level == opt->level;
}

/*
 * Neighbouring puzzles tried per grid with a symmetry whose orbits hold
 * several cells: after a minimal puzzle of another level, or after a
 * removal whose swaps did not make it minimal. At 9x9 rot180, 8 of them
 * make a medium, hard or expert puzzle some 30 % cheaper than none (16
 * are slower at hard, 32 no faster). Without a level too, a removal that
 * does not converge is followed from its puzzle rather than from a new
 * grid: about half the grids drawn at 9x9, and 16x16 minutes become
 * seconds. Without symmetry a minimal puzzle costs 0.3 ms and neighbours
 * are slower than new grids (their givens drift down, and with them the
 * level).
 */
#define GEN_NEIGHBOURS 8

/*
 * The removal of an attempt whose grid is out->solution, drawn from the
 * prng's state: 1 accepted (*puzzle, out->rating
 * filled), 0 rejected, -1 at the deadline. The rating comes last: with
 * rot180 most orbit-minimal puzzles change in the swaps that make them
 * minimal, and rating them before (measured) rejected puzzles that would
 * have matched: 3.5 times slower at expert. A grid whose minimal puzzle
 * has another level, or whose removal did not become minimal, is dug
 * again by neighbour steps, GEN_NEIGHBOURS times at most, each minimal
 * neighbour rated in turn (or, without a level, the first one returned).
 */
int gen_attempt_dig(const struct sudoku_generate_options *opt,
                    const struct gen_orbits *orbits, const sudoku_rules *rules,
                    struct sudoku_prng *prng, uint64_t deadline_ns,
                    sudoku_grid *puzzle, struct sudoku_generated *out) {
  struct gen_dig dig;
  bool minimal;
  int n = out->puzzle.n;
  /* Under rules a 9x9 level is dug within too: minimal X, windoku and
   * jigsaw puzzles are mostly hard, and filtering them for an easier
   * level took seconds a puzzle (X medium: 2.2 s of CPU, 13 attempts). */
  bool dug =
      level_dug(opt, n) || (rules != NULL && n == 9 && opt->givens == 0 &&
                            gen_level_cap(opt->level) != 0);
  unsigned bound = dug ? gen_level_cap(opt->level) : 0;
  bool above = extreme_dug(opt, n);
  if (above)
    bound = gen_level_cap(SUDOKU_LEVEL_EXTREME - 1);
  if (gen_dig_start(&dig, puzzle, &out->solution, orbits, rules, opt->givens,
                    bound, above,
                    gen_budget_only(n) || (rules != NULL && n > 9), prng,
                    deadline_ns) != SUDOKU_OK)
    return -1;
  if (above && !dig.above)
    return 0;       /* never left expert */
  if (bound != 0) { /* at or below the level's top by construction */
    out->rated_attempts++;
    return gen_rate_at(puzzle, rules, opt, deadline_ns, out);
  }
  if (opt->givens != 0) {
    if (dig.givens != opt->givens)
      return 0;
    if (!filtered(opt))
      return 1;
    out->rated_attempts++;
    return gen_rate_at(puzzle, rules, opt, deadline_ns, out);
  }
  /* With orbits of several cells, a rejected grid is not dropped at once:
   * its neighbours are tried (gen_dig_perturb). */
  int neighbours = dig.multi ? GEN_NEIGHBOURS : 0;
  for (int step = 0;; step++) {
    if (gen_dig_minimize(&dig, &minimal) != SUDOKU_OK)
      return -1;
    if (minimal) {
      if (!filtered(opt))
        return 1;
      out->rated_attempts++;
      int r = gen_rate_at(puzzle, rules, opt, deadline_ns, out);
      if (r != 0)
        return r;
    }
    if (step >= neighbours)
      return 0;
    int moved = gen_dig_perturb(&dig);
    if (moved <= 0)
      return moved;
    if (gen_dig_pass(&dig) != SUDOKU_OK)
      return -1;
  }
}

/* A rating x10 from text[*i..len): digits, then '.' and one digit at
 * most; false when there is none or it is outside 1.0..11.9. */
static bool band_rating(const char *text, size_t len, size_t *i, uint8_t *out) {
  unsigned v = 0, digits = 0;
  for (; *i < len && text[*i] >= '0' && text[*i] <= '9' && digits < 3;
       (*i)++, digits++)
    v = v * 10u + (unsigned)(text[*i] - '0');
  if (digits == 0)
    return false;
  v *= 10u;
  if (*i + 1 < len && text[*i] == '.' && text[*i + 1] >= '0' &&
      text[*i + 1] <= '9') {
    v += (unsigned)(text[*i + 1] - '0');
    *i += 2;
  }
  *out = (uint8_t)v;
  return v >= 10u && v <= 119u;
}

bool sudoku_rating_band_parse(const char *text, size_t len, uint8_t *min,
                              uint8_t *max) {
  size_t i = 0;
  uint8_t lo, hi = 0;
  if (!band_rating(text, len, &i, &lo))
    return false;
  if (i == len) {
    hi = lo;
  } else if (text[i] != '-' ||
             (++i < len &&
              (!band_rating(text, len, &i, &hi) || i != len || hi < lo))) {
    return false;
  }
  *min = lo;
  *max = hi;
  return true;
}

/* A classic attempt: a grid, then its removal. */
static int attempt(void *ctx, struct sudoku_prng *prng, uint64_t deadline_ns,
                   sudoku_grid *puzzle, struct sudoku_generated *out) {
  const struct gen_classic *c = ctx;
  if (gen_grid(c->opt->box_rows, c->opt->box_cols, prng, deadline_ns,
               &out->solution) != SUDOKU_OK)
    return -1;
  return gen_attempt_dig(c->opt, c->orbits, NULL, prng, deadline_ns, puzzle,
                         out);
}

bool sudoku_generate_level_exists(int n, enum sudoku_level level) {
  /* Every unique 4x4 puzzle rates 1.2: all 13,579,680 of them (the
   * 2^16 subsets of each of the 288 grids) were rated once. */
  return n != 4 || level == SUDOKU_LEVEL_EASY || level == SUDOKU_LEVEL_ANY;
}

enum sudoku_status sudoku_generate(const struct sudoku_generate_options *opt,
                                   struct sudoku_generated *out) {
  struct gen_orbits orbits;
  gen_out_init(opt, out);
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
  if (!sudoku_generate_level_exists(n, opt->level))
    return SUDOKU_BAD_VALUE;
  if ((opt->rating_min != 0 || opt->rating_max != 0) &&
      (opt->level != SUDOKU_LEVEL_ANY || opt->rating_min == 0 ||
       (opt->rating_max != 0 && opt->rating_max < opt->rating_min)))
    return SUDOKU_BAD_VALUE;

  struct gen_classic ctx = {opt, &orbits};
  return gen_attempts(opt, attempt, &ctx, out);
}

void gen_out_init(const struct sudoku_generate_options *opt,
                  struct sudoku_generated *out) {
  memset(&out->rating, 0, sizeof out->rating);
  out->attempts = 0;
  out->seed = opt->seed;
  out->rated_attempts = 0;
  out->rated = false;
  out->level = SUDOKU_LEVEL_ANY;
  out->givens = 0;
}

enum sudoku_status gen_attempts(const struct sudoku_generate_options *opt,
                                gen_attempt_fn fn, void *ctx,
                                struct sudoku_generated *out) {
  struct sudoku_prng prng;
  sudoku_grid puzzle = out->puzzle;
  uint64_t deadline_ns = 0;
  if (opt->deadline_us != 0)
    deadline_ns = core_now_ns() + (opt->deadline_us < UINT64_MAX / 2000u
                                       ? opt->deadline_us * 1000u
                                       : UINT64_MAX / 2);
  for (;;) {
    if (out->attempts == UINT32_MAX)
      return SUDOKU_DEADLINE; /* only without a deadline, after years */
    out->attempts++;
    out->seed = attempt_seed(opt->seed, out->attempts);
    sudoku_prng_seed(&prng, out->seed);
    int done = fn(ctx, &prng, deadline_ns, &puzzle, out);
    if (done < 0)
      return SUDOKU_DEADLINE;
    if (done > 0)
      break;
  }
  out->puzzle = puzzle;
  out->givens = (uint32_t)sudoku_count_givens(&puzzle);
  return SUDOKU_OK;
}
