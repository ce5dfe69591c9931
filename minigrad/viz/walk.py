"""Walking a graph, with no drawing in it.

Two walks, both iterative (no recursion limit) and both breadth-first in a
fixed order, so the same computation always gives the same picture ids:

- :func:`forward_walk` goes from a tensor back through the inputs of its
  ``grad_fn`` (``observe.inputs``) and collects tensors, operators and plain
  numbers: the forward DAG.
- :func:`backward_walk` goes from ``tensor.grad_fn`` through
  ``next_functions``: the graph the engine walks during ``backward()``.

A walk stops with :class:`GraphTooLarge` as soon as it has seen more than
``max_nodes`` nodes, so a huge graph is refused quickly instead of hanging.
With ``elide=True`` it keeps the ``max_nodes`` nodes nearest the output
instead, and everything behind them becomes one node, ``… N more nodes``
(``MORE``; N is counted up to ``COUNT_LIMIT``).

How a *cut* is recognised (forward view), from what autograd keeps:

- ``t.detach()`` makes a tensor with no ``grad_fn`` that shares the *same*
  numpy array as its source (``numpy(force=True)`` returns that very array)
  and the core remembers the source (``observe.detached_from``).
- ``t.data`` makes such a tensor too, but nothing remembers its source: it is found only
  when its source is also in the picture (or a named variable).
- an op run under ``no_grad`` records nothing at all: its result is an
  ordinary constant. Only :func:`minigrad.viz.trace` (which watches ops while
  it is active) can show where such a tensor came from.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .. import Tensor
from ..autograd import AccumulateGrad, observe
from ..i18n import text as tr
from .labels import values


class GraphTooLarge(ValueError):
    """The graph has more nodes than ``max_nodes`` allows."""


MORE = "more"  # the id of the "… N more nodes" node of an elided graph
COUNT_LIMIT = 100_000  # an elided part is counted up to this many nodes


def count_behind(starts: Iterable[Any], known: set[int], inputs: Any, weight: Any = None) -> int:
    """How many nodes are reachable from ``starts`` (not in ``known``), up to ``COUNT_LIMIT``;
    ``weight(x)`` says how many picture nodes ``x`` is (default 1)."""
    seen = set(known)
    queue = deque(x for x in starts if id(x) not in seen)
    seen.update(id(x) for x in queue)
    n = 0
    while queue and n < COUNT_LIMIT:
        x = queue.popleft()
        n += 1 if weight is None else weight(x)
        for y in inputs(x):
            if y is not None and id(y) not in seen:
                seen.add(id(y))
                queue.append(y)
    return n


def too_large(seen: int, max_nodes: int) -> GraphTooLarge:
    return GraphTooLarge(
        f"This graph has more than max_nodes={max_nodes} nodes (counting stopped there, so "
        "drawing never hangs), and a picture that big is hard to read. Pass collapse=True to "
        "fold repeated layers into one node each, elide=True to draw the part nearest the "
        f"output, a larger max_nodes= (e.g. max_nodes={10 * max_nodes}) to draw it all, or "
        "draw a smaller part, e.g. the output of a single layer."
    )


def tensor_key(t: Any) -> tuple:
    """What identifies a tensor in a picture.

    A computed tensor is "output ``nr`` of its grad_fn", so copies made
    internally (dtype promotion, the snapshot kept by an in-place op) are the
    same picture node. A leaf that requires grad is its AccumulateGrad's
    variable. Anything else is the tensor object itself.
    """
    fn = t.grad_fn
    if fn is not None:
        return ("out", id(fn), getattr(t, "output_nr", 0))
    acc = observe.grad_accumulator(t) if isinstance(t, Tensor) else None
    if acc is not None:
        return ("leaf", id(acc.variable))
    return ("leaf", id(t))


# --- the forward DAG ------------------------------------------------------------
@dataclass
class Var:
    id: str
    tensor: Any
    key: tuple
    cut: str = ""  # "detach()", ".data" or "" for the result of a cut


@dataclass
class Op:
    id: str
    node: Any  # the grad_fn, or the traced record of an op run under no_grad
    name: str
    traced: bool = False  # an op run under no_grad, seen only by viz.trace()


@dataclass
class Number:
    id: str
    value: Any


@dataclass
class ForwardGraph:
    root: Var
    vars: list[Var] = field(default_factory=list)
    ops: list[Op] = field(default_factory=list)
    numbers: list[Number] = field(default_factory=list)
    edges: list[tuple[str, str, str]] = field(default_factory=list)  # (src, dst, kind)
    cuts: list[tuple[str, str, str]] = field(default_factory=list)  # (src, dst, label)
    hidden: int = 0  # tensors and ops left out by ``elide=True`` (drawn as one MORE node)

    @property
    def size(self) -> int:
        return len(self.vars) + len(self.ops) + len(self.numbers)


def _array(t: Tensor) -> Any:
    """The numpy array behind ``t``: the same object for every tensor that shares it whole."""
    return values(t)


def _cut_source(t: Tensor, known: dict[int, Tensor]) -> tuple[Tensor | None, str]:
    """If ``t`` was cut off a tensor that requires grad, return (source, how)."""
    if t.grad_fn is not None or observe.own_requires_grad(t):
        return None, ""
    base = observe.detached_from(t)
    if base is not None and observe.own_requires_grad(base):
        return base, "detach()"
    base = t._base
    if base is not None and observe.own_requires_grad(base):
        return base, tr("viz.view_under_no_grad")
    source = known.get(id(_array(t)))
    if source is not None and source is not t:
        return source, ".data"
    return None, ""


def forward_walk(
    root: Tensor,
    max_nodes: int = 100,
    traced: dict | None = None,
    extra: Iterable[Tensor] = (),
    elide: bool = False,
) -> ForwardGraph:
    """Collect the forward DAG that produced ``root``.

    ``traced`` maps ``id(tensor)`` to ``(op_name, inputs)`` for ops recorded by
    :func:`minigrad.viz.trace`. ``extra`` are more tensors (e.g. the caller's
    variables) that may be the source of a ``.data`` cut.
    """
    traced = traced or {}
    graph = ForwardGraph(root=None)  # type: ignore[arg-type]
    by_key: dict[tuple, Var] = {}
    ops: dict[int, Op] = {}
    # arrays of tensors that require grad: how a ``.data`` result finds its source
    known: dict[int, Tensor] = {}
    for t in extra:
        if isinstance(t, Tensor) and observe.own_requires_grad(t):
            known.setdefault(id(_array(t)), t)

    queue: deque[Var] = deque()
    left_out: list[Tensor] = []  # tensors behind the elision (elide=True)

    def count() -> None:
        if graph.size > max_nodes and not elide:
            raise too_large(graph.size, max_nodes)

    def var_of(t: Tensor) -> Var | None:
        key = tensor_key(t)
        v = by_key.get(key)
        if v is None and elide and graph.size >= max_nodes:
            left_out.append(t)
            return None
        if v is None:
            acc = observe.grad_accumulator(t) if key[0] == "leaf" else None
            if acc is not None and observe.own_requires_grad(t):
                t = acc.variable  # the user's leaf, not an internal copy of it
            v = by_key[key] = Var(f"v{len(graph.vars)}", t, key)
            graph.vars.append(v)
            if observe.own_requires_grad(t):
                known.setdefault(id(_array(t)), t)
            count()
            queue.append(v)
        return v

    def op_of(node: Any, name: str, inputs: tuple, is_traced: bool) -> tuple[Op, bool]:
        op = ops.get(id(node))
        if op is not None:
            return op, False
        op = ops[id(node)] = Op(f"op{len(graph.ops)}", node, name, is_traced)
        graph.ops.append(op)
        count()
        for x in inputs:
            if isinstance(x, Tensor):
                v = var_of(x)
                graph.edges.append((v.id if v is not None else MORE, op.id, "data"))
            elif isinstance(x, (int, float, complex, np.number)) and not isinstance(x, bool):
                # (a custom Function's other arguments, a module or a flag, are not drawn)
                n = Number(f"n{len(graph.numbers)}", x)
                graph.numbers.append(n)
                count()
                graph.edges.append((n.id, op.id, "number"))
        return op, True

    graph.root = var_of(root)
    while queue:
        v = queue.popleft()
        t = v.tensor
        if t.grad_fn is not None:
            node = t.grad_fn
            op, _ = op_of(node, node.name(), observe.inputs(node), False)
            graph.edges.append((op.id, v.id, "data"))
        elif id(t) in traced:
            name, inputs, record = traced[id(t)]
            op, _ = op_of(record, name, inputs, True)
            graph.edges.append((op.id, v.id, "data"))
        else:
            source, how = _cut_source(t, known)
            src = var_of(source) if source is not None else None
            if src is not None:
                v.cut = how
                graph.cuts.append((src.id, v.id, how))
    if left_out:
        known_ids = {id(v.tensor) for v in graph.vars}

        def inputs(t: Any) -> list:
            fn = getattr(t, "grad_fn", None)
            if fn is None:
                return []
            return [x for x in observe.inputs(fn) if isinstance(x, Tensor)]

        def weight(t: Any) -> int:  # a tensor, and the op that made it with its numbers
            fn = getattr(t, "grad_fn", None)
            if fn is None:
                return 1
            return 2 + sum(not isinstance(x, Tensor) and x is not None for x in observe.inputs(fn))

        graph.hidden = count_behind(left_out, known_ids, inputs, weight)
    # a .data result may appear before its source was seen: look again
    for v in graph.vars:
        t = v.tensor
        if not v.cut and t.grad_fn is None and id(t) not in traced:
            source, how = _cut_source(t, known)
            if source is not None and tensor_key(source) in by_key:
                v.cut = how
                graph.cuts.append((by_key[tensor_key(source)].id, v.id, how))
    return graph


# --- the backward graph ---------------------------------------------------------
@dataclass
class BNode:
    id: str
    fn: Any
    leaf: Any = None  # for AccumulateGrad: the leaf tensor


@dataclass
class BackwardGraph:
    root_tensor: Any
    nodes: list[BNode] = field(default_factory=list)
    # (src node id, input index, dst node id): gradient of input ``index`` of src goes to dst
    edges: list[tuple[str, int, str]] = field(default_factory=list)
    hidden: int = 0  # nodes left out by ``elide=True`` (drawn as one MORE node)


def backward_walk(
    root: Any, adapter: Any, max_nodes: int = 100, elide: bool = False
) -> BackwardGraph:
    """Collect the grad_fn graph under ``root`` (a minigrad or torch tensor)."""
    graph = BackwardGraph(root)
    start = root.grad_fn
    if start is None:
        return graph
    seen: dict[int, BNode] = {}
    left_out: list[Any] = []

    def size() -> int:
        return len(graph.nodes) + sum(n.leaf is not None for n in graph.nodes)

    def node_of(fn: Any) -> BNode | None:
        b = seen.get(id(fn))
        if b is None and elide and graph.nodes and size() >= max_nodes:
            left_out.append(fn)
            return None
        if b is None:
            leaf = adapter.variable(fn) if adapter.is_accumulate(fn) else None
            b = seen[id(fn)] = BNode(f"g{len(graph.nodes)}", fn, leaf)
            graph.nodes.append(b)
            if size() > max_nodes and not elide:
                raise too_large(len(graph.nodes), max_nodes)
            queue.append(b)
        return b

    queue: deque[BNode] = deque()
    node_of(start)
    while queue:
        b = queue.popleft()
        for i, (nxt, _nr) in enumerate(adapter.next_functions(b.fn)):
            if nxt is not None:
                dst = node_of(nxt)
                graph.edges.append((b.id, i, dst.id if dst is not None else MORE))
    if left_out:

        def inputs(fn: Any) -> list:
            return [n for n, _ in adapter.next_functions(fn)]

        graph.hidden = count_behind(left_out, set(seen), inputs)
    return graph


class MinigradAdapter:
    """How the backward walk and the pictures talk to minigrad's nodes."""

    @staticmethod
    def is_accumulate(fn: Any) -> bool:
        return type(fn) is AccumulateGrad

    @staticmethod
    def variable(fn: Any) -> Any:
        return fn.variable

    @staticmethod
    def next_functions(fn: Any) -> tuple:
        return fn.next_functions

    @staticmethod
    def name(fn: Any) -> str:
        return fn.name()

    @staticmethod
    def numpy(t: Any) -> Any:
        return values(t)

    @staticmethod
    def grad(t: Any) -> Any:
        return t.grad

    @staticmethod
    def saved(fn: Any) -> tuple[list, bool]:
        """([(role, value), ...], freed?); minigrad does not name the roles."""
        if fn.is_freed:
            return [], True
        return [("", v) for v in fn.saved_values], False
