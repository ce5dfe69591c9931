"""torch's order of addition for a float sum.

Floating-point addition is not associative, so a sum's last bit depends on the
order. numpy adds pairwise; torch adds in a cascade of its own (vectors of 32
bytes, four of them side by side, partial sums carried up through 4 levels).
minigrad follows torch's order for a float32/float64 sum, full or along dims
side by side, so that ``loss.item()`` prints torch's digits. (Above 32,768
elements torch splits a full sum among its threads; this is its order on one.)

``SumBackward0`` in ``minigrad/ops/reduction.py`` computes its forward with
``_sum_all``; its derivative does not care about the order.
"""

from __future__ import annotations

import builtins
import math
from typing import Any

import numpy as np


def _sum_all(a: np.ndarray, dtype: Any) -> Any:
    """The sum of all elements of ``a`` (in ``dtype``), added in torch's order."""
    if (
        a.size <= 4  # few enough: numpy's order is torch's
        or a.dtype != dtype
        or a.dtype.type not in (np.float32, np.float64)
        or not (a.flags.c_contiguous or a.flags.f_contiguous)
    ):
        return np.sum(a, dtype=dtype)
    flat = a.ravel(order="K")  # the elements in memory order
    lanes = 32 // a.dtype.itemsize
    n = flat.size
    if n < lanes:
        return _ilp_sum(flat)
    whole = n // lanes * lanes
    vector = _ilp_sum(flat[:whole].reshape(-1, lanes))
    total = a.dtype.type(0)
    for x in flat[whole:]:  # the elements left over, then each lane of the vector
        total += x
    for x in vector:
        total += x
    return total


def _sum_dims(a: np.ndarray, dims: tuple, keepdim: bool, dtype: Any) -> Any:
    """The sum of ``a`` over ``dims``, added in torch's order when the dims sit side
    by side in a C-contiguous float32/float64 array (torch merges them into one);
    in numpy's order otherwise."""
    dims = tuple(sorted(dims))
    if (
        not dims
        or a.size == 0
        or a.dtype != dtype
        or a.dtype.type not in (np.float32, np.float64)
        or not a.flags.c_contiguous
        or dims[-1] - dims[0] != len(dims) - 1
    ):
        return np.sum(a, axis=dims, keepdims=keepdim, dtype=dtype)
    shape = a.shape
    outer, inner = math.prod(shape[: dims[0]]), math.prod(shape[dims[-1] + 1 :])
    x = a.reshape(outer, -1, inner)  # sum over the middle axis
    lanes = 32 // a.dtype.itemsize
    if inner == 1:  # each row's elements side by side in memory: a full sum's order
        rows = x[:, :, 0].T  # (row element, row)
        n = rows.shape[0]
        if n < lanes:
            total = _ilp_sum(rows)
        else:
            whole = n // lanes * lanes
            vector = _ilp_sum(rows[:whole].reshape(-1, lanes, outer))
            total = np.zeros(outer, a.dtype)
            for row in rows[whole:]:  # the elements left over, then each lane
                total += row
            for row in vector:
                total += row
    else:  # summing rows of columns: torch takes the columns in groups; the
        # columns of whole groups get a cascade of their own, the rest _ilp_sum's
        cols = x.transpose(1, 0, 2)
        group = 4 * lanes if inner >= lanes else 4
        split = inner // group * group
        if split == inner:
            total = _cascade(cols)
        elif split == 0:
            total = _ilp_sum(cols)
        else:
            total = np.concatenate(
                [_cascade(cols[:, :, :split]), _ilp_sum(cols[:, :, split:])], axis=1
            )
    if keepdim:
        return total.reshape(tuple(1 if i in dims else m for i, m in enumerate(shape)))
    return total.reshape(shape[: dims[0]] + shape[dims[-1] + 1 :])


def _ilp_sum(x: np.ndarray) -> Any:
    """Sum the rows of ``x`` as torch's ``row_sum`` does: four partial sums side by side."""
    k = x.shape[0] // 4
    partial = _cascade(x[: k * 4].reshape((k, 4) + x.shape[1:]))
    for row in x[k * 4 :]:
        partial[0] += row
    return ((partial[0] + partial[1]) + partial[2]) + partial[3]


def _cascade(x: np.ndarray) -> np.ndarray:
    """Sum the rows of ``x`` as torch's cascade does: in blocks of ``step`` rows; the
    sums of ``step`` blocks are added up a level, and so on through four levels,
    each level keeping what is left over of its own."""
    size = x.shape[0]
    power = builtins.max(4, ((size - 1).bit_length() if size > 2 else 1) // 4)
    step = 1 << power
    total = None  # the levels' sums, added from the lowest up
    sums = x
    for level in range(4):
        whole = sums.shape[0] // step * step if level < 3 else 0  # the top keeps all
        left = _in_order(sums[whole:])
        total = left if total is None else total + left
        if not whole:  # nothing goes up: the levels above hold +0, which adds nothing
            return total  # (total is never -0: _in_order starts from +0)
        sums = np.add.reduce(sums[:whole].reshape((whole // step, step) + x.shape[1:]), axis=1)
    return total


def _in_order(rows: np.ndarray) -> np.ndarray:
    """The rows added one after another, starting from +0 as torch's accumulators do.
    (numpy adds the rows of an array of rows in order; only along a row's own
    elements does it add pairwise, and every caller's rows have 4 or more.)"""
    return np.add.reduce(rows, axis=0) + rows.dtype.type(0)
