#!/usr/bin/env bash
# Renders every preset in every colour mode with two builds of dimerlab-cli and compares the PNG
# frames byte for byte: the check that a refactoring of the render path changed no pixel.
# Usage: scripts/compare-render-frames.sh OLD_CLI NEW_CLI [OUT_DIR]   (needs X or xvfb-run)
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 OLD_CLI NEW_CLI [OUT_DIR]" >&2
  exit 2
fi
old_cli=$1 new_cli=$2 out=${3:-$(mktemp -d)}
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x1024x24" "$0" "$@"
fi
presets=$("$new_cli" render --help >/dev/null && ls "$(dirname "$0")/../resources/presets" | sed 's/\.json$//')
frames=0 differ=0
for preset in $presets; do
  for colour in plain orientation-parity monomer-heat; do
    for side in old new; do
      cli=${side}_cli
      mkdir -p "$out/$side/$preset-$colour"
      "${!cli}" render --preset "$preset" --colour "$colour" --frames 4 --sweeps-per-frame 2 \
        --size 480x360 --out "$out/$side/$preset-$colour/" >/dev/null 2>&1
    done
    for f in "$out/new/$preset-$colour"/*.png; do
      frames=$((frames + 1))
      if ! cmp -s "$f" "$out/old/$preset-$colour/$(basename "$f")"; then
        differ=$((differ + 1))
        echo "differs: $preset $colour $(basename "$f")"
      fi
    done
  done
done
echo "compare-render-frames: $frames frames, $differ differ ($out)"
[ "$differ" -eq 0 ] && [ "$frames" -gt 0 ]
