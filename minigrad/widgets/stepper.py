"""Step through a backward pass, one node at a time.

    stepper = BackwardStepper(z)
    stepper            # in Jupyter: Play, Previous, Next, a step slider and the graph

The steps are recorded from the real engine (see :mod:`minigrad.widgets._replay`):
the order is the engine's, a node reached by two edges (fan-out) shows the two
gradients and their sum, a second ``backward(retain_graph=True)`` shows the
``.grad`` growing, a freed graph ends in the real ``RuntimeError``, and with
``create_graph=True`` the gradients carry a ``grad_fn``.

By default nothing changes for the learner: ``.grad`` values and the graph are
as they were before. ``keep=True`` makes the stepper *be* the backward call.

A big graph (more than ``max_nodes=100`` nodes: a GRU, a ResNet, a Transformer)
is stepped module by module: one box per module, one step each time the engine
moves to another module (see :mod:`minigrad.viz.module_steps`). The modules are
found through the parameters' names: those of the ``nn.Module`` variables where
the stepper is made, or of ``model=`` (from inside a function, say; ``model=rec``
takes the modules called inside ``with viz.record() as rec:``). A big graph
with no modules (an ``nn.GRU`` holds all its parameters itself) is stepped in
stages of the engine's own order instead.
``stepper.open("layers.0")`` steps inside one module, node by node.
"""

from __future__ import annotations

import html
import os
import weakref
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from .. import Tensor
from ..exact import names as _names
from ..i18n import text as tr
from ..viz import labels
from ..viz.module_steps import module_sources
from ..viz.render import DotError, DotNotFoundError, run_dot
from ..viz.steps import frame_sources
from ..viz.walk import GraphTooLarge
from . import _replay
from ._common import DisplaysAsWidget, caller_names, error_box, show_picture, svg_markup


class BackwardStepper(DisplaysAsWidget):
    """Replay ``output.backward(...)`` step by step, as the engine really runs it.

    ``output`` may be a minigrad tensor or a real ``torch`` tensor: then the
    steps are torch's engine's own (see :mod:`minigrad.widgets._torch_replay`).

    For tests and notebooks the state is plain Python: ``.steps`` (the list of
    :class:`~minigrad.widgets._replay.Step`), ``.step`` (the current index),
    ``.next()``, ``.previous()``, ``.goto(i)``, and ``.source`` / ``.svg`` of the
    current picture.

    >>> import minigrad as torch
    >>> w = torch.tensor(2.0, requires_grad=True)
    >>> b = torch.tensor(1.0, requires_grad=True)
    >>> z = w * 3 + b
    >>> s = BackwardStepper(z)
    >>> [step.name.split("::")[-1] for step in s.steps]
    ['start', 'AddBackward0', 'AccumulateGrad', 'MulBackward0', 'AccumulateGrad']
    >>> s.goto(2).steps[2].leaf_grads["b"]
    array(1., dtype=float32)
    >>> print(w.grad)    # the learner's tensors are untouched
    None
    """

    def __init__(
        self,
        output: Tensor,
        *,
        gradient: Any = None,
        retain_graph: bool | None = None,
        create_graph: bool = False,
        names: Mapping | None = None,
        keep: bool = False,
        rankdir: str = "auto",
        legend: bool = True,
        interval: int = 1200,
        max_nodes: int = 100,
        by_module: bool | None = None,
        depth: int | None = None,
        model: Any = None,
    ) -> None:
        from ..viz.torch_adapter import is_torch_tensor

        if not isinstance(output, Tensor) and not is_torch_tensor(output):
            raise TypeError(
                f"BackwardStepper expects a minigrad or torch tensor, got {type(output).__name__}"
            )
        if not output.requires_grad:  # torch's own error ("element 0 of tensors does not...")
            output.backward(gradient)
        # names: the caller's variables (and the modules of model=rec), then model's
        # parameter paths, then names=
        model, more = _names.split_model(model)
        self.names = caller_names(more=more)
        self._kinds: dict[str, str] = {}
        for m in more[::-1] + ([model] if model is not None else []):
            self._kinds.update({k: type(sub).__name__ for k, sub in m.named_modules() if k})
        if model is not None:
            self.names.update({id(p): n for n, p in model.named_parameters()})
        for k, v in (names or {}).items():  # tensor -> name, or name -> tensor
            tensor, name = (v, k) if isinstance(k, str) else (k, v)
            self.names[id(tensor)] = str(name)
        if is_torch_tensor(output):  # torch's own engine, watched through node hooks
            from . import _torch_replay

            replay: Any = _torch_replay
        else:
            replay = _replay
        self.recording = replay.run(
            output, gradient, retain_graph, create_graph, names=self.names, keep=keep
        )
        self.error = self.recording.error
        self.rankdir, self.legend, self.max_nodes = rankdir, legend, max_nodes
        self.view: Any = None  # the module view of a big graph (viz.module_steps.ModuleView)
        self._only: set[str] | None = None  # the nodes of an opened module
        self._indices: list[int] | None = None
        self.steps = self.recording.steps
        graph = _graph(output)
        size = len(graph.nodes) + sum(b.leaf is not None for b in graph.nodes)
        if by_module or (by_module is None and size > max_nodes):
            self._group(graph, depth)
        elif size > max_nodes:
            raise GraphTooLarge(tr("stepper.too_large", n=size, max_nodes=max_nodes))
        self._make_widgets(interval)

    def _group(self, graph: Any, depth: int | None) -> None:
        """Step module by module (see :mod:`minigrad.viz.module_steps`)."""
        from ..viz.module_steps import group_replay
        from ..viz.modules import node_modules

        leaf_name = {id(t): n for n, t in self.recording.leaves.items()}
        self._near: dict = {}
        self._modules = node_modules(graph, lambda t: leaf_name.get(id(t)), self._near)
        kinds = {**_names.caller_module_kinds(), **self._kinds}
        view = group_replay(self.recording, graph, self._modules, kinds, depth, near=self._near)
        if _flat(view, self._modules, self.max_nodes):  # stages of the engine's order
            self._modules, self._near = _stages(self.recording, graph), {}
            view = group_replay(self.recording, graph, self._modules, {}, 1)
        self.view, self._graph = view, graph
        self.steps = view.steps

    def open(self, module: str) -> BackwardStepper:
        """A stepper inside one module of a grouped replay: its nodes, one step each,
        with the gradients that enter and leave it (the same recording: nothing reruns).

        >>> import minigrad as torch
        >>> net = torch.nn.Sequential(*[torch.nn.Linear(2, 2) for _ in range(20)])
        >>> s = BackwardStepper(net(torch.ones(1, 2)).sum())
        >>> s.view.groups[:3]
        ['', '19', '18']
        >>> [step.name.split("::")[-1] for step in s.open("19").steps]
        ['start', 'AddmmBackward0', 'AccumulateGrad', 'TBackward0', 'AccumulateGrad']
        """
        if self.view is None:
            raise ValueError(tr("stepper.not_grouped"))
        inside = {
            bid
            for bid, path in self._modules.items()
            if path == module or path.startswith(module + ".") or (not module and not path)
        }
        if not inside:
            from ..viz.module_picture import CALL

            paths = dict.fromkeys(g.split(CALL)[0] for g in self.view.groups)  # (calls: once)
            shown = ", ".join(repr(g) for g in paths)
            raise ValueError(tr("stepper.no_module", module=module, modules=shown))
        rec = self.recording
        opened = object.__new__(BackwardStepper)
        opened.recording, opened.error, opened.names = rec, self.error, self.names
        opened.rankdir, opened.legend, opened.max_nodes = self.rankdir, self.legend, self.max_nodes
        opened._modules, opened._graph, opened._near = self._modules, self._graph, self._near
        if len(inside) > OPEN_NODES:  # still big: step its parts (when it has 3 or more)
            from ..viz.module_steps import group_replay

            depth = len(module.split(".")) + 1 if module else 1
            kinds = self.view.kinds
            view = group_replay(rec, self._graph, self._modules, kinds, depth, inside, self._near)
            if len(view.groups) > 3:  # (the rest of the graph is one of them)
                opened.view, opened._only, opened._indices = view, None, None
                opened.steps = view.steps
                opened._make_widgets(1200)
                return opened
        bid_of = {id(b.fn): b.id for b in self._graph.nodes}
        indices = [
            k
            for k, s in enumerate(rec.steps)
            if s.kind != "node" or bid_of.get(id(s.node)) in inside
        ]
        opened.view, opened._only, opened._indices = None, inside, indices
        opened.steps = [replace(rec.steps[k], index=j) for j, k in enumerate(indices)]
        opened._make_widgets(1200)
        return opened

    def _make_widgets(self, interval: int) -> None:
        self._cache: dict[int, tuple[str, str | None, str]] = {}
        self._sources: list[str] | None = None  # one layout for all steps, made once
        self.step = 0

        last = len(self.steps) - 1
        self.play = widgets.Play(
            min=0, max=last, step=1, interval=interval, description=tr("stepper.play")
        )
        self.slider = widgets.IntSlider(
            min=0, max=last, description=tr("stepper.step"), continuous_update=True
        )
        self.prev_button = widgets.Button(description=tr("stepper.previous"), icon="step-backward")
        self.next_button = widgets.Button(description=tr("stepper.next"), icon="step-forward")
        self.text = widgets.HTML()
        self.image = widgets.HTML()
        link = widgets.jslink((self.play, "value"), (self.slider, "value"))
        # The widgets call back through weak references: they must not keep the
        # stepper alive, so that dropping (or replacing) a stepper closes them.
        self.slider.observe(_weakly(self._on_slider), names="value")
        self.prev_button.on_click(_weakly(self.previous, with_arg=False))
        self.next_button.on_click(_weakly(self.next, with_arg=False))
        controls = widgets.HBox([self.play, self.prev_button, self.next_button, self.slider])
        self.widget = widgets.VBox([controls, self.text, self.image])
        self.widget.add_class("minigrad-backward-stepper")
        parts = [self.widget, controls, link, self.play, self.slider]
        parts += [self.prev_button, self.next_button, self.text, self.image]
        self._parts = parts  # (the zoom frame joins them when it is made)
        self._closer = weakref.finalize(self, _close_all, parts)
        self._show()

    def close(self) -> None:
        """Close the widgets (done by itself when the stepper is no longer used)."""
        self._closer()

    def save(self, path: str | os.PathLike, **options: Any) -> Path:
        """Write every step to ``path``, for slides and handouts; the suffix names the format.

        ``.gif`` / ``.png`` (APNG) / ``.webp``: an animation, one frame per step;
        ``.pdf``: one page per step; ``.svg``: the frames one under the other.
        Options (``interval``, ``zoom``...): see :func:`minigrad.widgets.export.save`.

        >>> import minigrad as torch
        >>> x = torch.tensor(2.0, requires_grad=True)
        >>> BackwardStepper(x * x).save("steps.gif")  # doctest: +SKIP
        PosixPath('steps.gif')
        """
        from .export import save

        return save(self, path, **options)

    def _static_html(self) -> str | None:
        """Every step, caption and graph, for a page without a live kernel."""
        from .export import static_html

        try:
            return static_html(self)
        except (DotNotFoundError, DotError):  # only the browser draws: the widget alone
            return None

    def __repr__(self) -> str:
        nodes = sum(s.kind == "node" for s in self.steps)
        key = "stepper.repr_error" if self.error is not None else "stepper.repr"
        return tr(key, nodes=nodes, step=self.step, last=len(self.steps) - 1)

    # --- moving ------------------------------------------------------------------
    def goto(self, i: int) -> BackwardStepper:
        """Show step ``i`` (clamped to the first and last step)."""
        i = max(0, min(int(i), len(self.steps) - 1))
        if self.slider.value != i:
            self.slider.value = i  # the slider's observer redraws
        else:
            self.step = i
            self._show()
        return self

    def next(self) -> BackwardStepper:
        """One step further (stays on the last step)."""
        return self.goto(self.step + 1)

    def previous(self) -> BackwardStepper:
        """One step back (stays on the first step)."""
        return self.goto(self.step - 1)

    def _on_slider(self, change: dict) -> None:
        self.step = int(change["new"])
        self._show()

    def leaf_grads_shown(self, step: _replay.Step) -> tuple[list, str]:
        """The leaves' ``.grad`` to list under step ``step``: all of them, or, stepping a
        big model module by module, the current module's, after a count of them all."""
        grads = list(step.leaf_grads.items())
        if self.view is None or len(grads) <= 8:
            return grads, ""
        done = sum(g is not None for _, g in grads)
        summary = tr("modsteps.all_params", n=len(grads), done=done)
        group = step.name if step.kind == "node" else None
        mine = [(n, g) for n, g in grads if group and n.startswith(group + ".")]
        return mine, summary

    # --- drawing -----------------------------------------------------------------
    @property
    def current(self) -> _replay.Step:
        """The record of the current step."""
        return self.steps[self.step]

    @property
    def source(self) -> str:
        """The DOT text of the current picture."""
        return self._frame(self.step)[0]

    @property
    def svg(self) -> str | None:
        """The SVG of the current picture (None when only the browser can draw it)."""
        return self._frame(self.step)[1]

    def _zoomed(self, k: int) -> str | None:
        """Frame ``k`` at its natural size, for the zoom frame, when the frame as wide
        as the output area would have text under 9 px (else None)."""
        from ..viz.zoom import MIN_PX, displayed_px, natural_source

        source, svg, _ = self._frame(k)
        if svg is None or displayed_px(svg) >= MIN_PX:
            return None
        try:
            big = run_dot(natural_source(source))
        except (DotNotFoundError, DotError):
            return None
        return big.decode("utf-8") if isinstance(big, bytes) else big

    def _frame(self, k: int) -> tuple[str, str | None, str]:
        if k not in self._cache:
            if self._sources is None and self.view is not None:
                self._sources = module_sources(self.view, self.rankdir, self.legend)
            elif self._sources is None:
                self._sources = frame_sources(
                    self.recording,
                    self.names,
                    rankdir=self.rankdir,
                    legend=self.legend,
                    max_nodes=10**9,
                    only=self._only,
                    indices=self._indices,
                )
            source = self._sources[k]
            try:
                svg, problem = svg_markup(run_dot(source)), ""
            except (DotNotFoundError, DotError) as err:
                svg, problem = None, str(err)
            self._cache[k] = (source, svg, problem)
        return self._cache[k]

    def _show(self) -> None:
        step = self.current
        self.prev_button.disabled = self.step == 0
        self.next_button.disabled = self.step == len(self.steps) - 1
        head = (
            f"<b>{html.escape(tr('stepper.head', index=step.index, last=len(self.steps) - 1))}</b>"
        )
        if step.kind == "error":
            body = error_box(step.text)
        else:
            body = html.escape(step.text)
        shown, summary = self.leaf_grads_shown(step)
        grads = ", ".join(
            f"{html.escape(n)}.grad = "
            + (
                f"<i>{html.escape(tr('stepper.none_yet'))}</i>"
                if g is None
                else html.escape(labels.short_value(g))
            )
            for n, g in shown
        )
        grads = html.escape(summary) + (tr("modsteps.then") if summary and grads else "") + grads
        notes = "".join(
            f'<div style="color:#555">{html.escape(tr("stepper.warning") + w[:160])}…</div>'
            for w in self.recording.warnings
        )
        self.text.value = f"<div>{head}{body}</div><div>{grads}</div>{notes}"
        source, svg, problem = self._frame(self.step)
        show_picture(self.widget, self.image, source, svg, problem)
        big = self._zoomed(self.step)  # too small to read: the zoom frame, at natural size
        zoom = getattr(self, "_zoom", None)
        if big is not None and zoom is None:
            from ..viz.zoom import ZoomView

            zoom = self._zoom = ZoomView(big)
            self._parts.append(zoom)
        elif big is not None:
            zoom.svg = big
        children = list(self.widget.children)
        if big is not None and self.image in children:
            children[children.index(self.image)] = zoom
        elif big is None and zoom is not None and zoom in children:
            children[children.index(zoom)] = self.image
        if tuple(children) != tuple(self.widget.children):
            self.widget.children = tuple(children)


OPEN_NODES = 40  # an opened module with more nodes than this is stepped by its parts


def _flat(view: Any, modules: dict, most: int) -> bool:
    """No modules to step through: one group only, or a group bigger than ``most``
    with no parts to open (an ``nn.GRU`` holds all its parameters itself)."""
    if len(view.groups) < 2:
        return True
    sizes: dict[str, int] = {}
    for group in view.group_of.values():
        sizes[group] = sizes.get(group, 0) + 1
    for group, n in sizes.items():
        parts = {  # its submodules (a node placed in it by its neighbours is no part)
            p
            for b, p in modules.items()
            if view.group_of[b] == group and p != group and (not group or p.startswith(group + "."))
        }
        if n > most and not parts:
            return True
    return False


def _stages(rec: Any, graph: Any) -> dict[str, str]:
    """``node id -> "steps 1–8"``: the engine's order cut into at most 24 stages of
    consecutive steps, for a big graph with no modules (an RNN: about one time step each)."""
    from ..viz.modules import MAX_GROUPS

    bid_of = {id(b.fn): b.id for b in graph.nodes}
    order = list(dict.fromkeys(bid_of[id(s.node)] for s in rec.steps if s.kind == "node"))
    order += [b.id for b in graph.nodes if b.id not in set(order)]  # (not reached)
    size = -(-len(order) // MAX_GROUPS)
    stages = {}
    for k, bid in enumerate(order):
        first = k // size * size
        last = min(first + size, len(order))
        stages[bid] = tr("modsteps.stage", first=first + 1, last=last)
    return stages


def _graph(output: Any) -> Any:
    """The whole backward graph of ``output`` (a walk: nothing runs)."""
    from ..viz.backward import build_backward
    from ..viz.torch_adapter import TorchAdapter, is_torch_tensor
    from ..viz.walk import MinigradAdapter

    adapter = TorchAdapter if is_torch_tensor(output) else MinigradAdapter
    return build_backward(output, adapter, 10**9)


def _weakly(method: Callable, with_arg: bool = True) -> Callable:
    """A widget callback that calls ``method`` while its object is alive."""
    ref = weakref.WeakMethod(method)

    def callback(arg: Any) -> None:
        bound = ref()
        if bound is not None:
            bound(arg) if with_arg else bound()

    return callback


def _close_all(parts: list) -> None:
    """Close widgets, which Jupyter's widget registry would otherwise keep forever."""
    browser_views = [getattr(w, "_minigrad_browser", None) for w in parts]  # see show_picture
    for w in parts + [v for v in browser_views if v is not None]:
        for part in (getattr(w, "layout", None), getattr(w, "style", None)):
            if isinstance(part, widgets.Widget):  # each widget has its own layout and style
                part.close()
        w.close()
