/*
 * server.c - what the suites that talk to a real sudokud share: starting
 * it on a loopback port, stopping it, and raw TCP (see tests.h).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests.h"

void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

/* Starts sudokud with extra args on 127.0.0.1, port 0; waits for its
 * "listening on" line and reads the port from it. */
void server_start(struct server *s, const char *args) {
  const char *bin =
      getenv("SUDOKUD_BIN") ? getenv("SUDOKUD_BIN") : "build/sudokud";
  snprintf(s->log, sizeof s->log, "/tmp/sudokud-test-%d-XXXXXX", getpid());
  int fd = mkstemp(s->log);
  ck_assert_int_ge(fd, 0);
  char cmd[512];
  snprintf(cmd, sizeof cmd, "exec '%s' --port 0 --bind 127.0.0.1 %s", bin,
           args);
  s->pid = fork();
  ck_assert_int_ge(s->pid, 0);
  if (s->pid == 0) {
    dup2(fd, 2);
    int null = open("/dev/null", 1);
    dup2(null, 1);
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
  }
  close(fd);
  s->port = 0;
  for (int i = 0; i < 500 && s->port == 0; i++) {
    char *text = test_read_file(s->log, NULL);
    const char *at = text ? strstr(text, "listening on http://127.0.0.1:") : 0;
    if (at != NULL)
      s->port = atoi(at + strlen("listening on http://127.0.0.1:"));
    free(text);
    if (s->port == 0)
      sleep_ms(10);
  }
  ck_assert_msg(s->port > 0, "sudokud did not start: see %s", s->log);
}

/* SIGTERM, then the exit status (-1 when it did not exit in 15 s). */
int server_stop(struct server *s) {
  kill(s->pid, SIGTERM);
  for (int i = 0; i < 1500; i++) {
    int status;
    if (waitpid(s->pid, &status, WNOHANG) == s->pid) {
      unlink(s->log);
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    sleep_ms(10);
  }
  kill(s->pid, SIGKILL);
  waitpid(s->pid, NULL, 0);
  return -1;
}

int connect_to(int port) { return connect_from(port, NULL); }

int connect_from(int port, const char *source) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  ck_assert_int_ge(fd, 0);
  if (source != NULL) {
    struct sockaddr_in s = {0};
    s.sin_family = AF_INET;
    ck_assert_int_eq(inet_pton(AF_INET, source, &s.sin_addr), 1);
    ck_assert_msg(bind(fd, (struct sockaddr *)&s, sizeof s) == 0, "bind %s: %s",
                  source, strerror(errno));
  }
  struct timeval tv = {20, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  struct sockaddr_in a = {0};
  a.sin_family = AF_INET;
  a.sin_port = htons((uint16_t)port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ck_assert_msg(connect(fd, (struct sockaddr *)&a, sizeof a) == 0,
                "connect: %s", strerror(errno));
  return fd;
}

void send_all(int fd, const char *p, size_t len) {
  while (len > 0) {
    ssize_t n = send(fd, p, len, MSG_NOSIGNAL);
    if (n <= 0)
      return; /* the server may answer early (413) and close */
    p += n;
    len -= (size_t)n;
  }
}

/* No solution, and the general solver needs more than seconds to see it:
 * r1c1 holds 13 and columns 13-25 hold 1..12 below row 1, so row 1 must
 * put 1..12 in its 11 cells c2..c12 (a pigeonhole no single sees; the
 * count-to-2 search runs to any deadline, lexmin or not). An empty 25x25
 * grid would not do: its lexmin fill takes ~50 ms. */
const char *slow_solve_body(void) {
  return "{\"puzzle\":\""
         "D....................................345BC..........................."
         ".6789A...............6789A12345............89A12345BC..."
         "..............7....8....9............689C.B.2A.4..............C....."
         "137528B............BA.79.563.1..............5...A..4C.6.."
         "..............4A57...B.C6.............B3..28.9A.7.............A56..."
         "B....13.............1..496C28................2C..13..4.5."
         "............7..3........8..............148....6CB..............62."
         "1AC..95.7...............2B5.9....4................6..7.1A32"
         "............1.B9.C7.4................23...6.B5.7AC.............785.."
         "2..3...............9C.834A...B21............4......18.96."
         "\"}";
}

/* Opens a connection and sends a slow request without reading the reply. */
int send_slow_from(int port, const char *source) {
  int fd = connect_from(port, source);
  char head[256];
  int n = snprintf(head, sizeof head,
                   "POST /solve HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                   "Content-Type: application/json\r\nContent-Length: %zu\r\n"
                   "\r\n",
                   strlen(slow_solve_body()));
  send_all(fd, head, (size_t)n);
  send_all(fd, slow_solve_body(), strlen(slow_solve_body()));
  return fd;
}
