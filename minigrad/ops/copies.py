"""Copies that stay in the graph: clone, a dtype conversion, copy_ and fill_.

The gradient of a copy is the gradient itself (converted back to the input's dtype).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..core import registry
from ..core.node import Op
from ..core.tensor import Tensor, _check_fits
from ..exact import dtype as _dtype
from ..exact.memory import (
    _check_no_overlap,
    _check_no_partial_overlap,
    _same_view,
)
from ..exact.quiet_numpy import quiet_numpy
from ._promotion import _astype
from .elementwise import zero_grad


# --- copies -----------------------------------------------------------------
class CloneBackward0(Op):
    """out = a (a copy)          d/da = 1"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, order="K"):
        # "K": like torch's clone, the copy keeps the layout (a transpose stays one);
        # "C": row by row, for ``contiguous()``
        return np.array(a, copy=True, order=order)

    @staticmethod
    def backward(ctx, grad):
        return grad


class ToCopyBackward0(Op):
    """out = a converted to another dtype          d/da = 1 (converted back)"""

    __slots__ = ("src",)

    @staticmethod
    def forward(ctx, a, dtype):
        ctx.src = a.dtype
        return _astype(a, dtype)

    @staticmethod
    def backward(ctx, grad):
        return grad.to(_dtype.from_numpy_dtype(ctx.src))


class CopyBackwards(Op):
    """``dst.copy_(src)``: out = src (broadcast to dst)     d/ddst = 0, d/dsrc = 1.
    Also the node of a ``.grad`` made by ``backward(create_graph=True)``."""

    __slots__ = ()

    def name(self) -> str:
        return "torch::autograd::CopyBackwards"

    @staticmethod
    def forward(ctx, *args):
        if len(args) == 1:
            return np.array(args[0], copy=True)
        dst, src = args
        return np.broadcast_to(src, dst.shape).astype(dst.dtype)

    @staticmethod
    def backward(ctx, grad):
        if len(ctx._inputs) == 1:
            return grad
        return zero_grad(grad), grad


class ZeroBackward0(Op):
    """``t.zero_()``: out = 0          d/dt = 0"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        return np.zeros_like(a)

    @staticmethod
    def backward(ctx, grad):
        return zero_grad(grad)


def check_scalar_fits(value: Any, dtype: np.dtype) -> Any:
    """A Python number written into a tensor must fit its dtype (inf and nan fit a
    float; a negative number wraps into uint8: -1 is 255), or torch refuses it.
    Returns the value to write."""
    if not isinstance(value, (int, float)) or value is True:
        return value
    if dtype.kind == "b" or dtype == np.float64:
        return value  # (every number fits: torch checks only the other dtypes)
    if isinstance(value, int) and not -(2**63) <= value < 2**63:
        return value  # (too big for any conversion: numpy's own OverflowError follows)
    if dtype.kind == "f":
        fits = not math.isfinite(value) or math.fabs(value) <= float(np.finfo(dtype).max)
    else:
        info = np.iinfo(dtype)
        fits = (-int(info.max) if dtype.kind == "u" else int(info.min)) <= value <= info.max
    if not fits:  # (also for nan into an integer dtype)
        c_type = _dtype.from_numpy_dtype(dtype).c_type
        raise RuntimeError(f"value cannot be converted to type {c_type} without overflow")
    if dtype.kind == "u" and value < 0:
        return np.asarray(value, dtype=np.int64).astype(dtype)
    return value


class FillBackward2(Op):
    """``t.fill_(v)``: out = v everywhere          d/dt = 0"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, value):
        return np.full_like(a, check_scalar_fits(value, a.dtype))

    @staticmethod
    def backward(ctx, grad):
        return zero_grad(grad)


class FillBackward3(Op):
    """``t.fill_(v)`` with a 0-dim tensor v          d/dt = 0,  d/dv = sum"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, v):
        return np.full_like(a, v)

    @staticmethod
    def backward(ctx, grad):
        return zero_grad(grad), grad.sum()


def clone(input: Tensor, *, memory_format: Any = None) -> Tensor:
    """A copy that stays in the graph (``CloneBackward0``)."""
    return CloneBackward0.apply(input)


def to_dtype(input: Tensor, dtype: Any) -> Tensor:
    """``input`` converted to ``dtype`` (the same tensor if it already is)."""
    target = dtype.np if isinstance(dtype, _dtype.dtype) else np.dtype(dtype)
    if input._data.dtype == target:
        return input
    if target.kind not in "fc":  # integers and bools have no gradient: the result is cut off
        return Tensor._make(quiet_numpy(input._data.astype, target), None)
    return ToCopyBackward0.apply(input, dtype=target)


# --- Tensor.zero_, fill_ and copy_ (methods: see _tensor_methods.py) ---------------
def zero_(self: Tensor) -> Tensor:
    """Fill with zeros, in place."""
    return self._inplace(lambda s: ZeroBackward0.apply(s), _fill=True)


def fill_(self: Tensor, value: Any) -> Tensor:
    """Fill with ``value`` (a number or a 0-dim tensor), in place."""
    if isinstance(value, Tensor):
        if value.dim() != 0:
            raise RuntimeError(
                "fill_ only supports 0-dimension value tensor but got tensor with "
                f"{value.dim()} dimensions."
            )
        # (torch reads the value as a number first: it may be one of self's own)
        return self._inplace(lambda s, v: FillBackward3.apply(s, v), value, _number=True)
    return self._inplace(lambda s: FillBackward2.apply(s, value=value), _fill=True)


def copy_(self: Tensor, src: Tensor, non_blocking: bool = False) -> Tensor:
    """Copy ``src``'s values into this tensor, in place (broadcasting)."""
    if not isinstance(src, Tensor):
        src = Tensor._make(np.asarray(src), None)
    self._check_inplace(self.requires_grad or src.requires_grad)  # (checked first)
    a, b = self._data, src._data
    if _same_view(a, b):
        # the very same view of the same memory: torch copies nothing, so it
        # refuses nothing (not even a write into an expand), but still records
        return self._inplace(lambda s, v: CopyBackwards.apply(s, v), src, _fill=True)
    _check_no_overlap(a)  # (torch looks at the memory before the shapes)
    _check_no_partial_overlap(a, b)
    _check_fits(a, b)
    if a.dtype.kind != "f":  # integers and bools have no gradient to record
        src = src.detach()
    return self._inplace(lambda s, v: CopyBackwards.apply(s, v), src)


# the engine copies a gradient with this node when it needs its own grad_fn
registry.register(CopyBackwards=CopyBackwards)
