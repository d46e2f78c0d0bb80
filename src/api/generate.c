/*
 * generate.c - GET /generate?level=&symmetry=&seed=&size=&givens=: a new
 * puzzle with its solution and rating. {"puzzle", "solution" (81-character
 * lines), "seed" (a decimal string: 64 bits do not fit a JSON number
 * exactly), "level", "rating", "er", "ep", "ed" (SE's three ratings),
 * "hardest", "givens", "symmetry", "size", "box", "attempts", "attempt_seed"
 * (the seed of the attempt that made it: the same options with that seed give
 * it in one attempt, so a link can reopen it without the search)}.
 *
 * ?variant=x|windoku|jigsaw|killer (or a comma list of them): a variant
 * puzzle (sudoku_generate_rules), its rules in the members /solve reads
 * ("variant", "regions", "cages", written by api_variant_write) first,
 * then the members above ("box" left out for a jigsaw side without boxes),
 * so that the answer can be posted back to /solve as it is.
 *
 * ?format=svg (or Accept: image/svg+xml) answers the puzzle drawn, its
 * level, rating and seed in the picture's title.
 *
 * The same seed and options give the same answer everywhere, so a seeded
 * request is cacheable (an ETag from the options, Cache-Control public for
 * a year); without a seed one is drawn from the clock and the answer is
 * no-store. A level that does not come before the deadline is a 422
 * deadline-exceeded (extreme is rare among random puzzles); so is a band
 * of SE's scale (?rating=8.0-8.9, 7.2, 9.0-: sudoku_rating_band_parse),
 * which replaces the level.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "sudoku_draw.h"

/* The largest side of a generated killer: its cages alone, with no
 * givens, are proved unique in under a second at 9x9 (README's table). */
#define API_KILLER_SIDE 9

/* The largest side of a generated jigsaw: from 16x16 on, sudoku_solve_rules
 * seldom completes a grid of random regions within the generator's node
 * budget (168 attempts in 10 s, none). */
#define API_JIGSAW_SIDE 12

/* Puzzles of one PDF sheet: each a few ms to a few seconds to make. */
#define API_MAX_SHEET 12u

enum api_cost api_generate_cost(struct api_job *job) {
  struct api_generate_job *j = (struct api_generate_job *)job;
  bool quick =
      j->kinds == 0 && j->opt.box_rows * j->opt.box_cols <= 9 &&
      j->opt.rating_min == 0 &&
      (j->opt.level == SUDOKU_LEVEL_ANY || j->opt.level <= SUDOKU_LEVEL_MEDIUM);
  return quick && j->count == 1 ? API_COST_SHORT : API_COST_LONG;
}

char *api_generated_json(const struct sudoku_generate_options *opt,
                         const char *date, const struct sudoku_generated *g,
                         const sudoku_rules *rules, size_t *len) {
  char line[SUDOKU_TEXT_MAX], seed[24], box[16];
  cJSON *o = cJSON_CreateObject();
  if (o == NULL)
    return NULL;
  api_line_text(&g->puzzle, line);
  cJSON_AddStringToObject(o, "puzzle", line);
  api_line_text(&g->solution, line);
  cJSON_AddStringToObject(o, "solution", line);
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)opt->seed);
  cJSON_AddStringToObject(o, "seed", seed);
  if (g->rated) {
    cJSON_AddStringToObject(o, "level", sudoku_level_name(g->rating.level));
    api_add_rating(o, "rating", g->rating.rating);
    api_add_rating(o, "er", g->rating.rating);
    api_add_rating(o, "ep", g->rating.ep);
    api_add_rating(o, "ed", g->rating.ed);
    cJSON_AddStringToObject(o, "hardest",
                            sudoku_technique_id(g->rating.hardest));
  } else {
    cJSON_AddNullToObject(o, "level");
    cJSON_AddNullToObject(o, "rating");
    cJSON_AddNullToObject(o, "er");
    cJSON_AddNullToObject(o, "ep");
    cJSON_AddNullToObject(o, "ed");
  }
  api_add_int(o, "givens", g->givens);
  cJSON_AddStringToObject(o, "symmetry", sudoku_symmetry_name(opt->symmetry));
  api_add_int(o, "size", g->puzzle.n);
  snprintf(box, sizeof box, "[%d,%d]", g->puzzle.box_rows, g->puzzle.box_cols);
  if (g->puzzle.box_rows > 1) /* a jigsaw side without boxes: none */
    cJSON_AddRawToObject(o, "box", box);
  api_add_int(o, "attempts", g->attempts);
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)g->seed);
  cJSON_AddStringToObject(o, "attempt_seed", seed);
  if (date != NULL && date[0] != '\0')
    cJSON_AddStringToObject(o, "date", date);
  struct api_buf b;
  int n = g->puzzle.n;
  api_buf_init(&b, api_variant_bytes(rules, n) + 4 * (size_t)n * n + 512);
  api_buf_lit(&b, "{");
  if (rules != NULL) {
    api_variant_write(&b, rules, n);
    api_buf_lit(&b, ",");
  }
  for (const cJSON *m = o->child; m != NULL; m = m->next) {
    if (m != o->child)
      api_buf_lit(&b, ",");
    api_buf_string(&b, m->string, strlen(m->string));
    api_buf_lit(&b, ":");
    api_buf_cjson(&b, m);
  }
  api_buf_lit(&b, "}");
  cJSON_Delete(o);
  if (b.failed) {
    api_buf_free(&b);
    return NULL;
  }
  b.p[b.len] = '\0'; /* api_buf keeps room for it */
  *len = b.len;
  return b.p;
}

/* The puzzle's JSON answer (api_generated_json). */
static void render_json(const struct api_generate_job *j,
                        const struct sudoku_generated *g,
                        const sudoku_rules *rules, struct api_response *out) {
  size_t len = 0;
  char *text = api_generated_json(&j->opt, j->date, g, rules, &len);
  api_render_body(text, len, CT_JSON, "generated", out);
}

/* Makes puzzle i of the job (seed + i) within the deadline; false with e
 * set. */
static bool make_one(struct api_generate_job *j, uint32_t i,
                     uint64_t deadline_ns, sudoku_rules *rules,
                     struct sudoku_generated *g, struct api_error *e) {
  struct sudoku_generate_options opt = j->opt;
  opt.seed = j->opt.seed + i; /* as `sudoku generate --count` numbers them */
  if (deadline_ns != 0) {
    uint64_t now = sudoku_clock_ns();
    opt.deadline_us = now < deadline_ns ? (deadline_ns - now) / 1000u : 1;
    opt.deadline_us += opt.deadline_us == 0;
  }
  enum sudoku_status s = j->kinds != 0
                             ? sudoku_generate_rules(&opt, j->kinds, rules, g)
                             : sudoku_generate(&opt, g);
  if (s == SUDOKU_DEADLINE) {
    char what[24], which[40] = "";
    if (opt.rating_min != 0 && opt.rating_max == 0)
      snprintf(what, sizeof what, "%u.%u+", opt.rating_min / 10u,
               opt.rating_min % 10u);
    else if (opt.rating_min != 0)
      snprintf(what, sizeof what, "%u.%u-%u.%u", opt.rating_min / 10u,
               opt.rating_min % 10u, opt.rating_max / 10u,
               opt.rating_max % 10u);
    else if (opt.level != SUDOKU_LEVEL_ANY)
      snprintf(what, sizeof what, "%s", sudoku_level_name(opt.level));
    else if (opt.givens > 0)
      snprintf(what, sizeof what, "%u-given", (unsigned)opt.givens);
    else
      snprintf(what, sizeof what, "minimal");
    if (j->count > 1)
      snprintf(which, sizeof which, " for puzzle %u of %u", i + 1, j->count);
    api_error_set(e, API_DEADLINE,
                  "no %s puzzle came%s before the request's deadline (%u "
                  "attempts); try again, or another level or band",
                  what, which, g->attempts);
    return false;
  }
  if (s != SUDOKU_OK) {
    api_error_set(e, (enum api_problem)s, NULL);
    return false;
  }
  return true;
}

void api_generate_run(struct api_job *job, uint64_t deadline_ns,
                      struct api_response *out) {
  struct api_generate_job *j = (struct api_generate_job *)job;
  struct api_error e = {API_OK, "", NULL};
  struct sudoku_generated *g = malloc(j->count * sizeof *g);
  uint64_t *seeds = malloc(j->count * sizeof *seeds);
  /* A variant's rules (8 KiB): one allocation a request; count is 1. */
  sudoku_rules *rules = j->kinds != 0 ? malloc(sizeof *rules) : NULL;
  if (g == NULL || seeds == NULL || (j->kinds != 0 && rules == NULL)) {
    api_error_set(&e, API_INTERNAL, NULL);
    goto fail;
  }
  for (uint32_t i = 0; i < j->count; i++) {
    seeds[i] = j->opt.seed + i;
    if (!make_one(j, i, deadline_ns, rules, &g[i], &e))
      goto fail;
  }
  if (job->format == API_FMT_PDF) {
    size_t len;
    const char *why;
    char *pdf = pdf_write_generated(g, seeds, j->count, j->per_page, j->paper,
                                    &len, &why);
    api_render_body(pdf, len, CT_PDF, "generated", out);
  } else if (job->format == API_FMT_SVG) {
    char title[96], caption[64];
    pdf_caption(&g[0], j->opt.seed, caption, sizeof caption);
    snprintf(title, sizeof title, "Sudoku %dx%d, %s", g->puzzle.n, g->puzzle.n,
             caption);
    struct sudoku_picture pic = {.givens = &g->puzzle, .title = title};
    api_render_svg(&pic, "generated", out);
  } else {
    render_json(j, g, rules, out);
  }
  free(g);
  free(seeds);
  free(rules);
  return;
fail:
  free(g);
  free(seeds);
  free(rules);
  api_render_error(&e, api_job_accept(job), api_job_request_id(job), out);
}

uint64_t api_generate_key(const struct api_generate_job *j) {
  uint64_t sheet = (uint64_t)j->base.format << 56 | (uint64_t)j->count << 32 |
                   (uint64_t)j->per_page << 8 | (uint64_t)j->paper;
  return sudoku_mix64(
      j->opt.seed ^ sudoku_mix64(sheet) ^
      sudoku_mix64(0x7661726961ull ^ j->kinds) ^
      sudoku_mix64((uint64_t)j->opt.box_rows << 48 |
                   (uint64_t)j->opt.box_cols << 40 |
                   (uint64_t)j->opt.symmetry << 32 |
                   (uint64_t)j->opt.level << 24 | j->opt.givens) ^
      sudoku_mix64((uint64_t)j->opt.rating_min << 8 | j->opt.rating_max));
}

/* A seeded request: the same answer everywhere, for ever. */
static bool generate_cache(const struct api_job *job,
                           struct api_response *out) {
  const struct api_generate_job *j = (const struct api_generate_job *)job;
  if (!j->seeded)
    return false;
  snprintf(out->cache_control, sizeof out->cache_control,
           "public, max-age=31536000, immutable");
  snprintf(out->etag, sizeof out->etag, "\"g%016llx\"",
           (unsigned long long)api_generate_key(j));
  return true;
}

bool api_generate_level(const struct api_param *p, enum sudoku_level *level,
                        struct api_error *e) {
  enum sudoku_level l = sudoku_level_from_name(p->value, p->value_len);
  if (l == SUDOKU_LEVEL_COUNT &&
      !(p->value_len == 3 && memcmp(p->value, "any", 3) == 0)) {
    return api_fail(e, API_INVALID_REQUEST, "level",
                    "level: expected easy, medium, hard, expert, extreme or "
                    "any");
  }
  *level = l == SUDOKU_LEVEL_COUNT ? SUDOKU_LEVEL_ANY : l;
  return true;
}

bool api_generate_init(struct api_generate_job *j, const struct api_input *in,
                       struct api_error *e) {
  const struct sudoku_generate_options def = SUDOKU_GENERATE_DEFAULT;
  j->opt = def;
  j->kinds = 0;
  j->count = 1;
  j->per_page = 4;
  j->paper = PDF_A4;
  if (j->base.limits.generate_deadline_us != 0)
    j->base.limits.deadline_us = j->base.limits.generate_deadline_us;
  return api_choose_json(in,
                         API_FMT_BIT(API_FMT_SVG) | API_FMT_BIT(API_FMT_PDF),
                         &j->base.format, e);
}

/* A decimal query value lo..hi into *out; false with e set. */
static bool query_number(const struct api_param *p, unsigned long long lo,
                         unsigned long long hi, unsigned long long *out,
                         struct api_error *e) {
  char buf[32], shown[40];
  size_t len = p->value_len;
  if (len == 0 || len >= sizeof buf || p->value[0] < '0' || p->value[0] > '9')
    goto bad;
  memcpy(buf, p->value, len);
  buf[len] = '\0';
  char *end;
  errno = 0;
  *out = strtoull(buf, &end, 10);
  if (errno == 0 && *end == '\0' && *out >= lo && *out <= hi)
    return true;
bad:
  api_safe_copy(shown, sizeof shown, p->value,
                p->value_len < 24 ? p->value_len : 24);
  api_error_set(e, API_INVALID_REQUEST,
                "%.*s=%s: expected an integer %llu..%llu", (int)p->name_len,
                p->name, shown, lo, hi);
  api_safe_copy(shown, sizeof shown, p->name, p->name_len); /* ours: short */
  api_error_string(e, API_EM_PATH, shown);
  return false;
}

/* variant=: a comma list of the kinds sudoku_generate_rules makes into
 * *kinds; false with e set, naming them. */
static bool read_variant(const struct api_param *p, uint32_t *kinds,
                         struct api_error *e) {
  size_t bad;
  char shown[40];
  if (sudoku_rule_kinds(p->value, p->value_len, kinds, &bad) && *kinds != 0 &&
      (*kinds & ~SUDOKU_GENERATE_RULE_KINDS) == 0)
    return true;
  api_safe_copy(shown, sizeof shown, p->value,
                p->value_len < 32 ? p->value_len : 32);
  return api_fail(e, API_INVALID_REQUEST, "variant",
                  "variant=%s: /generate makes x, windoku, jigsaw and killer "
                  "puzzles (or a comma list of them)",
                  shown);
}

/* Whether the variant fits the side and the answer's format; false with
 * e set. */
static bool variant_fits(struct api_generate_job *j, int side,
                         struct api_error *e) {
  const char *why = NULL;
  if (j->opt.box_rows == 1 && !(j->kinds >> SUDOKU_RULE_JIGSAW & 1u))
    return api_fail(e, API_BAD_SHAPE, "size",
                    "size=%d: a %dx%d grid has no box shape (only "
                    "variant=jigsaw takes it)",
                    side, side, side);
  if (j->kinds == 0)
    return true;
  if ((j->kinds >> SUDOKU_RULE_WINDOKU & 1u) &&
      (j->opt.box_rows != j->opt.box_cols || side < 9))
    why = "windoku needs square boxes and a side of 9 or more (size=9, 16 "
          "or 25)";
  else if ((j->kinds >> SUDOKU_RULE_KILLER & 1u) && side > API_KILLER_SIDE)
    why = "killer puzzles are generated up to size=9 (their cages alone "
          "are slow to prove unique above)";
  else if ((j->kinds >> SUDOKU_RULE_JIGSAW & 1u) && side > API_JIGSAW_SIDE)
    why = "jigsaw puzzles are generated up to size=12 (random regions of "
          "larger sides seldom yield a grid within the deadline)";
  if (why != NULL)
    return api_fail(e, API_INVALID_REQUEST, "size", "size=%d: %s", side, why);
  if (j->base.format != API_FMT_JSON)
    return api_fail(e, API_NOT_ACCEPTABLE, "variant",
                    "variant: a variant puzzle is answered in JSON only");
  return true;
}

static bool generate_read(struct api_job *job, const struct api_input *in,
                          struct api_error *e) {
  struct api_generate_job *j = (struct api_generate_job *)job;
  unsigned long long v;
  const struct api_param *sheet = NULL; /* count, per_page or paper */
  if (!api_generate_init(j, in, e))
    return false;
  for (size_t i = 0; i < in->nquery; i++) {
    const struct api_param *p = &in->query[i];
#define IS(s)                                                                  \
  (p->name_len == sizeof s - 1 && memcmp(p->name, s, p->name_len) == 0)
    if (IS("level")) {
      if (!api_generate_level(p, &j->opt.level, e))
        return false;
    } else if (IS("rating")) {
      if (!sudoku_rating_band_parse(p->value, p->value_len, &j->opt.rating_min,
                                    &j->opt.rating_max)) {
        return api_fail(e, API_INVALID_REQUEST, "rating",
                        "rating: expected a band like 8.0-8.9, a rating like "
                        "7.2 or an open band like 9.0- (1.0..11.9)");
      }
    } else if (IS("symmetry")) {
      enum sudoku_symmetry s =
          sudoku_symmetry_from_name(p->value, p->value_len);
      if (s == SUDOKU_SYM_COUNT)
        return api_fail(
            e, API_INVALID_REQUEST, "symmetry",
            "symmetry: expected none, rot180, rot90, mirror, flip or "
            "diagonal");
      j->opt.symmetry = s;
    } else if (IS("seed")) {
      if (!query_number(p, 0, UINT64_MAX, &v, e))
        return false;
      j->opt.seed = v;
      j->seeded = true;
    } else if (IS("variant")) {
      if (!read_variant(p, &j->kinds, e))
        return false;
    } else if (IS("size")) {
      int br, bc;
      if (!query_number(p, 4, 25, &v, e))
        return false;
      if (!sudoku_box_shape((int)v, &br, &bc)) {
        br = 1; /* no boxes: jigsaw only, checked below */
        bc = (int)v;
      }
      j->opt.box_rows = (uint8_t)br;
      j->opt.box_cols = (uint8_t)bc;
    } else if (IS("givens")) {
      if (!query_number(p, 0, SUDOKU_MAX_CELLS, &v, e))
        return false;
      j->opt.givens = (uint16_t)v;
    } else if (IS("count")) {
      if (!query_number(p, 1, API_MAX_SHEET, &v, e))
        return false;
      j->count = (uint32_t)v;
      sheet = p;
    } else if (IS("per_page")) {
      if (!query_number(p, 1, 6, &v, e))
        return false;
      if (!pdf_per_page_ok((long)v))
        return api_fail(e, API_INVALID_REQUEST, "per_page",
                        "per_page=%llu: expected 1, 2, 4 or 6", v);
      j->per_page = (int)v;
      sheet = p;
    } else if (IS("paper")) {
      if (!pdf_paper_from_name(p->value, p->value_len, &j->paper))
        return api_fail(e, API_INVALID_REQUEST, "paper",
                        "paper: expected a4 or letter");
      sheet = p;
    } /* format is the pipeline's; no other name gets here (api_parse) */
#undef IS
  }
  if (sheet != NULL && job->format != API_FMT_PDF) {
    char shown[16];
    api_safe_copy(shown, sizeof shown, sheet->name, sheet->name_len);
    return api_fail(e, API_INVALID_REQUEST, shown,
                    "%s: a sheet's parameter; it takes format=pdf", shown);
  }
  if (j->opt.rating_min != 0 && j->opt.level != SUDOKU_LEVEL_ANY)
    return api_fail(e, API_INVALID_REQUEST, "rating",
                    "rating: a band replaces the level; give one of them");
  int side = j->opt.box_rows * j->opt.box_cols;
  if (!variant_fits(j, side, e))
    return false;
  if (j->opt.givens > side * side)
    return api_fail(e, API_INVALID_REQUEST, "givens",
                    "givens=%u: more than the %d cells of a %dx%d grid",
                    (unsigned)j->opt.givens, side * side, side, side);
  if (!sudoku_generate_level_exists(side, j->opt.level)) {
    /* Known without a search: all 13,579,680 unique 4x4 puzzles rate 1.2. */
    return api_fail(e, API_INVALID_REQUEST, "level",
                    "level=%s: no %dx%d puzzle is %s, every unique one rates "
                    "easy (1.2); ask for level=easy or another size",
                    sudoku_level_name(j->opt.level), side, side,
                    sudoku_level_name(j->opt.level));
  }
  if (!j->seeded)
    j->opt.seed = sudoku_mix64(sudoku_clock_ns() ^ (uint64_t)(uintptr_t)j);
  return true;
}

const struct api_job_ops api_generate_ops = {sizeof(struct api_generate_job),
                                             generate_read,
                                             api_generate_cost,
                                             api_generate_run,
                                             NULL,
                                             generate_cache};
