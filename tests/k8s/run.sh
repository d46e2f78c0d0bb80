#!/usr/bin/env bash
# tests/k8s/run.sh [SUDOKUD] - deploy/k8s checked offline: `npm ci` of the
# pinned validators (kubernetes-models, yaml; the npm registry the first
# time), then node --test tests/k8s/ (see k8s.test.mjs). SUDOKUD defaults to
# build/sudokud. K8S_TEST_PORT picks the port sudokud listens on (default:
# the containerPort, or a free one when that is taken).
set -euo pipefail
cd "$(dirname "$0")/../.."
export SUDOKUD=${1:-build/sudokud}
SUDOKUD=$(realpath "$SUDOKUD")
dir=tests/k8s
for tool in node npm; do
  command -v "$tool" >/dev/null || {
    echo "k8s-test: $tool is missing (node 20 and npm)" >&2
    exit 1
  }
done
if [ ! -f "$dir/node_modules/.package-lock.json" ] ||
  [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
  (cd "$dir" && npm ci --no-fund --no-audit --loglevel=error)
fi
cd "$dir" && node --test --test-reporter=spec k8s.test.mjs
