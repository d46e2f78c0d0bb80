#!/usr/bin/env bash
# tests/proxy/run.sh - `make proxy-test`: deploy/nginx.conf for real, in
# front of two build/sudokud instances, all on loopback (ports 18280-18282,
# or PROXY_PORT from the environment and the two after it).
#
# The config is used as committed except for its three ports (a sed below);
# its pid, log and temp paths are relative to nginx's prefix, here a fresh
# folder. Prints one PASS/FAIL line per check, exits 1 on any failure, and
# stops every process it started on the way out. KEEP=1 keeps the folder
# (logs, config); it is kept anyway when a check fails. PROXY_CONF runs
# another config instead (how each check was seen to fail without the
# directive it is about).
#
# Checks: a solve; X-Request-Id kept, made, echoed and logged by nginx and
# sudokud; X-Forwarded-For as sudokud logs it; both instances used; idle
# upstream connections kept; the 1 MiB limit at nginx as a JSON problem;
# sudokud's own 413 passing through; SIGTERM to one instance, then both
# (exit 0, 20/20 answered, then 502 as JSON); SIGKILL mid-request (resent).
#
# usage: tests/proxy/run.sh [SUDOKUD]      (run `make` first)
#
# (check NAME eval '...': single quotes on purpose, expanded when run.)
# shellcheck disable=SC2016
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

sudokud=${1:-build/sudokud}
conf=${PROXY_CONF:-deploy/nginx.conf}
port=${PROXY_PORT:-18280}
a_port=$((port + 1))
b_port=$((port + 2))
url="http://127.0.0.1:$port"

sh scripts/deps.sh nginx curl jq iproute2 || exit 1
if [ ! -x "$sudokud" ]; then
  echo "FAIL $sudokud is missing: run make first"
  exit 1
fi

# nginx's workers run as nobody when it is started as root: they must be
# able to reach the prefix (client_body_temp holds bodies over 16k).
work=$(mktemp -d "${TMPDIR:-/tmp}/sudokud-proxy.XXXXXX")
chmod 755 "$work"
mkdir -p "$work/logs"

nginx_pid=""
a_pid=""
b_pid=""
slow_pids=()
failed=0
cleanup() {
  for p in $nginx_pid $a_pid $b_pid "${slow_pids[@]}"; do
    kill -TERM "$p" 2>/dev/null
  done
  for p in $nginx_pid $a_pid $b_pid "${slow_pids[@]}"; do
    wait "$p" 2>/dev/null
  done
  if [ "$failed" -eq 0 ] && [ -z "${KEEP:-}" ]; then
    rm -rf "$work"
  else
    echo "logs and config kept in $work"
  fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM

pass() { echo "PASS $*"; }
fail() {
  echo "FAIL $*"
  failed=$((failed + 1))
}
# check NAME COMMAND...: PASS when the command succeeds.
check() {
  local name=$1
  shift
  if "$@"; then pass "$name"; else fail "$name"; fi
}

# A puzzle and its only solution (README).
puzzle='53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
solution='534678912672195348198342567859761423426853791713924856961537284287419635345286179'
json="{\"puzzle\":\"$puzzle\"}"

# post ARGS...: POST to nginx's /solve; the status on stdout, the headers
# and the body in $work/headers and $work/body.
post() {
  curl -sS --max-time 15 -o "$work/body" -D "$work/headers" -w '%{http_code}' \
    -H 'Content-Type: application/json' "$@" "$url/solve"
}
header() { # header NAME: its value in the last response
  tr -d '\r' <"$work/headers" | awk -v n="$(tr '[:upper:]' '[:lower:]' <<<"$1")" -F': ' \
    'tolower($1) == n {v = $2} END {print v}'
}
solved() { jq -e --arg s "$solution" '.line == $s and .unique == true' \
  "$work/body" >/dev/null 2>&1; }
# problem STATUS: the last response is an RFC 9457 problem in JSON, not HTML.
problem() {
  [[ "$(header Content-Type)" == application/problem+json* ]] &&
    ! grep -qi '<html' "$work/body" &&
    jq -e --argjson s "$1" '(.type | type) == "string" and
      (.title | type) == "string" and (.detail | type) == "string" and
      .status == $s' "$work/body" >/dev/null 2>&1
}
# log_line ID: the sudokud access-log line of that request (the log is
# written as the response completes, so it may lag the client a little).
log_line() {
  for _ in $(seq 40); do
    if grep -h -F "id=$1" "$work/a.log" "$work/b.log" 2>/dev/null; then
      return 0
    fi
    sleep 0.05
  done
  return 1
}
# ngx_line ID: nginx's access-log line of that request.
ngx_line() {
  for _ in $(seq 40); do
    grep -F "id=$1" "$work/logs/access.log" 2>/dev/null && return 0
    sleep 0.05
  done
  return 1
}
solve_lines() { grep -c '"POST /solve" ' "$1" 2>/dev/null; }
# stopped PID: waits (at most 15 s) for a process sent SIGTERM; its status.
stopped() {
  for _ in $(seq 150); do
    kill -0 "$1" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$1" 2>/dev/null; then
    kill -KILL "$1"
    wait "$1" 2>/dev/null
    return 99
  fi
  wait "$1"
}
up() { # up URL: waits (at most 5 s) for a 200 from URL
  for _ in $(seq 50); do
    curl -fsS --max-time 1 -o /dev/null "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

# start_instances SUFFIX: sudokud a and b behind nginx, logs a$SUFFIX.log
# and b$SUFFIX.log; sets a_pid and b_pid.
start_instances() {
  "$sudokud" --bind 127.0.0.1 --port "$a_port" --trusted-proxies 127.0.0.1 \
    --deadline-ms 2000 2>"$work/a$1.log" &
  a_pid=$!
  "$sudokud" --bind 127.0.0.1 --port "$b_port" --trusted-proxies 127.0.0.1 \
    --deadline-ms 2000 2>"$work/b$1.log" &
  b_pid=$!
}

start=$EPOCHREALTIME

# Two instances, and the config with this test's ports.
start_instances ""
sed -e "s/^\( *listen \)8080;/\1127.0.0.1:$port;/" \
  -e "s/127\.0\.0\.1:8081;/127.0.0.1:$a_port;/" \
  -e "s/127\.0\.0\.1:8082;/127.0.0.1:$b_port;/" "$conf" >"$work/nginx.conf"
if ! up "http://127.0.0.1:$a_port/healthz" ||
  ! up "http://127.0.0.1:$b_port/healthz"; then
  fail "two sudokud instances start on ports $a_port and $b_port"
  cat "$work/a.log" "$work/b.log"
  exit 1
fi
if ! nginx -t -q -p "$work/" -c "$work/nginx.conf" -e "$work/logs/error.log"; then
  fail "nginx -t accepts $conf"
  exit 1
fi
nginx -p "$work/" -c "$work/nginx.conf" -e "$work/logs/error.log" \
  2>"$work/nginx.stderr" &
nginx_pid=$!
if ! up "$url/healthz"; then
  fail "nginx starts on port $port"
  cat "$work/nginx.stderr" "$work/logs/error.log"
  exit 1
fi
pass "nginx on :$port in front of sudokud on :$a_port and :$b_port"

# 1. A solve through nginx.
code=$(post -d "$json")
check "POST /solve through nginx: 200 with the solution" \
  test "$code" = 200 -a -n "$(solved && echo y)"

# 2. The client's X-Request-Id: echoed, and in one instance's log.
id="proxy-test-$$-$RANDOM"
code=$(post -H "X-Request-Id: $id" -d "$json")
line=$(log_line "$id")
check "client X-Request-Id echoed and logged by sudokud ($line)" \
  test "$code" = 200 -a "$(header X-Request-Id)" = "$id" -a -n "$line"
check "client X-Request-Id in nginx's access log" \
  eval 'ngx_line "$id" >/dev/null'

# 3. No X-Request-Id: nginx makes one, sudokud keeps and logs it. An id
# sudokud would refuse (a space in it) is replaced the same way.
code=$(post -d "$json")
gen=$(header X-Request-Id)
line=$(log_line "$gen")
check "no X-Request-Id: nginx's id $gen echoed and logged by sudokud" \
  test "$code" = 200 -a ${#gen} -eq 32 -a -n "$line"
code=$(post -H 'X-Request-Id: two words' -d "$json")
gen=$(header X-Request-Id)
check "an invalid X-Request-Id is replaced by nginx's ($gen)" \
  test "$code" = 200 -a ${#gen} -eq 32 -a -n "$(log_line "$gen")"

# 4. X-Forwarded-For. A client behind another trusted hop (127.0.0.1)
# that forwards for 203.0.113.7: nginx appends the hop, sudokud walks back
# over trusted addresses to the client.
id="xff-chain-$$"
post -H "X-Request-Id: $id" -H 'X-Forwarded-For: 203.0.113.7' -d "$json" >/dev/null
line=$(log_line "$id")
check "X-Forwarded-For chain logged as 203.0.113.7 via 127.0.0.1 ($line)" \
  grep -q '^203\.0\.113\.7 via 127\.0\.0\.1 "POST /solve" 200 ' <<<"$line"
# A client at 127.0.0.2 (not trusted) forging the header: nginx appends
# the real address, which is what sudokud logs.
id="xff-forged-$$"
post --interface 127.0.0.2 -H "X-Request-Id: $id" \
  -H 'X-Forwarded-For: 203.0.113.7' -d "$json" >/dev/null
line=$(log_line "$id")
check "a forged X-Forwarded-For is ignored: 127.0.0.2 via 127.0.0.1 ($line)" \
  grep -q '^127\.0\.0\.2 via 127\.0\.0\.1 "POST /solve" 200 ' <<<"$line"

# 5. Requests are spread over both instances.
for _ in $(seq 10); do post -d "$json" >/dev/null; done
sleep 0.2
na=$(solve_lines "$work/a.log")
nb=$(solve_lines "$work/b.log")
check "requests spread over both instances (/solve lines: a=$na b=$nb)" \
  test "${na:-0}" -gt 0 -a "${nb:-0}" -gt 0

# Upstream keepalive: nginx keeps its connections to the instances open
# after the requests above instead of closing each one.
conns=$(ss -Htn state established "( dport = :$a_port or dport = :$b_port )" |
  wc -l)
check "upstream keepalive: $conns idle nginx->sudokud connections kept open" \
  test "$conns" -gt 0

# 6. Body limits. Exactly 1 MiB passes both (JSON padded with spaces), one
# byte more is refused by nginx as a problem, chunked too, and sudokud's
# own 413 (too many puzzles) passes through unchanged.
{
  printf '%s' "$json"
  head -c $((1048576 - ${#json})) /dev/zero | tr '\0' ' '
} >"$work/1mib.json"
{
  cat "$work/1mib.json"
  printf ' '
} >"$work/over.json"
code=$(post --data-binary @"$work/1mib.json")
check "a body of exactly 1 MiB is solved (limits equal: 200)" \
  test "$code" = 200 -a -n "$(solved && echo y)"
id="too-large-$$"
code=$(post -H "X-Request-Id: $id" --data-binary @"$work/over.json")
check "1 MiB + 1 byte: nginx's 413 as application/problem+json" \
  eval 'test "$code" = 413 && problem 413 &&
    jq -e ".type == \"/problems/body-too-large\" and .request_id == \"$id\"" \
      "$work/body" >/dev/null'
line=$(ngx_line "$id")
check "... refused at nginx, no upstream tried ($line)" \
  eval 'grep -q " 413 .* upstream=- " <<<"$line" &&
    ! grep -q -F "id=$id" "$work/a.log" "$work/b.log"'
code=$(post -H 'Transfer-Encoding: chunked' --data-binary @"$work/over.json")
check "1 MiB + 1 byte chunked: 413 as application/problem+json" \
  eval 'test "$code" = 413 && problem 413'
jq -n --arg p "$puzzle" '{puzzles: [range(101) | $p]}' >"$work/many.json"
id="too-many-$$"
code=$(post -H "X-Request-Id: $id" --data-binary @"$work/many.json")
check "101 puzzles: sudokud's own 413 too-many-puzzles passes through" \
  eval 'test "$code" = 413 && problem 413 &&
    jq -e ".type == \"/problems/too-many-puzzles\"" "$work/body" >/dev/null &&
    log_line "$id" >/dev/null'

# 6b. What only libmicrohttpd could answer (a malformed Content-Length gets
# its HTML reply twice; a NUL in a header value is cut short there) is
# refused by nginx once, as JSON, and never reaches an instance.
raw_once() { # BYTES (printf format) -> "status answers upstream_lines"
  local before after out
  before=$(cat "$work/a.log" "$work/b.log" | wc -l)
  out=$(python3 - "$port" "$1" <<'PY'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=3)
s.sendall(sys.argv[2].encode("latin-1").decode("unicode_escape").encode("latin-1"))
buf = b""
try:
    while True:
        d = s.recv(65536)
        if not d:
            break
        buf += d
except socket.timeout:
    pass
status = buf.split(b" ", 2)[1].decode() if buf.startswith(b"HTTP/") else "0"
json = b"application/problem+json" in buf
print(status, buf.count(b"\r\nDate: "), "json" if json else "html")
PY
)
  sleep 0.2
  after=$(cat "$work/a.log" "$work/b.log" | wc -l)
  echo "$out $((after - before))"
}
for cl in '-1' '+82' '0x52' '82, 82' '12345678901234567890123'; do
  got=$(raw_once "POST /solve HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: $cl\\r\\n\\r\\n")
  check "Content-Length: $cl through nginx: one 400 problem, no upstream ($got)" \
    test "$got" = "400 1 json 0"
done
got=$(raw_once "GET /healthz HTTP/1.1\\r\\nHost: x\\r\\nX-A: a\\x00b\\r\\n\\r\\n")
check "a NUL in a header value through nginx: one 400 problem ($got)" \
  test "$got" = "400 1 json 0"
# What libmicrohttpd drops unanswered, answers as HTML, or never shows
# sudokud (sudokud(8), LIBMICROHTTPD VERSIONS): one problem each from nginx.
got=$(raw_once "GARBAGE\\r\\n\\r\\n")
check "a request line that is not one through nginx: one 400 problem ($got)" \
  test "$got" = "400 1 json 0"
got=$(raw_once "GET /healthz HTTP/2.0\\r\\nHost: x\\r\\n\\r\\n")
check "HTTP/2.0 in a request line through nginx: one 505 problem ($got)" \
  test "$got" = "505 1 json 0"
long=$(printf 'a%.0s' $(seq 9000))
got=$(raw_once "GET /$long HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n")
check "a 9000-byte target through nginx: one 414 problem ($got)" \
  test "$got" = "414 1 json 0"
got=$(raw_once "GET /healthz HTTP/1.1\\r\\nHost: x\\r\\nX-F: $long\\r\\n\\r\\n")
check "a 9000-byte header field through nginx: one 431 problem ($got)" \
  test "$got" = "431 1 json 0"
got=$(raw_once "POST /solve HTTP/1.1\\r\\nHost: x\\r\\nTransfer-Encoding: gzip\\r\\n\\r\\nabc")
check "Transfer-Encoding: gzip through nginx: refused once, no upstream ($got)" \
  test "$got" = "501 1 json 0"

# 7. One instance stops (SIGTERM, as in a rolling restart): the next 20
# requests, sent at once while it drains, all succeed on the other.
nb0=$(solve_lines "$work/b.log")
kill -TERM "$a_pid"
ok=0
codes=""
for _ in $(seq 20); do
  code=$(post -d "$json")
  if [ "$code" = 200 ] && solved; then ok=$((ok + 1)); fi
  codes="$codes $code"
done
check "instance a stopped: 20/20 requests still 200 (got $ok:$codes)" \
  test "$ok" -eq 20
stopped "$a_pid"
rc=$?
a_pid=""
check "instance a exits 0 on SIGTERM (status $rc)" test "$rc" -eq 0
nb1=$(solve_lines "$work/b.log")
echo "     (instance b answered $((nb1 - nb0)) of them)"

# 8. Both stopped: nginx's 502 (or 503) as a problem, not HTML.
kill -TERM "$b_pid"
stopped "$b_pid"
rc=$?
b_pid=""
check "instance b exits 0 on SIGTERM (status $rc)" test "$rc" -eq 0
id="all-down-$$"
code=$(post -H "X-Request-Id: $id" -d "$json")
check "both stopped: $code as application/problem+json, not HTML" \
  eval '{ test "$code" = 502 || test "$code" = 503; } && problem "$code" &&
    test "$(header X-Request-Id)" = "$id"'
cp "$work/body" "$work/502.json"
code=$(post -d "$json")
check "... and again (upstreams marked down): $code as a problem" \
  eval '{ test "$code" = 502 || test "$code" = 503; } && problem "$code"'

# 9. A crash mid-request. Fresh instances, nginx reloaded (new workers
# forget the failures above); slow solves (a 25x25 whose row 1 hides a
# pigeonhole, see tests/test_http.c: runs to the 2 s deadline) in flight, then instance b is killed (SIGKILL):
# the ones it held are resent to a (non_idempotent), so every client hears
# sudokud's 422 deadline-exceeded, none nginx's 502. Two more requests than
# nginx has workers: some worker sends two, and round robin gives b one.
start_instances 2
up "http://127.0.0.1:$a_port/healthz" && up "http://127.0.0.1:$b_port/healthz"
kill -HUP "$nginx_pid"
sleep 0.5
up "$url/healthz"
slow='{"puzzle":"D....................................345BC............................6789A...............6789A12345............89A12345BC.................7....8....9............689C.B.2A.4..............C.....137528B............BA.79.563.1..............5...A..4C.6................4A57...B.C6.............B3..28.9A.7.............A56...B....13.............1..496C28................2C..13..4.5.............7..3........8..............148....6CB..............62.1AC..95.7...............2B5.9....4................6..7.1A32............1.B9.C7.4................23...6.B5.7AC.............785..2..3...............9C.834A...B21............4......18.96."}'
nslow=$(($(getconf _NPROCESSORS_ONLN) + 2))
for k in $(seq "$nslow"); do
  curl -sS --max-time 15 -o "$work/slow$k" -w '%{http_code}' \
    -H 'Content-Type: application/json' -H "X-Request-Id: slow-$k-$$" \
    -d "$slow" "$url/solve" >"$work/slow$k.code" &
  slow_pids+=($!)
done
sleep 0.5
kill -KILL "$b_pid"
wait "$b_pid" 2>/dev/null
b_pid=""
wait "${slow_pids[@]}"
codes=$(for k in $(seq "$nslow"); do cat "$work/slow$k.code"; echo; done | tr '\n' ' ')
n422=$(grep -c -E '^(422|503)$' <<<"${codes// /$'\n'}")
retried=$(grep 'id=slow-' "$work/logs/access.log" | grep -c "upstream=[^ ]*, ")
slow_ok() {
  local k
  test "$n422" -eq "$nslow" -a "$retried" -gt 0 || return 1
  for k in $(seq "$nslow"); do
    jq -e '.type == "/problems/deadline-exceeded" or
      .type == "/problems/queue-timeout"' "$work/slow$k" \
      >/dev/null 2>&1 || return 1
  done
}
# The resent ones arrive late at the other instance: the deadline counts
# from arrival there, so sudokud answers 422 deadline-exceeded, or 503
# queue-timeout when its workers are busy past it; never nginx's 502.
check "instance b killed mid-request: $nslow slow solves all answered by sudokud, 422/503 ($codes; $retried resent)" \
  slow_ok
kill -TERM "$a_pid"
stopped "$a_pid"
a_pid=""

if [ "$failed" -gt 0 ]; then
  echo "proxy-test: $failed check(s) failed"
  echo "--- nginx error log"
  tail -n 20 "$work/logs/error.log"
  exit 1
fi
awk -v a="$start" -v b="$EPOCHREALTIME" \
  'BEGIN {printf "proxy-test: all checks passed in %.1f s\n", b - a}'
