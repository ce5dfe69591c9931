"""Ordering and arranging: sort, topk, flip, roll, the triangular parts and
the diagonals of a matrix, unique.

None of these does arithmetic: each one moves elements to new places (or
keeps some and zeros the rest). So every derivative rule is a routing rule:
the gradient of an output element goes back to the input element it came
from, and input elements that were dropped get 0.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor
from ..exact import cpu_sort as _cpu_sort
from ..exact import messages as _messages
from .indexing import scatter
from .reduction import _dims, _return_type

_UNSET = object()  # sort() tells "stable not given" from stable=None

return_sort = _return_type("sort")
return_topk = _return_type("topk")


def _index_tensor(indices: np.ndarray) -> Tensor:
    return Tensor._make(np.asarray(indices, dtype=np.int64), None)


def _key(idx: np.ndarray, dim: int) -> tuple:
    """The numpy index that reads ``a[..., idx, ...]`` along ``dim`` (like gather)."""
    grid = np.ogrid[tuple(slice(s) for s in idx.shape)]
    return tuple(idx if k == dim else grid[k] for k in range(idx.ndim))


# --- sort, argsort, topk ----------------------------------------------------
def _stable_order(a: np.ndarray, dim: int, descending: bool) -> np.ndarray:
    """Indices that sort ``a`` along ``dim``; equal elements keep their order
    (``sort(stable=True)``). NaN counts as larger than everything."""
    if not descending:
        return np.argsort(a, axis=dim, kind="stable")
    # Sort the reversed array ascending, then reverse the result: the largest
    # come first and equal elements are back in their original order.
    n = a.shape[dim]
    flipped = np.flip(a, dim)
    return n - 1 - np.flip(np.argsort(flipped, axis=dim, kind="stable"), dim)


def _has_ties(a: np.ndarray, dim: int) -> np.ndarray:
    """For each slice along ``dim``: does it hold two equal values (NaNs count as equal)?"""
    s = np.sort(a, axis=dim)
    n = s.shape[dim]
    lo, hi = np.take(s, np.arange(n - 1), dim), np.take(s, np.arange(1, n), dim)
    same = lo == hi
    if s.dtype.kind in "fc":
        same |= np.isnan(lo) & np.isnan(hi)
    return np.asarray(same.any(axis=dim))


def _replay(
    a: np.ndarray, dim: int, which: np.ndarray, run: Any, width: int, descending: bool
) -> np.ndarray:
    """``run(indices, key)`` for each slice picked by ``which``: ``key`` ranks
    the slice's values in torch's order (NaN last ascending, first descending;
    equal values get equal ranks), and ``run`` rearranges ``indices``."""
    moved = np.moveaxis(a, dim, -1)
    out = np.zeros(moved.shape[:-1] + (width,), dtype=np.int64)
    for pos in np.ndindex(which.shape):
        if not which[pos]:
            continue
        # equal values share a rank; all NaNs share the last one
        ranks = np.unique(moved[pos], return_inverse=True)[1].reshape(-1)
        order = list(range(moved.shape[-1]))
        run(order, (-ranks if descending else ranks).tolist())
        out[pos] = order[:width]
    return np.moveaxis(out, -1, dim)


def _sort_order(a: np.ndarray, dim: int, descending: bool, stable: bool) -> np.ndarray:
    """The indices torch's CPU sort gives. ``stable=True`` keeps equal elements
    in their order; otherwise slices longer than 16 with ties come out in the
    order of ``std::sort`` (see ``_cpu_sort``)."""
    idx = _stable_order(a, dim, descending)
    n = a.shape[dim]
    if stable or n <= 16 or a.size == 0:
        return idx
    if a.ndim == 1 and a.dtype.kind in "iu" and a.size >= 32768 and not descending:
        return idx  # torch sorts long 1-d integer tensors with a (stable) radix sort
    ties = _has_ties(a, dim)
    if not ties.any():
        return idx
    redo = _replay(a, dim, ties, _cpu_sort.sort, n, descending)
    return np.where(np.expand_dims(ties, dim), redo, idx)


def _topk_order(a: np.ndarray, dim: int, k: int, largest: bool, sort: bool) -> np.ndarray:
    """The indices torch's CPU topk gives: ``std::partial_sort`` when k is
    small (k * 64 <= n), else ``std::nth_element`` and a sort of the first k - 1."""
    n = a.shape[dim]
    idx = np.take(_stable_order(a, dim, largest), np.arange(k), axis=dim)
    if k == 0 or a.size == 0:
        return idx
    if sort:
        redo = _has_ties(a, dim)
    else:  # unsorted results come in the order nth_element leaves them
        redo = np.ones(a.shape[:dim] + a.shape[dim + 1 :], dtype=bool)
    if not redo.any():
        return idx  # no ties and sorted: every algorithm gives the same order

    def run(v: list, key: list) -> None:
        if k * 64 <= n:
            _cpu_sort.partial_sort(v, k, key)
        else:
            _cpu_sort.nth_element(v, k - 1, key)
            if sort:
                head = v[: k - 1]
                _cpu_sort.sort(head, key)
                v[: k - 1] = head

    return np.where(np.expand_dims(redo, dim), _replay(a, dim, redo, run, k, largest), idx)


class SortBackward0(Op):
    """values = a rearranged along ``dim`` so they are in order
    d/da: each gradient goes back to the place its value came from (indices)"""

    __slots__ = ("shape", "dim", "index")
    _holds_saved = True

    @staticmethod
    def forward(ctx, a, dim, index):
        ctx.shape, ctx.dim, ctx.index = a.shape, dim, index
        return a[_key(index._data, dim)] if a.ndim else a.copy()

    @staticmethod
    def backward(ctx, grad):
        # like torch: zeros with each gradient written back at its index (ScatterBackward0)
        zeros = Tensor._make(np.zeros(ctx.shape, dtype=grad._data.dtype), None)
        return scatter(zeros, ctx.dim, ctx.index, grad)


class SortBackward1(SortBackward0):
    """``sort(stable=...)``: torch's second overload; the same rule."""

    __slots__ = ()


class TopkBackward0(SortBackward0):
    """values = the k largest (or smallest) of a along ``dim``
    d/da: each gradient goes back to where its value came from; 0 elsewhere"""

    __slots__ = ()


def sort(input: Tensor, dim: int = -1, descending: bool = False, stable: Any = _UNSET) -> Any:
    """Sort along ``dim``: ``(values, indices)`` with ``values = input`` taken at ``indices``.

    >>> import minigrad as torch
    >>> torch.sort(torch.tensor([3.0, 1.0, 2.0]))
    torch.return_types.sort(
    values=tensor([1., 2., 3.]),
    indices=tensor([1, 2, 0]))
    """
    data = input._data
    d = input._wrap_dim(dim, builtins.max(data.ndim, 1))
    flat = data.reshape(1) if data.ndim == 0 else data
    idx = _sort_order(flat, d, bool(descending), bool(stable) if stable is not _UNSET else False)
    if data.ndim == 0:
        idx = idx.reshape(())
    cls = SortBackward1 if stable is not _UNSET else SortBackward0  # torch's two overloads
    indices = _index_tensor(idx)
    return return_sort(cls.apply(input, dim=d, index=indices), indices)


def argsort(input: Tensor, dim: int = -1, descending: bool = False, stable: bool = False) -> Tensor:
    """The indices that would sort ``input`` along ``dim`` (``sort(...).indices``)."""
    data = input._data
    d = input._wrap_dim(dim, builtins.max(data.ndim, 1))
    if data.ndim == 0:
        return _index_tensor(np.array(0))
    return _index_tensor(_sort_order(data, d, bool(descending), bool(stable)))


def topk(input: Tensor, k: int, dim: int = -1, largest: bool = True, sorted: bool = True) -> Any:  # noqa: A002 - torch's name
    """The ``k`` largest (``largest=False``: smallest) elements along ``dim``,
    as ``(values, indices)``, largest first.

    >>> import minigrad as torch
    >>> torch.topk(torch.tensor([1.0, 5.0, 3.0]), 2)
    torch.return_types.topk(
    values=tensor([5., 3.]),
    indices=tensor([1, 2]))
    """
    data = input._data
    d = input._wrap_dim(dim, builtins.max(data.ndim, 1))
    if data.dtype == np.bool_:
        raise RuntimeError("topk does not support bool dtypes on CPU")
    n = data.shape[d] if data.ndim else 1
    if not 0 <= k <= n:
        raise RuntimeError("selected index k out of range")
    flat = data.reshape(1) if data.ndim == 0 else data
    idx = _topk_order(flat, d, k, bool(largest), bool(sorted))
    if data.ndim == 0:
        idx = idx.reshape(())
    indices = _index_tensor(idx)
    return return_topk(TopkBackward0.apply(input, dim=d, index=indices), indices)


# --- flip, roll -------------------------------------------------------------
class FlipBackward0(Op):
    """out = a read backwards along ``dims``     grad: flipped back the same way"""

    __slots__ = ("dims",)

    @staticmethod
    def forward(ctx, a, dims):
        ctx.dims = dims
        return np.flip(a, dims).copy(order="K")  # a copy (not a view), in a's layout

    @staticmethod
    def backward(ctx, grad):
        return grad.flip(ctx.dims)


class RollBackward0(Op):
    """out = a shifted by ``shifts`` along ``dims`` (wrapping round)
    grad: rolled back by -shifts"""

    __slots__ = ("shifts", "dims")

    @staticmethod
    def forward(ctx, a, shifts, dims):
        ctx.shifts, ctx.dims = shifts, dims
        if dims is None:  # no dims: roll the flattened tensor
            return np.roll(a.reshape(-1), shifts).reshape(a.shape)
        return np.asarray(np.roll(a, shifts, dims), order="C")  # (row by row, as torch's)

    @staticmethod
    def backward(ctx, grad):
        return grad.roll(tuple(-s for s in ctx.shifts), ctx.dims)


def flip(input: Tensor, dims: Any) -> Tensor:
    """Reverse the order of the elements along ``dims`` (a list; a copy, not a view).

    >>> import minigrad as torch
    >>> torch.flip(torch.tensor([1.0, 2.0, 3.0]), [0])
    tensor([3., 2., 1.])
    """
    if not isinstance(dims, (list, tuple)):
        raise TypeError(
            f"flip(): argument 'dims' (position 2) must be tuple of ints, not {type(dims).__name__}"
        )
    axes = _dims(input, list(dims)) if dims else ()
    return FlipBackward0.apply(input, dims=axes)


def _flip_method(self: Tensor, *dims: Any) -> Tensor:
    """``x.flip(0, 1)`` as well as ``x.flip([0, 1])``."""
    if len(dims) == 1 and isinstance(dims[0], (list, tuple)):
        dims = dims[0]
    return flip(self, tuple(dims))


def fliplr(input: Tensor) -> Tensor:
    """Reverse the columns (dim 1): ``flip(input, [1])``."""
    if input.dim() < 2:
        raise RuntimeError("Input must be >= 2-d.")
    return flip(input, [1])


def flipud(input: Tensor) -> Tensor:
    """Reverse the rows (dim 0): ``flip(input, [0])``."""
    if input.dim() < 1:
        raise RuntimeError("Input must be >= 1-d.")
    return flip(input, [0])


def msort(input: Tensor) -> Tensor:
    """Sort along dim 0: ``sort(input, dim=0).values``."""
    return sort(input, dim=0).values


def roll(input: Tensor, shifts: Any, dims: Any = None) -> Tensor:
    """Shift the elements along ``dims`` by ``shifts``; what falls off one end
    comes back at the other. Without ``dims`` the flattened tensor is rolled.

    >>> import minigrad as torch
    >>> torch.roll(torch.tensor([1.0, 2.0, 3.0]), 1)
    tensor([3., 1., 2.])
    """
    shifts = tuple(shifts) if isinstance(shifts, (list, tuple)) else (int(shifts),)
    if dims is None:
        if not shifts:
            raise RuntimeError("`shifts` required")
        if len(shifts) != 1:
            raise RuntimeError(f"shifts and dimensions must align. shifts: {len(shifts)}, dims:0")
        return RollBackward0.apply(input, shifts=shifts, dims=None)
    dims = tuple(dims) if isinstance(dims, (list, tuple)) else (int(dims),)
    if not shifts:
        raise RuntimeError("`shifts` required")
    if len(shifts) != len(dims):
        raise RuntimeError(
            f"shifts and dimensions must align. shifts: {len(shifts)}, dims:{len(dims)}"
        )
    if input.dim() == 0:
        raise IndexError(f"Dimension specified as {dims[0]} but tensor has no dimensions")
    axes = tuple(input._wrap_dim(d) for d in dims)
    return RollBackward0.apply(input, shifts=shifts, dims=axes)


# --- triangular parts -------------------------------------------------------
class TrilBackward0(Op):
    """out = a with the elements above diagonal ``k`` set to 0
    grad: the same lower triangle of the gradient (the zeroed part gets 0)"""

    __slots__ = ("k",)
    _part = staticmethod(np.tril)

    @classmethod
    def forward(cls, ctx, a, k):
        ctx.k = k
        return cls._part(a, k)

    @staticmethod
    def backward(ctx, grad):
        return grad.tril(ctx.k)


class TriuBackward0(TrilBackward0):
    """out = a with the elements below diagonal ``k`` set to 0
    grad: the upper triangle of the gradient"""

    __slots__ = ()
    _part = staticmethod(np.triu)

    @staticmethod
    def backward(ctx, grad):
        return grad.triu(ctx.k)


def _matrix_check(input: Tensor, name: str) -> None:
    if input.dim() < 2:
        raise RuntimeError(f"{name}: input tensor must have at least 2 dimensions")


def tril(input: Tensor, diagonal: int = 0) -> Tensor:
    """The lower triangle of the (last two dims of the) matrix; the rest is 0.

    >>> import minigrad as torch
    >>> torch.tril(torch.ones(2, 2))
    tensor([[1., 0.],
            [1., 1.]])
    """
    _matrix_check(input, "tril")
    return TrilBackward0.apply(input, k=int(diagonal))


def triu(input: Tensor, diagonal: int = 0) -> Tensor:
    """The upper triangle of the (last two dims of the) matrix; the rest is 0."""
    _matrix_check(input, "triu")
    return TriuBackward0.apply(input, k=int(diagonal))


# --- diagonals and trace ----------------------------------------------------
def _diagonal_view(a: np.ndarray, offset: int, d1: int, d2: int) -> np.ndarray:
    """The diagonal of ``a`` over dims d1, d2 as a writable view (numpy's is
    read-only): the other dims first, the diagonal last, like torch."""
    n1, n2 = a.shape[d1], a.shape[d2]
    start = [0] * a.ndim
    if offset >= 0:
        start[d2] = builtins.min(offset, n2)
        length = builtins.max(builtins.min(n1, n2 - offset), 0)
    else:
        start[d1] = builtins.min(-offset, n1)
        length = builtins.max(builtins.min(n1 + offset, n2), 0)
    base = a[tuple(slice(s, None) for s in start)]
    keep = [k for k in range(a.ndim) if k not in (d1, d2)]
    shape = [a.shape[k] for k in keep] + [length]
    strides = [a.strides[k] for k in keep] + [a.strides[d1] + a.strides[d2]]
    return np.lib.stride_tricks.as_strided(base, shape, strides)


class DiagonalBackwardBackward0(Op):
    """out = zeros(shape) with ``grad`` written on the diagonal
    (the backward of diagonal; its own derivative reads the diagonal again)"""

    __slots__ = ("offset", "d1", "d2")

    @staticmethod
    def forward(ctx, grad, shape, offset, d1, d2):
        ctx.offset, ctx.d1, ctx.d2 = offset, d1, d2
        out = np.zeros(shape, dtype=grad.dtype)
        _diagonal_view(out, offset, d1, d2)[...] = grad
        return out

    @staticmethod
    def backward(ctx, gg):
        return gg.diagonal(ctx.offset, ctx.d1, ctx.d2)


class DiagonalBackward0(Op):
    """out = the elements a[i, i + offset] (a view)
    grad: written back on that diagonal of a zero matrix"""

    __slots__ = ("shape", "offset", "d1", "d2")
    _is_view = True

    @staticmethod
    def forward(ctx, a, offset, d1, d2):
        ctx.shape, ctx.offset, ctx.d1, ctx.d2 = a.shape, offset, d1, d2
        return _diagonal_view(a, offset, d1, d2)

    @staticmethod
    def backward(ctx, grad):
        return DiagonalBackwardBackward0.apply(
            grad, shape=ctx.shape, offset=ctx.offset, d1=ctx.d1, d2=ctx.d2
        )


class DiagonalBackward0_copy(DiagonalBackward0):  # noqa: N801 - torch's name
    """``diag(matrix)``: the same as diagonal, but a copy instead of a view"""

    __slots__ = ()
    _is_view = False

    @staticmethod
    def forward(ctx, a, offset, d1, d2):
        ctx.shape, ctx.offset, ctx.d1, ctx.d2 = a.shape, offset, d1, d2
        return _diagonal_view(a, offset, d1, d2).copy()


class DiagEmbedBackward0(Op):
    """out = square matrices (in dims d1, d2) with the last dim of v on their diagonal
    ``offset``, 0 elsewhere          grad: that diagonal of the gradient"""

    __slots__ = ("offset", "d1", "d2")

    @staticmethod
    def forward(ctx, v, offset, d1=-2, d2=-1):
        ctx.offset, ctx.d1, ctx.d2 = offset, d1, d2
        k = v.shape[-1]
        n = k + abs(offset)
        out = np.zeros(v.shape[:-1] + (n, n), dtype=v.dtype)
        idx = np.arange(k)
        out[..., idx + builtins.max(-offset, 0), idx + builtins.max(offset, 0)] = v
        ndim = out.ndim
        return np.moveaxis(out, (ndim - 2, ndim - 1), (d1 % ndim, d2 % ndim))

    @staticmethod
    def backward(ctx, grad):
        return grad.diagonal(ctx.offset, ctx.d1, ctx.d2)


def diag_embed(input: Tensor, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Tensor:
    """Matrices with the last dim of ``input`` on their diagonal (``offset`` above it),
    in the dims ``dim1`` and ``dim2`` of the result.

    >>> import minigrad as torch
    >>> torch.diag_embed(torch.tensor([1, 2]))
    tensor([[1, 0],
            [0, 2]])
    """
    ndim = input.dim() + 1
    d1, d2 = (input._wrap_dim(d, ndim) for d in (dim1, dim2))
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    return DiagEmbedBackward0.apply(input, offset=int(offset), d1=d1, d2=d2)


class TraceBackward0(Op):
    """out = sum of the diagonal a[i, i]     d/da = the identity matrix (1 on the diagonal)"""

    __slots__ = ("shape",)

    @staticmethod
    def forward(ctx, a):
        ctx.shape = a.shape
        return np.asarray(np.trace(a), dtype=np.int64 if a.dtype.kind in "biu" else a.dtype)

    @staticmethod
    def backward(ctx, grad):
        eye = Tensor._make(np.eye(*ctx.shape, dtype=grad._data.dtype), None)
        return grad.expand(ctx.shape) * eye


def diagonal(input: Tensor, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
    """The diagonal ``input[i, i + offset]`` over ``dim1``, ``dim2``, as a view.

    >>> import minigrad as torch
    >>> torch.diagonal(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor([1., 4.])
    """
    d1, d2 = input._wrap_dim(dim1), input._wrap_dim(dim2)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    return DiagonalBackward0.apply(input, offset=int(offset), d1=d1, d2=d2)


def diag(input: Tensor, diagonal: int = 0) -> Tensor:
    """A vector becomes a matrix with it on the diagonal; a matrix gives its diagonal.

    >>> import minigrad as torch
    >>> torch.diag(torch.tensor([1.0, 2.0]))
    tensor([[1., 0.],
            [0., 2.]])
    """
    if input.dim() == 1:
        return DiagEmbedBackward0.apply(input, offset=int(diagonal))
    if input.dim() == 2:
        return DiagonalBackward0_copy.apply(input, offset=int(diagonal), d1=0, d2=1)
    raise RuntimeError(f"diag(): Supports 1D or 2D tensors. Got {input.dim()}D")


def trace(input: Tensor) -> Tensor:
    """The sum of the main diagonal of a matrix.

    >>> import minigrad as torch
    >>> torch.trace(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(5.)
    """
    if input.dim() != 2:
        raise RuntimeError(f"trace: expected a matrix, but got tensor with dim {input.dim()}")
    return TraceBackward0.apply(input)


# --- unique -------------------------------------------------------------------
class Unique2Backward0(Op):
    """out = the distinct values, sorted. torch has no derivative for it:
    the node exists, but backward through it is an error."""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, values):
        return values

    @staticmethod
    def backward(ctx, grad):
        raise NotImplementedError("the derivative for '_unique2' is not implemented.")


def unique(
    input: Tensor,
    sorted: bool = True,  # noqa: A002 - torch's name
    return_inverse: bool = False,
    return_counts: bool = False,
    dim: int | None = None,
) -> Any:
    """The distinct elements, in increasing order; optionally, for each input
    element the position of its value (``return_inverse``) and how often each
    value occurs (``return_counts``).

    >>> import minigrad as torch
    >>> torch.unique(torch.tensor([3, 1, 3, 2]), return_counts=True)
    (tensor([1, 2, 3]), tensor([1, 1, 2]))
    """
    if dim is not None:
        raise NotImplementedError("minigrad's unique() does not take dim=")
    data = input._data
    values, inverse, counts = np.unique(data, return_inverse=True, return_counts=True)
    out = Unique2Backward0.apply(input, values=values)
    extra = []
    if return_inverse:
        extra.append(_index_tensor(inverse.reshape(data.shape)))
    if return_counts:
        extra.append(_index_tensor(counts))
    return (out, *extra) if extra else out


# --- where things go in a sorted list; the places of a triangle ---------------------
def _tri_indices(rows: int, cols: int, offset: int, lower: bool, dtype: Any) -> Tensor:
    r, c = np.tril_indices(rows, offset, cols) if lower else np.triu_indices(rows, offset, cols)
    dt = np.int64 if dtype is None else dtype.np
    return Tensor._make(np.stack([r, c]).astype(dt).reshape(2, -1), None)


def tril_indices(row: int, col: int, offset: int = 0, *, dtype: Any = None, **kw: Any) -> Tensor:
    """The (row, column) places of the lower triangle (``offset`` diagonals up), a 2 by N tensor.

    >>> import minigrad as torch
    >>> torch.tril_indices(2, 2)
    tensor([[0, 1, 1],
            [0, 0, 1]])
    """
    return _tri_indices(row, col, offset, True, dtype)


def triu_indices(row: int, col: int, offset: int = 0, *, dtype: Any = None, **kw: Any) -> Tensor:
    """The (row, column) places of the upper triangle (from ``offset``), a 2 by N tensor."""
    return _tri_indices(row, col, offset, False, dtype)


def searchsorted(
    sorted_sequence: Tensor,
    input: Any,
    *,
    out_int32: bool = False,
    right: bool = False,
    side: str | None = None,
    sorter: Tensor | None = None,
) -> Tensor:
    """Where each value of ``input`` would go in ``sorted_sequence`` to keep it sorted
    (the last dim; the leading dims must match): the first such place, or the last
    with ``right=True`` (``side='right'``).

    >>> import minigrad as torch
    >>> torch.searchsorted(torch.tensor([1, 3, 5, 7]), torch.tensor([3, 6, 9]))
    tensor([1, 3, 4])
    """
    right = right or side == "right"
    seq = sorted_sequence._data
    if sorter is not None:
        seq = np.take_along_axis(seq, sorter._data, -1)
    values = input._data if isinstance(input, Tensor) else np.asarray(input)
    if seq.ndim > 1 and seq.shape[:-1] != values.shape[:-1]:
        raise RuntimeError(
            _messages.searchsorted_shapes(list(sorted_sequence.shape), list(np.shape(values)))
        )
    how = "right" if right else "left"
    if seq.ndim == 1:
        out = np.searchsorted(seq, values, side=how)
    else:
        flat_seq = seq.reshape(-1, seq.shape[-1])
        flat_val = values.reshape(-1, values.shape[-1])
        out = np.stack([np.searchsorted(s, v, side=how) for s, v in zip(flat_seq, flat_val)])
        out = out.reshape(values.shape)
    return Tensor._make(np.asarray(out, dtype=np.int32 if out_int32 else np.int64), None)


def bucketize(
    input: Any, boundaries: Tensor, *, out_int32: bool = False, right: bool = False
) -> Tensor:
    """The bucket of each value among the sorted 1-D ``boundaries`` (``searchsorted``
    with the arguments the other way round).

    >>> import minigrad as torch
    >>> torch.bucketize(torch.tensor([3, 6, 9]), torch.tensor([1, 3, 5, 7]))
    tensor([1, 3, 4])
    """
    if boundaries.dim() != 1:
        raise RuntimeError(
            f"boundaries tensor must be 1 dimension, but got dim({boundaries.dim()})"
        )
    return searchsorted(boundaries, input, out_int32=out_int32, right=right)
