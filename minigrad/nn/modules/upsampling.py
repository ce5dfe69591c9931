"""Resizing images and sequences: ``F.interpolate`` and ``nn.Upsample``.

minigrad has the ``nearest`` mode: each output position copies the input
position it falls on, ``floor(i * scale)`` with torch's float scale, so the
result is torch's. Its derivative adds each output's gradient back to the
input position it came from.

>>> import minigrad as torch
>>> torch.nn.functional.interpolate(torch.tensor([[[1.0, 2.0]]]), scale_factor=2)
tensor([[[1., 1., 2., 2.]]])
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ...core.node import Op
from ...core.tensor import Tensor
from ...exact import messages as _messages
from .module import Module


def _nearest_index(n_in: int, n_out: int, scale: float | None) -> np.ndarray:
    """For each output position, the input position it copies (torch's float math)."""
    step = np.float32(1.0 / scale if scale is not None else n_in / n_out)
    index = np.floor(np.arange(n_out, dtype=np.float32) * step).astype(np.int64)
    return np.minimum(index, n_in - 1)


class _UpsampleNearest(Op):
    """out[..., i, j] = a[..., rows[i], cols[j]] (copies of the nearest inputs)
    grad: each output's gradient added to the input it copied"""

    __slots__ = ("shape", "index")

    @staticmethod
    def forward(ctx, a, index):
        ctx.shape, ctx.index = a.shape, index
        out = a
        for d, idx in enumerate(index):  # one spatial dim at a time
            out = np.take(out, idx, axis=2 + d)
        return np.ascontiguousarray(out)

    @staticmethod
    def backward(ctx, grad):
        two_d = len(ctx.index) == 2
        cls = UpsampleNearest2DBackwardBackward0 if two_d else UpsampleNearest1DBackwardBackward0
        return cls.apply(grad, shape=ctx.shape, index=ctx.index)


class UpsampleNearest1DBackward0(_UpsampleNearest):
    __slots__ = ()


class UpsampleNearest2DBackward0(_UpsampleNearest):
    __slots__ = ()


class _UpsampleNearestGrad(Op):
    """out = the gradient summed back onto the input positions (nearest's derivative)
    grad: the nearest copies again"""

    __slots__ = ("index",)

    @staticmethod
    def forward(ctx, g, shape, index):
        ctx.index = index
        out = g
        for d, idx in enumerate(index):
            axis = 2 + d
            moved = np.moveaxis(out, axis, 0)
            summed = np.zeros((shape[axis],) + moved.shape[1:], g.dtype)
            np.add.at(summed, idx, moved)
            out = np.moveaxis(summed, 0, axis)
        return np.ascontiguousarray(out)

    @staticmethod
    def backward(ctx, gg):
        cls = UpsampleNearest1DBackward0 if len(ctx.index) == 1 else UpsampleNearest2DBackward0
        return cls.apply(gg, index=ctx.index)


class UpsampleNearest1DBackwardBackward0(_UpsampleNearestGrad):
    __slots__ = ()


class UpsampleNearest2DBackwardBackward0(_UpsampleNearestGrad):
    __slots__ = ()


def interpolate(
    input: Tensor,
    size: Any = None,
    scale_factor: Any = None,
    mode: str = "nearest",
    align_corners: bool | None = None,
    recompute_scale_factor: bool | None = None,
    antialias: bool = False,
) -> Tensor:
    """Resize the spatial dims (after batch and channels) to ``size``, or by
    ``scale_factor``; ``mode='nearest'`` copies the nearest input."""
    if input.dim() not in (3, 4, 5):
        raise NotImplementedError(_messages.interpolate_dims(input.dim(), mode))
    spatial = tuple(input.shape[2:])
    if size is None and scale_factor is None:
        raise ValueError("either size or scale_factor should be defined")
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    if size is not None:
        out = tuple(size) if isinstance(size, (tuple, list)) else (size,) * len(spatial)
        if len(out) != len(spatial):
            raise ValueError(_messages.interpolate_size_dims(list(spatial), size))
        scales = [None] * len(spatial)
    else:
        factors = (
            tuple(scale_factor)
            if isinstance(scale_factor, (tuple, list))
            else (scale_factor,) * len(spatial)
        )
        out = tuple(math.floor(n * float(f)) for n, f in zip(spatial, factors))
        scales = [None if recompute_scale_factor else float(f) for f in factors]
    if mode != "nearest" or input.dim() == 5:
        raise NotImplementedError(_messages.interpolate_mode_missing(mode, input.dim()))
    index = tuple(_nearest_index(n, m, s) for n, m, s in zip(spatial, out, scales))
    cls = UpsampleNearest1DBackward0 if input.dim() == 3 else UpsampleNearest2DBackward0
    return cls.apply(input, index=index)


class Upsample(Module):
    """``F.interpolate`` as a layer: ``Upsample(scale_factor=2)`` doubles an image."""

    def __init__(
        self,
        size: Any = None,
        scale_factor: Any = None,
        mode: str = "nearest",
        align_corners: bool | None = None,
        recompute_scale_factor: bool | None = None,
    ) -> None:
        super().__init__()
        self.name = type(self).__name__
        self.size = size
        self.scale_factor = float(scale_factor) if scale_factor else None
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def forward(self, input: Tensor) -> Tensor:
        return interpolate(
            input,
            self.size,
            self.scale_factor,
            self.mode,
            self.align_corners,
            recompute_scale_factor=self.recompute_scale_factor,
        )

    def extra_repr(self) -> str:
        if self.scale_factor is not None:
            info = f"scale_factor={self.scale_factor!r}"
        else:
            info = f"size={self.size!r}"
        return info + f", mode={self.mode!r}"


Upsample.__module__ = "torch.nn.modules.upsampling"
