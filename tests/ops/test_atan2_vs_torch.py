"""``torch.atan2`` against real torch: values (all four quadrants, the axes,
integer inputs), gradients of first and second order, and errors."""

from __future__ import annotations

import pytest
import torch

import minigrad

from ..transcript import run

SNIPPETS = {
    "values": """
a = torch.tensor([1.0, -1.0, 1.0, -1.0, 0.0, 0.0, -0.0, 2.0])
b = torch.tensor([1.0, 1.0, -1.0, -1.0, 1.0, -1.0, -1.0, 0.0])
print(torch.atan2(a, b), a.atan2(b))
print(torch.atan2(torch.tensor([1, 2]), torch.tensor([3, 4])))
""",
    "grads": """
a = torch.tensor([[1.0, -2.0, 0.5]], dtype=torch.float64, requires_grad=True)
b = torch.tensor([[3.0], [-1.0]], dtype=torch.float64, requires_grad=True)
y = torch.atan2(a, b)
print(y, y.grad_fn.name())
ga, gb = torch.autograd.grad(y.sum(), (a, b), create_graph=True)
print(ga.detach(), gb.detach())
(ga.pow(2).sum() + gb.sum()).backward()
print(a.grad, b.grad)
""",
    "not_a_tensor": "torch.atan2(torch.ones(2), 1.0)",
    "bad_shapes": "torch.atan2(torch.ones(2), torch.ones(3))",
}


@pytest.mark.parametrize("name", list(SNIPPETS))
def test_same_as_torch(name: str) -> None:
    code = SNIPPETS[name]
    mine, theirs = run(code, minigrad), run(code, torch)
    assert theirs.lines(), "the snippet should print or raise something"
    assert mine.lines() == theirs.lines()
