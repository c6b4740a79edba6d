#!/usr/bin/env bash
# The load generator the benchmarks drive HTTP with: Debian's wrk (C, one thread, so it takes
# little of the machine it measures). Installs it with apt-get when missing (as root or
# through sudo); otherwise says what to install.
set -euo pipefail
command -v wrk >/dev/null && exit 0
if [ "$(id -u)" -eq 0 ]; then
  sudo=""
elif command -v sudo >/dev/null; then
  sudo="sudo"
else
  echo "The benchmarks need Debian's wrk: apt-get install wrk, then run again." >&2
  exit 1
fi
echo "Installing the load generator: wrk"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends wrk >/dev/null
