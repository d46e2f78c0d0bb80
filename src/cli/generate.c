/*
 * generate.c - `sudoku generate`: K new puzzles on stdout, one line each
 * (or judge text), reproducible from a seed. No HTTP, no JSON.
 *
 * Puzzle i (0-based) of a run uses the seed N+i, so any one of them can be
 * regenerated alone with --seed N+i --count 1. Without --seed, N comes from
 * the clock and is printed on stderr so that the run can be repeated.
 * --format pdf writes one PDF sheet of them all (pdf.h), --format svg one
 * puzzle drawn (sudoku_draw.h) on stdout, or with --output PREFIX each
 * puzzle drawn in a file of its own, PREFIX-1.svg ... PREFIX-K.svg (the
 * number is the puzzle's in the run, zero-padded to K's digits so that
 * the names sort; each name printed on stdout): an SVG document holds one
 * picture, and a file a puzzle is what a page layout or a web page takes.
 * Exit status: 0 all generated, 1 some puzzle not generated in time (the
 * line "no puzzle" in its place, the reason on stderr), 2 bad usage.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "api/api.h"
#include "cli.h"
#include "pdf.h"
#include "sudoku_draw.h"
#include "sudoku_generate.h"
#include "sudoku_rules.h"

#define CLI_MAX_COUNT 1000000u
/* Files one run of --format svg --output writes at the most. */
#define CLI_MAX_SVG_FILES 1000u

static const char usage[] =
    "usage: sudoku generate [--level L | --rating BAND] [--symmetry S]\n"
    "                       [--seed N] [--count K]\n"
    "                       [--size N] [--givens G] [--solution]\n"
    "                       [--format line|judge|svg|pdf] [--per-page P]\n"
    "                       [--paper a4|letter] [--output PREFIX]\n"
    "                       [--deadline-ms N] [--verbose]\n"
    "                       [--variant x|windoku|jigsaw|killer] [--json]\n"
    "                       [--help]\n"
    "Prints new Sudoku puzzles: unique, with a symmetric pattern of givens,\n"
    "minimal (or with G givens), rated at level L. Minimal: up to 15x15 no\n"
    "given can go (proved); from 16x16 on budget-minimal: no orbit of the\n"
    "symmetry can go, or its check did not end within a node budget. With\n"
    "a level below extreme at sides 8 and 10..25, givens whose removal\n"
    "would rate the puzzle above L stay (level-minimal); extreme from\n"
    "16x16 on stops at the first removal past expert (not minimal).\n"
    "  --level L        easy, medium, hard, expert, extreme, or any "
    "(default);\n"
    "                   4x4 puzzles are all easy\n"
    "  --rating BAND    a band of Sudoku Explainer's scale instead of a\n"
    "                   level: 8.0-8.9, 7.2 (just that), 9.0- (and up);\n"
    "                   minimal puzzles are drawn and rated until one is in\n"
    "                   it (9.0 and up is rare: minutes, see the README)\n"
    "  --symmetry S     none, rot180 (default), rot90, mirror, flip, diagonal\n"
    "  --seed N         0..2^64-1; puzzle i of the run uses seed N+i "
    "(default:\n"
    "                   from the clock, printed on stderr)\n"
    "  --count K        puzzles to print (default 1)\n"
    "  --size N         side: 4, 6, 8, 9 (default), 10, 12, 15, 16, ... 25\n"
    "  --givens G       stop at exactly G givens instead of a minimal puzzle\n"
    "  --solution       print each puzzle's solution after it\n"
    "  --format line    one line of n*n symbols a puzzle, '.' blank (default)\n"
    "  --format judge   rows of numbers, 0 blank, an empty line between grids\n"
    "  --format svg     the puzzle drawn as an SVG picture on stdout (--count\n"
    "                   1), or with --output each of --count K (up to 1000)\n"
    "  --output PREFIX  --format svg: puzzle i into PREFIX-i.svg (i from 1,\n"
    "                   zero-padded to K's digits), each name on stdout\n"
    "  --format pdf     a PDF sheet of the puzzles (--count up to 100), each\n"
    "                   with its level, rating and seed, the solutions last\n"
    "  --per-page P     puzzles to a PDF page: 1, 2, 4 (default) or 6\n"
    "  --paper NAME     the PDF's paper: a4 (default) or letter\n"
    "  --deadline-ms N  give up on a puzzle after N ms (default 10000; 0 =\n"
    "                   never)\n"
    "  --variant LIST   a variant (x, windoku, jigsaw, killer, or a comma\n"
    "                   list of them): each puzzle one line of the variant\n"
    "                   text format `sudoku solve --variant` reads (givens,\n"
    "                   then jigsaw regions, then killer cages SUM=r1c1,...);\n"
    "                   jigsaw regions are random and connected, sides\n"
    "                   4..12 (7: 49 cells); killer cages are random\n"
    "                   with no givens unless --givens asks for some (added\n"
    "                   at random cells) or a --level below extreme keeps\n"
    "                   the ones it needs (level-minimal), split until the\n"
    "                   cages alone have one solution, then merged where\n"
    "                   that stays so (not claimed cage-minimal). Line\n"
    "                   format only\n"
    "  --json           each puzzle as one line of GET /generate's JSON\n"
    "                   answer (a variant's rules in its members first)\n"
    "  --verbose        for each puzzle, on stderr: its attempts and the seed\n"
    "                   of the attempt that made it (--seed of that value\n"
    "                   gives it in one attempt)\n"
    "Exit status: 0 all generated, 1 some puzzle not generated in time (the\n"
    "line \"no puzzle\" in its place), 2 bad usage.\n";

struct gen_cli {
  struct sudoku_generate_options opt;
  uint64_t seed;
  bool seeded, solution, judge, verbose, json;
  uint32_t kinds; /* --variant: rule kinds; 0 classic */
  unsigned long long count;
  char picture; /* 's' svg, 'p' pdf, 0 text */
  int per_page;
  enum pdf_paper paper;
  const char *prefix; /* --output: svg files PREFIX-i.svg; NULL: stdout */
};

/* Parses a decimal unsigned integer no larger than max. */
static bool parse_u64(const char *s, unsigned long long max,
                      unsigned long long *out) {
  char *end;
  errno = 0;
  if (s[0] < '0' || s[0] > '9')
    return false;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || *end || v > max)
    return false;
  *out = v;
  return true;
}

static int bad_value(const char *opt, const char *want, const char *got) {
  fprintf(stderr, "sudoku generate: %s takes %s, not '%s'\n", opt, want, got);
  return 2;
}

/* Parses argv. Returns -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, struct gen_cli *g) {
  int n = 9;
  unsigned long long v, givens = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage, stdout);
      return 0;
    } else if (strcmp(a, "--solution") == 0) {
      g->solution = true;
      continue;
    } else if (strcmp(a, "--verbose") == 0) {
      g->verbose = true;
      continue;
    } else if (strcmp(a, "--json") == 0) {
      g->json = true;
      continue;
    } else if (val == NULL) {
      fprintf(stderr, "sudoku generate: unknown or incomplete option '%s'\n%s",
              a, usage);
      return 2;
    }
    i++;
    if (strcmp(a, "--level") == 0) {
      if (strcmp(val, "any") == 0) {
        g->opt.level = SUDOKU_LEVEL_ANY;
      } else {
        g->opt.level = sudoku_level_from_name(val, strlen(val));
        if (g->opt.level == SUDOKU_LEVEL_COUNT)
          return bad_value(a, "easy, medium, hard, expert, extreme or any",
                           val);
      }
    } else if (strcmp(a, "--rating") == 0) {
      if (!sudoku_rating_band_parse(val, strlen(val), &g->opt.rating_min,
                                    &g->opt.rating_max))
        return bad_value(a, "a band like 8.0-8.9, 7.2 or 9.0- (1.0..11.9)",
                         val);
    } else if (strcmp(a, "--symmetry") == 0) {
      g->opt.symmetry = sudoku_symmetry_from_name(val, strlen(val));
      if (g->opt.symmetry == SUDOKU_SYM_COUNT)
        return bad_value(a, "none, rot180, rot90, mirror, flip or diagonal",
                         val);
    } else if (strcmp(a, "--seed") == 0) {
      if (!parse_u64(val, UINT64_MAX, &v))
        return bad_value(a, "an integer 0..18446744073709551615", val);
      g->seed = v;
      g->seeded = true;
    } else if (strcmp(a, "--count") == 0) {
      if (!parse_u64(val, CLI_MAX_COUNT, &g->count))
        return bad_value(a, "an integer 0..1000000", val);
    } else if (strcmp(a, "--variant") == 0) {
      if (!cli_parse_variant(val, &g->kinds))
        return 2;
    } else if (strcmp(a, "--size") == 0) {
      int br, bc;
      if (!parse_u64(val, SUDOKU_MAX_N, &v) || v < 4)
        return bad_value(a, "a side 4..25", val);
      if (!sudoku_box_shape((int)v, &br, &bc)) {
        br = 1; /* a side without boxes: jigsaw only, checked below */
        bc = (int)v;
      }
      n = (int)v;
      g->opt.box_rows = (uint8_t)br;
      g->opt.box_cols = (uint8_t)bc;
    } else if (strcmp(a, "--givens") == 0) {
      if (!parse_u64(val, SUDOKU_MAX_CELLS, &givens))
        return bad_value(a, "a number of givens, 0 = minimal", val);
    } else if (strcmp(a, "--format") == 0) {
      if (strcmp(val, "svg") == 0 || strcmp(val, "pdf") == 0) {
        g->picture = val[0];
        continue;
      }
      if (strcmp(val, "judge") != 0 && strcmp(val, "line") != 0)
        return bad_value(a, "line, judge, svg or pdf", val);
      g->judge = strcmp(val, "judge") == 0;
    } else if (strcmp(a, "--per-page") == 0) {
      if (!parse_u64(val, 6, &v) || !pdf_per_page_ok((long)v))
        return bad_value(a, "1, 2, 4 or 6", val);
      g->per_page = (int)v;
    } else if (strcmp(a, "--paper") == 0) {
      if (!pdf_paper_from_name(val, strlen(val), &g->paper))
        return bad_value(a, "a4 or letter", val);
    } else if (strcmp(a, "--output") == 0 || strcmp(a, "-o") == 0) {
      if (val[0] == '\0')
        return bad_value(a, "a file name prefix", val);
      g->prefix = val;
    } else if (strcmp(a, "--deadline-ms") == 0) {
      if (!parse_u64(val, 86400000ull, &v))
        return bad_value(a, "milliseconds 0..86400000", val);
      g->opt.deadline_us = v * 1000u;
    } else {
      fprintf(stderr, "sudoku generate: unknown option '%s'\n%s", a, usage);
      return 2;
    }
  }
  if (givens > (unsigned long long)n * (unsigned)n) {
    fprintf(stderr, "sudoku generate: --givens %llu exceeds the %d cells\n",
            givens, n * n);
    return 2;
  }
  g->opt.givens = (uint16_t)givens;
  if (g->opt.rating_min != 0 && g->opt.level != SUDOKU_LEVEL_ANY) {
    fputs("sudoku generate: --rating and --level cannot go together (a band "
          "replaces the level)\n",
          stderr);
    return 2;
  }
  if (g->opt.box_rows == 1 && !(g->kinds >> SUDOKU_RULE_JIGSAW & 1u)) {
    fprintf(stderr,
            "sudoku generate: --size %d has no box shape (a prime side): "
            "only --variant jigsaw takes it\n",
            n);
    return 2;
  }
  if (g->json && (g->picture || g->judge || g->solution)) {
    fputs("sudoku generate: --json holds the solution; it takes no --format "
          "or --solution\n",
          stderr);
    return 2;
  }
  if (g->kinds != 0 && (g->picture || g->judge)) {
    fputs("sudoku generate: --variant prints the variant line format only\n",
          stderr);
    return 2;
  }
  if (g->prefix != NULL && g->picture != 's') {
    fputs("sudoku generate: --output takes --format svg (the other formats "
          "go to stdout)\n",
          stderr);
    return 2;
  }
  bool svg_ok = g->prefix != NULL
                    ? g->count >= 1 && g->count <= CLI_MAX_SVG_FILES
                    : g->count == 1;
  if ((g->picture == 's' && !svg_ok) ||
      (g->picture == 'p' && (g->count == 0 || g->count > PDF_MAX_PUZZLES))) {
    fprintf(stderr, "sudoku generate: --format %s takes --count %s\n",
            g->picture == 's' ? "svg" : "pdf",
            g->picture == 's' ? "1 on stdout, or 1..1000 with --output PREFIX "
                                "(one file a puzzle)"
                              : "1..100");
    return 2;
  }
  return -1;
}

/* One SVG document: on stdout, or into PREFIX-i.svg (i the puzzle's number
 * in the run, 1-based) with the name printed. False, said on stderr, when
 * it could not be written. */
static bool write_svg_file(const struct gen_cli *g, uint64_t i, const char *svg,
                           size_t len) {
  if (g->prefix == NULL)
    return fwrite(svg, 1, len, stdout) == len;
  int digits = snprintf(NULL, 0, "%llu", g->count);
  size_t cap = strlen(g->prefix) + 32;
  char *name = malloc(cap);
  FILE *f = NULL;
  if (name != NULL) {
    snprintf(name, cap, "%s-%0*llu.svg", g->prefix, digits,
             (unsigned long long)i);
    f = fopen(name, "wb");
  }
  bool ok = f != NULL && fwrite(svg, 1, len, f) == len;
  if (f != NULL && fclose(f) != 0)
    ok = false;
  if (ok)
    printf("%s\n", name);
  else
    fprintf(stderr, "sudoku generate: cannot write %s: %s\n",
            name != NULL ? name : g->prefix, strerror(errno));
  free(name);
  return ok;
}

/* The puzzles made (made of them) as the picture asked for (SVG: each on
 * stdout or in its file; PDF: one sheet on stdout); false when one could
 * not be written. */
static bool write_picture(const struct gen_cli *g,
                          const struct sudoku_generated *gen,
                          const uint64_t *seeds, size_t made) {
  char caption[64], title[96];
  if (made == 0)
    return true;
  for (size_t k = 0; g->picture == 's' && k < made; k++) {
    pdf_caption(&gen[k], seeds[k], caption, sizeof caption);
    snprintf(title, sizeof title, "Sudoku %dx%d, %s", gen[k].puzzle.n,
             gen[k].puzzle.n, caption);
    struct sudoku_picture pic = {.givens = &gen[k].puzzle, .title = title};
    size_t need = sudoku_write_svg(&pic, NULL, 0);
    char *svg = malloc(need + 1);
    if (svg == NULL)
      return false;
    sudoku_write_svg(&pic, svg, need + 1);
    bool ok = write_svg_file(g, seeds[k] - g->seed + 1, svg, need);
    free(svg);
    if (!ok)
      return false;
  }
  if (g->picture == 's')
    return true;
  size_t len;
  const char *why;
  char *pdf =
      pdf_write_generated(gen, seeds, made, g->per_page, g->paper, &len, &why);
  if (pdf == NULL) {
    fprintf(stderr, "sudoku generate: no PDF: %s\n", why);
    return false;
  }
  bool ok = fwrite(pdf, 1, len, stdout) == len;
  free(pdf);
  return ok;
}

/* A seed that differs from run to run: the realtime clock in ns. */
static uint64_t clock_seed(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void print_grid(const sudoku_grid *g, bool judge, bool *first) {
  char buf[SUDOKU_TEXT_MAX];
  if (judge) {
    if (!*first)
      fputc('\n', stdout);
    sudoku_write_judge(g, buf, sizeof buf);
  } else {
    sudoku_write_line(g, buf, sizeof buf);
  }
  fputs(buf, stdout);
  *first = false;
}

/* g and r as one line of the variant text format. */
static void print_variant(const sudoku_grid *g, const sudoku_rules *r) {
  char buf[SUDOKU_RULES_TEXT_MAX];
  sudoku_rules_write(g, r, buf, sizeof buf);
  fputs(buf, stdout);
}

int cli_cmd_generate(int argc, char **argv) {
  struct gen_cli g = {.opt = SUDOKU_GENERATE_DEFAULT,
                      .count = 1,
                      .per_page = 4,
                      .paper = PDF_A4};
  sudoku_rules rules;
  g.opt.deadline_us = CLI_DEFAULT_DEADLINE_MS * 1000ull;
  int rc = parse_args(argc, argv, &g);
  if (rc >= 0)
    return rc;
  if (!g.seeded) {
    g.seed = clock_seed();
    fprintf(stderr, "sudoku generate: seed %llu\n", (unsigned long long)g.seed);
  }
  bool first = true;
  rc = 0;
  /* A picture holds every puzzle: they are kept until the end. */
  struct sudoku_generated *kept =
      g.picture ? malloc(g.count * sizeof *kept) : NULL;
  uint64_t *seeds = g.picture ? malloc(g.count * sizeof *seeds) : NULL;
  size_t made = 0;
  if (g.picture && (kept == NULL || seeds == NULL)) {
    fputs("sudoku generate: out of memory\n", stderr);
    free(kept);
    free(seeds);
    return 2;
  }
  for (unsigned long long i = 0; i < g.count; i++) {
    struct sudoku_generated out;
    g.opt.seed = g.seed + i; /* wraps around at 2^64, as documented */
    enum sudoku_status s =
        g.kinds != 0 ? sudoku_generate_rules(&g.opt, g.kinds, &rules, &out)
                     : sudoku_generate(&g.opt, &out);
    if (s == SUDOKU_BAD_VALUE && g.kinds != 0 &&
        (g.kinds & ~SUDOKU_GENERATE_RULE_KINDS) != 0) {
      fputs("sudoku generate: --variant generates x, windoku, jigsaw and "
            "killer puzzles\n",
            stderr);
      return 2;
    }
    if (s == SUDOKU_BAD_RULES) {
      fprintf(stderr,
              "sudoku generate: no %dx%d %s puzzle: windoku needs "
              "square boxes and a side of 9 or more\n",
              g.opt.box_rows * g.opt.box_cols, g.opt.box_rows * g.opt.box_cols,
              "windoku");
      return 2;
    }
    if (s == SUDOKU_BAD_VALUE &&
        !sudoku_generate_level_exists(out.puzzle.n, g.opt.level)) {
      fprintf(stderr,
              "sudoku generate: no %dx%d puzzle is %s (every one rates "
              "easy)\n",
              out.puzzle.n, out.puzzle.n, sudoku_level_name(g.opt.level));
      return 2;
    }
    if (s == SUDOKU_BAD_VALUE || s == SUDOKU_BAD_SHAPE) {
      fprintf(stderr,
              "sudoku generate: %u givens cannot be reached with symmetry "
              "%s on a %dx%d grid (its orbits hold %s cells)\n",
              g.opt.givens, sudoku_symmetry_name(g.opt.symmetry), out.puzzle.n,
              out.puzzle.n,
              g.opt.symmetry == SUDOKU_SYM_ROT90 ? "4 or 1" : "1 or 2");
      return 2;
    }
    if (s != SUDOKU_OK) {
      fprintf(stderr,
              "sudoku generate: puzzle %llu (seed %llu): %s after %u "
              "attempts\n",
              i + 1, (unsigned long long)g.opt.seed, sudoku_strerror(s),
              out.attempts);
      rc = 1;
      if (g.picture)
        continue;
      fputs(first || !g.judge ? "no puzzle\n" : "\nno puzzle\n", stdout);
      first = false;
      rc = 1;
      continue;
    }
    if (g.verbose)
      fprintf(stderr,
              "sudoku generate: puzzle %llu (seed %llu): %u attempts, the "
              "last from seed %llu\n",
              i + 1, (unsigned long long)g.opt.seed, out.attempts,
              (unsigned long long)out.seed);
    if (g.picture) {
      seeds[made] = g.opt.seed;
      kept[made++] = out;
      continue;
    }
    if (g.json) {
      size_t len;
      char *text =
          api_generated_json(&g.opt, NULL, &out, g.kinds ? &rules : NULL, &len);
      if (text != NULL) {
        fputs(text, stdout);
        fputc('\n', stdout);
      }
      free(text);
      continue;
    }
    if (g.kinds != 0) {
      print_variant(&out.puzzle, &rules);
      if (g.solution)
        print_variant(&out.solution, &rules);
      continue;
    }
    print_grid(&out.puzzle, g.judge, &first);
    if (g.solution)
      print_grid(&out.solution, g.judge, &first);
  }
  bool written = !g.picture || write_picture(&g, kept, seeds, made);
  free(kept);
  free(seeds);
  if (!written || fflush(stdout) != 0) {
    fprintf(stderr, "sudoku generate: cannot write the output\n");
    return 2;
  }
  return rc;
}
