#!/usr/bin/env bash
# Installs what building and testing stratego needs, from Debian packages only. Safe to run
# again: it installs only what is missing and does nothing when all is there.
set -euo pipefail

packages=(g++ cmake ninja-build libeigen3-dev libtbb-dev libbenchmark-dev libgtest-dev
          libgmock-dev libcli11-dev nlohmann-json3-dev python3 ccache clang-format
          pkg-config libcpp-httplib-dev)
# Optional: the browser test of `stratego serve` (tests/browser/) runs only when these are
# installed, and is reported as skipped otherwise. STRATEGO_SETUP_BROWSER=0 leaves them out.
if [ "${STRATEGO_SETUP_BROWSER:-1}" != 0 ]; then
  packages+=(python3-selenium chromium chromium-driver)
fi

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
