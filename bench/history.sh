#!/usr/bin/env bash
# The results-history speed goals: a store of RUNS runs x SERIES series (default 10,000 x 50,
# synthetic nightly results, a 5% step in series 1 half way), then
#   history show and analyze of one series   goal < 1 s
#   history check over all series            goal < 10 s
# timed twice: as whole ./vbench processes (JVM start included) and in one warm JVM (wall and CPU).
#
#   bench/history.sh [RUNS] [SERIES] [STORE_DIR]
#   HISTORY_URL=jdbc:postgresql://…&currentSchema=hb bench/history.sh [RUNS] [SERIES]
# The H2 store is kept in STORE_DIR (default /tmp/vbench-history-bench) and reused when it already holds
# the runs; delete it to rebuild. With HISTORY_URL (e.g. a schema of the server `.ci/pg.sh start` gives)
# that store is used instead: built when it holds no runs yet, then timed the same way.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-10000}
SERIES=${2:-50}
DIR=${3:-/tmp/vbench-history-bench}
URL=${HISTORY_URL:-"jdbc:h2:file:$DIR/history-$RUNS-$SERIES"}
JAVA=$(ls -d /usr/lib/jvm/*25*/bin/java 2>/dev/null | head -1)
JAVA=${JAVA:-java}
./mvnw -B -q -DskipTests package test-compile >&2
CP="target/vbench.jar:target/test-classes"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "${HISTORY_URL:-}" ]; then
    if ! ./vbench history runs --last 1 --history "$URL" 2>/dev/null | grep -q '^ *[0-9]'; then
        "$JAVA" -cp "$CP" dev.vbench.history.HistoryBench build "$URL" "$RUNS" "$SERIES" "$(nproc)"
    fi
    ./vbench history compact --history "$URL" # PostgreSQL: VACUUM ANALYZE, and the size
else
    mkdir -p "$DIR"
    if [ ! -f "$DIR/history-$RUNS-$SERIES.mv.db" ]; then
        "$JAVA" -cp "$CP" dev.vbench.history.HistoryBench build "$URL" "$RUNS" "$SERIES" "$(nproc)"
    fi
    echo "store: $(du -h "$DIR/history-$RUNS-$SERIES.mv.db" | cut -f1)"
fi
./vbench --help > /dev/null 2>&1 # prepares the start-up cache once for a new jar: not part of the figures
timed() {
    local start end times=""
    for i in 1 2 3; do
        start=$(date +%s%N)
        ./vbench "$@" --history "$URL" > /dev/null 2>&1 || true
        end=$(date +%s%N)
        times="$times $(printf '%6.2f' "$(echo "($end - $start) / 1000000000" | bc -l)")"
    done
    printf '%-34s %s s (whole process, 3 runs)\n' "vbench $1 $2 ${3:-}" "$times"
}
timed history show 1
timed history analyze 1
timed history check
echo "in one JVM (round 1 includes class loading and JIT):"
"$JAVA" -cp "$CP" dev.vbench.history.HistoryBench time "$URL" 1
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
