"""The Tensor: a numpy array plus the bookkeeping autograd needs.

A tensor holds
- ``_data``: its values, a numpy array;
- ``grad_fn``: the node that made it (None for a *leaf*: a tensor you created);
- ``requires_grad``: whether operations on it are recorded;
- ``grad``: for a leaf, the gradient ``backward()`` accumulated into it;
- a version counter (``_version``), bumped by every in-place change, so that
  backward can notice a saved value that was overwritten.

The arithmetic here only dispatches: each operation and its derivative rule
live together in ``minigrad/ops/``.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from ..exact import device as _device
from ..exact import dtype as _dtype
from ..exact import messages as _messages
from ..exact import warn as _warn
from ..exact.device import device
from ..exact.dtype import dtype as DType
from ..exact.memory import (
    _check_no_overlap,
    _check_no_partial_overlap,
    _output_shape_message,
    _overlaps,
    _positions_in,
    _writable,
)
from ..exact.printing import format_value, tensor_repr
from ..exact.size import Size
from . import registry
from .grad_mode import _State
from .versions import _INFERENCE, _Version

_new = object.__new__


_CPU = _device.CPU


def _check_can_require_grad(data: np.ndarray, message: str) -> None:
    if data.dtype.kind != "f":
        raise RuntimeError(message)


# id(t) -> (the tensor t = x.detach() came from, a weak reference to t)
_detached_from: dict[int, tuple[Tensor, weakref.ref]] = {}


class Tensor:
    """A multi-dimensional array that can record the operations done to it.

    >>> import minigrad as torch
    >>> x = torch.tensor([1.0, 2.0], requires_grad=True)
    >>> y = (x * x).sum()
    >>> y.backward()
    >>> x.grad
    tensor([2., 4.])
    """

    __slots__ = (
        "_data",  # numpy array with the values
        "_grad_fn",  # the node that made this tensor, None for a leaf (read it as grad_fn)
        "_requires_grad",
        "_grad",
        "_vc",  # version counter, shared with views; None until first needed
        "_base",  # for a view: the tensor whose data it shares (torch's ``_base``)
        "_view_v",  # for a view: the version its grad_fn was made at (None: not a view)
        "_view_made",  # for a view made in no_grad mode or by split/unbind: how; else None
        "_out_nr",  # which output of grad_fn this tensor is
        "_acc",  # weak reference to this leaf's AccumulateGrad node
        "_hooks",  # hooks registered on a leaf
        "__weakref__",
    )
    __module__ = "torch"  # so ``type(x)`` prints <class 'torch.Tensor'>, as in the textbooks

    # --- construction --------------------------------------------------------
    def __new__(cls, *args: Any, **kwargs: Any) -> Tensor:
        """The legacy constructor: ``torch.Tensor([1, 2])`` is float32, and
        ``torch.Tensor(2, 3)`` makes a 2x3 tensor (of zeros, here)."""
        t = registry.legacy_new(_dtype.float32, args, kwargs, any_tensor=True)
        return t if cls is Tensor else Tensor._make(t._data, None, cls)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    @staticmethod
    def _make(data: Any, grad_fn: Any, cls: type | None = None) -> Tensor:
        """The fast internal constructor used by every operation."""
        t = _new(cls or Tensor)
        if type(data) is not np.ndarray:
            data = np.asarray(data)
        t._data = data
        t._grad_fn = grad_fn
        t._requires_grad = grad_fn is not None
        t._grad = None
        t._vc = _INFERENCE if _State.inference else None  # (see is_inference)
        t._base = None
        t._view_v = None
        t._view_made = None
        t._out_nr = 0
        t._acc = None
        t._hooks = None
        return t

    def _view_of(self, base: Tensor, made: str | None = None) -> Tensor:
        """Mark ``self`` as a view of ``base``: it shares its data and version counter.

        ``self._base`` is the first tensor of a chain of views (``y[0][1:]`` has
        base ``y``). ``made`` is "no_grad" for a view made in no_grad mode and
        "multi" for one of the outputs of ``split``/``unbind``: torch forbids
        in-place changes that would have to rewrite their history.
        """
        if base._vc is None:
            base._vc = _Version()
        self._vc = base._vc
        if base._view_v is not None:  # a view of a view
            self._base = base._base
            made = made or base._view_made
        else:
            self._base = base
        if not _State.enabled:
            made = "no_grad"
        self._view_v = self._vc.v
        self._view_made = made
        return self

    # --- what a tensor is ----------------------------------------------------
    @property
    def shape(self) -> Size:
        """The size of each dimension, e.g. ``torch.Size([2, 3])``."""
        return Size(self._data.shape)

    def size(self, dim: int | None = None) -> Any:
        """``size()`` is the shape; ``size(d)`` the length of dimension ``d``."""
        if dim is None:
            return Size(self._data.shape)
        return self._data.shape[self._wrap_dim(dim)]

    @property
    def dtype(self) -> DType:
        """The element type, e.g. ``torch.float32``."""
        return _dtype._BY_NUMPY[self._data.dtype]

    @property
    def device(self) -> device:
        return _CPU

    @property
    def is_cuda(self) -> bool:
        return False

    @property
    def ndim(self) -> int:
        return self._data.ndim

    def dim(self) -> int:
        """The number of dimensions."""
        return self._data.ndim

    ndimension = dim

    def numel(self) -> int:
        """The number of elements."""
        return self._data.size

    nelement = numel

    def element_size(self) -> int:
        return self._data.itemsize

    def is_floating_point(self) -> bool:
        return self._data.dtype.kind == "f"

    def is_signed(self) -> bool:
        """Whether the dtype holds negative numbers (not uint8 or bool)."""
        return self._data.dtype.kind in "fi"

    def is_complex(self) -> bool:
        return False  # minigrad has no complex dtypes

    is_cpu = True  # (a tensor is always on the CPU here)

    def get_device(self) -> int:
        """-1: the CPU (a GPU tensor would give its index)."""
        return -1

    def is_same_size(self, other: Tensor) -> bool:
        return self._data.shape == other._data.shape

    def is_nonzero(self) -> bool:
        """Whether the one element is not zero (as ``bool(t)``)."""
        return self.__bool__()

    @property
    def nbytes(self) -> int:
        """The bytes the elements take: ``numel() * itemsize``."""
        return self._data.size * self._data.itemsize

    @property
    def itemsize(self) -> int:
        """The bytes one element takes (as ``element_size()``)."""
        return self._data.itemsize

    def storage_offset(self) -> int:
        """Where a view's first element sits in its base's memory, in elements."""
        if self._base is None:
            return 0
        return (self.data_ptr() - self._base.data_ptr()) // self._data.itemsize

    def is_contiguous(self, memory_format: Any = None) -> bool:
        return bool(self._data.flags.c_contiguous)

    def stride(self, dim: int | None = None) -> Any:
        st = tuple(s // self._data.itemsize for s in self._data.strides)
        return st if dim is None else st[self._wrap_dim(dim)]

    def data_ptr(self) -> int:
        return int(self._data.__array_interface__["data"][0])

    def _wrap_dim(self, dim: int, ndim: int | None = None) -> int:
        n = self._data.ndim if ndim is None else ndim
        lo, hi = (-n, n - 1) if n else (-1, 0)
        if not lo <= dim <= hi:
            raise IndexError(
                f"Dimension out of range (expected to be in range of [{lo}, {hi}], but got {dim})"
            )
        return dim + max(n, 1) if dim < 0 else dim  # a 0-dim tensor takes 0 or -1 as 0

    # --- autograd attributes -------------------------------------------------
    @property
    def grad_fn(self) -> Any:
        """The node that made this tensor (None for a leaf).

        A view whose data was changed in place since its grad_fn was made (through
        its base or another view of it) gets a new one, like torch: an
        ``AsStridedBackward0`` that reads the view's elements out of its base.

        >>> import minigrad as torch
        >>> y = torch.tensor([1.0, 2.0], requires_grad=True) * 1
        >>> v = y[:1]
        >>> v.grad_fn.name()
        'SliceBackward0'
        >>> y.mul_(2).grad_fn.name(), v.grad_fn.name()
        ('MulBackward0', 'AsStridedBackward0')
        """
        if self._view_v is None or self._view_v == self._vc.v:
            return self._grad_fn
        return self._refresh_view()

    @grad_fn.setter
    def grad_fn(self, node: Any) -> None:
        self._grad_fn = node

    def _refresh_view(self) -> Any:
        """torch's rule for a view whose version moved on: its history is read
        again from its base (the base now holds the latest history)."""
        base = self._base
        if self._grad_fn is None and not base._requires_grad:
            return None  # nothing is recorded about either of them
        if self._view_made is not None:
            raise RuntimeError(_view_change_message(self, indirect=True))
        prev = _State.enabled
        _State.enabled = True  # recorded even inside no_grad (backward runs there)
        try:
            key = _positions_in(self._data, base._data)
            new = registry.AsStridedBackward0.apply(base, key=key, shape=self._data.shape)
        finally:
            _State.enabled = prev
        self._grad_fn, self._requires_grad, self._out_nr = new._grad_fn, new._requires_grad, 0
        self._view_v = self._vc.v
        return self._grad_fn

    @property
    def requires_grad(self) -> bool:
        """Whether operations on this tensor are recorded for backward (a view
        also when its base requires grad: it will read its history from there)."""
        if self._requires_grad:
            return True
        return self._view_v is not None and self._base._requires_grad

    @requires_grad.setter
    def requires_grad(self, flag: bool) -> None:
        if type(flag) is not bool:
            raise RuntimeError("requires_grad must be a bool")
        if self.grad_fn is not None:  # (torch's hint is for turning it off)
            raise RuntimeError(_messages.REQUIRES_GRAD_OF_NON_LEAF if not flag else _LEAF_ONLY)
        if flag:
            _check_can_require_grad(
                self._data, "only Tensors of floating point and complex dtype can require gradients"
            )
            self._check_not_inference()
        self._requires_grad = bool(flag)

    def requires_grad_(self, requires_grad: bool = True) -> Tensor:
        """Set ``requires_grad`` in place and return the tensor."""
        if type(requires_grad) is not bool:
            raise TypeError(_messages.not_a_bool("requires_grad_", "requires_grad", requires_grad))
        if self.grad_fn is not None and not requires_grad:
            raise RuntimeError(_messages.REQUIRES_GRAD_OF_NON_LEAF)
        if requires_grad:
            _check_can_require_grad(
                self._data, "only Tensors of floating point dtype can require gradients"
            )
            self._check_not_inference()
        if self.grad_fn is None:
            self._requires_grad = bool(requires_grad)
        return self

    def _check_not_inference(self) -> None:
        if self._vc is _INFERENCE and not _State.inference:
            raise RuntimeError(_messages.REQUIRES_GRAD_ON_INFERENCE_TENSOR)

    @property
    def is_leaf(self) -> bool:
        """True for tensors you created (and for any tensor that does not require grad)."""
        return self.grad_fn is None

    @property
    def output_nr(self) -> int:
        """Which output of its ``grad_fn`` this tensor is (0 for most; ``split`` and
        ``max(dim)`` make several outputs). Read-only.

        >>> import minigrad as torch
        >>> x = torch.tensor([3.0, 1.0], requires_grad=True)
        >>> values, indices = x.max(0, keepdim=True)
        >>> values.output_nr, x.output_nr
        (0, 0)
        >>> x.split(1)[1].output_nr
        1
        """
        return self._out_nr

    @property
    def grad(self) -> Tensor | None:
        """The gradient accumulated by backward (leaves, or after ``retain_grad()``)."""
        if self.grad_fn is not None and not self.retains_grad:
            _warn.warn(_messages.NON_LEAF_GRAD)
        return self._grad

    @grad.setter
    def grad(self, value: Tensor | None) -> None:
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(
                    "assigned grad expected to be a Tensor or None but got grad of type "
                    f"{type(value).__name__}"
                )
            if value is self:
                raise RuntimeError("can't assign Variable as its own grad")
            if value._data.dtype != self._data.dtype:
                raise RuntimeError(
                    _messages.grad_dtype_mismatch(value.dtype.cpp_name, self.dtype.scalar_name)
                )
            if value._data.shape != self._data.shape:
                raise RuntimeError(
                    _messages.grad_size_mismatch(list(value.shape), list(self.shape))
                )
        self._grad = value

    @grad.deleter
    def grad(self) -> None:
        self._grad = None

    @property
    def retains_grad(self) -> bool:
        """True after ``retain_grad()`` on a non-leaf."""
        fn = self.grad_fn
        if fn is None or fn._hooks is None:
            return False
        ref = fn._hooks.get("retain", {}).get(self._out_nr)
        return ref is not None and ref() is self

    def retain_grad(self) -> None:
        """Ask backward to fill ``.grad`` of this non-leaf tensor too."""
        if not self._requires_grad:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
        if self.grad_fn is None:
            return  # leaves keep their grad anyway
        import weakref

        table = self.grad_fn._hook_table()
        table.setdefault("retain", {})[self._out_nr] = weakref.ref(self)
        table.setdefault("dtype", {})[self._out_nr] = self.dtype

    def register_hook(self, hook: Callable[[Tensor], Tensor | None]) -> Any:
        """Call ``hook(grad)`` when this tensor's gradient is computed; a
        returned tensor replaces the gradient.

        >>> import minigrad as torch
        >>> x = torch.tensor(2.0, requires_grad=True)
        >>> h = x.register_hook(lambda g: g * 10)
        >>> (x * 3).backward(); x.grad
        tensor(30.)
        """
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self.grad_fn is None:
            if self._hooks is None:
                self._hooks = []
            hooks = self._hooks
        else:
            table = self.grad_fn._hook_table()
            table.setdefault("dtype", {})[self._out_nr] = self.dtype
            hooks = table.setdefault("tensor", {}).setdefault(self._out_nr, [])
        hooks.append(hook)
        return _RemovableHandle(hooks, hook)

    def register_post_accumulate_grad_hook(self, hook: Callable[[Tensor], None]) -> Any:
        """Call ``hook(tensor)`` on a leaf each time backward has added into its ``.grad``
        (an optimizer can step right there).

        >>> import minigrad as torch
        >>> w = torch.tensor(1.0, requires_grad=True)
        >>> h = w.register_post_accumulate_grad_hook(lambda t: print("grad", t.grad))
        >>> (w * 3).backward()
        grad tensor(3.)
        """
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self.grad_fn is not None:
            raise RuntimeError(
                "post accumulate grad hooks cannot be registered on non-leaf tensors"
            )
        from . import engine

        hooks = engine.post_accumulate_hooks(self)
        hooks.append(hook)
        return _RemovableHandle(hooks, hook)

    @property
    def _version(self) -> int:
        """How many in-place changes this tensor's data has seen."""
        if self._vc is _INFERENCE:
            raise RuntimeError("Inference tensors do not track version counter.")
        return self._vc.v if self._vc is not None else 0

    def is_inference(self) -> bool:
        """True for a tensor made inside ``inference_mode()`` (or a view of one)."""
        return self._vc is _INFERENCE

    def _bump_version(self) -> None:
        if self._vc is None:
            self._vc = _Version()
        self._vc.v += 1

    @property
    def data(self) -> Tensor:
        """The same values, outside the graph: changes through ``.data`` are
        not recorded and not seen by the version counter."""
        return Tensor._make(self._data, None)

    @data.setter
    def data(self, value: Tensor) -> None:
        self._data = value._data

    def detach(self) -> Tensor:
        """A tensor sharing this one's data (and version counter) that autograd
        does not track. It is not a view for autograd: changing it in place is
        allowed, even when this tensor is a leaf that requires grad.

        >>> import minigrad as torch
        >>> torch.tensor([1.0], requires_grad=True).detach().requires_grad
        False
        """
        if self._vc is None:
            self._vc = _Version()
        out = Tensor._make(self._data, None)
        out._vc = self._vc
        # not a view, so its _base is None as in torch; where it came from is
        # remembered aside, for ``explain`` and the pictures (until it is dropped)
        key = id(out)
        _detached_from[key] = (self, weakref.ref(out, lambda _: _detached_from.pop(key, None)))
        return out

    def detach_(self) -> Tensor:
        """Cut this tensor from its graph, in place: it becomes a leaf."""
        if self._view_v is not None:
            raise RuntimeError(_messages.DETACH_VIEW_IN_PLACE)
        if self._grad_fn is not None:  # a node that saved it cannot use it any more
            from .node import next_seq

            if self._vc is None:
                self._vc = _Version()
            self._vc.detached = next_seq()
        self.grad_fn = None
        self._requires_grad = False
        return self

    def backward(
        self,
        gradient: Tensor | None = None,
        retain_graph: bool | None = None,
        create_graph: bool = False,
        inputs: Sequence[Tensor] | Tensor | None = None,
    ) -> None:
        """Compute the gradient of this tensor with respect to every leaf
        that requires grad, and add it into each leaf's ``.grad``.

        >>> import minigrad as torch
        >>> x = torch.tensor(2.0, requires_grad=True)
        >>> (x * x).backward()
        >>> x.grad
        tensor(4.)
        """
        # torch.autograd.backward (autograd/__init__.py), handed to the core by
        # core/registry.py: it checks the arguments, then runs engine.run_backward
        registry.backward(self, gradient, retain_graph, create_graph, inputs=inputs)

    # --- conversions ---------------------------------------------------------
    def item(self) -> Any:
        """The value of a one-element tensor as a Python number."""
        if self._data.size != 1:
            raise RuntimeError(
                f"a Tensor with {self._data.size} elements cannot be converted to Scalar"
            )
        return self._data.reshape(()).item()

    def tolist(self) -> Any:
        """The values as (nested) Python lists."""
        return self._data.tolist()

    def numpy(self, *, force: bool = False) -> np.ndarray:
        """The numpy array behind this tensor (shares memory). While recording,
        a tensor that requires grad must be detached first (under ``no_grad``,
        and in a custom Function's forward, it need not)."""
        if self._requires_grad and _State.enabled and not force:
            raise RuntimeError(_messages.NUMPY_OF_REQUIRES_GRAD)
        return self._data

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        arr = self.numpy()
        return arr if dtype is None else arr.astype(dtype)

    def __float__(self) -> float:
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        if self._requires_grad and _State.enabled:
            _warn_scalar_once()
        return float(self._data.reshape(()))

    def __int__(self) -> int:
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return int(self._data.reshape(()))

    def __index__(self) -> int:
        if self._data.dtype.kind not in "iub" or self._data.size != 1:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(self._data.reshape(()))

    def __bool__(self) -> bool:
        if self._data.size == 0:
            raise RuntimeError("Boolean value of Tensor with no values is ambiguous")
        if self._data.size != 1:
            raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
        return bool(self._data.reshape(()))

    def __contains__(self, element: Any) -> bool:
        """``element in t``: whether some element equals it (a tensor: broadcast)."""
        if not isinstance(element, (Tensor, int, float, bool, np.number, np.bool_)):
            raise RuntimeError(
                "Tensor.__contains__ only supports Tensor or scalar, but you passed in a "
                f"{type(element)}."
            )
        return bool((element == self).any())

    def __len__(self) -> int:
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self._data.shape[0]

    def __iter__(self) -> Iterator[Tensor]:
        if self._data.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        return iter(self.unbind(0))

    def __hash__(self) -> int:
        return id(self)

    def _grad_fn_name(self) -> str | None:
        """The grad_fn's name as reprs show it; "Invalid" for a view whose
        history torch refuses to rebuild (as torch prints it)."""
        try:
            fn = self.grad_fn
        except RuntimeError:
            return "Invalid"
        return None if fn is None else fn.name().split("::")[-1]

    def _tangent_text(self) -> str | None:
        """A dual tensor's tangent as its repr shows it (forward-mode AD), else None."""
        from .node import _TANGENTS

        if not _TANGENTS:  # no dual tensor anywhere: the usual case
            return None
        tangent = registry.tangent_of(self)
        if tangent is None:
            return None
        return repr(float(tangent.item())) if tangent.dim() == 0 else repr(tangent)

    def __repr__(self) -> str:
        return tensor_repr(
            self._data,
            grad_fn_name=self._grad_fn_name(),
            requires_grad=self.requires_grad,
            tangent=self._tangent_text(),
        )

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return format_value(
            self._data,
            spec,
            grad_fn_name=self._grad_fn_name(),
            requires_grad=self.requires_grad,
            tangent=self._tangent_text(),
        )

    # --- in-place operations -------------------------------------------------
    def _check_inplace(self, recording: bool | None = None) -> None:
        """torch's checks before an in-place change that will be recorded
        (``recording``: by default, when this tensor requires grad)."""
        if self._vc is _INFERENCE and not _State.inference:
            raise RuntimeError(_messages.INPLACE_ON_INFERENCE_TENSOR)
        if not _State.enabled:
            return
        if recording is None:
            recording = self.requires_grad
        if not recording:
            return
        if self._view_v is not None:
            if self._view_made is not None:  # made by split/unbind, or in no_grad mode
                raise RuntimeError(_view_change_message(self, indirect=False))
            if self.requires_grad and self._base._grad_fn is None:
                raise RuntimeError(_messages.VIEW_OF_LEAF_INPLACE)
        # (like torch, the node as last set: a view whose history is out of date
        # and was never recorded counts as a leaf here)
        if self.requires_grad and self._grad_fn is None:
            raise RuntimeError(
                "a leaf Variable that requires grad is being used in an in-place operation."
            )

    def _inplace(
        self,
        fn: Callable[..., Tensor],
        *args: Any,
        _fill: bool = False,
        _number: bool = False,
        _broadcast: bool = False,
        _first: Callable[[], None] | None = None,
        **kwargs: Any,
    ) -> Tensor:
        """Run ``fn(self, *args)`` and store the result in ``self``.

        When recording, the operation is applied to a snapshot of the old value,
        and ``self`` takes over the new node as its ``grad_fn`` (this is what
        torch shows as e.g. ``grad_fn=<MulBackward0>`` after ``y.mul_(2)``).
        ``_fill``: the op writes one value everywhere (``zero_``, ``fill_``), which
        torch allows on a tensor whose elements share memory (an ``expand``).
        ``_number``: the tensor arguments are read as numbers first (``fill_``), so
        they may be part of ``self``.
        ``_broadcast``: an elementwise op, whose tensor arguments must broadcast to
        ``self``'s shape (checked before the op runs, as torch does, so that its
        shape error comes before any complaint about dtypes).
        ``_first``: the op's own check of its arguments, which torch makes right
        after the autograd checks, before it looks at memory and shapes.
        """
        recording = _State.enabled and (
            self.requires_grad or any(isinstance(a, Tensor) and a.requires_grad for a in args)
        )
        self._inplace_checks(args, recording, _fill, _number, _broadcast, _first)
        dual = _inplace_tangent()  # forward-mode AD only: the tangent follows the values
        if not recording:
            return self._inplace_unrecorded(fn, args, kwargs, dual)
        old = self._snapshot()  # 1. the old value, with the history it had
        if dual:
            dual(self, old)
        result = fn(old, *args, **kwargs)  # 2. the operation, recorded on the snapshot
        self._write(result._data)  # 3. the new values into self (its version goes up)
        self._take_history(result)  # 4. self takes the new node as its grad_fn
        if dual:
            dual(result, self)
        return self

    def _inplace_checks(
        self, args: tuple, recording: bool, fill: bool, number: bool, broadcast: bool, first: Any
    ) -> None:
        """torch's checks before an in-place operation, in torch's order: autograd's
        (a leaf that requires grad, a view made in no_grad...), the op's own, then memory
        that overlaps itself or an argument, then shapes."""
        self._check_inplace(recording)
        if first is not None:
            first()
        if not fill:
            _check_no_overlap(self._data)
        if not (fill or number):
            for a in args:
                if isinstance(a, Tensor):
                    _check_no_partial_overlap(self._data, a._data)
        if broadcast:
            for a in args:
                if isinstance(a, Tensor):
                    _check_fits(self._data, a._data)

    def _inplace_unrecorded(self, fn: Callable, args: tuple, kwargs: dict, dual: Any) -> Tensor:
        """An in-place operation that records nothing: computed, then written into self."""
        prev = _State.enabled
        _State.enabled = False
        try:
            result = fn(self, *args, **kwargs)
        finally:
            _State.enabled = prev
        self._write(result._data)
        if dual:
            dual(result, self)
        return self

    def _snapshot(self, copy: bool = True) -> Tensor:
        """A new tensor that stands for this one as it is now: its values (a copy,
        unless ``copy=False``) and its history. An in-place operation records its
        node on the snapshot, and ``self`` then takes the node's output as its own.
        (torch clones the old values only when the derivative needs them; here they
        are always copied, so the node's input keeps the values its rule saw.)"""
        old = Tensor._make(self._data.copy() if copy else self._data, self.grad_fn)
        old._requires_grad, old._out_nr = self._requires_grad, self._out_nr
        return old

    def _write(self, values: np.ndarray) -> None:
        """Copy ``values`` into this tensor's own array and bump its version."""
        if values.shape != self._data.shape:  # (torch checks the shape first)
            try:
                values = np.broadcast_to(values, self._data.shape)
            except ValueError:
                raise RuntimeError(_output_shape_message(self._data.shape, values.shape)) from None
        if values.dtype != self._data.dtype and not np.can_cast(
            values.dtype, self._data.dtype, casting="same_kind"
        ):
            raise RuntimeError(
                f"result type {_dtype.from_numpy_dtype(values.dtype).scalar_name} can't be cast "
                f"to the desired output type {self.dtype.scalar_name}"
            )
        np.copyto(_writable(self._data), values, casting="unsafe")
        self._bump_version()

    def _take_history(self, result: Tensor) -> None:
        """Make ``self`` the output of ``result``'s node (after an in-place op)."""
        self._set_history(result)
        if self._view_v is not None:  # a change through a view changes its base too
            self._rebase_view()

    def _rebase_view(self) -> None:
        """After ``view.mul_(2)``, the base's values are the old ones with the view's
        elements replaced (CopySlices), and the view is read again from the new base."""
        overlap = _overlaps(self._data)  # (written through an expand: backward refuses)

        base = self._base
        self._view_v = self._vc.v  # its grad_fn is the in-place op's node, for now
        key = _positions_in(self._data, base._data)
        old = base._snapshot()
        base._set_history(
            registry.CopySlices.apply(old, self, key=key, overlap=overlap, through_view=True)
        )
        self._refresh_view()  # AsStridedBackward0, like every view after a change

    def _set_history(self, result: Tensor) -> None:
        node = result.grad_fn
        self.grad_fn = node
        self._requires_grad = result._requires_grad
        self._out_nr = result._out_nr
        if node is not None and node._saved:
            node._output_moved(result._data, self)  # a saved output now watches self

    def _add_inplace_raw(self, other: Tensor) -> None:
        """``self += other`` on the raw data, not recorded (used to accumulate .grad)."""
        np.add(self._data, other._data, out=self._data, casting="unsafe")
        self._bump_version()

    @staticmethod
    def _copy_with_grad_fn(grad: Tensor) -> Tensor:
        return registry.CopyBackwards.apply(grad)


_LEAF_ONLY = _messages.REQUIRES_GRAD_OF_NON_LEAF.split(" If ")[0]
_scalar_warned = False


def _warn_scalar_once() -> None:
    """``float(t)`` on a tensor that requires grad: torch warns once per process."""
    global _scalar_warned
    if not _scalar_warned:
        _scalar_warned = True
        _warn.warn(_messages.SCALAR_OF_REQUIRES_GRAD)


def _view_change_message(view: Tensor, indirect: bool) -> str:
    """torch's refusal to rewrite the history of a view made in no_grad mode or
    by a function with several outputs (``split``, ``unbind``)."""
    fn, made = view._grad_fn, view._view_made
    what = "its base or another view of its base has been" if indirect else "is being"
    name = None if fn is None else fn._label()
    if made == "no_grad" or fn is None:
        prefix = (
            "A view was created in"
            if fn is None
            else f"Output {view._out_nr} of {name} is a view of a view which was created in"
        )
        msg = f"{prefix} no_grad mode and {what} modified inplace with grad mode enabled."
    else:
        msg = f"Output {view._out_nr} of {name} is a view and {what} modified inplace."
    if made == "multi":
        return msg + (_messages.VIEW_INPLACE_MULTIPLE_VIEWS)
    return msg + (_messages.VIEW_INPLACE_AMBIGUOUS)


def _check_fits(out: np.ndarray, src: np.ndarray) -> None:
    """torch's errors when ``src`` cannot be broadcast to ``out``'s shape (in place)."""
    _broadcast_check(out, src)  # shapes that cannot meet at all
    shape = np.broadcast_shapes(out.shape, src.shape)
    if shape != out.shape:
        raise RuntimeError(_output_shape_message(out.shape, shape))


def _broadcast_check(a: np.ndarray, b: np.ndarray) -> None:
    """Raise torch's error when two shapes cannot broadcast."""
    sa, sb = a.shape, b.shape
    for i in range(1, min(len(sa), len(sb)) + 1):
        x, y = sa[-i], sb[-i]
        if x != y and x != 1 and y != 1:
            dim = max(len(sa), len(sb)) - i
            raise RuntimeError(_messages.size_mismatch_at_dim(x, y, dim))


def _inplace_tangent() -> Any:
    """forward-mode AD's update of a tangent after an in-place op, when tangents exist."""
    from .node import _TANGENTS

    if not _TANGENTS:
        return None
    return registry.inplace_tangent


class _RemovableHandle:
    """What ``register_hook`` returns: ``handle.remove()`` unregisters the hook."""

    def __init__(self, hooks: list, hook: Callable) -> None:
        self._hooks, self._hook = hooks, hook

    def remove(self) -> None:
        for i, fn in enumerate(self._hooks):
            if fn is self._hook:  # by identity: two equal hooks are still two hooks
                del self._hooks[i]
                return

    def __enter__(self) -> _RemovableHandle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.remove()
