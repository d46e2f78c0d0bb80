/*
 * nested_levels.c - the rows of SE's nested forcing chains, levels 1 to 5
 * (9.0 to 11.0 + length): one table of their kinds and one finder a row,
 * each a forcing chain search (forcing.c) whose nets nest (nested.c).
 */
#include "chain.h"
#include "forcing.h"
#include "nested.h"

/* SE's "Dynamic Forcing Chains (+)" and nested forcing chains, levels
 * 1 to 5 (nested.c): dynamic nets with locked candidates that, when they
 * stall, look inside their working copy, rated 9.0 to 11.0 + length as SE
 * rates its Chaining levels 1 to 5. What each level looks for inside:
 * 1 hidden and naked pairs and X-wings (SE's Locking, HiddenSet(2),
 * NakedSet(2), Fisherman(2); skfr uses the same); 2 also static forcing
 * chains; 3 also static cell and region forcing chains; 4 after the pairs
 * and X-wings, a whole dynamic forcing chain search (the row at 8.5), all
 * of whose conclusions count, as SE adds all its inner hints; 5 also, where
 * that finds nothing, a level-2 search. Each row is tried only when no
 * finder before found anything, as SE asks its producers (step.c's table
 * marks the rows). Cost grows with the level, each stall of a net running
 * the level's inner search: level 1 a few simple rules, levels 2 and 3 a
 * static closure (tens of microseconds), level 4 a dynamic search (a few
 * milliseconds), level 5 a nested one (tens of milliseconds), up to seconds
 * (level 4) or minutes (level 5) a search on the hardest puzzles, bounded
 * by the deadline. Stack (gcc -fstack-usage, the inner searches
 * included): a level-1 to 3 search about 430 KiB, level 4 1.1 MiB, level
 * 5 1.8 MiB (the memos of the inner searches, 430 KiB each, and a second
 * nest); the threads that rate get SUDOKU_STACK_BYTES. */
#define NESTED_KIND(tech, base)                                                \
  { tech, CH_X | CH_Y | CH_DYN | CH_LOCK, base, true, true, true, true }
static const struct forcing_kind nested_kind[] = {
    [1] = NESTED_KIND(SUDOKU_TECH_NESTED_FORCING_CHAIN, 90),
    [2] = NESTED_KIND(SUDOKU_TECH_NESTED_FORCING_CHAIN_2, 95),
    [3] = NESTED_KIND(SUDOKU_TECH_NESTED_FORCING_CHAIN_3, 100),
    [4] = NESTED_KIND(SUDOKU_TECH_NESTED_FORCING_CHAIN_4, 105),
    [5] = NESTED_KIND(SUDOKU_TECH_NESTED_FORCING_CHAIN_5, 110),
};

/* The search of x's level over s (its memos and deeper nest set): a
 * row's own search, and level 5's inner level-2 one (nested.c). */
bool ch_nested_inner(const struct logic_state *s, struct sudoku_step *out,
                     struct ch_nest *x, struct ch_inner *in,
                     struct ch_memo *memo) {
  x->inner = x->level == 3 ? logic_find_REGION_FORCING_CHAIN : NULL;
  x->inner_cl = x->level == 3 ? logic_region_forcing_closure : NULL;
  return forcing_search(s, out, &nested_kind[x->level], x, in, memo);
}

/* x at level: memo, the memo of its inner dynamic searches (levels 4 and
 * 5); deeper and deeper_memo, the scratch and memo of its inner level-2
 * searches (level 5); NULL where the level has none. Field by field: the
 * rest of x (some 160 KiB) is the search's scratch, which it sets up. */
static void nest_at(struct ch_nest *x, int level, struct ch_memo *memo,
                    struct ch_nest *deeper, struct ch_memo *deeper_memo) {
  x->level = level;
  x->memo = memo;
  x->deeper = deeper;
  x->deeper_memo = deeper_memo;
}

/* One row's search, at level over s. */
static bool nested_level(const struct logic_state *s, struct sudoku_step *out,
                         int level, struct ch_memo *memo,
                         struct ch_nest *deeper, struct ch_memo *deeper_memo) {
  struct ch_nest x;
  nest_at(&x, level, memo, deeper, deeper_memo);
  return ch_nested_inner(s, out, &x, NULL, NULL);
}

/* Levels 1 to 3 keep no memo: their inner searches cost less than a
 * lookup. */
bool logic_find_NESTED_FORCING_CHAIN(const struct logic_state *s,
                                     struct sudoku_step *out) {
  return nested_level(s, out, 1, NULL, NULL, NULL);
}

bool logic_find_NESTED_FORCING_CHAIN_2(const struct logic_state *s,
                                       struct sudoku_step *out) {
  return nested_level(s, out, 2, NULL, NULL, NULL);
}

bool logic_find_NESTED_FORCING_CHAIN_3(const struct logic_state *s,
                                       struct sudoku_step *out) {
  return nested_level(s, out, 3, NULL, NULL, NULL);
}

bool logic_find_NESTED_FORCING_CHAIN_4(const struct logic_state *s,
                                       struct sudoku_step *out) {
  struct ch_memo memo;
  return nested_level(s, out, 4, &memo, NULL, NULL);
}

/* Level 5 runs on the classic grids alone, where SE's scale is defined:
 * under a variant's rules the nets see units and peers, not the rules'
 * other constraints (a cage's sum), so where level 4 found nothing level
 * 5 rarely does, at some 40 times its cost (a killer of the shared
 * corpus: 75 s for no step, against 2 s to its trial step); trial
 * answers there. */
bool logic_find_NESTED_FORCING_CHAIN_5(const struct logic_state *s,
                                       struct sudoku_step *out) {
  if (s->geo.rules != NULL)
    return false;
  struct ch_memo memo, deeper_memo;
  struct ch_nest deeper;
  nest_at(&deeper, 2, NULL, NULL, NULL);
  return nested_level(s, out, 5, &memo, &deeper, &deeper_memo);
}

/* The generic sentence (explain.c): its name, chain or cells, outcome. */
LOGIC_EXPLAIN(NESTED_FORCING_CHAIN, logic_generic_sentence)
LOGIC_EXPLAIN(NESTED_FORCING_CHAIN_2, logic_generic_sentence)
LOGIC_EXPLAIN(NESTED_FORCING_CHAIN_3, logic_generic_sentence)
LOGIC_EXPLAIN(NESTED_FORCING_CHAIN_4, logic_generic_sentence)
LOGIC_EXPLAIN(NESTED_FORCING_CHAIN_5, logic_generic_sentence)
