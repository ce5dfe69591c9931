"""Padding layers: ``F.pad`` with the widths (and the fill value) fixed.

An ``int`` pads every side by that much; a tuple lists the widths from the last
dimension backwards (``(left, right, top, bottom)`` for ``...2d``).

>>> import minigrad as torch
>>> torch.nn.ZeroPad2d(1)(torch.ones(1, 1, 2))
tensor([[[0., 0., 0., 0.],
         [0., 1., 1., 0.],
         [0., 0., 0., 0.]]])
"""

from __future__ import annotations

from typing import Any

from ...core.tensor import Tensor
from ...ops.padding import pad
from .module import Module


def _widths(padding: Any, n: int) -> tuple:
    return (padding,) * (2 * n) if isinstance(padding, int) else tuple(padding)


class _ConstantPadNd(Module):
    _dims = 1

    def __init__(self, padding: Any, value: float) -> None:
        super().__init__()
        self.padding = _widths(padding, self._dims)
        self.value = value

    def forward(self, input: Tensor) -> Tensor:
        return pad(input, self.padding, "constant", self.value)

    def extra_repr(self) -> str:
        return f"padding={self.padding}, value={self.value}"


class ConstantPad1d(_ConstantPadNd):
    """Pad the last dimension with ``value``."""


class ConstantPad2d(_ConstantPadNd):
    """Pad the last two dimensions with ``value``."""

    _dims = 2


class ZeroPad1d(ConstantPad1d):
    """Pad the last dimension with zeros."""

    def __init__(self, padding: Any) -> None:
        super().__init__(padding, 0.0)

    def extra_repr(self) -> str:
        return f"{self.padding}"


class ZeroPad2d(ConstantPad2d):
    """Pad the last two dimensions with zeros (an image's border)."""

    def __init__(self, padding: Any) -> None:
        super().__init__(padding, 0.0)

    def extra_repr(self) -> str:
        return f"{self.padding}"


class _CopyPadNd(Module):
    _dims = 1
    _mode = ""

    def __init__(self, padding: Any) -> None:
        super().__init__()
        self.padding = _widths(padding, self._dims)

    def forward(self, input: Tensor) -> Tensor:
        return pad(input, self.padding, self._mode)

    def extra_repr(self) -> str:
        return f"{self.padding}"


class ReflectionPad1d(_CopyPadNd):
    """Pad the last dimension with its mirror image (the edge is not repeated)."""

    _mode = "reflect"


class ReflectionPad2d(_CopyPadNd):
    """Pad the last two dimensions with their mirror image."""

    _dims = 2
    _mode = "reflect"


class ReplicationPad1d(_CopyPadNd):
    """Pad the last dimension by repeating its edge values."""

    _mode = "replicate"


class ReplicationPad2d(_CopyPadNd):
    """Pad the last two dimensions by repeating their edge values."""

    _dims = 2
    _mode = "replicate"


for _cls in (
    ConstantPad1d,
    ConstantPad2d,
    ZeroPad1d,
    ZeroPad2d,
    ReflectionPad1d,
    ReflectionPad2d,
    ReplicationPad1d,
    ReplicationPad2d,
):
    _cls.__module__ = "torch.nn.modules.padding"
