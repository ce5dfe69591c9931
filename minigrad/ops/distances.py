"""Distances (``dist``, ``cdist``), and the cross and Kronecker products.

One class per torch grad_fn, forward beside backward. ``CdistBackward0`` calls
``CdistBackwardBackward0`` so that a second derivative records torch's node names.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor
from ..exact import messages as _messages
from .linalg import _unsafe_view


class LinalgCrossBackward0(Op):
    """out = a × b along ``dim``          d/da = b × grad,   d/db = grad × a"""

    __slots__ = ("dim",)

    @staticmethod
    def forward(ctx, a, b, dim):
        ctx.dim = dim
        needs = ctx.needs_input_grad
        ctx.save_for_backward(b if needs[0] else None, a if needs[1] else None)
        return np.cross(a, b, axis=dim)

    @staticmethod
    def backward(ctx, grad):
        b, a = ctx.saved_tensors
        d = ctx.dim
        ga = LinalgCrossBackward0.apply(b, grad, dim=d) if b is not None else None
        gb = LinalgCrossBackward0.apply(grad, a, dim=d) if a is not None else None
        return ga, gb


def cross(input: Tensor, other: Tensor, *, dim: int = -1) -> Tensor:
    """The cross product of 3-vectors along ``dim`` (the shapes broadcast).

    >>> import minigrad as torch
    >>> torch.linalg.cross(torch.tensor([1.0, 0.0, 0.0]), torch.tensor([0.0, 1.0, 0.0]))
    tensor([0., 0., 1.])
    """
    from ..core.tensor import _broadcast_check

    if input.dim() != other.dim():
        raise RuntimeError("linalg.cross: inputs must have the same number of dimensions.")
    d = input._wrap_dim(dim)
    if input.shape[d] != 3 or other.shape[d] != 3:
        raise RuntimeError(
            f"linalg.cross: inputs dimension {dim} must have length 3. "
            f"Got {input.shape[d]} and {other.shape[d]}"
        )
    if input.dtype is not other.dtype:
        raise RuntimeError(
            f"expected scalar type {input.dtype.scalar_name} but found {other.dtype.scalar_name}"
        )
    _broadcast_check(input._data, other._data)
    shape = np.broadcast_shapes(input._data.shape, other._data.shape)
    a = input if input._data.shape == shape else input.expand(*shape)
    b = other if other._data.shape == shape else other.expand(*shape)
    return LinalgCrossBackward0.apply(a, b, dim=d)


def cross_default_dim(input: Tensor, other: Tensor, dim: int | None = None) -> Tensor:
    """``torch.cross``: without ``dim``, the first dim of length 3 (deprecated, with
    torch's warning)."""
    import warnings

    if dim is None:
        warnings.warn(_messages.CROSS_WITHOUT_DIM, UserWarning, stacklevel=2)
        sizes = np.broadcast_shapes(input._data.shape, other._data.shape)
        dim = next((i for i, s in enumerate(sizes) if s == 3), -1)
    return cross(input, other, dim=dim)


def kron(input: Tensor, other: Tensor) -> Tensor:
    """The Kronecker product: every element of ``input`` times all of ``other``.

    >>> import minigrad as torch
    >>> torch.kron(torch.tensor([1, 2]), torch.tensor([1, 10]))
    tensor([ 1, 10,  2, 20])
    """
    n = builtins_max(input.dim(), other.dim())
    a_shape = (1,) * (n - input.dim()) + tuple(input.shape)
    b_shape = (1,) * (n - other.dim()) + tuple(other.shape)
    a_view = [s for x in a_shape for s in (x, 1)]
    b_view = [s for x in b_shape for s in (1, x)]
    result = _unsafe_view(input, a_view) * _unsafe_view(other, b_view)
    return _unsafe_view(result, [x * y for x, y in zip(a_shape, b_shape)])


builtins_max = max


class DistBackward0(Op):
    """out = ||a - b||_p          d/da = the p-norm's gradient at a - b,   d/db = minus it"""

    __slots__ = ("p",)

    @staticmethod
    def forward(ctx, a, b, p):
        from .norms import _norm_value

        ctx.p = p
        diff = a - b
        out = _norm_value(diff, p, tuple(range(diff.ndim)), False)
        ctx.save_for_backward(a, b, out)
        return out

    @staticmethod
    def backward(ctx, grad):
        from .norms import _norm_grad

        a, b, out = ctx.saved_tensors
        diff = a - b
        g = _norm_grad(grad, diff, out, ctx.p, tuple(range(diff.dim())), False)
        needs = ctx.needs_input_grad
        return (g if needs[0] else None), (-g if needs[1] else None)


def dist(input: Tensor, other: Tensor, p: Any = 2) -> Tensor:
    """The p-norm of ``input - other`` (the shapes broadcast).

    >>> import minigrad as torch
    >>> torch.dist(torch.tensor([0.0, 0.0]), torch.tensor([3.0, 4.0]))
    tensor(5.)
    """
    from ..core.tensor import _broadcast_check
    from ..exact import dtype as _dtype
    from ._promotion import _cast

    _broadcast_check(input._data, other._data)
    dt = _dtype.result_type(input, other)
    if dt.kind != "f":
        raise RuntimeError(
            "norm(): input dtype should be either floating point or complex. Got "
            f"{_dtype.from_numpy_dtype(dt).scalar_name} instead."
        )
    return DistBackward0.apply(_cast(input, dt), _cast(other, dt), p=float(p))


# --- distances between two sets of points --------------------------------------------
class CdistBackward0(Op):
    """out[i, j] = ||x1[i] - x2[j]||_p (the rows of x1 against the rows of x2)
    d/dx1[i] = sum over j of grad[i, j] times the p-norm's gradient at x1[i] - x2[j];
    d/dx2[j] = the same with the roles swapped (torch has no second derivative here)"""

    __slots__ = ("p",)

    @staticmethod
    def forward(ctx, x1, x2, p):
        from .norms import _norm_value

        ctx.p = p
        diff = x1[..., :, None, :] - x2[..., None, :, :]
        out = _norm_value(diff, p, (-1,), False)
        ctx.save_for_backward(x1, x2, out)
        return out

    @staticmethod
    def backward(ctx, grad):
        x1, x2, out = ctx.saved_tensors
        needs, p = ctx.needs_input_grad, ctx.p
        g1 = CdistBackwardBackward0.apply(grad, x1, x2, out, p=p) if needs[0] else None
        g2 = CdistBackwardBackward0.apply(grad.mT, x2, x1, out.mT, p=p) if needs[1] else None
        return g1, g2


class CdistBackwardBackward0(Op):
    """The gradient of ``cdist`` for x1 (torch's _cdist_backward kernel), which torch
    cannot differentiate again:
    sum over j of grad[i, j] sign(d) |d|^(p-1) / out[i, j]^(p-1), d = x1[i] - x2[j]"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, grad, x1, x2, out, p):
        diff = x1[..., :, None, :] - x2[..., None, :, :]
        dist = out[..., None]
        if p == 0:
            local = np.zeros_like(diff)
        elif p == 1:
            local = np.sign(diff)
        elif p == 2:
            local = np.where(dist == 0, 0, diff / np.where(dist == 0, 1, dist))
        elif p == np.inf:
            local = np.sign(diff) * (np.abs(diff) == dist)
        else:
            zero = (dist == 0) | ((diff == 0) & (p < 1))
            safe = np.where(zero, 1, dist)
            local = np.where(zero, 0, np.sign(diff) * np.abs(diff) ** (p - 1) / safe ** (p - 1))
        return np.asarray(np.sum(grad[..., None] * local, axis=-2), dtype=x1.dtype)

    @staticmethod
    def backward(ctx, grad):
        raise NotImplementedError("the derivative for '_cdist_backward' is not implemented.")


def cdist(
    x1: Tensor,
    x2: Tensor,
    p: float = 2.0,
    compute_mode: str = "use_mm_for_euclid_dist_if_necessary",
) -> Tensor:
    """The p-norm distance between each row of ``x1`` and each row of ``x2`` (batched).

    >>> import minigrad as torch
    >>> torch.cdist(torch.tensor([[0.0, 0.0]]), torch.tensor([[3.0, 4.0], [0.0, 1.0]]))
    tensor([[5., 1.]])
    """
    for name, t in (("X1", x1), ("X2", x2)):
        if t._data.dtype.kind != "f":
            raise RuntimeError(
                f"cdist only supports floating-point dtypes, {name} got: {t.dtype.scalar_name}"
            )
    for name, t in (("X1", x1), ("X2", x2)):
        if t.dim() < 2:
            raise RuntimeError(f"cdist only supports at least 2D tensors, {name} got: {t.dim()}D")
    if x1.shape[-1] != x2.shape[-1]:
        raise RuntimeError(
            f"X1 and X2 must have the same number of columns. X1: {x1.shape[-1]} X2: {x2.shape[-1]}"
        )
    if p < 0:
        raise RuntimeError("cdist only supports non-negative p values")
    if x1.dtype is not x2.dtype:
        raise RuntimeError(
            f"expected scalar type {x1.dtype.scalar_name} but found {x2.dtype.scalar_name}"
        )
    r1, r2 = x1.shape[-2], x2.shape[-2]
    by_products = p == 2 and (
        compute_mode == "use_mm_for_euclid_dist"
        or (compute_mode == "use_mm_for_euclid_dist_if_necessary" and (r1 > 25 or r2 > 25))
    )
    if by_products:  # torch's faster way for many points: |a|² - 2 a·b + |b|², by matmul
        return _euclidean_dist(x1, x2)
    return CdistBackward0.apply(x1, x2, p=float(p))


def _euclidean_dist(x1: Tensor, x2: Tensor) -> Tensor:
    from .join import cat

    n1 = x1.pow(2).sum(-1, keepdim=True)
    n2 = x2.pow(2).sum(-1, keepdim=True)
    ones1 = Tensor._make(np.ones_like(n1._data), None)
    ones2 = Tensor._make(np.ones_like(n2._data), None)
    a = cat([x1.mul(-2), n1, ones1], -1)
    b = cat([x2, ones2, n2], -1)
    result = a.matmul(b.mT).clamp_min(0).sqrt()
    return result.view(*result.shape)
