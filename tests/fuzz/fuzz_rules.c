/*
 * fuzz_rules.c - libFuzzer target for the variant text reader
 * (sudoku_rules.h): bytes 0 and 1 pick the rule kinds (one bit each:
 * byte 0 bits 0-7, byte 1 bit 0), the rest is text read to its end. Every
 * puzzle read is written back, and the line must read back to the same grid and
 * rules and write the same bytes again; then its rules are checked and it is
 * solved on a small budget, and a solution found must pass the
 * independent checker. The input is copied into an exact-size buffer so
 * that ASan sees any read past its end.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku_rules.h"

static sudoku_grid g, back, out;
static sudoku_rules r, rback;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2)
    return 0;
  uint32_t kinds = data[0] | (uint32_t)(data[1] & 1) << 8;
  size -= 2;
  char *text = malloc(size ? size : 1);
  if (text == NULL)
    return 0;
  memcpy(text, data + 2, size);
  struct sudoku_rules_reader rd;
  struct sudoku_text_error err;
  int got, guard = 0;
  sudoku_rules_reader_init(&rd, text, size, kinds);
  while ((got = sudoku_rules_read_next(&rd, &g, &r, &err)) == 1) {
    if (rd.pos > size || r.kinds != kinds)
      abort();
    static char line[SUDOKU_RULES_TEXT_MAX], again[SUDOKU_RULES_TEXT_MAX];
    size_t len = sudoku_rules_write(&g, &r, line, sizeof line);
    if (len >= sizeof line || strlen(line) != len)
      abort();
    struct sudoku_rules_reader rd2;
    sudoku_rules_reader_init(&rd2, line, len, kinds);
    if (sudoku_rules_read_next(&rd2, &back, &rback, &err) != 1 ||
        memcmp(&back, &g, sizeof g) != 0 || memcmp(&rback, &r, sizeof r) != 0)
      abort();
    if (sudoku_rules_write(&back, &rback, again, sizeof again) != len ||
        memcmp(again, line, len) != 0)
      abort();
    struct sudoku_rules_problem p[4];
    size_t count;
    enum sudoku_status s = sudoku_rules_check(&g, &r, p, 4, &count);
    for (size_t i = 0; i < count && i < 4; i++)
      if (memchr(p[i].message, '\0', sizeof p[i].message) == NULL ||
          p[i].message[0] == '\0')
        abort();
    struct sudoku_limits lim = {2, 2000, 0, (size & 1) != 0};
    struct sudoku_stats st;
    enum sudoku_status solved = sudoku_solve_rules(&g, &r, &lim, &out, &st);
    if (s != SUDOKU_OK && solved != s)
      abort();
    if (st.solutions > 0 && !sudoku_rules_is_solution(&g, &r, &out))
      abort();
    if (++guard > 100000)
      abort();
  }
  if (got == -1) {
    if (memchr(err.message, '\0', sizeof err.message) == NULL ||
        err.message[0] == '\0')
      abort();
  } else if (got != 0) {
    abort();
  }
  free(text);
  return 0;
}
