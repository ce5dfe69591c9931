"""What ``y.backward(v)`` computes for a vector ``y``: the product ``vᵀJ``.

The textbook example: ``x = [[2, 3]]``, ``y1 = x1² + 3·x2``, ``y2 = x2² + 2·x1``.
Its Jacobian is ``J = [[4, 3], [2, 6]]``. ``y.backward(torch.Tensor([[1, 1]]))``
gives ``x.grad = [[6, 9]]``, which is *not* J: it is ``[1, 1]ᵀJ``, the sum of
J's rows. To get J itself, take one row at a time with a one-hot ``v``,
keeping the graph alive with ``retain_graph=True`` and clearing ``x.grad``
in between. The explorer builds J exactly that way, lets you choose ``v``,
and shows ``vᵀJ`` next to what ``y.backward(v)`` really puts in ``x.grad``.

It only looks: each row is ``autograd.grad(y, x, v)``, the number
``y.backward(v)`` would add to ``x.grad``, so no ``.grad`` anywhere changes
(not those of the parameters ``f`` uses either). ``f`` runs once per point
``x``, and the random number generator and the buffers of the modules ``f``
uses (BatchNorm's statistics) are put back afterwards.
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import numpy as np

from .. import Tensor, _creation
from ..exact import names as _names
from ..i18n import text as tr
from ..viz import labels, style
from ..viz.labels import values
from ..viz.untouched import untouched
from ._common import DisplaysAsWidget, error_box, torch_lib


def _index_names(prefix: str, shape: tuple) -> list[str]:
    """``y[0,0]``, ``y[0,1]``... (row-major, like ``reshape(-1)``)."""
    if not shape:
        return [prefix]
    return [
        f"{prefix}[{','.join(str(i) for i in idx)}]"
        for idx in itertools.product(*(range(n) for n in shape))
    ]


def _mix(color: str, amount: float) -> str:
    """``color`` blended with white: ``amount`` 0 is white, 1 is ``color``."""
    rgb = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    out = [round(255 + (c - 255) * amount) for c in rgb]
    return "#" + "".join(f"{c:02X}" for c in out)


def _num(v: float) -> str:
    return labels.number(float(v))


class JacobianExplorer(DisplaysAsWidget):
    """Explore ``J`` of ``y = f(x)`` and the vector-Jacobian product ``vᵀJ``.

    State for tests: ``.J`` (numpy, one row per element of y, one column per
    element of x), ``.v`` (numpy, shape of y flattened), ``.vjp`` (``v @ J``)
    and ``.x_grad`` (what ``y.backward(v)`` put into ``x.grad``, flattened).
    ``.set_x(values)`` or the boxes ``.x_boxes`` move the point ``x`` where J
    is taken (J is recomputed there).
    ``.set_v(values)`` or the boxes ``.v_boxes`` change ``v``; ``.row(i)``
    picks the one-hot ``v`` that extracts row ``i``.

    >>> import minigrad as torch
    >>> def f(x):
    ...     y = torch.zeros(1, 2)
    ...     y[0, 0] = x[0, 0] ** 2 + 3 * x[0, 1]
    ...     y[0, 1] = x[0, 1] ** 2 + 2 * x[0, 0]
    ...     return y
    >>> ex = JacobianExplorer(f, torch.tensor([[2.0, 3.0]]))
    >>> ex.J.tolist(), ex.x_grad.tolist()       # v starts as all ones: the trap
    ([[4.0, 3.0], [2.0, 6.0]], [6.0, 9.0])
    >>> ex.row(1).x_grad.tolist()
    [2.0, 6.0]
    """

    def __init__(self, f: Callable[[Tensor], Tensor], x: Tensor, *, v: Any = None) -> None:
        if not callable(f):
            raise TypeError(f"JacobianExplorer expects a function f(x), got {type(f).__name__}")
        self.f = f
        # a real torch x (or f written with torch): the whole explorer runs on torch
        self._lib: Any = torch_lib(f, x) or _creation
        if not isinstance(x, Tensor) and not _names.is_tensor(x):
            x = self._lib.tensor(x, dtype=None)
        if not x.is_floating_point():
            x = x.float()
        self.x0 = x.detach().clone()  # the learner's x is never touched
        self.J = self._jacobian()  # (runs f once, at x0: self._xx, self._y)
        xx, y = self._xx, self._y
        self.y_shape = tuple(y.shape)
        self.x_names = _index_names("x", tuple(x.shape))
        self.y_names = _index_names("y", self.y_shape)
        m, n = y.numel(), xx.numel()
        self.v = np.ones(m) if v is None else np.asarray(v, dtype=float).reshape(-1)
        self.vjp = np.zeros(n)
        self.x_grad = np.zeros(n)

        self.v_boxes = [
            widgets.FloatText(
                value=float(self.v[i]),
                description=f"v[{i}]",
                step=0.5,
                layout=widgets.Layout(width="160px"),
            )
            for i in range(m)
        ]
        for box in self.v_boxes:
            box.observe(self._on_box, names="value")
        # the point x where J is taken: move it and J is recomputed there
        self.x_boxes = [
            widgets.FloatText(
                value=float(a),
                description=name,
                step=0.5,
                layout=widgets.Layout(width="160px"),
            )
            for name, a in zip(self.x_names, values(self.x0).reshape(-1).tolist())
        ]
        for box in self.x_boxes:
            box.observe(self._on_x_box, names="value")
        self.row_buttons = [
            widgets.Button(
                description=tr("jacobian.row_button", i=i), layout=widgets.Layout(width="auto")
            )
            for i in range(m)
        ]
        for i, b in enumerate(self.row_buttons):
            b.on_click(lambda _, i=i: self.row(i))
        self.ones_button = widgets.Button(description=tr("jacobian.ones_button"))
        self.ones_button.on_click(lambda _: self.set_v(np.ones(m)))
        self.matrix = widgets.HTML()
        self.result = widgets.HTML()
        self.widget = widgets.VBox(
            [
                widgets.HBox(self.x_boxes),
                self.matrix,
                widgets.HBox(self.v_boxes),
                widgets.HBox([*self.row_buttons, self.ones_button]),
                self.result,
            ]
        )
        self.widget.add_class("minigrad-jacobian-explorer")
        self._updating = False
        self.update()

    def __repr__(self) -> str:
        return f"JacobianExplorer: J is {self.J.shape[0]}x{self.J.shape[1]}, v = {self.v.tolist()}"

    def _forward(self) -> tuple[Tensor, Tensor]:
        """``f`` at ``self.x0``, once, leaving the RNG and the modules' buffers as they were."""
        xx = self.x0.clone().requires_grad_(True)
        lib = self._lib if self._lib is not _creation else _minigrad()
        with untouched(self.f, lib):
            y = self.f(xx)
        if not _names.is_tensor(y) or not y.requires_grad:
            raise ValueError("f(x) must return a tensor computed from x (that requires grad)")
        return xx, y

    def _vjp(self, v: np.ndarray) -> np.ndarray | None:
        """``vᵀJ`` from the engine: what ``y.backward(v)`` would add to ``x.grad``
        (``autograd.grad``, so no ``.grad`` changes), or None if y does not use x."""
        y, xx = self._y, self._xx
        grad = (self._lib if self._lib is not _creation else _minigrad()).autograd.grad
        v_t = self._lib.tensor(v.reshape(tuple(y.shape)), dtype=y.dtype)
        (g,) = grad(y, xx, v_t, retain_graph=True, allow_unused=True)
        return None if g is None else values(g).reshape(-1).astype(float)

    def _jacobian(self) -> np.ndarray:
        """J at ``self.x0``, row by row as in the textbook: one-hot v and
        ``retain_graph=True``; each row is what ``y.backward(v)`` gives ``x.grad``."""
        self._xx, self._y = self._forward()
        m, n = self._y.numel(), self._xx.numel()
        J = np.zeros((m, n))
        for i in range(m):
            onehot = np.zeros(m)
            onehot[i] = 1
            row = self._vjp(onehot)
            if row is not None:
                J[i] = row
        return J

    # --- choosing x and v ------------------------------------------------------------
    def set_x(self, values: Any) -> JacobianExplorer:
        """Move the point ``x`` (one number per element of x); J is recomputed there.

        >>> import minigrad as torch
        >>> ex = JacobianExplorer(lambda x: x * x, torch.tensor([1.0, 2.0]))
        >>> ex.set_x([3.0, 4.0]).J.tolist()
        [[6.0, 0.0], [0.0, 8.0]]
        """
        values = np.asarray(values, dtype=float).reshape(-1)
        if values.shape != (len(self.x_boxes),):
            raise ValueError(f"x needs {len(self.x_boxes)} numbers, got {values.size}")
        self._updating = True
        try:
            for box, val in zip(self.x_boxes, values):
                box.value = float(val)
        finally:
            self._updating = False
        self._move_x()
        return self

    def _on_x_box(self, change: dict) -> None:
        if not self._updating:
            self._move_x()

    def _move_x(self) -> None:
        typed = np.array([float(b.value) for b in self.x_boxes])
        x = values(self.x0)
        self.x0 = self._lib.tensor(typed.reshape(x.shape).astype(x.dtype))
        self.J = self._jacobian()
        self.update()

    def set_v(self, values: Any) -> JacobianExplorer:
        """Use ``values`` (one number per element of y) as ``v``."""
        values = np.asarray(values, dtype=float).reshape(-1)
        if values.shape != (len(self.v_boxes),):
            raise ValueError(f"v needs {len(self.v_boxes)} numbers, got {values.size}")
        self._updating = True
        try:
            for box, val in zip(self.v_boxes, values):
                box.value = float(val)
        finally:
            self._updating = False
        self.update()
        return self

    def row(self, i: int) -> JacobianExplorer:
        """The one-hot ``v`` that picks row ``i`` of J."""
        onehot = np.zeros(len(self.v_boxes))
        onehot[i] = 1
        return self.set_v(onehot)

    def _on_box(self, change: dict) -> None:
        if not self._updating:
            self.update()

    # --- computing and showing ---------------------------------------------------------
    def update(self) -> None:
        """Recompute ``vᵀJ``, and what the real ``y.backward(v)`` gives ``x.grad``."""
        self.v = np.array([float(b.value) for b in self.v_boxes])
        self.vjp = self.v @ self.J
        self.x_grad = self._vjp(self.v)  # what y.backward(v) would put in x.grad
        self.matrix.value = self._matrix_html()
        self.result.value = self._result_html()

    def _matrix_html(self) -> str:
        big = float(np.abs(self.J).max()) or 1.0
        th = "padding:4px 10px;text-align:right"  # headers that do not run together
        head = "".join(f"<th style='{th}'>∂/∂{html.escape(n)}</th>" for n in self.x_names)
        rows = []
        for i, name in enumerate(self.y_names):
            cells = []
            for val in self.J[i]:
                color = style.ORANGE if val >= 0 else style.SKY_BLUE
                bg = _mix(color, 0.85 * abs(val) / big)
                cell = f"background:{bg};padding:4px 10px;text-align:right"
                cells.append(f"<td style='{cell}'>{_num(val)}</td>")
            weight = self.v[i] if i < len(self.v) else 0.0
            rows.append(
                f"<tr><th style='padding:4px 10px'>{html.escape(name)}</th>{''.join(cells)}"
                f"<td style='color:#555;padding-left:10px'>× v[{i}] = {_num(weight)}</td></tr>"
            )
        return (
            f"<div>{tr('jacobian.matrix_head')}</div>"
            f"<table class='minigrad-jacobian' style='border-collapse:collapse'>"
            f"<tr><th></th>{head}<th></th></tr>{''.join(rows)}</table>"
        )

    def _result_html(self) -> str:
        vjp = "[" + ", ".join(_num(a) for a in self.vjp) + "]"
        if self.x_grad is None:
            got = "None"
        else:
            got = "[" + ", ".join(_num(a) for a in self.x_grad) + "]"
        v_text = "[" + ", ".join(_num(a) for a in self.v) + "]"
        side = (
            "<table style='margin-top:6px'><tr>"
            f"<td style='padding-right:30px'><b>vᵀJ</b> = {html.escape(vjp)}</td>"
            f"<td>{tr('jacobian.puts_in')}"
            f"<span class='minigrad-x-grad'>{html.escape(got)}</span></td></tr></table>"
        )
        return side + f"<div style='margin-top:6px'>{self.explanation(v_text)}</div>"

    def explanation(self, v_text: str | None = None) -> str:
        """Why ``x.grad`` is what it is, for the current ``v`` (HTML)."""
        v = self.v
        v_text = v_text or str(v.tolist())
        nonzero = np.flatnonzero(v)
        m = len(v)
        if len(nonzero) == 1 and v[nonzero[0]] == 1:
            i = int(nonzero[0])
            return tr(
                "jacobian.one_hot", v=html.escape(v_text), i=i, y=html.escape(self.y_names[i])
            )
        if m > 1 and np.all(v == 1):
            sums = " , ".join(
                " + ".join(_num(a) for a in self.J[:, j]) + f" = {_num(self.J[:, j].sum())}"
                for j in range(self.J.shape[1])
            )
            return error_box(tr("jacobian.trap", v=v_text, sums=sums))
        if not len(nonzero):
            return tr("jacobian.zero")
        terms = " + ".join(tr("jacobian.times_row", w=_num(v[i]), i=i) for i in nonzero)
        return tr("jacobian.weighted", terms=terms)


def _minigrad() -> Any:
    import minigrad

    return minigrad
