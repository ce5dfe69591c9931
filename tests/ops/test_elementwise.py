"""Differential tests of elementwise operators against real torch: clamp, where,
maximum, masked_fill, logs, rounding, activations and their in-place forms.

Each example runs one operation on the same random float64 inputs under
minigrad and under real torch and compares (``check`` in ``differential.py``)
the outputs, the first-order gradients and the second-order gradients.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from .differential import EXAMPLES, SEEDS, _broadcastable, _randn, _shape, check

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
