/*
 * common.h - what the benchmark programs share (bench/common.c): the clock,
 * reading a corpus file, and timing a peer program (qqwing) on an input.
 * Benchmarks only: errors come back as NULL or a negative time, never an
 * exit.
 */
#ifndef SUDOKUD_BENCH_COMMON_H
#define SUDOKUD_BENCH_COMMON_H

#include <stddef.h>

/* CLOCK_MONOTONIC in microseconds. */
double bench_now_us(void);

/* CPU time of this process (all its threads) in microseconds: what a
 * benchmark on a shared machine compares, since other load stretches wall
 * time but not CPU time. */
double bench_cpu_us(void);

/* The whole file, NUL-terminated (malloc'd, the caller frees), its length
 * in *len; NULL when it cannot be read. */
char *bench_read_file(const char *path, size_t *len);

/* Wall time, in microseconds and process start included, of running argv
 * (argv[0] looked up in PATH) with input[0..len) on its standard input and
 * its output thrown away; negative when it could not run or did not exit
 * 0. */
double bench_time_program(char *const argv[], const char *input, size_t len);

/* bench_time_program, and the program's CPU time (user plus system, in
 * microseconds) into *cpu_us (may be NULL). */
double bench_run_program(char *const argv[], const char *input, size_t len,
                         double *cpu_us);

#endif
