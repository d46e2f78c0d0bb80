/*
 * forcing.h - the forcing chain search of forcing.c, shared with the rows
 * that run it with nested nets (nested_levels.c): what a row searches for,
 * and the search.
 */
#ifndef SUDOKU_LOGIC_FORCING_H
#define SUDOKU_LOGIC_FORCING_H

#include <stdbool.h>

#include "logic.h"

struct ch_nest;
struct ch_inner;
struct ch_memo;

/* A row's search: its technique, net flags (enum ch_flags), base rating
 * and which conclusions count. */
struct forcing_kind {
  enum sudoku_technique tech;
  unsigned flags; /* enum ch_flags */
  int base;       /* rating x10 before the length increment */
  bool contradiction, dbl, cells, regions;
};

/* The lightest conclusion of m's kind over s into out (false: none, or
 * the deadline passed). nest: the scratch of nested chains (nested.h)
 * when the nets nest, else NULL; in: told every conclusion, lightest
 * first (nested.h), or NULL; memo (with in only): the conclusions of the
 * 9x9 copies searched before, or NULL. Stack: about 190 KiB. */
bool forcing_search(const struct logic_state *s, struct sudoku_step *out,
                    const struct forcing_kind *m, struct ch_nest *nest,
                    struct ch_inner *in, struct ch_memo *memo);

#endif
