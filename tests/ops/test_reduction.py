"""Differential tests of the reductions with ``dim``/``keepdim`` against real torch
(max, prod, norm, var, std, logsumexp...).

Each example runs one operation on the same random float64 inputs under
minigrad and under real torch and compares (``check`` in ``differential.py``)
the outputs, the first-order gradients and the second-order gradients.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from .differential import EXAMPLES, SEEDS, SIDE, _randn, _shape, check


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
