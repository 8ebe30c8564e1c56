#!/usr/bin/env python3
"""Mutants as line edits of a real file: a .mutation file names its `base PATH`, then one or more
`find LINE` (each matched against exactly one line of the base, surrounding blanks ignored), each
followed by the `replace LINE`s that take its place (indented like it); `#` lines say why. A mutant is an edit rather than
a copy, so it never drifts from what it tests; a `find` that no longer matches exactly once is an
error. Used by check.py (WP mutants) and by the gpu-host build (gpu/host/mutants).

    python3 verification/mutation.py REPO SPEC OUTPUT    writes the mutant, exit 1 if it does not apply
"""
import os, sys


def mutant_text(repo, spec):
    """(text, why) of the mutant, or None when the mutation does not apply."""
    base, edits, why = None, [], []
    for line in open(os.path.join(repo, spec), encoding="utf-8").read().splitlines():
        key, _, rest = line.partition(" ")
        if key == "base":
            base = rest.strip()
        elif key == "find":
            edits.append((rest.strip(), []))
        elif key == "replace" and edits:
            edits[-1][1].append(rest.strip())
        elif line.startswith("#"):
            why.append(line[1:].strip())
    if base is None or not edits or any(not find for find, _ in edits):
        return None
    lines = open(os.path.join(repo, base), encoding="utf-8").read().splitlines()
    for find, replace in edits:
        hits = [i for i, l in enumerate(lines) if l.strip() == find]
        if len(hits) != 1:
            return None
        i = hits[0]
        indent = lines[i][: len(lines[i]) - len(lines[i].lstrip())]
        lines[i:i + 1] = [indent + r for r in replace]
    return "\n".join(lines) + "\n", " ".join(why)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    repo, spec, output = sys.argv[1:]
    result = mutant_text(repo, spec)
    if result is None:
        sys.exit(f"error: {spec} does not apply: its find must match exactly one line of its base")
    os.makedirs(os.path.dirname(os.path.abspath(output)), exist_ok=True)
    with open(output, "w", encoding="utf-8") as f:
        f.write(result[0])


if __name__ == "__main__":
    main()
