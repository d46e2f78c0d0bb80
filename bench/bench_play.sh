#!/usr/bin/env bash
# bench_play.sh - `make bench-play`: a benchmark, not a test. wrk against
# the playing endpoints of sudokud on loopback (keep-alive, 8 connections,
# SECONDS_EACH s each, default 5): POST /hint on the classic puzzle, GET
# /generate at levels easy and hard (unseeded: each request generates).
# Prints requests/s and the p50/p99 latency of each.
#
# usage: bench/bench_play.sh [SUDOKUD]   (env: SECONDS_EACH, CONNS)
set -euo pipefail
sudokud=${1:-build/sudokud}
secs=${SECONDS_EACH:-5}
conns=${CONNS:-8}
work=$(mktemp -d /tmp/bench-play.XXXXXX)
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

cat >"$work/hint.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"puzzle":"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"}'
LUA
cat >"$work/latency.lua" <<'LUA'
done = function(summary, latency, requests)
  io.write(string.format("RESULT %d %.3f %.3f %d %d\n",
    summary.requests, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write +
    summary.errors.timeout))
end
LUA
cat "$work/latency.lua" >>"$work/hint.lua"

port=18097
"$sudokud" --port "$port" --bind 127.0.0.1 --access-log off --deadline-ms 5000 \
  2>"$work/sudokud.log" &
pid=$!
for _ in $(seq 100); do
  curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break
  sleep 0.1
done

echo "bench-play: wrk -t1 -c$conns -d${secs}s per row (about $((secs * 3 + 2)) s)"
printf '%-28s %9s %9s %9s %8s\n' endpoint "req/s" "p50_ms" "p99_ms" "non2xx"
row() { # NAME URL [SCRIPT]
  local script=${3:-$work/latency.lua} out
  out=$(wrk -t1 -c"$conns" -d"${secs}s" -s "$script" "$2" | sed -n 's/^RESULT //p')
  read -r n p50 p99 non2xx errs <<<"$out"
  printf '%-28s %9.0f %9.2f %9.2f %8d\n' "$1" "$(echo "$n / $secs" | bc -l)" \
    "$p50" "$p99" "$((non2xx + errs))"
}
row "POST /hint (classic)" "http://127.0.0.1:$port/hint" "$work/hint.lua"
row "GET /generate?level=easy" "http://127.0.0.1:$port/generate?level=easy"
row "GET /generate?level=hard" "http://127.0.0.1:$port/generate?level=hard"
echo "(2 cores, shared: numbers vary between runs; non2xx counts 422 deadline-exceeded too)"
