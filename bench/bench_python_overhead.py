#!/usr/bin/env python3
"""What a Python `run` costs against the CLI on the same work, measured in one run.

The same chain (graph, lambda, seed) is advanced by the same number of sweeps three ways:
  cli     dimerlab-cli sample --sweeps S --burn-in 0 --json: its own "seconds" (the run, measuring
          the observables once per sweep, without process start and graph build), and the whole
          process's wall time;
  series  dimerlab.Chain.series(S): the same work as the CLI's run (advance, measure each sweep);
  run     dimerlab.Chain.run(S): advance only, Ctrl-C checked between sweeps.
Each is the best of --repeats. The state hashes must agree (checked), so the work is the same.

Usage: PYTHONPATH=build/python python3 bench/bench_python_overhead.py [--cli build/cli/dimerlab-cli]
       [--graph torus:256x256] [--lam 1] [--sweeps 200] [--repeats 3]
"""
import argparse
import json
import subprocess
import time

import dimerlab


def best(repeats, work):
    times, result = [], None
    for _ in range(repeats):
        t0 = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - t0)
    return min(times), result


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", default="build/cli/dimerlab-cli")
    ap.add_argument("--graph", default="torus:256x256")
    ap.add_argument("--lam", default="1")
    ap.add_argument("--sweeps", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args()
    g = dimerlab.Graph(a.graph)
    lam = a.lam if a.lam == "inf" else float(a.lam)

    def cli():
        out = subprocess.run([a.cli, "sample", "--graph", a.graph, "--lambda", a.lam, "--seed", "1",
                              "--sweeps", str(a.sweeps), "--burn-in", "0", "--json"],
                             check=True, capture_output=True, text=True).stdout
        return json.loads(out)

    def chain_then(method):
        def work():
            c = dimerlab.Chain(g, lam, seed=1)
            getattr(c, method)(a.sweeps)
            return c
        return work

    cli_wall, ref = best(a.repeats, cli)
    cli_run = min(cli()["seconds"] for _ in range(a.repeats))
    series_s, with_series = best(a.repeats, chain_then("series"))
    run_s, with_run = best(a.repeats, chain_then("run"))
    assert with_series.state_hash == with_run.state_hash == ref["final"]["state_hash"]
    updates = a.sweeps * g.m
    print(f"{a.graph}, lambda {a.lam}, {a.sweeps} sweeps ({updates} updates), best of {a.repeats}")
    print(f"{'what':<28}{'seconds':>10}{'M updates/s':>14}{'vs CLI run':>12}")
    for name, s in [("cli sample (its run)", cli_run), ("cli sample (process wall)", cli_wall),
                    ("python Chain.series", series_s), ("python Chain.run", run_s)]:
        print(f"{name:<28}{s:>10.3f}{updates / s / 1e6:>14.1f}{s / cli_run:>12.3f}")


if __name__ == "__main__":
    main()
