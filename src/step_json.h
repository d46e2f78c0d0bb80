/*
 * step_json.h - the one writer of a logic step and of a rating as JSON,
 * shared by the `sudoku` command (steps --json, rate --json, hint) and
 * sudokud (/hint, /steps, /rate): both print the same bytes for the same
 * step or rating. It knows no cJSON (the CLI does
 * not link it) and the core stays JSON-free, so it lives beside them, as
 * read_all does. Text goes to a sink: a FILE, a growing buffer.
 *
 * A step is {"technique", "name", "rating", "placements": [{"cell",
 * "value"}], "eliminations": [...], "cells": [...], "units": [...],
 * "values": [...], "chain": [{"cell", "value", "link"}], "explanation"};
 * strings are escaped as cJSON escapes them.
 */
#ifndef SUDOKUD_STEP_JSON_H
#define SUDOKUD_STEP_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "sudoku_logic.h"
#include "sudoku_rules.h"

/* Where the text goes: put(ctx, s, n) appends n bytes of s. */
struct json_sink {
  void (*put)(void *ctx, const char *s, size_t n);
  void *ctx;
};

/* The members of a step of a grid of side n, without the braces (to
 * follow other members of the same object). */
void step_json_members(const struct json_sink *out,
                       const struct sudoku_step *st, int n);

/* step_json_members for a puzzle g under rules r (NULL or no extras: the
 * classic members): units named as the rules name them, the sentence of
 * sudoku_step_explain_rules. */
void step_json_members_rules(const struct json_sink *out,
                             const struct sudoku_step *st, int n,
                             const sudoku_grid *g, const sudoku_rules *r);

/* The step as one object: {members}. */
void step_json_write(const struct json_sink *out, const struct sudoku_step *st,
                     int n);

/* A rating (x10) as a JSON number with one decimal: 66 -> 6.6, 20 -> 2.0. */
void rating_json_number(const struct json_sink *out, unsigned rating10);

/* The steps per technique of a rating, {"hidden-single":41,...}: the
 * techniques used, in table order. */
void rating_json_counts(const struct json_sink *out,
                        const struct sudoku_rating *r);

/* SE's three ratings of a path as the forum's lists write them after a
 * puzzle, ER/EP/ED behind "ED=" (serate's form): "ED=8.3/2.6/2.6". ER is
 * the rating (the hardest step), EP the hardest step up to the first
 * placement, ED the first step (struct sudoku_rating). */
void rating_forum_triple(const struct json_sink *out,
                         const struct sudoku_rating *r);

/* The members of a rating, without the braces: "rating", "er" (the same
 * number, SE's name), "ep", "ed", "level", "hardest", "solved",
 * "step_count" when step_count, "counts". */
void rating_json_members(const struct json_sink *out,
                         const struct sudoku_rating *r, bool step_count);

#endif
