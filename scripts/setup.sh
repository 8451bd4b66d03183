#!/usr/bin/env bash
# Installs what damatb builds with, from Debian 12's packages. Idempotent: when
# everything is there it only checks and returns. Run as root (or with sudo).
set -euo pipefail

# libboost-dev: Boost.Beast and Asio, for `damatb serve`; chromium: the web explorer's test
# (tests/serve/test_browser.py) and scripts/screenshot_explorer.sh; OpenMPI: `damatb generate`
# under mpirun (-DDAMATB_MPI=ON, which scripts/test.sh builds with; docs/cluster.md).
packages=(build-essential cmake pkg-config libzstd-dev zstd libboost-dev libboost-program-options-dev catch2
          python3 python3-dev pybind11-dev python3-pytest chromium libopenmpi-dev openmpi-bin)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all packages present"
  exit 0
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
