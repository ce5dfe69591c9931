"""``torch.lerp`` against real torch: values (number and tensor weights,
broadcasting), grad_fn names, gradients of first and second order, errors."""

from __future__ import annotations

import pytest
import torch

import minigrad

from ..transcript import run

SNIPPETS = {
    "values": """
a = torch.tensor([0.0, 10.0, -3.0])
b = torch.tensor([10.0, 20.0, 7.0])
print(torch.lerp(a, b, 0.25), a.lerp(b, 1.0), torch.lerp(a, b, torch.tensor([0.0, 0.5, 0.9])))
print(torch.lerp(torch.tensor([[1.0], [2.0]]), b, 0.7))
""",
    "grads": """
a = torch.tensor([[1.0, -2.0, 0.5]], dtype=torch.float64, requires_grad=True)
b = torch.tensor([[3.0], [-1.0]], dtype=torch.float64, requires_grad=True)
w = torch.tensor([0.2, 0.9, -0.5], dtype=torch.float64, requires_grad=True)
for weight in (0.3, w):
    y = torch.lerp(a, b, weight)
    print(y, y.grad_fn.name())
    gs = torch.autograd.grad(y.pow(2).sum(), (a, b), create_graph=True)
    print([g.detach() for g in gs])
    sum(g.pow(2).sum() for g in gs).backward()
    print(a.grad, b.grad, w.grad)
""",
    "bad_shapes": "torch.lerp(torch.ones(2), torch.ones(3), 0.5)",
}


@pytest.mark.parametrize("name", list(SNIPPETS))
def test_same_as_torch(name: str) -> None:
    code = SNIPPETS[name]
    mine, theirs = run(code, minigrad), run(code, torch)
    assert theirs.lines(), "the snippet should print or raise something"
    assert mine.lines() == theirs.lines()
