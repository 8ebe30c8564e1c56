#!/usr/bin/env bash
# Builds the Debian package: dimerlab_VERSION_amd64.deb in ./build/package-out (or $1), which
# `apt install ./build/package-out/dimerlab_*.deb` installs with its dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build/package-out}
bash scripts/install-deps.sh --package
BUILD_TARGETS="dimerlab dimerlab-cli dimerlab_package_files" bash scripts/build.sh
mkdir -p "$out"
cpack --config build/CPackConfig.cmake -B "$(realpath "$out")"
ls "$out"/dimerlab_*.deb
