"""The Python module against the CLI on the same seeds (state hashes, graph hashes, exact
polynomials), its NumPy shapes and dtypes, a NetworkX round trip, the GIL released during a run,
KeyboardInterrupt from a signal, and ValueError with the CLI's messages for bad input.

Run by CTest (tests/python/CMakeLists.txt) with PYTHONPATH at the built module and DIMERLAB_CLI
naming the CLI of the same build."""
import json
import math
import os
import signal
import subprocess
import threading
import time

import networkx as nx
import numpy as np
import pytest

import dimerlab

CLI = os.environ["DIMERLAB_CLI"]


def cli_json(*args):
    out = subprocess.run([CLI, *args, "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


@pytest.mark.parametrize(
    "spec,lam,dynamics,sweeps",
    [("grid:8x8", "1", "glauber", 30), ("torus:16x16", "2.5", "glauber", 12),
     ("hex:6x5", "0.5", "chromatic", 20), ("aztec:6", "inf", "rotation", 15)],
)
def test_state_hash_equals_the_cli_s(spec, lam, dynamics, sweeps):
    start = "maximum" if lam == "inf" else "empty"
    chain = dimerlab.Chain(dimerlab.Graph(spec), lam if lam == "inf" else float(lam), seed=7,
                           dynamics=dynamics, start=start)
    chain.run(sweeps)
    ref = cli_json("sample", "--graph", spec, "--lambda", lam, "--seed", "7", "--dynamics", dynamics,
                   "--start", start, "--sweeps", str(sweeps), "--burn-in", "0")
    assert chain.state_hash == ref["final"]["state_hash"]
    assert chain.time == ref["updates"]
    assert chain.dimers == ref["final"]["dimers"]


def test_a_lambda_change_is_recorded_at_the_current_update_as_the_cli_s():
    g = dimerlab.Graph("grid:6x6")
    chain = dimerlab.Chain(g, 4.0, seed=3)
    chain.run(10)
    at = chain.time
    chain.lam = 0.25
    assert chain.lam == 0.25
    chain.run(10)
    ref = cli_json("sample", "--graph", "grid:6x6", "--lambda", "4", "--seed", "3", "--sweeps", "20",
                   "--burn-in", "0", "--lambda-change", f"{at}:0.25")
    assert chain.state_hash == ref["final"]["state_hash"]


def test_graph_properties_and_hash_match_the_cli():
    g = dimerlab.Graph("aztec:5")
    ref = cli_json("graph", "--graph", "aztec:5")
    assert (g.n, g.m, g.hash, g.bipartite) == (ref["n"], ref["m"], ref["hash"], ref["bipartite"])
    assert g.edges.shape == (g.m, 2) and g.edges.dtype == np.int64
    assert np.all(g.edges[:, 0] < g.edges[:, 1])
    assert g.layout.shape == (g.n, 2) and g.layout.dtype == np.float64
    assert repr(g) == f"Graph('aztec:5', n={g.n}, m={g.m})"


def test_mate_and_matching_describe_one_matching():
    chain = dimerlab.Chain(dimerlab.Graph("grid:10x10"), 1.0, seed=2)
    chain.run(5)
    mate, pairs = chain.mate, chain.matching
    assert mate.shape == (100,) and mate.dtype == np.int64
    assert pairs.shape == (chain.dimers, 2) and pairs.dtype == np.int64
    for u, v in pairs:
        assert mate[u] == v and mate[v] == u
    assert np.count_nonzero(mate == -1) == 100 - 2 * chain.dimers
    s = chain.series(4)
    assert set(s) == {"updates", "dimers", "lambda"}
    assert s["dimers"].shape == (4,) and s["updates"][-1] == chain.time
    assert s["dimers"][-1] == chain.dimers


def test_exact_polynomial_equals_the_cli_s_as_python_ints():
    for spec in ["grid:4x5", "petersen", "complete:12"]:
        coeffs = dimerlab.count_exact(dimerlab.Graph(spec))
        ref = cli_json("count", "--graph", spec, "--exact")
        assert all(type(c) is int for c in coeffs)
        assert coeffs == [int(c) for c in ref["coefficients"]]
    # An independent value: K_12 has 12!/(6! 2^6) = 10395 perfect matchings.
    assert dimerlab.count_exact(dimerlab.Graph("complete:12"))[-1] == math.factorial(12) // (math.factorial(6) * 64)


def test_networkx_round_trip_keeps_the_graph_hash():
    g = dimerlab.Graph("hex:4x3")
    G = g.to_networkx()
    assert G.number_of_nodes() == g.n and G.number_of_edges() == g.m
    assert "pos" in G.nodes[0]
    back = dimerlab.Graph.from_networkx(G)
    assert back.hash == g.hash
    # A NetworkX graph with labelled nodes: ids follow the node order.
    P = nx.petersen_graph()
    assert dimerlab.count_exact(dimerlab.Graph.from_networkx(P)) == dimerlab.count_exact(dimerlab.Graph("petersen"))


def test_from_edges_builds_the_same_graph_as_a_spec():
    g = dimerlab.Graph("grid:3x3")
    h = dimerlab.Graph.from_edges(g.n, g.edges)
    assert h.hash == g.hash and h.layout is None
    assert dimerlab.Graph.from_edges(4, np.array([[0, 1], [2, 3]], dtype=np.int32)).m == 2


@pytest.mark.parametrize(
    "call,message",
    [(lambda: dimerlab.Graph("gird:4x4"), "gird"),
     (lambda: dimerlab.Graph.from_edges(3, np.array([0, 1, 1, 2])), "shape (m, 2)"),
     (lambda: dimerlab.Graph.from_edges(3, np.array([[0, -1]])), "negative"),
     (lambda: dimerlab.Graph.from_edges(3, np.array([[1, 1]])), "self-loop"),
     (lambda: dimerlab.Graph.from_edges(3, np.array([[0, 5]])), "outside"),
     (lambda: dimerlab.Graph.from_edges(3, np.array([[0.5, 1.0]])), "integer"),
     (lambda: dimerlab.Chain(dimerlab.Graph("grid:4x4"), -1.0), "lam"),
     (lambda: dimerlab.Chain(dimerlab.Graph("grid:4x4"), 1.0, dynamics="metropolis"), "metropolis")],
)
def test_bad_input_raises_value_error_with_a_message(call, message):
    with pytest.raises(ValueError, match=None) as e:
        call()
    assert message in str(e.value)


def test_a_bad_spec_gives_the_cli_s_message():
    with pytest.raises(ValueError) as e:
        dimerlab.Graph("gird:4x4")
    run = subprocess.run([CLI, "graph", "--graph", "gird:4x4"], capture_output=True, text=True)
    assert run.returncode == 2 and run.stderr.strip() == "error: " + str(e.value)


def test_run_releases_the_gil():
    # The run in a second thread; this thread sleeps 1 ms at a time while it lasts. A run that held
    # the GIL would let this thread back only when it ended: one or two ticks. Released, the run
    # (about 0.4 s here, 40 ms on a machine ten times faster) leaves room for dozens.
    chain = dimerlab.Chain(dimerlab.Graph("torus:256x256"), 1.0, seed=1)
    worker = threading.Thread(target=chain.run, args=(200,))
    worker.start()
    ticks = 0
    while worker.is_alive():
        time.sleep(0.001)
        ticks += 1
    worker.join()
    assert chain.time == 200 * chain.graph.m
    assert ticks >= 10, ticks


def test_ctrl_c_interrupts_a_long_run():
    chain = dimerlab.Chain(dimerlab.Graph("torus:256x256"), 1.0, seed=1)
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        chain.run(100000)  # hours if not interrupted
    timer.cancel()
    assert time.monotonic() - started < 30
    assert 0 < chain.time < 100000 * chain.graph.m
