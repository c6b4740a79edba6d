#!/usr/bin/env bash
# Installs Debian packages with apt-get, as root or through sudo; otherwise names them and fails.
# Usage: apt-install.sh WHAT PACKAGE... (WHAT says what they are for, in the messages).
set -euo pipefail
what="$1"
shift
if [ "$(id -u)" -eq 0 ]; then
  sudo=""
elif command -v sudo >/dev/null; then
  sudo="sudo"
else
  echo "The $what need these Debian packages: $*. Install them (apt-get install $*) and run again." >&2
  exit 1
fi
echo "Installing the $what: $*"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
