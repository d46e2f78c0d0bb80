#!/usr/bin/env bash
# run.sh [SUDOKUD] - the web page tests in headless Chromium.
# Installs what is missing (chromium, node and npm with apt-get as root,
# else prints the apt-get line and fails; playwright-core with npm ci),
# starts SUDOKUD (default build/sudokud) on a free loopback port, runs
# page.test.mjs against it, stops it, and exits with the tests' status.
# Screenshots go to build/screenshots/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
sudokud=${1:-$root/build/sudokud}
chromium=${CHROMIUM:-/usr/bin/chromium}

missing=()
[ -x "$chromium" ] || missing+=(chromium)
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "run.sh: missing ${missing[*]}; run: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "run.sh: installing ${missing[*]}" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >&2 ||
    { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >&2; }
fi
if [ ! -d "$here/node_modules" ]; then
  (cd "$here" && npm ci --no-audit --no-fund)
fi
if [ ! -x "$sudokud" ]; then
  echo "run.sh: $sudokud not found; run make first" >&2
  exit 1
fi

log=$(mktemp)
"$sudokud" --port 0 --bind 127.0.0.1 2>"$log" &
pid=$!
cleanup() {
  kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -f "$log"
}
trap cleanup EXIT

url=
for _ in $(seq 100); do
  url=$(sed -n '1s/^listening on \(http:[^ ]*\).*/\1/p' "$log")
  [ -n "$url" ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "run.sh: $sudokud did not start:" >&2
  cat "$log" >&2
  exit 1
fi

status=0
(cd "$here" && SUDOKUD_URL=$url CHROMIUM=$chromium node --test page.test.mjs) || status=$?
[ "$status" -eq 0 ] || { echo "run.sh: server log:" >&2; tail -n 20 "$log" >&2; }
exit "$status"
