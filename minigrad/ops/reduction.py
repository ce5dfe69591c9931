"""Reductions: operations that combine many elements into fewer.

The derivative of a sum is 1 for every element that went into it, so the
backward of ``sum`` simply spreads (expands) the incoming gradient back over
the summed dimensions; ``mean`` does the same and divides by the count.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._tensor import Tensor
from ..autograd.function import Function


def _dims(t: Tensor, dim: Any) -> tuple[int, ...]:
    """Normalise ``dim`` (an int, a list or tuple of ints) to sorted positive axes."""
    if isinstance(dim, (list, tuple)):
        return tuple(sorted(t._wrap_dim(d) for d in dim))
    return (t._wrap_dim(dim),)


def _spread(grad: Tensor, shape: tuple, dims: tuple | None, keepdim: bool) -> Tensor:
    """Expand a reduced gradient back to ``shape`` (the backward of a sum)."""
    if dims is not None and not keepdim:
        for d in dims:
            grad = grad.unsqueeze(d)
    elif dims is None and grad.dim() != len(shape):
        grad = grad.reshape((1,) * len(shape))
    return grad.expand(shape)


class SumBackward0(Function):
    """out = sum of all elements          d/da = 1 everywhere"""

    __slots__ = ("shape",)

    @staticmethod
    def forward(ctx, a):
        ctx.shape = a.shape
        return np.sum(a, dtype=_sum_dtype(a))

    @staticmethod
    def backward(ctx, grad):
        return _spread(grad, ctx.shape, None, False)


class SumBackward1(Function):
    """out = sum over ``dim``          d/da = 1 for every summed element"""

    __slots__ = ("shape", "dims", "keepdim")

    @staticmethod
    def forward(ctx, a, dims, keepdim):
        ctx.shape, ctx.dims, ctx.keepdim = a.shape, dims, keepdim
        return np.sum(a, axis=dims, keepdims=keepdim, dtype=_sum_dtype(a))

    @staticmethod
    def backward(ctx, grad):
        return _spread(grad, ctx.shape, ctx.dims, ctx.keepdim)


class MeanBackward0(Function):
    """out = mean of all n elements          d/da = 1/n"""

    __slots__ = ("shape",)

    @staticmethod
    def forward(ctx, a):
        ctx.shape = a.shape
        return np.mean(a, dtype=a.dtype)

    @staticmethod
    def backward(ctx, grad):
        n = max(int(np.prod(ctx.shape)), 1)
        return _spread(grad, ctx.shape, None, False) / n


class MeanBackward1(Function):
    """out = mean over ``dim`` (n elements each)          d/da = 1/n"""

    __slots__ = ("shape", "dims", "keepdim")

    @staticmethod
    def forward(ctx, a, dims, keepdim):
        ctx.shape, ctx.dims, ctx.keepdim = a.shape, dims, keepdim
        return np.mean(a, axis=dims, keepdims=keepdim, dtype=a.dtype)

    @staticmethod
    def backward(ctx, grad):
        n = int(np.prod([ctx.shape[d] for d in ctx.dims]))
        return _spread(grad, ctx.shape, ctx.dims, ctx.keepdim) / max(n, 1)


def _sum_dtype(a: np.ndarray) -> Any:
    return np.int64 if a.dtype.kind in "biu" else a.dtype


def sum(input: Tensor, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Tensor:  # noqa: A001
    """Sum of all elements, or along ``dim``.

    >>> import minigrad as torch
    >>> torch.tensor([[1.0, 2.0], [3.0, 4.0]]).sum(0)
    tensor([4., 6.])
    """
    if dtype is not None:
        input = input.to(dtype)
    if dim is None:
        return SumBackward0.apply(input)
    return SumBackward1.apply(input, dims=_dims(input, dim), keepdim=keepdim)


def mean(input: Tensor, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Tensor:
    """Mean of all elements, or along ``dim``.

    >>> import minigrad as torch
    >>> torch.tensor([1.0, 2.0, 6.0]).mean()
    tensor(3.)
    """
    if dtype is not None:
        input = input.to(dtype)
    if input._data.dtype.kind != "f":
        raise RuntimeError(
            "mean(): could not infer output dtype. Input dtype must be either a floating point or "
            f"complex dtype. Got: {_CAP[input._data.dtype.kind]}"
        )
    if dim is None:
        return MeanBackward0.apply(input)
    return MeanBackward1.apply(input, dims=_dims(input, dim), keepdim=keepdim)


_CAP = {"i": "Long", "b": "Bool", "u": "Byte"}


def argmax(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:
    """Index of the largest element (of the flattened tensor, or along ``dim``)."""
    if dim is None:
        return Tensor._make(np.asarray(np.argmax(input._data), dtype=np.int64), None)
    d = input._wrap_dim(dim)
    out = np.argmax(input._data, axis=d)
    if keepdim:
        out = np.expand_dims(out, d)
    return Tensor._make(out.astype(np.int64), None)


def argmin(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:
    """Index of the smallest element (of the flattened tensor, or along ``dim``)."""
    if dim is None:
        return Tensor._make(np.asarray(np.argmin(input._data), dtype=np.int64), None)
    d = input._wrap_dim(dim)
    out = np.argmin(input._data, axis=d)
    if keepdim:
        out = np.expand_dims(out, d)
    return Tensor._make(out.astype(np.int64), None)


for _name, _fn in [("sum", sum), ("mean", mean), ("argmax", argmax), ("argmin", argmin)]:
    setattr(Tensor, _name, _fn)
