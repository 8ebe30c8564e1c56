#!/usr/bin/env bash
# The one script a session runs on the GPU machine (see "The device check" in README.md):
#
#   run tool, carry ["build-device"], command:  bash gpu/check-on-device.sh
#
# It runs what gpu/prepare-device-bundle.sh built here (that machine has nvcc and CMake but none
# of our -dev libraries, no Qt and no network), most important first:
#   1. bit equality of every CUDA sampler with the CPU (gpu_device_check);
#   2. the CLI's backends (cpu, cpu-parallel and cuda end in the same state);
#   3. compute-sanitizer memcheck on the small instances;
#   4. the GPU benchmarks: copy bandwidth, exact (Jacobi) and chromatic updates/ns;
#   5. while budget is left: compute-sanitizer initcheck, synccheck and racecheck.
# Every step has its own timeout and the whole run a budget (DIMERLAB_CHECK_BUDGET_S, default
# 330 s), so that a 15-minute device allowance leaves room for a rerun; a failing step is
# recorded and the next runs. The bundle's libraries are given to the bundled binaries only
# (never to compute-sanitizer itself or the system tools).
#
# Results: $OUT/gpu_result.json (rewritten after every step, so a killed run still returns what
# it had) and $OUT/check.log (every step's full output). Without $OUT: /tmp/dimerlab-gpu-check.
# Exit status: 0 when no step failed or timed out; 1 otherwise. "no_device" is a failure when
# nvidia-smi lists a GPU (the runtime cannot use a GPU that is there), and not one on a machine
# without a GPU, where the run completes in seconds. A sanitizer missing here is "not-run".
set -u -o pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 1
B=${DIMERLAB_BUNDLE:-build-device}
case $B in /*) ;; *) B=$ROOT/$B ;; esac
OUT=${OUT:-/tmp/dimerlab-gpu-check}
BUDGET_S=${DIMERLAB_CHECK_BUDGET_S:-330}
mkdir -p "$OUT"
JSON=$OUT/gpu_result.json
LOG=$OUT/check.log
: >"$LOG"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
START=$(date +%s)

# The bundle's libraries first: the device image lacks igraph, GMP, FFTW and friends, and its
# libstdc++ may be older than the one we linked against.
# Libraries the bundle had to gzip to fit the carry limit (gpu/prepare-device-bundle.sh) are
# unpacked next to the work files; python3 is the fallback where gzip is missing.
for z in "$B"/lib/*.gz; do
  [ -e "$z" ] || continue
  mkdir -p "$WORK/lib"
  f=$WORK/lib/$(basename "$z" .gz)
  gzip -dc "$z" >"$f" 2>/dev/null ||
    python3 -c 'import gzip, shutil, sys; shutil.copyfileobj(gzip.open(sys.argv[1]), open(sys.argv[2], "wb"))' "$z" "$f"
done
# Only the bundled binaries get it: run_step ... env LD_LIBRARY_PATH="$BUNDLE_LD" BINARY.
BUNDLE_LD="$B/lib:$WORK/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# compute-sanitizer and nvidia-smi live outside the default PATH on some images.
for d in /usr/local/cuda/bin /usr/local/nvidia/bin; do [ -d "$d" ] && PATH=$PATH:$d; done
export PATH

# ---------------------------------------------------------------- JSON helpers (no python needed)
json_str() {
  local s
  s=$(printf '%s' "$1" | tr -d '\000-\010\013\014\016-\037')
  s=${s//\\/\\\\}
  s=${s//\"/\\\"}
  s=${s//$'\n'/\\n}
  s=${s//$'\t'/\\t}
  s=${s//$'\r'/}
  printf '"%s"' "$s"
}
json_num() { # a number as JSON, or null when $1 is not one
  if [[ "$1" =~ ^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$ ]]; then printf '%s' "$1"; else printf 'null'; fi
}
json_str_or_null() { # "none" or empty -> null
  if [ -z "$1" ] || [ "$1" = none ]; then printf 'null'; else json_str "$1"; fi
}
elapsed() { echo $(($(date +%s) - START)); }

CHECKS=()       # one JSON object per step
TABLE=()        # "name|status|seconds|note" per step
FAILED=0
declare -A STATUS=()

record() { # name status rc seconds note command
  local name=$1 status=$2 rc=$3 secs=$4 note=$5 cmd=$6
  STATUS[$name]=$status
  CHECKS+=("{\"name\": $(json_str "$name"), \"status\": $(json_str "$status"), \"rc\": $(json_num "$rc"), \"seconds\": $(json_num "$secs"), \"summary\": $(json_str "$note"), \"command\": $(json_str "$cmd")}")
  TABLE+=("$name|$status|$secs|$note")
  case "$status" in fail | timeout | missing) FAILED=1 ;; esac
  write_json
}

# run_step NAME TIMEOUT_S CMD...: runs CMD under its own timeout (capped by what is left of the
# budget), keeps its output in $WORK/NAME.log and the log file, and records a status:
# pass (0), no_device (77), timeout (124/137), missing (126/127), unavailable (the sanitizer
# refused the device), fail (anything else). Returns CMD's exit status.
run_step() {
  local name=$1 limit=$2
  shift 2
  local left=$((BUDGET_S - $(elapsed)))
  local cmd="$*"
  if [ "$left" -lt 15 ]; then
    echo "== $name: skipped, ${left}s of the ${BUDGET_S}s budget left" | tee -a "$LOG"
    record "$name" skipped "" 0 "time budget spent" "$cmd"
    return 0
  fi
  [ "$limit" -gt $((left - 5)) ] && limit=$((left - 5))
  echo "== $name (timeout ${limit}s): $cmd" | tee -a "$LOG"
  local t0 t1 rc
  t0=$(date +%s.%N)
  timeout -k 5 "$limit" "$@" >"$WORK/$name.log" 2>&1
  rc=$?
  t1=$(date +%s.%N)
  cat "$WORK/$name.log" >>"$LOG"
  tail -n 8 "$WORK/$name.log" | sed 's/^/   | /'
  local secs status note
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
  case $rc in
    0) status=pass ;;
    77) status=no_device ;;
    124 | 137) status=timeout ;;
    126 | 127) status=missing ;;
    *) status=fail ;;
  esac
  note=$(grep -v '^[[:space:]]*$' "$WORK/$name.log" | tail -n 1 | cut -c1-160)
  if grep -q 'Device not supported' "$WORK/$name.log"; then
    status=unavailable
    note="compute-sanitizer: Device not supported (gVisor machines; Firecracker ones work)"
  fi
  [ "$status" = timeout ] && note="timed out after ${limit}s; last: $note"
  record "$name" "$status" "$rc" "$secs" "$note" "$cmd"
  return $rc
}

# ---------------------------------------------------------------- facts about the run
declare -A BUNDLE_ENV=()
if [ -f "$B/BUNDLE.env" ]; then
  while IFS='=' read -r k v; do
    v=${v#\"}
    v=${v%\"}
    BUNDLE_ENV[$k]=$v
  done <"$B/BUNDLE.env"
fi
commit=${BUNDLE_ENV[DIMERLAB_BUNDLE_COMMIT]:-unknown}
# Git is used where the tree has its .git (here); the device copy has none, so the bundle's record
# is the commit there.
tree_commit=$(git rev-parse HEAD 2>/dev/null || echo "")
run_date=$(date -u +%Y-%m-%dT%H:%M:%SZ)
cpu_model=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//')
cores=$(nproc 2>/dev/null || echo 0)

smi_list="nvidia-smi not found"
smi_query=""
gpu_name=""
driver=""
gpu_mem=""
if command -v nvidia-smi >/dev/null; then
  smi_list=$(timeout 20 nvidia-smi -L 2>&1 | head -n 8)
  smi_query=$(timeout 20 nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | head -n 1)
  if [[ "$smi_query" == *,*,* ]]; then
    gpu_name=$(echo "$smi_query" | cut -d, -f1 | sed 's/^ *//;s/ *$//')
    driver=$(echo "$smi_query" | cut -d, -f2 | sed 's/^ *//;s/ *$//')
    gpu_mem=$(echo "$smi_query" | cut -d, -f3 | sed 's/^ *//;s/ *$//')
  fi
fi

# Does the tree this runs in match the sources the bundle was built from?
sources_status="unknown"
sources_mismatch=""
if [ -f "$B/sources.sha256" ]; then
  sources_mismatch=$(sha256sum -c --quiet "$B/sources.sha256" 2>/dev/null | head -n 10 | tr '\n' ';')
  if [ -z "$sources_mismatch" ]; then sources_status="match"; else sources_status="differ"; fi
fi

SANITIZER_PATH=""
SANITIZER_VERSION=""
BENCH_GPU_JSON=null
CLI_JSON=null

write_json() {
  local checks="" c
  for c in "${CHECKS[@]}"; do checks+="${checks:+,
    }$c"; done
  cat >"$JSON.tmp" <<EOF
{
  "schema": "dimerlab-gpu-check/1",
  "git_commit": $(json_str "$commit"),
  "git_dirty_at_build": $(json_str "${BUNDLE_ENV[DIMERLAB_BUNDLE_DIRTY]:-unknown}"),
  "tree_git_commit": $(json_str "$tree_commit"),
  "bundle_built": $(json_str "${BUNDLE_ENV[DIMERLAB_BUNDLE_DATE]:-unknown}"),
  "bundle_nvcc": $(json_str "${BUNDLE_ENV[DIMERLAB_BUNDLE_NVCC]:-unknown}"),
  "bundle_cuda_architectures": $(json_str "${BUNDLE_ENV[DIMERLAB_BUNDLE_CUDA_ARCHITECTURES]:-unknown}"),
  "sources_vs_bundle": $(json_str "$sources_status"),
  "sources_mismatch": $(json_str "$sources_mismatch"),
  "date": $(json_str "$run_date"),
  "host": {"kernel": $(json_str "$(uname -r)"), "cpu": $(json_str "$cpu_model"), "cores": $(json_num "$cores")},
  "device": {"name": $(json_str "$gpu_name"), "driver": $(json_str "$driver"), "memory": $(json_str "$gpu_mem"),
             "nvidia_smi_L": $(json_str "$smi_list")},
  "sanitizer": {"path": $(json_str "$SANITIZER_PATH"), "version": $(json_str "$SANITIZER_VERSION")},
  "budget_s": $(json_num "$BUDGET_S"),
  "elapsed_s": $(elapsed),
  "checks": [
    $checks
  ],
  "bench_gpu": $BENCH_GPU_JSON,
  "cli": $CLI_JSON
}
EOF
  mv "$JSON.tmp" "$JSON"
}

echo "dimerlab GPU check: commit $commit (bundle built ${BUNDLE_ENV[DIMERLAB_BUNDLE_DATE]:-?}), $run_date"
echo "nvidia-smi -L: $smi_list"
echo "GPU: ${gpu_name:-none}  driver: ${driver:-none}  memory: ${gpu_mem:-?}"
echo "CPU: $cpu_model ($cores cores); sources vs bundle: $sources_status ${sources_mismatch}"
{
  echo "commit $commit, date $run_date"
  echo "nvidia-smi -L: $smi_list"
  echo "nvidia-smi query: $smi_query"
} >>"$LOG"
write_json

# ---------------------------------------------------------------- 0. the bundle loads
BIN_CHECK=$B/tests/gpu/gpu_device_check
BIN_CLI=$B/cli/dimerlab-cli
BIN_GPU=$B/bench/bench_gpu
cat >"$WORK/ldd-check.sh" <<'EOF'
# Every binary's libraries resolve (from the bundle or the system); prints the unresolved ones.
bad=0
for b in "$@"; do
  [ -x "$b" ] || { echo "missing: $b (run gpu/prepare-device-bundle.sh, carry build-device)"; bad=1; continue; }
  if ldd "$b" | grep -q 'not found'; then echo "$b:"; ldd "$b" | grep 'not found'; bad=1; fi
done
[ $bad = 0 ] && echo "all $# binaries resolve their libraries"
exit $bad
EOF
run_step bundle_libraries 30 env LD_LIBRARY_PATH="$BUNDLE_LD" bash "$WORK/ldd-check.sh" "$BIN_CHECK" "$BIN_CLI" "$BIN_GPU"

# ---------------------------------------------------------------- 1. bit equality, device vs CPU
run_step gpu_device_check 120 env LD_LIBRARY_PATH="$BUNDLE_LD" "$BIN_CHECK"
# A GPU that nvidia-smi lists but the CUDA runtime cannot use is a broken machine or bundle, not
# a machine without a GPU.
if [ "${STATUS[gpu_device_check]:-}" = no_device ] && grep -q '^GPU [0-9]' <<<"$smi_list"; then
  record device_usable fail 1 0 "nvidia-smi lists a GPU but the CUDA runtime found no usable device" "nvidia-smi -L"
fi

# ---------------------------------------------------------------- 2. the CLI's backends
cat >"$WORK/cli.sh" <<'EOF'
# cpu and cpu-parallel must end in the same state (final.state_hash); --backend cuda must either
# work or refuse with exit 2 and a message, never crash. Twice: exact Glauber (CLI_RESULT), and
# the chromatic chain with the random class order (CLI_CHROMATIC), whose class permutations the
# CPU threads and the CUDA launches must draw alike.
cli=$1
status=0
compare() { # label extra-args...
  local label=$1 h_cpu h_par rc_cuda h_cuda msg_cuda
  shift
  local args=(sample --graph torus:256x256 --lambda 1 --seed 5 --sweeps 20 --burn-in 0 --json "$@")
  h_cpu=$("$cli" "${args[@]}" --backend cpu | grep -o '"state_hash": *"[0-9a-f]*"' | grep -o '[0-9a-f]\{16\}')
  h_par=$("$cli" "${args[@]}" --backend cpu-parallel | grep -o '"state_hash": *"[0-9a-f]*"' | grep -o '[0-9a-f]\{16\}')
  "$cli" "${args[@]}" --backend cuda >"$TMPDIR_CLI/$label.out" 2>"$TMPDIR_CLI/$label.err"
  rc_cuda=$?
  h_cuda=$(grep -o '"state_hash": *"[0-9a-f]*"' "$TMPDIR_CLI/$label.out" | grep -o '[0-9a-f]\{16\}')
  msg_cuda=$(tr '\n' ' ' <"$TMPDIR_CLI/$label.err" | cut -c1-200)
  echo "  ${label#CLI_}: cpu $h_cpu cpu-parallel $h_par cuda rc=$rc_cuda ${h_cuda:-} ${msg_cuda}"
  printf '%s %s %s %s %s\n' "$label" "${h_cpu:-none}" "${h_par:-none}" "$rc_cuda" "${h_cuda:-none}"
  { [ -n "$h_cpu" ] && [ "$h_cpu" = "$h_par" ]; } || status=1
  # A CUDA run that finished must agree too (both CUDA samplers are bit-identical to the CPU); a
  # refusal (2) is fine only when the probe found no device ("backend 'cuda' requested but <reason>").
  if [ "$rc_cuda" = 0 ]; then
    [ "$h_cuda" = "$h_cpu" ] || status=1
  elif [ "$rc_cuda" != 2 ] || ! grep -q "requested but" "$TMPDIR_CLI/$label.err"; then
    status=1
  fi
}
compare CLI_RESULT
compare CLI_CHROMATIC --dynamics chromatic --class-order random
exit $status
EOF
mkdir -p "$WORK/cli"
run_step cli_backends 45 env LD_LIBRARY_PATH="$BUNDLE_LD" TMPDIR_CLI="$WORK/cli" bash "$WORK/cli.sh" "$BIN_CLI"
if read -r _ h_cpu h_par rc_cuda h_cuda < <(grep '^CLI_RESULT ' "$WORK/cli_backends.log" 2>/dev/null); then
  msg_cuda=$(tr '\n' ' ' <"$WORK/cli/CLI_RESULT.err" 2>/dev/null | cut -c1-200)
  chromatic_json=null
  if read -r _ c_cpu c_par c_rc c_cuda < <(grep '^CLI_CHROMATIC ' "$WORK/cli_backends.log" 2>/dev/null); then
    chromatic_json="{\"dynamics\": \"chromatic\", \"class_order\": \"random\", \"state_hash_cpu\": $(json_str "$c_cpu"), \"state_hash_cpu_parallel\": $(json_str "$c_par"), \"cuda_rc\": $(json_num "$c_rc"), \"state_hash_cuda\": $(json_str_or_null "$c_cuda")}"
  fi
  CLI_JSON="{\"graph\": \"torus:256x256\", \"sweeps\": 20, \"state_hash_cpu\": $(json_str "$h_cpu"), \"state_hash_cpu_parallel\": $(json_str "$h_par"), \"cuda_rc\": $(json_num "$rc_cuda"), \"state_hash_cuda\": $(json_str_or_null "$h_cuda"), \"cuda_message\": $(json_str "$msg_cuda"), \"chromatic_random_order\": $chromatic_json}"
fi
write_json

# ---------------------------------------------------------------- 3. compute-sanitizer, small instances
for c in "$(command -v compute-sanitizer 2>/dev/null)" /usr/local/cuda/bin/compute-sanitizer \
  /usr/local/cuda/compute-sanitizer/compute-sanitizer /usr/local/cuda-*/bin/compute-sanitizer \
  /opt/nvidia/*/compute-sanitizer/compute-sanitizer; do
  if [ -n "$c" ] && [ -x "$c" ]; then
    SANITIZER_PATH=$c
    break
  fi
done
# Both programs under one tool: the device check's kernels (heat-bath reference, Jacobi with
# CUB, chromatic, ensemble, edge states, copy) and bench_gpu's. --error-exitcode separates
# "found errors" (10) from the programs' own failures; a program's 77 (no device) passes through.
# The bundle's library path reaches the programs through env, not compute-sanitizer.
cat >"$WORK/sanitize.sh" <<'EOF'
cs=$1 tool=$2 ld=$3 check=$4 gpu=$5
extra=()
case $tool in
  memcheck) extra=(--leak-check full) ;;
  racecheck) extra=(--racecheck-detect-level error) ;; # library code floods warnings otherwise
esac
"$cs" --tool "$tool" --error-exitcode 10 --target-processes all "${extra[@]}" env LD_LIBRARY_PATH="$ld" "$check" --small
rc1=$?
"$cs" --tool "$tool" --error-exitcode 10 --target-processes all "${extra[@]}" env LD_LIBRARY_PATH="$ld" "$gpu" --small
rc2=$?
echo "$tool: gpu_device_check --small rc=$rc1, bench_gpu --small rc=$rc2"
[ $rc1 = 0 ] && exit $rc2
exit $rc1
EOF
# sanitize TOOL LIMIT: one compute-sanitizer tool over both programs; "not-run" where the tool is
# missing, never "fail".
sanitize() {
  if [ -z "$SANITIZER_PATH" ]; then
    record "sanitizer_$1" not-run "" 0 "compute-sanitizer not found on this machine" ""
  elif [ "${STATUS[sanitizer_memcheck]:-}" = unavailable ] && [ "$1" != memcheck ]; then
    record "sanitizer_$1" unavailable "" 0 "compute-sanitizer: Device not supported (see memcheck)" ""
  else
    run_step "sanitizer_$1" "$2" bash "$WORK/sanitize.sh" "$SANITIZER_PATH" "$1" "$BUNDLE_LD" "$BIN_CHECK" "$BIN_GPU"
  fi
}
[ -n "$SANITIZER_PATH" ] && SANITIZER_VERSION=$(timeout 20 "$SANITIZER_PATH" --version 2>&1 | grep -i version | tail -n 1)
sanitize memcheck 60

# ---------------------------------------------------------------- 4. copy bandwidth + GPU benchmarks
run_step bench_gpu 90 env LD_LIBRARY_PATH="$BUNDLE_LD" "$BIN_GPU" --json "$WORK/bench_gpu.json"
# nlohmann wrote it; an interrupted write leaves no closing brace, and then nothing is embedded.
if [ -s "$WORK/bench_gpu.json" ] && [ "$(tr -d ' \n' <"$WORK/bench_gpu.json" | tail -c 1)" = "}" ]; then
  BENCH_GPU_JSON=$(sed 's/^/  /' "$WORK/bench_gpu.json" | sed '1s/^  //')
fi
write_json

# ---------------------------------------------------------------- 5. the other sanitizer tools, while budget lasts
for tool in initcheck synccheck racecheck; do sanitize "$tool" 45; done

# ---------------------------------------------------------------- table
{
  echo
  echo "================ dimerlab GPU check: ${gpu_name:-no GPU} (driver ${driver:-none}), commit ${commit:0:12}, $(elapsed)s"
  printf '%-22s %-11s %7s  %s\n' step status seconds note
  for row in "${TABLE[@]}"; do
    IFS='|' read -r n s t note <<<"$row"
    printf '%-22s %-11s %7s  %s\n' "$n" "$s" "$t" "${note:0:90}"
  done
  # bench_gpu's own summary lines: copy bandwidth, then one line per sampler and graph.
  grep -E '^copy |^  (jacobi|chromatic) ' "$WORK/bench_gpu.log" 2>/dev/null
  echo "results: $JSON, full log: $LOG"
} | tee -a "$LOG"
write_json
exit $FAILED
