/*
 * grid.c - grid shapes, the status table, and the independent checker.
 * sudoku_is_solution shares no code with the solver on purpose: it is what
 * the tests trust.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "internal.h"

static const char *const status_codes[] = {
#define X(name, code, msg) code,
    SUDOKU_STATUS_MAP(X)
#undef X
};

static const char *const status_messages[] = {
#define X(name, code, msg) msg,
    SUDOKU_STATUS_MAP(X)
#undef X
};

const char *sudoku_status_code(enum sudoku_status s) {
  return (unsigned)s < SUDOKU_STATUS_COUNT ? status_codes[s] : "unknown";
}

const char *sudoku_strerror(enum sudoku_status s) {
  return (unsigned)s < SUDOKU_STATUS_COUNT ? status_messages[s]
                                           : "unknown status";
}

uint64_t core_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t sudoku_clock_ns(void) { return core_now_ns(); }

int core_flood(int n, const uint16_t *id, int from, bool *seen) {
  uint16_t stack[SUDOKU_MAX_CELLS];
  int top = 0, reached = 0;
  stack[top++] = (uint16_t)from;
  seen[from] = true;
  while (top > 0) {
    int c = stack[--top];
    reached++;
    for (int dir = 0; dir < 4; dir++) {
      int x = core_neighbour(n, c, dir);
      if (x >= 0 && !seen[x] && id[x] == id[from]) {
        seen[x] = true;
        stack[top++] = (uint16_t)x;
      }
    }
  }
  return reached;
}

int sudoku_side_of_cells(size_t k) {
  int br, bc;
  for (int n = SUDOKU_MIN_N; n <= SUDOKU_MAX_N; n++)
    if ((size_t)n * (size_t)n == k)
      return sudoku_box_shape(n, &br, &bc) ? n : 0;
  return 0;
}

int sudoku_nearest_side(size_t k) {
  int best = 9, br, bc;
  size_t best_diff = SIZE_MAX;
  for (int n = SUDOKU_MIN_N; n <= SUDOKU_MAX_N; n++) {
    size_t sq = (size_t)n * (size_t)n;
    size_t diff = sq > k ? sq - k : k - sq;
    if (sudoku_box_shape(n, &br, &bc) && diff < best_diff) {
      best = n;
      best_diff = diff;
    }
  }
  return best;
}

enum sudoku_status sudoku_grid_init(sudoku_grid *g, int box_rows,
                                    int box_cols) {
  memset(g, 0, sizeof *g);
  if (box_rows < 2 || box_cols < 2 || box_rows * box_cols > SUDOKU_MAX_N)
    return SUDOKU_BAD_SHAPE;
  g->box_rows = (uint8_t)box_rows;
  g->box_cols = (uint8_t)box_cols;
  g->n = (uint8_t)(box_rows * box_cols);
  return SUDOKU_OK;
}

bool sudoku_box_shape(int n, int *box_rows, int *box_cols) {
  if (n < SUDOKU_MIN_N || n > SUDOKU_MAX_N)
    return false;
  for (int r = 5; r >= 2; r--) {
    if (r * r <= n && n % r == 0 && n / r >= 2) {
      *box_rows = r;
      *box_cols = n / r;
      return true;
    }
  }
  return false;
}

int sudoku_count_givens(const sudoku_grid *g) {
  int count = 0;
  for (int i = 0; i < g->n * g->n; i++)
    count += g->cell[i] != 0;
  return count;
}

const char *sudoku_unit_name(enum sudoku_unit u) {
  static const char *const names[] = {"row", "column", "box"};
  return (unsigned)u < 3 ? names[u] : "unit";
}

/* Straightforward on purpose: one pass per unit kind, a seen-array each. */
bool sudoku_is_solution(const sudoku_grid *puzzle,
                        const sudoku_grid *solution) {
  int n = solution->n, br = solution->box_rows, bc = solution->box_cols;
  if (n != puzzle->n || br != puzzle->box_rows || bc != puzzle->box_cols ||
      br * bc != n || n < SUDOKU_MIN_N || n > SUDOKU_MAX_N)
    return false;
  for (int i = 0; i < n * n; i++) {
    int v = solution->cell[i];
    if (v < 1 || v > n || (puzzle->cell[i] != 0 && puzzle->cell[i] != v))
      return false;
  }
  for (int u = 0; u < n; u++) {
    bool row[SUDOKU_MAX_N + 1] = {false}, col[SUDOKU_MAX_N + 1] = {false},
                            box[SUDOKU_MAX_N + 1] = {false};
    int top = (u / br) * br, left = (u % br) * bc;
    for (int k = 0; k < n; k++) {
      int rv = solution->cell[u * n + k];
      int cv = solution->cell[k * n + u];
      int bv = solution->cell[(top + k / bc) * n + left + k % bc];
      if (row[rv] || col[cv] || box[bv])
        return false;
      row[rv] = col[cv] = box[bv] = true;
    }
  }
  return true;
}

size_t sudoku_cell_name(int n, int cell, char *buf, size_t cap) {
  int len = snprintf(buf, cap, "r%dc%d", cell / n + 1, cell % n + 1);
  return len < 0 ? 0 : (size_t)len;
}

/* A number of 1 to 4 decimal digits at s[*at..len), *at moved past it;
 * -1 when there is none. *lead0 is set when it starts with a zero. */
static inline int name_number(const char *s, size_t len, size_t *at,
                              bool *lead0) {
  size_t i = *at;
  int v = 0;
  *lead0 = i < len && s[i] == '0';
  while (i < len && s[i] >= '0' && s[i] <= '9' && i - *at < 4)
    v = v * 10 + (s[i++] - '0');
  if (i == *at)
    return -1;
  *at = i;
  return v;
}

bool sudoku_cell_name_read(const char *s, size_t len, size_t *at, int *row,
                           int *col, bool *canonical) {
  size_t i = *at;
  bool lead0_row, lead0_col;
  if (i >= len || (s[i] != 'r' && s[i] != 'R'))
    return false;
  bool lower_r = s[i++] == 'r';
  int r = name_number(s, len, &i, &lead0_row);
  if (r < 0 || i >= len || (s[i] != 'c' && s[i] != 'C'))
    return false;
  bool lower_c = s[i++] == 'c';
  int c = name_number(s, len, &i, &lead0_col);
  if (c < 0)
    return false;
  *row = r;
  *col = c;
  if (canonical != NULL)
    *canonical = lower_r && lower_c && !lead0_row && !lead0_col;
  *at = i;
  return true;
}

size_t sudoku_unit_label(int n, int u, char *buf, size_t cap) {
  static const char *const kinds[] = {"row", "column", "box"};
  int len = u >= 0 && u < 3 * n
                ? snprintf(buf, cap, "%s %d", kinds[u / n], u % n + 1)
                : snprintf(buf, cap, "unit %d", u + 1);
  return len < 0 ? 0 : (size_t)len;
}
