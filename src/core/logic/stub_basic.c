/* stub_basic.c - placeholders for the finders of singles to BUG until they are
 * written: each finds nothing. Delete a line when its finder lands. */
#include "logic.h"

#define STUB(name)                                                             \
  bool logic_find_##name(const struct logic_state *s,                          \
                         struct sudoku_step *out) {                            \
    (void)s;                                                                   \
    (void)out;                                                                 \
    return false;                                                              \
  }

STUB(HIDDEN_SINGLE)
STUB(DIRECT_POINTING)
STUB(DIRECT_CLAIMING)
STUB(DIRECT_HIDDEN_PAIR)
STUB(NAKED_SINGLE)
STUB(DIRECT_HIDDEN_TRIPLE)
STUB(POINTING)
STUB(CLAIMING)
STUB(NAKED_PAIR)
STUB(X_WING)
STUB(HIDDEN_PAIR)
STUB(NAKED_TRIPLE)
STUB(SWORDFISH)
STUB(HIDDEN_TRIPLE)
STUB(XY_WING)
STUB(XYZ_WING)
STUB(UNIQUE_RECTANGLE)
STUB(NAKED_QUAD)
STUB(JELLYFISH)
STUB(HIDDEN_QUAD)
STUB(BUG)
