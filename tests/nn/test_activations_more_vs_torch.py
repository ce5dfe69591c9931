"""SELU, CELU, PReLU, Softsign, Tanhshrink, Threshold, Hardswish, Hardsigmoid,
GLU and Softmin (modules and functions) against real torch: each snippet must
print the same lines (reprs, values, gradients, second derivatives, grad_fn
names) and raise the same errors and warnings."""

from __future__ import annotations

import pytest

from ..transcript import assert_same_as_torch

# values on both sides of every kink, and on some kinks themselves
_X = "torch.tensor([[-4.0, -3.0, -1.5, -0.25, 0.0], [0.5, 1.0, 2.5, 3.0, 7.0]])"

SNIPPETS = {
    "elementwise_activations": f"""
x32 = {_X}
for dtype in [torch.float32, torch.float64]:
    x = x32.to(dtype).requires_grad_()
    for f in [F.selu, F.celu, lambda t: F.celu(t, alpha=0.5), F.softsign, F.tanhshrink,
              lambda t: F.threshold(t, 0.5, -2.0), F.hardswish, F.hardsigmoid,
              lambda t: F.elu(t, 2.0)]:
        y = f(x)
        (g,) = torch.autograd.grad(y, x, torch.ones_like(y), create_graph=True)
        print(y, y.grad_fn.name())
        print(g)
""",
    "elementwise_second_order": f"""
x = {_X}.double().requires_grad_()
v = torch.linspace(-1.0, 1.0, 10, dtype=torch.float64).reshape(2, 5).requires_grad_()
for f in [F.selu, F.celu, lambda t: F.celu(t, alpha=0.5), F.softsign, F.tanhshrink,
          lambda t: F.threshold(t, 0.5, -2.0), F.hardswish]:
    (g,) = torch.autograd.grad(f(x), x, v, create_graph=True)
    gx, gv = torch.autograd.grad((g * g * x).sum(), (x, v))
    print(g.grad_fn.name(), gx, gv)
""",
    "hardsigmoid_second_order_not_implemented": """
x = torch.tensor([-4.0, 0.5, 2.0], requires_grad=True)
(g,) = torch.autograd.grad(F.hardsigmoid(x).sum(), x, create_graph=True)
print(g, g.grad_fn.name())
g.sum().backward()
""",
    "graphs_of_composites": """
x = torch.tensor([[-1.0, 2.0, 0.5, -3.0]], requires_grad=True)
for y in [F.softsign(x), F.tanhshrink(x), F.softmin(x, 1), F.selu(x), F.celu(x)]:
    print(y.grad_fn, [n[0].name() for n in y.grad_fn.next_functions if n[0] is not None])
""",
    "inplace_variants": """
x = torch.tensor([-2.0, -0.5, 0.5, 4.0], requires_grad=True)
for f in [lambda t: F.selu(t, inplace=True), lambda t: F.celu(t, 0.5, True),
          lambda t: F.threshold(t, 0.0, 9.0, True), lambda t: F.threshold_(t, 0.0, 9.0),
          lambda t: F.hardswish(t, True), lambda t: F.hardsigmoid(t, True),
          lambda t: F.elu(t, inplace=True)]:
    y = x.clone()
    z = f(y)
    z.sum().backward()
    print(z is y, y, x.grad)
    x.grad = None
""",
    "modules": """
nn = torch.nn
x = torch.tensor([[-8.0, -0.5, 2.0, 9.0]])
for m in [nn.SELU(), nn.SELU(True), nn.CELU(), nn.CELU(0.5, True), nn.Softsign(), nn.Tanhshrink(),
          nn.Threshold(0.1, 20), nn.Threshold(0.1, 20.0, True), nn.Hardswish(), nn.Hardswish(True),
          nn.Hardsigmoid(), nn.GLU(), nn.GLU(1), nn.Softmin(1), nn.Softmin(dim=0)]:
    print(m, m(x.clone()), list(m.state_dict()))
""",
    "prelu": """
nn = torch.nn
torch.manual_seed(0)
m = nn.PReLU()
print(m, m.weight, list(m.state_dict()), nn.PReLU(3, 0.1).weight)
x = torch.randn(2, 3, 4, requires_grad=True)
y = m(x)
print(y.grad_fn.name(), [n[0].name() for n in y.grad_fn.next_functions])
y.pow(2).sum().backward()
print(x.grad, m.weight.grad)
m3 = nn.PReLU(3, init=-0.5).double()
x = torch.randn(2, 3, 4, 2, dtype=torch.float64, requires_grad=True)
y = m3(x)
print(y.grad_fn.name(), [n[0].name() for n in y.grad_fn.next_functions])
(g,) = torch.autograd.grad((y * y).sum(), x, create_graph=True)
(g * g).sum().backward()
print(g.grad_fn.name(), x.grad.sum((0, 2)), m3.weight.grad)
gx, gw = torch.autograd.grad(y, (x, m3.weight), torch.ones_like(y), create_graph=True)
print(gx.grad_fn.name(), gw.grad_fn.name(), gw.grad_fn.next_functions[0][0].name())
(gx.sum() + (gw * gw).sum()).backward()
print(x.grad.sum((0, 2)), m3.weight.grad)
y = F.prelu(torch.tensor([-1.0, 2.0]), torch.tensor(0.1))
print(y, F.prelu(torch.tensor([[-1.0, 2.0]]), torch.tensor([0.3])))
opt = torch.optim.SGD(m.parameters(), lr=0.1)
m(torch.tensor([-1.0, -2.0])).sum().backward()
opt.step()
print(m.weight)
""",
    "glu": """
x = torch.arange(-6.0, 6.0, dtype=torch.float64).reshape(3, 4).div(3).requires_grad_()
for d in [-1, 0, 1]:
    if x.shape[d] % 2:
        continue
    y = F.glu(x, d)
    v = torch.linspace(-1.0, 1.0, y.numel(), dtype=torch.float64).reshape(y.shape).requires_grad_()
    (g,) = torch.autograd.grad(y, x, v, create_graph=True)
    gx, gv = torch.autograd.grad((g * g * x).sum(), (x, v))
    print(d, y, y.grad_fn.name(), g.grad_fn.name(), g.detach(), gx, gv)
print(torch.nn.GLU()(torch.tensor([1.0, 2.0, 0.0, -1.0])))
""",
    "softmin": """
x = torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.5, -1.0]], requires_grad=True)
y = F.softmin(x, 1)
y[:, 0].sum().backward()
print(y, x.grad)
print(F.softmin(x, 0, dtype=torch.float64))
print(F.softmin(x))
print(torch.nn.Softmin()(x))
""",
    "glu_odd": "F.glu(torch.ones(3, 5))",
    "glu_scalar": "F.glu(torch.tensor(1.0))",
    "glu_long": "F.glu(torch.ones(4, dtype=torch.int64))",
    "prelu_channels": "torch.nn.PReLU(3)(torch.ones(2, 4))",
    "prelu_weight_2d": "F.prelu(torch.ones(2, 3), torch.ones(1, 3))",
    "prelu_weight_count": "F.prelu(torch.ones(2, 3), torch.ones(2, 2))",
    "prelu_zero_dim": "F.prelu(torch.tensor(1.0), torch.ones(3))",
    "prelu_types": "F.prelu(torch.ones(2, 3), torch.ones(3, dtype=torch.float64))",
    "prelu_long": "F.prelu(torch.ones(2, 3, dtype=torch.int64), torch.ones(3, dtype=torch.int64))",
    "celu_alpha_zero": "F.celu(torch.ones(2), 0.0)",
    "selu_long": "F.selu(torch.ones(2, dtype=torch.int64))",
    "hardswish_long": "F.hardswish(torch.ones(2, dtype=torch.int64))",
    "threshold_long": "print(F.threshold(torch.arange(4), 1, 10))",
}


@pytest.mark.parametrize("name", list(SNIPPETS))
def test_same_as_torch(name: str) -> None:
    assert_same_as_torch(SNIPPETS[name])
