# The switching load of bench/aa.sh and bench/duet.sh, sourced by them: HOGS shell busy loops that run for PERIOD
# seconds, then a pause as long, over and over, in a process group of its own (stopped as a whole): drift that
# lands on whichever trial runs at the time.
#
#   source bench/switching-load.sh
#   switching_load_start NAME HOGS PERIOD     # NAME: the load's $0 (its name in error messages)
#   ...
#   switching_load_stop                       # also safe when none was started (call it from an EXIT trap)
switching_load_pid=""
switching_load_start() {
    setsid bash -c '
        while :; do
            for ((i = 0; i < $1; i++)); do timeout "$2" bash -c "while :; do :; done" & done
            wait
            sleep "$2"
        done' "$1" "$2" "$3" &
    switching_load_pid=$!
}
switching_load_stop() {
    [ -z "$switching_load_pid" ] || kill -TERM -- "-$switching_load_pid" 2>/dev/null || true
    switching_load_pid=""
}
