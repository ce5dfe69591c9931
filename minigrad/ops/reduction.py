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

from .. import _messages, _warn
from .._tensor import Tensor
from ..autograd.function import Op


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


# --- torch's order of addition for a float sum ----------------------------------
# Floating-point addition is not associative, so a sum's last bit depends on the
# order. numpy adds pairwise; torch adds in a cascade of its own (vectors of 32
# bytes, four of them side by side, partial sums carried up through 4 levels).
# minigrad follows torch's order for a float32/float64 sum, full or along dims
# side by side, so that ``loss.item()`` prints torch's digits. (Above 32,768
# elements torch splits a full sum among its threads; this is its order on one.)
def _sum_all(a: np.ndarray, dtype: Any) -> Any:
    """The sum of all elements of ``a`` (in ``dtype``), added in torch's order."""
    if (
        a.size <= 4  # few enough: numpy's order is torch's
        or a.dtype != dtype
        or a.dtype.type not in (np.float32, np.float64)
        or not (a.flags.c_contiguous or a.flags.f_contiguous)
    ):
        return np.sum(a, dtype=dtype)
    flat = a.ravel(order="K")  # the elements in memory order
    lanes = 32 // a.dtype.itemsize
    n = flat.size
    if n < lanes:
        return _ilp_sum(flat)
    whole = n // lanes * lanes
    vector = _ilp_sum(flat[:whole].reshape(-1, lanes))
    total = a.dtype.type(0)
    for x in flat[whole:]:  # the elements left over, then each lane of the vector
        total += x
    for x in vector:
        total += x
    return total


def _sum_dims(a: np.ndarray, dims: tuple, keepdim: bool, dtype: Any) -> Any:
    """The sum of ``a`` over ``dims``, added in torch's order when the dims sit side
    by side in a C-contiguous float32/float64 array (torch merges them into one);
    in numpy's order otherwise."""
    dims = tuple(sorted(dims))
    if (
        not dims
        or a.size == 0
        or a.dtype != dtype
        or a.dtype.type not in (np.float32, np.float64)
        or not a.flags.c_contiguous
        or dims[-1] - dims[0] != len(dims) - 1
    ):
        return np.sum(a, axis=dims, keepdims=keepdim, dtype=dtype)
    shape = a.shape
    outer, inner = math.prod(shape[: dims[0]]), math.prod(shape[dims[-1] + 1 :])
    x = a.reshape(outer, -1, inner)  # sum over the middle axis
    lanes = 32 // a.dtype.itemsize
    if inner == 1:  # each row's elements side by side in memory: a full sum's order
        rows = x[:, :, 0].T  # (row element, row)
        n = rows.shape[0]
        if n < lanes:
            total = _ilp_sum(rows)
        else:
            whole = n // lanes * lanes
            vector = _ilp_sum(rows[:whole].reshape(-1, lanes, outer))
            total = np.zeros(outer, a.dtype)
            for row in rows[whole:]:  # the elements left over, then each lane
                total += row
            for row in vector:
                total += row
    else:  # summing rows of columns: torch takes the columns in groups; the
        # columns of whole groups get a cascade of their own, the rest _ilp_sum's
        cols = x.transpose(1, 0, 2)
        group = 4 * lanes if inner >= lanes else 4
        split = inner // group * group
        if split == inner:
            total = _cascade(cols)
        elif split == 0:
            total = _ilp_sum(cols)
        else:
            total = np.concatenate(
                [_cascade(cols[:, :, :split]), _ilp_sum(cols[:, :, split:])], axis=1
            )
    if keepdim:
        return total.reshape(tuple(1 if i in dims else m for i, m in enumerate(shape)))
    return total.reshape(shape[: dims[0]] + shape[dims[-1] + 1 :])


def _ilp_sum(x: np.ndarray) -> Any:
    """Sum the rows of ``x`` as torch's ``row_sum`` does: four partial sums side by side."""
    k = x.shape[0] // 4
    partial = _cascade(x[: k * 4].reshape((k, 4) + x.shape[1:]))
    for row in x[k * 4 :]:
        partial[0] += row
    return ((partial[0] + partial[1]) + partial[2]) + partial[3]


def _cascade(x: np.ndarray) -> np.ndarray:
    """Sum the rows of ``x`` as torch's cascade does: in blocks of ``step`` rows; the
    sums of ``step`` blocks are added up a level, and so on through four levels,
    each level keeping what is left over of its own."""
    size = x.shape[0]
    power = builtins.max(4, ((size - 1).bit_length() if size > 2 else 1) // 4)
    step = 1 << power
    total = None  # the levels' sums, added from the lowest up
    sums = x
    for level in range(4):
        whole = sums.shape[0] // step * step if level < 3 else 0  # the top keeps all
        left = _in_order(sums[whole:])
        total = left if total is None else total + left
        if not whole:  # nothing goes up: the levels above hold +0, which adds nothing
            return total  # (total is never -0: _in_order starts from +0)
        sums = np.add.reduce(sums[:whole].reshape((whole // step, step) + x.shape[1:]), axis=1)
    return total


def _in_order(rows: np.ndarray) -> np.ndarray:
    """The rows added one after another, starting from +0 as torch's accumulators do.
    (numpy adds the rows of an array of rows in order; only along a row's own
    elements does it add pairwise, and every caller's rows have 4 or more.)"""
    return np.add.reduce(rows, axis=0) + rows.dtype.type(0)


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
    from .elementwise import maximum, minimum

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
    from .._dtype import get_default_dtype

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
