#!/usr/bin/env bash
# stress.sh - `make stress`: builds sudokud and stresses it on loopback
# (127.0.0.1, ports 18100-18199): wrk at 256 connections, a 1,000,000
# request soak with a memory check, 1,000 slow and idle connections,
# oversized bodies, pathological puzzles beside normal traffic, overload
# beyond the queue, SIGTERM under load. Prints a table (what, figure,
# limit, PASS/FAIL); exits 1 if any line fails. About 2 minutes.
#
# usage: scripts/stress.sh [--quick] [--only wrk,soak,slow,oversized,
#        pathological,overload,sigterm,lanes,hostile]        (env: SUDOKUD=build/sudokud)
set -euo pipefail
cd "$(dirname "$0")/.."
sudokud=${SUDOKUD:-build/sudokud}
if [ -z "${SUDOKUD:-}" ]; then
  make -s all
fi
command -v wrk >/dev/null || {
  echo "stress.sh: wrk not found: apt-get install -y wrk" >&2
  exit 2
}
# 1,000 slow connections plus clients: the server and the client need fds.
ulimit -n 8192 2>/dev/null || ulimit -n "$(ulimit -Hn)"
exec timeout 600 /usr/bin/python3 scripts/stress/stress.py "$sudokud" "$@"
