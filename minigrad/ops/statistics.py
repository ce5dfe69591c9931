"""Statistics of a sample: medians and order statistics, mean and spread together,
sums that skip NaNs, running extremes, differences and quantiles.

A median or a k-th smallest value *is* one of the elements, so its gradient goes
to that element alone (as for ``max``). ``var_mean`` and ``std_mean`` give two
results from one node: each result's gradient adds its part to the input's.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from ..core.node import MultiOutputOp, Op
from ..core.tensor import Tensor
from ..exact import dtype as _dtype
from ..exact import messages as _messages
from .norms import _var_args, _var_grad
from .reduction import (
    MaxBackward0,
    MaxBackward1,
    _c_layout,
    _constant,
    _dims,
    _index_tensor,
    _mean,
    _return_type,
    _spread,
)
from .shape import SqueezeBackward4, TransposeBackward1, UnsqueezeBackward1

return_median = _return_type("median")
return_kthvalue = _return_type("kthvalue")
return_cummax = _return_type("cummax")
return_cummin = _return_type("cummin")


def _order(a: np.ndarray, axis: int) -> np.ndarray:
    """The indices that sort ``a`` along ``axis``, NaNs last (as torch's selection sees them)."""
    return np.argsort(a, axis=axis, kind="stable")


# --- median and kthvalue --------------------------------------------------------
def _lower_median(a: np.ndarray) -> Any:
    """The lower of the two middle elements of all of ``a`` (nan if there is a nan)."""
    flat = a.reshape(-1)
    if flat.size == 0:
        return np.asarray(np.nan, dtype=a.dtype)
    if flat.dtype.kind == "f" and np.isnan(flat).any():
        return np.asarray(np.nan, dtype=a.dtype)
    return np.partition(flat, (flat.size - 1) // 2)[(flat.size - 1) // 2]


class MedianBackward0(MaxBackward1):
    """out = the lower median of all elements
    d/da = 1/k at each of the k elements equal to it (ties share evenly), as for max"""

    __slots__ = ()
    _pick = staticmethod(_lower_median)


class MedianBackward1(MaxBackward0):
    """out = the lower median along ``dim`` (and its index)
    d/da = 1 at the returned index of each slice, 0 elsewhere"""

    __slots__ = ()


def _lower_nanmedian(a: np.ndarray) -> Any:
    """The lower median of the elements of ``a`` that are not nan (nan if none is)."""
    flat = a.reshape(-1)
    if flat.dtype.kind == "f":
        flat = flat[~np.isnan(flat)]
    if flat.size == 0:
        return np.asarray(np.nan, dtype=a.dtype)
    return np.partition(flat, (flat.size - 1) // 2)[(flat.size - 1) // 2]


class NanmedianBackward0(MaxBackward1):
    """out = the lower median of the elements that are not nan
    d/da = 1/k at each of the k elements equal to it (ties share evenly)"""

    __slots__ = ()
    _pick = staticmethod(_lower_nanmedian)


class NanmedianBackward1(MaxBackward0):
    """out = the lower median along ``dim`` of the elements that are not nan (and its
    index)          d/da = 1 at the returned index of each slice, 0 elsewhere"""

    __slots__ = ()


class KthvalueBackward0(MaxBackward0):
    """out = the k-th smallest element along ``dim`` (and its index)
    d/da = 1 at the returned index of each slice, 0 elsewhere"""

    __slots__ = ()


def _select(
    name: str, cls: type[Op], input: Tensor, k: Any, dim: Any, keepdim: bool, nan_first: bool
) -> Any:
    """The k-th smallest (from 0; ``k`` may be an array, one per slice) along ``dim``;
    with ``nan_first``, a slice that holds a nan gives its first nan instead (as
    ``median`` does)."""
    data = input._data
    d = input._wrap_dim(dim, builtins.max(data.ndim, 1))
    a = data.reshape(1) if data.ndim == 0 else data
    if a.shape[d] == 0:
        raise IndexError(f"{name}(): Expected reduction dim {d} to have non-zero size.")
    if np.ndim(k):
        picked = np.take_along_axis(_order(a, d), np.expand_dims(k, d), d)
    else:
        picked = np.take(_order(a, d), [k], axis=d)
    if nan_first and a.dtype.kind == "f":
        nans = np.isnan(a)
        first_nan = np.expand_dims(np.argmax(nans, axis=d), d)
        picked = np.where(np.expand_dims(nans.any(axis=d), d), first_nan, picked)
    picked = _c_layout(picked)
    indices = _c_layout(np.squeeze(picked, d))
    source = input.reshape(1) if data.ndim == 0 else input
    values = cls.apply(source, dim=d, keepdim=bool(keepdim) and data.ndim > 0, indices=indices)
    if keepdim and data.ndim:
        indices = picked
    return _RESULTS[name](values, _index_tensor(indices))


def median(input: Tensor, dim: Any = None, keepdim: bool = False) -> Any:
    """The middle element; of an even count, the lower of the two middle ones (no
    averaging). Along ``dim``: ``(values, indices)``. A nan makes the median nan.

    >>> import minigrad as torch
    >>> torch.median(torch.tensor([4.0, 1.0, 3.0, 2.0]))
    tensor(2.)
    """
    if input._data.dtype == np.bool_:
        raise NotImplementedError("\"median_cpu\" not implemented for 'Bool'")
    if dim is None:
        return MedianBackward0.apply(input)
    k = (input._data.shape[input._wrap_dim(dim)] - 1) // 2 if input.dim() else 0
    return _select("median", MedianBackward1, input, builtins.max(k, 0), dim, keepdim, True)


def kthvalue(input: Tensor, k: int, dim: int = -1, keepdim: bool = False) -> Any:
    """The ``k``-th smallest element (``k`` from 1) along ``dim``: ``(values, indices)``.

    >>> import minigrad as torch
    >>> torch.kthvalue(torch.tensor([4.0, 1.0, 3.0]), 2).values
    tensor(3.)
    """
    d = input._wrap_dim(dim, builtins.max(input.dim(), 1))
    size = input._data.shape[d] if input.dim() else 1
    if not 1 <= k <= size:
        raise RuntimeError(f"kthvalue(): selected number k out of range for dimension {d}")
    return _select("kthvalue", KthvalueBackward0, input, k - 1, dim, keepdim, False)


def nanmedian(input: Tensor, dim: Any = None, keepdim: bool = False) -> Any:
    """``median`` of the elements that are not nan (nan where all are).

    >>> import minigrad as torch
    >>> torch.nanmedian(torch.tensor([4.0, float("nan"), 1.0, 3.0]))
    tensor(3.)
    """
    if input._data.dtype == np.bool_:
        raise NotImplementedError("\"median_cpu\" not implemented for 'Bool'")
    if dim is None:
        return NanmedianBackward0.apply(input)
    d = input._wrap_dim(dim, builtins.max(input.dim(), 1))
    data = input._data if input.dim() else input._data.reshape(1)
    if data.shape[d] == 0:
        raise IndexError(f"median(): Expected reduction dim {d} to have non-zero size.")
    count = np.sum(~np.isnan(data), axis=d) if data.dtype.kind == "f" else data.shape[d]
    k = np.maximum((np.asarray(count) - 1) // 2, 0)
    return _select("nanmedian", NanmedianBackward1, input, k, dim, keepdim, False)


return_nanmedian = _return_type("nanmedian")
_RESULTS = {"median": return_median, "kthvalue": return_kthvalue, "nanmedian": return_nanmedian}


# --- variance (or standard deviation) and mean in one -------------------------------
def _unused(g: Tensor | None) -> bool:
    """A gradient of zeros made for an output nobody used counts as none."""
    return g is None or (not g.requires_grad and not g._data.any())


class VarMeanBackward0(MultiOutputOp):
    """var, mean = the variance and the mean over ``dims``
    d/da = var's gradient (2 (a - mean) / dof) + mean's (1 / n)"""

    __slots__ = ("dims", "keepdim", "dof", "n", "whole")
    _outputs = 2

    @staticmethod
    def forward(ctx, a, dims, correction, keepdim, whole=False):
        n = int(np.prod([a.shape[d] for d in dims]))
        ctx.dims, ctx.keepdim, ctx.n = dims, keepdim, n
        ctx.whole = whole or a.ndim == 0  # (over all elements: see _var_grad)
        ctx.dof = builtins.max(0, n - correction)
        ctx.save_for_backward(a)
        mean = _mean(a, dims, True)
        dev = a - mean
        var = np.asarray(np.sum(dev * dev, axis=dims, keepdims=keepdim) / ctx.dof, a.dtype)
        return var, np.asarray(mean if keepdim else np.squeeze(mean, dims), a.dtype)

    @staticmethod
    def backward(ctx, g_var, g_mean):
        (a,) = ctx.saved_tensors
        return _var_mean_grad(ctx, a, None if _unused(g_var) else g_var, g_mean)


def _var_mean_grad(ctx: Any, a: Tensor, g_var: Tensor | None, g_mean: Tensor) -> Tensor:
    """torch's var_mean_backward: var's part, plus mean's part if mean was used."""
    grad = None if g_var is None else _var_grad(g_var, a, ctx)
    if _unused(g_mean):
        return grad if grad is not None else Tensor._make(np.zeros_like(a._data), None)
    part = _spread(g_mean, a.shape, ctx.dims, ctx.keepdim) / ctx.n
    return part if grad is None else grad + part


class StdMeanBackward0(VarMeanBackward0):
    """std, mean = the standard deviation and the mean over ``dims``
    d/da = std's gradient ((a - mean) / (dof std); 0 where std = 0) + mean's (1 / n)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, dims, correction, keepdim, whole=False):
        var, mean = VarMeanBackward0.forward(ctx, a, dims, correction, keepdim, whole)
        std = np.sqrt(var)
        ctx.save_for_backward(a, std)
        return std, mean

    @staticmethod
    def backward(ctx, g_std, g_mean):
        from .elementwise import MulBackward1

        a, std = ctx.saved_tensors
        g_var = None
        if not _unused(g_std):  # torch's std_backward: var's for grad / (2 std), 0 where std = 0
            g_var = (g_std / MulBackward1.apply(std, c=2)).masked_fill(
                _constant(std._data == 0), 0.0
            )
        return _var_mean_grad(ctx, a, g_var, g_mean)


def _floats_only(name: str, input: Tensor) -> None:
    if input._data.dtype.kind != "f":
        raise RuntimeError(f"{name} only support floating point and complex dtypes")


def var_mean(
    input: Tensor,
    dim: Any = None,
    unbiased: Any = None,
    keepdim: bool = False,
    *,
    correction: Any = None,
) -> tuple:
    """``(var(input), mean(input))`` in one pass (the arguments of ``var``).

    >>> import minigrad as torch
    >>> torch.var_mean(torch.tensor([1.0, 2.0, 3.0]))
    (tensor(1.), tensor(2.))
    """
    _floats_only("var_mean", input)
    dims, c, keep, whole = _var_args("var_mean", input, dim, unbiased, keepdim, correction)
    return tuple(VarMeanBackward0.apply(input, dims=dims, correction=c, keepdim=keep, whole=whole))


def std_mean(
    input: Tensor,
    dim: Any = None,
    unbiased: Any = None,
    keepdim: bool = False,
    *,
    correction: Any = None,
) -> tuple:
    """``(std(input), mean(input))`` in one pass (the arguments of ``std``).

    >>> import minigrad as torch
    >>> torch.std_mean(torch.tensor([1.0, 2.0, 3.0]))
    (tensor(1.), tensor(2.))
    """
    _floats_only("std_mean", input)
    dims, c, keep, whole = _var_args("std_mean", input, dim, unbiased, keepdim, correction)
    return tuple(StdMeanBackward0.apply(input, dims=dims, correction=c, keepdim=keep, whole=whole))


# --- sums and means that skip NaNs ------------------------------------------------
class NansumBackward0(Op):
    """out = the sum of the elements that are not nan
    d/da = 1 where a is not nan, 0 at the nans"""

    __slots__ = ("dims", "keepdim")

    @staticmethod
    def forward(ctx, a, dims, keepdim):
        ctx.dims, ctx.keepdim = dims, keepdim  # (dims None: all of them)
        ctx.save_for_backward(a)
        return _c_layout(np.asarray(np.nansum(a, axis=dims, keepdims=keepdim), dtype=a.dtype))

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        keep = _constant((~np.isnan(a._data)).astype(grad._data.dtype))
        g = grad if ctx.dims is None else _unsqueeze_all(grad, ctx.dims, ctx.keepdim)
        return g * keep


def _unsqueeze_all(g: Tensor, dims: tuple, keepdim: bool) -> Tensor:
    if keepdim:
        return g
    for d in dims:
        g = g.unsqueeze(d)
    return g


def _reduction_dims(input: Tensor, dim: Any) -> tuple | None:
    """The dims to reduce; None for all of them (also for an empty list, as torch reads it)."""
    if dim is None or (isinstance(dim, (list, tuple)) and not dim):
        return None
    return _dims(input, dim)


def nansum(input: Tensor, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Tensor:
    """The sum, treating nan as 0.

    >>> import minigrad as torch
    >>> torch.nansum(torch.tensor([1.0, float("nan"), 2.0]))
    tensor(3.)
    """
    if dtype is not None:
        input = input.to(dtype)
    elif input._data.dtype.kind in "biu":  # integers and bools add up as int64, as for sum
        input = input.to(_dtype.int64)
    return NansumBackward0.apply(input, dims=_reduction_dims(input, dim), keepdim=bool(keepdim))


def nanmean(input: Tensor, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Tensor:
    """The mean of the elements that are not nan (nan if all are).

    >>> import minigrad as torch
    >>> torch.nanmean(torch.tensor([1.0, float("nan"), 2.0]))
    tensor(1.5000)
    """
    if input._data.dtype.kind != "f":
        raise RuntimeError(_messages.nanmean_dtype(input.dtype.scalar_name))
    dims = _reduction_dims(input, dim)
    count = np.sum(~np.isnan(input._data), axis=dims, keepdims=bool(keepdim))
    total = nansum(input, dim, keepdim, dtype=dtype)
    return total / Tensor._make(np.asarray(count, dtype=np.int64), None)


# --- running maxima and minima; running logsumexp -----------------------------------
def _running(a: np.ndarray, dim: int, largest: bool) -> tuple:
    """Running extremes along ``dim``, and where each came from (the latest of equal
    ones; a nan, once met, stays)."""
    x = np.moveaxis(a, dim, -1)
    values, indices = np.empty_like(x), np.empty(x.shape, dtype=np.int64)
    best, where = x[..., 0].copy(), np.zeros(x.shape[:-1], dtype=np.int64)
    for i in range(x.shape[-1]):
        v = x[..., i]
        better = (v >= best) if largest else (v <= best)
        if x.dtype.kind == "f":  # (torch's test: a nan always wins, even over a nan)
            better = np.isnan(v) | (better & ~np.isnan(best))
        best = np.where(better, v, best)
        where = np.where(better, i, where)
        values[..., i], indices[..., i] = best, where
    return _c_layout(np.moveaxis(values, -1, dim)), _c_layout(np.moveaxis(indices, -1, dim))


class CummaxBackward0(Op):
    """out_i = the largest of a_0 ... a_i along ``dim`` (and where it is)
    d/da_k = the sum of the gradients of the out_i that came from a_k"""

    __slots__ = ("dim", "index")
    _holds_saved = True

    @staticmethod
    def forward(ctx, a, dim, index):
        ctx.dim, ctx.index = dim, index
        return _c_layout(np.take_along_axis(a, index, dim))

    @staticmethod
    def backward(ctx, grad):
        from .indexing import scatter_add

        # torch's cummaxmin_backward: the gradients added up at their sources
        zeros = Tensor._make(np.zeros(grad.shape, dtype=grad._data.dtype), None)
        return scatter_add(zeros, ctx.dim, _index_tensor(ctx.index), grad)


class CumminBackward0(CummaxBackward0):
    """out_i = the smallest of a_0 ... a_i along ``dim`` (and where it is)
    d/da_k = the sum of the gradients of the out_i that came from a_k"""

    __slots__ = ()
    _holds_saved = True


def _cumulative_extreme(name: str, input: Tensor, dim: int) -> Any:
    d = input._wrap_dim(dim, builtins.max(input.dim(), 1))
    source = input.reshape(1) if input.dim() == 0 else input
    if source._data.size == 0:
        values, indices = source._data.copy(), np.zeros(source.shape, dtype=np.int64)
    else:
        values, indices = _running(source._data, d, name == "cummax")
    cls = CummaxBackward0 if name == "cummax" else CumminBackward0
    out = cls.apply(source, dim=d, index=indices)
    if input.dim() == 0:
        out, indices = out.reshape(()), indices.reshape(())
    return (return_cummax if name == "cummax" else return_cummin)(out, _index_tensor(indices))


def cummax(input: Tensor, dim: int) -> Any:
    """The running maximum along ``dim``: ``(values, indices)``.

    >>> import minigrad as torch
    >>> torch.cummax(torch.tensor([1.0, 3.0, 2.0]), 0).values
    tensor([1., 3., 3.])
    """
    return _cumulative_extreme("cummax", input, dim)


def cummin(input: Tensor, dim: int) -> Any:
    """The running minimum along ``dim``: ``(values, indices)``."""
    return _cumulative_extreme("cummin", input, dim)


class LogcumsumexpBackward0(Op):
    """out_i = log(exp(a_0) + ... + exp(a_i)) along ``dim``
    d/da_k = sum over i >= k of grad_i exp(a_k - out_i); torch computes it in logs,
    positive and negative gradients apart, so that nothing overflows"""

    __slots__ = ("dim",)

    @staticmethod
    def forward(ctx, a, dim):
        ctx.dim = dim
        out = np.logaddexp.accumulate(a, axis=dim) if a.size else a.copy()
        out = _c_layout(np.asarray(out, dtype=a.dtype))
        ctx.save_for_backward(a, out)
        return out

    @staticmethod
    def backward(ctx, grad):
        from .ordering import flip
        from .piecewise import where

        a, out = ctx.saved_tensors
        if grad.dim() == 0 or grad.numel() == 0:
            return grad
        d = ctx.dim
        lowest = Tensor._make(np.asarray(np.finfo(grad._data.dtype).min, grad._data.dtype), None)
        log_abs = grad.abs().log()
        positive = where(grad > 0, log_abs, lowest)
        negative = where(grad < 0, log_abs, lowest)

        def reversed_logcumsumexp(x: Tensor) -> Tensor:
            return flip(logcumsumexp(flip(x, [d]), d), [d])

        out_pos = (reversed_logcumsumexp(positive - out) + a).exp()
        out_neg = (reversed_logcumsumexp(negative - out) + a).exp()
        return out_pos - out_neg


def logcumsumexp(input: Tensor, dim: int) -> Tensor:
    """``log(cumsum(exp(input)))`` along ``dim``, computed without overflow.

    >>> import minigrad as torch
    >>> torch.logcumsumexp(torch.tensor([0.0, 0.0]), 0)
    tensor([0.0000, 0.6931])
    """
    if input._data.dtype.kind != "f":
        raise NotImplementedError(
            f"\"logcumsumexp_out_cpu\" not implemented for '{input.dtype.scalar_name}'"
        )
    d = input._wrap_dim(dim, builtins.max(input.dim(), 1))
    if input.dim() == 0:
        return LogcumsumexpBackward0.apply(input.reshape(1), dim=0).reshape(())
    return LogcumsumexpBackward0.apply(input, dim=d)


# --- the smallest and the largest at once ------------------------------------------
return_aminmax = type(
    "aminmax",
    (tuple,),
    {
        "__slots__": (),
        "__module__": "torch.return_types",
        "n_fields": 2,
        "_fields": ("min", "max"),
        "min": property(lambda self: self[0]),
        "max": property(lambda self: self[1]),
        "__repr__": lambda self: f"torch.return_types.aminmax(\nmin={self[0]!r},\nmax={self[1]!r})",
    },
)


def _share(a: np.ndarray, out: np.ndarray, dims: tuple, keepdim: bool) -> np.ndarray:
    """1/k at each of the k elements of a slice equal to its ``out`` (ties share evenly)."""
    hit = a == (out if keepdim else np.expand_dims(out, dims))
    with np.errstate(invalid="ignore"):  # a nan slice has no hit: 0/0, nan, as in torch
        return hit / np.sum(hit, axis=dims, keepdims=True)


class AminmaxBackward0(MultiOutputOp):
    """min, max = the smallest and the largest element over ``dims``
    d/da = min's gradient shared by the minimal elements + max's by the maximal ones"""

    __slots__ = ("shape", "dims", "keepdim")
    _outputs = 2

    @staticmethod
    def forward(ctx, a, dims, keepdim):
        ctx.shape, ctx.dims, ctx.keepdim = a.shape, dims, keepdim
        lo = np.asarray(np.min(a, axis=dims, keepdims=keepdim))
        hi = np.asarray(np.max(a, axis=dims, keepdims=keepdim))
        ctx.save_for_backward(a, lo, hi)
        return lo, hi

    @staticmethod
    def backward(ctx, g_min, g_max):
        a, lo, hi = ctx.saved_tensors
        parts = []
        for g, out in ((g_min, lo), (g_max, hi)):
            if not _unused(g):
                share = _share(a._data, out._data, ctx.dims, ctx.keepdim)
                spread = _spread(g, ctx.shape, ctx.dims, ctx.keepdim)
                parts.append(spread * _constant(share.astype(g._data.dtype)))
        if not parts:
            return Tensor._make(np.zeros(ctx.shape, a._data.dtype), None)
        return parts[0] if len(parts) == 1 else parts[0] + parts[1]


def aminmax(input: Tensor, *, dim: Any = None, keepdim: bool = False) -> Any:
    """``(min, max)``: the smallest and the largest element, of all or along ``dim``.

    >>> import minigrad as torch
    >>> torch.aminmax(torch.tensor([3.0, 1.0, 2.0]))
    torch.return_types.aminmax(
    min=tensor(1.),
    max=tensor(3.))
    """
    if dim is None:
        if input._data.size == 0:
            raise RuntimeError(_messages.AMINMAX_EMPTY)
        dims = tuple(range(input.dim()))
    else:
        d = input._wrap_dim(dim, builtins.max(input.dim(), 1))
        dims = (d,) if input.dim() else ()
        if input.dim() and input._data.shape[d] == 0:
            raise RuntimeError(_messages.AMINMAX_EMPTY)
    lo, hi = AminmaxBackward0.apply(input, dims=dims, keepdim=bool(keepdim) and dim is not None)
    return return_aminmax((lo, hi))


# --- differences ------------------------------------------------------------------
def diff(
    input: Tensor,
    n: int = 1,
    dim: int = -1,
    prepend: Tensor | None = None,
    append: Tensor | None = None,
) -> Tensor:
    """The differences of neighbours along ``dim``, ``n`` times over; ``prepend`` and
    ``append`` are joined on first (for bools: ``logical_xor``).

    >>> import minigrad as torch
    >>> torch.diff(torch.tensor([1, 4, 9, 16]))
    tensor([3, 5, 7])
    """
    from .join import cat
    from .logical import logical_xor

    if input.dim() == 0:
        raise RuntimeError("diff expects input to be at least one-dimensional")
    if n < 0:
        raise RuntimeError(f"order must be non-negative but got {n}")
    d = input._wrap_dim(dim)
    for t in (prepend, append):
        if t is not None and t.dim() != input.dim():
            raise RuntimeError("diff expects prepend or append to be the same dimension as input")
    if n == 0:
        return input.clone()
    if prepend is not None or append is not None:
        input = cat([t for t in (prepend, input, append) if t is not None], d)
    result, length = input, input.shape[d] - 1
    for _ in range(builtins.min(n, input.shape[d])):
        later, earlier = result.narrow(d, 1, length), result.narrow(d, 0, length)
        result = (
            logical_xor(later, earlier) if result.dtype.scalar_name == "Bool" else later - earlier
        )
        length -= 1
    return result


# --- quantiles ----------------------------------------------------------------------
def quantile(
    input: Tensor,
    q: Any,
    dim: int | None = None,
    keepdim: bool = False,
    *,
    interpolation: str = "linear",
) -> Tensor:
    """The ``q``-th quantiles (``q`` in [0, 1], a number or a 1-D tensor) of all elements
    or along ``dim``: sort, then interpolate between the two nearest ranks.

    >>> import minigrad as torch
    >>> torch.quantile(torch.tensor([1.0, 2.0, 3.0, 4.0]), 0.5)
    tensor(2.5000)
    """
    return _quantile(input, q, dim, keepdim, interpolation, ignore_nan=False)


def nanquantile(
    input: Tensor,
    q: Any,
    dim: int | None = None,
    keepdim: bool = False,
    *,
    interpolation: str = "linear",
) -> Tensor:
    """``quantile`` of the elements that are not nan (nan where all are).

    >>> import minigrad as torch
    >>> torch.nanquantile(torch.tensor([1.0, float("nan"), 3.0]), 0.5)
    tensor(2.)
    """
    return _quantile(input, q, dim, keepdim, interpolation, ignore_nan=True)


def _quantile(
    input: Tensor, q: Any, dim: Any, keepdim: bool, interpolation: str, ignore_nan: bool
) -> Tensor:
    from .indexing import gather
    from .ordering import sort
    from .piecewise import lerp

    qt = q if isinstance(q, Tensor) else None
    qs = np.asarray(qt._data if qt is not None else q, dtype=np.float64)
    if input._data.dtype.kind != "f":
        raise RuntimeError("quantile() input tensor must be either float or double dtype")
    if qt is not None:
        if qt.dim() > 1:
            raise RuntimeError("quantile() q must be a scalar or 1D tensor")
        if qt.dtype is not input.dtype:
            raise RuntimeError("quantile() q tensor must be same dtype as the input tensor")
        if ((qs < 0) | (qs > 1)).any():
            raise RuntimeError("quantile() q values must be in the range [0, 1]")
    elif not 0 <= q <= 1:
        raise RuntimeError(f"quantile() q must be in the range [0, 1] but got {q}")
    if interpolation not in ("linear", "lower", "higher", "midpoint", "nearest"):
        raise RuntimeError(_messages.quantile_interpolation(interpolation))
    if input._data.size == 0:
        raise RuntimeError("quantile() input tensor must be non-empty")
    # sort, with the reduced dim last
    if dim is None:
        values = sort(input.flatten()).values
        shape = [1] * input.dim() if keepdim else []
    else:
        d = input._wrap_dim(dim, builtins.max(input.dim(), 1))
        shape = list(input.shape)
        if input.dim():
            if keepdim:
                shape[d] = 1
            else:
                del shape[d]
        if d == input.dim() - 1 or input.dim() == 0:
            values = sort(input).values
        else:
            values = sort(input.unsqueeze(-1).transpose(d, -1)).values
    values = values.reshape(*shape, values.shape[-1] if values.dim() else 1)
    # the rank of each quantile among the sorted values (nans sort last): for quantile
    # the last one if a nan is there; for nanquantile among the values that are not nan
    last = values.shape[-1] - 1
    q1 = qs.reshape(-1).astype(input._data.dtype)
    nans = np.isnan(values._data)
    if ignore_nan:
        valid = np.sum(~nans, axis=-1, keepdims=True).astype(q1.dtype)
        ranks = np.maximum(q1 * (valid - 1), 0)
    else:
        has_nan = nans.any(-1, keepdims=True)
        ranks = np.where(has_nan, last, np.broadcast_to(q1 * last, has_nan.shape[:-1] + q1.shape))
    if interpolation == "lower":
        ranks = np.floor(ranks)
    elif interpolation == "higher":
        ranks = np.ceil(ranks)
    elif interpolation == "nearest":
        ranks = np.round(ranks)  # (half to even, as torch's round)
    ranks = np.asarray(ranks, dtype=input._data.dtype)
    below = _index_tensor(ranks.astype(np.int64))
    result = gather(values, -1, below)
    if interpolation in ("linear", "midpoint"):
        weights = 0.5 if interpolation == "midpoint" else ranks - np.floor(ranks)
        above = gather(values, -1, _index_tensor(np.ceil(ranks).astype(np.int64)))
        result = lerp(
            result,
            above,
            Tensor._make(np.asarray(weights, ranks.dtype), None)
            if interpolation == "linear"
            else 0.5,
        )
    # (torch reshapes in place here: squeeze_, unsqueeze_, transpose_, and their nodes' names)
    if qs.ndim == 0:
        return SqueezeBackward4.apply(result, dim=result.dim() - 1)
    result = TransposeBackward1.apply(
        UnsqueezeBackward1.apply(result, dim=0), d0=0, d1=result.dim()
    )
    return SqueezeBackward4.apply(result, dim=result.dim() - 1)


# --- counting and histograms; the area under samples ---------------------------------
def bincount(input: Tensor, weights: Tensor | None = None, minlength: int = 0) -> Tensor:
    """How often each of 0, 1, 2... occurs in a 1-D tensor of non-negative integers
    (or the sum of their ``weights``).

    >>> import minigrad as torch
    >>> torch.bincount(torch.tensor([0, 1, 1, 3]))
    tensor([1, 2, 0, 1])
    """
    data = input._data
    if data.dtype.kind not in "iub":
        raise NotImplementedError(
            f"\"bincount_cpu\" not implemented for '{input.dtype.scalar_name}'"
        )
    if data.ndim != 1 or (data.size and data.min() < 0):
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    length = builtins.max(int(data.max()) + 1 if data.size else 0, minlength)
    if weights is None:
        return _index_tensor(np.bincount(data, minlength=length))
    w = weights._data
    dt = w.dtype if w.dtype.kind == "f" else np.dtype(np.float64)  # (torch: float weights kept)
    out = np.bincount(data, weights=w.astype(np.float64), minlength=length).astype(dt)
    return Tensor._make(out, None)


def histc(input: Tensor, bins: int = 100, min: float = 0, max: float = 0) -> Tensor:  # noqa: A002
    """A histogram: how many elements fall in each of ``bins`` equal-width bins between
    ``min`` and ``max`` (both 0: the smallest and largest element); others are ignored.

    >>> import minigrad as torch
    >>> torch.histc(torch.tensor([1.0, 2.0, 1.0]), bins=4, min=0, max=3)
    tensor([0., 2., 1., 0.])
    """
    data = input._data
    if data.dtype.kind != "f":
        raise NotImplementedError(
            f"\"histogram_cpu\" not implemented for '{input.dtype.scalar_name}'"
        )
    if bins <= 0:
        raise RuntimeError(f"torch.histogram(): bins must be > 0, but got {bins} for dimension 0")
    lo, hi = float(min), float(max)
    if lo == hi and data.size:
        lo, hi = float(data.min()), float(data.max())
    if lo == hi:  # (all elements equal: a bin of width 1 around them)
        lo, hi = lo - 1, hi + 1
    if lo > hi:
        raise RuntimeError("torch.histc: max must be larger than min")
    x = data[(data >= lo) & (data <= hi)].astype(np.float64)
    # torch's bin: (x - lo) * bins / (hi - lo), the last edge counted in the last bin
    pos = ((x - lo) * bins / (hi - lo)).astype(np.int64)
    pos = np.minimum(pos, bins - 1)
    return Tensor._make(np.bincount(pos, minlength=bins).astype(data.dtype), None)


def trapezoid(
    y: Tensor, x: Tensor | None = None, *, dx: float | None = None, dim: int = -1
) -> Tensor:
    """The area under the samples ``y`` by the trapezoid rule along ``dim``: spaced
    ``dx`` apart (default 1), or at the points ``x``.

    >>> import minigrad as torch
    >>> torch.trapezoid(torch.tensor([1.0, 2.0, 3.0]))
    tensor(4.)
    """
    from .elementwise import MulBackward1

    d = y._wrap_dim(dim)
    if y._data.dtype.kind != "f":
        y = y.to(_dtype.get_default_dtype())
    n = y.shape[d]
    if x is not None:  # (as torch: the sums of neighbours times the spacings, halved)
        from .elementwise import DivBackward1

        if x.dim() == 1:
            shape = [1] * y.dim()
            shape[d] = x.shape[0]
            x = x.view(*shape)
        spacing = x.narrow(d, 1, n - 1) - x.narrow(d, 0, n - 1)
        pairs = y.narrow(d, 1, n - 1) + y.narrow(d, 0, n - 1)
        return DivBackward1.apply((pairs * spacing).sum(d), c=2.0)
    step = 1.0 if dx is None else float(dx)
    if n == 0:
        return y.sum(d) * 0.0
    ends = (y.select(d, 0) + y.select(d, -1)) * 0.5
    return MulBackward1.apply(y.sum(d) - ends, c=step)
