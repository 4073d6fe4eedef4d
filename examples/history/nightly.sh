#!/bin/sh
# A nightly benchmark for cron: run it, store it in the results history, gate on the history, and
# mail only when a person is needed, with the text that says why:
#   the run failed (bad arguments, a workload error, the store down …)  subject "nightly run failed … (exit N)",
#                                                                        body: the run's own output and errors
#   a series regressed                                                   subject "regression on HOST",
#                                                                        body: history check's rows and its list
#   history check itself failed                                          subject "history check failed … (exit N)"
# Nothing is printed, so cron mails nothing else. Exit code: 0, or that of the step that failed.
#
#   examples/history/nightly.sh RUN-ARGUMENTS…
#     e.g. examples/history/nightly.sh workloads/seed-004-virtual-vs-platform.yaml --scale quick -o nightly/$(date +%F).json
#     (run from a clone or an unpacked release archive; the directory of -o must exist: mkdir -p nightly)
#
# Environment: MAIL_TO (default $LOGNAME), THRESHOLD (default 5%), VBENCH_HISTORY (the store; default
# vbench's own), VBENCH (the command that starts vbench, split at spaces; default ./vbench in a clone,
# bin/vbench in a release archive, else vbench on the PATH).
set -u
if [ -n "${VBENCH:-}" ]; then vbench=$VBENCH
elif [ -x ./vbench ]; then vbench=./vbench
elif [ -x bin/vbench ]; then vbench=bin/vbench
else vbench=vbench
fi
to=${MAIL_TO:-${LOGNAME:-root}}
threshold=${THRESHOLD:-5%}
host=$(hostname 2>/dev/null || uname -n)
log=$(mktemp "${TMPDIR:-/tmp}/vbench-nightly.XXXXXX") || exit 3
trap 'rm -f "$log"' EXIT

$vbench run "$@" --quiet --history > "$log" 2>&1
code=$?
if [ "$code" -ne 0 ]; then
    mail -s "vbench: nightly run failed on $host (exit $code)" "$to" < "$log"
    exit "$code"
fi

$vbench history check --fail-on-regression "$threshold" > "$log" 2>&1
code=$?
case $code in
    0) exit 0 ;;
    1) subject="vbench: regression on $host" ;;
    *) subject="vbench: history check failed on $host (exit $code)" ;;
esac
mail -s "$subject" "$to" < "$log"
exit "$code"
