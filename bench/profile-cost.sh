#!/bin/sh
# What --profile costs the run it profiles: the cpu workload's makespan without profiling, with
# --profile cpu and with --profile tasks, on virtual threads and a fixed pool of one thread per core,
# side by side through 'vbench compare' (the baseline is the first file; a delta is shown only when it
# is significant over the trials). Goal: --profile cpu under 5% at the default interval (10 ms).
# Then 'vbench calibrate --profile' on a ~1 us task: the per-task cost of each profiler against a bare loop.
# Prints the machine and its load first: figures taken on a loaded machine are not the goal's figures.
#
#   bench/profile-cost.sh                       # 4,000 tasks of ~70 us, 6 trials per cell
#   TASKS=2000 TRIALS=6 ITERATIONS=50000 bench/profile-cost.sh
#   CALIBRATE=0 bench/profile-cost.sh           # the makespans only
set -eu
cd "$(dirname "$0")/.."
tasks=${TASKS:-4000}
trials=${TRIALS:-6}
iterations=${ITERATIONS:-50000}   # Leibniz terms: about 70 us here
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
. bench/machine.sh
machine_line
./vbench --version | sed -n 2p
matrix="-w cpu -p iterations=$iterations -e virtual -e fixed:threads=$(nproc) --tasks $tasks --trials $trials --quiet"
# ABBA over the three settings, so that no setting always runs first or last
./vbench run $matrix -o "$out/off-1.json"
./vbench run $matrix --profile cpu -o "$out/cpu.json"
./vbench run $matrix --profile tasks -o "$out/tasks.json"
./vbench run $matrix -o "$out/off-2.json"
echo
echo "== makespan: no profile (first run) vs --profile cpu (goal: within 5%)"
./vbench compare "$out/off-1.json" "$out/cpu.json"
echo
echo "== makespan: no profile (second run) vs --profile tasks"
./vbench compare "$out/off-2.json" "$out/tasks.json"
echo
echo "== the two unprofiled runs against each other: the noise floor of this machine"
./vbench compare "$out/off-1.json" "$out/off-2.json"
echo
echo "== calibrate: a ~1 us task, vbench with the profiler vs the bare loop"
[ "${CALIBRATE:-1}" = 1 ] && for events in cpu tasks; do
    ./vbench calibrate -w cpu -p iterations=700 --tasks 200000 --rounds 4 -e virtual -e "fixed:threads=$(nproc)" --profile "$events"
done
echo
load_after
