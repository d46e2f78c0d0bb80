/*
 * api_internal.h - what the files of src/api share: located errors, the
 * job base every endpoint extends, negotiation, the readers of puzzles and
 * the JSON helpers. Nobody outside src/api includes it.
 */
#ifndef SUDOKU_API_INTERNAL_H
#define SUDOKU_API_INTERNAL_H

#include <cJSON.h>

#include "api.h"
#include "sudoku.h"
#include "sudoku_rules.h"

#define CT_JSON "application/json"
#define CT_PROBLEM "application/problem+json"
#define CT_TEXT "text/plain; charset=utf-8"

/* ---- Located errors (problem.c) ---------------------------------------- */

/* The members an error may add to its problem document and to the batch
 * item that carries it, one row each: enum name, JSON name. None takes a
 * name of the problem's own (type, title, status, detail, request_id) nor
 * of a failed batch item's (index, status, title, http_status, detail):
 * the api test error_members_do_not_clash renders every row both ways.
 * openapi.yaml lists them under Problem and BatchFailure. */
#define API_ERROR_MEMBER_MAP(X)                                                \
  X(PATH, "path")             /* the request member or parameter at fault */   \
  X(CELL, "cell")             /* the cell at fault, as r3c5 */                 \
  X(CELL_INDEX, "cell_index") /* its 0-based row-major index */                \
  X(PUZZLE, "puzzle")         /* 1-based puzzle of a text body */              \
  X(LINE, "line")             /* 1-based; inside the string at path, if any */ \
  X(COLUMN, "column")         /* 1-based, as line */                           \
  X(LIMIT, "limit")           /* the configured limit a request went over */   \
  X(NODES, "nodes")           /* search nodes spent without an answer */       \
  X(CONFLICTS, "conflicts")   /* every pair of clashing givens */              \
  X(CELLS, "cells")           /* every cell in a clash */                      \
  X(CONFLICT_COUNT, "conflict_count")                                          \
  X(CONFLICTS_TRUNCATED, "conflicts_truncated")                                \
  X(RULE_CONFLICTS, "rule_conflicts") /* clashes under a variant's rules */

enum api_error_member {
#define API_X_MEMBER(name, json) API_EM_##name,
  API_ERROR_MEMBER_MAP(API_X_MEMBER)
#undef API_X_MEMBER
      API_EM_COUNT
};

/* The JSON name of a member ("cell_index"). */
const char *api_error_member_name(enum api_error_member m);

/* An error found while reading or answering a request. fields: its
 * members (API_ERROR_MEMBER_MAP) added to the problem; owned. */
struct api_error {
  enum api_problem problem; /* API_OK while there is none */
  char detail[320];
  cJSON *fields;
};

/* Sets the problem and its detail (printf-style; NULL fmt: the table's). */
void api_error_set(struct api_error *e, enum api_problem p, const char *fmt,
                   ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* api_error_set, then the member "path" (the request member or query
 * parameter at fault); returns false, so that a reader fails in one
 * statement. */
bool api_fail(struct api_error *e, enum api_problem p, const char *path,
              const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
void api_error_number(struct api_error *e, enum api_error_member m, double v);
void api_error_string(struct api_error *e, enum api_error_member m,
                      const char *v);
/* e's fields, created on first use (NULL when out of memory), for the
 * members that are lists: add them under api_error_member_name(). */
cJSON *api_error_fields(struct api_error *e);
/* Frees the fields; the error may be reused. */
void api_error_clear(struct api_error *e);

/* Renders e as the answer (problem+json or a text line; render.c); takes
 * its fields. */
void api_render_error(struct api_error *e, const char *accept,
                      const char *request_id, struct api_response *out);

/* Moves e's members into the object o (a problem document, or /check's
 * answer, which lists clashes as a problem does); takes its fields. */
void api_error_into(struct api_error *e, cJSON *o);

/* The members of batch item index that has no answer: index, status (the
 * problem's code), title, http_status, detail, then e's fields; takes
 * them. The one writer of a failed item (/solve's and /rate's). */
void api_item_problem(struct api_error *e, uint32_t index, cJSON *item);

/* Writes s into a JSON-safe copy: invalid UTF-8 bytes and control
 * characters become U+FFFD or are dropped, at most cap-1 bytes, never a
 * cut character. Used for every echo of request bytes into a reply. */
void api_safe_copy(char *out, size_t cap, const char *s, size_t len);

/* Length of the valid UTF-8 sequence at s[0..len) (len >= 1): 1 for an
 * ASCII byte, 0 when invalid (overlong forms, surrogates and values past
 * U+10FFFF included). */
size_t api_utf8_length(const unsigned char *s, size_t len);

/* The characters of s[0..len) as a client counts them: UTF-8 code points,
 * a byte that starts no valid sequence one of its own ("é" is 1, not 2).
 * Cost: one pass ORing the bytes, and a walk by sequences only when one
 * of them is not ASCII. */
size_t api_utf8_count(const char *s, size_t len);

/* ---- Negotiation (negotiate.c) ----------------------------------------- */

/* The answer formats, one row each: enum name, the ?format= value and the
 * media type an Accept header names it by (and its Content-Type). */
#define API_FORMAT_MAP(X)                                                      \
  X(JSON, "json", "application/json")                                          \
  X(JUDGE, "judge", "text/plain")                                              \
  X(LINE, "line", "text/plain")                                                \
  X(SVG, "svg", "image/svg+xml")                                               \
  X(PDF, "pdf", "application/pdf")

enum api_format {
#define API_X_FMT(name, id, type) API_FMT_##name,
  API_FORMAT_MAP(API_X_FMT)
#undef API_X_FMT
      API_FMT_COUNT
};

/* Sets of formats an endpoint answers in, as bits. */
#define API_FMT_BIT(f) (1u << (f))
#define API_TAKES_TEXT                                                         \
  (API_FMT_BIT(API_FMT_JSON) | API_FMT_BIT(API_FMT_JUDGE) |                    \
   API_FMT_BIT(API_FMT_LINE))

#define CT_SVG "image/svg+xml"
#define CT_PDF "application/pdf"

/* Quality the Accept header gives to a media type (RFC 9110 12.5.1). */
double api_accept_quality(const char *accept, const char *type);

/* Errors are text only for a client that takes text/plain and no JSON. */
bool api_accept_text_errors(const char *accept);

/* The query parameter named name, or NULL. */
const struct api_param *api_query_find(const struct api_input *in,
                                       const char *name);

/* What the body holds, with sniffing: a form-typed body that starts with
 * '{' is JSON, one that is not name=value pairs with a puzzle field is
 * text (curl -d and --data-binary send that type by default). */
enum api_body_type api_body_sniff(const struct api_input *in);

/* The answer's format among takes (API_FMT_BIT set): ?format= (or the
 * form's), else Accept (a picture or a document only when Accept prefers
 * it to JSON and text), else the body type's natural one. False with *e
 * set (400 for a format not taken, 406). */
bool api_choose_format(const struct api_param *format, const char *accept,
                       bool text_body, unsigned takes, enum api_format *fmt,
                       struct api_error *e);

/* For endpoints that answer JSON, or one of also's formats (0: none):
 * Accept must take one (else 406) and a ?format= must be one (else 400). */
bool api_choose_json(const struct api_input *in, unsigned also,
                     enum api_format *fmt, struct api_error *e);

/* ---- Forms (form.c) ----------------------------------------------------- */

/* The value of hex digit c (either case), or -1: a form's %XX and a JSON
 * \uXXXX escape. */
int api_hex_value(char c);

/* Decoded application/x-www-form-urlencoded fields. */
#define API_FORM_MAX_FIELDS 8
struct api_form {
  char *buf; /* malloc'd, holds every decoded name and value */
  size_t count;
  struct api_param field[API_FORM_MAX_FIELDS];
};

/* Decodes body into *f ('+' is a space, %XX a byte). False with *e set
 * when malformed (a bad %-escape) or out of memory. */
bool api_form_decode(const char *body, size_t len, struct api_form *f,
                     struct api_error *e);
void api_form_free(struct api_form *f);

/* ---- Reading puzzles (read_text.c, read_json.c) ------------------------ */

/* One puzzle of a request: its grid, or the error that made it unreadable
 * (a batch answers the others). */
struct api_item {
  sudoku_grid grid;
  sudoku_rules *rules;    /* malloc'd; NULL: classic Sudoku */
  uint32_t *marks;        /* malloc'd pencil marks of a marked position */
  struct api_error error; /* problem != API_OK: unreadable */
};

struct api_puzzles {
  struct api_item *item; /* malloc'd */
  uint32_t count;
  bool batch; /* answer with "results": JSON "puzzles", or several in text */
};

/* Reads every puzzle of a text body, or of a form field named where (NULL:
 * the body), which then prefixes a malformed input's detail and is its
 * path, as a JSON member's name is. False with *e set on malformed input,
 * no puzzle, or too many puzzles. */
bool api_read_text(const char *body, size_t len, uint32_t max_puzzles,
                   const char *where, struct api_puzzles *ps,
                   struct api_error *e);

/* Reads every puzzle of a text body in the variant line format of
 * sudoku_rules.h under kinds; each item owns its rules, checked (a rule the
 * core refuses stops the request, located by line). False with *e set. */
bool api_read_rules_text(const char *body, size_t len, uint32_t kinds,
                         uint32_t max_puzzles, struct api_puzzles *ps,
                         struct api_error *e);

/* A JSON member an endpoint takes: its name and where the parser keeps it. */
struct api_member {
  const char *name;
  const cJSON **slot;
};

/* JSON's whitespace (RFC 8259): space, tab, LF and CR, no other byte. */
static inline bool api_json_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Parses text (len bytes) as one JSON value, strictly (json_strict.c):
 * RFC 8259's grammar (no leading zero, a digit after '.', no raw control
 * character in a string, only space, tab, CR and LF between tokens,
 * nothing after the value), no \u0000 in a string, no object naming a
 * member twice. inside NULL: text is a request body; a syntax fault is
 * invalid-json and a NUL invalid-request, both with line and column ("line
 * 1, column 12: ..."); a repeated member is invalid-request at its path
 * ("grid[0][0]: member \"value\" appears twice", path grid[0][0].value).
 * Else text is what the string member inside holds ("fpuzzles"), named
 * what in details ("the link's JSON"): every fault is invalid-request, its
 * path inside or under it ("fpuzzles: line 1, column 9 of the link's JSON:
 * ..."). Returns the tree (the caller frees it with cJSON_Delete) or NULL
 * with *e set. */
cJSON *api_json_parse(const char *text, size_t len, const char *inside,
                      const char *what, struct api_error *e);

/* Parses body as one JSON object (api_json_parse) and sorts its members
 * into the table: an unknown member is a located error. Returns the root
 * (the caller frees it with cJSON_Delete) or NULL with *e set. */
cJSON *api_json_object(const char *body, size_t len,
                       const struct api_member *members, size_t nmembers,
                       struct api_error *e);

/* The cell index of a name "r3c5" (1-based, lower case, no leading zero:
 * sudoku_cell_name_read's canonical spelling, the whole of s) in a side-n
 * grid, or -1 (position.c, read_variant.c, read_fpuzzles.c). */
int api_cell_of_name(const char *s, int n);

/* sudoku_symbol_value(c), from a table (the readers' hot loop). */
int api_symbol_value(char c);

/* A puzzle from len symbols of s named where (json_grid.c). box NULL: the
 * usual box shape. */
bool api_string_grid(const char *s, size_t len, const int box[2],
                     const char *where, sudoku_grid *g, struct api_error *e);

/* A puzzle from a JSON value (string, rows, or flat array) named where.
 * box NULL: the usual box shape. */
bool api_json_grid(const cJSON *v, const int box[2], const char *where,
                   sudoku_grid *g, struct api_error *e);

/* An integer member lo..hi. */
bool api_json_int(const cJSON *v, const char *name, int lo, int hi, int *out,
                  struct api_error *e);

/* A box member [rows, columns]. */
bool api_json_box(const cJSON *v, int box[2], struct api_error *e);

/* Reads {"puzzle": P} or {"puzzles": [P, ...]} (and "box"), plus the
 * endpoint's extra members, whose slots are set. An unreadable item of a
 * batch keeps its own error. True with *root holding the parsed tree (the
 * extras point into it; the caller frees it with cJSON_Delete), or NULL
 * for {"puzzle": "<symbols>"}, read without a tree (every extra NULL);
 * false with *e set and *root NULL. */
bool api_read_json_puzzles(const char *body, size_t len, uint32_t max_puzzles,
                           const struct api_member *extra, size_t nextra,
                           cJSON **root, struct api_puzzles *ps,
                           struct api_error *e);

/* Frees the items and their errors. */
void api_puzzles_free(struct api_puzzles *ps);

/* ---- Positions (position.c) ------------------------------------------- */

/* What a playing endpoint takes beside the puzzle (and its rules, which
 * every one takes). */
enum { API_POS_ENTRIES = 1, API_POS_MARKS = 2, API_POS_REVEAL = 4 };

struct api_position {
  sudoku_grid puzzle;  /* the givens */
  sudoku_grid entries; /* the player's values (0: none), when has_entries */
  bool has_entries;
  uint32_t *marks;     /* malloc'd pencil marks, one mask a cell, or NULL */
  bool reveal;         /* "reveal": true */
  sudoku_rules *rules; /* malloc'd, a variant's; or NULL (classic) */
};

/* Reads a position from a JSON, text or form body; the members beyond
 * "puzzle" and "box" are those of takes. Entries must agree with the
 * givens. A variant's rules come from a JSON body's members (read_variant.c)
 * or its "fpuzzles" link, or from one variant line of a text body under
 * ?variant=. False with *e set. Free with api_position_free. */
bool api_read_position(const struct api_input *in, unsigned takes,
                       struct api_position *p, struct api_error *e);
/* The givens with the entries filled in. */
void api_position_grid(const struct api_position *p, sudoku_grid *out);
void api_position_free(struct api_position *p);

/* ---- Positions with pencil marks (read_marks.c) ------------------------ */

#include "sudoku_marks.h"

/* A reader's located error as the problem (parse-error, with line and
 * column); where (NULL for a body) prefixes the detail and is the path
 * ("puzzle: line 2, column 5: ..."), line and column then inside that
 * string. Only a body's error says which puzzle (1-based): a JSON string
 * holds one, and path names it. */
void api_text_error(const struct sudoku_text_error *te, const char *where,
                    struct api_error *e);

/* The next record of r when it is a position with pencil marks (sukaku,
 * cells, PM grid, library line): 1 with *p read, 0 when it is a plain
 * puzzle (r not moved: the caller's reader takes it), -1 with *e set. */
int api_read_marked(struct sudoku_reader *r, const char *where,
                    struct sudoku_position *p, struct api_error *e);

/* p's marks as a malloc'd array of SUDOKU_MAX_CELLS masks, or NULL when
 * out of memory. */
uint32_t *api_marks_copy(const struct sudoku_position *p);

/* A marked position as an endpoint's: its givens the puzzle, its placed
 * values entries (under API_POS_ENTRIES, else part of the puzzle), its
 * marks p->marks. False with *e set when out of memory. */
bool api_position_of_marked(const struct sudoku_position *mp, unsigned takes,
                            struct api_position *p, struct api_error *e);

/* Text s (len bytes: a body, or a JSON string named where; NULL: the
 * body) as an endpoint's position when it is one marked position alone:
 * 1 with *p filled (api_position_of_marked), 0 when it is a plain puzzle
 * (nothing read), -1 with *e set (located; text after the position is an
 * error). */
int api_read_marked_text(const char *s, size_t len, const char *where,
                         unsigned takes, struct api_position *p,
                         struct api_error *e);

/* A JSON puzzle v named where (a batch item's too) as an item when it is
 * a string holding one marked position: its values the grid, its marks
 * kept. 1, 0 (not one: the caller reads v), -1 with *e set. */
int api_json_marked_item(const cJSON *v, const char *where, struct api_item *it,
                         struct api_error *e);

/* ---- Logic in JSON (logic_json.c) -------------------------------------- */

#include "../step_json.h"
#include "sudoku_logic.h"

/* A rating x10 as a JSON number (3.2). */
void api_add_rating(cJSON *o, const char *name, unsigned rating10);
/* One step of puzzle g under rules r (NULL: classic) as a raw JSON item
 * (step_json.c's text), or NULL when out of memory. */
cJSON *api_step_json(const struct sudoku_step *st, const sudoku_grid *g,
                     const sudoku_rules *r);
/* rating, level, hardest, solved, steps, counts into o. */
void api_rating_into(cJSON *o, const struct sudoku_rating *r);
/* The logic's limits for a job that must end by deadline_ns (0: none). */
struct sudoku_logic_limits api_logic_limits(uint64_t deadline_ns);

/* ---- Jobs (job.c) ------------------------------------------------------ */

/* What an endpoint is: its job's size and operations. read fills a job
 * (zeroed, its base set from the input with format JSON) from the input:
 * the answer's format into job->format, every puzzle and option read;
 * false with *e set. release frees what the job holds (job.c frees the
 * job), also after a read that failed part way; NULL: nothing. cache,
 * for an answer that depends on the request alone: its ETag and
 * Cache-Control into out (then job.c answers If-None-Match with a 304
 * before any work, and sets both on the 200), false when this request's
 * answer is not cacheable; NULL: never. */
struct api_job_ops {
  size_t size;
  bool (*read)(struct api_job *job, const struct api_input *in,
               struct api_error *e);
  enum api_cost (*cost)(struct api_job *job);
  void (*run)(struct api_job *job, uint64_t deadline_ns,
              struct api_response *out);
  void (*release)(struct api_job *job);
  bool (*cache)(const struct api_job *job, struct api_response *out);
};

/* The endpoints' operations, one file each (API_ENDPOINT_MAP). */
#define API_OPS_DECLARE(name, method, params)                                  \
  extern const struct api_job_ops api_##name##_ops;
API_ENDPOINT_MAP(API_OPS_DECLARE)
#undef API_OPS_DECLARE

/* The part every job has; an endpoint's job embeds it first. */
struct api_job {
  const struct api_job_ops *ops;
  struct api_limits limits;
  enum api_format format;
  char accept[256]; /* copied: the input may be freed */
  char request_id[136];
  bool has_accept, has_request_id;
  bool done; /* api_job_cost answered it all: only rendering is left */
};

const char *api_job_accept(const struct api_job *job);
const char *api_job_request_id(const struct api_job *job);

/* ---- Generating (generate.c; /generate and /daily) -------------------- */

#include "../pdf.h"
#include "sudoku_generate.h"

/* The job of /generate, and of /daily, which sets it up its own way. */
struct api_generate_job {
  struct api_job base;
  struct sudoku_generate_options opt;
  bool seeded;
  uint32_t kinds; /* variant=: rule kinds (sudoku_generate_rules); 0 classic */
  uint32_t count; /* puzzles: 1, or up to 12 for a PDF */
  int per_page;   /* a PDF's puzzles to a page: 1, 2, 4 or 6 */
  enum pdf_paper paper;
  char date[48]; /* /daily's day, "2026-12-24", added to the JSON; or "" */
};

/* The defaults: one 9x9 puzzle of any level, rot180, 4 to an A4 page; the
 * longer deadline of generating; the answer's format (json, svg or pdf)
 * from the input. False with e set (400, 406). */
bool api_generate_init(struct api_generate_job *j, const struct api_input *in,
                       struct api_error *e);
/* A level parameter ("easy", ..., "any"); false with e set. */
bool api_generate_level(const struct api_param *p, enum sudoku_level *level,
                        struct api_error *e);
/* A hash of everything the answer depends on (seed, shape, level, format,
 * sheet): the ETag's. */
uint64_t api_generate_key(const struct api_generate_job *j);
enum api_cost api_generate_cost(struct api_job *job);
/* Makes the puzzles and renders them: JSON, SVG or a PDF sheet. */
void api_generate_run(struct api_job *job, uint64_t deadline_ns,
                      struct api_response *out);

/* ---- Pieces of answers (answer_parts.c) ------------------------------- */

/* Adds an integer member without cJSON's number printing (sprintf of a
 * double checked by sscanf: ~1 us a number, on the hot path). */
void api_add_int(cJSON *o, const char *name, uint64_t v);

/* Prints o (and deletes it) as the 200 (or status) answer (render.c). */
void api_render_json(cJSON *o, int status, const char *outcome,
                     struct api_response *out);

/* body (malloc'd, len bytes; taken) as the 200 answer of that type; NULL:
 * the 500 problem (out of memory) instead (render.c). */
void api_render_body(char *body, size_t len, const char *content_type,
                     const char *outcome, struct api_response *out);

/* A picture (sudoku_draw.h) as the 200 image/svg+xml answer; out of
 * memory or a shape it cannot draw: the 500 problem instead (render.c). */
struct sudoku_picture;
void api_render_svg(const struct sudoku_picture *pic, const char *outcome,
                    struct api_response *out);

/* A grid as JSON rows [[5,3,...],...] (raw text for cJSON_AddRawToObject)
 * into buf of SUDOKU_MAX_CELLS * 3 + 2 * SUDOKU_MAX_N + 8 bytes,
 * NUL-terminated. Returns its length. */
#define API_ROWS_BYTES(n) ((size_t)(n) * (n)*3 + 2 * (size_t)(n) + 8)
#define API_ROWS_MAX API_ROWS_BYTES(SUDOKU_MAX_N)
size_t api_rows_text(const sudoku_grid *g, char *buf);

/* The line format of g without the newline into buf[SUDOKU_TEXT_MAX]. */
void api_line_text(const sudoku_grid *g, char *buf);

/* Conflict members (conflicts, cells, conflict_count) and the detail of a
 * puzzle with conflicting givens. */
void api_conflict_error(const sudoku_grid *g, struct api_error *e);

/* ---- JSON written directly (json_write.c) ------------------------------ */

/* A growing, malloc'd buffer of JSON text. Once an allocation fails it
 * stays failed and every write is a no-op: check `failed` once at the
 * end. There is always room for a NUL after len bytes. */
struct api_buf {
  char *p;
  size_t len, cap;
  bool failed;
};

/* Starts an empty buffer of cap bytes (one allocation; enough for the
 * whole answer avoids any other). False when out of memory. */
bool api_buf_init(struct api_buf *b, size_t cap);
/* Room for n more bytes (and the NUL) at the end: where to write them,
 * or NULL once failed. The caller adds what it wrote to len. */
char *api_buf_room(struct api_buf *b, size_t n);
void api_buf_mem(struct api_buf *b, const char *s, size_t n);
#define api_buf_lit(b, s) api_buf_mem((b), "" s, sizeof(s) - 1)
void api_buf_uint(struct api_buf *b, uint64_t v);
/* n bytes of s as a JSON string, quoted and escaped as cJSON escapes. */
void api_buf_string(struct api_buf *b, const char *s, size_t n);
/* A cJSON value, printed unformatted (for the rare parts that are trees). */
void api_buf_cjson(struct api_buf *b, const cJSON *item);
void api_buf_free(struct api_buf *b);
/* A sink (step_json.h) that appends to b. */
struct json_sink api_buf_sink(struct api_buf *b);

/* Takes b as the JSON answer (status, outcome); out of memory (b failed):
 * the 500 problem instead (render.c). */
void api_render_buf(struct api_buf *b, int status, const char *outcome,
                    struct api_response *out);

/* ---- Variant rules in JSON (read_variant.c) ---------------------------- */

/* Where api_json_object puts the variant members of a body. */
struct api_variant_json {
  const cJSON *variant, *regions, *cages, *parity, *extra;
  const cJSON *fpuzzles; /* a share link: the puzzle and its rules */
};
#define API_VARIANT_MEMBERS 6
/* Clashes listed in a variant's conflict problem. */
#define API_VARIANT_CONFLICTS 64

/* Clears *v and fills out[0..API_VARIANT_MEMBERS) with the members
 * "variant", "regions", "cages", "parity", "extra_regions" and
 * "fpuzzles"; returns API_VARIANT_MEMBERS. */
size_t api_variant_members(struct api_variant_json *v, struct api_member *out);
/* The names of the rule table, "x, windoku, ...", for messages. */
void api_rule_names(char *out, size_t cap);
/* True when the body holds any of them but "fpuzzles". */
bool api_variant_present(const struct api_variant_json *v);
/* Reads the members into *r for puzzles shaped as g and checks the rules
 * (not the givens): false with *e set, its path the member at fault
 * ("cages[3].cells[1]"), invalid-rules with the core's message for rules
 * the core refuses. */
bool api_variant_read(const struct api_variant_json *v, const sudoku_grid *g,
                      sudoku_rules *r, struct api_error *e);
/* The ?variant= query of in ("x,killer": the rules of a text body's
 * lines, read by api_read_rules_text) into *kinds, 0 when there is none;
 * false with *e set (400, path "variant") when it is malformed or the body
 * (of type) is not text: a JSON body names its rules in members. */
bool api_variant_query(const struct api_input *in, enum api_body_type type,
                       uint32_t *kinds, struct api_error *e);
/* Checks rules the same way, however read: pre NULL names our members,
 * else f-puzzles' (killercage[2], extraregion[0], grid) after pre. */
bool api_variant_check(const sudoku_grid *g, const sudoku_rules *r,
                       const char *pre, struct api_error *e);
/* The rules as the members above ("variant" first, always an array), for
 * an answer that can be posted back; no leading or trailing comma. */
void api_variant_write(struct api_buf *b, const sudoku_rules *r, int n);
/* The same members added to the object o (a cJSON answer; nothing when r
 * is NULL or memory runs out). */
void api_variant_into(cJSON *o, const sudoku_rules *r, int n);
/* Bytes api_variant_write may take; 0 for NULL. */
size_t api_variant_bytes(const sudoku_rules *r, int n);
/* The conflict problem of givens that clash under r: detail, and
 * rule_conflicts [{cell, message}] and conflict_count. */
void api_variant_conflicts(const sudoku_grid *g, const sudoku_rules *r,
                           struct api_error *e);

/* ---- f-puzzles (lzstring.c, read_fpuzzles.c) -------------------------- */

/* UTF-16 units a share link may decompress to: 256 Ki (an f-puzzles 9x9
 * with every constraint is some 30 KB). */
#define API_LZ_MAX_UNITS (256u * 1024u)

/* lz-string's compressToBase64 text s (len bytes) decompressed, as a
 * malloc'd NUL-terminated UTF-8 string of *out_len bytes; NULL with *why
 * (a static sentence) when malformed, over API_LZ_MAX_UNITS, or out of
 * memory. */
char *api_lz_base64_decompress(const char *s, size_t len, size_t *out_len,
                               const char **why);

/* Reads f-puzzles' JSON (root) into g and r, checked; paths are prefixed
 * with pre ("" for a body, "fpuzzles." for a link). Constraints the model
 * lacks are refused by name (variant-not-supported). False with *e set. */
bool api_fpuzzles_read(const cJSON *root, const char *pre, sudoku_grid *g,
                       sudoku_rules *r, struct api_error *e);
/* Whether body is f-puzzles' own JSON (an object with "size" and "grid"
 * and neither "puzzle" nor "puzzles"; a byte scan first, O(len), and a
 * parse only when it may be): 1 with *fp its tree, for the caller to free;
 * 0 for any other body; -1 with *e set when it is not JSON as
 * api_json_parse reads it (the same fault the body would have as ours). */
int api_fpuzzles_body(const char *body, size_t len, cJSON **fp,
                      struct api_error *e);
/* The f-puzzles JSON of a "fpuzzles" member (a share link, or its ?load=
 * string), read by api_json_parse: a tree the caller frees, or NULL with
 * *e set (path "fpuzzles", or under it for a member named twice). */
cJSON *api_fpuzzles_link(const cJSON *v, struct api_error *e);

#endif
