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
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .._tensor import Tensor
    from .function import Node

__all__ = ["Op", "Step", "Handle", "on_op", "on_node", "watching"]


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
