#!/bin/sh
# deps.sh KIND... - makes sure the Debian packages that KIND needs are
# installed: as root it installs the missing ones with apt-get, otherwise it
# prints the exact apt-get line to run and fails.
#   build  compiler, pkg-config, libmicrohttpd, cJSON, libharu (PDF)
#   test   build + check + python3 (SVG read back) + poppler-utils (PDF
#          read back)
#   bench  build + qqwing (the peer solver)
set -eu

pkgs=""
for kind in "$@"; do
  case "$kind" in
  build) pkgs="$pkgs gcc make libc6-dev pkg-config libmicrohttpd-dev libcjson-dev libhpdf-dev" ;;
  test) pkgs="$pkgs gcc make libc6-dev pkg-config libmicrohttpd-dev libcjson-dev libhpdf-dev check python3 poppler-utils" ;;
  bench) pkgs="$pkgs gcc make libc6-dev pkg-config libmicrohttpd-dev libcjson-dev libhpdf-dev qqwing" ;;
  *) pkgs="$pkgs $kind" ;;
  esac
done

# Not Debian (no dpkg): the packages have other names there; README.md's
# quick start lists them. The build then says what is missing, if anything.
if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "deps.sh: no dpkg here; install the equivalents of:$pkgs (see README.md)" >&2
  exit 0
fi

missing=""
for p in $pkgs; do
  case " $missing " in *" $p "*) continue ;; esac
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing="$missing $p"
  fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "missing packages:$missing" >&2
  echo "run: sudo apt-get install -y --no-install-recommends$missing" >&2
  exit 1
fi
echo "installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
if ! apt-get install -y -q --no-install-recommends $missing >&2; then
  apt-get update -q >&2
  apt-get install -y -q --no-install-recommends $missing >&2
fi
