"""The forward view: the computation graph of textbook figure 2-9.

Variables are ellipses (name, short value, dtype when it is not float32),
operators are boxes named by the op (``mul``, ``add``...), and arrows run from
the inputs to the output. Constants that do not require grad are drawn too,
plain Python numbers as small grey text. A tensor cut from the graph by
``detach()`` or ``.data`` hangs off its source by a dashed red line
ending in a bar: no gradient crosses it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..autograd import Node, observe
from ..i18n import text as tr
from . import labels
from .render import Dot
from .walk import MORE, ForwardGraph, Var

# settings an op keeps on its node, shown small under the op name (defaults are skipped)
_SHOWN_SETTINGS = {
    "dims": None,
    "dim": None,
    "keepdim": False,
    "d0": None,
    "d1": None,
    "alpha": 1,
    "c": None,  # the number in ``x ** 2``, ``2 ** x`` or ``1 - x``
}


def var_kind(v: Var, is_root: bool) -> str:
    """``param``, ``const``, ``computed`` or ``root``: how a tensor is drawn."""
    t = v.tensor
    if t.grad_fn is not None:
        return "root" if is_root else "computed"
    return "param" if t.requires_grad else "const"


def var_label(
    t: Any, name: str | None, show_values: bool, numpy: Any, extra: list | None = None
) -> str:
    """The label of a tensor: bold name, value, shape and dtype (small)."""
    data = numpy(t)
    lines: list[tuple[str, str]] = [("name", name or "")]
    if show_values:
        lines.append(("small", labels.shape_text(data)))
        lines.append(("value", labels.short_value(data)))
    elif not name:
        lines.append(("small", labels.shape_text(data) or "tensor"))
    lines.append(("small", labels.dtype_text(t)))
    lines += extra or []
    return labels.html(*lines)


def op_settings(node: Any) -> str:
    """``dim=0, keepdim=True``: the settings worth showing for an op node."""
    shown = []
    # (a traced op's node is only a marker: it has no settings)
    settings = dict(observe.settings(node)) if isinstance(node, Node) else {}
    for cls in type(node).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            if slot in _SHOWN_SETTINGS and hasattr(node, slot):
                settings.setdefault(slot, getattr(node, slot))
    for k, v in settings.items():
        if k in _SHOWN_SETTINGS and v == _SHOWN_SETTINGS[k]:
            continue
        if k == "key":  # an index: written as in the code, x[:, :3]
            shown.append(index_text(v))
            continue
        if k == "c":
            k = "exponent" if type(node).__name__ == "PowBackward0" else "number"
        if isinstance(v, (int, float, bool, tuple, list, str)) or v is None:
            shown.append(f"{k}={v}")
    return ", ".join(shown)


def index_text(key: Any) -> str:
    """An indexing key as the code writes it.

    >>> index_text((slice(None), slice(None, 3))), index_text(2), index_text((Ellipsis, None))
    ('[:, :3]', '[2]', '[..., None]')
    """

    def one(k: Any) -> str:
        if isinstance(k, slice):
            parts = ["" if p is None else str(p) for p in (k.start, k.stop, k.step)]
            return ":".join(parts[:2]) + (f":{parts[2]}" if k.step is not None else "")
        if k is Ellipsis:
            return "..."
        if isinstance(k, (int, bool)) or k is None:
            return str(k)
        if isinstance(k, list) and len(k) <= 6:
            return str(k)
        return "tensor" if hasattr(k, "shape") else type(k).__name__

    return "[" + ", ".join(one(k) for k in (key if isinstance(key, tuple) else (key,))) + "]"


UNSEEN_DOT = {"shape": "point", "width": "0.12", "height": "0.12"}


def more_text(n: int) -> str:
    """``… 12 more nodes`` (``… 100000+ more nodes`` past the counting limit)."""
    from .walk import COUNT_LIMIT

    count = f"{n}{'+' if n >= COUNT_LIMIT else ''}"
    return tr("viz.more_node" if n == 1 else "viz.more_nodes", n=count)


def forward_body(
    dot: Dot,
    graph: ForwardGraph,
    names: Mapping[tuple, str],
    show_values: bool = True,
    prefix: str = "",
    collapse: bool = False,
    fold_numbers: bool = False,
    dots: bool = False,
) -> None:
    """Add the nodes and edges of ``graph`` to ``dot``.

    ``collapse=True`` folds repeated blocks into one ``×N`` node each (see
    :mod:`minigrad.viz.collapse`). ``fold_numbers=True`` writes the plain numbers
    an op takes (a convolution's stride and padding, a norm's eps) inside the op's
    box instead of as boxes of their own, and draws a nameless tensor that torch did
    not keep as a dot: a narrower picture. ``dots=True`` draws every nameless tensor
    computed on the way as a dot too, its value in the tooltip: narrower still.
    """
    from .collapse import draw_folds, fold_forward, redirected
    from .walk import MinigradAdapter

    numpy = MinigradAdapter.numpy
    folding = None
    if collapse:
        folding, fold_text = fold_forward(graph, names)
        draw_folds(dot, folding, fold_text, prefix)
    hidden = folding.hidden if folding is not None else (lambda node: False)
    drawn: set[tuple[str, str]] = set()
    for v in graph.vars:
        if hidden(v.id):
            continue
        kind = var_kind(v, v is graph.root)
        if getattr(v.tensor, "unseen", False):  # torch did not keep it (see torch_forward)
            if fold_numbers and not names.get(v.key):  # narrower: a dot, its text a tooltip
                dot.node(prefix + v.id, kind, "", **UNSEEN_DOT, tooltip=tr("viz.not_kept"))
                continue
            label = labels.html(("name", names.get(v.key) or "?"), ("small", tr("viz.not_kept")))
        elif dots and kind == "computed" and not names.get(v.key):
            data = numpy(v.tensor)
            tip = " ".join(t for t in (labels.shape_text(data), labels.short_value(data)) if t)
            dot.node(prefix + v.id, kind, "", **UNSEEN_DOT, tooltip=labels.escape(tip))
            dot.note(tr("viz.dots_note"))
            continue
        else:
            label = var_label(v.tensor, names.get(v.key), show_values, numpy)
        dot.node(prefix + v.id, kind, label)
    numbers_of: dict[str, list[str]] = {}
    if fold_numbers:
        value = {n.id: labels.number(n.value) for n in graph.numbers}
        for src, dst, kind in graph.edges:
            if kind == "number":
                numbers_of.setdefault(dst, []).append(value[src])
    for op in graph.ops:
        if hidden(op.id):
            continue
        name = labels.op_name(op.name)
        lines = [("value", name), ("small", op_settings(op.node))]
        if numbers_of.get(op.id):
            lines.append(("small", tr("viz.op_numbers", values=", ".join(numbers_of[op.id]))))
        if op.traced:
            dot.node(
                prefix + op.id, "op_cut", labels.html(*lines, ("small", tr("viz.under_no_grad")))
            )
        else:
            dot.node(prefix + op.id, "op", labels.html(*lines), tooltip=labels.escape(op.name))
    for n in graph.numbers:
        if hidden(n.id) or fold_numbers:
            continue
        dot.node(prefix + n.id, "number", labels.html(("value", labels.number(n.value))))
    if graph.hidden:
        dot.node(prefix + MORE, "more", labels.html(("value", more_text(graph.hidden))))
    traced = {op.id for op in graph.ops if op.traced}
    for src, dst, kind in graph.edges:
        if fold_numbers and kind == "number":
            continue
        if dst in traced and kind == "data":
            kind = "cut"  # into an op run under no_grad: no gradient comes back this way
        ends = redirected(folding, src, dst, drawn)
        if ends is not None:
            dot.edge(prefix + ends[0], prefix + ends[1], kind)
    for src, dst, how in graph.cuts:
        ends = redirected(folding, src, dst, drawn)
        if ends is not None:
            dot.edge(prefix + ends[0], prefix + ends[1], "cut", labels.html(("value", how)))
