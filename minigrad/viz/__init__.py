"""Pictures of autograd: the forward graph and the gradient flow, with graphviz.

>>> import minigrad as torch
>>> from minigrad import viz
>>> x = torch.tensor([2.0])
>>> w = torch.tensor([0.5], requires_grad=True)
>>> b = torch.tensor([0.1], requires_grad=True)
>>> y = w * x
>>> z = y + b
>>> fig = viz.draw_forward(z)       # figure 2-9: x, w, b, y, z and the ops mul, add
>>> z.backward()
>>> fig = viz.draw_backward(z)      # figure 2-10: MulBackward0, AddBackward0, AccumulateGrad
>>> "MulBackward0" in fig.source
True

In Jupyter the returned :class:`Figure` shows itself as SVG; ``fig.source`` is
the DOT text and ``fig.render("z.png")`` writes a file (svg, png, pdf...). A
:class:`Figure` is a :class:`graphviz.Source`. Without graphviz's ``dot``
program, figures are drawn by the pip package ``graphviz-pure`` or, in Jupyter,
in the browser: :func:`renderer` says which, :func:`set_renderer` chooses.
``fig.zoomable()`` shows a big figure at a readable size in a frame that zooms,
pans and opens full size (:mod:`minigrad.viz.zoom`); a figure too small to read
once fitted to the notebook's width is shown that way by itself.

Options shared by the ``draw_*`` functions:

- ``names``: ``{tensor: "name"}``, overriding the names found in the caller's variables
- ``rankdir``: ``"auto"`` (the default: left to right while the graph fits an
  output area, top to bottom for a long chain, see :mod:`minigrad.viz.layout`),
  ``"LR"`` (left to right) or ``"TB"`` (top to bottom)
- ``show_values``: print each tensor's value (default True)
- ``legend``: draw a legend (default True)
- ``max_nodes``: refuse graphs larger than this (default 100) instead of drawing a hairball
- ``elide``: with ``elide=True``, a graph larger than ``max_nodes`` is drawn
  anyway: the ``max_nodes`` nodes nearest the output, and one grey
  ``… N more nodes`` box for the rest
- ``collapse``: with ``collapse=True``, runs of repeated blocks (the layers of a
  deep network, the steps of a loop) are drawn as one ``×N`` node each, see
  :mod:`minigrad.viz.collapse`; ``max_nodes`` then counts the nodes drawn
- ``title``: a caption above the figure
- ``show``: ``"grads"`` (gradients on the edges) or ``"local"`` (also each
  edge's local derivative, for the chain rule; ``draw_backward`` only)

The visual grammar (what each colour and shape means) is documented in
:mod:`minigrad.viz.style`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from numbers import Integral
from typing import Any

from ..exact import names as learner
from ..i18n import text as tr
from . import labels, layout, style
from .backward import MinigradReplay, backward_body, build_backward
from .forward import forward_body
from .modules import MAX_GROUPS
from .names import infer_names, merge
from .recording import Recording, Trace, record, trace
from .render import (
    RENDERERS,
    DotError,
    DotNotFoundError,
    Figure,
    renderer,
    run_dot,
    set_renderer,
)
from .side import SideBySide, side_by_side
from .torch_adapter import TorchAdapter, is_torch_tensor
from .walk import GraphTooLarge, forward_walk

COLLAPSE_WALK = 20  # with collapse=True, a walk sees up to 20 × max_nodes before folding
# an illegible graph this big is drawn in groups: by module, or (no modules) in stretches
MODULES_FROM, GROUPS_FROM = 12, 30

__all__ = [
    "draw",
    "draw_forward",
    "draw_backward",
    "side_by_side",
    "SideBySide",
    "record",
    "trace",
    "Figure",
    "Recording",
    "Trace",
    "DotNotFoundError",
    "DotError",
    "GraphTooLarge",
    "run_dot",
    "renderer",
    "set_renderer",
    "RENDERERS",
    "style",
]


def _names(names: Mapping | None, opts: dict) -> tuple[dict, list]:
    """Names by picture key, and the tensors they came from: ``model=``'s parameter paths
    first (when given), then the caller's variables (and the other modules known, from
    ``model=`` or ``recording=``), then ``names=`` over them."""
    model = opts["model"]
    found = list(model.named_parameters()) if model is not None else []
    found += learner.caller_tensors(more=opts["more"])
    given = [t for pair in (names or {}).items() for t in pair if learner.is_tensor(t)]
    return merge(infer_names(found), names), [t for _, t in found] + given


def _check_tensor(t: Any) -> None:
    if not hasattr(t, "grad_fn"):
        raise TypeError(f"expected a tensor to draw, got {type(t).__name__}")


def _forward(dot: Any, t: Any, names: dict, extra: list, opts: dict, prefix: str = "") -> None:
    if is_torch_tensor(t):
        try:
            _torch_forward(dot, t, names, extra, opts, prefix)
        except GraphTooLarge:
            if not _too_big(opts) or not _by_module(dot, t, names, opts, prefix, backward=False):
                raise
        return
    tr = opts.get("trace")
    try:
        with _collapse_limit(opts):
            graph = forward_walk(
                t,
                max_nodes=_walk_limit(opts),
                traced=tr.ops if tr is not None else None,
                extra=extra,
                elide=opts["elide"],
            )
    except GraphTooLarge:
        if not _too_big(opts) or not _by_module(dot, t, names, opts, prefix, backward=False):
            raise
        return
    _draw_forward_graph(dot, graph, names, opts, prefix)


def _draw_forward_graph(dot: Any, graph: Any, names: dict, opts: dict, prefix: str) -> None:
    """The walked forward graph into ``dot``, with the picture's options."""
    start = len(dot.lines)
    forward_body(
        dot,
        graph,
        names,
        show_values=opts["show_values"],
        prefix=prefix,
        collapse=opts["collapse"],
        fold_numbers=opts.get("fold_numbers", False),
        dots=opts.get("dots", False),
    )
    _check_drawn(dot, start, opts)
    opts["drawn"].update(id(v.tensor) for v in graph.vars)


def _torch_forward(dot: Any, t: Any, names: dict, extra: list, opts: dict, prefix: str) -> None:
    """A real torch tensor: traced ops (``viz.record()``) where known, else rebuilt
    from ``grad_fn`` (see :mod:`minigrad.viz.torch_forward`)."""
    from .torch_forward import missing_inputs, rebuild

    rec = opts.get("recording")
    traced = rec.torch_trace.ops if rec is not None and rec.torch_trace is not None else None
    with _collapse_limit(opts):
        graph, _ = rebuild(
            t, max_nodes=_walk_limit(opts), extra=extra, elide=opts["elide"], traced=traced
        )
    _draw_forward_graph(dot, graph, names, opts, prefix)
    if missing_inputs(graph):
        dot.note(tr("viz.rebuilt_note"))


def _walk_limit(opts: dict) -> int:
    """With ``collapse=True``, ``max_nodes`` counts the nodes *drawn*: the walk may see
    ``COLLAPSE_WALK`` times more before folding."""
    return opts["max_nodes"] * (COLLAPSE_WALK if opts["collapse"] else 1)


@contextmanager
def _collapse_limit(opts: dict) -> Iterator[None]:
    """A walk stopped before folding: say so in the terms the learner used."""
    try:
        yield
    except GraphTooLarge:
        if not opts["collapse"]:
            raise
        limit = _walk_limit(opts)
        raise GraphTooLarge(
            f"This graph has more than {limit} nodes before folding (20 × max_nodes="
            f"{opts['max_nodes']}), too many to draw even with collapse=True. Pass a larger "
            "max_nodes=, elide=True to draw the part nearest the output, or draw a smaller part."
        ) from None


def _check_drawn(dot: Any, start: int, opts: dict) -> None:
    """After folding, the picture must still respect ``max_nodes`` (unless ``elide=True``)."""
    if not opts["collapse"] or opts["elide"]:
        return
    drawn = sum(" -> " not in line and " [" in line for line in dot.lines[start:])
    if drawn > opts["max_nodes"]:
        raise GraphTooLarge(tr("viz.too_large_folded", n=drawn, max_nodes=opts["max_nodes"]))


def _by_module(dot: Any, t: Any, names: dict, opts: dict, prefix: str, backward: bool) -> bool:
    """A graph over ``max_nodes`` that the learner did not ask to see whole: one box per
    module (see :mod:`minigrad.viz.module_picture`). False, and nothing drawn, when the
    graph has no modules to group by or more than ``COLLAPSE_WALK`` x ``max_nodes`` nodes."""
    from .module_picture import module_body

    adapter: Any = TorchAdapter if is_torch_tensor(t) else MinigradReplay
    try:
        graph = build_backward(t, adapter, COLLAPSE_WALK * opts["max_nodes"])
    except GraphTooLarge:
        return False
    params = {id(b.leaf) for b in graph.nodes if b.leaf is not None}
    opts["drawn"].update(params)
    grads = None
    if backward and opts.get("grads", "auto") is not False:
        recording = opts.get("recording")
        if recording is not None and adapter is MinigradReplay:
            grads = MinigradReplay.from_recording(graph, recording)
        elif opts.get("grads") is True or adapter.backward_ran(graph):
            grads = adapter.rerun(graph)
    if backward:  # what max_nodes counts in each view: the picture's nodes
        every = len(graph.nodes) + len(params)
    elif is_torch_tensor(t):
        from .torch_forward import rebuild

        every = rebuild(t, max_nodes=10**9)[0].size
    else:
        every = forward_walk(t, max_nodes=10**9).size
    module_body(
        dot,
        graph,
        names,
        adapter,
        grads,
        _module_kinds(params, opts),
        backward=backward,
        prefix=prefix,
        every=every,
        most=opts.get("most_groups", MAX_GROUPS),
    )
    return True


def _too_big(opts: dict) -> bool:
    """Draw by module instead of refusing? Unless max_nodes, collapse or elide was asked."""
    return not opts["asked"] & {"max_nodes", "collapse", "elide"}


def _backward(dot: Any, t: Any, names: dict, opts: dict, prefix: str = "") -> bool:
    adapter: Any = TorchAdapter if is_torch_tensor(t) else MinigradReplay
    try:
        with _collapse_limit(opts):
            graph = build_backward(t, adapter, _walk_limit(opts), opts["elide"])
    except GraphTooLarge:
        if not _too_big(opts) or not _by_module(dot, t, names, opts, prefix, backward=True):
            raise
        return False
    opts["drawn"].update(id(b.leaf) for b in graph.nodes if b.leaf is not None)
    recording, mode = opts.get("recording"), opts.get("grads", "auto")
    grads = None
    if mode is not False and graph.nodes:
        if recording is not None and adapter is MinigradReplay:
            grads = MinigradReplay.from_recording(graph, recording)
        elif mode is True or adapter.backward_ran(graph):
            grads = adapter.rerun(graph)
    start = len(dot.lines)
    na = backward_body(
        dot,
        graph,
        names,
        adapter,
        grads,
        show_values=opts["show_values"],
        show_saved=opts["show_saved"],
        prefix=prefix,
        show=opts["show"],
        collapse=opts["collapse"],
    )
    _check_drawn(dot, start, opts)
    return na


def _options(
    rankdir: str = "auto",
    show_saved: bool = False,
    max_nodes: int = 100,
    legend: bool = True,
    show_values: bool = True,
    title: str = "",
    recording: Recording | None = None,
    grads: bool | str = "auto",
    trace: Trace | None = None,
    dot_program: str | None = None,
    show: str = "grads",
    elide: bool = False,
    collapse: bool = False,
    model: Any = None,
) -> dict:
    if grads not in (True, False, "auto"):
        raise ValueError("grads= must be True, False or 'auto'")
    if show not in ("grads", "local"):
        raise ValueError("show= must be 'grads' or 'local'")
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, Integral) or max_nodes < 1:
        raise ValueError(f"max_nodes must be a positive whole number, not {max_nodes!r}")
    if rankdir not in ("auto", "LR", "TB", "RL", "BT"):
        raise ValueError(f"rankdir must be 'auto', 'LR' or 'TB', not {rankdir!r}")
    model, more = learner.split_model(model, recording)
    return dict(locals(), drawn=set(), asked=set())  # drawn: ids of the tensors in the picture


def _new_dot(opts: dict) -> Any:
    from .render import Dot

    return Dot("LR" if opts["rankdir"] == "auto" else opts["rankdir"], opts["title"])


def _fit(dot: Any, opts: dict) -> None:
    """Group each module's parameters, and choose the direction from the graph's
    shape, once its nodes are known."""
    dot.lines += layout.module_groups(dot.lines, _module_kinds(opts["drawn"], opts))
    if opts["rankdir"] == "auto":
        dot.rankdir = layout.auto_rankdir(dot.lines)
    if dot.rankdir == "TB":
        dot.lines = layout.shorten_values(layout.stagger(dot.lines, fans=opts.get("fans", False)))


def _module_kinds(drawn: set[int], opts: dict) -> dict[str, str]:
    """The class of each submodule of the learner's modules, by prefix (``"0": "Linear"``).
    Modules with a parameter in the picture come first: two models in one notebook both
    have a ``0``."""
    frame = learner.learner_frame()
    try:
        modules = [v for _, v in learner.variables(frame) if learner.is_module(v)]
    finally:
        del frame
    modules += opts["more"]
    model = opts["model"]

    def in_picture(module: Any) -> bool:
        try:
            return any(id(p) in drawn for p in module.parameters())
        except Exception:  # noqa: BLE001 - a half-built module must not break a picture
            return False

    kinds: dict[str, str] = {}
    if model is not None:  # model= first: its paths are the ones the picture uses
        kinds.update({k: type(m).__name__ for k, m in model.named_modules() if k})
    for module in sorted(modules, key=lambda m: not in_picture(m)):
        try:
            for prefix, sub in module.named_modules():
                if prefix:
                    kinds.setdefault(prefix, type(sub).__name__)
        except Exception:  # noqa: BLE001
            continue
    return kinds


def draw_forward(t: Any, names: Mapping | None = None, **options: Any) -> Figure:
    """Draw the computation graph that produced ``t`` (textbook figure 2-9).

    Variables are ellipses, operators boxes; leaves that require grad are blue,
    constants white, computed tensors orange. ``trace=`` (from
    :func:`minigrad.viz.trace`) shows ops run under ``no_grad``.

    >>> import minigrad as torch
    >>> from minigrad import viz
    >>> a = torch.tensor(3.0, requires_grad=True)
    >>> "mul" in viz.draw_forward(a * 2).source
    True
    """
    _check_tensor(t)
    opts = _options(**options)
    opts["asked"] = set(options)
    resolved, extra = _names(names, opts)

    def drawn(fold: bool = False) -> Figure:
        opts["fold_numbers"], opts["drawn"] = fold, set()
        dot = _new_dot(opts)
        _forward(dot, t, resolved, extra, opts)
        _fit(dot, opts)
        return Figure(dot.source(opts["legend"]), opts["dot_program"])

    fig = drawn()
    if _legible(fig, opts) is False:  # scalar arguments inside their op's box
        fig = drawn(fold=True)
    if _legible(fig, opts) is False:  # a tensor that many ops use: its users on 2-3 rows,
        opts["fans"] = opts["dots"] = True  # and the tensors computed on the way as dots
        fig = drawn(fold=True)
    if _legible(fig, opts) is False:  # one box per module
        fig = _modules_figure(t, resolved, opts, backward=False) or fig
    return fig


def _legible(fig: Figure, opts: dict) -> bool | None:
    """Does ``fig``'s smallest text read at 9 px or more in a static page (the width the
    figure is capped at)? None when it is not drawn in Python, or when the learner
    chose the layout (``rankdir=``, ``max_nodes=``, ``collapse=``, ``elide=``)."""
    from .zoom import MIN_PX, displayed_px

    if opts["asked"] & {"rankdir", "max_nodes", "collapse", "elide"}:
        return None
    try:
        return displayed_px(fig.svg()) >= MIN_PX
    except (DotNotFoundError, DotError):
        return None


def _modules_figure(t: Any, names: dict, opts: dict, backward: bool) -> Figure | None:
    """The figure drawn one box per module (or in stretches, with no modules), or None
    for a graph too small to need it."""

    adapter: Any = TorchAdapter if is_torch_tensor(t) else MinigradReplay
    try:
        graph = build_backward(t, adapter, COLLAPSE_WALK * opts["max_nodes"])
    except GraphTooLarge:
        return None
    from .module_picture import has_modules

    small = GROUPS_FROM if not has_modules(graph, names) else MODULES_FROM
    if len(graph.nodes) < small:
        return None  # a small graph stays node by node (live, the zoom frame shows it)
    for most in (MAX_GROUPS, MAX_GROUPS // 2, MAX_GROUPS // 4):  # fewer boxes till it reads
        opts["drawn"], opts["most_groups"] = set(), most
        dot = _new_dot(opts)
        _by_module(dot, t, names, opts, "", backward=backward)
        _fit(dot, opts)
        fig = Figure(dot.source(opts["legend"]), opts["dot_program"])
        if _legible(fig, opts) is not False:
            break
    return fig


def draw_backward(t: Any, names: Mapping | None = None, **options: Any) -> Figure:
    """Draw the gradient flow from ``t`` back to its leaves (textbook figure 2-10).

    ``t`` may be a minigrad tensor or a real ``torch`` tensor. After a
    backward, edges carry the gradient that flowed along them (see
    :mod:`minigrad.viz.backward` for where it comes from) and each leaf shows
    its ``.grad``. ``show="local"`` also writes each edge's local derivative
    (``∂y/∂w = x = 2.0``) next to the gradient it carries, to read the chain
    rule off the picture. ``show_saved=True`` adds the tensors each node saved, or
    "freed" once a backward released them. ``recording=`` takes the result of
    :func:`minigrad.viz.record`.

    >>> import minigrad as torch
    >>> from minigrad import viz
    >>> a = torch.tensor(3.0, requires_grad=True)
    >>> "AccumulateGrad" in viz.draw_backward(a * 2).source
    True
    """
    _check_tensor(t)
    opts = _options(**options)
    opts["asked"] = set(options)
    resolved, _ = _names(names, opts)

    def drawn() -> Figure:
        opts["drawn"] = set()
        dot = _new_dot(opts)
        if _backward(dot, t, resolved, opts):
            dot.note(tr("viz.na_note_torch" if is_torch_tensor(t) else "viz.na_note"))
        _fit(dot, opts)
        return Figure(dot.source(opts["legend"]), opts["dot_program"])

    fig = drawn()
    if _legible(fig, opts) is False:  # a node that sends to many: those on 2-3 rows
        opts["fans"] = True
        fig = drawn()
    if _legible(fig, opts) is False and opts["show"] == "grads" and not opts["show_saved"]:
        fig = _modules_figure(t, resolved, opts, backward=True) or fig  # one box per module
    return fig


def draw(t: Any, names: Mapping | None = None, **options: Any) -> Figure:
    """Both views in one figure, with the same names and colours (for slides).

    The default layout is top to bottom, which puts the two views side by side;
    ``rankdir="LR"`` stacks them.

    >>> import minigrad as torch
    >>> from minigrad import viz
    >>> a = torch.tensor(3.0, requires_grad=True)
    >>> src = viz.draw(a * 2).source
    >>> "cluster_forward" in src and "cluster_backward" in src
    True
    """
    _check_tensor(t)
    options.setdefault("rankdir", "TB")
    opts = _options(**options)
    opts["asked"] = set(options)
    resolved, extra = _names(names, opts)
    dot = _new_dot(opts)
    body = []
    views = (("forward", tr("viz.view_forward")), ("backward", tr("viz.view_backward")))
    for cluster, title in views:
        start = len(dot.lines)
        if cluster == "forward":
            _forward(dot, t, resolved, extra, opts, prefix="f_")
            na = False
        else:
            na = _backward(dot, t, resolved, opts, prefix="b_")
        inner = dot.lines[start:]
        body.append(f"  subgraph cluster_{cluster} {{")
        body.append(f'    label=<{labels.escape(title)}>; color="{style.GREY}"; style="rounded";')
        body += ["  " + line for line in inner]
        body.append("  }")
    if na:
        dot.note(tr("viz.na_note_torch" if is_torch_tensor(t) else "viz.na_note"))
    dot.lines = body
    if opts["rankdir"] == "auto":  # (no module groups: a node cannot be in two clusters)
        dot.rankdir = layout.auto_rankdir(dot.lines)
    return Figure(dot.source(opts["legend"]), opts["dot_program"])
