#!/usr/bin/env bash
# The README's first command: install, build, and start the app on the default preset.
# Arguments go to the app, e.g. --preset default --graph torus:32x32.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "error: no display (DISPLAY is not set). On a headless machine try:" >&2
  echo "  xvfb-run -a ./build/app/dimerlab --frames 60 --screenshot shot.png" >&2
  exit 2
fi
exec ./build/app/dimerlab "$@"
