#!/bin/sh
# JMH and vbench on the same JMH classes: examples/jmh-benchmarks' Work (methods from a few arithmetic operations
# to a millisecond's sleep, and two that give 32,768 and 131,072 values to their Blackhole) and the JMH sample
# JMHSample_36_BranchPrediction's 'sorted' (a million values to two Blackholes per call, from
# org.openjdk.jmh:jmh-samples:1.37), each method measured by JMH (AverageTime, one fork: the median of its
# iterations) and by vbench (-e sequential: makespan / operations per trial, the median of the trials), alternately,
# ROUNDS times; then by vbench with --batch, which calls the method BATCH times per task as JMH's measurement loop
# does. Prints per method the medians over the rounds, and the ratio vbench / JMH (1.00 = agree) as the median of the
# rounds' own ratios, each of a vbench run and the JMH run just before it (paired: a slower minute of the machine
# moves both), with the lowest and highest round, and below it each round's figures; then the Blackhole mode each
# tool used. Prints the machine and its
# load first: figures from a loaded machine say so. No timed test asserts them. leibniz10k is leibniz with -p
# terms=10000 in both tools: a method of about 13 us, the low end of where the two should agree within 3%. One JVM's
# figure for it moves by 3-4% from the next JVM's in either tool on a 2-CPU machine, so 3% needs several rounds: 6 by
# default.
#
#   bench/jmh-vs-vbench.sh                       # 6 rounds, JMH 3 x 1 s warmup + 5 x 1 s measurement (about 20 minutes)
#   bench/jmh-vs-vbench.sh leibniz10k leibniz sleep1ms   # the methods of 10 us and more (about 6 minutes)
#   bench/jmh-vs-vbench.sh consume128k sorted    # the Blackhole-heavy methods of 10 us and more
#   ROUNDS=1 JMH_OPTS='-wi 2 -w 500ms -i 3 -r 500ms' bench/jmh-vs-vbench.sh ops4 loop64
set -eu
cd "$(dirname "$0")/.."
export LC_ALL=C
rounds=${ROUNDS:-6}
batch=${BATCH:-1000}
jmh_opts=${JMH_OPTS:--wi 3 -w 1s -i 5 -r 1s}
methods=${*:-ops4 loop64 alloc1k log64 leibniz10k consume32k consume128k sorted leibniz sleep1ms}
jar=examples/jmh-benchmarks/target/benchmarks.jar
if [ ! -f "$jar" ]; then
    ./mvnw -B -q -f examples/jmh-benchmarks/pom.xml package
fi
# JMH's samples (not shaded: jmh-core comes from the benchmarks jar after it; JMH reads the samples' BenchmarkList first)
samples=target/jmh-samples/jmh-samples-1.37.jar
if [ ! -f "$samples" ]; then
    ./mvnw -B -q dependency:copy -Dartifact=org.openjdk.jmh:jmh-samples:1.37 -DoutputDirectory=target/jmh-samples
fi
./vbench --version >/dev/null   # builds target/vbench.jar first, outside any measurement
# JMH on a JDK >= 21 as ./vbench picks one (the default java may be older); JAVA=PATH overrides
java=${JAVA:-$(ls -d ${VBENCH_JAVA_HOME:-} /usr/lib/jvm/*25* /usr/lib/jvm/*21* 2>/dev/null | head -1)/bin/java}
[ -x "$java" ] || java=$(command -v java)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. bench/machine.sh
machine_line
./vbench --version | sed -n 2p
echo "JMH: java -cp $jar org.openjdk.jmh.Main -f 1 $jmh_opts -bm avgt -tu ns;  vbench: -e sequential --trials 6 --warmup 2, batch 1 and $batch"

# tasks per vbench trial for batch 1: about half a second of each method
tasks_for() {
    case "$1" in
        ops4|loop64) echo 5000000 ;;
        alloc1k) echo 2000000 ;;
        log64) echo 500000 ;;
        leibniz10k|consume32k) echo 30000 ;;
        consume128k) echo 10000 ;;
        sorted) echo 2000 ;;
        leibniz|sleep1ms) echo 300 ;;
        *) echo 100000 ;;
    esac
}

# tasks per vbench trial with --batch: about half a second of calls too (a trial of a few ms would measure
# the machine's other load, not the method); none where a task of BATCH calls would take too long
btasks_for() {
    case "$1" in
        ops4) echo $((200000000 / batch)) ;;
        loop64) echo $((10000000 / batch)) ;;
        alloc1k) echo $((8000000 / batch)) ;;
        log64) echo $((1200000 / batch)) ;;
        *) echo 0 ;;
    esac
}

# vbench's median time per operation (ns) in a result file
per_op() {
    python3 - "$1" <<'PY'
import json, statistics, sys
c = json.load(open(sys.argv[1]))["cells"][0]
ops = max(1, c["config"].get("batch", 0)) * max(1, c["config"].get("operationsPerCall", 0))
print("%.3f" % statistics.median(t["makespanNanos"] / (t["tasks"] * ops) for t in c["trials"]))
PY
}

blackholes=""
printf '%-10s %12s %12s %7s %11s %14s %7s\n' method "JMH ns/op" "vbench ns/op" ratio rounds "--batch ns/op" ratio
# the class path, the JMH benchmark, the vbench workload and the -p option of a row
cp_of() { case "$1" in sorted) echo "$samples:$jar" ;; *) echo "$jar" ;; esac; }
class_of() { case "$1" in sorted) echo org.openjdk.jmh.samples.JMHSample_36_BranchPrediction ;; *) echo com.example.bench.Work ;; esac; }
method_of() { case "$1" in leibniz10k) echo leibniz ;; *) echo "$1" ;; esac; }
params_of() { case "$1" in leibniz10k) echo "-p terms=10000" ;; *) echo "" ;; esac; }

for row in $methods; do
    m=$(method_of "$row")
    p=$(params_of "$row")
    c=$(class_of "$row")
    cp=$(cp_of "$row")
    tasks=$(tasks_for "$row")
    btasks=$(btasks_for "$row")
    jmh_all="" vb_all="" vbb_all="" modes=""
    r=0
    while [ "$r" -lt "$rounds" ]; do
        r=$((r + 1))
        # shellcheck disable=SC2086
        "$java" -cp "$cp" org.openjdk.jmh.Main "$c.$m\$" $p -f 1 $jmh_opts -bm avgt -tu ns -rf json -rff "$work/jmh.json" \
            >"$work/jmh.out" 2>&1
        jmh_mode=$(sed -n 's/^# Blackhole mode: \([a-z]*\).*/\1/p' "$work/jmh.out" | head -1)
        # the median of JMH's iterations, as vbench's figure is the median of its trials (JMH's score is their
        # mean: on a shared machine a burst of other load in one iteration moves a mean, not a median)
        jmh=$(python3 -c 'import json,statistics,sys; m=json.load(open(sys.argv[1]))[0]["primaryMetric"]; print("%.3f" % statistics.median(x for f in m["rawData"] for x in f))' "$work/jmh.json")
        # shellcheck disable=SC2086
        ./vbench run -cp "$cp" -w "$c::$m" $p -e sequential --tasks "$tasks" --trials 6 --warmup 2 \
            --no-progress --quiet -o "$work/vb.json" >/dev/null 2>"$work/vb.err" || { cat "$work/vb.err" >&2; exit 1; }
        vb=$(per_op "$work/vb.json")
        vb_mode=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["cells"][0].get("attributes", {}).get("blackholeMode", ""))' "$work/vb.json")
        [ -z "$vb_mode" ] || modes="$row: JMH ${jmh_mode:-?}, vbench $vb_mode"
        if [ "$btasks" -ge 200 ]; then
            # shellcheck disable=SC2086
            ./vbench run -cp "$cp" -w "$c::$m" $p -e sequential --tasks "$btasks" --batch "$batch" \
                --trials 6 --warmup 2 --no-progress --quiet -o "$work/vbb.json" >/dev/null 2>"$work/vb.err" || { cat "$work/vb.err" >&2; exit 1; }
            vbb=$(per_op "$work/vbb.json")
        else
            vbb=-
        fi
        jmh_all="$jmh_all $jmh" vb_all="$vb_all $vb" vbb_all="$vbb_all $vbb"
    done
    python3 - "$row" "$jmh_all" "$vb_all" "$vbb_all" <<'PY'
import statistics, sys
m, jmh, vb, vbb = sys.argv[1], [float(x) for x in sys.argv[2].split()], [float(x) for x in sys.argv[3].split()], sys.argv[4].split()
ratios = [v / j for v, j in zip(vb, jmh)]
b = "-" if "-" in vbb else [float(x) for x in vbb]
print("%-10s %12.1f %12.1f %7.3f %11s %14s %7s" % (m, statistics.median(jmh), statistics.median(vb), statistics.median(ratios),
      "%.2f-%.2f" % (min(ratios), max(ratios)), "-" if b == "-" else "%.1f" % statistics.median(b),
      "-" if b == "-" else "%.2f" % statistics.median(x / j for x, j in zip(b, jmh))))
# each round's figures: a method whose JVMs settle in two modes (the JIT's choice differs from one JVM to the
# next) shows them here, in either tool
print("  rounds, JMH: %s;  vbench: %s" % (" ".join("%.4g" % x for x in jmh), " ".join("%.4g" % x for x in vb)))
PY
    [ -z "$modes" ] || blackholes="${blackholes:+$blackholes; }$modes"
done
echo "Blackhole mode (last round): ${blackholes:-no method with a Blackhole}"
load_after
