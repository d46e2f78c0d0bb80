#!/usr/bin/env bash
# sanitize.sh - `make sanitize`: the dynamic checks that `make asan` does not
# cover. Exits 1 on any report.
#  1. valgrind memcheck over the check suite (build/valgrind/, -O1 -g): the
#     runner itself (CK_FORK=no, so there is one process to check, not one
#     per test; natively for the http suite, whose timings it would upset),
#     the sudoku CLI and sudokud (SUDOKU_BIN / SUDOKUD_BIN point
#     at wrappers that exec them under valgrind, so the HTTP tests talk to a
#     server running under memcheck). Errors and definite leaks fail. The
#     corpus suite is left out (VALGRIND_SUITES lists the suites run): its
#     ~120,000 solves add ~2 minutes here and `make asan` runs them already.
#     A SUITE:CASE entry runs one test case of a suite: the logic suite's
#     soundness walks and the chains suite's whole paths (a minute natively,
#     most of an hour under memcheck), and the generate suite's every side
#     and level (half a minute natively: the 25x25 puzzles) are left to
#     `make asan` the same way.
#  2. ThreadSanitizer: sudokud and the runner built with -fsanitize=thread
#     (build/tsan/), the HTTP suite against it. Every report is written to
#     build/tsan/reports/ and any report fails, whatever the tests said.
#     Then stress.py's overload and SIGTERM-under-load checks against it,
#     and the CLI's worker threads (solve, rate, steps with --jobs 3).
#
# usage: scripts/sanitize.sh [valgrind|tsan]...   (default: both)
#        env: TSAN_CC (default clang, else cc), VALGRIND_SUITES (default
#        "grid solve format cli api http ..." below; SUITE:CASE picks a case)
set -euo pipefail
cd "$(dirname "$0")/.."
steps=${*:-valgrind tsan}
root=${BUILD:-build}
status=0
results=""

note() { results+=$(printf '%-44s %s' "$1" "$2")$'\n'; }

run_valgrind() {
  local b="$root/valgrind"
  command -v valgrind >/dev/null || {
    echo "sanitize.sh: valgrind not found: apt-get install -y valgrind" >&2
    exit 2
  }
  echo "== valgrind: build ($b)"
  make -s BUILD="$b" CFLAGS="-O1 -g" all "$b/check_sudoku"
  rm -rf "$b/logs"
  mkdir -p "$b/logs"
  local logs
  logs=$(cd "$b/logs" && pwd)
  local vg="valgrind -q --error-exitcode=99 --leak-check=full"
  vg+=" --errors-for-leak-kinds=definite --show-leak-kinds=definite"
  vg+=" --child-silent-after-fork=yes --fair-sched=yes"
  # One wrapper per program: exec keeps the pid, so the tests' SIGTERM
  # reaches the server under valgrind; each process logs to its own file.
  for prog in sudoku sudokud; do
    cat >"$b/vg-$prog" <<WRAP
#!/bin/sh
exec $vg --log-file=$logs/$prog.%p.log $(pwd)/$b/$prog "\$@"
WRAP
    chmod +x "$b/vg-$prog"
  done
  # check 0.15 has CK_RUN_SUITE but no way to exclude one: one run a suite.
  local suites=${VALGRIND_SUITES:-grid solve format cli api http ops
    toolkit http_toolkit cli_logic cli_generate generate:generate logic:api
    logic:techniques chains:steps}
  local rc=0 s tc
  echo "== valgrind: suites $suites"
  for s in $suites; do
    tc=""
    if [ "${s#*:}" != "$s" ]; then
      tc=${s#*:}
      s=${s%%:*}
    fi
    # The http suite times its clients (5 answers in 0.9 s while a slow
    # solve runs): there only the server runs under memcheck, the runner
    # natively, or the runner's own slowdown fails that timing.
    local runner="$vg --log-file=$logs/check.$s${tc:+.$tc}.%p.log"
    case $s in http | http_toolkit) runner="" ;; esac
    # shellcheck disable=SC2086
    env CK_FORK=no CK_RUN_SUITE=$s ${tc:+CK_RUN_CASE=$tc} SUDOKU_BIN="$b/vg-sudoku" \
      SUDOKUD_BIN="$b/vg-sudokud" timeout 900 $runner \
      "$b/check_sudoku" || rc=$?
  done
  # -q: a log file holds something only when valgrind found something.
  local dirty
  dirty=$(find "$logs" -type f -size +0 | sort)
  local n_logs
  n_logs=$(find "$logs" -type f | wc -l)
  if [ "$rc" -ne 0 ] || [ -n "$dirty" ]; then
    status=1
    note "valgrind memcheck ($n_logs processes)" "FAIL (exit $rc)"
    show_reports 60 $dirty
  else
    note "valgrind memcheck ($n_logs processes)" "PASS (0 errors, 0 definite leaks)"
  fi
}

# show_reports LINES FILE...: the head of each report, on stderr.
show_reports() {
  local lines=$1
  shift
  for f in "$@"; do
    echo "---- $f" >&2
    head -"$lines" "$f" >&2
  done
}

run_tsan() {
  local b="$root/tsan"
  local cc=${TSAN_CC:-clang}
  command -v "$cc" >/dev/null || cc=cc
  echo "== tsan: build ($b, $cc)"
  make -s BUILD="$b" CC="$cc" CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=thread" \
    LDFLAGS="-fsanitize=thread" "$b/sudokud" "$b/sudoku" "$b/check_sudoku"
  rm -rf "$b/reports"
  mkdir -p "$b/reports"
  local reports
  reports=$(cd "$b/reports" && pwd)
  echo "== tsan: http suite against $b/sudokud"
  local rc=0
  CK_RUN_SUITE=http CK_TIMEOUT_MULTIPLIER=3 SUDOKUD_BIN="$b/sudokud" \
    TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 log_path=$reports/tsan" \
    timeout 600 "$b/check_sudoku" || rc=$?
  # More concurrency than the tests have: overload beyond the queue and
  # SIGTERM under load (the latency and memory checks of stress.py mean
  # nothing under TSan, so only these two run here).
  echo "== tsan: stress overload,sigterm against $b/sudokud"
  TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 log_path=$reports/tsan" \
    timeout 300 /usr/bin/python3 scripts/stress/stress.py "$b/sudokud" \
    --quick --only overload,sigterm || rc=$?
  # The CLI's worker threads: solve, rate and steps with --jobs 3 (answers
  # written in input order by the main thread while workers fill batches).
  echo "== tsan: sudoku solve, rate and steps --jobs 3"
  local sample=tests/data/top1465.txt
  for cmd in solve rate steps; do
    head -n 40 "$sample" |
      TSAN_OPTIONS="halt_on_error=1 exitcode=66 log_path=$reports/tsan" \
        timeout 300 "$b/sudoku" $cmd --jobs 3 >/dev/null 2>&1 || {
      local c=$?
      [ "$c" -eq 1 ] || rc=$c # 1: some puzzle unsolved, not a race
    }
  done
  local found
  found=$(find "$reports" -type f | sort)
  if [ "$rc" -ne 0 ] || [ -n "$found" ]; then
    status=1
    note "tsan http suite + stress overload,sigterm + CLI --jobs" "FAIL (exit $rc, $(echo "$found" | grep -c . || true) reports)"
    show_reports 80 $found
  else
    note "tsan http suite + stress overload,sigterm + CLI --jobs" "PASS (0 reports)"
  fi
}

for s in $steps; do
  case $s in
  valgrind) run_valgrind ;;
  tsan) run_tsan ;;
  *)
    echo "sanitize.sh: unknown step $s (valgrind, tsan)" >&2
    exit 2
    ;;
  esac
done
echo "== sanitize summary"
printf '%s' "$results"
exit "$status"
