#!/usr/bin/env bash
# A/A for the knee of a chain table: a suite whose chain has COLUMNS columns that are one configuration (thread
# pools of 2, 3, ... threads running Leibniz tasks one at a time: the same thing), run RUNS times while HOGS busy
# loops switch on and off every PERIOD seconds. Any knee beyond the first column is a false claim. Prints, side by
# side, the runs in which the table calls some step faster (what a knee read from the columns' verdicts alone would
# claim: about one run in ten at six columns) and the runs whose knee line names a column (vbench's rule, Holm
# across the row's steps as well: at most alpha), each with its exact 95% interval.
#
#   bench/knee-aa.sh                         # 20 runs, 6 columns, 2 hogs on 2 CPUs switching every second
#   RUNS=40 COLUMNS=8 HOGS=1 bench/knee-aa.sh
#   KEEP=DIR bench/knee-aa.sh                # works in DIR and keeps it: the suite and every run's tables
set -eu
cd "$(dirname "$0")/.."
runs=${RUNS:-20}
columns=${COLUMNS:-6}
hogs=${HOGS:-$(nproc)}
period=${PERIOD:-1}
source bench/aa-runs.sh
aa_whole bench/knee-aa.sh "RUNS=$runs" "COLUMNS=$columns" "HOGS=$hogs"
aa_seconds bench/knee-aa.sh "$period"
[ "$runs" -ge 1 ] || { echo "bench/knee-aa.sh: RUNS=$runs: give 1 or more runs" >&2; exit 2; }
[ "$columns" -ge 3 ] || { echo "bench/knee-aa.sh: COLUMNS=$columns: a knee needs 3 columns or more" >&2; exit 2; }
aa_workdir
executors=""
for ((c = 0; c < columns; c++)); do executors="$executors${executors:+, }\"fixed:threads=$((c + 2))\""; done
cat > "$out/knee-aa.yaml" <<YAML
suite: knee-aa
title: "A/A chain: $columns thread pools running one task at a time"
source: |
  bench/knee-aa.sh: one configuration in every column; a knee beyond the first column is a false claim.
warmup: 1
trials: 6
experiments:
  - name: chain
    title: "Leibniz tasks one at a time"
    workload: cpu
    params: {iterations: 500000}
    executors: [$executors]
    concurrency: 1
    tasks: 200
    tables:
      - {layout: chain, metric: makespan, knee: true}
YAML
. bench/machine.sh
machine_line
./vbench --version | sed -n 2p
echo "== $runs A/A runs: a chain of $columns equal columns (fixed:threads=2..$((columns + 1)) at concurrency 1, -w cpu -p iterations=500000 --tasks 200, 6 trials); $hogs hog(s) on for ${period}s, off for ${period}s"
switching_load_start knee-aa-hog "$hogs" "$period"
faster=0 knee=0 unknown=0
for ((i = 1; i <= runs; i++)); do
    ./vbench run "$out/knee-aa.yaml" --seed "$i" --format markdown --no-progress > "$out/run-$i.md" 2> "$out/run-$i.err"
    # the chain's row: a step the table calls faster prints its change (lower makespan: a minus sign), else ~
    steps=$(grep -E '^\| [0-9]+ +\|.*\|$' "$out/run-$i.md" | tail -n 1 | awk -F'|' -v c="$columns" '{ for (k = c + 3; k < NF; k++) print $k }')
    if printf '%s\n' "$steps" | grep -qE '^ *-[0-9]'; then faster=$((faster + 1)); fi
    line=$(grep '^knee: ' "$out/run-$i.md" | head -n 1)
    case "$line" in
        *'the first column'*) ;;
        *'not known'*) unknown=$((unknown + 1)) ;;
        *) knee=$((knee + 1)) ;;
    esac
done
printf '%-44s %5s %6s %7s %16s\n' rule runs claims rate "95% CI (exact)"
for rule in "a step the table calls faster (per column)" "a knee named (vbench: Holm across the steps)"; do
    case $rule in a\ step*) k=$faster ;; *) k=$knee ;; esac
    read -r low high < <(binomial_ci "$k" "$runs")
    printf '%-44s %5d %6d %6.0f%% %7s%% - %3s%%\n' "$rule" "$runs" "$k" "$(awk "BEGIN { print 100 * $k / $runs }")" "$low" "$high"
done
[ "$unknown" = 0 ] || echo "($unknown run(s) could not decide a knee: too few trials for the steps)"
load_after
