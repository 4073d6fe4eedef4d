# The prologue the scripts of repeated runs share (bench/aa.sh, duet.sh, mde.sh, knee-aa.sh, drift-aa.sh), sourced
# by them: their numeric settings checked in one line each (exit 2), their working directory (KEEP=DIR keeps it),
# and the switching load and the exact binomial interval they use.
#
#   source bench/aa-runs.sh
#   aa_whole bench/x.sh "RUNS=$runs" "HOGS=$hogs"   # each a whole number, else one line naming it and exit 2
#   aa_seconds bench/x.sh "$period"                 # PERIOD in seconds (1, 0.5), else one line and exit 2
#   aa_workdir                                      # out=KEEP's directory (kept) or a temporary one (removed at
#                                                   # exit); the switching load is stopped at exit either way
source bench/switching-load.sh
source bench/binomial.sh
aa_whole() {
    local script=$1 v
    shift
    for v in "$@"; do
        case ${v#*=} in ''|*[!0-9]*) echo "$script: $v: give a whole number" >&2; exit 2 ;; esac
    done
}
aa_seconds() {
    case $2 in ''|*[!0-9.]*|*.*.*|.) echo "$1: PERIOD=$2: give seconds, e.g. PERIOD=1" >&2; exit 2 ;; esac
}
aa_stop() {
    switching_load_stop
    [ -n "${KEEP:-}" ] || rm -rf "$out"
}
aa_workdir() {
    if [ -n "${KEEP:-}" ]; then
        out=$KEEP && mkdir -p "$out"
    else
        out=$(mktemp -d)
    fi
    trap aa_stop EXIT INT TERM
}
