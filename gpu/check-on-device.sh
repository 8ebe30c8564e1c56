#!/usr/bin/env bash
# The one script a session runs on the GPU machine (issue 4, "The device script"):
#
#   run tool, carry ["build-device"], command:  bash gpu/check-on-device.sh
#
# It runs what scripts/prepare-device-bundle.sh built here (that machine has nvcc and CMake but
# none of our -dev libraries, no Qt and no network): the bit-identity device check, the four
# compute-sanitizer tools on small instances, the copy bandwidth and the GPU benchmarks, the CPU
# baselines on that machine's CPU, and the CLI's backends. Every step has its own timeout and
# the whole run a budget (DIMERLAB_CHECK_BUDGET_S, default 450 s, under the 8 minutes issue 4
# allows), so one hang cannot eat the device time; a failing step is recorded and the next runs.
# Steps run most important first, so a short budget drops the least important.
#
# Results: $OUT/gpu_result.json (rewritten after every step, so a killed run still returns what
# it had) and $OUT/check.log (every step's full output). Without $OUT: /tmp/dimerlab-gpu-check.
# On a machine without a GPU it completes in seconds and reports "no_device" for the GPU steps.
# Exit status: 0 when no step failed or timed out ("no_device", "unavailable" and "skipped" are
# not failures), 1 otherwise.
set -u -o pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 1
B=${DIMERLAB_BUNDLE:-build-device}
case $B in /*) ;; *) B=$ROOT/$B ;; esac
OUT=${OUT:-/tmp/dimerlab-gpu-check}
BUDGET_S=${DIMERLAB_CHECK_BUDGET_S:-450}
mkdir -p "$OUT"
JSON=$OUT/gpu_result.json
LOG=$OUT/check.log
: >"$LOG"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
START=$(date +%s)

# The bundle's libraries first: the device image lacks igraph, GMP, FFTW and friends, and its
# libstdc++ may be older than the one we linked against.
# Libraries the bundle had to gzip to fit the carry limit (scripts/prepare-device-bundle.sh) are
# unpacked next to the work files; python3 is the fallback where gzip is missing.
for z in "$B"/lib/*.gz; do
  [ -e "$z" ] || continue
  mkdir -p "$WORK/lib"
  f=$WORK/lib/$(basename "$z" .gz)
  gzip -dc "$z" >"$f" 2>/dev/null ||
    python3 -c 'import gzip, shutil, sys; shutil.copyfileobj(gzip.open(sys.argv[1]), open(sys.argv[2], "wb"))' "$z" "$f"
done
export LD_LIBRARY_PATH="$B/lib${WORK:+:$WORK/lib}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
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
GLAUBER_JSON=null
PARALLEL_JSON=null
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
  "bench_glauber": $GLAUBER_JSON,
  "bench_parallel": $PARALLEL_JSON,
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

# ---------------------------------------------------------------- 1. the bundle loads
BIN_CHECK=$B/tests/gpu/gpu_device_check
BIN_CLI=$B/cli/dimerlab-cli
BIN_GLAUBER=$B/bench/bench_glauber
BIN_PARALLEL=$B/bench/bench_parallel
BIN_GPU=$B/bench/bench_gpu
cat >"$WORK/ldd-check.sh" <<'EOF'
# Every binary's libraries resolve (from the bundle or the system); prints the unresolved ones.
bad=0
for b in "$@"; do
  [ -x "$b" ] || { echo "missing: $b (run scripts/prepare-device-bundle.sh, carry build-device)"; bad=1; continue; }
  if ldd "$b" | grep -q 'not found'; then echo "$b:"; ldd "$b" | grep 'not found'; bad=1; fi
done
[ $bad = 0 ] && echo "all $# binaries resolve their libraries"
exit $bad
EOF
run_step bundle_libraries 30 bash "$WORK/ldd-check.sh" "$BIN_CHECK" "$BIN_CLI" "$BIN_GLAUBER" "$BIN_PARALLEL" "$BIN_GPU"

# ---------------------------------------------------------------- 2. bit identity device vs CPU
run_step gpu_device_check 180 "$BIN_CHECK"

# ---------------------------------------------------------------- 3. copy bandwidth + GPU benchmarks
run_step bench_gpu 150 "$BIN_GPU" --json "$WORK/bench_gpu.json"
# nlohmann wrote it; an interrupted write leaves no closing brace, and then nothing is embedded.
if [ -s "$WORK/bench_gpu.json" ] && [ "$(tr -d ' \n' <"$WORK/bench_gpu.json" | tail -c 1)" = "}" ]; then
  BENCH_GPU_JSON=$(sed 's/^/  /' "$WORK/bench_gpu.json" | sed '1s/^  //')
fi
write_json

# ---------------------------------------------------------------- 4. compute-sanitizer, small instances
for c in "$(command -v compute-sanitizer 2>/dev/null)" /usr/local/cuda/bin/compute-sanitizer \
  /usr/local/cuda/compute-sanitizer/compute-sanitizer /usr/local/cuda-*/bin/compute-sanitizer \
  /opt/nvidia/*/compute-sanitizer/compute-sanitizer; do
  if [ -n "$c" ] && [ -x "$c" ]; then
    SANITIZER_PATH=$c
    break
  fi
done
if [ -z "$SANITIZER_PATH" ]; then
  for tool in memcheck initcheck synccheck racecheck; do
    record "sanitizer_$tool" unavailable "" 0 "compute-sanitizer not found" ""
  done
else
  SANITIZER_VERSION=$(timeout 20 "$SANITIZER_PATH" --version 2>&1 | grep -i version | tail -n 1)
  # Both programs under one tool: the device check's kernels (heat-bath reference, Jacobi with
  # CUB) and bench_gpu's copy kernels. --error-exitcode separates "found errors" (10) from the
  # programs' own failures; a program's 77 (no device) passes through.
  cat >"$WORK/sanitize.sh" <<'EOF'
cs=$1 tool=$2 check=$3 gpu=$4
extra=()
case $tool in
  memcheck) extra=(--leak-check full) ;;
  racecheck) extra=(--racecheck-detect-level error) ;; # library code floods warnings otherwise
esac
"$cs" --tool "$tool" --error-exitcode 10 "${extra[@]}" "$check" --small
rc1=$?
"$cs" --tool "$tool" --error-exitcode 10 "${extra[@]}" "$gpu" --small
rc2=$?
echo "$tool: gpu_device_check --small rc=$rc1, bench_gpu --small rc=$rc2"
[ $rc1 = 0 ] && exit $rc2
exit $rc1
EOF
  for tool in memcheck initcheck synccheck racecheck; do
    if [ "${STATUS[sanitizer_memcheck]:-}" = unavailable ]; then
      record "sanitizer_$tool" unavailable "" 0 "compute-sanitizer: Device not supported (see memcheck)" ""
      continue
    fi
    run_step "sanitizer_$tool" 75 bash "$WORK/sanitize.sh" "$SANITIZER_PATH" "$tool" "$BIN_CHECK" "$BIN_GPU"
  done
fi

# ---------------------------------------------------------------- 5. CPU baselines on this CPU
run_step bench_glauber 60 "$BIN_GLAUBER"
GLAUBER_JSON=$(awk '
  /^machine:/ { sub(/^machine: /, ""); cpu = $0 }
  /^input:/ { spec = $2 }
  /baseline:/ { base[spec] = $2 }
  /production:/ { prod[spec] = $2; order[++k] = spec }
  END {
    printf "{\"unit\": \"M updates/s, 1 thread, lambda=1\", \"rows\": ["
    for (i = 1; i <= k; ++i) printf "%s{\"spec\": \"%s\", \"baseline\": %s, \"production\": %s}", (i > 1 ? ", " : ""), order[i], base[order[i]], prod[order[i]]
    printf "]}"
  }' "$WORK/bench_glauber.log" 2>/dev/null)
[ -n "$GLAUBER_JSON" ] || GLAUBER_JSON=null
write_json

run_step bench_parallel 90 "$BIN_PARALLEL" 5 --quick
# Section 3's table: | graph | updates | cpu M/s | cpu-parallel M/s | ratio | same state |
PARALLEL_JSON=$(awk -F'|' '
  /^3\. Throughput/ { on = 1; next }
  /^4\. / { on = 0 }
  on && /^\| [a-z]/ && $2 !~ /graph/ {
    gsub(/ /, "", $2); gsub(/ /, "", $3); gsub(/ /, "", $4); gsub(/ /, "", $5); gsub(/ /, "", $6); gsub(/ /, "", $7)
    rows = rows (n++ ? ", " : "") sprintf("{\"spec\": \"%s\", \"updates\": %s, \"cpu_mups\": %s, \"cpu_parallel_mups\": %s, \"ratio\": %s, \"same_state\": %s}", $2, $3, $4, $5, $6, ($7 == "yes" ? "true" : "false"))
  }
  END { printf "{\"sweeps\": 5, \"quick\": true, \"throughput\": [%s]}", rows }' "$WORK/bench_parallel.log" 2>/dev/null)
[ -n "$PARALLEL_JSON" ] || PARALLEL_JSON=null
write_json

# ---------------------------------------------------------------- 6. the CLI's backends
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
run_step cli_backends 60 env TMPDIR_CLI="$WORK/cli" bash "$WORK/cli.sh" "$BIN_CLI"
if read -r _ h_cpu h_par rc_cuda h_cuda < <(grep '^CLI_RESULT ' "$WORK/cli_backends.log" 2>/dev/null); then
  msg_cuda=$(tr '\n' ' ' <"$WORK/cli/CLI_RESULT.err" 2>/dev/null | cut -c1-200)
  chromatic_json=null
  if read -r _ c_cpu c_par c_rc c_cuda < <(grep '^CLI_CHROMATIC ' "$WORK/cli_backends.log" 2>/dev/null); then
    chromatic_json="{\"dynamics\": \"chromatic\", \"class_order\": \"random\", \"state_hash_cpu\": $(json_str "$c_cpu"), \"state_hash_cpu_parallel\": $(json_str "$c_par"), \"cuda_rc\": $(json_num "$c_rc"), \"state_hash_cuda\": $(json_str_or_null "$c_cuda")}"
  fi
  CLI_JSON="{\"graph\": \"torus:256x256\", \"sweeps\": 20, \"state_hash_cpu\": $(json_str "$h_cpu"), \"state_hash_cpu_parallel\": $(json_str "$h_par"), \"cuda_rc\": $(json_num "$rc_cuda"), \"state_hash_cuda\": $(json_str_or_null "$h_cuda"), \"cuda_message\": $(json_str "$msg_cuda"), \"chromatic_random_order\": $chromatic_json}"
fi
write_json

# ---------------------------------------------------------------- table
num() { # number from the bench_gpu JSON by a flat key path: num copy memcpy_d2d_gbps
  [ -s "$WORK/bench_gpu.json" ] || return
  tr -d '\n' <"$WORK/bench_gpu.json" | grep -o "\"$1\": *[-0-9.e+]*" | head -n "${2:-1}" | tail -n 1 | sed 's/.*: *//'
}
{
  echo
  echo "================ dimerlab GPU check: ${gpu_name:-no GPU} (driver ${driver:-none}), commit ${commit:0:12}, $(elapsed)s"
  printf '%-22s %-11s %7s  %s\n' step status seconds note
  for row in "${TABLE[@]}"; do
    IFS='|' read -r n s t note <<<"$row"
    printf '%-22s %-11s %7s  %s\n' "$n" "$s" "$t" "${note:0:90}"
  done
  if [ "$BENCH_GPU_JSON" != null ] && grep -q '"memcpy_d2d_gbps"' "$WORK/bench_gpu.json"; then
    printf 'copy D2D (read+write): cudaMemcpy %s GB/s, copy kernel %s GB/s\n' "$(num memcpy_d2d_gbps)" "$(num kernel_gbps)"
    for i in 1 2; do
      spec=$(tr -d '\n' <"$WORK/bench_gpu.json" | grep -o '"spec": *"[^"]*"' | sed -n "${i}p" | sed 's/.*: *"//;s/"//')
      [ -n "$spec" ] || continue
      printf 'jacobi %-16s %s updates/ns, %s of memcpy bw (24 B/update), rounds/block %s, same as CPU: %s\n' "$spec" \
        "$(num updates_per_ns "$i")" "$(num fraction_of_memcpy_bw "$i")" "$(num rounds_per_block_mean "$i")" \
        "$(tr -d '\n' <"$WORK/bench_gpu.json" | grep -o '"same_as_cpu": *[a-z]*' | sed -n "${i}p" | sed 's/.*: *//')"
    done
  fi
  echo "results: $JSON, full log: $LOG"
} | tee -a "$LOG"
write_json
exit $FAILED
