"""Differential property tests for the part-2 operators: clamp, where, maximum,
the reductions with ``dim``/``keepdim`` (max, prod, norm, var, std,
logsumexp...), the shape ops (repeat, cat, stack, split, unbind...), indexing
and setitem, the matrix products and ``nn.functional``.

Each example runs one operation on the same random float64 inputs under
minigrad and under real torch and compares
- the outputs: values, shapes and grad_fn names (for several outputs, each one);
- first-order gradients for a random upstream gradient;
- second-order gradients: the gradient of sum(grad * w) for a random w,
  computed through ``create_graph=True``, which exercises the backward
  formulas themselves.

Random normal inputs have no exact ties, so they stay away from the kinks of
max, clamp and friends; the kinks and ties get their own exact tests below,
as do the error messages for misuse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

import minigrad

from ..transcript import run

EXAMPLES = settings(max_examples=8, deadline=None)
SEEDS = st.integers(0, 2**31 - 1)
SIDE = st.integers(1, 3)


def _shape(draw: Any, min_dims: int = 1, max_dims: int = 3) -> tuple:
    return tuple(draw(st.lists(SIDE, min_size=min_dims, max_size=max_dims)))


def _broadcastable(draw: Any, shape: tuple) -> tuple:
    """A shape that broadcasts against ``shape``: fewer leading dims, some 1s."""
    drop = draw(st.integers(0, len(shape)))
    return tuple(s if draw(st.booleans()) else 1 for s in shape[drop:])


# --- running one case under both libraries -----------------------------------
def _forward(module: Any, fn: Callable, arrays: list) -> tuple:
    leaves = [module.tensor(a, requires_grad=True) for a in arrays]
    out = fn(module, *leaves)
    return leaves, (tuple(out) if isinstance(out, tuple) else (out,))


def _grads(module: Any, leaves: list, outs: tuple, vs: list, ws: list) -> tuple:
    """First-order grads for upstream ``vs``, and the grads of sum(grad * w)."""
    used = [(o, module.tensor(v)) for o, v in zip(outs, vs) if o.requires_grad]
    first = module.autograd.grad(
        [o for o, _ in used], leaves, [v for _, v in used], create_graph=True, allow_unused=True
    )
    terms = [(g * module.tensor(w)).sum() for g, w in zip(first, ws) if g is not None]
    terms = [t for t in terms if t.requires_grad]
    second = (None,) * len(leaves)
    if terms:
        total = terms[0]
        for t in terms[1:]:
            total = total + t
        second = module.autograd.grad(total, leaves, allow_unused=True)
    return first, second


def _array(t: Any, like: np.ndarray) -> np.ndarray:
    """A gradient as numpy; an unused input (None) counts as zeros."""
    if t is None:
        return np.zeros_like(like)
    return t.detach().numpy(force=True)


def check(fn: Callable, arrays: list, seed: int, rtol: float = 1e-7) -> None:
    """Run ``fn(module, *leaves)`` under both libraries and compare everything."""
    arrays = [np.asarray(a, dtype=np.float64) for a in arrays]
    t_leaves, t_outs = _forward(torch, fn, arrays)
    m_leaves, m_outs = _forward(minigrad, fn, arrays)
    assert len(m_outs) == len(t_outs)
    for m, t in zip(m_outs, t_outs):
        assert tuple(m.shape) == tuple(t.shape)
        assert str(m.dtype) == str(t.dtype)
        np.testing.assert_allclose(m.detach().numpy(), t.detach().numpy(), rtol=rtol, atol=1e-10)
        assert type(m.grad_fn).__name__ == type(t.grad_fn).__name__
        assert m.requires_grad == t.requires_grad
    rng = np.random.RandomState(seed % 2**32)
    vs = [rng.randn(*t.shape) for t in t_outs]
    ws = [rng.randn(*a.shape) for a in arrays]
    t_first, t_second = _grads(torch, t_leaves, t_outs, vs, ws)
    m_first, m_second = _grads(minigrad, m_leaves, m_outs, vs, ws)
    for order, mine, theirs in (("first", m_first, t_first), ("second", m_second, t_second)):
        for i, (m, t, a) in enumerate(zip(mine, theirs, arrays)):
            np.testing.assert_allclose(
                _array(m, a),
                _array(t, a),
                rtol=rtol,
                atol=1e-9,
                err_msg=f"{order}-order gradient of input {i}",
            )


def _randn(seed: int, *shapes: tuple) -> list:
    rng = np.random.RandomState(seed % 2**32)
    return [np.asarray(rng.randn(*s)) for s in shapes]


# --- elementwise ------------------------------------------------------------
UNARY = {
    "log1p": (lambda T, x: x.log1p(), lambda a: np.abs(a)),
    "exp2": (lambda T, x: T.exp2(x), None),
    "log2": (lambda T, x: T.log2(x), lambda a: np.abs(a) + 0.3),
    "log10": (lambda T, x: x.log10(), lambda a: np.abs(a) + 0.3),
    "erf": (lambda T, x: T.erf(x), None),
    "floor": (lambda T, x: x.floor(), None),
    "ceil": (lambda T, x: T.ceil(x), None),
    "round": (lambda T, x: x.round(), None),
    "sign": (lambda T, x: x.sign(), None),
    "abs": (lambda T, x: x.abs(), None),
    "relu": (lambda T, x: T.nn.functional.relu(x), None),
    "leaky_relu": (lambda T, x: T.nn.functional.leaky_relu(x, 0.2), None),
    "sigmoid": (lambda T, x: T.nn.functional.sigmoid(x), None),
    "tanh": (lambda T, x: T.nn.functional.tanh(x), None),
    "clamp": (lambda T, x: x.clamp(-0.5, 0.7), None),
    "clamp_min": (lambda T, x: T.clamp(x, min=-0.3), None),
    "clamp_max": (lambda T, x: x.clamp(max=0.4), None),
    "clip": (lambda T, x: T.clip(x, -1, 1), None),
    "clamp_min_method": (lambda T, x: x.clamp_min(0.1), None),
    "masked_fill": (lambda T, x: x.masked_fill(x > 0.3, -2.0), None),
    "where_scalar": (lambda T, x: T.where(x > 0, x, 0.5), None),
    # the in-place variants on a non-leaf
    "clamp_": (lambda T, x: (x * 1).clamp_(-0.5, 0.5), None),
    "clip_": (lambda T, x: (x * 1).clip_(min=0.0), None),
    "clamp_min_": (lambda T, x: (x * 1).clamp_min_(0.0), None),
    "masked_fill_": (lambda T, x: (x * 1).masked_fill_(x < 0, 1.5), None),
    "sigmoid_": (lambda T, x: (x * 1).sigmoid_(), None),
    "tanh_": (lambda T, x: (x * 1).tanh_(), None),
    "relu_": (lambda T, x: (x * 1).relu_(), None),
    "log1p_": (lambda T, x: (x.abs() + 0.1).log1p_(), None),
    "leaky_relu_": (lambda T, x: T.nn.functional.leaky_relu_(x * 1, 0.1), None),
    "relu_inplace_flag": (lambda T, x: T.nn.functional.relu(x * 2, inplace=True), None),
}


@pytest.mark.parametrize("name", sorted(UNARY))
@EXAMPLES
@given(data=st.data(), seed=SEEDS)
def test_unary(name: str, data: Any, seed: int) -> None:
    fn, domain = UNARY[name]
    (a,) = _randn(seed, _shape(data.draw, 0))
    if domain is not None:
        a = domain(a)
    check(fn, [a], seed)


BINARY = {
    "maximum": lambda T, a, b: T.maximum(a, b),
    "minimum": lambda T, a, b: T.minimum(a, b),
    "max_two": lambda T, a, b: T.max(a, b),
    "min_two": lambda T, a, b: T.min(a, b),
    "where": lambda T, a, b: T.where(a > b, a, b * 2),
    "clamp_tensor_min": lambda T, a, b: a.clamp(min=b),
    "clamp_tensor_max": lambda T, a, b: T.clamp(a, max=b),
    "clamp_tensor_both": lambda T, a, b: T.clamp(a, b - 1, b + 0.5),
    "masked_fill_tensor": lambda T, a, b: a.masked_fill(a > 0, b.sum()),
}


@pytest.mark.parametrize("name", sorted(BINARY))
@EXAMPLES
@given(data=st.data(), seed=SEEDS)
def test_binary_broadcasting(name: str, data: Any, seed: int) -> None:
    shape = _shape(data.draw, 0)
    other = _broadcastable(data.draw, shape)
    check(BINARY[name], _randn(seed, shape, other), seed)


# --- reductions -------------------------------------------------------------
@EXAMPLES
@given(data=st.data(), seed=SEEDS)
def test_reductions_with_dim(data: Any, seed: int) -> None:
    shape = _shape(data.draw)
    dim = data.draw(st.integers(-len(shape), len(shape) - 1))
    keep = data.draw(st.booleans())
    p = data.draw(st.sampled_from([2, 1, 3, float("inf"), float("-inf"), 0.5]))
    corr = data.draw(st.sampled_from([0, 1]))
    cases = [
        lambda T, x: x.max(dim, keep),
        lambda T, x: T.min(x, dim=dim, keepdim=keep),
        lambda T, x: x.max(dim=dim).values,
        lambda T, x: x.amax(dim, keep),
        lambda T, x: T.amin(x, dim),
        lambda T, x: x.prod(dim, keepdim=keep),
        lambda T, x: x.norm(p=p, dim=dim, keepdim=keep),
        lambda T, x: T.norm(x, dim=dim),
        lambda T, x: x.logsumexp(dim, keep),
        lambda T, x: T.logsumexp(x, dim=[dim]),
        lambda T, x: x.cumsum(dim),
        lambda T, x: T.softmax(x, dim),
        lambda T, x: x.log_softmax(dim),
    ]
    (a,) = _randn(seed, shape)
    if p == 0.5:
        a = np.abs(a) + 0.1  # fractional norms need no zeros
    for fn in cases:
        check(fn, [a], seed)
    if shape[dim] - corr > 0:
        check(lambda T, x: x.var(dim, keepdim=keep, correction=corr), [a], seed)
        check(lambda T, x: T.std(x, dim, unbiased=bool(corr), keepdim=keep), [a], seed)


@EXAMPLES
@given(shape=st.lists(SIDE, min_size=0, max_size=3).map(tuple), seed=SEEDS)
def test_reductions_of_everything(shape: tuple, seed: int) -> None:
    (a,) = _randn(seed, shape)
    for fn in [
        lambda T, x: x.max(),
        lambda T, x: T.min(x),
        lambda T, x: x.amax(),
        lambda T, x: x.prod(),
        lambda T, x: x.norm(),
        lambda T, x: x.norm(p=1),
        lambda T, x: T.norm(x, float("inf")),
    ]:
        check(fn, [a], seed)
    if a.size > 1:
        check(lambda T, x: x.var(), [a], seed)
        check(lambda T, x: x.std(), [a], seed)
        check(lambda T, x: x.std(unbiased=False), [a], seed)


@EXAMPLES
@given(n=st.integers(1, 4), zeros=st.integers(1, 3), seed=SEEDS)
def test_prod_with_zeros(n: int, zeros: int, seed: int) -> None:
    """prod's gradient is the product of the *other* elements, also at zeros
    (where dividing the product by the element is not possible)."""
    (a,) = _randn(seed, (3, n))
    rng = np.random.RandomState(seed % 2**32)
    for _ in range(zeros):
        a[rng.randint(3), rng.randint(n)] = 0.0
    check(lambda T, x: x.prod(), [a], seed)
    check(lambda T, x: x.prod(1), [a], seed)
    check(lambda T, x: x.prod(0, keepdim=True), [a], seed)


# --- shape ops --------------------------------------------------------------
@EXAMPLES
@given(data=st.data(), seed=SEEDS)
def test_shape_ops(data: Any, seed: int) -> None:
    shape = _shape(data.draw)
    n = len(shape)
    dim = data.draw(st.integers(-n, n - 1))
    d = dim % n
    perm = tuple(data.draw(st.permutations(range(n))))
    reps = tuple(data.draw(st.lists(SIDE, min_size=n, max_size=n + 1)))
    size = shape[d]
    start = data.draw(st.integers(0, size - 1))
    length = data.draw(st.integers(1, size - start))
    split = data.draw(st.integers(1, size))
    chunks = data.draw(st.integers(1, 4))
    index = data.draw(st.lists(st.integers(0, size - 1), min_size=1, max_size=4))
    (a,) = _randn(seed, shape)
    cases = [
        lambda T, x: x.permute(perm),
        lambda T, x: T.permute(x, perm).contiguous(),
        lambda T, x: x.unsqueeze(dim),
        lambda T, x: x.unsqueeze(0).squeeze(0),
        lambda T, x: x.unsqueeze(-1).squeeze(),
        lambda T, x: x.flatten(),
        lambda T, x: T.flatten(x, min(d, n - 1)),
        lambda T, x: x.expand(2, *shape),
        lambda T, x: x.repeat(*reps),
        lambda T, x: x.split(split, dim),
        lambda T, x: T.split(x, [start, size - start], dim),
        lambda T, x: x.chunk(chunks, dim),
        lambda T, x: x.unbind(dim),
        lambda T, x: T.unbind(x),
        lambda T, x: x.narrow(dim, start, length),
        lambda T, x: x.select(dim, start),
        lambda T, x: x.index_select(dim, T.tensor(index)),
        lambda T, x: x[(slice(None),) * d + (T.tensor(index),)],
        lambda T, x: x[(slice(None),) * d + (index,)],
        lambda T, x: x[x > 0],
        lambda T, x: x.masked_select(x < 0.5),
    ]
    for fn in cases:
        check(fn, [a], seed)
    gidx = np.random.RandomState(seed % 2**32).randint(0, size, size=shape)
    check(lambda T, x: x.gather(dim, T.tensor(gidx)), [a], seed)


@EXAMPLES
@given(data=st.data(), seed=SEEDS)
def test_cat_and_stack(data: Any, seed: int) -> None:
    shape = _shape(data.draw)
    dim = data.draw(st.integers(-len(shape), len(shape) - 1))
    other = list(shape)
    other[dim] = data.draw(SIDE)
    a, b, c = _randn(seed, shape, tuple(other), shape)
    check(lambda T, x, y: T.cat([x, y], dim), [a, b], seed)
    check(lambda T, x, y: T.concat((x, y * 2, x), dim=dim), [a, b], seed)
    sdim = data.draw(st.integers(-len(shape) - 1, len(shape)))
    check(lambda T, x, y: T.stack([x, y, x * y], sdim), [a, c], seed)


@EXAMPLES
@given(data=st.data(), seed=SEEDS)
def test_setitem(data: Any, seed: int) -> None:
    """Writing into a non-leaf: gradients reach both the old values (outside
    the written part) and the written values."""
    rows = data.draw(st.integers(2, 4))
    idx = data.draw(st.lists(st.integers(0, rows - 1), min_size=1, max_size=3, unique=True))
    a, v, w = _randn(seed, (rows, 3), (3,), (len(idx), 3))

    def put_rows(T: Any, x: Any, y: Any) -> Any:
        c = x * 2
        c[T.tensor(idx)] = y
        return c * x

    def put_slice(T: Any, x: Any, y: Any) -> Any:
        c = x * 3
        c[0] = y
        c[1:, 1] = 5.0
        return c

    def put_mask(T: Any, x: Any, y: Any) -> Any:
        c = x * 1
        c[x > 0] = y.sum()
        return c

    check(put_rows, [a, v], seed)
    check(put_rows, [a, w], seed)
    check(put_slice, [a, v], seed)
    check(put_mask, [a, v], seed)


# --- matrix products --------------------------------------------------------
@EXAMPLES
@given(
    da=st.integers(1, 4),
    db=st.integers(1, 4),
    n=SIDE,
    k=SIDE,
    m=SIDE,
    batch=st.lists(SIDE, min_size=2, max_size=2),
    seed=SEEDS,
)
def test_matmul_all_ranks(da: int, db: int, n: int, k: int, m: int, batch: list, seed: int) -> None:
    sa = {1: (k,), 2: (n, k), 3: (batch[1], n, k), 4: (batch[0], 1, n, k)}[da]
    sb = {1: (k,), 2: (k, m), 3: (batch[1], k, m), 4: (batch[0], batch[1], k, m)}[db]
    a, b = _randn(seed, sa, sb)
    check(lambda T, x, y: x @ y, [a, b], seed)
    check(lambda T, x, y: T.matmul(x.exp(), y), [a, b], seed)


@EXAMPLES
@given(n=SIDE, k=SIDE, m=SIDE, b=SIDE, seed=SEEDS)
def test_mm_mv_dot_outer_bmm(n: int, k: int, m: int, b: int, seed: int) -> None:
    A, B, v, u, P, Q = _randn(seed, (n, k), (k, m), (k,), (k,), (b, n, k), (b, k, m))
    check(lambda T, x, y: T.mm(x, y), [A, B], seed)
    check(lambda T, x, y: x.mv(y), [A, v], seed)
    check(lambda T, x, y: T.dot(x, y), [v, u], seed)
    check(lambda T, x, y: T.outer(x, y), [v, B[0]], seed)
    check(lambda T, x, y: T.bmm(x, y), [P, Q], seed)


# --- nn.functional losses ---------------------------------------------------
@EXAMPLES
@given(data=st.data(), seed=SEEDS)
def test_regression_and_binary_losses(data: Any, seed: int) -> None:
    shape = _shape(data.draw, 0)
    red = data.draw(st.sampled_from(["mean", "sum", "none"]))
    a, b, w, pw = _randn(seed, shape, shape, shape[-1:], shape[-1:])
    probs = 0.05 + 0.9 / (1 + np.exp(-a))
    target = 1 / (1 + np.exp(-b))
    weight, pos_weight = np.abs(w) + 0.1, np.abs(pw) + 0.1

    def f(name: str) -> Callable:
        return lambda T, *xs: getattr(T.nn.functional, name)(*xs, reduction=red)

    check(f("mse_loss"), [a, b], seed)
    check(f("l1_loss"), [a, b], seed)
    check(f("binary_cross_entropy"), [probs, target], seed)
    check(f("binary_cross_entropy_with_logits"), [a, target], seed)
    check(
        lambda T, x, y: T.nn.functional.binary_cross_entropy(
            x, y, weight=T.tensor(weight), reduction=red
        ),
        [probs, target],
        seed,
    )
    check(
        lambda T, x, y: T.nn.functional.binary_cross_entropy_with_logits(
            x, y, weight=T.tensor(weight), pos_weight=T.tensor(pos_weight), reduction=red
        ),
        [a, target],
        seed,
    )


@EXAMPLES
@given(data=st.data(), seed=SEEDS)
def test_cross_entropy_and_nll(data: Any, seed: int) -> None:
    n, c = data.draw(SIDE), data.draw(st.integers(2, 4))
    extra = tuple(data.draw(st.lists(SIDE, max_size=2)))
    red = data.draw(st.sampled_from(["mean", "sum", "none"]))
    use_weight = data.draw(st.booleans())
    rng = np.random.RandomState(seed % 2**32)
    target = rng.randint(0, c, size=(n,) + extra)
    ignore = data.draw(st.sampled_from([-100, 0]))
    if ignore == 0 and not np.any(target != 0):
        target.flat[0] = 1  # keep one sample that counts
    weight = np.abs(rng.randn(c)) + 0.1
    (x,) = _randn(seed, (n, c) + extra)

    def ce(T: Any, s: Any) -> Any:
        w = T.tensor(weight) if use_weight else None
        return T.nn.functional.cross_entropy(
            s, T.tensor(target), weight=w, ignore_index=ignore, reduction=red
        )

    def nll(T: Any, s: Any) -> Any:
        w = T.tensor(weight) if use_weight else None
        logp = T.nn.functional.log_softmax(s, 1)
        return T.nn.functional.nll_loss(logp, T.tensor(target), w, reduction=red)

    check(ce, [x], seed, rtol=1e-6)
    check(nll, [x], seed, rtol=1e-6)
    probs = np.exp(rng.randn(n, c))
    probs /= probs.sum(1, keepdims=True)

    def soft(T: Any, s: Any) -> Any:
        return T.nn.functional.cross_entropy(s, T.tensor(probs), reduction=red)

    flat = x[(slice(None), slice(None)) + (0,) * len(extra)]  # (N, C)
    check(soft, [flat], seed)
    one = int(target.flat[0])
    check(lambda T, s: T.nn.functional.cross_entropy(s[0], T.tensor(one)), [flat], seed)


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
