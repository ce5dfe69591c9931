"""Differential tests of the shape operators against real torch (repeat, cat,
stack, split, unbind...).

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


def test_views_backward_gives_torchs_grad_fn_for_a_contiguous_and_a_strided_gradient() -> None:
    # ViewBackward0.backward takes a fast path for a contiguous gradient (torch:
    # ViewBackward0); a transposed one goes through reshape, which copies (UnsafeViewBackward0)
    import torch

    import minigrad

    a = np.arange(1.0, 7.0)
    for lib in (minigrad, torch):
        x = lib.tensor(a, requires_grad=True)
        y = x.view(2, 3)
        names = []
        f64 = lib.float64
        for g in (lib.ones(2, 3, dtype=f64) * 2, (lib.ones(3, 2, dtype=f64) * 3).t()):
            g.requires_grad_()
            (gx,) = lib.autograd.grad(y, x, g, create_graph=True, retain_graph=True)
            names.append(gx.grad_fn.name())
            assert gx.tolist() == [2.0] * 6 or gx.tolist() == [3.0] * 6
        if lib is minigrad:
            mine = names
    assert mine == names, (mine, names)
