# sudokud: the Sudoku-solving HTTP service, in two stages.
#   build:   compiler and -dev packages; `make test` must pass before
#            anything is installed, so an image never holds failing code.
#   runtime: debian:trixie-slim (Debian 13) with the two shared libraries
#            (libmicrohttpd 1.0.x), a non-root user, configuration by
#            environment.
#
#   docker build -t sudokud .
#   docker run --rm -p 8080:8080 -e THREADS=2 sudokud
# With podman, `--format docker` keeps the HEALTHCHECK (OCI drops it):
#   podman build --format docker -t sudokud .

FROM debian:trixie-slim AS build
ARG DEBIAN_FRONTEND=noninteractive
# Unpinned on purpose: a stable release moves only with security fixes, and
# a pinned one vanishes from the mirror at the next update.
# dockerlinter ignore=ER0012
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
       gcc make libc6-dev pkg-config libmicrohttpd-dev libcjson-dev libhpdf-dev \
       check python3 poppler-utils \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# The samples in tests/data stand in for ../shared/corpus (not in the context).
RUN make test \
    && make install-bin PREFIX=/usr/local DESTDIR=/out \
    && strip --strip-unneeded /out/usr/local/bin/sudoku /out/usr/local/bin/sudokud \
    && test -f /out/usr/local/share/sudokud/openapi.yaml

FROM debian:trixie-slim
ARG DEBIAN_FRONTEND=noninteractive
LABEL org.opencontainers.image.title="sudokud" \
      org.opencontainers.image.description="Sudoku-solving HTTP service (POST /solve)"
# dockerlinter ignore=ER0012
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd12t64 libcjson1 \
       libhpdf-2.3.0 \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --gid 10001 sudokud \
    && useradd --uid 10001 --gid 10001 --no-create-home --no-log-init \
       --home-dir /nonexistent --shell /usr/sbin/nologin sudokud
# bin/sudoku, bin/sudokud and share/sudokud/openapi.yaml, where sudokud looks
# for it (../share/sudokud beside the binary) to serve GET /openapi.yaml.
COPY --from=build /out/usr/local/ /usr/local/
# Every flag of `sudokud --help` has an environment variable (PORT, BIND,
# THREADS (default: online CPUs), DEADLINE_MS, MAX_BODY, MAX_PUZZLES, QUEUE,
# DRAIN_MS, CORS_ORIGINS, ACCESS_LOG, ...): `docker run -e THREADS=4 ...`.
# Set the port and address with PORT and BIND, not --port/--bind: the
# HEALTHCHECK (a second sudokud process) reads them from the environment too.
ENV PORT=8080
USER 10001:10001
EXPOSE 8080
# GETs http://127.0.0.1:$PORT/healthz; exit 0 on a 200. No curl in the image.
HEALTHCHECK --interval=30s --timeout=5s --retries=3 \
    CMD ["/usr/local/bin/sudokud", "--healthcheck"]
# Exec form: sudokud is PID 1 and gets SIGTERM itself (drains, exits 0).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/sudokud"]
