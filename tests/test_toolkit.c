/* test_toolkit.c - the playing endpoints without sockets: /hint, /check,
 * /candidates, /steps, /rate, /generate. Every hint that places or removes
 * a value is checked against the puzzle's solution. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/api/api.h"
#include "sudoku_logic.h"
#include "sudoku_marks.h"
#include "tests.h"

static const struct api_limits lim = {100, 5000000, 0, 0};

/* One request to an endpoint: a JSON (or text) body and a query. */
static void ask(const char *endpoint, const char *ctype, const char *body,
                const char *query_name, const char *query_value,
                const char *accept, struct api_response *out) {
  struct api_param q[2];
  size_t nq = 0;
  if (query_name != NULL) {
    q[nq++] = (struct api_param){query_name, query_value, strlen(query_name),
                                 strlen(query_value)};
  }
  struct api_input in = {ctype, body, body ? strlen(body) : 0, accept, "t", q,
                         nq,    NULL};
  const struct api_endpoint *ep = api_endpoint_find(endpoint);
  ck_assert_ptr_nonnull(ep);
  api_handle(ep, &lim, &in, out);
  ck_assert_ptr_nonnull(out->body);
  ck_assert_uint_eq(strlen(out->body), out->body_len);
}

static void ask_json(const char *endpoint, const char *body,
                     struct api_response *out) {
  ask(endpoint, "application/json", body, NULL, NULL, NULL, out);
}

/* Every "cell":"rXcY","value":V of a placement list equals the solution;
 * no elimination removes a solution value. */
static void assert_sound(const char *body, const char *solution) {
  static const char *const lists[] = {"\"placements\":[", "\"eliminations\":["};
  for (int k = 0; k < 2; k++) {
    const char *p = strstr(body, lists[k]);
    ck_assert_ptr_nonnull(p);
    const char *end = strchr(p, ']');
    for (p = strstr(p, "\"cell\":\"r"); p != NULL && p < end;
         p = strstr(p + 1, "\"cell\":\"r")) {
      int r, c, v;
      ck_assert_int_eq(
          sscanf(p, "\"cell\":\"r%dc%d\",\"value\":%d", &r, &c, &v), 3);
      int want = solution[(r - 1) * 9 + (c - 1)] - '0';
      if (k == 0)
        ck_assert_msg(v == want, "placed %d at r%dc%d, solution %d", v, r, c,
                      want);
      else
        ck_assert_msg(v != want, "removed the solution %d at r%dc%d", v, r, c);
    }
  }
}

START_TEST(hint_walks_a_puzzle_to_the_end) {
  /* Apply each hint's placements to the entries until "solved": every
   * step is sound, and the game ends with the solution. */
  char entries[82], body[512];
  memset(entries, '.', 81);
  entries[81] = '\0';
  for (int round = 0; round < 81; round++) {
    snprintf(body, sizeof body, "{\"puzzle\":\"%s\",\"entries\":\"%s\"}",
             CLASSIC, entries);
    struct api_response out;
    ask_json("hint", body, &out);
    ck_assert_msg(out.status == 200, "%s", out.body);
    if (strstr(out.body, "\"kind\":\"solved\"") != NULL) {
      api_response_free(&out);
      for (int c = 0; c < 81; c++)
        if (CLASSIC[c] == '.')
          ck_assert_int_eq(entries[c], CLASSIC_SOLVED[c]);
      return;
    }
    HAS(out, "\"kind\":\"step\"");
    HAS(out, "\"explanation\":\"");
    assert_sound(out.body, CLASSIC_SOLVED);
    const char *p = strstr(out.body, "\"placements\":[");
    const char *end = strchr(p, ']');
    for (p = strstr(p, "\"cell\":\"r"); p != NULL && p < end;
         p = strstr(p + 1, "\"cell\":\"r")) {
      int r, c, v;
      sscanf(p, "\"cell\":\"r%dc%d\",\"value\":%d", &r, &c, &v);
      entries[(r - 1) * 9 + (c - 1)] = (char)('0' + v);
    }
    api_response_free(&out);
  }
  ck_abort_msg("no end after 81 hints");
}
END_TEST

START_TEST(hint_says_wrong_entries_and_missing_marks) {
  char entries[82], body[1024];
  memset(entries, '.', 81);
  entries[81] = '\0';
  entries[2] = '1'; /* r1c3 is 4 */
  struct api_response out;
  snprintf(body, sizeof body, "{\"puzzle\":\"%s\",\"entries\":\"%s\"}", CLASSIC,
           entries);
  ask_json("hint", body, &out);
  ck_assert_int_eq(out.status, 200);
  HAS(out, "\"kind\":\"wrong-entry\",\"cell\":\"r1c3\",\"entry\":1");
  ck_assert_ptr_null(strstr(out.body, "\"value\":"));
  api_response_free(&out);
  snprintf(body, sizeof body,
           "{\"puzzle\":\"%s\",\"entries\":\"%s\",\"reveal\":true}", CLASSIC,
           entries);
  ask_json("hint", body, &out);
  HAS(out, "\"value\":4");
  api_response_free(&out);
  /* r1c3's marks without its value 4. */
  snprintf(body, sizeof body,
           "{\"puzzle\":\"%s\",\"candidates\":{\"r1c3\":[1,2]}}", CLASSIC);
  ask_json("hint", body, &out);
  ck_assert_int_eq(out.status, 200);
  HAS(out, "\"kind\":\"missing-candidate\",\"cell\":\"r1c3\",\"value\":4");
  api_response_free(&out);
}
END_TEST

/* A row of pencil marks, each cell's [1]. */
#define MARK_ROW "[[1],[1],[1],[1],[1],[1],[1],[1],[1]]"

/* endpoint, body, status, piece */
static const struct {
  const char *endpoint, *body;
  int status;
  const char *piece;
} refusals[] = {
    {"hint", "{\"puzzle\":\"" MULTI "\"}", 422, "/problems/not-unique"},
    {"hint", "{\"puzzle\":\"" NO_SOLUTION "\"}", 422, "/problems/no-solution"},
    {"hint", "{\"puzzle\":\"" CONFLICTING "\"}", 422,
     "/problems/conflicting-givens"},
    {"hint", "{\"puzzle\":\"" CLASSIC "\",\"entries\":\"1\"}", 400,
     "/problems/invalid-puzzle"},
    /* The entries are measured against the puzzle's own side, not read as
     * a grid of their own (3 is nearest a 4x4's 16). */
    {"hint", "{\"puzzle\":\"" CLASSIC "\",\"entries\":\"..4\"}", 400,
     "entries: expected 81 characters for the 9x9 puzzle, got 3"},
    {"check", "{\"puzzle\":\"" CLASSIC "\",\"entries\":\"..4\"}", 400,
     "entries: expected 81 characters for the 9x9 puzzle, got 3"},
    /* Measured in characters: 81 of them, one an 'é' of two bytes. */
    {"check",
     "{\"puzzle\":\"" CLASSIC "\",\"entries\":\"..\xc3\xa9" DOTS9 DOTS9 DOTS9
         DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 "......\"}",
     400, "entries: character 3 (r1c3) '\xc3\xa9' (U+00E9) is not a digit"},
    {"hint",
     "{\"puzzle\":\"" CLASSIC
     "\",\"entries\":\"6" DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9
     "........\"}",
     400, "r1c1 is a given (5)"},
    {"hint", "{\"puzzle\":\"" CLASSIC "\",\"candidates\":{\"r0c1\":[1]}}", 400,
     "candidates.r0c1: expected a cell name"},
    {"hint", "{\"puzzle\":\"" CLASSIC "\",\"candidates\":{\"r1c1\":[10]}}", 400,
     "expected an integer 1..9"},
    /* A wrong value is named down to its place in the cell's list. */
    {"hint", "{\"puzzle\":\"" CLASSIC "\",\"candidates\":{\"r1c3\":[1,10]}}",
     400, "\"detail\":\"candidates.r1c3[1]: expected an integer 1..9\""},
    {"hint", "{\"puzzle\":\"" CLASSIC "\",\"candidates\":{\"r1c3\":[1,10]}}",
     400, "\"path\":\"candidates.r1c3[1]\""},
    {"hint",
     "{\"puzzle\":\"" CLASSIC "\",\"candidates\":[" MARK_ROW "," MARK_ROW
     "," MARK_ROW "," MARK_ROW "," MARK_ROW "," MARK_ROW "," MARK_ROW
     "," MARK_ROW ",[[1],[1],[1],[1],[1],[1],[1],[1],[0]]]}",
     400,
     "\"detail\":\"candidates[8][8][0]: expected an integer 1..9\","
     "\"request_id\":\"t\",\"path\":\"candidates[8][8][0]\""},
    /* One cell's marks once: a second list for it (or the same cell under
     * another spelling) is refused, not silently taken over the first. */
    {"hint",
     "{\"puzzle\":\"" CLASSIC
     "\",\"candidates\":{\"r1c3\":[4],\"r1c3\":[1,2]}}",
     400, "candidates: member \\\"r1c3\\\" appears twice"},
    {"hint",
     "{\"puzzle\":\"" CLASSIC
     "\",\"candidates\":{\"r1c3\":[4],\"r01c3\":[1,2]}}",
     400, "candidates.r01c3: expected a cell name"},
    {"hint", "{\"puzzle\":\"" CLASSIC "\",\"candidates\":{\"r+1c3\":[4]}}", 400,
     "candidates.r+1c3: expected a cell name"},
    {"hint", "{\"puzzle\":\"" CLASSIC "\",\"candidates\":{\"r 1c3\":[4]}}", 400,
     "candidates.r 1c3: expected a cell name"},
    {"hint", "{\"puzzle\":\"" CLASSIC "\",\"lexmin\":true}", 400,
     "unknown member \\\"lexmin\\\""},
    {"check", "{\"puzzle\":\"" MULTI "\"}", 422, "/problems/not-unique"},
    {"check", "{\"puzzle\":\"" CLASSIC "\",\"candidates\":{}}", 400,
     "unknown member"},
    {"steps", "{\"puzzle\":\"" MULTI "\"}", 422, "/problems/not-unique"},
    {"rate", "{\"puzzle\":\"" NO_SOLUTION "\"}", 422, "/problems/no-solution"},
    {"candidates", "{\"puzzle\":\"" CONFLICTING "\"}", 422,
     "\"conflict_count\":2"},
    {"candidates", "{\"puzzles\":[]}", 400, "unknown member"},
};

START_TEST(refusals_are_problems) {
  struct api_response out;
  ask_json(refusals[_i].endpoint, refusals[_i].body, &out);
  ck_assert_msg(out.status == refusals[_i].status, "%s: %d %s",
                refusals[_i].endpoint, out.status, out.body);
  ck_assert_str_eq(out.content_type, "application/problem+json");
  HAS(out, refusals[_i].piece);
  api_response_free(&out);
}
END_TEST

/* A form's fields are named as JSON members are: in the detail and as the
 * path (the text reader's line and column beside them). */
#define DOTS76 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 "...."
#define CLASSIC_X                                                              \
  "53..x....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5"   \
  "....8..79"
static const struct {
  const char *endpoint, *body, *detail, *path;
} form_refusals[] = {
    {"check", "puzzle=" CLASSIC "&entries=....x" DOTS76,
     "entries: line 1, column 5: 'x' is not a digit or a blank", "entries"},
    {"check", "puzzle=" CLASSIC_X "&entries=..1." DOTS76 ".",
     "puzzle: line 1, column 5: 'x' is not a digit or a blank", "puzzle"},
    {"hint", "puzzle=" CLASSIC "&entries=..1",
     "entries: line 1: a row of 3 cells: the smallest grid is 4x4", "entries"},
    {"candidates", "puzzle=" CLASSIC "&entries=....x" DOTS76,
     "entries: line 1, column 5: 'x' is not a digit or a blank", "entries"},
    {"rate", "puzzle=" CLASSIC_X,
     "puzzle: line 1, column 5: 'x' is not a digit or a blank", "puzzle"},
    {"check", "puzzle=", "puzzle: the field holds no puzzle", "puzzle"},
    {"check", "puzzle=" CLASSIC "%0A" CLASSIC,
     "puzzle: two grids; the field holds one", "puzzle"},
    {"hint", "puzzle=" CLASSIC "&entries=" CLASSIC "&entries=" CLASSIC,
     "form field entries appears twice", "entries"},
    /* The name alone: its value follows it in the decoded buffer. */
    {"check", "puzzle=" CLASSIC "&puzzle=" CLASSIC,
     "form field puzzle appears twice", "puzzle"},
};

START_TEST(form_fields_are_named) {
  struct api_response out;
  ask(form_refusals[_i].endpoint, "application/x-www-form-urlencoded",
      form_refusals[_i].body, NULL, NULL, NULL, &out);
  ck_assert_msg(out.status == 400, "%s: %d %s", form_refusals[_i].endpoint,
                out.status, out.body);
  char want[160];
  snprintf(want, sizeof want, "\"detail\":\"%s\"", form_refusals[_i].detail);
  HAS(out, want);
  snprintf(want, sizeof want, "\"path\":\"%s\"", form_refusals[_i].path);
  HAS(out, want);
  api_response_free(&out);
}
END_TEST

START_TEST(check_reports_without_revealing) {
  char entries[82], body[512];
  memcpy(entries, CLASSIC_SOLVED, 82);
  struct api_response out;
  snprintf(body, sizeof body, "{\"puzzle\":\"%s\",\"entries\":\"%s\"}", CLASSIC,
           entries);
  ask_json("check", body, &out);
  HAS(out, "\"wrong\":[],\"complete\":true,\"solvable\":true");
  api_response_free(&out);
  entries[2] = '1'; /* wrong, and clashes with r4c6? no: with nothing known */
  entries[3] = '1'; /* r1c3 and r1c4 both 1: a clash of entries */
  snprintf(body, sizeof body, "{\"puzzle\":\"%s\",\"entries\":\"%s\"}", CLASSIC,
           entries);
  ask_json("check", body, &out);
  HAS(out,
      "\"wrong\":[\"r1c3\",\"r1c4\"],\"complete\":false,\"solvable\":false");
  HAS(out, "\"cells\":[\"r1c3\",\"r1c4\"");
  ck_assert_ptr_null(strstr(out.body, CLASSIC_SOLVED));
  api_response_free(&out);
}
END_TEST

START_TEST(candidates_both_forms) {
  struct api_response out;
  ask_json("candidates", "{\"puzzle\":\"" CLASSIC "\"}", &out);
  ck_assert_int_eq(out.status, 200);
  HAS(out, "\"r1c3\":[1,2,4]");
  HAS(out, "\"empty\":51");
  api_response_free(&out);
  ask("candidates", "application/json", "{\"puzzle\":\"" CLASSIC "\"}", "form",
      "array", NULL, &out);
  HAS(out, "\"candidates\":[[[],[],[1,2,4],[2,6],[],[2,4,6,8]");
  api_response_free(&out);
  /* Text: the second grid holds the entries. */
  char text[200];
  snprintf(
      text, sizeof text, "%s\n..4%s\n", CLASSIC,
      "......................................................................"
      "........");
  ask("candidates", "text/plain", text, NULL, NULL, NULL, &out);
  ck_assert_msg(out.status == 200, "%s", out.body);
  ck_assert_ptr_null(strstr(out.body, "\"r1c3\""));
  HAS(out, "\"r1c4\":[2,6]");
  api_response_free(&out);
}
END_TEST

START_TEST(rate_and_steps_agree) {
  struct api_response rate, steps, text;
  ask_json("rate", "{\"puzzle\":\"" CLASSIC "\"}", &rate);
  ask_json("steps", "{\"puzzle\":\"" CLASSIC "\"}", &steps);
  ck_assert_int_eq(rate.status, 200);
  ck_assert_int_eq(steps.status, 200);
  HAS(rate, "\"rating\":1.2,\"er\":1.2,\"ep\":1.2,\"ed\":1.2,\"level\":"
            "\"easy\",\"hardest\":\"hidden-single\"");
  /* The same summary, then the path. */
  ck_assert_int_eq(strncmp(rate.body, steps.body, rate.body_len - 1), 0);
  HAS(steps, "\"steps\":[{\"technique\":\"hidden-single\"");
  ask("rate", "text/plain", CLASSIC "\n" NO_SOLUTION "\n", NULL, NULL,
      "text/plain", &text);
  ck_assert_str_eq(text.body, "1.2 easy hidden-single\nthe puzzle has no "
                              "solution\n");
  api_response_free(&text);
  /* ?format=line: the forum's line, ER/EP/ED after the puzzle. */
  ask("rate", "text/plain", CLASSIC "\n" NO_SOLUTION "\n", "format", "line",
      NULL, &text);
  ck_assert_int_eq(text.status, 200);
  ck_assert_str_eq(text.body, CLASSIC " ED=1.2/1.2/1.2\n" NO_SOLUTION
                                      " the puzzle has no solution\n");
  api_response_free(&text);
  ask("steps", "application/json", "{\"puzzle\":\"" CLASSIC "\"}", NULL, NULL,
      "text/plain", &text);
  ck_assert_int_eq(strncmp(text.body, "r1c6 is the only place for 8", 28), 0);
  api_response_free(&text);
  api_response_free(&rate);
  api_response_free(&steps);
  ask_json("rate", "{\"puzzles\":[\"" CLASSIC "\",\"" MULTI "\",\"12\"]}",
           &rate);
  ck_assert_int_eq(rate.status, 200);
  HAS(rate, "\"status\":\"rated\"");
  HAS(rate, "\"status\":\"not-unique\"");
  HAS(rate, "\"status\":\"invalid-puzzle\"");
  HAS(rate, "\"count\":3,\"rated\":1,\"failed\":2");
  api_response_free(&rate);
}
END_TEST

/* Row _i of tests/data/se_rated_triples.tsv (SE 1.2.1's ER/EP/ED): /rate
 * and /steps answer its three ratings as "er", "ep", "ed". */
START_TEST(rate_and_steps_have_se_triples) {
  char *tsv = test_read_file(TEST_DATA_DIR "/se_rated_triples.tsv", NULL);
  ck_assert_ptr_nonnull(tsv);
  char *line = tsv;
  for (int k = 0; k <= _i; k++) { /* the header, then _i rows */
    line = strchr(line, '\n');
    ck_assert_ptr_nonnull(line);
    line++;
  }
  char *f[5] = {line};
  for (int k = 1; k < 5; k++) {
    f[k] = strchr(f[k - 1], '\t');
    ck_assert_ptr_nonnull(f[k]);
    *f[k]++ = '\0';
  }
  *strchr(f[4], '\n') = '\0';
  char body[128], want[96];
  snprintf(body, sizeof body, "{\"puzzle\":\"%s\"}", f[0]);
  snprintf(want, sizeof want, "\"rating\":%s,\"er\":%s,\"ep\":%s,\"ed\":%s",
           f[2], f[2], f[3], f[4]);
  struct api_response rate, steps;
  ask_json("rate", body, &rate);
  ask_json("steps", body, &steps);
  ck_assert_int_eq(rate.status, 200);
  ck_assert_int_eq(steps.status, 200);
  HAS(rate, want);
  HAS(steps, want);
  api_response_free(&rate);
  api_response_free(&steps);
  free(tsv);
}
END_TEST

START_TEST(generate_is_reproducible_and_cacheable) {
  struct api_response a, b, c;
  ask("generate", NULL, NULL, "seed", "12345", NULL, &a);
  ask("generate", NULL, NULL, "seed", "12345", NULL, &b);
  ck_assert_msg(a.status == 200, "%s", a.body);
  ck_assert_str_eq(a.body, b.body);
  ck_assert_str_eq(a.etag, b.etag);
  ck_assert_str_ne(a.cache_control, "");
  HAS(a, "\"seed\":\"12345\"");
  /* The puzzle it gives is unique, and the solution is its solution. */
  char puzzle[82], solution[82];
  const char *p = strstr(a.body, "\"puzzle\":\"") + 10;
  memcpy(puzzle, p, 81);
  puzzle[81] = '\0';
  p = strstr(a.body, "\"solution\":\"") + 12;
  memcpy(solution, p, 81);
  solution[81] = '\0';
  sudoku_grid g, s, found;
  test_grid_from_line(&g, puzzle);
  test_grid_from_line(&s, solution);
  ck_assert(sudoku_is_solution(&g, &s));
  struct sudoku_stats st;
  ck_assert_int_eq(sudoku_solve(&g, NULL, &found, &st), SUDOKU_OK);
  ck_assert_uint_eq(st.solutions, 1);
  ask("generate", NULL, NULL, "level", "easy", NULL, &c);
  ck_assert_int_eq(c.status, 200);
  ck_assert_str_eq(c.cache_control, ""); /* unseeded: no-store */
  HAS(c, "\"level\":\"easy\"");
  api_response_free(&a);
  api_response_free(&b);
  api_response_free(&c);
}
END_TEST

static const struct {
  const char *name, *value, *piece;
} bad_queries[] = {
    {"level", "impossible", "level: expected easy"},
    {"symmetry", "spiral", "symmetry: expected none"},
    {"seed", "-1", "seed=-1: expected an integer"},
    {"seed", "18446744073709551616",
     "expected an integer 0..18446744073709551615"},
    {"size", "7", "size=7: a 7x7 grid has no box shape"},
    {"size", "26", "expected an integer 4..25"},
    {"givens", "x", "givens=x"},
    {"colour", "red", "unknown parameter colour"},
    /* More givens than cells: said so, not "a cell holds a value outside
     * 0..n"; every refusal names its parameter in "path". */
    {"givens", "82", "givens=82: more than the 81 cells of a 9x9 grid"},
    {"givens", "82", "\"path\":\"givens\""},
    {"seed", "x", "\"path\":\"seed\""},
    {"size", "26", "\"path\":\"size\""},
    {"colour", "red", "\"path\":\"colour\""},
    {"rating", "8.9-8.0", "rating: expected a band like 8.0-8.9"},
    {"rating", "hard", "\"path\":\"rating\""},
    {"rating", "12", "rating: expected a band"},
};

/* GET /generate?rating=BAND&seed=N (and a level beside it: a 400). */
static void ask_band(const char *band, const char *level,
                     struct api_response *out) {
  struct api_param q[3] = {{"rating", band, 6, strlen(band)},
                           {"seed", "77", 4, 2},
                           {"level", level, 5, level ? strlen(level) : 0}};
  struct api_input in = {NULL, NULL, 0, NULL, "t", q, level ? 3 : 2, NULL};
  api_handle(api_endpoint_find("generate"), &lim, &in, out);
  ck_assert_ptr_nonnull(out->body);
}

START_TEST(generate_takes_a_rating_band) {
  struct api_response a, b;
  ask_band("8.0-8.9", NULL, &a);
  ask_band("8.0-8.9", NULL, &b);
  ck_assert_msg(a.status == 200, "%s", a.body);
  ck_assert_str_eq(a.body, b.body); /* seeded: the same puzzle */
  const char *r = strstr(a.body, "\"rating\":8.");
  ck_assert_msg(r != NULL, "%s", a.body);
  char puzzle[82];
  memcpy(puzzle, strstr(a.body, "\"puzzle\":\"") + 10, 81);
  puzzle[81] = '\0';
  sudoku_grid g;
  struct sudoku_rating rt;
  test_grid_from_line(&g, puzzle);
  ck_assert_int_eq(sudoku_rate(&g, NULL, &rt), SUDOKU_OK);
  ck_assert_uint_ge(rt.rating, 80);
  ck_assert_uint_le(rt.rating, 89);
  /* SE's three ratings, as sudoku_rate gives them. */
  char triple[64];
  snprintf(triple, sizeof triple, "\"er\":%u.%u,\"ep\":%u.%u,\"ed\":%u.%u",
           rt.rating / 10, rt.rating % 10, rt.ep / 10, rt.ep % 10, rt.ed / 10,
           rt.ed % 10);
  ck_assert_msg(strstr(a.body, triple) != NULL, "%s in %s", triple, a.body);
  api_response_free(&b);
  ask_band("8.0-8.9", "hard", &b); /* a band replaces the level */
  ck_assert_int_eq(b.status, 400);
  HAS(b, "rating: a band replaces the level");
  api_response_free(&a);
  api_response_free(&b);
}
END_TEST

START_TEST(generate_refuses_bad_queries) {
  struct api_response out;
  ask("generate", NULL, NULL, bad_queries[_i].name, bad_queries[_i].value, NULL,
      &out);
  ck_assert_msg(out.status == 400, "%d %s", out.status, out.body);
  HAS(out, bad_queries[_i].piece);
  api_response_free(&out);
}
END_TEST

/* /candidates?format=sukaku|cells|pm|library: the position with its
 * candidates as text, read back by the core's reader of those formats
 * into the same values and the same candidates; the entries are placed
 * values in the library line. */
static const char *const mark_formats[] = {"sukaku", "cells", "pm", "library"};

START_TEST(candidates_in_pencil_mark_formats) {
  struct api_response r;
  /* The entries as a full line: r1c3 = 4. */
  char entries[256];
  snprintf(entries, sizeof entries,
           "{\"puzzle\":\"%s\",\"entries\":\"..4%.78s\"}", CLASSIC,
           DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9);
  ask("candidates", "application/json", entries, "format", mark_formats[_i],
      NULL, &r);
  ck_assert_msg(r.status == 200, "%s", r.body);
  ck_assert_str_eq(r.content_type, "text/plain; charset=utf-8");
  sudoku_grid position;
  struct sudoku_reader rd;
  sudoku_reader_init(&rd, CLASSIC, 81);
  ck_assert_int_eq(sudoku_read_next(&rd, &position, NULL), 1);
  position.cell[2] = 4;
  uint32_t cand[SUDOKU_MAX_CELLS];
  ck_assert_int_eq(sudoku_candidates(&position, cand), SUDOKU_OK);
  struct sudoku_position *p = malloc(sizeof *p);
  enum sudoku_marks_format f;
  sudoku_reader_init(&rd, r.body, r.body_len);
  ck_assert_int_eq(sudoku_read_position(&rd, p, &f, NULL), 1);
  ck_assert_str_eq(sudoku_marks_format_name(f), mark_formats[_i]);
  for (int c = 0; c < 81; c++) {
    ck_assert_int_eq(p->grid.cell[c], position.cell[c]);
    ck_assert_uint_eq(p->cand[c], position.cell[c] ? 0 : cand[c]);
  }
  /* Only the library line tells a placed value from a given. */
  ck_assert_int_eq(p->placed[2], strcmp(mark_formats[_i], "library") == 0);
  free(p);
  api_response_free(&r);
  /* A side the library line cannot hold; a format of none. */
  ask("candidates", "text/plain", "................", "format", "library", NULL,
      &r);
  ck_assert_int_eq(r.status, 200);
  api_response_free(&r);
  char empty16[257];
  memset(empty16, '.', 256);
  empty16[256] = '\0';
  ask("candidates", "text/plain", empty16, "format", "library", NULL, &r);
  ck_assert_int_eq(r.status, 400);
  ck_assert_ptr_nonnull(strstr(r.body, "sides 4 to 9"));
  api_response_free(&r);
  ask("candidates", "text/plain", CLASSIC, "format", "xml", NULL, &r);
  ck_assert_int_eq(r.status, 400);
  ck_assert_ptr_nonnull(strstr(r.body, "sukaku"));
  api_response_free(&r);
}
END_TEST

Suite *toolkit_suite(void) {
  Suite *s = suite_create("toolkit");
  TCase *tc = tcase_create("endpoints");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, hint_walks_a_puzzle_to_the_end);
  tcase_add_test(tc, hint_says_wrong_entries_and_missing_marks);
  tcase_add_loop_test(tc, refusals_are_problems, 0,
                      (int)(sizeof refusals / sizeof refusals[0]));
  tcase_add_loop_test(tc, form_fields_are_named, 0,
                      (int)(sizeof form_refusals / sizeof form_refusals[0]));
  tcase_add_test(tc, check_reports_without_revealing);
  tcase_add_test(tc, candidates_both_forms);
  tcase_add_loop_test(tc, candidates_in_pencil_mark_formats, 0,
                      (int)(sizeof mark_formats / sizeof mark_formats[0]));
  tcase_add_test(tc, rate_and_steps_agree);
  tcase_add_loop_test(tc, rate_and_steps_have_se_triples, 0, 12);
  tcase_add_test(tc, generate_is_reproducible_and_cacheable);
  tcase_add_test(tc, generate_takes_a_rating_band);
  tcase_add_loop_test(tc, generate_refuses_bad_queries, 0,
                      (int)(sizeof bad_queries / sizeof bad_queries[0]));
  suite_add_tcase(s, tc);
  return s;
}
