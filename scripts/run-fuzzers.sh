#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) with clang in build-fuzz and runs each for a bounded time.
#   FUZZ_SECONDS    seconds per target (default 20)
#   FUZZ_BUILD_DIR  build directory (default <repo>/build-fuzz)
#   FUZZ_TARGETS    space-separated subset, e.g. "spec dimacs" (default: all four)
# New corpus entries are kept under the build directory, never in fuzz/corpus; crash inputs land
# in <build>/fuzz-artifacts. Exits non-zero if any target crashed, leaked or timed out.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
seconds=${FUZZ_SECONDS:-20}
targets=(${FUZZ_TARGETS:-spec edge_list matrix_market dimacs})

cmake -S "$root" -B "$build" -G Ninja \
    -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DDIMERLAB_FUZZ=ON -DDIMERLAB_BUILD_APP=OFF -DDIMERLAB_BUILD_TESTS=OFF -DDIMERLAB_CUDA=OFF >/dev/null
cmake --build "$build" --target "${targets[@]/#/fuzz_}"

mkdir -p "$build/fuzz-artifacts"
status=0
for t in "${targets[@]}"; do
    work="$build/fuzz-corpus/$t"
    log="$build/fuzz-$t.log"
    mkdir -p "$work"
    dict=()
    [[ -f "$root/fuzz/$t.dict" ]] && dict=(-dict="$root/fuzz/$t.dict")
    echo "== fuzz_$t for ${seconds}s"
    if "$build/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
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
