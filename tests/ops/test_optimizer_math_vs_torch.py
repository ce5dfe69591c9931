"""The pointwise functions hand-written optimizers and losses use (addcmul,
addcdiv, xlogy, logit, logaddexp, hypot, fmod, copysign, float_power...)
against real torch: values and dtypes, grad_fn names, first- and second-order
gradients (``check``), reprs, in-place versions and misuse errors (``same``)."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import minigrad

from ..compare import same
from ..transcript import run
from .differential import _randn, check

SEEDS = [0, 1, 2]


def _pos(a: np.ndarray) -> np.ndarray:
    return np.abs(a) + 0.5


def _unit(a: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-a))  # in (0, 1)


# name -> (fn(T, *leaves), shapes, what each input's values are made into)
CASES = {
    "addcmul": (lambda T, a, b, c: T.addcmul(a, b, c), [(2, 3), (2, 3), (2, 3)], None),
    "addcmul_value_broadcast": (
        lambda T, a, b, c: T.addcmul(a, b, c, value=-0.5),
        [(3,), (2, 1), (2, 3)],
        None,
    ),
    "addcmul_method": (lambda T, a, b, c: a.addcmul(b, c, value=2), [(2, 3), (3,), (2, 3)], None),
    "addcdiv": (
        lambda T, a, b, c: T.addcdiv(a, b, c, value=0.3),
        [(2, 3), (2, 3), (2, 3)],
        [None, None, _pos],
    ),
    "addcdiv_broadcast": (
        lambda T, a, b, c: a.addcdiv(b, c),
        [(2, 1), (3,), (2, 3)],
        [None, None, _pos],
    ),
    "xlogy": (lambda T, a, b: T.xlogy(a, b), [(2, 3), (2, 3)], [None, _pos]),
    "xlogy_number_other": (lambda T, a: T.xlogy(a, 2.5), [(2, 3)], None),
    "xlogy_number_self": (lambda T, b: T.xlogy(3.0, b), [(2, 3)], [_pos]),
    "xlogy_method": (lambda T, a, b: a.xlogy(b), [(3,), (2, 3)], [None, _pos]),
    "logit": (lambda T, a: T.logit(a), [(2, 3)], [_unit]),
    "logit_eps": (lambda T, a: a.logit(eps=0.3), [(2, 3)], [_unit]),
    "logaddexp": (lambda T, a, b: T.logaddexp(a, b), [(2, 3), (3,)], None),
    "hypot": (lambda T, a, b: T.hypot(a, b), [(2, 3), (2, 1)], None),
    "true_divide": (lambda T, a, b: T.true_divide(a, b), [(2, 3), (2, 3)], [None, _pos]),
    "negative": (lambda T, a: T.negative(a), [(2, 3)], None),
    "positive": (lambda T, a: T.positive(a) * 2, [(2, 3)], None),
    "float_power": (lambda T, a: T.float_power(a, 3), [(2, 3)], None),
    "float_power_tensor": (lambda T, a, b: T.float_power(a, b), [(2, 3), (3,)], [_pos, None]),
    "float_power_number_base": (lambda T, b: T.float_power(2, b), [(2, 3)], None),
    "fmod": (lambda T, a, b: T.fmod(a, b), [(2, 3), (2, 3)], [None, _pos]),
    "fmod_number": (lambda T, a: a.fmod(0.3), [(2, 3)], None),
    "copysign": (lambda T, a, b: T.copysign(a, b), [(2, 3), (2, 3)], None),
    "copysign_number": (lambda T, a: a.copysign(-1.0), [(2, 3)], None),
    "sgn": (lambda T, a: T.sgn(a) * a, [(2, 3)], None),
}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", list(CASES))
def test_values_and_gradients(name: str, seed: int) -> None:
    fn, shapes, domains = CASES[name]
    arrays = _randn(seed, *shapes)
    arrays = [a if d is None else d(a) for a, d in zip(arrays, domains or [None] * len(arrays))]
    check(fn, arrays, seed)


PRINTED = {
    "addcmul": lambda T: T.addcmul(
        T.tensor([1.0, 2.0]), T.tensor([3.0, 4.0]), T.tensor([0.5, 0.25]), value=2
    ),
    "addcmul_ints": lambda T: [
        T.addcmul(T.tensor([1, 2]), T.tensor([3, 4]), T.tensor([5, 6])),
        T.addcmul(T.tensor([1, 2]), T.tensor([3, 4]), T.tensor([5, 6]), value=0.5),
        T.addcmul(T.tensor([1, 2]), T.tensor([3.0, 4.0]), T.tensor([5, 6])),
        T.addcmul(T.ones(2), T.ones(2, dtype=T.float64), T.ones(2)),
    ],
    "addcdiv": lambda T: [
        T.addcdiv(T.tensor([1.0, 2.0]), T.tensor([3.0, 4.0]), T.tensor([2, 8]), value=2),
        T.addcdiv(T.tensor([1, 2]), T.tensor([3.0, 4.0]), T.tensor([2.0, 8.0])),
        T.addcdiv(T.tensor([1.0]), T.tensor([1.0]), T.tensor([0.0])),
    ],
    "xlogy": lambda T: [
        T.xlogy(T.tensor([0.0, 0.0, 1.0, 2.0]), T.tensor([0.0, float("nan"), 0.0, 3.0])),
        T.xlogy(T.tensor([1, 2]), T.tensor([2, 3])),
        T.xlogy(T.tensor([True, False]), T.tensor([True, True])),
        T.xlogy(T.tensor([0, 2]), 2),
        T.xlogy(2, T.tensor([1.0, 4.0])),
    ],
    "logit": lambda T: [
        T.logit(T.tensor([0.0, 0.25, 1.0, 1.5, -0.5])),
        T.logit(T.tensor([0.0, 0.25, 1.0, 1.5]), eps=0.1),
        T.logit(T.tensor([0, 1, 2])),
        T.logit(T.tensor([True, False])),
        T.logit(T.tensor([0.2], dtype=T.float64)),
    ],
    "logaddexp": lambda T: [
        T.logaddexp(
            T.tensor([1.0, 1000.0, float("inf"), -float("inf")]), T.tensor([2, 1000, 1, 0])
        ),
        T.logaddexp(
            T.tensor([float("inf"), -float("inf"), float("inf")]),
            T.tensor([float("inf"), -float("inf"), -float("inf")]),
        ),
    ],
    "hypot": lambda T: [
        T.hypot(T.tensor([3.0, 5.0]), T.tensor([4, 12])),
        T.hypot(T.tensor([3.0]), T.tensor([4.0], dtype=T.float64)),
    ],
    "true_divide": lambda T: [T.true_divide(T.tensor([1, 3]), 2), T.tensor([1, 3]).true_divide(2)],
    "negative_positive": lambda T: [T.negative(T.tensor([1, -2])), T.positive(T.tensor([1, -2]))],
    "float_power": lambda T: [
        T.float_power(T.tensor([1, 2, 3]), 2),
        T.float_power(T.tensor([1.0, 2.0]), -1),
        T.float_power(2, T.tensor([1.0, 3.0])),
        T.float_power(T.tensor([2, 3]), T.tensor([2, 3])),
        T.float_power(T.tensor([True, False]), T.tensor([True, True])),
        T.tensor([4, 9]).float_power(0.5),
    ],
    "fmod": lambda T: [
        T.fmod(T.tensor([-3, -2, 5]), 2),
        T.fmod(T.tensor([-3.0, 3.0, 5.5]), 2),
        T.fmod(T.tensor([-3.0, 3.0]), T.tensor([2.0, -2.0])),
        T.fmod(T.tensor([5, 6]), 1.5),
        T.fmod(T.tensor([1.0, -1.0]), 0),
        T.tensor([7, -7]).fmod(T.tensor([3, 3])),
    ],
    "copysign": lambda T: [
        T.copysign(T.tensor([1.0, -2.0, 0.0, -0.0]), -1),
        T.copysign(T.tensor([1, -2]), T.tensor([-0.0, 0.0])),
        T.copysign(T.tensor([True, False]), T.tensor([True, True])),
        T.copysign(T.tensor([1.0, 2.0]), T.tensor([-1.0], dtype=T.float64)),
    ],
    "signbit": lambda T: [
        T.signbit(T.tensor([0.0, -0.0, 1.5, -2.0, float("nan"), -float("nan")])),
        T.tensor([-1, 0, 3]).signbit(),
        T.signbit(T.tensor([True, False])),
    ],
    "sgn": lambda T: [
        T.sgn(T.tensor([0.0, -0.0, -2.0, 3.0, float("nan")])),
        T.tensor([-3, 0, 2]).sgn(),
        T.sgn(T.tensor([True, False])),
    ],
}


@pytest.mark.parametrize("name", list(PRINTED))
def test_values_dtypes_and_reprs(name: str) -> None:
    def program(T):
        out = PRINTED[name](T)
        return out, repr(out)

    same(program)


def test_grad_fn_names_and_reprs_with_grad() -> None:
    def program(T):
        a = T.tensor([0.2, 0.7], requires_grad=True)
        b = T.tensor([0.5, 2.0], requires_grad=True)
        outs = [
            T.addcmul(a, a, b),
            T.addcdiv(a, a, b),
            T.xlogy(a, b),
            T.xlogy(a, 2),
            T.xlogy(2, b),
            T.logit(a),
            T.logaddexp(a, b),
            T.hypot(a, b),
            T.true_divide(a, b),
            T.negative(a),
            T.float_power(a, 2),
            T.float_power(a, b),
            T.float_power(3, b),
            T.fmod(a, b),
            T.fmod(a, 0.3),
            T.copysign(a, b),
            T.copysign(a, -1),
            T.sgn(a),
            T.signbit(a),
        ]
        return [repr(o) for o in outs], [o.grad_fn and o.grad_fn.name() for o in outs]

    same(program)


def test_positive_is_the_tensor_itself() -> None:
    same(lambda T: (lambda x: T.positive(x) is x and x.positive() is x)(T.ones(2)))


INPLACE = {
    "addcmul_": lambda T, x, a, b: x.addcmul_(a, b, value=0.5),
    "addcdiv_": lambda T, x, a, b: x.addcdiv_(a, b.abs() + 1, value=-2),
    "xlogy_": lambda T, x, a, b: x.abs().xlogy_(b.abs()),
    "logit_": lambda T, x, a, b: x.sigmoid().logit_(eps=0.2),
    "hypot_": lambda T, x, a, b: x.hypot_(b),
    "true_divide_": lambda T, x, a, b: x.true_divide_(b),
    "negative_": lambda T, x, a, b: x.negative_(),
    "square_": lambda T, x, a, b: x.square_(),
    "float_power_": lambda T, x, a, b: x.double().float_power_(2),
    "fmod_": lambda T, x, a, b: x.fmod_(b),
    "copysign_": lambda T, x, a, b: x.copysign_(b),
}


@pytest.mark.parametrize("name", list(INPLACE))
def test_in_place(name: str) -> None:
    def program(T):
        leaf = T.tensor([[0.5, -1.5, 2.0], [0.25, 1.0, -0.75]], requires_grad=True)
        a = T.tensor([1.0, -2.0, 0.5], requires_grad=True)
        b = T.tensor([[2.0], [-3.0]], requires_grad=True)
        x = leaf * 1
        y = INPLACE[name](T, x, a, b)
        (y * T.arange(6.0).reshape(2, 3)).sum().backward()
        return y, leaf.grad, a.grad, b.grad

    same(program)


def test_in_place_without_grad_is_the_same_tensor() -> None:
    def program(T):
        x = T.tensor([1.0, 2.0])
        y = x.addcmul_(T.tensor([2.0, 3.0]), T.tensor([4.0, 5.0]))
        z = x.addcdiv_(T.tensor([2.0, 3.0]), T.tensor([4.0, 5.0]), value=4)
        s = T.tensor([-2.0, 0.0, 3.0])
        # (torch's gradient of sgn_ is a tensor of zeros without storage: not compared)
        return y is x, z is x, x, s.sgn_() is s, s

    same(program)


MISUSE = {
    "addcmul_bool": lambda T: T.addcmul(*[T.tensor([True, False])] * 3),
    "addcmul_shapes": lambda T: T.addcmul(T.ones(3), T.ones(3), T.ones(2)),
    "addcmul_int_in_place": lambda T: T.tensor([1, 2]).addcmul_(T.ones(2), T.ones(2)),
    "addcdiv_integers": lambda T: T.addcdiv(T.ones(2), T.tensor([1, 2]), T.tensor([1, 2])),
    "addcdiv_shapes": lambda T: T.addcdiv(T.ones(3), T.ones(2), T.ones(3)),
    "xlogy_shapes": lambda T: T.xlogy(T.ones(3), T.ones(2)),
    "logit_int_in_place": lambda T: T.tensor([0, 1]).logit_(),
    "logaddexp_ints": lambda T: T.logaddexp(T.tensor([1, 2]), T.tensor([1, 2])),
    "logaddexp_bools": lambda T: T.logaddexp(T.tensor([True]), T.tensor([False])),
    "hypot_ints": lambda T: T.hypot(T.tensor([3, 4]), T.tensor([1, 2])),
    "negative_bool": lambda T: T.negative(T.tensor([True])),
    "positive_bool": lambda T: T.positive(T.tensor([True])),
    "float_power__float32": lambda T: T.ones(2).float_power_(2),
    "fmod_by_zero_int": lambda T: T.fmod(T.tensor([1, 2]), 0),
    "fmod_by_zero_int_tensor": lambda T: T.fmod(T.tensor([1, 2]), T.tensor([1, 0])),
    "fmod_bool": lambda T: T.fmod(T.tensor([True]), T.tensor([True])),
    "fmod_shapes": lambda T: T.fmod(T.ones(3), T.ones(2)),
    "copysign_int_in_place": lambda T: T.tensor([1, 2]).copysign_(-1),
}


@pytest.mark.parametrize("name", list(MISUSE))
def test_misuse(name: str) -> None:
    outcome = same(MISUSE[name])
    assert outcome[0][0] == "error"


@pytest.mark.parametrize(
    "code", ["torch.logaddexp(torch.ones(2), 2)", "torch.hypot(torch.ones(2), 2.0)"]
)
def test_a_number_where_a_tensor_belongs(code: str) -> None:
    mine, theirs = run(code, minigrad), run(code, torch)
    assert theirs.error.startswith("TypeError")
    assert mine.lines() == theirs.lines()
