#!/usr/bin/env bash
# Configures and builds dimerlab in ./build (CUDA code too when nvcc is found).
# Extra arguments go to cmake's configure step, e.g. -DDIMERLAB_BUILD_APP=OFF.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /usr/local/cuda/bin ]; then export PATH=/usr/local/cuda/bin:$PATH; fi
BUILD_DIR=${BUILD_DIR:-build}
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDIMERLAB_WERROR=ON "$@"
# BUILD_TARGETS: build only these (scripts/run-app.sh builds the app and the CLI); default all.
targets=()
for t in ${BUILD_TARGETS:-}; do targets+=(--target "$t"); done
cmake --build "$BUILD_DIR" -j "$(nproc)" "${targets[@]}"
