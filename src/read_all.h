/*
 * read_all.h - reads a whole stream or file into memory: the CLI's standard
 * input (rate, steps, hint), its --entries file and sudokud's contract file.
 * One reader, so every program refuses too large an input the same way.
 *
 * Both return a malloc'd buffer the caller frees (not NUL-terminated; *len
 * is its length, 0 for an empty input, which still gets a buffer), or NULL
 * with errno set: EFBIG when the input holds more than max bytes, else the
 * reason of the failed open, read or allocation. They print nothing.
 */
#ifndef SUDOKUD_READ_ALL_H
#define SUDOKUD_READ_ALL_H

#include <stddef.h>
#include <stdio.h>

char *read_all(FILE *f, size_t max, size_t *len);
char *read_all_file(const char *path, size_t max, size_t *len);

#endif
