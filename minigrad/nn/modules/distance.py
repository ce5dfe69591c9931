"""``PairwiseDistance`` and ``CosineSimilarity``: compare two batches of vectors
row by row (module wrappers around ``F.pairwise_distance`` and ``F.cosine_similarity``).

>>> import minigrad as torch
>>> torch.nn.PairwiseDistance(eps=0.0)(torch.tensor([[0.0, 0.0]]), torch.tensor([[3.0, 4.0]]))
tensor([5.])
"""

from __future__ import annotations

from ...core.tensor import Tensor
from .. import functional as F
from .module import Module


class PairwiseDistance(Module):
    """The ``p``-norm of ``x1 - x2 + eps`` along the last dim."""

    def __init__(self, p: float = 2.0, eps: float = 1e-6, keepdim: bool = False) -> None:
        super().__init__()
        self.norm = p
        self.eps = eps
        self.keepdim = keepdim

    def forward(self, x1: Tensor, x2: Tensor) -> Tensor:
        return F.pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim)


class CosineSimilarity(Module):
    """The cosine of the angle between ``x1`` and ``x2`` along ``dim``."""

    def __init__(self, dim: int = 1, eps: float = 1e-8) -> None:
        super().__init__()
        self.dim = dim
        self.eps = eps

    def forward(self, x1: Tensor, x2: Tensor) -> Tensor:
        return F.cosine_similarity(x1, x2, self.dim, self.eps)


for _cls in (PairwiseDistance, CosineSimilarity):
    _cls.__module__ = "torch.nn.modules.distance"
