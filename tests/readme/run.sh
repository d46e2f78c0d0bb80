#!/usr/bin/env bash
# run.sh [SUDOKUD] - `make readme-test`: starts sudokud on a free loopback
# port and runs every curl and fetch example of README.md against it.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build/sudokud}
sh scripts/deps.sh curl
log=$(mktemp /tmp/readme-sudokud.XXXXXX)
"$bin" --port 0 --bind 127.0.0.1 2>"$log" &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -f "$log"' EXIT
port=
for _ in $(seq 100); do
  port=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$log")
  [ -n "$port" ] && break
  sleep 0.05
done
[ -n "$port" ] || { echo "sudokud did not start:"; cat "$log"; exit 1; }
/usr/bin/python3 tests/readme/check_readme.py "http://127.0.0.1:$port"
