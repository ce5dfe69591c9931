"""Differential tests for the tests-and-masks ops (``minigrad.ops.logical``)
and the ordering ops (``minigrad.ops.ordering``) against real torch.

Differentiable ops (sort, topk, flip, roll, tril/triu, diag, diagonal, trace)
go through ``check`` from the part-2 tests: values, dtypes, grad_fn names,
first-order gradients for a random upstream gradient and second-order
gradients through ``create_graph=True``. Everything else compares what a
learner would see printed (``transcript.run``): reprs, named tuples, dtypes
and error messages.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

import minigrad

from ..transcript import run
from .differential import SEEDS, _randn, _shape, check

EXAMPLES = settings(max_examples=8, deadline=None)


def same_transcript(code: str) -> None:
    theirs, mine = run(code, torch), run(code, minigrad)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings


# --- differentiable ordering ops, random shapes ------------------------------
@st.composite
def shape_and_dim(draw: st.DrawFn, min_dims: int = 1) -> tuple:
    shape = _shape(draw, min_dims=min_dims)
    dim = draw(st.integers(-len(shape), len(shape) - 1))
    return shape, dim


@given(shape_and_dim(), st.booleans(), st.booleans(), SEEDS)
@EXAMPLES
def test_sort(sd: tuple, descending: bool, stable: bool, seed: int) -> None:
    shape, dim = sd
    kw = {"stable": True} if stable else {}
    check(lambda T, x: T.sort(x, dim=dim, descending=descending, **kw), _randn(seed, shape), seed)
    check(lambda T, x: x.sort(dim=dim, descending=descending).values * 2, _randn(seed, shape), seed)


@given(shape_and_dim(), st.data(), st.booleans(), SEEDS)
@EXAMPLES
def test_topk(sd: tuple, data: st.DataObject, largest: bool, seed: int) -> None:
    shape, dim = sd
    k = data.draw(st.integers(0, shape[dim]))
    check(lambda T, x: T.topk(x, k, dim, largest=largest), _randn(seed, shape), seed)


@given(shape_and_dim(), SEEDS)
@EXAMPLES
def test_flip_and_roll(sd: tuple, seed: int) -> None:
    shape, dim = sd
    check(lambda T, x: T.flip(x, [dim]), _randn(seed, shape), seed)
    check(lambda T, x: x.flip(*range(len(shape))), _randn(seed, shape), seed)
    check(lambda T, x: T.roll(x, 2, dim), _randn(seed, shape), seed)
    check(lambda T, x: x.roll(-1), _randn(seed, shape), seed)
    if len(shape) > 1:
        check(lambda T, x: T.roll(x, (1, -2), (0, -1)), _randn(seed, shape), seed)


@given(st.tuples(st.integers(1, 4), st.integers(1, 4)), st.integers(-3, 3), SEEDS)
@EXAMPLES
def test_triangles_diagonals_trace(shape: tuple, k: int, seed: int) -> None:
    check(lambda T, x: T.tril(x, k), _randn(seed, shape), seed)
    check(lambda T, x: x.triu(diagonal=k), _randn(seed, shape), seed)
    check(lambda T, x: T.diag(x, k), _randn(seed, shape), seed)
    check(lambda T, x: T.diag(x, k), _randn(seed, shape[:1]), seed)
    check(lambda T, x: T.diagonal(x, k), _randn(seed, shape), seed)
    check(lambda T, x: x.diagonal(k, 1, 0) * 3, _randn(seed, shape), seed)
    check(lambda T, x: T.trace(x), _randn(seed, shape), seed)


@given(st.tuples(st.integers(1, 3), st.integers(1, 3), st.integers(1, 3)), SEEDS)
@EXAMPLES
def test_batched_triangles_and_diagonals(shape: tuple, seed: int) -> None:
    check(lambda T, x: T.tril(x, -1), _randn(seed, shape), seed)
    check(lambda T, x: T.triu(x, 1), _randn(seed, shape), seed)
    check(lambda T, x: T.diagonal(x, 1, 0, 2), _randn(seed, shape), seed)
    check(lambda T, x: x.diagonal(dim1=-1, dim2=-2), _randn(seed, shape), seed)


def test_zero_dim_inputs() -> None:
    x = [np.array(1.5)]
    check(lambda T, x: T.sort(x), x, 0)
    check(lambda T, x: T.topk(x, 1), x, 0)
    check(lambda T, x: T.flip(x, [0]), x, 0)
    check(lambda T, x: T.roll(x, 1), x, 0)


def test_diagonal_is_a_view_and_writes_reach_the_base() -> None:
    same_transcript(
        "a = torch.zeros(3, 3)\n"
        "d = a.diagonal()\n"
        "d.fill_(2.0)\n"
        "print(a, d._base is a)\n"
        "x = torch.ones(2, 2, requires_grad=True)\n"
        "y = x * 1\n"
        "y.diagonal().mul_(3)\n"
        "y.sum().backward()\n"
        "print(x.grad, y.grad_fn.name())\n"
        "print(torch.diag(a) is a, torch.diag(a)._base)\n"
    )


# --- ties and special values ------------------------------------------------
@given(st.lists(st.integers(0, 3), min_size=1, max_size=40), st.booleans(), st.booleans())
@settings(max_examples=30, deadline=None)
def test_sort_ties_keep_torchs_order(values: list, descending: bool, stable: bool) -> None:
    # With stable=True torch keeps tied elements in input order, as minigrad
    # always does. Its default sort agrees only for slices of up to 16 elements
    # (longer ones go through an unstable sort whose tie order minigrad does
    # not reproduce).
    if not stable:
        values = values[:16]
    theirs = torch.sort(
        torch.tensor(values, dtype=torch.float32), descending=descending, stable=stable
    )
    mine = minigrad.sort(
        minigrad.tensor(values, dtype=minigrad.float32), descending=descending, stable=stable
    )
    assert mine.values.tolist() == theirs.values.tolist()
    assert mine.indices.tolist() == theirs.indices.tolist()
    t_arg = torch.argsort(torch.tensor(values), descending=descending, stable=stable)
    m_arg = minigrad.argsort(minigrad.tensor(values), descending=descending, stable=stable)
    assert m_arg.tolist() == t_arg.tolist()


@given(st.lists(st.integers(0, 3), min_size=1, max_size=40), st.data(), st.booleans())
@settings(max_examples=30, deadline=None)
def test_topk_values_with_ties(values: list, data: st.DataObject, largest: bool) -> None:
    # torch orders tied elements the way its selection algorithm leaves them;
    # minigrad keeps them in input order. The values always agree.
    k = data.draw(st.integers(0, len(values)))
    theirs = torch.topk(torch.tensor(values), k, largest=largest)
    mine = minigrad.topk(minigrad.tensor(values), k, largest=largest)
    assert mine.values.tolist() == theirs.values.tolist()
    picked = np.asarray(values)[mine.indices.numpy()]
    assert picked.tolist() == theirs.values.tolist()
    assert len(set(mine.indices.tolist())) == k


def test_sort_nan_and_inf_and_reprs() -> None:
    same_transcript(
        "n = torch.tensor([1., float('nan'), float('inf'), -float('inf'), 0.])\n"
        "print(torch.sort(n))\n"
        "print(n.sort(descending=True))\n"
        "print(torch.topk(n, 2))\n"
        "print(torch.argsort(n, descending=True))\n"
        "x = torch.tensor([[3., 1., 2.], [1., 1., 0.]], requires_grad=True)\n"
        "r = torch.sort(x, dim=0, stable=True)\n"
        "print(r)\n"
        "print(type(r).__name__, r.values is r[0], len(r))\n"
        "v, i = x.topk(2, largest=False)\n"
        "print(v, i)\n"
        "print(torch.topk(x, 0))\n"
        "print(torch.sort(torch.tensor(2., requires_grad=True)))\n"
    )


# --- unique -------------------------------------------------------------------
def test_unique() -> None:
    same_transcript(
        "x = torch.tensor([[3., 1., 2.], [1., 1., 0.]], requires_grad=True)\n"
        "print(torch.unique(x))\n"
        "print(torch.unique(x, return_counts=True))\n"
        "print(x.unique(return_inverse=True, return_counts=True))\n"
        "print(torch.unique(torch.tensor([5, 3, 5, 1, 3]), sorted=False))\n"
        "print(torch.unique(torch.tensor([True, False, True])))\n"
        "print(torch.unique(torch.tensor(3)), torch.unique(torch.tensor([])))\n"
        "torch.unique(x).sum().backward()\n"
    )


# --- logical ops --------------------------------------------------------------
def test_elementwise_tests_and_logical_ops() -> None:
    same_transcript(
        "n = torch.tensor([1., float('nan'), float('inf'), -float('inf'), 0.])\n"
        "i = torch.tensor([3, 0, 2, 0, 5])\n"
        "b = torch.tensor([True, False, True, True, False])\n"
        "print(torch.isnan(n), n.isinf(), torch.isfinite(n), i.isfinite(), i.isnan())\n"
        "print(torch.logical_and(b, i), torch.logical_or(n, i), n.logical_xor(b))\n"
        "print(torch.logical_not(n), i.logical_not(), ~b)\n"
        "print(torch.logical_and(b[:, None], b).shape)\n"
        "x = torch.ones(2, requires_grad=True)\n"
        "print(torch.isnan(x), x.logical_not(), torch.logical_or(x, x))\n"
    )


def test_all_any_count_nonzero_nonzero() -> None:
    same_transcript(
        "x = torch.tensor([[3., 1., 2.], [1., 1., 0.]], requires_grad=True)\n"
        "print(torch.all(x), x.any(), x.all(dim=1), torch.any(x, 0, keepdim=True))\n"
        "print(torch.all(x, dim=(0, 1)), x.all(-1, keepdim=True))\n"
        "print(torch.all(torch.tensor([2, 3])), torch.any(torch.tensor([])))\n"
        "u = torch.tensor([1, 0], dtype=torch.uint8)\n"
        "print(torch.all(u), u.any(0), torch.all(torch.tensor(2.)))\n"
        "print(torch.count_nonzero(x), x.count_nonzero(dim=1), x.count_nonzero((0, 1)))\n"
        "print(torch.nonzero(x), x.nonzero(as_tuple=True))\n"
        "print(torch.nonzero(torch.tensor(3.)), torch.nonzero(torch.tensor(0.)))\n"
        "print(torch.nonzero(torch.tensor(3.), as_tuple=True))\n"
        "print(torch.nonzero(torch.tensor(0.), as_tuple=True))\n"
        "print(torch.nonzero(torch.zeros(2, 0)), torch.nonzero(torch.zeros(3)))\n"
        "m = x > 1\n"
        "print(x[m.nonzero(as_tuple=True)], x[m])\n"
    )


@given(st.lists(st.integers(1, 3), min_size=1, max_size=3), st.data(), SEEDS)
@EXAMPLES
def test_reductions_of_truth_random(shape: list, data: st.DataObject, seed: int) -> None:
    rng = np.random.RandomState(seed % 2**32)
    a = rng.randint(0, 2, size=shape).astype(np.float32)
    dim = data.draw(st.integers(-len(shape), len(shape) - 1))
    keep = data.draw(st.booleans())
    t, m = torch.tensor(a), minigrad.tensor(a)
    for name in ("all", "any"):
        assert getattr(m, name)(dim, keep).tolist() == getattr(t, name)(dim, keep).tolist()
    assert m.count_nonzero(dim).tolist() == t.count_nonzero(dim).tolist()
    assert m.nonzero().tolist() == t.nonzero().tolist()
    assert [x.tolist() for x in m.nonzero(as_tuple=True)] == [
        x.tolist() for x in t.nonzero(as_tuple=True)
    ]


def test_isclose_allclose_equal() -> None:
    same_transcript(
        "x = torch.tensor([[3., 1., 2.], [1., 1., 0.]], requires_grad=True)\n"
        "n = torch.tensor([1., float('nan'), float('inf'), -float('inf')])\n"
        "print(torch.isclose(x, x + 1e-9), torch.allclose(x, x + 1e-9), x.allclose(x + 1e-3))\n"
        "print(torch.isclose(n, n), n.isclose(n, equal_nan=True))\n"
        "print(torch.isclose(x, torch.ones(3)), torch.allclose(x, torch.ones(3)))\n"
        "print(torch.isclose(torch.tensor([1, 2]), torch.tensor([1, 3]), atol=1))\n"
        "print(torch.allclose(torch.tensor([1.0]), torch.tensor([1.1]), rtol=0.2))\n"
        "print(torch.isclose(torch.tensor([True]), torch.tensor([True])))\n"
        "i = torch.tensor([1, 2])\n"
        "print(torch.equal(x, x.detach()), torch.equal(x, x[0]), i.equal(i.double()))\n"
        "print(torch.equal(n, n), type(torch.allclose(x, x)).__name__)\n"
    )


def test_kind_questions() -> None:
    same_transcript(
        "x = torch.ones(2, 3)\n"
        "print(torch.is_tensor(x), torch.is_tensor(1), torch.is_tensor([1.0]))\n"
        "print(torch.is_tensor(torch.nn.Parameter(torch.ones(1))))\n"
        "print(torch.numel(x), torch.is_floating_point(x))\n"
        "print(torch.is_floating_point(torch.tensor([1])), torch.is_floating_point(x.double()))\n"
    )


# --- misuse: the same errors as torch ---------------------------------------
MISUSE = {
    "sort_bad_dim": "torch.sort(x, 2)",
    "argsort_bad_dim": "x.argsort(-3)",
    "topk_k_too_large": "torch.topk(x, 4)",
    "topk_k_negative": "x.topk(-1)",
    "topk_k_on_dim": "torch.topk(x, 3, dim=0)",
    "topk_bad_dim": "torch.topk(v, 2, dim=1)",
    "topk_zero_dim": "torch.topk(torch.tensor(2.), 2)",
    "flip_int_dims": "torch.flip(x, 0)",
    "flip_repeated": "torch.flip(x, (0, 0))",
    "flip_bad_dim": "torch.flip(x, [2])",
    "roll_misaligned": "torch.roll(x, (1, 2), 0)",
    "roll_no_shifts": "torch.roll(x, [], [])",
    "roll_bad_dim": "torch.roll(x, 1, 5)",
    "tril_vector": "torch.tril(v)",
    "triu_scalar": "torch.tensor(1.).triu()",
    "diag_3d": "torch.diag(torch.zeros(2, 2, 2))",
    "diag_0d": "torch.diag(torch.tensor(1.))",
    "diagonal_same_dims": "torch.diagonal(x, 0, 1, 1)",
    "diagonal_vector": "torch.diagonal(v)",
    "diagonal_bad_dim": "torch.diagonal(x, 0, 0, 4)",
    "trace_vector": "torch.trace(v)",
    "trace_3d": "torch.trace(torch.ones(2, 2, 2))",
    "all_bad_dim": "torch.all(x, 3)",
    "count_nonzero_repeated": "torch.count_nonzero(x, (0, 0))",
    "count_nonzero_bad_dim": "torch.count_nonzero(x, 2)",
    "logical_or_number": "torch.logical_or(x, 0)",
    "logical_and_float": "torch.logical_and(x, 1.0)",
    "logical_and_shapes": "torch.logical_and(v, torch.tensor([1, 0]))",
    "isclose_number": "torch.isclose(x, 1)",
    "isclose_dtypes": "torch.isclose(x, torch.ones(3, dtype=torch.float64))",
    "allclose_dtypes": "torch.allclose(x, torch.ones(3, dtype=torch.float64))",
    "isclose_shapes": "torch.isclose(x, torch.ones(4))",
    "allclose_number": "torch.allclose(x, 1.0)",
    "allclose_negative_rtol": "torch.allclose(v, v, rtol=-1)",
    "equal_number": "torch.equal(x, 1)",
    "numel_number": "torch.numel(3)",
    "is_floating_point_number": "torch.is_floating_point(3.0)",
    "unique_backward": "torch.unique(x).sum().backward()",
    "mT_vector": "v.mT",
    "mT_scalar": "print(torch.tensor(1.).mT)",
}


@pytest.mark.parametrize("name", sorted(MISUSE))
def test_misuse_matches_torch(name: str) -> None:
    same_transcript(
        "x = torch.tensor([[3., 1., 2.], [1., 1., 0.]], requires_grad=True)\n"
        "v = torch.tensor([1., 2., 3.], requires_grad=True)\n" + MISUSE[name] + "\n"
    )
