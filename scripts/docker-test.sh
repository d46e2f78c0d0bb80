#!/usr/bin/env bash
# docker-test.sh - builds the Dockerfile with podman (no Docker engine needed)
# and tests the image for real: /healthz and POST /solve through the port,
# the HEALTHCHECK, a non-root process, a graceful SIGTERM stop with exit
# status 0, and the image size (at most 100 MB).
#
# As root it installs what is missing (podman buildah runc debootstrap uidmap
# slirp4netns curl) and makes the debian:trixie-slim base image with
# debootstrap the first time (scripts/docker-base.sh; reused afterwards).
# Every wait is bounded; exits non-zero, saying what failed, on any failure.
# Environment: DOCKER_TEST_PORT (default 18180), DOCKER_TEST_IMAGE (default
# sudokud:test).
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${DOCKER_TEST_IMAGE:-sudokud:test}
NAME=sudokud-docker-test
PORT=${DOCKER_TEST_PORT:-18180}
MAX_BYTES=$((100 * 1000 * 1000)) # 100 MB
PUZZLE=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
SOLUTION=534678912672195348198342567859761423426853791713924856961537284287419635345286179

TEST=docker-test
# shellcheck source=scripts/podman-lib.sh
. scripts/podman-lib.sh
podman_setup

# Without systemd, podman logs an error each time it would add or remove the
# healthcheck timer; harmless (`podman healthcheck run` still works): hidden.
quiet() { "$@" 2> >(grep -v 'unable to get systemd connection' >&2); }

step "podman build -t $IMAGE (runs make test inside)"
timeout 1500 podman build --pull=never --format docker --network host \
  -t "$IMAGE" . || fail "podman build (see the failing step above)"

hc=$(podman image inspect --format '{{json .HealthCheck}}' "$IMAGE")
case "$hc" in
*--healthcheck*) echo "HEALTHCHECK: $hc" ;;
*) fail "the image has no HEALTHCHECK (built without --format docker?): $hc" ;;
esac

step "podman run (host network, PORT=$PORT)"
# The host network: a published port (-p) works too but makes podman set
# iptables rules and ip_forward on this machine.
quiet timeout 60 podman run -d --name "$NAME" --network host \
  -e PORT="$PORT" -e THREADS=2 -e DEADLINE_MS=2000 "$IMAGE" >/dev/null ||
  fail "podman run"
started=1

ok=0
for _ in $(seq 1 60); do
  if curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$PORT/healthz" 2>/dev/null; then
    ok=1
    break
  fi
  state=$(podman inspect --format '{{.State.Status}}' "$NAME" 2>/dev/null || echo gone)
  [ "$state" = running ] || fail "the container stopped before answering (state $state)"
  sleep 0.5
done
[ "$ok" -eq 1 ] || fail "GET /healthz did not answer 200 within 30 s"
echo "GET /healthz: 200"

step "POST /solve"
got=$(curl -sS --max-time 10 -H 'Content-Type: application/json' \
  -d "{\"puzzle\":\"$PUZZLE\"}" "http://127.0.0.1:$PORT/solve") ||
  fail "POST /solve (JSON): curl failed"
case "$got" in
*"\"line\":\"$SOLUTION\""*'"unique":true'*) echo "JSON: solved, unique" ;;
*) fail "POST /solve (JSON) answered: $got" ;;
esac
got=$(curl -sS --max-time 10 --data-binary @tests/data/judge/boj2580.in \
  "http://127.0.0.1:$PORT/solve?format=line") || fail "POST /solve (text): curl failed"
[ "$got" = 135469278782135649469278135321546897874913526596827413917652384643781952258394761 ] ||
  fail "POST /solve (judge text) answered: $got"
echo "judge text: solved"
code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 10 \
  "http://127.0.0.1:$PORT/openapi.yaml") || fail "GET /openapi.yaml: curl failed"
[ "$code" = 200 ] || fail "GET /openapi.yaml answered $code (OPENAPI path wrong?)"
echo "GET /openapi.yaml: 200"

step "podman healthcheck run"
if ! out=$(timeout 30 podman healthcheck run "$NAME" 2>&1); then
  fail "the HEALTHCHECK failed: $out"
fi
echo "healthcheck: ${out:-healthy}"
if timeout 20 podman exec -e PORT=1 "$NAME" /usr/local/bin/sudokud --healthcheck \
  >/dev/null 2>&1; then
  fail "sudokud --healthcheck exits 0 with nothing listening (PORT=1)"
fi
echo "healthcheck against a closed port: exits 1 as it should"

step "non-root"
uid=$(timeout 20 podman exec "$NAME" id -u) || fail "podman exec $NAME id -u"
[ "$uid" != 0 ] || fail "sudokud runs as root"
user=$(timeout 20 podman top "$NAME" user | awk 'NR == 2 { print $1 }')
echo "uid $uid (podman top: user $user)"

step "podman stop -t 10 (SIGTERM)"
s=$(date +%s)
quiet timeout 60 podman stop -t 10 "$NAME" >/dev/null || fail "podman stop"
took=$(($(date +%s) - s))
exit_code=$(podman inspect --format '{{.State.ExitCode}}' "$NAME")
logs=$(timeout 20 podman logs "$NAME" 2>&1)
[ "$exit_code" = 0 ] || fail "exit code $exit_code after SIGTERM (137: it was killed)"
grep -q '^draining on SIGTERM$' <<<"$logs" || fail "no 'draining on SIGTERM' in the log"
grep -q '^stopped$' <<<"$logs" || fail "no 'stopped' in the log"
echo "exit code 0 after ${took} s; log:"
grep -E '^(listening|draining|stopped)' <<<"$logs" | sed 's/^/  /'

step "image size"
size=$(podman image inspect --format '{{.Size}}' "$IMAGE")
echo "$IMAGE: $size bytes ($((size / 1000000)) MB, limit 100 MB)"
[ "$size" -le "$MAX_BYTES" ] || fail "the image is over 100 MB"

quiet timeout 30 podman rm -f -t 0 "$NAME" >/dev/null || fail "podman rm $NAME"
started=0
step "docker-test: OK"
