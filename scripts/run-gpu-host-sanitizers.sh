#!/usr/bin/env bash
# The gpu-host checks (the CUDA kernel sources executed by the host layer) built and run once
# under ThreadSanitizer and once under AddressSanitizer + UndefinedBehaviorSanitizer, each in its
# own build folder (build-thread, build-address), then with the access shadow (build-shadow,
# clang 14: every launch checked for races between its grid threads, every planted race
# reported). Only the gpu-host targets are built. The TSan build also runs the planted race,
# which passes only when TSan reports it.
set -euo pipefail
cd "$(dirname "$0")/.."
for sanitizers in thread address,undefined; do
  dir="build-${sanitizers%%,*}"
  echo "== gpu-host checks under -fsanitize=${sanitizers} (${dir})"
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDIMERLAB_WERROR=ON -DDIMERLAB_CUDA=OFF -DDIMERLAB_UNITY=OFF \
    -DDIMERLAB_BUILD_APP=OFF -DDIMERLAB_SANITIZE="$sanitizers" > "$dir.configure.log" \
    || { cat "$dir.configure.log"; exit 1; }
  cmake --build "$dir" --target gpu_host_targets -j "$(nproc)"
  ctest --test-dir "$dir" -L gpu-host --output-on-failure -j "$(nproc)"
done
# Warnings are errors in the g++ builds; clang's own set is not held to that here, so that a new
# clang warning cannot hide what the shadow finds.
echo "== gpu-host checks with the access shadow (build-shadow, clang 14)"
cmake -S . -B build-shadow -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDIMERLAB_WERROR=OFF -DDIMERLAB_CUDA=OFF -DDIMERLAB_UNITY=OFF \
  -DDIMERLAB_BUILD_APP=OFF -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
  -DDIMERLAB_ACCESS_SHADOW=ON > build-shadow.configure.log || { cat build-shadow.configure.log; exit 1; }
cmake --build build-shadow --target gpu_host_targets -j "$(nproc)"
ctest --test-dir build-shadow -L gpu-host --output-on-failure -j "$(nproc)"
