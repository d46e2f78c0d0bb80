/* stub_chains.c - placeholders for the finders of the chain family not
 * written yet: each finds nothing. Delete a line when its finder lands. */
#include "logic.h"

#define STUB(name)                                                             \
  bool logic_find_##name(const struct logic_state *s,                          \
                         struct sudoku_step *out) {                            \
    (void)s;                                                                   \
    (void)out;                                                                 \
    return false;                                                              \
  }

STUB(ALIGNED_PAIR_EXCLUSION)
STUB(NESTED_FORCING_CHAIN)
