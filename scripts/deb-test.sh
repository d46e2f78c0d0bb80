#!/usr/bin/env bash
# deb-test.sh - installs the packages of `make deb` into a clean Debian 12
# container (podman, the debian:bookworm-slim base image that
# scripts/docker-base.sh makes, as `make docker-test` does) with apt, then
# uses them as a user would:
#  - the sudoku CLI solves a puzzle;
#  - sudokud, started the way its unit starts it (the variables of
#    /etc/default/sudokud, as an unprivileged user), serves /healthz,
#    /readyz and POST /solve on the host network, and drains and exits 0
#    on SIGTERM (no systemd in the container: the unit itself is checked
#    by make systemd-test);
#  - the unit, the environment file and both man pages are installed;
#  - with libsudoku-dev, the packaged example builds with
#    `pkg-config --cflags --libs sudoku`, shared and --static, and runs.
# Builds the packages first when $BUILD/deb holds none. Every wait is
# bounded. Environment: DEB_TEST_PORT (default 18480), BUILD (build).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
PORT=${DEB_TEST_PORT:-18480}
NAME=sudokud-deb-test
SUITE=bookworm # the release make deb builds on (CI's Debian 12)
IMAGE=docker.io/library/debian:$SUITE-slim
PUZZLE=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
SOLUTION=534678912672195348198342567859761423426853791713924856961537284287419635345286179

TEST=deb-test
# shellcheck source=scripts/podman-lib.sh
. scripts/podman-lib.sh
podman_setup
in_box() { timeout "${TIMEOUT:-120}" podman exec "$NAME" "$@" </dev/null; }
in_box_stdin() { timeout 60 podman exec -i "$NAME" "$@"; }

if ! ls "$BUILD"/deb/sudokud_*.deb >/dev/null 2>&1; then
  step "make deb"
  BUILD=$BUILD bash scripts/deb.sh || fail "make deb"
fi
debs=$(cd "$BUILD/deb" && ls sudokud_*.deb libsudoku0_*.deb libsudoku-dev_*.deb)

step "a clean container"
cp "$BUILD"/deb/*.deb "$tmp/"
timeout 60 podman run -d --name "$NAME" --network host -v "$tmp:/debs:ro" \
  --pull=never "$IMAGE" sleep 1200 >/dev/null || fail "podman run"
started=1
in_box sh -c '! command -v sudokud && ! command -v gcc' >/dev/null ||
  fail "the base image is not clean (sudokud or gcc already there)"
# The slim image keeps dpkg from unpacking docs and man pages; a Debian 12
# machine installs them, so this container does too.
in_box rm -f /etc/dpkg/dpkg.cfg.d/docker

step "apt-get install ./sudokud ./libsudoku0 ./libsudoku-dev"
pkgs=$(for d in $debs; do printf ' /debs/%s' "$d"; done)
TIMEOUT=600 in_box sh -c "apt-get update -q >/dev/null &&
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $pkgs" \
  >"$tmp/apt.log" 2>&1 || {
  tail -n 30 "$tmp/apt.log" >&2
  fail "apt-get install of the packages"
}
grep -E '^(Setting up|Unpacking) (sudokud|libsudoku)' "$tmp/apt.log" | sed 's/^/  /'
in_box dpkg-query -W -f='  ${Package} ${Version} ${Status}\n' sudokud libsudoku0 libsudoku-dev

step "installed files"
for f in /usr/bin/sudoku /usr/bin/sudokud /lib/systemd/system/sudokud.service \
  /etc/default/sudokud /usr/share/sudokud/openapi.yaml \
  /usr/include/sudoku.h /usr/lib/x86_64-linux-gnu/pkgconfig/sudoku.pc \
  /usr/share/doc/libsudoku-dev/examples/solve.c /usr/share/man/man1/sudoku.1.gz \
  /usr/share/man/man8/sudokud.8.gz; do
  in_box test -e "$f" || fail "$f is not installed"
done
in_box dpkg -L sudokud | grep -q '^/etc/default/sudokud$' || fail "/etc/default/sudokud"
in_box sh -c 'dpkg-query -W -f="\${Conffiles}" sudokud' | grep -q /etc/default/sudokud ||
  fail "/etc/default/sudokud is not a conffile"
echo "binaries, unit, environment file (a conffile), contract, headers, .pc, man pages"

step "the CLI"
got=$(echo "$PUZZLE" | in_box_stdin sudoku --format line) || fail "sudoku exited $?"
[ "$got" = "$SOLUTION" ] || fail "sudoku printed '$got'"
echo "sudoku --format line: solved"

step "the service, as its unit starts it"
# ExecStart=/usr/bin/sudokud with EnvironmentFile=/etc/default/sudokud, as a
# user without privileges (the unit's DynamicUser); only PORT is changed.
timeout 60 podman exec -d "$NAME" setpriv --reuid=65534 --regid=65534 --clear-groups \
  sh -c "set -a; . /etc/default/sudokud; PORT=$PORT; exec /usr/bin/sudokud 2>/tmp/sudokud.log" >/dev/null ||
  fail "starting sudokud"
up=0
for _ in $(seq 1 100); do
  if curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$PORT/healthz" 2>/dev/null; then
    up=1
    break
  fi
  sleep 0.1
done
[ "$up" -eq 1 ] || fail "no /healthz within 10 s: $(in_box cat /tmp/sudokud.log)"
code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$PORT/readyz")
[ "$code" = 200 ] || fail "GET /readyz answered $code"
got=$(curl -sS --max-time 10 -H 'Content-Type: application/json' \
  -d "{\"puzzle\":\"$PUZZLE\"}" "http://127.0.0.1:$PORT/solve")
case "$got" in
*"\"line\":\"$SOLUTION\""*'"unique":true'*) echo "POST /solve: solved, unique" ;;
*) fail "POST /solve answered: $got" ;;
esac
code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$PORT/openapi.yaml")
[ "$code" = 200 ] || fail "GET /openapi.yaml answered $code (not found in /usr/share/sudokud?)"
in_box env PORT="$PORT" sudokud --healthcheck || fail "sudokud --healthcheck"
echo "/healthz, /readyz, /openapi.yaml: 200; --healthcheck: 0"
spid=$(in_box pidof sudokud) || fail "no sudokud process"
user=$(in_box stat -c %U "/proc/$spid")
[ "$user" != root ] || fail "sudokud runs as root"
in_box sh -c "kill -TERM $spid"
gone=0
for _ in $(seq 1 150); do
  if ! in_box test -e "/proc/$spid"; then
    gone=1
    break
  fi
  sleep 0.1
done
[ "$gone" -eq 1 ] || fail "sudokud still runs 15 s after SIGTERM"
log=$(in_box cat /tmp/sudokud.log)
grep -q '^stopped$' <<<"$log" || fail "no 'stopped' after SIGTERM: $log"
echo "SIGTERM: drained and stopped (it ran as $user); log:"
sed 's/^/  /' <<<"$log"

step "libsudoku-dev: the example with pkg-config (installs gcc in the container)"
TIMEOUT=600 in_box sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
  --no-install-recommends gcc libc6-dev pkg-config' >"$tmp/gcc.log" 2>&1 || {
  tail -n 20 "$tmp/gcc.log" >&2
  fail "apt-get install gcc"
}
in_box sh -ec '
  cd /tmp
  cc -Wall -Werror /usr/share/doc/libsudoku-dev/examples/solve.c \
    $(pkg-config --cflags --libs sudoku) -o solve-shared
  cc -Wall -Werror -static /usr/share/doc/libsudoku-dev/examples/solve.c \
    $(pkg-config --cflags --libs --static sudoku) -o solve-static
  ldd solve-shared | grep "libsudoku.so.0 => /"
  ./solve-shared '"$PUZZLE"' | head -n 1
  ./solve-static '"$PUZZLE"' | head -n 1' >"$tmp/dev.log" 2>&1 ||
  { cat "$tmp/dev.log" >&2; fail "the example against libsudoku-dev"; }
[ "$(grep -c '^5 3 4 6 7 8 9 1 2$' "$tmp/dev.log")" -eq 2 ] ||
  fail "the example printed: $(cat "$tmp/dev.log")"
echo "solve.c: shared (libsudoku.so.0 from libsudoku0) and static builds solve"

step "apt-get purge"
TIMEOUT=120 in_box sh -c 'DEBIAN_FRONTEND=noninteractive apt-get purge -y -q \
  sudokud libsudoku-dev libsudoku0' >"$tmp/purge.log" 2>&1 ||
  { tail -n 20 "$tmp/purge.log" >&2; fail "apt-get purge"; }
for f in /usr/bin/sudokud /etc/default/sudokud /usr/lib/x86_64-linux-gnu/libsudoku.so.0; do
  in_box test ! -e "$f" || fail "$f is left after purge"
done
echo "purged: nothing left"
step "deb-test: OK"
