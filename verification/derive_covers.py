#!/usr/bin/env python3
"""Derives the files a claim covers from the compiler's dependency output, so that a kernel's
include (cuda_support.cuh, update_tape.hpp, ...) can never be missing from its claim.

A claim lists its kernel sources in "covers_from"; its "covers" must contain every project file
those sources include, as g++ -MM reports it for the CUDA-on-host build (build/compile_commands.json,
the dimerlab_gpu_host entries; the host compile sees the same project headers as nvcc plus the
layer's own under gpu/host/, which count for the host claims only, where "ci-cpu").
Also checks that every gpu/src file with a __global__ kernel is in some claim's covers_from, or
named in the manifest's "no_claim" with a reason.

    python3 verification/derive_covers.py [--check] [--write] [--build DIR] [--manifest FILE]

--check (default) exits 1 and names every missing file; --write adds the missing files to covers.
Python 3 standard library only.
"""
import argparse, collections, json, os, re, subprocess, sys

import manifest_tools

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def host_commands(build):
    """source path (relative to the repo) -> the host-layer compile command that builds it."""
    return manifest_tools.compile_commands(build, REPO, lambda command, f: manifest_tools.is_host_layer_compile(command))


def dependencies(directory, command, source):
    """Project files (relative to the repo) the compile of `source` reads, the source included."""
    files = manifest_tools.dependencies(directory, command, REPO)
    if files is None:
        sys.exit(f"derive_covers: the dependency scan of {source} failed")
    return files


def kernel_files():
    d = os.path.join(REPO, "gpu/src")
    return sorted("gpu/src/" + f for f in os.listdir(d)
                  if f.endswith(".cu") and re.search(r"\b__global__\b", open(os.path.join(d, f), encoding="utf-8").read()))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(REPO, "build"))
    ap.add_argument("--manifest", default=os.path.join(REPO, "verification/manifest.json"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    manifest = json.load(open(args.manifest, encoding="utf-8"), object_pairs_hook=collections.OrderedDict)
    commands = host_commands(args.build)
    cache, problems = {}, []
    claimed = set()
    for c in manifest["claims"]:
        sources = c.get("covers_from", [])
        claimed.update(sources)
        need = set()
        for s in sources:
            if s not in commands:
                problems.append(f"{c['id']}: {s} is not compiled by the host-layer build in {args.build}")
                continue
            if s not in cache:
                cache[s] = dependencies(*commands[s], s)
            need |= cache[s]
        if c.get("where") != "ci-cpu":
            need = {f for f in need if not f.startswith("gpu/host/")}
        missing = sorted(need - set(c["covers"]))
        if missing and args.write:
            c["covers"] = list(c["covers"]) + missing
        elif missing:
            problems += [f"{c['id']}: covers lacks {f} (included by its kernel sources)" for f in missing]
    no_claim = manifest.get("no_claim", {})
    for k in kernel_files():
        if k not in claimed and k not in no_claim:
            problems.append(f"{k} has a __global__ kernel but no claim covers it and no_claim gives no reason")
    kernels = sum(len(c.get("covers_from", [])) for c in manifest["claims"])
    claims = sum(1 for c in manifest["claims"] if c.get("covers_from"))
    return manifest_tools.finish("derive_covers", args.manifest, manifest, args.write, problems,
                                 f"{kernels} kernel sources in {claims} claims; every include is covered")

if __name__ == "__main__":
    sys.exit(main())
