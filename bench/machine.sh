# The line every bench script prints first, sourced by them (POSIX sh): the time, the kernel, the CPUs and the
# load average, so that a figure is never read without the machine and how busy it was; and the load again at the
# end.
#
#   . bench/machine.sh
#   machine_line
#   ...
#   load_after
machine_line() {
    echo "== $(date -u '+%Y-%m-%d %H:%M UTC')  $(uname -srm)  $(nproc) CPUs  load:$(uptime | sed 's/.*load average://')"
}
load_after() {
    echo "== load after:$(uptime | sed 's/.*load average://')"
}
