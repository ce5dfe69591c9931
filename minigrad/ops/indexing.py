"""Indexing: reading parts of a tensor (``a[0]``, ``a[:, 1:]``, ``a[mask]``) and
writing into them (``a[0] = x``).

Reading picks some elements, so its gradient puts the incoming gradient back
at those positions and zeros everywhere else. Like torch, ``a[0, 1:]`` is a
chain of simple steps (select, then slice), while an index tensor or a mask
is one ``IndexBackward0`` step; an index that repeats adds its gradients up.

Writing (``y[0] = x``) is recorded as ``CopySlices``: the written part takes
its gradient from ``x``, the rest from the old ``y``.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from ..core import registry
from ..core.grad_mode import _State
from ..core.node import CopySlicesBase, Op
from ..core.tensor import Tensor
from ..exact import messages as _messages
from ..exact import warn as _warn
from ..exact.memory import (
    _check_no_overlap,
    _check_no_partial_overlap,
    _overlaps,
    _positions_in,
    _writable,
)
from .copies import check_scalar_fits
from .shape import UnsqueezeBackward0  # ``a[None]`` is an unsqueeze


class _PutBack(Op):
    """out = zeros(shape) with ``grad`` placed (added) at ``key``.
    Its own derivative is reading at ``key`` again."""

    __slots__ = ("key",)

    @staticmethod
    def forward(ctx, grad, shape, key):
        ctx.key = key
        out = np.zeros(shape, dtype=grad.dtype)
        np.add.at(out, key, grad)
        return out

    @staticmethod
    def backward(ctx, gg):
        return gg[ctx.key]


class _PutInto(_PutBack):
    """The same, for a key that names each position once: written, not added
    (so a gradient of -0. stays -0., as in torch)."""

    __slots__ = ()

    @staticmethod
    def forward(ctx, grad, shape, key):
        ctx.key = key
        out = np.zeros(shape, dtype=grad.dtype)
        out[key] = grad
        return out


class SelectBackwardBackward0(_PutInto):
    __slots__ = ()


class SliceBackwardBackward0(_PutInto):
    __slots__ = ()


class IndexPutImplBackward0(_PutBack):
    __slots__ = ()
    _holds_saved = True


class SelectBackward0(Op):
    """out = a[..., i, ...] (one index along ``dim``)     grad: put back at i"""

    __slots__ = ("shape", "key")
    _is_view = True

    @staticmethod
    def forward(ctx, a, key):
        ctx.shape, ctx.key = a.shape, key
        return a[key + (Ellipsis,)]  # the trailing ... keeps a 0-dim result a view

    @staticmethod
    def backward(ctx, grad):
        return SelectBackwardBackward0.apply(grad, shape=ctx.shape, key=ctx.key)


class SliceBackward0(Op):
    """out = a[..., i:j:k, ...] along ``dim``          grad: put back in the slice"""

    __slots__ = ("shape", "key")
    _is_view = True

    @staticmethod
    def forward(ctx, a, key):
        ctx.shape, ctx.key = a.shape, key
        return a[key]

    @staticmethod
    def backward(ctx, grad):
        return SliceBackwardBackward0.apply(grad, shape=ctx.shape, key=ctx.key)


class IndexBackward0(Op):
    """out = a[index tensors or mask]          grad: added back at each index"""

    __slots__ = ("shape", "key")
    _holds_saved = True

    @staticmethod
    def forward(ctx, a, key):
        ctx.shape, ctx.key = a.shape, key
        return a[key]

    @staticmethod
    def backward(ctx, grad):
        return IndexPutImplBackward0.apply(grad, shape=ctx.shape, key=ctx.key)


class AsStridedBackward0(Op):
    """A view read again from its base after an in-place change (to the base or
    to a view of it): out = base[positions of the view's elements]
    grad: added back at those positions, like IndexBackward0."""

    __slots__ = ("shape", "key")

    @staticmethod
    def forward(ctx, a, key, shape):
        ctx.shape, ctx.key = a.shape, key
        if a.ndim == 0:  # a view of a 0-dim tensor: each element is its one number
            return np.full(shape, a)
        return a[key]

    @staticmethod
    def backward(ctx, grad):
        if grad.numel() == 0:  # an empty view: torch's rule gives zeros, outside the graph
            return Tensor._make(np.zeros(ctx.shape, grad._data.dtype), None)
        if not ctx.shape:
            return grad.sum()
        return IndexPutImplBackward0.apply(grad, shape=ctx.shape, key=ctx.key)


def _to_numpy_index(k: Any) -> Any:
    if isinstance(k, Tensor):
        if k._data.dtype.kind == "f" or k._data.dtype in (np.int8, np.int16):
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
        if k._data.dtype == np.uint8:  # a byte tensor is an old-style mask
            _warn.warn(_messages.BYTE_INDEX)
            return k._data.astype(bool)
        if k._data.ndim == 0 and k._data.dtype.kind in "iu":
            return int(k._data)  # a 0-dim integer tensor indexes like a plain int
        return k._data
    if isinstance(k, range):  # torch reads a range as the list of its numbers
        k = list(k)
    if isinstance(k, list):
        arr = np.asarray([x._data if isinstance(x, Tensor) else x for x in k])
        if arr.dtype.kind in "fiu" or arr.size == 0:  # torch makes a list a long tensor
            return arr.astype(np.int64)
        return arr
    if isinstance(k, (bool, np.bool_)):  # a 0-dim mask: a new dim, of size 1 (True) or 0
        return np.asarray(k)
    if k is None or k is Ellipsis or isinstance(k, (int, slice, np.integer, np.ndarray)):
        return k
    if isinstance(k, str):  # a str would be a tensor of characters
        raise TypeError("new(): invalid data type 'str'")
    raise IndexError(_messages.invalid_index_type(type(k).__name__))


def _as_tuple(key: Any) -> tuple:
    """The key as a tuple of one index per dim. Like numpy once did, torch still (with
    a warning) reads a list holding lists, tensors, slices, None or ... as a tuple."""
    if isinstance(key, tuple):
        return key
    if isinstance(key, (list, str)) and len(key) < 32:
        for x in key:
            if isinstance(x, (Tensor, list, tuple, str, slice)) or x is None or x is Ellipsis:
                line = 359 if x is None or x is Ellipsis else 349
                warnings.warn(
                    _messages.NON_TUPLE_SEQUENCE.format(line=line), UserWarning, stacklevel=4
                )
                return tuple(key)
    return (key,)


def _check_advanced(k: np.ndarray, shape: tuple, dim: int, nr: int) -> None:
    """An index array ``k`` (the ``nr``-th one) for ``shape[dim]``, or a mask for the
    dims from ``dim`` on: checked here to give torch's messages."""
    if k.dtype == bool:
        for i, n in enumerate(k.shape):
            if dim + i < len(shape) and n != shape[dim + i]:
                raise IndexError(
                    _messages.mask_shape_mismatch(list(k.shape), i, list(shape), dim + i)
                )
        return
    size = shape[dim]
    bad = (k < -size) | (k >= size)
    if bad.any():
        raise IndexError(
            f"index {int(k[bad].flat[0])} is out of bounds for dimension {nr} with size {size}"
        )


def _is_basic(k: Any) -> bool:
    return (
        k is None
        or k is Ellipsis
        or isinstance(k, (slice, int, np.integer))
        and not isinstance(k, bool)
    )


def _check_step(k: slice) -> None:
    if k.step == 0:
        raise ValueError("slice step cannot be zero")
    if k.step is not None and k.step <= 0:
        raise ValueError("step must be greater than zero")


def _is_full(k: slice, size: int) -> bool:
    """A slice that keeps a whole dim, as torch tests it (``0:``, ``:5`` of 3; not ``-3:``)."""
    return k.start in (None, 0) and k.step in (None, 1) and (k.stop is None or k.stop >= size)


def getitem(self: Tensor, key: Any) -> Tensor:
    """``self[key]``, recorded step by step like torch."""
    lone_slice = isinstance(key, slice)  # a[:] is a slice, a[(slice(None),)] an alias
    # (a 0-dim tensor's own messages are for a lone a[:] and a[0], not a[tensor(0)])
    lone = not isinstance(key, (tuple, Tensor))
    key = tuple(_to_numpy_index(k) for k in _as_tuple(key))
    if self._data.ndim == 0 and lone and isinstance(key[0], slice):
        raise IndexError("slice() cannot be applied to a 0-dim tensor.")
    if self._data.ndim == 0 and lone and isinstance(key[0], (int, np.integer)):
        raise IndexError(_messages.INDEX_OF_0_DIM_TENSOR)
    out = self
    dim = 0  # the dim of ``out`` that the next key element refers to
    rest: list[Any] = []  # what is left for one advanced-index step
    n_real = sum(
        1
        for k in key
        if k is not None
        and k is not Ellipsis
        and not (isinstance(k, np.ndarray) and k.dtype == bool)
    )
    n_real += sum(k.ndim for k in key if isinstance(k, np.ndarray) and k.dtype == bool)
    if n_real > self._data.ndim:
        raise IndexError(f"too many indices for tensor of dimension {self._data.ndim}")
    advanced = any(not _is_basic(k) for k in key)
    n_advanced = 0  # index arrays seen so far (torch numbers them in its messages)
    lone_full_slice = lone_slice
    for position, k in enumerate(key):
        if k is Ellipsis:
            skip = self._data.ndim - n_real
            rest.extend([slice(None)] * skip)
            dim += skip
        elif k is None:
            out = UnsqueezeBackward0.apply(out, dim=dim)
            rest.append(slice(None))
            dim += 1
        elif isinstance(k, (int, np.integer)) and not isinstance(k, bool):
            size = out._data.shape[dim]
            if not -size <= k < size:  # torch names the place in the key, not the dim
                raise IndexError(
                    f"index {k} is out of bounds for dimension {position} with size {size}"
                )
            out = SelectBackward0.apply(out, key=(slice(None),) * dim + (int(k),))
        elif isinstance(k, slice):
            _check_step(k)
            if (
                _is_full(k, out._data.shape[dim]) and not lone_full_slice
            ):  # torch skips a slice that keeps everything
                rest.append(k)
                dim += 1
                continue
            out = SliceBackward0.apply(out, key=(slice(None),) * dim + (k,))
            rest.append(slice(None))
            dim += 1
        else:
            if isinstance(k, np.ndarray):
                _check_advanced(k, out._data.shape, dim, n_advanced)
                n_advanced += 1
            rest.append(k)
            dim += k.ndim if isinstance(k, np.ndarray) and k.dtype == bool else 1
    if advanced:
        arrays = [k for k in rest if isinstance(k, np.ndarray) and k.dtype != bool]
        try:
            np.broadcast_shapes(*(k.shape for k in arrays))
        except ValueError:
            shapes = ", ".join(str(list(k.shape)) for k in arrays)
            raise IndexError(
                "shape mismatch: indexing tensors could not be broadcast together with shapes "
                + shapes
            ) from None
        try:
            out = IndexBackward0.apply(out, key=tuple(rest))
        except IndexError as e:
            raise IndexError(str(e).replace("axis", "dimension")) from None
    if out is self:  # every index kept everything (a[...], a[(0:,)]): a new view all the same
        out = AliasBackward0.apply(self)
    return out


class AliasBackward0(Op):
    """out = a (the same data, a new tensor)          grad: passed through"""

    __slots__ = ()
    _is_view = True

    @staticmethod
    def forward(ctx, a):
        return a.view()

    @staticmethod
    def backward(ctx, grad):
        return grad


class Identity(AliasBackward0):
    """The primal of ``autograd.forward_ad.unpack_dual``: an alias, named as torch names it."""

    __slots__ = ()


class CopySlices(CopySlicesBase):
    """``y[key] = x``: out = y with x written at key.
    d/dy = 1 outside key, 0 inside;  d/dx = the gradient at key."""

    __slots__ = ("key", "overlap", "zero")

    @staticmethod
    def forward(ctx, y, x, key, overlap=False, through_view=False):
        # through_view: x is a view changed in place, whose gradient also flows back
        # to y's old value; -0. adds to it without a trace (torch puts it there alone)
        ctx.key, ctx.overlap, ctx.zero = key, overlap, -0.0 if through_view else 0.0
        out = y.copy()
        if out.ndim:
            out[key] = x
        elif np.size(x):  # a view of a 0-dim y: its one number (if the view is not empty)
            out[key] = np.asarray(x).reshape(-1)[0]
        return out

    @staticmethod
    def backward(ctx, grad):
        if ctx.overlap:  # torch writes the gradient back through the expanded view
            raise RuntimeError(_messages.OVERLAP)
        x = ctx._inputs[1]
        written = np.zeros(grad.shape, dtype=bool)
        if grad.dim() or np.size(x._data if isinstance(x, Tensor) else x):
            written[ctx.key] = True  # (an empty view of a 0-dim y wrote nothing)
        gx = None
        if isinstance(x, Tensor) and x._requires_grad:
            gx = grad[ctx.key] if grad.dim() else grad.expand(x.shape)
        return grad.masked_fill(Tensor._make(written, None), ctx.zero), gx


class IndexPutBackward0(CopySlices):
    """``y[index tensors or mask] = x``: the same rule as CopySlices; torch
    names it after ``index_put_`` when the key has only index tensors or masks."""

    __slots__ = ()

    def name(self) -> str:
        return "IndexPutBackward0"


def setitem(self: Tensor, key: Any, value: Any) -> None:
    """``self[key] = value``: recorded as CopySlices when gradients are involved."""
    _check_value(self, value)
    from ..core.node import _TANGENTS

    if _TANGENTS and (id(self) in _TANGENTS or id(value) in _TANGENTS):
        # forward-mode AD (autograd.forward_ad): the tangents are written alike
        return registry.setitem_dual(self, key, value)
    try:
        _setitem(self, key, value)
    except IndexError as e:
        getitem(self.detach(), key)  # a bad key: reading it raises torch's message
        raise IndexError(str(e).replace("axis", "dimension")) from None


def _check_value(self: Tensor, value: Any) -> None:
    """What may be written into a tensor: tensors, numbers, (nested) lists of numbers."""
    if not isinstance(value, (Tensor, int, float, np.number, np.bool_, list, tuple, np.ndarray)):
        raise TypeError(
            f"can't assign a {type(value).__name__} to a torch.{self.dtype.legacy_name}"
        )
    check_scalar_fits(value, self._data.dtype)


def _setitem(self: Tensor, key: Any, value: Any) -> None:
    if isinstance(value, (list, tuple)):
        value = Tensor._make(np.asarray(value, dtype=self._data.dtype), None)
    key = tuple(_to_numpy_index(k) for k in _as_tuple(key))
    advanced_only = bool(key) and all(not _is_basic(k) for k in key)
    if advanced_only and isinstance(value, Tensor):
        value = _strip_leading_ones(value)
        target = self._data[key[0] if len(key) == 1 else key].shape
        try:
            fits = np.broadcast_shapes(value._data.shape, target) == target
        except ValueError:
            fits = False
        if not fits:
            raise RuntimeError(_messages.index_put_shape_mismatch(list(value.shape), list(target)))
    for k in key:
        if isinstance(k, slice):
            _check_step(k)
    if all(k is Ellipsis or isinstance(k, slice) for k in key) and key.count(Ellipsis) <= 1:
        dims = [k for k in key if k is not Ellipsis]
        if len(dims) <= self._data.ndim and all(
            _is_full(k, n) for k, n in zip(dims, self._data.shape)
        ):  # the whole tensor: torch writes it with fill_ (one value) or copy_
            value = value if isinstance(value, Tensor) else Tensor._make(np.asarray(value), None)
            if value.dim() == 0 and self.dim() > 0:  # (a 0-dim tensor is copied into)
                self.fill_(value)
            else:
                self.copy_(_fit(value, self._data.shape))
            return
    key = key[0] if len(key) == 1 else key
    if isinstance(value, Tensor) and value.dim() and not advanced_only:
        target = self._data[key].shape
        if all(_is_basic(k) for k in _as_tuple(key)):
            value = _fit(value, target)
        else:  # (index tensors among slices: index_put_ broadcasts the value itself)
            _strip_leading_ones(value).expand(target)  # torch's error when it does not fit
            value = _strip_leading_ones(value)
    if _State.enabled and self.requires_grad and self.grad_fn is None:
        getitem(self.detach(), key)  # (torch reads the key first: a bad key's error)
        raise RuntimeError(_messages.VIEW_OF_LEAF_INPLACE)
    recording = _State.enabled and (
        self.requires_grad or (isinstance(value, Tensor) and value.requires_grad)
    )
    kt = key if isinstance(key, tuple) else (key,)
    if recording and all(_is_basic(k) for k in kt):
        # ``y[key] = x`` writes through a view of y, so the first tensor of y's
        # views (y itself, or its base) gets a CopySlices node: x at those positions
        self[key]._check_inplace(recording)  # (torch's checks are those of the view)
        _check_no_overlap(self._data[key])  # (writing into an expand)
        root = self._base if self._view_v is not None else self
        part = self._data[kt if Ellipsis in kt else kt + (Ellipsis,)]  # (a view, even 0-dim)
        if root is not self:
            key = _positions_in(part, root._data)
        if isinstance(value, Tensor) and value._data.dtype != self._data.dtype:
            value = value.to(self.dtype)
        old = root._snapshot()
        result = CopySlices.apply(old, value, key=key, overlap=_overlaps(part))
        _writable(root._data)[key] = result._data[key]  # (an expand's copies stay unwritten)
        root._bump_version()
        root._set_history(result)  # a view of it (self) reads its history from there
        return
    self._check_inplace(recording)
    if not advanced_only:
        _check_no_overlap(self._data[key])  # (writing into an expand)
    if isinstance(value, Tensor) and value.dim():  # (a 0-dim value is read as a number)
        written = self._data if advanced_only else self._data[key]
        _check_no_partial_overlap(written, value._data)
    if not recording:
        _writable(self._data)[key] = value._data if isinstance(value, Tensor) else value
        self._bump_version()
        return
    if isinstance(value, Tensor) and value._data.dtype != self._data.dtype:
        value = value.to(self.dtype)
    old = self._snapshot()
    result = (IndexPutBackward0 if advanced_only else CopySlices).apply(old, value, key=key)
    self._write(result._data)
    self._take_history(result)


def _strip_leading_ones(value: Tensor) -> Tensor:
    """torch drops a value's leading size-1 dims before writing it (a view)."""
    shape = list(value.shape)
    while shape and shape[0] == 1:
        shape.pop(0)
    return value.view(shape) if len(shape) < value.dim() else value


def _fit(value: Tensor, target: tuple) -> Tensor:
    """The value torch copies into a part of a tensor of shape ``target``: the value
    itself if it has that shape, or else a view without its leading size-1 dims,
    expanded to ``target`` (torch's error when it cannot be)."""
    if value.shape == target:
        return value
    shape = list(value.shape)
    while shape and shape[0] == 1:
        shape.pop(0)
    value = value.view(shape)  # (even when no dim goes: the graph shows a view)
    return value if value.shape == target else value.expand(target)


# --- the same reading ops, by name --------------------------------------------
def narrow(self: Tensor, dim: int, start: int, length: int) -> Tensor:
    """``length`` elements along ``dim`` from ``start``: a view, like ``a[start:start+length]``."""
    if self.dim() == 0:
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    d = self._wrap_dim(dim)
    n = self._data.shape[d]
    if start < 0:
        start += n
    if not 0 <= start <= n:
        raise IndexError(
            f"start out of range (expected to be in range of [{-n}, {n}], but got {start})"
        )
    if start + length > n:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size ({n}).")
    key = (slice(None),) * d + (slice(start, start + length),)
    return SliceBackward0.apply(self, key=key)


def select(self: Tensor, dim: int, index: int) -> Tensor:
    """The slice at ``index`` along ``dim`` (that dim disappears), like ``a[:, index]``."""
    if self.dim() == 0:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    d = self._wrap_dim(dim)
    n = self._data.shape[d]
    if not -n <= index < n:
        raise IndexError(
            f"select(): index {index} out of range for tensor of size {list(self.shape)} at "
            f"dimension {d}"
        )
    return SelectBackward0.apply(self, key=(slice(None),) * d + (int(index),))


class IndexSelectBackward0(IndexBackward0):
    """out = the slices ``index`` along ``dim``     grad: added back at each index"""

    __slots__ = ()


class GatherBackward0(IndexBackward0):
    """out[i][j] = a[index[i][j]][j] (for dim 0)     grad: added back where it was read"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, key):
        ctx.save_for_backward(a)  # not needed for the rule, but torch saves (and checks) it
        return IndexBackward0.forward(ctx, a, key)

    @staticmethod
    def backward(ctx, grad):
        ctx.saved_tensors  # noqa: B018 - torch's error if ``a`` was changed in place
        return IndexBackward0.backward(ctx, grad)


class MaskedSelectBackward0(GatherBackward0):
    """out = the elements where mask is true (1-D)     grad: put back at those places"""

    __slots__ = ()


def _long_index(index: Tensor, name: str) -> np.ndarray:
    if not isinstance(index, Tensor) or index._data.dtype.kind not in "iu":
        raise RuntimeError(f"{name}(): Expected dtype int32 or int64 for index")
    return index._data


def index_select(input: Tensor, dim: int, index: Tensor) -> Tensor:
    """The slices listed in ``index`` (1-D) along ``dim``; repeats allowed.

    >>> import minigrad as torch
    >>> torch.tensor([10.0, 20.0, 30.0]).index_select(0, torch.tensor([2, 0, 2]))
    tensor([30., 10., 30.])
    """
    idx = _long_index(index, "index_select")
    if idx.ndim > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
    d = input._wrap_dim(dim, max(input._data.ndim, 1))
    if input._data.ndim == 0:
        input = input.reshape(1)
    idx = idx.reshape(-1)
    n = input._data.shape[d]
    bad = (idx < 0) | (idx >= n)  # (negative indices are not counted from the end)
    if bad.any():
        if d == 1 and input._data.ndim > 1:  # (torch's kernel for dim 1 says it its way)
            raise RuntimeError(
                f"INDICES element is out of DATA bounds, id={int(idx[bad][0])} axis_dim={n}"
            )
        raise IndexError("index out of range in self")
    out = IndexSelectBackward0.apply(input, key=(slice(None),) * d + (idx,))
    return out


def gather(input: Tensor, dim: int, index: Tensor) -> Tensor:
    """Pick along ``dim`` by ``index`` (same number of dims as ``input``).

    >>> import minigrad as torch
    >>> torch.tensor([[1.0, 2.0], [3.0, 4.0]]).gather(1, torch.tensor([[1], [0]]))
    tensor([[2.],
            [3.]])
    """
    idx = index._data if isinstance(index, Tensor) else None
    if idx is None or idx.dtype not in (np.int64, np.int32):
        raise RuntimeError("gather(): Expected dtype int32/int64 for index")
    d = input._wrap_dim(dim, max(input._data.ndim, 1))
    if idx.ndim != input._data.ndim:
        raise RuntimeError("Index tensor must have the same number of dimensions as input tensor")
    for k in range(idx.ndim):
        if k != d and idx.shape[k] > input._data.shape[k]:
            raise RuntimeError(
                _messages.gather_index_too_large(k, list(idx.shape), list(input.shape), d)
            )
    n = input._data.shape[d] if input._data.ndim else 1
    bad = (idx < 0) | (idx >= n)  # (negative indices are not counted from the end)
    if bad.any():
        raise RuntimeError(
            f"index {int(idx[bad][0])} is out of bounds for dimension {d} with size {n}"
        )
    grid = np.ogrid[tuple(slice(s) for s in idx.shape)]  # the positions along the other dims
    key = tuple(idx if k == d else grid[k] for k in range(idx.ndim))
    return GatherBackward0.apply(input, key=key)


def masked_select(input: Tensor, mask: Tensor) -> Tensor:
    """The elements where ``mask`` is true, as a 1-D tensor."""
    if mask._data.dtype != np.bool_:
        raise RuntimeError("masked_select: expected BoolTensor for mask")
    if mask._data.shape != input._data.shape:
        shape = np.broadcast_shapes(mask._data.shape, input._data.shape)
        input = input.expand(shape)
        m = np.broadcast_to(mask._data, shape)
    else:
        m = mask._data
    return MaskedSelectBackward0.apply(input, key=(m,))


# --- writing along a dim: scatter, scatter_add, index_add, index_fill ---------
class ScatterBackward0(Op):
    """out = a with ``out[index[i][j]][j] = src[i][j]`` (for dim 0)
    d/da = grad with zeros where src was written;  d/dsrc = grad read back there"""

    __slots__ = ("dim", "index")
    _holds_saved = True

    @staticmethod
    def forward(ctx, a, src, dim, index, key):
        ctx.dim, ctx.index = dim, index
        out = a.copy()
        out[key] = src[tuple(slice(n) for n in index._data.shape)]
        return out

    @staticmethod
    def backward(ctx, grad):
        da = scatter(grad, ctx.dim, ctx.index, 0) if ctx.needs_input_grad[0] else None
        dsrc = gather(grad, ctx.dim, ctx.index) if ctx.needs_input_grad[1] else None
        return da, dsrc


class ScatterBackward1(Op):
    """out = a with ``value`` written at the places ``index`` names
    d/da = grad with zeros there"""

    __slots__ = ("dim", "index")
    _holds_saved = True

    @staticmethod
    def forward(ctx, a, value, dim, index, key):
        ctx.dim, ctx.index = dim, index
        out = a.copy()
        out[key] = value
        return out

    @staticmethod
    def backward(ctx, grad):
        return scatter(grad, ctx.dim, ctx.index, 0)


class ScatterAddBackward0(Op):
    """out = a with ``src[i][j]`` added at ``out[index[i][j]][j]`` (for dim 0)
    d/da = grad;  d/dsrc = grad read back where it was added"""

    __slots__ = ("dim", "index")
    _holds_saved = True

    @staticmethod
    def forward(ctx, a, src, dim, index, key):
        ctx.dim, ctx.index = dim, index
        out = a.copy()
        np.add.at(out, key, src[tuple(slice(n) for n in index._data.shape)])
        return out

    @staticmethod
    def backward(ctx, grad):
        dsrc = gather(grad, ctx.dim, ctx.index) if ctx.needs_input_grad[1] else None
        return grad, dsrc


class IndexAddBackward0(Op):
    """out = a with ``alpha * source[k]`` added to slice ``index[k]`` along ``dim``
    d/da = grad;  d/dsource = alpha * the slices of grad at ``index``"""

    __slots__ = ("dim", "index", "alpha")
    _holds_saved = True

    @staticmethod
    def forward(ctx, a, source, dim, index, alpha):
        ctx.dim, ctx.index, ctx.alpha = dim, index, alpha
        out = a.copy()
        if out.ndim == 0:
            out += alpha * source.reshape(())
            return out
        added = source if alpha == 1 else source * np.asarray(alpha, dtype=source.dtype)
        key = (slice(None),) * dim + (index._data.reshape(-1),)
        np.add.at(out, key, added.reshape(out[key].shape))
        return out

    @staticmethod
    def backward(ctx, grad):
        dsource = None
        if ctx.needs_input_grad[1]:
            picked = grad.reshape(-1) if grad.ndim == 0 else index_select(grad, ctx.dim, ctx.index)
            dsource = picked if ctx.alpha == 1 else picked * ctx.alpha
        return grad, dsource


class IndexFillBackward0(Op):
    """out = a with the slices ``index`` along ``dim`` set to ``value``
    d/da = grad with zeros in those slices"""

    __slots__ = ("dim", "index")
    _holds_saved = True

    @staticmethod
    def forward(ctx, a, dim, index, value):
        ctx.dim, ctx.index = dim, index
        out = a.copy()
        out[(slice(None),) * dim + (index._data.reshape(-1),)] = value
        return out

    @staticmethod
    def backward(ctx, grad):
        return index_fill(grad, ctx.dim, ctx.index, 0)


def _scatter_key(name: str, input: Tensor, dim: int, index: Tensor, src: Any) -> tuple:
    """Check scatter's arguments as torch does; the numpy key of the places written."""
    if not isinstance(index, Tensor) or index._data.dtype not in (np.int32, np.int64):
        raise RuntimeError("scatter(): Expected dtype int32/int64 for index")
    nd = max(input._data.ndim, 1)
    d = input._wrap_dim(dim, nd)
    idx = index._data
    if max(idx.ndim, 1) != nd:
        raise RuntimeError(_messages.INDEX_DIMS_SELF)
    if isinstance(src, Tensor):
        if max(src._data.ndim, 1) > nd:
            raise RuntimeError(_messages.INDEX_DIMS_SRC)
        if max(src._data.ndim, 1) < nd:  # torch reads src.size(d) for each d of index
            src._wrap_dim(max(src._data.ndim, 1))
        if src._data.dtype != input._data.dtype:
            raise RuntimeError(f"{name}(): Expected self.dtype to be equal to src.dtype")
    shape = input._data.shape or (1,)
    ishape = idx.shape or (1,)
    sshape = (src._data.shape or (1,)) if isinstance(src, Tensor) else None
    too_big = any(n > s for k, (n, s) in enumerate(zip(ishape, shape)) if k != d)
    if sshape is not None and (too_big or any(n > s for n, s in zip(ishape, sshape))):
        raise RuntimeError(_messages.scatter_index_size(list(ishape), list(shape), d, list(sshape)))
    if too_big:
        raise RuntimeError(_messages.scatter_index_size_no_src(list(ishape), list(shape), d))
    n = shape[d]
    if idx.size and (idx.min() < 0 or idx.max() >= n):
        bad = int(idx.min() if idx.min() < 0 else idx.max())
        raise RuntimeError(f"index {bad} is out of bounds for dimension {d} with size {n}")
    if input._data.ndim == 0:
        return d, ()
    grid = np.ogrid[tuple(slice(s) for s in idx.shape)]
    return d, tuple(idx if k == d else grid[k] for k in range(idx.ndim))


def scatter(
    input: Tensor, dim: int, index: Tensor, src: Any = None, *, value: Any = None
) -> Tensor:
    """``input`` with ``src`` (a tensor or a number) written at the places
    ``index`` names along ``dim``: for dim 1, ``out[i][index[i][j]] = src[i][j]``.

    >>> import minigrad as torch
    >>> torch.zeros(2, 3).scatter(1, torch.tensor([[2], [0]]), 1.0)
    tensor([[0., 0., 1.],
            [1., 0., 0.]])
    """
    if src is None:
        src = value
    d, key = _scatter_key("scatter", input, dim, index, src)
    if isinstance(src, Tensor):
        return ScatterBackward0.apply(input, src, dim=d, index=index, key=key)
    check_scalar_fits(src, input._data.dtype)
    return ScatterBackward1.apply(input, value=src, dim=d, index=index, key=key)


def scatter_add(input: Tensor, dim: int, index: Tensor, src: Tensor) -> Tensor:
    """``input`` with each ``src[i][j]`` added at the place ``index`` names
    (repeated places add up): for dim 1, ``out[i][index[i][j]] += src[i][j]``."""
    d, key = _scatter_key("scatter_add", input, dim, index, src)
    return ScatterAddBackward0.apply(input, src, dim=d, index=index, key=key)


def index_add(input: Tensor, dim: int, index: Tensor, source: Tensor, *, alpha: Any = 1) -> Tensor:
    """``input`` with ``alpha * source[k]`` added to its slice ``index[k]`` along ``dim``."""
    idx = index._data if isinstance(index, Tensor) else None
    if idx is None or idx.dtype.kind not in "iu":
        kind = index.dtype.scalar_name if isinstance(index, Tensor) else type(index).__name__
        raise RuntimeError(f"index_add_(): Expected dtype int32/int64 for index but got: {kind}")
    d = input._wrap_dim(dim, max(input._data.ndim, 1))
    shape, sshape = input._data.shape, source._data.shape
    if len(sshape) != len(shape) and input._data.ndim:
        raise RuntimeError(_messages.index_add_shapes(list(shape), list(sshape)))
    if input._data.ndim and sshape[d] != idx.size:
        raise RuntimeError(_messages.index_add_count(idx.size, sshape[d], d))
    n = shape[d] if shape else 1
    if idx.size and (idx.min() < -n or idx.max() >= n):
        bad = int(idx.max() if idx.max() >= n else idx.min())
        raise RuntimeError(f"index {bad} is out of bounds for dimension {d} with size {n}")
    return IndexAddBackward0.apply(input, source, dim=d, index=index, alpha=alpha)


def index_fill(input: Tensor, dim: int, index: Tensor, value: Any) -> Tensor:
    """``input`` with its slices ``index`` along ``dim`` set to ``value``."""
    idx = index._data if isinstance(index, Tensor) else None
    if idx is None or idx.dtype != np.int64:
        raise IndexError("index_fill_(): Expected dtype int64 for index.")
    d = input._wrap_dim(dim, max(input._data.ndim, 1))
    n = input._data.shape[d] if input._data.ndim else 1
    if idx.size and (idx.min() < -n or idx.max() >= n):
        bad = int(idx.max() if idx.max() >= n else idx.min())
        raise IndexError(f"index {bad} is out of bounds for dimension {d} with size {n}")
    if isinstance(value, Tensor):
        value = value.item()
    return IndexFillBackward0.apply(input, dim=d, index=index, value=value)


def take_along_dim(input: Tensor, indices: Tensor, dim: int | None = None) -> Tensor:
    """Pick along ``dim`` by ``indices`` (the two broadcast, but along ``dim``): the
    values ``argmax``, ``argsort``... point at. Without ``dim``, from the flattened input.

    >>> import minigrad as torch
    >>> x = torch.tensor([[10.0, 30.0, 20.0]])
    >>> torch.take_along_dim(x, x.argsort(dim=1), dim=1)
    tensor([[10., 20., 30.]])
    """
    from ..core.tensor import _broadcast_check

    if indices._data.dtype != np.int64:
        raise RuntimeError(
            "torch.take_along_dim(): dtype of indices should be Long but got "
            f"{indices.dtype.scalar_name}"
        )
    if dim is None:
        return gather(input.reshape(-1), 0, indices.reshape(-1))
    d = input._wrap_dim(dim)
    # broadcast every dim but ``dim`` (torch's message names the input a and the indices b)
    a_shape, b_shape = list(input.shape), list(indices.shape)
    a_shape[d] = b_shape[d] = 1
    _broadcast_check(np.empty(a_shape, dtype=np.bool_), np.empty(b_shape, dtype=np.bool_))
    shape = list(np.broadcast_shapes(tuple(a_shape), tuple(b_shape)))
    x_shape, i_shape = list(shape), list(shape)
    x_shape[d], i_shape[d] = input.shape[d], indices.shape[d]
    x = input if list(input.shape) == x_shape else input.expand(*x_shape)
    index = indices if list(indices.shape) == i_shape else indices.expand(*i_shape)
    return gather(x, d, index)


# a write through a view, and a view's history taken again: steps of the core's Tensor
registry.register(CopySlices=CopySlices, AsStridedBackward0=AsStridedBackward0)
