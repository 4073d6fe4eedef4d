#!/usr/bin/env bash
# A throwaway PostgreSQL server for vbench's tests and benchmarks: a fresh cluster in a temporary
# directory, listening on a free port of 127.0.0.1 only (its unix socket inside that directory),
# password authentication over TCP, stopped and deleted afterwards.
#
#   .ci/pg.sh start [SERVER OPTIONS...]   start one; prints the lines to eval:
#                                         export VBENCH_TEST_PG_URL=...  export VBENCH_PG_DIR=...
#   .ci/pg.sh stop [DIR]                  stop the one in DIR (default $VBENCH_PG_DIR) and delete DIR
#   source .ci/pg.sh; pg_start; ...; pg_stop     (what .ci/run does)
#
# Needs PostgreSQL's server binaries (initdb, pg_ctl, postgres). If they are missing and this runs
# as root on Debian/Ubuntu, it installs the 'postgresql' package. PostgreSQL refuses to run as root,
# so as root the server runs as the 'postgres' user (or a 'vbench-ci' system user it creates).

pg_log() { echo "pg: $*" >&2; }

# Directory holding initdb, pg_ctl and postgres (newest version), or nothing.
pg_find_bin() {
    local d
    if d=$(command -v initdb 2>/dev/null) && [ -n "$d" ]; then
        d=$(dirname "$(readlink -f "$d")")
        if [ -x "$d/pg_ctl" ] && [ -x "$d/postgres" ]; then echo "$d"; return 0; fi
    fi
    for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/postgres" ]; then echo "$d"; return 0; fi
    done
    return 1
}

pg_install() {
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        pg_log "PostgreSQL server binaries (initdb, pg_ctl, postgres) not found; install them" \
            "(Debian/Ubuntu: sudo apt-get install postgresql) or set VBENCH_TEST_PG_URL to a server of yours"
        return 1
    fi
    pg_log "installing Debian's postgresql package (initdb/postgres not found)"
    apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2
}

# Sets PG_RUN (command prefix running as the unprivileged server user) and PG_USER.
pg_pick_user() {
    PG_RUN=()
    PG_USER=$(id -un)
    [ "$(id -u)" = 0 ] || return 0
    if id postgres >/dev/null 2>&1; then
        PG_USER=postgres
    else
        id vbench-ci >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin vbench-ci
        PG_USER=vbench-ci
    fi
    command -v runuser >/dev/null 2>&1 || { pg_log "runuser (util-linux) is needed to run PostgreSQL as $PG_USER"; return 1; }
    PG_RUN=(runuser -u "$PG_USER" --)
}

pg_port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# pg_start [server options...]: exports VBENCH_TEST_PG_URL, VBENCH_PG_DIR, VBENCH_PG_PORT, VBENCH_PG_VERSION.
pg_start() {
    local bin password port attempt started=""
    bin=$(pg_find_bin) || { pg_install && bin=$(pg_find_bin); } || return 1
    pg_pick_user || return 1
    VBENCH_PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/vbench-pg.XXXXXX") || return 1
    export VBENCH_PG_DIR VBENCH_PG_BIN="$bin" VBENCH_PG_USER="$PG_USER"
    password=$(head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \n')
    (umask 077 && printf '%s\n' "$password" >"$VBENCH_PG_DIR/pwfile")
    [ "$(id -u)" != 0 ] || chown -R "$PG_USER" "$VBENCH_PG_DIR"
    # pg_ctl fails when it cannot read the working directory, so every server command runs from the temp dir.
    if ! (cd "$VBENCH_PG_DIR" && "${PG_RUN[@]}" "$bin/initdb" -D "$VBENCH_PG_DIR/data" -U vbench \
            --pwfile="$VBENCH_PG_DIR/pwfile" --auth-local=trust --auth-host=scram-sha-256 -E UTF8 \
            --no-sync >"$VBENCH_PG_DIR/initdb.log" 2>&1); then
        pg_log "initdb failed; see $VBENCH_PG_DIR/initdb.log:"; tail -n 5 "$VBENCH_PG_DIR/initdb.log" >&2
        return 1
    fi
    rm -f "$VBENCH_PG_DIR/pwfile"
    for attempt in 1 2 3 4 5 6 7 8 9 10; do
        port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
        pg_port_in_use "$port" && continue
        if (cd "$VBENCH_PG_DIR" && "${PG_RUN[@]}" "$bin/pg_ctl" -D "$VBENCH_PG_DIR/data" -l "$VBENCH_PG_DIR/server.log" \
                -w -t 60 -o "-p $port -k $VBENCH_PG_DIR -c listen_addresses=127.0.0.1 $*" start >/dev/null); then
            started=$port; break
        fi
        pg_log "start on port $port failed (attempt $attempt); retrying on another port"
    done
    if [ -z "$started" ]; then
        pg_log "PostgreSQL did not start; last lines of $VBENCH_PG_DIR/server.log:"; tail -n 5 "$VBENCH_PG_DIR/server.log" >&2
        return 1
    fi
    if ! (cd "$VBENCH_PG_DIR" && "${PG_RUN[@]}" "$bin/createdb" -h "$VBENCH_PG_DIR" -p "$port" -U vbench vbench); then
        pg_log "createdb failed"; return 1
    fi
    VBENCH_PG_PORT=$port
    VBENCH_PG_VERSION=$("$bin/postgres" --version)
    VBENCH_TEST_PG_URL="jdbc:postgresql://127.0.0.1:$port/vbench?user=vbench&password=$password"
    export VBENCH_PG_PORT VBENCH_PG_VERSION VBENCH_TEST_PG_URL
}

# pg_stop [dir]: stops the server and removes its directory; quiet and safe to call twice.
pg_stop() {
    local dir=${1:-${VBENCH_PG_DIR:-}} bin
    [ -n "$dir" ] && [ -d "$dir" ] || return 0
    bin=${VBENCH_PG_BIN:-$(pg_find_bin)}
    if [ -f "$dir/data/postmaster.pid" ] && [ -n "$bin" ]; then
        [ -n "${PG_RUN+x}" ] || pg_pick_user
        (cd "$dir" && "${PG_RUN[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null 2>&1) \
            || pg_log "pg_ctl stop failed for $dir"
    fi
    rm -rf "$dir"
    [ "$dir" != "${VBENCH_PG_DIR:-}" ] || unset VBENCH_PG_DIR
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    case "${1:-}" in
        start)
            shift
            pg_start "$@" || exit 1
            printf 'export VBENCH_TEST_PG_URL=%q\nexport VBENCH_PG_DIR=%q\n' "$VBENCH_TEST_PG_URL" "$VBENCH_PG_DIR"
            pg_log "$VBENCH_PG_VERSION on 127.0.0.1:$VBENCH_PG_PORT, data in $VBENCH_PG_DIR; stop with: .ci/pg.sh stop $VBENCH_PG_DIR"
            ;;
        stop) pg_stop "${2:-}" ;;
        *) echo "usage: .ci/pg.sh start [SERVER OPTIONS...] | stop [DIR]" >&2; exit 2 ;;
    esac
fi
