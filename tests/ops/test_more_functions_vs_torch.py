"""Functions a tutorial reaches for beyond the basic ones (tan, atan, rsqrt,
expm1, trunc, frac...), against real torch: values, dtypes, grad_fn names,
gradients, errors."""

from __future__ import annotations

import pytest

from ..compare import same

UNARY = ["tan", "atan", "asin", "acos", "sinh", "cosh", "rsqrt", "expm1", "trunc", "frac"]


@pytest.mark.parametrize("name", UNARY)
def test_unary_value_and_gradient(name: str) -> None:
    def program(lib):
        x = lib.tensor([0.3, -0.5, 0.75, 0.0], requires_grad=True)
        y = getattr(x, name)()
        y.sum().backward()
        return y, x.grad, getattr(lib, name)(x.detach())

    same(program)


@pytest.mark.parametrize("name", UNARY)
@pytest.mark.parametrize("values", [[1, 2, -3], [True, False]])
def test_unary_on_integers_and_bools(name: str, values: list) -> None:
    same(lambda lib: getattr(lib.tensor(values), name)())


@pytest.mark.parametrize("name", UNARY)
def test_unary_in_place(name: str) -> None:
    def program(lib):
        x = lib.tensor([0.3, -0.5, 0.75], dtype=lib.float64)
        y = getattr(x, name + "_")()
        return x, y is x

    same(program)


@pytest.mark.parametrize("name", ["arctan", "arcsin", "arccos", "fix"])
def test_numpy_style_aliases(name: str) -> None:
    same(lambda lib: getattr(lib.tensor([0.3, -0.5], requires_grad=True), name)())


@pytest.mark.parametrize(
    "args",
    [(0, 2, 3), (-1.5, 3.7, 17), (0, 1, 1), (2, -2, 9, 2.0), (0.1, 0.9, 101, 3.3)],
)
@pytest.mark.parametrize("dtype", [None, "float64"])
def test_logspace(args: tuple, dtype: str | None) -> None:
    def program(lib):
        kw = {} if dtype is None else {"dtype": getattr(lib, dtype)}
        # (as printed: torch's vectorized pow may differ from numpy's in the last bit)
        return str(lib.logspace(*args, **kw))

    same(program)


def test_constants() -> None:
    same(lambda lib: [lib.pi, lib.e, lib.inf, str(lib.nan), lib.newaxis])
