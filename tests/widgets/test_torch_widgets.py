"""interact_graph and JacobianExplorer with functions written in real torch:
torch runs them and torch's graph is drawn."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from minigrad.widgets import JacobianExplorer, interact_graph


def f(x, w, b):
    y = torch.tanh(w * x)
    z = y + b
    return z


def test_interact_graph_runs_torch_and_draws_its_graph() -> None:
    g = interact_graph(f, x=2.0, w=(-3.0, 3.0), b=(-3.0, 3.0))
    g.sliders["w"].value = 0.5
    assert isinstance(g.output, torch.Tensor)
    w = torch.tensor(0.5, requires_grad=True)
    (gw,) = torch.autograd.grad(torch.tanh(w * 2.0), w)
    assert g.grads["w"] == pytest.approx(gw.item())
    assert g.grads["b"] == 1.0
    assert "TanhBackward0" in g.source and "<B>w</B>" in g.source


def test_interact_graph_forward_view_of_torch_code_names_its_variables() -> None:
    g = interact_graph(f, view="forward", x=2.0, w=(-3.0, 3.0), b=(-3.0, 3.0))
    assert "label=<tanh>" in g.source and "<B>y</B>" in g.source and "<B>z</B>" in g.source


def h(x):
    return torch.stack([x[0] ** 2 + 3 * x[1], x[1] ** 2 + 2 * x[0]])


def test_jacobian_explorer_on_torch_matches_torchs_jacobian() -> None:
    x = torch.tensor([2.0, 3.0])
    ex = JacobianExplorer(h, x)
    np.testing.assert_allclose(ex.J, torch.autograd.functional.jacobian(h, x).numpy())
    np.testing.assert_allclose(ex.row(1).x_grad, [2.0, 6.0])
    assert ex.set_x([1.0, 1.0]).J.tolist() == [[2.0, 3.0], [2.0, 2.0]]
    assert x.grad is None and x.tolist() == [2.0, 3.0]
