#!/usr/bin/env bash
# tests/man/run.sh SUDOKU SUDOKUD - the man pages: `mandoc -T lint` clean
# (every message fails, except "referenced manual not found", which depends
# on the pages installed on this machine), then `--help` and the pages
# compared option by option (tests/man/compare.py). Exits non-zero on any
# finding.
set -euo pipefail
cd "$(dirname "$0")/../.."
SUDOKU=${1:-build/sudoku}
SUDOKUD=${2:-build/sudokud}

command -v mandoc >/dev/null || {
  echo "man-test: FAIL: mandoc missing (apt-get install mandoc)" >&2
  exit 1
}
echo "== mandoc -T lint man/sudoku.1 man/sudokud.8"
lint=$(mandoc -T lint man/sudoku.1 man/sudokud.8 2>&1 || true)
bad=$(grep -v -e 'STYLE: referenced manual not found' \
  -e 'outdated mandoc.db' <<<"$lint" | grep -v '^$' || true)
[ -z "$lint" ] || sed 's/^/  /' <<<"$lint"
if [ -n "$bad" ]; then
  echo "man-test: FAIL: mandoc -T lint:" >&2
  echo "$bad" >&2
  exit 1
fi
echo "lint: clean"

echo "== --help against the man pages"
/usr/bin/python3 tests/man/compare.py "$SUDOKU" man/sudoku.1 "$SUDOKUD" man/sudokud.8
