"""``Flatten``: turn each sample into a vector, e.g. images before a ``Linear``.

>>> import minigrad as torch
>>> torch.nn.Flatten()(torch.zeros(4, 2, 3)).shape
torch.Size([4, 6])
"""

from __future__ import annotations

from ..._tensor import Tensor
from .module import Module


class Flatten(Module):
    """Flatten dimensions ``start_dim`` to ``end_dim`` (by default all but the batch dimension)."""

    def __init__(self, start_dim: int = 1, end_dim: int = -1) -> None:
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input: Tensor) -> Tensor:
        return input.flatten(self.start_dim, self.end_dim)

    def extra_repr(self) -> str:
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"


Flatten.__module__ = "torch.nn.modules.flatten"
