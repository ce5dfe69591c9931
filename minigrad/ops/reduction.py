"""Reductions: operations that combine many elements into fewer.

The derivative of a sum is 1 for every element that went into it, so the
backward of ``sum`` simply spreads (expands) the incoming gradient back over
the summed dimensions; ``mean`` does the same and divides by the count.
"""

from __future__ import annotations

import builtins
import math
from typing import Any

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor
from ..exact import messages as _messages
from ..exact.sum_order import _sum_all, _sum_dims


def _dims(t: Tensor, dim: Any) -> tuple[int, ...]:
    """Normalise ``dim`` (an int, a list or tuple of ints) to sorted positive axes."""
    if isinstance(dim, (list, tuple)):
        dims = tuple(sorted(t._wrap_dim(d) for d in dim))
        for d, e in zip(dims, dims[1:]):
            if d == e:
                raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
    else:
        dims = (t._wrap_dim(dim),)
    # a 0-dim tensor accepts dim 0 or -1 (as if it had one dim): nothing to reduce
    return dims if t._data.ndim else ()


def _spread(grad: Tensor, shape: tuple, dims: tuple | None, keepdim: bool) -> Tensor:
    """Expand a reduced gradient back to ``shape`` (the backward of a sum)."""
    if dims is not None and not keepdim:
        for d in dims:
            grad = grad.unsqueeze(d)
    elif dims is None and grad.dim() not in (0, len(shape)):  # (a 0-dim grad expands as it is)
        grad = grad.reshape((1,) * len(shape))
    return grad.expand(shape)


def _mean(a: np.ndarray, axis: Any = None, keepdims: bool = False) -> Any:
    """``np.mean`` in ``a``'s dtype; the mean of no elements is nan, silently
    (numpy would warn "Mean of empty slice")."""
    if a.size == 0:
        return np.sum(a, axis=axis, keepdims=keepdims, dtype=a.dtype) * a.dtype.type(np.nan)
    if a.dtype.type in (np.float32, np.float64):  # as torch: the sum, then / n
        if axis is None:
            return a.dtype.type(_sum_all(a, a.dtype) / a.dtype.type(a.size))
        axis = (axis,) if isinstance(axis, int) else tuple(axis)
        n = math.prod(a.shape[d] for d in axis)
        out = _sum_dims(a, axis, keepdims, a.dtype) / a.dtype.type(n)
        return np.asarray(out, a.dtype, order="C")  # (row by row, as torch's)
    out = np.mean(a, axis=axis, keepdims=keepdims, dtype=a.dtype)
    return out if axis is None else np.asarray(out, order="C")


def _c_layout(out: Any) -> np.ndarray:
    """``out`` laid out as torch allocates a reduction's result: C-contiguous
    whatever the input's layout (numpy keeps a permuted input's order)."""
    out = np.asarray(out)
    if out.strides == np.empty(out.shape, out.dtype).strides:
        return out
    return out.copy(order="C")


def _unsqueeze_multiple(t: Tensor, dims: tuple, keepdim: bool, always: bool = False) -> Tensor:
    """Put back the reduced ``dims`` as size-1 dims (no expand: broadcasting
    does the rest), as torch's derivative formulas do. A full reduction to a
    number (``dim=None``) is left as it is, unless ``always``."""
    if keepdim or (t.dim() == 0 and not always):
        return t
    for d in sorted(dims):
        t = t.unsqueeze(d)
    return t


class SumBackward0(Op):
    """out = sum of all elements          d/da = 1 everywhere"""

    __slots__ = ("shape",)

    @staticmethod
    def forward(ctx, a):
        ctx.shape = a.shape
        return _sum_all(a, _sum_dtype(a))

    @staticmethod
    def backward(ctx, grad):
        return _spread(grad, ctx.shape, None, False)


class SumBackward1(Op):
    """out = sum over ``dim``          d/da = 1 for every summed element"""

    __slots__ = ("shape", "dims", "keepdim")

    @staticmethod
    def forward(ctx, a, dims, keepdim):
        ctx.shape, ctx.dims, ctx.keepdim = a.shape, dims, keepdim
        if len(dims) == a.ndim > 0:  # every dim: the full sum, in torch's order
            out = np.asarray(_sum_all(a, _sum_dtype(a)))
            return out.reshape((1,) * a.ndim) if keepdim else out
        return _c_layout(_sum_dims(a, dims, keepdim, _sum_dtype(a)))

    @staticmethod
    def backward(ctx, grad):
        return _spread(grad, ctx.shape, ctx.dims, ctx.keepdim)


class MeanBackward0(Op):
    """out = mean of all n elements          d/da = 1/n"""

    __slots__ = ("shape",)

    @staticmethod
    def forward(ctx, a):
        ctx.shape = a.shape
        return _mean(a)

    @staticmethod
    def backward(ctx, grad):
        from .elementwise import DivBackward1

        n = builtins.max(int(np.prod(ctx.shape)), 1)
        return DivBackward1.apply(_spread(grad, ctx.shape, None, False), c=n)  # (C++: / a number)


class MeanBackward1(Op):
    """out = mean over ``dim`` (n elements each)          d/da = 1/n"""

    __slots__ = ("shape", "dims", "keepdim")

    @staticmethod
    def forward(ctx, a, dims, keepdim):
        ctx.shape, ctx.dims, ctx.keepdim = a.shape, dims, keepdim
        return _mean(a, dims, keepdim)

    @staticmethod
    def backward(ctx, grad):
        from .elementwise import DivBackward1

        n = builtins.max(int(np.prod([ctx.shape[d] for d in ctx.dims])), 1)
        return DivBackward1.apply(_spread(grad, ctx.shape, ctx.dims, ctx.keepdim), c=n)


def _sum_dtype(a: np.ndarray) -> Any:
    return np.int64 if a.dtype.kind in "biu" else a.dtype


def sum(input: Tensor, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Tensor:  # noqa: A001
    """Sum of all elements, or along ``dim``.

    >>> import minigrad as torch
    >>> torch.tensor([[1.0, 2.0], [3.0, 4.0]]).sum(0)
    tensor([4., 6.])
    """
    if dtype is not None:
        input = input.to(dtype)
    if dim is None:
        return SumBackward0.apply(input)
    _check_dim_type("sum", dim)
    return SumBackward1.apply(input, dims=_dims(input, dim), keepdim=keepdim)


def _check_dim_type(name: str, dim: Any) -> None:
    """An int or a list/tuple of ints, or torch's argument parser refuses the call."""
    ints = (int, np.integer)
    if not (
        isinstance(dim, ints)
        or isinstance(dim, (list, tuple))
        and all(isinstance(d, ints) for d in dim)
    ):
        raise TypeError(_messages.reduce_invalid_arguments(name, type(dim).__name__))


def mean(input: Tensor, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Tensor:
    """Mean of all elements, or along ``dim``.

    >>> import minigrad as torch
    >>> torch.tensor([1.0, 2.0, 6.0]).mean()
    tensor(3.)
    """
    if dtype is not None:
        input = input.to(dtype)
    if dim is not None:
        _check_dim_type("mean", dim)
    if input._data.dtype.kind != "f":
        raise RuntimeError(_messages.mean_needs_float(input.dtype.scalar_name))
    if dim is None:
        return MeanBackward0.apply(input)
    return MeanBackward1.apply(input, dims=_dims(input, dim), keepdim=keepdim)


def _arg_check(name: str, input: Tensor, dim: Any) -> None:
    if input._data.dtype == np.bool_:
        raise RuntimeError(f"{name}(): does not support bool input")
    if input._data.size == 0:
        if dim is None:
            raise IndexError(
                f"{name}(): Expected reduction dim to be specified for input.numel() == 0."
            )
        _nonempty_dims(name, input, _dims(input, dim))


def _nonempty_dims(name: str, input: Tensor, dims: tuple) -> None:
    """Reducing to a max or min over no elements has no answer."""
    for d in dims:
        if input._data.shape[d] == 0:
            raise IndexError(f"{name}(): Expected reduction dim {d} to have non-zero size.")


def argmax(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:
    """Index of the largest element (of the flattened tensor, or along ``dim``)."""
    _arg_check("argmax", input, dim)
    if dim is None:
        out = np.asarray(np.argmax(input._data), dtype=np.int64)
        return Tensor._make(out.reshape((1,) * input.dim()) if keepdim else out, None)
    d = input._wrap_dim(dim)
    out = np.argmax(input._data, axis=d)
    if keepdim:
        out = np.expand_dims(out, d)
    return Tensor._make(out.astype(np.int64), None)


def argmin(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:
    """Index of the smallest element (of the flattened tensor, or along ``dim``)."""
    _arg_check("argmin", input, dim)
    if dim is None:
        out = np.asarray(np.argmin(input._data), dtype=np.int64)
        return Tensor._make(out.reshape((1,) * input.dim()) if keepdim else out, None)
    d = input._wrap_dim(dim)
    out = np.argmin(input._data, axis=d)
    if keepdim:
        out = np.expand_dims(out, d)
    return Tensor._make(out.astype(np.int64), None)


# --- max and min --------------------------------------------------------------
class _ValuesIndices(tuple):
    """What ``max(dim)`` returns: a tuple ``(values, indices)`` with those names,
    printed the way torch prints its ``torch.return_types``."""

    __slots__ = ()
    n_fields = 2
    _fields = ("values", "indices")

    def __new__(cls, values: Tensor, indices: Tensor) -> _ValuesIndices:
        return tuple.__new__(cls, (values, indices))

    @property
    def values(self) -> Tensor:
        return self[0]

    @property
    def indices(self) -> Tensor:
        return self[1]

    def __repr__(self) -> str:
        return (
            f"torch.return_types.{type(self).__name__}(\nvalues={self[0]!r},\nindices={self[1]!r})"
        )

    def __reduce__(self) -> tuple:
        # pickle would look the class up in torch.return_types: name it here instead
        return (_rebuild_return_type, (type(self).__name__, self[0], self[1]))


_RETURN_TYPES: dict[str, type] = {}


def _return_type(name: str) -> type:
    cls = type(name, (_ValuesIndices,), {"__slots__": ()})
    cls.__module__ = "torch.return_types"
    cls.__qualname__ = name
    _RETURN_TYPES[name] = cls
    return cls


def _rebuild_return_type(name: str, values: Tensor, indices: Tensor) -> _ValuesIndices:
    if name not in _RETURN_TYPES:  # sort and topk are made in ordering
        from . import ordering  # noqa: F401
    return _RETURN_TYPES[name](values, indices)


return_max = _return_type("max")
return_min = _return_type("min")


def _constant(values: np.ndarray) -> Tensor:
    """A tensor outside the graph (masks and counts used by derivative rules)."""
    return Tensor._make(values, None)


class MaxBackward1(Op):
    """out = the largest element          d/da = 1/k at each of the k elements equal
    to the maximum (ties share the gradient evenly), 0 elsewhere"""

    __slots__ = ("shape",)
    _pick = staticmethod(np.max)

    @classmethod
    def forward(cls, ctx, a):
        ctx.shape = a.shape
        out = np.asarray(cls._pick(a), dtype=a.dtype)
        ctx.save_for_backward(a, out)  # the very array returned: saved as the output
        return out

    @staticmethod
    def backward(ctx, grad):
        a, out = ctx.saved_tensors
        # a NaN maximum came from the NaNs: they share the gradient, as in torch
        out = out._data
        hit = Tensor._make(np.isnan(a._data) if np.isnan(out) else a._data == out, None)
        # as torch does: grad / k written into zeros (so a grad of this grad
        # shows MaskedFillBackward1)
        zeros = Tensor._make(np.zeros(ctx.shape, a._data.dtype), None)
        return zeros.masked_fill_(hit, grad / hit.sum())


class MinBackward1(MaxBackward1):
    """out = the smallest element          d/da = 1/k at each of the k minimal elements"""

    __slots__ = ()
    _pick = staticmethod(np.min)


class MaxBackward0(Op):
    """out = the largest element along ``dim`` (and its index)
    d/da = 1 at the returned index of each slice, 0 elsewhere (ties: only that index)"""

    __slots__ = ("shape", "dim", "keepdim", "index")
    _holds_saved = True

    @staticmethod
    def forward(ctx, a, dim, keepdim, indices):
        ctx.shape, ctx.dim, ctx.keepdim = a.shape, dim, keepdim
        idx = np.expand_dims(indices, dim)
        ctx.index = _constant(idx.astype(np.int64))
        out = np.take_along_axis(a, idx, dim)
        return out if keepdim else np.squeeze(out, dim)

    @staticmethod
    def backward(ctx, grad):
        from .indexing import scatter

        # like torch: zeros with each gradient written at its index (ScatterBackward0;
        # not grad * a one-hot mask, which would spread a nan over the whole slice)
        zeros = _constant(np.zeros(ctx.shape, dtype=grad._data.dtype))
        return scatter(zeros, ctx.dim, ctx.index, grad if ctx.keepdim else grad.unsqueeze(ctx.dim))


class MinBackward0(MaxBackward0):
    """out = the smallest element along ``dim``     d/da = 1 at the returned index"""

    __slots__ = ()


def _reduce_extreme(name: str, input: Tensor, dim: Any, keepdim: bool, other: Any) -> Any:
    from .piecewise import maximum, minimum

    if isinstance(dim, Tensor):  # torch.max(a, b) is the elementwise maximum
        other, dim = dim, None
    if other is not None:
        return (maximum if name == "max" else minimum)(input, other)
    if dim is not None and not isinstance(dim, (int, np.integer)):
        raise TypeError(_messages.reduction_invalid_arguments(name, type(dim).__name__))
    data = input._data
    if dim is None:
        if data.size == 0:
            raise RuntimeError(_messages.reduction_dim_needed_for_empty(name))
        return (MaxBackward1 if name == "max" else MinBackward1).apply(input)
    d = input._wrap_dim(dim, builtins.max(data.ndim, 1))
    if data.ndim == 0:
        values = MaxBackward0.apply(input.reshape(1), dim=0, keepdim=False, indices=np.array(0))
        return (return_max if name == "max" else return_min)(values, _index_tensor(np.array(0)))
    if data.shape[d] == 0:
        raise IndexError(f"{name}(): Expected reduction dim {d} to have non-zero size.")
    indices = (np.argmax if name == "max" else np.argmin)(data, axis=d)
    cls = MaxBackward0 if name == "max" else MinBackward0
    values = cls.apply(input, dim=d, keepdim=bool(keepdim), indices=indices)
    if keepdim:
        indices = np.expand_dims(indices, d)
    return (return_max if name == "max" else return_min)(values, _index_tensor(indices))


def _index_tensor(indices: np.ndarray) -> Tensor:
    return Tensor._make(np.asarray(indices, dtype=np.int64), None)


def max(input: Tensor, dim: Any = None, keepdim: bool = False, *, other: Any = None) -> Any:  # noqa: A001
    """The largest element; along ``dim``, ``(values, indices)``; with a
    second tensor, the elementwise maximum.

    >>> import minigrad as torch
    >>> torch.tensor([[1.0, 5.0], [3.0, 4.0]]).max(dim=1).values
    tensor([5., 4.])
    """
    return _reduce_extreme("max", input, dim, keepdim, other)


def min(input: Tensor, dim: Any = None, keepdim: bool = False, *, other: Any = None) -> Any:  # noqa: A001
    """The smallest element; along ``dim``, ``(values, indices)``; with a
    second tensor, the elementwise minimum."""
    return _reduce_extreme("min", input, dim, keepdim, other)


class AmaxBackward0(Op):
    """out = the largest element over ``dims``      d/da = 1/k at each of the k maximal
    elements of a slice (ties share evenly)"""

    __slots__ = ("shape", "dims", "keepdim")
    _pick = staticmethod(np.max)

    @classmethod
    def forward(cls, ctx, a, dims, keepdim):
        ctx.shape, ctx.dims, ctx.keepdim = a.shape, dims, keepdim
        out = _c_layout(cls._pick(a, axis=dims, keepdims=keepdim))
        ctx.save_for_backward(a, out)  # the very array returned: saved as the output
        return out

    @staticmethod
    def backward(ctx, grad):
        a, out = ctx.saved_tensors
        hit = a._data == (out._data if ctx.keepdim else np.expand_dims(out._data, ctx.dims))
        with np.errstate(invalid="ignore"):  # a NaN slice has no hit: 0/0, NaN, as in torch
            share = hit / np.sum(hit, axis=ctx.dims, keepdims=True)
        return _spread(grad, ctx.shape, ctx.dims, ctx.keepdim) * _constant(
            share.astype(grad._data.dtype)
        )


class AminBackward0(AmaxBackward0):
    """out = the smallest element over ``dims``     d/da = 1/k at each minimal element"""

    __slots__ = ()
    _pick = staticmethod(np.min)


def _nonempty_reduction(name: str, input: Tensor, dim: Any, dims: tuple) -> None:
    if input._data.size == 0 and dim == ():
        raise RuntimeError(_messages.reduction_dim_needed_for_empty(name))
    _nonempty_dims(name, input, dims)


def amax(input: Tensor, dim: Any = (), keepdim: bool = False) -> Tensor:
    """The largest element over ``dim`` (all dims by default); ties share the gradient."""
    dims = _dims(input, dim) if dim != () else tuple(range(input.dim()))
    _nonempty_reduction("amax", input, dim, dims)
    return AmaxBackward0.apply(input, dims=dims, keepdim=keepdim)


def amin(input: Tensor, dim: Any = (), keepdim: bool = False) -> Tensor:
    """The smallest element over ``dim`` (all dims by default); ties share the gradient."""
    dims = _dims(input, dim) if dim != () else tuple(range(input.dim()))
    _nonempty_reduction("amin", input, dim, dims)
    return AminBackward0.apply(input, dims=dims, keepdim=keepdim)


# --- prod -------------------------------------------------------------------
def _prod_others(a: Tensor, d: int) -> Tensor:
    """For each element, the product of the *other* elements along ``d``.

    Dividing the product by the element fails when it is 0, so build, for every
    position i, the row of elements with a 1 in place of element i, and
    multiply each row out (differentiable, so second derivatives work too)."""
    n = a.shape[d]
    x = a.transpose(d, -1) if d != a.dim() - 1 else a
    rows = x.unsqueeze(-2).expand(*x.shape[:-1], n, n)
    rows = rows.masked_fill(_constant(np.eye(n, dtype=bool)), 1.0)
    others = rows.prod(-1)
    return others.transpose(d, -1) if d != a.dim() - 1 else others


def _prod_grad(a: Tensor, out: Tensor, grad: Tensor, d: int) -> Tensor:
    """grad (already spread to a's shape) times d(prod)/da along ``d``."""
    if np.all(a._data != 0):
        return grad * (out / a)
    return grad * _prod_others(a, d)


class ProdBackward0(Op):
    """out = product of all elements     d/da_i = product of the others (= out / a_i)"""

    __slots__ = ("shape",)

    @staticmethod
    def forward(ctx, a):
        ctx.shape = a.shape
        out = np.asarray(np.prod(a, dtype=_sum_dtype(a)))
        ctx.save_for_backward(a, out)  # the very array returned: saved as the output
        return out

    @staticmethod
    def backward(ctx, grad):
        a, out = ctx.saved_tensors
        if a.dim() == 0:
            return grad
        if not np.any(a._data == 0):  # torch: grad * (out / a) when no element is 0
            return grad * (out / a)
        flat = a.reshape(-1)
        g = _prod_grad(flat, out, grad.expand(flat.shape), 0)
        return g.reshape(ctx.shape)


class ProdBackward1(Op):
    """out = product along ``dim``     d/da_i = product of the others in its slice"""

    __slots__ = ("dim", "keepdim")

    @staticmethod
    def forward(ctx, a, dim, keepdim):
        ctx.dim, ctx.keepdim = dim, keepdim
        axis = dim if a.ndim else None  # (a 0-dim tensor's dim 0 is itself)
        out = _c_layout(np.prod(a, axis=axis, keepdims=keepdim, dtype=_sum_dtype(a)))
        ctx.save_for_backward(a, out)
        return out

    @staticmethod
    def backward(ctx, grad):
        a, out = ctx.saved_tensors
        if a.dim() == 0:
            return grad
        shape, dims, keep = a.shape, (ctx.dim,), ctx.keepdim
        if not np.any(a._data == 0):  # torch: grad * (out / a) when no element is 0
            g = _unsqueeze_multiple(grad, dims, keep, always=True)
            return g * (_unsqueeze_multiple(out, dims, keep, always=True) / a)
        if shape[ctx.dim] == 1:  # a product of one element: torch passes grad on as it is
            return _unsqueeze_multiple(grad, dims, keep, always=True)
        return _prod_grad(
            a, _spread(out, shape, dims, keep), _spread(grad, shape, dims, keep), ctx.dim
        )


def prod(input: Tensor, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Tensor:
    """Product of all elements, or along one ``dim``.

    >>> import minigrad as torch
    >>> torch.tensor([[1.0, 2.0], [3.0, 4.0]]).prod(1)
    tensor([ 2., 12.])
    """
    if dtype is not None:
        input = input.to(dtype)
    if dim is None:
        return ProdBackward0.apply(input)
    if not isinstance(dim, (int, np.integer)):
        raise TypeError(_messages.prod_invalid_arguments(type(dim).__name__))
    d = input._wrap_dim(dim, builtins.max(input.dim(), 1))
    return ProdBackward1.apply(input, dim=d, keepdim=bool(keepdim))
