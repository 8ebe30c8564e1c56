#!/usr/bin/env python3
"""Turns a device run's gpu_result.json (gpu/check-on-device.sh) into a committed GPU run.

    python3 verification/gpu_import.py OUT/gpu_result.json [--bundle build-device] [--name NAME]

writes verification/gpu_runs/NAME.json (default: the run's date and commit), schema
"dimerlab-gpu-run/1": for every manifest claim of method "gpu", its status from the device checks
the claim lists in "gpu_checks" (all "pass": passed-gpu; any fail/timeout/missing: failed;
otherwise not-run, e.g. no device or compute-sanitizer unavailable), and the SHA-256 of every
file the claim covers. The hashes come from the bundle's sources.sha256 when --bundle is given
(the sources the device binaries were built from), from the checkout otherwise. A run whose
hashes no longer match the checkout is STALE wherever it is shown (check.py, dimerlab-cli verify,
the Verification panel). Python 3 standard library only.
"""
import argparse, hashlib, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
PASS = {"pass"}
FAIL = {"fail", "timeout", "missing"}


def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def bundle_hashes(bundle):
    """{path: sha256} from a bundle's sources.sha256 (sha256sum format), or {}."""
    out = {}
    path = os.path.join(bundle, "sources.sha256")
    if not os.path.isfile(path):
        return out
    for line in open(path, encoding="utf-8"):
        m = re.match(r"^([0-9a-f]{64}) [ *](.+)$", line.rstrip("\n"))
        if m:
            out[m.group(2)] = m.group(1)
    return out


def claim_status(claim, checks):
    wanted = claim.get("gpu_checks", [])
    # A compute-sanitizer tool that ran out of time has found nothing either way: not-run.
    seen = {n: ("not-run" if n.startswith("sanitizer_") and checks.get(n) == "timeout" else checks.get(n))
            for n in wanted}
    if not wanted:
        return "not-run", "the claim lists no gpu_checks"
    if any(s in FAIL for s in seen.values()):
        return "failed", ", ".join(f"{n}: {s}" for n, s in seen.items())
    if all(s in PASS for s in seen.values()):
        return "passed-gpu", ", ".join(f"{n}: pass" for n in wanted)
    return "not-run", ", ".join(f"{n}: {s or 'absent'}" for n, s in seen.items())


def without_device_root(result):
    """The result with the device's checkout path taken out of the recorded commands, which then
    name build-device/... relative to the checkout: a path of another machine means nothing here,
    and the installed record (cmake/packaging.cmake) must name no machine's folders."""
    text = json.dumps(result)
    found = re.search(r'(/[^\s"\':]*)/build-device/', text)
    if not found:
        return result
    return json.loads(text.replace(found.group(1) + "/", ""))


def build_run(result, manifest, repo, bundle):
    result = without_device_root(result)
    checks = {c.get("name"): c.get("status") for c in result.get("checks", []) if isinstance(c, dict)}
    from_bundle = bundle_hashes(bundle) if bundle else {}
    device = result.get("device") or {}
    where = "gpu: " + (device.get("name") or "no device")
    run = {"schema": "dimerlab-gpu-run/1", "date": result.get("date"), "commit": result.get("git_commit"),
           "where": where, "sources_vs_bundle": result.get("sources_vs_bundle"),
           "hash_source": "bundle sources.sha256" if from_bundle else "checkout at import",
           "claims": {}, "result": result}
    for c in manifest["claims"]:
        if c.get("method") != "gpu":
            continue
        status, note = claim_status(c, checks)
        hashes = {}
        for f in sorted(set(c["covers"]) | set(c["artifacts"])):
            if f in from_bundle:
                hashes[f] = from_bundle[f]
            elif os.path.isfile(os.path.join(repo, f)):
                hashes[f] = sha256_file(os.path.join(repo, f))
        run["claims"][c["id"]] = {"status": status, "note": note, "hashes": hashes}
    return run


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("result", help="gpu_result.json written by gpu/check-on-device.sh")
    ap.add_argument("--repo", default=os.path.dirname(HERE))
    ap.add_argument("--bundle", default=None, help="device bundle dir with sources.sha256 (e.g. build-device)")
    ap.add_argument("--name", default=None, help="output name under verification/gpu_runs (no .json)")
    args = ap.parse_args()
    repo = os.path.abspath(args.repo)
    try:
        result = json.load(open(args.result, encoding="utf-8"))
        manifest = json.load(open(os.path.join(repo, "verification/manifest.json"), encoding="utf-8"))
    except (OSError, ValueError) as e:
        print(f"gpu_import: {e}", file=sys.stderr)
        return 2
    if not isinstance(result, dict) or result.get("schema") != "dimerlab-gpu-check/1":
        print(f"gpu_import: {args.result} is not a dimerlab-gpu-check/1 result", file=sys.stderr)
        return 2
    run = build_run(result, manifest, repo, args.bundle)
    name = args.name or re.sub(r"[^0-9A-Za-z_.-]", "", f"{run['date'] or 'undated'}-{(run['commit'] or 'nocommit')[:12]}")
    out_dir = os.path.join(repo, "verification/gpu_runs")
    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, name + ".json")
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(run, f, indent=2)
        f.write("\n")
    os.replace(tmp, out)
    for cid, r in run["claims"].items():
        print(f"{cid}: {r['status']} ({r['note']})")
    print(f"gpu_import: wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
