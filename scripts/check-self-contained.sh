#!/usr/bin/env bash
# Fails when a tracked file refers to something outside the repository: a path into the folder of
# design notes kept beside the checkout, a design note by a bare name (one of `names` below with
# .md) instead of the repository's own docs/*.md, or a tracker entry by its number. The patterns
# are written with character classes so that this file does not itself name what it forbids.
# Lists every hit as file:line: text and
# exits 1; otherwise prints one line and exits 0. The project's design documents are docs/*.md;
# a comment cites them as "docs/algorithms.md §3.2", or cites a paper.
set -euo pipefail
cd "$(dirname "$0")/.."

self=scripts/check-self-contained.sh
names='architecture|science|toolchain|verification|style|peers|seeds'
# A bare note name: not part of a longer file name, and not under docs/.
pattern="\\.\\./s[h]ared|s[h]ared/docs|(?<!docs/)(?<![A-Za-z0-9_-])(${names})\\.md|(?i:iss[u]e ?#?[0-9])"

set +e
hits=$(git grep -n -I -P -e "$pattern" -- . ":(exclude)$self")
rc=$?
set -e
if [ "$rc" -eq 0 ]; then
  printf '%s\n' "$hits"
  count=$(printf '%s\n' "$hits" | wc -l)
  echo "error: check-self-contained: $count line(s) refer outside the repository or name an issue;" \
       "cite docs/*.md sections or papers instead" >&2
  exit 1
elif [ "$rc" -ne 1 ]; then
  echo "error: check-self-contained: git grep -P failed (status $rc; does this git support PCRE?)" >&2
  exit 2
fi

files=$(git grep -I -l -e '' -- . ":(exclude)$self" | wc -l)
echo "check-self-contained: $files files clean"
