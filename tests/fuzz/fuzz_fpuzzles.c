/*
 * fuzz_fpuzzles.c - libFuzzer target for the f-puzzles readers: arbitrary
 * bytes as a share link's load string through the lz-string decompressor
 * (bounded output, never a loop), and whatever it yields as f-puzzles'
 * JSON body of POST /solve (read_fpuzzles.c, the rules' checks, the solve
 * under them). The same bytes as a {"fpuzzles": ...} member exercise the
 * link path. Small limits keep each run cheap: 2000 nodes, 20 ms.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

static void post(const char *body, size_t len) {
  struct api_limits lim = {8, 20000, 2000, 0};
  struct api_input in = {.content_type = "application/json",
                         .body = body,
                         .body_len = len,
                         .request_id = "fuzz"};
  struct api_response out;
  api_handle(api_endpoint_find("solve"), &lim, &in, &out);
  if (out.body == NULL || out.body_len != strlen(out.body))
    abort();
  if (out.status != 200 && out.status != 400 && out.status != 413 &&
      out.status != 422 && out.status != 500 && out.status != 503)
    abort();
  if (out.body[0] != '{')
    abort();
  api_response_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t len;
  const char *why;
  char *text = api_lz_base64_decompress((const char *)data, size, &len, &why);
  if (text != NULL) {
    if (strlen(text) > len || len > 4 * (size_t)API_LZ_MAX_UNITS)
      abort();
    post(text, len);
    free(text);
  } else if (why == NULL || why[0] == '\0') {
    abort();
  }
  /* The bytes as a link member, quotes and backslashes dropped. */
  char *body = malloc(size + 32);
  if (body == NULL)
    return 0;
  size_t o = (size_t)sprintf(body, "{\"fpuzzles\":\"");
  for (size_t i = 0; i < size; i++)
    if (data[i] >= 0x20 && data[i] < 0x7f && data[i] != '"' && data[i] != '\\')
      body[o++] = (char)data[i];
  o += (size_t)sprintf(body + o, "\"}");
  post(body, o);
  free(body);
  return 0;
}
