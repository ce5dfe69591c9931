"""The gradient-flow view: textbook figure 2-10.

The boxes are the grad_fn nodes with torch's names (``MulBackward0``,
``AccumulateGrad``); every AccumulateGrad is linked to its leaf, which shows
its ``.grad``. The layout is the forward one, but the arrows point the way
gradients travel: from the output back to the leaves.

Where the edge gradients come from:

1. ``recording=`` (from :func:`minigrad.viz.record`): exactly what the engine
   sent along each edge during that backward.
2. Otherwise, once a backward has run (a leaf has a ``.grad``, or the graph
   was freed), they are *recomputed* by running the real engine again:
   ``autograd.grad`` from a gradient of ones to every leaf, in a sandbox that
   puts the graph back afterwards (:func:`minigrad.viz.recording.watch_backward`;
   for a torch tensor, ``torch.autograd.grad`` with a hook on every node).
   Nothing is added to a ``.grad``; the gradient hooks you registered run, as
   in a real ``autograd.grad``. The engine needs the saved tensors,
   so after a ``backward()`` without ``retain_graph=True`` it stops at the
   first freed node, and the edges it did not reach show ``n/a``.
   ``grads=True`` forces this rerun (even before any backward), ``grads=False``
   turns edge labels off.

When one tensor feeds several ops (fan-out), several gradient edges arrive at
its node; the node then shows their sum: ``in: 2 + 3 = 5``. A node with several
outputs (``split``, ``unbind``, an RNN's gates) gets one gradient per output and
shows each apart, with its shape: the engine adds only what arrives at one output.

``show="local"`` also writes each edge's *local derivative* next to the
gradient that flows along it, as a textbook does when it explains the chain
rule: the edge from ``MulBackward0`` (``y = w * x``) to ``w`` reads
``∂y/∂w = x = 2.0`` and carries ``grad × 2.0``. The formulas are known for the
common elementwise ops (see ``_LOCAL``); other edges show the gradient alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from .. import Tensor
from ..autograd import Node, observe
from ..i18n import text as tr
from . import arrivals, labels, style
from .forward import more_text, var_label
from .labels import values
from .render import Dot
from .walk import MORE, BackwardGraph, MinigradAdapter, backward_walk, tensor_key

NA = "n/a"  # a gradient we cannot know (the graph was freed)


class _Unavailable:
    pass


_UNAVAILABLE = _Unavailable()


class MinigradReplay(MinigradAdapter):
    """Edge gradients of a minigrad graph, from the real engine."""

    @staticmethod
    def rerun(graph: BackwardGraph) -> dict:
        """Run the engine again from ``graph``'s output (sandboxed, graph retained)."""
        from .._creation import ones_like
        from .recording import Recording, watch_backward

        root = graph.root_tensor
        rec = Recording()
        seed = ones_like(root)
        watch_backward(root, seed, retain_graph=True, on_node=rec.add, to_leaves=True)
        grads = MinigradReplay.from_recording(graph, rec)
        grads["seed"] = seed
        return grads

    @staticmethod
    def add(a: Any, b: Any) -> Any:
        return a + b

    @staticmethod
    def backward_ran(graph: BackwardGraph) -> bool:
        for b in graph.nodes:
            if b.leaf is not None and b.leaf.grad is not None:
                return True
            if getattr(b.fn, "is_freed", False):
                return True
        return False

    @staticmethod
    def from_recording(graph: BackwardGraph, recording: Any) -> dict:
        steps = recording.by_node()

        def sent(fn: Any, i: int, g: Any) -> Any:  # as the engine delivered it to input i
            return steps[id(fn)]["step"].sent[i]

        return edge_grads(graph, steps, sent)


def edge_grads(graph: BackwardGraph, steps: Mapping[int, dict], reduce: Any = None) -> dict:
    """The gradient on every edge, ``(src id, input index) -> grad``, and ``"seed"``,
    from the engine's steps (``id(node) -> {"grads_in": ..., "grads_out": ...}``).

    ``reduce(fn, i, g)`` gives the gradient as delivered to input ``i`` of ``fn``.
    An edge whose node did not run is unavailable (``n/a``).
    """
    grads: dict = {}
    root = graph.root_tensor
    step = steps.get(id(root.grad_fn))
    grads["seed"] = step["grads_in"][_out_nr(root)] if step else _UNAVAILABLE
    for bid, step in ((b.id, steps.get(id(b.fn))) for b in graph.nodes):
        if step is not None:  # the engine's one gradient per output of the node
            grads["outputs", bid] = len(step["grads_in"])
    for src, i, _dst, _nr in graph.edges:
        fn = _node(graph, src).fn
        step = steps.get(id(fn))
        if step is None or len(step["grads_out"]) <= i:
            grads[(src, i)] = _UNAVAILABLE
            continue
        g = step["grads_out"][i]
        grads[(src, i)] = reduce(fn, i, g) if reduce is not None else g
    return grads


def _node(graph: BackwardGraph, bid: str) -> Any:
    return graph.nodes[int(bid[1:])]


def _out_nr(t: Any) -> int:
    return getattr(t, "output_nr", 0)


def _as_array(g: Any, adapter: Any) -> Any:
    """A gradient as a numpy array, or None when it is not known."""
    return None if g is None or g is _UNAVAILABLE else adapter.numpy(g)


def _grad_text(g: Any, adapter: Any) -> str:
    if g is _UNAVAILABLE:
        return NA
    if g is None:
        return "None"
    return labels.short_value(adapter.numpy(g))


# grad_fn name -> the local derivative of the output with respect to each input, as
# (text, value) makers; ``a`` and ``b`` are the inputs' names, ``A`` and ``B`` their values
# and ``c`` the node's number (exponent, scalar), when it has one.
def _pow_text(a: str, c: Any) -> str:
    return f"{labels.number(c)}·{a}^{labels.number(c - 1)}" if c != 2 else f"2·{a}"


_LOCAL: dict[str, list] = {
    "AddBackward0": [lambda a, b, c: ("1", 1.0), lambda a, b, c: ("1", 1.0)],
    "SubBackward0": [lambda a, b, c: ("1", 1.0), lambda a, b, c: ("-1", -1.0)],
    "MulBackward0": [lambda a, b, c: (b, None), lambda a, b, c: (a, None)],
    "DivBackward0": [lambda a, b, c: (f"1/{b}", None), lambda a, b, c: (f"-{a}/{b}²", None)],
    "NegBackward0": [lambda a, b, c: ("-1", -1.0)],
    "PowBackward0": [lambda a, b, c: (_pow_text(a, c), None)],
    "ExpBackward0": [lambda a, b, c: (f"exp({a})", None)],
    "LogBackward0": [lambda a, b, c: (f"1/{a}", None)],
    "SinBackward0": [lambda a, b, c: (f"cos({a})", None)],
    "CosBackward0": [lambda a, b, c: (f"-sin({a})", None)],
    "TanhBackward0": [lambda a, b, c: (f"1 - tanh²({a})", None)],
    "SigmoidBackward0": [lambda a, b, c: (f"σ({a})(1 - σ({a}))", None)],
    "ReluBackward0": [lambda a, b, c: (f"1 if {a} > 0 else 0", None)],
}


def _local_value(name: str, i: int, vals: list, c: Any) -> Any:
    """The local derivative's value, from the inputs' values (numpy)."""
    A = vals[0]
    B = vals[1] if len(vals) > 1 else None
    if name == "MulBackward0":
        other = B if i == 0 else A
        return other if other is not None else c
    if name == "DivBackward0":
        return 1 / B if i == 0 else -A / B**2
    if name == "PowBackward0":
        return c * A ** (c - 1)
    if name == "ExpBackward0":
        return np.exp(A)
    if name == "LogBackward0":
        return 1 / A
    if name == "SinBackward0":
        return np.cos(A)
    if name == "CosBackward0":
        return -np.sin(A)
    if name == "TanhBackward0":
        return 1 - np.tanh(A) ** 2
    if name == "SigmoidBackward0":
        s = 1 / (1 + np.exp(-A))
        return s * (1 - s)
    if name == "ReluBackward0":
        return (A > 0).astype(A.dtype)
    return None


def local_derivative(fn: Any, i: int, names: Mapping[tuple, str]) -> str:
    """``∂y/∂w = x = 2.0``: the local derivative along input ``i`` of a minigrad node,
    or ``""`` when its formula is not known (or ``fn`` is not a minigrad node).

    >>> import minigrad as torch
    >>> w = torch.tensor(3.0, requires_grad=True)
    >>> x = torch.tensor(2.0)
    >>> y = w * x
    >>> local_derivative(y.grad_fn, 0, {tensor_key(w): "w", tensor_key(x): "x", tensor_key(y): "y"})
    '∂y/∂w = x = 2.0'
    """
    name = type(fn).__name__
    rules = _LOCAL.get(name)
    if rules is None or not isinstance(fn, Node):
        return ""
    inputs = observe.inputs(fn)
    if i >= len(rules) or i >= len(inputs):
        return ""
    c = getattr(fn, "c", observe.settings(fn).get("c"))
    words, vals = [], []
    for x in inputs:
        if isinstance(x, Tensor):
            words.append(names.get(tensor_key(x)) or "input")
            vals.append(np.asarray(values(x)))
        else:  # a Python number
            words.append(labels.number(x))
            vals.append(np.asarray(x))
    if c is None and len(vals) > 1 and not isinstance(inputs[1], Tensor):
        c = inputs[1]
    a, b = words[0], (words[1] if len(words) > 1 else labels.number(c) if c is not None else "c")
    text, value = rules[i](a, b, c)
    if value is None:
        try:
            value = _local_value(name, i, vals, c)
        except (TypeError, ValueError, ZeroDivisionError):
            value = None
    out = names.get(("out", id(fn), 0)) or "out"
    result = f"∂{out}/∂{words[i]} = {text}"
    if value is not None and not _is_number(text):
        result += f" = {labels.short_value(np.asarray(value))}"
    return result


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def backward_body(
    dot: Dot,
    graph: BackwardGraph,
    names: Mapping[tuple, str],
    adapter: Any,
    grads: dict | None,
    *,
    show_values: bool = True,
    show_saved: bool = False,
    prefix: str = "",
    show: str = "grads",
    collapse: bool = False,
) -> bool:
    """Add the gradient-flow picture of ``graph`` to ``dot``.

    ``show="local"`` adds each edge's local derivative next to its gradient.
    ``collapse=True`` folds repeated blocks into one ``×N`` node each (see
    :mod:`minigrad.viz.collapse`).
    Returns True when some gradient is shown as ``n/a``.
    """
    from .collapse import draw_folds, fold_backward

    p = prefix
    folding = None
    if collapse:
        folding, fold_text = fold_backward(graph, names, adapter)
        draw_folds(dot, folding, fold_text, prefix)
    where = folding.redirect if folding is not None else (lambda node: node)
    root = graph.root_tensor
    any_na = False
    # what arrives at each node: (output number, gradient), one per edge; the engine
    # adds up what arrives at one output and keeps the outputs apart (see arrivals.py)
    incoming: dict[str, list[tuple[int, Any]]] = {}
    from_fold: dict[tuple, int] = {}  # (node, output, fold) -> where its sum is in incoming
    for src, i, dst, nr in graph.edges:
        g = grads.get((src, i)) if grads is not None else None
        fold = where(src)
        arrived = incoming.setdefault(dst, [])
        if fold == src or where(dst) == fold:
            arrived.append((nr, g))
        elif (dst, nr, fold) not in from_fold:  # one arrow from a fold: one term, summed
            from_fold[dst, nr, fold] = len(arrived)
            arrived.append((nr, g))
        else:
            k = from_fold[dst, nr, fold]
            both = (arrived[k][1], g)
            ok = all(x is not None and x is not _UNAVAILABLE for x in both)
            arrived[k] = (nr, adapter.add(*both) if ok else _UNAVAILABLE)

    # the output tensor, at the far end of the layout
    root_id = p + "out"
    root_label = var_label(root, names.get(tensor_key(root)), show_values, adapter.numpy)
    if root.grad_fn is None:  # a leaf: nothing to flow through
        kind = "param" if root.requires_grad else "const"
        dot.node(root_id, kind, root_label)
        return False
    dot.node(root_id, "root", root_label)

    for b in graph.nodes:
        if where(b.id) != b.id:  # folded
            continue
        title = labels.node_title(adapter.name(b.fn))
        lines: list[tuple[str, str]] = [("value", title)]
        arrived = incoming.get(b.id, [])
        if b is graph.nodes[0]:
            arrived = [(_out_nr(root), grads.get("seed") if grads is not None else None)]
            arrived += incoming.get(b.id, [])
        if grads is not None:
            known = [(nr, _as_array(g, adapter)) for nr, g in arrived]
            count = max(grads.get(("outputs", b.id), 0), 1)
            n_out = arrivals.n_outputs(b.fn, adapter.name(b.fn), [nr for nr, _ in arrived])
            lines += arrivals.lines(known, max(count, n_out))
        kind = "accumulate" if b.leaf is not None else "grad_fn"
        dot.node(p + b.id, kind, labels.html(*lines))
        if b.leaf is not None:  # the leaf the gradient lands in
            leaf = b.leaf
            g = adapter.grad(leaf)
            grad_line = ("grad", "grad: " + ("None" if g is None else _grad_text(g, adapter)))
            label = var_label(
                leaf, names.get(tensor_key(leaf)), show_values, adapter.numpy, [grad_line]
            )
            dot.node(p + b.id + "_leaf", "param", label)
            dot.edge(p + b.id + "_leaf", p + b.id, "accumulate", labels.html(("value", "+=")))
        if show_saved and b.leaf is None:
            _saved(dot, p + b.id, b.fn, names, adapter)

    if graph.hidden:
        dot.node(p + MORE, "more", labels.html(("value", more_text(graph.hidden))))
    seed = grads.get("seed") if grads is not None else None
    seed_text = "" if grads is None else _grad_text(seed, adapter)
    any_na |= seed is _UNAVAILABLE
    dot.edge(p + where(graph.nodes[0].id), root_id, "grad", labels.html(("value", seed_text)))
    merged: dict[tuple, list] = {}  # edges that meet once folded: one arrow
    to: dict[tuple[str, int], tuple[str, int]] = {}  # edge -> (node, output) it arrives at
    for src, i, dst, nr in graph.edges:
        to[src, i] = (dst, nr)
        ends = (where(src), where(dst))
        if ends == (src, dst):  # not folded: each edge its own arrow (x * x has two)
            merged[src, i, dst] = [(src, i)]
        elif ends[0] != ends[1]:  # (an edge inside one fold is not drawn)
            merged.setdefault(ends, []).append((src, i))
    for key, parts in merged.items():
        src, i = parts[0]
        src_end, dst_end = key[0], key[-1]
        text = ""
        kind = "grad"
        if grads is not None:
            gs = [grads.get(part, _UNAVAILABLE) for part in parts]
            g = gs[0]
            text = _grad_text(g, adapter)
            any_na |= any(x is _UNAVAILABLE for x in gs)
            if len(gs) > 1:
                one_output = len({to[part] for part in parts}) == 1  # the engine adds these
                if one_output and all(x is not None and x is not _UNAVAILABLE for x in gs):
                    total = sum(adapter.numpy(x) for x in gs)
                    text = tr("figure.sum_of", n=len(gs), value=labels.short_value(total))
                else:
                    text = tr("figure.n_gradients", n=len(gs))
            if g is None or g is _UNAVAILABLE:
                kind = "grad_none"
        lines = [("value", text)]
        folded = len(key) == 2  # (an unfolded edge is keyed by src, i, dst)
        local = (
            local_derivative(_node(graph, src).fn, i, names)
            if show == "local" and not folded
            else ""
        )
        if local:
            grey = f'<FONT COLOR="{style.DARK_GREY}">{labels.escape(local)}</FONT>'
            lines.insert(0, ("raw", grey))
        dot.edge(p + dst_end, p + src_end, kind, labels.html(*lines))
    return any_na


def _saved(dot: Dot, fn_id: str, fn: Any, names: Mapping[tuple, str], adapter: Any) -> None:
    """The tensors a node saved for its derivative rule, or one "freed" note."""
    values, freed = adapter.saved(fn)
    if freed:
        dot.node(fn_id + "_s", "freed", labels.html(("value", tr("figure.saved_freed"))))
        dot.edge(fn_id + "_s", fn_id, "freed")
        return
    for k, (role, v) in enumerate(values):
        if not hasattr(v, "grad_fn"):  # numbers and settings are not saved *tensors*
            continue
        name = names.get(tensor_key(v)) or role
        text = labels.short_value(adapter.numpy(v))
        dot.node(
            f"{fn_id}_s{k}", "saved", labels.html(("value", f"{name} = {text}" if name else text))
        )
        dot.edge(f"{fn_id}_s{k}", fn_id, "saved")


def build_backward(root: Any, adapter: Any, max_nodes: int, elide: bool = False) -> BackwardGraph:
    """Walk the grad_fn graph of ``root``, keeping each edge's input index and output nr."""
    graph = backward_walk(root, adapter, max_nodes, elide)
    # add the output number the gradient is delivered to (for multi-output nodes)
    edges = []
    by_id = {b.id: b for b in graph.nodes}
    for src, i, dst in graph.edges:
        nr = adapter.next_functions(by_id[src].fn)[i][1]
        edges.append((src, i, dst, nr))
    graph.edges = edges  # type: ignore[assignment]
    return graph
