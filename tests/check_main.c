/* check_main.c - runs every suite. CK_RUN_SUITE / CK_RUN_CASE select. */
#include <stdlib.h>

#include "tests.h"

int main(void) {
  SRunner *sr = srunner_create(grid_suite());
  srunner_add_suite(sr, solve_suite());
  srunner_add_suite(sr, format_suite());
  srunner_add_suite(sr, cli_suite());
  srunner_add_suite(sr, api_suite());
  srunner_add_suite(sr, http_suite());
  srunner_add_suite(sr, ops_suite());
  srunner_add_suite(sr, hostile_suite());
  srunner_add_suite(sr, corpus_suite());
  srunner_add_suite(sr, rules_suite());
  srunner_add_suite(sr, generate_suite());
  srunner_add_suite(sr, cli_generate_suite());
  srunner_add_suite(sr, generate_rules_suite());
  srunner_add_suite(sr, logic_suite());
  srunner_add_suite(sr, cli_logic_suite());
  srunner_add_suite(sr, chains_suite());
  srunner_add_suite(sr, agree_suite());
  srunner_add_suite(sr, toolkit_suite());
  srunner_add_suite(sr, http_toolkit_suite());
  srunner_add_suite(sr, draw_suite());
  srunner_add_suite(sr, marks_suite());
  srunner_add_suite(sr, pictures_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
