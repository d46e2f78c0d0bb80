/*
 * test_cli_logic.c - the real build/sudoku binary's `rate`, `steps` and
 * `hint`: output lines, the JSON shape (parsed back with cJSON, which the
 * CLI itself does not use), refusals in place, exit statuses, and the input
 * formats. SUDOKU_BIN names the binary.
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests.h"

struct out {
  int status;
  char *text; /* stdout, NUL-terminated */
};

/* Runs `sudoku ARGS` with `input` on stdin, stderr into the file errpath. */
static struct out run_to(const char *args, const char *input,
                         const char *errpath) {
  char in[] = "/tmp/sudoku-logic-cli-XXXXXX";
  int fd = mkstemp(in);
  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(write(fd, input, strlen(input)), (ssize_t)strlen(input));
  close(fd);
  const char *bin =
      getenv("SUDOKU_BIN") ? getenv("SUDOKU_BIN") : "build/sudoku";
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "'%s' %s <%s 2>%s", bin, args, in, errpath);
  FILE *p = popen(cmd, "r");
  ck_assert_ptr_nonnull(p);
  size_t cap = 1 << 20, n = 0, got;
  char *text = malloc(cap + 1);
  while ((got = fread(text + n, 1, cap - n, p)) > 0 && n < cap)
    n += got;
  text[n] = '\0';
  int rc = pclose(p);
  unlink(in);
  struct out o = {WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, text};
  return o;
}

/* Runs `sudoku ARGS` with `input` on stdin; stderr is dropped. */
static struct out run(const char *args, const char *input) {
  return run_to(args, input, "/dev/null");
}

/* As run(), stderr into *err (malloc'd, NUL-terminated). */
static struct out run_err(const char *args, const char *input, char **err) {
  char path[] = "/tmp/sudoku-logic-err-XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  close(fd);
  struct out o = run_to(args, input, path);
  *err = test_read_file(path, NULL);
  ck_assert_ptr_nonnull(*err);
  unlink(path);
  return o;
}

#define X_WING_PUZZLE                                                          \
  "................12..3.45..............6...4.3.7.1........2........7.18..9"  \
  ".5.....6"

START_TEST(rate_prints_one_line_a_puzzle) {
  struct out o = run("rate", CLASSIC "\n" MULTI "\n" NO_SOLUTION "\n");
  ck_assert_int_eq(o.status, 1);
  ck_assert_str_eq(o.text, "1.2 easy hidden-single\nnot unique\nno solution\n");
  free(o.text);
  o = run("rate", CLASSIC "\n");
  ck_assert_int_eq(o.status, 0);
  free(o.text);
}
END_TEST

START_TEST(rate_reads_judge_rows) {
  /* Baekjoon 2580: nine rows of nine numbers, 0 = blank. */
  char *in = test_read_file(TEST_DATA_DIR "/judge/boj2580.in", NULL);
  ck_assert_ptr_nonnull(in);
  struct out o = run("rate", in);
  ck_assert_int_eq(o.status, 0);
  ck_assert_msg(strstr(o.text, "easy") != NULL, "%s", o.text);
  free(o.text);
  free(in);
}
END_TEST

START_TEST(rate_json_has_the_summary) {
  struct out o = run("rate --json", X_WING_PUZZLE "\n" MULTI "\n");
  char *second = strchr(o.text, '\n');
  ck_assert_ptr_nonnull(second);
  *second++ = '\0';
  cJSON *j = cJSON_Parse(o.text);
  ck_assert_ptr_nonnull(j);
  ck_assert(cJSON_IsNumber(cJSON_GetObjectItem(j, "rating")));
  ck_assert(cJSON_IsString(cJSON_GetObjectItem(j, "level")));
  ck_assert(cJSON_IsString(cJSON_GetObjectItem(j, "hardest")));
  ck_assert(cJSON_IsBool(cJSON_GetObjectItem(j, "solved")));
  ck_assert(cJSON_IsObject(cJSON_GetObjectItem(j, "counts")));
  cJSON_Delete(j);
  j = cJSON_Parse(second);
  ck_assert_ptr_nonnull(j);
  ck_assert_str_eq(cJSON_GetObjectItem(j, "error")->valuestring, "not-unique");
  cJSON_Delete(j);
  free(o.text);
}
END_TEST

START_TEST(steps_prints_a_sentence_a_step) {
  struct out o = run("steps", CLASSIC "\n");
  ck_assert_int_eq(o.status, 0);
  int lines = 0;
  for (char *p = o.text; *p; p++)
    lines += *p == '\n';
  ck_assert_int_eq(lines, 51 + 1); /* 51 empty cells, then the rating */
  ck_assert_msg(strstr(o.text, " is the only place for ") != NULL, "%s",
                o.text);
  ck_assert(strstr(o.text, "Rating 1.2 (easy), hardest step: Hidden single."
                           "\n") != NULL);
  free(o.text);
}
END_TEST

/* Every member the issue requires of a step. */
static void assert_step_shape(const cJSON *st) {
  static const char *const arrays[] = {"placements", "eliminations", "cells",
                                       "units"};
  ck_assert(cJSON_IsString(cJSON_GetObjectItem(st, "technique")));
  ck_assert(cJSON_IsNumber(cJSON_GetObjectItem(st, "rating")));
  ck_assert(cJSON_IsString(cJSON_GetObjectItem(st, "explanation")));
  for (size_t i = 0; i < 4; i++)
    ck_assert_msg(cJSON_IsArray(cJSON_GetObjectItem(st, arrays[i])), "%s",
                  arrays[i]);
  const cJSON *p;
  cJSON_ArrayForEach(p, cJSON_GetObjectItem(st, "placements")) {
    ck_assert(cJSON_IsString(cJSON_GetObjectItem(p, "cell")));
    ck_assert(cJSON_IsNumber(cJSON_GetObjectItem(p, "value")));
  }
}

START_TEST(steps_json_is_one_object_a_puzzle) {
  struct out o = run("steps --json", X_WING_PUZZLE "\n" CLASSIC "\n");
  bool all_solved = true;
  char *second = strchr(o.text, '\n');
  ck_assert_ptr_nonnull(second);
  *second++ = '\0';
  for (int k = 0; k < 2; k++) {
    cJSON *j = cJSON_Parse(k == 0 ? o.text : second);
    ck_assert_ptr_nonnull(j);
    const cJSON *steps = cJSON_GetObjectItem(j, "steps");
    ck_assert(cJSON_IsArray(steps));
    ck_assert_int_gt(cJSON_GetArraySize(steps), 10);
    const cJSON *st;
    bool x_wing = false;
    cJSON_ArrayForEach(st, steps) {
      assert_step_shape(st);
      x_wing |= strcmp(cJSON_GetObjectItem(st, "technique")->valuestring,
                       "x-wing") == 0;
    }
    ck_assert(x_wing == (k == 0));
    ck_assert(cJSON_IsNumber(cJSON_GetObjectItem(j, "rating")));
    ck_assert(cJSON_IsString(cJSON_GetObjectItem(j, "level")));
    ck_assert(cJSON_IsString(cJSON_GetObjectItem(j, "hardest")));
    ck_assert(cJSON_IsBool(cJSON_GetObjectItem(j, "solved")));
    all_solved &= cJSON_IsTrue(cJSON_GetObjectItem(j, "solved"));
    cJSON_Delete(j);
  }
  ck_assert_int_eq(o.status, all_solved ? 0 : 1);
  free(o.text);
}
END_TEST

START_TEST(hint_takes_entries_from_a_second_grid_or_a_file) {
  /* The classic puzzle with r1c3 = 4 (right) entered. */
  const char *entries =
      "..4" DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 "......";
  char in[512];
  snprintf(in, sizeof in, "%s\n%s\n", CLASSIC, entries);
  struct out o = run("hint", in);
  ck_assert_int_eq(o.status, 0);
  cJSON *j = cJSON_Parse(o.text);
  ck_assert_ptr_nonnull(j);
  assert_step_shape(j);
  cJSON_Delete(j);
  free(o.text);
  char path[] = "/tmp/sudoku-entries-XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(write(fd, entries, strlen(entries)),
                   (ssize_t)strlen(entries));
  close(fd);
  char args[128];
  snprintf(args, sizeof args, "hint --text --entries %s", path);
  o = run(args, CLASSIC "\n");
  unlink(path);
  ck_assert_int_eq(o.status, 0);
  ck_assert_msg(strstr(o.text, " is the only place for ") != NULL, "%s",
                o.text);
  free(o.text);
}
END_TEST

/* Positions with pencil marks, in each format `sudoku candidates` writes:
 * hint, rate and steps answer as for the plain puzzle whose marks they are
 * (none removed). */
static const char *const mark_formats[] = {"sukaku", "cells", "pm", "library"};

START_TEST(positions_with_marks_read_as_their_puzzle) {
  char args[64];
  snprintf(args, sizeof args, "candidates --format %s", mark_formats[_i]);
  struct out pos = run(args, CLASSIC "\n");
  ck_assert_int_eq(pos.status, 0);
  static const char *const cmds[] = {"hint", "hint --text", "rate",
                                     "rate --json", "steps"};
  for (size_t k = 0; k < sizeof cmds / sizeof cmds[0]; k++) {
    struct out plain = run(cmds[k], CLASSIC "\n");
    struct out marked = run(cmds[k], pos.text);
    ck_assert_int_eq(plain.status, 0);
    ck_assert_msg(marked.status == 0 && strcmp(plain.text, marked.text) == 0,
                  "%s of %s: %s", cmds[k], mark_formats[_i], marked.text);
    free(plain.text);
    free(marked.text);
  }
  free(pos.text);
}
END_TEST

/* rate and steps start the path from the marks: deleting the first
 * step's eliminations (r1c5<>6, r1c6<>6) leaves a path one step shorter,
 * for every --jobs, and the plain puzzle after it keeps its own. */
START_TEST(rate_and_steps_start_from_the_marks) {
  const char *in =
      ":0000:x:4.....938.32.941...953..24.37.6.9..4529..16736.47.3."
      "9.957..83....39..4..24..3.7.9:615 616::\n"
      "4.....938.32.941...953..24.37.6.9..4529..16736.47.3.9.957"
      "..83....39..4..24..3.7.9\n";
  static const char *const cmds[] = {"rate --json", "rate --json --jobs 2"};
  for (size_t k = 0; k < 2; k++) {
    struct out o = run(cmds[k], in);
    ck_assert_int_eq(o.status, 0);
    char *second = strchr(o.text, '\n');
    ck_assert_ptr_nonnull(second);
    ck_assert_ptr_nonnull(strstr(o.text, "\"pointing\":1},\"steps\":38}\n"));
    ck_assert_ptr_nonnull(strstr(second, "\"pointing\":2},\"steps\":39}\n"));
    free(o.text);
  }
  struct out o = run("steps", in);
  ck_assert_int_eq(o.status, 0);
  ck_assert_int_eq(strncmp(o.text, "In box 1, 8 lies only in column 1", 33), 0);
  ck_assert_ptr_nonnull(strstr(o.text, "\n\nIn box 1, 6 lies only in row 1"));
  free(o.text);
}
END_TEST

/* The marks are the player's: one removed although it is the cell's value
 * (r1c3 is 4) is the hint, from a sukaku line or from HoDoKu's deleted
 * candidates ("413": 4 at row 1, column 3); a placed value is an entry. */
START_TEST(hint_names_a_missing_mark) {
  struct out pos = run("candidates --format sukaku", CLASSIC "\n");
  ck_assert_int_eq(pos.status, 0);
  ck_assert_int_eq(pos.text[2 * 9 + 3], '4');
  pos.text[2 * 9 + 3] = '.';
  char library[256];
  snprintf(library, sizeof library, ":0000:x:%s:413::\n", CLASSIC);
  const char *const inputs[] = {pos.text, library};
  for (int i = 0; i < 2; i++) {
    struct out o = run("hint", inputs[i]);
    ck_assert_int_eq(o.status, 0);
    cJSON *j = cJSON_Parse(o.text);
    ck_assert_ptr_nonnull(j);
    ck_assert_str_eq(cJSON_GetObjectItem(j, "kind")->valuestring,
                     "missing-candidate");
    ck_assert_str_eq(cJSON_GetObjectItem(j, "cell")->valuestring, "r1c3");
    ck_assert_int_eq(cJSON_GetObjectItem(j, "value")->valueint, 4);
    cJSON_Delete(j);
    free(o.text);
  }
  free(pos.text);
  /* r1c3 placed: 4 is a step further, 1 is a wrong entry. */
  char placed[256];
  snprintf(placed, sizeof placed, ":0000:x:53+4%s:::\n", &CLASSIC[3]);
  struct out o = run("hint --text", placed);
  ck_assert_int_eq(o.status, 0);
  free(o.text);
  placed[11] = '1';
  char *err;
  o = run_err("hint", placed, &err);
  ck_assert_int_eq(o.status, 1);
  ck_assert_msg(strstr(err, "r1c3 is not 1") != NULL, "%s", err);
  free(err);
  free(o.text);
}
END_TEST

START_TEST(hint_refuses_wrong_and_clashing_entries) {
  char in[512];
  /* r1c3 = 1 is not the solution's: no solution is left. */
  snprintf(in, sizeof in, "%s\n..1%s%s%s%s%s%s%s%s......\n", CLASSIC, DOTS9,
           DOTS9, DOTS9, DOTS9, DOTS9, DOTS9, DOTS9, DOTS9);
  char *err;
  struct out o = run_err("hint", in, &err);
  ck_assert_int_eq(o.status, 1);
  cJSON *j = cJSON_Parse(o.text);
  ck_assert_ptr_nonnull(j);
  ck_assert_str_eq(cJSON_GetObjectItem(j, "error")->valuestring, "no-solution");
  cJSON_Delete(j);
  free(o.text);
  /* stderr names the wrong entry, as /hint does; the puzzle itself has a
   * solution, so "the puzzle has no solution" would be untrue. */
  ck_assert_str_eq(err, "sudoku: r1c3 is not 1: that entry is wrong\n");
  free(err);
  /* An entry that clashes with a given is wrong too (not a "given"). */
  snprintf(in, sizeof in, "%s\n..5%s%s%s%s%s%s%s%s......\n", CLASSIC, DOTS9,
           DOTS9, DOTS9, DOTS9, DOTS9, DOTS9, DOTS9, DOTS9);
  o = run_err("hint --text", in, &err);
  ck_assert_int_eq(o.status, 1);
  ck_assert_str_eq(o.text, "no solution\n");
  ck_assert_str_eq(err, "sudoku: r1c3 is not 5: that entry is wrong\n");
  free(err);
  free(o.text);
  /* An entry over a given must repeat it. */
  snprintf(in, sizeof in, "%s\n4........%s%s%s%s%s%s%s%s\n", CLASSIC, DOTS9,
           DOTS9, DOTS9, DOTS9, DOTS9, DOTS9, DOTS9, DOTS9);
  o = run("hint", in);
  ck_assert_int_eq(o.status, 2);
  free(o.text);
  o = run("hint --text", CLASSIC_SOLVED "\n");
  ck_assert_int_eq(o.status, 0);
  ck_assert_str_eq(o.text, "The grid is complete.\n");
  free(o.text);
}
END_TEST

/* A puzzle with several solutions gets a step that holds in all of them,
 * and stderr says so (POST /hint refuses it); a unique one says nothing. */
START_TEST(hint_says_several_solutions) {
  char *err;
  struct out o = run_err("hint --text", MULTI "\n", &err);
  ck_assert_int_eq(o.status, 0);
  ck_assert_ptr_nonnull(strstr(o.text, " is the only "));
  ck_assert_str_eq(err, "sudoku: several solutions; this step holds in all "
                        "of them, no entry or mark was checked\n");
  free(err);
  free(o.text);
  o = run_err("hint --text", CLASSIC "\n", &err);
  ck_assert_int_eq(o.status, 0);
  ck_assert_str_eq(err, "");
  free(err);
  free(o.text);
}
END_TEST

/* --jobs N prints the same bytes as --jobs 1, on stdout and on stderr,
 * with the same exit status: answers and refusals in input order. */
START_TEST(jobs_change_no_byte) {
  static const char *const cmds[] = {"rate", "rate --json", "steps",
                                     "steps --json"};
  char input[8192] = "";
  static const char *const puzzles[] = {CLASSIC, X_WING_PUZZLE, MULTI,
                                        NO_SOLUTION, CONFLICTING};
  for (int i = 0; i < 23; i++) { /* batches of 4: a part batch at the end */
    strcat(input, puzzles[i % 5]);
    strcat(input, "\n");
  }
  for (size_t c = 0; c < sizeof cmds / sizeof cmds[0]; c++) {
    char args[64], *err1 = NULL, *err3 = NULL;
    snprintf(args, sizeof args, "%s --jobs 1", cmds[c]);
    struct out one = run_err(args, input, &err1);
    snprintf(args, sizeof args, "%s --jobs 3", cmds[c]);
    struct out three = run_err(args, input, &err3);
    ck_assert_int_eq(one.status, 1); /* MULTI, NO_SOLUTION, CONFLICTING */
    ck_assert_int_eq(three.status, one.status);
    ck_assert_str_eq(three.text, one.text);
    ck_assert_str_eq(err3, err1);
    ck_assert_ptr_nonnull(strstr(err1, "puzzle 20: conflicting givens"));
    free(one.text);
    free(three.text);
    free(err1);
    free(err3);
  }
}
END_TEST

/* SE's ER/EP/ED of the puzzles of tests/data/se_rated_triples.tsv (SE
 * 1.2.1's own, serate 1.2.1.3) as the input lines and the forum lines
 * expected of `rate --forum` ("<puzzle> ED=8.3/2.6/2.6"). */
enum { TRIPLES_TEXT = 2048 };
static void se_triples(char *in, char *want) {
  size_t nin = 0, nwant = 0;
  char *tsv = test_read_file(TEST_DATA_DIR "/se_rated_triples.tsv", NULL);
  ck_assert_ptr_nonnull(tsv);
  char *save = NULL;
  int rows = 0;
  for (char *line = strtok_r(tsv, "\n", &save); line != NULL;
       line = strtok_r(NULL, "\n", &save)) {
    char *f[5] = {line};
    for (int k = 1; k < 5; k++) {
      f[k] = strchr(f[k - 1], '\t');
      ck_assert_ptr_nonnull(f[k]);
      *f[k]++ = '\0';
    }
    if (strcmp(f[0], "puzzle") == 0)
      continue;
    nin += (size_t)snprintf(in + nin, TRIPLES_TEXT - nin, "%s\n", f[0]);
    nwant += (size_t)snprintf(want + nwant, TRIPLES_TEXT - nwant,
                              "%s ED=%s/%s/%s\n", f[0], f[2], f[3], f[4]);
    ck_assert_uint_lt(nwant, TRIPLES_TEXT);
    rows++;
  }
  ck_assert_int_eq(rows, 12);
  free(tsv);
}

START_TEST(rate_forum_has_se_triples) {
  char in[TRIPLES_TEXT], want[TRIPLES_TEXT];
  se_triples(in, want);
  struct out o = run("rate --forum --jobs 2", in);
  ck_assert_int_eq(o.status, 0);
  ck_assert_str_eq(o.text, want);
  free(o.text);
  /* --json: "er", "ep", "ed", the same numbers. */
  o = run("rate --json", in);
  ck_assert_int_eq(o.status, 0);
  char *save = NULL, *wline = want;
  for (char *line = strtok_r(o.text, "\n", &save); line != NULL;
       line = strtok_r(NULL, "\n", &save)) {
    cJSON *j = cJSON_Parse(line);
    ck_assert_ptr_nonnull(j);
    char got[32];
    snprintf(got, sizeof got, "ED=%.1f/%.1f/%.1f",
             cJSON_GetObjectItem(j, "er")->valuedouble,
             cJSON_GetObjectItem(j, "ep")->valuedouble,
             cJSON_GetObjectItem(j, "ed")->valuedouble);
    ck_assert_double_eq(cJSON_GetObjectItem(j, "er")->valuedouble,
                        cJSON_GetObjectItem(j, "rating")->valuedouble);
    char *end = strchr(wline, '\n');
    ck_assert_ptr_nonnull(end);
    ck_assert_int_eq(strncmp(&wline[82], got, (size_t)(end - wline - 82)), 0);
    wline = end + 1;
    cJSON_Delete(j);
  }
  ck_assert_str_eq(wline, "");
  free(o.text);
  /* A refusal in place, after the puzzle. */
  o = run("rate --forum", MULTI "\n");
  ck_assert_int_eq(o.status, 1);
  ck_assert_str_eq(o.text, MULTI " not unique\n");
  free(o.text);
}
END_TEST

START_TEST(bad_input_and_usage_exit_2) {
  struct out o = run("rate", "12x\n");
  ck_assert_int_eq(o.status, 2);
  ck_assert_str_eq(o.text, "");
  free(o.text);
  o = run("steps --bogus", CLASSIC "\n");
  ck_assert_int_eq(o.status, 2);
  free(o.text);
  o = run("rate --help", "");
  ck_assert_int_eq(o.status, 0);
  ck_assert(strstr(o.text, "usage: sudoku rate") != NULL);
  free(o.text);
}
END_TEST

Suite *cli_logic_suite(void) {
  Suite *s = suite_create("cli_logic");
  TCase *tc = tcase_create("commands");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, rate_prints_one_line_a_puzzle);
  tcase_add_test(tc, rate_reads_judge_rows);
  tcase_add_test(tc, rate_json_has_the_summary);
  tcase_add_test(tc, rate_forum_has_se_triples);
  tcase_add_test(tc, steps_prints_a_sentence_a_step);
  tcase_add_test(tc, steps_json_is_one_object_a_puzzle);
  tcase_add_test(tc, hint_takes_entries_from_a_second_grid_or_a_file);
  tcase_add_test(tc, hint_refuses_wrong_and_clashing_entries);
  tcase_add_test(tc, hint_says_several_solutions);
  tcase_add_test(tc, rate_and_steps_start_from_the_marks);
  tcase_add_loop_test(tc, positions_with_marks_read_as_their_puzzle, 0,
                      (int)(sizeof mark_formats / sizeof mark_formats[0]));
  tcase_add_test(tc, hint_names_a_missing_mark);
  tcase_add_test(tc, jobs_change_no_byte);
  tcase_add_test(tc, bad_input_and_usage_exit_2);
  suite_add_tcase(s, tc);
  return s;
}
