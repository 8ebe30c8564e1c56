#!/usr/bin/env bash
# The gpu-host checks (the CUDA kernel sources executed by the host layer) built and run once
# under ThreadSanitizer and once under AddressSanitizer + UndefinedBehaviorSanitizer, each in its
# own build folder (build-thread, build-address). Only the gpu-host targets are built. The TSan
# build also runs the planted race, which passes only when TSan reports it.
set -euo pipefail
cd "$(dirname "$0")/.."
for sanitizers in thread address,undefined; do
  dir="build-${sanitizers%%,*}"
  echo "== gpu-host checks under -fsanitize=${sanitizers} (${dir})"
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDIMERLAB_WERROR=ON -DDIMERLAB_CUDA=OFF \
    -DDIMERLAB_BUILD_APP=OFF -DDIMERLAB_SANITIZE="$sanitizers" > "$dir.configure.log" \
    || { cat "$dir.configure.log"; exit 1; }
  cmake --build "$dir" --target gpu_host_targets -j "$(nproc)"
  ctest --test-dir "$dir" -L gpu-host --output-on-failure -j "$(nproc)"
done
