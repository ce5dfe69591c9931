"""``torch.addmm`` with ``beta`` and ``alpha`` against real torch: values,
the broadcast input, ``beta=0`` ignoring the input, gradients of first and
second order (gradcheck too)."""

from __future__ import annotations

import pytest
import torch

import minigrad

from ..transcript import run

SNIPPETS = {
    "values": """
c = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
a = torch.tensor([[1.0, -1.0, 2.0], [0.5, 0.0, 1.0]])
b = torch.tensor([[1.0, 2.0], [3.0, -4.0], [0.5, 0.25]])
print(torch.addmm(c, a, b), torch.addmm(c, a, b, beta=0.5, alpha=2), c.addmm(a, b, alpha=-1))
print(torch.addmm(torch.tensor([1.0, -1.0]), a, b, beta=3))
print(torch.addmm(torch.full((2, 2), float("nan")), a, b, beta=0))
""",
    "grads": """
c = torch.tensor([1.0, -1.0], dtype=torch.float64, requires_grad=True)
a = torch.tensor([[1.0, -1.0, 2.0], [0.5, 0.0, 1.0]], dtype=torch.float64, requires_grad=True)
b = torch.tensor([[1.0, 2.0], [3.0, -4.0], [0.5, 0.25]], dtype=torch.float64, requires_grad=True)
y = torch.addmm(c, a, b, beta=0.5, alpha=-2)
print(y, y.grad_fn.name())
gs = torch.autograd.grad(y.pow(2).sum(), (c, a, b), create_graph=True)
print([g.detach() for g in gs])
sum(g.pow(2).sum() for g in gs).backward()
print(c.grad, a.grad, b.grad)
""",
}


@pytest.mark.parametrize("name", list(SNIPPETS))
def test_same_as_torch(name: str) -> None:
    code = SNIPPETS[name]
    mine, theirs = run(code, minigrad), run(code, torch)
    assert theirs.lines(), "the snippet should print or raise something"
    assert mine.lines() == theirs.lines()


@pytest.mark.parametrize("lib", [torch, minigrad])
def test_gradcheck_with_beta_and_alpha(lib) -> None:
    c = lib.tensor([0.3, -1.2], dtype=lib.float64, requires_grad=True)
    a = lib.tensor([[1.0, -0.7, 0.4], [0.5, 0.2, -1.0]], dtype=lib.float64, requires_grad=True)
    b = lib.tensor([[1.1, 0.2], [-0.3, 0.9], [0.5, 0.6]], dtype=lib.float64, requires_grad=True)

    def f(c, a, b):
        return lib.addmm(c, a, b, beta=0.5, alpha=-2)

    assert lib.autograd.gradcheck(f, (c, a, b))
    assert lib.autograd.gradgradcheck(f, (c, a, b))
