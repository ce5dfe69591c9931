"""``F.pad``: add a border around the last dimensions of a tensor.

``pad`` lists the border widths from the last dimension backwards: ``(left,
right)`` for the last, then ``(top, bottom)`` for the one before, and so on.
With ``mode="constant"`` the border is filled with ``value`` (a negative width
crops instead); ``"reflect"`` mirrors the tensor at its edge (without repeating
the edge) and ``"replicate"`` repeats the edge value.

The derivative of constant padding is cropping, which is padding by the
negated widths, so its backward is ``ConstantPadNdBackward0`` again. For
reflect and replicate, every border element is a copy of some inside element,
so the gradient of an inside element is the sum over its copies.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor
from ..exact import messages as _messages


class ConstantPadNdBackward0(Op):
    """out = x with a border of ``value`` (or cropped, for negative widths)
    dx = grad cropped back (padding by the negated widths)"""

    __slots__ = ("pad",)

    @staticmethod
    def forward(ctx, x, pad, value):
        ctx.pad = pad
        widths = [(0, 0)] * x.ndim
        crop = [slice(None)] * x.ndim
        for i in range(len(pad) // 2):
            left, right = pad[2 * i], pad[2 * i + 1]
            dim = x.ndim - 1 - i
            widths[dim] = (max(left, 0), max(right, 0))
            end = x.shape[dim] + max(left, 0) + max(right, 0) + min(right, 0)
            crop[dim] = slice(-min(left, 0), end)
        out = np.pad(x, widths, constant_values=value)
        return np.ascontiguousarray(out[tuple(crop)])

    @staticmethod
    def backward(ctx, grad):
        return ConstantPadNdBackward0.apply(grad, pad=tuple(-p for p in ctx.pad), value=0)


def _sources(size: int, left: int, right: int, mode: str) -> np.ndarray:
    """For each position of a padded dimension, the input position it copies."""
    return np.pad(np.arange(size), (left, right), mode="reflect" if mode == "reflect" else "edge")


def _copy_pad(x: np.ndarray, pad: tuple, mode: str) -> np.ndarray:
    for i in range(len(pad) // 2):
        dim = x.ndim - 1 - i
        x = np.take(x, _sources(x.shape[dim], pad[2 * i], pad[2 * i + 1], mode), axis=dim)
    return x


def _copy_pad_adjoint(grad: np.ndarray, size: tuple, pad: tuple, mode: str) -> np.ndarray:
    """Each input element collects the gradient of every copy of itself."""
    for i in range(len(pad) // 2):
        dim = grad.ndim - 1 - i
        src = _sources(size[dim], pad[2 * i], pad[2 * i + 1], mode)
        moved = np.moveaxis(grad, dim, 0)
        out = np.zeros((size[dim],) + moved.shape[1:], dtype=grad.dtype)
        np.add.at(out, src, moved)
        grad = np.moveaxis(out, 0, dim)
    return grad


class _CopyPad(Op):
    """out = x with a border copied from inside (``_mode``: reflect or replicate)
    dx: each border element's gradient is added to the element it copies"""

    __slots__ = ("pad", "size")
    _mode = ""
    _backward: type

    @classmethod
    def forward(cls, ctx, x, pad):
        ctx.pad, ctx.size = pad, x.shape
        return _copy_pad(x, pad, cls._mode)

    @classmethod
    def backward(cls, ctx, grad):
        return cls._backward.apply(grad, size=tuple(ctx.size), pad=ctx.pad)


class _CopyPadAdjoint(Op):
    """x = the gradient of each element summed over its copies
    dgrad = the padding again"""

    __slots__ = ("pad",)
    _mode = ""
    _forward: type

    @classmethod
    def forward(cls, ctx, grad, size, pad):
        ctx.pad = pad
        return _copy_pad_adjoint(grad, size, pad, cls._mode)

    @classmethod
    def backward(cls, ctx, gg):
        return cls._forward.apply(gg, pad=ctx.pad)


class ReflectionPad1DBackward0(_CopyPad):
    __slots__ = ()
    _holds_saved = True
    _mode = "reflect"


class ReflectionPad2DBackward0(_CopyPad):
    __slots__ = ()
    _holds_saved = True
    _mode = "reflect"


class ReplicationPad1DBackward0(_CopyPad):
    __slots__ = ()
    _holds_saved = True
    _mode = "replicate"


class ReplicationPad2DBackward0(_CopyPad):
    __slots__ = ()
    _holds_saved = True
    _mode = "replicate"


class ReflectionPad1DBackwardBackward0(_CopyPadAdjoint):
    __slots__ = ()
    _mode = "reflect"
    _forward = ReflectionPad1DBackward0


class ReflectionPad2DBackwardBackward0(_CopyPadAdjoint):
    __slots__ = ()
    _mode = "reflect"
    _forward = ReflectionPad2DBackward0


class ReplicationPad1DBackwardBackward0(_CopyPadAdjoint):
    __slots__ = ()
    _mode = "replicate"
    _forward = ReplicationPad1DBackward0


class ReplicationPad2DBackwardBackward0(_CopyPadAdjoint):
    __slots__ = ()
    _mode = "replicate"
    _forward = ReplicationPad2DBackward0


ReflectionPad1DBackward0._backward = ReflectionPad1DBackwardBackward0
ReflectionPad2DBackward0._backward = ReflectionPad2DBackwardBackward0
ReplicationPad1DBackward0._backward = ReplicationPad1DBackwardBackward0
ReplicationPad2DBackward0._backward = ReplicationPad2DBackwardBackward0

_COPY_PADS = {
    ("reflect", 1): ReflectionPad1DBackward0,
    ("reflect", 2): ReflectionPad2DBackward0,
    ("replicate", 1): ReplicationPad1DBackward0,
    ("replicate", 2): ReplicationPad2DBackward0,
}


def pad(input: Tensor, pad: Any, mode: str = "constant", value: float | None = None) -> Tensor:
    """Add a border to the last ``len(pad) // 2`` dimensions of ``input``.

    >>> import minigrad as torch
    >>> pad(torch.tensor([[1.0, 2.0]]), (1, 2))
    tensor([[0., 1., 2., 0., 0.]])
    >>> pad(torch.tensor([[1.0, 2.0, 3.0]]), (2, 1), mode="reflect")
    tensor([[3., 2., 1., 2., 3., 2.]])
    """
    for i, p in enumerate(pad):
        if not isinstance(p, (int, np.integer)) or isinstance(p, bool):
            raise TypeError(_messages.pad_not_ints(type(p).__name__, i))
    pad = tuple(int(p) for p in pad)
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pad) // 2 > input.dim():
        raise RuntimeError(_messages.pad_too_long(len(pad), input.dim()))
    if mode == "constant":
        for i in range(len(pad) // 2):
            size = input.shape[input.dim() - 1 - i]
            if size + min(pad[2 * i], 0) + min(pad[2 * i + 1], 0) < 0:
                raise RuntimeError("narrow(): length must be non-negative.")
        return ConstantPadNdBackward0.apply(input, pad=pad, value=0.0 if value is None else value)
    if mode not in ("reflect", "replicate", "circular"):
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    if value is not None and value != 0:
        raise RuntimeError(f'Padding mode "{mode}" doesn\'t take in value argument')
    n = len(pad) // 2
    if not (n + 1 <= input.dim() <= n + 2):
        raise NotImplementedError(_messages.pad_unsupported(len(pad), input.dim()))
    if (mode, n) not in _COPY_PADS or min(pad) < 0:
        raise NotImplementedError(_messages.pad_mode_missing(mode, pad))
    for i in range(n):
        dim = input.dim() - 1 - i
        if mode == "reflect" and max(pad[2 * i], pad[2 * i + 1]) >= input.shape[dim]:
            raise RuntimeError(
                _messages.reflect_pad_too_big(
                    4 + 2 * i, pad[2 * i], pad[2 * i + 1], dim, list(input.shape)
                )
            )
    return _COPY_PADS[mode, n].apply(input, pad=pad)


__all__ = ["pad"]
