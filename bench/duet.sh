#!/usr/bin/env bash
# What --duet buys: A/A runs (two forked columns that are the same thing: a 2-thread and a 3-thread pool at
# --concurrency 1 on the cpu workload) while a background CPU load switches on and off, run in turns without and
# with --duet. Without it a row's two forks run one after the other and a burst of load lands on one of them; with
# it they run at the same time on the two halves of the CPUs, so a burst hits both. Prints per mode: the runs, how
# many called the two columns different (every one a false positive), the noise floor (1.96 standard deviations of
# ln(B/A) over the runs, the band 95% of A/A changes fall in) and the median minimum detectable effect of the runs.
# Duet pays where cores are many: on 2 CPUs each column gets one, which is what a single-threaded task needs.
#
#   bench/duet.sh                            # 8 runs per mode, hogs on every CPU switching every second
#   RUNS=20 HOGS=12 PERIOD=2 bench/duet.sh
#   ARGS='-w io -p duration=2ms -e fixed:threads=8 -e fixed:threads=9 --concurrency 8 --tasks 400' bench/duet.sh
set -eu
cd "$(dirname "$0")/.."
runs=${RUNS:-8}
hogs=${HOGS:-$(nproc)}
period=${PERIOD:-1}
args=${ARGS:--w cpu -p iterations=500000 -e fixed:threads=2 -e fixed:threads=3 --concurrency 1 --tasks 100}
forks=${FORKS:-6}
source bench/aa-runs.sh
aa_workdir
. bench/machine.sh
machine_line
./vbench --version | sed -n 2p
echo "== $runs A/A runs per mode: vbench run $args --trials $forks --forks $forks [--duet]; $hogs hog(s) on for ${period}s, off for ${period}s"
switching_load_start duet-hog "$hogs" "$period"
i=1
while [ "$i" -le "$runs" ]; do
    for mode in plain duet; do
        extra=""
        [ "$mode" = plain ] || extra=--duet
        # shellcheck disable=SC2086 # ARGS is a list of options
        ./vbench run $args --trials "$forks" --forks "$forks" $extra --seed "$i" --no-progress --quiet \
            -o "$out/$mode-$i.json" > /dev/null 2> "$out/$mode-$i.err" || { cat "$out/$mode-$i.err" >&2; exit 1; }
    done
    i=$((i + 1))
done
python3 - "$out" <<'PY'
import glob, json, math, statistics, sys
print("%-6s %5s %16s %12s %10s" % ("mode", "runs", "called different", "noise floor", "MDE (80%)"))
for mode in ("plain", "duet"):
    logs, different, mdes = [], 0, []
    for f in sorted(glob.glob("%s/%s-*.json" % (sys.argv[1], mode))):
        for table in json.load(open(f)).get("comparisons", []):
            for row in table["rows"]:
                for change in row["changes"]:
                    logs.append(math.log(change["ratio"]))
                    different += change["verdict"] != "within variance"
                    mdes.append(float(change.get("mdePercent", "nan")))
    floor = math.expm1(1.96 * statistics.stdev(logs)) if len(logs) > 1 else float("nan")
    print("%-6s %5d %16d %11.1f%% %9.1f%%" % (mode, len(logs), different, 100 * floor, statistics.median(mdes)))
PY
load_after
