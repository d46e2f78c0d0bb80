#!/usr/bin/env bash
# tests/contract/run.sh - the OpenAPI contract of sudokud:
#   1. openapi.yaml lints clean with Redocly CLI (recommended rules, no
#      warnings);
#   2. the HTTP check suite runs against the real build/sudokud and logs
#      every answer it receives ($CONTRACT_LOG, one JSON line each);
#   3. node --test tests/contract/ validates each of them against the spec
#      (status, content type, body schema, required headers), checks that
#      every documented response was received, and checks the validator
#      itself on wrong answers.
# Run from anywhere; needs node and npm (npm registry access the first
# time, for `npm ci`). BUILD picks the build directory (default build).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
contract=$root/tests/contract
build=${BUILD:-build}

for tool in node npm; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "contract: $tool is missing (Debian: apt-get install nodejs npm)" >&2
    exit 1
  fi
done

# @redocly/cli 2 runs on Node 20.19+ or 22.12+ (Debian 12's nodejs is 18).
if ! node -e 'const [a, b] = process.versions.node.split(".").map(Number);
  process.exit(a > 22 || (a === 22 && b >= 12) || (a === 20 && b >= 19) ? 0 : 1)'; then
  echo "contract: node $(node --version) is too old: Redocly CLI needs 20.19+ or 22.12+" >&2
  exit 1
fi

echo "== contract: npm dependencies"
if [ ! -f "$contract/node_modules/.package-lock.json" ] ||
  [ "$contract/package-lock.json" -nt "$contract/node_modules/.package-lock.json" ]; then
  (cd "$contract" && npm ci --no-fund --no-audit)
else
  echo "up to date"
fi

echo "== contract: redocly lint openapi.yaml"
lint_out=$(mktemp)
trap 'rm -f "$lint_out"' EXIT
status=0
(cd "$contract" && REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true \
  ./node_modules/.bin/redocly lint --format=stylish ../../openapi.yaml) \
  >"$lint_out" 2>&1 || status=$?
grep -v -e '^ *[╔║╚]' "$lint_out" || true
if [ "$status" -ne 0 ] || grep -Eq 'You have [0-9]+ warnings?' "$lint_out"; then
  echo "contract: openapi.yaml does not lint clean" >&2
  exit 1
fi

echo "== contract: HTTP suite with CONTRACT_LOG"
"${MAKE:-make}" BUILD="$build" all "$build/check_sudoku"
case $build in
/*) log=$build/contract.jsonl ;;
*) log=$root/$build/contract.jsonl ;;
esac
rm -f "$log"
# The suites that talk HTTP to a real server, each appending to the log,
# and the raw-socket framing case whose 501s sudokud answers itself (with
# libmicrohttpd 0.9.75; 1.0.x refuses an unknown transfer coding first).
run_suite() {
  CONTRACT_LOG=$log SUDOKU_BIN=$build/sudoku SUDOKUD_BIN=$build/sudokud \
    "$@" "$build/check_sudoku"
}
run_suite env CK_RUN_SUITE=http
run_suite env CK_RUN_SUITE=http_toolkit
run_suite env CK_RUN_SUITE=hostile CK_RUN_CASE=framing
if [ ! -s "$log" ]; then
  echo "contract: the HTTP suite logged no exchange to $log" >&2
  exit 1
fi

echo "== contract: node --test tests/contract/"
CONTRACT_LOG=$log node --test tests/contract/
echo "contract: $(grep -c . "$log") exchanges validated against openapi.yaml (log: $log)"
