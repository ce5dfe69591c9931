"""Small autograd programs in the style of the textbooks (d2l's autograd
chapter, PyTorch's autograd tutorial, blog posts on hooks and higher-order
derivatives), each run under real torch and under minigrad: the transcripts
(printed lines, errors, warnings) must be identical."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import torch

import minigrad

from ..lessons.test_seeds import check

PROGRAMS = {
    "d2l y = 2 x.x": """
x = torch.arange(4.0)
print(x)
x.requires_grad_(True)
print(x.grad)
y = 2 * torch.dot(x, x)
print(y)
y.backward()
print(x.grad)
print(x.grad == 4 * x)
""",
    "d2l zero then sum": """
x = torch.arange(4.0, requires_grad=True)
y = 2 * torch.dot(x, x)
y.backward()
x.grad.zero_()
y = x.sum()
y.backward()
print(x.grad)
""",
    "d2l non-scalar": """
x = torch.arange(4.0, requires_grad=True)
y = x * x
y.sum().backward()
print(x.grad)
x.grad.zero_()
y = x * x
y.backward(gradient=torch.ones(len(x)))
print(x.grad)
""",
    "d2l detach": """
x = torch.arange(4.0, requires_grad=True)
y = x * x
u = y.detach()
z = u * x
z.sum().backward()
print(x.grad == u)
x.grad.zero_()
y.sum().backward()
print(x.grad == 2 * x)
""",
    "d2l control flow": """
def f(a):
    b = a * 2
    while b.norm() < 1000:
        b = b * 2
    if b.sum() > 0:
        c = b
    else:
        c = 100 * b
    return c

for v in [0.5, -0.3, 1.5]:
    a = torch.tensor(v, requires_grad=True)
    d = f(a)
    d.backward()
    print(a.grad, a.grad == d / a)
""",
    "tutorial jacobian product": """
inp = torch.eye(4, 5, requires_grad=True)
out = (inp + 1).pow(2).t()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"First call\\n{inp.grad}")
out.backward(torch.ones_like(out), retain_graph=True)
print(f"\\nSecond call\\n{inp.grad}")
inp.grad.zero_()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"\\nCall after zeroing gradients\\n{inp.grad}")
""",
    "tutorial loss graph": """
torch.manual_seed(1)
x = torch.ones(5)
y = torch.zeros(3)
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
z = torch.matmul(x, w) + b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
print(loss)
print(loss.grad_fn, loss.grad_fn.next_functions)
loss.backward()
print(w.grad)
print(b.grad)
""",
    "hook doubles the gradient": """
x = torch.tensor([1., 2., 3.], requires_grad=True)
h = x.register_hook(lambda g: g * 2)
(x * x).sum().backward()
print(x.grad)
h.remove()
x.grad = None
(x * x).sum().backward()
print(x.grad)
""",
    "hook on a non-leaf prints": """
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 3
y.register_hook(lambda g: print("grad of y:", g))
z = (y ** 2).sum()
z.backward()
print(x.grad)
""",
    "hook returning None and several hooks": """
x = torch.tensor(2., requires_grad=True)
seen = []
x.register_hook(lambda g: seen.append(g.item()))
x.register_hook(lambda g: g + 1)
x.register_hook(lambda g: seen.append(g.item()))
(x ** 3).backward()
print(seen, x.grad)
""",
    "retain_grad on intermediates": """
x = torch.tensor([1., 2.], requires_grad=True)
a = x * 2
b = a.exp()
a.retain_grad()
b.retain_grad()
out = b.sum()
out.retain_grad()
out.backward()
print(a.grad, b.grad, out.grad)
print(a.retains_grad, x.retains_grad, a.is_leaf)
""",
    "no_grad, enable_grad and set_grad_enabled": """
x = torch.tensor([1.], requires_grad=True)
with torch.no_grad():
    y = x * 2
    with torch.enable_grad():
        z = x * 3
print(y.requires_grad, z.requires_grad, z.grad_fn)
torch.set_grad_enabled(False)
w = x * 4
torch.set_grad_enabled(True)
print(w.requires_grad, torch.is_grad_enabled())

@torch.no_grad()
def predict(t):
    return t * 5

@torch.enable_grad()
def train(t):
    return t * 6

print(predict(x).requires_grad)
with torch.no_grad():
    print(train(x).requires_grad)
""",
    "detach shares storage": """
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
d = y.detach()
print(d, d.requires_grad, d.is_leaf)
d[0] = 10.
print(y)
print(x.detach().numpy())
""",
    "detach_ in place": """
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
y.detach_()
print(y, y.requires_grad, y.grad_fn, y.is_leaf)
""",
    "data trick": """
x = torch.tensor([1., 2.], requires_grad=True)
y = x ** 2
x.data *= 10
print(x, y)
y.sum().backward()
print(x.grad)
""",
    "in-place on non-leaf": """
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
y.add_(1)
print(y)
y.mul_(y)
print(y)
y.sum().backward()
print(x.grad)
""",
    "augmented assignment": """
x = torch.tensor([1., 2.], requires_grad=True)
y = x + 0
y += 1
y *= x
y -= 2
y /= 4
print(y)
y.sum().backward()
print(x.grad)
""",
    "setitem builds a tensor": """
x = torch.tensor([2., 3.], requires_grad=True)
y = torch.zeros(3)
y[0] = x[0] * x[1]
y[1:] = x ** 2
print(y)
y.sum().backward()
print(x.grad)
""",
    "in-place through a view": """
x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
a = x * 1
a.view(2, 2)[0].mul_(10)
print(a)
(a * a).sum().backward()
print(x.grad)
""",
    "version counter": """
a = torch.ones(3)
print(a._version)
a.add_(1)
a[0] = 5
a.zero_()
print(a._version)
b = a.view(3)
b.fill_(2)
print(a._version, b._version, a)
""",
    "higher order with grad": """
x = torch.tensor(1.5, requires_grad=True)
y = x ** 4
d1, = torch.autograd.grad(y, x, create_graph=True)
d2, = torch.autograd.grad(d1, x, create_graph=True)
d3, = torch.autograd.grad(d2, x, create_graph=True)
d4, = torch.autograd.grad(d3, x)
print(d1.item(), d2.item(), d3.item(), d4.item())
""",
    "higher order of tanh and sin": """
x = torch.linspace(-1, 1, 5, requires_grad=True)
y = torch.tanh(x) * torch.sin(x)
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
gg, = torch.autograd.grad(g.sum(), x)
print(g.detach())
print(gg)
""",
    "hessian vector product": """
x = torch.tensor([1., 2.], requires_grad=True)
f = (x[0] ** 2) * x[1] + x[1] ** 3
g, = torch.autograd.grad(f, x, create_graph=True)
v = torch.tensor([1., 0.])
hv, = torch.autograd.grad(g, x, grad_outputs=v)
print(g, hv)
""",
    "accumulate then zero": """
w = torch.tensor([1., -1.], requires_grad=True)
for step in range(3):
    loss = (w * torch.tensor([2., 3.])).sum() ** 2
    loss.backward()
    print(step, w.grad)
w.grad.zero_()
print(w.grad)
w.grad = None
print(w.grad)
""",
    "requires_grad_ toggling": """
w = torch.ones(2)
print((w * 2).requires_grad)
w.requires_grad_()
print((w * 2).requires_grad, (w * 2).grad_fn)
w.requires_grad_(False)
print((w * 2).requires_grad, w.requires_grad)
w.requires_grad = True
print(w, w.is_leaf)
""",
    "backward with inputs=": """
x = torch.tensor(1., requires_grad=True)
y = torch.tensor(2., requires_grad=True)
z = x * y + y ** 2
z.backward(inputs=[x], retain_graph=True)
print(x.grad, y.grad)
z.backward(inputs=y)
print(x.grad, y.grad)
""",
    "autograd.grad with several outputs and inputs": """
x = torch.tensor([1., 2.], requires_grad=True)
w = torch.tensor([0.5, -1.], requires_grad=True)
a = (x * w).sum()
b = (x ** 2 * w).sum()
print(torch.autograd.grad([a, b], [x, w]))
print(torch.autograd.grad([a, b], [x, w], grad_outputs=[torch.tensor(2.), torch.tensor(-1.)]))
""",
    "autograd.backward of several outputs": """
x = torch.tensor([1., 2.], requires_grad=True)
y1 = x * 2
y2 = x.exp().sum()
torch.autograd.backward([y1, y2], [torch.ones(2), None])
print(x.grad)
""",
    "dtype promotion": """
i = torch.tensor([1, 2, 3])
f = torch.tensor([0.5, 1.5, 2.5])
d = torch.tensor([1., 2., 3.], dtype=torch.float64)
b = torch.tensor([True, False, True])
print(i + f, (i + f).dtype)
print(i * 2.5, i / 2, i // 2, (i / 2).dtype)
print(f + d, (f + d).dtype)
print(b + b, b * 2, b + 1.5, i + True)
print(i > 1, (i > 1).dtype, f == 1.5)
print(torch.tensor(2.) * i, (torch.tensor(2., dtype=torch.float64) * f).dtype)
print(i.float(), f.long(), f.double(), i.to(torch.float32).dtype)
""",
    "mixed dtype gradients": """
x = torch.tensor([1., 2.], requires_grad=True)
d = torch.tensor([3., 4.], dtype=torch.float64, requires_grad=True)
y = (x * d).sum()
print(y)
y.backward()
print(x.grad, d.grad)
""",
    "printing of every kind": """
x = torch.tensor([[1.5, -2.], [3.25, 4.]], requires_grad=True)
print(x)
print(x.sum(), x.mean(1), x.t(), x[0], x @ x)
print(x.exp(), x.abs().sqrt())
print(torch.tensor(1e-7), torch.tensor([1e10, 1.]), torch.tensor([0.1, 100000.]))
print(torch.arange(10).view(2, 5), torch.zeros(2, 0), torch.ones(3, dtype=torch.int32))
print(torch.tensor([True, False]), torch.tensor(3.5, dtype=torch.float64))
print(x.shape, x.size(1), x.dtype, x.grad_fn, (x * 1).grad_fn)
print(repr(x.detach()), str(x.detach()))
print(torch.arange(1200.))
""",
    "printing of gradients and nodes": """
x = torch.tensor([1., 2.], requires_grad=True)
y = (x * 3).sin()
print(y.grad_fn, y.grad_fn.name(), y.grad_fn.next_functions)
print(y.grad_fn.next_functions[0][0].next_functions)
print(y.grad_fn.next_functions[0][0].next_functions[0][0].variable is x)
y.sum().backward()
print(x.grad)
""",
    "a simple linear regression step": """
torch.manual_seed(0)
X = torch.randn(8, 2)
true_w = torch.tensor([2., -3.4])
y = X @ true_w + 4.2
w = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.1
for epoch in range(3):
    loss = ((X @ w + b - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
        w.grad.zero_()
        b.grad.zero_()
    print(epoch, loss)
print(w, b)
""",
    "SGD optimizer": """
w = torch.tensor([1., 2.], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
for _ in range(2):
    opt.zero_grad()
    loss = (w ** 2).sum()
    loss.backward()
    opt.step()
    print(w, w.grad)
""",
    "sigmoid and relu network by hand": """
torch.manual_seed(3)
x = torch.randn(4, 3)
W1 = torch.randn(3, 5, requires_grad=True)
W2 = torch.randn(5, 1, requires_grad=True)
h = torch.relu(x @ W1)
out = torch.sigmoid(h @ W2)
loss = -(out.log()).mean()
loss.backward()
print(loss)
print(W1.grad)
print(W2.grad.t())
""",
    "gradient of a reused leaf and of a scalar constant": """
x = torch.tensor(3., requires_grad=True)
y = x * x * x + 2 * x - 7
y.backward()
print(y, x.grad)
c = torch.tensor(5.)
z = x * c
z.backward()
print(x.grad, c.grad, c.requires_grad)
""",
    "broadcasting gradients": """
a = torch.ones(2, 3, requires_grad=True)
b = torch.tensor([1., 2., 3.], requires_grad=True)
s = torch.tensor(2., requires_grad=True)
y = (a * b + s).sum()
y.backward()
print(a.grad, b.grad, s.grad)
""",
    "views and their gradients": """
x = torch.arange(6., requires_grad=True)
m = x.view(2, 3)
y = (m.t() @ m).sum() + m[1, 2] * 3 + m.unsqueeze(0).expand(2, 2, 3).sum()
y.backward()
print(x.grad)
print(m.is_leaf, m.grad_fn, m.t().grad_fn, m.unsqueeze(0).grad_fn)
""",
    "fill_ and zero_ in graphs": """
a = torch.ones(2, requires_grad=True)
c = a * 1
print(c.fill_(0), c.zero_().grad_fn)
x = torch.tensor(2., requires_grad=True)
c = a * 1
c.fill_(x * 3)
c.sum().backward()
print(x.grad, a.grad, c)
""",
    "errors end a program": """
x = torch.tensor([1., 2.], requires_grad=True)
y = x.exp()
print(y)
y.add_(1)
print(y, y._version)
y.sum().backward()
print("not reached")
""",
}


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_program(name: str) -> None:
    check(PROGRAMS[name])


def test_sibling_view_after_inplace_through_another_view() -> None:
    check(
        """
x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
a = x * 1
v = a.view(2, 2)
v[0].mul_(10)
print(v)
(v * v).sum().backward()
print(x.grad)
"""
    )


def test_enough_programs() -> None:
    assert len(PROGRAMS) >= 30


_ONCE_SCRIPT = """
import warnings, sys
import {module} as torch
warnings.simplefilter("always")
x = torch.tensor(1., requires_grad=True)
with warnings.catch_warnings(record=True) as first:
    warnings.simplefilter("always")
    (x * x).backward(create_graph=True)
with warnings.catch_warnings(record=True) as second:
    warnings.simplefilter("always")
    (x * x * x).backward(create_graph=True)
print(len(first), len(second), str(first[0].message)[:50] if first else None)
print(x.grad)
"""


def test_create_graph_warning_once_per_process() -> None:
    """backward(create_graph=True) warns once per process, in a fresh process."""
    root = Path(__file__).resolve().parents[2]
    outs = [
        subprocess.run(
            [sys.executable, "-c", _ONCE_SCRIPT.format(module=m)],
            capture_output=True,
            text=True,
            cwd=root,
            check=True,
        ).stdout
        for m in ("torch", "minigrad")
    ]
    assert outs[0] == outs[1]
    assert outs[0].startswith("1 0 Using backward() with create_graph=True")


def test_programs_under_minigrad_never_import_torch() -> None:
    assert minigrad.tensor(1.0).__class__ is not torch.Tensor
