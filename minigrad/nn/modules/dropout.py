"""``Dropout``: while training, zero each element with probability ``p``
(``Dropout1d``/``Dropout2d``: each whole channel).

The surviving elements are scaled by ``1 / (1 - p)`` so that the expected
value stays the same; in evaluation mode (``model.eval()``) the layer does
nothing. The random mask comes from the same generator as torch's, so after
the same ``manual_seed`` the same elements are dropped.

>>> import minigrad as torch
>>> drop = torch.nn.Dropout(0.5)
>>> drop.eval()(torch.ones(3))
tensor([1., 1., 1.])
"""

from __future__ import annotations

import warnings

from ...core.tensor import Tensor
from ...exact import messages as _messages
from ...exact import random as _random
from .module import Module


def dropout(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> Tensor:
    """``input * mask / (1 - p)`` with a random 0/1 ``mask`` (recorded as ``MulBackward0``)."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if p == 0 or not training or input.numel() == 0:
        return input
    dtype = input._data.dtype
    if p == 1:
        mask = Tensor._make(dtype.type(0), None)
    else:
        keep = _random.bernoulli_p(input._data.shape, 1 - p, dtype=dtype)  # 1 = keep
        keep /= 1 - p
        mask = Tensor._make(keep, None)
    return input.mul_(mask) if inplace else input * mask


def _feature_dropout(input: Tensor, p: float, training: bool, inplace: bool) -> Tensor:
    """Zero whole channels: one coin flip per (sample, channel), ``mask`` of shape
    ``(N, C, 1, 1...)`` broadcast over the positions (recorded as ``MulBackward0``)."""
    if p == 0 or not training or input.numel() == 0:
        return input
    if input.dim() < 2:
        raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
    dtype = input._data.dtype
    if p == 1:
        mask = Tensor._make(dtype.type(0), None)
    else:
        shape = input.shape[:2] + (1,) * (input.dim() - 2)
        keep = _random.bernoulli_p(shape, 1 - p, dtype=dtype)
        keep /= 1 - p
        mask = Tensor._make(keep, None)
    return input.mul_(mask) if inplace else input * mask


def _check_p(p: float) -> None:
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def dropout2d(
    input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False
) -> Tensor:
    """Zero each channel of ``(N, C, H, W)`` images with probability ``p`` while
    training (the rest are scaled by ``1 / (1 - p)``)."""
    _check_p(p)
    if input.dim() not in (3, 4):
        warnings.warn(_messages.dropout2d_dims_warning(input.dim()), stacklevel=2)
    if input.dim() == 3:  # torch reads (N, C, L) here, and says so
        warnings.warn(_messages.DROPOUT2D_3D_WARNING, stacklevel=2)
    return _feature_dropout(input, p, training, inplace)


def dropout1d(
    input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False
) -> Tensor:
    """Zero each channel of ``(N, C, L)`` signals (or ``(C, L)``) with probability
    ``p`` while training (the rest are scaled by ``1 / (1 - p)``)."""
    _check_p(p)
    if input.dim() not in (2, 3):
        raise RuntimeError(_messages.dropout1d_dims(input.dim()))
    if input.dim() == 3:
        return _feature_dropout(input, p, training, inplace)
    batched = input.unsqueeze_(0) if inplace else input.unsqueeze(0)
    out = _feature_dropout(batched, p, training, inplace)
    return out.squeeze_(0) if inplace else out.squeeze(0)


class _DropoutNd(Module):
    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        _check_p(p)
        self.p = p
        self.inplace = inplace

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


class Dropout(_DropoutNd):
    """Randomly zero elements while training (a regulariser)."""

    def forward(self, input: Tensor) -> Tensor:
        return dropout(input, self.p, self.training, self.inplace)


class Dropout1d(_DropoutNd):
    """Randomly zero whole channels of signals ``(N, C, L)`` while training."""

    def forward(self, input: Tensor) -> Tensor:
        return dropout1d(input, self.p, self.training, self.inplace)


class Dropout2d(_DropoutNd):
    """Randomly zero whole channels (feature maps) of images ``(N, C, H, W)``
    while training: neighbouring pixels are strongly correlated, so dropping
    single pixels would hardly regularise a convolutional network."""

    def forward(self, input: Tensor) -> Tensor:
        return dropout2d(input, self.p, self.training, self.inplace)


for _cls in (Dropout, Dropout1d, Dropout2d):
    _cls.__module__ = "torch.nn.modules.dropout"
