#!/usr/bin/env bash
# tests/install/run.sh - `make install` into a temporary DESTDIR, then what a
# user of the library does: build examples/solve.c with
# `pkg-config --cflags --libs sudoku` against the staged tree, shared and
# static (--static), and run both on a puzzle. Also checks the soname, that
# libsudoku.so exports nothing but sudoku_* functions, that every header of
# include/ and both man pages are installed, and that `make uninstall`
# removes every file it installed. Exits non-zero naming what failed.
# Environment: MAKE (default make), PREFIX (default /usr/local).
set -euo pipefail
cd "$(dirname "$0")/../.."

MAKE=${MAKE:-make}
PREFIX=${PREFIX:-/usr/local}
PUZZLE=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
FIRST_ROW="5 3 4 6 7 8 9 1 2"

fail() {
  echo "install-test: FAIL: $*" >&2
  exit 1
}
tmp=$(mktemp -d /tmp/install-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
dest=$tmp/dest

echo "== make install DESTDIR=$dest PREFIX=$PREFIX"
$MAKE --no-print-directory install DESTDIR="$dest" PREFIX="$PREFIX" >"$tmp/install.log" 2>&1 ||
  { cat "$tmp/install.log" >&2; fail "make install"; }
root=$dest$PREFIX
for f in bin/sudoku bin/sudokud share/sudokud/openapi.yaml lib/libsudoku.a \
  lib/libsudoku.so lib/libsudoku.so.0 lib/pkgconfig/sudoku.pc \
  share/man/man1/sudoku.1 share/man/man8/sudokud.8; do
  [ -e "$root/$f" ] || fail "$PREFIX/$f not installed"
done
for h in include/sudoku.h include/sudoku_*.h; do
  [ -e "$h" ] || continue
  cmp -s "$h" "$root/$h" || fail "$h not installed as $PREFIX/$h"
done
(cd "$dest" && find . ! -type d | sort | sed 's/^\./  /')

echo "== sudoku.pc follows PREFIX"
# make install-test builds with the default PREFIX first; an install with
# another one must make the .pc again, not ship the one that says the first.
grep -qx "prefix=$PREFIX" "$root/lib/pkgconfig/sudoku.pc" ||
  fail "sudoku.pc for PREFIX=$PREFIX says $(grep '^prefix=' "$root/lib/pkgconfig/sudoku.pc")"
other=/opt/sudoku-pc-test
[ "$PREFIX" != "$other" ] || other=/usr
$MAKE --no-print-directory install-lib DESTDIR="$tmp/other" PREFIX="$other" >"$tmp/other.log" 2>&1 ||
  { cat "$tmp/other.log" >&2; fail "make install-lib PREFIX=$other"; }
grep -qx "prefix=$other" "$tmp/other$other/lib/pkgconfig/sudoku.pc" ||
  fail "sudoku.pc for PREFIX=$other says $(grep '^prefix=' "$tmp/other$other/lib/pkgconfig/sudoku.pc")"
echo "prefix=$PREFIX, then prefix=$other"

echo "== the shared library"
soname=$(readelf -d "$root/lib/libsudoku.so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ "$soname" = libsudoku.so.0 ] || fail "soname is '$soname', not libsudoku.so.0"
exported=$(nm -D --defined-only "$root/lib/libsudoku.so.0" | awk '$2 ~ /^[TDBRVW]$/ { sub(/@.*/, "", $3); print $3 }')
[ -n "$exported" ] || fail "libsudoku.so exports nothing"
others=$(grep -v '^sudoku_' <<<"$exported" || true)
[ -z "$others" ] || fail "libsudoku.so exports symbols outside sudoku_*: $others"
# Each exported function is declared in an installed header: an internal
# helper named sudoku_* would otherwise become ABI by accident.
declared=$(cat "$root"/include/sudoku*.h | grep -o 'sudoku_[a-z0-9_]*[[:space:]]*(' | tr -d ' (' | sort -u)
undeclared=$(comm -23 <(sort -u <<<"$exported") <(echo "$declared"))
[ -z "$undeclared" ] || fail "exported but declared in no installed header: $undeclared"
echo "soname $soname, $(wc -l <<<"$exported") functions exported, all sudoku_* and declared in include/"

# PKG_CONFIG_SYSROOT_DIR prefixes the -I and -L paths with the staging root,
# as for a cross or staged build; PKG_CONFIG_LIBDIR keeps the system's .pc
# files out, so a sudoku.pc installed on this machine cannot answer.
export PKG_CONFIG_LIBDIR=$root/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$dest
pkg-config --exists sudoku || fail "pkg-config does not find sudoku.pc"
ver=$(pkg-config --modversion sudoku)
want=$(sed -n 's/^#define SUDOKU_VERSION "\(.*\)"/\1/p' include/sudoku.h)
[ "$ver" = "$want" ] || fail "sudoku.pc says version $ver, sudoku.h $want"
cflags=$(pkg-config --cflags sudoku)
libs=$(pkg-config --libs sudoku)
slibs=$(pkg-config --libs --static sudoku)
echo "pkg-config: --cflags '$cflags' --libs '$libs' --libs --static '$slibs'"

check_run() { # name binary
  out=$("$2" "$PUZZLE" 2>"$tmp/$1.err") || fail "$1: exit $? ($(cat "$tmp/$1.err"))"
  [ "$(head -n 1 <<<"$out")" = "$FIRST_ROW" ] || fail "$1 printed: $out"
  [ "$(wc -l <<<"$out")" -eq 9 ] || fail "$1: not 9 rows: $out"
  grep -q '^unique' "$tmp/$1.err" || fail "$1 did not say unique: $(cat "$tmp/$1.err")"
  code=0
  "$2" "5.5" >/dev/null 2>&1 || code=$?
  [ "$code" -eq 2 ] || fail "$1: unreadable input exits $code, not 2"
}

echo "== examples/solve.c, shared"
# shellcheck disable=SC2086 # word splitting of pkg-config's output is wanted
cc -std=c11 -Wall -Wextra -Werror examples/solve.c $cflags $libs -o "$tmp/solve-shared"
readelf -d "$tmp/solve-shared" | grep -q 'NEEDED.*\[libsudoku.so.0\]' ||
  fail "the shared build does not need libsudoku.so.0"
LD_LIBRARY_PATH=$root/lib check_run shared "$tmp/solve-shared"
LD_LIBRARY_PATH=$root/lib ldd "$tmp/solve-shared" | grep libsudoku | sed 's/^\s*/  /'

echo "== examples/solve.c, static (pkg-config --static, cc -static)"
# shellcheck disable=SC2086
cc -std=c11 -Wall -Wextra -Werror -static examples/solve.c $cflags $slibs -o "$tmp/solve-static"
if readelf -d "$tmp/solve-static" 2>/dev/null | grep -q NEEDED; then
  fail "the static build still needs shared libraries"
fi
(unset LD_LIBRARY_PATH; check_run static "$tmp/solve-static")
echo "static binary: $(stat -c %s "$tmp/solve-static") bytes, no NEEDED"

echo "== the staged sudoku CLI"
got=$(echo "$PUZZLE" | "$root/bin/sudoku" --format line)
[ "$got" = 534678912672195348198342567859761423426853791713924856961537284287419635345286179 ] ||
  fail "installed sudoku printed $got"

echo "== make uninstall"
$MAKE --no-print-directory uninstall DESTDIR="$dest" PREFIX="$PREFIX" >"$tmp/uninstall.log" 2>&1 ||
  { cat "$tmp/uninstall.log" >&2; fail "make uninstall"; }
left=$(find "$dest" ! -type d)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "install-test: OK"
