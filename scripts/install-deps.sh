#!/usr/bin/env bash
# Installs the Debian 12 packages dimerlab needs, by name: with --app only what the app and the CLI
# need to build and run (the README's first command), with --package also what building the
# Debian package needs, by default everything the tests, proofs, fuzzers and MPI sweeps need too. Safe to re-run: when everything is present it does nothing.
# Uses sudo when not root.
set -euo pipefail

# What the app and the CLI need to build and run (scripts/run-app.sh, --app).
APP_PACKAGES=(
  # toolchain
  cmake ninja-build g++ pkgconf git
  # core libraries
  librandom123-dev libcli11-dev nlohmann-json3-dev libgmp-dev libboost-graph-dev libigraph-dev libfftw3-dev libeigen3-dev
  # sparse symmetric eigensolver (Lanczos) for exact spectral gaps of chains with up to 10^4 states
  libspectra-dev
  # igraph's CMake config names these libraries; Debian's libigraph-dev does not pull them in
  libarpack2-dev libglpk-dev libplfit-dev liblapack-dev libblas-dev libxml2-dev
  # SHA-256 keys of the verification claims the app's panel shows (libcrypto)
  libssl-dev
  # Qt 6 (app, QtTest)
  qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev libgl-dev libglm-dev
  # app: live plots (Qt Charts) and the heads-up overlay (Dear ImGui 1.86; imgui.pc requires stb)
  qt6-charts-dev libimgui-dev libstb-dev
  # Mesa's OpenGL drivers, for machines without a vendor driver
  libgl1-mesa-dri
  # video export (video/: FFmpeg's libraries, docs/building.md §6.5)
  libavformat-dev libavcodec-dev libswscale-dev libavutil-dev
)
# What building the Debian package adds (scripts/build-package.sh, --package): man pages from
# --help, the icon's PNG sizes, dpkg-shlibdeps and the `file` it runs.
PACKAGE_TOOLS=(help2man librsvg2-bin dpkg-dev file)
# Everything else the tests, proofs, fuzzers and sweeps need (scripts/run-tests.sh, the default).
TEST_PACKAGES=(
  # the package test (tests/package): lintian, and the desktop entry's validator
  lintian desktop-file-utils
  # the Python module (python/) and its tests: pybind11, NumPy, NetworkX, pytest
  python3-dev pybind11-dev python3-pybind11 python3-numpy python3-networkx python3-pytest
  # the example notebooks (docs/notebooks), executed by the tests: nbconvert, a kernel, Matplotlib
  jupyter-nbconvert python3-ipykernel python3-matplotlib
  clang-format
  # headless display for GUI tests and screenshots (xauth is only a Recommends of xvfb)
  xvfb xauth
  # libFuzzer (clang and its runtime)
  clang-14 libclang-rt-14-dev
  # verification (verification/check.sh: Coq, SMT, Frama-C WP, Spin)
  coq z3 cvc5 cvc4 why3 frama-c-base spin
  # the executable oracle extracted from the Coq model (coq already pulls these in; named for clarity)
  ocaml-nox ocaml-findlib
  # MPI: sweeps and ln Z estimates spread over the ranks of mpirun or srun (Open MPI)
  libopenmpi-dev openmpi-bin
)

case "${1:-}" in
  --app) PACKAGES=("${APP_PACKAGES[@]}") ;;
  --package) PACKAGES=("${APP_PACKAGES[@]}" "${PACKAGE_TOOLS[@]}") ;;
  "" | --all) PACKAGES=("${APP_PACKAGES[@]}" "${PACKAGE_TOOLS[@]}" "${TEST_PACKAGES[@]}") ;;
  *)
    echo "usage: install-deps.sh [--app | --package | --all]" >&2
    exit 2
    ;;
esac

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then SUDO=(sudo); fi
echo "install-deps: installing ${missing[*]}"
"${SUDO[@]}" apt-get update -q
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
  -o DPkg::Lock::Timeout=600 "${missing[@]}"
