#!/bin/sh
# The Coq tests' set-up (run by `make test` and `make run`): Debian's Coq (coqc, with its Reals library
# and the lra/nra/field tactics), installed when it is missing and this runs as root with apt-get.
#
# tests/ensure_apt.sh does the work, as for the browser's Chromium: it waits for an apt/dpkg run already
# under way (another set-up's install, another developer's, unattended upgrades) instead of failing on
# its lock, bounds everything — waiting included — by $ORDERTHEORY_COQ_INSTALL_SECONDS (default 900),
# never fails the build, and says in one line what it did: installed, installed meanwhile by the run it
# waited for, or why the Coq kernel checks will be skipped (no apt-get, not root, no network, the time
# is up). Without coqc the paper job still writes its .v files and says the check was skipped, and why.
exec sh "${0%/*}/../ensure_apt.sh" coq "${ORDERTHEORY_COQC:-coqc}" "the Coq kernel checks" \
    "${ORDERTHEORY_COQ_INSTALL_SECONDS:-900}"
