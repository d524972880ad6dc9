#!/bin/sh
# The browser tests' set-up (run by `make test`): Debian's Chromium and its driver, installed when
# missing and when this runs as root with apt-get (CI's fresh machine). Never fails the build: where
# the browser cannot be installed the browser tests are reported as skipped, with the reason.
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's chromium for the browser tests (apt-get)" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver) \
        >/tmp/ordertheory-chromium-install.log 2>&1 \
        || echo "could not install chromium (see /tmp/ordertheory-chromium-install.log): browser tests will be skipped" >&2
else
    echo "no /usr/bin/chromium and not root with apt-get: browser tests will be skipped" >&2
fi
exit 0
