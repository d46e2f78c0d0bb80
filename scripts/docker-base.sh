#!/usr/bin/env bash
# docker-base.sh [SUITE] - makes the local image
# docker.io/library/debian:SUITE-slim (SUITE: trixie, the default and the
# Dockerfile's base, or bookworm, the base of make deb-test) with
# debootstrap when podman does not have it yet (no registry is reachable on
# these machines). Reused when present: delete it with
# `podman rmi debian:SUITE-slim` to make it again.
#
# The root filesystem is a minbase SUITE from the mirrors apt already uses
# (its sources name SUITE, SUITE-updates and SUITE-security), with the apt
# and dpkg settings of the official slim image: no apt caches and no
# Translations in layers, no docs, man pages or locales installed.
# Needs root, debootstrap and podman (scripts/docker-test.sh installs them);
# CONTAINERS_CONF is honoured.
set -euo pipefail

SUITE=${1:-trixie}
case "$SUITE" in
bookworm | trixie) ;;
*)
  echo "docker-base.sh: unknown suite '$SUITE' (bookworm or trixie)" >&2
  exit 2
  ;;
esac
IMAGE=docker.io/library/debian:$SUITE-slim

if podman image exists "$IMAGE"; then
  echo "base image $IMAGE: present, reused"
  exit 0
fi

sources=/etc/apt/sources.list.d/debian.sources
mirror=""
if [ -r "$sources" ]; then
  mirror=$(awk '/^URIs:/ { print $2; exit }' "$sources")
fi
mirror=${mirror:-http://deb.debian.org/debian}

work=$(mktemp -d /tmp/docker-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
rootfs=$work/rootfs

echo "base image $IMAGE: debootstrap --variant=minbase $SUITE from $mirror"
start=$(date +%s)
if ! timeout 900 debootstrap --variant=minbase "$SUITE" "$rootfs" "$mirror" \
  >"$work/debootstrap.log" 2>&1; then
  echo "FAIL: debootstrap; last lines of its log:" >&2
  tail -n 30 "$work/debootstrap.log" >&2
  [ -f "$rootfs/debootstrap/debootstrap.log" ] &&
    tail -n 30 "$rootfs/debootstrap/debootstrap.log" >&2
  exit 1
fi

# The mirrors of this machine's sources (deb822), for SUITE: the same
# servers, whichever release this machine runs.
security=""
[ -r "$sources" ] &&
  security=$(awk '/^URIs:/ { n++; if (n == 2) { print $2; exit } }' "$sources")
security=${security:-${mirror%/debian}/debian-security}
rm -f "$rootfs/etc/apt/sources.list"
cat >"$rootfs/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $mirror
Suites: $SUITE $SUITE-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $security
Suites: $SUITE-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF

# What the official image sets (debuerreotype's slimification).
cat >"$rootfs/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
echo 'Acquire::Languages "none";' >"$rootfs/etc/apt/apt.conf.d/docker-no-languages"
echo 'Acquire::GzipIndexes "true";' >"$rootfs/etc/apt/apt.conf.d/docker-gzip-indexes"
echo 'Apt::AutoRemove::SuggestsImportant "false";' \
  >"$rootfs/etc/apt/apt.conf.d/docker-autoremove-suggests"
echo 'force-unsafe-io' >"$rootfs/etc/dpkg/dpkg.cfg.d/docker-apt-speedup"
cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
EOF

# Drop what debootstrap left behind and what the rules above exclude.
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin \
  "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/log/*.log \
  "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* \
  "$rootfs"/usr/share/groff/* "$rootfs"/usr/share/lintian/*
find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d \
  -delete 2>/dev/null || true
find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete 2>/dev/null || true
find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias \
  -exec rm -rf {} + 2>/dev/null || true
rm -rf "$rootfs/debootstrap"
: >"$rootfs/etc/machine-id"

tar --numeric-owner -C "$rootfs" -c . |
  podman import --change 'CMD ["bash"]' - "$IMAGE" >/dev/null
echo "base image $IMAGE: made in $(($(date +%s) - start)) s," \
  "$(podman image inspect --format '{{.Size}}' "$IMAGE") bytes"
