"""Fused multiply-adds, rounded the way torch's CPU kernels round them.

torch computes ``addcmul``, ``add(..., alpha=)`` and ``lerp`` with a *fused*
multiply-add: ``a * b + c`` is rounded once, not twice. numpy has no fused
multiply-add, but for float32 the product of two float32 numbers is exact in
float64, so summing there and rounding back gives torch's bits (a float64
sum rounded twice can differ, but only about once in half a billion). float64
arrays get the plain, twice-rounded arithmetic.
"""

from __future__ import annotations

import numpy as np


def fma(a: np.ndarray | float, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """``a * b + c``, rounded once for float32 (``a`` may be a Python number)."""
    if np.result_type(b, c) != np.float32:
        return a * b + c
    # (one float64 buffer, changed in place: a fresh one per step costs more than the sums)
    if np.isscalar(a):
        exact = b.astype(np.float64)
        exact *= np.float64(np.float32(a))
    else:
        exact = a.astype(np.float64) * b
    if exact.shape == np.shape(c):
        exact += c
    else:  # (c is larger: a and b broadcast to it)
        exact = exact + c
    return exact.astype(np.float32)


def addcmul_(out: np.ndarray, value: float, a: np.ndarray, b: np.ndarray) -> None:
    """torch's ``out.addcmul_(a, b, value=value)``: ``out += (value * a) * b``, in place."""
    out[...] = fma(value * a, b, out)


def lerp_(start: np.ndarray, end: np.ndarray, weight: float) -> None:
    """torch's ``start.lerp_(end, weight)``: ``start += weight * (end - start)``, in place.

    Near weight 1 torch works back from ``end`` instead, which is more accurate there."""
    w = np.float32(weight) if start.dtype == np.float32 else weight
    if abs(w) < 0.5:
        start[...] = fma(w, end - start, start)
    else:
        start[...] = fma(-(end - start), 1 - w, end)
