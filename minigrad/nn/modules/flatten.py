"""``Flatten``: turn each sample into a vector, e.g. images before a ``Linear``;
``Unflatten``: the way back, one dimension split into several.

>>> import minigrad as torch
>>> torch.nn.Flatten()(torch.zeros(4, 2, 3)).shape
torch.Size([4, 6])
"""

from __future__ import annotations

from ...core.tensor import Tensor
from ...exact import messages as _messages
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


class Unflatten(Module):
    """Split dimension ``dim`` into the sizes ``unflattened_size`` (a tuple or list
    of ints, or a ``torch.Size``), e.g. ``(N, 12)`` into ``(N, 3, 4)``."""

    def __init__(self, dim: int, unflattened_size: tuple | list) -> None:
        super().__init__()
        if not isinstance(unflattened_size, (tuple, list)):
            raise TypeError(
                _messages.UNFLATTEN_NOT_TUPLE.format(type=type(unflattened_size).__name__)
            )
        for pos, elem in enumerate(unflattened_size):
            if not isinstance(elem, int):
                raise TypeError(
                    _messages.UNFLATTEN_NOT_INT.format(type=type(elem).__name__, pos=pos)
                )
        self.dim = dim
        self.unflattened_size = unflattened_size

    def forward(self, input: Tensor) -> Tensor:
        return input.unflatten(self.dim, self.unflattened_size)

    def extra_repr(self) -> str:
        return f"dim={self.dim}, unflattened_size={self.unflattened_size}"


Flatten.__module__ = Unflatten.__module__ = "torch.nn.modules.flatten"
