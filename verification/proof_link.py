#!/usr/bin/env python3
"""Ties each Frama-C WP proof to the code that is built: for every claim with a "wp" header,
every source in its "compiled_by" must read that header when the build compiles it (nvcc -M for
the device compile when CUDA is configured, g++ -MM for the CUDA-on-host layer and the CPU
backends), and, with --status, the proof run must have recorded the header's current SHA-256 and
proved the claim. A header edited after its proof, or a kernel that stopped including it, fails
here by name.

    python3 verification/proof_link.py --build DIR [--status FILE] [--manifest FILE] [--repo DIR]

Python 3 standard library only.
"""
import argparse, hashlib, json, os, sys

import manifest_tools

HERE = os.path.dirname(os.path.abspath(__file__))


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def compiles(build, repo):
    """source -> [(what, directory, command, dependency flag)] for each build that compiles it."""
    out = {}
    kinds = [("device compile (nvcc -M)", "-M", lambda c, f: "dimerlab_gpu.dir" in c and f.endswith(".cu")),
             ("CUDA-on-host compile (g++ -MM)", "-MM", lambda c, f: manifest_tools.is_host_layer_compile(c)),
             ("CPU backend compile (g++ -MM)", "-MM", lambda c, f: "dimerlab_core.dir" in c)]
    for what, flag, keep in kinds:
        for source, (directory, command) in manifest_tools.compile_commands(build, repo, keep).items():
            out.setdefault(source, []).append((what, directory, command, flag))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", default=os.path.dirname(HERE))
    ap.add_argument("--build", required=True)
    ap.add_argument("--manifest", default=None)
    ap.add_argument("--status", default=None, help="a verification status written by check.py")
    args = ap.parse_args()
    manifest = json.load(open(args.manifest or os.path.join(args.repo, "verification/manifest.json"),
                              encoding="utf-8"))
    status = json.load(open(args.status, encoding="utf-8"))["claims"] if args.status else None
    builds = compiles(args.build, args.repo)
    problems, checked = [], 0
    for c in manifest["claims"]:
        if "wp" not in c:
            continue
        header = c["wp"]["header"]
        if not c.get("compiled_by"):
            problems.append(f"{c['id']}: no compiled_by: nothing ties the proof of {header} to a build")
        for source in c.get("compiled_by", []):
            if source not in builds:
                problems.append(f"{c['id']}: {source} is not compiled by the build in {args.build}")
                continue
            for what, directory, command, flag in builds[source]:
                deps = manifest_tools.dependencies(directory, command, args.repo, flag)
                if deps is None:
                    problems.append(f"{c['id']}: the dependency scan of {source} ({what}) failed")
                elif header not in deps:
                    problems.append(f"{c['id']}: the {what} of {source} does not read {header}, the header WP proved")
                else:
                    checked += 1
        if status is not None:
            rec = status.get(c["id"], {})
            recorded = rec.get("hashes", {}).get(header)
            if recorded != sha256(os.path.join(args.repo, header)):
                problems.append(f"{c['id']}: STALE: the proof run recorded {str(recorded)[:12]} for {header}, "
                                f"which is now {sha256(os.path.join(args.repo, header))[:12]}")
            elif rec.get("status") != "proved":
                problems.append(f"{c['id']}: the proof run did not prove it (status {rec.get('status')})")
    return manifest_tools.finish("proof_link", None, manifest, False, problems,
                                 f"{checked} compiles read the headers WP proved"
                                 + ("; the recorded hashes are current" if status is not None else ""))


if __name__ == "__main__":
    sys.exit(main())
