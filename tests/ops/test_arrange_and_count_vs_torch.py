"""take_along_dim, tensor_split, dstack, rot90, block_diag, diag_embed, cartesian_prod,
triu_indices/tril_indices, searchsorted, bucketize, bincount, histc and trapezoid
against real torch: values, dtypes, grad_fn names, first- and second-order
gradients (``check``), reprs and the errors of misuse (``same``)."""

from __future__ import annotations

import numpy as np
import pytest

from ..compare import same
from .differential import _randn, check

CASES = {
    "take_along_dim": (
        lambda T, x: T.take_along_dim(x, x.detach().argsort(dim=1), dim=1),
        [(3, 4)],
    ),
    "take_along_dim_broadcast": (
        lambda T, x: x.take_along_dim(T.tensor([[2], [0], [1]]), 1),
        [(3, 4)],
    ),
    "take_along_dim_flat": (lambda T, x: T.take_along_dim(x, T.tensor([5, 0, 5])), [(3, 4)]),
    "tensor_split": (lambda T, x: T.tensor_split(x, 3, dim=1), [(2, 7)]),
    "tensor_split_indices": (lambda T, x: x.tensor_split([1, -2, 9], 1), [(2, 7)]),
    "dstack": (lambda T, x, y: T.dstack([x, y]), [(2, 3), (2, 3)]),
    "dstack_vectors": (lambda T, x, y: T.dstack((x, y)), [(3,), (3,)]),
    "rot90": (lambda T, x: T.rot90(x), [(3, 4)]),
    "rot90_k": (lambda T, x: x.rot90(-3, [2, 0]), [(2, 3, 4)]),
    "rot90_twice": (lambda T, x: T.rot90(x, 2, (1, 0)), [(3, 4)]),
    "block_diag": (lambda T, a, b, c: T.block_diag(a, b, c), [(2, 3), (3,), ()]),
    "diag_embed": (lambda T, x: T.diag_embed(x), [(2, 3)]),
    "diag_embed_offset_dims": (lambda T, x: x.diag_embed(1, 0, 2), [(2, 3)]),
    "diag_embed_negative_offset": (lambda T, x: T.diag_embed(x, -2, 1, 0), [(3,)]),
    "cartesian_prod": (lambda T, a, b: T.cartesian_prod(a, b), [(2,), (3,)]),
    "cartesian_prod_three": (lambda T, a, b, c: T.cartesian_prod(a, b, c), [(2,), (1,), (2,)]),
    "trapezoid": (lambda T, y: T.trapezoid(y), [(3, 4)]),
    "trapezoid_dx": (lambda T, y: T.trapezoid(y, dx=0.5, dim=0), [(3, 4)]),
    "trapezoid_x": (lambda T, y, x: T.trapezoid(y, x), [(3, 4), (4,)]),
    "trapezoid_x_nd": (lambda T, y, x: T.trapezoid(y, x, dim=0), [(3, 4), (3, 4)]),
}


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("name", list(CASES))
def test_values_and_gradients(name: str, seed: int) -> None:
    fn, shapes = CASES[name]
    check(fn, _randn(seed, *shapes), seed)


PRINTED = {
    "take_along_dim": lambda T: [
        T.take_along_dim(T.arange(12).reshape(3, 4), T.tensor([[0], [2], [1]]), dim=1),
        T.take_along_dim(T.arange(12.0).reshape(3, 4), T.tensor([3, 0])),
    ],
    "tensor_split": lambda T: [
        T.tensor_split(T.arange(7), 3),
        T.tensor_split(T.arange(8.0).reshape(2, 4), T.tensor([1])),
        T.arange(5).tensor_split([1, 1, 4]),
        T.tensor_split(T.arange(3), 5),
    ],
    "dstack": lambda T: [
        T.dstack([T.tensor([1, 2]), T.tensor([3, 4])]),
        T.dstack([T.ones(2, 2), T.zeros(2, 2, dtype=T.int64)]),
        T.dstack([T.tensor(1.0), T.tensor(2.0)]),
    ],
    "rot90": lambda T: [T.rot90(T.arange(6).reshape(2, 3), k) for k in range(-1, 6)],
    "tri_indices": lambda T: [
        T.triu_indices(3, 3),
        T.tril_indices(3, 4, 1),
        T.tril_indices(4, 3, -1),
        T.triu_indices(2, 3, dtype=T.int32),
        T.triu_indices(3, 2, -5),
    ],
    "block_diag": lambda T: [
        T.block_diag(T.ones(2, 2), T.tensor([[5.0]]), T.tensor([7.0, 8.0])),
        T.block_diag(T.tensor([[1, 2]]), T.tensor([[3.0]])),
        T.block_diag(T.tensor([True]), T.tensor([[2, 3]])),
        T.block_diag(),
    ],
    "cartesian_prod": lambda T: [
        T.cartesian_prod(T.tensor([1, 2]), T.tensor([3, 4, 5])),
        T.cartesian_prod(T.tensor([1.0, 2.0])),
    ],
    "searchsorted": lambda T: [
        T.searchsorted(T.tensor([1, 3, 5, 7]), T.tensor([3, 6, 9])),
        T.searchsorted(T.tensor([1, 3, 5, 7]), T.tensor([3, 6, 9]), right=True),
        T.searchsorted(T.tensor([[1, 3, 5], [2, 4, 6]]), T.tensor([[3, 6], [1, 5]])),
        T.searchsorted(T.tensor([1.0, 3.0]), 2.5),
        T.searchsorted(T.tensor([1, 3, 5]), T.tensor([3]), side="right"),
        T.searchsorted(T.tensor([1, 3, 5]), T.tensor([3]), out_int32=True),
        T.searchsorted(T.tensor([3, 1, 5]), T.tensor([3]), sorter=T.tensor([1, 0, 2])),
        T.bucketize(T.tensor([3, 6, 9]), T.tensor([1, 3, 5, 7])),
        T.bucketize(T.tensor([[3, 6], [0, 9]]), T.tensor([1, 3, 5, 7]), right=True),
        T.bucketize(2.5, T.tensor([1.0, 3.0])),
    ],
    "bincount": lambda T: [
        T.bincount(T.tensor([0, 1, 1, 3])),
        T.bincount(T.tensor([0, 1, 1, 3]), minlength=6),
        T.tensor([0, 1, 1, 3]).bincount(weights=T.tensor([0.5, 1.0, 2.0, 3.0])),
        T.bincount(T.tensor([0, 2]), weights=T.tensor([0.5, 2.0], dtype=T.float64)),
        T.bincount(T.tensor([], dtype=T.int64)),
        T.bincount(T.tensor([0, 1]), weights=T.tensor([1, 2])),
    ],
    "histc": lambda T: [
        T.histc(T.tensor([1.0, 2.0, 1.0]), bins=4, min=0, max=3),
        T.histc(T.tensor([1.0, 2.0, 1.0, 5.0]), bins=4),
        T.tensor([2.0, 2.0]).histc(bins=3),
        T.histc(T.tensor([0.0, 0.1, 0.2, 0.3, 0.9, 1.0, -1.0, 2.0]), bins=5, min=0, max=1),
        T.histc(T.tensor([1.0, 2.0], dtype=T.float64), bins=2),
    ],
    "trapezoid": lambda T: [
        T.trapezoid(T.tensor([1.0, 2.0, 3.0])),
        T.trapezoid(T.tensor([1.0, 2.0, 3.0]), dx=2),
        T.trapezoid(T.tensor([1.0, 2.0, 3.0]), T.tensor([0.0, 1.0, 3.0])),
        T.trapezoid(T.tensor([1, 2, 3])),
    ],
}


@pytest.mark.parametrize("name", list(PRINTED))
def test_values_dtypes_and_reprs(name: str) -> None:
    def program(T):
        out = PRINTED[name](T)
        return out, repr(out)

    same(program)


def test_grad_fn_names_with_grad() -> None:
    def program(T):
        x = T.arange(12.0).reshape(3, 4).requires_grad_()
        outs = [
            T.take_along_dim(x, T.tensor([[0], [2], [1]]), dim=1),
            *T.tensor_split(x, 3, dim=1),
            T.dstack([x, x]),
            T.rot90(x),
            T.block_diag(x, T.tensor(3.0)),
            T.cartesian_prod(x[0], x[1, :2]),
            T.trapezoid(x),
            T.trapezoid(x, T.tensor([0.0, 1.0, 3.0, 4.0])),
        ]
        return [repr(o) for o in outs], outs

    same(program)


MISUSE = {
    "take_along_dim_float_indices": lambda T: T.take_along_dim(T.ones(3, 4), T.tensor([[0.0]]), 1),
    "take_along_dim_shapes": lambda T: T.take_along_dim(T.ones(3, 4), T.tensor([[0], [1]]), 1),
    "tensor_split_zero": lambda T: T.tensor_split(T.ones(3), 0),
    "diag_embed_same_dims": lambda T: T.diag_embed(T.ones(2, 3), 0, 1, 1),
    "rot90_same_dims": lambda T: T.rot90(T.ones(2, 2), 1, [0, 0]),
    "rot90_1d": lambda T: T.rot90(T.ones(3), 1),
    "block_diag_3d": lambda T: T.block_diag(T.ones(2, 2), T.ones(1, 1, 1)),
    "searchsorted_shapes": lambda T: T.searchsorted(T.tensor([[1, 3, 5]]), T.tensor([3, 4])),
    "bucketize_2d": lambda T: T.bucketize(T.tensor([3]), T.tensor([[1, 3]])),
    "bincount_negative": lambda T: T.bincount(T.tensor([-1, 1])),
    "bincount_floats": lambda T: T.bincount(T.tensor([1.0, 2.0])),
    "bincount_2d": lambda T: T.bincount(T.ones(2, 2, dtype=T.int64)),
    "histc_ints": lambda T: T.histc(T.tensor([1, 2]), bins=2),
    "histc_bins": lambda T: T.histc(T.tensor([1.0, 2.0]), bins=-1),
    "histc_range": lambda T: T.histc(T.tensor([1.0, 2.0]), bins=2, min=3, max=1),
}


@pytest.mark.parametrize("name", list(MISUSE))
def test_misuse(name: str) -> None:
    outcome = same(MISUSE[name])
    assert outcome[0][0] == "error"


def test_histc_counts_match_numpy_on_random_data() -> None:
    data = np.random.default_rng(0).normal(size=200)

    def program(T):
        return T.histc(T.tensor(data, dtype=T.float64), bins=7, min=-1.5, max=2.0)

    same(program)
