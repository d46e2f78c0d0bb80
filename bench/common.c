/* common.c - see common.h. */
#include "common.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double bench_now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

double bench_cpu_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* User plus system time of the children waited for so far, in us. */
static double children_cpu_us(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_CHILDREN, &ru) != 0)
    return 0;
  return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e6 +
         (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

char *bench_read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL)
    return NULL;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = size >= 0 ? malloc((size_t)size + 1) : NULL;
  if (buf != NULL && fread(buf, 1, (size_t)size, f) != (size_t)size) {
    free(buf);
    buf = NULL;
  }
  fclose(f);
  if (buf != NULL) {
    buf[size] = '\0';
    *len = (size_t)size;
  }
  return buf;
}

double bench_time_program(char *const argv[], const char *input, size_t len) {
  return bench_run_program(argv, input, len, NULL);
}

double bench_run_program(char *const argv[], const char *input, size_t len,
                         double *cpu_us) {
  char tmp[] = "/tmp/bench-input-XXXXXX";
  int fd = mkstemp(tmp);
  if (fd < 0)
    return -1;
  unlink(tmp);
  if (len > 0 && write(fd, input, len) != (ssize_t)len) {
    close(fd);
    return -1;
  }
  lseek(fd, 0, SEEK_SET);
  double c0 = children_cpu_us(), t0 = bench_now_us();
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fd, 0);
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    execvp(argv[0], argv);
    _exit(127);
  }
  int status = 0;
  if (pid > 0)
    waitpid(pid, &status, 0);
  double took = bench_now_us() - t0;
  if (cpu_us != NULL)
    *cpu_us = children_cpu_us() - c0;
  close(fd);
  return pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? took : -1;
}
