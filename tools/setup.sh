#!/usr/bin/env bash
# Installs what building and testing stratego needs, from Debian packages only. Safe to run
# again: it installs only what is missing and does nothing when all is there.
set -euo pipefail

packages=(g++ cmake ninja-build libeigen3-dev libtbb-dev libbenchmark-dev libgtest-dev
          libgmock-dev libcli11-dev nlohmann-json3-dev python3 ccache clang-format
          pkg-config libcpp-httplib-dev libsqlite3-dev libopenmpi-dev openmpi-bin)
# Optional: the browser test of `stratego serve` (tests/browser/) runs only when these are
# installed and is reported as skipped otherwise; if they cannot be installed, setup says so
# and goes on. STRATEGO_SETUP_BROWSER=0 leaves them out.
optional=()
if [ "${STRATEGO_SETUP_BROWSER:-1}" != 0 ]; then
  optional=(python3-selenium chromium chromium-driver)
fi

missing_of() {
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || echo "$p"
  done
}
mapfile -t missing < <(missing_of "${packages[@]}")
mapfile -t missing_optional < <(missing_of "${optional[@]}")
if [ ${#missing[@]} -eq 0 ] && [ ${#missing_optional[@]} -eq 0 ]; then
  echo "setup: all $(( ${#packages[@]} + ${#optional[@]} )) packages are installed"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  if [ ${#missing[@]} -eq 0 ]; then
    echo "setup: optional packages missing (the browser test will be skipped): ${missing_optional[*]}" >&2
    exit 0
  fi
  echo "setup: missing packages: ${missing[*]} ${missing_optional[*]}" >&2
  echo "setup: run this script as root (for example: sudo $0), or install them with" >&2
  echo "       sudo apt-get install ${missing[*]} ${missing_optional[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if [ ${#missing_optional[@]} -gt 0 ]; then
  echo "setup: installing the optional ${missing_optional[*]}"
  apt-get install -y -qq --no-install-recommends "${missing_optional[@]}" ||
    echo "setup: could not install ${missing_optional[*]}: the browser test will be skipped" >&2
fi
