"""Watching autograd work: a callback for every operation and every backward step.

The pictures, the widgets and ``explain`` show what the core does without
changing it. They register callbacks here::

    from minigrad.autograd import observe

    with observe.on_op(lambda op: print(op.name, op.node)):
        z = w * x + b                 # MulBackward0 <MulBackward0 ...>, AddBackward0 ...
    with observe.on_node(lambda step: print(step.node.name(), step.grads_in)):
        z.backward()                  # AddBackward0 (tensor(1.),), MulBackward0 ...

- ``on_op(fn)``: ``fn(Op(...))`` after every operation (``Op.apply``, and
  ``apply`` of a custom ``autograd.Function``), recorded or not.
- ``on_node(fn)``: ``fn(Step(...))`` after every node the engine ran. A node
  that raised is reported too (``step.error``), then the error goes on.
- A callback sees only the thread that registered it, and the operations a
  callback itself runs are not reported (no callback watches itself).
- Nobody watching costs the core one falsy check of a module global.

What a picture may read beyond torch's own attributes (``grad_fn``,
``next_functions``, ``saved_tensors``, ``_version``, ``_base``...) is here too,
read-only: :func:`inputs`, :func:`settings` and :func:`sequence_nr` of a node,
:func:`saved_versions` (which saved tensor changed in place),
:func:`grad_accumulator` and :func:`own_requires_grad` of a tensor, and
:class:`Sandbox`, which puts back everything a backward changed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..core.node import AccumulateGrad, Node
    from ..core.tensor import Tensor

__all__ = [
    "Op",
    "Step",
    "Handle",
    "on_op",
    "on_node",
    "watching",
    "inputs",
    "detached_from",
    "settings",
    "sequence_nr",
    "SavedVersion",
    "saved_versions",
    "grad_accumulator",
    "own_requires_grad",
    "Sandbox",
]


@dataclass(frozen=True)
class Op:
    """One forward operation."""

    name: str  # the rule class name, e.g. "MulBackward0" (custom Function: "<Name>Backward")
    inputs: tuple  # the positional inputs as passed (Tensors and plain values)
    outputs: tuple  # the output tensor(s), always a tuple
    node: Node | None  # the grad_fn recorded for the outputs; None if nothing was recorded
    settings: Mapping  # the keyword settings (dim=..., ...), read-only


@dataclass(frozen=True)
class Step:
    """One node the engine ran in backward."""

    node: Node
    grads_in: tuple  # the gradients arriving at the node (after hooks), one per output
    grads_out: tuple  # what it sends along node.next_functions (() for AccumulateGrad)
    grad: Tensor | None = None  # for AccumulateGrad: the leaf's .grad afterwards
    error: BaseException | None = None  # what the node raised (it propagates after the Step)

    @cached_property
    def sent(self) -> tuple[Tensor | None, ...]:
        """One entry per ``node.next_functions`` edge: the gradient as it arrives
        there, i.e. ``grads_out`` summed back to the input's shape (and dtype)
        where the forward pass broadcast it, as the engine delivers it. None
        where nothing is sent. Values only (not recorded); worked out when first
        read (not meant for a batched ``autograd.grad``).

        >>> import minigrad as torch
        >>> w = torch.ones(3, requires_grad=True)
        >>> b = torch.tensor(1.0, requires_grad=True)
        >>> steps = []
        >>> with on_node(steps.append):
        ...     (w + b).sum().backward()
        >>> steps[1].grads_out[1].shape, steps[1].sent[1]
        (torch.Size([3]), tensor(3.))
        """
        from ..core.engine import _undo_broadcast
        from ..core.grad_mode import no_grad
        from ..core.tensor import Tensor

        node = self.node
        edges = list(zip(node._inputs, node._next, self.grads_out))
        if len(edges) > len(node.next_functions):  # a custom Function: numbers have no edge
            edges = [e for e in edges if isinstance(e[0], Tensor)]
        with no_grad():
            return tuple(
                None
                if nxt is None or g is None or not isinstance(x, Tensor)
                else _undo_broadcast(g.detach(), x, nxt)
                for x, nxt, g in edges
            )


# thread id -> callbacks of that thread. The core tests these dicts for
# truth before doing anything else: empty means nobody watches anywhere.
ops: dict[int, list[Callable[[Op], None]]] = {}
nodes: dict[int, list[Callable[[Step], None]]] = {}
_busy: set[int] = set()  # threads running a callback right now


class Handle:
    """Returned by ``on_op``/``on_node``: ``remove()`` stops the callback; a
    ``with`` block removes it at the end."""

    def __init__(self, table: dict, thread: int, fn: Callable) -> None:
        self._table, self._thread, self._fn = table, thread, fn

    def remove(self) -> None:
        fns = self._table.get(self._thread)
        if fns is not None and self._fn in fns:
            fns.remove(self._fn)
            if not fns:
                del self._table[self._thread]

    def __enter__(self) -> Handle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.remove()


def _add(table: dict, fn: Callable) -> Handle:
    me = threading.get_ident()
    table.setdefault(me, []).append(fn)
    return Handle(table, me, fn)


def on_op(fn: Callable[[Op], None]) -> Handle:
    """Call ``fn(op)`` for every operation run by this thread."""
    return _add(ops, fn)


def on_node(fn: Callable[[Step], None]) -> Handle:
    """Call ``fn(step)`` for every node the engine runs in this thread."""
    return _add(nodes, fn)


@contextmanager
def watching(
    on_op: Callable[[Op], None] | None = None, on_node: Callable[[Step], None] | None = None
) -> Iterator[None]:
    """Both kinds of callback at once, removed when the block ends."""
    handles = [_add(table, fn) for table, fn in ((ops, on_op), (nodes, on_node)) if fn]
    try:
        yield
    finally:
        for h in handles:
            h.remove()


# --- called by the core (only once it found its dict non-empty) --------------
def _send(table: dict, make: Callable[[], Any]) -> None:
    me = threading.get_ident()
    fns = table.get(me)
    if not fns or me in _busy:
        return
    event = make()
    _busy.add(me)
    try:
        for fn in tuple(fns):
            fn(event)
    finally:
        _busy.discard(me)


def op_ran(name: str, inputs: tuple, result: Any, node: Any, settings: dict) -> None:
    """Tell this thread's ``on_op`` callbacks about an operation."""
    outputs = result if isinstance(result, tuple) else (result,)
    _send(ops, lambda: Op(name, inputs, outputs, node, MappingProxyType(settings)))


def node_ran(node: Any, grads_in: Any, grads_out: Any, grad: Any = None, error: Any = None) -> None:
    """Tell this thread's ``on_node`` callbacks about a node the engine ran."""
    _send(nodes, lambda: Step(node, tuple(grads_in), tuple(grads_out), grad, error))


def watched_nodes() -> bool:
    """Does this thread watch the backward pass? (asked once per pass)"""
    me = threading.get_ident()
    return bool(nodes.get(me)) and me not in _busy


# --- reading a graph: what torch has no public name for -------------------------
# (plain reads of what the core keeps; imports inside: the core imports this module)
def inputs(node: Node) -> tuple:
    """What went into the operation that made ``node``: tensors and plain
    numbers, in order (``()`` for an ``AccumulateGrad``).

    >>> import minigrad as torch
    >>> x = torch.tensor(2.0, requires_grad=True)
    >>> inputs((x * 3).grad_fn)
    (tensor(2., requires_grad=True), 3)
    """
    return node._inputs


def settings(node: Node) -> Mapping[str, Any]:
    """The keyword settings of the operation that made ``node`` (``dim=``...),
    read-only; empty when it had none.

    >>> import minigrad as torch
    >>> x = torch.ones(2, 3, requires_grad=True)
    >>> dict(settings(x.softmax(dim=1).grad_fn)), dict(settings((x * 2).grad_fn))
    ({'dim': 1}, {})
    """
    return MappingProxyType(node._settings or {})


def n_outputs(node: Node) -> int:
    """How many tensors the operation that made ``node`` returned: the node gets one
    gradient for each (``split`` into 3 pieces: 3).

    >>> import minigrad as torch
    >>> x = torch.ones(6, requires_grad=True)
    >>> n_outputs(x.split(2)[0].grad_fn), n_outputs((x * 2).grad_fn)
    (3, 1)
    """
    return node._outputs


def sequence_nr(node: Node) -> float:
    """When ``node`` was made, as a number that grows with every node (torch's
    ``_sequence_nr()``). Of the nodes ready to run, backward runs the highest
    first; an ``AccumulateGrad`` has ``inf``: it runs as soon as it is ready.

    >>> import minigrad as torch
    >>> x = torch.tensor(2.0, requires_grad=True)
    >>> y = x * 3
    >>> sequence_nr((y + 1).grad_fn) > sequence_nr(y.grad_fn)
    True
    """
    return node._seq


@dataclass(frozen=True)
class SavedVersion:
    """A tensor a node saved, with its version then and now (see :func:`saved_versions`)."""

    tensor: Tensor  # the saved tensor (for the node's own output: rebuilt from what was saved)
    is_output: bool  # an output of the node itself (saved without a reference to it)
    saved: int  # its ``_version`` when it was saved
    now: int  # its ``_version`` now; backward refuses it when this differs from ``saved``


def saved_versions(node: Node) -> tuple[SavedVersion, ...]:
    """The tensors ``node`` saved for backward with their version counters
    (plain numbers, tensors packed by a ``saved_tensors_hooks`` hook, and a
    freed node have none).

    >>> import minigrad as torch
    >>> a = torch.tensor(2.0, requires_grad=True)
    >>> y = a * 1
    >>> z = y * y
    >>> _ = y.add_(1)
    >>> [(s.saved, s.now) for s in saved_versions(z.grad_fn)]
    [(0, 1), (0, 1)]
    """
    from ..core.node import _FREED, _SavedOutput

    if node._saved is _FREED:
        return ()
    out = []
    for value, version in zip(node._saved, node._versions):
        if version is None:
            continue
        is_output = type(value) is _SavedOutput
        vc = value.vc if is_output else value._vc
        tensor = value.unpack(node) if is_output else value
        out.append(SavedVersion(tensor, is_output, version, vc.v if vc is not None else 0))
    return tuple(out)


def grad_accumulator(t: Tensor) -> AccumulateGrad | None:
    """The ``AccumulateGrad`` node of leaf ``t`` if a graph made one, else None
    (it is never made here; ``AccumulateGrad.of(t)`` makes it). A copy made
    inside an operation (dtype promotion) answers with its leaf's node.

    >>> import minigrad as torch
    >>> w = torch.tensor(1.0, requires_grad=True)
    >>> grad_accumulator(w) is None
    True
    >>> y = w * 2
    >>> grad_accumulator(w) is y.grad_fn.next_functions[0][0]
    True
    """
    acc = t._acc
    return acc() if acc is not None else None


def own_requires_grad(t: Tensor) -> bool:
    """``t.requires_grad`` without what a view takes from its base: False for a
    view made under ``no_grad`` of a tensor that requires grad (whose
    ``requires_grad`` says True).

    >>> import minigrad as torch
    >>> x = torch.ones(2, requires_grad=True)
    >>> with torch.no_grad():
    ...     v = x[:1]
    >>> v.requires_grad, own_requires_grad(v)
    (True, False)
    """
    return t._requires_grad


def detached_from(t: Tensor) -> Tensor | None:
    """The tensor ``t`` was made from by ``.detach()``, or None (torch's
    ``t._base`` is None for it: a detached tensor is not a view).

    >>> import minigrad as torch
    >>> x = torch.ones(2, requires_grad=True)
    >>> detached_from(x.detach()) is x, x.detach()._base
    (True, None)
    """
    from ..core.tensor import _detached_from

    entry = _detached_from.get(id(t))
    return entry[0] if entry is not None and entry[1]() is t else None


class Sandbox:
    """``with Sandbox(nodes):`` a backward through ``nodes`` changes nothing
    that lasts: on exit every leaf's (and every ``retain_grad()`` tensor's)
    ``.grad``, every node's saved values and torch's one-time ``create_graph``
    warning are as they were.

    Inside, a leaf that already has a ``.grad`` accumulates into a copy, so the
    learner's gradient tensor is never changed in place.

    >>> import minigrad as torch
    >>> w = torch.tensor(3.0, requires_grad=True)
    >>> z = w * w
    >>> with Sandbox([z.grad_fn, z.grad_fn.next_functions[0][0]]):
    ...     z.backward()
    >>> w.grad is None, z.grad_fn.is_freed
    (True, False)
    """

    def __init__(self, nodes: list[Node]) -> None:
        from ..core import engine
        from ..core.node import AccumulateGrad

        self.saved = [(n, n._saved, n._versions) for n in nodes]
        self.grads: list[tuple[Any, Any]] = []
        for n in nodes:
            if type(n) is AccumulateGrad:
                self.grads.append((n.variable, n.variable._grad))
            elif n._hooks and "retain" in n._hooks:
                for ref in n._hooks["retain"].values():
                    t = ref()
                    if t is not None:
                        self.grads.append((t, t._grad))
        self.warned = engine._create_graph_warned

    def __enter__(self) -> Sandbox:
        from ..core.tensor import Tensor

        for t, g in self.grads:
            if g is not None:  # accumulate into a copy, never into the learner's tensor
                t._grad = Tensor._make(g._data.copy(), g.grad_fn)  # same history
                t._grad._requires_grad = g._requires_grad
        return self

    def __exit__(self, *exc: object) -> None:
        from ..core import engine

        for n, saved, versions in self.saved:
            n._saved, n._versions = saved, versions
        for t, g in self.grads:
            t._grad = g
        engine._create_graph_warned = self.warned
