"""``jacobian`` and ``hessian`` row by row (``vectorize=False``): each row is sent
into the output as a row of the identity, where torch differentiates
``out.reshape(-1)[k]``. The two ways must give the same bits, and torch's numbers."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import minigrad
from minigrad.autograd.functional import hessian, jacobian

FUNCS = {
    "tanh_cubed": lambda x: (x.tanh() ** 3).sum(),
    "matmul": lambda x: ((x.reshape(2, 3) @ x.reshape(3, 2)).sigmoid() ** 2).sum(),
    "softmax": lambda x: (x.softmax(0) * x.exp()).sum(),
    "broadcast": lambda x: ((x.reshape(2, 3) + x[:3]).log1p() * x.reshape(2, 3)).mean(),
}


def _rows_by_select(fn, x, create_graph):
    """The general way: one ``autograd.grad`` of ``out.reshape(-1)[k]`` per row."""
    x = x.detach().requires_grad_()
    (g,) = minigrad.autograd.grad(fn(x), x, create_graph=True)
    flat = g.reshape(-1)
    rows = [
        minigrad.autograd.grad(flat[k], x, retain_graph=True, create_graph=create_graph)[0]
        for k in range(flat.nelement())
    ]
    return minigrad.stack(rows)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(FUNCS))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hessian_rows_are_the_select_rows_and_torchs(name, dtype, seed):
    fn = FUNCS[name]
    a = np.random.RandomState(seed).uniform(0.1, 1.5, 6).astype(dtype)
    mine = hessian(fn, minigrad.tensor(a))
    assert np.array_equal(mine.numpy(), _rows_by_select(fn, minigrad.tensor(a), False).numpy())
    theirs = torch.autograd.functional.hessian(fn, torch.tensor(a))
    assert mine.dtype.__repr__() == repr(theirs.dtype)
    tol = 2e-6 if dtype == "float32" else 1e-13
    np.testing.assert_allclose(mine.numpy(), theirs.numpy(), rtol=tol, atol=tol)


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_jacobian_rows_with_create_graph_record_what_torch_records(name):
    a = np.random.RandomState(3).uniform(0.1, 1.5, 6)
    fn = FUNCS[name]

    def grad_of(T):
        def g(x):
            return T.autograd.grad(fn(x), x, create_graph=True)[0]

        return g

    x = minigrad.tensor(a, requires_grad=True)
    mine = jacobian(grad_of(minigrad), x, create_graph=True)
    xt = torch.tensor(a, requires_grad=True)
    theirs = torch.autograd.functional.jacobian(grad_of(torch), xt, create_graph=True)
    assert type(mine.grad_fn).__name__ == type(theirs.grad_fn).__name__
    np.testing.assert_allclose(mine.detach().numpy(), theirs.detach().numpy(), rtol=1e-12)
    # and it can be differentiated once more, to the same numbers
    (third,) = minigrad.autograd.grad(mine.sum(), x)
    (third_t,) = torch.autograd.grad(theirs.sum(), xt)
    np.testing.assert_allclose(third.numpy(), third_t.numpy(), rtol=1e-11)


def test_many_outputs_of_one_input_need_no_square_identity():
    """Row by row, each row's one-hot gradient is made on its own: a Jacobian of
    5,000 outputs and 1 input never holds a 5,000 x 5,000 identity (200 MB)."""
    import tracemalloc

    n = 5_000
    x = minigrad.tensor([0.5], dtype=minigrad.float64, requires_grad=True)
    tracemalloc.start()
    try:
        J = jacobian(lambda a: (a * minigrad.arange(n, dtype=minigrad.float64)).sin(), x)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert J.shape == (n, 1)
    k = np.arange(n)
    np.testing.assert_allclose(J[:, 0].numpy(), np.cos(0.5 * k) * k, rtol=1e-12, atol=1e-12)
    assert peak < 100 * 2**20


# --- reuse_plans: the rows count one graph once -------------------------------
def test_passes_through_one_graph_count_it_once_and_give_the_same_gradients():
    from minigrad.core import engine

    x = minigrad.tensor([0.3, -0.7, 1.1], requires_grad=True)
    y = (x.tanh() ** 3 * x).sum()
    (g,) = minigrad.autograd.grad(y, x, create_graph=True)
    plain = [minigrad.autograd.grad(g[k], x, retain_graph=True)[0] for k in range(3)]
    with engine.reuse_plans():
        first = minigrad.autograd.grad(g, x, torch_like_one_hot(0), retain_graph=True)[0]
        remembered = len(engine._plans)  # the counts of step 1, and the nodes on the path
        again = [
            minigrad.autograd.grad(g, x, torch_like_one_hot(k), retain_graph=True)[0]
            for k in range(3)
        ]
        assert remembered == 2 and len(engine._plans) == 2  # nothing counted anew
    assert engine._plans is None  # forgotten after the block: the graph is not kept alive
    for k in range(3):
        assert np.array_equal(again[k]._data, plain[k]._data)  # the copies were fresh counts
    assert np.array_equal(first._data, plain[0]._data)


def torch_like_one_hot(k: int) -> minigrad.Tensor:
    return minigrad.nn.functional.one_hot(minigrad.tensor(k), 3).to(minigrad.float32)


def test_a_plan_is_not_reused_for_another_graph_and_is_dropped_on_errors():
    from minigrad.core import engine

    x = minigrad.tensor([0.5, 2.0], requires_grad=True)
    with engine.reuse_plans():
        a = minigrad.autograd.grad((x * x).sum(), x)[0]
        b = minigrad.autograd.grad((x.exp() * x).sum(), x)[0]  # a new graph, a new count
    assert np.allclose(a._data, 2 * x._data)
    assert np.allclose(b._data, np.exp(x._data) * (1 + x._data))
    y = minigrad.tensor([1.0, 3.0], requires_grad=True)
    with pytest.raises(RuntimeError, match="Output 0 of the user-provided function is independent"):
        jacobian(lambda a, b: a * 2, (x, y), strict=True)  # raises inside the row loop
    assert engine._plans is None
