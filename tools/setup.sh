#!/usr/bin/env bash
# Installs what building and testing stratego needs, from Debian packages only. Safe to run
# again: it installs only what is missing and does nothing when all is there.
set -euo pipefail

packages=(g++ cmake ninja-build libeigen3-dev libtbb-dev libbenchmark-dev libgtest-dev
          libgmock-dev libcli11-dev nlohmann-json3-dev python3 ccache clang-format
          libsqlite3-dev libopenmpi-dev openmpi-bin)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages are installed"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "setup: missing packages: ${missing[*]}" >&2
  echo "setup: run this script as root (for example: sudo $0), or install them with" >&2
  echo "       sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
