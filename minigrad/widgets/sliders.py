"""Sliders for the inputs of a function: move one, see the graph and gradients change.

    def f(x, w, b):
        y = w * x
        z = y + b
        return z

    interact_graph(f, x=2.0, w=(-3.0, 3.0), b=(-3.0, 3.0))

Every input given as a range ``(min, max)`` or ``(min, max, step)`` gets a
slider and is a leaf that requires grad; an input given as a single number (or
a tensor) is fixed and used as it is (a number becomes a constant tensor).
On every change the function runs again, forward and backward, and the
gradient-flow picture and a table of gradients are redrawn.
"""

from __future__ import annotations

import html
import inspect
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import numpy as np

from .. import Tensor, _creation
from ..autograd import observe
from ..exact import names as _names
from ..i18n import text as tr
from ..viz import labels, layout
from ..viz.backward import MinigradReplay, backward_body, build_backward
from ..viz.forward import forward_body
from ..viz.labels import values
from ..viz.recording import record
from ..viz.render import Dot, DotError, DotNotFoundError, run_dot
from ..viz.walk import forward_walk, tensor_key
from ._common import DisplaysAsWidget, error_box, show_picture, svg_markup, torch_lib

VIEWS = ("backward", "forward")
PICTURE_WIDTH = 420.0  # points left for the picture next to the sliders and the table
CELL = "padding:2px 10px;text-align:left"  # table cells that do not run together


def _slider_for(name: str, spec: tuple) -> widgets.FloatSlider:
    if len(spec) not in (2, 3):
        raise ValueError(f"{name}=(min, max) or (min, max, step), got {spec!r}")
    lo, hi = float(spec[0]), float(spec[1])
    if not lo < hi:
        raise ValueError(f"{name}: min must be smaller than max, got {spec!r}")
    step = float(spec[2]) if len(spec) == 3 else (hi - lo) / 100
    value = lo + round((hi - lo) / 2 / step) * step  # the middle, on the step grid
    return widgets.FloatSlider(
        value=value, min=lo, max=hi, step=step, description=name, continuous_update=True
    )


def _locals_of(f: Callable, kwargs: dict) -> tuple[Any, dict]:
    """Call ``f(**kwargs)`` and also return its variables as they were at ``return``
    (so the picture can name ``y`` inside ``def f(...): y = w * x``).

    The first operation ``f`` runs (seen through :func:`observe.on_op`) is the
    moment to find ``f``'s own frame on the stack; once ``f`` has returned,
    that frame still holds its variables' final values.
    """
    code = getattr(f, "__code__", None)
    found: list = []

    def first_op(op: observe.Op) -> None:
        if not found:
            frame = _names.running(code)
            if frame is not None:
                found.append(frame)

    if code is None:
        return f(**kwargs), {}
    with observe.on_op(first_op):
        out = f(**kwargs)
    frame = found.pop() if found else None
    try:
        return out, dict(_names.variables(frame, with_globals=False))
    finally:
        del frame


def _torch_locals_of(f: Callable, kwargs: dict) -> tuple[Any, dict, Any]:
    """:func:`_locals_of` for a function written with torch: the first torch op
    (seen by :class:`~minigrad.viz.torch_forward.TorchTrace`, which also keeps
    every op for the forward view) is the moment to find ``f``'s frame."""
    from ..viz.torch_forward import TorchTrace

    code = getattr(f, "__code__", None)
    found: list = []

    def first_op(_name: str) -> None:
        if not found and code is not None:
            frame = _names.running(code)
            if frame is not None:
                found.append(frame)

    with TorchTrace(on_op=first_op) as trace:
        out = f(**kwargs)
    frame = found.pop() if found else None
    try:
        return out, dict(_names.variables(frame, with_globals=False)), trace
    finally:
        del frame


class InteractGraph(DisplaysAsWidget):
    """The widget made by :func:`interact_graph`.

    State for tests: ``.sliders`` (name -> FloatSlider), ``.values`` (name ->
    float), ``.grads`` (name -> the gradient as a float or numpy array, None
    when no gradient reached it), ``.output`` (the last output tensor),
    ``.source`` and ``.svg`` of the picture.
    """

    def __init__(
        self, f: Callable, ranges: dict[str, Any], *, view: str = "backward", legend: bool = False
    ) -> None:
        if view not in VIEWS:
            raise ValueError(f"view must be one of {VIEWS}, not {view!r}")
        self.f, self.view, self.legend = f, view, legend
        self.sliders: dict[str, widgets.FloatSlider] = {}
        self.fixed: dict[str, Any] = {}
        params = list(inspect.signature(f).parameters)
        for name, spec in ranges.items():
            if (
                params
                and name not in params
                and not any(
                    p.kind is p.VAR_KEYWORD for p in inspect.signature(f).parameters.values()
                )
            ):
                raise TypeError(f"{getattr(f, '__name__', 'f')}() has no input named {name!r}")
            if isinstance(spec, tuple):
                self.sliders[name] = _slider_for(name, spec)
            else:
                self.fixed[name] = spec
        # f written with real torch (or given torch tensors): torch runs it, torch's graph is drawn
        self.torch = torch_lib(f, *self.fixed.values())
        self.values: dict[str, Any] = {}
        self.grads: dict[str, Any] = {}
        self.output: Tensor | None = None
        self.error = ""
        self.source = ""
        self.svg: str | None = None
        self.table = widgets.HTML()
        self.image = widgets.HTML()
        for s in self.sliders.values():
            s.observe(self._on_change, names="value")
        left = widgets.VBox(
            [*self.sliders.values(), self.table],
            layout=widgets.Layout(min_width="340px", flex="0 0 auto"),
        )
        self.image.layout = widgets.Layout(flex="1 1 auto", min_width="0")
        self.widget = widgets.HBox([left, self.image])
        self.widget.add_class("minigrad-interact-graph")
        self.update()

    def __repr__(self) -> str:
        values = ", ".join(f"{k}={labels.number(v)}" for k, v in self.values.items())
        return f"interact_graph({getattr(self.f, '__name__', 'f')}: {values})"

    def _on_change(self, change: dict) -> None:
        self.update()

    def _inputs(self) -> dict[str, Tensor]:
        lib: Any = self.torch or _creation
        inputs: dict[str, Tensor] = {}
        for name, value in self.fixed.items():
            inputs[name] = value if _names.is_tensor(value) else lib.tensor(float(value))
        for name, s in self.sliders.items():
            inputs[name] = lib.tensor(float(s.value), requires_grad=True)
        return inputs

    def update(self) -> None:
        """Run the function forward and backward with the current values; redraw."""
        inputs = self._inputs()
        self.values = {
            k: (v.item() if v.numel() == 1 else values(v).copy()) for k, v in inputs.items()
        }
        self.error = ""
        names = {id(t): k for k, t in inputs.items()}
        tensors = list(inputs.values())
        rec: Any = None
        try:
            if self.torch is not None:  # (rec: torch's ops, for the forward view)
                out, local, rec = _torch_locals_of(self.f, inputs)
            else:
                out, local = _locals_of(self.f, inputs)
            if not _names.is_tensor(out):
                raise TypeError(f"the function must return a tensor, got {type(out).__name__}")
            for k, v in local.items():
                if _names.is_tensor(v) and not k.startswith("_"):
                    names.setdefault(id(v), k)
                    tensors.append(v)
            names.setdefault(id(out), "output")
            tensors.append(out)
            if self.torch is not None:
                if out.requires_grad:  # (the graph is kept for the picture's gradients)
                    grad = None if out.numel() == 1 else self.torch.ones_like(out)
                    out.backward(grad, retain_graph=True)
            else:
                with record() as rec:
                    if out.requires_grad:
                        grad = None if out.numel() == 1 else _creation.ones_like(out)
                        out.backward(grad)
        except Exception as err:  # a learner's function may fail: show it, keep the sliders
            self.output, self.grads = None, {}
            self.error = f"{type(err).__name__}: {err}"
            self.table.value = error_box(self.error)
            self.image.value = ""
            self.source, self.svg = "", None
            return
        self.output = out
        self.grads = {}
        for k, t in inputs.items():
            g = t.grad
            self.grads[k] = (
                None if g is None else (g.item() if g.numel() == 1 else values(g).copy())
            )
        keyed = {tensor_key(t): names[id(t)] for t in reversed(tensors) if id(t) in names}
        self.source = self._picture(out, keyed, rec)
        try:
            self.svg, problem = svg_markup(run_dot(self.source)), ""
        except (DotNotFoundError, DotError) as err:
            self.svg, problem = None, str(err)
        show_picture(self.widget, self.image, self.source, self.svg, problem)
        self.table.value = self._table(out, names)

    def _picture(self, out: Tensor, keyed: dict[tuple, str], rec: Any) -> str:
        dot = Dot("LR")
        if self.torch is not None:  # torch's own graph
            from ..viz.torch_adapter import TorchAdapter
            from ..viz.torch_forward import rebuild

            if self.view == "forward":
                forward_body(dot, rebuild(out, traced=rec.ops)[0], keyed)
            else:
                graph = build_backward(out, TorchAdapter, 100)
                grads = TorchAdapter.rerun(graph) if graph.nodes else None
                backward_body(dot, graph, keyed, TorchAdapter, grads)
        elif self.view == "forward":
            forward_body(dot, forward_walk(out), keyed)
        else:
            graph = build_backward(out, MinigradReplay, 100)
            grads = MinigradReplay.from_recording(graph, rec) if graph.nodes else None
            backward_body(dot, graph, keyed, MinigradReplay, grads)
        # the picture shares the row with the sliders: left to right only while it fits
        dot.rankdir = layout.auto_rankdir(dot.lines, budget=PICTURE_WIDTH)
        return dot.source(self.legend)

    def _table(self, out: Tensor, names: dict[int, str]) -> str:
        out_name = names.get(id(out), "output")
        head = (tr("sliders.input"), tr("sliders.value"), f"∂{out_name}/∂{tr('sliders.input')}")
        rows = [
            "<tr>" + "".join(f"<th style='{CELL}'>{html.escape(h)}</th>" for h in head) + "</tr>"
        ]
        for k, v in self.values.items():
            g = self.grads.get(k)
            if k in self.fixed:
                gtext = f"<i>{html.escape(tr('sliders.fixed'))}</i>"
            elif g is None:
                gtext = f"<i>{html.escape(tr('sliders.no_path'))}</i>"
            else:
                gtext = html.escape(_fmt(g))
            rows.append(
                f"<tr><td style='{CELL}'><b>{html.escape(k)}</b></td>"
                f"<td style='{CELL}'>{html.escape(_fmt(v))}</td>"
                f"<td style='{CELL};color:#0072B2'>{gtext}</td></tr>"
            )
        rows.append(
            f"<tr><td style='{CELL}'><b>{html.escape(out_name)}</b></td>"
            f"<td style='{CELL}'>{html.escape(_fmt(values(out)))}</td>"
            f"<td style='{CELL}'>{html.escape(tr('sliders.output'))}</td></tr>"
        )
        note = ""
        if out.numel() != 1:
            note = f"<div><i>{html.escape(tr('sliders.several_elements'))}</i></div>"
        style = "border-collapse:collapse;margin-top:8px"
        return f"<table class='minigrad-grads' style='{style}'>{''.join(rows)}</table>{note}"


def _fmt(v: Any) -> str:
    if isinstance(v, np.ndarray):
        return labels.short_value(v)
    return labels.number(v)


def interact_graph(f: Callable, *, view: str = "backward", **ranges: Any) -> InteractGraph:
    """Sliders for the inputs of ``f``; the graph is redrawn on every change.

    ``ranges`` maps each input name to ``(min, max)``, ``(min, max, step)``
    (a slider; the input requires grad) or a fixed value (a number or tensor).

    >>> import minigrad as torch
    >>> g = interact_graph(lambda x, w, b: w * x + b, x=2.0, w=(-3.0, 3.0), b=(-3.0, 3.0))
    >>> g.sliders["w"].value = 1.5
    >>> g.grads["w"], g.grads["b"], g.values["w"]
    (2.0, 1.0, 1.5)
    """
    return InteractGraph(f, ranges, view=view)
