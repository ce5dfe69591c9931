"""The robust regression losses record torch's nodes one order further.

Their first derivative is a node of its own (``SmoothL1LossBackwardBackward0``...);
differentiating that node again records the graph torch records: compare the
names, node by node, of the gradients of ``grad(loss, x)`` with respect to the
upstream gradient, ``x`` and ``y``, for every reduction.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import torch

import minigrad

CASES = {
    "smooth_l1 mean": ("smooth_l1_loss", {"beta": 1.5}),
    "smooth_l1 sum": ("smooth_l1_loss", {"reduction": "sum", "beta": 0.5}),
    "smooth_l1 none": ("smooth_l1_loss", {"reduction": "none", "beta": 2.0}),
    "huber mean": ("huber_loss", {"delta": 1.5}),
    "huber sum": ("huber_loss", {"reduction": "sum", "delta": 0.5}),
    "huber none": ("huber_loss", {"reduction": "none", "delta": 2.0}),
}


def _names(T: Any, name: str, kwargs: dict) -> tuple[list[str], list[np.ndarray]]:
    rng = np.random.RandomState(0)
    x, y = (T.tensor(rng.randn(2, 3), requires_grad=True) for _ in range(2))
    loss = getattr(T.nn.functional, name)(x, y, **kwargs)
    v = T.ones_like(loss).requires_grad_()
    (g,) = T.autograd.grad(loss, x, v, create_graph=True)
    w = T.tensor(rng.randn(2, 3), requires_grad=True)
    grads = T.autograd.grad(g, (v, x, y), w, create_graph=True)
    out: list[str] = []

    def walk(node: Any, depth: int) -> None:
        out.append(" " * depth + ("None" if node is None else node.name()))
        for child, _ in node.next_functions if node is not None else ():
            walk(child, depth + 1)

    for t in grads:
        out.append("--")
        walk(t.grad_fn, 0)
    return out, [t.detach().numpy() for t in grads]


@pytest.mark.parametrize("case", CASES)
def test_third_order_graph_names_and_values_match_torch(case: str) -> None:
    name, kwargs = CASES[case]
    theirs, t_vals = _names(torch, name, kwargs)
    mine, m_vals = _names(minigrad, name, kwargs)
    assert mine == theirs
    for m, t in zip(m_vals, t_vals):
        np.testing.assert_allclose(m, t, rtol=1e-10, atol=1e-12)
