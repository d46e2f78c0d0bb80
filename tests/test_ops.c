/* test_ops.c - the modules an operator meets without a request: the
 * configuration (flags, then environment, then defaults; every invalid
 * value refused with its name), the worker pool, the metrics text. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../src/config.h"
#include "../src/http/clients.h"
#include "../src/http/metrics.h"
#include "../src/http/pool.h"
#include "tests.h"

/* ---- Configuration ------------------------------------------------------ */

/* A fake environment: "NAME=value" strings. */
static const char *fake_env(const char *name, void *ctx) {
  const char *const *env = ctx;
  size_t len = strlen(name);
  for (; env != NULL && *env != NULL; env++)
    if (strncmp(*env, name, len) == 0 && (*env)[len] == '=')
      return *env + len + 1;
  return NULL;
}

struct loaded {
  int status;
  struct config cfg;
  char out[4096], err[512];
};

/* Loads a configuration from a space-separated argument list and an env. */
static void load(const char *args, const char *const *env, struct loaded *l) {
  static char buf[512];
  char *argv[32] = {"sudokud"};
  int argc = 1;
  snprintf(buf, sizeof buf, "%s", args);
  for (char *t = strtok(buf, " "); t != NULL && argc < 31;
       t = strtok(NULL, " "))
    argv[argc++] = t;
  FILE *out = fmemopen(l->out, sizeof l->out, "w");
  FILE *err = fmemopen(l->err, sizeof l->err, "w");
  ck_assert_ptr_nonnull(out);
  ck_assert_ptr_nonnull(err);
  memset(l->out, 0, sizeof l->out);
  memset(l->err, 0, sizeof l->err);
  l->status = config_load(&l->cfg, argc, argv, fake_env, (void *)env, out, err);
  fclose(out);
  fclose(err);
}

START_TEST(config_defaults_env_flags) {
  struct loaded l;
  load("", NULL, &l);
  ck_assert_int_eq(l.status, -1);
  ck_assert_uint_eq(l.cfg.http.port, 8080);
  ck_assert_str_eq(l.cfg.http.bind, "0.0.0.0");
  ck_assert_uint_eq(l.cfg.http.deadline_ms, 2000);
  ck_assert_uint_eq(l.cfg.drain_ms, 10000);
  ck_assert(l.cfg.http.access_log);

  const char *const env[] = {"PORT=9000", "DEADLINE_MS=5000", "ACCESS_LOG=off",
                             NULL};
  load("", env, &l);
  ck_assert_int_eq(l.status, -1);
  ck_assert_uint_eq(l.cfg.http.port, 9000);
  ck_assert_uint_eq(l.cfg.http.deadline_ms, 5000);
  ck_assert(!l.cfg.http.access_log);

  /* Flags win over the environment, in both spellings. */
  load("--port 9100 --deadline-ms=300", env, &l);
  ck_assert_int_eq(l.status, -1);
  ck_assert_uint_eq(l.cfg.http.port, 9100);
  ck_assert_uint_eq(l.cfg.http.deadline_ms, 300);
}
END_TEST

/* args, env, the message's piece: every invalid value names its source. */
static const struct {
  const char *args, *env, *piece;
} bad_configs[] = {
    {"--port 65536", NULL, "invalid --port '65536': expected an integer"},
    {"--port -1", NULL, "invalid --port '-1'"},
    {"--threads 0", NULL, "invalid --threads '0'"},
    {"--max-body 8k", NULL, "invalid --max-body '8k'"},
    {"--deadline-ms 0x10", NULL, "invalid --deadline-ms '0x10'"},
    {"--access-log maybe", NULL, "invalid --access-log 'maybe': expected on"},
    {"--bind localhost", NULL, "invalid bind address 'localhost'"},
    {"--nope 1", NULL, "unknown option '--nope'"},
    {"--port", NULL, "option --port needs a value"},
    {"stray", NULL, "unexpected argument 'stray'"},
    {"--threads 8 --max-connections 4", NULL, "--threads 8 exceeds"},
    {"", "PORT=80x", "invalid PORT '80x'"},
    {"", "QUEUE= 5", "invalid QUEUE ' 5'"},
    {"--cors-origins=", NULL, "--cors-origins must not be empty"},
};

START_TEST(config_refuses_bad_values) {
  const char *env[2] = {bad_configs[_i].env, NULL};
  struct loaded l;
  load(bad_configs[_i].args, env, &l);
  ck_assert_int_eq(l.status, 2);
  ck_assert_msg(strstr(l.err, bad_configs[_i].piece) != NULL, "'%s' lacks '%s'",
                l.err, bad_configs[_i].piece);
  /* One line, not the whole help. */
  char *nl = strchr(l.err, '\n');
  ck_assert_msg(nl != NULL && nl[1] == '\0', "not one line: '%s'", l.err);
}
END_TEST

START_TEST(config_help_lists_every_flag) {
  struct loaded l;
  load("--help", NULL, &l);
  ck_assert_int_eq(l.status, 0);
  static const char *const flags[] = {
      "--port",        "--bind",        "--threads",
      "--max-body",    "--max-puzzles", "--deadline-ms",
      "--queue",       "--client-jobs", "--max-connections",
      "--timeout-s",   "--drain-ms",    "--cors-origins",
      "--access-log",  "--openapi",     "--trusted-proxies",
      "--healthcheck", "--version"};
  for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
    ck_assert_msg(strstr(l.out, flags[i]) != NULL, "help lacks %s", flags[i]);
  load("--version", NULL, &l);
  ck_assert_int_eq(l.status, 0);
  ck_assert_str_eq(l.out, "sudokud " SUDOKU_VERSION "\n");
}
END_TEST

/* ---- The worker pool ---------------------------------------------------- */

struct counted {
  struct pool_job job;
  atomic_int *ran, *cancelled;
  atomic_bool *gate; /* jobs wait here until it opens */
};

static void count_job(struct pool_job *job, bool cancelled, void *ctx) {
  struct counted *c = (struct counted *)job;
  (void)ctx;
  while (!atomic_load(c->gate)) {
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
  atomic_fetch_add(cancelled ? c->cancelled : c->ran, 1);
}

START_TEST(pool_runs_bounds_and_cancels) {
  atomic_int ran = 0, cancelled = 0;
  atomic_bool gate = false;
  struct counted jobs[8];
  struct pool *p = pool_start(2, 4, 0, count_job, NULL);
  ck_assert_ptr_nonnull(p);
  /* Worker 0 serves only the short lane; worker 1 takes short work when
   * there is no long. Both block on the gate; 4 more wait in the lane;
   * then it is full. */
  int pushed = 0;
  for (int i = 0; i < 8; i++) {
    jobs[i] = (struct counted){{NULL, NULL}, &ran, &cancelled, &gate};
    if (!pool_reserve(p, POOL_LANE_SHORT))
      break;
    pool_push(p, POOL_LANE_SHORT, &jobs[i].job);
    pushed++;
    if (i < 2) { /* let a worker take it, so it no longer counts as queued */
      for (int t = 0; t < 1000 && pool_depth(p) > 0; t++) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
      }
    }
  }
  ck_assert_int_eq(pushed, 6);
  ck_assert_uint_eq(pool_depth(p), 4);
  atomic_store(&gate, true);
  pool_stop(p); /* the queued ones run cancelled, the running ones finish */
  ck_assert_int_eq(atomic_load(&ran) + atomic_load(&cancelled), 6);
  ck_assert_int_ge(atomic_load(&ran), 2);
  ck_assert(!pool_reserve(p, POOL_LANE_SHORT));
  ck_assert(!pool_reserve(p, POOL_LANE_LONG));
  ck_assert_uint_eq(pool_depth(p), 0);
  pool_stop(p); /* a second stop is a no-op */
  pool_free(p);
}
END_TEST

/* Long work saturating the pool never holds up short work: worker 0 is
 * the short lane's. */
START_TEST(pool_short_lane_is_never_behind_long) {
  atomic_int ran = 0, cancelled = 0, short_ran = 0, short_cancelled = 0;
  atomic_bool gate = false, open = true;
  struct counted slow[4], quick[3];
  struct pool *p = pool_start(2, 8, 0, count_job, NULL);
  ck_assert_ptr_nonnull(p);
  for (int i = 0; i < 4; i++) {
    slow[i] = (struct counted){{NULL, NULL}, &ran, &cancelled, &gate};
    ck_assert(pool_reserve(p, POOL_LANE_LONG));
    pool_push(p, POOL_LANE_LONG, &slow[i].job);
  }
  for (int i = 0; i < 3; i++) {
    quick[i] =
        (struct counted){{NULL, NULL}, &short_ran, &short_cancelled, &open};
    ck_assert(pool_reserve(p, POOL_LANE_SHORT));
    pool_push(p, POOL_LANE_SHORT, &quick[i].job);
  }
  for (int t = 0; t < 2000 && atomic_load(&short_ran) < 3; t++)
    sleep_ms(1);
  ck_assert_int_eq(atomic_load(&short_ran), 3); /* while long work waits */
  ck_assert_int_eq(atomic_load(&ran), 0);
  atomic_store(&gate, true);
  pool_stop(p);
  ck_assert_int_eq(atomic_load(&ran) + atomic_load(&cancelled), 4);
  pool_free(p);
}
END_TEST

/* A job that logs its id in the order the workers ran them. */
struct ordered {
  struct pool_job job;
  int id;
  int *log;
  atomic_int *next;
  atomic_bool *gate;
};

static void order_job(struct pool_job *job, bool cancelled, void *ctx) {
  struct ordered *o = (struct ordered *)job;
  (void)cancelled;
  (void)ctx;
  while (!atomic_load(o->gate))
    sleep_ms(1);
  o->log[atomic_fetch_add(o->next, 1)] = o->id;
}

/* The worker takes the waiting job of the least loaded client first, the
 * oldest among equals: a client with three queued waits behind one with
 * one, whatever the order they came in. */
START_TEST(pool_serves_the_least_loaded_client_first) {
  int log[8] = {0};
  atomic_int next = 0;
  atomic_bool gate = false;
  atomic_uint heavy = 4, light = 1;
  struct pool *p = pool_start(1, 8, 0, order_job, NULL);
  ck_assert_ptr_nonnull(p);
  struct ordered jobs[6];
  /* id 1 (heavy's first) occupies the worker; 2-4 heavy, 5 light, 6 none
   * counted (load 0). */
  const atomic_uint *loads[6] = {&heavy, &heavy, &heavy, &heavy, &light, NULL};
  for (int i = 0; i < 6; i++) {
    jobs[i] = (struct ordered){{NULL, loads[i]}, i + 1, log, &next, &gate};
    ck_assert(pool_reserve(p, POOL_LANE_LONG));
    pool_push(p, POOL_LANE_LONG, &jobs[i].job);
    for (int t = 0; i == 0 && t < 1000 && pool_depth(p) > 0; t++)
      sleep_ms(1); /* the worker holds job 1 */
  }
  atomic_store(&gate, true);
  for (int t = 0; t < 2000 && atomic_load(&next) < 6; t++)
    sleep_ms(1);
  ck_assert_int_eq(atomic_load(&next), 6);
  const int want[6] = {1, 6, 5, 2, 3, 4};
  for (int i = 0; i < 6; i++)
    ck_assert_int_eq(log[i], want[i]);
  pool_stop(p);
  pool_free(p);
}
END_TEST

/* A client's count: capped, given back, its place reused; no room, no
 * entry. */
START_TEST(clients_cap_and_room) {
  struct clients *c = clients_new(3);
  ck_assert_ptr_nonnull(c);
  struct client *a1 = NULL, *a2 = NULL, *b = NULL, *x = NULL;
  ck_assert_int_eq(clients_enter(c, "192.0.2.1", 2, &a1), CLIENTS_OK);
  ck_assert_int_eq(clients_enter(c, "192.0.2.1", 2, &a2), CLIENTS_OK);
  ck_assert_ptr_eq(a1, a2);
  ck_assert_uint_eq(atomic_load(clients_load(a1)), 2);
  ck_assert_int_eq(clients_enter(c, "192.0.2.1", 2, &x), CLIENTS_CAPPED);
  ck_assert_int_eq(clients_enter(c, "192.0.2.2 via 127.0.0.1", 2, &b),
                   CLIENTS_OK);
  ck_assert_ptr_ne(a1, b);
  ck_assert_int_eq(clients_enter(c, "192.0.2.3", 0, &x), CLIENTS_OK);
  ck_assert_int_eq(clients_enter(c, "192.0.2.4", 0, &x), CLIENTS_FULL);
  clients_leave(c, a1);
  ck_assert_uint_eq(atomic_load(clients_load(a2)), 1);
  ck_assert_int_eq(clients_enter(c, "192.0.2.1", 2, &x), CLIENTS_OK);
  ck_assert_ptr_eq(x, a1);
  clients_leave(c, a1);
  clients_leave(c, a1);
  /* a1's place is free: the next new client takes it. */
  ck_assert_int_eq(clients_enter(c, "192.0.2.4", 1, &x), CLIENTS_OK);
  ck_assert_ptr_eq(x, a1);
  ck_assert_uint_eq(atomic_load(clients_load(a1)), 1);
  clients_free(c);
}
END_TEST

/* A client is its address: a proxy's name for it counts as the client, an
 * IPv6 host as its /64, an IPv4 client of a dual-stack socket as itself. */
START_TEST(clients_key_by_address_and_slash_64) {
  static const struct {
    const char *name, *key;
  } cases[] = {
      {"192.0.2.7", "192.0.2.7"},
      {"192.0.2.7 via 127.0.0.1", "192.0.2.7"},
      {"2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"},
      {"2001:db8:1:2::99 via ::1", "2001:db8:1:2::/64"},
      {"2001:db8:1:3::1", "2001:db8:1:3::/64"},
      {"::1", "::/64"},
      {"::ffff:192.0.2.9", "192.0.2.9"},
      {"-", "-"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char key[CLIENTS_NAME_MAX];
    clients_key(cases[i].name, key, sizeof key);
    ck_assert_str_eq(key, cases[i].key);
  }
  /* Two addresses of one /64 share one count and one cap. */
  struct clients *c = clients_new(4);
  ck_assert_ptr_nonnull(c);
  struct client *a = NULL, *b = NULL, *x = NULL;
  ck_assert_int_eq(clients_enter(c, "2001:db8::1", 2, &a), CLIENTS_OK);
  ck_assert_int_eq(clients_enter(c, "2001:db8::2", 2, &b), CLIENTS_OK);
  ck_assert_ptr_eq(a, b);
  ck_assert_int_eq(clients_enter(c, "2001:db8::3", 2, &x), CLIENTS_CAPPED);
  ck_assert_int_eq(clients_enter(c, "2001:db8:0:1::1", 2, &x), CLIENTS_OK);
  ck_assert_ptr_ne(x, a);
  clients_free(c);
}
END_TEST

/* ---- Metrics ------------------------------------------------------------- */

START_TEST(metrics_render_text_format) {
  static struct metrics m; /* 38 KiB of counters */
  metrics_init(&m);
  metrics_count_request(&m, 0, 200);
  metrics_count_request(&m, 0, 200);
  metrics_count_request(&m, 1, 404);
  metrics_count_request(&m, 1, 999);  /* out of range: counted as 0 */
  metrics_observe_solve(&m, 50);      /* the first bucket */
  metrics_observe_solve(&m, 7000000); /* past the last: +Inf only */
  metrics_count_outcome(&m, "solved");
  metrics_count_outcome(&m, "solved");
  metrics_count_outcome(&m, "no-solution");
  const char *labels[] = {"/solve", "/healthz", "other"};
  struct metrics_gauges g = {3, 1};
  size_t len = 0;
  char *t = metrics_render(&m, labels, 3, &g, "9.9.9", &len);
  ck_assert_ptr_nonnull(t);
  ck_assert_uint_eq(strlen(t), len);
  static const char *const pieces[] = {
      "# TYPE sudokud_requests_total counter\n",
      "sudokud_requests_total{route=\"/solve\",status=\"200\"} 2\n",
      "sudokud_requests_total{route=\"/healthz\",status=\"404\"} 1\n",
      "sudokud_requests_total{route=\"/healthz\",status=\"0\"} 1\n",
      "sudokud_solve_duration_seconds_bucket{le=\"0.0001\"} 1\n",
      "sudokud_solve_duration_seconds_bucket{le=\"5\"} 1\n",
      "sudokud_solve_duration_seconds_bucket{le=\"+Inf\"} 2\n",
      "sudokud_solve_duration_seconds_count 2\n",
      "sudokud_results_total{outcome=\"solved\"} 2\n",
      "sudokud_results_total{outcome=\"no-solution\"} 1\n",
      "sudokud_in_flight_requests 3\n",
      "sudokud_queue_depth 1\n",
      "sudokud_build_info{version=\"9.9.9\"} 1\n",
  };
  for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++)
    ck_assert_msg(strstr(t, pieces[i]) != NULL, "metrics lack %s", pieces[i]);
  free(t);
}
END_TEST

Suite *ops_suite(void) {
  Suite *s = suite_create("ops");
  TCase *tc = tcase_create("config");
  tcase_add_test(tc, config_defaults_env_flags);
  tcase_add_loop_test(tc, config_refuses_bad_values, 0,
                      (int)(sizeof bad_configs / sizeof bad_configs[0]));
  tcase_add_test(tc, config_help_lists_every_flag);
  suite_add_tcase(s, tc);
  tc = tcase_create("pool");
  tcase_set_timeout(tc, 20);
  tcase_add_test(tc, pool_runs_bounds_and_cancels);
  tcase_add_test(tc, pool_short_lane_is_never_behind_long);
  tcase_add_test(tc, pool_serves_the_least_loaded_client_first);
  tcase_add_test(tc, clients_cap_and_room);
  tcase_add_test(tc, clients_key_by_address_and_slash_64);
  suite_add_tcase(s, tc);
  tc = tcase_create("metrics");
  tcase_add_test(tc, metrics_render_text_format);
  suite_add_tcase(s, tc);
  return s;
}
