#!/bin/sh
# The browser tests' set-up (run by `make test`): Debian's Chromium, installed when it is missing and
# this runs as root with apt-get (CI's fresh machine). Playwright drives it over CDP: no driver needed.
#
# Never fails the build and never hangs it: every apt-get runs under timeout(1), which kills it and
# its children (the download methods, dpkg) at its bound, and the whole set-up stops within
# $ORDERTHEORY_CHROMIUM_INSTALL_SECONDS (default 300) plus a few seconds of grace. The network part
# (update, download) is done first, on its own, since killing it leaves nothing half-installed; a
# held dpkg lock is waited for at most 30 s. Where the browser cannot be installed (no apt-get, not
# root, no network, the time is up), the browser tests are reported as skipped, with the reason.
CHROMIUM=${ORDERTHEORY_CHROMIUM:-/usr/bin/chromium}
LIMIT=${ORDERTHEORY_CHROMIUM_INSTALL_SECONDS:-300}
LOG=${TMPDIR:-/tmp}/ordertheory-chromium-install.log

skip() {
    echo "$1: browser tests will be skipped" >&2
    exit 0
}

if [ -x "$CHROMIUM" ]; then exit 0; fi
[ "$(id -u)" = "0" ] || skip "no $CHROMIUM and not root (apt-get needs root)"
command -v apt-get >/dev/null 2>&1 || skip "no $CHROMIUM and no apt-get to install it"
command -v timeout >/dev/null 2>&1 || skip "no $CHROMIUM and no timeout(1) to bound its installation"

END=$(( $(date +%s) + LIMIT ))
left() {  # seconds until the set-up's end, at most $1 (the step's own bound)
    n=$(( END - $(date +%s) ))
    [ "$n" -gt "$1" ] && n=$1
    echo "$n"
}
apt() {  # apt-get with bounded retries and waits, killed at $1 seconds (none left: not started)
    bound=$1
    shift
    [ "$bound" -gt 0 ] || return 124
    DEBIAN_FRONTEND=noninteractive timeout -k 5 "$bound" apt-get -qq -o Acquire::Retries=1 \
        -o Acquire::http::Timeout=20 -o Acquire::https::Timeout=20 -o DPkg::Lock::Timeout=30 "$@" >>"$LOG" 2>&1
}

echo "installing Debian's chromium for the browser tests (apt-get, at most ${LIMIT} s; log in $LOG)" >&2
: >"$LOG"
apt "$(left 120)" update || skip "apt-get update failed or ran out of time (see $LOG)"
apt "$(left 240)" install -y --download-only chromium || skip "could not download chromium in time (see $LOG)"
apt "$(left 240)" install -y chromium || skip "could not install chromium in time (see $LOG)"
[ -x "$CHROMIUM" ] || skip "chromium installed but $CHROMIUM is missing"
echo "chromium installed: $CHROMIUM" >&2
exit 0
