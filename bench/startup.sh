#!/bin/sh
# CLI start-up (issue 13): hyperfine, side by side in one run, of
#   - a JVM printing one line (the floor: same JDK, its default CDS archive),
#   - ./vbench --version and ./vbench compare a.json b.json (two small results) as users run them
#     (launcher + start-up cache), and the same with VBENCH_STARTUP_CACHE=off.
# Goals: --version <= 100 ms, compare <= 300 ms median wall. Needs hyperfine (apt-get install hyperfine).
# The first ./vbench calls below build the jar and the start-up cache if needed (not timed).
set -eu
cd "$(dirname "$0")/.."
runs=${RUNS:-20}
command -v hyperfine >/dev/null || { echo "startup.sh: hyperfine not found; apt-get install -y hyperfine" >&2; exit 3; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
./vbench --version >/dev/null
java=$(VBENCH_PRINT_JAVA=1 ./vbench)
printf 'public class Hello { public static void main(String[] a) { System.out.println("hello"); } }\n' > "$work/Hello.java"
"${java%/java}/javac" -d "$work" "$work/Hello.java"
./vbench run -w noop --tasks 1000 --trials 2 --warmup 0 --no-progress -o "$work/a.json" >/dev/null
./vbench run -w noop --tasks 1000 --trials 2 --warmup 0 --no-progress -o "$work/b.json" >/dev/null
echo "== $(date -u '+%Y-%m-%d %H:%M UTC')  $(uname -srm)  $(nproc) CPUs  load:$(uptime | sed 's/.*load average://')"
"$java" -version 2>&1 | sed -n 2p
hyperfine -N --warmup 3 --runs "$runs" --style basic --export-json "$work/startup.json" \
    -n "JVM hello world" "$java -cp $work Hello" \
    -n "vbench --version" "./vbench --version" \
    -n "vbench --version (no cache)" "env VBENCH_STARTUP_CACHE=off ./vbench --version" \
    -n "vbench compare a b" "./vbench compare $work/a.json $work/b.json" \
    -n "vbench compare a b (no cache)" "env VBENCH_STARTUP_CACHE=off ./vbench compare $work/a.json $work/b.json" \
    >/dev/null
python3 - "$work/startup.json" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))["results"]
print(f"{'command':32} {'median':>9} {'mean':>9} {'min':>9} {'max':>9}")
for r in rows:
    print(f"{r['command']:32} " + " ".join(f"{r[k] * 1000:6.1f} ms" for k in ("median", "mean", "min", "max")))
PY
echo "Goals: vbench --version <= 100 ms, vbench compare <= 300 ms median wall (hyperfine -N, $runs runs, 3 warmup)."
echo "== load after:$(uptime | sed 's/.*load average://')"
