#!/usr/bin/env bash
# tests/systemd/run.sh SUDOKUD - checks deploy/systemd/ without a running
# systemd (systemd-analyze works on unit files offline):
#  1. `systemd-analyze verify` clean, on the unit as committed except that
#     ExecStart points at a staged `make install` (PREFIX=/usr), whose man
#     page answers Documentation=man:sudokud(8);
#  2. `systemd-analyze security --offline=yes` exposure <= 2.0;
#  3. DRAIN_MS of the environment file (else sudokud's default) below
#     TimeoutStopSec, with both read by systemd-analyze timespan;
#  4. sudokud started with the environment file (only PORT changed) under
#     strace: it answers, drains on SIGTERM and exits 0 within
#     TimeoutStopSec, and every system call it made is one that the unit's
#     SystemCallFilter allows (an EPERM under systemd otherwise).
# Environment: SYSTEMD_TEST_PORT (default 18380). Exits non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
SUDOKUD=${1:-build/sudokud}
UNIT=deploy/systemd/sudokud.service
ENVFILE=deploy/systemd/sudokud.env
TEST_PORT=${SYSTEMD_TEST_PORT:-18380}
MAX_EXPOSURE=2.0

fail() {
  echo "systemd-test: FAIL: $*" >&2
  exit 1
}
tmp=$(mktemp -d /tmp/systemd-test.XXXXXX)
pid=""
cleanup() {
  if [ -n "$pid" ]; then
    # sudokud (the child of strace) first: killing strace alone leaves it.
    pkill -KILL -P "$pid" 2>/dev/null || true
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
command -v systemd-analyze >/dev/null || fail "systemd-analyze missing (apt-get install systemd)"
command -v strace >/dev/null || fail "strace missing (apt-get install strace)"
[ "$(cat /proc/1/comm)" = systemd ] || echo "(PID 1 is $(cat /proc/1/comm), not systemd: offline checks)"

echo "== systemd-analyze verify"
make --no-print-directory -s install-bin install-man DESTDIR="$tmp/root" PREFIX=/usr >/dev/null
exec_start=$(sed -n 's/^ExecStart=//p' "$UNIT")
[ "$exec_start" = /usr/bin/sudokud ] || fail "ExecStart is '$exec_start', not /usr/bin/sudokud"
mkdir -p "$tmp/unit"
sed "s|^ExecStart=/usr/bin/sudokud|ExecStart=$tmp/root/usr/bin/sudokud|" "$UNIT" \
  >"$tmp/unit/sudokud.service"
if ! out=$(MANPATH=$tmp/root/usr/share/man systemd-analyze verify \
  "$tmp/unit/sudokud.service" 2>&1) || [ -n "$out" ]; then
  fail "systemd-analyze verify: $out"
fi
echo "verify: clean"

echo "== systemd-analyze security"
sec=$(systemd-analyze security --offline=yes --no-pager "$tmp/unit/sudokud.service" 2>&1) || true
grep -v '^✓' <<<"$sec" | sed 's/ *$//' | grep -v '^$' | sed 's/^/  /'
score=$(sed -n 's/.*Overall exposure level for sudokud.service: \([0-9.]*\).*/\1/p' <<<"$sec")
[ -n "$score" ] || fail "no exposure level in: $sec"
awk -v s="$score" -v m="$MAX_EXPOSURE" 'BEGIN { exit !(s <= m) }' ||
  fail "exposure $score is above $MAX_EXPOSURE"
echo "exposure: $score (limit $MAX_EXPOSURE)"

echo "== DRAIN_MS < TimeoutStopSec"
usec() { systemd-analyze timespan "$1" | sed -n 's/^ *μs: *//p'; }
stop=$(sed -n 's/^TimeoutStopSec=//p' "$UNIT")
[ -n "$stop" ] || fail "no TimeoutStopSec= in $UNIT (the default is 90 s; say it)"
drain=$(sed -n 's/^DRAIN_MS=//p' "$ENVFILE")
if [ -z "$drain" ]; then
  drain=$("$SUDOKUD" --help | sed -n 's/.*--drain-ms.*(default \([0-9]*\)).*/\1/p')
fi
[ -n "$drain" ] || fail "cannot tell DRAIN_MS"
stop_us=$(usec "$stop")
drain_us=$((drain * 1000))
[ "$drain_us" -lt "$stop_us" ] || fail "DRAIN_MS=$drain is not below TimeoutStopSec=$stop"
echo "DRAIN_MS=$drain ms < TimeoutStopSec=$stop ($((stop_us / 1000)) ms)"

echo "== sudokud with $ENVFILE under strace: serve, SIGTERM, system calls"
(
  set -a
  # shellcheck disable=SC1090
  . "./$ENVFILE"
  PORT=$TEST_PORT
  set +a
  # The staged binary finds its openapi.yaml in ../share/sudokud as it does
  # once installed.
  exec strace -f -qq -o "$tmp/trace" "$tmp/root/usr/bin/sudokud"
) 2>"$tmp/log" &
pid=$!
up=0
for _ in $(seq 1 100); do
  if curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$TEST_PORT/healthz" 2>/dev/null; then
    up=1
    break
  fi
  kill -0 "$pid" 2>/dev/null || fail "sudokud exited: $(cat "$tmp/log")"
  sleep 0.1
done
[ "$up" -eq 1 ] || fail "no /healthz within 10 s: $(cat "$tmp/log")"
for path in / /readyz /metrics /openapi.yaml; do
  code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$TEST_PORT$path")
  [ "$code" = 200 ] || fail "GET $path answered $code"
done
got=$(curl -sS --max-time 10 --data-binary @tests/data/judge/boj2580.in \
  "http://127.0.0.1:$TEST_PORT/solve?format=line")
[ "$got" = 135469278782135649469278135321546897874913526596827413917652384643781952258394761 ] ||
  fail "POST /solve answered $got"
# A 16x16 puzzle goes to a worker thread: its system calls count too.
p16=$(head -n 1 tests/data/generated_16x16_45pct.txt)
code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 10 --data-binary "$p16" \
  "http://127.0.0.1:$TEST_PORT/solve")
[ "$code" = 200 ] || fail "POST /solve (16x16) answered $code"
s=$(date +%s%N)
child=$(pgrep -P "$pid" -x sudokud) || fail "no sudokud process under strace"
kill -TERM "$child"
rc=0
wait "$pid" || rc=$?
pid=""
took_ms=$((($(date +%s%N) - s) / 1000000))
[ "$rc" -eq 0 ] || fail "exit status $rc after SIGTERM: $(cat "$tmp/log")"
grep -q '^stopped$' "$tmp/log" || fail "no 'stopped' in the log: $(cat "$tmp/log")"
[ $((took_ms * 1000)) -lt "$stop_us" ] || fail "stopping took $took_ms ms, over TimeoutStopSec"
echo "SIGTERM: exit 0 after $took_ms ms"
/usr/bin/python3 tests/systemd/syscalls.py "$UNIT" "$tmp/trace"
echo "systemd-test: OK"
