"""erfinv, lgamma, digamma, polygamma, sinc, deg2rad and rad2deg against real torch:
values (float64 to 1e-7, also at poles, zeros, infinities and nan), dtypes, grad_fn
names, first- and second-order gradients (``check``), in-place methods, errors."""

from __future__ import annotations

import numpy as np
import pytest

from ..compare import same
from .differential import _randn, check


def _pos(a: np.ndarray) -> np.ndarray:
    return np.abs(a) + 0.3


CASES = {
    "erfinv": (lambda T, x: T.erfinv(x.tanh() * 0.9), None),
    "erfinv_method": (lambda T, x: (x / 4).erfinv(), None),
    "lgamma": (lambda T, x: T.lgamma(x), None),
    "lgamma_positive": (lambda T, x: x.lgamma(), _pos),
    "digamma": (lambda T, x: T.digamma(x), _pos),
    "digamma_negative": (lambda T, x: (-x).digamma(), _pos),
    "polygamma1": (lambda T, x: T.polygamma(1, x), _pos),
    "polygamma3": (lambda T, x: x.polygamma(3), _pos),
    "sinc": (lambda T, x: T.sinc(x), None),
    "deg2rad": (lambda T, x: T.deg2rad(x) * x, None),
    "rad2deg": (lambda T, x: x.rad2deg().sin(), None),
}


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("name", list(CASES))
def test_values_and_gradients(name: str, seed: int) -> None:
    fn, domain = CASES[name]
    (a,) = _randn(seed, (3, 4))
    check(fn, [a if domain is None else domain(a)], seed)


EDGES = [0.0, -0.0, 1.0, 2.0, -1.0, -2.5, 0.5, 1e-300, 1e17, 3e17, 10.0, 1e5, -1e5 + 0.5]
SPECIAL = [float("inf"), -float("inf"), float("nan")]


@pytest.mark.parametrize("name", ["lgamma", "digamma", "sinc", "deg2rad", "rad2deg"])
@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_edges(name: str, dtype: str) -> None:
    def program(T):
        edges = EDGES if name != "lgamma" else [e for e in EDGES if abs(e) < 1e17]
        # (huge lgamma values: torch's libm and Python's math differ in the last bit)
        x = T.tensor(edges + SPECIAL, dtype=getattr(T, dtype))
        return getattr(T, name)(x), getattr(T, name)(T.tensor([1, 2, -1, 0])), str(x.dtype)

    same(program)


def test_erfinv_edges() -> None:
    same(
        lambda T: [
            T.erfinv(
                T.tensor([0.0, -0.0, 0.5, -0.7, 0.7, 0.71, 0.999, 1.0, -1.0, 1.5, float("nan")])
            ),
            T.erfinv(T.tensor([0.1, -0.9], dtype=T.float64)),
            T.erfinv(T.tensor([0, 1, -1])),
            T.erfinv(T.tensor([True, False])),
        ]
    )


def test_polygamma_orders() -> None:
    def program(T):
        x = T.tensor([0.3, 1.0, 2.5, 12.0, -0.5, 0.0], dtype=T.float64)
        return [T.polygamma(n, x) for n in range(5)], T.polygamma(2, T.tensor([1, 2]))

    same(program)


def test_grad_fn_names_reprs_and_in_place() -> None:
    def program(T):
        x = T.tensor([0.25, 1.5, 3.0], requires_grad=True)
        outs = [T.erfinv(x / 4), T.lgamma(x), T.digamma(x), T.polygamma(2, x), T.sinc(x)]
        outs += [T.deg2rad(x), T.rad2deg(x)]
        y = x * 1
        y.lgamma_()
        z = (x * 1).digamma_().sinc_().deg2rad_().rad2deg_()
        w = (x * 1).polygamma_(1)
        e = (x / 4).erfinv_()
        (y + z + w + e).sum().backward()
        return [repr(o) for o in outs], outs, y, z, w, e, x.grad

    same(program)


MISUSE = {
    "polygamma_negative": lambda T: T.polygamma(-1, T.ones(2)),
    "lgamma_int_in_place": lambda T: T.tensor([1, 2]).lgamma_(),
}


@pytest.mark.parametrize("name", list(MISUSE))
def test_misuse(name: str) -> None:
    outcome = same(MISUSE[name])
    assert outcome[0][0] == "error"
