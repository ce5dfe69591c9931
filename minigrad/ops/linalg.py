"""Matrix products.

For ``C = A @ B`` the chain rule gives ``dL/dA = dL/dC @ Bᵀ`` and
``dL/dB = Aᵀ @ dL/dC``: each input's gradient is the incoming gradient
multiplied by the *other* input, transposed so that the shapes fit.
``matmul`` picks the right product for 1-D and 2-D inputs, as torch does.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._tensor import Tensor
from ..autograd.function import Function


class MmBackward0(Function):
    """C = A @ B (matrices)          dA = grad @ Bᵀ,  dB = Aᵀ @ grad"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        needs = ctx.needs_input_grad
        ctx.save_for_backward(a if needs[1] else None, b if needs[0] else None)
        return a @ b

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        ga = grad.mm(b.t()) if b is not None else None
        gb = a.t().mm(grad) if a is not None else None
        return ga, gb


class MvBackward0(Function):
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
        ga = grad.unsqueeze(1) * v.unsqueeze(0) if v is not None else None
        gv = a.t().mv(grad) if a is not None else None
        return ga, gv


class DotBackward0(Function):
    """s = a · b (vectors)          da = grad * b,  db = grad * a"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        needs = ctx.needs_input_grad
        ctx.save_for_backward(b if needs[0] else None, a if needs[1] else None)
        return np.dot(a, b)

    @staticmethod
    def backward(ctx, grad):
        b, a = ctx.saved_tensors
        return (grad * b if b is not None else None), (grad * a if a is not None else None)


class BmmBackward0(Function):
    """C = A @ B for batches of matrices (broadcast over the leading dims)."""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return np.matmul(a, b)

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return grad.matmul(b.mT), a.mT.matmul(grad)


def _check_same_dtype(a: Tensor, b: Tensor) -> None:
    da, db = a._data.dtype, b._data.dtype
    if da != db:
        raise RuntimeError(
            "expected m1 and m2 to have the same dtype, but got: "
            f"{_NAME[da.kind, da.itemsize]} != {_NAME[db.kind, db.itemsize]}"
        )


_NAME = {
    ("f", 4): "float",
    ("f", 8): "double",
    ("f", 2): "c10::Half",
    ("i", 8): "long int",
    ("i", 4): "int",
    ("b", 1): "bool",
    ("i", 2): "short int",
    ("i", 1): "signed char",
    ("u", 1): "unsigned char",
}


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
    if input.dim() != 2 or vec.dim() != 1 or input.shape[1] != vec.shape[0]:
        raise RuntimeError(
            f"size mismatch, got input ({input.shape[0]}), mat "
            f"({'x'.join(str(s) for s in input.shape)}), vec ({vec.shape[0]})"
        )
    _check_same_dtype(input, vec)
    return MvBackward0.apply(input, vec)


def dot(input: Tensor, other: Tensor) -> Tensor:
    """Dot product of two 1-D tensors."""
    if input.dim() != 1 or other.dim() != 1:
        raise RuntimeError(
            f"1D tensors expected, but got {input.dim()}D and {other.dim()}D tensors"
        )
    n, m = input.shape[0], other.shape[0]
    if n != m:
        raise RuntimeError(
            f"inconsistent tensor size, expected tensor [{n}] and src [{m}] to have the same "
            f"number of elements, but got {n} and {m} elements respectively"
        )
    _check_same_dtype(input, other)
    return DotBackward0.apply(input, other)


def matmul(input: Tensor, other: Tensor) -> Tensor:
    """The matrix product, with torch's rules for 1-D and 2-D inputs.

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
    a = input.unsqueeze(0) if da == 1 else input
    b = other.unsqueeze(-1) if db == 1 else other
    if a.shape[-1] != b.shape[-2]:
        raise RuntimeError(
            f"Expected size for first two dimensions of batch2 tensor to be: "
            f"[{b.shape[0] if b.dim() > 2 else 1}, {a.shape[-1]}] but got: "
            f"[{b.shape[0] if b.dim() > 2 else 1}, {b.shape[-2]}]."
        )
    out = BmmBackward0.apply(a, b)
    if da == 1:
        out = out.squeeze(-2)
    if db == 1:
        out = out.squeeze(-1)
    return out


def SqueezeBackward4_apply(t: Tensor) -> Tensor:
    from .shape import SqueezeBackward4

    return SqueezeBackward4.apply(t, dim=0)


def outer(input: Tensor, vec2: Tensor) -> Tensor:
    """Outer product of two vectors: ``out[i, j] = input[i] * vec2[j]``."""
    return input.unsqueeze(1) * vec2.unsqueeze(0)


def _rmatmul(self: Tensor, other: Any) -> Any:
    if isinstance(other, np.ndarray):
        return matmul(Tensor._make(other, None), self)
    return NotImplemented


for _name, _fn in [
    ("mm", mm),
    ("mv", mv),
    ("dot", dot),
    ("matmul", matmul),
    ("__matmul__", matmul),
    ("__rmatmul__", _rmatmul),
    ("outer", outer),
    ("ger", outer),
]:
    setattr(Tensor, _name, _fn)
