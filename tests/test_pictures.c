/*
 * test_pictures.c - the answers that are pictures: ?format=svg (and
 * Accept: image/svg+xml) on /solve, /generate and /hint, each answer read
 * back by a real XML parser (test_parse_svg: python3's minidom) and its
 * digits counted against the puzzle, the solution and the step; and
 * ?format=pdf sheets of /generate and `sudoku generate --format pdf`, read
 * by poppler's pdfinfo and pdftotext (pages, paper, the seeds printed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../src/api/api.h"
#include "tests.h"

/* One request through the whole pipeline: endpoint, body (text/plain; NULL
 * for a GET), Accept (or NULL) and up to three query parameters given as
 * "name=value". The caller frees *out. */
static void ask(const char *endpoint, const char *body, const char *accept,
                const char *const *query, struct api_response *out) {
  struct api_param q[3];
  size_t nq = 0;
  for (; query != NULL && nq < 3 && query[nq] != NULL; nq++) {
    const char *eq = strchr(query[nq], '=');
    q[nq] = (struct api_param){query[nq], eq + 1, (size_t)(eq - query[nq]),
                               strlen(eq + 1)};
  }
  struct api_input in = {body != NULL ? "text/plain" : NULL,
                         body,
                         body != NULL ? strlen(body) : 0,
                         accept,
                         NULL,
                         q,
                         nq,
                         NULL};
  struct api_limits lim = {100, 2000000, 0, 8000000};
  const struct api_endpoint *ep = api_endpoint_find(endpoint);
  ck_assert_ptr_nonnull(ep);
  api_handle(ep, &lim, &in, out);
}

static int count_givens(const char *line) {
  int k = 0;
  for (; *line != '\0'; line++)
    k += *line != '.' && *line != '0';
  return k;
}

/* The request, expected status and content type, and for a picture the
 * digits the parser must count (-1: not checked). */
static const struct {
  const char *endpoint, *body, *accept, *query[3];
  int status;
  const char *ctype;
  int givens, entries, marks_min, placed, rects_min;
} cases[] = {
    /* The solution: 30 givens bold, the 51 values found in blue. */
    {"solve",
     CLASSIC,
     NULL,
     {"format=svg"},
     200,
     "image/svg+xml",
     30,
     51,
     -1,
     0,
     0},
    {"solve",
     CLASSIC,
     "image/svg+xml",
     {NULL},
     200,
     "image/svg+xml",
     30,
     51,
     -1,
     0,
     0},
    /* Accept prefers JSON: JSON; any type: the data formats keep it. */
    {"solve",
     CLASSIC,
     "image/svg+xml;q=0.5, application/json",
     {NULL},
     200,
     "application/json",
     -1,
     -1,
     -1,
     -1,
     -1},
    {"solve", CLASSIC, "*/*", {NULL}, 200, "text/plain", -1, -1, -1, -1, -1},
    /* One picture a request. */
    {"solve",
     CLASSIC "\n" CLASSIC,
     NULL,
     {"format=svg"},
     400,
     "application/problem+json",
     -1,
     -1,
     -1,
     -1,
     -1},
    /* A puzzle without a solution is still a problem, not a picture. */
    {"solve",
     NO_SOLUTION,
     NULL,
     {"format=svg"},
     422,
     "application/problem+json",
     -1,
     -1,
     -1,
     -1,
     -1},
    /* A hint: the position with its candidates, the step's cells and its
     * placement (the classic puzzle starts with a single). */
    {"hint",
     CLASSIC,
     NULL,
     {"format=svg"},
     200,
     "image/svg+xml",
     30,
     0,
     100,
     1,
     1},
    {"hint",
     CLASSIC,
     "image/svg+xml",
     {NULL},
     200,
     "image/svg+xml",
     30,
     0,
     100,
     1,
     1},
    /* Endpoints that draw nothing refuse the format, located. */
    {"check",
     CLASSIC,
     NULL,
     {"format=svg"},
     400,
     "application/problem+json",
     -1,
     -1,
     -1,
     -1,
     -1},
    {"rate",
     CLASSIC,
     "image/svg+xml",
     {NULL},
     406,
     "application/problem+json",
     -1,
     -1,
     -1,
     -1,
     -1},
    {"generate",
     NULL,
     NULL,
     {"format=judge", "seed=1"},
     400,
     "application/problem+json",
     -1,
     -1,
     -1,
     -1,
     -1},
};

START_TEST(picture_answer) {
  struct api_response r;
  ask(cases[_i].endpoint, cases[_i].body, cases[_i].accept, cases[_i].query,
      &r);
  ck_assert_msg(r.status == cases[_i].status, "case %d: %d %.*s", _i, r.status,
                (int)r.body_len, r.body);
  ck_assert_msg(
      strncmp(r.content_type, cases[_i].ctype, strlen(cases[_i].ctype)) == 0,
      "case %d: %s", _i, r.content_type);
  if (strcmp(cases[_i].ctype, "image/svg+xml") == 0) {
    struct svg_seen s = test_parse_svg(r.body);
    ck_assert_int_eq(s.ok, 1);
    ck_assert_int_eq(s.width, 440);
    ck_assert_int_eq(s.givens, cases[_i].givens);
    ck_assert_int_eq(s.entries, cases[_i].entries);
    ck_assert_int_ge(s.marks, cases[_i].marks_min);
    ck_assert_int_eq(s.placed, cases[_i].placed);
    ck_assert_int_ge(s.rects, cases[_i].rects_min);
  }
  api_response_free(&r);
}
END_TEST

/* A seeded /generate drawn: the puzzle of the JSON answer with the same
 * options, each given bold, and its own ETag (the format is part of it). */
START_TEST(generate_svg) {
  static const char *const json_q[] = {"seed=42", "level=easy", NULL};
  static const char *const svg_q[] = {"seed=42", "level=easy", "format=svg"};
  struct api_response j, s;
  ask("generate", NULL, NULL, json_q, &j);
  ck_assert_int_eq(j.status, 200);
  const char *p = strstr(j.body, "\"puzzle\":\"");
  ck_assert_ptr_nonnull(p);
  char line[128];
  ck_assert_int_eq(sscanf(p + 10, "%81[^\"]", line), 1);
  ask("generate", NULL, NULL, svg_q, &s);
  ck_assert_int_eq(s.status, 200);
  ck_assert_str_eq(s.content_type, "image/svg+xml");
  ck_assert_ptr_nonnull(strstr(s.body, "seed 42"));
  struct svg_seen seen = test_parse_svg(s.body);
  ck_assert_int_eq(seen.ok, 1);
  ck_assert_int_eq(seen.givens, count_givens(line));
  ck_assert_int_eq(seen.entries, 0);
  ck_assert_str_ne(j.etag, s.etag);
  ck_assert_str_eq(s.cache_control, "public, max-age=31536000, immutable");
  api_response_free(&j);
  api_response_free(&s);
}
END_TEST

/* What poppler (pdfinfo, pdftotext) reads in a PDF: its pages, its paper
 * ("A4", "letter"), and how many times "seed N" is printed for each of the
 * count seeds from first (seen[i] for first + i). */
struct pdf_seen {
  int pages;
  char paper[16];
  int seen[16];
};

static struct pdf_seen read_pdf(const char *bytes, size_t len,
                                unsigned long long first, int count) {
  char path[] = "/tmp/sudoku-pdf-XXXXXX", cmd[256], line[512];
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(write(fd, bytes, len), (ssize_t)len);
  close(fd);
  struct pdf_seen p = {0, "", {0}};
  snprintf(cmd, sizeof cmd, "pdfinfo %s 2>&1", path);
  FILE *f = popen(cmd, "r");
  ck_assert_ptr_nonnull(f);
  while (fgets(line, sizeof line, f) != NULL) {
    sscanf(line, "Pages: %d", &p.pages);
    if (strncmp(line, "Page size:", 10) == 0 && strchr(line, '(') != NULL)
      sscanf(strchr(line, '(') + 1, "%15[^)]", p.paper);
  }
  pclose(f);
  snprintf(cmd, sizeof cmd, "pdftotext %s - 2>&1", path);
  f = popen(cmd, "r");
  ck_assert_ptr_nonnull(f);
  while (fgets(line, sizeof line, f) != NULL) {
    unsigned long long seed;
    const char *at = strstr(line, "seed ");
    if (at != NULL && sscanf(at, "seed %llu", &seed) == 1 && seed >= first &&
        seed < first + (unsigned long long)count)
      p.seen[seed - first]++;
  }
  pclose(f);
  unlink(path);
  return p;
}

/* count puzzles, per_page to a page, on paper: the pages poppler counts
 * (the puzzles' pages, then the solutions', 12 to a page) and every seed
 * printed twice (over its puzzle and over its solution). */
static const struct {
  const char *count, *per_page, *paper;
  int pages;
  const char *poppler_paper;
} sheets[] = {
    {"1", "1", "a4", 2, "A4"},         {"2", "2", "letter", 2, "letter"},
    {"4", "4", "a4", 2, "A4"},         {"5", "4", "a4", 3, "A4"},
    {"6", "6", "letter", 2, "letter"}, {"7", "2", "a4", 5, "A4"},
    {"12", "6", "a4", 3, "A4"},
};

START_TEST(generate_pdf) {
  char count[24], per[24], paper[24];
  snprintf(count, sizeof count, "count=%s", sheets[_i].count);
  snprintf(per, sizeof per, "per_page=%s", sheets[_i].per_page);
  snprintf(paper, sizeof paper, "paper=%s", sheets[_i].paper);
  /* ?format=pdf, or Accept: application/pdf alone. */
  const char *const q[] = {count, per, paper};
  const char *const qf[] = {count, per, "format=pdf"};
  struct api_response r;
  if (_i % 2 == 0)
    ask("generate", NULL, "application/pdf", q, &r);
  else
    ask("generate", NULL, NULL, qf, &r);
  ck_assert_msg(r.status == 200, "%.*s", (int)r.body_len, r.body);
  ck_assert_str_eq(r.content_type, "application/pdf");
  ck_assert_int_eq(memcmp(r.body, "%PDF-", 5), 0);
  /* Unseeded: the seed is in the caption of the first puzzle. */
  struct pdf_seen all = read_pdf(r.body, r.body_len, 0, 0);
  ck_assert_int_eq(all.pages, sheets[_i].pages);
  ck_assert_str_eq(all.paper, _i % 2 == 0 ? sheets[_i].poppler_paper : "A4");
  api_response_free(&r);
}
END_TEST

/* A seeded sheet: seeds N..N+count-1 each printed over its puzzle and its
 * solution, and the same bytes' ETag for the same request. */
START_TEST(generate_pdf_seeds) {
  static const char *const q[] = {"format=pdf", "count=6", "seed=9000"};
  struct api_response r, again;
  ask("generate", NULL, NULL, q, &r);
  ck_assert_int_eq(r.status, 200);
  struct pdf_seen p = read_pdf(r.body, r.body_len, 9000, 6);
  ck_assert_int_eq(p.pages, 3); /* 4 + 2 puzzles, the solutions */
  for (int i = 0; i < 6; i++)
    ck_assert_msg(p.seen[i] == 2, "seed %d printed %d times", 9000 + i,
                  p.seen[i]);
  ask("generate", NULL, NULL, q, &again);
  ck_assert_str_eq(r.etag, again.etag);
  ck_assert_int_eq(r.body_len, again.body_len);
  api_response_free(&r);
  api_response_free(&again);
}
END_TEST

/* A sheet's parameters are refused, located, outside a sheet or out of
 * range. */
static const struct {
  const char *query[3];
  const char *path;
} sheet_refusals[] = {
    {{"count=2"}, "count"},
    {{"format=svg", "per_page=4"}, "per_page"},
    {{"format=pdf", "per_page=3"}, "per_page"},
    {{"format=pdf", "count=13"}, "count"},
    {{"format=pdf", "count=0"}, "count"},
    {{"format=pdf", "paper=a5"}, "paper"},
};

START_TEST(sheet_refused) {
  struct api_response r;
  ask("generate", NULL, NULL, sheet_refusals[_i].query, &r);
  ck_assert_int_eq(r.status, 400);
  char path[48];
  snprintf(path, sizeof path, "\"path\":\"%s\"", sheet_refusals[_i].path);
  ck_assert_msg(strstr(r.body, path) != NULL, "%s", r.body);
  api_response_free(&r);
}
END_TEST

/* `sudoku generate --format pdf`: the same sheet from the CLI. */
START_TEST(cli_pdf) {
  const char *bin = getenv("SUDOKU_BIN");
  char cmd[256];
  snprintf(cmd, sizeof cmd,
           "%s generate --seed 500 --count 5 --per-page 2 --paper letter "
           "--format pdf",
           bin != NULL ? bin : "build/sudoku");
  FILE *f = popen(cmd, "r");
  ck_assert_ptr_nonnull(f);
  static char pdf[1 << 20];
  size_t len = fread(pdf, 1, sizeof pdf, f);
  ck_assert_int_eq(pclose(f), 0);
  struct pdf_seen p = read_pdf(pdf, len, 500, 5);
  ck_assert_int_eq(p.pages, 4); /* 2 + 2 + 1 puzzles, the solutions */
  ck_assert_str_eq(p.paper, "letter");
  for (int i = 0; i < 5; i++)
    ck_assert_int_eq(p.seen[i], 2);
}
END_TEST

/* A wrong entry drawn: its cell shaded, the entries blue. */
START_TEST(hint_wrong_entry_svg) {
  /* The classic puzzle, then entries: r1c3 is 4 in the solution, not 1. */
  const char *body = CLASSIC
      "\n..1......" DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 "\n";
  static const char *const q[] = {"format=svg", NULL, NULL};
  struct api_response r;
  ask("hint", body, NULL, q, &r);
  ck_assert_msg(r.status == 200, "%.*s", (int)r.body_len, r.body);
  ck_assert_str_eq(r.content_type, "image/svg+xml");
  ck_assert_str_eq(r.outcome, "wrong-entry");
  struct svg_seen s = test_parse_svg(r.body);
  ck_assert_int_eq(s.ok, 1);
  ck_assert_int_eq(s.givens, 30);
  ck_assert_int_eq(s.entries, 1);
  ck_assert_int_eq(s.rects, 1);
  api_response_free(&r);
}
END_TEST

Suite *pictures_suite(void) {
  Suite *s = suite_create("pictures");
  TCase *tc = tcase_create("svg");
  tcase_set_timeout(tc, 60);
  tcase_add_loop_test(tc, picture_answer, 0,
                      (int)(sizeof cases / sizeof cases[0]));
  tcase_add_test(tc, generate_svg);
  tcase_add_test(tc, hint_wrong_entry_svg);
  suite_add_tcase(s, tc);
  tc = tcase_create("pdf");
  tcase_set_timeout(tc, 60);
  tcase_add_loop_test(tc, generate_pdf, 0,
                      (int)(sizeof sheets / sizeof sheets[0]));
  tcase_add_test(tc, generate_pdf_seeds);
  tcase_add_loop_test(tc, sheet_refused, 0,
                      (int)(sizeof sheet_refusals / sizeof sheet_refusals[0]));
  tcase_add_test(tc, cli_pdf);
  suite_add_tcase(s, tc);
  return s;
}
