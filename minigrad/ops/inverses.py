"""Determinants, inverses and linear solves: det, slogdet, logdet, inv, solve.

For ``X = A⁻¹`` the chain rule gives ``dL/dA = -Xᵀ @ dL/dX @ Xᵀ``; a solve and a
determinant have rules of the same shape (torch's formulas).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.node import MultiOutputOp, Op
from ..core.tensor import Tensor
from ..exact import messages as _messages


# --- determinants, inverses, solving A X = B ----------------------------------------
class _LinAlgError(RuntimeError):
    """torch's error for a matrix that cannot be inverted (``torch.linalg.LinAlgError``)."""


def _square_floats(name: str, A: Tensor) -> None:
    """torch's checks of a batch of square floating-point matrices, in torch's order."""
    if A.dim() < 2:
        raise RuntimeError(f"{name}: The input tensor A must have at least 2 dimensions.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(
            f"{name}: A must be batches of square matrices, but they are "
            f"{A.shape[-2]} by {A.shape[-1]} matrices"
        )
    if A._data.dtype.kind != "f":
        raise RuntimeError(
            f"{name}: Expected a floating point or complex tensor as input. "
            f"Got {A.dtype.scalar_name}"
        )


def _scaled_identity(g: Tensor, n: int) -> Tensor:
    """A batch of ``g * I`` (n by n), one per element of ``g`` (as torch: a diag_embed)."""
    from .ordering import diag_embed

    return diag_embed(g.unsqueeze(-1).expand(*g.shape, n))


class LinalgDetBackward0(Op):
    """out = det(A)          d/dA = det(A) A⁻ᵀ  (solved, not inverted: A⁻ᵀ (grad det) I)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, A):
        out = (
            np.asarray(np.linalg.det(A), dtype=A.dtype)
            if A.shape[-1]
            else np.ones(A.shape[:-2], A.dtype)
        )
        ctx.save_for_backward(A, out)
        return out

    @staticmethod
    def backward(ctx, grad):
        A, det = ctx.saved_tensors
        return solve(A.mT, _scaled_identity(grad * det, A.shape[-1]).mT)


class LinalgSlogdetBackward0(MultiOutputOp):
    """sign, logabsdet = the sign of det(A) and log |det(A)|
    d logabsdet / dA = A⁻ᵀ;  the sign has no gradient"""

    __slots__ = ()
    _outputs = 2

    @staticmethod
    def forward(ctx, A):
        sign, logabsdet = np.linalg.slogdet(A)
        ctx.save_for_backward(A)
        return np.asarray(sign, A.dtype), np.asarray(logabsdet, A.dtype)

    @staticmethod
    def backward(ctx, g_sign, g_logabsdet):
        (A,) = ctx.saved_tensors
        return solve(A.mT, _scaled_identity(g_logabsdet, A.shape[-1]))


class LinalgInvExBackward0(Op):
    """out = A⁻¹          d/dA = -A⁻ᵀ grad A⁻ᵀ"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, A):
        out = np.linalg.inv(A).astype(A.dtype)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (inv,) = ctx.saved_tensors
        return -inv.mT.matmul(grad.matmul(inv.mT))


class LinalgSolveExBackward0(Op):
    """X = A⁻¹ B (solved; ``left=False``: X = B A⁻¹)
    d/dB = A⁻ᵀ grad (grad A⁻ᵀ),   d/dA = -(d/dB) Xᵀ (-Xᵀ d/dB)
    (B a batch of vectors: solved as one-column matrices)"""

    __slots__ = ("vector", "left")

    @staticmethod
    def forward(ctx, A, B, vector=False, left=True):
        ctx.vector, ctx.left = vector, left
        if vector:
            X = np.linalg.solve(A, B[..., None])[..., 0]
        elif left:
            X = np.linalg.solve(A, B)
        else:  # X A = B  is  Aᵀ Xᵀ = Bᵀ
            X = np.swapaxes(np.linalg.solve(np.swapaxes(A, -1, -2), np.swapaxes(B, -1, -2)), -1, -2)
        X = X.astype(A.dtype)
        ctx.save_for_backward(A, X)
        return X

    @staticmethod
    def backward(ctx, grad):
        A, X = ctx.saved_tensors
        if ctx.vector:  # (as torch: the vectors as one-column matrices)
            grad, X = grad.unsqueeze(-1), X.unsqueeze(-1)
        needs_A = ctx.needs_input_grad[0]
        if not ctx.left:
            gB = LinalgSolveExBackward0.apply(A.mT, grad, left=False)
            return (-X.mT.matmul(gB) if needs_A else None), gB
        gB = LinalgSolveExBackward0.apply(A.mT, grad)
        gA = -gB.matmul(X.mT) if needs_A else None
        return gA, (gB.squeeze(-1) if ctx.vector else gB)


def _first_zero_pivot(A: np.ndarray) -> int:
    """The 1-based index of the first zero on U's diagonal in A's LU factorization
    (partial pivoting, as LAPACK's getrf), for the first singular matrix of the batch
    (torch's message names it; 0 if there is none)."""
    for m in A.reshape(-1, *A.shape[-2:]):
        u = m.astype(np.float64 if m.dtype == np.float64 else np.float32).copy()
        n = u.shape[0]
        for k in range(n):
            p = k + int(np.argmax(np.abs(u[k:, k])))
            if u[p, k] == 0:
                return k + 1
            u[[k, p]] = u[[p, k]]
            u[k + 1 :, k:] -= np.outer(u[k + 1 :, k] / u[k, k], u[k, k:])
    return 0


def det(A: Tensor) -> Tensor:
    """The determinant of a square matrix (or of each in a batch).

    >>> import minigrad as torch
    >>> torch.linalg.det(torch.tensor([[2.0, 1.0], [1.0, 3.0]]))
    tensor(5.)
    """
    _square_floats("linalg.det", A)
    return LinalgDetBackward0.apply(A)


def slogdet(A: Tensor, _name: str = "linalg_slogdet") -> Any:
    """``(sign, logabsdet)``: the sign of the determinant and the log of its size."""
    _square_floats("linalg.slogdet", A)
    sign, logabsdet = LinalgSlogdetBackward0.apply(A)
    return _SLOGDET[_name]((sign, logabsdet)) if _name in _SLOGDET else (sign, logabsdet)


def _slogdet_type(name: str) -> type:
    return type(
        name,
        (tuple,),
        {
            "__slots__": (),
            "__module__": "torch.return_types",
            "n_fields": 2,
            "_fields": ("sign", "logabsdet"),
            "sign": property(lambda self: self[0]),
            "logabsdet": property(lambda self: self[1]),
            "__repr__": lambda self: (
                f"torch.return_types.{name}(\nsign={self[0]!r},\nlogabsdet={self[1]!r})"
            ),
        },
    )


_SLOGDET = {name: _slogdet_type(name) for name in ("linalg_slogdet", "slogdet")}


def logdet(A: Tensor) -> Tensor:
    """log(det(A)): nan where the determinant is negative."""
    from .piecewise import where

    _square_floats("linalg.slogdet", A)
    sign, logabsdet = LinalgSlogdetBackward0.apply(A)
    nan = Tensor._make(np.asarray(np.nan, dtype=A._data.dtype), None)
    return where(Tensor._make(sign._data == -1, None), nan, logabsdet)


def inv(A: Tensor) -> Tensor:
    """The inverse matrix (of each in a batch); a singular one is an error.

    >>> import minigrad as torch
    >>> torch.linalg.inv(torch.tensor([[2.0, 0.0], [0.0, 4.0]]))
    tensor([[0.5000, 0.0000],
            [0.0000, 0.2500]])
    """
    _square_floats("linalg.inv", A)
    try:
        return LinalgInvExBackward0.apply(A)
    except np.linalg.LinAlgError:  # LAPACK found a zero pivot: torch names where
        raise _LinAlgError(_messages.inv_singular(_first_zero_pivot(A._data))) from None


def solve(A: Tensor, B: Tensor, *, left: bool = True) -> Tensor:
    """X with ``A X = B`` (``left=False``: ``X A = B``); B a matrix or a vector.

    >>> import minigrad as torch
    >>> torch.linalg.solve(torch.tensor([[2.0, 1.0], [1.0, 3.0]]), torch.tensor([1.0, 2.0]))
    tensor([0.2000, 0.6000])
    """
    _square_floats("linalg.solve", A)
    if A.dtype is not B.dtype:
        raise RuntimeError(_messages.solve_dtypes(A.dtype.scalar_name, B.dtype.scalar_name))
    vector = left and (B.dim() == 1 or (B.dim() == A.dim() - 1 and B.shape == A.shape[:-1]))
    rows = B.shape[-1] if vector or not left else B.shape[-2]
    if rows != A.shape[-1]:
        cols = 1 if vector else B.shape[-1]
        raise RuntimeError(_messages.solve_shapes(A.shape[-2], A.shape[-1], rows, cols))
    settings = {"vector": True} if vector else {} if left else {"left": False}
    try:
        return LinalgSolveExBackward0.apply(A, B, **settings)
    except np.linalg.LinAlgError:  # (LAPACK found a zero pivot)
        raise _LinAlgError(_messages.SOLVE_SINGULAR) from None
