#!/usr/bin/env bash
# Debian's chromium and chromium-driver for the dashboard's browser tests (DashboardBrowserTest drives them
# headless through Selenium). Nothing runs in the background: the tests start one browser per test class.
#
#   source .ci/chromium.sh; chromium_ready      (what .ci/run does) installs them when missing and exports
#                                               VBENCH_CHROMIUM, VBENCH_CHROMEDRIVER and VBENCH_TEST_CHROMIUM=required
#                                               (with it, a missing browser fails the tests instead of skipping them)
#   .ci/chromium.sh                             the same, printing the lines to eval
#
# As root on Debian/Ubuntu it installs the packages when missing; otherwise install them first
# (sudo apt-get install chromium chromium-driver).

chromium_log() { echo "chromium: $*" >&2; }

chromium_find() {
    CHROMIUM_BIN=$(command -v chromium 2>/dev/null || command -v chromium-browser 2>/dev/null || true)
    CHROMIUM_DRIVER=$(command -v chromedriver 2>/dev/null || true)
    [ -n "$CHROMIUM_BIN" ] && [ -n "$CHROMIUM_DRIVER" ]
}

chromium_install() {
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        chromium_log "chromium or chromedriver not found; install them (Debian/Ubuntu: sudo apt-get install chromium chromium-driver)"
        return 1
    fi
    chromium_log "installing Debian's chromium and chromium-driver packages (not found)"
    apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver >&2
}

# chromium_ready: exports VBENCH_CHROMIUM, VBENCH_CHROMEDRIVER, VBENCH_TEST_CHROMIUM=required and
# VBENCH_CHROMIUM_VERSION once both are installed.
chromium_ready() {
    chromium_find || { chromium_install && chromium_find; } || return 1
    export VBENCH_CHROMIUM=$CHROMIUM_BIN VBENCH_CHROMEDRIVER=$CHROMIUM_DRIVER VBENCH_TEST_CHROMIUM=required
    VBENCH_CHROMIUM_VERSION=$("$CHROMIUM_DRIVER" --version 2>/dev/null | cut -d' ' -f1-2)
    export VBENCH_CHROMIUM_VERSION
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    chromium_ready || exit 1
    printf 'export VBENCH_CHROMIUM=%q\nexport VBENCH_CHROMEDRIVER=%q\nexport VBENCH_TEST_CHROMIUM=required\n' \
        "$VBENCH_CHROMIUM" "$VBENCH_CHROMEDRIVER"
    chromium_log "$VBENCH_CHROMIUM_VERSION ($VBENCH_CHROMIUM, $VBENCH_CHROMEDRIVER)"
fi
