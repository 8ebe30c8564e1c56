#!/usr/bin/env bash
# Fails when a tracked C++/CUDA source differs from .clang-format's layout (clang-format -i fixes it).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.h' '*.cu' 2>/dev/null || find core gpu cli app tests bench fuzz -name '*.[ch]pp' -o -name '*.cu')
if ! clang-format --dry-run --Werror "${files[@]}"; then
  echo "error: sources are not clang-formatted; run: clang-format -i \$(git ls-files '*.cpp' '*.hpp' '*.h' '*.cu')" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
