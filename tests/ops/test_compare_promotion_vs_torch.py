"""Comparisons promote as torch does: a 0-dim float64 against a float32 tensor
compares in float32, an int tensor against a float in the default float dtype,
and a Python int is wrapped into a small int dtype first."""

from __future__ import annotations

import itertools
import warnings

import pytest
import torch

import minigrad

DTYPES = ["float16", "float32", "float64", "int64", "int32", "uint8", "bool"]
VALUES = [-0.2, 0.1, 1.0000001, 16777217.0, 0.3]


def _tensor(lib, value, shape, dtype):
    t = lib.full(shape, value) if shape else lib.tensor(value)
    return t.to(getattr(lib, dtype))


def _compare_all(lib, a, b):
    return [(a < b).tolist(), (a == b).tolist(), (a >= b).tolist(), lib.ne(a, b).tolist()]


@pytest.mark.parametrize("value", VALUES)
def test_tensor_against_tensor_of_another_dtype(value) -> None:
    for d1, d2 in itertools.product(DTYPES, DTYPES):
        for s1, s2 in (((), (1,)), ((1,), ()), ((1,), (1,)), ((), ())):
            want = _compare_all(torch, _tensor(torch, value, s1, d1), _tensor(torch, value, s2, d2))
            with warnings.catch_warnings():
                warnings.simplefilter("error")  # and no numpy warning on the way
                got = _compare_all(
                    minigrad, _tensor(minigrad, value, s1, d1), _tensor(minigrad, value, s2, d2)
                )
            assert got == want, (value, d1, d2, s1, s2)


@pytest.mark.parametrize("number", [0.5, 1.0000001, 1, True, 300, -1, 2**40])
@pytest.mark.parametrize("dtype", DTYPES)
def test_tensor_against_a_number(dtype, number) -> None:
    def run(lib):
        t = lib.tensor([1, 0, 255]).to(getattr(lib, dtype))
        return [(t < number).tolist(), (number < t).tolist(), (t == number).tolist()]

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert run(minigrad) == run(torch)
