"""``Dropout``: while training, zero each element with probability ``p``.

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

from ... import _random
from ..._tensor import Tensor
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


class Dropout(Module):
    """Randomly zero elements while training (a regulariser)."""

    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p = p
        self.inplace = inplace

    def forward(self, input: Tensor) -> Tensor:
        return dropout(input, self.p, self.training, self.inplace)

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


Dropout.__module__ = "torch.nn.modules.dropout"
