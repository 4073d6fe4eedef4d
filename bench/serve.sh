#!/usr/bin/env bash
# The dashboard's speed goal: on a store of RUNS runs x SERIES series (default 10,000 x 10, synthetic nightly
# results built by HistoryBench, a 5% step in series 1 half way, then compacted as a nightly store stays), the
# overview and a series page (its HTML and its chart's data) answer in under 300 ms of server time each.
# Starts './vbench history serve' on a free port and asks it with curl; prints per page the server's own time
# (its Server-Timing header), curl's total and the size: the first request (the overview was being computed in
# the background since start), then warm (median of 5), then after the store was let go while idle (an embedded
# H2 file is closed after 5 s without a request so that a nightly run can store). Then the server's memory, and
# 'history export --site' of the same store: its time, files and largest file (SITE=0 skips it).
#
#   bench/serve.sh [RUNS] [SERIES] [STORE_DIR]
#   HISTORY_URL=jdbc:postgresql://…&currentSchema=sb bench/serve.sh [RUNS] [SERIES]
# The H2 store is kept in STORE_DIR (default /tmp/vbench-serve-bench) and reused when it already exists.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-10000}
SERIES=${2:-10}
DIR=${3:-/tmp/vbench-serve-bench}
URL=${HISTORY_URL:-"jdbc:h2:file:$DIR/history-$RUNS-$SERIES"}
GOAL_MS=300
JAVA=$(ls -d /usr/lib/jvm/*25*/bin/java 2>/dev/null | head -1)
JAVA=${JAVA:-java}
command -v curl >/dev/null || { echo "bench/serve.sh needs curl" >&2; exit 3; }
./mvnw -B -q -DskipTests package test-compile >&2
CP="target/vbench.jar:target/test-classes"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "${HISTORY_URL:-}" ]; then
    if ! ./vbench history runs --last 1 --history "$URL" 2>/dev/null | grep -q '^ *[0-9]'; then
        "$JAVA" -cp "$CP" dev.vbench.history.HistoryBench build "$URL" "$RUNS" "$SERIES" "$(nproc)"
        ./vbench history compact --history "$URL"
    fi
else
    mkdir -p "$DIR"
    if [ ! -f "$DIR/history-$RUNS-$SERIES.mv.db" ]; then
        "$JAVA" -cp "$CP" dev.vbench.history.HistoryBench build "$URL" "$RUNS" "$SERIES" "$(nproc)"
        ./vbench history compact --history "$URL"
    fi
    echo "store: $(du -h "$DIR/history-$RUNS-$SERIES.mv.db" | cut -f1), $RUNS runs x $SERIES series"
fi
# prepares the history verbs' start-up cache once for a new jar: not part of the figures
./vbench history runs --last 1 --history "$URL" > /dev/null 2>&1
# series 1's largest change point (its first run after the 5% step) and that run: the run and change-point pages shown
cp_run=$(./vbench history analyze 1 --metric makespan --history "$URL" \
    | sed -n 's/.* run \([0-9]*\) commit [^ ]* \([-+][0-9.]*\)%.*/\2 \1/p' | tr -d '+-' | sort -g | tail -1 | cut -d' ' -f2)
cp_run=${cp_run:-1}
log=$(mktemp)
started=$(date +%s%N)
./vbench history serve --history "$URL" --port 0 2> "$log" &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT
base=""
for i in $(seq 1 2400); do
    base=$(sed -n 's/.*dashboard at \(http[^ ]*\) .*/\1/p' "$log")
    [ -n "$base" ] && break
    kill -0 "$server" 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.05
done
[ -n "$base" ] || { echo "the dashboard did not start: $(cat "$log")" >&2; exit 1; }
printf 'started: %.2f s from the command to the printed URL (JVM start and store opening included)\n' \
    "$(echo "($(date +%s%N) - $started) / 1000000000" | bc -l)"
# ask PATH: prints "server_ms total_ms bytes status"
ask() {
    local headers out
    headers=$(mktemp)
    out=$(curl -s -o /dev/null -D "$headers" -w '%{time_total} %{size_download} %{http_code}' "$base$1")
    local server_ms
    server_ms=$(tr -d '\r' < "$headers" | sed -n 's/^[Ss]erver-[Tt]iming: app;dur=\([0-9.]*\).*/\1/p')
    rm -f "$headers"
    set -- $out
    printf '%s %.1f %s %s\n' "${server_ms:-nan}" "$(echo "$1 * 1000" | bc -l)" "$2" "$3"
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
pages=("overview|" "series 1 page|series/1" "series 1 chart data|api/series/1.json" "series 7 page|series/7"
    "series 7 chart data|api/series/7.json" "run $cp_run page|run/$cp_run"
    "change point page|change/1/$cp_run?metric=makespan" "trials of 50 points|api/trials/1.json?metric=makespan&chunk=3")
declare -A first
for p in "${pages[@]}"; do first[$p]=$(ask "${p#*|}"); done
declare -A warm
for p in "${pages[@]}"; do
    servers=""
    for i in 1 2 3 4 5; do servers="$servers$(ask "${p#*|}" | cut -d' ' -f1)"$'\n'; done
    warm[$p]=$(printf '%s' "$servers" | median)
done
sleep 7 # the store is let go after 5 s without a request (embedded H2)
declare -A idle
for p in "${pages[@]}"; do idle[$p]=$(ask "${p#*|}"); done
printf '\n%-26s %12s %12s %12s %10s %8s\n' "page" "first (ms)" "warm (ms)" "after idle" "bytes" "goal"
for p in "${pages[@]}"; do
    name=${p%%|*}
    read -r f_ms f_total f_bytes f_code <<< "${first[$p]}"
    read -r i_ms i_total i_bytes i_code <<< "${idle[$p]}"
    goal=""
    case "$name" in overview|"series 1 page"|"series 1 chart data"|"series 7 page"|"series 7 chart data")
        goal=$(awk -v w="${warm[$p]}" -v g=$GOAL_MS 'BEGIN {print (w < g) ? "met" : "MISSED"}') ;;
    esac
    printf '%-26s %12s %12s %12s %10s %8s%s\n' "$name" "$f_ms" "${warm[$p]}" "$i_ms" "$f_bytes" "$goal" \
        "$([ "$f_code" = 200 ] || echo " (HTTP $f_code)")"
done
echo "server times: the dashboard's own Server-Timing (request handled, before the body is sent); goal: < $GOAL_MS ms warm for the overview and a series page with its data"
echo "memory: $(ps -o rss= -p "$server" | awk '{printf "%.0f MiB resident", $1 / 1024}') after these requests"
kill "$server" 2>/dev/null || true
wait "$server" 2>/dev/null || true
if [ "${SITE:-1}" = 1 ]; then
    site=$(mktemp -d)
    start=$(date +%s%N)
    ./vbench history export --history "$URL" --site "$site/site"
    printf 'export --site: %.0f s; %s files, %s; largest: %s\n' "$(echo "($(date +%s%N) - $start) / 1000000000" | bc -l)" \
        "$(find "$site/site" -type f | wc -l)" "$(du -sh "$site/site" | cut -f1)" \
        "$(find "$site/site" -type f -printf '%s %P\n' | sort -n | tail -1 | awk '{printf "%s (%.0f KiB)", $2, $1 / 1024}')"
    rm -rf "$site"
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
