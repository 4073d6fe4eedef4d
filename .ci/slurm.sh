#!/usr/bin/env bash
# A throwaway one-node Slurm cluster for vbench's sharding tests: munged, slurmctld and slurmd on this
# host with the configuration of .ci/slurm.conf.in, every state, spool, log, pid and socket file in a
# temporary directory, stopped by their PIDs and deleted afterwards. Clients (sbatch, squeue) find it
# through SLURM_CONF; nothing is written to /etc.
#
#   .ci/slurm.sh start                  start one; prints the lines to eval:
#                                       export SLURM_CONF=...  export VBENCH_SLURM_DIR=...
#   .ci/slurm.sh stop [DIR]             stop the one in DIR (default $VBENCH_SLURM_DIR) and delete DIR
#   source .ci/slurm.sh; slurm_start; ...; slurm_stop     (what .ci/run does)
#
# Needs Debian's slurm-wlm and munge packages; as root on Debian/Ubuntu it installs them when missing.
# The daemons run as root (SlurmUser=root), so starting a cluster needs root.

slurm_log() { echo "slurm: $*" >&2; }

slurm_have() { command -v munged >/dev/null 2>&1 && command -v slurmctld >/dev/null 2>&1 \
    && command -v slurmd >/dev/null 2>&1 && command -v sbatch >/dev/null 2>&1 && command -v mungekey >/dev/null 2>&1; }

slurm_install() {
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        slurm_log "Slurm (slurmctld, slurmd, sbatch) or munge not found; install them" \
            "(Debian/Ubuntu: sudo apt-get install slurm-wlm munge)"
        return 1
    fi
    slurm_log "installing Debian's slurm-wlm and munge packages (not found)"
    apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >&2
}

slurm_port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

slurm_free_port() {
    local port attempt
    for attempt in 1 2 3 4 5 6 7 8 9 10; do
        port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
        slurm_port_in_use "$port" || { echo "$port"; return 0; }
    done
    return 1
}

# slurm_start: exports SLURM_CONF and VBENCH_SLURM_DIR once the node is idle.
slurm_start() {
    local here host dir ctld_port slurmd_port i state
    here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
    if [ "$(id -u)" != 0 ]; then
        slurm_log "the test cluster's daemons run as root (SlurmUser=root); run as root or give up Slurm tests"
        return 1
    fi
    slurm_have || { slurm_install && slurm_have; } || return 1
    host=$(hostname -s)
    dir=$(mktemp -d "${TMPDIR:-/tmp}/vbench-slurm.XXXXXX") || return 1
    export VBENCH_SLURM_DIR=$dir
    mkdir -p "$dir/state" "$dir/spool"
    # munge: a fresh key and its own socket, so the host's munged (if any) is left alone.
    mungekey -c -k "$dir/munge.key" >/dev/null 2>&1 || { slurm_log "mungekey failed"; return 1; }
    chmod 600 "$dir/munge.key"
    if ! munged --force --key-file="$dir/munge.key" --socket="$dir/munge.socket" --pid-file="$dir/munged.pid" \
            --log-file="$dir/munged.log" --seed-file="$dir/munged.seed" 2>"$dir/munged.err"; then
        slurm_log "munged did not start:"; tail -n 3 "$dir/munged.err" "$dir/munged.log" >&2 2>/dev/null
        return 1
    fi
    ctld_port=$(slurm_free_port) && slurmd_port=$(slurm_free_port) || { slurm_log "no free port"; return 1; }
    sed -e "s|@HOST@|$host|g" -e "s|@DIR@|$dir|g" -e "s|@CTLD_PORT@|$ctld_port|g" -e "s|@SLURMD_PORT@|$slurmd_port|g" \
        -e "s|@CPUS@|$(nproc)|g" "$here/slurm.conf.in" >"$dir/slurm.conf"
    export SLURM_CONF="$dir/slurm.conf"
    if ! slurmctld -i >"$dir/slurmctld.out" 2>&1; then
        slurm_log "slurmctld did not start; last lines of $dir/slurmctld.log:"; tail -n 5 "$dir/slurmctld.log" >&2
        return 1
    fi
    if ! slurmd >"$dir/slurmd.out" 2>&1; then
        slurm_log "slurmd did not start; last lines of $dir/slurmd.log:"; tail -n 5 "$dir/slurmd.log" >&2
        return 1
    fi
    for i in $(seq 1 60); do
        state=$(sinfo -h -N -o %t 2>/dev/null | head -n 1)
        case "$state" in idle*) VBENCH_SLURM_VERSION=$(sinfo --version); export VBENCH_SLURM_VERSION; return 0 ;; esac
        sleep 0.5
    done
    slurm_log "the node did not become idle within 30 s (state '${state:-none}'); see $dir/slurmctld.log and $dir/slurmd.log"
    return 1
}

# Stops the daemon whose pid file is $1 (TERM, then KILL after 10 s).
slurm_kill_pidfile() {
    local pid i
    [ -f "$1" ] || return 0
    pid=$(cat "$1" 2>/dev/null) || return 0
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
    kill -TERM "$pid" 2>/dev/null
    for i in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.5; done
    kill -KILL "$pid" 2>/dev/null || true
}

# slurm_stop [dir]: stops the daemons by PID and removes the directory; quiet and safe to call twice.
slurm_stop() {
    local dir=${1:-${VBENCH_SLURM_DIR:-}}
    [ -n "$dir" ] && [ -d "$dir" ] || return 0
    slurm_kill_pidfile "$dir/slurmd.pid"
    slurm_kill_pidfile "$dir/slurmctld.pid"
    slurm_kill_pidfile "$dir/munged.pid"
    rm -rf "$dir"
    if [ "$dir" = "${VBENCH_SLURM_DIR:-}" ]; then unset VBENCH_SLURM_DIR SLURM_CONF; fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    case "${1:-}" in
        start)
            slurm_start || { slurm_stop; exit 1; }
            printf 'export SLURM_CONF=%q\nexport VBENCH_SLURM_DIR=%q\n' "$SLURM_CONF" "$VBENCH_SLURM_DIR"
            slurm_log "$VBENCH_SLURM_VERSION, one node ($(hostname -s)), files in $VBENCH_SLURM_DIR; stop with: .ci/slurm.sh stop $VBENCH_SLURM_DIR"
            ;;
        stop) slurm_stop "${2:-}" ;;
        *) echo "usage: .ci/slurm.sh start | stop [DIR]" >&2; exit 2 ;;
    esac
fi
