"""The peers: other small autograd libraries, as optional columns of the table.

- MyGrad (``mygrad``): a numpy-backed autograd with a torch-like ``Tensor``;
- HIPS autograd (``autograd``): differentiates numpy code by tracing it;
- micrograd (``micrograd``): Karpathy's scalar engine, Python floats only.

Install them with ``pip install -e '.[bench]'``. A peer that is not installed
shows "–" in the table and "not installed" in its header line, never an error.
``MINIGRAD_BENCH_PEERS`` chooses which peers run: a comma-separated list of
names, or ``none`` (unset: all of them). The smoke test uses it to check the
table of a run where a peer is absent.

Each peer gives a ``Case`` (see ``timing.py``) for the workloads it can run,
or ``None`` where it cannot; the reason is written under the table.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import math
import os
import sys
from typing import Any

import numpy as np

from .timing import Case

PEERS = ("mygrad", "autograd", "micrograd")
ENV_VAR = "MINIGRAD_BENCH_PEERS"


def selected() -> tuple[str, ...]:
    """The peers asked for by ``MINIGRAD_BENCH_PEERS`` (all of them when unset)."""
    wanted = os.environ.get(ENV_VAR)
    if wanted is None:
        return PEERS
    names = [n.strip() for n in wanted.split(",") if n.strip() and n.strip() != "none"]
    unknown = set(names) - set(PEERS)
    if unknown:
        raise SystemExit(f"{ENV_VAR}: unknown peer(s) {sorted(unknown)}; known: {PEERS}")
    return tuple(names)


def load() -> tuple[dict[str, Any], dict[str, str]]:
    """The importable peers (name -> adapter) and every peer's version or "not installed"."""
    adapters: dict[str, Any] = {}
    versions: dict[str, str] = {}
    chosen = selected()
    for name in PEERS:
        if name not in chosen:
            versions[name] = "not run"
            continue
        try:
            importlib.import_module(name)
        except ImportError:
            versions[name] = "not installed"
            continue
        versions[name] = importlib.metadata.version(name)
        adapters[name] = ADAPTERS[name]()
    return adapters, versions


# --- MyGrad: the same code as minigrad and torch ----------------------------------
class MyGrad:
    """``mygrad`` mirrors numpy's functions (``mg.tanh``) and torch's ``backward``."""

    def __init__(self) -> None:
        import mygrad

        self.mg = mygrad

    def chain(self, op_chain: Any, n_ops: int, backward: bool) -> Case:
        mg = self.mg
        x, w = mg.tensor([0.3]), mg.tensor([0.1])
        if not backward:
            return Case(lambda _: op_chain(mg, x, w, n_ops))
        return Case(lambda _: op_chain(mg, x, w, n_ops).sum().backward())

    def deep(self, deep_chain: Any, n: int) -> tuple[Case, Case]:
        mg = self.mg
        x = mg.tensor(1.0)
        forward = Case(lambda _: deep_chain(mg, x, n))
        backward = Case(lambda y: y.backward(), setup=lambda: deep_chain(mg, x, n))
        return forward, backward

    def mlp(self, data: dict[str, np.ndarray], lr: float = 0.01) -> Case:
        mg = self.mg
        x, y = mg.tensor(data["x"], constant=True), mg.tensor(data["y"], constant=True)
        params = [mg.tensor(data[k]) for k in ("W1", "b1", "W2", "b2")]
        W1, b1, W2, b2 = params

        def step(_=None):
            out = mg.tanh(x @ W1 + b1) @ W2 + b2
            loss = mg.mean((out - y) ** 2)
            loss.backward()  # also frees the graph, unlocking the arrays
            for p in params:  # MyGrad has no optimizers: SGD by hand
                p.data -= lr * p.grad
            return loss

        return Case(step)

    def hvp(self, x: np.ndarray, v: np.ndarray) -> None:
        return None  # MyGrad has no grad of a grad (no create_graph)

    def hessian(self, x: np.ndarray) -> None:
        return None


# --- HIPS autograd: trace a numpy function, then run its vector-Jacobian product ----
class Autograd:
    """``autograd`` records while it traces a function of ``autograd.numpy``.

    The forward timed here is that trace (``make_vjp``: the values plus the
    recorded graph), the backward the VJP it returns, as for the others.
    """

    def __init__(self) -> None:
        import autograd
        import autograd.numpy as anp
        from autograd.core import make_vjp

        self.grad, self.anp, self.make_vjp = autograd.grad, anp, make_vjp

    def _chain(self, n_ops: int) -> Any:
        anp = self.anp

        def f(xw):
            x, w = xw
            y = x
            for _ in range(n_ops // 4):
                y = anp.exp(anp.tanh((y + w) * 0.5))
            return y

        return f

    def chain(self, op_chain: Any, n_ops: int, backward: bool) -> Case:
        xw = (np.array([0.3]), np.array([0.1]))
        f = self._chain(n_ops)
        if not backward:
            return Case(lambda _: self.make_vjp(f, xw))
        df = self.grad(lambda xw: self.anp.sum(f(xw)))
        return Case(lambda _: df(xw))

    def deep(self, deep_chain: Any, n: int) -> tuple[Case, Case]:
        x = np.array(1.0)

        def f(x):
            y = x
            for _ in range(n):
                y = y * 1.0001 + 0.0001
            return y

        forward = Case(lambda _: self.make_vjp(f, x))
        backward = Case(lambda vjp_ans: vjp_ans[0](1.0), setup=lambda: self.make_vjp(f, x))
        return forward, backward

    def mlp(self, data: dict[str, np.ndarray], lr: float = 0.01) -> Case:
        anp = self.anp
        x, y = data["x"], data["y"]
        params = [data[k].copy() for k in ("W1", "b1", "W2", "b2")]

        def loss(params):
            W1, b1, W2, b2 = params
            out = anp.tanh(x @ W1 + b1) @ W2 + b2
            return anp.mean((out - y) ** 2)

        dloss = self.grad(loss)

        def step(_=None):
            for p, g in zip(params, dloss(params)):  # SGD by hand
                p -= lr * g

        return Case(step)

    def _cubed_tanh(self, x: Any) -> Any:
        return self.anp.sum(self.anp.tanh(x) ** 3)

    def hvp(self, x: np.ndarray, v: np.ndarray) -> Case:
        """The Hessian-vector product as autograd writes it: the grad of <grad f, v>."""
        from autograd import hessian_vector_product

        hv = hessian_vector_product(self._cubed_tanh)
        return Case(lambda _: hv(x, v))

    def hessian(self, x: np.ndarray) -> Case:
        """``autograd.hessian``: the Jacobian of the gradient, one VJP per row."""
        from autograd import hessian

        h = hessian(self._cubed_tanh)
        return Case(lambda _: h(x))


# --- micrograd: one Python float per Value ----------------------------------------
class Micrograd:
    """micrograd's ``Value`` holds one Python float: it runs the scalar chains only.

    Its release (0.1.0) has ``relu`` but no ``tanh`` or ``exp``; they are added
    below the way micrograd writes its own ops (and as its lecture does), so the
    chain is the same four ops. Its ``backward`` sorts the graph with a
    recursive function, so the recursion limit is raised around it to
    ``RECURSION`` (and the deep graph runs it only while that is enough).
    """

    RECURSION = 50_000

    def __init__(self) -> None:
        from micrograd.engine import Value

        self.Value = Value

    def tanh(self, v: Any) -> Any:
        t = math.tanh(v.data)
        out = self.Value(t, (v,), "tanh")

        def _backward():
            v.grad += (1 - t * t) * out.grad

        out._backward = _backward
        return out

    def exp(self, v: Any) -> Any:
        e = math.exp(v.data)
        out = self.Value(e, (v,), "exp")

        def _backward():
            v.grad += e * out.grad

        out._backward = _backward
        return out

    def _backward(self, y: Any) -> None:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, self.RECURSION))
        try:
            y.backward()
        finally:
            sys.setrecursionlimit(limit)

    def chain(self, op_chain: Any, n_ops: int, backward: bool) -> Case:
        x, w = self.Value(0.3), self.Value(0.1)
        if not backward:
            return Case(lambda _: op_chain(self, x, w, n_ops))

        def run(_):
            x.grad = w.grad = 0.0
            self._backward(op_chain(self, x, w, n_ops))

        return Case(run)

    def deep(self, deep_chain: Any, n: int) -> tuple[Case, Case | None]:
        x = self.Value(1.0)
        forward = Case(lambda _: deep_chain(self, x, n))
        if 2 * n + 1000 > self.RECURSION:  # one frame per node, 2 nodes per step
            return forward, None
        backward = Case(self._backward, setup=lambda: deep_chain(self, x, n))
        return forward, backward

    def mlp(self, data: dict[str, np.ndarray], lr: float = 0.01) -> None:
        return None  # one Value per number: not a 256×64 matrix workload

    def hvp(self, x: np.ndarray, v: np.ndarray) -> None:
        return None  # scalar only, and its backward records nothing to differentiate

    def hessian(self, x: np.ndarray) -> None:
        return None


ADAPTERS = {"mygrad": MyGrad, "autograd": Autograd, "micrograd": Micrograd}
