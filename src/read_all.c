/* read_all.c - see read_all.h. Doubles the buffer from 64 KiB up. */
#include "read_all.h"

#include <errno.h>
#include <stdlib.h>

char *read_all(FILE *f, size_t max, size_t *len) {
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  if (buf == NULL)
    return NULL;
  for (;;) {
    if (n == cap) {
      if (n > max)
        break;
      char *bigger = realloc(buf, cap * 2);
      if (bigger == NULL)
        goto fail;
      buf = bigger;
      cap *= 2;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0)
      break;
  }
  if (ferror(f)) {
    if (errno == 0)
      errno = EIO;
    goto fail;
  }
  if (n > max) {
    errno = EFBIG;
    goto fail;
  }
  *len = n;
  return buf;
fail:
  free(buf);
  return NULL;
}

char *read_all_file(const char *path, size_t max, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL)
    return NULL;
  char *buf = read_all(f, max, len);
  int saved = errno;
  fclose(f);
  errno = saved;
  return buf;
}
