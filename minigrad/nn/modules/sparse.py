"""``Embedding``: a lookup table, one learned row per token id.

``embedding(ids, W)`` is ``W[ids]``: each id picks a row of the weight. Its
gradient adds the incoming gradient back into the rows that were read (a row
read twice gets both), and leaves the row ``padding_idx`` at zero.

>>> import minigrad as torch
>>> _ = torch.manual_seed(0)
>>> emb = torch.nn.Embedding(10, 3)
>>> emb
Embedding(10, 3)
>>> emb(torch.tensor([[1, 2], [1, 0]])).grad_fn.name()
'EmbeddingBackward0'
"""

from __future__ import annotations

import numpy as np

from ..._creation import empty
from ...core.grad_mode import no_grad
from ...core.node import Op
from ...core.tensor import Tensor
from ...exact import messages as _messages
from .. import init
from ..parameter import Parameter
from .module import Module


class EmbeddingDenseBackwardBackward0(Op):
    """out = a (num, dim) zero table with each row of ``grad`` added at its id
    (divided by how often the id occurs, for ``scale_grad_by_freq``; the padding
    row stays zero)          grad: read those rows again, as torch does (unscaled)"""

    __slots__ = ("indices", "padding_idx")
    _holds_saved = True

    @staticmethod
    def forward(ctx, grad, num, indices, padding_idx, scale_grad_by_freq):
        ctx.indices, ctx.padding_idx = indices, padding_idx
        flat = indices.reshape(-1)
        rows = grad.reshape(flat.size, -1)
        if scale_grad_by_freq:
            counts = np.bincount(flat, minlength=num)
            rows = rows / counts[flat][:, None]
        out = np.zeros((num, grad.shape[-1]), dtype=grad.dtype)
        np.add.at(out, flat, rows)
        if padding_idx is not None:
            out[padding_idx] = 0
        return out

    @staticmethod
    def backward(ctx, gg):
        flat = Tensor._make(ctx.indices.reshape(-1), None)
        rows = gg.index_select(0, flat)
        if ctx.padding_idx is not None:
            rows = rows.masked_fill((flat == ctx.padding_idx).reshape(-1, 1), 0)
        return rows.view(*ctx.indices.shape, -1)


class EmbeddingBackward0(Op):
    """out = weight[indices]          grad: added back into the rows that were read"""

    __slots__ = ("num", "indices", "padding_idx", "scale_grad_by_freq")
    _holds_saved = True

    @staticmethod
    def forward(ctx, weight, indices, padding_idx, scale_grad_by_freq):
        ctx.num, ctx.indices, ctx.padding_idx = weight.shape[0], indices, padding_idx
        ctx.scale_grad_by_freq = scale_grad_by_freq
        return weight[indices]

    @staticmethod
    def backward(ctx, grad):
        return EmbeddingDenseBackwardBackward0.apply(
            grad,
            num=ctx.num,
            indices=ctx.indices,
            padding_idx=ctx.padding_idx,
            scale_grad_by_freq=ctx.scale_grad_by_freq,
        )


def _renorm_rows(weight: Tensor, ids: np.ndarray, max_norm: float, norm_type: float) -> None:
    """torch's ``embedding_renorm_``: the rows read whose norm is above
    ``max_norm`` are scaled down to it, in place and outside autograd."""
    w = weight._data
    rows = np.unique(ids)
    norms = np.linalg.norm(w[rows], ord=norm_type, axis=1)
    big = norms > max_norm
    w[rows[big]] *= (max_norm / (norms[big] + 1e-7))[:, None].astype(w.dtype)
    weight._bump_version()


def embedding(
    input: Tensor,
    weight: Tensor,
    padding_idx: int | None = None,
    max_norm: float | None = None,
    norm_type: float = 2.0,
    scale_grad_by_freq: bool = False,
    sparse: bool = False,
) -> Tensor:
    """The rows of ``weight`` picked by the ids in ``input`` (any shape):
    the result has shape ``input.shape + (embedding_dim,)``."""
    ids = input._data
    if ids.dtype.kind not in "iu":
        raise RuntimeError(_messages.EMBEDDING_INDICES_DTYPE.format(type=input.type()))
    if weight.dim() != 2:
        raise RuntimeError(_messages.EMBEDDING_WEIGHT_2D)
    num = weight.shape[0]
    if padding_idx is not None:
        if padding_idx > 0:
            assert padding_idx < num, _messages.EMBEDDING_PADDING_IDX
        elif padding_idx < 0:
            assert padding_idx >= -num, _messages.EMBEDDING_PADDING_IDX
            padding_idx = num + padding_idx
    if ids.size and (ids.min() < 0 or ids.max() >= num):
        raise IndexError("index out of range in self")
    if max_norm is not None:
        _renorm_rows(weight, ids, max_norm, norm_type)
    return EmbeddingBackward0.apply(
        weight,
        indices=ids.astype(np.int64),
        padding_idx=padding_idx,
        scale_grad_by_freq=scale_grad_by_freq,
    )


class Embedding(Module):
    """A table of ``num_embeddings`` vectors of size ``embedding_dim``; calling it
    with a tensor of ids returns their vectors. The weight starts as N(0, 1)
    draws, with the ``padding_idx`` row set to zero (and kept there: its
    gradient is zero)."""

    def __init__(
        self,
        num_embeddings: int,
        embedding_dim: int,
        padding_idx: int | None = None,
        max_norm: float | None = None,
        norm_type: float = 2.0,
        scale_grad_by_freq: bool = False,
        sparse: bool = False,
        _weight: Tensor | None = None,
        _freeze: bool = False,
        device=None,
        dtype=None,
    ) -> None:
        super().__init__()
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        if padding_idx is not None:
            if padding_idx > 0:
                assert padding_idx < num_embeddings, _messages.EMBEDDING_PADDING_IDX
            elif padding_idx < 0:
                assert padding_idx >= -num_embeddings, _messages.EMBEDDING_PADDING_IDX
                padding_idx = num_embeddings + padding_idx
        self.padding_idx = padding_idx
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        if _weight is None:
            w = empty(num_embeddings, embedding_dim, dtype=dtype)
            self.weight = Parameter(w, requires_grad=not _freeze)
            self.reset_parameters()
        else:
            if list(_weight.shape) != [num_embeddings, embedding_dim]:
                raise AssertionError(_messages.EMBEDDING_WEIGHT_SHAPE)
            self.weight = Parameter(_weight, requires_grad=not _freeze)
        self.sparse = sparse

    def reset_parameters(self) -> None:
        init.normal_(self.weight)
        if self.padding_idx is not None:
            with no_grad():
                self.weight[self.padding_idx].fill_(0)

    def forward(self, input: Tensor) -> Tensor:
        return embedding(
            input,
            self.weight,
            self.padding_idx,
            self.max_norm,
            self.norm_type,
            self.scale_grad_by_freq,
            self.sparse,
        )

    def extra_repr(self) -> str:
        s = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.padding_idx is not None:
            s += f", padding_idx={self.padding_idx}"
        if self.max_norm is not None:
            s += f", max_norm={self.max_norm}"
        if self.norm_type != 2:
            s += f", norm_type={self.norm_type}"
        if self.scale_grad_by_freq is not False:
            s += ", scale_grad_by_freq=True"
        if self.sparse is not False:
            s += ", sparse=True"
        return s

    @classmethod
    def from_pretrained(
        cls,
        embeddings: Tensor,
        freeze: bool = True,
        padding_idx: int | None = None,
        max_norm: float | None = None,
        norm_type: float = 2.0,
        scale_grad_by_freq: bool = False,
        sparse: bool = False,
    ) -> Embedding:
        """An ``Embedding`` whose weight is ``embeddings`` (frozen by default)."""
        if embeddings.dim() != 2:
            raise AssertionError(_messages.EMBEDDING_PRETRAINED_2D)
        rows, cols = embeddings.shape
        return cls(
            num_embeddings=rows,
            embedding_dim=cols,
            _weight=embeddings,
            _freeze=freeze,
            padding_idx=padding_idx,
            max_norm=max_norm,
            norm_type=norm_type,
            scale_grad_by_freq=scale_grad_by_freq,
            sparse=sparse,
        )


Embedding.__module__ = "torch.nn.modules.sparse"
