"""addmv, baddbmm and addbmm (``beta input + alpha product`` in one operation)
against real torch: values, grad_fn names, first- and second-order gradients
(``check``), integer dtypes, the ignored input of ``beta=0``, in-place methods
and the errors of misuse, in torch's order."""

from __future__ import annotations

import pytest

from ..compare import same
from .differential import _randn, check

CASES = {
    "addmv": (lambda T, i, m, v: T.addmv(i, m, v), [(2,), (2, 3), (3,)]),
    "addmv_scaled": (lambda T, i, m, v: T.addmv(i, m, v, beta=0.5, alpha=-2), [(2,), (2, 3), (3,)]),
    "addmv_broadcast": (lambda T, i, m, v: i.addmv(m, v, alpha=3), [(1,), (4, 3), (3,)]),
    "addmv_0dim": (lambda T, i, m, v: T.addmv(i, m, v, beta=2), [(), (2, 3), (3,)]),
    "baddbmm": (lambda T, i, a, b: T.baddbmm(i, a, b), [(2, 3, 4), (2, 3, 5), (2, 5, 4)]),
    "baddbmm_scaled": (
        lambda T, i, a, b: i.baddbmm(a, b, beta=-1, alpha=0.5),
        [(2, 3, 4), (2, 3, 5), (2, 5, 4)],
    ),
    "baddbmm_broadcast": (lambda T, i, a, b: T.baddbmm(i, a, b), [(3, 1), (2, 3, 5), (2, 5, 4)]),
    "addbmm": (lambda T, i, a, b: T.addbmm(i, a, b), [(3, 4), (2, 3, 5), (2, 5, 4)]),
    "addbmm_scaled": (
        lambda T, i, a, b: T.addbmm(i, a, b, beta=2, alpha=-0.5),
        [(3, 4), (2, 3, 5), (2, 5, 4)],
    ),
    "addbmm_broadcast": (lambda T, i, a, b: i.addbmm(a, b, alpha=2), [(4,), (3, 2, 5), (3, 5, 4)]),
    "beta_zero": (
        lambda T, i, m, v, a, b: (
            T.addmv(i[0, 0, :2], m, v, beta=0),
            T.baddbmm(i, a, b, beta=0),
            T.addbmm(i[0], a, b, beta=0),
        ),
        [(2, 3, 4), (2, 3), (3,), (2, 3, 5), (2, 5, 4)],
    ),
}


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("name", list(CASES))
def test_values_and_gradients(name: str, seed: int) -> None:
    fn, shapes = CASES[name]
    check(fn, _randn(seed, *shapes), seed)


def test_integers_reprs_and_an_ignored_nan() -> None:
    def program(T):
        nan = float("nan")
        ints = [
            T.addmv(T.tensor([1, 2]), T.tensor([[1, 2], [3, 4]]), T.tensor([5, 6]), beta=2),
            T.addmv(T.tensor([1, 2]), T.tensor([[1, 2], [3, 4]]), T.tensor([5, 6]), beta=0.5),
            T.baddbmm(
                T.ones(1, 2, 2, dtype=T.int64),
                T.ones(1, 2, 3, dtype=T.int64),
                T.ones(1, 3, 2, dtype=T.int64),
            ),
            T.addbmm(
                T.ones(2, dtype=T.int64),
                T.ones(3, 2, 1, dtype=T.int64),
                T.ones(3, 1, 2, dtype=T.int64),
                alpha=2,
            ),
        ]
        ignored = [
            T.addmv(T.tensor([nan, 1.0]), T.eye(2), T.ones(2), beta=0),
            T.baddbmm(T.full((1, 2, 2), nan), T.ones(1, 2, 3), T.ones(1, 3, 2), beta=0),
            T.addbmm(T.full((2, 2), nan), T.ones(2, 2, 3), T.ones(2, 3, 2), beta=0),
            T.addbmm(T.ones(2, 2), T.ones(0, 2, 3), T.ones(0, 3, 2), beta=3),
        ]
        x = T.ones(2, requires_grad=True)
        with_grad = [
            T.addmv(x, T.eye(2), x),
            T.baddbmm(x, T.ones(1, 2, 3), T.ones(1, 3, 2)),
            T.addbmm(x, T.ones(1, 2, 3), T.ones(1, 3, 2)),
        ]
        return ints, ignored, [repr(t) for t in ints + ignored + with_grad], with_grad

    same(program)


INPLACE = {
    "addmv_": lambda T, x, m, a, b: x[0, :2].addmv_(m, a[0, 0, :3], beta=0.5),
    "baddbmm_": lambda T, x, m, a, b: x.reshape(1, 2, 3).baddbmm_(a[:1, :2], b[:1, :, :3], alpha=2),
    "addbmm_": lambda T, x, m, a, b: x.addbmm_(a[:, :2], b[:, :, :3], beta=-1),
}


@pytest.mark.parametrize("name", list(INPLACE))
def test_in_place(name: str) -> None:
    def program(T):
        leaf = T.tensor([[0.5, -1.5, 2.0], [0.25, 1.0, -0.75]], requires_grad=True)
        m = T.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]], requires_grad=True)
        a = T.arange(24.0).reshape(2, 3, 4).div(8).requires_grad_()  # (exact in float32)
        b = T.arange(40.0).reshape(2, 4, 5).sub(20).div(4).requires_grad_()
        x = leaf * 1
        y = INPLACE[name](T, x, m, a, b)
        (x * T.arange(6.0).reshape(2, 3)).sum().backward()
        return y, x, leaf.grad, m.grad, a.grad, b.grad

    same(program)


MISUSE = {
    "addmv_dims": lambda T: T.addmv(T.ones(2, 2), T.ones(2, 3), T.ones(3)),
    "addmv_mat_dims": lambda T: T.addmv(T.ones(2), T.ones(2, 3, 4), T.ones(3)),
    "addmv_sizes": lambda T: T.addmv(T.ones(3), T.ones(2, 3), T.ones(3)),
    "addmv_vec_size": lambda T: T.addmv(T.ones(2), T.ones(2, 3), T.ones(2)),
    "addmv_sizes_before_dtypes": lambda T: T.addmv(T.ones(2), T.ones(2, 3), T.ones(2).double()),
    "addmv_dtypes": lambda T: T.addmv(T.ones(1).double(), T.ones(2, 3), T.ones(3)),
    "addmv_vec_dtype": lambda T: T.addmv(T.ones(2), T.ones(2, 3), T.ones(3).double()),
    "addmv_bool": lambda T: T.addmv(*(T.ones(s, dtype=T.bool) for s in [(2,), (2, 3), (3,)])),
    "baddbmm_input_dtype": lambda T: T.baddbmm(
        T.ones(2, 3, 4).double(), T.ones(2, 3, 5), T.ones(2, 5, 4)
    ),
    "baddbmm_batch_dtype": lambda T: T.baddbmm(
        T.ones(2, 3, 4), T.ones(2, 3, 5), T.ones(2, 5, 4).double()
    ),
    "baddbmm_sizes": lambda T: T.baddbmm(T.ones(2, 3, 4), T.ones(2, 3, 5), T.ones(2, 4, 4)),
    "baddbmm_input_shape": lambda T: T.baddbmm(T.ones(2, 3, 3), T.ones(2, 3, 5), T.ones(2, 5, 4)),
    "baddbmm_2d_batch": lambda T: T.baddbmm(T.ones(2, 3, 4), T.ones(3, 5), T.ones(2, 5, 4)),
    "addbmm_batches": lambda T: T.addbmm(T.ones(3, 4), T.ones(2, 3, 5), T.ones(3, 5, 4)),
    "addbmm_sizes": lambda T: T.addbmm(T.ones(3, 4).double(), T.ones(2, 3, 5), T.ones(2, 4, 4)),
    "addbmm_input_shape": lambda T: T.addbmm(T.ones(5, 4), T.ones(2, 3, 5), T.ones(2, 5, 4)),
    "addbmm_3d_input": lambda T: T.addbmm(T.ones(2, 3, 4), T.ones(2, 3, 5), T.ones(2, 5, 4)),
    "addbmm_2d_batch": lambda T: T.addbmm(T.ones(3, 4), T.ones(3, 5), T.ones(3, 5, 4)),
    "addbmm_input_dtype": lambda T: T.addbmm(
        T.ones(3, 4), T.ones(2, 3, 5).double(), T.ones(2, 5, 4).double()
    ),
    "addbmm_batch_dtype": lambda T: T.addbmm(
        T.ones(3, 4), T.ones(2, 3, 5).double(), T.ones(2, 5, 4)
    ),
}


@pytest.mark.parametrize("name", list(MISUSE))
def test_misuse(name: str) -> None:
    outcome = same(MISUSE[name])
    assert outcome[0][0] == "error"
