# podman-lib.sh - the container set-up that docker-test.sh and deb-test.sh
# share; sourced, not run. The caller sets TEST (its name in messages), NAME
# (the container) and PORT (a host port it will serve on), then calls
# podman_setup, which:
#  - installs what is missing as root (podman buildah runc debootstrap
#    uidmap slirp4netns curl; scripts/deps.sh prints the apt-get line else);
#  - writes a containers.conf to $tmp (runc, cgroupfs, explicit ulimits:
#    crun refuses this VM's hybrid cgroups and the VM lacks
#    CAP_SYS_RESOURCE, RECIPES section 5) and exports CONTAINERS_CONF;
#  - removes a container of an interrupted earlier run, refuses a port that
#    already answers, and makes the debian:$SUITE-slim base image
#    (scripts/docker-base.sh; reused afterwards). SUITE: the caller's, else
#    trixie (the Dockerfile's).
# After `podman run`, the caller sets started=1: on exit the container is
# removed (its last log lines shown when the exit status is not 0) and $tmp
# deleted. step and fail print progress and the failure, then exit 1.

t0=$(date +%s)
step() { echo "== $* ($(($(date +%s) - t0)) s)"; }
fail() {
  echo "$TEST: FAIL: $*" >&2
  exit 1
}

podman_cleanup() {
  local rc=$?
  if [ "$started" -eq 1 ]; then
    if [ "$rc" -ne 0 ]; then
      echo "-- last lines of the container log:" >&2
      timeout 20 podman logs --tail 30 "$NAME" >&2 || true
    fi
    timeout 30 podman rm -f -t 0 "$NAME" >/dev/null 2>&1 || true
  fi
  wait
  rm -rf "$tmp"
  exit "$rc"
}

podman_setup() {
  step "tools"
  sh scripts/deps.sh podman buildah runc debootstrap uidmap slirp4netns curl ||
    fail "missing packages (see above)"
  tmp=$(mktemp -d "/tmp/$TEST.XXXXXX")
  cat >"$tmp/containers.conf" <<'CONF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
  export CONTAINERS_CONF=$tmp/containers.conf
  started=0
  trap podman_cleanup EXIT
  trap 'exit 130' INT TERM
  timeout 30 podman rm -f -t 0 "$NAME" >/dev/null 2>&1 || true
  if curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$PORT/"; then
    fail "port $PORT already answers on this machine; set the test's port variable"
  fi
  step "base image"
  bash scripts/docker-base.sh "${SUITE:-trixie}" ||
    fail "cannot make the debian:${SUITE:-trixie}-slim base image"
}
