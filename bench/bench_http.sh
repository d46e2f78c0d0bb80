#!/usr/bin/env bash
# bench_http.sh - `make bench-http`: a benchmark, not a test. wrk against
# sudokud on loopback (keep-alive, 64 connections, POST /solve rotating
# through 17-clue puzzles), interleaved A B A B with nginx answering
# `return 200` with a fixed body on the same machine, in the same run.
# Then the same with one connection (one request at a time: the latency of
# a request on an idle server). Prints each round and the medians:
# requests/s and p99 at c=64, the ratio, p50 and p99 at c=1.
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
pids+=($!)
"$sudokud" --port 18098 --bind 127.0.0.1 --threads "$cores" \
  --access-log off 2>"$work/sudokud.log" &
pids+=($!)
for _ in $(seq 100); do
  curl -s -o /dev/null http://127.0.0.1:18098/healthz &&
    curl -s -o /dev/null http://127.0.0.1:18099/ && break
  sleep 0.1
done

echo "bench-http: $rounds rounds of 2 x ${secs} s at c=64, then of 2 x ${secs1} s at c=1"
echo "(about $((rounds * (secs + secs1 + 4) * 2 + 5)) s in all)."
echo "The ratio is sudokud's requests/s (each one a real solve of a 17-clue"
echo "puzzle, JSON in and out) over nginx's answering a fixed 200 on the same"
echo "machine in the same run: the cost of the service against a server that"
echo "does no work at all, so 1.0 is the ceiling, not the goal."
# run NAME PORT SCRIPT [CONNECTIONS SECONDS]
#   -> "rps p99_ms non2xx errors p50_ms"
run() {
  local out c=${4:-64} d=${5:-$secs}
  out=$(PUZZLES="$work/puzzles.txt" timeout $((d + 20)) wrk -t1 -c"$c" \
    -d"${d}s" --timeout 5s --latency -s "$3" "http://127.0.0.1:$2/")
  local rps p50 p99 non2xx errs
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
  ms='{v=$2; if (v ~ /us$/) {sub(/us/,"",v); v/=1000}
    else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v*=1000}
    print v}'
  p50=$(awk '$1 == "50%" '"$ms" <<<"$out")
  p99=$(awk '$1 == "99%" '"$ms" <<<"$out")
  non2xx=$(awk '/Non-2xx/ {print $5}' <<<"$out")
  errs=$(awk '/Socket errors/ {gsub(",",""); print $4+$6+$8+$10}' <<<"$out")
  echo "${rps:-0} ${p99:-0} ${non2xx:-0} ${errs:-0} ${p50:-0}"
}

printf '%-6s %-8s %12s %10s %8s %8s\n' round server req/s p99_ms non2xx errors
: >"$work/a"
: >"$work/b"
for r in $(seq "$rounds"); do
  read -r rps p99 bad err _ < <(run sudokud 18098 "$work/solve.lua")
  echo "$rps $p99 $bad $err" >>"$work/a"
  printf '%-6s %-8s %12.0f %10.2f %8s %8s\n' "$r" sudokud "$rps" "$p99" "$bad" "$err"
  sleep 2
  read -r rps p99 bad err _ < <(run nginx 18099 "$work/nginx.lua")
  echo "$rps $p99 $bad $err" >>"$work/b"
  printf '%-6s %-8s %12.0f %10.2f %8s %8s\n' "$r" nginx "$rps" "$p99" "$bad" "$err"
  sleep 2
done
echo
printf '%-6s %-8s %12s %10s %10s\n' round server req/s p50_us p99_us
: >"$work/a1"
: >"$work/b1"
for r in $(seq "$rounds"); do
  read -r rps p99 bad err p50 < <(run sudokud 18098 "$work/solve.lua" 1 "$secs1")
  echo "$rps $p99 $bad $err $p50" >>"$work/a1"
  printf '%-6s %-8s %12.0f %10.0f %10.0f  c=1\n' "$r" sudokud "$rps" \
    "$(awk -v v="$p50" 'BEGIN {print v * 1000}')" \
    "$(awk -v v="$p99" 'BEGIN {print v * 1000}')"
  sleep 2
  read -r rps p99 bad err p50 < <(run nginx 18099 "$work/nginx.lua" 1 "$secs1")
  echo "$rps $p99 $bad $err $p50" >>"$work/b1"
  printf '%-6s %-8s %12.0f %10.0f %10.0f  c=1\n' "$r" nginx "$rps" \
    "$(awk -v v="$p50" 'BEGIN {print v * 1000}')" \
    "$(awk -v v="$p99" 'BEGIN {print v * 1000}')"
  sleep 2
done
median() { sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
a_rps=$(cut -d' ' -f1 "$work/a" | median)
b_rps=$(cut -d' ' -f1 "$work/b" | median)
a_p99=$(cut -d' ' -f2 "$work/a" | median)
b_p99=$(cut -d' ' -f2 "$work/b" | median)
echo
printf 'median   sudokud %10.0f req/s  p99 %6.2f ms\n' "$a_rps" "$a_p99"
printf 'median   nginx   %10.0f req/s  p99 %6.2f ms\n' "$b_rps" "$b_p99"
awk -v a="$a_rps" -v b="$b_rps" 'BEGIN {printf "ratio    sudokud / nginx = %.2f (1.0 = as fast as a fixed answer)\n", a / b}'
a1_p50=$(cut -d' ' -f5 "$work/a1" | median)
b1_p50=$(cut -d' ' -f5 "$work/b1" | median)
a1_p99=$(cut -d' ' -f2 "$work/a1" | median)
b1_p99=$(cut -d' ' -f2 "$work/b1" | median)
awk -v a="$a1_p50" -v b="$a1_p99" 'BEGIN {printf "c=1      sudokud  p50 %6.0f us  p99 %6.0f us\n", a * 1000, b * 1000}'
awk -v a="$b1_p50" -v b="$b1_p99" 'BEGIN {printf "c=1      nginx    p50 %6.0f us  p99 %6.0f us\n", a * 1000, b * 1000}'
echo "(wrk -t1 -c64 -d${secs}s and -c1 -d${secs1}s keep-alive on $(nproc) cores; sudokud solves 17-clue puzzles, nginx returns a fixed body)"
