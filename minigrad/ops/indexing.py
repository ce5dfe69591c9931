"""Indexing: reading parts of a tensor (``a[0]``, ``a[:, 1:]``, ``a[mask]``) and
writing into them (``a[0] = x``).

Reading picks some elements, so its gradient puts the incoming gradient back
at those positions and zeros everywhere else. Like torch, ``a[0, 1:]`` is a
chain of simple steps (select, then slice), while an index tensor or a mask
is one ``IndexBackward0`` step; an index that repeats adds its gradients up.

Writing (``y[0] = x``) is recorded as ``CopySlices``: the written part takes
its gradient from ``x``, the rest from the old ``y``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._grad_mode import _State
from .._tensor import Tensor
from ..autograd.function import CopySlicesBase, Function


class _PutBack(Function):
    """out = zeros(shape) with ``grad`` placed (added) at ``key``.
    Its own derivative is reading at ``key`` again."""

    __slots__ = ("key",)

    @staticmethod
    def forward(ctx, grad, shape, key):
        ctx.key = key
        out = np.zeros(shape, dtype=grad.dtype)
        np.add.at(out, key, grad)
        return out

    @staticmethod
    def backward(ctx, gg):
        return gg[ctx.key]


class SelectBackwardBackward0(_PutBack):
    __slots__ = ()


class SliceBackwardBackward0(_PutBack):
    __slots__ = ()


class IndexPutBackward0(_PutBack):
    __slots__ = ()


class SelectBackward0(Function):
    """out = a[..., i, ...] (one index along ``dim``)     grad: put back at i"""

    __slots__ = ("shape", "key")
    _is_view = True

    @staticmethod
    def forward(ctx, a, key):
        ctx.shape, ctx.key = a.shape, key
        return a[key + (Ellipsis,)]  # the trailing ... keeps a 0-dim result a view

    @staticmethod
    def backward(ctx, grad):
        return SelectBackwardBackward0.apply(grad, shape=ctx.shape, key=ctx.key)


class SliceBackward0(Function):
    """out = a[..., i:j:k, ...] along ``dim``          grad: put back in the slice"""

    __slots__ = ("shape", "key")
    _is_view = True

    @staticmethod
    def forward(ctx, a, key):
        ctx.shape, ctx.key = a.shape, key
        return a[key]

    @staticmethod
    def backward(ctx, grad):
        return SliceBackwardBackward0.apply(grad, shape=ctx.shape, key=ctx.key)


class IndexBackward0(Function):
    """out = a[index tensors or mask]          grad: added back at each index"""

    __slots__ = ("shape", "key")

    @staticmethod
    def forward(ctx, a, key):
        ctx.shape, ctx.key = a.shape, key
        return a[key]

    @staticmethod
    def backward(ctx, grad):
        return IndexPutBackward0.apply(grad, shape=ctx.shape, key=ctx.key)


def _to_numpy_index(k: Any) -> Any:
    if isinstance(k, Tensor):
        if k._data.dtype.kind == "f":
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
        return k._data
    if isinstance(k, list):
        return np.asarray([_to_numpy_index(x) for x in k])
    return k


def _is_basic(k: Any) -> bool:
    return (
        k is None
        or k is Ellipsis
        or isinstance(k, (slice, int, np.integer))
        and not isinstance(k, bool)
    )


def getitem(self: Tensor, key: Any) -> Tensor:
    """``self[key]``, recorded step by step like torch."""
    if not isinstance(key, tuple):
        key = (key,)
    key = tuple(_to_numpy_index(k) for k in key)
    if self._data.ndim == 0 and any(isinstance(k, (int, np.integer)) for k in key):
        raise IndexError(
            "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
            "`tensor.item<T>(m)` in C++ to convert a 0-dim tensor to a number"
        )
    out = self
    dim = 0  # the dim of ``out`` that the next key element refers to
    rest: list[Any] = []  # what is left for one advanced-index step
    n_real = sum(
        1
        for k in key
        if k is not None
        and k is not Ellipsis
        and not (isinstance(k, np.ndarray) and k.dtype == bool)
    )
    n_real += sum(k.ndim for k in key if isinstance(k, np.ndarray) and k.dtype == bool)
    if n_real > self._data.ndim:
        raise IndexError(f"too many indices for tensor of dimension {self._data.ndim}")
    advanced = any(not _is_basic(k) for k in key)
    lone_full_slice = len(key) == 1 and key[0] == slice(None)
    for k in key:
        if k is Ellipsis:
            skip = self._data.ndim - n_real
            rest.extend([slice(None)] * skip)
            dim += skip
        elif k is None:
            out = UnsqueezeBackwardIdx.apply(out, dim=dim)
            rest.append(slice(None))
            dim += 1
        elif isinstance(k, (int, np.integer)) and not isinstance(k, bool):
            size = out._data.shape[dim]
            if not -size <= k < size:
                raise IndexError(f"index {k} is out of bounds for dimension {dim} with size {size}")
            out = SelectBackward0.apply(out, key=(slice(None),) * dim + (int(k),))
        elif isinstance(k, slice):
            if k == slice(None) and not lone_full_slice:
                rest.append(k)
                dim += 1
                continue
            out = SliceBackward0.apply(out, key=(slice(None),) * dim + (k,))
            rest.append(slice(None))
            dim += 1
        else:
            rest.append(k)
            dim += k.ndim if isinstance(k, np.ndarray) and k.dtype == bool else 1
    if advanced:
        try:
            out = IndexBackward0.apply(out, key=tuple(rest))
        except IndexError as e:
            raise IndexError(str(e).replace("axis", "dimension")) from None
    return out


class UnsqueezeBackwardIdx(Function):
    """``a[None]``: a new dim of size 1          grad: squeezed away"""

    __slots__ = ("dim",)
    _is_view = True

    def name(self) -> str:
        return "UnsqueezeBackward0"

    @staticmethod
    def forward(ctx, a, dim):
        ctx.dim = dim
        return np.expand_dims(a, dim)

    @staticmethod
    def backward(ctx, grad):
        return grad.squeeze(ctx.dim)


class CopySlices(CopySlicesBase):
    """``y[key] = x``: out = y with x written at key.
    d/dy = 1 outside key, 0 inside;  d/dx = the gradient at key."""

    __slots__ = ("key",)

    @staticmethod
    def forward(ctx, y, x, key):
        ctx.key = key
        out = y.copy()
        out[key] = x
        return out

    @staticmethod
    def backward(ctx, grad):
        keep = np.ones(grad.shape, dtype=grad._data.dtype)
        keep[ctx.key] = 0
        x = ctx._inputs[1]
        gx = None
        if isinstance(x, Tensor) and x._requires_grad:
            gx = grad[ctx.key]
        return grad * Tensor._make(keep, None), gx


def setitem(self: Tensor, key: Any, value: Any) -> None:
    """``self[key] = value``: recorded as CopySlices when gradients are involved."""
    if isinstance(value, (list, tuple)):
        value = Tensor._make(np.asarray(value, dtype=self._data.dtype), None)
    if not isinstance(key, tuple):
        key = (key,)
    key = tuple(_to_numpy_index(k) for k in key)
    key = key[0] if len(key) == 1 else key
    if _State.enabled and self._requires_grad and self.grad_fn is None:
        raise RuntimeError(
            "a view of a leaf Variable that requires grad is being used in an in-place operation."
        )
    self._check_inplace()
    recording = _State.enabled and (
        self._requires_grad or (isinstance(value, Tensor) and value._requires_grad)
    )
    if not recording:
        self._data[key] = value._data if isinstance(value, Tensor) else value
        self._bump_version()
        return
    if isinstance(value, Tensor) and value._data.dtype != self._data.dtype:
        value = value.to(self.dtype)
    old = Tensor._make(self._data.copy(), self.grad_fn)
    old._requires_grad, old._out_nr = self._requires_grad, self._out_nr
    result = CopySlices.apply(old, value, key=key)
    self._write(result._data)
    self._take_history(result)


Tensor.__getitem__ = getitem
