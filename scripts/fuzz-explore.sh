#!/usr/bin/env bash
# Open-ended fuzzing for finding new inputs (not part of the test command, which replays a fixed
# number of seeded runs: scripts/run-fuzzers.sh). Each target runs for FUZZ_SECONDS (default 300)
# with a random seed; afterwards the inputs that add coverage are merged into fuzz/corpus/<target>
# and every crash, hang or out-of-memory input is copied there as regression-<target>-<hash>, so
# the next commit's test command replays them.
#   FUZZ_SECONDS    seconds per target (default 300)
#   FUZZ_BUILD_DIR  build directory (default <repo>/build-fuzz)
#   FUZZ_TARGETS    space-separated subset (default: all five)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
seconds=${FUZZ_SECONDS:-300}
targets=(${FUZZ_TARGETS:-spec edge_list matrix_market dimacs session})

FUZZ_BUILD_ONLY=1 FUZZ_BUILD_DIR="$build" FUZZ_TARGETS="${targets[*]}" bash "$root/scripts/run-fuzzers.sh" >/dev/null

for t in "${targets[@]}"; do
    work="$build/fuzz-explore/$t"
    artifacts="$build/fuzz-explore-artifacts/$t-"
    rm -rf "$work" "$(dirname "$artifacts")"
    mkdir -p "$work" "$(dirname "$artifacts")"
    dict=()
    [[ -f "$root/fuzz/$t.dict" ]] && dict=(-dict="$root/fuzz/$t.dict")
    echo "== exploring fuzz_$t for ${seconds}s"
    "$build/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
        -artifact_prefix="$artifacts" "${dict[@]}" "$work" "$root/fuzz/corpus/$t" \
        >"$build/fuzz-explore-$t.log" 2>&1 || true
    before=$(ls "$root/fuzz/corpus/$t" | wc -l)
    "$build/fuzz/fuzz_$t" -merge=1 -max_len=4096 "$root/fuzz/corpus/$t" "$work" >/dev/null 2>&1
    for found in "$(dirname "$artifacts")"/*; do
        [[ -f "$found" ]] || continue
        cp "$found" "$root/fuzz/corpus/$t/regression-$t-$(sha1sum "$found" | cut -c1-12)"
        echo "   kept $(basename "$found") as a regression case"
    done
    echo "   corpus $before -> $(ls "$root/fuzz/corpus/$t" | wc -l) inputs"
done
