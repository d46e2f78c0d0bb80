/* page.h - the web page served at GET /: web/index.html, turned into C by
 * scripts/embed.sh at build time (build/gen/page.c). */
#ifndef SUDOKU_PAGE_H
#define SUDOKU_PAGE_H

#include <stddef.h>

extern const unsigned char sudokud_page_html[]; /* UTF-8 */
extern const size_t sudokud_page_html_len;

#endif
