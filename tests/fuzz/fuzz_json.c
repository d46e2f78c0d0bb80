/*
 * fuzz_json.c - libFuzzer target for the JSON request reader: arbitrary
 * bytes as an application/json body through api_handle (parse, cost, run:
 * validate, solve, render). Small limits keep
 * each run cheap: 2000 nodes, 20 ms, 8 puzzles.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *body = malloc(size ? size : 1);
  if (body == NULL)
    return 0;
  memcpy(body, data, size);
  struct api_limits lim = {8, 20000, 2000, 0};
  struct api_input in = {
      "application/json", body, size, NULL, "fuzz", NULL, 0, NULL};
  struct api_response out;
  api_handle(api_endpoint_find("solve"), &lim, &in, &out);
  if (out.body == NULL || out.body_len != strlen(out.body))
    abort();
  /* 503 queue-timeout: the first attempt alone can outlast the 20 ms
   * deadline under the sanitizers. */
  if (out.status != 200 && out.status != 400 && out.status != 413 &&
      out.status != 422 && out.status != 500 && out.status != 503)
    abort();
  if ((out.status == 200) !=
      (strcmp(out.content_type, "application/json") == 0))
    abort();
  if (out.body[0] != '{')
    abort();
  api_response_free(&out);
  free(body);
  return 0;
}
