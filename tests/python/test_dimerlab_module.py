"""The Python module against the CLI on the same seeds (state hashes, graph hashes, exact
polynomials and zeros, estimates, exact mixing gaps, exact tilings, per-sweep series), against
independent values (the exact ln Z inside the estimate's interval, NumPy's roots, Thurston's rule for
heights), its NumPy shapes and dtypes, a NetworkX round trip, the GIL released during a run,
KeyboardInterrupt from a signal during a run and an estimate, ValueError with the CLI's messages for
bad input, and render_png's picture (under Xvfb) and its error without a display.

Run by CTest (tests/python/CMakeLists.txt) under xvfb-run, with PYTHONPATH at the built module and
DIMERLAB_CLI naming the CLI of the same build."""
import json
import math
import os
import signal
import subprocess
import sys
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
    assert set(s) == {"updates", "lambda", "dimers", "monomers", "covered_fraction", "imbalance"}
    assert s["dimers"].shape == (4,) and s["updates"][-1] == chain.time
    assert s["dimers"][-1] == chain.dimers
    assert s["dimers"].dtype == np.int64 and s["covered_fraction"].dtype == np.float64
    o = chain.observables
    assert (o["dimers"], o["monomers"]) == (chain.dimers, 100 - 2 * chain.dimers)
    assert o["imbalance"] == s["imbalance"][-1]
    assert o["imbalance"] == sum(1 if v - u == 1 else -1 for u, v in chain.matching)  # row-major ids


def test_series_equals_the_cli_s_csv(tmp_path):
    chain = dimerlab.Chain(dimerlab.Graph("hex:5x4"), 1.5, seed=11)
    s = chain.series(25)
    csv = tmp_path / "series.csv"
    cli_json("sample", "--graph", "hex:5x4", "--lambda", "1.5", "--seed", "11", "--sweeps", "25",
             "--burn-in", "0", "--csv", str(csv))
    rows = np.genfromtxt(csv, delimiter=",", names=True)
    for column in ["updates", "lambda", "dimers", "monomers", "covered_fraction"]:
        assert np.allclose(s[column], rows[column], rtol=1e-12, atol=0), column
    if "imbalance" in s:
        assert np.array_equal(s["imbalance"], rows["imbalance"].astype(np.int64))


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


def test_zeros_equal_the_cli_s_and_are_roots_of_the_exact_polynomial():
    g = dimerlab.Graph("grid:3x4")
    z = dimerlab.zeros(g)
    ref = cli_json("count", "--graph", "grid:3x4", "--exact", "--zeros")
    assert z.dtype == np.float64 and z.tolist() == ref["zeros"]
    coeffs = dimerlab.count_exact(g)
    assert len(z) == len(coeffs) - 1 and np.all(z < 0)
    # Independent: NumPy's companion-matrix roots of the same coefficients.
    assert np.allclose(np.sort(z), np.sort(np.roots(coeffs[::-1]).real), rtol=1e-9)


def test_estimate_equals_the_cli_s_and_covers_the_exact_value():
    g = dimerlab.Graph("grid:4x4")
    e = dimerlab.estimate_log_z(g, 1.0, 0.1, seed=5)
    ref = cli_json("count", "--graph", "grid:4x4", "--lambda", "1", "--epsilon", "0.1", "--seed", "5")
    assert (e.log_z, e.ci, e.method) == (ref["log_z"], tuple(ref["ci"]), ref["method"])
    assert e.method == "ti-control-variate" and e.half_width <= 0.1
    # The exact value from the matching polynomial: inside the 95% interval (a 5% false alarm,
    # fixed here by the seed).
    exact = math.log(sum(dimerlab.count_exact(g)))
    assert e.ci[0] <= exact <= e.ci[1], (e.ci, exact)
    assert e.as_dict()["graph"] == "grid:4x4" and "Estimate(" in repr(e)


def test_ctrl_c_interrupts_a_long_estimate():
    g = dimerlab.Graph("torus:64x64")
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        dimerlab.estimate_log_z(g, 1.0, 0.001)  # days if not interrupted
    timer.cancel()
    assert time.monotonic() - started < 30


def test_exact_mix_gap_equals_the_cli_s():
    g = dimerlab.Graph("grid:2x3")
    mine = dimerlab.mix(g, 2.0, exact=True, sweeps=200, seed=4)
    ref = cli_json("mix", "--graph", "grid:2x3", "--lambda", "2", "--exact", "--sweeps", "200", "--seed", "4")
    assert mine["spectral_gap"] == ref["spectral_gap"] and mine["states"] == ref["states"]
    assert mine["tau_int"] == ref["tau_int"]
    # Independent: one edge, heat bath: every update forgets the state, so the gap is 1.
    assert math.isclose(dimerlab.mix(dimerlab.Graph("path:2"), 3.0, exact=True, sweeps=50)["spectral_gap"], 1.0)


@pytest.mark.parametrize("spec,dynamics", [("aztec:8", "shuffle"), ("hexagon:3,3,2", "cftp"), ("grid:6x6", "cftp")])
def test_sample_tiling_equals_the_cli_s_exact_sample(spec, dynamics):
    t = dimerlab.sample_tiling(spec, seed=5)
    ref = cli_json("sample", "--graph", spec, "--lambda", "inf", "--dynamics", dynamics, "--seed", "5")
    assert t.state_hash == ref["final"]["state_hash"] and t.dynamics == dynamics
    assert 2 * len(t.matching) == t.graph.n  # a perfect matching


@pytest.mark.parametrize("spec", ["aztec:7", "hexagon:2,3,2"])
def test_placement_probabilities_equal_the_cli_s_file(spec, tmp_path):
    p = dimerlab.placement_probabilities(spec)
    g = dimerlab.Graph(spec)
    assert p.shape == (g.m,) and p.dtype == np.float64
    out = tmp_path / "p.txt"
    cli_json("count", "--graph", spec, "--lambda", "inf", "--exact", "--marginals-out", str(out))
    rows = [line.split() for line in out.read_text().splitlines() if not line.startswith("#")]
    assert [(int(u), int(v)) for u, v, _ in rows] == [tuple(e) for e in g.edges.tolist()]
    assert np.array_equal(p, np.array([float(x) for _, _, x in rows]))  # 17 digits round-trip
    # Every vertex is covered once: its edges' probabilities sum to 1 (independent of the core).
    sums = np.zeros(g.n)
    np.add.at(sums, g.edges[:, 0], p)
    np.add.at(sums, g.edges[:, 1], p)
    assert np.allclose(sums, 1.0, atol=1e-13)


def _square_heights_check(graph, mate, h):
    """Independent of the core: on a unit square lattice, neighbouring corners differ by 3 where a
    dimer crosses the side between them and by 1 elsewhere."""
    pos = {tuple(p): v for v, p in enumerate(graph.layout.tolist())}
    x0 = min(p[0] for p in pos) - 0.5
    y0 = min(p[1] for p in pos) - 0.5
    checked = 0
    for r in range(h.shape[0]):
        for c in range(h.shape[1]):
            for dr, dc in [(0, 1), (1, 0)]:
                r2, c2 = r + dr, c + dc
                if r2 >= h.shape[0] or c2 >= h.shape[1] or h.mask[r, c] or h.mask[r2, c2]:
                    continue
                # The side from corner (r, c) to (r2, c2) separates these two tiles.
                if dc:
                    a, b = (x0 + c + 0.5, y0 + r - 0.5), (x0 + c + 0.5, y0 + r + 0.5)
                else:
                    a, b = (x0 + c - 0.5, y0 + r + 0.5), (x0 + c + 0.5, y0 + r + 0.5)
                u, v = pos.get(a), pos.get(b)
                crossed = u is not None and v is not None and mate[u] == v
                assert abs(int(h[r2, c2]) - int(h[r, c])) == (3 if crossed else 1), (r, c, r2, c2)
                checked += 1
    return checked


@pytest.mark.parametrize("spec", ["grid:8x6", "aztec:6"])
def test_height_function_follows_thurston_s_rule_and_dimers_jl_layout(spec):
    t = dimerlab.sample_tiling(spec, seed=3)
    h = dimerlab.height_function(t.graph, t.mate)
    assert isinstance(h, np.ma.MaskedArray) and h.dtype == np.int64
    assert np.array_equal(h, dimerlab.height_function(t.graph, t.matching))
    assert _square_heights_check(t.graph, t.mate, h) > t.graph.m  # every tile side, inner and boundary
    first = np.argwhere(~np.ma.getmaskarray(h))[0]
    assert h[tuple(first)] == 0 and h[first[0], first[1] + 1] == 1
    if spec.startswith("grid"):
        # A 8 x 6 grid of tiles has 9 x 7 corners, none outside; the boundary alternates as in Dimers.jl.
        assert h.shape == (7, 9) and not np.ma.is_masked(h)
        assert h[0].tolist() == [0, 1, 0, 1, 0, 1, 0, 1, 0]
        assert h[:, 0].tolist() == [0, -1, 0, -1, 0, -1, 0]


def test_height_function_refuses_monomers_and_tori():
    chain = dimerlab.Chain(dimerlab.Graph("grid:4x4"), 1.0, seed=1)
    with pytest.raises(ValueError, match="perfect matching"):
        dimerlab.height_function(chain.graph, chain.mate)  # the empty start: all monomers
    with pytest.raises(ValueError):
        dimerlab.height_function(dimerlab.Graph("torus:4x4"), np.zeros((0, 2), dtype=np.int64))


@pytest.mark.parametrize(
    "call,message",
    [(lambda: dimerlab.estimate_log_z(dimerlab.Graph("grid:3x3"), 0.0), "lam"),
     (lambda: dimerlab.estimate_log_z(dimerlab.Graph("grid:3x3"), "two"), "lam"),
     (lambda: dimerlab.estimate_log_z(dimerlab.Graph("grid:3x3"), 1.0, 20.0), "--epsilon must be a number in (0, 10)"),
     (lambda: dimerlab.estimate_log_z(dimerlab.Graph("grid:3x3"), 1.0, confidence=1.5), "--confidence"),
     (lambda: dimerlab.mix(dimerlab.Graph("grid:3x3"), -2.0), "lam"),
     (lambda: dimerlab.mix(dimerlab.Graph("grid:3x3"), 1.0, dynamics="chromatic"), "mix supports"),
     (lambda: dimerlab.Chain(dimerlab.Graph("grid:3x3"), float("nan")), "lam"),
     (lambda: dimerlab.sample_tiling("torus:6x6"), "sample_tiling draws"),
     (lambda: dimerlab.height_function(dimerlab.Graph("grid:2x2"), np.array([[0, 3]])), "matching"),
     (lambda: dimerlab.height_function(dimerlab.Graph("grid:2x2"), np.array([0, 1, 2])), "shape")],
)
def test_bad_lambda_and_arguments_raise_value_error(call, message):
    with pytest.raises(ValueError) as e:
        call()
    assert message in str(e.value)


def test_the_cli_s_message_for_a_bad_epsilon():
    with pytest.raises(ValueError) as e:
        dimerlab.estimate_log_z(dimerlab.Graph("grid:3x3"), 1.0, 20.0)
    run = subprocess.run([CLI, "count", "--graph", "grid:3x3", "--epsilon", "20"], capture_output=True, text=True)
    assert run.returncode == 2 and run.stderr.strip() == "error: " + str(e.value)


def _png_pixels(path):
    import matplotlib.image
    return matplotlib.image.imread(path)


def test_render_png_draws_the_matching(tmp_path):
    t = dimerlab.sample_tiling("aztec:10", seed=1)
    out = tmp_path / "tiles.png"
    dimerlab.render_png(str(out), t.graph, t.matching, colour="tiles", size=(320, 240))
    img = _png_pixels(out)
    assert img.shape[:2] == (240, 320)
    drawn = np.any(img[:, :, :3] < 0.95, axis=2).mean()
    assert 0.2 < drawn < 0.9, drawn  # the diamond, not a blank or a full frame
    empty = tmp_path / "empty.png"
    dimerlab.render_png(str(empty), t.graph, size=(320, 240))  # no matching: the bare graph
    assert not np.array_equal(_png_pixels(empty), img)
    with pytest.raises(ValueError, match="colour"):
        dimerlab.render_png(str(out), t.graph, colour="sparkly")
    with pytest.raises(ValueError, match=".png"):
        dimerlab.render_png(str(tmp_path / "x.jpg"), t.graph)


def test_render_png_without_a_display_says_so():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    code = ("import dimerlab\n"
            "try:\n"
            "    dimerlab.render_png('/nonexistent/x.png', dimerlab.Graph('grid:3x3'))\n"
            "except RuntimeError as e:\n"
            "    print(e)\n")
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert run.stdout.startswith("no display: render_png needs OpenGL through X"), run.stdout + run.stderr
