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

#define CT_JSON "application/json"
#define CT_PROBLEM "application/problem+json"
#define CT_TEXT "text/plain; charset=utf-8"

/* ---- Located errors (problem.c) ---------------------------------------- */

/* An error found while reading or answering a request. fields: extension
 * members (line, column, cell, path, ...) added to the problem; owned. */
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
void api_error_number(struct api_error *e, const char *name, double v);
void api_error_string(struct api_error *e, const char *name, const char *v);
/* Frees the fields; the error may be reused. */
void api_error_clear(struct api_error *e);

/* Renders e as the answer (problem+json or a text line; render.c); takes
 * its fields. */
void api_render_error(struct api_error *e, const char *accept,
                      const char *request_id, struct api_response *out);

/* Moves e's members into the object o (a batch item); takes its fields. */
void api_error_into(struct api_error *e, cJSON *o);

/* The members of a batch item that has no answer: status (the problem's
 * code), title, http_status, detail, then e's fields; takes them. */
void api_item_problem(struct api_error *e, cJSON *item);

/* Writes s into a JSON-safe copy: invalid UTF-8 bytes and control
 * characters become U+FFFD or are dropped, at most cap-1 bytes, never a
 * cut character. Used for every echo of request bytes into a reply. */
void api_safe_copy(char *out, size_t cap, const char *s, size_t len);

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

/* A query parameter the endpoint does not take: a 400 at its path,
 * saying what it takes ("/daily takes level, date, format"). */
void api_query_unknown(const struct api_param *p, const char *takes,
                       struct api_error *e);

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
  struct api_error error; /* problem != API_OK: unreadable */
};

struct api_puzzles {
  struct api_item *item; /* malloc'd */
  uint32_t count;
  bool batch; /* answer with "results": JSON "puzzles", or several in text */
};

/* Reads every puzzle of a text body. False with *e set on malformed input,
 * no puzzle, or too many puzzles. */
bool api_read_text(const char *body, size_t len, uint32_t max_puzzles,
                   struct api_puzzles *ps, struct api_error *e);

/* A JSON member an endpoint takes: its name and where the parser keeps it. */
struct api_member {
  const char *name;
  const cJSON **slot;
};

/* Parses body as one JSON object and sorts its members into the table:
 * an unknown member, a repeated one, a NUL inside a name or a string, or
 * trailing bytes are located errors. Returns the root (the caller frees
 * it with cJSON_Delete) or NULL with *e set. */
cJSON *api_json_object(const char *body, size_t len,
                       const struct api_member *members, size_t nmembers,
                       struct api_error *e);

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

/* What a playing endpoint takes beside the puzzle. */
enum { API_POS_ENTRIES = 1, API_POS_MARKS = 2, API_POS_REVEAL = 4 };

struct api_position {
  sudoku_grid puzzle;  /* the givens */
  sudoku_grid entries; /* the player's values (0: none), when has_entries */
  bool has_entries;
  uint32_t *marks; /* malloc'd pencil marks, one mask a cell, or NULL */
  bool reveal;     /* "reveal": true */
};

/* Reads a position from a JSON, text or form body; the members beyond
 * "puzzle" and "box" are those of takes. Entries must agree with the
 * givens. False with *e set. Free with api_position_free. */
bool api_read_position(const struct api_input *in, unsigned takes,
                       struct api_position *p, struct api_error *e);
/* The givens with the entries filled in. */
void api_position_grid(const struct api_position *p, sudoku_grid *out);
void api_position_free(struct api_position *p);

/* ---- Logic in JSON (logic_json.c) -------------------------------------- */

#include "../step_json.h"
#include "sudoku_logic.h"

/* A rating x10 as a JSON number (3.2). */
void api_add_rating(cJSON *o, const char *name, unsigned rating10);
/* One step as a raw JSON item (step_json.c's text), or NULL when out of
 * memory. */
cJSON *api_step_json(const struct sudoku_step *st, int n);
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
#define API_OPS_DECLARE(name, method)                                          \
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

#endif
