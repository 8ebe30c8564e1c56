#!/usr/bin/env bash
# Build here, run there: the GPU machine has nvcc and CMake but none of our Debian -dev libraries
# (igraph, GMP, FFTW, CLI11, Boost, Random123, ...), no Qt and no network. So we build the Qt-free
# targets here for sm_90 and carry a small bundle of executables plus the shared libraries they
# need, and gpu/check-on-device.sh runs them there.
#
#   gpu/prepare-device-bundle.sh          configure + build + assemble + size check
#
# Layout (paths mirror a build tree, so the same commands work on the bundle and on a tree):
#   build-device-tree/   the CMake build tree (objects, static libraries; never carried: too big)
#   build-device/        the bundle, carried to the device with  carry ["build-device"]
#     tests/gpu/gpu_device_check  cli/dimerlab-cli  bench/bench_gpu
#     lib/                        shared libraries from ldd that a bare CUDA image may lack
#     BUNDLE.env                  commit, dirty flag, date, flags (the device has no .git)
#     sources.sha256              hashes of the sources built, so the device run can tell if the
#                                 tree it was sent differs from the one the bundle was built from
#
# Why a separate bundle directory: the device call carries the working tree plus carried paths,
# 64 MiB in all; a RelWithDebInfo tree is hundreds of MiB. Why tests ON with Qt disabled instead
# of DIMERLAB_BUILD_TESTS=OFF: gpu_device_check is defined in tests/gpu, and
# CMAKE_DISABLE_FIND_PACKAGE_Qt6=ON makes this configure exactly what a machine without Qt sees
# (tests/ then defines only the Qt-free gpu_device_check), even here where Qt is installed; no
# CMake file needs a second definition of the target.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
TREE=${DIMERLAB_DEVICE_TREE:-build-device-tree}
BUNDLE=build-device
# What one device call may carry in total (working tree + carried paths); keep a margin for the
# files other sessions add to the tree meanwhile.
LIMIT_BYTES=$((64 * 1024 * 1024))
MARGIN_BYTES=$((4 * 1024 * 1024))

if [ -d /usr/local/cuda/bin ]; then export PATH=/usr/local/cuda/bin:$PATH; fi
command -v nvcc >/dev/null || { echo "nvcc not found (PATH=$PATH): the bundle needs the CUDA build" >&2; exit 1; }

TARGETS=(gpu_device_check dimerlab-cli bench_gpu)
# Paths of the targets' outputs relative to the build tree (= relative to the bundle).
BINARIES=(tests/gpu/gpu_device_check cli/dimerlab-cli bench/bench_gpu)

echo "== configure $TREE (Qt-free, FFmpeg-free, CUDA sm_90, warnings are errors)"
# FFmpeg (video export) is of no use on the device, and its libraries and their codecs (x265,
# codec2, aom, ...) would take the bundle past what one device call carries. A pkg-config that
# refuses the libav*/libsw* modules makes this configure see a machine without them (video/ then
# builds nothing and the CLI says video export is unavailable); it lives in the tree, so that
# CMake's reruns of the configure use it too. -U drops an earlier run's cached FFmpeg result.
case $TREE in /*) TOOLS=$TREE/tools ;; *) TOOLS=$ROOT/$TREE/tools ;; esac
mkdir -p "$TOOLS"
cat >"$TOOLS/pkg-config" <<'EOF'
#!/bin/sh
for a in "$@"; do
  case $a in libav* | libsw*) exit 1 ;; esac
done
exec /usr/bin/pkg-config "$@"
EOF
chmod +x "$TOOLS/pkg-config"
# -lineinfo: compute-sanitizer reports kernel source lines, at no cost to the generated code.
cmake -S . -B "$TREE" -G Ninja \
  -DPKG_CONFIG_EXECUTABLE="$TOOLS/pkg-config" \
  -U '__pkg_config_checked_DIMERLAB_FFMPEG' -U 'DIMERLAB_FFMPEG_*' \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DDIMERLAB_BUILD_APP=OFF \
  -DDIMERLAB_BUILD_TESTS=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=ON \
  -DDIMERLAB_CUDA=ON \
  -DCMAKE_CUDA_ARCHITECTURES=90 \
  -DCMAKE_CUDA_FLAGS=-lineinfo \
  -DDIMERLAB_WERROR=ON >"$TREE.configure.log" 2>&1 || { cat "$TREE.configure.log"; exit 1; }
if grep -q '^CMAKE_CUDA_COMPILER:.*NOTFOUND' "$TREE/CMakeCache.txt"; then
  echo "configure did not enable CUDA" >&2
  exit 1
fi
if grep -q '^DIMERLAB_FFMPEG_FOUND:INTERNAL=1' "$TREE/CMakeCache.txt"; then
  echo "configure still found FFmpeg" >&2
  exit 1
fi

echo "== build ${TARGETS[*]}"
cmake --build "$TREE" -j"${DIMERLAB_JOBS:-2}" --target "${TARGETS[@]}"

echo "== assemble $BUNDLE"
rm -rf "$BUNDLE"
mkdir -p "$BUNDLE/lib"
for b in "${BINARIES[@]}"; do
  mkdir -p "$BUNDLE/$(dirname "$b")"
  # Debug info is most of a RelWithDebInfo binary; symbols stay, so backtraces keep names.
  strip --strip-debug -o "$BUNDLE/$b" "$TREE/$b"
done

# glibc's parts must come from the target's own glibc (they are one unit with its ld.so); the
# driver's libcuda is loaded by cudart_static at run time and must match the kernel module.
# Everything else is copied, libstdc++ and libgcc_s too: they are small, and the target's may be
# older than the GCC 12 ones we link against.
is_system_lib() {
  case "$1" in
    linux-vdso.so.* | ld-linux*.so.* | libc.so.* | libm.so.* | libmvec.so.* | libpthread.so.* | \
      libdl.so.* | librt.so.* | libresolv.so.* | libutil.so.* | libanl.so.* | libnsl.so.* | libnss_*) return 0 ;;
    libcuda.so.* | libnvidia-*) return 0 ;;
  esac
  return 1
}

declare -A copied=()
for b in "${BINARIES[@]}"; do
  while read -r name arrow path _; do
    [ "$arrow" = "=>" ] || continue
    is_system_lib "$name" && continue
    if [ "$path" = "not" ]; then
      echo "ldd: $b needs $name, which is not found here" >&2
      exit 1
    fi
    if [ -z "${copied[$name]:-}" ]; then
      strip --strip-debug -o "$BUNDLE/lib/$name" "$(readlink -f "$path")"
      copied[$name]=$path
    fi
  done < <(ldd "$TREE/$b")
done
echo "copied libraries: ${!copied[*]}"

# What one device call carries besides the bundle: the working tree (tracked and
# untracked-not-ignored files) and shared/ where the checkout has one.
# Tracked files another session has just deleted make du fail: count what exists, and add up
# every "total" line (xargs may split the list over several du runs).
tree_bytes=$( (git ls-files -co --exclude-standard -z | xargs -0 du -cb 2>/dev/null || true) |
  awk -F'\t' '$2 == "total" { t += $1 } END { print t + 0 }')
if [ -d shared ]; then tree_bytes=$((tree_bytes + $(du -sb shared | cut -f1))); fi
budget=$((LIMIT_BYTES - MARGIN_BYTES - tree_bytes))

# Over budget: gzip the largest libraries, one at a time, until the bundle fits. Most of the weight
# is ICU's data (libicudata, 30 MiB, which libxml2 needs at load time through igraph: 12 MiB
# gzipped). gzip because it is Essential on every Debian/Ubuntu image; gpu/check-on-device.sh
# unpacks lib/*.gz into a temporary directory on its LD_LIBRARY_PATH.
while [ "$(du -sb "$BUNDLE" | cut -f1)" -gt "$budget" ]; do
  biggest=$(find "$BUNDLE/lib" -maxdepth 1 -type f ! -name '*.gz' -printf '%s %p\n' | sort -n | tail -1 | cut -d' ' -f2-)
  [ -n "$biggest" ] || break
  echo "compressing $(basename "$biggest") ($(du -b "$biggest" | cut -f1) bytes) to fit"
  gzip -9 -n "$biggest"
done

UNPACK=$(mktemp -d)
trap 'rm -rf "$UNPACK"' EXIT
for z in "$BUNDLE"/lib/*.gz; do
  [ -e "$z" ] || continue
  gzip -dc "$z" >"$UNPACK/$(basename "$z" .gz)"
done

echo "== check: every non-system library resolves from the bundle alone"
bad=0
for b in "${BINARIES[@]}"; do
  while read -r name arrow path _; do
    [ "$arrow" = "=>" ] || continue
    is_system_lib "$name" && continue
    case "$path" in
      "$ROOT/$BUNDLE/lib/"* | "$UNPACK/"*) ;;
      *)
        echo "  $b: $name -> $path (not from the bundle)" >&2
        bad=1
        ;;
    esac
  done < <(env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH="$ROOT/$BUNDLE/lib:$UNPACK" ldd "$BUNDLE/$b")
done
[ "$bad" = 0 ] || exit 1

# The newest glibc symbol version anything in the bundle asks for: the target's glibc must be at
# least this (Debian 12 builds need <= 2.36; the device image is newer).
glibc_needed=$(for f in "$BUNDLE"/lib/* "$UNPACK"/* "${BINARIES[@]/#/$BUNDLE/}"; do objdump -T "$f" 2>/dev/null; done |
  grep -o 'GLIBC_[0-9.]*' | sort -u -V | tail -1)

commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
# Dirty counts untracked sources too: they are globbed into the build (core/, cli/commands/).
dirty=$([ -n "$(git status --porcelain 2>/dev/null)" ] && echo true || echo false)
cat >"$BUNDLE/BUNDLE.env" <<EOF
DIMERLAB_BUNDLE_COMMIT=$commit
DIMERLAB_BUNDLE_DIRTY=$dirty
DIMERLAB_BUNDLE_DATE=$(date -u +%Y-%m-%dT%H:%M:%SZ)
DIMERLAB_BUNDLE_HOST_COMPILER="$(g++ --version | head -1)"
DIMERLAB_BUNDLE_NVCC="$(nvcc --version | tail -2 | head -1)"
DIMERLAB_BUNDLE_CUDA_ARCHITECTURES=90
DIMERLAB_BUNDLE_BUILD_TYPE=RelWithDebInfo
DIMERLAB_BUNDLE_GLIBC_NEEDED=${glibc_needed:-unknown}
EOF
# Sources the bundle was built from (tracked and untracked-not-ignored, as the device call sends
# them), so that the device run can report a bundle older than the tree it runs in.
git ls-files -co --exclude-standard -- CMakeLists.txt cmake core gpu cli bench tests/gpu |
  while read -r f; do [ -f "$f" ] && echo "$f"; done | sort | xargs -d '\n' sha256sum >"$BUNDLE/sources.sha256"

echo "== size"
bundle_bytes=$(du -sb "$BUNDLE" | cut -f1)
total=$((bundle_bytes + tree_bytes))
du -b "$BUNDLE"/lib/* "${BINARIES[@]/#/$BUNDLE/}" | sort -n | awk '{printf "  %8.2f MiB  %s\n", $1/1048576, $2}'
awk -v b="$bundle_bytes" -v t="$tree_bytes" 'BEGIN {
  printf "bundle %.2f MiB + working tree %.2f MiB = %.2f MiB of the 64 MiB a device call carries\n",
    b / 1048576, t / 1048576, (b + t) / 1048576 }'
echo "glibc needed: ${glibc_needed:-unknown}"
if [ "$total" -gt $((LIMIT_BYTES - MARGIN_BYTES)) ]; then
  echo "too big: over $(((LIMIT_BYTES - MARGIN_BYTES) / 1048576)) MiB (limit 64 MiB less a 4 MiB margin)" >&2
  exit 1
fi
echo "ready: run tool with carry [\"$BUNDLE\"] and command: bash gpu/check-on-device.sh"
