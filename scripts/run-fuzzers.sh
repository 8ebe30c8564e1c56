#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) with clang in build-fuzz and runs each reproducibly: a
# fixed seed and a fixed number of runs (never a wall-clock budget), from a fresh copy of the
# committed corpus fuzz/corpus/<target>, so every machine sees the same inputs and gives the same
# verdict. Inputs that once crashed, hung or ran out of memory stay in that corpus as regression
# cases (named regression-*).
#   FUZZ_RUNS       runs per target (default 20000)
#   FUZZ_SEED       libFuzzer seed (default 1)
#   FUZZ_BUILD_DIR  build directory (default <repo>/build-fuzz)
#   FUZZ_TARGETS    space-separated subset, e.g. "spec dimacs" (default: all seven)
#   FUZZ_BUILD_ONLY 1: build the targets and stop (scripts/fuzz-explore.sh)
# New corpus entries are kept under the build directory, never in fuzz/corpus; crash inputs land
# in <build>/fuzz-artifacts. Exits non-zero if any target crashed, leaked, timed out or passed
# the memory limit.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
runs=${FUZZ_RUNS:-20000}
seed=${FUZZ_SEED:-1}
# The graph builders promise to stay within their size check, which allows one graph half of
# physical memory; the inputs here are small, so 2 GB is far above what any accepted input needs.
rss_limit_mb=2048
targets=(${FUZZ_TARGETS:-spec edge_list matrix_market dimacs graph6 graphml region session})

cmake -S "$root" -B "$build" -G Ninja \
    -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DDIMERLAB_FUZZ=ON -DDIMERLAB_UNITY=OFF -DDIMERLAB_BUILD_APP=OFF -DDIMERLAB_BUILD_TESTS=OFF -DDIMERLAB_CUDA=OFF >/dev/null
cmake --build "$build" --target "${targets[@]/#/fuzz_}"
[[ "${FUZZ_BUILD_ONLY:-0}" == 1 ]] && exit 0

mkdir -p "$build/fuzz-artifacts"
# Address-space randomisation changes the comparison operands that libFuzzer's feedback sees, and
# with them the inputs it goes on to try: without it, the same seed gives the same runs.
no_aslr=()
if setarch "$(uname -m)" -R true 2>/dev/null; then
    no_aslr=(setarch "$(uname -m)" -R)
else
    echo "run-fuzzers: cannot turn off address-space randomisation here; the explored inputs may differ"
fi
status=0
for t in "${targets[@]}"; do
    work="$build/fuzz-corpus/$t"
    log="$build/fuzz-$t.log"
    rm -rf "$work"
    mkdir -p "$work"
    dict=()
    [[ -f "$root/fuzz/$t.dict" ]] && dict=(-dict="$root/fuzz/$t.dict")
    echo "== fuzz_$t: ${runs} runs, seed ${seed}"
    if "${no_aslr[@]}" "$build/fuzz/fuzz_$t" -runs="$runs" -seed="$seed" -timeout=10 -rss_limit_mb="$rss_limit_mb" -max_len=4096 \
        -print_final_stats=1 -artifact_prefix="$build/fuzz-artifacts/$t-" "${dict[@]}" \
        "$work" "$root/fuzz/corpus/$t" >"$log" 2>&1; then
        execs=$(grep -m1 'stat::number_of_executed_units' "$log" | awk '{print $2}')
        echo "   ok: ${execs:-?} runs, corpus $(ls "$work" | wc -l) inputs (log: $log)"
    else
        status=1
        echo "   FAILED (log: $log):"
        grep -E 'ERROR|SUMMARY|Test unit written|==[0-9]+==' "$log" | head -20 | sed 's/^/   /'
    fi
done
exit $status
