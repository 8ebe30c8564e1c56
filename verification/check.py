#!/usr/bin/env python3
"""Runs every verification check this machine can run (manifest.json) and writes the status file.

Status per claim: proved / tested / passed-gpu / failed / not-run, with the SHA-256 of every
covered file, artifact and mutant it ran on (raw bytes), so `dimerlab-cli verify` can apply the
STALE rule. Claims of method "test" run their ctest from an existing build (--build, default
REPO/build; not-run when it is not built there). Claims of method "gpu" take the newest committed
run under verification/gpu_runs (verification/gpu_import.py) with the hashes that run was made
on: a run on other sources is STALE and never counts, as a pass or as a failure.
Exit status: 0 when nothing failed and every mutant was caught; 1 otherwise; 2 on a bad manifest.
A missing tool counts as a failure unless --allow-missing (CI installs them all).
Python 3 standard library only.
"""
import argparse, collections, concurrent.futures, datetime, hashlib, json, os, re, shutil, subprocess, sys, tempfile, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import mutation  # noqa: E402  (a sibling module)
# Classical axioms the stdlib's real numbers bring in; anything else in Print Assumptions fails.
REALS_AXIOMS = {"ClassicalDedekindReals.sig_not_dec", "ClassicalDedekindReals.sig_forall_dec",
                "FunctionalExtensionality.functional_extensionality_dep", "Classical_Prop.classic"}
AXIOM_WHITELIST = {"Jacobi.v": set(), "AlgorithmA.v": set(), "AlgorithmAScan.v": set(), "Stats.v": REALS_AXIOMS}
TIMEOUT = 120


def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def run(cmd, cwd=None, timeout=TIMEOUT):
    """(rc, combined output, seconds); rc 124 on timeout, 127 on a missing tool."""
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout, text=True)
        return p.returncode, p.stdout, time.monotonic() - t0
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        return 124, out + "\n[timeout]", time.monotonic() - t0
    except FileNotFoundError:
        return 127, f"tool not found: {cmd[0]}", time.monotonic() - t0


class Missing(Exception):
    pass


def need(*tools):
    for t in tools:
        if shutil.which(t) is None:
            raise Missing(t)


def tool_version(cmd):
    if shutil.which(cmd[0]) is None:
        return None
    rc, out, _ = run(cmd, timeout=30)
    return out.strip().splitlines()[0] if out.strip() else None


# ---- methods: each returns (ok, log lines) ----
def check_coq(repo, artifacts, theorems, work):
    """Compiles a claim's Coq files in order (a later one may import an earlier one) and requires
    Print Assumptions of every theorem to be closed or to list only the files' whitelisted axioms."""
    need("coqc")
    log = []
    os.makedirs(work, exist_ok=True)
    for artifact in artifacts:
        src = os.path.join(repo, artifact)
        text = open(src, encoding="utf-8").read()
        # coqc accepts Admitted (docs/verification.md §4.6, item 2): refuse it and any home-made
        # axiom before compiling.
        code = re.sub(r"\(\*.*?\*\)", "", text, flags=re.S)
        bad = re.findall(r"\b(Admitted|admit|Axiom|Axioms|Parameter|Conjecture|Hypothesis)\b", code)
        if bad:
            return False, [f"{artifact}: forbidden {sorted(set(bad))}"]
        name = os.path.basename(artifact)
        shutil.copy(src, os.path.join(work, name))
        rc, out, dt = run(["coqc", "-Q", ".", "DL", name], cwd=work)
        log.append(f"coqc {name}: rc={rc} {dt:.1f}s")
        if rc != 0:
            return False, log + out.splitlines()[-20:]
    names = [os.path.basename(a) for a in artifacts]
    drv = "_assume.v"
    with open(os.path.join(work, drv), "w") as f:
        f.write(f"From DL Require Import {' '.join(n[:-2] for n in names)}.\n")
        for th in theorems:
            f.write(f'Print Assumptions {th}.\nGoal True. idtac "@@END {th}". Abort.\n')
    rc, out, dt = run(["coqc", "-Q", ".", "DL", drv], cwd=work)
    if rc != 0:
        return False, log + out.splitlines()[-20:]
    allowed = set().union(*(AXIOM_WHITELIST.get(n, set()) for n in names))
    ok = True
    for th, block in zip(theorems, out.split("@@END")[: len(theorems)]):
        axioms = set(re.findall(r"^([A-Za-z_][\w.']*)\s*:", block, flags=re.M)) - {"Axioms"}
        closed = "Closed under the global context" in block
        extra = axioms - allowed
        if not closed and (not axioms or extra):
            ok = False
            log.append(f"{th}: unlisted axioms {sorted(extra) or '(unparsed)'}")
        else:
            log.append(f"{th}: " + ("closed" if closed else f"stdlib axioms only {sorted(axioms)}"))
    return ok, log


def coq_mutant_caught(repo, artifacts, spec, work):
    """A proof mutant (a .mutation of one artifact) is caught when the development no longer
    checks: coqc fails on the mutated file or on one that builds on it. A timeout or a missing
    tool proves nothing, so it counts as not caught."""
    need("coqc")
    result = mutation.mutant_text(repo, spec)
    if result is None:
        return False, [f"mutant {spec}: its find line does not match exactly one line of its base"]
    text, why = result
    base = next(l.partition(" ")[2].strip() for l in open(os.path.join(repo, spec), encoding="utf-8")
                if l.startswith("base "))
    os.makedirs(work, exist_ok=True)
    for a in artifacts:
        shutil.copy(os.path.join(repo, a), os.path.join(work, os.path.basename(a)))
    with open(os.path.join(work, os.path.basename(base)), "w", encoding="utf-8") as f:
        f.write(text)
    for a in artifacts:
        rc, out, dt = run(["coqc", "-Q", ".", "DL", os.path.basename(a)], cwd=work, timeout=300)
        if rc in (124, 127):
            return False, [f"mutant {spec}: coqc {os.path.basename(a)} rc={rc} ({dt:.1f}s), inconclusive"]
        if rc != 0:
            lines = out.splitlines()
            at = next((i for i, l in enumerate(lines) if l.startswith("Error")), None)
            err = "error" if at is None else " ".join(l.strip() for l in lines[at:at + 2])
            return True, [f"mutant {spec} ({why}): coqc {os.path.basename(a)} fails ({dt:.1f}s): {err}"]
    return False, [f"mutant {spec}: the development still checks"]


def smt_answer(solver, path):
    need(solver)
    cmd = [solver, "-T:60", path] if solver == "z3" else [solver, "--tlimit=60000", path]
    rc, out, dt = run(cmd, timeout=90)
    ans = out.strip().splitlines()[0] if out.strip() else f"(no answer, rc={rc})"
    return ans, dt


def check_smt(repo, files, expect):
    ok, log = True, []
    for f in files:
        for solver in ("z3", "cvc5"):
            ans, dt = smt_answer(solver, os.path.join(repo, f))
            good = ans == expect
            ok &= good
            log.append(f"{solver} {f}: {ans} ({dt:.2f}s){'' if good else ' EXPECTED ' + expect}")
    return ok, log


# Where WP finds a claim's contracts: the entry C file, the production header (a repo path under
# core/, which the kernels and the CPU backends compile, and which a mutant replaces), and the
# functions to prove.
def wp_goals(workdir, timeout_s, wp, repo):
    need("frama-c", "why3")
    # The work dir's copy of core/ comes first, so that a mutant header shadows the real one.
    includes = f"-I {os.path.join(workdir, 'core')} -I {os.path.join(repo, 'core')}"
    rc, out, dt = run(["frama-c", "-wp", "-wp-rte", "-wp-prover", "z3,cvc4", "-wp-timeout", str(timeout_s),
                       "-cpp-extra-args=" + includes,
                       "-wp-fct", ",".join(wp["functions"]), os.path.join(workdir, os.path.basename(wp["entry"]))],
                      cwd=workdir, timeout=180)
    m = re.search(r"Proved goals:\s*(\d+)\s*/\s*(\d+)", out)
    # frama-c exits 0 even when goals fail (docs/verification.md §4.6, item 1): only "N / N" counts.
    if m is None:  # no summary at all: the run itself broke, which proves nothing either way
        return None, "no summary", dt, out
    # A misspelt or vanished function gets no goals and would leave "N / N" true of the rest.
    absent = [f for f in wp["functions"] if not re.search(rf"\btyped_{re.escape(f)}_", out)]
    if absent:
        return None, f"{m.group(0)}; no goals for {', '.join(absent)}", dt, out
    return (m.group(1) == m.group(2) and rc == 0), m.group(0), dt, out


def apply_mutation(repo, spec):
    """(base, text) of a mutant header (mutation.py), with a banner; None when it does not apply,
    which counts as a mutant not caught."""
    result = mutation.mutant_text(repo, spec)
    if result is None:
        return None
    text, why = result
    base = next(l.partition(" ")[2].strip() for l in open(os.path.join(repo, spec), encoding="utf-8")
                if l.startswith("base "))
    return base, f"/* MUTANT of {base} ({why}): WP must fail a goal. */\n" + text


def wp_dir(repo, header, work, wp):
    """A work dir with the entry file and, for a mutant (a .mutation file applied to its base, the
    production header or a body it includes), the mutated file at its base's repo path, which
    shadows the real one. None when a mutation does not apply."""
    os.makedirs(work, exist_ok=True)
    if header.endswith(".mutation"):
        mutated = apply_mutation(repo, header)
        if mutated is None:
            return None
        base, text = mutated
        target = os.path.join(work, base)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)
    shutil.copy(os.path.join(repo, wp["entry"]), os.path.join(work, os.path.basename(wp["entry"])))
    return work


def spin_violation(repo, pml, work):
    need("spin", "gcc")
    os.makedirs(work, exist_ok=True)
    shutil.copy(os.path.join(repo, "verification/spin/chromatic_class.pml"), work)
    shutil.copy(os.path.join(repo, pml), work)
    name = os.path.basename(pml)
    rc, out, dt = run(["spin", "-a", name], cwd=work)
    if rc != 0:
        return None, out
    rc, out2, _ = run(["gcc", "-O1", "-w", "-o", "pan", "pan.c"], cwd=work)
    if rc != 0:
        return None, out2
    rc, out3, dt3 = run(["./pan", "-m100000"], cwd=work)
    m = re.search(r"errors:\s*(\d+)", out3)
    if m is None:
        return None, out3
    return int(m.group(1)) > 0, f"{m.group(0)} ({dt + dt3:.2f}s)"


# (build dir, test name) -> (status, log lines): claims that share a test (the per-kernel race
# claims share their part's shadow run) run it once per check.
_CTEST_RESULTS = {}
_CTEST_LOCKS = collections.defaultdict(threading.Lock)


def ctest_once(d, name, repo):
    with _CTEST_LOCKS[(d, name)]:
        if (d, name) not in _CTEST_RESULTS:
            need("ctest")
            rc, out, dt = run(["ctest", "--test-dir", d, "-R", f"^{re.escape(name)}$", "--output-on-failure"],
                              timeout=900)
            if "No tests were found" in out:
                result = ("not-run", [f"ctest {name}: not registered in {os.path.relpath(d, repo)}"])
            else:
                log = [f"ctest {name} in {os.path.relpath(d, repo)}: rc={rc} ({dt:.1f}s)"]
                result = ("tested" if rc == 0 else "failed", log + (out.splitlines()[-30:] if rc != 0 else []))
            _CTEST_RESULTS[(d, name)] = result
        return _CTEST_RESULTS[(d, name)]


def run_ctest(claim, build, repo):
    """The C++ tests of a claim of method test (claim["ctest"]: a name, or a list of names, each
    optionally "BUILD_DIR:name" with BUILD_DIR relative to the repository, e.g. the sanitizer
    builds): failed when any failed, not-run when any could not run (with the reason), tested when
    every one passed."""
    entries = claim.get("ctest")
    if not entries:
        return {"status": "failed", "log": ["claim of method test names no ctest"]}
    if isinstance(entries, str):
        entries = [entries]
    statuses, log = [], []
    for entry in entries:
        where, _, name = entry.rpartition(":")
        d = os.path.join(repo, where) if where else build
        if not d or not os.path.isfile(os.path.join(d, "CTestTestfile.cmake")):
            statuses.append("not-run")
            log.append(f"ctest {name}: no CMake build at {os.path.relpath(d, repo) if d else d}"
                       + (" (pass --build DIR)" if not where else ""))
            continue
        status, lines = ctest_once(d, name, repo)
        statuses.append(status)
        log += lines
    status = "failed" if "failed" in statuses else "not-run" if "not-run" in statuses else "tested"
    return {"status": status, "log": log}


def load_gpu_runs(repo):
    """Committed device runs (verification/gpu_runs/*.json, schema dimerlab-gpu-run/1), newest first."""
    runs = []
    d = os.path.join(repo, "verification/gpu_runs")
    if os.path.isdir(d):
        for name in sorted(os.listdir(d)):
            if not name.endswith(".json"):
                continue
            try:
                r = json.load(open(os.path.join(d, name), encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if isinstance(r, dict) and r.get("schema") == "dimerlab-gpu-run/1":
                r["_file"] = "verification/gpu_runs/" + name
                runs.append(r)
    runs.sort(key=lambda r: str(r.get("date") or ""), reverse=True)
    return runs


def gpu_record(claim, repo):
    """The newest committed run's record for a gpu claim, with the hashes it ran on (not today's)."""
    for r in load_gpu_runs(repo):
        rec = r.get("claims", {}).get(claim["id"])
        if isinstance(rec, dict):
            return {"status": rec.get("status", "not-run"), "run_hashes": rec.get("hashes", {}),
                    "date": r.get("date"), "where": r.get("where", "gpu"),
                    "log": [f"{r['_file']}: {rec.get('status')} ({rec.get('note', '')})"]}
    return {"status": "not-run", "log": ["no committed GPU run (verification/gpu_runs): run gpu/check-on-device.sh "
                                         "on a device, then verification/gpu_import.py"]}


# ---- per-claim drivers ----
def do_claim(claim, repo, work, mode, build=None):
    cid = claim["id"]
    method = claim["method"]
    res = {"status": "not-run", "log": [], "mutants": {}}
    t0 = time.monotonic()
    try:
        if method == "proof-model":
            if mode != "mutants":
                ok, log = check_coq(repo, claim["artifacts"], claim.get("theorems", []), os.path.join(work, cid))
                res["status"], res["log"] = ("proved" if ok else "failed"), log
            for mu in claim["mutants"]:
                caught, log = coq_mutant_caught(repo, claim["artifacts"], mu,
                                                os.path.join(work, cid, os.path.basename(mu)))
                res["mutants"][mu] = "caught" if caught else "NOT CAUGHT"
                res["log"] += log
        elif method == "smt-obligation":
            if mode != "mutants":
                ok, log = check_smt(repo, claim["artifacts"], "unsat")
                res["status"], res["log"] = ("proved" if ok else "failed"), log
            for mu in claim["mutants"]:
                caught, log = check_smt(repo, [mu], "sat")
                res["mutants"][mu] = "caught" if caught else "NOT CAUGHT"
                res["log"] += log
        elif method == "proof-code":
            wp = claim["wp"]
            if mode != "mutants":
                ok, summary, dt, out = wp_goals(wp_dir(repo, wp["header"], os.path.join(work, cid, "main"), wp), 10, wp,
                                                repo)
                res["status"] = "proved" if ok is True else "failed"
                res["log"] = [f"frama-c WP: {summary} ({dt:.1f}s)"] + ([] if ok else out.splitlines()[-30:])
            for mu in claim["mutants"]:
                mdir = wp_dir(repo, mu, os.path.join(work, cid, os.path.basename(mu)), wp)
                if mdir is None:
                    res["mutants"][mu] = "NOT CAUGHT"
                    res["log"].append(f"mutant {mu}: its find line does not match exactly one line of its base")
                    continue
                ok, summary, dt, _ = wp_goals(mdir, 5, wp, repo)
                res["mutants"][mu] = "caught" if ok is False else "NOT CAUGHT"
                res["log"].append(f"mutant {mu}: {summary} ({dt:.1f}s)")
        elif method == "model-check":
            if mode != "mutants":
                viol, info = spin_violation(repo, claim["artifacts"][0], os.path.join(work, cid, "main"))
                res["status"] = "tested" if viol is False else "failed"
                res["log"].append(f"spin {claim['artifacts'][0]}: {info}")
            for mu in claim["mutants"]:
                viol, info = spin_violation(repo, mu, os.path.join(work, cid, os.path.basename(mu)))
                res["mutants"][mu] = "caught" if viol is True else "NOT CAUGHT"
                res["log"].append(f"spin mutant {mu}: {info}")
        elif method == "runtime-check":
            res["log"].append("checked at run time on every graph load; the app shows it per graph")
        elif method == "test":
            if mode != "mutants":
                res.update(run_ctest(claim, build, repo))
        elif method == "gpu":
            res.update(gpu_record(claim, repo))
    except Missing as e:
        res["status"] = "not-run"
        res["missing_tool"] = str(e)
        res["log"].append(f"tool missing: {e}")
    res["seconds"] = round(time.monotonic() - t0, 2)
    return cid, res


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", default=os.path.dirname(HERE))
    ap.add_argument("--manifest", default=None)
    ap.add_argument("--status", default=None, help="output (default REPO/build/verification_status.json)")
    ap.add_argument("--mode", choices=["all", "mutants"], default="all",
                    help="mutants: run only the planted mutants (each must be caught)")
    ap.add_argument("--allow-missing", action="store_true", help="a missing tool is not-run, not a failure")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default=None, help="comma-separated claim ids to run (the others: not-run)")
    ap.add_argument("--build", default=None,
                    help="CMake build dir for claims of method test (default REPO/build)")
    args = ap.parse_args()
    repo = os.path.abspath(args.repo)
    manifest_path = args.manifest or os.path.join(repo, "verification/manifest.json")
    status_path = args.status or os.path.join(repo, "build/verification_status.json")
    try:
        manifest = json.load(open(manifest_path, encoding="utf-8"))
        claims = manifest["claims"]
    except (OSError, ValueError, KeyError) as e:
        print(f"check: bad manifest {manifest_path}: {e}", file=sys.stderr)
        return 2

    if shutil.which("why3"):
        # per machine; WP needs it (docs/verification.md §4.6, item 3)
        run(["why3", "config", "detect"], timeout=60)
    t0 = time.monotonic()
    work = tempfile.mkdtemp(prefix="dimerlab-verify-")
    results = {}
    build = os.path.abspath(args.build) if args.build else os.path.join(repo, "build")
    only = set(args.only.split(",")) if args.only else None
    if only is not None and not only <= {c.get("id") for c in claims}:
        print(f"check: --only names unknown claims {sorted(only - {c.get('id') for c in claims})}", file=sys.stderr)
        return 2

    def one(c):
        if only is not None and c["id"] not in only:
            return c["id"], {"status": "not-run", "log": ["not selected (--only)"], "mutants": {}, "seconds": 0}
        return do_claim(c, repo, work, args.mode, build)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        for cid, res in ex.map(one, claims):
            results[cid] = res
    shutil.rmtree(work, ignore_errors=True)

    out_claims = {}
    failures = 0
    now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    for c in claims:
        r = results[c["id"]]
        files = sorted(set(c["covers"]) | set(c["artifacts"]) | set(c["mutants"]))
        # A GPU run vouches only for the files it ran on: keep its hashes, so the STALE rule applies.
        fresh = {f: sha256_file(os.path.join(repo, f)) for f in files if os.path.isfile(os.path.join(repo, f))}
        r["hashes"] = r.pop("run_hashes") if "run_hashes" in r else fresh
        r["kernel"] = c["kernel"]
        r.setdefault("where", "runtime" if c["method"] == "runtime-check" else "ci-cpu")
        r.setdefault("date", now)
        stale = any(r["hashes"].get(f) != h for f, h in fresh.items())
        if c["method"] == "gpu" and stale and r["status"] != "not-run":
            r["log"].append("STALE: the run was made on other sources; it counts for nothing here")
        if r["status"] == "failed" and not (c["method"] == "gpu" and stale):
            failures += 1
        if r.get("missing_tool") and not args.allow_missing:
            failures += 1
        failures += sum(1 for v in r["mutants"].values() if v != "caught")
        out_claims[c["id"]] = r

    tools = {k: tool_version(v) for k, v in {
        "coqc": ["coqc", "--version"], "z3": ["z3", "--version"], "cvc5": ["cvc5", "--version"],
        "frama-c": ["frama-c", "-version"], "why3": ["why3", "--version"], "spin": ["spin", "-V"]}.items()}
    rc, commit, _ = run(["git", "-C", repo, "rev-parse", "HEAD"], timeout=10)
    status = {
        "schema": 1,
        "mode": args.mode,
        "manifest_sha256": sha256_file(manifest_path),
        "date": now,
        "commit": commit.strip() if rc == 0 else None,
        "tools": tools,
        "seconds": round(time.monotonic() - t0, 1),
        "claims": out_claims,
    }
    if args.mode == "mutants" and os.path.exists(status_path):
        pass  # a mutants-only run never overwrites a full status
    else:
        os.makedirs(os.path.dirname(os.path.abspath(status_path)), exist_ok=True)
        tmp = status_path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(status, f, indent=2)
            f.write("\n")
        os.replace(tmp, status_path)

    print(f"{'claim':10} {'kernel':13} {'method':15} {'status':8} {'mutants':10} secs")
    for c in claims:
        r = out_claims[c["id"]]
        mu = r["mutants"]
        mtxt = f"{sum(v == 'caught' for v in mu.values())}/{len(mu)} caught" if mu else "-"
        print(f"{c['id']:10} {c['kernel']:13} {c['method']:15} {r['status']:8} {mtxt:10} {r['seconds']}")
        if r["status"] == "failed" or any(v != "caught" for v in mu.values()) or c["method"] in ("gpu", "test"):
            for line in r["log"]:
                print(f"    {line}")
    print(f"verification: {failures} problem(s), {status['seconds']} s, status -> {status_path}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
