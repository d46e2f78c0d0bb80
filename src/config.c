/*
 * config.c - sudokud's configuration: one table of options, read from the
 * defaults, then the environment, then the flags (flags win). Every invalid
 * value is refused with one line naming the flag or the variable.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "config.h"
#include "sudoku.h"

/* ---- The options table --------------------------------------------------- */

enum opt_kind { OPT_U16, OPT_UINT, OPT_U32, OPT_SIZE, OPT_STR, OPT_ONOFF };

struct opt {
  const char *flag; /* without the leading "--" */
  const char *env;
  enum opt_kind kind;
  size_t off; /* in struct config */
  unsigned long long min, max;
  const char *help;
};

#define HTTP_OFF(field) offsetof(struct config, http.field)

static const struct opt opts[] = {
    {"port", "PORT", OPT_U16, HTTP_OFF(port), 0, 65535,
     "TCP port; 0 picks a free one (default 8080)"},
    {"bind", "BIND", OPT_STR, HTTP_OFF(bind), 0, 0,
     "IPv4 or IPv6 address to listen on (default 0.0.0.0)"},
    {"threads", "THREADS", OPT_UINT, HTTP_OFF(threads), 1, 1024,
     "HTTP threads and solver workers (default: online CPUs)"},
    {"max-body", "MAX_BODY", OPT_SIZE, HTTP_OFF(max_body), 1, 1u << 30,
     "largest /solve body in bytes (default 1048576)"},
    {"max-puzzles", "MAX_PUZZLES", OPT_U32, HTTP_OFF(max_puzzles), 1, 1000000,
     "puzzles per /solve request (default 100)"},
    {"deadline-ms", "DEADLINE_MS", OPT_U32, HTTP_OFF(deadline_ms), 1, 3600000,
     "work time per request, from its arrival (default 2000)"},
    {"generate-deadline-ms", "GENERATE_DEADLINE_MS", OPT_U32,
     HTTP_OFF(generate_deadline_ms), 1, 3600000,
     "time for one GET /generate (default 8000)"},
    {"queue", "QUEUE", OPT_UINT, HTTP_OFF(queue), 0, 1000000,
     "requests waiting for a worker before 503 (default 64)"},
    {"client-jobs", "CLIENT_JOBS", OPT_UINT, HTTP_OFF(client_jobs), 0, 1000000,
     "one client's requests at workers before 429; 0 = any (default queue/2)"},
    {"max-connections", "MAX_CONNECTIONS", OPT_UINT, HTTP_OFF(max_connections),
     1, 1000000, "open connections (default 1024)"},
    {"timeout-s", "TIMEOUT_S", OPT_UINT, HTTP_OFF(timeout_s), 0, 86400,
     "seconds to send a whole request or stay idle; 0 = none (default 30)"},
    {"drain-ms", "DRAIN_MS", OPT_UINT, offsetof(struct config, drain_ms), 0,
     3600000, "SIGTERM waits this long for requests (default 10000)"},
    {"cors-origins", "CORS_ORIGINS", OPT_STR, HTTP_OFF(cors_origins), 0, 0,
     "comma-separated allowed origins, or * (default *)"},
    {"access-log", "ACCESS_LOG", OPT_ONOFF, HTTP_OFF(access_log), 0, 0,
     "on|off: one line per request on stderr (default on)"},
    {"openapi", "OPENAPI", OPT_STR, offsetof(struct config, openapi_path), 0, 0,
     "file served at /openapi.yaml (default ./openapi.yaml)"},
    {"trusted-proxies", "TRUSTED_PROXIES", OPT_STR, HTTP_OFF(trusted_proxies),
     0, 0,
     "proxy addresses or CIDR ranges whose X-Forwarded-For names the "
     "client (default none)"},
};
#define OPT_COUNT (sizeof opts / sizeof opts[0])

void config_usage(FILE *out) {
  fprintf(out, "usage: sudokud [--option VALUE | --option=VALUE]...\n"
               "Sudoku solver over HTTP. Each option may also come from the "
               "environment\nvariable named on its right; flags win.\n\n");
  for (size_t i = 0; i < OPT_COUNT; i++) {
    char name[40];
    snprintf(name, sizeof name, "--%s", opts[i].flag);
    fprintf(out, "  %-18s %-16s %s\n", name, opts[i].env, opts[i].help);
  }
  fprintf(out, "  %-18s %-16s %s\n  %-18s %-16s %s\n  %-18s %-16s %s\n",
          "--healthcheck", "", "probe GET /healthz on PORT; exit 0 if 200",
          "--help", "", "this text", "--version", "", "print the version");
}

/* Parses value into the field of opt; on error prints one line naming
 * where the value came from and returns false. */
static bool opt_set(struct config *cfg, const struct opt *o, const char *value,
                    const char *source, FILE *err) {
  void *field = (char *)cfg + o->off;
  switch (o->kind) {
  case OPT_STR:
    if (value[0] == '\0') {
      fprintf(err, "sudokud: %s must not be empty\n", source);
      return false;
    }
    *(const char **)field = value;
    return true;
  case OPT_ONOFF:
    if (strcmp(value, "on") != 0 && strcmp(value, "off") != 0) {
      fprintf(err, "sudokud: invalid %s '%s': expected on or off\n", source,
              value);
      return false;
    }
    *(bool *)field = strcmp(value, "on") == 0;
    return true;
  default:
    break;
  }
  /* Numbers: decimal digits only, so "-1", " 8", "8k" and "0x10" fail
   * instead of being read as something else. */
  char *end = NULL;
  errno = 0;
  unsigned long long n = strtoull(value, &end, 10);
  if (value[0] < '0' || value[0] > '9' || *end != '\0' || errno == ERANGE ||
      n < o->min || n > o->max) {
    fprintf(err, "sudokud: invalid %s '%s': expected an integer %llu..%llu\n",
            source, value, o->min, o->max);
    return false;
  }
  switch (o->kind) {
  case OPT_U16:
    *(uint16_t *)field = (uint16_t)n;
    break;
  case OPT_UINT:
    *(unsigned *)field = (unsigned)n;
    break;
  case OPT_U32:
    *(uint32_t *)field = (uint32_t)n;
    break;
  default:
    *(size_t *)field = (size_t)n;
    break;
  }
  return true;
}

static const struct opt *opt_find(const char *name, size_t len) {
  for (size_t i = 0; i < OPT_COUNT; i++)
    if (strlen(opts[i].flag) == len && strncmp(opts[i].flag, name, len) == 0)
      return &opts[i];
  return NULL;
}

int config_load(struct config *cfg, int argc, char **argv, config_getenv_fn env,
                void *env_ctx, FILE *out, FILE *err) {
  memset(cfg, 0, sizeof *cfg);
  http_config_default(&cfg->http);
  cfg->drain_ms = HTTP_DEFAULT_DRAIN_MS;

  for (size_t i = 0; i < OPT_COUNT; i++) {
    const char *v = env(opts[i].env, env_ctx);
    if (v != NULL && v[0] != '\0' &&
        !opt_set(cfg, &opts[i], v, opts[i].env, err))
      return CONFIG_EXIT_USAGE;
  }
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      config_usage(out);
      return 0;
    }
    if (strcmp(arg, "--version") == 0) {
      fprintf(out, "sudokud " SUDOKU_VERSION "\n");
      return 0;
    }
    if (strcmp(arg, "--healthcheck") == 0) {
      cfg->healthcheck = true;
      continue;
    }
    if (strncmp(arg, "--", 2) != 0) {
      fprintf(err, "sudokud: unexpected argument '%s' (see --help)\n", arg);
      return CONFIG_EXIT_USAGE;
    }
    const char *name = arg + 2;
    const char *eq = strchr(name, '=');
    size_t len = eq != NULL ? (size_t)(eq - name) : strlen(name);
    const struct opt *o = opt_find(name, len);
    if (o == NULL) {
      fprintf(err, "sudokud: unknown option '%.*s' (see --help)\n",
              (int)(len + 2), arg);
      return CONFIG_EXIT_USAGE;
    }
    const char *value = eq != NULL ? eq + 1 : argv[i + 1];
    if (eq == NULL && (++i >= argc)) {
      fprintf(err, "sudokud: option --%s needs a value\n", o->flag);
      return CONFIG_EXIT_USAGE;
    }
    char source[40];
    snprintf(source, sizeof source, "--%s", o->flag);
    if (!opt_set(cfg, o, value, source, err))
      return CONFIG_EXIT_USAGE;
  }

  struct sockaddr_storage addr;
  socklen_t addr_len;
  if (!http_sockaddr(cfg->http.bind, 0, false, &addr, &addr_len)) {
    fprintf(err,
            "sudokud: invalid bind address '%s' (--bind/BIND): expected an "
            "IPv4 or IPv6 literal such as 127.0.0.1 or ::1\n",
            cfg->http.bind);
    return CONFIG_EXIT_USAGE;
  }
  if (cfg->http.threads > cfg->http.max_connections) {
    fprintf(err, "sudokud: --threads %u exceeds --max-connections %u\n",
            cfg->http.threads, cfg->http.max_connections);
    return CONFIG_EXIT_USAGE;
  }
  return -1;
}
