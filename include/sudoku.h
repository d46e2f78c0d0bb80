/*
 * sudoku.h - the solver core: grids of any box shape up to 25x25, validation
 * of givens, solving with limits, and the plain-text formats of online judges.
 *
 * What this module does NOT do: I/O, JSON, HTTP, threads. It holds no global
 * state and allocates nothing while searching, so every function may be
 * called from many threads at once on different arguments.
 *
 * Glossary: a *cell* is one square; a *unit* is a row, a column or a box;
 * the *peers* of a cell share a unit with it; a *candidate* is a value a
 * cell may still take; a *given* is a value filled in the puzzle.
 */
#ifndef SUDOKU_H
#define SUDOKU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SUDOKU_VERSION "0.1.0"

/* ---- Limits ------------------------------------------------------------ */

#define SUDOKU_MIN_N 4  /* smallest side: 2x2 boxes */
#define SUDOKU_MAX_N 25 /* largest side: 5x5 boxes */
#define SUDOKU_MAX_CELLS (SUDOKU_MAX_N * SUDOKU_MAX_N)
/* Bytes that always hold one grid written by sudoku_write_* (with NUL). */
#define SUDOKU_TEXT_MAX 2048
/* The stack a thread needs to run every call of this library: the
 * deepest, a nested forcing chain search of level 5 (SE's 11.0 row),
 * takes about 2 MiB; the threads that solve and rate are made with this
 * much, so no ulimit -s smaller than the usual default cuts them short. */
#define SUDOKU_STACK_BYTES (8u << 20)

/* ---- Status codes ------------------------------------------------------ */

/*
 * One table: enum name, stable machine code, English message. The API layer
 * extends the same table with HTTP statuses, so they cannot drift apart.
 */
#define SUDOKU_STATUS_MAP(X)                                                   \
  X(OK, "solved", "solved")                                                    \
  X(NO_SOLUTION, "no-solution", "the puzzle has no solution")                  \
  X(NOT_UNIQUE, "not-unique", "the puzzle has several solutions")              \
  X(CONFLICT, "conflicting-givens",                                            \
    "two givens hold the same value in one row, column or box")                \
  X(NODE_LIMIT, "search-budget-exceeded",                                      \
    "the search budget ran out before the answer was known")                   \
  X(DEADLINE, "deadline-exceeded",                                             \
    "the solve deadline passed before the answer was known")                   \
  X(BAD_SHAPE, "invalid-shape", "unsupported grid size or box shape")          \
  X(BAD_VALUE, "invalid-value", "a cell holds a value outside 0..N")           \
  X(PARSE, "parse-error", "the input is not a readable puzzle")                \
  X(BAD_RULES, "invalid-rules",                                                \
    "the variant's rules are malformed or do not fit the grid")

enum sudoku_status {
#define SUDOKU_X_ENUM(name, code, msg) SUDOKU_##name,
  SUDOKU_STATUS_MAP(SUDOKU_X_ENUM)
#undef SUDOKU_X_ENUM
      SUDOKU_STATUS_COUNT
};

/* English message for a status; never NULL. */
const char *sudoku_strerror(enum sudoku_status s);
/* Stable machine code for a status ("conflicting-givens"); never NULL. */
const char *sudoku_status_code(enum sudoku_status s);

/* ---- Grids ------------------------------------------------------------- */

/* A grid carries its box shape. Cells are row-major, 0 = blank, 1..n. */
typedef struct sudoku_grid {
  uint8_t box_rows, box_cols; /* box shape, each >= 2 */
  uint8_t n;                  /* side = box_rows * box_cols, 4..25 */
  uint8_t cell[SUDOKU_MAX_CELLS];
} sudoku_grid;

/* Empty grid with the given box shape. Returns SUDOKU_BAD_SHAPE when
 * box_rows or box_cols < 2 or the side exceeds SUDOKU_MAX_N. */
enum sudoku_status sudoku_grid_init(sudoku_grid *g, int box_rows, int box_cols);

/* The conventional box shape of an n x n grid: box_rows the largest divisor
 * of n not above sqrt(n) (6 -> 2x3, 12 -> 3x4). Returns false when n has no
 * shape with both sides >= 2 (primes) or is out of 4..25. */
bool sudoku_box_shape(int n, int *box_rows, int *box_cols);

/* The one rule for a puzzle given as one run of k cells (a text line, a
 * JSON string or flat array): the side n with n*n == k that has a box shape
 * (16 -> 4, 81 -> 9, 256 -> 16), else 0. */
int sudoku_side_of_cells(size_t k);

/* The supported side whose n*n is nearest to k (ties to the smaller), for
 * messages such as "expected 81 cells, got 80". */
int sudoku_nearest_side(size_t k);

/* CLOCK_MONOTONIC in nanoseconds: the one clock of the core and of every
 * layer above it (deadlines, request times). */
uint64_t sudoku_clock_ns(void);

/* Number of nonzero cells. */
int sudoku_count_givens(const sudoku_grid *g);

/* The name of cell `cell` of a grid of side n, "r3c5" (1-based), into buf;
 * returns the length (snprintf convention). 8 bytes always suffice. */
size_t sudoku_cell_name(int n, int cell, char *buf, size_t cap);

/* Reads a cell name at s[*at..len): 'r' or 'R', the row, 'c' or 'C', the
 * column, each 1 to 4 decimal digits, into *row and *col (1-based as
 * written, not checked against a side: that is the caller's); *at moves
 * past it. Returns false, *at unmoved, when no name stands there.
 * *canonical (when not NULL) says whether it is spelt as sudoku_cell_name
 * writes it: lower case, no leading zero. The one reader of cell names,
 * for the text rules (sudoku_rules.h) and the JSON members. */
bool sudoku_cell_name_read(const char *s, size_t len, size_t *at, int *row,
                           int *col, bool *canonical);

/* The name of unit index u of a grid of side n (0..n-1 rows, n..2n-1
 * columns, 2n..3n-1 boxes), "row 1", "column 3", "box 6"; returns the
 * length (snprintf convention). 16 bytes always suffice. */
size_t sudoku_unit_label(int n, int u, char *buf, size_t cap);

/* ---- Validation -------------------------------------------------------- */

enum sudoku_unit { SUDOKU_UNIT_ROW, SUDOKU_UNIT_COL, SUDOKU_UNIT_BOX };

/* "row", "column" or "box". */
const char *sudoku_unit_name(enum sudoku_unit u);

/* Two givens with the same value in one unit. A pair sharing a row and a
 * box is reported once for each unit. */
struct sudoku_conflict {
  uint16_t a, b;   /* cell indexes, a < b (row-major) */
  uint8_t value;   /* the shared value */
  uint8_t unit;    /* enum sudoku_unit */
  uint8_t unit_ix; /* which row, column or box, 0-based */
};

/* Checks the shape and the values (SUDOKU_BAD_SHAPE, SUDOKU_BAD_VALUE), then
 * lists every conflicting pair of givens, unit by unit (rows, then columns,
 * then boxes), into out[0..cap). *count receives the total number of pairs,
 * which may exceed cap. Returns SUDOKU_CONFLICT when there is any pair,
 * else SUDOKU_OK. out may be NULL when cap is 0. */
enum sudoku_status sudoku_validate(const sudoku_grid *g,
                                   struct sudoku_conflict *out, size_t cap,
                                   size_t *count);

/* Independent checker, sharing no code with the solver: true when solution
 * has the puzzle's shape, every unit holds 1..n exactly once, and every
 * given of puzzle is kept. */
bool sudoku_is_solution(const sudoku_grid *puzzle, const sudoku_grid *solution);

/* ---- Solving ----------------------------------------------------------- */

struct sudoku_limits {
  uint32_t max_solutions; /* stop after this many; 0 means 1; 2 decides
                             uniqueness */
  uint64_t max_nodes;     /* search-node budget; 0 = unlimited */
  uint64_t deadline_us;   /* wall-clock budget from the call; 0 = none */
  bool lexmin;            /* first solution = the lexicographically smallest
                             (what row-major backtracking trying 1..n
                             ascending prints); slower on hard puzzles */
};

/* Defaults: count to 2, no node budget, no deadline, fastest order. */
#define SUDOKU_LIMITS_DEFAULT                                                  \
  { 2, 0, 0, false }

struct sudoku_stats {
  uint32_t solutions; /* solutions found, <= max_solutions */
  uint64_t nodes;     /* search nodes visited (the root counts) */
  uint64_t guesses;   /* branches taken where the search had several
                         choices (9x9: a digit's placements in a band or
                         stack; else a cell's candidates) */
};

/*
 * Solves puzzle. Validates first (BAD_SHAPE, BAD_VALUE, CONFLICT: nothing is
 * searched). Then searches until max_solutions are found or the space is
 * exhausted:
 *   SUDOKU_OK           stats->solutions >= 1; solution holds the first one
 *                       found (deterministic for the same input and limits);
 *                       solutions < max_solutions means that is all of them.
 *   SUDOKU_NO_SOLUTION  the space was exhausted without a solution.
 *   SUDOKU_NODE_LIMIT / SUDOKU_DEADLINE
 *                       stopped early; when stats->solutions >= 1 solution
 *                       is a valid solution, but the count is a lower bound.
 * limits may be NULL (SUDOKU_LIMITS_DEFAULT); stats may be NULL. solution
 * may alias puzzle. Stack use stays under 160 KiB.
 */
enum sudoku_status sudoku_solve(const sudoku_grid *puzzle,
                                const struct sudoku_limits *limits,
                                sudoku_grid *solution,
                                struct sudoku_stats *stats);

/* ---- Text formats ------------------------------------------------------ */

/*
 * Reading. Accepted, one or several puzzles in one text:
 *  - rows of space-separated cells, one row a line: Baekjoon 2580 ("0 3 5"),
 *    HDU 1426 ("? 6 5"), integers for sides above 9 ("12 0 3"); a puzzle
 *    ends after n rows; blank lines between puzzles are optional;
 *  - rows of n symbols without spaces ("53..7....");
 *  - one puzzle a line, n*n symbols (the 81-character line format);
 *  - decorated grids: '|', '+' and '-' are ignored, so are lines of only
 *    those, and spaces between groups of symbols ("53. |.7. |...").
 * Symbols: '1'-'9' then 'A'-'Z' (or 'a'-'z') for 10..35; '0', '.', '?' and
 * '_' are blanks. The side comes from the first row of each puzzle; its box
 * shape from sudoku_box_shape(). A line of n*n cells is a whole puzzle for
 * every n (sudoku_side_of_cells): 16 cells are a 4x4, unless the line holds
 * a value above 4 or the next line is a 16-cell row that does (a 16x16).
 * A '-' right before a digit is an error.
 */
struct sudoku_reader {
  const char *text; /* not NUL-terminated; not owned */
  size_t len, pos;
  uint32_t line;    /* 1-based line of pos */
  uint32_t puzzles; /* puzzles read so far */
};

/* Where and what went wrong. message is the whole sentence, location
 * included: "line 4, column 7: 'x' is not a digit or a blank",
 * "puzzle 2: expected 81 cells, got 80". line/column are 1-based, 0 when
 * not applicable; puzzle is the 1-based puzzle number. */
struct sudoku_text_error {
  uint32_t puzzle, line, column;
  char message[160];
};

void sudoku_reader_init(struct sudoku_reader *r, const char *text, size_t len);

/* Reads the next puzzle into *g. Returns 1 when a puzzle was read, 0 at the
 * end of the input (only blank or decoration lines left), -1 on malformed
 * input with *err filled (err may be NULL). After -1 the reader should not
 * be used again. */
int sudoku_read_next(struct sudoku_reader *r, sudoku_grid *g,
                     struct sudoku_text_error *err);

/* Value of one cell symbol: 0 for a blank, 1..35 for '1'-'9','A'-'Z','a'-'z',
 * -1 for anything else. */
int sudoku_symbol_value(char c);

/* Writing. Each returns the length written (not counting the NUL), or, when
 * cap is too small, the length it needed (like snprintf). buf is always
 * NUL-terminated when cap > 0. SUDOKU_TEXT_MAX always suffices. */

/* Judge text: n lines of n numbers separated by one space, '\n' after every
 * line, no trailing space; blanks as 0. Puzzles are separated by one empty
 * line: the caller writes that "\n" between them. */
size_t sudoku_write_judge(const sudoku_grid *g, char *buf, size_t cap);

/* Line format: n*n symbols ('1'-'9', 'A'-'Z'; '.' for blank) then '\n'. */
size_t sudoku_write_line(const sudoku_grid *g, char *buf, size_t cap);

#endif /* SUDOKU_H */
