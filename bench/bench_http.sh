#!/usr/bin/env bash
# bench_http.sh - `make bench-http`: a benchmark, not a test. wrk against
# sudokud on loopback (keep-alive, 64 connections, POST /solve rotating
# through 17-clue puzzles), interleaved with nginx answering `return 200`
# with a fixed body on the same machine, in the same run. nginx gets the
# same requests from the same wrk script (and, beside it, wrk's static
# body, which costs the client less). Then the same with one connection
# (one request at a time: the latency of a request on an idle server).
# Prints each round and the medians: requests/s, p99 and server CPU per
# request at c=64, the ratios, p50 and p99 at c=1.
#
# usage: bench/bench_http.sh [SUDOKUD] [PUZZLES]
#        (env: ROUNDS, SECONDS_EACH, SECONDS_C1 for the c=1 runs)
set -euo pipefail
sudokud=${1:-build/sudokud}
puzzles=${2:-../shared/corpus/17clue.txt}
rounds=${ROUNDS:-3}
secs=${SECONDS_EACH:-10}
secs1=${SECONDS_C1:-5}
[ -f "$puzzles" ] || puzzles=tests/data/17clue.txt
work=$(mktemp -d /tmp/bench-http.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

head -n 2000 "$puzzles" >"$work/puzzles.txt"
cat >"$work/solve.lua" <<'LUA'
local puzzles = {}
for line in io.lines(os.getenv("PUZZLES")) do puzzles[#puzzles + 1] = line end
local i = 0
local headers = { ["Content-Type"] = "application/json" }
request = function()
  i = i % #puzzles + 1
  return wrk.format("POST", "/solve", headers,
                    '{"puzzle":"' .. puzzles[i] .. '"}')
end
LUA
# The same request shape for nginx: a POST with a body of the same size.
cat >"$work/nginx.lua" <<'LUA'
wrk.method = "POST"
wrk.path = "/solve"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"puzzle":"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"}'
LUA

# Both servers get the machine's cores.
cores=$(nproc)
mkdir -p "$work/ngx"
cat >"$work/ngx/nginx.conf" <<EOF2
daemon off;
worker_processes $cores;
pid $work/ngx/nginx.pid;
error_log $work/ngx/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $work/ngx/body;
  proxy_temp_path $work/ngx/proxy;
  fastcgi_temp_path $work/ngx/fcgi;
  uwsgi_temp_path $work/ngx/uwsgi;
  scgi_temp_path $work/ngx/scgi;
  server {
    listen 127.0.0.1:18099;
    location / {
      default_type application/json;
      return 200 '{"solution":[[5,3,4,6,7,8,9,1,2]],"unique":true}';
    }
  }
}
EOF2
nginx -p "$work/ngx/" -c "$work/ngx/nginx.conf" -e "$work/ngx/error.log" &
ngx_master=$!
pids+=($!)
"$sudokud" --port 18098 --bind 127.0.0.1 --threads "$cores" \
  --access-log off 2>"$work/sudokud.log" &
sudokud_pid=$!
pids+=($!)
for _ in $(seq 100); do
  curl -s -o /dev/null http://127.0.0.1:18098/healthz &&
    curl -s -o /dev/null http://127.0.0.1:18099/ && break
  sleep 0.1
done

echo "bench-http: $rounds rounds of 3 x ${secs} s at c=64, then of 2 x ${secs1} s at c=1"
echo "(about $((rounds * (3 * secs + 2 * secs1 + 10) + 5)) s in all)."
echo "The ratio is sudokud's requests/s (each one a real solve of a 17-clue"
echo "puzzle, JSON in and out) over nginx's answering a fixed 200 on the same"
echo "machine in the same run: the cost of the service against a server that"
echo "does no work at all, so 1.0 is the ceiling, not the goal."
# CPU ticks (utime + stime) of a process and its children's threads: the
# server's own cost, which the machine's other load does not inflate.
ticks() {
  local t=0 p
  for p in "$@"; do
    [ -r "/proc/$p/stat" ] && t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat")))
  done
  echo "$t"
}
hz=$(getconf CLK_TCK)
# run PIDS PORT SCRIPT [CONNECTIONS SECONDS]
#   -> "rps p99_ms non2xx errors p50_ms cpu_us_per_request"
run() {
  local out c=${4:-64} d=${5:-$secs} t0 t1
  t0=$(ticks $1)
  out=$(PUZZLES="$work/puzzles.txt" timeout $((d + 20)) wrk -t1 -c"$c" \
    -d"${d}s" --timeout 5s --latency -s "$3" "http://127.0.0.1:$2/")
  t1=$(ticks $1)
  local rps p50 p99 non2xx errs n
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
  n=$(awk '/requests in/ {print $1}' <<<"$out")
  ms='{v=$2; if (v ~ /us$/) {sub(/us/,"",v); v/=1000}
    else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v*=1000}
    print v}'
  p50=$(awk '$1 == "50%" '"$ms" <<<"$out")
  p99=$(awk '$1 == "99%" '"$ms" <<<"$out")
  non2xx=$(awk '/Non-2xx/ {print $5}' <<<"$out")
  errs=$(awk '/Socket errors/ {gsub(",",""); print $4+$6+$8+$10}' <<<"$out")
  cpu=$(awk -v t="$((t1 - t0))" -v n="${n:-0}" -v hz="$hz" \
    'BEGIN {printf "%.1f", (n > 0 ? t * 1e6 / hz / n : 0)}')
  echo "${rps:-0} ${p99:-0} ${non2xx:-0} ${errs:-0} ${p50:-0} $cpu"
}
ngx_pids() { echo "$ngx_master" $(pgrep -P "$ngx_master"); }

# Both servers get the same client: the same script sends the same
# requests (a rotating 17-clue body), so wrk's own cost per request, which
# shares the 2 cores with the server, is the same on both sides and the
# ratio compares servers. nginx with wrk's static body (no Lua per request:
# cheaper for the client, so more CPU left to the server) is shown beside.
printf '%-6s %-14s %12s %10s %8s %8s %12s\n' round server req/s p99_ms non2xx \
  errors cpu_us/req
: >"$work/a"
: >"$work/b"
: >"$work/s"
for r in $(seq "$rounds"); do
  read -r rps p99 bad err _ cpu < <(run "$sudokud_pid" 18098 "$work/solve.lua")
  echo "$rps $p99 $bad $err $cpu" >>"$work/a"
  printf '%-6s %-14s %12.0f %10.2f %8s %8s %12s\n' "$r" sudokud "$rps" "$p99" \
    "$bad" "$err" "$cpu"
  sleep 2
  read -r rps p99 bad err _ cpu < <(run "$(ngx_pids)" 18099 "$work/solve.lua")
  echo "$rps $p99 $bad $err $cpu" >>"$work/b"
  printf '%-6s %-14s %12.0f %10.2f %8s %8s %12s\n' "$r" nginx "$rps" "$p99" \
    "$bad" "$err" "$cpu"
  sleep 2
  read -r rps p99 bad err _ cpu < <(run "$(ngx_pids)" 18099 "$work/nginx.lua")
  echo "$rps $p99 $bad $err $cpu" >>"$work/s"
  printf '%-6s %-14s %12.0f %10.2f %8s %8s %12s\n' "$r" "nginx static" \
    "$rps" "$p99" "$bad" "$err" "$cpu"
  sleep 2
done
echo
printf '%-6s %-8s %12s %10s %10s\n' round server req/s p50_us p99_us
: >"$work/a1"
: >"$work/b1"
for r in $(seq "$rounds"); do
  read -r rps p99 bad err p50 _ < <(run "$sudokud_pid" 18098 "$work/solve.lua" 1 "$secs1")
  echo "$rps $p99 $bad $err $p50" >>"$work/a1"
  printf '%-6s %-8s %12.0f %10.0f %10.0f  c=1\n' "$r" sudokud "$rps" \
    "$(awk -v v="$p50" 'BEGIN {print v * 1000}')" \
    "$(awk -v v="$p99" 'BEGIN {print v * 1000}')"
  sleep 2
  read -r rps p99 bad err p50 _ < <(run "$(ngx_pids)" 18099 "$work/solve.lua" 1 "$secs1")
  echo "$rps $p99 $bad $err $p50" >>"$work/b1"
  printf '%-6s %-8s %12.0f %10.0f %10.0f  c=1\n' "$r" nginx "$rps" \
    "$(awk -v v="$p50" 'BEGIN {print v * 1000}')" \
    "$(awk -v v="$p99" 'BEGIN {print v * 1000}')"
  sleep 2
done
median() { sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
a_rps=$(cut -d' ' -f1 "$work/a" | median)
b_rps=$(cut -d' ' -f1 "$work/b" | median)
s_rps=$(cut -d' ' -f1 "$work/s" | median)
a_p99=$(cut -d' ' -f2 "$work/a" | median)
b_p99=$(cut -d' ' -f2 "$work/b" | median)
a_cpu=$(cut -d' ' -f5 "$work/a" | median)
b_cpu=$(cut -d' ' -f5 "$work/b" | median)
echo
printf 'median   sudokud %10.0f req/s  p99 %6.2f ms  server CPU %5.1f us/request\n' \
  "$a_rps" "$a_p99" "$a_cpu"
printf 'median   nginx   %10.0f req/s  p99 %6.2f ms  server CPU %5.1f us/request\n' \
  "$b_rps" "$b_p99" "$b_cpu"
awk -v a="$a_rps" -v b="$b_rps" 'BEGIN {printf "ratio    sudokud / nginx = %.2f (the same requests; 1.0 = as fast as a fixed answer)\n", a / b}'
awk -v a="$a_rps" -v b="$s_rps" 'BEGIN {printf "         sudokud / nginx with a static-body client (%.0f req/s) = %.2f\n", b, a / b}'
a1_p50=$(cut -d' ' -f5 "$work/a1" | median)
b1_p50=$(cut -d' ' -f5 "$work/b1" | median)
a1_p99=$(cut -d' ' -f2 "$work/a1" | median)
b1_p99=$(cut -d' ' -f2 "$work/b1" | median)
awk -v a="$a1_p50" -v b="$a1_p99" 'BEGIN {printf "c=1      sudokud  p50 %6.0f us  p99 %6.0f us\n", a * 1000, b * 1000}'
awk -v a="$b1_p50" -v b="$b1_p99" 'BEGIN {printf "c=1      nginx    p50 %6.0f us  p99 %6.0f us\n", a * 1000, b * 1000}'
echo "(wrk -t1 -c64 -d${secs}s and -c1 -d${secs1}s keep-alive on $(nproc) cores; sudokud solves 17-clue puzzles, nginx returns a fixed body)"
