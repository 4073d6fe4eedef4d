#!/bin/sh
# Harness overhead (issue 13): vbench calibrate for every built-in executor, on empty tasks and on a
# ~1 us CPU task, each side by side with its baseline: a bare submit loop on the same executor,
# timed the same way (first submit -> last task end), rounds alternating bare/vbench in one JVM.
# Goals: ratio >= 0.90 on noop, >= 0.97 on the 1 us task. Prints the machine and its load first:
# figures taken on a loaded machine are not the goal's figures.
#
#   bench/overhead.sh                 # 1,000,000 noop tasks, 7 rounds; 200,000 for the 1 us task
#   TASKS=300000 ROUNDS=5 bench/overhead.sh
set -eu
cd "$(dirname "$0")/.."
tasks=${TASKS:-1000000}
rounds=${ROUNDS:-7}
cpu_tasks=${CPU_TASKS:-200000}
iterations=${ITERATIONS:-700}   # Leibniz terms: about 1 us here (the 'service' column shows it)
echo "== $(date -u '+%Y-%m-%d %H:%M UTC')  $(uname -srm)  $(nproc) CPUs  load:$(uptime | sed 's/.*load average://')"
./vbench --version | sed -n 2p
# platform creates a thread per task: fewer tasks keep it to seconds
all="-e virtual -e fixed:threads=$(nproc) -e bounded-virtual -e cached -e forkjoin -e sequential"
echo
echo "== noop (goal: ratio >= 0.90)"
./vbench calibrate --tasks "$tasks" --rounds "$rounds" $all
./vbench calibrate --tasks $((tasks / 10)) --rounds "$rounds" -e platform | sed -n '4p'
echo
echo "== cpu iterations=$iterations, about 1 us (goal: ratio >= 0.97)"
./vbench calibrate -w cpu -p iterations="$iterations" --tasks "$cpu_tasks" --rounds "$rounds" $all
./vbench calibrate -w cpu -p iterations="$iterations" --tasks $((cpu_tasks / 10)) --rounds "$rounds" -e platform | sed -n '4p'
echo
echo "== load after:$(uptime | sed 's/.*load average://')"
