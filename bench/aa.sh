#!/usr/bin/env bash
# A/A false-positive rate of vbench's decision rule on a machine whose load switches on and off, in the
# default trial order (interleaved rounds) side by side with --order grouped. Each run compares a 2-thread
# and a 3-thread pool at --concurrency 1 on the cpu workload: the same thing, so every "faster" or "slower"
# is a false positive and the rate should be what alpha promises (5%; at most 2 of 20 runs within the
# sampling error of 20 runs). Meanwhile HOGS busy loops run for PERIOD seconds, then pause for PERIOD
# seconds, over and over: drift that lands on whichever cell runs at the time.
# Prints the machine and its load first, then one line per order: runs, called different, rate, 95% CI.
#
#   bench/aa.sh                      # 20 runs per order, 2 hogs on 2 CPUs, switching every second
#   RUNS=40 HOGS=1 PERIOD=2 bench/aa.sh
#   ARGS='-w io -p duration=2ms -e fixed:threads=64 -e fixed:threads=65 --concurrency 8' bench/aa.sh
set -eu
cd "$(dirname "$0")/.."
runs=${RUNS:-20}
hogs=${HOGS:-$(nproc)}
period=${PERIOD:-1}
args=${ARGS:--w cpu -p iterations=500000 -e fixed:threads=2 -e fixed:threads=3 --concurrency 1 --tasks 200}
source bench/aa-runs.sh
aa_workdir
. bench/machine.sh
machine_line
./vbench --version | sed -n 2p
echo "== $runs A/A runs per order: vbench run $args; $hogs hog(s) on for ${period}s, off for ${period}s"
switching_load_start aa-hog "$hogs" "$period"
printf '%-12s %5s %16s %7s %16s\n' order runs "called different" rate "95% CI (exact)"
for order in interleaved grouped; do
    different=0
    i=1
    while [ "$i" -le "$runs" ]; do
        # shellcheck disable=SC2086 # ARGS is a list of options
        ./vbench run $args --order "$order" --seed "$i" --format markdown --no-progress > "$out/$order-$i.md" 2> "$out/$order-$i.err"
        # the comparison table's row: its last cell is the speedup, ~ (±x%) when within variance
        verdict=$(grep -E '^\| [0-9]+ +\|.*\|$' "$out/$order-$i.md" | tail -n 1 | awk -F'|' '{print $(NF-1)}')
        case "$verdict" in *'~'*) ;; *) different=$((different + 1)) ;; esac
        i=$((i + 1))
    done
    read -r low high < <(binomial_ci "$different" "$runs")
    printf '%-12s %5d %16d %6.0f%% %7s%% - %3s%%\n' "$order" "$runs" "$different" "$(awk "BEGIN { print 100 * $different / $runs }")" "$low" "$high"
done
load_after
