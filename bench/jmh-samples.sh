#!/bin/sh
# vbench on JMH's own samples (org.openjdk.jmh:jmh-samples:1.37), every benchmark class JMH's BenchmarkList names
# (nested ones by JMH's spelling, pkg.Outer.Inner), each with 'vbench run -w CLASS' as a user would first try it:
# one sequential client, a few hundred tasks, one short trial. Prints per class what ran, what was skipped with the
# reason, or why the class was refused, then the counts; a class "not found" is a bug (JMH runs every one of them).
# Not a measurement: the trials are far too short for figures, and none is printed.
#
#   bench/jmh-samples.sh                          # every sample class (about 10 minutes on 2 CPUs)
#   bench/jmh-samples.sh JMHSample_16 JMHSample_24   # the classes whose names contain these
set -eu
cd "$(dirname "$0")/.."
export LC_ALL=C
samples=target/jmh-samples/jmh-samples-1.37.jar
jar=examples/jmh-benchmarks/target/benchmarks.jar   # jmh-core and its dependencies, shaded
if [ ! -f "$samples" ]; then
    ./mvnw -B -q dependency:copy -Dartifact=org.openjdk.jmh:jmh-samples:1.37 -DoutputDirectory=target/jmh-samples
fi
if [ ! -f "$jar" ]; then
    ./mvnw -B -q -f examples/jmh-benchmarks/pom.xml package
fi
./vbench --version >/dev/null   # builds target/vbench.jar first
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. bench/machine.sh
machine_line
./vbench --version | sed -n 2p
classes=$(unzip -p "$samples" META-INF/BenchmarkList | awk '{print $4}' | sort -u)
if [ $# -gt 0 ]; then
    wanted=""
    for c in $classes; do
        for w in "$@"; do
            case "$c" in *"$w"*) wanted="$wanted $c" ;; esac
        done
    done
    classes=$wanted
fi
ran=0 partly=0 refused=0 missing=0
for class in $classes; do
    short=${class#org.openjdk.jmh.samples.}
    rm -f "$work/r.json"
    set +e
    ./vbench run -cp "$samples:$jar" -w "$class" -e sequential --concurrency 1 --tasks 200 --trials 1 --warmup 0 \
        --task-timeout 2min --no-progress -o "$work/r.json" >"$work/out" 2>"$work/err"
    code=$?
    set -e
    skipped=$(sed -n 's/^vbench: skipped [^:]*::\([A-Za-z0-9_]*\): .*/\1/p' "$work/err" | tr '\n' ' ')
    if [ -s "$work/r.json" ]; then
        # what ran (its cells ok), and what failed in its own code (a @Setup that throws on this JDK)
        methods=$(python3 -c 'import json,sys; print(" ".join(dict.fromkeys(c["config"]["workload"].split("::")[1] for c in json.load(open(sys.argv[1]))["cells"] if c["status"] == "ok")))' "$work/r.json")
        # a failed cell by its method and its exception (the cell's last note), not the whole note
        failed=$(python3 -c '
import json, re, sys
out = {}
for c in json.load(open(sys.argv[1]))["cells"]:
    if c["status"] != "ok":
        note = (c["notes"] or [c["status"]])[-1]
        cause = re.search(r"([A-Za-z_$][\w.$]*(?:Exception|Error)(?:: [^(]*)?)", note)
        out[c["config"]["workload"].split("::")[1] + ": " + (cause.group(1).strip() if cause else note[:160])] = 1
print("; ".join(out))' "$work/r.json")
        if [ -n "$skipped" ] || [ -n "$failed" ]; then
            partly=$((partly + 1))
            echo "$short: ran ${methods:-nothing}${skipped:+; skipped $skipped}${failed:+; its code failed in }${failed:+$failed} (exit $code)"
            sed -n 's/^vbench: skipped [^:]*::\([A-Za-z0-9_]*\): \(.*\)/    \1: \2/p' "$work/err" | cut -c1-220
        else
            ran=$((ran + 1))
            echo "$short: ran $methods (exit $code)"
        fi
    else
        reason=$(grep '^vbench: ' "$work/err" | grep -v 'cell(s) ×' | tail -1 | sed 's/^vbench: //' | cut -c1-220)
        case "$reason" in *"not found"*) missing=$((missing + 1)) ;; esac
        refused=$((refused + 1))
        echo "$short: refused (exit $code): $reason"
    fi
done
echo "== $ran classes ran whole, $partly in part, $refused refused ($missing not found); load after:$(uptime | sed 's/.*load average://')"
[ "$missing" -eq 0 ]
