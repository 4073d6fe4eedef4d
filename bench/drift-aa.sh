#!/usr/bin/env bash
# A/A for the drift warning (docs/statistics.md rule 17): RUNS runs of CELLS cells that are one configuration
# (thread pools of 2, 3, ... threads running Leibniz tasks one at a time, after WARMUP warmup trials), while HOGS busy
# loops switch on and off every PERIOD seconds (HOGS=0: a quiet machine). A switching load adds noise, not a trend,
# so trials that drift one way are the JVM still warming up (the trials' shared code, in one JVM) or a machine whose
# speed moved during the run. Prints the runs whose stderr says "drifted one way" with its exact 95% interval; on
# trials with no trend, Holm across the cells keeps it at most alpha. KEEP=DIR keeps each run's JSON to look at.
#
#   bench/drift-aa.sh                        # 20 runs of 4 cells, 2 hogs on 2 CPUs switching every second
#   RUNS=40 CELLS=8 HOGS=0 bench/drift-aa.sh
#   WARMUP=4 bench/drift-aa.sh               # warmup trials per cell (1)
#   KEEP=DIR bench/drift-aa.sh               # works in DIR and keeps it: every run's tables and warnings
set -eu
cd "$(dirname "$0")/.."
runs=${RUNS:-20}
cells=${CELLS:-4}
hogs=${HOGS:-$(nproc)}
period=${PERIOD:-1}
warmup=${WARMUP:-1}
source bench/aa-runs.sh
aa_whole bench/drift-aa.sh "RUNS=$runs" "CELLS=$cells" "HOGS=$hogs" "WARMUP=$warmup"
aa_seconds bench/drift-aa.sh "$period"
[ "$runs" -ge 1 ] || { echo "bench/drift-aa.sh: RUNS=$runs: give 1 or more runs" >&2; exit 2; }
[ "$cells" -ge 1 ] || { echo "bench/drift-aa.sh: CELLS=$cells: give 1 or more cells" >&2; exit 2; }
aa_workdir
executors=()
for ((c = 0; c < cells; c++)); do executors+=(-e "fixed:threads=$((c + 2))"); done
. bench/machine.sh
machine_line
./vbench --version | sed -n 2p
echo "== $runs A/A runs: $cells steady cells (fixed:threads=2..$((cells + 1)) at concurrency 1, -w cpu -p iterations=500000 --tasks 200, 6 trials + $warmup warmup); $hogs hog(s) on for ${period}s, off for ${period}s"
[ "$hogs" = 0 ] || switching_load_start drift-aa-hog "$hogs" "$period"
warned=0
for ((i = 1; i <= runs; i++)); do
    # the warnings go to stderr unless VBENCH_NO_CONDITION_WARNINGS is set: unset it for these runs
    env -u VBENCH_NO_CONDITION_WARNINGS ./vbench run -w cpu -p iterations=500000 "${executors[@]}" --concurrency 1 \
        --tasks 200 --warmup "$warmup" --seed "$i" --no-progress -o "$out/run-$i.json" > "$out/run-$i.txt" 2> "$out/run-$i.err"
    if grep -q 'drifted one way' "$out/run-$i.err"; then warned=$((warned + 1)); fi
done
read -r low high < <(binomial_ci "$warned" "$runs")
printf '%-36s %5s %6s %7s %16s\n' rule runs warned rate "95% CI (exact)"
printf '%-36s %5d %6d %6.0f%% %7s%% - %3s%%\n' "trials drifted one way (rule 17)" "$runs" "$warned" \
    "$(awk "BEGIN { print 100 * $warned / $runs }")" "$low" "$high"
load_after
