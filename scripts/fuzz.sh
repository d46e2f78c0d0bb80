#!/usr/bin/env bash
# fuzz.sh - `make fuzz`: builds the libFuzzer targets of tests/fuzz/ into
# build/fuzz/ with clang -fsanitize=fuzzer,address,undefined and runs each
# for SECONDS (default 60), one after the other, from a copy of its seed
# corpus (tests/fuzz/corpus/<target>/ is never written to). Prints the
# executions of each target; exits 1 on any crash, leak, timeout, sanitizer
# report or out-of-memory (the reproducer is left in build/fuzz/artifacts/).
#
# usage: scripts/fuzz.sh [SECONDS]        (env: CC=clang, BUILD=build,
#                                          FUZZ_TARGETS="reader rules marks json handler fpuzzles")
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
cc=${FUZZ_CC:-clang}
out=${BUILD:-build}/fuzz
targets=${FUZZ_TARGETS:-reader rules marks json handler fpuzzles}

command -v "$cc" >/dev/null || {
  echo "fuzz.sh: $cc not found: apt-get install -y clang" >&2
  exit 2
}
cflags="-g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined
  -fno-sanitize-recover=all -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra
  -Iinclude -Isrc -Isrc/core -Isrc/api $(pkg-config --cflags libcjson)"
libs="$(pkg-config --libs libcjson) -lhpdf -lm"
mkdir -p "$out"
# The code under test is compiled into every target (instrumented for
# coverage); the system cJSON is linked as it is.
for t in $targets; do
  echo "== build fuzz_$t"
  # shellcheck disable=SC2086
  "$cc" $cflags src/core/*.c src/core/*/*.c src/api/*.c src/step_json.c src/pdf.c \
    "tests/fuzz/fuzz_$t.c" $libs \
    -o "$out/fuzz_$t"
done

status=0
summary=""
for t in $targets; do
  work="$out/corpus/$t"
  arts="$out/artifacts/$t/"
  mkdir -p "$work" "$arts"
  cp -n tests/fuzz/corpus/"$t"/* "$work"/ 2>/dev/null || true
  log="$out/fuzz_$t.log"
  echo "== fuzz_$t for ${secs}s (log: $log)"
  rc=0
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
  UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
    "$out/fuzz_$t" -max_total_time="$secs" -rss_limit_mb=2048 -timeout=10 \
    -print_final_stats=1 -artifact_prefix="$arts" "$work" >"$log" 2>&1 ||
    rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$({ grep -o 'cov: [0-9]*' "$log" || true; } | tail -1 | cut -d' ' -f2)
  # A sanitizer report fails the run even if the exit status did not say so.
  if [ "$rc" -ne 0 ] || grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|SUMMARY: ' "$log"; then
    verdict=FAIL
    status=1
    { grep -E 'ERROR|runtime error|SUMMARY|Test unit written' "$log" || true; } |
      head -20 >&2
  else
    verdict=PASS
  fi
  summary+=$(printf '%-14s %12s execs %6s cov  %s\n' "fuzz_$t" "${execs:-?}" \
    "${cov:-?}" "$verdict")$'\n'
done
echo "== fuzz summary (${secs}s each)"
printf '%s' "$summary"
exit "$status"
