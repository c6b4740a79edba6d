#!/usr/bin/env bash
# The machine tools the integration suites use: redis-server, librdkafka's headers for
# the Kafka mock-broker launcher, a C compiler, curl for the README walkthrough, and
# kcat, a Kafka consumer that is not ours, for the analysts' view of the topics, and
# Chromium, the real browser the web pages are tested in (through playwright-core), and
# Prometheus's promtool, which checks and unit-tests the alert rules in deploy/.
# Installs what is missing with apt-get (scripts/apt-install.sh).
set -euo pipefail

missing=()
command -v redis-server >/dev/null || missing+=(redis-server)
[ -f /usr/include/librdkafka/rdkafka_mock.h ] || missing+=(librdkafka-dev)
command -v cc >/dev/null || missing+=(gcc libc6-dev)
command -v curl >/dev/null || missing+=(curl ca-certificates)
command -v kcat >/dev/null || missing+=(kcat)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v promtool >/dev/null || missing+=(prometheus)
[ ${#missing[@]} -eq 0 ] && exit 0

bash "$(dirname "$0")/apt-install.sh" "test tools" "${missing[@]}"
