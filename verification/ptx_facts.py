#!/usr/bin/env python3
"""PTX facts of every CUDA kernel file, checked against what the claims record.

For each gpu/src file with a __global__ kernel, compiles it with nvcc -ptx for sm_90 (the flags of
the device build in build/compile_commands.json) and runs ptxas -v on the result. For every kernel
of the project (namespace dimerlab) it takes: barriers (ptxas "used N barriers", and bar/barrier
instructions in the PTX), atomics (atom./red. instructions), spill bytes and stack frame. CUB's
kernels in the same file are counted with their spill bytes, which are recorded but not refused.

A claim of method gpu records the facts its argument assumes in "ptx_facts"
({file: {kernel: {"barriers": n, "atomics": n}}}). --check (default) fails when a recorded fact
differs from the fresh one, when a project kernel spills to local memory, or when a kernel file of
a claim's covers_from has no recorded facts; --write records the fresh facts.

    python3 verification/ptx_facts.py [--check | --write] [--build DIR] [--manifest FILE]
"""
import argparse, collections, json, os, re, subprocess, sys, tempfile

import manifest_tools

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
ARCH = "sm_90"


def device_commands(build):
    return manifest_tools.compile_commands(
        build, REPO, lambda command, f: "dimerlab_gpu.dir" in command and f.endswith(".cu"))


def ptx_command(command, out):
    """The device compile turned into a PTX compile for ARCH."""
    arch = ("--generate-code", "-gencode", "-arch", "--gpu-architecture")
    return manifest_tools.compile_args(command, drop=lambda a: a.startswith(arch)) + [f"-arch={ARCH}", "-ptx", "-o", out]


def demangle(names):
    r = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True)
    return dict(zip(names, r.stdout.splitlines())) if r.returncode == 0 else {n: n for n in names}


def short_name(demangled):
    head = demangled.replace("(anonymous namespace)", "anon").split("(", 1)[0]
    return head.rsplit("::", 1)[-1]


def facts_of(source, directory, command, work):
    ptx = os.path.join(work, os.path.basename(source) + ".ptx")
    r = subprocess.run(ptx_command(command, ptx), cwd=directory, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"ptx_facts: nvcc -ptx failed on {source}:\n{r.stderr[-2000:]}")
    text = open(ptx, encoding="utf-8").read()
    entries = {}
    for m in re.finditer(r"\.entry\s+(\S+)\(", text):
        name = m.group(1)
        end = text.find("\n}", m.end())
        body = text[m.end():end]
        entries[name] = {"barriers": len(re.findall(r"\b(bar|barrier)\.(sync|arrive|red)", body)),
                         "atomics": len(re.findall(r"\b(atom|red)\.", body))}
    v = subprocess.run(["ptxas", f"-arch={ARCH}", "-v", ptx, "-o", os.devnull], capture_output=True, text=True)
    if v.returncode != 0:
        sys.exit(f"ptx_facts: ptxas failed on {source}:\n{v.stderr[-2000:]}")
    current = None
    for line in v.stderr.splitlines():
        m = re.search(r"Function properties for (\S+)", line)
        if m:
            current = m.group(1)
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
        if m and current in entries:
            entries[current]["stack_bytes"] = int(m.group(1))
            entries[current]["spill_bytes"] = int(m.group(2)) + int(m.group(3))
        m = re.search(r"Compiling entry function '(\S+)'", line)
        if m:
            current = m.group(1)
        m = re.search(r"used (\d+) barriers", line)
        if m and current in entries:
            entries[current]["ptxas_barriers"] = int(m.group(1))
    names = demangle(list(entries))
    ours, library = {}, {"kernels": 0, "spill_bytes": 0}
    for mangled, f in entries.items():
        d = names[mangled]
        if d.startswith("dimerlab::"):
            ours[short_name(d)] = {"barriers": max(f["barriers"], f.get("ptxas_barriers", 0)),
                                   "atomics": f["atomics"], "spill_bytes": f.get("spill_bytes", 0),
                                   "stack_bytes": f.get("stack_bytes", 0)}
        else:
            library["kernels"] += 1
            library["spill_bytes"] += f.get("spill_bytes", 0)
    return ours, library


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(REPO, "build"))
    ap.add_argument("--manifest", default=os.path.join(REPO, "verification/manifest.json"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    commands = device_commands(args.build)
    if not commands:
        sys.exit(f"ptx_facts: no device compile in {args.build}/compile_commands.json (configured without nvcc?)")
    manifest = json.load(open(args.manifest, encoding="utf-8"), object_pairs_hook=collections.OrderedDict)
    problems, fresh = [], {}
    with tempfile.TemporaryDirectory() as work:
        for source in sorted(commands):
            if "__global__" not in open(os.path.join(REPO, source), encoding="utf-8").read():
                continue
            ours, library = facts_of(source, *commands[source], work)
            fresh[source] = dict(ours)
            for k, f in ours.items():
                print(f"{source} {k}: barriers {f['barriers']}, atomics {f['atomics']}, "
                      f"spill {f['spill_bytes']} B, stack {f['stack_bytes']} B")
                if f["spill_bytes"]:
                    problems.append(f"{source} {k} spills {f['spill_bytes']} bytes to local memory")
            if library["kernels"]:
                # CUB's own kernels are not ours to change: their spills are recorded, not refused.
                print(f"{source} (CUB): {library['kernels']} kernels, spill {library['spill_bytes']} B")
                fresh[source]["(cub)"] = {"kernels": library["kernels"], "spill_bytes": library["spill_bytes"]}
    for c in manifest["claims"]:
        if c["method"] != "gpu" or not c.get("covers_from") or c["id"].startswith("SAN-"):
            continue
        wanted = {s: {k: (f if k == "(cub)" else {"barriers": f["barriers"], "atomics": f["atomics"]})
                      for k, f in fresh[s].items()}
                  for s in c["covers_from"] if s in fresh}
        if args.write:
            c["ptx_facts"] = wanted
            continue
        recorded = c.get("ptx_facts", {})
        for s, kernels in wanted.items():
            if s not in recorded:
                problems.append(f"{c['id']}: no ptx_facts recorded for {s}")
                continue
            for k, f in kernels.items():
                if recorded[s].get(k) != f:
                    problems.append(f"{c['id']}: {s} {k} now has {f}, the claim assumes {recorded[s].get(k)}")
            for k in recorded[s]:
                if k not in kernels:
                    problems.append(f"{c['id']}: {s} no longer has kernel {k}")
    kernels = sum(len([k for k in v if k != "(cub)"]) for v in fresh.values())
    return manifest_tools.finish("ptx_facts", args.manifest, manifest, args.write, problems,
                                 f"{kernels} kernels in {len(fresh)} files for {ARCH}: no spills, "
                                 "barriers and atomics as the claims record")

if __name__ == "__main__":
    sys.exit(main())
