"""Joining and cutting tensors: repeat, cat, stack, split, chunk, unbind, unfold,
tile, the h/v/d stacks and splits, rot90, block_diag.

The derivative of a join cuts the gradient back into the inputs' pieces;
the derivative of a cut joins the pieces' gradients back together.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from ..core import registry
from ..core.node import MultiOutputOp, Op
from ..core.tensor import Tensor
from ..exact import dtype as _dtype
from ..exact import messages as _messages
from ..exact import warn as _warn
from ._promotion import _cast
from .shape import (
    _clone_rows,
    _shape_arg,
    contiguous,
    expand,
    flatten,
    permute,
    reshape,
    transpose,
    unsqueeze,
    view,
)


# --- copies: repeat; joining: cat, stack; cutting: split, chunk, unbind ------
class RepeatBackward0(Op):
    """out = a tiled ``repeats`` times along each dim     grad: the tiles summed"""

    __slots__ = ("shape", "repeats")

    @staticmethod
    def forward(ctx, a, repeats):
        ctx.shape, ctx.repeats = a.shape, repeats
        return np.tile(a, repeats)

    @staticmethod
    def backward(ctx, grad):
        padded = (1,) * (len(ctx.repeats) - len(ctx.shape)) + tuple(ctx.shape)
        # view each dim of size r*s as (r, s) and add up the r tiles
        pairs = [n for r, s in zip(ctx.repeats, padded) for n in (r, s)]
        tiles = list(range(0, len(pairs), 2))
        return grad.reshape(pairs).sum(tiles).reshape(ctx.shape)


def repeat(self: Tensor, *sizes: Any) -> Tensor:
    """Tile the tensor: ``repeat(2, 1)`` stacks two copies along dim 0.

    >>> import minigrad as torch
    >>> torch.tensor([1.0, 2.0]).repeat(2)
    tensor([1., 2., 1., 2.])
    """
    sizes = _shape_arg(sizes)
    if len(sizes) < self.dim():
        raise RuntimeError(_messages.REPEAT_DIMS_TOO_FEW)
    return RepeatBackward0.apply(self, repeats=sizes)


class CatBackward0(Op):
    """out = the inputs joined along ``dim``     grad: cut back into the inputs' pieces"""

    __slots__ = ("dim", "sizes")

    @staticmethod
    def forward(ctx, *arrays, dim):
        ctx.dim = dim
        ctx.sizes = [None if _skipped(a) else a.shape[dim] for a in arrays]
        kept = [a for a in arrays if not _skipped(a)]
        return np.concatenate(kept or arrays[:1], axis=dim)  # only empties: an empty one

    @staticmethod
    def backward(ctx, grad):
        grads, start = [], 0
        for size in ctx.sizes:
            if size is None:
                grads.append(None)
                continue
            grads.append(grad.narrow(ctx.dim, start, size))
            start += size
        return tuple(grads)


def _skipped(a: np.ndarray) -> bool:
    """torch (for old code's sake) leaves 1-D empty tensors out of ``cat``."""
    return a.shape == (0,)


def _tensor_list(tensors: Any, name: str) -> list:
    if isinstance(tensors, Tensor) or not isinstance(tensors, (list, tuple)):
        raise TypeError(
            f"{name}(): argument 'tensors' (position 1) must be tuple of Tensors, not "
            f"{type(tensors).__name__}"
        )
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(
                f"expected Tensor as element {i} in argument 0, but got {type(t).__name__}"
            )
    return list(tensors)


def cat(tensors: Any, dim: int = 0) -> Tensor:
    """Join tensors along an existing ``dim``; the other sizes must match.

    >>> import minigrad as torch
    >>> torch.cat([torch.zeros(1, 2), torch.ones(1, 2)])
    tensor([[0., 0.],
            [1., 1.]])
    """
    tensors = _tensor_list(tensors, "cat")
    if not tensors:
        raise ValueError("torch.cat(): expected a non-empty list of Tensors")
    for i, t in enumerate(tensors):
        if t.dim() == 0:
            raise RuntimeError(f"zero-dimensional tensor (at position {i}) cannot be concatenated")
    kept = [(i, t) for i, t in enumerate(tensors) if not _skipped(t._data)]
    if not kept:
        kept = [(0, tensors[0])]
    first = kept[0][1]
    d = first._wrap_dim(dim)
    for i, t in kept[1:]:
        if t.dim() != first.dim():
            raise RuntimeError(
                f"Tensors must have same number of dimensions: got {first.dim()} and {t.dim()}"
            )
        for k in range(t.dim()):
            if k != d and t.shape[k] != first.shape[k]:
                raise RuntimeError(_messages.cat_size_mismatch(d, first.shape[k], t.shape[k], i))
    dt = _dtype.result_type(*tensors)
    return CatBackward0.apply(*[_cast(t, dt) for t in tensors], dim=d)


concat = concatenate = cat


class StackBackward0(Op):
    """out = the inputs stacked along a new ``dim``     grad: one select per input"""

    __slots__ = ("dim",)

    @staticmethod
    def forward(ctx, *arrays, dim):
        ctx.dim = dim
        return np.stack(arrays, axis=dim)

    @staticmethod
    def backward(ctx, grad):
        # torch's stack_tensors_backward: grad.select(dim, i) for each input, so that a
        # double backward sums one full-size gradient per input (0 + -0 is 0, as in torch)
        return tuple(grad.select(ctx.dim, i) for i in range(grad.shape[ctx.dim]))


def stack(tensors: Any, dim: int = 0) -> Tensor:
    """Stack equal-sized tensors along a new ``dim``.

    >>> import minigrad as torch
    >>> torch.stack([torch.zeros(2), torch.ones(2)], dim=1)
    tensor([[0., 1.],
            [0., 1.]])
    """
    tensors = _tensor_list(tensors, "stack")
    if not tensors:
        raise RuntimeError("stack expects a non-empty TensorList")
    first = tensors[0]
    for i, t in enumerate(tensors[1:], 1):
        if t.shape != first.shape:
            raise RuntimeError(_messages.stack_size_mismatch(list(first.shape), list(t.shape), i))
    d = first._wrap_dim(dim, first.dim() + 1)
    dt = _dtype.result_type(*tensors)
    return StackBackward0.apply(*[_cast(t, dt) for t in tensors], dim=d)


class _ManyViews(MultiOutputOp):
    """Base of the ops that cut a tensor into several views (one node, many
    outputs: ``next_functions`` downstream show ``(node, output_nr)``)."""

    __slots__ = ("_outputs", "dim", "sizes")
    _is_view = True

    @staticmethod
    def _count(ctx, n):
        if isinstance(ctx, Op):
            ctx._outputs = n


class SplitBackward0(_ManyViews):
    """outs = consecutive pieces of a along ``dim``     grad: the pieces' grads joined"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, dim, sizes):
        _ManyViews._count(ctx, len(sizes))
        ctx.dim, ctx.sizes = dim, sizes
        return np.split(a, np.cumsum(sizes)[:-1].tolist(), axis=dim)

    @staticmethod
    def backward(ctx, *grads):
        return cat(list(grads), ctx.dim)


class SplitWithSizesBackward0(SplitBackward0):
    """``split([sizes])``: pieces of the given sizes     grad: joined back"""

    __slots__ = ()


class UnsafeSplitBackward0(SplitBackward0):
    """``unsafe_split``/``unsafe_chunk``: split's pieces, but not marked as views
    of the input (changing one in place goes unchecked)     grad: joined back"""

    __slots__ = ()
    _is_view = False


class UnsafeSplitWithSizesBackward0(UnsafeSplitBackward0):
    """``unsafe_split_with_sizes``: pieces of the given sizes, not marked as views
    grad: joined back"""

    __slots__ = ()


class UnbindBackward0(_ManyViews):
    """outs = the slices a[i] along ``dim``          grad: the slices' grads stacked"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, dim):
        _ManyViews._count(ctx, a.shape[dim])
        ctx.dim = dim
        return [a[(slice(None),) * dim + (i, Ellipsis)] for i in range(a.shape[dim])]

    @staticmethod
    def backward(ctx, *grads):
        return stack(list(grads), ctx.dim)


def split(tensor: Tensor, split_size_or_sections: Any, dim: int = 0) -> tuple:
    """Cut into pieces of ``split_size`` (the last may be smaller), or of the
    listed sizes.

    >>> import minigrad as torch
    >>> torch.arange(5.).split(2)
    (tensor([0., 1.]), tensor([2., 3.]), tensor([4.]))
    """
    return _split(tensor, split_size_or_sections, dim, SplitBackward0, SplitWithSizesBackward0)


def _split(
    tensor: Tensor, split_size_or_sections: Any, dim: int, op: type, sized_op: type
) -> tuple:
    """``split``'s work, recorded as ``op`` (a size) or ``sized_op`` (a list of sizes)."""
    if tensor.dim() == 0:
        raise RuntimeError("split expects at least a 1-dimensional tensor")
    d = tensor._wrap_dim(dim)
    n = tensor.shape[d]
    if isinstance(split_size_or_sections, (list, tuple)):
        sizes = tuple(int(s) for s in split_size_or_sections)
        if builtins.sum(sizes) != n or any(s < 0 for s in sizes):
            raise RuntimeError(_messages.split_sizes_sum(n, d, list(sizes)))
        return sized_op.apply(tensor, dim=d, sizes=sizes)
    size = int(split_size_or_sections)
    if size == 0 and n != 0:
        raise RuntimeError(
            f"split_size can only be 0 if dimension size is 0, but got dimension size of {n}"
        )
    if size < 0:
        raise RuntimeError(f"split expects split_size be non-negative, but got split_size={size}")
    sizes = tuple(builtins.min(size, n - i) for i in range(0, n, size)) if n else (0,)
    return op.apply(tensor, dim=d, sizes=sizes)


def split_with_sizes(input: Tensor, split_sizes: Any, dim: int = 0) -> tuple:
    """Cut into pieces of the listed sizes, which must add up to the dim's size."""
    return split(input, list(split_sizes), dim)


# --- unfold: sliding windows ------------------------------------------------
class UnfoldBackward0(Op):
    """out[..., i, ..., j] = a[..., i*step + j, ...]: the windows of ``size``
    elements along ``dim``, ``step`` apart, as a view (windows may overlap)
    grad: each window's gradient added back where the window came from"""

    __slots__ = ("shape", "dim", "size", "step")
    _is_view = True

    @staticmethod
    def forward(ctx, a, dim, size, step):
        ctx.shape, ctx.dim, ctx.size, ctx.step = a.shape, dim, size, step
        count = (a.shape[dim] - size) // step + 1
        shape = a.shape[:dim] + (count,) + a.shape[dim + 1 :] + (size,)
        st = a.strides
        strides = st[:dim] + (st[dim] * step,) + st[dim + 1 :] + (st[dim],)
        return np.lib.stride_tricks.as_strided(a, shape, strides, writeable=False)

    @staticmethod
    def backward(ctx, grad):
        return UnfoldBackwardBackward0.apply(
            grad, shape=ctx.shape, dim=ctx.dim, size=ctx.size, step=ctx.step
        )


class UnfoldBackwardBackward0(Op):
    """out = the windows of g added back into a tensor of ``shape`` (unfold's
    gradient, torch's ``unfold_backward``)          grad: its windows again"""

    __slots__ = ("dim", "size", "step")

    @staticmethod
    def forward(ctx, g, shape, dim, size, step):
        ctx.dim, ctx.size, ctx.step = dim, size, step
        out = np.zeros(shape, g.dtype)
        count = g.shape[dim]
        for j in range(size):  # element j of every window, all at once
            where = [slice(None)] * len(shape)
            where[dim] = slice(j, j + (count - 1) * step + 1, step)
            out[tuple(where)] += g[..., j]
        return out

    @staticmethod
    def backward(ctx, gg):
        return UnfoldBackward0.apply(gg, dim=ctx.dim, size=ctx.size, step=ctx.step)


def unfold(input: Tensor, dimension: int, size: int, step: int) -> Tensor:
    """The windows of ``size`` elements along ``dimension``, ``step`` apart, as a
    new last dim (a view: the windows share the input's memory).

    >>> import minigrad as torch
    >>> torch.arange(5.).unfold(0, 3, 2)
    tensor([[0., 1., 2.],
            [2., 3., 4.]])
    """
    if input.dim() == 0:  # one element: a window of it (size 0 or 1)
        return unfold(input.reshape(1), 0, size, step).reshape(size)
    d = input._wrap_dim(dimension)
    n = input.shape[d]
    if size > n:
        raise RuntimeError(f"maximum size for tensor at dimension {d} is {n} but size is {size}")
    if step <= 0:
        raise RuntimeError(f"step is {step} but must be > 0")
    return UnfoldBackward0.apply(input, dim=d, size=int(size), step=int(step))


def chunk(input: Tensor, chunks: int, dim: int = 0) -> tuple:
    """Cut into ``chunks`` pieces of (nearly) equal size along ``dim``."""
    return _chunk(input, chunks, dim, split, "chunk")


def unsafe_split(tensor: Tensor, split_size: int, dim: int = 0) -> tuple:
    """``split`` whose pieces autograd does not treat as views of ``tensor``
    (``UnsafeSplitBackward0``). torch's LSTM and GRU cells cut their gates so."""
    _int_argument("unsafe_split", "split_size", split_size)
    return _split(tensor, split_size, dim, UnsafeSplitBackward0, UnsafeSplitWithSizesBackward0)


def unsafe_split_with_sizes(tensor: Tensor, split_sizes: Any, dim: int = 0) -> tuple:
    """``split_with_sizes`` whose pieces are not treated as views."""
    sizes = list(split_sizes)
    return _split(tensor, sizes, dim, UnsafeSplitBackward0, UnsafeSplitWithSizesBackward0)


def unsafe_chunk(input: Tensor, chunks: int, dim: int = 0) -> tuple:
    """``chunk`` whose pieces are not treated as views (``UnsafeSplitBackward0``)."""
    return _chunk(input, chunks, dim, unsafe_split, "unsafe_chunk")


def _int_argument(fn: str, name: str, value: Any) -> None:
    if not isinstance(value, (int, np.integer)) or isinstance(value, bool):
        raise TypeError(
            f"{fn}(): argument '{name}' (position 1) must be int, not {type(value).__name__}"
        )


def _chunk(input: Tensor, chunks: int, dim: int, splitter: Any, name: str) -> tuple:
    """``chunk``'s work: equal pieces of size ceil(n / chunks), cut by ``splitter``."""
    _int_argument(name, "chunks", chunks)
    if input.dim() == 0:
        raise RuntimeError("chunk expects at least a 1-dimensional tensor")
    if chunks <= 0:
        raise RuntimeError(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    d = input._wrap_dim(dim)
    n = input.shape[d]
    if n == 0:  # ``chunks`` empty pieces, as torch (with split_with_sizes)
        return split(input, [0] * chunks, d)
    return splitter(input, builtins.max(-(-n // chunks), 1), d)


def unbind(input: Tensor, dim: int = 0) -> tuple:
    """The slices along ``dim``, as a tuple (what iterating a tensor gives).

    >>> import minigrad as torch
    >>> torch.tensor([[1.0, 2.0], [3.0, 4.0]]).unbind(1)
    (tensor([1., 3.]), tensor([2., 4.]))
    """
    d = input._wrap_dim(dim)
    if input.dim() == 0:
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    return UnbindBackward0.apply(input, dim=d)


# --- the same moves under other names, as torch composes them ------------------
def movedim(input: Tensor, source: Any, destination: Any) -> Tensor:
    """Move dims ``source`` to positions ``destination`` (a permute)."""
    n = input.dim()
    src = [source] if isinstance(source, int) else list(source)
    dst = [destination] if isinstance(destination, int) else list(destination)
    if len(src) != len(dst):
        raise RuntimeError(_messages.movedim_dims(src, dst))
    src = [input._wrap_dim(d) for d in src]
    dst = [input._wrap_dim(d) for d in dst]
    order: list = [None] * n
    for s, d in zip(src, dst):
        order[d] = s
    rest = iter(d for d in range(n) if d not in src)
    return permute(input, *[next(rest) if o is None else o for o in order])


def swapaxes(input: Tensor, axis0: int, axis1: int) -> Tensor:
    """``transpose`` under numpy's name."""
    return transpose(input, axis0, axis1)


def unflatten(input: Tensor, dim: int, sizes: Any) -> Tensor:
    """Split dim ``dim`` into ``sizes`` (a view; one size may be -1)."""
    d = input._wrap_dim(dim)
    shape = tuple(input.shape)
    sizes = tuple(sizes)
    if -1 not in sizes and int(np.prod(sizes)) != shape[d]:
        raise RuntimeError(
            _messages.UNFLATTEN_SIZES.format(sizes=list(sizes), dim=d, size=shape[d])
        )
    return view(input, shape[:d] + sizes + shape[d + 1 :])


def ravel(input: Tensor) -> Tensor:
    """The elements as a 1-D tensor: ``contiguous().view(-1)``."""
    return view(contiguous(input), -1)


def tile(input: Tensor, dims: Any) -> Tensor:
    """``repeat``, with ``dims`` padded by 1s in front when shorter than the shape."""
    dims = tuple(dims) if isinstance(dims, (tuple, list)) else (dims,)
    dims = (1,) * (input.dim() - len(dims)) + dims
    return repeat(input, *dims)


def broadcast_to(input: Tensor, size: Any) -> Tensor:
    """``expand`` to ``size``."""
    return expand(input, *size) if isinstance(size, (tuple, list)) else expand(input, size)


def repeat_interleave(
    input: Any, repeats: Any = None, dim: Any = None, *, output_size: Any = None
) -> Tensor:
    """Repeat each element (``dim=None``: of the flattened tensor) ``repeats`` times.

    >>> import minigrad as torch
    >>> torch.tensor([1, 2]).repeat_interleave(2)
    tensor([1, 1, 2, 2])
    """
    from .indexing import index_select

    if repeats is None:  # repeat_interleave(repeats): the indices 0, 0, 1, 2, 2, ...
        counts = input._data
        return Tensor._make(np.repeat(np.arange(counts.size), counts), None)
    if dim is None:
        input, dim = flatten(input), 0
    d = input._wrap_dim(dim, max(input.dim(), 1))
    if isinstance(repeats, Tensor) and repeats.dim() > 0:
        counts = repeats._data
        if counts.size == 1:
            counts = np.full(input.shape[d], int(counts.reshape(())))
        index = Tensor._make(np.repeat(np.arange(counts.size), counts), None)
        return index_select(input, d, index)
    r = int(repeats.item() if isinstance(repeats, Tensor) else repeats)
    if input.dim() == 0:
        input, d = reshape(input, 1), 0
    shape = tuple(input.shape)
    wide = expand(unsqueeze(input, d + 1), *shape[: d + 1], r, *shape[d + 1 :])
    return view(_clone_rows(wide), *shape[:d], shape[d] * r, *shape[d + 1 :])


def hstack(tensors: Any) -> Tensor:
    """Join along dim 1 (dim 0 for 1-D tensors)."""
    ts = [t if t.dim() else reshape(t, 1) for t in _tensor_list(tensors, "hstack")]
    return cat(ts, 0 if ts and ts[0].dim() == 1 else 1)


def vstack(tensors: Any) -> Tensor:
    """Join along dim 0, 1-D tensors as rows."""
    ts = [t if t.dim() > 1 else reshape(t, 1, -1) for t in _tensor_list(tensors, "vstack")]
    return cat(ts, 0)


def column_stack(tensors: Any) -> Tensor:
    """Join as columns: 1-D tensors become columns, then along dim 1."""
    ts = [t if t.dim() > 1 else reshape(t, -1, 1) for t in _tensor_list(tensors, "column_stack")]
    return cat(ts, 1)


def meshgrid(*tensors: Any, indexing: str | None = None) -> tuple:
    """Coordinate grids from 1-D tensors (``indexing='ij'`` or ``'xy'``)."""
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    if indexing is None:
        _warn.warn(_messages.MESHGRID_INDEXING)
        indexing = "ij"
    ts = list(tensors)
    swap = indexing == "xy" and len(ts) >= 2
    if swap:
        ts[0], ts[1] = ts[1], ts[0]
    shape = [t.numel() for t in ts]
    grids = []
    for k, t in enumerate(ts):
        view_shape = [1] * len(ts)
        view_shape[k] = -1
        grids.append(expand(view(t, *view_shape), *shape))
    if swap:
        grids[0], grids[1] = grids[1], grids[0]
    return tuple(grids)


# --- more ways to cut, join and turn --------------------------------------------------
def tensor_split(input: Tensor, indices_or_sections: Any, dim: int = 0) -> tuple:
    """Cut along ``dim`` into ``n`` nearly equal pieces (the first ones one longer), or
    at the given indices; the pieces are views.

    >>> import minigrad as torch
    >>> [t.tolist() for t in torch.tensor_split(torch.arange(7), 3)]
    [[0, 1, 2], [3, 4], [5, 6]]
    """
    d = input._wrap_dim(dim)
    n = input.shape[d]
    spec = indices_or_sections
    if isinstance(spec, Tensor):
        spec = spec.tolist() if spec.dim() else int(spec.item())
    if isinstance(spec, int):
        if spec <= 0:
            raise RuntimeError(f"number of sections must be larger than 0, got {spec}")
        small, extra = divmod(n, spec)
        sizes = [small + 1] * extra + [small] * (spec - extra)
        bounds = [0]
        for s in sizes:
            bounds.append(bounds[-1] + s)
    else:
        cuts = [int(i) + n if i < 0 else int(i) for i in spec]
        bounds = [0] + [builtins.min(builtins.max(i, 0), n) for i in cuts] + [n]
    pieces = []
    for start, stop in zip(bounds, bounds[1:]):
        stop = builtins.max(stop, start)
        pieces.append(input.narrow(d, start, stop - start))
    return tuple(pieces)


def _split_at(name: str, input: Tensor, spec: Any, dim: int, least: int) -> tuple:
    """``hsplit``/``vsplit``/``dsplit``: ``tensor_split`` along ``dim``; a number of
    sections must divide the dim's size."""
    if input.dim() < least:
        raise RuntimeError(_messages.split_needs_dims(name, least, input.dim()))
    if isinstance(spec, (int, np.integer)) and not isinstance(spec, bool):
        n = input.shape[dim]
        if spec == 0 or n % spec:
            raise RuntimeError(_messages.split_not_divisible(name, dim, n, spec))
    return tensor_split(input, spec, dim)


def hsplit(input: Tensor, indices_or_sections: Any) -> tuple:
    """Split the columns (dim 1; dim 0 of a 1-D tensor)."""
    return _split_at("hsplit", input, indices_or_sections, 1 if input.dim() > 1 else 0, 1)


def vsplit(input: Tensor, indices_or_sections: Any) -> tuple:
    """Split the rows (dim 0) of a tensor of 2 or more dims."""
    return _split_at("vsplit", input, indices_or_sections, 0, 2)


def dsplit(input: Tensor, indices_or_sections: Any) -> tuple:
    """Split along the depth (dim 2) of a tensor of 3 or more dims."""
    return _split_at("dsplit", input, indices_or_sections, 2, 3)


def dstack(tensors: Any) -> Tensor:
    """Join along the third dim (1-D and 2-D tensors first become 3-D, as ``atleast_3d``).

    >>> import minigrad as torch
    >>> torch.dstack([torch.tensor([1, 2]), torch.tensor([3, 4])]).shape
    torch.Size([1, 2, 2])
    """

    def atleast_3d(t: Tensor) -> Tensor:
        if t.dim() == 0:
            return t.reshape(1, 1, 1)
        if t.dim() == 1:
            return t.unsqueeze(0).unsqueeze(-1)
        if t.dim() == 2:
            return t.unsqueeze(-1)
        return t

    return cat([atleast_3d(t) for t in tensors], 2)


class Rot90Backward0(Op):
    """out = a turned by k quarter turns in the plane ``dims`` (from the first towards
    the second)          grad: turned back (-k quarter turns)"""

    __slots__ = ("k", "dims")

    @staticmethod
    def forward(ctx, a, k, dims):
        ctx.k, ctx.dims = k, dims
        return np.rot90(a, k, dims).copy()

    @staticmethod
    def backward(ctx, grad):
        return Rot90Backward0.apply(grad, k=-ctx.k, dims=ctx.dims)


def rot90(input: Tensor, k: int = 1, dims: Any = (0, 1)) -> Tensor:
    """Turn by ``k`` quarter turns in the plane of ``dims`` (a copy).

    >>> import minigrad as torch
    >>> torch.rot90(torch.tensor([[1, 2], [3, 4]]))
    tensor([[2, 4],
            [1, 3]])
    """
    dims = list(dims)
    if len(dims) != 2:
        raise RuntimeError(f"expected total rotation dims == 2, but got dims = {len(dims)}")
    if input.dim() < 2:
        raise RuntimeError(f"expected total dims >= 2, but got total dims = {input.dim()}")
    d0, d1 = (input._wrap_dim(d) for d in dims)
    if d0 == d1:
        raise RuntimeError(
            f"expected rotation dims to be different, but got dim0 = {dims[0]} and dim1 = {dims[1]}"
        )
    return Rot90Backward0.apply(input, k=int(k) % 4, dims=(d0, d1))


def _matrix_shape(shape: tuple) -> tuple:
    """How ``block_diag`` places a block: a vector as a row, a number as 1 by 1."""
    return tuple(shape) if len(shape) == 2 else (1, shape[0]) if shape else (1, 1)


class BlockDiagBackward0(Op):
    """out = the matrices on the diagonal of a larger one, zeros elsewhere
    d/d(each matrix) = its block of grad"""

    __slots__ = ("shapes",)

    @staticmethod
    def forward(ctx, *blocks):
        ctx.shapes = [b.shape for b in blocks]
        mats = [b.reshape(_matrix_shape(b.shape)) for b in blocks]
        rows = builtins.sum(m.shape[0] for m in mats)
        cols = builtins.sum(m.shape[1] for m in mats)
        out = np.zeros((rows, cols), dtype=mats[0].dtype)
        r = c = 0
        for m in mats:
            out[r : r + m.shape[0], c : c + m.shape[1]] = m
            r, c = r + m.shape[0], c + m.shape[1]
        return out

    @staticmethod
    def backward(ctx, grad):
        grads, r, c = [], 0, 0
        for shape, need in zip(ctx.shapes, ctx.needs_input_grad):
            h, w = _matrix_shape(shape)
            grads.append(grad[r : r + h, c : c + w].reshape(shape) if need else None)
            r, c = r + h, c + w
        return tuple(grads)


def block_diag(*tensors: Tensor) -> Tensor:
    """A matrix with the given matrices (vectors as rows, numbers as 1 by 1) on its diagonal.

    >>> import minigrad as torch
    >>> torch.block_diag(torch.tensor([[1, 2]]), torch.tensor([[3]]))
    tensor([[1, 2, 0],
            [0, 0, 3]])
    """
    from ..exact import dtype as _dtype
    from ._promotion import _cast

    for i, t in enumerate(tensors):
        if t.dim() > 2:
            raise RuntimeError(_messages.block_diag_dims(i, t.dim()))
    if not tensors:
        return Tensor._make(np.zeros((1, 0), dtype=np.float32), None)
    dt = _dtype.result_type(*[Tensor._make(np.zeros(1, t._data.dtype), None) for t in tensors])
    return BlockDiagBackward0.apply(*[_cast(t, dt) for t in tensors])


def cartesian_prod(*tensors: Tensor) -> Tensor:
    """Every combination of one element from each 1-D tensor, one per row.

    >>> import minigrad as torch
    >>> torch.cartesian_prod(torch.tensor([1, 2]), torch.tensor([3, 4]))
    tensor([[1, 3],
            [1, 4],
            [2, 3],
            [2, 4]])
    """
    for t in tensors:
        if t.dim() != 1:
            raise RuntimeError(f"Expect a 1D vector, but got shape {list(t.shape)}")
    if len(tensors) == 1:
        return tensors[0]
    grids = meshgrid(*tensors, indexing="ij")
    return stack([g.flatten() for g in grids], 1)


# the engine stacks batched gradients with it under create_graph
registry.register(stack=stack)
