"""The nodes of the backward graph.

Every operation on tensors that require grad leaves behind a *node*: the
object you see as ``y.grad_fn``. A node remembers

- ``_edges``: for each input, two things, one after the other in one tuple
  ``(input0, next0, input1, next1, ...)``:

  - the input itself (a tensor or a plain number; read them all as
    ``_inputs``), so the graph can be drawn and gradients can be reduced to
    each input's shape;
  - the node that input's gradient must flow to next, or None (read them all
    as ``_next``; ``next_functions`` shows them as ``(node, output_nr)`` pairs).

  One tuple, not two: each object a graph keeps is one more for Python's
  garbage collector to walk (``benchmarks/README.md``, "What changed in this pass");
- ``_saved``: the values its derivative rule needs (``ctx.save_for_backward``).

Each operation is a subclass of :class:`Op` (not to be confused with the
public ``autograd.Function``, for functions of your own) with a ``forward`` that
computes on numpy arrays and a ``backward`` that computes on Tensors. Because
``backward`` uses ordinary tensor operations, it can itself be recorded, which
is all that higher-order derivatives (``create_graph=True``) need.

A leaf that requires grad gets an :class:`AccumulateGrad` node: the end of every
path, where the gradient is added into ``leaf.grad``.
"""

from __future__ import annotations

import itertools
import re
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np

from ..autograd import observe
from ..exact import messages as _messages
from ..exact.quiet_numpy import _QUIET, _np_errors
from . import registry
from .grad_mode import _AnomalyMode, _State
from .tensor import Tensor
from .versions import _INFERENCE, _Version

_seq = itertools.count()  # creation order; the engine runs later nodes first, like torch

_new = object.__new__

_FREED = "freed"  # marks saved values that backward has released


class Node:
    """A node of the backward graph (what ``tensor.grad_fn`` holds)."""

    # __weakref__: like torch's nodes, ``weakref.ref(y.grad_fn)`` works (tests and
    # pictures use it to watch a graph being released)
    __slots__ = (
        "_edges",  # (input0, next0, input1, next1, ...): see the top of this file
        "_settings",  # the op's keyword settings (``dim=1``...), or None; shown in pictures
        "_next_nr",
        "_saved",
        "_versions",
        "_seq",
        "_hooks",
        "__weakref__",
    )
    _outputs = 1  # how many tensors the node's forward made (gradient buffers need one each)
    # True for a rule that keeps what backward needs (a mask, indices) in its own
    # slots, where torch saves tensors: a second backward through it fails all the same
    _holds_saved = False

    @property
    def _inputs(self) -> tuple:
        """What went into the operation: tensors and plain numbers, in order."""
        return self._edges[0::2]

    @property
    def _next(self) -> tuple:
        """For each input, the node its gradient goes to next (None: no gradient)."""
        return self._edges[1::2]

    def name(self) -> str:
        """The node's name, e.g. ``'MulBackward0'``."""
        return type(self).__name__

    def __repr__(self) -> str:
        return f"<{type(self).__name__} object at {hex(id(self))}>"

    @property
    def next_functions(self) -> tuple[tuple[Node | None, int], ...]:
        """Where the gradient of each input goes next: ``((node, output_nr), ...)``."""
        nrs = self._next_nr or (0,) * len(self._next)
        return tuple(zip(self._next, nrs))

    # (``_saved_self`` and the other names torch gives saved values are read through
    # descriptors that minigrad.autograd.graph adds to this class. Not a
    # ``__getattr__``: with one, Python reads every attribute of every node more slowly.)

    @property
    def metadata(self) -> dict:
        """A dict to keep your own notes on this node (empty at first)."""
        return self._hook_table().setdefault("metadata", {})

    # --- hooks ---------------------------------------------------------------
    def register_hook(self, fn: Callable[[tuple, tuple], Any]) -> Any:
        """Call ``fn(grad_inputs, grad_outputs)`` after this node has run; it may
        return a tuple that replaces ``grad_inputs``. ``handle.remove()`` undoes it."""
        from .tensor import _RemovableHandle

        hooks = self._hook_table().setdefault("post", [])
        hooks.append(fn)
        return _RemovableHandle(hooks, fn)

    def register_prehook(self, fn: Callable[[tuple], Any]) -> Any:
        """Call ``fn(grad_outputs)`` before this node runs; it may return new grads."""
        from .tensor import _RemovableHandle

        hooks = self._hook_table().setdefault("pre", [])
        hooks.append(fn)
        return _RemovableHandle(hooks, fn)

    def _hook_table(self) -> dict:
        if self._hooks is None:
            self._hooks = {}
        return self._hooks

    # --- saved tensors -------------------------------------------------------
    @property
    def saved_tensors(self) -> tuple:
        """The values saved by forward, as tensors, checked to be unchanged.

        Raises the "backward through the graph a second time" error once a
        backward without ``retain_graph=True`` has released them.
        """
        saved = self._saved
        if saved is _FREED:
            raise RuntimeError(_messages.SECOND_BACKWARD)
        if not saved:
            return ()
        versions = self._versions
        if versions is _VERSION_0 and type(saved[0]) is _SavedOutput:
            # fast path for the loop below: only the output was saved (tanh, exp...)
            value = saved[0].unpack(self)
            if value._vc.v != 0:
                raise RuntimeError(_modified_message(value, value._vc.v, 0))
            return (value,)
        if len(saved) < 4 and versions is _NO_VERSIONS[len(saved)]:  # only plain values
            # (``y * 2`` saved 2): fast path for the loop below, nothing to check
            return saved
        return self._checked_saved(saved, versions, unpack=True)

    def check_saved(self) -> None:
        """Raise what ``saved_tensors`` would raise, without running any unpack hook
        (a learning aid asks this: a checkpoint's unpack would run its block again)."""
        if self._saved is _FREED:
            raise RuntimeError(_messages.SECOND_BACKWARD)
        self._checked_saved(self._saved, self._versions, unpack=False)

    def _checked_saved(self, saved: tuple, versions: tuple, unpack: bool) -> tuple:
        out = []
        for value, version in zip(saved, versions):
            if version is None:  # a plain number, an array, None, or packed by a hook
                out.append(value.unpack() if unpack and type(value) is _Packed else value)
                continue
            if type(value) is _SavedOutput:
                value = value.unpack(self)
            current = value._vc.v if value._vc is not None else 0
            if current != version:
                raise RuntimeError(_modified_message(value, current, version))
            if value._vc is not None and value._vc.detached > self._seq and value._grad_fn is None:
                raise RuntimeError(_messages.SAVED_DETACHED_IN_PLACE)
            out.append(value)
        return tuple(out)

    @property
    def saved_values(self) -> tuple:
        """What was saved, without checks (for pictures); ``()`` once freed. A value
        a ``saved_tensors_hooks`` hook packed is left out: reading it would run the
        hook's unpack (for a checkpoint, its block again)."""
        if self._saved is _FREED or not self._saved:
            return ()
        return tuple(
            v.unpack(self) if type(v) is _SavedOutput else v
            for v in self._saved
            if type(v) is not _Packed
        )

    @property
    def unpack_hooks(self) -> list:
        """The unpack hooks a backward through this node will run (see ``saved_values``)."""
        if self._saved is _FREED or not self._saved:
            return []
        return [v.unpack_hook for v in self._saved if type(v) is _Packed]

    @property
    def is_freed(self) -> bool:
        """True once a backward without ``retain_graph`` released the saved values."""
        return self._saved is _FREED

    def _output_moved(self, data: Any, t: Tensor) -> None:
        """An in-place op made ``t`` the output whose data was ``data``: a saved
        copy of that output now watches ``t``'s data and version instead."""
        saved, versions = list(self._saved), list(self._versions)
        for i, s in enumerate(saved):
            if type(s) is _SavedOutput and s.data is data:
                s.data, s.vc = t._data, t._vc
                versions[i] = t._vc.v
        self._saved, self._versions = tuple(saved), tuple(versions)

    def _label(self) -> str:
        """How torch's messages name a node: ``MulBackward0`` -> ``Mul``,
        ``PowBackward1`` -> ``Pow1``, a custom ``InplaceBackward`` -> ``Inplace``;
        other names (``torch::autograd::CopySlices``) whole."""
        m = re.fullmatch(r"(\w+)Backward(\d*)", self.name())
        if m is None:
            return self.name()
        return m[1] if m[2] in ("", "0") else m[1] + m[2]

    def _release(self) -> None:
        if self._saved or self._holds_saved:
            self._saved = _FREED
            self._versions = ()

    # what ``ctx.needs_input_grad`` reports
    @property
    def needs_input_grad(self) -> tuple[bool, ...]:
        edges = self._edges
        if len(edges) == 4:  # most ops have two inputs: spelled out, it is cheaper
            return (edges[1] is not None, edges[3] is not None)
        # (a list comprehension: turning a generator into a tuple costs twice as much)
        return tuple([n is not None for n in edges[1::2]])


_NO_VERSIONS = ((), (None,), (None, None), (None, None, None))  # shared, never changed
_VERSION_0 = (0,)


class _SavedOutput:
    """A saved *output* of a node. Holding the output tensor itself would make
    a cycle (output -> grad_fn -> output), so only its data is kept and a
    tensor is rebuilt, with this node as its grad_fn, when backward needs it."""

    __slots__ = ("data", "vc", "requires_grad", "output_nr")

    def __init__(self, t: Tensor) -> None:
        if t._vc is None:
            t._vc = _Version()
        self.data, self.vc, self.requires_grad, self.output_nr = t._data, t._vc, True, t._out_nr

    def unpack(self, node: Node) -> Tensor:
        t = Tensor._make(self.data, node)
        t._vc = self.vc
        t._out_nr = self.output_nr
        return t


class _Packed:
    """A saved tensor handed to a ``saved_tensors_hooks`` pack hook: what it returned,
    and the unpack hook that turns that back into a tensor when backward needs it."""

    __slots__ = ("packed", "unpack_hook")

    def __init__(self, packed: Any, unpack_hook: Callable[[Any], Any]) -> None:
        self.packed, self.unpack_hook = packed, unpack_hook

    def unpack(self) -> Any:
        return self.unpack_hook(self.packed)


def _pack_saved(node: Node) -> None:
    """Pass every tensor ``node`` saved through the innermost pack hook."""
    pack, unpack = _State.saved_hooks[-1]
    saved, versions = [], []
    for value, version in zip(node._saved, node._versions):
        if type(value) is _SavedOutput:
            value = value.unpack(node)
        if isinstance(value, Tensor):
            value, version = _Packed(pack(value), unpack), None
        saved.append(value)
        versions.append(version)
    node._saved, node._versions = tuple(saved), tuple(versions)


def _modified_message(t: Tensor, current: int, expected: int) -> str:
    sizes = "[" + ", ".join(str(s) for s in t._data.shape) + "]"
    dtype = t._vc.dtype if t._vc is not None and t._vc.dtype is not None else t.dtype
    what = f"[{dtype.type_string} {sizes}]"
    fn = t.grad_fn
    if fn is not None:
        what += f", which is output {t._out_nr} of {fn._label()},"
    return _messages.modified_by_inplace(what, current, expected, _AnomalyMode.enabled)


class _NoContext:
    """Stands in for ``ctx`` when nothing is recorded: saving does nothing."""

    needs_input_grad = (False, False, False, False)

    def save_for_backward(self, *values: Any) -> None:
        pass


_NO_CTX = _NoContext()


def make_node(
    cls: type,
    edges: tuple = (),
    next_nr: tuple | None = None,
    settings: dict | None = None,
) -> Any:
    """A new node of class ``cls``: the one place nodes are made (by ``Op.apply``,
    ``AccumulateGrad.of`` and a custom ``autograd.Function``'s ``apply``).

    ``edges`` is ``(input0, next0, input1, next1, ...)``: what went into the
    operation, each followed by the node its gradient goes to (``next_nr[i]``:
    which output of that node; None means all 0); ``_seq`` orders the nodes: of
    the ready ones, backward runs the newest first.
    """
    node = _new(cls)
    node._edges = edges
    node._settings = settings
    node._next_nr = next_nr
    node._saved = ()  # filled by forward's ``ctx.save_for_backward``
    node._versions = ()  # the version of each saved tensor when it was saved
    node._hooks = None
    node._seq = next_seq()
    return node


next_seq = _seq.__next__
_watchers = observe.ops  # (thread -> on_op callbacks; empty: nobody watches)


# Forward-mode AD (``autograd.forward_ad``): the tangents of the dual tensors of
# the open dual level, by ``id`` of the tensor: ``{id: (weakref, tangent)}``.
# Empty (the usual case) costs every operation one dictionary truth test.
_TANGENTS: dict[int, tuple[Any, Any]] = {}


class Op(Node):
    """Base class of every differentiable operation.

    A subclass names itself after torch's grad_fn (``MulBackward0``) and
    writes its math in two static methods::

        class MulBackward0(Op):
            @staticmethod
            def forward(ctx, a, b):          # numpy arrays (or numbers) in ...
                ctx.save_for_backward(a, b)
                return a * b                 # ... a numpy array out
            @staticmethod
            def backward(ctx, grad):         # Tensors in, Tensors out
                a, b = ctx.saved_tensors
                return grad * b, grad * a    # one gradient per input

    ``MulBackward0.apply(x, y)`` runs it. Positional arguments are the inputs
    (tensors or numbers; gradients flow back to each); keyword arguments are
    settings such as ``dim=``.

    ``ctx`` *is* the node: ``apply`` makes the node first and passes it to
    ``forward`` and, later, to ``backward``. What a rule stores on ``ctx``
    (``ctx.dim = dim``) needs a slot in its class's ``__slots__``.

    ``forward`` saves numpy arrays. ``apply`` then maps each saved array back to
    the tensor it came from, *by identity* (``_resolve``), and records that
    tensor's version: this is what lets ``saved_tensors`` notice a later in-place
    change. Save the input array itself, not a copy: a copy would silently lose
    the check.
    """

    __slots__ = ()
    _outputs = 1  # how many tensors forward returns
    _is_view = False  # True when the output shares the input's data (view, transpose...)

    @staticmethod
    def forward(ctx: Any, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError

    @staticmethod
    def backward(ctx: Any, *grads: Any) -> Any:
        raise NotImplementedError

    def save_for_backward(self, *values: Any) -> None:
        """Keep ``values`` (input arrays, the output array, numbers) for backward."""
        self._saved = values  # resolved into tensors by ``apply`` once forward returns

    @classmethod
    def apply(cls, *inputs: Any, **settings: Any) -> Any:
        """Run the operation; if a gradient must flow back to some input, record
        a node (the outputs' ``grad_fn``) that knows how to send it there."""
        if _TANGENTS and any(id(x) in _TANGENTS for x in inputs):
            return _apply_dual(cls, inputs, settings)  # forward-mode AD: skip on a first read
        if not _State.enabled:  # no_grad, or a backward without create_graph: the
            return _compute(cls, inputs, settings)  # common case there, kept lean
        # 1. For each input, its array and the node its gradient goes to next:
        # its grad_fn, a leaf's AccumulateGrad, or None if it needs no gradient.
        # (This runs for every operation, so it is one plain loop, kept fast.)
        arrays = []
        edges = []  # input0, next0, input1, next1...
        record = False
        other_nr = False  # is some input not output 0 of its node? (rare: split, max(dim))
        for x in inputs:
            edges.append(x)
            if isinstance(x, Tensor):
                arrays.append(x._data)
                if x._out_nr:
                    other_nr = True
                if x._view_v is None:
                    if x._requires_grad:  # the common case
                        record = True
                        fn = x._grad_fn
                        edges.append(fn if fn is not None else AccumulateGrad.of(x))
                        continue
                elif _view_edge(x, edges):  # a view: its next node, found by _view_edge
                    record = True
                    continue
            else:
                arrays.append(x)
            edges.append(None)
        if not record:  # nothing to record: compute, and wrap the result as tensor(s)
            return _compute(cls, inputs, settings, arrays)
        # 2. Record a node, connected to those next nodes (``next_functions``).
        nrs = None  # which output of its node each input was: stored only if not all 0
        if other_nr:
            nrs = tuple(x._out_nr if isinstance(x, Tensor) else 0 for x in inputs)
        node = make_node(cls, tuple(edges), nrs, settings or None)
        # 3. Compute on the arrays; forward keeps what backward needs (``ctx.save_for_backward``).
        token = _np_errors.set(_QUIET)
        try:
            out = cls.forward(node, *arrays, **settings)
        finally:
            _np_errors.reset(token)
        # 4. The output tensors, with the node as their grad_fn; what forward saved
        # becomes tensors again, with their versions (to notice in-place changes):
        # each saved array is matched to its tensor by identity (``_resolve``).
        if cls._outputs == 1:
            result = Tensor._make(out, node)
            if node._saved:
                if len(node._saved) == 1 and node._saved[0] is out:
                    # fast path for _resolve: only the output was saved (tanh,
                    # exp, sigmoid...); _resolve would find the same, more slowly
                    node._saved, node._versions = (_SavedOutput(result),), _VERSION_0
                else:
                    node._saved, node._versions = _resolve(node, arrays, (result,), (out,))
                if _State.saved_hooks:
                    _pack_saved(node)
            if cls._is_view:
                result._view_of(inputs[0])
        else:
            result = _several_outputs(cls, node, out, inputs, arrays)  # split, max(dim)...
        if _watchers:  # somebody watches (minigrad.autograd.observe)
            observe.op_ran(cls.__name__, inputs, result, node, settings)
        return result


_ALL_0 = itertools.repeat(0)  # (a node's inputs were all output 0 of their nodes)


def edges_of(node: Node) -> Any:
    """For each input of ``node``: (the input, the node its gradient goes to next or None,
    which output of that node it was), read from ``_edges`` two at a time.

    >>> import minigrad as torch
    >>> x = torch.tensor(2.0, requires_grad=True)
    >>> [(inp is x, type(nxt).__name__, nr) for inp, nxt, nr in edges_of((x * 3).grad_fn)]
    [(True, 'AccumulateGrad', 0), (False, 'NoneType', 0)]
    """
    pairs = iter(node._edges)  # input0, next0, input1, next1, ...: taken in pairs
    return zip(pairs, pairs, node._next_nr or _ALL_0)


def _view_edge(x: Tensor, edges: list) -> bool:
    """Step 1 of ``Op.apply`` for an input that is a view: append the node its gradient
    goes to, and say whether it needs one (a view needs one also when only its base
    requires grad)."""
    fn = x.grad_fn  # (for a view changed in place, this renews its history)
    if not x.requires_grad:
        return False
    if fn is None:  # a leaf; or a view made in no_grad mode, whose gradient torch drops
        fn = AccumulateGrad.of(x) if x._requires_grad else None
    edges.append(fn)
    return True


def _apply_dual(cls: type, inputs: tuple, settings: dict) -> Any:
    """forward-mode AD (``autograd.forward_ad``): a dual tensor came in, so the output
    gets a tangent too."""
    return registry.apply_dual(cls, inputs, settings)


def _several_outputs(cls: type, node: Node, out: Any, inputs: tuple, arrays: list) -> tuple:
    """Step 4 of ``Op.apply`` for an op with several outputs: one tensor each, with the
    node as grad_fn and its output number; what forward saved resolved as for one."""
    result = tuple(Tensor._make(o, node) for o in out)
    node._output_meta = [(t.shape, t.dtype) for t in result]
    for i, t in enumerate(result):
        t._out_nr = i
    if node._saved:
        node._saved, node._versions = _resolve(node, arrays, result, tuple(out))
        if _State.saved_hooks:
            _pack_saved(node)
    if cls._is_view:  # split, unbind: their views cannot be changed in place
        for t in result:
            t._view_of(inputs[0], "multi")
    return result


def _compute(cls: type, inputs: tuple, settings: dict, arrays: list | None = None) -> Any:
    """Run ``cls``'s forward without recording: its result as tensor(s) with no grad_fn.
    (``arrays``: the inputs' arrays, when the caller has them already.)"""
    if arrays is None:
        arrays = []  # (a loop: for one or two inputs, cheaper than a list comprehension)
        for x in inputs:
            arrays.append(x._data if isinstance(x, Tensor) else x)
    token = _np_errors.set(_QUIET)  # numpy's inf/nan warnings off (as QuietNumpy does)
    try:
        out = cls.forward(_NO_CTX, *arrays, **settings)
    finally:
        _np_errors.reset(token)
    if cls._outputs == 1 and not cls._is_view and not _watchers:  # the common case
        return Tensor._make(out, None)
    return _unrecorded_outputs(cls, out, inputs, settings)


def _unrecorded_outputs(cls: type, out: Any, inputs: tuple, settings: dict) -> Any:
    """Forward's array(s) as tensor(s) with no grad_fn (views still share their input's data)."""
    if cls._outputs == 1:
        result = Tensor._make(out, None)
        if cls._is_view:
            result._view_of(inputs[0])
    else:
        result = tuple(Tensor._make(o, None) for o in out)
        if cls._is_view:  # split, unbind: their views cannot be changed in place
            for t in result:
                t._view_of(inputs[0], "multi")
    if _watchers:  # somebody watches (minigrad.autograd.observe)
        observe.op_ran(cls.__name__, inputs, result, None, settings)
    return result


def _resolve(node: Node, arrays: list, outs: tuple, raws: tuple) -> tuple[tuple, tuple]:
    """What ``node``'s forward saved, as tensors (inputs, outputs, or constants
    made by forward), and the version of each tensor (None for plain values).

    ``raws`` are the outputs exactly as forward returned them: for a 0-dim
    result numpy often returns a scalar (``np.float64``), not an array.

    The match is by identity (``value is array``): the array an input tensor
    holds, or the array forward returned. The tensor found is saved with its
    version now; ``saved_tensors`` compares it with the version at backward.
    An output is saved as a ``_SavedOutput`` (no output -> node -> output cycle).
    """
    # fast path for the loop below: only Python numbers and None (``y * 2`` saves 2)?
    for value in node._saved:
        if type(value) is not float and type(value) is not int and value is not None:
            break
    else:  # then nothing to look for, and no new tuples (see the end)
        if len(node._saved) < len(_NO_VERSIONS):
            return node._saved, _NO_VERSIONS[len(node._saved)]
    saved, versions = [], []
    found = changed = False
    for value in node._saved:
        tensor = None
        if type(value) is np.ndarray:
            for t in outs:
                if value is t._data:
                    tensor = _SavedOutput(t)
                    break
            else:
                for x, a in zip(node._inputs, arrays):
                    if value is a and isinstance(x, Tensor):
                        if x._vc is _INFERENCE:
                            raise RuntimeError(_messages.INFERENCE_SAVED)
                        tensor = x
                        break
                else:  # a helper array made by forward: keep it as a constant
                    value = Tensor._make(value, None)
                    changed = True
        elif isinstance(value, np.generic):  # numpy's 0-dim results come as scalars
            for t, raw in zip(outs, raws):
                if value is raw:
                    tensor = _SavedOutput(t)
                    break
        if tensor is None:
            saved.append(value)
            versions.append(None)
        else:
            saved.append(tensor)
            vc = tensor.vc if type(tensor) is _SavedOutput else tensor._vc
            versions.append(vc.v if vc is not None else 0)
            found = True
    if not found and len(saved) < len(_NO_VERSIONS):
        # only numbers (``y * 1.0001`` saves 1.0001): no tensor to watch, so
        # no new tuples either; one object less for the garbage collector
        return (tuple(saved) if changed else node._saved), _NO_VERSIONS[len(saved)]
    return tuple(saved), tuple(versions)


def _grad_node(x: Any) -> Node | None:
    """The node a gradient for ``x`` is sent to: its grad_fn, or the
    AccumulateGrad of a leaf that requires grad, or None."""
    if not isinstance(x, Tensor) or not x._requires_grad:
        return None
    if x.grad_fn is not None:
        return x.grad_fn
    return AccumulateGrad.of(x)


class AccumulateGrad(Node):
    """The node of a leaf tensor: adds the incoming gradient into ``variable.grad``.

    The leaf keeps only a weak reference to it, so the same node is shared by
    every operation that uses the leaf while a graph is alive.
    """

    __slots__ = ("variable",)

    def name(self) -> str:
        return "torch::autograd::AccumulateGrad"

    def __lt__(self, other: object) -> bool:
        # In the engine's ready queue all leaves tie (same _seq). Torch's queue is a
        # binary heap with the same sift rules as heapq, so treating a tie as a tie
        # (not "less") runs leaves, and their hooks, in torch's order.
        return False

    @staticmethod
    def of(leaf: Tensor) -> AccumulateGrad:
        """The leaf's node, made on first use and shared while a graph holds it."""
        acc = leaf._acc() if leaf._acc is not None else None
        if acc is None:
            acc = make_node(AccumulateGrad, (), None, None)
            acc._seq = float("inf")  # runs as soon as its gradient is ready
            acc.variable = leaf
            leaf._acc = weakref.ref(acc)
        return acc


class MultiOutputOp(Op):
    """An Op whose forward returns several arrays (``split``, ``max(dim)``...)."""

    __slots__ = ("_output_meta",)


class CopySlicesBase(Op):
    """Shared name logic for ``CopySlices`` (defined with the indexing ops)."""

    __slots__ = ()

    def name(self) -> str:
        return "torch::autograd::CopySlices"
