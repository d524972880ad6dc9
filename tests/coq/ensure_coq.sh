#!/bin/sh
# The Coq tests' set-up (run by `make test` and `make run`): Debian's Coq (coqc, with its Reals library
# and the lra/nra/field tactics), installed when it is missing and this runs as root with apt-get.
#
# Never fails the build and never hangs it: every apt-get runs under timeout(1), which kills it and its
# children at its bound, and the whole set-up stops within $ORDERTHEORY_COQ_INSTALL_SECONDS (default
# 300) plus a few seconds of grace. An apt or dpkg process already under way (another developer's
# install, the browser set-up) is waited for: a step that finds the apt/dpkg lock held is tried again
# every few seconds until the bound, and the reason is reported if the bound comes first. Where Coq
# cannot be had (no apt-get, not root, no network, the time is up), the Coq tests are skipped with the
# reason and the paper job writes its .v files without the kernel check, saying why.
COQC=${ORDERTHEORY_COQC:-coqc}
LIMIT=${ORDERTHEORY_COQ_INSTALL_SECONDS:-300}
POLL=${ORDERTHEORY_COQ_LOCK_POLL_SECONDS:-5}  # how often a held apt/dpkg lock is looked at again
LOG=${TMPDIR:-/tmp}/ordertheory-coq-install.log

skip() {
    echo "$1: the Coq kernel checks will be skipped" >&2
    exit 0
}

if command -v "$COQC" >/dev/null 2>&1; then exit 0; fi
[ "$(id -u)" = "0" ] || skip "no $COQC and not root (apt-get needs root)"
command -v apt-get >/dev/null 2>&1 || skip "no $COQC and no apt-get to install it"
command -v timeout >/dev/null 2>&1 || skip "no $COQC and no timeout(1) to bound its installation"

END=$(( $(date +%s) + LIMIT ))
left() {  # seconds until the set-up's end, at most $1 (the step's own bound)
    n=$(( END - $(date +%s) ))
    [ "$n" -gt "$1" ] && n=$1
    echo "$n"
}
locked() {  # did the last apt-get stop because another apt/dpkg process holds a lock?
    tail -n 5 "$LOG" | grep -q -e 'Could not get lock' -e 'Unable to acquire' -e 'Unable to lock' \
        -e 'is another process using it'
}
apt() {  # apt-get killed at $1 seconds; while a lock is held by another process, wait and try again
    step_bound=$1
    shift
    waited=0
    while :; do
        bound=$(left "$step_bound")
        if [ "$bound" -le 0 ]; then
            [ "$waited" = 1 ] && return 125
            return 124
        fi
        DEBIAN_FRONTEND=noninteractive timeout -k 5 "$bound" apt-get -qq -o Acquire::Retries=1 \
            -o Acquire::http::Timeout=20 -o Acquire::https::Timeout=20 \
            -o DPkg::Lock::Timeout="$bound" "$@" >>"$LOG" 2>&1
        status=$?
        [ "$status" -ne 0 ] && locked || return "$status"
        if [ "$waited" = 0 ]; then
            echo "another apt/dpkg process holds the lock: waiting for it (at most $(left "$LIMIT") s)" >&2
            waited=1
        fi
        [ "$(left "$POLL")" -gt 0 ] || return 125
        sleep "$(left "$POLL")"
    done
}
why() {  # the reason of a failed step, from its exit status
    case "$1" in
        124) echo "ran out of time" ;;
        125) echo "another apt/dpkg process held the lock until the bound" ;;
        *) echo "failed" ;;
    esac
}

echo "installing Debian's coq for the Coq kernel checks (apt-get, at most ${LIMIT} s; log in $LOG)" >&2
: >"$LOG"
apt 120 update; s=$?
[ "$s" = 0 ] || skip "apt-get update $(why $s) (see $LOG)"
apt 240 install -y --no-install-recommends --download-only coq; s=$?
[ "$s" = 0 ] || skip "could not download coq: apt-get $(why $s) (see $LOG)"
apt 240 install -y --no-install-recommends coq; s=$?
[ "$s" = 0 ] || skip "could not install coq: apt-get $(why $s) (see $LOG)"
command -v "$COQC" >/dev/null 2>&1 || skip "coq installed but $COQC is missing"
echo "coq installed: $(command -v "$COQC")" >&2
exit 0
