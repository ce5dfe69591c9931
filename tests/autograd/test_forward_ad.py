"""``autograd.forward_ad`` (dual tensors) against torch 2.13: the tangents
(``J t``), the reprs, what a closed level leaves, and the misuse errors."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.autograd.forward_ad as tfw

import minigrad
import minigrad.autograd.forward_ad as mfw

from ..transcript import run

FUNCTIONS = {
    "square plus": lambda lib, x, y: x**2 + y**2,
    "sin times": lambda lib, x, y: x.sin() * x + y,
    "matmul tanh": lambda lib, x, y: (x @ y).tanh(),
    "softmax sum": lambda lib, x, y: lib.softmax(x * y, dim=1).sum(0),
    "exp log": lambda lib, x, y: (x.exp() + y.abs() + 1).log().mean(),
    "views": lambda lib, x, y: (x.t()[1:] * y.reshape(3, 3)[:2]).sum(1),
}


@pytest.mark.parametrize("name", list(FUNCTIONS))
def test_tangents_are_torchs(name: str) -> None:
    rng = np.random.default_rng(0)
    arrays = [rng.standard_normal((3, 3)).astype(np.float32) for _ in range(4)]
    results = []
    for lib, fw in ((minigrad, mfw), (torch, tfw)):
        x, y, tx, ty = (lib.tensor(a) for a in arrays)
        with fw.dual_level():
            out = FUNCTIONS[name](lib, fw.make_dual(x, tx), fw.make_dual(y, ty))
            primal, tangent = fw.unpack_dual(out)
            results.append((primal.numpy(), tangent.numpy()))
    (p1, t1), (p2, t2) = results
    np.testing.assert_allclose(p1, p2, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(t1, t2, rtol=1e-4, atol=1e-5)


SNIPPETS = {
    "basic": """
fwAD = torch.autograd.forward_ad
x = torch.tensor([1., 2.])
t = torch.tensor([1., 0.])
with fwAD.dual_level() as level:
    print(level)
    d = fwAD.make_dual(x, t)
    print(d)
    print(fwAD.unpack_dual(d))
    print(fwAD.unpack_dual(d).tangent is t, d._base is x, d.requires_grad)
    y = d.sin() * d
    print(y)
    print(fwAD.unpack_dual(x))
    print(y.sum(), (y * 3)[1])
    with torch.no_grad():
        print(d * 3)
    print(d.detach())
print(fwAD.unpack_dual(y), y)
print(type(fwAD.unpack_dual(y)).__name__, fwAD.unpack_dual(y)._fields)
""",
    "reprs": """
fwAD = torch.autograd.forward_ad
with fwAD.dual_level():
    print(fwAD.make_dual(torch.tensor(2.0), torch.tensor(1 / 3)))
    print(fwAD.make_dual(torch.tensor(2.0), torch.tensor(1.5, dtype=torch.float64)))
    print(fwAD.make_dual(torch.ones(2, 3), torch.arange(6.0).reshape(2, 3) * 17.3))
    print(f"{fwAD.make_dual(torch.tensor(2.0), torch.tensor(0.5))}")
""",
    "tangent depends on the primal": """
fwAD = torch.autograd.forward_ad
p = torch.tensor([1., 2.], requires_grad=True)
with fwAD.dual_level():
    d = fwAD.make_dual(p, torch.ones(2))
    print(d)
    print(fwAD.unpack_dual(d).primal, fwAD.unpack_dual(p * 2))
    y = (d * d).sum()
    y.backward()
    print(p.grad)
    t = fwAD.unpack_dual(y).tangent
    print(t.item(), t.requires_grad)
    t.backward()
    print(p.grad)
""",
    "a tangent that requires grad": """
fwAD = torch.autograd.forward_ad
tt = torch.ones(2, requires_grad=True)
with fwAD.dual_level():
    w = (fwAD.make_dual(torch.tensor([3., 4.]), tt) ** 2).sum()
    g = fwAD.unpack_dual(w).tangent
    print(g.item(), g.requires_grad)
    g.backward()
print(tt.grad)
""",
    "a module's parameters made dual": """
fwAD = torch.autograd.forward_ad
torch.manual_seed(0)
model = torch.nn.Linear(5, 3)
x = torch.randn(4, 5)
params = dict(model.named_parameters())
tangents = {name: torch.ones_like(p) for name, p in params.items()}
with fwAD.dual_level():
    for name, p in params.items():
        delattr(model, name)
        setattr(model, name, fwAD.make_dual(p, tangents[name]))
    jvp = fwAD.unpack_dual(model(x)).tangent
print(jvp.detach())
""",
    "in-place operations and writes through an index": """
fwAD = torch.autograd.forward_ad
with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([1., 2.]), torch.tensor([1., 1.]))
    e = d * 1
    e.mul_(3)
    print(e)
    x = torch.zeros(2)
    x.add_(d * d)
    print(x)
    y = torch.ones(2)
    y.copy_(d)
    print(y)
    z = d.clone()
    z.zero_()
    print(z)
    w = d * 1
    w[0] = 5.0
    print(w)
    v = torch.zeros(2, 2)
    v[1] = d * 3
    v[0, 1] = d[0]
    print(v)
    p = torch.tensor([1., 2.], requires_grad=True)
    q = fwAD.make_dual(p, torch.tensor([1., 0.])).exp()
    q.mul_(2)
    print(fwAD.unpack_dual(q).tangent.detach())
""",
    "tangents of another dtype, and promotion": """
fwAD = torch.autograd.forward_ad
with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([1., 2.]), torch.tensor([1., 3.], dtype=torch.float64))
    print(d * 2)
    print(d.sin())
    print(d.double() * 2)
    e = fwAD.make_dual(torch.tensor([1., 2.], dtype=torch.float64), torch.tensor([1., 3.]))
    print(e * 2)
    print(e + d)
    print(e * torch.tensor([1, 2]))
""",
    "in-place changes through views": """
fwAD = torch.autograd.forward_ad
with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([1., 2., 3.]), torch.tensor([1., 1., 1.]))
    b = d * 1
    v = b[1:]
    v.mul_(2)
    print(b, v)
    x = torch.zeros(3)
    w = x[:2]
    w.copy_(d[:2] * 5)
    print(x)
    m = torch.zeros(2, 3)
    m.t()[1] = d[:2]
    print(m)
    r = torch.zeros(2, 3)
    r[0].add_(d)
    print(r)
    p = torch.ones(4, requires_grad=True) * 1
    p[1:3].mul_(fwAD.make_dual(torch.tensor([2., 3.]), torch.tensor([1., -1.])))
    print(p.detach(), fwAD.unpack_dual(p).tangent.detach())
""",
    "make_dual outside a level": """
torch.autograd.forward_ad.make_dual(torch.ones(2), torch.ones(2))
""",
    "nested levels": """
fwAD = torch.autograd.forward_ad
with fwAD.dual_level():
    with fwAD.dual_level():
        pass
""",
    "sizes differ": """
fwAD = torch.autograd.forward_ad
with fwAD.dual_level():
    fwAD.make_dual(torch.ones(2), torch.ones(3))
""",
    "integer primal": """
fwAD = torch.autograd.forward_ad
with fwAD.dual_level():
    fwAD.make_dual(torch.tensor([1, 2]), torch.ones(2))
""",
    "integer tangent": """
fwAD = torch.autograd.forward_ad
with fwAD.dual_level():
    fwAD.make_dual(torch.ones(2), torch.tensor([1, 2]))
""",
    "dual of a dual": """
fwAD = torch.autograd.forward_ad
with fwAD.dual_level():
    fwAD.make_dual(fwAD.make_dual(torch.ones(2), torch.ones(2)), torch.ones(2))
""",
    "exit without a level": """
torch.autograd.forward_ad.exit_dual_level()
""",
    "unpack a number": """
print(torch.autograd.forward_ad.unpack_dual(3.0))
with torch.autograd.forward_ad.dual_level():
    torch.autograd.forward_ad.unpack_dual(3.0)
""",
    "enter and exit by hand": """
fwAD = torch.autograd.forward_ad
print(fwAD.enter_dual_level())
d = fwAD.make_dual(torch.tensor(3.0), torch.tensor(2.0))
print(d * d)
fwAD.exit_dual_level()
print(d * d, fwAD.unpack_dual(d * d).tangent)
""",
}


@pytest.mark.parametrize("name", list(SNIPPETS))
def test_prints_what_torch_prints(name: str) -> None:
    mine, theirs = run(SNIPPETS[name], minigrad), run(SNIPPETS[name], torch)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings


def test_no_dual_tensor_leaves_nothing_behind() -> None:
    from minigrad.core import node as function

    with mfw.dual_level():
        y = mfw.make_dual(minigrad.ones(2), minigrad.ones(2)) * 2
        assert function._TANGENTS
    assert not function._TANGENTS  # closing the level forgets every tangent
    assert mfw.unpack_dual(y).tangent is None
    with mfw.dual_level():  # a new level does not bring old tangents back
        assert mfw.unpack_dual(y).tangent is None


def test_a_graph_is_not_needed_for_the_plain_result() -> None:
    with mfw.dual_level():
        y = mfw.make_dual(minigrad.ones(2), minigrad.ones(2)).exp()
        assert y.grad_fn is None and not y.requires_grad
        assert mfw.unpack_dual(y).tangent.grad_fn is None


GRADCHECKED = {
    "exp sum": lambda lib, x: x.exp().sum(),
    "two outputs": lambda lib, x: (x.sin() * x, x.cumsum(0)),
    "matmul": lambda lib, x: x.reshape(2, 2) @ x.reshape(2, 2).t(),
    "softmax": lambda lib, x: lib.softmax(x, dim=0),
}


@pytest.mark.parametrize("name", list(GRADCHECKED))
def test_gradcheck_with_forward_ad(name: str) -> None:
    for lib in (minigrad, torch):
        x = lib.tensor([0.3, -1.2, 0.7, 2.0], dtype=lib.float64, requires_grad=True)
        assert lib.autograd.gradcheck(
            lambda t, lib=lib: GRADCHECKED[name](lib, t), (x,), check_forward_ad=True
        )


def _ops(lib):
    F = lib.nn.functional
    b = _fixed(lib, 4, 2, seed=3)
    target = lib.tensor([0, 3, 1])
    return {
        "to float64": lambda d: d.to(lib.float64),
        "clone": lambda d: d.clone(),
        "contiguous": lambda d: d.t().contiguous(),
        "expand": lambda d: d[:1].expand(3, 4),
        "permute": lambda d: d.permute(1, 0),
        "index": lambda d: d[lib.tensor([2, 0])],
        "mask": lambda d: d[d > 0],
        "cat": lambda d: lib.cat([d, d * 2]),
        "stack": lambda d: lib.stack([d, d]),
        "where": lambda d: lib.where(d > 0, d, d * 3),
        "clamp": lambda d: d.clamp(-0.5, 0.5),
        "relu": lambda d: F.relu(d),
        "max dim": lambda d: d.max(dim=1).values,
        "max": lambda d: d.max(),
        "sort": lambda d: d.sort(dim=1).values,
        "linear": lambda d: F.linear(d, b.t()),
        "mse": lambda d: F.mse_loss(d, lib.zeros(3, 4)),
        "cross entropy": lambda d: F.cross_entropy(d, target),
        "log_softmax": lambda d: F.log_softmax(d, dim=1),
        "var": lambda d: d.var(dim=0),
        "std": lambda d: d.std(),
        "norm": lambda d: d.norm(),
        "pow of a tensor": lambda d: d.abs().pow(d),
        "2 ** d": lambda d: 2**d,
        "einsum": lambda d: lib.einsum("ij,jk->ik", d, b),
        "cumsum": lambda d: d.cumsum(1),
        "gather": lambda d: d.gather(1, target.unsqueeze(1)),
        "division": lambda d: 1 / (d.abs() + 1),
        "prod": lambda d: d.prod(1),
        "split": lambda d: d.split(2, dim=1)[1],
        "unbind": lambda d: d.unbind(0)[2],
        "layer_norm": lambda d: F.layer_norm(d, (4,)),
        "masked_fill": lambda d: d.masked_fill(d > 0, 0.0),
        "minimum": lambda d: lib.minimum(d, d * -1),
        "gelu": lambda d: F.gelu(d),
        "logsumexp": lambda d: d.logsumexp(1),
    }


def _fixed(lib, *shape, seed=0):
    rng = np.random.default_rng(seed)
    return lib.tensor(rng.standard_normal(shape).astype(np.float32))


@pytest.mark.parametrize("name", list(_ops(torch)))
def test_the_tangent_of_each_operation_is_torchs(name: str) -> None:
    results = []
    for lib, fw in ((minigrad, mfw), (torch, tfw)):
        with fw.dual_level():
            out = _ops(lib)[name](fw.make_dual(_fixed(lib, 3, 4), _fixed(lib, 3, 4, seed=1)))
            tangent = fw.unpack_dual(out).tangent
            results.append((tuple(tangent.shape), str(tangent.dtype), tangent.numpy()))
    (s1, d1, t1), (s2, d2, t2) = results
    assert (s1, d1) == (s2, d2)
    np.testing.assert_allclose(t1, t2, rtol=1e-5, atol=1e-6)
