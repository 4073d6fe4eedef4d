#!/bin/sh
# CLI start-up: every command that only reads, side by side in one hyperfine run with a JVM printing one line
# (the floor: same JDK, its default CDS archive):
#   ./vbench --version, compare a.json b.json (two small results), report a.json, list, and history check on
#   a history of those two runs (H2), as users run them (launcher + start-up caches), and compare without the
#   caches (VBENCH_STARTUP_CACHE=off) for reference.
# Goals (docs/performance.md, "Start-up"): compare, report, history check and list <= 200 ms median wall,
# --version <= 2x the JVM hello world's median. Prints hyperfine's markdown table, then each goal met or missed.
# Uses hyperfine (apt-get install hyperfine) when present, else a plain timing loop (python3) with the same table.
# Before timing, one call of each command builds the jar and the start-up caches when needed (not timed).
# RUNS (default 20) timed runs per command after WARMUP (default 3).
set -eu
cd "$(dirname "$0")/.."
runs=${RUNS:-20}
warmup=${WARMUP:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
./vbench --version >/dev/null
java=$(VBENCH_PRINT_JAVA=1 ./vbench)
printf 'public class Hello { public static void main(String[] a) { System.out.println("hello"); } }\n' > "$work/Hello.java"
"${java%/java}/javac" -d "$work" "$work/Hello.java"
for r in a b; do
    ./vbench run -w noop --tasks 1000 --trials 2 --warmup 0 --pinning off --no-progress -o "$work/$r.json" \
        >/dev/null 2>"$work/run.err" || { cat "$work/run.err" >&2; exit 1; }
done
history="jdbc:h2:file:$work/history"
./vbench history add --history "$history" "$work/a.json" "$work/b.json" >/dev/null
# Each command once: the first of each family makes its start-up cache (read, history; run made the other).
./vbench compare "$work/a.json" "$work/b.json" >/dev/null
./vbench report "$work/a.json" >/dev/null
./vbench list >/dev/null
./vbench history check --history "$history" >/dev/null

echo "== $(date -u '+%Y-%m-%d %H:%M UTC')  $(uname -srm)  $(nproc) CPUs ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1))"
echo "   $("$java" -version 2>&1 | sed -n 2p)"
echo "   load average before: $(cut -d ' ' -f 1-3 /proc/loadavg)"
set -- \
    "JVM hello world" "$java -cp $work Hello" \
    "vbench --version" "./vbench --version" \
    "vbench compare a b" "./vbench compare $work/a.json $work/b.json" \
    "vbench report a" "./vbench report $work/a.json" \
    "vbench list" "./vbench list" \
    "vbench history check" "./vbench history check --history $history" \
    "vbench compare a b (no cache)" "env VBENCH_STARTUP_CACHE=off ./vbench compare $work/a.json $work/b.json"
if command -v hyperfine >/dev/null; then
    names=""
    while [ $# -gt 0 ]; do names="$names -n '$1' '$2'"; shift 2; done
    eval "hyperfine -N --warmup $warmup --runs $runs --style none --export-json '$work/startup.json' $names" >/dev/null
    timer="hyperfine -N, $runs runs after $warmup warm-up"
else
    python3 - "$work/startup.json" "$warmup" "$runs" "$@" <<'PY'
import json, statistics, subprocess, sys, time
out, warmup, runs, args = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
results = []
for name, cmd in zip(args[0::2], args[1::2]):
    times = []
    for i in range(warmup + runs):
        t0 = time.perf_counter()
        subprocess.run(cmd.split(" "), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        if i >= warmup:
            times.append(time.perf_counter() - t0)
    results.append({"command": name, "mean": statistics.mean(times), "stddev": statistics.stdev(times),
                    "median": statistics.median(times), "min": min(times), "max": max(times)})
json.dump({"results": results}, open(out, "w"))
PY
    timer="timing loop (no hyperfine), $runs runs after $warmup warm-up"
fi
python3 - "$work/startup.json" "$timer" <<'PY'
import json, sys
rows = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
print("| Command | Mean [ms] | Median [ms] | Min [ms] | Max [ms] |")
print("|:---|---:|---:|---:|---:|")
for name, r in rows.items():
    print(f"| `{name}` | {r['mean'] * 1000:.1f} ± {r['stddev'] * 1000:.1f} | {r['median'] * 1000:.1f} | "
          f"{r['min'] * 1000:.1f} | {r['max'] * 1000:.1f} |")
print(f"\n({sys.argv[2]}; wall time of each command as a script runs it)")
hello = rows["JVM hello world"]["median"]
goals = [(n, rows[n]["median"], 0.200, "200 ms") for n in
         ("vbench compare a b", "vbench report a", "vbench list", "vbench history check")]
goals.append(("vbench --version", rows["vbench --version"]["median"], 2 * hello, f"2 x hello = {2 * hello * 1000:.1f} ms"))
for name, median, limit, what in goals:
    print(f"{'met ' if median <= limit else 'MISSED'}  {name}: median {median * 1000:.1f} ms <= {what}")
PY
echo "   load average after: $(cut -d ' ' -f 1-3 /proc/loadavg)"
