#!/usr/bin/env bash
# A sweep of 24 independent jobs on 1 and on 2 MPI ranks, measured in the same run: the speed-up
# (wall time on 1 rank over wall time on 2) and the overhead per job, the core-seconds a run spends
# outside its jobs (launch, MPI start, dealing, gathering, writing, idle ranks at the end) divided
# by the number of jobs. The two tables must agree (timing columns aside); the script checks that.
# Usage: bench/bench_sweep_ranks.sh [path/to/dimerlab-cli] [sweeps per job]
set -euo pipefail
cli=${1:-build/cli/dimerlab-cli}
sweeps=${2:-4000}
mpirun=(mpirun --oversubscribe --mca btl self,vader,tcp --mca btl_tcp_if_include lo
        --mca oob_tcp_if_include lo --mca btl_vader_single_copy_mechanism none)
if [ "$(id -u)" -eq 0 ]; then mpirun+=(--allow-run-as-root); fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# 24 jobs: 1 graph x 6 lambdas x 4 seeds.
sweep=(sweep --graph torus:16x16 --lambda 0.5:3:0.5 --seeds 4 --sweeps "$sweeps" --seed 7
       --measure density,imbalance,tau)

now() { date +%s.%N; }
declare -A wall busy
for p in 1 2; do
  t0=$(now)
  "${mpirun[@]}" -np "$p" "$cli" "${sweep[@]}" --out "$work/p$p.csv" > /dev/null
  t1=$(now)
  wall[$p]=$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.6f", b - a}')
  # Sum of the per-job seconds: the column named "seconds".
  busy[$p]=$(awk -F, '/^#/ {next} !h {for (i = 1; i <= NF; i++) if ($i == "seconds") c = i; h = 1; next}
                      {s += $c} END {printf "%.6f", s}' "$work/p$p.csv")
done
strip() { awk -F, '/^#/ {next} !h {for (i = 1; i <= NF; i++) if ($i != "seconds" && $i != "rank") k[i] = 1; h = 1}
                   {o = ""; for (i = 1; i <= NF; i++) if (i in k) o = o $i ","; print o}' "$1"; }
if ! cmp -s <(strip "$work/p1.csv") <(strip "$work/p2.csv"); then
  echo "bench_sweep_ranks: the tables of 1 and 2 ranks differ" >&2
  exit 1
fi

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "input: ${sweep[*]} (24 jobs)"
printf '%-6s %10s %14s %18s\n' ranks wall_s job_seconds overhead_per_job_s
for p in 1 2; do
  overhead=$(awk -v p="$p" -v w="${wall[$p]}" -v b="${busy[$p]}" 'BEGIN {print (p * w - b) / 24}')
  printf '%-6s %10.3f %14.3f %18.4f\n' "$p" "${wall[$p]}" "${busy[$p]}" "$overhead"
done
printf 'speed-up (wall 1 rank / wall 2 ranks): %.2f; tables identical (timing columns aside)\n' \
  "$(awk -v a="${wall[1]}" -v b="${wall[2]}" 'BEGIN {print a / b}')"
