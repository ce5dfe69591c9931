"""The operators at their edges, against real torch: kinks and ties (exact
inputs), grad_fn names and next_functions, misuse errors and warnings. Each
snippet runs under both libraries and the transcripts are compared.
"""

from __future__ import annotations

import pytest
import torch

import minigrad

from ..transcript import run

# --- kinks and ties: exact inputs, compared with torch -----------------------
KINKS = [
    # abs, relu, leaky_relu at 0
    "x = torch.tensor([-1., 0., 2.], requires_grad=True)\n"
    "for f in (torch.abs, torch.relu, F.leaky_relu, torch.sign, torch.floor):\n"
    "    x.grad = None; f(x).sum().backward(); print(f.__name__, x.grad)",
    # clamp passes the gradient at both boundaries
    "x = torch.tensor([0., 1., 1.5, 2., 3.], requires_grad=True)\n"
    "x.clamp(1, 2).sum().backward(); print(x.grad)\n"
    "x.grad = None; x.clamp(min=1).sum().backward(); print(x.grad)\n"
    "x.grad = None; x.clamp(max=2).sum().backward(); print(x.grad)\n"
    "x.grad = None; torch.clamp(x, 3, 1).sum().backward(); print(x.grad)",
    # clamp with tensor bounds: ties at the bound
    "x = torch.tensor([0., 1., 2., 3.], requires_grad=True)\n"
    "lo = torch.tensor([1., 1., 2., 2.5], requires_grad=True)\n"
    "x.clamp(min=lo).sum().backward(); print(x.grad, lo.grad)\n"
    "x.grad = lo.grad = None; x.clamp(max=lo).sum().backward(); print(x.grad, lo.grad)",
    # maximum/minimum split ties half and half
    "a = torch.tensor([1., 2., 3.], requires_grad=True)\n"
    "b = torch.tensor([1., 0., 3.], requires_grad=True)\n"
    "torch.maximum(a, b).sum().backward(); print(a.grad, b.grad)\n"
    "a.grad = b.grad = None; torch.min(a, b).sum().backward(); print(a.grad, b.grad)",
    # max() shares evenly between ties; max(dim) sends it to the returned index
    "y = torch.tensor([[1., 3., 3.], [2., 2., 0.]], requires_grad=True)\n"
    "y.max().backward(); print(y.grad)\n"
    "y.grad = None; y.min().backward(); print(y.grad)\n"
    "y.grad = None; m = y.max(1); m.values.sum().backward(); print(m.indices, y.grad)\n"
    "y.grad = None; m = y.min(dim=0, keepdim=True); m.values.sum().backward(); print(m, y.grad)\n"
    "y.grad = None; y.amax(1).sum().backward(); print(y.grad)\n"
    "y.grad = None; y.amin().backward(); print(y.grad)",
    # norms at 0 and with ties
    "x = torch.tensor([1., -3., 3., 0.], requires_grad=True)\n"
    "x.norm(float('inf')).backward(); print(x.grad)\n"
    "z = torch.zeros(3, requires_grad=True)\n"
    "for p in (2, 1, 3, float('inf')):\n"
    "    z.grad = None; z.norm(p).backward(); print(p, z.grad)",
    # std of a constant: gradient 0, not nan
    "q = torch.ones(3, requires_grad=True)\nq.std().backward(); print(q.grad)",
    # prod with zeros, first and second order
    "p = torch.tensor([0., 2., 3.], requires_grad=True)\n"
    "g, = torch.autograd.grad(p.prod(), p, create_graph=True); print(g)\n"
    "print(torch.autograd.grad(g.sum(), p))\n"
    "p = torch.tensor([[0., 0., 3.], [1., 0., 2.]], requires_grad=True)\n"
    "g, = torch.autograd.grad(p.prod(1).sum(), p, create_graph=True); print(g)\n"
    "print(torch.autograd.grad((g * g).sum(), p))",
    # repeated indices accumulate
    "a = torch.tensor([[1., 5.], [3., 4.]], requires_grad=True)\n"
    "a[[0, 0, 1]].sum().backward(); print(a.grad)\n"
    "a.grad = None; a.index_select(1, torch.tensor([1, 1, 1])).sum().backward(); print(a.grad)\n"
    "a.grad = None; a.gather(0, torch.tensor([[1, 1], [1, 0]])).sum().backward(); print(a.grad)",
    # setitem with repeated indices: the value gets the gradient of every copy
    "a = torch.tensor([[1., 5.], [3., 4.]], requires_grad=True)\n"
    "v = torch.tensor([7., 8.], requires_grad=True)\n"
    "c = a * 1; c[torch.tensor([0, 0])] = v\n"
    "print(c, c.grad_fn.next_functions)\n"
    "(c * torch.tensor([[1., 2.], [3., 4.]])).sum().backward(); print(a.grad, v.grad)",
    # binary_cross_entropy clamps its logs at -100
    "x = torch.tensor([0., 1., 0.5], requires_grad=True)\n"
    "y = torch.tensor([1., 0., 1.])\n"
    "l = F.binary_cross_entropy(x, y, reduction='none'); print(l)\n"
    "l.sum().backward(); print(x.grad)",
]


@pytest.mark.parametrize("code", KINKS, ids=range(len(KINKS)))
def test_kinks_and_ties(code: str) -> None:
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()


# --- grad_fn names and next_functions ---------------------------------------
GRAPHS = [
    "a = torch.tensor([[1., 5.], [3., 4.]], requires_grad=True)\n"
    "vals, idx = a.max(dim=1)\nparts = a.unbind(0)\ns = vals.sum() + parts[1].sum()\n"
    "print(s.grad_fn.next_functions)\nprint(s.grad_fn.next_functions[1][0].next_functions)",
    "a = torch.arange(10.).reshape(5, 2).requires_grad_()\n"
    "p = a.split(2)\nprint(p[0].grad_fn is p[2].grad_fn, (p[1] * 1).grad_fn.next_functions)\n"
    "q = a.split([1, 4])\nprint(q[1].grad_fn, [t.grad_fn for t in a.chunk(2, 1)])\n"
    "(q[1] * 3).sum().backward(); print(a.grad)",
    "a = torch.tensor([[1., 5.], [3., 4.]], requires_grad=True)\n"
    "b = torch.ones(2, 2, requires_grad=True)\n"
    "for t in (torch.cat([a, b]), torch.stack([a, b]), a.repeat(2, 1), torch.where(a > 2, a, b),\n"
    "          torch.where(a > 2, a, 0.), torch.maximum(a, b), a.clamp(min=b), a.clamp(0, 1),\n"
    "          a.masked_fill(a > 2, 0.), a.masked_fill(a > 2, b.sum()), a.prod(), a.prod(0),\n"
    "          a.norm(), a.var(0), a.std(), a.logsumexp(1), a.cumsum(0), a.narrow(0, 0, 1),\n"
    "          a.select(1, 0), a.index_select(0, torch.tensor([0, 0])), a.max(), a.min(0)[0],\n"
    "          a.amax(0), a.log1p(), a.exp2(), a.erf(), a.round()):\n"
    "    print(t.grad_fn, t.grad_fn.next_functions)",
    "a = torch.tensor([[1., 5.], [3., 4.]], requires_grad=True)\n"
    "for f in ('clamp_(0, 2)', 'clip_(0, 2)', 'clamp_min_(2)', 'clamp_max_(2)', 'sigmoid_()',\n"
    "          'tanh_()', 'log1p_()', 'masked_fill_(a > 2, 0.)', 'relu_()', 'exp2_()'):\n"
    "    c = a * 1; eval('c.' + f); print(f, c.grad_fn, c.grad_fn.next_functions)\n"
    "c = a * 1; F.leaky_relu_(c); print(c.grad_fn)\n"
    "c = a * 1; F.relu(c, inplace=True); print(c.grad_fn)",
    "v = torch.tensor([1., 2.], requires_grad=True)\n"
    "a = torch.ones(2, 2, requires_grad=True)\n"
    "c = torch.ones(3, 2, 2, requires_grad=True)\n"
    "def chain(fn, depth=4):\n"
    "    if fn is None or depth == 0: return str(fn)\n"
    "    return fn.name() + str([chain(n, depth - 1) for n, _ in fn.next_functions])\n"
    "for t in (v @ a, a @ v, v @ v, a @ a, torch.outer(v, v), c @ a, c @ c, a @ c, c @ v, v @ c,\n"
    "          torch.bmm(c, c)):\n"
    "    print(tuple(t.shape), chain(t.grad_fn))",
    "a = torch.tensor([[1., 5.], [3., 4.]], requires_grad=True)\n"
    "t = torch.tensor([0, 1])\n"
    "for l in (F.softmax(a, 1), F.log_softmax(a, 0), torch.softmax(a, -1), F.mse_loss(a, a * 2),\n"
    "          F.l1_loss(a, torch.zeros(2, 2)),\n"
    "          F.binary_cross_entropy(a.sigmoid(), torch.zeros(2, 2)),\n"
    "          F.binary_cross_entropy_with_logits(a, torch.ones(2, 2), pos_weight=torch.ones(2)),\n"
    "          F.cross_entropy(a, t), F.cross_entropy(a, t, reduction='none'),\n"
    "          F.cross_entropy(a, torch.tensor([[0.5, 0.5], [0.2, 0.8]])),\n"
    "          F.nll_loss(a, t), F.leaky_relu(a)):\n"
    "    print(l.grad_fn, l.grad_fn.next_functions)",
    "a = torch.tensor([[1., 5.], [3., 4.]], requires_grad=True)\n"
    "print(a.max(dim=1))\nprint(torch.min(a, 0, True))\nm = a.max(1)\n"
    "print(type(m).__name__, m.values, m.indices, m[0] is m.values)\n"
    "print(torch.tensor([1, 5, 2]).max(0))\nprint(torch.tensor(3., requires_grad=True).max(0))",
    "a = torch.tensor([[1., 5.], [3., 4.]], requires_grad=True)\n"
    "print([t for t in a])\nprint(a.split(1, 1))\nprint(torch.chunk(a, 3))",
]


@pytest.mark.parametrize("code", GRAPHS, ids=range(len(GRAPHS)))
def test_graph_names_and_printing(code: str) -> None:
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()


# --- misuse: the same error type and message as torch -----------------------
ERRORS = [
    "torch.cat([a, torch.ones(3)])",
    "torch.cat([a, torch.ones(2, 3)])",
    "torch.cat([a, torch.ones(3, 3)], 1)",
    "torch.cat([])",
    "torch.cat([a], 2)",
    "torch.cat(a)",
    "torch.cat([torch.tensor(1.), torch.tensor(2.)])",
    "torch.stack([a, torch.ones(3)])",
    "torch.stack([])",
    "torch.stack([a, a], 3)",
    "a.max(2)",
    "a.max(dim=-3)",
    "torch.max(a, 1.)",
    "torch.ones(0).max()",
    "torch.ones(2, 0).max(1)",
    "a.prod(3)",
    "a.prod(dim=(0, 1))",
    "a.var(4)",
    "torch.tensor([1, 2]).var()",
    "a.norm(dim=4)",
    "torch.logsumexp(a, 3)",
    "a.cumsum(2)",
    "a.repeat(2)",
    "a.split(0)",
    "a.split([1, 2])",
    "a.chunk(0)",
    "a.unbind(2)",
    "a.squeeze(3)",
    "a.unsqueeze(4)",
    "a.permute(0)",
    "a.permute(0, 0)",
    "a.flatten(3)",
    "a.narrow(0, 1, 2)",
    "a.select(0, 5)",
    "a.index_select(0, torch.tensor([5]))",
    "a.index_select(0, torch.tensor([0.]))",
    "torch.where(a > 1, a, torch.ones(3))",
    "torch.where(a, a, a)",
    "torch.maximum(a, torch.ones(3))",
    "a.clamp()",
    "a.clamp(torch.ones(3))",
    "a.masked_fill(torch.ones(3, dtype=torch.bool), 0.)",
    "a.masked_fill(a, 0.)",
    "a.masked_fill(a > 1, torch.ones(2))",
    "a.clamp_(0, 1)",
    "a.log1p_()",
    "torch.outer(a, a)",
    "torch.dot(a, a)",
    "torch.ones(2, 2, 2) @ torch.ones(3, 2)",
    "torch.matmul(torch.ones(3), torch.ones(2))",
    "torch.bmm(torch.ones(2, 2, 3), torch.ones(2, 2, 2))",
    "torch.bmm(torch.ones(2, 3), torch.ones(2, 2, 2))",
    "F.softmax(a, 2)",
    "a.softmax()",
    "F.mse_loss(a, torch.ones(3))",
    "F.mse_loss(a, torch.ones(2, 2), reduction='foo')",
    "F.cross_entropy(a, torch.tensor([0, 5]))",
    "F.cross_entropy(a, torch.tensor([0, 1, 1]))",
    "F.cross_entropy(a, torch.tensor([0., 1]))",
    "F.nll_loss(a, torch.tensor([0, 1.]))",
    "F.binary_cross_entropy(a, torch.ones(2, 2))",
    "F.binary_cross_entropy(torch.ones(2, 2) * 0.5, torch.ones(3))",
    "c = a * 1; c[a > 2] = torch.ones(3)",
    "c = a * 1; c[[0, 1]] = torch.ones(3)",
]


@pytest.mark.parametrize("expr", ERRORS)
def test_misuse_errors(expr: str) -> None:
    code = f"a = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)\n{expr}\n"
    mine, theirs = run(code, minigrad), run(code, torch)
    assert theirs.error is not None
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings


# ``y[()] = v``, ``y[...] = v``, ``y[0] = v``: torch drops the value's leading size-1
# dims and expands it (an empty key is basic indexing, not index_put_)
WRITES = [
    f"y = {base}.clone(); y[{key}] = {value}; print(y)"
    for base in ("torch.zeros(1)", "torch.zeros(())", "torch.zeros(2, 1)")
    for key in ("()", "...", ":")
    for value in (
        "torch.tensor(3.)",
        "torch.tensor([4.])",
        "torch.tensor([[6.]])",
        "torch.tensor([1., 2.])",
        "torch.tensor([])",
    )
    if not (base == "torch.zeros(())" and key == ":")
] + ["y = torch.zeros(1, requires_grad=True) * 1; y[()] = torch.tensor([]); print(y)"]


@pytest.mark.parametrize("code", WRITES)
def test_writes_of_every_shape_into_a_whole_tensor(code: str) -> None:
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()


# in-place writes whose input shares memory with what they write: torch refuses a
# partial overlap between dense tensors and allows the very same elements
# (with strided, non-dense views torch's answer depends on its loop order: not here)
OVERLAPS = [
    "t = torch.arange(4.); t.add_(t[0]); print(t)",
    "t = torch.arange(4.); t.add_(t[1]); print(t)",
    "y = torch.arange(4.).view(2, 2); y.add_(y.t()); print(y)",
    "y = torch.arange(4.).view(2, 2); y.copy_(y.t()); print(y)",
    "y = torch.arange(4.).view(2, 2); y[...] = y.t(); print(y)",
    "y = torch.arange(4.).view(2, 2); y[:] = y.t(); print(y)",
    "x = torch.arange(4.); x[:2].mul_(x[2:]); print(x)",
    "t = torch.arange(6.); t[:3].add_(t[::2]); print(t)",
    "t = torch.arange(4.); t.add_(t.view(2, 2).view(4)); print(t)",
    "t = torch.arange(4.); t.mul_(t.flip(0)); print(t)",
    "t = torch.arange(6.).view(2, 3); t[0].add_(t[1]); print(t)",
    "t = torch.arange(6.).view(2, 3); t[:, 0].add_(t[:, 1]); print(t)",
    "t = torch.arange(4., requires_grad=True) * 1; t[1:].add_(t[:3]); print(t)",
    "t = torch.arange(4.); t.clamp_(min=t[1:2]); print(t)",
    "t = torch.arange(4.); t.masked_fill_(t > 1, t[0]); print(t)",
    "t = torch.arange(4.); torch.add(t[:3], 1, out=t[1:]); print(t)",
    "t = torch.arange(4.); t[1:] = t[:3]; print(t)",
    "t = torch.arange(4.); t[1:3] = t[:2]; print(t)",
    "t = torch.zeros(3); t.add_(torch.ones(3).expand(3)); print(t)",
    "t = torch.arange(4.); v = t[1:]; v.sub_(t[:3]); print(t)",
    "t = torch.arange(4.); t.fill_(t[1]); print(t)",
    "t = torch.zeros(1).expand(3); t.fill_(torch.tensor(2.)); print(t)",
    "t = torch.arange(4.); t[...] = t[1]; print(t)",
    "t = torch.arange(4.); t[:] = t; print(t)",
    "t = torch.arange(4.); t[1:] = t[1:]; print(t)",
    "t = torch.arange(6.).view(2,3); t[0] = t[1]; print(t)",
    "t = torch.arange(4.); t[[1, 2]] = t[:2]; print(t)",
    "t = torch.arange(4.); t[t > 1] = t[:2]; print(t)",
]


@pytest.mark.parametrize("code", OVERLAPS)
def test_inplace_writes_that_overlap_their_input(code: str) -> None:
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()


# in-place bitwise ops: torch checks the shapes, then that the result fits, then the kernel
BITWISE_INPLACE = [
    "a = torch.tensor([1, 2]); a &= torch.tensor([1., 2.])",
    "a = torch.tensor([1, 2]); a |= 1.5",
    "a = torch.tensor([1, 2]); a ^= torch.tensor(1.)",
    "a = torch.tensor([True, False]); a &= torch.tensor([1., 2.])",
    "a = torch.tensor([True, False]); a &= torch.tensor([1, 2])",
    "a = torch.tensor([1, 2]); a &= torch.tensor([1., 2., 3.])",
    "a = torch.tensor([1, 2]); a.bitwise_and_(torch.tensor([1., 2.]))",
    "a = torch.tensor([1, 2], dtype=torch.int32); a |= torch.tensor([1, 2]); print(a)",
    "a = torch.tensor([True, False]); a |= True; print(a)",
    "a = torch.tensor([1., 2.]); a &= torch.tensor([1, 2])",
]


@pytest.mark.parametrize("code", BITWISE_INPLACE)
def test_inplace_bitwise_checks_in_torch_order(code: str) -> None:
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()


WARNINGS = [
    "print(torch.ones(1).std(), torch.ones(2).var(correction=3))",
    "print(F.softmax(torch.tensor([[1., 2.]])))",
    "print(F.mse_loss(torch.ones(2, 2), torch.zeros(2)))",
]


@pytest.mark.parametrize("code", WARNINGS)
def test_warnings(code: str) -> None:
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings
