"""The differential check of the operators: run one operation on the same random
float64 inputs under minigrad and under real torch and compare
- the outputs: values, shapes and grad_fn names (for several outputs, each one);
- first-order gradients for a random upstream gradient;
- second-order gradients: the gradient of sum(grad * w) for a random w,
  computed through ``create_graph=True``, which exercises the backward
  formulas themselves.

Random normal inputs have no exact ties, so they stay away from the kinks of
max, clamp and friends; the kinks and ties get their own exact tests
(``test_edge_cases_vs_torch.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import torch
from hypothesis import settings
from hypothesis import strategies as st

import minigrad

EXAMPLES = settings(max_examples=8, deadline=None)
SEEDS = st.integers(0, 2**31 - 1)
SIDE = st.integers(1, 3)


def _shape(draw: Any, min_dims: int = 1, max_dims: int = 3) -> tuple:
    return tuple(draw(st.lists(SIDE, min_size=min_dims, max_size=max_dims)))


def _broadcastable(draw: Any, shape: tuple) -> tuple:
    """A shape that broadcasts against ``shape``: fewer leading dims, some 1s."""
    drop = draw(st.integers(0, len(shape)))
    return tuple(s if draw(st.booleans()) else 1 for s in shape[drop:])


# --- running one case under both libraries -----------------------------------
def _forward(module: Any, fn: Callable, arrays: list) -> tuple:
    leaves = [module.tensor(a, requires_grad=True) for a in arrays]
    out = fn(module, *leaves)
    return leaves, (tuple(out) if isinstance(out, tuple) else (out,))


def _grads(module: Any, leaves: list, outs: tuple, vs: list, ws: list) -> tuple:
    """First-order grads for upstream ``vs``, and the grads of sum(grad * w)."""
    used = [(o, module.tensor(v)) for o, v in zip(outs, vs) if o.requires_grad]
    first = module.autograd.grad(
        [o for o, _ in used], leaves, [v for _, v in used], create_graph=True, allow_unused=True
    )
    terms = [(g * module.tensor(w)).sum() for g, w in zip(first, ws) if g is not None]
    terms = [t for t in terms if t.requires_grad]
    second = (None,) * len(leaves)
    if terms:
        total = terms[0]
        for t in terms[1:]:
            total = total + t
        second = module.autograd.grad(total, leaves, allow_unused=True)
    return first, second


def _array(t: Any, like: np.ndarray) -> np.ndarray:
    """A gradient as numpy; an unused input (None) counts as zeros."""
    if t is None:
        return np.zeros_like(like)
    return t.detach().numpy(force=True)


def check(fn: Callable, arrays: list, seed: int, rtol: float = 1e-7) -> None:
    """Run ``fn(module, *leaves)`` under both libraries and compare everything."""
    arrays = [np.asarray(a, dtype=np.float64) for a in arrays]
    t_leaves, t_outs = _forward(torch, fn, arrays)
    m_leaves, m_outs = _forward(minigrad, fn, arrays)
    assert len(m_outs) == len(t_outs)
    for m, t in zip(m_outs, t_outs):
        assert tuple(m.shape) == tuple(t.shape)
        assert str(m.dtype) == str(t.dtype)
        np.testing.assert_allclose(m.detach().numpy(), t.detach().numpy(), rtol=rtol, atol=1e-10)
        assert type(m.grad_fn).__name__ == type(t.grad_fn).__name__
        assert m.requires_grad == t.requires_grad
    rng = np.random.RandomState(seed % 2**32)
    vs = [rng.randn(*t.shape) for t in t_outs]
    ws = [rng.randn(*a.shape) for a in arrays]
    t_first, t_second = _grads(torch, t_leaves, t_outs, vs, ws)
    m_first, m_second = _grads(minigrad, m_leaves, m_outs, vs, ws)
    for order, mine, theirs in (("first", m_first, t_first), ("second", m_second, t_second)):
        for i, (m, t, a) in enumerate(zip(mine, theirs, arrays)):
            np.testing.assert_allclose(
                _array(m, a),
                _array(t, a),
                rtol=rtol,
                atol=1e-9,
                err_msg=f"{order}-order gradient of input {i}",
            )


def _randn(seed: int, *shapes: tuple) -> list:
    rng = np.random.RandomState(seed % 2**32)
    return [np.asarray(rng.randn(*s)) for s in shapes]
