#!/bin/sh
# Harness overhead: vbench calibrate for every built-in executor, on empty tasks and on a
# ~1 us CPU task, each side by side with its baseline: a bare submit loop on the same executor,
# timed the same way (first submit -> last task end), in rounds of the two back to back (ABBA order),
# in FORKS fresh JVMs per executor. A JVM keeps its JIT decisions for life and they move a ratio more
# than anything else here (one JVM's 1 us task ratio read 0.94, the next one's 0.99), so the forks are
# the samples: the ratio is the median of the forks' median round ratios, with its 95% CI over the
# forks. Goals: ratio >= 0.90 on noop, >= 0.97 on the 1 us task.
# Prints the machine and its load first: figures taken on a loaded machine are not the goal's figures.
#
#   bench/overhead.sh                 # 1,000,000 noop tasks, 6 forks x (3 warmup + 4 rounds); 200,000 for the 1 us task
#   TASKS=300000 FORKS=2 ROUNDS=2 bench/overhead.sh
# ROUNDS is even so that the rounds' alternating order (bare loop first, then vbench first) is balanced:
# with 3, the bare loop ran first in two of them.
set -eu
cd "$(dirname "$0")/.."
tasks=${TASKS:-1000000}
rounds=${ROUNDS:-4}
forks=${FORKS:-6}
cpu_tasks=${CPU_TASKS:-200000}
iterations=${ITERATIONS:-700}   # Leibniz terms: about 1 us here (the 'service' column shows it)
. bench/machine.sh
machine_line
./vbench --version | sed -n 2p
# cached and platform start a thread per task (5-120 us): fewer tasks keep them to seconds
fast="-e virtual -e fixed:threads=$(nproc) -e bounded-virtual -e forkjoin -e sequential"
row=4   # the row of a one-executor calibrate table (title, header, rule, row)
echo
echo "== noop (goal: ratio >= 0.90)"
./vbench calibrate --tasks "$tasks" --forks "$forks" --rounds "$rounds" $fast
./vbench calibrate --tasks $((tasks / 10)) --forks "$forks" --rounds "$rounds" -e cached | sed -n "${row}p"
./vbench calibrate --tasks $((tasks / 100)) --forks "$forks" --rounds "$rounds" -e platform | sed -n "${row}p"
echo
echo "== cpu iterations=$iterations, about 1 us (goal: ratio >= 0.97)"
./vbench calibrate -w cpu -p iterations="$iterations" --tasks "$cpu_tasks" --forks "$forks" --rounds "$rounds" $fast
./vbench calibrate -w cpu -p iterations="$iterations" --tasks $((cpu_tasks / 10)) --forks "$forks" --rounds "$rounds" -e cached | sed -n "${row}p"
./vbench calibrate -w cpu -p iterations="$iterations" --tasks $((cpu_tasks / 100)) --forks "$forks" --rounds "$rounds" -e platform | sed -n "${row}p"
echo
load_after
