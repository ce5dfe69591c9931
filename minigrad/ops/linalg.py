"""Matrix products.

For ``C = A @ B`` the chain rule gives ``dL/dA = dL/dC @ Bᵀ`` and
``dL/dB = Aᵀ @ dL/dC``: each input's gradient is the incoming gradient
multiplied by the *other* input, transposed so that the shapes fit.
``matmul`` picks the right product for 1-D and 2-D inputs, as torch does.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.node import MultiOutputOp, Op
from ..core.tensor import Tensor
from ..exact import messages as _messages


def _column_major(a: Any) -> bool:
    """Is this matrix stored column by column (like ``w.t()`` of a row-major ``w``)?"""
    a = np.asarray(a)
    item = a.itemsize
    return a.ndim == 2 and a.strides[0] == item and a.strides[1] == a.shape[0] * item


def mm_mat1_grad(grad: Tensor, mat2: Tensor, column_major: bool) -> Tensor:
    """d(A @ B)/dA = grad @ Bᵀ; torch computes (B @ gradᵀ)ᵀ when A was column-major."""
    return mat2.mm(grad.t()).t() if column_major else grad.mm(mat2.t())


def mm_mat2_grad(grad: Tensor, mat1: Tensor, column_major: bool) -> Tensor:
    """d(A @ B)/dB = Aᵀ @ grad; torch computes (gradᵀ @ A)ᵀ when B was column-major."""
    return grad.t().mm(mat1).t() if column_major else mat1.t().mm(grad)


class MmBackward0(Op):
    """C = A @ B (matrices)          dA = grad @ Bᵀ,  dB = Aᵀ @ grad
    (torch's formulas change their order of operations with the memory layout
    of A and B; the values are the same, the derivative graph follows torch's)"""

    __slots__ = ("cols",)

    @staticmethod
    def forward(ctx, a, b):
        needs = ctx.needs_input_grad
        # (in torch's order: a changed ``b`` is reported before a changed ``a``)
        ctx.save_for_backward(b if needs[0] else None, a if needs[1] else None)
        ctx.cols = (_column_major(a), _column_major(b))
        return a @ b

    @staticmethod
    def backward(ctx, grad):
        b, a = ctx.saved_tensors
        ga = mm_mat1_grad(grad, b, ctx.cols[0]) if b is not None else None
        gb = mm_mat2_grad(grad, a, ctx.cols[1]) if a is not None else None
        return ga, gb


class MvBackward0(Op):
    """y = A @ v (matrix times vector)          dA = outer(grad, v),  dv = Aᵀ @ grad"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, v):
        needs = ctx.needs_input_grad
        ctx.save_for_backward(a if needs[1] else None, v if needs[0] else None)
        return a @ v

    @staticmethod
    def backward(ctx, grad):
        a, v = ctx.saved_tensors
        ga = grad.reshape(-1, 1) * v if v is not None else None  # outer(grad, v)
        gv = a.t().mv(grad) if a is not None else None
        return ga, gv


class DotBackward0(Op):
    """s = a · b (vectors)          da = grad * b,  db = grad * a"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        needs = ctx.needs_input_grad
        ctx.save_for_backward(a if needs[1] else None, b if needs[0] else None)  # (a checked first)
        return np.dot(a, b)

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return (grad * b if b is not None else None), (grad * a if a is not None else None)


class BmmBackward0(Op):
    """C[i] = A[i] @ B[i] for a batch of matrices (3-D)
    dA = grad @ Bᵀ,  dB = Aᵀ @ grad  (batch by batch)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        needs = ctx.needs_input_grad
        ctx.save_for_backward(b if needs[0] else None, a if needs[1] else None)
        return np.matmul(a, b)

    @staticmethod
    def backward(ctx, grad):
        b, a = ctx.saved_tensors
        ga = bmm(grad, b.transpose(1, 2)) if b is not None else None
        gb = bmm(a.transpose(1, 2), grad) if a is not None else None
        return ga, gb


def _check_same_dtype(a: Tensor, b: Tensor, kernel: str = "addmm_impl_cpu_") -> None:
    """Both factors must have one dtype, and not bool (torch's messages differ by op)."""
    da, db = a._data.dtype, b._data.dtype
    if kernel == "bmm" and da.kind == "b":  # (bmm picks its kernel by the first dtype first)
        raise NotImplementedError("\"bmm\" not implemented for 'Bool'")
    if da != db:
        if kernel == "dot":
            raise RuntimeError(
                "dot : expected both vectors to have same dtype, but found "
                f"{a.dtype.scalar_name} and {b.dtype.scalar_name}"
            )
        if kernel == "addmv_impl_cpu":
            vec, mat = b.dtype.scalar_name, a.dtype.scalar_name
            raise RuntimeError(
                f"addmv input tensors must have the same dtype, but got {vec}, {mat}, and {vec}"
            )
        if kernel == "bmm":
            raise RuntimeError(
                f"expected scalar type {a.dtype.scalar_name} but found {b.dtype.scalar_name}"
            )
        raise RuntimeError(
            "expected m1 and m2 to have the same dtype, but got: "
            f"{a.dtype.cpp_name} != {b.dtype.cpp_name}"
        )
    if da.kind == "b":
        raise NotImplementedError(f"\"{kernel}\" not implemented for 'Bool'")


def mm(input: Tensor, mat2: Tensor) -> Tensor:
    """Matrix product of two 2-D tensors.

    >>> import minigrad as torch
    >>> torch.mm(torch.ones(2, 3), torch.ones(3, 1))
    tensor([[3.],
            [3.]])
    """
    if input.dim() != 2:
        raise RuntimeError("self must be a matrix")
    if mat2.dim() != 2:
        raise RuntimeError("mat2 must be a matrix")
    if input.shape[1] != mat2.shape[0]:
        raise RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({input.shape[0]}x{input.shape[1]} and "
            f"{mat2.shape[0]}x{mat2.shape[1]})"
        )
    _check_same_dtype(input, mat2)
    return MmBackward0.apply(input, mat2)


def mv(input: Tensor, vec: Tensor) -> Tensor:
    """Matrix times vector."""
    if input.dim() != 2 or vec.dim() != 1:
        raise RuntimeError(f"vector + matrix @ vector expected, got 1, {input.dim()}, {vec.dim()}")
    if input.shape[1] != vec.shape[0]:
        raise RuntimeError(
            f"size mismatch, got input ({input.shape[0]}), mat "
            f"({'x'.join(str(s) for s in input.shape)}), vec ({vec.shape[0]})"
        )
    _check_same_dtype(input, vec, "addmv_impl_cpu")
    return MvBackward0.apply(input, vec)


def dot(input: Tensor, other: Tensor) -> Tensor:
    """Dot product of two 1-D tensors."""
    if input.dim() != 1 or other.dim() != 1:
        raise RuntimeError(
            f"1D tensors expected, but got {input.dim()}D and {other.dim()}D tensors"
        )
    if input.dtype != other.dtype:  # (two dtypes before two sizes; a bool after both)
        _check_same_dtype(input, other, "dot")
    n, m = input.shape[0], other.shape[0]
    if n != m:
        raise RuntimeError(_messages.inconsistent_tensor_size(n, m))
    _check_same_dtype(input, other, "dot")
    return DotBackward0.apply(input, other)


def matmul(input: Tensor, other: Tensor) -> Tensor:
    """The matrix product, with torch's rules for 1-D and 2-D inputs.

    There is no ``MatmulBackward``: as in torch, ``matmul`` picks a product and
    records its node, ``DotBackward0`` (1-D @ 1-D), ``MvBackward0``, ``MmBackward0``
    or ``BmmBackward0`` (with views around it for batches and 1-D inputs).

    >>> import minigrad as torch
    >>> torch.matmul(torch.ones(3), torch.ones(3, 2))
    tensor([3., 3.])
    """
    if not isinstance(other, Tensor):
        raise TypeError(
            f"matmul(): argument 'other' (position 2) must be Tensor, not {type(other).__name__}"
        )
    da, db = input.dim(), other.dim()
    if da == 0 or db == 0:
        raise RuntimeError(
            f"both arguments to matmul need to be at least 1D, but they are {da}D and {db}D"
        )
    if da == 1 and db == 1:
        return dot(input, other)
    if da == 2 and db == 1:
        return mv(input, other)
    if da == 1 and db == 2:
        return SqueezeBackward4_apply(mm(input.unsqueeze(0), other))
    if da == 2 and db == 2:
        return mm(input, other)
    if _should_fold(input, other):
        # one mm (or mv) instead of a batch: the batched tensor's batch dims are
        # folded into its rows (transposed first when it is the second factor)
        transpose = db > da
        t1 = other.mT if transpose else input
        t2 = (input.t() if da == 2 else input) if transpose else other
        shape = tuple(t1.shape[:-1])
        folded = t1.reshape(int(np.prod(shape)), t1.shape[-1])
        if t2.dim() == 2:
            out = _unsafe_view(mm(folded, t2), shape + (t2.shape[1],))
            return out.mT.contiguous() if transpose else out
        return _unsafe_view(mv(folded, t2), shape)
    # a batch of matrix products: broadcast the batch dims, then one bmm on 3-D tensors
    n = input.shape[-2] if da > 1 else 1
    k = input.shape[-1]
    k2 = other.shape[-2] if db > 1 else other.shape[0]
    m = other.shape[-1] if db > 1 else 1
    batch1, batch2 = tuple(input.shape[:-2]), tuple(other.shape[:-2])
    if da == 3 and db == 3 and batch1[0] != batch2[0]:  # (torch's shortcut for gradients)
        if batch1[0] == 1 and input.requires_grad:
            return matmul(input.squeeze(0), other)
        if batch2[0] == 1 and other.requires_grad:
            return matmul(input, other.squeeze(0))
    batch = _broadcast_batch(batch1, batch2)
    size = int(np.prod(batch))
    a = input.expand(*batch, n, k).reshape(size, n, k)
    if db == 1:
        b = other.expand(*batch, k2).reshape(size, k2).unsqueeze(2)
        shape = tuple(batch) + ((n,) if da > 1 else ())
        return _unsafe_view(bmm(a, b).squeeze(-1), shape)
    b = other.expand(*batch, k2, m).reshape(size, k2, m)
    shape = tuple(batch) + ((n,) if da > 1 else ()) + (m,)
    return _unsafe_view(bmm(a, b), shape)


def _should_fold(t1: Tensor, t2: Tensor) -> bool:
    """torch's choice between one mm/mv and a batched bmm, when one factor is
    batched (3-D or more) and the other is not: fold when the other one requires
    grad (a smaller gradient), or when folding needs no copy."""
    larger = t1.dim() >= t2.dim()
    big = t1._data if larger else t2._data.swapaxes(-1, -2)
    small = t2 if larger else t1
    if not (big.ndim >= 3 and small.dim() <= 2):
        return False
    if small.requires_grad:
        return True
    if t1.dim() == 2:
        return False
    if big.size == 0:
        return True
    shape, strides = big.shape, big.strides  # (can the batch dims fold without a copy?)
    return all(strides[i] == strides[i + 1] * shape[i + 1] for i in range(big.ndim - 2))


def _broadcast_batch(sa: tuple, sb: tuple) -> tuple:
    try:
        return np.broadcast_shapes(sa, sb)
    except ValueError:
        for i in range(1, min(len(sa), len(sb)) + 1):
            x, y = sa[-i], sb[-i]
            if x != y and x != 1 and y != 1:
                raise RuntimeError(
                    _messages.size_mismatch_at_dim(x, y, max(len(sa), len(sb)) - i)
                ) from None
        raise


def _unsafe_view(t: Tensor, shape: tuple) -> Tensor:
    """Reshape a freshly computed result (torch records it as UnsafeViewBackward0)."""
    from .shape import UnsafeViewBackward0

    return UnsafeViewBackward0.apply(t, shape=tuple(shape))


def bmm(input: Tensor, mat2: Tensor) -> Tensor:
    """Batched matrix product of two 3-D tensors: ``out[i] = input[i] @ mat2[i]``."""
    if input.dim() != 3:
        raise RuntimeError("batch1 must be a 3D tensor")
    if mat2.dim() != 3:
        raise RuntimeError("batch2 must be a 3D tensor")
    b, n, k = input.shape
    if mat2.shape[0] != b or mat2.shape[1] != k:
        raise RuntimeError(_messages.batch2_size_mismatch_bmm(b, k, mat2.shape[0], mat2.shape[1]))
    _check_same_dtype(input, mat2, "bmm")
    return BmmBackward0.apply(input, mat2)


def SqueezeBackward4_apply(t: Tensor) -> Tensor:
    from .shape import SqueezeBackward4

    return SqueezeBackward4.apply(t, dim=0)


def outer(input: Tensor, vec2: Tensor) -> Tensor:
    """Outer product of two vectors: ``out[i, j] = input[i] * vec2[j]``.

    >>> import minigrad as torch
    >>> torch.outer(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 10.0]))
    tensor([[ 1., 10.],
            [ 2., 20.]])
    """
    for name, t in (("self", input), ("vec2", vec2)):
        if t.dim() != 1:
            raise RuntimeError(f"outer: Expected 1-D argument {name}, but got {t.dim()}-D")
    return input.reshape(-1, 1) * vec2


def _matmul_operator(self: Tensor, other: Any) -> Any:
    """``self @ other``: Python's own TypeError unless ``other`` is a tensor."""
    if not isinstance(other, Tensor):
        return NotImplemented
    return matmul(self, other)


def _rmatmul(self: Tensor, other: Any) -> Any:
    if isinstance(other, np.ndarray):
        return matmul(Tensor._make(other, None), self)
    return NotImplemented


# --- the fused product of nn.Linear: bias + m1 @ m2 -------------------------
class AddmmBackward0(Op):
    """out = bias + m1 @ m2        d bias = grad (summed over the rows, by the engine),
    d m1 = grad @ m2ᵀ,   d m2 = m1ᵀ @ grad"""

    __slots__ = ("cols", "beta", "alpha")

    @staticmethod
    def forward(ctx, bias, m1, m2, beta=1, alpha=1):
        needs = ctx.needs_input_grad
        ctx.save_for_backward(m1 if needs[2] else None, m2 if needs[1] else None)
        ctx.cols = (_column_major(m1), _column_major(m2))
        ctx.beta, ctx.alpha = beta, alpha
        if beta == 1 and alpha == 1:  # nn.Linear's case
            return bias + m1 @ m2
        prod = alpha * (m1 @ m2) if alpha != 1 else m1 @ m2
        if beta == 0:  # as in torch, the input is then ignored (even a nan in it)
            return np.broadcast_to(prod, prod.shape).astype(m1.dtype)
        return (beta * bias + prod).astype(m1.dtype)

    @staticmethod
    def backward(ctx, grad):
        m1, m2 = ctx.saved_tensors
        needs = ctx.needs_input_grad
        beta, alpha = ctx.beta, ctx.alpha
        g_bias = (grad if beta == 1 else grad * beta) if needs[0] else None
        g_m1 = g_m2 = None
        if needs[1]:
            g_m1 = mm_mat1_grad(grad, m2, ctx.cols[0])
            g_m1 = g_m1 if alpha == 1 else g_m1 * alpha
        if needs[2]:
            g_m2 = mm_mat2_grad(grad, m1, ctx.cols[1])
            g_m2 = g_m2 if alpha == 1 else g_m2 * alpha
        return g_bias, g_m1, g_m2


def addmm(
    input: Tensor, mat1: Tensor, mat2: Tensor, *, beta: float = 1, alpha: float = 1
) -> Tensor:
    """``beta input + alpha (mat1 @ mat2)`` in one operation (``input`` broadcasts).

    >>> import minigrad as torch
    >>> torch.addmm(torch.ones(2, 2), torch.eye(2), torch.eye(2), beta=0.5, alpha=2)
    tensor([[2.5000, 0.5000],
            [0.5000, 2.5000]])
    """
    if mat1.shape[1] != mat2.shape[0]:
        raise RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({mat1.shape[0]}x{mat1.shape[1]} and "
            f"{mat2.shape[0]}x{mat2.shape[1]})"
        )
    a, b, c = mat1.dtype, mat2.dtype, input.dtype
    if a is not b:
        raise RuntimeError(
            f"mat1 and mat2 must have the same dtype, but got {a.scalar_name} and {b.scalar_name}"
        )
    if c is not b:
        raise RuntimeError(
            f"self and mat2 must have the same dtype, but got {c.scalar_name} and {b.scalar_name}"
        )
    if input._data.shape != (mat1.shape[0], mat2.shape[1]):
        input.detach().expand(mat1.shape[0], mat2.shape[1])  # raises expand's error if it can't
    if beta == 1 and alpha == 1:
        return AddmmBackward0.apply(input, mat1, mat2)
    return AddmmBackward0.apply(input, mat1, mat2, beta=beta, alpha=alpha)


# --- the other fused products: addmv, baddbmm, addbmm -------------------------
def _times(t: Tensor, s: Any) -> Tensor:
    """``t * s`` as torch's derivative formulas write it (``MulBackward1``), but
    ``t`` itself when ``s`` is 1."""
    from .elementwise import MulBackward1  # (elementwise imports this module's users)

    return t if s == 1 else MulBackward1.apply(t, c=s)


def _scalars_for(dt: np.dtype, *scalars: Any) -> list:
    """``beta`` and ``alpha`` as the result's dtype holds them (an integer result truncates)."""
    return [int(s) if dt.kind in "iu" else s for s in scalars]


def _fused(input: np.ndarray, prod: np.ndarray, beta: Any, alpha: Any) -> np.ndarray:
    """``beta input + alpha prod``; with beta 0 the input is ignored (even a nan in it)."""
    prod = prod if alpha == 1 else alpha * prod
    if beta == 0:
        out = np.broadcast_to(prod, np.broadcast_shapes(input.shape, prod.shape))
    else:
        out = (input if beta == 1 else beta * input) + prod
    return np.asarray(out, dtype=prod.dtype)


class AddmvBackward0(Op):
    """out = beta input + alpha (mat @ vec)
    d input = beta,   d mat = alpha outer(grad, vec),   d vec = alpha matᵀ @ grad"""

    __slots__ = ("beta", "alpha")

    @staticmethod
    def forward(ctx, input, mat, vec, beta=1, alpha=1):
        needs = ctx.needs_input_grad
        ctx.save_for_backward(mat if needs[2] else None, vec if needs[1] else None)
        ctx.beta, ctx.alpha = beta, alpha
        return _fused(input, mat @ vec, beta, alpha)

    @staticmethod
    def backward(ctx, grad):
        mat, vec = ctx.saved_tensors
        g_in = _times(grad, ctx.beta) if ctx.needs_input_grad[0] else None
        g_mat = _times(grad.reshape(-1, 1) * vec, ctx.alpha) if vec is not None else None
        g_vec = _times(mat.t().mv(grad), ctx.alpha) if mat is not None else None
        return g_in, g_mat, g_vec


def addmv(input: Tensor, mat: Tensor, vec: Tensor, *, beta: Any = 1, alpha: Any = 1) -> Tensor:
    """``beta input + alpha (mat @ vec)`` in one operation (``input`` broadcasts).

    >>> import minigrad as torch
    >>> torch.addmv(torch.ones(2), torch.eye(2), torch.tensor([3.0, 4.0]), alpha=2)
    tensor([7., 9.])
    """
    if mat.dim() != 2 or vec.dim() != 1 or input.dim() > 1:
        raise RuntimeError(
            f"vector + matrix @ vector expected, got {input.dim()}, {mat.dim()}, {vec.dim()}"
        )
    rows, cols = mat.shape
    if cols != vec.shape[0] or (input.numel() != rows and input.numel() != 1):
        raise RuntimeError(
            f"size mismatch, got input ({input.shape[0] if input.dim() else 1}), "
            f"mat ({rows}x{cols}), vec ({vec.shape[0]})"
        )
    names = [t.dtype.scalar_name for t in (input, mat, vec)]
    if len(set(names)) > 1:
        raise RuntimeError(
            "addmv input tensors must have the same dtype, but got "
            f"{names[0]}, {names[1]}, and {names[2]}"
        )
    if names[0] == "Bool":
        raise NotImplementedError("\"addmv_impl_cpu\" not implemented for 'Bool'")
    beta, alpha = _scalars_for(mat._data.dtype, beta, alpha)
    return AddmvBackward0.apply(input, mat, vec, beta=beta, alpha=alpha)


class BaddbmmBackward0(Op):
    """out[i] = beta input[i] + alpha (batch1[i] @ batch2[i])
    d input = beta,   d batch1 = alpha grad @ batch2ᵀ,   d batch2 = alpha batch1ᵀ @ grad"""

    __slots__ = ("beta", "alpha")

    @staticmethod
    def forward(ctx, input, b1, b2, beta=1, alpha=1):
        needs = ctx.needs_input_grad
        ctx.save_for_backward(b1 if needs[2] else None, b2 if needs[1] else None)
        ctx.beta, ctx.alpha = beta, alpha
        return _fused(input, np.matmul(b1, b2), beta, alpha)

    @staticmethod
    def backward(ctx, grad):
        b1, b2 = ctx.saved_tensors
        g_in = _times(grad, ctx.beta) if ctx.needs_input_grad[0] else None
        g1 = _times(bmm(grad, b2.transpose(1, 2)), ctx.alpha) if b2 is not None else None
        g2 = _times(bmm(b1.transpose(1, 2), grad), ctx.alpha) if b1 is not None else None
        return g_in, g1, g2


def baddbmm(
    input: Tensor, batch1: Tensor, batch2: Tensor, *, beta: Any = 1, alpha: Any = 1
) -> Tensor:
    """``beta input + alpha (batch1 @ batch2)``, matrix by matrix over the batch.

    >>> import minigrad as torch
    >>> torch.baddbmm(torch.zeros(1, 2, 2), torch.ones(1, 2, 3), torch.ones(1, 3, 2))
    tensor([[[3., 3.],
             [3., 3.]]])
    """
    if input.dtype is not batch1.dtype:
        names = [t.dtype.cpp_name for t in (input, batch1, batch2)]
        raise RuntimeError(
            "Input dtypes must be the same, got: "
            f"input {names[0]}, batch1: {names[1]}, batch2: {names[2]}"
        )
    # (torch expands the input first: its errors, and size()'s, come before bmm's)
    target = (batch1.size(0), batch1.size(1), batch2.size(2))
    if input._data.shape != target:
        input.detach().expand(*target)  # raises expand's error if it can't
    bmm(batch1, batch2)  # checks the batches' dims, sizes and dtypes as bmm does
    beta, alpha = _scalars_for(batch1._data.dtype, beta, alpha)
    return BaddbmmBackward0.apply(input, batch1, batch2, beta=beta, alpha=alpha)


class AddbmmBackward0(Op):
    """out = beta input + alpha sum_i (batch1[i] @ batch2[i])
    d input = beta,   d batch1[i] = alpha grad @ batch2[i]ᵀ,
    d batch2[i] = alpha batch1[i]ᵀ @ grad"""

    __slots__ = ("beta", "alpha")

    @staticmethod
    def forward(ctx, input, b1, b2, beta=1, alpha=1):
        needs = ctx.needs_input_grad
        ctx.save_for_backward(b1 if needs[2] else None, b2 if needs[1] else None)
        ctx.beta, ctx.alpha = beta, alpha
        prod = np.matmul(b1, b2).sum(axis=0, dtype=b1.dtype)
        return _fused(input, prod, beta, alpha)

    @staticmethod
    def backward(ctx, grad):
        b1, b2 = ctx.saved_tensors
        g_in = _times(grad, ctx.beta) if ctx.needs_input_grad[0] else None
        g1 = g2 = None
        other = b2 if b2 is not None else b1
        grads = grad.unsqueeze(0).expand(other.shape[0], *grad.shape)  # one per batch
        if b2 is not None:
            g1 = _times(bmm(grads, b2.transpose(1, 2)), ctx.alpha)
        if b1 is not None:
            g2 = _times(bmm(b1.transpose(1, 2), grads), ctx.alpha)
        return g_in, g1, g2


def addbmm(
    input: Tensor, batch1: Tensor, batch2: Tensor, *, beta: Any = 1, alpha: Any = 1
) -> Tensor:
    """``beta input + alpha (batch1[0] @ batch2[0] + batch1[1] @ batch2[1] + ...)``.

    >>> import minigrad as torch
    >>> torch.addbmm(torch.zeros(2, 2), torch.ones(4, 2, 3), torch.ones(4, 3, 2))
    tensor([[12., 12.],
            [12., 12.]])
    """
    # (torch expands the input first: its errors, and size()'s, come before the rest)
    target = (batch1.size(1), batch2.size(2))
    if input._data.shape != target:
        input.detach().expand(*target)  # raises expand's error if it can't
    for name, t in (("batch1", batch1), ("batch2", batch2)):
        if t.dim() != 3:
            raise RuntimeError(f"{name} must be a 3D tensor")
    (b, n, k), (b2, k2, p) = batch1.shape, batch2.shape
    if b != b2:
        raise RuntimeError(f"batch1 and batch2 must have same number of batches, got {b} and {b2}")
    if k != k2:
        raise RuntimeError(f"Incompatible matrix sizes for bmm ({n}x{k} and {k2}x{p})")
    for name, t in (("self", input), ("mat1", batch1)):  # (in torch's order)
        if t.dtype is not batch2.dtype:
            raise RuntimeError(
                f"{name} and mat2 must have the same dtype, but got "
                f"{t.dtype.scalar_name} and {batch2.dtype.scalar_name}"
            )
    beta, alpha = _scalars_for(batch1._data.dtype, beta, alpha)
    return AddbmmBackward0.apply(input, batch1, batch2, beta=beta, alpha=alpha)


# --- singular values (for the nuclear norm) ---------------------------------
class LinalgSvdBackward0(MultiOutputOp):
    """A = U diag(S) Vh (the thin SVD: U, S, Vh are its three outputs)
    d/dA from the gradients gU, gS, gVh (torch's svd_backward, real case):
    U [ (skew(Uᵀ gU) S + S skew(Vh gVhᵀ)) / E + diag(gS) ] Vh  (+ the parts of gU,
    gVh outside the span of U, V), with E_ij = S_j² - S_i² (1 on the diagonal)"""

    __slots__ = ()
    _outputs = 3

    @staticmethod
    def forward(ctx, a):
        u, s, vh = np.linalg.svd(a, full_matrices=False)
        u, s, vh = u.astype(a.dtype), s.astype(a.dtype), vh.astype(a.dtype)
        ctx.save_for_backward(u, s, vh)
        return u, s, vh

    @staticmethod
    def backward(ctx, gU, gS, gVh):
        U, S, Vh = ctx.saved_tensors
        # a gradient of zeros made for an unused output counts as "no gradient"
        gU, gVh = (
            None if g is None or (not g.requires_grad and not g._data.any()) else g
            for g in (gU, gVh)
        )
        m, n = U.shape[-2], Vh.shape[-1]
        if gU is None and gVh is None:  # only the singular values are used
            if m >= n:
                return U.matmul(gS.unsqueeze(-1) * Vh)
            return (U * gS.unsqueeze(-2)).matmul(Vh)
        k = S.shape[-1]
        ident = Tensor._make(np.eye(k, dtype=S._data.dtype), None)

        def skew(x: Tensor) -> Tensor:
            return x - x.mT

        S2 = S * S
        E = S2.unsqueeze(-2) - S2.unsqueeze(-1) + ident  # (its diagonal is 0 before adding 1)
        if gU is not None and gVh is not None:
            UhgU, VhgV = skew(U.mT.matmul(gU)), skew(Vh.matmul(gVh.mT))
            gA = (UhgU * S.unsqueeze(-2) + S.unsqueeze(-1) * VhgV) / E
        elif gU is not None:
            gA = skew(U.mT.matmul(gU)) * (S.unsqueeze(-2) / E)
        else:
            gA = S.unsqueeze(-1) * (skew(Vh.matmul(gVh.mT)) / E)
        if gS is not None:
            gA = gA + gS.unsqueeze(-1) * ident
        if m > n and gU is not None:
            gA = U.matmul(gA)
            gUSinv = gU / S.unsqueeze(-2)
            gA = gA + gUSinv - U.matmul(U.mT.matmul(gUSinv))
            gA = gA.matmul(Vh)
        elif m < n and gVh is not None:
            gA = gA.matmul(Vh)
            SinvgVh = gVh / S.unsqueeze(-1)
            gA = gA + SinvgVh - SinvgVh.matmul(Vh.mT).matmul(Vh)
            gA = U.matmul(gA)
        else:
            gA = U.matmul(gA.matmul(Vh)) if m >= n else U.matmul(gA).matmul(Vh)
        return gA


# --- einsum: products and sums named by letters ------------------------------------
def einsum(equation: str, *operands: Any) -> Tensor:
    """Sum of products described by index letters: ``einsum("ij,jk->ik", a, b)``
    is ``a @ b``; ``"ii->i"`` a diagonal, ``"ij->"`` a sum, ``"i,j->ij"`` an outer
    product. Built as torch builds it: each operand is permuted so that the
    output's letters come first, then pairs are multiplied with ``bmm``
    (or ``*`` when nothing is summed), so the ``grad_fn`` names are torch's.

    >>> import minigrad as torch
    >>> torch.einsum("i,i->", torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]))
    tensor(11.)
    """
    from .ordering import diagonal

    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    lhs, arrow, rhs = equation.replace(" ", "").partition("->")
    terms = lhs.split(",")
    if len(terms) < len(operands):
        raise RuntimeError(_messages.EINSUM_MORE_OPERANDS)
    if len(terms) > len(operands):
        raise RuntimeError(_messages.EINSUM_FEWER_OPERANDS)
    # "..." stands for the dims a term does not name; they broadcast, aligned on the right
    n_ell = max(
        (op.dim() - (len(t) - 3) for t, op in zip(terms, operands) if "..." in t), default=0
    )
    ell = [chr(0x100 + k) for k in range(n_ell)]
    labels = []
    for t, op in zip(terms, operands):
        if "..." in t:
            before, after = t.split("...")
            k = op.dim() - len(before) - len(after)
            labels.append(list(before) + ell[n_ell - k :] + list(after))
        else:
            labels.append(list(t))
        if len(labels[-1]) != op.dim():
            raise RuntimeError(
                _messages.einsum_subscripts(len(labels[-1]), op.dim(), len(labels) - 1)
            )
    counts: dict = {}
    for ls in labels:
        for c in ls:
            counts[c] = counts.get(c, 0) + 1
    if arrow:
        out = list(rhs.replace("...", "".join(ell)))
    else:  # implicit output: the ellipsis dims, then the letters used once, sorted
        out = ell + sorted(c for c in counts if counts[c] == 1 and c not in ell)
    for c in out:
        if c not in counts:
            raise RuntimeError(_messages.einsum_output_subscript(c))
    contracted = [c for c in dict.fromkeys(c for ls in labels for c in ls) if c not in out]
    order = out + contracted
    # each operand: diagonals for repeated letters, then one permute into ``order``
    # (a letter it lacks becomes a dim of size 1)
    ops = []
    for ls, op in zip(labels, operands):
        ls = list(ls)
        for c in list(dict.fromkeys(ls)):
            while ls.count(c) > 1:
                i = ls.index(c)
                j = ls.index(c, i + 1)
                op = diagonal(op, 0, i, j)
                ls = [x for k, x in enumerate(ls) if k not in (i, j)] + [c]
        missing = [c for c in order if c not in ls]
        for _ in missing:
            op = op.unsqueeze(-1)
        ls = ls + missing
        ops.append(op.permute(*[ls.index(c) for c in order]))
    n_out = len(out)
    if len(ops) == 1:
        result = ops[0]
        if contracted:
            result = result.sum(tuple(range(n_out, len(order))))
        return result
    result = ops[0]
    for k in range(1, len(ops)):
        later = {c for ls in labels[k + 1 :] for c in ls}
        sum_dims = [d for d in range(n_out, len(order)) if order[d] not in later]
        result = _sumproduct_pair(result, ops[k], sum_dims)
    if contracted:
        result = result.view(*result.shape[:n_out])
    return result


def _sumproduct_pair(left: Tensor, right: Tensor, sum_dims: list) -> Tensor:
    """``(left * right).sum(sum_dims, keepdim=True)``, as torch computes it: with
    one batched matrix product over the dims both share."""
    if not sum_dims:
        return left * right
    lro, lo, ro, summed = [], [], [], []
    for i in range(left.dim()):
        sl, sr = left.shape[i] > 1, right.shape[i] > 1
        if i in sum_dims:
            if sl and sr:
                summed.append(i)
            elif sl:
                left = left.sum(i, keepdim=True)
            elif sr:
                right = right.sum(i, keepdim=True)
        elif sl and sr:
            lro.append(i)
        elif sl:
            lo.append(i)
        elif sr:
            ro.append(i)
    ones = [i for i in range(left.dim()) if i not in lro + lo + summed + ro]

    def size(t: Tensor, dims: list) -> int:
        n = 1
        for d in dims:
            n *= t.shape[d]
        return n

    b, m, k, n = size(left, lro), size(left, lo), size(left, summed), size(right, ro)
    lp = left.permute(*(lro + lo + summed + ro + ones)).reshape(b, m, k)
    rp = right.permute(*(lro + summed + ro + lo + ones)).reshape(b, k, n)
    out_dims = lro + lo + summed + ro + ones
    out_size = (
        [left.shape[d] for d in lro]
        + [left.shape[d] for d in lo]
        + [1] * len(summed)
        + [right.shape[d] for d in ro]
        + [1] * len(ones)
    )
    result = bmm(lp, rp).view(*out_size)
    return result.permute(*[out_dims.index(i) for i in range(left.dim())])
