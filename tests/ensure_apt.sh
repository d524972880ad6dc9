#!/bin/sh
# Install one Debian package for a group of tests when its program is missing, waiting for an apt or
# dpkg run that is already under way (another set-up, another developer's install, unattended
# upgrades) instead of failing on its lock — the shared part of tests/browser/ensure_chromium.sh (and
# of any other set-up that needs a package from apt).
#
#   sh tests/ensure_apt.sh PACKAGE PROGRAM WHAT [SECONDS]
#
# PROGRAM is a path or a command name; WHAT names the tests ("the browser tests") in the messages.
# Never fails the build and never hangs it: the whole set-up, waiting included, stops within SECONDS
# (default 900) plus a few seconds of grace, every apt-get under timeout(1); what it did is reported on
# stderr in one line (nothing when PROGRAM is already there): installed, installed meanwhile by the run
# it waited for, or — no apt-get, not root, no network, the time is up — that WHAT will be skipped.
PACKAGE=$1
PROGRAM=$2
WHAT=$3
LIMIT=${4:-900}
LOG=${TMPDIR:-/tmp}/ordertheory-$PACKAGE-install.log
# the names (as /proc/PID/comm shows them) of the processes whose run is waited for
APT_PROCESSES=${ORDERTHEORY_APT_PROCESSES:-apt apt-get aptitude dpkg unattended-upgr}
START=$(date +%s)
END=$((START + LIMIT))

have() {
    case "$PROGRAM" in
        */*) [ -x "$PROGRAM" ] ;;
        *) command -v "$PROGRAM" >/dev/null 2>&1 ;;
    esac
}
skip() {
    echo "$PACKAGE: $1: $WHAT will be skipped" >&2
    exit 0
}
left() {  # seconds until the set-up's end, at most $1 (the step's own bound)
    n=$((END - $(date +%s)))
    [ "$n" -gt "$1" ] && n=$1
    echo "$n"
}
busy() {  # the first apt/dpkg process under way that is not ours: "pid name", or nothing
    for d in /proc/[0-9]*; do
        read -r name 2>/dev/null <"$d/comm" || continue
        case " $APT_PROCESSES " in
            *" $name "*)
                read -r stat 2>/dev/null <"$d/stat" || continue
                state=${stat##*) }
                case "$state" in Z* | X*) continue ;; esac  # ended, not yet reaped
                echo "${d#/proc/} $name"
                return 0
                ;;
        esac
    done
    return 1
}
WAITED=""
wait_for_apt() {  # while another apt/dpkg run is under way: wait (reported once), at most until the end
    while other=$(busy); do
        if [ -z "$WAITED" ]; then
            echo "$PACKAGE: waiting for an apt/dpkg run already under way (pid ${other% *}: ${other#* }), at most $(left "$LIMIT") s" >&2
            WAITED=$(date +%s)
        fi
        [ "$(left 2)" -gt 0 ] || return 1
        sleep "$(left 2)"
    done
    return 0
}
locked() {  # did the last apt-get stop because another process holds a lock?
    tail -n 5 "$LOG" 2>/dev/null | grep -q -e 'Could not get lock' -e 'Unable to acquire' -e 'Unable to lock' \
        -e 'is another process using it'
}
apt() {  # apt-get killed at $1 seconds (none left: not started); a held lock is waited for, then retried
    step=$1
    shift
    while :; do
        wait_for_apt || return 125
        bound=$(left "$step")
        [ "$bound" -gt 0 ] || return 124
        DEBIAN_FRONTEND=noninteractive timeout -k 5 "$bound" apt-get -qq -o Acquire::Retries=1 \
            -o Acquire::http::Timeout=20 -o Acquire::https::Timeout=20 -o DPkg::Lock::Timeout="$bound" \
            "$@" >>"$LOG" 2>&1
        status=$?
        if [ "$status" -eq 0 ] || ! locked; then
            return "$status"
        fi
        [ -n "$WAITED" ] || { echo "$PACKAGE: an apt/dpkg lock is held: waiting for it" >&2; WAITED=$(date +%s); }
        [ "$(left 2)" -gt 0 ] || return 125
        sleep "$(left 2)"
    done
}
why() {  # the reason of a failed step, from its exit status
    case "$1" in
        124) echo "ran out of time" ;;
        125) echo "another apt/dpkg run held it until the bound" ;;
        *) echo "failed" ;;
    esac
}
done_in() {
    echo "$(($(date +%s) - START)) s"
}

if have; then exit 0; fi
[ "$(id -u)" = "0" ] || skip "no $PROGRAM and not root (apt-get needs root)"
command -v apt-get >/dev/null 2>&1 || skip "no $PROGRAM and no apt-get to install it"
command -v timeout >/dev/null 2>&1 || skip "no $PROGRAM and no timeout(1) to bound its installation"

: >"$LOG"
wait_for_apt || skip "an apt/dpkg run under way did not end within ${LIMIT} s"
if have; then
    echo "$PACKAGE: installed meanwhile by the apt/dpkg run waited for ($(done_in)): $WHAT will run" >&2
    exit 0
fi
echo "$PACKAGE: installing it for $WHAT (apt-get, at most $(left "$LIMIT") s; log in $LOG)" >&2
apt 180 update; s=$?
[ "$s" = 0 ] || skip "apt-get update $(why $s) (see $LOG)"
if have; then  # installed by a run that started while we updated
    echo "$PACKAGE: installed meanwhile by another apt/dpkg run ($(done_in)): $WHAT will run" >&2
    exit 0
fi
apt "$LIMIT" install -y --download-only "$PACKAGE"; s=$?
[ "$s" = 0 ] || skip "could not download it: apt-get $(why $s) (see $LOG)"
apt "$LIMIT" install -y "$PACKAGE"; s=$?
[ "$s" = 0 ] || skip "could not install it: apt-get $(why $s) (see $LOG)"
have || skip "installed, but $PROGRAM is missing"
echo "$PACKAGE: installed in $(done_in)${WAITED:+ (after waiting for another apt/dpkg run)}: $WHAT will run" >&2
exit 0
