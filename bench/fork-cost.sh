#!/bin/sh
# What one fork costs: the CPU time (user + system, the parent and all its children) of a run with one fork,
# minus the same run in the parent's JVM alone; side by side for this checkout's jar and a baseline's.
#   run: -w noop -e virtual --tasks 1000 --trials 3 --warmup 1, --forks 1 against --forks 0, no start-up cache
#   (a fork starts without one), each RUNS times (default 7), alternating, medians printed.
# BASE=<git revision> builds that revision's jar in a throwaway worktree (./mvnw -o package, tests skipped) and
# times it the same way, in the same loop; without BASE only this checkout is timed.
# VBENCH_JAVA_OPTS given by the caller reaches both sides (CI's tests run forks on C1 with the serial collector:
# VBENCH_JAVA_OPTS="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC").
# docs/performance.md ("A fork's own cost") records the figures with the machine.
set -eu
cd "$(dirname "$0")/.."
. bench/machine.sh
runs=${RUNS:-7}
case $runs in
    '' | *[!0-9]* | 0) echo "fork-cost: RUNS=$runs is not a positive whole number; give e.g. RUNS=7" >&2; exit 2 ;;
esac
work=$(mktemp -d)
cleanup() {
    [ -z "${BASE:-}" ] || git worktree remove --force "$work/base" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
./vbench --version >/dev/null
sides="this=./vbench"
if [ -n "${BASE:-}" ]; then
    git worktree add --detach "$work/base" "$BASE" >/dev/null 2>&1 || {
        echo "fork-cost: BASE=$BASE is not a revision of this repository; give a commit, tag or branch" >&2
        exit 2
    }
    (cd "$work/base" && ./mvnw -B -q -o package -Dmaven.test.skip=true >/dev/null) || {
        echo "fork-cost: cannot build $BASE in $work/base" >&2
        exit 3
    }
    sides="$sides base=$work/base/vbench"
fi
machine_line
python3 - "$runs" "$work" $sides <<'PY'
import os, resource, statistics, subprocess, sys
runs, work, sides = int(sys.argv[1]), sys.argv[2], [s.split("=", 1) for s in sys.argv[3:]]
env = dict(os.environ, VBENCH_STARTUP_CACHE="off")

def cpu(launcher, forks):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([launcher, "run", "-w", "noop", "-e", "virtual", "--tasks", "1000", "--trials", "3",
                    "--warmup", "1", "--forks", str(forks), "--no-progress", "--quiet",
                    "-o", os.path.join(work, "r.json")], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

times = {(name, f): [] for name, _ in sides for f in (0, 1)}
for _ in range(runs):
    for name, launcher in sides:
        for f in (0, 1):
            times[(name, f)].append(cpu(launcher, f))
print(f"| jar | parent alone (CPU s) | parent + 1 fork (CPU s) | the fork's own (CPU s) |")
print("|:---|---:|---:|---:|")
for name, _ in sides:
    alone, forked = statistics.median(times[(name, 0)]), statistics.median(times[(name, 1)])
    print(f"| {name} | {alone:.2f} | {forked:.2f} | {forked - alone:.2f} |")
print(f"\n(medians of {runs} runs each, alternating; VBENCH_JAVA_OPTS={os.environ.get('VBENCH_JAVA_OPTS', '')!r})")
PY
load_after
