"""gaussian_nll_loss and GaussianNLLLoss against real torch: values, gradients to second
order, the graph's nodes (torch's function is ordinary ops, and so is minigrad's), and the
same errors."""

from __future__ import annotations

import pytest

from ..transcript import assert_same_as_torch

SNIPPETS = {
    "values_and_gradients": """
def graph(fn, depth=0):
    if fn is None:
        return ["  " * depth + "None"]
    below = [line for n, _ in fn.next_functions for line in graph(n, depth + 1)]
    return ["  " * depth + fn.name()] + below

x = torch.tensor([[0.5, -1.0, 2.0], [0.1, 0.2, 0.3]], dtype=torch.float64, requires_grad=True)
t = torch.tensor([[0.0, 1.0, 2.5], [0.0, 0.0, 1.0]], dtype=torch.float64)
v = torch.tensor([[1.0, 0.5, 1e-9], [2.0, 0.3, 0.7]], dtype=torch.float64, requires_grad=True)
for kw in [{}, {"full": True}, {"reduction": "sum"}, {"reduction": "none"}, {"eps": 0.1}]:
    loss = F.gaussian_nll_loss(x, t, v, **kw)
    gx, gv = torch.autograd.grad(loss.sum(), (x, v), create_graph=True)
    print(kw, loss, gx.detach(), gv.detach())
    print(torch.autograd.grad((gx * gx).sum() + gv.sum(), (x, v)))
print("\\n".join(graph(F.gaussian_nll_loss(x, t, v).grad_fn)))
print(F.gaussian_nll_loss(x, t, torch.tensor([1.0, 2.0], dtype=torch.float64), reduction="none"))
print(F.gaussian_nll_loss(x, t, torch.tensor([[1.0], [3.0]], dtype=torch.float64)))
print(F.gaussian_nll_loss(x.float(), t.float(), 0.5))
m = torch.nn.GaussianNLLLoss(full=True, eps=1e-3)
print(m, m.full, m.eps, m.reduction, m(x, t, v))
""",
    "negative_var": "F.gaussian_nll_loss(torch.ones(3), torch.ones(3), torch.tensor([1.0, -1, 1]))",
    "negative_float_var": "F.gaussian_nll_loss(torch.ones(3), torch.ones(3), -1.0)",
    "var_size": "F.gaussian_nll_loss(torch.ones(2, 3), torch.ones(2, 3), torch.ones(3, 3))",
    "bad_reduction": """
F.gaussian_nll_loss(torch.ones(3), torch.ones(3), torch.ones(3), reduction='avg')
""",
}


@pytest.mark.parametrize("name", list(SNIPPETS))
def test_same_as_torch(name: str) -> None:
    assert_same_as_torch(SNIPPETS[name])
