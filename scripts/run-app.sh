#!/usr/bin/env bash
# The README's first command: install, build, and start the app on the default preset.
# Arguments go to the app, e.g. --preset default --graph torus:32x32.
set -euo pipefail
cd "$(dirname "$0")/.."
# Only what the app and the CLI need, and only those two targets: the tests, proofs and fuzzers
# are the second command's (scripts/run-tests.sh), which installs and builds the rest.
bash scripts/install-deps.sh --app
BUILD_TARGETS="dimerlab dimerlab-cli" bash scripts/build.sh
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "error: no display (DISPLAY is not set). On a headless machine, with xvfb installed (apt-get install xvfb):" >&2
  echo "  xvfb-run -a ./build/app/dimerlab --frames 60 --screenshot shot.png" >&2
  exit 2
fi
exec ./build/app/dimerlab "$@"
