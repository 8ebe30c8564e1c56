#!/usr/bin/env bash
# The README's second command (and CI's): install, build, run every test, the gpu-host checks
# under TSan and ASan+UBSan, then the fuzzers, a fixed number of seeded runs per target (FUZZ_RUNS,
# default 20000, seed FUZZ_SEED), from the committed corpus. Each step's wall time is printed as it
# ends, so a run that grows shows where.
set -euo pipefail
cd "$(dirname "$0")/.."
step() {
    local started=$SECONDS
    "$@"
    echo "run-tests: '$*' took $((SECONDS - started)) s (total $SECONDS s)"
}
step bash scripts/install-deps.sh
step bash scripts/check-format.sh
step bash scripts/build.sh
step ctest --test-dir build --output-on-failure -j "$(nproc)"
step bash scripts/run-gpu-host-sanitizers.sh
step bash verification/check.sh
step python3 verification/compare_status.py
step bash scripts/run-fuzzers.sh
