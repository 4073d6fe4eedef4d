#!/bin/sh
# Nothing else moved: the three figures measured before the task path was last changed, each
# printed beside its baseline from then, after the machine and its load:
#   io      10,000 tasks x 200 ms sleep on virtual threads: vbench's makespan vs a bare submit loop
#           ('vbench calibrate -w io', IO_RUNS runs of IO_ROUNDS rounds; baseline 214 ms vs 208-301 ms).
#   memory  peak RSS (/usr/bin/time %M) of a process running 1,000,000 noop tasks: 'vbench run' vs
#           bench/BareSubmitLoop.java (compiled here), same java and options (MEM_JAVA_OPTS) on both sides,
#           for virtual and fixed:threads=2, MEM_REPS interleaved repetitions, median
#           (baseline: vbench below the bare loop on virtual threads, 1.07x it on a 2-thread pool); each side
#           also with 1,000 tasks, to split the process's floor from what the tasks add.
#   jmh     the cpu task's mean time per task, vbench (sequential executor: makespan / tasks, per trial) vs
#           JMH AverageTime of the same Task object (bench/jmh, built here), same warmup and measurement
#           counts, a JMH iteration as long as a vbench trial, JMH_RUNS alternations, median of their
#           differences (baseline: within 0.6%).
# BEFORE_JAR=PATH also runs the vbench side of memory and jmh with another vbench jar (e.g. one built from
# main before that change), interleaved with this one. Needs /usr/bin/time (GNU time) and python3.
#
#   bench/agreement.sh                # all three (a few minutes on 2 CPUs)
#   bench/agreement.sh memory         # one of: io memory jmh
#   MEM_REPS=3 JMH_RUNS=1 BEFORE_JAR=/tmp/before/target/vbench.jar bench/agreement.sh
set -eu
cd "$(dirname "$0")/.."
export LC_ALL=C
what=${1:-all}
case "$what" in all|io|memory|jmh) ;; *) echo "agreement.sh: unknown figure '$what'; use io, memory, jmh or nothing (all)" >&2; exit 2 ;; esac
io_runs=${IO_RUNS:-3}
io_rounds=${IO_ROUNDS:-7}
mem_tasks=${MEM_TASKS:-1000000}
mem_reps=${MEM_REPS:-5}
mem_opts=${MEM_JAVA_OPTS:--Xmx2g -XX:+UseG1GC}
cpu_iterations=${CPU_ITERATIONS:-20000000}   # the cpu workload's default, 26-30 ms a task here
cpu_tasks=${CPU_TASKS:-50}
trials=${TRIALS:-6}
warmup=${WARMUP:-2}
jmh_runs=${JMH_RUNS:-3}
before_jar=${BEFORE_JAR:-}
[ -x /usr/bin/time ] || { echo "agreement.sh: /usr/bin/time (GNU time) not found; apt-get install -y time" >&2; exit 3; }
command -v python3 >/dev/null || { echo "agreement.sh: python3 not found; apt-get install -y python3" >&2; exit 3; }
if [ -n "$before_jar" ] && [ ! -f "$before_jar" ]; then
    echo "agreement.sh: BEFORE_JAR '$before_jar' is not a file; build one (./mvnw -B -q -DskipTests package) or unset it" >&2
    exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
./vbench --version >/dev/null          # builds target/vbench.jar if needed (not timed)
java=$(VBENCH_PRINT_JAVA=1 ./vbench)
jar=target/vbench.jar
# Every vbench side runs 'java -jar' directly (no launcher, no start-up cache), so both sides of a figure
# run the same java with the same options.
vbench() { j=$1; shift; "$java" --enable-native-access=ALL-UNNAMED -jar "$j" "$@"; }
jars="now=$jar"
[ -z "$before_jar" ] || jars="$jars before=$before_jar"

. bench/machine.sh
machine_line
"$java" -version 2>&1 | sed -n 2p
echo "vbench $(git rev-parse --short HEAD 2>/dev/null || echo '?')${before_jar:+; before: $before_jar}"

if [ "$what" = all ] || [ "$what" = io ]; then
    echo
    echo "== io: 10,000 tasks x 200 ms sleep, virtual threads, makespan (first submit -> last task end)"
    echo "   vbench calibrate -w io -p duration=200ms --tasks 10000 --rounds $io_rounds -e virtual, $io_runs runs (medians of their rounds)"
    for r in $(seq "$io_runs"); do
        vbench "$jar" calibrate -w io -p duration=200ms --tasks 10000 --rounds "$io_rounds" -e virtual \
            | awk '$1 == "virtual" { print $2, $4 }' >> "$work/io"
    done
    [ "$(wc -l < "$work/io")" -eq "$io_runs" ] || { echo "agreement.sh: vbench calibrate -w io printed no 'virtual' row (its error is above)" >&2; exit 1; }
    python3 - "$work/io" <<'PY'
import statistics, sys
rows = [tuple(float(x) for x in line.split()) for line in open(sys.argv[1])]
bare = [10000 / b * 1000 for b, _ in rows]
vb = [10000 / v * 1000 for _, v in rows]
for i, (b, v) in enumerate(zip(bare, vb), 1):
    print(f"   run {i}: bare loop {b:6.1f} ms   vbench {v:6.1f} ms   vbench - bare {v - b:+6.1f} ms")
print(f"   now:    vbench {min(vb):.0f}-{max(vb):.0f} ms (median {statistics.median(vb):.0f}) vs bare loop "
      f"{min(bare):.0f}-{max(bare):.0f} ms (median {statistics.median(bare):.0f})")
print("   before: vbench 214 ms vs bare loop 208-301 ms (before the task path change)")
PY
fi

if [ "$what" = all ] || [ "$what" = memory ]; then
    echo
    echo "== memory: peak RSS (/usr/bin/time %M) of one process running $mem_tasks noop tasks, median of $mem_reps"
    echo "   options on both sides: $mem_opts; vbench: run -w noop --tasks $mem_tasks --trials 1 --warmup 0 --no-progress"
    "${java%/java}/javac" -d "$work" bench/BareSubmitLoop.java
    for exec in virtual fixed:threads=2; do
        for r in $(seq "$mem_reps"); do
            # shellcheck disable=SC2086 # mem_opts is an option list
            /usr/bin/time -f %M -o "$work/rss" "$java" $mem_opts -cp "$work" BareSubmitLoop "$exec" "$mem_tasks" >"$work/err" 2>&1 \
                || { cat "$work/err" >&2; echo "agreement.sh: the bare program failed (MEM_JAVA_OPTS='$mem_opts')" >&2; exit 1; }
            echo "$exec bare $(tail -1 "$work/rss")" >> "$work/mem"
            # shellcheck disable=SC2086
            /usr/bin/time -f %M -o "$work/rss" "$java" $mem_opts -cp "$work" BareSubmitLoop "$exec" 1000 >"$work/err" 2>&1 \
                || { cat "$work/err" >&2; echo "agreement.sh: the bare program failed (MEM_JAVA_OPTS='$mem_opts')" >&2; exit 1; }
            echo "$exec bare $(tail -1 "$work/rss")" >> "$work/floor"
            for nj in $jars; do
                # shellcheck disable=SC2086
                /usr/bin/time -f %M -o "$work/rss" "$java" $mem_opts --enable-native-access=ALL-UNNAMED -jar "${nj#*=}" \
                    run -w noop --tasks "$mem_tasks" -e "$exec" --trials 1 --warmup 0 --no-progress >/dev/null 2>"$work/err" \
                    || { cat "$work/err" >&2; exit 1; }
                echo "$exec vbench-${nj%%=*} $(tail -1 "$work/rss")" >> "$work/mem"
                # shellcheck disable=SC2086
                /usr/bin/time -f %M -o "$work/rss" "$java" $mem_opts --enable-native-access=ALL-UNNAMED -jar "${nj#*=}" \
                    run -w noop --tasks 1000 -e "$exec" --trials 1 --warmup 0 --no-progress >/dev/null 2>"$work/err" \
                    || { cat "$work/err" >&2; exit 1; }
                echo "$exec vbench-${nj%%=*} $(tail -1 "$work/rss")" >> "$work/floor"
            done
        done
    done
    python3 - "$work/mem" "$work/floor" <<'PY'
import collections, statistics, sys
def read(path):
    kb = collections.defaultdict(list)
    for line in open(path):
        exec_, side, v = line.split()
        kb[(exec_, side)].append(int(v))
    return kb
kb, floor = read(sys.argv[1]), read(sys.argv[2])
print(f"   {'executor':17} {'side':14} {'median':>9} {'min':>9} {'max':>9}  {'vs bare':>7}  {'1k tasks':>8}  {'minus 1k':>8}")
for exec_ in dict.fromkeys(e for e, _ in kb):
    bare = statistics.median(kb[(exec_, "bare")])
    for (e, side), vals in kb.items():
        if e == exec_:
            m, f = statistics.median(vals), statistics.median(floor[(e, side)])
            print(f"   {exec_:17} {side:14} {m / 1024:6.0f} MB {min(vals) / 1024:6.0f} MB {max(vals) / 1024:6.0f} MB  "
                  f"{m / bare:6.2f}x  {f / 1024:5.0f} MB  {(m - f) / 1024:5.0f} MB")
print("   1k tasks: the same process with 1,000 tasks (JVM, classes, heap floor); minus 1k: what the other tasks add")
print("   before: vbench below the bare loop on virtual threads, 1.07x it on fixed:threads=2 (before the task path change)")
PY
fi

if [ "$what" = all ] || [ "$what" = jmh ]; then
    echo
    echo "== jmh: cpu iterations=$cpu_iterations, mean time per task: vbench (sequential) vs JMH AverageTime of the same Task"
    if [ ! -f bench/jmh/target/benchmarks.jar ] || [ -n "$(find bench/jmh/pom.xml bench/jmh/src -newer bench/jmh/target/benchmarks.jar | head -1)" ]; then
        ./mvnw -B -q -f bench/jmh/pom.xml package >&2
    fi
    echo "   vbench: run -w cpu -p iterations=$cpu_iterations --tasks $cpu_tasks -e sequential --trials $trials --warmup $warmup"
    echo "   JMH:    -f 1 -wi $warmup -i $trials, each iteration as long as vbench's median trial; $jmh_runs alternation(s)"
    for r in $(seq "$jmh_runs"); do
        for nj in $jars; do
            vbench "${nj#*=}" run -w cpu -p iterations="$cpu_iterations" --tasks "$cpu_tasks" -e sequential \
                --trials "$trials" --warmup "$warmup" --no-progress -o "$work/vbench-${nj%%=*}-$r.json" >/dev/null 2>"$work/err" \
                || { cat "$work/err" >&2; exit 1; }
        done
        ms=$(python3 -c 'import json, statistics, sys
t = json.load(open(sys.argv[1]))["cells"][0]["trials"]
print(max(100, round(statistics.median(x["makespanNanos"] for x in t) / 1e6)))' "$work/vbench-now-$r.json")
        "$java" -cp "bench/jmh/target/benchmarks.jar:$jar" org.openjdk.jmh.Main CpuTaskBenchmark -f 1 \
            -wi "$warmup" -w "${ms}ms" -i "$trials" -r "${ms}ms" -p iterations="$cpu_iterations" \
            -rf json -rff "$work/jmh-$r.json" >"$work/err" 2>&1 || { cat "$work/err" >&2; exit 1; }
    done
    python3 - "$work" "$jmh_runs" "$jars" <<'PY'
import json, statistics, sys
work, runs, jars = sys.argv[1], int(sys.argv[2]), [j.split("=")[0] for j in sys.argv[3].split()]
diffs = {side: [] for side in jars}
print(f"   {'run':4} {'side':12} {'us/task':>9} {'min':>9} {'max':>9}  {'vs JMH':>7}  note")
for r in range(1, runs + 1):
    jmh = json.load(open(f"{work}/jmh-{r}.json"))[0]["primaryMetric"]
    raw = [x for fork in jmh["rawData"] for x in fork]
    score = jmh["score"]
    print(f"   {r:<4} {'JMH avgt':12} {score:9.2f} {min(raw):9.2f} {max(raw):9.2f}  {'':>7}  "
          f"+-{float(jmh['scoreError']):.2f} (99.9%, {len(raw)} iterations)")
    for side in jars:
        cell = json.load(open(f"{work}/vbench-{side}-{r}.json"))["cells"][0]
        per = [t["makespanNanos"] / t["tasks"] / 1000 for t in cell["trials"]]
        lat = statistics.median(t["latency"]["meanNanos"] for t in cell["trials"]) / 1000
        m = statistics.median(per)
        diffs[side].append((m / score - 1) * 100)
        print(f"   {r:<4} {'vbench ' + side:12} {m:9.2f} {min(per):9.2f} {max(per):9.2f}  {(m / score - 1) * 100:+6.2f}%  "
              f"makespan/tasks, median of {len(per)} trials; mean latency {lat:.2f} us ({(lat / score - 1) * 100:+.2f}%)")
for side, ds in diffs.items():
    print(f"   vbench {side}: median difference to JMH over {len(ds)} alternation(s) {statistics.median(ds):+.2f}% "
          f"(each: {', '.join(f'{d:+.2f}%' for d in ds)})")
print("   before: vbench's mean time per op within 0.6% of JMH's AverageTime (before the task path change)")
PY
fi
echo
load_after
