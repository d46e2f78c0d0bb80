/*
 * test_api_variants.c - variant puzzles through the api without sockets:
 * the committed samples posted as JSON (built here, independently of the
 * api's writer) and as text under ?variant=, each answer re-checked with
 * sudoku_rules_is_solution and against its stored solution; the answer's
 * rules posted back; every refusal of the JSON reader with its status,
 * path and message; /check under rules; and on a real sudokud over TCP,
 * /hint, /steps, /rate and /candidates under each sample's rules, every
 * step checked against the solution sudoku_solve_rules finds, every rating
 * and candidate against the core's own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cJSON.h>

#include "api_tests.h"
#include "sudoku_logic_rules.h"
#include "sudoku_rules.h"

/* One request to endpoint with the Content-Type of type and at most one
 * query parameter. */
static void post(const char *endpoint, int type, const char *body,
                 const char *qname, const char *qvalue,
                 struct api_response *out) {
  static const char *const ctype[] = {
      [J] = "application/json", [T] = "text/plain"};
  struct api_limits lim = {100, 5000000, 0, 0};
  struct api_param q = {qname, qvalue, qname ? strlen(qname) : 0,
                        qvalue ? strlen(qvalue) : 0};
  struct api_input in = {.content_type = ctype[type],
                         .body = body,
                         .body_len = strlen(body),
                         .query = &q,
                         .nquery = qname ? 1u : 0u};
  api_handle(api_endpoint_find(endpoint), &lim, &in, out);
}

static char *sample(const char *name, const char *ext) {
  char path[256];
  snprintf(path, sizeof path, TEST_DATA_DIR "/variants/%s%s", name, ext);
  char *text = test_read_file(path, NULL);
  ck_assert_msg(text != NULL, "cannot read %s", path);
  return text;
}

static void cell_name(int n, int c, char *out) {
  sprintf(out, "\"r%dc%d\"", c / n + 1, c % n + 1);
}

/* The JSON body of g under r, written here from the struct's fields. */
static void body_of(const sudoku_grid *g, const sudoku_rules *r, char *out) {
  int n = g->n;
  char *o = out;
  o += sprintf(o, "{\"puzzle\":\"");
  for (int c = 0; c < n * n; c++)
    *o++ = g->cell[c] ? (char)('0' + g->cell[c]) : '.';
  o += sprintf(o, "\",\"variant\":[");
  bool first = true;
  for (int k = 0; k < SUDOKU_RULE_COUNT; k++)
    if (r->kinds >> k & 1) {
      o += sprintf(o, "%s\"%s\"", first ? "" : ",", sudoku_rule_name(k));
      first = false;
    }
  o += sprintf(o, "]");
  if (sudoku_rules_has(r, SUDOKU_RULE_JIGSAW)) {
    o += sprintf(o, ",\"regions\":\"");
    for (int c = 0; c < n * n; c++)
      *o++ = (char)('1' + r->region[c]);
    *o++ = '"';
  }
  if (sudoku_rules_has(r, SUDOKU_RULE_ODD_EVEN)) {
    o += sprintf(o, ",\"parity\":\"");
    for (int c = 0; c < n * n; c++)
      *o++ = r->parity[c] == SUDOKU_PARITY_ODD    ? 'O'
             : r->parity[c] == SUDOKU_PARITY_EVEN ? 'E'
                                                  : '.';
    *o++ = '"';
  }
  if (sudoku_rules_has(r, SUDOKU_RULE_KILLER)) {
    o += sprintf(o, ",\"cages\":[");
    for (int k = 0; k < r->cage_count; k++) {
      o +=
          sprintf(o, "%s{\"sum\":%d,\"cells\":[", k ? "," : "", r->cage[k].sum);
      for (int i = 0; i < r->cage[k].len; i++) {
        if (i)
          *o++ = ',';
        cell_name(n, r->cage_cell[r->cage[k].start + i], o);
        o += strlen(o);
      }
      o += sprintf(o, "]}");
    }
    *o++ = ']';
  }
  sprintf(o, "}");
}

static const struct {
  const char *file, *kinds;
} samples[] = {
    {"x", "x"},           {"hyper", "windoku"},    {"jigsaw", "jigsaw"},
    {"killer", "killer"}, {"evenodd", "odd-even"},
};

/* Each sample puzzle posted as JSON: its solution is the stored one and
 * holds under the rules; the answer's members posted back solve the same. */
START_TEST(samples_solved_from_json) {
  char *text = sample(samples[_i].file, ".txt");
  char *sols = sample(samples[_i].file, ".sol.txt");
  uint32_t kinds;
  size_t bad;
  ck_assert(sudoku_rule_kinds(samples[_i].kinds, strlen(samples[_i].kinds),
                              &kinds, &bad));
  struct sudoku_rules_reader rd;
  static sudoku_grid g, sol;
  static sudoku_rules r;
  static char body[64 * 1024];
  sudoku_rules_reader_init(&rd, text, strlen(text), kinds);
  const char *want = sols;
  int done = 0;
  while (sudoku_rules_read_next(&rd, &g, &r, NULL) > 0 && done < 5) {
    body_of(&g, &r, body);
    struct api_response out;
    post("solve", J, body, NULL, NULL, &out);
    ck_assert_msg(out.status == 200, "%s -> %s", body, out.body);
    cJSON *a = cJSON_Parse(out.body);
    ck_assert_ptr_nonnull(a);
    const char *line = cJSON_GetStringValue(cJSON_GetObjectItem(a, "line"));
    ck_assert_ptr_nonnull(line);
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(a, "unique")));
    ck_assert_mem_eq(line, want, 81);
    sol = g;
    for (int c = 0; c < 81; c++)
      sol.cell[c] = (uint8_t)(line[c] - '0');
    ck_assert(sudoku_rules_is_solution(&g, &r, &sol));
    /* Posted back: the echoed rules and the puzzle are the same request. */
    cJSON *back = cJSON_CreateObject();
    cJSON_AddStringToObject(back, "puzzle", body + 11 /* {"puzzle":" */);
    cJSON_GetObjectItem(back, "puzzle")->valuestring[81] = '\0';
    static const char *const members[] = {"variant", "regions", "parity",
                                          "cages", "extra_regions"};
    for (int m = 0; m < 5; m++) {
      cJSON *v = cJSON_DetachItemFromObject(a, members[m]);
      if (v != NULL)
        cJSON_AddItemToObject(back, members[m], v);
    }
    char *again = cJSON_PrintUnformatted(back);
    struct api_response out2;
    post("solve", J, again, NULL, NULL, &out2);
    ck_assert_msg(out2.status == 200, "%s", out2.body);
    ck_assert_ptr_nonnull(strstr(out2.body, line));
    cJSON_free(again);
    cJSON_Delete(back);
    cJSON_Delete(a);
    api_response_free(&out);
    api_response_free(&out2);
    want += strcspn(want, "\n") + 1;
    done++;
  }
  ck_assert_int_gt(done, 0);
  free(text);
  free(sols);
}
END_TEST

/* The same files as a text body under ?variant=: the line format answers,
 * one per puzzle, equal to the stored solutions. */
START_TEST(samples_solved_from_text) {
  char *text = sample(samples[_i].file, ".txt");
  char *sols = sample(samples[_i].file, ".sol.txt");
  struct api_response out;
  post("solve", T, text, "variant", samples[_i].kinds, &out);
  ck_assert_msg(out.status == 200, "%s", out.body);
  /* ?format=line is not asked: judge text, so compare digits only. */
  char *digits = malloc(out.body_len + 1), *want = malloc(strlen(sols) + 1);
  size_t nd = 0, nw = 0;
  for (size_t i = 0; i < out.body_len; i++)
    if (out.body[i] >= '1' && out.body[i] <= '9')
      digits[nd++] = out.body[i];
  for (size_t i = 0; sols[i]; i++)
    if (sols[i] >= '1' && sols[i] <= '9')
      want[nw++] = sols[i];
  ck_assert_uint_eq(nd, nw);
  ck_assert_mem_eq(digits, want, nd);
  free(digits);
  free(want);
  api_response_free(&out);
  free(text);
  free(sols);
}
END_TEST

#define E81                                                                    \
  "........................................................................."  \
  "........"
#define X_PUZZLE                                                               \
  "......9.75..97813......2.8592..1.8.3...385...6.8.4..5134.6......52497..61." \
  "6......"

/* Refusals of the JSON reader: member, status, code, path, words. */
static const struct {
  const char *endpoint, *body;
  int status;
  const char *code, *path, *detail;
} refused[] = {
    {"solve", "{\"puzzle\":\"" E81 "\",\"variant\":\"y\"}", 400,
     "invalid-request", "variant",
     "\\\"y\\\" is not a rule; the rules are x, "},
    {"solve", "{\"puzzle\":\"" E81 "\",\"variant\":[\"x\",3]}", 400,
     "invalid-request", "variant[1]", "expected a rule name"},
    {"solve", "{\"puzzle\":\"" E81 "\",\"variant\":[]}", 400, "invalid-request",
     "variant", "non-empty array"},
    {"solve", "{\"puzzle\":\"" E81 "\",\"variant\":\"jigsaw\"}", 400,
     "invalid-request", "regions", "jigsaw needs a \\\"regions\\\" member"},
    {"solve", "{\"puzzle\":\"" E81 "\",\"variant\":\"killer\"}", 400,
     "invalid-request", "cages", "killer needs a \\\"cages\\\" member"},
    {"solve", "{\"puzzle\":\"" E81 "\",\"regions\":\"123\"}", 400,
     "invalid-request", "regions",
     "regions: expected a string of 81 region symbols 1..n for the 9x9 grid, "
     "got 3"},
    {"solve", "{\"puzzle\":\"" E81 "\",\"regions\":\"" E81 "\"}", 400,
     "invalid-request", "regions",
     "regions: '.' at r1c1 (character 1) is not one of the region symbols"},
    {"solve",
     "{\"puzzle\":\"" E81
     "\",\"regions\":\"1112223331112223331112223334445556664445556664445556"
     "66777888999777888999777888991\"}",
     400, "invalid-rules", "regions", "regions: region 1 has 10 cells, not 9"},
    {"solve", "{\"puzzle\":\"" E81 "\",\"parity\":\"" E81 "x\"}", 400,
     "invalid-request", "parity", "expected a string of 81 parity marks"},
    {"solve", "{\"puzzle\":\"" E81 "\",\"cages\":{}}", 400, "invalid-request",
     "cages", "non-empty array"},
    {"solve", "{\"puzzle\":\"" E81 "\",\"cages\":[7]}", 400, "invalid-request",
     "cages[0]", "cages[0]: expected an object"},
    {"solve",
     "{\"puzzle\":\"" E81 "\",\"cages\":[{\"cells\":[\"r1c1\"],\"sum\":1,"
     "\"total\":3}]}",
     400, "invalid-request", "cages[0]", "unknown member \\\"total\\\""},
    {"solve", "{\"puzzle\":\"" E81 "\",\"cages\":[{\"sum\":3}]}", 400,
     "invalid-request", "cages[0].cells", "expected a \\\"cells\\\" member"},
    {"solve",
     "{\"puzzle\":\"" E81 "\",\"cages\":[{\"sum\":-1,\"cells\":[\"r1c1\"]}]}",
     400, "invalid-request", "cages[0].sum", "expected an integer 0..9999"},
    {"solve", "{\"puzzle\":\"" E81 "\",\"cages\":[{\"sum\":3,\"cells\":[]}]}",
     400, "invalid-request", "cages[0].cells", "the list of cells is empty"},
    {"solve",
     "{\"puzzle\":\"" E81
     "\",\"cages\":[{\"sum\":3,\"cells\":[\"r1c1\",\"r1c2\"]},{\"sum\":4,"
     "\"cells\":[\"r2c2\",\"R2C3\"]}]}",
     400, "invalid-request", "cages[1].cells[1]",
     "expected a cell name r1c1..r9c9"},
    {"solve",
     "{\"puzzle\":\"" E81 "\",\"cages\":[{\"sum\":3,\"cells\":[\"r1c1\","
     "\"r10c1\"]}]}",
     400, "invalid-request", "cages[0].cells[1]", "r1c1..r9c9"},
    {"solve",
     "{\"puzzle\":\"" E81
     "\",\"cages\":[{\"sum\":3,\"cells\":[\"r1c1\",\"r1c2\"]},{\"sum\":4,"
     "\"cells\":[\"r1c2\",\"r1c3\"]}]}",
     400, "invalid-rules", "cages[1]", "cages[1]: r1c2 is in two cages"},
    {"solve",
     "{\"puzzle\":\"" E81 "\",\"cages\":[{\"sum\":18,\"cells\":[\"r3c4\","
     "\"r3c5\"]}]}",
     400, "invalid-rules", "cages[0]",
     "cage at r3c4: 2 cells cannot sum to 18"},
    {"solve",
     "{\"puzzle\":\"" E81 "\",\"extra_regions\":[[\"r1c1\",\"r1c2\"]]}", 400,
     "invalid-request", "extra_regions[0]", "2 cells, not 9"},
    {"solve", "{\"puzzle\":\"" E81 "\",\"extra_regions\":[]}", 400,
     "invalid-request", "extra_regions", "1..8 regions"},
    {"solve",
     "{\"puzzle\":\"....................................\",\"variant\":"
     "\"windoku\"}",
     400, "invalid-rules", "variant",
     "windoku needs square boxes and a side of 9, 16 or 25, not 6x6"},
    {"solve", "{\"puzzle\":\"1" E81 "\",\"variant\":\"x\"}", 400, NULL, NULL,
     "puzzle"},
    /* Givens that clash only under the rules. */
    {"solve",
     "{\"puzzle\":\"1.........................................................."
     ".....................1\",\"variant\":\"x\"}",
     422, "conflicting-givens", NULL, "r1c1 and r9c9 are both 1 (diagonal 1)"},
    /* The playing endpoints read the same members, refused the same way. */
    {"steps", "{\"puzzle\":\"" X_PUZZLE "\",\"cages\":[]}", 400,
     "invalid-request", "cages", "non-empty array"},
    {"candidates", "{\"puzzle\":\"" X_PUZZLE "\",\"parity\":\"\"}", 400,
     "invalid-request", "parity", "expected a string of 81 parity marks"},
    {"hint",
     "{\"puzzle\":\"" E81
     "\",\"cages\":[{\"sum\":3,\"cells\":[\"r1c1\",\"r1c2\"]},{\"sum\":4,"
     "\"cells\":[\"r1c2\",\"r1c3\"]}]}",
     400, "invalid-rules", "cages[1]", "cages[1]: r1c2 is in two cages"},
    {"rate", "{\"puzzle\":\"" X_PUZZLE "\",\"variant\":\"y\"}", 400,
     "invalid-request", "variant", "\\\"y\\\" is not a rule"},
    {"candidates",
     "{\"puzzle\":\"1.........................................................."
     ".....................1\",\"variant\":\"x\"}",
     422, "conflicting-givens", NULL, "r1c1 and r9c9 are both 1 (diagonal 1)"},
};

START_TEST(json_refusals_located) {
  struct api_response out;
  post(refused[_i].endpoint, J, refused[_i].body, NULL, NULL, &out);
  ck_assert_msg(out.status == refused[_i].status, "%d %s", out.status,
                out.body);
  cJSON *p = cJSON_Parse(out.body);
  ck_assert_ptr_nonnull(p);
  if (refused[_i].code != NULL) {
    char type[64];
    snprintf(type, sizeof type, "/problems/%s", refused[_i].code);
    ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(p, "type")),
                     type);
  }
  const char *path = cJSON_GetStringValue(cJSON_GetObjectItem(p, "path"));
  if (refused[_i].path != NULL) {
    ck_assert_msg(path != NULL, "%s", out.body);
    ck_assert_str_eq(path, refused[_i].path);
  }
  ck_assert_msg(strstr(out.body, refused[_i].detail) != NULL, "%s lacks %s",
                out.body, refused[_i].detail);
  cJSON_Delete(p);
  api_response_free(&out);
}
END_TEST

/* Text bodies under ?variant=: refusals located by line and column. */
static const struct {
  const char *variant, *body;
  int status;
  const char *detail;
} text_refused[] = {
    {"kill", E81, 400, "variant: expected a comma list of x, windoku"},
    {"x,", E81, 400, "got \\\"x,\\\""},
    {"killer", E81 " 18=r3c4,r3c5", 400,
     "line 1: cages[0]: cage at r3c4: 2 cells cannot sum to 18"},
    {"killer", "# a comment\n" E81 " 18=r3c4,r3x5", 400,
     "line 2, column 91: expected a cell name like r1c1"},
    {"jigsaw", E81, 400, "jigsaw: the region symbols field is missing"},
    {"x", "1" E81, 400, "expected a puzzle of n*n cells"},
};

START_TEST(text_refusals_located) {
  struct api_response out;
  post("solve", T, text_refused[_i].body, "variant", text_refused[_i].variant,
       &out);
  ck_assert_msg(out.status == text_refused[_i].status, "%d %s", out.status,
                out.body);
  ck_assert_msg(strstr(out.body, text_refused[_i].detail) != NULL,
                "%s lacks %s", out.body, text_refused[_i].detail);
  api_response_free(&out);
}
END_TEST

/* ?variant= belongs to text bodies; a JSON body names its own. */
START_TEST(variant_query_needs_text) {
  struct api_response out;
  post("solve", J, "{\"puzzle\":\"" X_PUZZLE "\"}", "variant", "x", &out);
  ck_assert_int_eq(out.status, 400);
  ck_assert_ptr_nonnull(
      strstr(out.body, "a JSON body takes a \\\"variant\\\""));
  api_response_free(&out);
}
END_TEST

/* /check under X: a wrong entry is wrong under the rules' solution; an
 * entry that clashes is listed in rule_conflicts. */
START_TEST(check_under_rules) {
  struct api_response out;
  char body[512];
  snprintf(body, sizeof body,
           "{\"puzzle\":\"" X_PUZZLE "\",\"variant\":\"x\",\"entries\":\"2"
           "%s\"}",
           &E81[1]);
  post("check", J, body, NULL, NULL, &out);
  ck_assert_msg(out.status == 200, "%s", out.body);
  ck_assert_ptr_nonnull(strstr(out.body, "\"wrong\":[]"));
  ck_assert_ptr_nonnull(strstr(out.body, "\"rule_conflicts\":[]"));
  api_response_free(&out);
  snprintf(body, sizeof body,
           "{\"puzzle\":\"" X_PUZZLE "\",\"variant\":\"x\",\"entries\":\"1"
           "%s\"}",
           &E81[1]);
  post("check", J, body, NULL, NULL, &out);
  ck_assert_msg(out.status == 200, "%s", out.body);
  ck_assert_ptr_nonnull(strstr(out.body, "\"wrong\":[\"r1c1\"]"));
  ck_assert_ptr_nonnull(strstr(out.body, "r1c1 and r9c1 are both 1"));
  api_response_free(&out);
}
END_TEST

/* ---- f-puzzles ----------------------------------------------------- */

/* g under r as f-puzzles' JSON, written here from the format's members:
 * windoku's windows and one diagonal as extraregion, both as diagonal+
 * and diagonal-. */
static void fpuzzles_of(const sudoku_grid *g, const sudoku_rules *r,
                        char *out) {
  int n = g->n;
  char *o = out;
  o += sprintf(o, "{\"size\":%d,\"title\":\"test\",\"grid\":[", n);
  for (int row = 0; row < n; row++) {
    *o++ = row ? ',' : '[';
    if (row)
      *o++ = '[';
    for (int col = 0; col < n; col++) {
      int c = row * n + col;
      o += sprintf(o, "%s{", col ? "," : "");
      bool any = false;
      if (g->cell[c]) {
        o += sprintf(o, "\"value\":%d,\"given\":true", g->cell[c]);
        any = true;
      }
      if (sudoku_rules_has(r, SUDOKU_RULE_JIGSAW))
        o += sprintf(o, "%s\"region\":%d", any ? "," : "", r->region[c]);
      *o++ = '}';
    }
    *o++ = ']';
  }
  *o++ = ']';
  if (sudoku_rules_has(r, SUDOKU_RULE_X))
    o += sprintf(o, ",\"diagonal+\":true,\"diagonal-\":true");
  if (sudoku_rules_has(r, SUDOKU_RULE_ANTI_KNIGHT))
    o += sprintf(o, ",\"antiknight\":true");
  if (sudoku_rules_has(r, SUDOKU_RULE_KILLER)) {
    o += sprintf(o, ",\"killercage\":[");
    for (int k = 0; k < r->cage_count; k++) {
      o += sprintf(o, "%s{\"cells\":[", k ? "," : "");
      for (int i = 0; i < r->cage[k].len; i++) {
        int c = r->cage_cell[r->cage[k].start + i];
        o += sprintf(o, "%s\"R%dC%d\"", i ? "," : "", c / n + 1, c % n + 1);
      }
      o += sprintf(o, "],\"value\":\"%d\"}", r->cage[k].sum);
    }
    *o++ = ']';
  }
  if (sudoku_rules_has(r, SUDOKU_RULE_WINDOKU)) {
    o += sprintf(o, ",\"extraregion\":[");
    static const int tops[4] = {10, 14, 46, 50}; /* r2c2 r2c6 r6c2 r6c6 */
    for (int w = 0; w < 4; w++) {
      o += sprintf(o, "%s{\"cells\":[", w ? "," : "");
      for (int i = 0; i < 9; i++) {
        int c = tops[w] + i / 3 * 9 + i % 3;
        o += sprintf(o, "%s\"R%dC%d\"", i ? "," : "", c / 9 + 1, c % 9 + 1);
      }
      o += sprintf(o, "]}");
    }
    *o++ = ']';
  }
  if (sudoku_rules_has(r, SUDOKU_RULE_ODD_EVEN)) {
    for (int p = SUDOKU_PARITY_ODD; p <= SUDOKU_PARITY_EVEN; p++) {
      o += sprintf(o, ",\"%s\":[", p == SUDOKU_PARITY_ODD ? "odd" : "even");
      bool first = true;
      for (int c = 0; c < n * n; c++)
        if (r->parity[c] == p) {
          o += sprintf(o, "%s{\"cell\":\"R%dC%d\"}", first ? "" : ",",
                       c / n + 1, c % n + 1);
          first = false;
        }
      *o++ = ']';
    }
  }
  sprintf(o, ",\"cage\":[],\"arrow\":[],\"negative\":[]}");
}

/* text compressed by tests/fpuzzles/lz_compress.py, into out. */
static void lz_compress(const char *text, char *out, size_t cap) {
  char path[] = "/tmp/sudoku_fpuzzles_XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(write(fd, text, strlen(text)), (long)strlen(text));
  close(fd);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "python3 tests/fpuzzles/lz_compress.py < %s", path);
  FILE *p = popen(cmd, "r");
  ck_assert_ptr_nonnull(p);
  size_t len = fread(out, 1, cap - 1, p);
  pclose(p);
  unlink(path);
  while (len > 0 && (out[len - 1] == '\n' || out[len - 1] == '\r'))
    len--;
  out[len] = '\0';
  ck_assert_uint_gt(len, 8);
}

/* The solution in an answer (its "line") as a grid shaped like g. */
static void answer_grid(const char *body, const sudoku_grid *g,
                        sudoku_grid *sol) {
  cJSON *a = cJSON_Parse(body);
  ck_assert_ptr_nonnull(a);
  const char *line = cJSON_GetStringValue(cJSON_GetObjectItem(a, "line"));
  ck_assert_msg(line != NULL, "%s", body);
  *sol = *g;
  for (int c = 0; c < g->n * g->n; c++)
    sol->cell[c] = (uint8_t)sudoku_symbol_value(line[c]);
  cJSON_Delete(a);
}

/* The first puzzle of each sample as f-puzzles' JSON, posted as a body
 * and as a share link compressed by the test's own encoder: both solve
 * to the stored solution, which holds under the rules. */
START_TEST(fpuzzles_round_trips) {
  char *text = sample(samples[_i].file, ".txt");
  char *sols = sample(samples[_i].file, ".sol.txt");
  uint32_t kinds;
  size_t bad;
  ck_assert(sudoku_rule_kinds(samples[_i].kinds, strlen(samples[_i].kinds),
                              &kinds, &bad));
  struct sudoku_rules_reader rd;
  static sudoku_grid g, sol;
  static sudoku_rules r;
  static char json[64 * 1024], link[64 * 1024], body[80 * 1024];
  sudoku_rules_reader_init(&rd, text, strlen(text), kinds);
  ck_assert_int_eq(sudoku_rules_read_next(&rd, &g, &r, NULL), 1);
  fpuzzles_of(&g, &r, json);
  lz_compress(json, link, sizeof link);
  for (int form = 0; form < 3; form++) {
    if (form == 0)
      snprintf(body, sizeof body, "%s", json);
    else
      snprintf(body, sizeof body, "{\"fpuzzles\":\"%s%s\"}",
               form == 1 ? "" : "https://www.f-puzzles.com/?load=", link);
    struct api_response out;
    post("solve", J, body, NULL, NULL, &out);
    ck_assert_msg(out.status == 200, "%s -> %s", body, out.body);
    answer_grid(out.body, &g, &sol);
    ck_assert(sudoku_rules_is_solution(&g, &r, &sol));
    for (int c = 0; c < 81; c++)
      ck_assert_int_eq(sol.cell[c], sols[c] - '0');
    ck_assert_ptr_nonnull(strstr(out.body, "\"unique\":true"));
    api_response_free(&out);
  }
  free(text);
  free(sols);
}
END_TEST

/* Anti-knight: a grid the core fills under the rule, 28 of its cells
 * given, read from f-puzzles and solved; the answer holds under the rule
 * (by the independent checker). */
START_TEST(fpuzzles_anti_knight) {
  static sudoku_grid g, full, sol;
  static sudoku_rules r;
  static char json[16 * 1024], link[16 * 1024], body[20 * 1024];
  sudoku_grid_init(&g, 3, 3);
  r = (sudoku_rules)SUDOKU_RULES_NONE;
  r.kinds = 1u << SUDOKU_RULE_ANTI_KNIGHT;
  struct sudoku_limits lim = {1, 0, 0, true};
  ck_assert_int_eq(sudoku_solve_rules(&g, &r, &lim, &full, NULL), SUDOKU_OK);
  for (int c = 0; c < 81; c += 3)
    g.cell[c] = full.cell[c];
  fpuzzles_of(&g, &r, json);
  lz_compress(json, link, sizeof link);
  snprintf(body, sizeof body, "{\"fpuzzles\":\"%s\"}", link);
  struct api_response out;
  post("solve", J, body, NULL, NULL, &out);
  ck_assert_msg(out.status == 200, "%s", out.body);
  ck_assert_ptr_nonnull(strstr(out.body, "\"variant\":[\"anti-knight\"]"));
  answer_grid(out.body, &g, &sol);
  ck_assert(sudoku_rules_is_solution(&g, &r, &sol));
  api_response_free(&out);
}
END_TEST

/* Real share links (from public f-puzzles users' documentation): a killer
 * of two cages and a classic with one given. */
START_TEST(fpuzzles_real_links) {
  struct api_response out;
  post("solve", J,
       "{\"fpuzzles\":\"https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5g"
       "JwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QA"
       "awgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2z"
       "h5ucU4AzImeTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLau"
       "hgABE7GcLREQA=\",\"max_solutions\":1}",
       NULL, NULL, &out);
  ck_assert_msg(out.status == 200, "%s", out.body);
  ck_assert_ptr_nonnull(
      strstr(out.body, "\"cages\":[{\"sum\":9,\"cells\":[\"r1c1\",\"r2c1\"]},"
                       "{\"sum\":33,\"cells\":[\"r1c2\",\"r1c3\",\"r2c2\","
                       "\"r2c3\",\"r3c2\"]}]"));
  api_response_free(&out);
  post("solve", J,
       "{\"fpuzzles\":\"N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCIm"
       "AOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r"
       "58WK5A\"}",
       NULL, NULL, &out);
  ck_assert_msg(out.status == 200, "%s", out.body);
  ck_assert_ptr_nonnull(strstr(out.body, "\"line\":\"1"));
  ck_assert_ptr_null(strstr(out.body, "\"variant\"")); /* classic */
  api_response_free(&out);
}
END_TEST

#define FP4_GRID                                                               \
  "\"size\":4,\"grid\":[[{\"value\":1,\"given\":true},{},{},{}],[{},{},{},{}]" \
  ","                                                                          \
  "[{},{},{},{}],[{},{},{},{}]]"

/* f-puzzles refused: body, status, path, words. */
static const struct {
  const char *body;
  int status;
  const char *path, *detail;
} fp_refused[] = {
    {"{" FP4_GRID ",\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}]}", 422,
     "thermometer", "thermometer lines are not supported"},
    {"{" FP4_GRID ",\"arrow\":[{\"lines\":[],\"cells\":[\"R1C1\"]}]}", 422,
     "arrow", "arrows are not supported"},
    {"{" FP4_GRID ",\"ratio\":[{\"cells\":[\"R1C1\",\"R1C2\"]}]}", 422, "ratio",
     "black kropki dots are not supported"},
    {"{" FP4_GRID ",\"disjointgroups\":true}", 422, "disjointgroups",
     "disjoint groups are not supported"},
    {"{" FP4_GRID ",\"newthing\":[1]}", 422, "newthing",
     "the f-puzzles constraint \\\"newthing\\\" is not supported"},
    {"{" FP4_GRID ",\"killercage\":[{\"cells\":[\"R1C1\",\"R1C5\"],"
     "\"value\":\"3\"}]}",
     400, "killercage[0].cells[1]", "expected a cell name R1C1..R4C4"},
    {"{" FP4_GRID ",\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],"
     "\"value\":\"x\"}]}",
     400, "killercage[0].value", "expected a cage sum"},
    {"{" FP4_GRID ",\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],"
     "\"value\":\"30\"}]}",
     400, "killercage[0]", "2 cells cannot sum to 30"},
    {"{" FP4_GRID ",\"extraregion\":[{\"cells\":[\"R1C1\"]}]}", 400,
     "extraregion[0].cells", "1 cells, not 4"},
    {"{" FP4_GRID ",\"odd\":[{\"cell\":\"R9C9\"}]}", 400, "odd[0].cell",
     "expected a cell name"},
    {"{\"size\":7,\"grid\":[]}", 400, "size", "has no box shape"},
    {"{\"size\":4,\"grid\":[[]]}", 400, "grid", "expected 4 rows of 4"},
    {"{\"size\":4,\"grid\":[[{\"given\":true},{},{},{}],[{},{},{},{}],[{},{},"
     "{},{}],[{},{},{},{}]]}",
     400, "grid[0][0]", "a given with no value"},
    {"{\"fpuzzles\":\"N4Ig!\"}", 400, "fpuzzles", "a character outside base64"},
    {"{\"fpuzzles\":\"N4IgHiBcDMC+Q===\"}", 400, "fpuzzles.size",
     "expected an integer"},
    {"{\"fpuzzles\":\"AAAA\"}", 400, "fpuzzles", "not an f-puzzles link"},
    {"{\"fpuzzles\":\"N4IgHiBcDMC+Q===\",\"puzzle\":\"1\"}", 400, "fpuzzles",
     "the link is the whole puzzle"},
    {"{\"fpuzzles\":7}", 400, "fpuzzles", "expected an f-puzzles share link"},
    /* Read as strictly as our own JSON: nothing after the object (no path:
     * invalid-json, with line and column), no member named twice (its
     * path), wherever it is. */
    {"{" FP4_GRID "} trailing garbage", 400, NULL,
     "line 1, column 99: unexpected data after the JSON value"},
    {"{\"size\":04,\"grid\":[]}", 400, NULL,
     "line 1, column 10: malformed JSON near byte 10: a number with a leading "
     "zero"},
    {"{" FP4_GRID ",\"size\":9}", 400, "size",
     "\"member \\\"size\\\" appears twice\""},
    {"{\"size\":4,\"grid\":[[{\"value\":1,\"given\":true,\"value\":2},{},{},{}"
     "],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}",
     400, "grid[0][0].value",
     "\"grid[0][0]: member \\\"value\\\" appears twice\""},
    {"{" FP4_GRID ",\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],"
     "\"value\":\"3\",\"value\":\"4\"}]}",
     400, "killercage[0].value",
     "\"killercage[0]: member \\\"value\\\" appears twice\""},
    {"{" FP4_GRID ",\"title\":\"a\",\"title\":\"b\"}", 400, "title",
     "member \\\"title\\\" appears twice"},
};

START_TEST(fpuzzles_refusals_located) {
  struct api_response out;
  post("solve", J, fp_refused[_i].body, NULL, NULL, &out);
  ck_assert_msg(out.status == fp_refused[_i].status, "%d %s", out.status,
                out.body);
  cJSON *p = cJSON_Parse(out.body);
  ck_assert_ptr_nonnull(p);
  const char *path = cJSON_GetStringValue(cJSON_GetObjectItem(p, "path")),
             *want = fp_refused[_i].path;
  ck_assert_msg(want == NULL ? path == NULL
                             : path != NULL && strcmp(path, want) == 0,
                "%s: path not %s", out.body, want ? want : "(none)");
  ck_assert_msg(strstr(out.body, fp_refused[_i].detail) != NULL, "%s lacks %s",
                out.body, fp_refused[_i].detail);
  cJSON_Delete(p);
  api_response_free(&out);
}
END_TEST

/* f-puzzles' JSON inside a share link, refused as the same JSON as a body
 * is, and said to be inside the link: the JSON (compressed here), the
 * path, the detail's words. */
static const struct {
  const char *json, *path, *detail;
} link_refused[] = {
    {"{" FP4_GRID "} trailing garbage", "fpuzzles",
     "fpuzzles: line 1, column 99 of the link's JSON: unexpected data after "
     "the JSON value"},
    {"{\"size\":04,\"grid\":[]}", "fpuzzles",
     "fpuzzles: line 1, column 10 of the link's JSON: malformed JSON near "
     "byte 10: a number with a leading zero"},
    {"{" FP4_GRID ",\"size\":9}", "fpuzzles.size",
     "fpuzzles: member \\\"size\\\" appears twice in the link's JSON"},
    {"{\"size\":4,\"grid\":[[{\"value\":1,\"given\":true,\"value\":2},{},{},{}"
     "],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}",
     "fpuzzles.grid[0][0].value",
     "fpuzzles.grid[0][0]: member \\\"value\\\" appears twice in the link's "
     "JSON"},
    {"{" FP4_GRID ",\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],"
     "\"value\":\"3\",\"value\":\"4\"}]}",
     "fpuzzles.killercage[0].value",
     "fpuzzles.killercage[0]: member \\\"value\\\" appears twice in the "
     "link's JSON"},
};

START_TEST(fpuzzles_link_refusals_located) {
  char link[2048], body[2200];
  lz_compress(link_refused[_i].json, link, sizeof link);
  snprintf(body, sizeof body, "{\"fpuzzles\":\"%s\"}", link);
  struct api_response out;
  post("solve", J, body, NULL, NULL, &out);
  ck_assert_msg(out.status == 400, "%d %s", out.status, out.body);
  cJSON *p = cJSON_Parse(out.body);
  ck_assert_ptr_nonnull(p);
  const char *path = cJSON_GetStringValue(cJSON_GetObjectItem(p, "path"));
  ck_assert_msg(path != NULL && strcmp(path, link_refused[_i].path) == 0,
                "%s: path not %s", out.body, link_refused[_i].path);
  ck_assert_msg(strstr(out.body, "/problems/invalid-request") != NULL &&
                    strstr(out.body, link_refused[_i].detail) != NULL,
                "%s lacks %s", out.body, link_refused[_i].detail);
  cJSON_Delete(p);
  api_response_free(&out);
}
END_TEST

/* ---- The logic under rules, on a real sudokud ---------------------- */

static struct server vserver;

static void vserver_start(void) {
  server_start(&vserver, "--threads 2 --deadline-ms 20000");
}
static void vserver_stop(void) { server_stop(&vserver); }

/* Puzzles of each sample the logic cases walk: the first ones. */
#define LOGIC_PUZZLES 3

/* Puzzle k (0-based) of sample i, its rules, and its one solution as
 * sudoku_solve_rules finds it (unique: counted to two). */
static void sample_puzzle(int i, int k, sudoku_grid *g, sudoku_rules *r,
                          sudoku_grid *sol) {
  char *text = sample(samples[i].file, ".txt");
  uint32_t kinds;
  size_t bad;
  ck_assert(sudoku_rule_kinds(samples[i].kinds, strlen(samples[i].kinds),
                              &kinds, &bad));
  struct sudoku_rules_reader rd;
  sudoku_rules_reader_init(&rd, text, strlen(text), kinds);
  for (int j = 0; j <= k; j++)
    ck_assert_int_eq(sudoku_rules_read_next(&rd, g, r, NULL), 1);
  free(text);
  struct sudoku_limits lim = {2, 0, 0, false};
  struct sudoku_stats st;
  ck_assert_int_eq(sudoku_solve_rules(g, r, &lim, sol, &st), SUDOKU_OK);
  ck_assert_uint_eq(st.solutions, 1);
}

/* The first k lines of sample i (a text body under ?variant=). */
static char *sample_lines(int i, int k) {
  char *text = sample(samples[i].file, ".txt");
  char *end = text;
  for (int j = 0; j < k && *end; j++)
    end += strcspn(end, "\n") + (end[strcspn(end, "\n")] == '\n');
  *end = '\0';
  return text;
}

static cJSON *parse_ok(const struct reply *rep, const char *what) {
  ck_assert_msg(rep->status == 200, "%s: %d %s", what, rep->status, rep->body);
  cJSON *a = cJSON_ParseWithLength(rep->body, rep->body_len);
  ck_assert_msg(a != NULL, "%s: not JSON: %s", what, rep->body);
  return a;
}

/* POSTs g under r as JSON (body_of, into body) to path: the answer, a
 * 200, parsed; *rep holds the reply. */
static cJSON *ask_json(const char *path, const sudoku_grid *g,
                       const sudoku_rules *r, char *body, struct reply *rep) {
  body_of(g, r, body);
  *rep = request(vserver.port, "POST", path, JSON_HDR, body);
  return parse_ok(rep, body);
}

/* An answer's "rating" x10, as the core keeps it. */
static int rating10(const cJSON *o) {
  return (int)(cJSON_GetObjectItem(o, "rating")->valuedouble * 10 + 0.5);
}

static int cell_of(const cJSON *v, int n) {
  int row = 0, col = 0;
  ck_assert(cJSON_IsString(v));
  ck_assert_int_eq(sscanf(v->valuestring, "r%dc%d", &row, &col), 2);
  ck_assert(row >= 1 && row <= n && col >= 1 && col <= n);
  return (row - 1) * n + col - 1;
}

/* A step of the JSON answers is sound against sol: its placements are the
 * solution's values, its eliminations never its value; it does something.
 * Its placements are made in pos. */
static void step_sound(const cJSON *st, const sudoku_grid *sol,
                       sudoku_grid *pos, const char *where) {
  int n = sol->n, did = 0;
  const cJSON *x;
  cJSON_ArrayForEach(x, cJSON_GetObjectItem(st, "placements")) {
    int c = cell_of(cJSON_GetObjectItem(x, "cell"), n);
    int v = cJSON_GetObjectItem(x, "value")->valueint;
    ck_assert_msg(v == sol->cell[c], "%s: places %d at r%dc%d, not %d", where,
                  v, c / n + 1, c % n + 1, sol->cell[c]);
    ck_assert_msg(pos->cell[c] == 0 || pos->cell[c] == v, "%s: refills", where);
    pos->cell[c] = (uint8_t)v;
    did++;
  }
  cJSON_ArrayForEach(x, cJSON_GetObjectItem(st, "eliminations")) {
    int c = cell_of(cJSON_GetObjectItem(x, "cell"), n);
    int v = cJSON_GetObjectItem(x, "value")->valueint;
    ck_assert_msg(v != sol->cell[c], "%s: removes the solution's %d at r%dc%d",
                  where, v, c / n + 1, c % n + 1);
    did++;
  }
  ck_assert_msg(did > 0, "%s: a step that does nothing", where);
  ck_assert_ptr_nonnull(
      cJSON_GetStringValue(cJSON_GetObjectItem(st, "explanation")));
}

/* The answer names the rules: "variant" lists r's kinds in table order,
 * "cages" has r's cages. */
static void names_rules(const cJSON *a, const sudoku_rules *r) {
  const cJSON *v = cJSON_GetObjectItem(a, "variant");
  ck_assert_msg(cJSON_IsArray(v), "no variant member");
  const cJSON *name = v->child;
  for (int k = 0; k < SUDOKU_RULE_COUNT; k++)
    if (sudoku_rules_has(r, (enum sudoku_rule_kind)k)) {
      ck_assert_ptr_nonnull(name);
      ck_assert_str_eq(name->valuestring, sudoku_rule_name(k));
      name = name->next;
    }
  ck_assert_ptr_null(name);
  if (sudoku_rules_has(r, SUDOKU_RULE_KILLER))
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(a, "cages")),
                     r->cage_count);
}

/* /hint under the rules: the step is sound, is the core's hint
 * (sudoku_hint_rules: technique and sentence), and the answer names the
 * rules; a wrong entry is said as one. */
START_TEST(hint_under_rules) {
  static sudoku_grid g, sol, pos;
  static sudoku_rules r;
  static char body[64 * 1024];
  static struct sudoku_hint h;
  for (int k = 0; k < LOGIC_PUZZLES; k++) {
    sample_puzzle(_i, k, &g, &r, &sol);
    struct reply rep;
    cJSON *a = ask_json("/hint", &g, &r, body, &rep);
    ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(a, "kind")),
                     "step");
    pos = g;
    step_sound(a, &sol, &pos, samples[_i].file);
    names_rules(a, &r);
    ck_assert_int_eq(sudoku_hint_rules(&g, &r, NULL, NULL, true, NULL, &h),
                     SUDOKU_OK);
    char sentence[SUDOKU_EXPLAIN_MAX];
    sudoku_step_explain_rules(&h.step, &g, &r, sentence, sizeof sentence);
    ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(a, "technique")),
                     sudoku_technique_id(h.step.technique));
    ck_assert_str_eq(
        cJSON_GetStringValue(cJSON_GetObjectItem(a, "explanation")), sentence);
    if (sudoku_rules_has(&r, SUDOKU_RULE_KILLER) && k == 0)
      ck_assert_ptr_nonnull(strstr(sentence, "cage at r"));
    cJSON_Delete(a);
    reply_free(&rep);
  }
  /* A wrong entry in the first empty cell, in JSON; the same puzzle as
   * one text line under ?variant= gives the same step as JSON. */
  int c = 0;
  while (g.cell[c] != 0)
    c++;
  char *o = body + strlen(body) - 1; /* the closing brace */
  sprintf(o, ",\"entries\":\"%.*s%d%.*s\"}", c, E81 E81 E81 E81,
          sol.cell[c] % 9 + 1, g.n * g.n - c - 1, E81 E81 E81 E81);
  struct reply rep = request(vserver.port, "POST", "/hint", JSON_HDR, body);
  cJSON *a = parse_ok(&rep, body);
  ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(a, "kind")),
                   "wrong-entry");
  char cell[16];
  snprintf(cell, sizeof cell, "r%dc%d", c / g.n + 1, c % g.n + 1);
  ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(a, "cell")), cell);
  names_rules(a, &r);
  cJSON_Delete(a);
  reply_free(&rep);
  char *line = sample_lines(_i, LOGIC_PUZZLES);
  char *last = line;
  for (int k = 1; k < LOGIC_PUZZLES; k++)
    last += strcspn(last, "\n") + 1;
  char path[64];
  snprintf(path, sizeof path, "/hint?variant=%s", samples[_i].kinds);
  rep = request(vserver.port, "POST", path, TEXT_HDR, last);
  a = parse_ok(&rep, path);
  ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(a, "technique")),
                   sudoku_technique_id(h.step.technique));
  names_rules(a, &r);
  cJSON_Delete(a);
  reply_free(&rep);
  free(line);
}
END_TEST

/* /steps under the rules: every step sound, the path ends in the solution
 * sudoku_solve_rules found, its rating the core's; the text answer is one
 * sentence a step. */
START_TEST(steps_under_rules) {
  static sudoku_grid g, sol, pos;
  static sudoku_rules r;
  static char body[64 * 1024];
  for (int k = 0; k < LOGIC_PUZZLES; k++) {
    sample_puzzle(_i, k, &g, &r, &sol);
    struct reply rep;
    cJSON *a = ask_json("/steps", &g, &r, body, &rep);
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(a, "solved")));
    pos = g;
    const cJSON *st;
    int count = 0;
    cJSON_ArrayForEach(st, cJSON_GetObjectItem(a, "steps")) {
      char where[64];
      snprintf(where, sizeof where, "%s %d step %d", samples[_i].file, k + 1,
               ++count);
      step_sound(st, &sol, &pos, where);
    }
    ck_assert_int_eq(count, cJSON_GetObjectItem(a, "step_count")->valueint);
    ck_assert_mem_eq(pos.cell, sol.cell, 81);
    names_rules(a, &r);
    struct sudoku_rating rt;
    ck_assert_int_eq(sudoku_rate_rules(&g, &r, NULL, &rt), SUDOKU_OK);
    ck_assert_int_eq(rating10(a), rt.rating);
    cJSON_Delete(a);
    reply_free(&rep);
    if (k > 0)
      continue;
    char *line = sample_lines(_i, 1), path[64];
    snprintf(path, sizeof path, "/steps?variant=%s", samples[_i].kinds);
    rep = request(vserver.port, "POST", path, TEXT_HDR ACCEPT_TEXT, line);
    ck_assert_msg(rep.status == 200, "%s", rep.body);
    int lines = 0;
    for (size_t b = 0; b < rep.body_len; b++)
      lines += rep.body[b] == '\n';
    ck_assert_int_eq(lines, count);
    if (sudoku_rules_has(&r, SUDOKU_RULE_KILLER))
      HAS(rep, "The cage at r1c1 (sum ");
    reply_free(&rep);
    free(line);
  }
}
END_TEST

/* /rate under the rules, a batch of text lines and one JSON puzzle: each
 * rating, level and hardest technique is sudoku_rate_rules'. */
START_TEST(rate_under_rules) {
  static sudoku_grid g, sol;
  static sudoku_rules r;
  static char body[64 * 1024];
  char *lines = sample_lines(_i, LOGIC_PUZZLES), path[64];
  snprintf(path, sizeof path, "/rate?variant=%s&format=json",
           samples[_i].kinds);
  struct reply rep = request(vserver.port, "POST", path, TEXT_HDR, lines);
  cJSON *a = parse_ok(&rep, path);
  ck_assert_int_eq(cJSON_GetObjectItem(a, "rated")->valueint, LOGIC_PUZZLES);
  const cJSON *item = cJSON_GetObjectItem(a, "results")->child;
  for (int k = 0; k < LOGIC_PUZZLES; k++, item = item->next) {
    sample_puzzle(_i, k, &g, &r, &sol);
    struct sudoku_rating rt;
    ck_assert_int_eq(sudoku_rate_rules(&g, &r, NULL, &rt), SUDOKU_OK);
    ck_assert_int_eq(rating10(item), rt.rating);
    ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(item, "level")),
                     sudoku_level_name(rt.level));
    ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(item, "hardest")),
                     sudoku_technique_id(rt.hardest));
    names_rules(item, &r);
    if (k > 0)
      continue;
    struct reply one;
    cJSON *b = ask_json("/rate", &g, &r, body, &one);
    ck_assert_int_eq(rating10(b), rt.rating);
    names_rules(b, &r);
    cJSON_Delete(b);
    reply_free(&one);
  }
  cJSON_Delete(a);
  reply_free(&rep);
  free(lines);
}
END_TEST

/* /candidates under the rules, with the solution's first ten empty cells
 * entered: every cell's candidates are sudoku_candidates_rules'. */
START_TEST(candidates_under_rules) {
  static sudoku_grid g, sol, pos;
  static sudoku_rules r;
  static char body[64 * 1024];
  uint32_t cand[SUDOKU_MAX_CELLS];
  sample_puzzle(_i, 0, &g, &r, &sol);
  pos = g;
  char entries[82];
  for (int c = 0, left = 10; c < 81; c++) {
    entries[c] = '.';
    if (g.cell[c] == 0 && left-- > 0) {
      pos.cell[c] = sol.cell[c];
      entries[c] = (char)('0' + sol.cell[c]);
    }
  }
  entries[81] = '\0';
  ck_assert_int_eq(sudoku_candidates_rules(&pos, &r, cand), SUDOKU_OK);
  body_of(&g, &r, body);
  sprintf(body + strlen(body) - 1, ",\"entries\":\"%s\"}", entries);
  struct reply rep =
      request(vserver.port, "POST", "/candidates?form=array", JSON_HDR, body);
  cJSON *a = parse_ok(&rep, body);
  const cJSON *row = cJSON_GetObjectItem(a, "candidates")->child;
  int cells = 0, differ = 0;
  for (int i = 0; i < 9; i++, row = row->next) {
    const cJSON *cell = row->child;
    for (int j = 0; j < 9; j++, cell = cell->next, cells++) {
      uint32_t mask = 0;
      const cJSON *v;
      cJSON_ArrayForEach(v, cell) mask |= 1u << (v->valueint - 1);
      int c = i * 9 + j;
      ck_assert_uint_eq(mask, pos.cell[c] ? 0 : cand[c]);
    }
  }
  ck_assert_int_eq(cells, 81);
  names_rules(a, &r);
  /* The rules count: the classic candidates of the same position differ
   * somewhere (a diagonal, window, region, cage or parity removes more). */
  uint32_t classic[SUDOKU_MAX_CELLS];
  if (sudoku_candidates(&pos, classic) != SUDOKU_OK)
    differ = 1; /* a jigsaw's givens may clash in the classic boxes */
  for (int c = 0; c < 81 && differ == 0; c++)
    differ += pos.cell[c] == 0 && classic[c] != cand[c];
  ck_assert_int_gt(differ, 0);
  cJSON_Delete(a);
  reply_free(&rep);
}
END_TEST

/* Refusals on the real server: status, path, words. */
static const struct {
  const char *path, *headers, *body;
  int status;
  const char *has;
} logic_refused[] = {
    {"/hint", JSON_HDR,
     "{\"puzzle\":\"" E81
     "\",\"cages\":[{\"sum\":3,\"cells\":[\"r1c1\",\"r1c2\"]},{\"sum\":4,"
     "\"cells\":[\"r1c2\",\"r1c3\"]}]}",
     400, "\"path\":\"cages[1]\""},
    {"/hint", JSON_HDR,
     "{\"puzzle\":\"" E81
     "\",\"cages\":[{\"sum\":3,\"cells\":[\"r1c1\",\"r1c2\"]},{\"sum\":4,"
     "\"cells\":[\"r1c2\",\"r1c3\"]}]}",
     400, "/problems/invalid-rules"},
    {"/steps?variant=x", JSON_HDR, "{\"puzzle\":\"" X_PUZZLE "\"}", 400,
     "a JSON body takes a \\\"variant\\\" member"},
    {"/candidates?variant=kill", TEXT_HDR, X_PUZZLE, 400,
     "variant: expected a comma list of x, windoku"},
    {"/hint?variant=x", TEXT_HDR, X_PUZZLE "\n" X_PUZZLE "\n", 400,
     "the text body is one variant line"},
    {"/rate?variant=killer", TEXT_HDR, E81 " 18=r3c4,r3c5", 400,
     "line 1: cages[0]: cage at r3c4: 2 cells cannot sum to 18"},
    /* f-puzzles' JSON as a position's body: read as strictly as /solve's. */
    {"/hint", JSON_HDR, "{" FP4_GRID ",\"size\":9}", 400,
     "\"detail\":\"member \\\"size\\\" appears twice\",\"request_id\""},
    {"/check", JSON_HDR, "{" FP4_GRID "}}", 400,
     "unexpected data after the JSON value"},
    {"/hint", JSON_HDR, "{\"puzzle\":\"" E81 "\",\"variant\":\"x\"}", 422,
     "/problems/not-unique"},
    {"/steps", JSON_HDR,
     "{\"puzzle\":\"1.........................................................."
     ".....................1\",\"variant\":\"x\"}",
     422, "r1c1 and r9c9 are both 1 (diagonal 1)"},
    /* Every unique 4x4 rates easy: refused at once, by its parameter. */
    {"/generate?size=4&level=hard", "", NULL, 400,
     "level=hard: no 4x4 puzzle is hard"},
    {"/generate?size=4&level=hard", "", NULL, 400, "\"path\":\"level\""},
};

START_TEST(logic_refusals) {
  struct reply rep =
      request(vserver.port, logic_refused[_i].body != NULL ? "POST" : "GET",
              logic_refused[_i].path, logic_refused[_i].headers,
              logic_refused[_i].body);
  ck_assert_msg(rep.status == logic_refused[_i].status, "%s: %d %s",
                logic_refused[_i].path, rep.status, rep.body);
  HAS(rep, logic_refused[_i].has);
  reply_free(&rep);
}
END_TEST

void api_add_variants(Suite *s) {
  TCase *tc = tcase_create("variants");
  tcase_set_timeout(tc, 60);
  int ns = (int)(sizeof samples / sizeof samples[0]);
  tcase_add_loop_test(tc, samples_solved_from_json, 0, ns);
  tcase_add_loop_test(tc, samples_solved_from_text, 0, ns);
  tcase_add_loop_test(tc, json_refusals_located, 0,
                      (int)(sizeof refused / sizeof refused[0]));
  tcase_add_loop_test(tc, text_refusals_located, 0,
                      (int)(sizeof text_refused / sizeof text_refused[0]));
  tcase_add_test(tc, variant_query_needs_text);
  tcase_add_test(tc, check_under_rules);
  tcase_add_loop_test(tc, fpuzzles_round_trips, 0, ns);
  tcase_add_test(tc, fpuzzles_anti_knight);
  tcase_add_test(tc, fpuzzles_real_links);
  tcase_add_loop_test(tc, fpuzzles_refusals_located, 0,
                      (int)(sizeof fp_refused / sizeof fp_refused[0]));
  tcase_add_loop_test(tc, fpuzzles_link_refusals_located, 0,
                      (int)(sizeof link_refused / sizeof link_refused[0]));
  suite_add_tcase(s, tc);
  /* The logic under rules over TCP: one sudokud for the case. */
  tc = tcase_create("variant_logic");
  tcase_set_timeout(tc, 120);
  tcase_add_unchecked_fixture(tc, vserver_start, vserver_stop);
  tcase_add_loop_test(tc, hint_under_rules, 0, ns);
  tcase_add_loop_test(tc, steps_under_rules, 0, ns);
  tcase_add_loop_test(tc, rate_under_rules, 0, ns);
  tcase_add_loop_test(tc, candidates_under_rules, 0, ns);
  tcase_add_loop_test(tc, logic_refusals, 0,
                      (int)(sizeof logic_refused / sizeof logic_refused[0]));
  suite_add_tcase(s, tc);
}
