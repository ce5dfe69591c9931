"""``jacobian``/``hessian(vectorize=True)`` and ``autograd.grad(is_grads_batched=True)``
against torch: a batch of gradients goes through the graph in one backward pass
and gives the same numbers as one pass per row (and as torch)."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

import minigrad
from minigrad.autograd import observe

from ..transcript import run

EXAMPLES = settings(max_examples=20, deadline=None)
SEEDS = st.integers(0, 2**31 - 1)

# one-input and two-input functions built from ops with different kinds of rules
# (elementwise, broadcasting, reductions, shapes, matmul, dedicated double-backward ops)
FUNCS = {
    "tanh_mul": lambda T, x, y: (x.tanh() * y, (x * x).sum()),
    "softmax": lambda T, x, y: (T.softmax(x * y, -1),),
    "matmul": lambda T, x, y: (x.unsqueeze(0) @ y.t(), y.sum(0) ** 2),
    "broadcast": lambda T, x, y: ((x + y).sigmoid().mean(0), x.exp()),
    "reshape": lambda T, x, y: ((y * x).reshape(-1)[1:].relu(), x.log_softmax(0)),
    "loss": lambda T, x, y: (T.nn.functional.mse_loss(y, x.expand(2, 3)),),
}


def _both(fn, *arrays, **kw):
    t = fn(torch, *[torch.tensor(a) for a in arrays], **kw)
    m = fn(minigrad, *[minigrad.tensor(a) for a in arrays], **kw)
    return t, m


def _flat(x):
    if isinstance(x, tuple):
        return [y for item in x for y in _flat(item)]
    return [x]


def _close(mine, theirs, what, flags=True):
    mine, theirs = _flat(mine), _flat(theirs)
    assert len(mine) == len(theirs)
    for m, t in zip(mine, theirs):
        assert tuple(m.shape) == tuple(t.shape), what
        if flags:  # (row by row, a block of zeros may differ in requires_grad, as in torch)
            assert m.requires_grad == t.requires_grad, what
        np.testing.assert_allclose(
            m.detach().numpy(), t.detach().numpy(force=True), rtol=1e-7, atol=1e-12, err_msg=what
        )


@given(st.sampled_from(sorted(FUNCS)), st.booleans(), SEEDS)
@EXAMPLES
def test_jacobian_vectorized_matches_torch_and_row_by_row(name, create_graph, seed):
    rng = np.random.RandomState(seed)
    a, b = rng.randn(3), rng.randn(2, 3)
    f = FUNCS[name]

    def jac(T, x, y, vectorize):
        return T.autograd.functional.jacobian(
            lambda p, q: f(T, p, q), (x, y), create_graph=create_graph, vectorize=vectorize
        )

    theirs, mine = _both(jac, a, b, vectorize=True)
    _close(mine, theirs, f"{name} seed={seed}")
    _, rows = _both(jac, a, b, vectorize=False)
    _close(mine, rows, f"{name} seed={seed} (row by row)", flags=False)


@given(st.sampled_from(sorted(FUNCS)), SEEDS)
@EXAMPLES
def test_jacobian_vectorized_second_order_matches_torch(name, seed):
    """With create_graph=True the Jacobian can be differentiated again."""
    rng = np.random.RandomState(seed)
    a, b = rng.randn(3), rng.randn(2, 3)
    f = FUNCS[name]
    weights = [rng.randn(*s) for s in [(100,)]][0]

    def second(T, x, y):
        x.requires_grad_()
        y.requires_grad_()
        jac = T.autograd.functional.jacobian(
            lambda p, q: f(T, p, q), (x, y), create_graph=True, vectorize=True
        )
        parts = [j.reshape(-1) for j in _flat(jac)]
        total = sum((p * T.tensor(weights[: p.numel()])).sum() for p in parts)
        return T.autograd.grad(total, (x, y), allow_unused=True, materialize_grads=True)

    theirs, mine = _both(second, a, b)
    _close(mine, theirs, f"{name} seed={seed}")


@given(SEEDS, st.booleans())
@settings(max_examples=10, deadline=None)
def test_hessian_vectorized_matches_torch(seed, create_graph):
    rng = np.random.RandomState(seed)
    a, b = rng.randn(3), rng.randn(2, 3)

    def hess(T, x, y):
        return T.autograd.functional.hessian(
            lambda p, q: (p.sin() * q).sum() ** 2 + (q.tanh() @ p).sum(),
            (x, y),
            create_graph=create_graph,
            vectorize=True,
        )

    theirs, mine = _both(hess, a, b)
    _close(mine, theirs, f"seed={seed}")


@given(SEEDS, st.integers(1, 5), st.booleans())
@settings(max_examples=15, deadline=None)
def test_grad_is_grads_batched_matches_torch(seed, batch, create_graph):
    rng = np.random.RandomState(seed)
    a, v = rng.randn(2, 3), rng.randn(batch, 3)

    def batched(T, x, gv):
        x.requires_grad_()
        y = (x.tanh() * x).sum(0) + x[0].sigmoid()
        return T.autograd.grad(y, x, gv, is_grads_batched=True, create_graph=create_graph)

    theirs, mine = _both(batched, a, v)
    _close(mine, theirs, f"seed={seed}")


def test_vectorized_jacobian_walks_the_graph_once():
    """Each node runs once for the whole batch (row by row: once per row)."""
    x = minigrad.tensor([0.5, -1.0, 2.0, 0.3])
    f = lambda t: (t.tanh() * 2).exp()  # noqa: E731
    for vectorize, runs in ((True, 1), (False, 4)):
        seen: list = []
        with observe.on_node(lambda step, seen=seen: seen.append(step.node.name())):
            minigrad.autograd.functional.jacobian(f, x, vectorize=vectorize)
        assert seen.count("TanhBackward0") == runs


@pytest.mark.parametrize("shape", ["(3, 2)", "(2,)", "(4, 5, 6)", "(2, 3, 1)", "(())", "(5, 3)"])
def test_is_grads_batched_shape_errors(shape):
    code = (
        "x = torch.randn(3, requires_grad=True)\n"
        f"g = torch.autograd.grad(x * 2, x, torch.ones{shape}, is_grads_batched=True)\n"
        "print(g[0].shape)\n"
    )
    theirs, mine = run(code, torch), run(code, minigrad)
    assert mine.lines() == theirs.lines()
