/*
 * sudoku_rules.h - the rules of a variant puzzle as plain data, checked,
 * solved and read from text: Sudoku X, windoku, jigsaw, killer, anti-knight,
 * anti-king, non-consecutive, odd-even, and extra regions, in any
 * combination, on any side sudoku.h supports.
 *
 * A puzzle is a sudoku_grid (its side, box shape and givens, as today) plus
 * a struct sudoku_rules (the extras). Classic Sudoku is the empty set of
 * extras: sudoku_solve() and its fast 9x9 path are unchanged, and
 * sudoku_solve_rules() with no extras hands the puzzle to sudoku_solve().
 *
 * The rules are data a reader fills directly (the text reader below, a
 * JSON reader in the api layer): rule names from the one table, cells as
 * row-major indexes, sums as numbers. Everything is caller-owned, of fixed
 * maximum size; nothing here allocates. A "derived" form (units as lists of
 * cells, each cell's peers as a bitset, each cell's cage) is computed once
 * per puzzle; the search and the checks read only it.
 *
 * What this module does NOT do: I/O, JSON, logical solving and rating
 * (sudoku_logic_rules.h does those under rules), generating under rules.
 *
 * Glossary (beyond sudoku.h's): an *extra unit* is a set of n cells that
 * holds every digit once (a diagonal, a window, an extra region); a
 * *region* replaces the boxes in jigsaw; a *cage* is a set of cells with no
 * repeated digit whose digits add up to its sum (0 = no sum); a *pair
 * exclusion* forbids two cells the same digit (anti-knight, anti-king) or
 * consecutive digits (non-consecutive).
 */
#ifndef SUDOKU_RULES_H
#define SUDOKU_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sudoku.h"

/* ---- The rule kinds: one table ------------------------------------------ */

/*
 * One row a rule kind: enum id, stable name (the --variant word and the JSON
 * "variant" string), English name, what it constrains. Readers, writers,
 * messages and docs all come from here.
 */
#define SUDOKU_RULE_MAP(R)                                                     \
  R(X, "x", "Sudoku X", "each main diagonal holds every digit once")           \
  R(WINDOKU, "windoku", "Windoku",                                             \
    "the windows one cell in from the edges, one cell apart, hold every "      \
    "digit once")                                                              \
  R(JIGSAW, "jigsaw", "Jigsaw",                                                \
    "n irregular regions of n connected cells replace the boxes")              \
  R(KILLER, "killer", "Killer",                                                \
    "a cage repeats no digit and its digits add up to its sum")                \
  R(ANTI_KNIGHT, "anti-knight", "Anti-knight",                                 \
    "two cells a chess knight's move apart differ")                            \
  R(ANTI_KING, "anti-king", "Anti-king",                                       \
    "two cells a chess king's move apart differ")                              \
  R(NON_CONSECUTIVE, "non-consecutive", "Non-consecutive",                     \
    "orthogonal neighbours never hold consecutive digits")                     \
  R(ODD_EVEN, "odd-even", "Odd-even",                                          \
    "a cell marked odd holds an odd digit, one marked even an even one")       \
  R(EXTRA, "extra-regions", "Extra regions",                                   \
    "each listed group of n cells holds every digit once")

enum sudoku_rule_kind {
#define SUDOKU_X_RULE(id, name, english, what) SUDOKU_RULE_##id,
  SUDOKU_RULE_MAP(SUDOKU_X_RULE)
#undef SUDOKU_X_RULE
      SUDOKU_RULE_COUNT
};

/* The stable name ("anti-knight"), the English name ("Anti-knight") and
 * the sentence of what a rule kind constrains; NULL when k is out of
 * range. */
const char *sudoku_rule_name(enum sudoku_rule_kind k);
const char *sudoku_rule_english(enum sudoku_rule_kind k);
const char *sudoku_rule_what(enum sudoku_rule_kind k);

/* The kind named `name` (len bytes, not NUL-terminated, exact match), or
 * -1. */
int sudoku_rule_lookup(const char *name, size_t len);

/* The kinds of a comma list of names, "x,killer" (len bytes), as bits
 * into *kinds. True when every name is a rule; else false with *bad the
 * offset of the first name that is not (it runs to the next ',' or the
 * end; an empty name is not a rule). */
bool sudoku_rule_kinds(const char *list, size_t len, uint32_t *kinds,
                       size_t *bad);

/* ---- Limits ------------------------------------------------------------ */

#define SUDOKU_RULES_MAX_EXTRA 8 /* extra regions (kind EXTRA) */
#define SUDOKU_RULES_MAX_CAGES SUDOKU_MAX_CELLS
/* Windoku windows: (b-1)^2 on a side of b*b (4 on 9x9, 16 on 25x25). */
#define SUDOKU_RULES_MAX_WINDOWS 16
/* Units of the derived form: rows, columns, boxes or regions, 2 diagonals,
 * the windows and the extra regions. */
#define SUDOKU_RULES_MAX_UNITS                                                 \
  (3 * SUDOKU_MAX_N + 2 + SUDOKU_RULES_MAX_WINDOWS + SUDOKU_RULES_MAX_EXTRA)
/* Units one cell is in at the most: row, column, box or region, two
 * diagonals, one window, every extra region. */
#define SUDOKU_RULES_CELL_UNITS (6 + SUDOKU_RULES_MAX_EXTRA)
#define SUDOKU_RULES_WORDS ((SUDOKU_MAX_CELLS + 63) / 64) /* bitset words */

/* ---- The rules ---------------------------------------------------------- */

/* A cage: cells cage_cell[start .. start+len) of its sudoku_rules; sum 0
 * means no sum (only no repeated digit). */
struct sudoku_cage {
  uint16_t sum, start, len;
};

enum sudoku_parity { SUDOKU_PARITY_ANY, SUDOKU_PARITY_ODD, SUDOKU_PARITY_EVEN };

/*
 * The extras of a puzzle. kinds has bit (1u << SUDOKU_RULE_x) for each rule
 * that applies; the members of a kind are read only when its bit is set.
 * Zero-initialised (SUDOKU_RULES_NONE) it is classic Sudoku. About 8 KiB.
 */
/*
 * A jigsaw may have a side without a box shape (5, 7, 11, 13, ...): its
 * grid then has box_rows 1 and box_cols n, a shape only the functions of
 * this header accept, and only with the jigsaw rule (sudoku_solve refuses
 * it). The text reader makes such grids from n*n cells under jigsaw.
 */
typedef struct sudoku_rules {
  uint32_t kinds;
  /* JIGSAW: the region of each cell, 0..n-1, row-major. Connected: every
   * region of published jigsaws is orthogonally connected, and one that is
   * not is far more often a typing error than a design, so it is refused. */
  uint8_t region[SUDOKU_MAX_CELLS];
  /* EXTRA: up to SUDOKU_RULES_MAX_EXTRA groups of n distinct cells. */
  uint8_t extra_count;
  uint16_t extra[SUDOKU_RULES_MAX_EXTRA][SUDOKU_MAX_N];
  /* KILLER: cages, in the order read; their cells in one flat list (a cell
   * listed in two cages is representable, so that it can be refused). */
  uint16_t cage_count, cage_cells;
  struct sudoku_cage cage[SUDOKU_RULES_MAX_CAGES];
  uint16_t cage_cell[SUDOKU_MAX_CELLS];
  /* ODD_EVEN: enum sudoku_parity of each cell. */
  uint8_t parity[SUDOKU_MAX_CELLS];
} sudoku_rules;

#define SUDOKU_RULES_NONE                                                      \
  { 0 }

/* True when rule kind k applies. */
static inline bool sudoku_rules_has(const sudoku_rules *r,
                                    enum sudoku_rule_kind k) {
  return (r->kinds >> k) & 1u;
}

/* Appends a cage of len cells (row-major indexes) with sum (0 = none).
 * Returns false, changing nothing, when the cage or cell lists are full.
 * Sets the KILLER bit. */
bool sudoku_rules_add_cage(sudoku_rules *r, uint16_t sum, const uint16_t *cells,
                           size_t len);

/* ---- Checking the rules ------------------------------------------------- */

/*
 * What is wrong with the rules or the givens under them, located. message
 * is the whole sentence ("r1c1 is in two cages", "cage at r3c4: 2 cells
 * cannot sum to 18", "region 3 has 8 cells, not 9", "windoku needs a side
 * of at least 9 with square boxes", "r1c1 and r9c9 are both 5 (diagonal
 * 1)"); cell is the first cell it names (-1 when none); unit is the
 * derived unit index, or -1.
 */
struct sudoku_rules_problem {
  int cell, unit;
  char message[120];
};

/*
 * Checks the rules against g's side, then g's givens against every unit,
 * cage and pair exclusion. Rules malformed or unfit for the side: returns
 * SUDOKU_BAD_RULES with one problem, the first found, in out[0] (a grid
 * sudoku_validate refuses: its SUDOKU_BAD_SHAPE or SUDOKU_BAD_VALUE). Else
 * lists every clash of the givens into out[0..cap) (*count the total, which may
 * exceed cap): two equal givens in a unit ("... (row 3)", "(diagonal 1)",
 * "(window 2)", "(region 4)", "(cage at r1c1)"), a pair exclusion broken
 * ("r1c1 and r2c3 are both 5 (anti-knight)", "r1c1 and r1c2 hold 4 and 5
 * (non-consecutive)"), a parity mark broken ("r2c2 holds 4 but is marked
 * odd"), a cage whose givens exceed its sum or leave no way to reach it
 * ("cage at r1c1 (sum 10, 3 cells) already holds 9 and 8"); returns
 * SUDOKU_CONFLICT when there is any, else SUDOKU_OK. Shape and values of g
 * are checked first, as sudoku_validate does. out may be NULL when cap is
 * 0; count may be NULL.
 */
enum sudoku_status sudoku_rules_check(const sudoku_grid *g,
                                      const sudoku_rules *r,
                                      struct sudoku_rules_problem *out,
                                      size_t cap, size_t *count);

/* Independent checker, sharing no code with the search or with
 * sudoku_rules_check: true when solution is complete, keeps every given of
 * puzzle, and every row, column, box or region, extra unit, cage (distinct,
 * sum), pair exclusion and parity mark holds. r must be well-formed. */
bool sudoku_rules_is_solution(const sudoku_grid *puzzle, const sudoku_rules *r,
                              const sudoku_grid *solution);

/* ---- The derived form ---------------------------------------------------- */

/* What kind of unit a derived unit is, for messages ("row 3"). */
enum sudoku_rules_unit {
  SUDOKU_RULES_UNIT_ROW,
  SUDOKU_RULES_UNIT_COL,
  SUDOKU_RULES_UNIT_BOX,
  SUDOKU_RULES_UNIT_REGION,
  SUDOKU_RULES_UNIT_DIAGONAL,
  SUDOKU_RULES_UNIT_WINDOW,
  SUDOKU_RULES_UNIT_EXTRA
};

/*
 * The rules as the search reads them: every all-different unit of n cells
 * (rows, columns, boxes or regions, diagonals, windows, extra regions), each
 * cell's peers (cells that may not hold its digit: unit mates, cage mates,
 * anti-knight and anti-king cells) as a bitset, its cage, its allowed
 * digits (parity), and whether orthogonal neighbours exclude consecutive
 * digits. About 70 KiB: compute it once per puzzle, keep it off small
 * stacks.
 */
struct sudoku_rules_derived {
  int n, nn, units;
  uint32_t full; /* the n candidate bits */
  bool non_consecutive;
  uint8_t unit_kind[SUDOKU_RULES_MAX_UNITS];  /* enum sudoku_rules_unit */
  uint8_t unit_index[SUDOKU_RULES_MAX_UNITS]; /* which one, 0-based */
  uint16_t unit_cell[SUDOKU_RULES_MAX_UNITS][SUDOKU_MAX_N];
  uint64_t peer[SUDOKU_MAX_CELLS][SUDOKU_RULES_WORDS];
  uint32_t allowed[SUDOKU_MAX_CELLS];   /* candidate bits parity allows */
  int16_t cage_of[SUDOKU_MAX_CELLS];    /* cage index, -1 for none */
  uint8_t cell_units[SUDOKU_MAX_CELLS]; /* how many units hold the cell */
  uint8_t cell_unit[SUDOKU_MAX_CELLS][SUDOKU_RULES_CELL_UNITS]; /* which */
};

/* Fills *d from g's shape and r (checked first, as sudoku_rules_check does
 * for the rules, without the givens: SUDOKU_BAD_RULES, or the grid's
 * SUDOKU_BAD_SHAPE / SUDOKU_BAD_VALUE, with the problem in *problem when
 * not NULL). */
enum sudoku_status sudoku_rules_derive(const sudoku_grid *g,
                                       const sudoku_rules *r,
                                       struct sudoku_rules_derived *d,
                                       struct sudoku_rules_problem *problem);

/* The name of derived unit u, "row 3", "diagonal 1", "window 2"; returns
 * the length (snprintf convention). 24 bytes always suffice. */
size_t sudoku_rules_unit_label(const struct sudoku_rules_derived *d, int u,
                               char *buf, size_t cap);

/* ---- Solving under rules ------------------------------------------------ */

/*
 * sudoku_solve() under rules: the same limits (count to max_solutions,
 * node budget, deadline, lexmin) and the same statuses, plus those of
 * sudoku_rules_check() (nothing is searched then; solution = puzzle).
 * With no extras (r NULL or r->kinds 0) it is sudoku_solve() itself.
 * Reentrant, allocation-free; stack use under 200 KiB.
 */
enum sudoku_status sudoku_solve_rules(const sudoku_grid *puzzle,
                                      const sudoku_rules *r,
                                      const struct sudoku_limits *limits,
                                      sudoku_grid *solution,
                                      struct sudoku_stats *stats);

/* ---- Text --------------------------------------------------------------- */

/*
 * One variant puzzle a line, the kinds given by the caller (the CLI's
 * --variant), fields separated by one or more spaces or tabs:
 *   <n*n givens> [jigsaw: <n*n region symbols>] [odd-even: <n*n of E, O,
 *   '.'>] [killer: <cages>] [extra-regions: <regions>]
 * in that order. Givens as sudoku.h's line format (under jigsaw, any n*n
 * cells for n in 4..25: a 7x7 jigsaw is 49). Region symbols '1'-'9'
 * then 'A'-'Z' (region 1..n, in any order). Cages: SUM=CELL,CELL,...;SUM=...
 * with cells named r1c1 (a cage with no sum is written 0=...); a trailing ';'
 * is allowed. Extra regions: CELL,CELL,...;CELL,... of n cells each (one
 * diagonal: r1c1,r2c2,...,r9c9). Lines that are empty or start with '#'
 * are skipped. x, windoku, anti-knight, anti-king and non-consecutive take
 * no field.
 */
struct sudoku_rules_reader {
  const char *text; /* not NUL-terminated; not owned */
  size_t len, pos;
  uint32_t line, puzzles;
  uint32_t kinds; /* the rules every puzzle has */
};

void sudoku_rules_reader_init(struct sudoku_rules_reader *rd, const char *text,
                              size_t len, uint32_t kinds);

/* Reads the next puzzle into *g and *r. Returns 1, 0 at the end, -1 with
 * *err located (line, column, "line 1, column 83: ...") on malformed
 * input. Only the text is checked here, not the rules
 * (sudoku_rules_check). */
int sudoku_rules_read_next(struct sudoku_rules_reader *rd, sudoku_grid *g,
                           sudoku_rules *r, struct sudoku_text_error *err);

/* The parity of an odd-even mark as the text (and the api's JSON) write
 * it: 'O' or 'o' odd, 'E' or 'e' even, '.' any; -1 for any other byte. */
int sudoku_parity_of_mark(char c);

/* Bytes that always hold one puzzle line written by sudoku_rules_write. */
#define SUDOKU_RULES_TEXT_MAX (16 * SUDOKU_MAX_CELLS + 64)

/* Writes g and r as one line of the format above, '\n' at its end;
 * returns the length (snprintf convention). Blanks as '.', regions and
 * marks upper case, cages in stored order with no trailing ';': a line in
 * that form is read and written back byte for byte. */
size_t sudoku_rules_write(const sudoku_grid *g, const sudoku_rules *r,
                          char *buf, size_t cap);

#endif /* SUDOKU_RULES_H */
