#!/usr/bin/env bash
# The README's second command (and CI's): install, build, run every test, the gpu-host checks
# under TSan and ASan+UBSan, then the fuzzers for a bounded time (FUZZ_SECONDS per target,
# default 20).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/check-format.sh
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
bash scripts/run-gpu-host-sanitizers.sh
bash verification/check.sh
python3 verification/compare_status.py
bash scripts/run-fuzzers.sh
