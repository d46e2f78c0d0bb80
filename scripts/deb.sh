#!/usr/bin/env bash
# deb.sh - builds the Debian packages sudokud, libsudoku0 and libsudoku-dev
# with `dpkg-buildpackage -us -uc -b` in a copy of the source tree
# ($BUILD/deb/src, so the checkout's build/ and the folder above it stay
# untouched), then runs lintian on the result and fails on any error.
# The .deb files end in $BUILD/deb/. As root it installs what is missing
# (dpkg-dev debhelper lintian fakeroot and the build dependencies).
# Environment: BUILD (default build).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
out=$BUILD/deb

fail() {
  echo "deb: FAIL: $*" >&2
  exit 1
}
sh scripts/deps.sh build dpkg-dev debhelper lintian fakeroot || fail "missing packages"

version=$(dpkg-parsechangelog -S Version)
header=$(sed -n 's/^#define SUDOKU_VERSION "\(.*\)"/\1/p' include/sudoku.h)
[ "$version" = "$header" ] ||
  fail "debian/changelog says $version, include/sudoku.h $header: add a changelog entry"

rm -rf "$out"
src=$out/src/sudokud-$version
mkdir -p "$src"
# The tree as it is (committed or not), without build output and caches.
tar -c --exclude=./build --exclude=./.git --exclude='./tests/*/node_modules' \
  --exclude=./debian/tmp -f - . | tar -x -C "$src"

echo "== dpkg-buildpackage -us -uc -b (in $src)"
t0=$(date +%s)
(cd "$src" && dpkg-buildpackage -us -uc -b) >"$out/build.log" 2>&1 || {
  tail -n 40 "$out/build.log" >&2
  fail "dpkg-buildpackage (whole log: $out/build.log)"
}
mv "$out"/src/*.deb "$out"/src/*.changes "$out"/src/*.buildinfo "$out"/
echo "built in $(($(date +%s) - t0)) s:"
for deb in "$out"/*.deb; do
  printf '  %s: %s bytes (installed %s KiB)\n' "$(basename "$deb")" "$(stat -c %s "$deb")" \
    "$(dpkg-deb -f "$deb" Installed-Size)"
done

echo "== lintian"
changes=$(ls "$out"/*.changes)
lint=$(lintian --fail-on error --info --display-info "$changes" 2>&1) && rc=0 || rc=$?
echo "${lint:-(no output: no tags)}" | sed 's/^/  /'
[ "$rc" -eq 0 ] || fail "lintian reports errors (exit $rc)"
echo "lintian: no errors"
rm -rf "$out/src"
echo "deb: OK ($out)"
