/*
 * main.c - sudokud: configuration (flags, then environment, then defaults)
 * -> signals -> http_start -> sigwait -> drain -> stop.
 *
 * Exit status: 0 after a clean stop on SIGTERM or SIGINT, 2 for a bad flag,
 * variable or an address that cannot be bound, 1 for anything else.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "http/http.h"
#include "sudoku.h"

#define MAIN_OPENAPI_MAX (16u << 20) /* bytes of openapi.yaml read */
#define EXIT_USAGE 2

struct main_config {
  struct http_config http;
  unsigned drain_ms;
  const char *openapi_path; /* NULL: look in the usual places */
  bool healthcheck;         /* --healthcheck: probe a running server, exit */
};

/* ---- The options table --------------------------------------------------- */

enum opt_kind { OPT_U16, OPT_UINT, OPT_U32, OPT_SIZE, OPT_STR, OPT_ONOFF };

struct opt {
  const char *flag; /* without the leading "--" */
  const char *env;
  enum opt_kind kind;
  size_t off; /* in struct main_config */
  unsigned long long min, max;
  const char *help;
};

#define HTTP_OFF(field) offsetof(struct main_config, http.field)

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
     "solve time per /solve request (default 2000)"},
    {"queue", "QUEUE", OPT_UINT, HTTP_OFF(queue), 0, 1000000,
     "requests waiting for a worker before 503 (default 64)"},
    {"max-connections", "MAX_CONNECTIONS", OPT_UINT, HTTP_OFF(max_connections),
     1, 1000000, "open connections (default 1024)"},
    {"timeout-s", "TIMEOUT_S", OPT_UINT, HTTP_OFF(timeout_s), 0, 86400,
     "idle connection timeout; 0 = none (default 30)"},
    {"drain-ms", "DRAIN_MS", OPT_UINT, offsetof(struct main_config, drain_ms),
     0, 3600000, "SIGTERM waits this long for requests (default 10000)"},
    {"cors-origins", "CORS_ORIGINS", OPT_STR, HTTP_OFF(cors_origins), 0, 0,
     "comma-separated allowed origins, or * (default *)"},
    {"access-log", "ACCESS_LOG", OPT_ONOFF, HTTP_OFF(access_log), 0, 0,
     "on|off: one line per request on stderr (default on)"},
    {"openapi", "OPENAPI", OPT_STR, offsetof(struct main_config, openapi_path),
     0, 0, "file served at /openapi.yaml (default ./openapi.yaml)"},
    {"trusted-proxies", "TRUSTED_PROXIES", OPT_STR, HTTP_OFF(trusted_proxies),
     0, 0, "proxy addresses whose X-Forwarded-For is logged (default none)"},
};
#define OPT_COUNT (sizeof opts / sizeof opts[0])

static void main_usage(FILE *out) {
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
static bool main_opt_set(struct main_config *cfg, const struct opt *o,
                         const char *value, const char *source) {
  void *field = (char *)cfg + o->off;
  switch (o->kind) {
  case OPT_STR:
    if (value[0] == '\0') {
      fprintf(stderr, "sudokud: %s must not be empty\n", source);
      return false;
    }
    *(const char **)field = value;
    return true;
  case OPT_ONOFF:
    if (strcmp(value, "on") != 0 && strcmp(value, "off") != 0) {
      fprintf(stderr, "sudokud: invalid %s '%s': expected on or off\n", source,
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
    fprintf(stderr,
            "sudokud: invalid %s '%s': expected an integer %llu..%llu\n",
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

static const struct opt *main_opt_find(const char *name, size_t len) {
  for (size_t i = 0; i < OPT_COUNT; i++)
    if (strlen(opts[i].flag) == len && strncmp(opts[i].flag, name, len) == 0)
      return &opts[i];
  return NULL;
}

/* Defaults, then the environment, then argv. Returns -1 to go on, or the
 * exit status (0 after --help or --version). */
static int main_configure(struct main_config *cfg, int argc, char **argv) {
  memset(cfg, 0, sizeof *cfg);
  http_config_default(&cfg->http);
  cfg->drain_ms = HTTP_DEFAULT_DRAIN_MS;

  for (size_t i = 0; i < OPT_COUNT; i++) {
    const char *v = getenv(opts[i].env);
    if (v != NULL && v[0] != '\0' &&
        !main_opt_set(cfg, &opts[i], v, opts[i].env))
      return EXIT_USAGE;
  }
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      main_usage(stdout);
      return 0;
    }
    if (strcmp(arg, "--version") == 0) {
      printf("sudokud " SUDOKU_VERSION "\n");
      return 0;
    }
    if (strcmp(arg, "--healthcheck") == 0) {
      cfg->healthcheck = true;
      continue;
    }
    if (strncmp(arg, "--", 2) != 0) {
      fprintf(stderr, "sudokud: unexpected argument '%s' (see --help)\n", arg);
      return EXIT_USAGE;
    }
    const char *name = arg + 2;
    const char *eq = strchr(name, '=');
    size_t len = eq != NULL ? (size_t)(eq - name) : strlen(name);
    const struct opt *o = main_opt_find(name, len);
    if (o == NULL) {
      fprintf(stderr, "sudokud: unknown option '%.*s' (see --help)\n",
              (int)(len + 2), arg);
      return EXIT_USAGE;
    }
    const char *value = eq != NULL ? eq + 1 : argv[i + 1];
    if (eq == NULL && (++i >= argc)) {
      fprintf(stderr, "sudokud: option --%s needs a value\n", o->flag);
      return EXIT_USAGE;
    }
    char source[40];
    snprintf(source, sizeof source, "--%s", o->flag);
    if (!main_opt_set(cfg, o, value, source))
      return EXIT_USAGE;
  }

  unsigned char addr[sizeof(struct in6_addr)];
  if (inet_pton(AF_INET, cfg->http.bind, addr) != 1 &&
      inet_pton(AF_INET6, cfg->http.bind, addr) != 1) {
    fprintf(stderr,
            "sudokud: invalid bind address '%s' (--bind/BIND): expected an "
            "IPv4 or IPv6 literal such as 127.0.0.1 or ::1\n",
            cfg->http.bind);
    return EXIT_USAGE;
  }
  if (cfg->http.threads > cfg->http.max_connections) {
    fprintf(stderr, "sudokud: --threads %u exceeds --max-connections %u\n",
            cfg->http.threads, cfg->http.max_connections);
    return EXIT_USAGE;
  }
  return -1;
}

/* ---- openapi.yaml -------------------------------------------------------- */

/* Reads a whole file into a malloc'd buffer, or returns NULL. */
static char *main_read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  char *buf = NULL;
  size_t n = 0, cap = 0;
  if (f == NULL)
    goto fail;
  for (;;) {
    if (n == cap) {
      cap = cap ? 2 * cap : 16384;
      if (cap > MAIN_OPENAPI_MAX)
        goto fail;
      char *p = realloc(buf, cap);
      if (p == NULL)
        goto fail;
      buf = p;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0)
      break;
  }
  if (ferror(f))
    goto fail;
  fclose(f);
  *len = n;
  return buf;

fail:
  if (f != NULL)
    fclose(f);
  free(buf);
  return NULL;
}

/* The --openapi file, else ./openapi.yaml, else next to the binary:
 * ../share/sudokud/openapi.yaml (make install) or ../openapi.yaml
 * (build/sudokud in a checkout). A missing default is not an error: the
 * route answers 404. */
static char *main_load_openapi(const char *given, size_t *len) {
  if (given != NULL) {
    char *buf = main_read_file(given, len);
    if (buf == NULL)
      fprintf(stderr, "sudokud: cannot read %s; /openapi.yaml will be 404\n",
              given);
    return buf;
  }
  char *buf = main_read_file("openapi.yaml", len);
  if (buf != NULL)
    return buf;
  static const char *const beside[] = {"/../share/sudokud/openapi.yaml",
                                       "/../openapi.yaml"};
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0)
    return NULL;
  exe[n] = '\0';
  char *slash = strrchr(exe, '/');
  for (size_t i = 0; slash != NULL && i < 2 && buf == NULL; i++) {
    if ((size_t)(slash - exe) + strlen(beside[i]) + 1 > sizeof exe)
      return NULL;
    strcpy(slash, beside[i]);
    buf = main_read_file(exe, len);
  }
  return buf;
}

/* ---- --healthcheck ------------------------------------------------------- */

#define MAIN_HEALTHCHECK_TIMEOUT_S 3

/*
 * For a container HEALTHCHECK without curl in the image: GET /healthz on the
 * configured port of this host (the loopback address of the bind family
 * when bound to any address). 0 on a 200, 1 otherwise (with one line on
 * stderr saying why).
 */
static int main_healthcheck(const struct http_config *cfg) {
  struct sockaddr_storage ss;
  memset(&ss, 0, sizeof ss);
  struct sockaddr_in *in4 = (struct sockaddr_in *)&ss;
  struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&ss;
  socklen_t len;
  if (inet_pton(AF_INET, cfg->bind, &in4->sin_addr) == 1) {
    in4->sin_family = AF_INET;
    in4->sin_port = htons(cfg->port);
    if (in4->sin_addr.s_addr == htonl(INADDR_ANY))
      in4->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    len = sizeof *in4;
  } else {
    inet_pton(AF_INET6, cfg->bind, &in6->sin6_addr);
    in6->sin6_family = AF_INET6;
    in6->sin6_port = htons(cfg->port);
    if (IN6_IS_ADDR_UNSPECIFIED(&in6->sin6_addr))
      in6->sin6_addr = in6addr_loopback;
    len = sizeof *in6;
  }
  int fd = socket(ss.ss_family, SOCK_STREAM, 0);
  char reply[64] = "";
  ssize_t got = -1;
  if (fd >= 0) {
    struct timeval tv = {MAIN_HEALTHCHECK_TIMEOUT_S, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    static const char req[] = "GET /healthz HTTP/1.1\r\nHost: localhost\r\n"
                              "Connection: close\r\n\r\n";
    if (connect(fd, (struct sockaddr *)&ss, len) == 0 &&
        send(fd, req, sizeof req - 1, MSG_NOSIGNAL) == (ssize_t)sizeof req - 1)
      got = recv(fd, reply, sizeof reply - 1, MSG_WAITALL);
    close(fd);
  }
  if (got > 0 && strncmp(reply, "HTTP/1.1 200", 12) == 0)
    return 0;
  fprintf(stderr, "sudokud: healthcheck: no 200 from /healthz on port %u\n",
          (unsigned)cfg->port);
  return 1;
}

/* ---- Run ----------------------------------------------------------------- */

int main(int argc, char **argv) {
  struct main_config cfg;
  int status = main_configure(&cfg, argc, argv);
  if (status >= 0)
    return status;
  if (cfg.healthcheck)
    return main_healthcheck(&cfg.http);

  /* Before any thread exists, so every thread inherits the mask and the
   * signals reach only sigwait() below. */
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop, NULL);
  struct sigaction ign;
  memset(&ign, 0, sizeof ign);
  ign.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ign, NULL);

  size_t openapi_len = 0;
  char *openapi = main_load_openapi(cfg.openapi_path, &openapi_len);
  cfg.http.openapi = openapi;
  cfg.http.openapi_len = openapi_len;

  char err[256];
  struct http_server *srv = http_start(&cfg.http, err, sizeof err);
  free(openapi); /* copied by http_start */
  if (srv == NULL) {
    fprintf(stderr, "sudokud: %s\n", err);
    return EXIT_USAGE;
  }
  bool v6 = strchr(cfg.http.bind, ':') != NULL;
  fprintf(stderr, "listening on http://%s%s%s:%u\n", v6 ? "[" : "",
          cfg.http.bind, v6 ? "]" : "", (unsigned)http_port(srv));
  fflush(stderr);

  int sig = 0;
  while (sigwait(&stop, &sig) != 0)
    ;
  fprintf(stderr, "draining on %s\n", sig == SIGINT ? "SIGINT" : "SIGTERM");
  unsigned left = http_drain(srv, cfg.drain_ms);
  if (left > 0)
    fprintf(stderr, "drain timed out with %u requests in flight\n", left);
  http_stop(srv);
  fprintf(stderr, "stopped\n");
  return 0;
}
