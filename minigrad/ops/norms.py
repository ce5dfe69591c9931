"""Norms, variance and standard deviation, logsumexp, and running sums and products
(cumsum, cumprod).

Reductions like ``sum`` in ``reduction.py``, whose helpers they share: each rule
spreads the gradient back over the reduced dims, times its local derivative.
"""

from __future__ import annotations

import builtins
import math
from typing import Any

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor
from ..exact import messages as _messages
from ..exact import warn as _warn
from .reduction import (
    _c_layout,
    _constant,
    _dims,
    _mean,
    _spread,
    _sum_dtype,
    _unsqueeze_multiple,
)


# --- norms, variance, logsumexp, cumsum -------------------------------------
class LinalgVectorNormBackward0(Op):
    """out = (sum |a|^p)^(1/p) over ``dims``
    d/da = sign(a) |a|^(p-1) / out^(p-1);  p=2: a / out;  p=1: sign(a);
    p=inf: sign(a) shared evenly by the elements where |a| is largest;  0 where out = 0"""

    __slots__ = ("p", "dims", "keepdim")

    @staticmethod
    def forward(ctx, a, p, dims, keepdim):
        ctx.p, ctx.dims, ctx.keepdim = p, dims, keepdim
        out = _norm_value(a, p, dims, keepdim)
        ctx.save_for_backward(a, out)
        return out

    @staticmethod
    def backward(ctx, grad):
        a, out = ctx.saved_tensors
        return _norm_grad(grad, a, out, ctx.p, ctx.dims, ctx.keepdim)


def _norm_value(a: np.ndarray, p: float, dims: tuple, keepdim: bool) -> np.ndarray:
    """(sum |a|^p)^(1/p) over ``dims``, in ``a``'s dtype (also used by ``dist``)."""
    x = np.abs(a)
    if p == 2:
        out = np.sqrt(np.sum(x * x, axis=dims, keepdims=keepdim))
    elif p == 1:
        out = np.sum(x, axis=dims, keepdims=keepdim)
    elif p == np.inf:
        out = np.max(x, axis=dims, keepdims=keepdim)
    elif p == -np.inf:
        out = np.min(x, axis=dims, keepdims=keepdim)
    elif p == 0:
        out = np.sum(x != 0, axis=dims, keepdims=keepdim)
    else:
        out = np.sum(x**p, axis=dims, keepdims=keepdim) ** (1.0 / p)
    return _c_layout(np.asarray(out, dtype=a.dtype))


def _norm_grad(grad: Tensor, a: Tensor, out: Tensor, p: float, dims: tuple, keep: bool) -> Tensor:
    """torch's norm_backward: the gradient of the p-norm ``out`` of ``a`` over ``dims``."""
    g = _spread(grad, a.shape, dims, keep)
    if p == 0:
        return g * 0
    if p == 1:  # (torch's sgn: the sign also of complex numbers)
        from .elementwise import SgnBackward0

        return SgnBackward0.apply(a) * g
    if p == 2:  # torch: grad * (a / norm), 0 where the norm is 0
        norm = _unsqueeze_multiple(out, dims, keep)
        scaled = (a / norm).masked_fill(_constant(norm._data == 0), 0.0)
        return _unsqueeze_multiple(grad, dims, keep) * scaled
    norm = _spread(out, a.shape, dims, keep)
    zero = _constant(norm._data == 0)  # where the norm is 0 the gradient is 0
    safe = norm.masked_fill(zero, 1.0)
    if p in (np.inf, -np.inf):
        hit = np.abs(a._data) == norm._data
        share = hit / np.sum(hit, axis=dims, keepdims=True)
        return g * a.sign() * _constant(share.astype(g._data.dtype))
    scaled = a * a.abs() ** (p - 2) / safe ** (p - 1)
    return (g * scaled).masked_fill(zero, 0.0)


class NormBackward1(LinalgVectorNormBackward0):
    """torch's older ``at::norm(a, p, dim, keepdim)``, which its C++ code still calls
    (``pairwise_distance``): the same rule as ``LinalgVectorNormBackward0``"""

    __slots__ = ()


def norm(
    input: Tensor, p: Any = "fro", dim: Any = None, keepdim: bool = False, dtype: Any = None
) -> Tensor:
    """The vector p-norm of all elements, or over ``dim`` (default p=2).

    >>> import minigrad as torch
    >>> torch.tensor([3.0, 4.0]).norm()
    tensor(5.)
    """
    if dtype is not None:
        input = input.to(dtype)
    if input._data.dtype.kind != "f":
        raise RuntimeError(
            "linalg.vector_norm: Expected a floating point or complex tensor as input. Got "
            f"{input.dtype.scalar_name}"
        )
    if p is None or p == "fro":
        p = 2
    elif p == "nuc":
        return _nuclear_norm(input, dim, keepdim)
    elif isinstance(p, str):
        raise NotImplementedError(f"minigrad supports vector norms only, not p='{p}'")
    dims = tuple(range(input.dim())) if dim is None else _dims(input, dim)
    return LinalgVectorNormBackward0.apply(input, p=float(p), dims=dims, keepdim=bool(keepdim))


def _nuclear_norm(input: Tensor, dim: Any, keepdim: bool) -> Tensor:
    """The sum of the singular values of the matrices in the last two dims."""
    from .linalg import LinalgSvdBackward0

    if input.dim() < 2:
        raise RuntimeError(
            "linalg.matrix_norm: The input tensor A must have at least 2 dimensions."
        )
    if dim is None:
        dim = tuple(range(input.dim()))
    dims = tuple(d % input.dim() for d in (dim if isinstance(dim, (tuple, list)) else (dim,)))
    if len(dims) != 2:
        raise RuntimeError(
            "linalg.matrix_norm: dim must be a 2-tuple. Got " + " ".join(str(d) for d in dim)
        )
    if dims != (input.dim() - 2, input.dim() - 1) or keepdim:
        raise NotImplementedError("minigrad's nuclear norm works on the last two dims only")
    _, s, _ = LinalgSvdBackward0.apply(input)
    return s.sum(-1)


def _dof_warning(name: str) -> None:
    _warn.warn(_messages.dof_not_positive(name))


class VarBackward0(Op):
    """out = sum (a - mean)² / (n - correction)
    d/da = 2 (a - mean) / (n - correction)"""

    __slots__ = ("dims", "keepdim", "dof", "whole")

    @staticmethod
    def forward(ctx, a, dims, correction, keepdim, whole=False):
        n = int(np.prod([a.shape[d] for d in dims]))
        ctx.dims, ctx.keepdim, ctx.dof = dims, keepdim, builtins.max(0, n - correction)
        ctx.whole = whole or a.ndim == 0
        ctx.save_for_backward(a)
        dev = a - _mean(a, dims, True)
        out = np.sum(dev * dev, axis=dims, keepdims=keepdim) / ctx.dof  # / 0: inf or nan
        return np.asarray(out, dtype=a.dtype)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return _var_grad(grad, a, ctx)


def _var_grad(grad: Tensor, a: Tensor, ctx: Any) -> Tensor:
    """torch's var_backward: (2 / dof) * grad * (a - mean(a))."""
    from .elementwise import MulBackward1

    dims, keepdim, dof = ctx.dims, ctx.keepdim, ctx.dof
    if ctx.whole and not dof:  # var() of all elements with no degrees of freedom:
        # torch gives nan where a is its mean and inf elsewhere, a constant
        inf = np.where(a._data == _mean(a._data), np.float32(np.nan), np.float32(np.inf))
        return grad * _constant(inf)
    g = grad if ctx.whole else _unsqueeze_multiple(grad, dims, keepdim)
    mean = a.mean() if ctx.whole else a.mean(dims, keepdim=True)
    with np.errstate(invalid="ignore"):  # no degrees of freedom: inf * 0 is nan, silently
        return MulBackward1.apply(g, c=2.0 / dof if dof else math.inf) * (a - mean)


class StdBackward0(Op):
    """out = sqrt(var)          d/da = (a - mean) / ((n - correction) * out); 0 where out = 0"""

    __slots__ = ("dims", "keepdim", "dof", "whole")

    @staticmethod
    def forward(ctx, a, dims, correction, keepdim, whole=False):
        n = int(np.prod([a.shape[d] for d in dims]))
        ctx.dims, ctx.keepdim, ctx.dof = dims, keepdim, builtins.max(0, n - correction)
        ctx.whole = whole or a.ndim == 0
        dev = a - _mean(a, dims, True)
        out = np.asarray(np.sqrt(np.sum(dev * dev, axis=dims, keepdims=keepdim) / ctx.dof))
        out = out.astype(a.dtype, copy=False)
        ctx.save_for_backward(a, out)
        return out

    @staticmethod
    def backward(ctx, grad):
        from .elementwise import MulBackward1

        a, out = ctx.saved_tensors
        # torch's std_backward: var's gradient for grad / (2 std), 0 where std = 0
        g = (grad / MulBackward1.apply(out, c=2)).masked_fill(_constant(out._data == 0), 0.0)
        return _var_grad(g, a, ctx)


def _var_args(
    name: str, input: Tensor, dim: Any, unbiased: Any, keepdim: bool, correction: Any
) -> tuple:
    if isinstance(dim, bool):  # var(False): the first positional argument is ``unbiased``
        dim, unbiased = None, dim
    if input._data.dtype.kind != "f":
        raise RuntimeError("std and var only support floating point and complex dtypes")
    if correction is None:
        correction = 0 if unbiased is False else 1
    dims = tuple(range(input.dim())) if dim is None else _dims(input, dim)
    n = int(np.prod([input.shape[d] for d in dims]))
    if n - correction <= 0:
        _dof_warning(name)
    return dims, correction, bool(keepdim), dim is None


def var(
    input: Tensor,
    dim: Any = None,
    unbiased: Any = None,
    keepdim: bool = False,
    *,
    correction: Any = None,
) -> Tensor:
    """Variance of all elements, or along ``dim`` (divides by n - 1 unless
    ``unbiased=False`` or another ``correction`` is given).

    >>> import minigrad as torch
    >>> torch.tensor([1.0, 2.0, 3.0]).var()
    tensor(1.)
    """
    dims, c, keep, whole = _var_args("var", input, dim, unbiased, keepdim, correction)
    return VarBackward0.apply(input, dims=dims, correction=c, keepdim=keep, whole=whole)


def std(
    input: Tensor,
    dim: Any = None,
    unbiased: Any = None,
    keepdim: bool = False,
    *,
    correction: Any = None,
) -> Tensor:
    """Standard deviation: the square root of ``var`` (same arguments).

    >>> import minigrad as torch
    >>> torch.tensor([1.0, 2.0, 3.0]).std()
    tensor(1.)
    """
    dims, c, keep, whole = _var_args("std", input, dim, unbiased, keepdim, correction)
    return StdBackward0.apply(input, dims=dims, correction=c, keepdim=keep, whole=whole)


class LogsumexpBackward0(Op):
    """out = log(sum exp(a)) over ``dims``     d/da = exp(a - out) (the softmax of a)"""

    __slots__ = ("dims", "keepdim")

    @staticmethod
    def forward(ctx, a, dims, keepdim):
        ctx.dims, ctx.keepdim = dims, keepdim
        m = np.max(a, axis=dims, keepdims=True) if a.size else np.zeros((1,) * a.ndim, a.dtype)
        m = np.where(np.isfinite(m), m, 0)  # subtracting the max keeps exp from overflowing
        out = np.log(np.sum(np.exp(a - m), axis=dims, keepdims=True)) + m
        out = _c_layout(np.asarray(out if keepdim else np.squeeze(out, dims), dtype=a.dtype))
        ctx.save_for_backward(a, out)
        return out

    @staticmethod
    def backward(ctx, grad):
        a, out = ctx.saved_tensors
        g = _unsqueeze_multiple(grad, ctx.dims, ctx.keepdim, always=True)
        return g * (a - _unsqueeze_multiple(out, ctx.dims, ctx.keepdim, always=True)).exp()


def _required_dim(name: str, dim: Any) -> None:
    if dim is None:
        raise TypeError(f'{name}() missing 1 required positional arguments: "dim"')


def logsumexp(input: Tensor, dim: Any = None, keepdim: bool = False) -> Tensor:
    """``log(sum(exp(input)))`` over ``dim``, computed without overflow.

    >>> import minigrad as torch
    >>> torch.logsumexp(torch.tensor([0.0, 0.0]), 0)
    tensor(0.6931)
    """
    _required_dim("logsumexp", dim)
    if input._data.dtype.kind != "f":
        input = input.to(_default_float())
    dims = _dims(input, dim) if input.dim() else ()
    for d in dim if isinstance(dim, (list, tuple)) else (dim,):
        input._wrap_dim(d)  # (a 0-dim tensor takes 0 and -1)
    return LogsumexpBackward0.apply(input, dims=dims, keepdim=bool(keepdim))


def _default_float() -> Any:
    from ..exact.dtype import get_default_dtype

    return get_default_dtype()


class CumsumBackward0(Op):
    """out_i = a_0 + ... + a_i along ``dim``
    d/da_i = sum of the gradients of out_i, out_i+1, ... (a cumsum from the end)"""

    __slots__ = ("dim",)

    @staticmethod
    def forward(ctx, a, dim):
        ctx.dim = dim
        out = np.cumsum(a, axis=dim if a.ndim else None, dtype=_sum_dtype(a)).reshape(a.shape)
        return np.asarray(out, order="C")  # (torch's result is laid out row by row)

    @staticmethod
    def backward(ctx, grad):
        d = ctx.dim
        if grad.numel() <= 1 or grad.shape[d] == 1:
            return grad
        return grad.flip(d).cumsum(d).flip(d)  # (torch's reversed cumsum)


def cumsum(input: Tensor, dim: int | None = None, *, dtype: Any = None) -> Tensor:
    """Running totals along ``dim``.

    >>> import minigrad as torch
    >>> torch.tensor([1.0, 2.0, 3.0]).cumsum(0)
    tensor([1., 3., 6.])
    """
    _required_dim("cumsum", dim)
    if dtype is not None:
        input = input.to(dtype)
    return CumsumBackward0.apply(input, dim=input._wrap_dim(dim))


class CumprodBackward0(Op):
    """out_i = a_0 a_1 ... a_i along ``dim``
    d/da_k = sum over i >= k of grad_i out_i / a_k  (written without the division
    where some a is 0: the product of the other factors)"""

    __slots__ = ("dim",)

    @staticmethod
    def forward(ctx, a, dim):
        ctx.dim = dim
        out = _c_layout(np.cumprod(a, axis=dim, dtype=_sum_dtype(a)))
        ctx.save_for_backward(a, out)
        return out

    @staticmethod
    def backward(ctx, grad):
        a, out = ctx.saved_tensors
        d = ctx.dim
        if not (a._data == 0).any():
            weighted = grad * out
            return (weighted.sum(d, keepdim=True) - weighted.cumsum(d) + weighted) / a
        # with zeros: d out_i / d a_k = the product of a_0..a_i without a_k (i >= k)
        x = np.moveaxis(a._data, d, -1)
        g = np.moveaxis(grad._data, d, -1)
        n = x.shape[-1]
        result = np.zeros_like(x)
        for k in range(n):
            others = x.copy()
            others[..., k] = 1
            partial = np.cumprod(others, axis=-1)
            result[..., k] = np.sum(g[..., k:] * partial[..., k:], axis=-1)
        return Tensor._make(np.moveaxis(result, -1, d), None)


def cumprod(input: Tensor, dim: int | None = None, *, dtype: Any = None) -> Tensor:
    """Running products along ``dim``.

    >>> import minigrad as torch
    >>> torch.tensor([1.0, 2.0, 3.0]).cumprod(0)
    tensor([1., 2., 6.])
    """
    _required_dim("cumprod", dim)
    if dtype is not None:
        input = input.to(dtype)
    if input.dim() == 0:
        input._wrap_dim(dim, 1)
        return CumprodBackward0.apply(input.reshape(1), dim=0).reshape(())
    return CumprodBackward0.apply(input, dim=input._wrap_dim(dim))
