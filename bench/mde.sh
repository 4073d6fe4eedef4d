#!/usr/bin/env bash
# Does the minimum detectable effect mean what it says? `vbench noise` prints the MDE (80% power) of a
# method that sleeps BASE per call, run the way two builds are run (one fork per trial); then RUNS runs of
# `--build old --build new` where new sleeps longer by 1.5 x that MDE (should be called slower in at least
# 80% of runs), and RUNS runs where it sleeps longer by a quarter of it (BELOW=3: a third), which an exact MDE
# calls significant in about 10% of runs (15% at a third, 8% at a fifth; 6 + 6 trials, docs/statistics.md). Prints the machine,
# the MDE, and one line per case: runs, verdicts, rate.
#
#   bench/mde.sh                         # BASE=2ms, 20 tasks at concurrency 1, 6 trials, RUNS=10
#   RUNS=20 TRIALS=10 REPEAT=10 bench/mde.sh    # REPEAT: the A/A repeats of `vbench noise` behind the MDE (5)
#   MDE=2.0 CASES=above bench/mde.sh     # an MDE measured before; only the case above it
#   BELOW=3 CASES=below bench/mde.sh     # the case below at a third of the MDE, not a quarter
#   KEEP=DIR bench/mde.sh                # works in DIR and keeps it: `vbench noise`'s and every run's tables
set -eu
cd "$(dirname "$0")/.."
runs=${RUNS:-10}
below=${BELOW:-4}   # the case below the MDE: 1/BELOW of it
case $below in ''|*[!0-9]*|0) echo "bench/mde.sh: BELOW=$below: give a whole number from 1 (BELOW=3: a third of the MDE)" >&2; exit 2 ;; esac
trials=${TRIALS:-6}
base_us=${BASE_US:-2000}
args="-w demo.Work::call -e fixed:threads=1 --tasks 20 --concurrency 1 --trials $trials --no-progress"
source bench/aa-runs.sh
aa_workdir
. bench/machine.sh
machine_line
./vbench --version | sed -n 2p
javac=${JAVAC:-$(dirname "$(readlink -f "$(command -v java)")")/javac}
for home in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-21-jdk-amd64 "${JAVA_HOME:-}"; do
    [ -x "$home/bin/javac" ] && javac=$home/bin/javac && break
done
# build DIR NANOS: demo.Work.call() sleeps NANOS
build() {
    mkdir -p "$1/src/demo" "$1/classes"
    printf 'package demo;\npublic class Work {\n    public static void call() throws InterruptedException {\n        Thread.sleep(java.time.Duration.ofNanos(%dL));\n    }\n}\n' "$2" > "$1/src/demo/Work.java"
    "$javac" --release 21 -d "$1/classes" "$1/src/demo/Work.java"
}
build "$out/old" $((base_us * 1000))
if [ -n "${MDE:-}" ]; then
    mde=$MDE   # measured before on this machine with these options
    echo "MDE (80%) given: ±$mde%"
else
    # shellcheck disable=SC2086 # args is a list of options
    ./vbench noise --classpath "$out/old/classes" $args --forks "$trials" --repeat "${REPEAT:-5}" > "$out/noise.txt" 2> "$out/noise.err"
    sed -n '1,4p' "$out/noise.txt"
    mde=$(sed -n '4p' "$out/noise.txt" | grep -oE '±[0-9.]+%' | tail -n 1 | tr -d '±%')
fi
[ -n "$mde" ] || { echo "no finite MDE printed; more TRIALS" >&2; exit 1; }
printf '%-28s %5s %8s %8s %12s %6s\n' case runs slower faster "within (~)" rate
for case in ${CASES:-below above}; do
    if [ "$case" = above ]; then factor=$(awk "BEGIN { print 1 + 1.5 * $mde / 100 }"); else factor=$(awk "BEGIN { print 1 + $mde / $below / 100 }"); fi
    nanos=$(awk "BEGIN { printf \"%d\", $base_us * 1000 * $factor + 0.5 }")
    build "$out/new-$case" "$nanos"
    slower=0 faster=0 within=0
    for i in $(seq 1 "$runs"); do
        # shellcheck disable=SC2086
        ./vbench run --build old="$out/old/classes" --build new="$out/new-$case/classes" $args --seed "$i" \
            --format markdown > "$out/$case-$i.md" 2> "$out/$case-$i.err"
        verdict=$(grep -E '^\| [0-9]+ +\|.*\|$' "$out/$case-$i.md" | tail -n 1 | awk -F'|' '{print $(NF-1)}')
        case "$verdict" in *slower*) slower=$((slower + 1)) ;; *faster*) faster=$((faster + 1)) ;; *) within=$((within + 1)) ;; esac
    done
    label=$(awk -v c="$case" -v f="$factor" -v b="$below" 'BEGIN { printf "%s: +%.1f%% (%s MDE)", c, (f - 1) * 100, c == "above" ? "1.5x" : "1/" b }')
    if [ "$case" = above ]; then rate=$((100 * slower / runs)); else rate=$((100 * (slower + faster) / runs)); fi
    printf '%-28s %5d %8d %8d %12d %5d%%\n' "$label" "$runs" "$slower" "$faster" "$within" "$rate"
done
echo "rate: above, the runs called slower (80% power promises 8 of 10); below, the runs called different (an exact MDE: ~15% at 1/3, ~10% at 1/4, ~8% at 1/5)"
load_after
