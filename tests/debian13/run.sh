#!/usr/bin/env bash
# tests/debian13/run.sh - the README's promise on Debian 13 (trixie), as a new
# user there would meet it: a fresh `debootstrap --variant=minbase trixie`
# root from the mirror this machine's apt already uses, `apt-get install
# make`, a `git clone` of HEAD, then `make test` as the first command typed
# (it installs gcc 14, libmicrohttpd 1.0.x, cJSON and check itself), with
# -Werror so that gcc 14 stays warning-free. No ../shared beside the clone:
# the committed samples under tests/data are the corpus, as on any fresh
# clone.
#
# Needs root (debootstrap, chroot, bind mounts); installs debootstrap when
# missing. About a minute to make the root, a few to build and test.
# D13_ROOT picks the folder (default: a new one under /tmp); D13_KEEP=1
# leaves it for a look afterwards. Exits non-zero when any step fails.
set -euo pipefail
cd "$(dirname "$0")/../.."

t0=$(date +%s)
step() { echo "== debian13-test: $* ($(($(date +%s) - t0)) s)"; }
fail() {
  echo "debian13-test: FAIL: $*" >&2
  exit 1
}

[ "$(id -u)" -eq 0 ] || fail "needs root (debootstrap, chroot and bind mounts)"
sh scripts/deps.sh debootstrap git || fail "missing packages (see above)"

root=${D13_ROOT:-$(mktemp -d /tmp/debian13.XXXXXX)/root}
mounted=()
cleanup() {
  local rc=$?
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount -l "${mounted[$i]}" 2>/dev/null || true
  done
  if [ "${D13_KEEP:-0}" != 1 ] && [ -z "${D13_ROOT:-}" ]; then
    rm -rf --one-file-system "$(dirname "$root")"
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

sources=/etc/apt/sources.list.d/debian.sources
mirror=""
[ -r "$sources" ] && mirror=$(awk '/^URIs:/ { print $2; exit }' "$sources")
mirror=${mirror:-http://deb.debian.org/debian}

step "debootstrap --variant=minbase trixie $root ($mirror)"
mkdir -p "$root"
if ! timeout 900 debootstrap --variant=minbase trixie "$root" "$mirror" \
  >"$root.debootstrap.log" 2>&1; then
  tail -n 30 "$root.debootstrap.log" >&2
  fail "debootstrap"
fi
# minbase has no hosts file: the tests listen on and call localhost.
printf '127.0.0.1 localhost\n::1 localhost\n' >"$root/etc/hosts"
for m in proc sys dev dev/pts; do
  mount --bind "/$m" "$root/$m"
  mounted+=("$root/$m")
done

step "git clone of HEAD into the root"
git clone -q "$(pwd)" "$root/src/sudokud"
git -C "$root/src/sudokud" log -1 --format='%h %s'

in_root() {
  chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    DEBIAN_FRONTEND=noninteractive /bin/bash -c "$1"
}

step "apt-get install make (the one package the README asks for)"
in_root 'apt-get update -q && apt-get install -y -q --no-install-recommends make' ||
  fail "apt-get install make"

step "make WERROR=-Werror test (gcc 14, libmicrohttpd 1.0.x)"
in_root 'cd /src/sudokud && make WERROR=-Werror test' || fail "make test"
in_root 'gcc --version | head -n 1; pkg-config --modversion libmicrohttpd libcjson check'

step "make run answers (the other README command)"
in_root 'set -m; cd /src/sudokud
  PORT=18213 BIND=127.0.0.1 make run >/tmp/run.log 2>&1 &
  job=$!; code=""
  for _ in $(seq 1 150); do
    code=$(python3 -c "import urllib.request as u; print(u.urlopen(\"http://127.0.0.1:18213/healthz\", timeout=2).status)" 2>/dev/null) && break
    sleep 0.2
  done
  kill -TERM -- "-$job" 2>/dev/null || true
  wait "$job" || true
  [ "$code" = 200 ] || { cat /tmp/run.log; exit 1; }
  echo "GET /healthz: 200"' || fail "make run"

step "green on Debian 13"
