#!/usr/bin/env python3
"""Fails when the committed record of the CPU checks (verification/status/cpu.json) claims more
than a fresh run shows: a claim recorded as proved or tested there must be at least as good in the
fresh status (build/verification_status.json, written by verification/check.sh). Claims of method
gpu come from committed device runs in both and are not compared.

    python3 verification/compare_status.py [COMMITTED [FRESH]]
"""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
RANK = {"failed": 0, "not-run": 1, "tested": 2, "proved": 3}


def main():
    committed_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "verification/status/cpu.json")
    fresh_path = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "build/verification_status.json")
    manifest = json.load(open(os.path.join(REPO, "verification/manifest.json"), encoding="utf-8"))
    methods = {c["id"]: c["method"] for c in manifest["claims"]}
    committed = json.load(open(committed_path, encoding="utf-8")).get("claims", {})
    fresh = json.load(open(fresh_path, encoding="utf-8")).get("claims", {})
    over = []
    for cid, rec in committed.items():
        if methods.get(cid, "gpu") == "gpu":
            continue
        was = rec.get("status", "not-run")
        now = fresh.get(cid, {}).get("status", "not-run")
        if RANK.get(was, 1) > RANK.get(now, 1):
            over.append(f"{cid}: the committed record says {was}, a fresh run shows {now}")
    for line in over:
        print("compare_status: " + line)
    if over:
        print(f"compare_status: {committed_path} claims more than the fresh run; refresh it with "
              "bash verification/check.sh --status verification/status/cpu.json")
        return 1
    print(f"compare_status: the committed record claims nothing the fresh run does not show "
          f"({sum(1 for c in committed if methods.get(c) != 'gpu')} claims)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
