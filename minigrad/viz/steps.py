"""Pictures for the learning aids: one frame of a backward replay, and the
broken path of ``minigrad.explain``.

A frame of :class:`minigrad.widgets.BackwardStepper` is the gradient-flow
view of :mod:`minigrad.viz.backward` (same layout, colours and names) with
the state of the backward at one step:

- the node running now is yellow with a thick border;
- nodes that already ran are grey; when several edges arrive (fan-out) they
  show the sum of what came in, ``in: 2 + 3 = 5``, like the gradient-flow view
  (a node with several outputs shows what came in at each output, apart);
- nodes that have not run yet are white and dashed, with what has arrived so far;
- edges that carried a gradient are blue and labelled with it, the others
  grey and dashed;
- each leaf shows its ``.grad`` so far. *not computed yet* (``None``) is grey,
  italic and dashed: it is not the same as a gradient of ``0``.

>>> import minigrad as torch
>>> from minigrad.widgets._replay import run
>>> w = torch.tensor(3.0, requires_grad=True)
>>> rec = run(w * w, names={id(w): "w"})
>>> "not computed yet" in frame_source(rec, 0)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..i18n import text as tr
from . import arrivals, labels, layout, style
from .backward import build_backward
from .forward import var_label
from .labels import values
from .render import Dot
from .walk import MinigradAdapter, tensor_key

# node states of a frame -> DOT attributes added to the node's kind
CURRENT = {"fillcolor": style.YELLOW, "color": "black", "penwidth": "3"}
WAITING = {"fillcolor": "white", "color": style.GREY, "style": "filled,dashed"}
FAILED = {"fillcolor": "white", "color": style.VERMILLION, "penwidth": "3"}
NO_GRAD_YET = {"style": "filled,dashed", "fillcolor": "white"}

_LEGEND = [  # (node attributes, catalogue key)
    (CURRENT, "steps.running_now"),
    ({"fillcolor": style.LIGHT_GREY, "color": "#333333"}, "steps.already_ran"),
    (WAITING, "steps.not_run_yet"),
    (FAILED, "steps.failed_here"),
]


def _text(a: Any) -> str:
    return "None" if a is None else labels.short_value(a)


def _legend(dot: Dot, has_error: bool, kinds: list[str] | None = None) -> str:
    """A caption under the frame: what the node states mean, then the usual legend."""
    cells = []
    for attrs, key in _LEGEND:
        text = tr(key)
        if attrs is FAILED and not has_error:
            continue
        fill, border = attrs.get("fillcolor", "white"), attrs.get("color", "black")
        body = "- -" if "dashed" in attrs.get("style", "") else " "
        cells.append(
            f'<TD BGCOLOR="{fill}" COLOR="{border}" BORDER="1" WIDTH="18" HEIGHT="12">'
            f'<FONT COLOR="{border}" POINT-SIZE="10">{body}</FONT></TD>'
            f'<TD ALIGN="LEFT">{labels.escape(text)}</TD>'
        )
    cells.append(
        f'<TD><FONT COLOR="{style.DARK_GREY}"><I>{labels.escape(tr("steps.none"))}</I></FONT></TD>'
        f'<TD ALIGN="LEFT">{labels.escape(tr("steps.none_meaning"))}</TD>'
    )
    used = kinds if kinds is not None else dot.kinds
    cells += dot.legend_cells([k for k in used if k != "grad_fn"])
    rows = ["<TR>" + "".join(cells[k : k + 4]) + "</TR>" for k in range(0, len(cells), 4)]
    table = (
        '<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="3" CELLPADDING="1">'
        + "".join(rows)
        + "</TABLE>>"
    )
    return f'  graph [label={table}, labelloc="b", labeljust="c", fontsize="10"]'


class _Frame:
    """The nodes and edges of one frame, kept until every frame is known, so that
    each node and edge label gets the same size in all of them (see :func:`frame_sources`)."""

    def __init__(self) -> None:
        self.dot = Dot("LR")
        self.nodes: list[tuple[str, str, str, dict]] = []
        self.edges: list[tuple[str, str, str, str, dict]] = []

    def node(self, id: str, kind: str, label: str, **extra: str) -> None:  # noqa: A002
        self.nodes.append((id, kind, label, extra))

    def edge(self, src: str, dst: str, kind: str, label: str = "", **extra: str) -> None:
        self.edges.append((src, dst, kind, label, extra))


def _fixed(label: str, size: tuple[float, float]) -> str:
    """``label`` in a cell of exactly ``size`` points: the same box at every step."""
    inner = label[1:-1] if label else ""
    w, h = size
    return (
        '<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="0"><TR>'
        f'<TD WIDTH="{w:.0f}" HEIGHT="{h:.0f}" FIXEDSIZE="TRUE">{inner}</TD>'
        "</TR></TABLE>>"
    )


def _box(label: str, font: float) -> tuple[float, float]:
    if not label:
        return 0.0, 0.0
    w, h = layout.label_size(label, font)
    return 1.1 * w + 4, h + 2


def frame_sources(
    rec: Any,
    names: Mapping[int, str] | None = None,
    *,
    rankdir: str = "auto",
    legend: bool = True,
    max_nodes: int = 100,
    only: set[str] | None = None,
    indices: list[int] | None = None,
) -> list[str]:
    """The DOT text of every frame of a replay (see :mod:`minigrad.widgets._replay`).

    ``only`` (node ids of the backward graph) draws just those nodes, one module
    opened from a grouped replay: the rest of the graph is one box, and the
    gradients that enter and leave the module are drawn to and from it.
    ``indices`` picks the replay's steps to draw (all by default).

    The layout is the same at every step: each label sits in a box as big as
    its biggest text over all steps, so no node moves or grows while the
    learner steps, and the direction (``"auto"``: from the graph's shape) is
    chosen once. ``names`` maps ``id(tensor)`` to a name. (A module's
    parameters are not grouped here, unlike in the figures: the group boxes
    would shrink the whole frame below a legible size.)
    """
    from .torch_adapter import TorchAdapter, is_torch_tensor

    adapter = TorchAdapter if is_torch_tensor(rec.output) else MinigradAdapter
    graph = build_backward(rec.output, adapter, max_nodes)
    steps = range(len(rec.steps)) if indices is None else indices
    frames = [_frame(rec, k, dict(names or {}), graph) for k in steps]
    if only is not None:
        frames = [_restrict(f, only) for f in frames]
    return render_frames(frames, rankdir, legend, rec.error is not None)


def render_frames(frames: list[_Frame], rankdir: str, legend: bool, has_error: bool) -> list[str]:
    """The DOT text of ``frames``, laid out alike: each label in a box as big as its
    biggest text over all frames, one direction for all, one legend of every kind."""
    sizes: dict[tuple, tuple[float, float]] = {}
    for f in frames:
        for id_, _kind, label, _extra in f.nodes:
            w, h = _box(label, 12)
            old = sizes.get((id_,), (0.0, 0.0))
            sizes[(id_,)] = (max(old[0], w), max(old[1], h))
        for src, dst, _kind, label, _extra in f.edges:
            w, h = _box(label, 10)
            old = sizes.get((src, dst), (0.0, 0.0))
            sizes[(src, dst)] = (max(old[0], w), max(old[1], h))
    direction = rankdir
    if rankdir == "auto":
        widest = Dot("LR")
        for id_, kind, _label, _extra in frames[0].nodes:
            w, h = sizes[(id_,)]
            widest.node(id_, kind, labels.html(("value", "x" * int(w / 6.7))))
        for src, dst, kind, _label, _extra in frames[0].edges:
            w, _h = sizes[(src, dst)]
            text = labels.html(("value", "x" * int(w / 5.6))) if w else ""
            widest.edge(src, dst, kind, text)
        direction = layout.auto_rankdir(widest.lines)
    kinds: list[str] = []  # the legend of every frame: all kinds of all frames
    for f in frames:
        for _id, kind, _label, _extra in f.nodes:
            kinds += [kind] if kind not in kinds else []
        for _src, _dst, kind, _label, _extra in f.edges:
            kinds += [kind] if kind not in kinds else []
    sources = []
    for f in frames:
        dot = Dot(direction)
        for id_, kind, label, extra in f.nodes:
            dot.node(id_, kind, _fixed(label, sizes[(id_,)]), **extra)
        for src, dst, kind, label, extra in f.edges:
            size = sizes[(src, dst)]
            dot.edge(src, dst, kind, _fixed(label, size) if size[0] else "", **extra)
        body = list(dot.lines)
        if legend:
            body.append(_legend(dot, has_error, kinds))
        sources.append(dot.source(legend=False, body=body))
    return sources


def _restrict(frame: _Frame, only: set[str]) -> _Frame:
    """``frame`` with only the nodes ``only`` (and their leaves); an edge to or from
    another node goes to or comes from one box, the rest of the graph."""
    keep = set(only) | {f"{n}_leaf" for n in only}
    if "g0" not in only:
        keep.discard("out")
    out = _Frame()
    out.nodes = [n for n in frame.nodes if n[0] in keep]
    rest = False
    for src, dst, kind, label, extra in frame.edges:
        if src in keep and dst in keep:
            out.edges.append((src, dst, kind, label, extra))
        elif src in keep or dst in keep:
            rest = True
            a, b = (src, "rest") if src in keep else ("rest", dst)
            out.edges.append((a, b, kind, label, extra))
    if rest:
        label = labels.html(("value", tr("modsteps.rest")))
        out.nodes.append(("rest", "more", label, {}))
    return out


def frame_source(
    rec: Any,
    k: int,
    names: Mapping[int, str] | None = None,
    *,
    rankdir: str = "auto",
    legend: bool = True,
    max_nodes: int = 100,
) -> str:
    """The DOT text of frame ``k`` of a replay: one of :func:`frame_sources`."""
    return frame_sources(rec, names, rankdir=rankdir, legend=legend, max_nodes=max_nodes)[k]


def _frame(rec: Any, k: int, names: dict, graph: Any) -> _Frame:
    output = rec.output
    steps = rec.steps[: k + 1]
    step = rec.steps[k]
    ran = {id(s.node): s for s in steps if s.kind == "node"}
    current = id(step.node) if step.kind == "node" else None
    failed = id(step.node) if step.kind == "error" and step.node is not None else None

    # what has arrived at each node so far: (output number, gradient), one per edge that
    # carried one; a node with several outputs gets one gradient per output (arrivals.py)
    arrived: dict[str, list[tuple[int, Any]]] = {}
    root_nr = getattr(output, "output_nr", 0)
    if graph.nodes and steps[0].grads_out and steps[0].grads_out[0] is not None:
        arrived[graph.nodes[0].id] = [(root_nr, steps[0].grads_out[0])]
    edge_grad: dict[tuple[str, int], Any] = {}
    for src, i, dst, nr in graph.edges:
        s = ran.get(id(graph.nodes[int(src[1:])].fn))
        if s is not None and i < len(s.sent) and s.sent[i] is not None:
            edge_grad[(src, i)] = s.sent[i]
            arrived.setdefault(dst, []).append((nr, s.sent[i]))
    n_edges: dict[str, int] = {}
    nrs: dict[str, list[int]] = {}
    for _src, _i, dst, nr in graph.edges:
        n_edges[dst] = n_edges.get(dst, 0) + 1
        nrs.setdefault(dst, []).append(nr)
    if graph.nodes:
        n_edges[graph.nodes[0].id] = n_edges.get(graph.nodes[0].id, 0) + 1
        nrs.setdefault(graph.nodes[0].id, []).append(root_nr)
    counts = {id(x.node): len(x.grads_in) for x in rec.steps if x.kind == "node"}

    dot = _Frame()
    root_name = names.get(id(output)) or next(
        (f"{n}.grad" for n, t in rec.leaves.items() if t.grad is output), "output"
    )  # stepping x.grad.backward(): the output is x.grad
    root_key = {tensor_key(output): root_name}
    dot.node("out", "root", var_label(output, root_key.get(tensor_key(output)), True, _np))
    start_grad = steps[0].grads_out[0] if steps[0].grads_out else None
    for b in graph.nodes:
        s = ran.get(id(b.fn))
        got = arrived.get(b.id, [])
        lines: list[tuple[str, str]] = [("value", labels.node_title(b.fn.name()))]
        extra: dict[str, str] = {}
        n_out = arrivals.n_outputs(b.fn, b.fn.name(), nrs.get(b.id, []))
        n_out = max(n_out, counts.get(id(b.fn), 1))
        if s is not None:
            # fan-out: the sum of what arrived at each output (one edge says it itself)
            lines += arrivals.lines(got, n_out)
            if any(s.grad_fns):
                fns = ", ".join(sorted({f for f in s.grad_fns if f}))
                lines.append(("small", tr("steps.grad_has_grad_fn", fns=fns)))
            if s.freed:
                lines.append(("small", tr("steps.saved_freed")))
            if id(b.fn) == current:
                extra = dict(CURRENT)
                lines.insert(0, ("small", tr("steps.step_running", index=step.index)))
        else:
            extra = dict(WAITING)
            if id(b.fn) == failed:
                extra = dict(FAILED)
                lines.insert(0, ("small", tr("steps.error_here")))
                lines.append(("small", step.error.split(". ")[0][:90]))
            elif got:
                lines += arrivals.lines(got, n_out, waiting=True)
                if n_edges.get(b.id, 1) > 1:
                    lines.append(
                        ("small", tr("steps.edges_arrived", got=len(got), n=n_edges[b.id]))
                    )
            else:
                lines.append(("small", tr("steps.not_run_yet")))
        kind = "accumulate" if b.leaf is not None else "grad_fn"
        dot.node(b.id, kind, labels.html(*lines), **extra)
        if b.leaf is not None:
            _leaf(dot, b, names, rec, step, steps)

    # gradients flow from the output back to the leaves; the layout stays the forward one
    if graph.nodes:
        first = graph.nodes[0].id
        dot.edge(first, "out", "grad", labels.html(("value", _text(start_grad))), penwidth="2")
    for src, i, dst, _nr in graph.edges:
        g = edge_grad.get((src, i))
        if g is None:
            dot.edge(dst, src, "grad_none")
        else:
            bold = {"penwidth": "3"} if id(graph.nodes[int(src[1:])].fn) == current else {}
            dot.edge(dst, src, "grad", labels.html(("value", _text(g))), **bold)
    return dot


def _np(t: Any) -> np.ndarray:
    return values(t)


def _leaf(dot: _Frame, b: Any, names: Mapping[int, str], rec: Any, step: Any, steps: list) -> None:
    """The leaf behind an AccumulateGrad, with its ``.grad`` so far."""
    leaf = b.leaf
    name = names.get(id(leaf))
    key = next((n for n, t in rec.leaves.items() if t is leaf), None)
    now = step.leaf_grads.get(key)
    before = steps[0].leaf_grads.get(key)
    extra: dict[str, str] = {}
    if now is None:  # short, so that it does not widen the node: the legend says what it means
        none = labels.escape(tr("steps.grad_none"))
        line = ("raw", f'<FONT COLOR="{style.DARK_GREY}"><I>{none}</I></FONT>')
        extra = dict(NO_GRAD_YET, tooltip=tr("steps.not_computed_tooltip", name=name or "leaf"))
    elif before is not None and any(
        s.kind == "node" and getattr(s.node, "variable", None) is leaf for s in steps
    ):
        line = ("grad", f"grad: {_text(before)} + {_text(now - before)} = {_text(now)}")
    else:
        line = ("grad", f"grad: {_text(now)}")
    lines = [line]
    fns = [s.grad_fns[0] for s in steps if s.kind == "node" and s.node is b.fn and s.grad_fns]
    if fns and fns[-1]:
        lines.append(("small", f"grad_fn={fns[-1]}"))
    label = var_label(leaf, name, True, _np, lines)
    dot.node(b.id + "_leaf", "param", label, **extra)
    dot.edge(b.id + "_leaf", b.id, "accumulate", labels.html(("value", "+=")))


# --- minigrad.explain ---------------------------------------------------------------------

HIGHLIGHT = {"fillcolor": style.YELLOW, "color": "black", "penwidth": "3"}
BROKEN = {"color": style.VERMILLION, "penwidth": "3", "fontcolor": style.VERMILLION}


def _attr_line(node_id: str, attrs: dict[str, str], label: str | None = None) -> str:
    parts = [f'{k}="{v}"' for k, v in attrs.items()]
    if label is not None:
        parts.append(f"xlabel={label}")
    return f"  {node_id} [{', '.join(parts)}]"


def explain_source(expl: Any, *, rankdir: str = "auto", max_nodes: int = 100) -> str:
    """The DOT text of an :class:`minigrad.explain.Explanation`: the forward graph
    with the tensor in question in yellow and the broken spot in vermillion."""
    from .forward import forward_body
    from .walk import forward_walk

    t, output = expl.tensor, expl.output
    root = output if output is not None else t
    extra = [x for x in (t, expl.source) if x is not None]
    from .torch_adapter import is_torch_tensor

    notes: list[str] = []
    if is_torch_tensor(root):  # real torch: its graph as the forward view draws it
        from .torch_forward import missing_inputs, rebuild

        graph, _ = rebuild(root, max_nodes=max_nodes, extra=extra)
        if missing_inputs(graph):
            notes = [tr("viz.rebuilt_note")]
    else:
        graph = forward_walk(root, max_nodes=max_nodes, extra=extra)
    keyed: dict[tuple, str] = {}
    for v in graph.vars:
        name = expl.names.get(id(v.tensor))
        if name is None and expl.source is not None and v.tensor is expl.source:
            name = expl.names.get(id(expl.source))
        if name is not None:
            keyed[v.key] = name
    for x in extra + [root]:
        if id(x) in expl.names:
            keyed.setdefault(tensor_key(x), expl.names[id(x)])
    title = getattr(expl, "title", None) or expl.text.splitlines()[0].split(": ")[0].split("：")[0]
    dot = Dot("LR" if rankdir == "auto" else rankdir, title=title)
    forward_body(dot, graph, keyed)
    var_ids = {v.key: v.id for v in graph.vars}
    tid = var_ids.get(tensor_key(t))
    if tid is None:  # not in the output's graph at all
        label = var_label(
            t, expl.names.get(id(t)), True, _np, [("small", tr("steps.not_connected"))]
        )
        dot.node("asked", "param" if t.requires_grad else "const", label, **HIGHLIGHT)
    else:
        dot.raw(_attr_line(tid, HIGHLIGHT))
    # the broken spots: every node backward would fail at, and what the caller marked
    # (``expl.marks``: ``(node or tensor, note)``, the error explainer's culprits)
    failing = [n for _, n, _ in expl.problems] + [expl.node]
    what = tr("steps.saved_freed" if expl.cause == "freed" else "steps.saved_modified")
    notes_for = {id(n): what for n in failing if n is not None}
    notes_for.update({id(obj): note for obj, note in getattr(expl, "marks", [])})
    for op in graph.ops:
        if id(op.node) in notes_for:
            dot.raw(_attr_line(op.id, BROKEN, labels.html(("small", notes_for[id(op.node)]))))
    for obj, note in getattr(expl, "marks", []):
        vid = var_ids.get(tensor_key(obj)) if hasattr(obj, "grad_fn") else None
        if vid is not None:
            dot.raw(_attr_line(vid, BROKEN, labels.html(("small", note))))
    if expl.modified is not None:
        mid = var_ids.get(tensor_key(expl.modified))
        if mid is not None and mid != tid:
            dot.raw(_attr_line(mid, BROKEN, labels.html(("small", tr("steps.modified_in_place")))))
    src, cut = expl.source, getattr(expl, "cut_note", "")
    if cut and src is not None and tid is not None and tensor_key(src) not in var_ids:
        # where the chain was cut (the error explainer read it in the learner's code)
        dot.node("source", "param", var_label(src, expl.names.get(id(src)), True, _np))
        dot.edge("source", tid, "cut", labels.html(("small", cut)))
    for note in notes:
        dot.note(note)
    if rankdir == "auto":  # left to right while it fits the page, else top to bottom
        dot.rankdir = layout.auto_rankdir(dot.lines)
    return dot.source(legend=True)
