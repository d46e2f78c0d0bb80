/* stub_chains.c - placeholders for the finders of aligned pair exclusion to
 * trial until they are written: each finds nothing. Delete a line when its
 * finder lands. */
#include "logic.h"

#define STUB(name)                                                             \
  bool logic_find_##name(const struct logic_state *s,                          \
                         struct sudoku_step *out) {                            \
    (void)s;                                                                   \
    (void)out;                                                                 \
    return false;                                                              \
  }

STUB(ALIGNED_PAIR_EXCLUSION)
STUB(X_CHAIN)
STUB(XY_CHAIN)
STUB(AIC)
STUB(FORCING_CHAIN)
STUB(NISHIO)
STUB(REGION_FORCING_CHAIN)
STUB(DYNAMIC_FORCING_CHAIN)
STUB(NESTED_FORCING_CHAIN)
STUB(TRIAL)
