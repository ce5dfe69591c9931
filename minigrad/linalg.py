"""``torch.linalg``: norms, determinants, inverses and solving linear systems.

The rules live with the other matrix operations in ``ops/linalg.py``; the norms
are the vector norm of ``ops/reduction.py`` and, for the spectral norm, the
singular values.

>>> import minigrad as torch
>>> torch.linalg.norm(torch.tensor([3.0, 4.0]))
tensor(5.)
"""

from __future__ import annotations

import math
from typing import Any

from .core.tensor import Tensor
from .exact import messages as _messages
from .ops.distances import cross
from .ops.inverses import _LinAlgError, det, inv, solve
from .ops.inverses import slogdet as _slogdet
from .ops.linalg import LinalgSvdBackward0
from .ops.norms import LinalgVectorNormBackward0
from .ops.reduction import _dims, amax, amin
from .ops.shape import UnsqueezeBackward1

LinAlgError = _LinAlgError

__all__ = [
    "LinAlgError",
    "cross",
    "det",
    "inv",
    "matrix_norm",
    "norm",
    "slogdet",
    "solve",
    "vector_norm",
]


def slogdet(A: Tensor) -> Any:
    """``(sign, logabsdet)`` of the determinant (a named tuple)."""
    return _slogdet(A, "linalg_slogdet")


def _floats(name: str, A: Tensor, dtype: Any) -> Tensor:
    if dtype is not None:
        A = A.to(dtype)
    if A._data.dtype.kind != "f":
        raise RuntimeError(
            f"linalg.{name}: Expected a floating point or complex tensor as input. "
            f"Got {A.dtype.scalar_name}"
        )
    return A


def vector_norm(
    x: Tensor, ord: Any = 2, dim: Any = None, keepdim: bool = False, *, dtype: Any = None
) -> Tensor:
    """``(sum |x|^ord)^(1/ord)`` over ``dim`` (all elements by default, as one vector).

    >>> import minigrad as torch
    >>> torch.linalg.vector_norm(torch.tensor([[3.0, 4.0]]), 1)
    tensor(7.)
    """
    x = _floats("vector_norm", x, dtype)
    dims = tuple(range(x.dim())) if dim is None else _dims(x, dim)
    return LinalgVectorNormBackward0.apply(x, p=float(ord), dims=dims, keepdim=bool(keepdim))


def matrix_norm(
    A: Tensor, ord: Any = "fro", dim: Any = (-2, -1), keepdim: bool = False, *, dtype: Any = None
) -> Tensor:
    """A norm of the matrices in ``dim``: ``'fro'``, ``'nuc'``, ``2``/``-2`` (the largest or
    smallest singular value), ``1``/``-1`` (column sums), ``inf``/``-inf`` (row sums).

    >>> import minigrad as torch
    >>> torch.linalg.matrix_norm(torch.tensor([[1.0, -2.0], [3.0, 4.0]]), 1)
    tensor(6.)
    """
    if A.dim() < 2:
        raise RuntimeError(
            "linalg.matrix_norm: The input tensor A must have at least 2 dimensions."
        )
    A = _floats("matrix_norm", A, dtype)
    dims = list(dim) if isinstance(dim, (list, tuple)) else [dim]
    if len(dims) != 2:
        raise RuntimeError(
            "linalg.matrix_norm: dim must be a 2-tuple. Got " + " ".join(str(d) for d in dims)
        )
    d0, d1 = (A._wrap_dim(d) for d in dims)
    if ord == "fro":
        return vector_norm(A, 2, (d0, d1), keepdim)
    if ord == "nuc" or ord in (2, -2):
        # the singular values of the matrices, moved to the last two dims
        order = [i for i in range(A.dim()) if i not in (d0, d1)] + [d0, d1]
        _, s, _ = LinalgSvdBackward0.apply(A.permute(*order))
        if ord == "nuc":
            out = s.sum(-1, keepdim=keepdim)
        else:
            out = (amax if ord == 2 else amin)(s, -1, keepdim)
        if keepdim:  # (as torch: the size-1 dims put back in place with unsqueeze_, permute)
            out = UnsqueezeBackward1.apply(out, dim=out.dim())
            out = out.permute(*sorted(range(len(order)), key=order.__getitem__))
        return out
    if ord in (1, -1, math.inf, -math.inf):
        if abs(ord) == math.inf:
            d0, d1 = d1, d0
        if not keepdim and d0 < d1:
            d1 -= 1
        sums = vector_norm(A, 1, d0, keepdim)
        return (amax if ord > 0 else amin)(sums, d1, keepdim)
    raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")


def norm(
    A: Tensor, ord: Any = None, dim: Any = None, keepdim: bool = False, *, dtype: Any = None
) -> Tensor:
    """A vector norm (1 dim, or all elements without ``ord``) or a matrix norm (2 dims).

    >>> import minigrad as torch
    >>> torch.linalg.norm(torch.tensor([[1.0, 2.0], [2.0, 4.0]]))
    tensor(5.)
    """
    if dim is not None:
        dims = list(dim) if isinstance(dim, (list, tuple)) else [dim]
        if len(dims) == 1 and not isinstance(ord, str):
            return vector_norm(A, 2 if ord is None else ord, dims, keepdim, dtype=dtype)
        return matrix_norm(A, "fro" if ord is None else ord, dims, keepdim, dtype=dtype)
    if ord is None:
        return vector_norm(A, 2, None, keepdim, dtype=dtype)
    if A.dim() == 2:
        return matrix_norm(A, ord, (-2, -1), keepdim, dtype=dtype)
    if A.dim() == 1 and not isinstance(ord, str):
        return vector_norm(A, ord, None, keepdim, dtype=dtype)
    if A.dim() == 1:
        return matrix_norm(A, ord)  # (torch's error: at least 2 dimensions)
    raise RuntimeError(_messages.norm_needs_dim(A.dim()))
