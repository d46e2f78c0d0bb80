/*
 * config.h - sudokud's configuration: flags, then environment, then
 * defaults, from one table of options (config.c). No I/O but the two
 * streams passed in; no globals: the environment is read through a
 * callback, so tests pass their own.
 */
#ifndef SUDOKU_CONFIG_H
#define SUDOKU_CONFIG_H

#include <stdbool.h>
#include <stdio.h>

#include "http/http.h"

#define CONFIG_EXIT_USAGE 2

struct config {
  struct http_config http;
  unsigned drain_ms;
  const char *openapi_path; /* NULL: look in the usual places */
  bool healthcheck;         /* --healthcheck: probe a running server, exit */
};

/* Looks up an environment variable; NULL when unset. */
typedef const char *(*config_getenv_fn)(const char *name, void *ctx);

/*
 * Defaults, then the environment (env), then argv. Returns -1 to go on, or
 * the exit status: 0 after --help or --version (printed on out), 2 after a
 * bad flag, value or combination (one line on err naming it). Strings in
 * cfg point into argv or the environment.
 */
int config_load(struct config *cfg, int argc, char **argv, config_getenv_fn env,
                void *env_ctx, FILE *out, FILE *err);

/* The --help text. */
void config_usage(FILE *out);

#endif
