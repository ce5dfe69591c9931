"""The workloads of issue 7, each written once for both libraries.

minigrad is a drop-in for ``torch``, so every workload below is a function of
``lib`` (the module: ``minigrad`` or ``torch``) and runs unchanged under both.
The numpy versions are the floor: the same arithmetic without autograd.

Each ``bench_*`` function returns rows for the table (see ``row``). The
peers (``peers.py``: MyGrad, HIPS autograd, micrograd) join the workloads they
can run, timed interleaved with the others; ``peers`` maps each importable
peer's name to its adapter.
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from .peers import PEERS
from .timing import Case, measure

ROOT = Path(__file__).resolve().parent.parent


def row(
    workload: str,
    case: str,
    values: dict[str, float | None],
    *,
    unit: str = "ms",
    target: float | None = None,
    target_text: str = "",
    ratio_of: tuple[str, str] | None = ("minigrad", "torch"),
    note: str = "",
    status: str = "measured",
    peer_target: float | None = 1.0,
) -> dict[str, Any]:
    """One line of the table. ``ratio`` is minigrad / torch; ``met_torch`` compares
    it (or, without a ratio, minigrad's own value) with ``target``, ``met_peer``
    minigrad / the fastest peer with ``peer_target`` (1: ahead of every peer that
    ran the row); ``met`` is both (a part with no target or no peer is left out)."""
    ratio = None
    if ratio_of and values.get(ratio_of[0]) is not None and values.get(ratio_of[1]):
        ratio = values[ratio_of[0]] / values[ratio_of[1]]
    measured = ratio if ratio_of else values.get("minigrad")
    met_torch = None if target is None or measured is None else bool(measured <= target)
    # minigrad against the fastest peer that ran this row (<= 1: ahead of every peer)
    ran = {k: values[k] for k in PEERS if values.get(k)}
    fastest = min(ran, key=ran.get) if ran and values.get("minigrad") is not None else None
    peer_ratio = None if fastest is None else values["minigrad"] / ran[fastest]
    met_peer = None if peer_ratio is None or peer_target is None else peer_ratio <= peer_target
    parts = [m for m in (met_torch, met_peer) if m is not None]
    return {
        "fastest_peer": fastest,
        "peer_ratio": peer_ratio,
        "peer_target": peer_target,
        "met_torch": met_torch,
        "met_peer": met_peer,
        "workload": workload,
        "case": case,
        "unit": unit,
        "values": values,
        "ratio": ratio,
        "target": target,
        "target_text": target_text or (f"≤ {target:g}" if target is not None else ""),
        "met": all(parts) if parts else None,
        "note": note,
        "status": status,
    }


def pending(workload: str, case: str, why: str, target_text: str) -> dict[str, Any]:
    return row(workload, case, {}, target_text=target_text, note=why, status="pending")


def _ms(result: dict[str, dict]) -> dict[str, float]:
    return {name: r["median_s"] * 1e3 for name, r in result.items()}


# --- 1. per-op overhead -------------------------------------------------------
def op_chain(lib: Any, x: Any, w: Any, n_ops: int) -> Any:
    """``n_ops`` mixed ops (add, mul, tanh, exp) on 1-element tensors.

    ``exp(tanh(.))`` stays between 1/e and e, so the chain never overflows.
    """
    y = x
    for _ in range(n_ops // 4):
        y = y + w
        y = y * 0.5
        y = lib.tanh(y)
        y = lib.exp(y)
    return y


def op_chain_numpy(x: np.ndarray, w: np.ndarray, n_ops: int) -> np.ndarray:
    y = x
    for _ in range(n_ops // 4):
        y = np.exp(np.tanh((y + w) * 0.5))
    return y


def op_chain_numpy_backward(x: np.ndarray, w: np.ndarray, n_ops: int) -> tuple:
    """The same chain with a hand-written tape: the cost of the arithmetic alone."""
    tape = []
    y = x
    for _ in range(n_ops // 4):
        t = np.tanh((y + w) * 0.5)
        y = np.exp(t)
        tape.append((t, y))
    gy, gw = np.ones_like(x), np.zeros_like(w)
    for t, e in reversed(tape):
        g = gy * e * (1 - t * t) * 0.5  # through exp, tanh and * 0.5
        gw = gw + g
        gy = g
    return gy, gw


def bench_per_op(libs: dict[str, Any], quick: bool, peers: dict[str, Any]) -> list[dict]:
    n_ops = 40 if quick else 1000
    repeats = 3 if quick else 31
    inputs = {}
    for name, lib in libs.items():
        x = lib.tensor([0.3], requires_grad=True)
        w = lib.tensor([0.1], requires_grad=True)
        inputs[name] = (lib, x, w)
    xn, wn = np.array([0.3]), np.array([0.1])

    def fwd(name):
        lib, x, w = inputs[name]
        return Case(lambda _: op_chain(lib, x, w, n_ops))

    def fwd_bwd(name):
        lib, x, w = inputs[name]

        def run(_):
            x.grad = w.grad = None
            op_chain(lib, x, w, n_ops).sum().backward()

        return Case(run)

    cases = {name: fwd(name) for name in libs}
    cases["numpy"] = Case(lambda _: op_chain_numpy(xn, wn, n_ops))
    cases |= {name: peer.chain(op_chain, n_ops, backward=False) for name, peer in peers.items()}
    forward = _ms(measure(cases, repeats, warmup=3))
    cases = {name: fwd_bwd(name) for name in libs}
    cases["numpy"] = Case(lambda _: op_chain_numpy_backward(xn, wn, n_ops))
    cases |= {name: peer.chain(op_chain, n_ops, backward=True) for name, peer in peers.items()}
    both = _ms(measure(cases, repeats, warmup=3))
    w = "1. per-op overhead"
    return [
        row(w, f"forward, {n_ops} ops on 1-element tensors", forward, target=1.0),
        row(w, f"forward + backward, {n_ops} ops", both, target=1.0),
    ]


# --- 2. deep graph ------------------------------------------------------------
def deep_chain(lib: Any, x: Any, n: int) -> Any:
    y = x
    for _ in range(n):
        y = y * 1.0001 + 0.0001
    return y


def deep_chain_numpy(x: np.ndarray, n: int) -> np.ndarray:
    y = x
    for _ in range(n):
        y = y * 1.0001 + 0.0001
    return y


def _memory_in_subprocess(library: str, n: int) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.memory", library, str(n)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


# The peers run the deep graph up to this N: MyGrad takes about 17 s per forward
# at N = 100,000 on this machine, which would multiply the length of a run.
PEERS_MAX_N = 10_000


def _deep_cases(
    libs: dict[str, Any], n: int, peers: dict[str, Any]
) -> tuple[dict[str, Case], dict[str, Case]]:
    """The forward cases (numpy included) and the backward cases for one N."""
    fwd, bwd = {}, {}
    for name, lib in libs.items():
        x = lib.tensor(1.0, requires_grad=True)
        fwd[name] = Case(lambda _, lib=lib, x=x: deep_chain(lib, x, n))

        def setup(lib=lib, x=x):
            x.grad = None
            return deep_chain(lib, x, n)

        bwd[name] = Case(lambda y: y.backward(), setup=setup)
    fwd["numpy"] = Case(lambda _: deep_chain_numpy(np.array(1.0), n))
    if n <= PEERS_MAX_N:
        for name, peer in peers.items():
            fwd[name], backward = peer.deep(deep_chain, n)
            if backward is not None:
                bwd[name] = backward
    return fwd, bwd


def bench_deep_graph(libs: dict[str, Any], quick: bool, peers: dict[str, Any]) -> list[dict]:
    sizes = [100, 1000] if quick else [1_000, 10_000, 100_000]
    w = "2. deep graph"
    rows = []
    per_node: dict[str, list[float]] = {"minigrad": [], "torch": []}
    for n in sizes:
        repeats = 2 if quick else (11 if n < 100_000 else 5)
        fwd_cases, bwd_cases = _deep_cases(libs, n, peers)
        forward = _ms(measure(fwd_cases, repeats))
        backward = _ms(measure(bwd_cases, repeats))
        for name in per_node:
            per_node[name].append((forward[name] + backward[name]) / n)
        target = 1.0 if n == sizes[-1] else None
        rows.append(row(w, f"forward, N = {n:,}", forward, target=target))
        rows.append(row(w, f"backward, N = {n:,}", backward, target=target))

    # linear time: the cost per step should not grow with N
    growth = {name: ts[-1] / ts[0] for name, ts in per_node.items()}
    rows.append(
        row(
            w,
            f"time per step at N = {sizes[-1]:,} / at N = {sizes[0]:,} (1 = linear)",
            growth,
            unit="×",
            target=1.2,
            target_text="≤ 1.2 (1 = linear)",
            ratio_of=None,
            note="forward + backward time per step; also no RecursionError at any N",
        )
    )

    n = sizes[-1]
    mem = {name: _memory_in_subprocess(name, n) for name in ("minigrad", "torch")}
    mg, th = mem["minigrad"], mem["torch"]
    rows.append(
        row(
            w,
            f"memory per node, N = {n:,} (RSS growth)",
            {"minigrad": mg["rss_per_node"], "torch": th["rss_per_node"]},
            unit="B",
            target=1.0,
            target_text="≤ torch",
            note=f"minigrad exact (tracemalloc): {mg['traced_per_node']:.0f} B/node",
        )
    )
    rows.append(
        row(
            w,
            f"GC-tracked objects per node, N = {n:,}",
            {"minigrad": mg["gc_tracked_per_node"], "torch": th["gc_tracked_per_node"]},
            unit="objects",
            target=1.0,
            target_text="≤ 1",
            ratio_of=None,
            note="what Python's cyclic GC walks at each full collection",
        )
    )
    rows.append(
        row(
            w,
            f"left after dropping the output, GC off, N = {n:,}",
            {"minigrad": float(mg["objects_left"]), "torch": float(th["objects_left"])},
            unit="objects",
            target=0,
            target_text="0 (refcounting frees it)",
            ratio_of=None,
            note=f"objects gc.collect() found afterwards: minigrad {mg['gc_found']}, "
            f"torch {th['gc_found']}; bytes still traced: {mg['left_after_drop']:,} "
            "(Python's free lists)",
        )
    )
    return rows


# --- 3. MLP training step -----------------------------------------------------
def _mlp_data(dtype: str) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    return {
        "x": rng.standard_normal((256, 64)).astype(dtype),
        "y": rng.standard_normal((256, 10)).astype(dtype),
        "W1": (rng.standard_normal((64, 128)) / 8).astype(dtype),
        "b1": np.zeros(128, dtype),
        "W2": (rng.standard_normal((128, 10)) / 11).astype(dtype),
        "b2": np.zeros(10, dtype),
    }


def mlp_model(lib: Any, data: dict[str, np.ndarray], lr: float = 0.01):
    """Parameters, an SGD optimizer and one training step, for ``lib``."""
    x, y = lib.tensor(data["x"]), lib.tensor(data["y"])
    params = [lib.tensor(data[k], requires_grad=True) for k in ("W1", "b1", "W2", "b2")]
    W1, b1, W2, b2 = params
    opt = lib.optim.SGD(params, lr=lr)

    def step(_=None):
        opt.zero_grad()
        out = lib.tanh(x @ W1 + b1) @ W2 + b2
        loss = ((out - y) ** 2).mean()
        loss.backward()
        opt.step()
        return loss

    return step


def mlp_numpy(data: dict[str, np.ndarray], lr: float = 0.01):
    """The same step by hand: forward, backward and update in plain numpy."""
    x, y = data["x"], data["y"]
    W1, b1, W2, b2 = (data[k].copy() for k in ("W1", "b1", "W2", "b2"))

    def step(_=None):
        h = np.tanh(x @ W1 + b1)
        out = h @ W2 + b2
        diff = out - y
        loss = (diff * diff).mean()
        g_out = diff * (2 / diff.size)
        g_h = (g_out @ W2.T) * (1 - h * h)
        grads = (x.T @ g_h, g_h.sum(0), h.T @ g_out, g_out.sum(0))
        for p, g in zip((W1, b1, W2, b2), grads):
            p -= lr * g
        return loss

    return step


def bench_mlp(libs: dict[str, Any], quick: bool, peers: dict[str, Any]) -> list[dict]:
    rows = []
    for dtype in ("float32", "float64"):
        data = _mlp_data(dtype)
        cases = {name: Case(mlp_model(lib, data)) for name, lib in libs.items()}
        cases["numpy"] = Case(mlp_numpy(data))
        for name, peer in peers.items():
            case = peer.mlp(data)
            if case is not None:
                cases[name] = case
        times = _ms(measure(cases, 3 if quick else 51, warmup=3))
        rows.append(
            row(
                "3. MLP training step",
                f"256×64 → 128 → 10, tanh, MSE, SGD, {dtype}",
                times,
                target=1.0,
            )
        )
    return rows


# --- 4. higher order ----------------------------------------------------------
def cubed_tanh(x: Any) -> Any:
    return (x.tanh() ** 3).sum()


def hvp(lib: Any, x: Any, v: Any) -> Any:
    """Hessian-vector product by differentiating the gradient (grad of grad)."""
    (g,) = lib.autograd.grad(cubed_tanh(x), x, create_graph=True)
    (hv,) = lib.autograd.grad(g, x, grad_outputs=v)
    return hv


def hvp_numpy(x: np.ndarray, v: np.ndarray) -> np.ndarray:
    """The Hessian of sum(tanh(x)³) is diagonal: f'' = 6t(1-t²)² - 6t³(1-t²)."""
    t = np.tanh(x)
    s = 1 - t * t
    return (6 * t * s * s - 6 * t**3 * s) * v


def _has_hessian(lib: Any) -> bool:
    try:
        from importlib import import_module

        return hasattr(import_module(lib.__name__ + ".autograd.functional"), "hessian")
    except ImportError:
        return False


def _add_peers(cases: dict[str, Case], peers: dict[str, Any], make: Any) -> None:
    for name, peer in peers.items():
        case = make(peer)
        if case is not None:
            cases[name] = case


def bench_higher_order(libs: dict[str, Any], quick: bool, peers: dict[str, Any]) -> list[dict]:
    w = "4. higher order"
    rng = np.random.default_rng(1)
    n = 1000
    xn, vn = rng.standard_normal(n), rng.standard_normal(n)
    cases = {}
    for name, lib in libs.items():
        x = lib.tensor(xn, requires_grad=True)
        v = lib.tensor(vn)
        cases[name] = Case(lambda _, lib=lib, x=x, v=v: hvp(lib, x, v))
    cases["numpy"] = Case(lambda _: hvp_numpy(xn, vn))
    _add_peers(cases, peers, lambda peer: peer.hvp(xn, vn))
    rows = [
        row(
            w,
            f"Hessian-vector product of sum(tanh(x)³), n = {n:,}, grad of grad",
            _ms(measure(cases, 3 if quick else 51, warmup=3)),
            target=None,  # the target is HIPS autograd's time (the peer column)
        )
    ]
    n = 50
    xh = rng.standard_normal(n)
    if all(_has_hessian(lib) for lib in libs.values()):
        cases = {}
        for name, lib in libs.items():
            x = lib.tensor(xh)
            fn = __import__(lib.__name__ + ".autograd.functional", fromlist=["hessian"]).hessian
            cases[name] = Case(lambda _, fn=fn, x=x: fn(cubed_tanh, x))
        # torch's vectorize=True (one batched grad instead of a loop of n) as its own column
        tfn = libs["torch"].autograd.functional.hessian if "torch" in libs else None
        if tfn is not None:
            xt = libs["torch"].tensor(xh)
            cases["torch (vectorize=True)"] = Case(lambda _: tfn(cubed_tanh, xt, vectorize=True))
        _add_peers(cases, peers, lambda peer: peer.hessian(xh))
        times = _ms(measure(cases, 3 if quick else 21, warmup=2))
        vec = times.pop("torch (vectorize=True)", None)
        rows.append(
            row(
                w,
                f"full Hessian, n = {n}, autograd.functional.hessian",
                times,
                target=1.0,
                note="" if vec is None else f"torch with vectorize=True: {vec:.2f} ms",
            )
        )
    else:
        rows.append(
            pending(
                w,
                f"full Hessian, n = {n}, autograd.functional.hessian",
                "minigrad.autograd.functional.hessian does not exist yet",
                "≤ 3",
            )
        )
    return rows


# --- 5. what a learner feels --------------------------------------------------
def _time_subprocess(code: str, env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, env=env)
    return time.perf_counter() - start


def bench_import(quick: bool) -> list[dict]:
    """``import minigrad`` against ``import torch`` (and ``import numpy``), each
    in a fresh interpreter.

    Each time has the bare interpreter's start-up time (``python -c pass``)
    taken off, so the ratio compares the imports alone. Every library imports
    from its cached bytecode (``__pycache__``), as a learner's does from the
    second import on: one untimed import first writes it, even where
    ``PYTHONDONTWRITEBYTECODE`` is set (it would make minigrad, a source
    checkout, compile every module on every import, but not torch or numpy,
    whose wheels were installed with their bytecode).
    """
    codes = {
        "bare": "pass",
        "minigrad": "import minigrad",
        "torch": "import torch",
        "numpy": "import numpy",  # the floor: minigrad imports numpy first of all
    }
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for code in codes.values():
        _time_subprocess(code, env)  # untimed: writes the bytecode
    runs: dict[str, list[float]] = {k: [] for k in codes}
    for _ in range(1 if quick else 7):
        for name, code in codes.items():  # interleaved, like everything else
            runs[name].append(_time_subprocess(code, env))
    bare = statistics.median(runs["bare"])
    values = {k: (statistics.median(runs[k]) - bare) * 1e3 for k in ("minigrad", "torch", "numpy")}
    return [
        row(
            "5. what a learner feels",
            "import time (fresh interpreter, start-up subtracted)",
            values,
            target=0.1,
            note=f"bare interpreter start-up: {bare * 1e3:.0f} ms",
        )
    ]


def graph20(lib: Any) -> Any:
    """A small network's loss: 20 nodes in the backward graph (3 of them
    AccumulateGrad), the size of a typical picture in the lessons."""
    x = lib.tensor([0.5, -1.0], requires_grad=True)
    w = lib.tensor([1.5, 2.0], requires_grad=True)
    b = lib.tensor(0.1, requires_grad=True)
    h = x
    for _ in range(4):
        h = lib.tanh(h * w + b)
    return (h * h).sum() / 2 - b * 0.5


def _count_nodes(t: Any) -> int:
    seen, stack = set(), [t.grad_fn]
    while stack:
        node = stack.pop()
        if node is not None and node not in seen:
            seen.add(node)
            stack += [n for n, _ in node.next_functions]
    return len(seen)


def _median_ms(run: Any, setup: Any, repeats: int) -> tuple[float, list[float]]:
    """The median time of ``run(setup())`` (``setup`` untimed), after one warm-up."""
    times = []
    for i in range(repeats + 1):
        state = setup()
        start = time.perf_counter()
        run(state)
        if i:
            times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times), times


def bench_viz(quick: bool) -> list[dict]:
    """Rendering a graph to SVG, ``dot`` included: a fresh figure every run
    (figures cache their SVG), as when a learner re-runs a cell."""
    import minigrad
    from minigrad import viz

    w = "5. what a learner feels"
    z = graph20(minigrad)
    nodes = _count_nodes(z)
    repeats = 3 if quick else 21
    rows = []
    for what, draw in (("forward", viz.draw_forward), ("gradient-flow", viz.draw_backward)):
        median, _ = _median_ms(lambda fig: fig.svg(), lambda draw=draw: draw(z), repeats)
        build, _ = _median_ms(lambda _, draw=draw: draw(z), lambda: None, repeats)
        rows.append(
            row(
                w,
                f"render a {nodes}-node {what} graph to SVG (draw + dot)",
                {"minigrad": build + median},
                target=150.0,
                target_text="< 150 ms",
                ratio_of=None,
                note=f"building the dot source {build:.1f} ms, dot {median:.1f} ms",
            )
        )
    return rows


def bench_stepper(quick: bool) -> list[dict]:
    """One click on "next" in the backward stepper (it redraws the graph with
    ``dot``); making the stepper (replaying the backward) is reported too."""
    import minigrad
    from minigrad.widgets import BackwardStepper

    z = graph20(minigrad)
    nodes = _count_nodes(z)
    repeats = 3 if quick else 21
    make, _ = _median_ms(lambda _: BackwardStepper(z), lambda: None, repeats)
    steps, dots = [], []
    with _timing_dot() as dot:
        for i in range(repeats + 1):  # the first one warms up
            stepper = BackwardStepper(z)  # untimed, and draws the first picture
            dot.clear()
            start = time.perf_counter()
            stepper.next()
            elapsed = time.perf_counter() - start
            if i:
                steps.append(elapsed * 1e3)
                dots.append(sum(dot) * 1e3)
    step, dot_ms = statistics.median(steps), statistics.median(dots)
    return [
        row(
            "5. what a learner feels",
            f"one step of the backward stepper ({nodes}-node graph, .next())",
            {"minigrad": step},
            target=30.0,
            target_text="< 30 ms",
            ratio_of=None,
            note=f"dot {dot_ms:.1f} ms of it; making the stepper (replaying the "
            f"backward, first picture): {make:.0f} ms",
        )
    ]


def bench_error_help(quick: bool) -> list[dict]:
    """The error explainer (``%load_ext minigrad``): what having it loaded costs a
    training step that raises nothing (its hooks only run on an error or a warning),
    and how long one explanation takes, picture included, when an error happens."""
    import torch

    import minigrad
    from minigrad import error_help

    repeats = 5 if quick else 41
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.Tanh(), torch.nn.Linear(64, 1))
    data = torch.randn(64, 32)

    def step(_: Any) -> None:
        model.zero_grad()
        model(data).pow(2).mean().backward()

    plain, _ = _median_ms(step, lambda: None, repeats)
    error_help.install()
    try:
        loaded, _ = _median_ms(step, lambda: None, repeats)
    finally:
        error_help.uninstall()

    fresh = iter(range(10**6))  # new values each time: the picture is drawn, not cached

    def failing() -> BaseException:
        x = minigrad.tensor([1.0, 2.0 + next(fresh)], requires_grad=True)
        y = x.tanh()
        y.add_(1)
        try:
            y.sum().backward()
        except RuntimeError as err:
            return err
        raise AssertionError("no error")

    def explain(err: BaseException) -> None:
        help_ = error_help.explain_error(err)
        help_._repr_html_()  # the text and the picture (dot), as a notebook shows it

    one, _ = _median_ms(explain, failing, 3 if quick else 11)
    w = "5. what a learner feels"
    return [
        row(
            w,
            "a torch training step with the error explainer loaded / without it",
            {"minigrad": loaded / plain},
            unit="×",
            target=1.05,
            target_text="≤ 1.05",
            ratio_of=None,
            note=f"{plain:.2f} ms without, {loaded:.2f} ms with",
        ),
        row(
            w,
            "explaining one error (a saved tensor changed in place), picture included",
            {"minigrad": one},
            target=300.0,
            target_text="< 300 ms",
            ratio_of=None,
        ),
    ]


def _transformer_loss() -> Any:
    """A 4-layer torch TransformerEncoder's loss: about 300 backward nodes."""
    import torch

    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(16, 2, 32, batch_first=True)
    model = torch.nn.TransformerEncoder(layer, 4, enable_nested_tensor=False)
    return model, model(torch.randn(2, 5, 16)).pow(2).mean()


def bench_stepper_big(quick: bool) -> list[dict]:
    """The stepper on a real 300-node torch Transformer, stepped module by module:
    making it (replaying torch's backward with a hook on every node, grouping the nodes
    by module, the first picture) and one click on "next"."""
    from minigrad.widgets import BackwardStepper

    model, loss = _transformer_loss()
    nodes = _count_nodes(loss)
    repeats = 3 if quick else 11
    make, _ = _median_ms(lambda _: BackwardStepper(loss, model=model), lambda: None, repeats)
    steps, dots = [], []
    with _timing_dot() as dot:
        for i in range(repeats + 1):
            stepper = BackwardStepper(loss, model=model)
            dot.clear()
            start = time.perf_counter()
            stepper.next()
            if i:
                steps.append((time.perf_counter() - start) * 1e3)
                dots.append(sum(dot) * 1e3)
    w = "5. what a learner feels"
    return [
        row(
            w,
            f"make the stepper on a {nodes}-node torch Transformer (module by module)",
            {"minigrad": make},
            target=1000.0,
            target_text="< 1 s",
            ratio_of=None,
        ),
        row(
            w,
            f"one step of the stepper on the {nodes}-node Transformer (.next())",
            {"minigrad": statistics.median(steps)},
            target=30.0,
            target_text="< 30 ms",
            ratio_of=None,
            note=f"dot {statistics.median(dots):.1f} ms of it",
        ),
    ]


@contextlib.contextmanager
def _timing_dot() -> Any:
    """The time of every ``run_dot`` call the widgets make (one per picture), as a list."""
    from minigrad.widgets import sliders, stepper

    times: list[float] = []
    real = sliders.run_dot

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return real(*args, **kwargs)
        finally:
            times.append(time.perf_counter() - start)

    sliders.run_dot = stepper.run_dot = timed
    try:
        yield times
    finally:
        sliders.run_dot = stepper.run_dot = real


def _slider_function(x: Any, w: Any, b: Any) -> Any:
    """``graph20`` as a function of three numbers: 20 nodes in the backward graph."""
    import minigrad

    h = x
    for _ in range(4):
        h = minigrad.tanh(h * w + b)
    return (h * h).sum() / 2 - b * 0.5


def bench_sliders(quick: bool) -> list[dict]:
    """One slider move in ``interact_graph``: the function runs forward and
    backward again and the gradient-flow picture is redrawn (``dot`` included);
    the time without ``dot`` is the total less the ``run_dot`` call."""
    from minigrad.widgets import interact_graph

    g = interact_graph(_slider_function, x=(-1.0, 1.0), w=(-3.0, 3.0), b=(-3.0, 3.0))
    slider = g.sliders["w"]
    nodes = _count_nodes(g.output)
    repeats = 3 if quick else 21
    totals, without = [], []
    with _timing_dot() as dot:
        for i in range(repeats + 1):  # the first one warms up
            dot.clear()
            start = time.perf_counter()
            slider.value = slider.min + (i + 1) * slider.step  # a new value each time
            elapsed = time.perf_counter() - start
            if i:
                totals.append(elapsed * 1e3)
                without.append((elapsed - sum(dot)) * 1e3)
    w = "5. what a learner feels"
    total, alone = statistics.median(totals), statistics.median(without)
    return [
        row(
            w,
            f"one interact_graph slider move ({nodes}-node graph: forward, backward, "
            "redraw), without dot",
            {"minigrad": alone},
            target=60.0,
            target_text="< 60 ms",
            ratio_of=None,
            note=f"with dot: {total:.1f} ms",
        )
    ]


def bench_nbval(quick: bool) -> list[dict]:
    w = "5. what a learner feels"
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    if not notebooks:
        return [pending(w, "the whole nbval suite", "notebooks/ does not exist yet", "< 60 s")]
    if quick:
        return [pending(w, "the whole nbval suite", "skipped in --quick mode", "< 60 s")]
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "--nbval",
           "--nbval-current-env", "--nbval-sanitize-with", "tests/nbval_sanitize.cfg",
           *(str(nb.relative_to(ROOT)) for nb in notebooks)]  # fmt: skip
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONHASHSEED": "0"})  # fmt: skip
    seconds = time.perf_counter() - start
    return [
        row(
            w,
            f"the whole nbval suite ({len(notebooks)} notebooks, one language)",
            {"minigrad": seconds},
            unit="s",
            target=60.0,
            target_text="< 60 s",
            ratio_of=None,
            note="" if done.returncode == 0 else f"pytest exit code {done.returncode}",
        )
    ]
