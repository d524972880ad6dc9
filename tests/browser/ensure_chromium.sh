#!/bin/sh
# The browser tests' set-up (run by `make test`): Debian's Chromium, installed when it is missing and
# this runs as root with apt-get (CI's fresh machine). Playwright drives it over CDP: no driver needed.
#
# tests/ensure_apt.sh does the work: it waits for an apt/dpkg run already under way (another set-up's
# install, unattended upgrades) instead of failing on its lock, bounds everything — waiting included —
# by $ORDERTHEORY_CHROMIUM_INSTALL_SECONDS (default 900), never fails the build, and says in one line
# what it did: installed (and how long it took), installed meanwhile by the run it waited for, or why
# the browser tests will be skipped (no apt-get, not root, no network, the time is up).
exec sh "${0%/*}/../ensure_apt.sh" chromium "${ORDERTHEORY_CHROMIUM:-/usr/bin/chromium}" "the browser tests" \
    "${ORDERTHEORY_CHROMIUM_INSTALL_SECONDS:-900}"
