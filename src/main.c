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

#include "config.h"
#include "http/http.h"
#include "read_all.h"
#include "sudoku.h"

#define MAIN_OPENAPI_MAX (16u << 20) /* bytes of openapi.yaml read */
#define EXIT_USAGE CONFIG_EXIT_USAGE

static const char *main_getenv(const char *name, void *ctx) {
  (void)ctx;
  return getenv(name);
}

/* ---- openapi.yaml -------------------------------------------------------- */

/* Reads a whole file into a malloc'd buffer, or returns NULL. */

/* The --openapi file, else ./openapi.yaml, else next to the binary:
 * ../share/sudokud/openapi.yaml (make install) or ../openapi.yaml
 * (build/sudokud in a checkout). A missing default is not an error: the
 * route answers 404. */
static char *main_load_openapi(const char *given, size_t *len) {
  if (given != NULL) {
    char *buf = read_all_file(given, MAIN_OPENAPI_MAX, len);
    if (buf == NULL)
      fprintf(stderr, "sudokud: cannot read %s; /openapi.yaml will be 404\n",
              given);
    return buf;
  }
  char *buf = read_all_file("openapi.yaml", MAIN_OPENAPI_MAX, len);
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
    buf = read_all_file(exe, MAIN_OPENAPI_MAX, len);
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
  socklen_t len = 0;
  http_sockaddr(cfg->bind, cfg->port, true, &ss, &len); /* checked at load */
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
  struct config cfg;
  int status = config_load(&cfg, argc, argv, main_getenv, NULL, stdout, stderr);
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
