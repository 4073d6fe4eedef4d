#!/usr/bin/env bash
# The runs of the built vbench that CI checks: own code (the Maven example against the installed vbench-api, in this
# JVM and in a fork; a single-file workload; a method reference) and every suite under workloads/ at quick scale.
# .ci/run starts this beside the tests, once the jars are built and the API jar is installed: these runs read the
# built vbench and examples/ only. Alone (after ./mvnw -B -DskipTests install): .ci/runs.sh
#   VBENCH_CI_LAUNCHER=DIR/bin/vbench   run vbench through that launcher instead of ./vbench (.ci/run: the unpacked
#                                       release, whose start-up cache its own check has already made)
set -euo pipefail
cd "$(dirname "$0")/.."
vbench=${VBENCH_CI_LAUNCHER:-./vbench}
# --- Own code --------------------------------------------------------------------------------------------------
# The API jar holds dev.vbench.spi only; './mvnw install' puts it in ~/.m2 as dev.vbench:vbench-api; the Maven
# example compiles against it (provided) and runs through --classpath with its own provider and executor, in
# this JVM and in a fork; the result JSON must name the workload, the executor and the jar with its SHA-256.
echo "ci: own code: examples/workload-maven, examples/single-file/Fib.java, a method reference"
./mvnw -B -q -f examples/workload-maven/pom.xml package
own_out=target/ci-own-code
mkdir -p "$own_out"
example_jar=examples/workload-maven/target/workload-maven-example.jar
# In this JVM both sizes on both executors; in a fork the larger size on the example's own executor: each cell of
# a run gets a fork of its own, started alike, so one cell checks what four would (a fork starts without the
# start-up cache: ~3 s of CPU each on 2 CPUs).
for forks in 0 1; do
    case $forks in
        0) cells=(-p bytes=64,4096 -e virtual -e stealing:parallelism=2) ;;
        *) cells=(-p bytes=4096 -e stealing:parallelism=2) ;;
    esac
    "$vbench" run --classpath "$example_jar" -w digest "${cells[@]}" \
        --tasks 2000 --trials 2 --warmup 1 --forks "$forks" --no-progress -o "$own_out/maven-example-$forks.json"
    python3 - "$own_out/maven-example-$forks.json" "$example_jar" "$forks" <<'PY'
import hashlib, json, sys
r = json.load(open(sys.argv[1]))
cells = r["cells"]
forks = int(sys.argv[3])
own = "stealing:parallelism=2"
expected = [("64", "virtual"), ("64", own), ("4096", "virtual"), ("4096", own)] if forks == 0 else [("4096", own)]
assert [(c["config"]["params"]["bytes"], c["config"]["executor"]["spec"]) for c in cells] == expected, cells
assert all(c["config"]["workload"] == "digest" for c in cells), cells
assert all(c["status"] == "ok" and t["failures"] == 0 and t["fork"] == forks for c in cells for t in c["trials"])
code = r["settings"]["code"]
assert code == [{"path": sys.argv[2], "kind": "jar", "sha256": hashlib.sha256(open(sys.argv[2], "rb").read()).hexdigest()}], code
print("ci: own code: maven example ok (forks=%s)" % sys.argv[3])
PY
done
"$vbench" run -w examples/single-file/Fib.java -e virtual -e fixed:threads=2 --tasks 1000 --trials 2 --no-progress \
    --data-dir "$own_out/data" -o "$own_out/fib.json"
"$vbench" run -w 'java.util.UUID::randomUUID' -e virtual -e fixed:threads=2 --tasks 10000 --trials 2 --no-progress \
    -o "$own_out/uuid.json"
# --- end of own code ------------------------------------------------------------------------------------------
# Every suite under workloads/ at quick scale: each must run green and print its tables. They run on C1 with the
# serial collector (their forks inherit both), as the tests' JVMs do: what is checked is that each suite runs and
# prints its tables, never its figures, for about a third less CPU than on the JVM's defaults (126 -> 90 s on 2 CPUs);
# without the start-up cache, which is made per option set (a second training would cost more than six starts save).
# VBENCH_JAVA_OPTS given by the caller is used instead.
suite_opts=${VBENCH_JAVA_OPTS-"-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"}
suite_out=target/ci-suites
mkdir -p "$suite_out"
suite_data=$(mktemp -d)
trap 'rm -rf "$suite_data"' EXIT
for suite in workloads/*.yaml; do
    name=$(basename "$suite" .yaml)
    echo "ci: suite $name (--scale quick)"
    VBENCH_JAVA_OPTS=$suite_opts VBENCH_STARTUP_CACHE=off \
        "$vbench" run "$suite" --scale quick --no-progress --data-dir "$suite_data" -o "$suite_out/$name.json"
done
