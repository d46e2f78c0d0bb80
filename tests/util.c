/* util.c - small helpers shared by the check suites. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests.h"
#include <sys/wait.h>
#include <unistd.h>

/* xorshift32: deterministic, so a failing case can be replayed. */
static uint32_t next_random(uint32_t *state) {
  uint32_t x = *state ? *state : 0x9e3779b9u;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return *state = x;
}

void test_solved_grid(sudoku_grid *g, int br, int bc, uint32_t seed) {
  sudoku_grid_init(g, br, bc);
  int n = br * bc;
  int digit[SUDOKU_MAX_N], row[SUDOKU_MAX_N], col[SUDOKU_MAX_N];
  for (int i = 0; i < n; i++)
    digit[i] = row[i] = col[i] = i;
  /* Relabel digits; swap rows inside each band of br rows and columns
   * inside each stack of bc columns: all keep a grid valid. */
  for (int i = n - 1; i > 0; i--) {
    int j = (int)(next_random(&seed) % (uint32_t)(i + 1)), t = digit[i];
    digit[i] = digit[j];
    digit[j] = t;
  }
  for (int i = 0; i < n; i++) {
    int j = i - i % br + (int)(next_random(&seed) % (uint32_t)br), t = row[i];
    row[i] = row[j];
    row[j] = t;
    j = i - i % bc + (int)(next_random(&seed) % (uint32_t)bc);
    t = col[i];
    col[i] = col[j];
    col[j] = t;
  }
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int pr = row[r], pc = col[c];
      g->cell[r * n + c] =
          (uint8_t)(digit[(bc * (pr % br) + pr / br + pc) % n] + 1);
    }
}

void test_blank_cells(sudoku_grid *g, int givens, uint32_t seed) {
  int nn = g->n * g->n, left = sudoku_count_givens(g);
  while (left > givens) {
    int c = (int)(next_random(&seed) % (uint32_t)nn);
    if (g->cell[c]) {
      g->cell[c] = 0;
      left--;
    }
  }
}

void test_grid_from_line(sudoku_grid *g, const char *line) {
  sudoku_grid_init(g, 3, 3);
  for (int i = 0; i < 81 && line[i] != '\0'; i++)
    g->cell[i] =
        (uint8_t)(line[i] >= '1' && line[i] <= '9' ? line[i] - '0' : 0);
}

const char *test_grid_to_line(const sudoku_grid *g, char *buf) {
  static const char symbols[] = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  int nn = g->n * g->n;
  for (int i = 0; i < nn; i++)
    buf[i] = symbols[g->cell[i] <= 35 ? g->cell[i] : 0];
  buf[nn] = '\0';
  return buf;
}

char *test_read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL)
    return NULL;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap + 1);
  size_t got;
  while (buf != NULL && (got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      char *bigger = realloc(buf, 2 * cap + 1);
      if (bigger == NULL) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = bigger;
      cap *= 2;
    }
  }
  fclose(f);
  if (buf != NULL) {
    buf[n] = '\0';
    if (len != NULL)
      *len = n;
  }
  return buf;
}

unsigned test_each_puzzle(const char *path, unsigned stride, unsigned first,
                          unsigned max, test_puzzle_fn fn, void *ctx,
                          long *sum) {
  size_t len = 0;
  char *text = test_read_file(path, &len);
  ck_assert_msg(text != NULL, "cannot read %s", path);
  struct sudoku_reader r;
  sudoku_reader_init(&r, text, len);
  sudoku_grid g;
  unsigned i = 0, seen = 0;
  stride = stride ? stride : 1;
  while ((max == 0 || seen < max) && sudoku_read_next(&r, &g, NULL) == 1) {
    if (i++ % stride != first % stride)
      continue;
    char where[600];
    snprintf(where, sizeof where, "%s puzzle %u", path, i);
    int got = fn(&g, where, ctx);
    if (sum != NULL)
      *sum += got;
    seen++;
  }
  free(text);
  return seen;
}

/* Runs the CLI with args, stdin from `input`, and collects both outputs. */
struct run run_cli(const char *args, const char *input, size_t len) {
  char dir[] = "/tmp/sudoku-cli-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  char in[64], out[64], err[64], cmd[512];
  snprintf(in, sizeof in, "%s/in", dir);
  snprintf(out, sizeof out, "%s/out", dir);
  snprintf(err, sizeof err, "%s/err", dir);
  FILE *f = fopen(in, "wb");
  ck_assert_ptr_nonnull(f);
  fwrite(input, 1, len, f);
  fclose(f);
  const char *bin =
      getenv("SUDOKU_BIN") ? getenv("SUDOKU_BIN") : "build/sudoku";
  snprintf(cmd, sizeof cmd, "'%s' %s <%s >%s 2>%s", bin, args, in, out, err);
  int rc = system(cmd);
  struct run r = {WIFEXITED(rc) ? WEXITSTATUS(rc) : -1,
                  test_read_file(out, NULL), test_read_file(err, NULL)};
  ck_assert_ptr_nonnull(r.out);
  ck_assert_ptr_nonnull(r.err);
  unlink(in);
  unlink(out);
  unlink(err);
  rmdir(dir);
  return r;
}

void run_free(struct run *r) {
  free(r->out);
  free(r->err);
}

/* Parses the SVG in svg with python3's minidom; ok = 0 when it is not
 * well-formed XML or not an svg root. */
struct svg_seen test_parse_svg(const char *svg) {
  char path[] = "/tmp/sudoku-draw-XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  size_t len = strlen(svg);
  ck_assert_int_eq(write(fd, svg, len), (ssize_t)len);
  close(fd);
  char cmd[2048];
  snprintf(
      cmd, sizeof cmd,
      "python3 -c '\n"
      "import sys, xml.dom.minidom as m\n"
      "d = m.parse(sys.argv[1]).documentElement\n"
      "assert d.tagName == \"svg\"\n"
      "assert d.getAttribute(\"xmlns\") == \"http://www.w3.org/2000/svg\"\n"
      "fills = {\"#111827\": 0, \"#1d4ed8\": 0, \"#166534\": 0, \"#4b5563\": 0,"
      " \"#dc2626\": 0}\n"
      "for g in d.getElementsByTagName(\"g\"):\n"
      "  f = g.getAttribute(\"fill\")\n"
      "  if f in fills: fills[f] += len(g.getElementsByTagName(\"text\"))\n"
      "rects = len(d.getElementsByTagName(\"rect\")) - 1\n"
      "red = [p for p in d.getElementsByTagName(\"path\")"
      " if p.getAttribute(\"stroke\") == \"#dc2626\"]\n"
      "strokes = sum(p.getAttribute(\"d\").count(\"M\") for p in red)\n"
      "print(1, d.getAttribute(\"width\"), *fills.values(), rects, strokes)\n"
      "' %s 2>/dev/null",
      path);
  FILE *p = popen(cmd, "r");
  ck_assert_ptr_nonnull(p);
  struct svg_seen s = {0};
  if (fscanf(p, "%d %d %d %d %d %d %d %d %d", &s.ok, &s.width, &s.givens,
             &s.entries, &s.placed, &s.marks, &s.struck, &s.rects,
             &s.strokes) != 9)
    s.ok = 0;
  pclose(p);
  unlink(path);
  return s;
}
