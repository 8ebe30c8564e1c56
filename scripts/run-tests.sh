#!/usr/bin/env bash
# The README's second command (and CI's): install, build, run every test, the gpu-host checks
# under TSan and ASan+UBSan, then the fuzzers, a fixed number of seeded runs per target (FUZZ_RUNS,
# default 20000, seed FUZZ_SEED), from the committed corpus.
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
