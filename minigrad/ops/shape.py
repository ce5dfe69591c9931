"""Shape operations: the same numbers, arranged differently.

Moving numbers around does not change them, so each derivative rule just
moves the gradient back: the backward of a reshape is a reshape to the old
shape, the backward of a transpose is the same transpose, and the backward of
an expand sums the copies back together. Most of these return *views*, which
share data (and the version counter) with their input.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core import registry
from ..core.grad_mode import _State
from ..core.node import Op
from ..core.tensor import Tensor
from ..exact import messages as _messages
from ..exact import warn as _warn


def _shape_arg(shape: tuple) -> tuple:
    """Accept ``view(2, 3)`` as well as ``view((2, 3))`` and ``view([2, 3])``."""
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    return tuple(int(s) for s in shape)


def _infer(shape: tuple, numel: int) -> tuple:
    """Fill in a single ``-1`` and check the element count, as torch does."""
    if list(shape).count(-1) > 1:
        raise RuntimeError("only one dimension can be inferred")
    known = 1
    for i, s in enumerate(shape):
        if s != -1:
            if s < 0:
                raise RuntimeError(
                    f"invalid shape dimension {s} at index {i} of shape {list(shape)}"
                )
            known *= s
    if -1 in shape:
        if known == 0 and numel == 0:
            raise RuntimeError(_messages.reshape_0_elements(list(shape)))
        if known == 0 or numel % known:
            raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
        shape = tuple(numel // known if s == -1 else s for s in shape)
    elif known != numel:
        raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
    return shape


def _view_array(a: np.ndarray, shape: tuple) -> np.ndarray | None:
    """The same data seen with a new shape, or None if that needs a copy."""
    v = a.view()
    try:
        v.shape = shape
    except AttributeError:
        return None
    return v


class ViewBackward0(Op):
    """out = a seen with a new shape          grad: reshaped back"""

    __slots__ = ("shape",)
    _is_view = True

    @staticmethod
    def forward(ctx, a, shape):
        ctx.shape = a.shape
        out = _view_array(a, shape)
        if out is None:
            raise RuntimeError(_messages.VIEW_NOT_COMPATIBLE)
        return out

    @staticmethod
    def backward(ctx, grad):
        if grad._data.flags.c_contiguous:  # fast path for reshape(), which would check
            return ViewBackward0.apply(grad, shape=ctx.shape)  # the shape and find the same
        return grad.reshape(ctx.shape)


class ReshapeAliasBackward0(ViewBackward0):
    """``reshape`` of a tensor that is not laid out row by row but can still be
    seen in the new shape without a copy (torch names this view differently)"""

    __slots__ = ()


class UnsafeViewBackward0(Op):
    """``reshape`` of a non-contiguous tensor: copy, then view   grad: reshaped back"""

    __slots__ = ("shape",)

    @staticmethod
    def forward(ctx, a, shape):
        ctx.shape = a.shape
        return a.reshape(shape)

    @staticmethod
    def backward(ctx, grad):
        return grad.reshape(ctx.shape)


class TBackward0(Op):
    """out = a.t() (rows become columns)          grad: transposed back"""

    __slots__ = ()
    _is_view = True

    @staticmethod
    def forward(ctx, a):
        return a.T

    @staticmethod
    def backward(ctx, grad):
        return grad.t()


class TransposeBackward0(Op):
    """out = a with dims d0 and d1 swapped          grad: swapped back"""

    __slots__ = ("d0", "d1")
    _is_view = True

    @staticmethod
    def forward(ctx, a, d0, d1):
        ctx.d0, ctx.d1 = d0, d1
        return np.swapaxes(a, d0, d1) if a.ndim else a.view()  # a 0-dim tensor accepts 0/-1

    @staticmethod
    def backward(ctx, grad):
        return grad.transpose(ctx.d0, ctx.d1)


class PermuteBackward0(Op):
    """out = a with its dims reordered          grad: the inverse reordering"""

    __slots__ = ("dims",)
    _is_view = True

    @staticmethod
    def forward(ctx, a, dims):
        ctx.dims = dims
        return np.transpose(a, dims)

    @staticmethod
    def backward(ctx, grad):
        return grad.permute(tuple(np.argsort(ctx.dims).tolist()))


class UnsqueezeBackward0(Op):
    """out = a with a new dim of size 1          grad: that dim squeezed away"""

    __slots__ = ("dim",)
    _is_view = True

    @staticmethod
    def forward(ctx, a, dim):
        ctx.dim = dim
        return np.expand_dims(a, dim)

    @staticmethod
    def backward(ctx, grad):
        return grad.squeeze(ctx.dim)


def _unsqueeze_to(grad: Tensor, shape: tuple, dims: Any = None) -> Tensor:
    """Put back the size-1 dims of ``shape`` (only those in ``dims``, if given) that a
    squeeze took away, one ``unsqueeze`` each, as torch's backward does."""
    for d, size in enumerate(shape):
        if size == 1 and (dims is None or d in dims):
            grad = grad.unsqueeze(d)
    return grad


class SqueezeBackward0(Op):
    """out = a without its size-1 dims          grad: unsqueezed back"""

    __slots__ = ("shape",)
    _is_view = True

    @staticmethod
    def forward(ctx, a):
        ctx.shape = a.shape
        return a.reshape(tuple(s for s in a.shape if s != 1))

    @staticmethod
    def backward(ctx, grad):
        return _unsqueeze_to(grad, ctx.shape)


class SqueezeBackward1(Op):
    """out = a without dim ``dim`` (if it has size 1)          grad: unsqueezed"""

    __slots__ = ("dim", "squeezed")
    _is_view = True

    @staticmethod
    def forward(ctx, a, dim):
        ctx.dim, ctx.squeezed = dim, a.ndim > 0 and a.shape[dim] == 1
        return np.squeeze(a, dim) if ctx.squeezed else a.view()

    @staticmethod
    def backward(ctx, grad):
        return grad.unsqueeze(ctx.dim) if ctx.squeezed else grad


class SqueezeBackward2(Op):
    """out = a without those of the dims ``dims`` that have size 1     grad: unsqueezed"""

    __slots__ = ("dims", "shape")
    _is_view = True

    @staticmethod
    def forward(ctx, a, dims):
        ctx.dims, ctx.shape = dims, a.shape
        gone = tuple(d for d in dims if a.ndim and a.shape[d] == 1)
        return np.squeeze(a, gone) if gone else a.view()

    @staticmethod
    def backward(ctx, grad):
        return _unsqueeze_to(grad, ctx.shape, ctx.dims)


class SqueezeBackward4(SqueezeBackward1):
    """Like SqueezeBackward1; the name torch gives the squeeze inside ``matmul`` and
    an in-place ``squeeze_(dim)`` (quantile's)."""

    __slots__ = ()


class ExpandBackward0(Op):
    """out = a repeated along its size-1 dims (no copy)     grad: the copies summed"""

    __slots__ = ("shape",)
    _is_view = True

    @staticmethod
    def forward(ctx, a, shape):
        ctx.shape = a.shape
        return np.broadcast_to(a, shape)  # (numpy marks it read-only; see memory._writable)

    @staticmethod
    def backward(ctx, grad):
        shape = ctx.shape
        if not shape:  # to a 0-dim tensor: one sum, as torch's sum_to
            return grad.sum()
        lead = grad.dim() - len(shape)
        dims = list(range(lead)) + [
            lead + i for i, s in enumerate(shape) if s == 1 and grad.shape[lead + i] != 1
        ]
        if dims:
            grad = grad.sum(dims, keepdim=True)
        return grad.reshape(shape) if lead else grad


# --- the public functions ---------------------------------------------------
def view(self: Tensor, *shape: Any) -> Tensor:
    """The same data with a new shape (no copy); ``-1`` is inferred.

    >>> import minigrad as torch
    >>> torch.arange(6.).view(2, 3)
    tensor([[0., 1., 2.],
            [3., 4., 5.]])
    """
    if len(shape) == 1 and not isinstance(shape[0], (tuple, list, int, np.integer)):
        return self.to(shape[0])  # view(dtype)
    shape = _infer(_shape_arg(shape), self._data.size)
    return ViewBackward0.apply(self, shape=shape)


def reshape(self: Tensor, *shape: Any) -> Tensor:
    """Like ``view``, but copies when the data cannot be viewed in the new shape."""
    shape = _infer(_shape_arg(shape), self._data.size)
    if _view_array(self._data, shape) is not None:
        if not self._data.flags.c_contiguous:
            return ReshapeAliasBackward0.apply(self, shape=shape)
        return ViewBackward0.apply(self, shape=shape)
    return UnsafeViewBackward0.apply(_clone_rows(self), shape=shape)


def flatten(self: Tensor, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    """Merge dims ``start_dim..end_dim`` into one."""
    s, e = self._wrap_dim(start_dim), self._wrap_dim(end_dim)
    if self.dim() == 0:
        return reshape(self, 1)
    if s > e:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if s == e:
        return self
    shape = self.shape
    n = int(np.prod(shape[s : e + 1]))
    return reshape(self, tuple(shape[:s]) + (n,) + tuple(shape[e + 1 :]))


def t(self: Tensor) -> Tensor:
    """Transpose a matrix (a 0-D or 1-D tensor is returned as it is)."""
    if self.dim() > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {self.dim()}D")
    return TBackward0.apply(self)


def transpose(self: Tensor, dim0: int, dim1: int) -> Tensor:
    """Swap two dims."""
    n = max(self.dim(), 1)
    d0, d1 = self._wrap_dim(dim0, n), self._wrap_dim(dim1, n)
    return TransposeBackward0.apply(self, d0=d0, d1=d1)


def permute(self: Tensor, *dims: Any) -> Tensor:
    """Reorder the dims, e.g. ``permute(1, 0)``."""
    if not dims:
        raise TypeError('permute() missing 1 required positional arguments: "dims"')
    dims = _shape_arg(dims)
    if len(dims) != self.dim():
        raise RuntimeError(_messages.permute_wrong_dims(self.dim(), len(dims)))
    dims = tuple(self._wrap_dim(d) for d in dims)
    if len(set(dims)) != len(dims):
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    return PermuteBackward0.apply(self, dims=dims)


_T_WARNED: set[str] = set()  # torch gives each of these warnings once per process


def _warn_once(message: str) -> None:
    if message not in _T_WARNED:
        _T_WARNED.add(message)
        _warn.warn(message)


def _T(self: Tensor) -> Tensor:
    if self.dim() == 0:
        _warn_once(_messages.T_OF_0_DIM)
        return self
    if self.dim() != 2:
        _warn_once(_messages.T_OF_NOT_2_DIM)
    return PermuteBackward0.apply(self, dims=tuple(reversed(range(self.dim()))))


def _mT(self: Tensor) -> Tensor:
    if self.dim() == 0:
        _warn_once(_messages.MT_OF_0_DIM)
        return self
    if self.dim() == 1:
        raise RuntimeError(
            "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor."
        )
    return transpose(self, -2, -1)


def _mH(self: Tensor) -> Tensor:
    """The conjugate transpose of the last two dims: for real numbers, ``mT``."""
    if self.dim() == 0:
        _warn_once(_messages.MH_OF_0_DIM)
        return self
    if self.dim() == 1:
        raise RuntimeError(_messages.MH_OF_1_DIM)
    return transpose(self, -2, -1)


def _H(self: Tensor) -> Tensor:
    """The conjugate transpose of a matrix: for real numbers, its transpose."""
    if self.dim() == 0:
        _warn_once(_messages.H_OF_0_DIM)
        return self
    if self.dim() != 2:
        raise RuntimeError(_messages.h_of_not_a_matrix(self.dim()))
    return transpose(self, 0, 1)


def unsqueeze(self: Tensor, dim: int) -> Tensor:
    """Insert a dim of size 1 at ``dim``."""
    return UnsqueezeBackward0.apply(self, dim=self._wrap_dim(dim, self.dim() + 1))


def squeeze(self: Tensor, dim: Any = None) -> Tensor:
    """Remove dims of size 1 (all of them, or just ``dim``, or those of a tuple ``dim``)."""
    if dim is None:
        return SqueezeBackward0.apply(self)
    if isinstance(dim, (tuple, list)):
        dims = [self._wrap_dim(d, max(self.dim(), 1)) for d in dim]
        for i, d in enumerate(dims):
            if d in dims[:i]:
                raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
        return SqueezeBackward2.apply(self, dims=tuple(dims))
    return SqueezeBackward1.apply(self, dim=self._wrap_dim(dim, max(self.dim(), 1)))


# --- the same in place: the tensor itself takes the new shape ---------------
# torch gives the in-place forms names of their own; the rules are the same.
class TBackward1(TBackward0):
    __slots__ = ()


class TransposeBackward1(TransposeBackward0):
    __slots__ = ()


class UnsqueezeBackward1(UnsqueezeBackward0):
    __slots__ = ()


class SqueezeBackward3(SqueezeBackward0):
    __slots__ = ()


class SqueezeBackward5(SqueezeBackward2):
    __slots__ = ()


def _view_in_place(self: Tensor, cls: type[Op], **settings: Any) -> Tensor:
    """``t.unsqueeze_(0)``...: ``t`` takes the shape of ``cls``'s view of it. No
    element changes, yet its version goes up, as in torch; when recording, ``t``'s
    grad_fn becomes the view's node, made on a stand-in for the old ``t`` (so no
    reference cycle)."""
    recording = _State.enabled and self.requires_grad
    self._check_inplace(recording)
    old = self._snapshot(copy=False)  # (the values do not change)
    result = cls.apply(old, **settings)
    self._data = result._data
    self._bump_version()
    if recording:
        self._set_history(result)
    if self._view_v is not None:  # a view: its grad_fn is up to date with the change
        self._view_v = self._vc.v
    return self


def t_(self: Tensor) -> Tensor:
    if self.dim() > 2:
        raise RuntimeError(f"t_() expects a tensor with <= 2 dimensions, but self is {self.dim()}D")
    return _view_in_place(self, TBackward1)


def transpose_(self: Tensor, dim0: int, dim1: int) -> Tensor:
    n = max(self.dim(), 1)
    return _view_in_place(
        self, TransposeBackward1, d0=self._wrap_dim(dim0, n), d1=self._wrap_dim(dim1, n)
    )


def unsqueeze_(self: Tensor, dim: int) -> Tensor:
    return _view_in_place(self, UnsqueezeBackward1, dim=self._wrap_dim(dim, self.dim() + 1))


def squeeze_(self: Tensor, dim: Any = None) -> Tensor:
    if dim is None:
        return _view_in_place(self, SqueezeBackward3)
    n = max(self.dim(), 1)
    if isinstance(dim, (tuple, list)):
        return _view_in_place(self, SqueezeBackward5, dims=tuple(self._wrap_dim(d, n) for d in dim))
    return _view_in_place(self, SqueezeBackward4, dim=self._wrap_dim(dim, n))


def expand(self: Tensor, *sizes: Any) -> Tensor:
    """Repeat size-1 dims to ``sizes`` without copying (``-1`` keeps a size)."""
    sizes = _shape_arg(sizes)
    if len(sizes) < self.dim():
        raise RuntimeError(
            _messages.expand_too_few_sizes(
                self.dtype.type_string, list(self.shape), list(sizes), len(sizes), self.dim()
            )
        )
    lead = len(sizes) - self.dim()
    shape = []
    for i in reversed(range(len(sizes))):  # torch checks from the last dim backwards
        s = sizes[i]
        own = self.shape[i - lead] if i >= lead else None
        if s == -1 and own is None:
            raise RuntimeError(_messages.expand_minus_one_leading(i))
        if s == -1:
            s = own
        elif own is not None and own != 1 and own != s:
            raise RuntimeError(
                _messages.expand_size_mismatch(s, own, i, list(sizes), list(self.shape))
            )
        shape.insert(0, s)
    return ExpandBackward0.apply(self, shape=tuple(shape))


def expand_as(self: Tensor, other: Tensor) -> Tensor:
    return expand(self, other.shape)


def view_as(self: Tensor, other: Tensor) -> Tensor:
    return view(self, other.shape)


def reshape_as(self: Tensor, other: Tensor) -> Tensor:
    return reshape(self, other.shape)


def contiguous(self: Tensor, memory_format: Any = None) -> Tensor:
    """The same tensor if its data is laid out row by row; else a copy that is."""
    return self if self._data.flags.c_contiguous else _clone_rows(self)


def _clone_rows(t: Tensor) -> Tensor:
    """A copy laid out row by row, whatever ``t``'s layout (torch's
    ``clone(memory_format=torch.contiguous_format)``)."""
    from .copies import CloneBackward0

    return CloneBackward0.apply(t, order="C")


# retain_grad's copy of a gradient, in the engine
registry.register(clone_rows=_clone_rows)
