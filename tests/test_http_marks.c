/*
 * test_http_marks.c - positions with pencil marks through the real sudokud
 * over TCP: what /candidates?format=sukaku|cells|pm|library writes, every
 * reader (/hint, /steps, /rate, /candidates, /check, /solve; a text body
 * and a JSON "puzzle" string) reads back as the same position: the same
 * text again, the same hint as the JSON position it came from, the same
 * solution. Errors are located (line, column; path "puzzle"). A test case
 * of http_toolkit_suite.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests.h"

static struct server srv;

static void srv_start(void) { server_start(&srv, "--threads 2"); }
static void srv_stop(void) { server_stop(&srv); }

/* A text as the JSON body {"puzzle": text}: newlines escaped. */
static char *puzzle_body(const char *text) {
  size_t len = strlen(text);
  char *b = malloc(len * 2 + 32);
  ck_assert_ptr_nonnull(b);
  size_t k = (size_t)sprintf(b, "{\"puzzle\":\"");
  for (size_t i = 0; i < len; i++) {
    if (text[i] == '\n') {
      b[k++] = '\\';
      b[k++] = 'n';
    } else {
      b[k++] = text[i];
    }
  }
  strcpy(b + k, "\"}");
  return b;
}

static struct reply post(const char *path, const char *hdr, const char *body) {
  struct reply r = request(srv.port, "POST", path, hdr, body);
  ck_assert_msg(r.status == 200, "POST %s: %d %s", path, r.status, r.body);
  return r;
}

static const char *const formats[] = {"sukaku", "cells", "pm", "library"};

START_TEST(marked_positions_read_back) {
  char path[64];
  snprintf(path, sizeof path, "/candidates?format=%s", formats[_i]);
  /* CLASSIC with r1c3 = 4 entered and r1c7's and r1c8's marks narrowed:
   * a position a player has worked on. */
  char worked[512];
  snprintf(worked, sizeof worked,
           "{\"puzzle\":\"%s\",\"entries\":\"..4%.78s\",\"candidates\":"
           "{\"r1c7\":[8,9],\"r1c8\":[1,2,9]}}",
           CLASSIC, DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9);
  struct reply t = post(path, JSON_HDR, worked);
  /* Read back as a text body and as a JSON string: the same text. */
  struct reply again = post(path, TEXT_HDR, t.body);
  ck_assert_str_eq(again.body, t.body);
  reply_free(&again);
  char *json = puzzle_body(t.body);
  again = post(path, JSON_HDR, json);
  ck_assert_str_eq(again.body, t.body);
  reply_free(&again);
  /* To HoDoKu's PM grid and SE's sukaku line and back: unchanged. */
  struct reply pm = post("/candidates?format=pm", TEXT_HDR, t.body);
  struct reply pm0 = post("/candidates?format=pm", JSON_HDR, worked);
  ck_assert_str_eq(pm.body, pm0.body);
  struct reply back = post(path, TEXT_HDR, pm.body);
  /* The PM grid does not tell placed values from givens: the library
   * line's '+' is lost there, nothing else. */
  char *unplaced = strdup(t.body);
  size_t k = 0;
  bool library = strcmp(formats[_i], "library") == 0;
  for (size_t i = 0; unplaced[i] != '\0'; i++)
    if (!library || unplaced[i] != '+')
      unplaced[k++] = unplaced[i];
  unplaced[k] = '\0';
  ck_assert_str_eq(back.body, unplaced);
  free(unplaced);
  reply_free(&back);
  reply_free(&pm);
  reply_free(&pm0);
  /* The hint of the marked position is that of the JSON position. */
  struct reply h0 = post("/hint", JSON_HDR, worked);
  struct reply h1 = post("/hint", TEXT_HDR, t.body);
  struct reply h2 = post("/hint", JSON_HDR, json);
  ck_assert_str_eq(h1.body, h0.body);
  ck_assert_str_eq(h2.body, h0.body);
  reply_free(&h0);
  reply_free(&h1);
  reply_free(&h2);
  /* Steps and rating start from it and reach the solution; /solve solves
   * its values; /check finds no wrong entry. */
  struct reply s = post("/steps", TEXT_HDR, t.body);
  HAS(s, "\"solved\":true");
  reply_free(&s);
  s = post("/rate", JSON_HDR, json);
  HAS(s, "\"solved\":true");
  reply_free(&s);
  s = post("/solve?format=line", TEXT_HDR, t.body);
  ck_assert_str_eq(s.body, CLASSIC_SOLVED "\n");
  reply_free(&s);
  s = post("/check", JSON_HDR, json);
  HAS(s, "\"wrong\":[]");
  reply_free(&s);
  free(json);
  reply_free(&t);
}
END_TEST

/* The path starts from the marks: a library line whose deleted candidates
 * are the first step's eliminations has a path one step shorter, which
 * does not take that step. */
#define POINTING                                                               \
  "4.....938.32.941...953..24.37.6.9..4529..16736.47.3.9.957..83....39..4."    \
  ".24..3.7.9"

START_TEST(steps_start_from_the_marks) {
  struct reply plain =
      post("/steps", JSON_HDR, "{\"puzzle\":\"" POINTING "\"}");
  HAS(plain, "\"step_count\":39");
  HAS(plain, "\"steps\":[{\"technique\":\"pointing\",\"name\":\"Pointing\","
             "\"rating\":2.6,\"placements\":[],\"eliminations\":[{\"cell\":"
             "\"r1c5\",\"value\":6},{\"cell\":\"r1c6\",\"value\":6}]");
  struct reply marked =
      post("/steps", TEXT_HDR, ":0000:x:" POINTING ":615 616::\n");
  HAS(marked, "\"step_count\":38");
  ck_assert_ptr_null(strstr(marked.body, "\"cell\":\"r1c5\",\"value\":6"));
  struct reply rate = post("/rate", TEXT_HDR, ":0000:x:" POINTING ":615 616::");
  ck_assert_str_eq(rate.body, "2.6 medium pointing\n");
  reply_free(&rate);
  /* A batch item may be a marked position too: its path from the marks. */
  rate = post("/rate", JSON_HDR,
              "{\"puzzles\":[\":0000:x:" POINTING ":615 616::\",\"" POINTING
              "\"]}");
  HAS(rate, "\"step_count\":38,");
  HAS(rate, "\"step_count\":39,");
  HAS(rate, "\"rated\":2");
  reply_free(&plain);
  reply_free(&marked);
  reply_free(&rate);
}
END_TEST

/* /hint?format=pm: HoDoKu's PM grid with the step, the same bytes as
 * `sudoku hint --format pm-step`; a '-' before each candidate the step
 * eliminates, its sentence last; read back (the marks and the sentence
 * skipped) it is the position before the step. */
START_TEST(hint_as_pm_grid_with_step) {
  struct reply pm = post("/hint?format=pm", TEXT_HDR, POINTING);
  struct run cli =
      run_cli("hint --format pm-step", POINTING "\n", strlen(POINTING) + 1);
  ck_assert_int_eq(cli.status, 0);
  ck_assert_str_eq(pm.body, cli.out);
  run_free(&cli);
  struct reply json = post("/hint", TEXT_HDR, POINTING);
  HAS(json, "\"eliminations\":[{\"cell\":\"r1c5\",\"value\":6},"
            "{\"cell\":\"r1c6\",\"value\":6}]");
  HAS(pm, "| 4    1*6  1*6 | 125  125-67  25-67 |");
  HAS(pm, "'\nIn box 1, 6 lies only in row 1 (r1c2 and r1c3)");
  int minus = 0;
  for (const char *c = strchr(pm.body, '\n'); *c != '\0' && *c != '\''; c++)
    minus += c[0] == '-' && c[1] >= '1' && c[1] <= '9';
  ck_assert_int_eq(minus, 2);
  struct reply back = post("/candidates?format=pm", TEXT_HDR, pm.body);
  struct reply plain = post("/candidates?format=pm", TEXT_HDR, POINTING);
  ck_assert_str_eq(back.body, plain.body);
  reply_free(&back);
  reply_free(&plain);
  reply_free(&json);
  reply_free(&pm);
  /* No step: the grid, then the hint's sentence. */
  pm =
      post("/hint?format=pm", JSON_HDR,
           "{\"puzzle\":\"" POINTING
           "\",\"entries\":\".5" DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9
           ".......\"}");
  HAS(pm, "| 4    5    16  |");
  HAS(pm, "'\nr1c2 is not 5: that entry is wrong.\n");
  ck_assert_ptr_null(strstr(pm.body, "-6"));
  reply_free(&pm);
}
END_TEST

/* /candidates says the position it read: its givens and entries as
 * lines (what the page opens a pasted position from), its marks. */
START_TEST(candidates_say_the_position_read) {
  struct reply r =
      post("/candidates?form=array", TEXT_HDR,
           ":0000:x:53+4.7....6..195....98....6.8...6...34..8.3..17...2."
           "..6.6....28....419..5....8..79:117::");
  HAS(r, "\"puzzle\":\"" CLASSIC "\"");
  HAS(r, "\"entries\":\"..4" DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9
         "......\"");
  HAS(r, "\"candidates\":[[[],[],[],[2,6],[],[2,6,8],[8,9],");
  reply_free(&r);
  r = post("/candidates", JSON_HDR, "{\"puzzle\":\"" CLASSIC "\"}");
  ck_assert_ptr_null(strstr(r.body, "\"entries\""));
  reply_free(&r);
}
END_TEST

/* Errors in a marked position are located as the core's reader words
 * them: line and column, and the member for a JSON string (which holds
 * one puzzle: no "puzzle" number). */
START_TEST(marked_errors_are_located) {
  char sukaku[730];
  memset(sukaku, '.', 729);
  sukaku[729] = '\0';
  sukaku[0] = '1';
  sukaku[100] = '9'; /* place 2 of r2c3 (cell 11): only '2' or a blank */
  struct reply r = request(srv.port, "POST", "/hint", TEXT_HDR, sukaku);
  ck_assert_int_eq(r.status, 400);
  HAS(r, "/problems/parse-error");
  HAS(r, "\"line\":1");
  HAS(r, "\"column\":101");
  reply_free(&r);
  static const struct {
    const char *path, *hdr, *body, *has[2];
  } bad[] = {
      {"/candidates",
       JSON_HDR,
       "{\"puzzle\":\":0000:x:" CLASSIC ":1x3::\"}",
       {"\"path\":\"puzzle\",\"line\":1,\"column\":91}",
        "puzzle: line 1, column 91: '1x3' is not a deleted candidate"}},
      /* The marks twice: in the puzzle and in "candidates". */
      {"/hint",
       JSON_HDR,
       "{\"puzzle\":\":0000:x:" CLASSIC ":::\",\"candidates\":{}}",
       {"\"path\":\"candidates\"", "carries its own marks"}},
      /* A marked position is the whole body. */
      {"/hint",
       TEXT_HDR,
       ":0000:x:" CLASSIC ":::\n" CLASSIC "\n",
       {"\"line\":2", "send one position, alone"}},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    r = request(srv.port, "POST", bad[i].path, bad[i].hdr, bad[i].body);
    ck_assert_int_eq(r.status, 400);
    HAS(r, bad[i].has[0]);
    HAS(r, bad[i].has[1]);
    reply_free(&r);
  }
}
END_TEST

TCase *http_marks_tcase(void) {
  TCase *tc = tcase_create("marks");
  tcase_add_unchecked_fixture(tc, srv_start, srv_stop);
  tcase_set_timeout(tc, 60);
  tcase_add_loop_test(tc, marked_positions_read_back, 0,
                      (int)(sizeof formats / sizeof formats[0]));
  tcase_add_test(tc, steps_start_from_the_marks);
  tcase_add_test(tc, candidates_say_the_position_read);
  tcase_add_test(tc, hint_as_pm_grid_with_step);
  tcase_add_test(tc, marked_errors_are_located);
  return tc;
}
