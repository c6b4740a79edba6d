#!/usr/bin/env bash
# The load generator the benchmarks drive HTTP with: Debian's wrk (C, one thread, so it takes
# little of the machine it measures). Installs it when missing (scripts/apt-install.sh).
set -euo pipefail
command -v wrk >/dev/null && exit 0
bash "$(dirname "$0")/apt-install.sh" "benchmarks" wrk
