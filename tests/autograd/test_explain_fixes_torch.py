"""explain() on real torch names the cause, and the fix it suggests works: each test
applies the fix the explanation gives and checks that the gradient then arrives."""

from __future__ import annotations

import torch
from torch import nn

from minigrad import explain, viz


def layer() -> tuple[nn.Linear, torch.Tensor]:
    torch.manual_seed(0)
    return nn.Linear(3, 2), torch.randn(4, 3)


def test_a_frozen_parameter_and_its_fix() -> None:
    lin, x = layer()
    lin.weight.requires_grad_(False)
    out = lin(x).sum()
    e = explain(lin.weight, output=out)
    assert e.cause == "frozen" and "lin.weight.requires_grad_(True)" in e.text
    lin.weight.requires_grad_(True)  # the fix: unfreeze, then run the forward again
    lin(x).sum().backward()
    assert lin.weight.grad is not None


def test_a_chain_under_no_grad_and_its_fix() -> None:
    lin, x = layer()
    with viz.record():
        with torch.no_grad():
            feats = torch.relu(lin(x))
    e = explain(feats)
    assert e.cause == "no_grad" and "linear → relu" in e.text and "outside" in e.text
    feats = torch.relu(lin(x))  # the fix: outside the no_grad() block
    feats.sum().backward()
    assert lin.weight.grad is not None


def test_a_value_computed_from_data_and_its_fix() -> None:
    lin, x = layer()
    with viz.record():
        h = lin(x)
        d = h.data * 2
    e = explain(d)
    assert e.cause == "data" and "h" in e.text and "mul" in e.text
    assert "without .data" in e.text
    d = h * 2  # the fix: from h itself
    d.sum().backward()
    assert lin.weight.grad is not None


def test_a_detached_temporary_and_its_fix() -> None:
    lin, x = layer()
    with viz.record():
        aux = lin(x).detach()
    e = explain(aux)
    assert e.cause == "detach" and "AddmmBackward0" in e.text and "without detach()" in e.text
    aux = lin(x)  # the fix: the result itself
    aux.sum().backward()
    assert lin.weight.grad is not None


def test_a_round_trip_through_numpy_and_its_fix() -> None:
    lin, x = layer()
    with viz.record():
        h = lin(x)
        n = torch.from_numpy(h.detach().numpy()) * 2
    e = explain(n)
    assert e.cause == "data" and ".numpy()" in e.text and "h" in e.text
    n = h * 2  # the fix: stay in torch
    n.sum().backward()
    assert lin.weight.grad is not None
