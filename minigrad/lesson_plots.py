"""The lessons' plots, drawn with matplotlib (``minigrad.lessons`` re-exports them).

>>> from minigrad.lessons import plot_function_and_slope
>>> plot_function_and_slope(lambda x: x**3)  # doctest: +ELLIPSIS
<Plot: ...>
"""

from __future__ import annotations

import io
from collections.abc import Callable

from .i18n import text as tr


def _mg():
    import minigrad

    return minigrad


def _numbers(value: object):
    """The numbers of a tensor (minigrad or torch), list or number, as a float array."""
    import numpy as np

    if hasattr(value, "detach"):
        value = value.detach().tolist()
    return np.asarray(value, dtype=float)


# --- plots ------------------------------------------------------------------------
#
# Plots for the lessons, drawn with matplotlib (labels from the catalogues, so a
# Chinese lesson gets Chinese labels). Each returns a Plot, which a notebook shows
# as a PNG of fixed size.

# Latin text first, then CJK fonts in the order a learner's machine is likely to have them
PLOT_FONTS = [
    "DejaVu Sans",
    "Noto Sans CJK SC",
    "Noto Sans CJK JP",  # matplotlib names a .ttc by its first face; it holds SC glyphs too
    "PingFang SC",
    "Microsoft YaHei",
    "sans-serif",
]


def _plot_rc() -> dict:
    """matplotlib settings: the fonts of PLOT_FONTS this machine has (a missing one would
    be reported on stderr), in order, so that each glyph comes from the first that has it."""
    from matplotlib import font_manager

    installed = {font.name for font in font_manager.fontManager.ttflist}
    fonts = [name for name in PLOT_FONTS if name in installed] + ["sans-serif"]
    return {"font.family": fonts, "font.size": 10}


class Plot:
    """A matplotlib figure that a notebook shows as a PNG (``plot.figure`` is the figure)."""

    def __init__(self, figure, title: str) -> None:
        self.figure = figure
        self.title = title

    def _repr_png_(self) -> bytes:
        import matplotlib

        out = io.BytesIO()
        with matplotlib.rc_context(_plot_rc()):
            self.figure.savefig(out, format="png", dpi=100)
        return out.getvalue()

    def __repr__(self) -> str:
        return f"<Plot: {self.title}>"


def _new_figure(columns: int = 1):
    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context(_plot_rc()):
        figure = Figure(figsize=(9.0, 3.6), layout="constrained")
        axes = figure.subplots(1, columns, squeeze=False)[0]
    return figure, list(axes)


def plot_function_and_slope(
    f: Callable, at: float = 2.0, low: float = -2.5, high: float = 2.5
) -> Plot:
    """Draw ``f`` with its tangent at ``at`` (left) and its derivative, from autograd (right).

    >>> plot_function_and_slope(lambda x: x**3)
    <Plot: f(x) and its derivative f′(x)>
    """
    import matplotlib
    import numpy as np

    mg = _mg()
    xs = mg.linspace(low, high, 201, dtype=mg.float64, requires_grad=True)
    ys = f(xs)
    ys.sum().backward()  # each y_i depends on x_i only: x.grad holds f′ at every point
    x_values, y_values, slopes = xs.detach().tolist(), ys.detach().tolist(), xs.grad.tolist()
    point = mg.tensor(at, dtype=mg.float64, requires_grad=True)
    value = f(point)
    value.backward()
    y0, slope = value.item(), point.grad.item()
    title = tr("plot.slope.title")
    with matplotlib.rc_context(_plot_rc()):
        figure, (left, right) = _new_figure(2)
        left.plot(x_values, y_values, color="#1f77b4", label=tr("plot.slope.f"))
        near = np.linspace(at - 1.0, at + 1.0, 3)
        left.plot(
            near,
            y0 + slope * (near - at),
            "--",
            color="#d62728",
            label=tr("plot.slope.tangent", x=f"{at:g}", slope=f"{slope:g}"),
        )
        left.plot([at], [y0], "o", color="#d62728")
        right.plot(x_values, slopes, color="#2ca02c", label=tr("plot.slope.derivative"))
        right.plot([at], [slope], "o", color="#d62728")
        for axes in (left, right):
            axes.axhline(0, color="#999999", linewidth=0.8)
            axes.set_xlabel("x")
            axes.legend(loc="upper left")
            axes.grid(alpha=0.3)
        left.set_title(tr("plot.slope.f"))
        right.set_title(tr("plot.slope.derivative"))
    return Plot(figure, title)


def plot_difference_errors(f: Callable, at: float = 2.0) -> Plot:
    """Draw, on log-log axes, how far the one-sided and the central difference of ``f`` at
    ``at`` are from autograd's slope as the step h shrinks (in float64).

    >>> plot_difference_errors(lambda x: x**3)
    <Plot: error of the estimated slope, as h shrinks>
    """
    import matplotlib
    import numpy as np

    mg = _mg()
    point = mg.tensor(at, dtype=mg.float64, requires_grad=True)
    f(point).backward()
    exact = point.grad.item()
    x = mg.tensor(at, dtype=mg.float64)
    steps = np.logspace(0, -14, 141)
    one_sided, central = [], []
    for h in steps:
        one_sided.append(abs(((f(x + h) - f(x)) / h).item() - exact))
        central.append(abs(((f(x + h) - f(x - h)) / (2 * h)).item() - exact))
    tiny = 1e-17  # an error of exactly 0 cannot be drawn on a log scale
    eps = float(np.finfo(np.float64).eps)
    title = tr("plot.errors.title")
    with matplotlib.rc_context(_plot_rc()):
        figure, (axes,) = _new_figure(1)
        axes.loglog(
            steps, np.maximum(one_sided, tiny), color="#ff7f0e", label=tr("plot.errors.forward")
        )
        axes.loglog(
            steps, np.maximum(central, tiny), color="#1f77b4", label=tr("plot.errors.central")
        )
        axes.axvline(
            eps ** (1 / 3),
            color="#1f77b4",
            linestyle=":",
            label=tr("plot.errors.best_central", h=f"{eps ** (1 / 3):.0e}"),
        )
        axes.axvline(
            eps ** (1 / 2),
            color="#ff7f0e",
            linestyle=":",
            label=tr("plot.errors.best_forward", h=f"{eps ** (1 / 2):.0e}"),
        )
        axes.set_ylim(1e-12, 1e2)
        axes.invert_xaxis()  # h shrinks from left to right, as in the tables above
        axes.set_xlabel(tr("plot.errors.xlabel"))
        axes.set_ylabel(tr("plot.errors.ylabel", x=f"{at:g}"))
        axes.set_title(title)
        axes.grid(alpha=0.3, which="both")
        axes.legend(loc="lower right", fontsize=9)  # the corner the curves leave empty
    return Plot(figure, title)


def plot_training(losses: list, x: object, y: object, fitted: object) -> Plot:
    """Draw a training run: the loss at every step (left, log scale) and the data with
    the model's fitted values (right). ``x``, ``y`` and ``fitted`` hold one number per
    point (tensors of minigrad or torch, or lists).

    >>> plot_training([1.0, 0.5, 0.2], [0.0, 1.0], [0.0, 1.0], [0.1, 0.9])
    <Plot: training: the loss, and the fitted function>
    """
    import matplotlib
    import numpy as np

    xs, ys, fs = (_numbers(v).reshape(-1) for v in (x, y, fitted))
    order = np.argsort(xs)
    title = tr("plot.training.title")
    with matplotlib.rc_context(_plot_rc()):
        figure, (left, right) = _new_figure(2)
        left.semilogy(range(len(losses)), losses, color="#1f77b4")
        left.set_xlabel(tr("plot.training.step"))
        left.set_ylabel(tr("plot.training.loss"))
        left.set_title(tr("plot.training.loss_title"))
        right.plot(xs, ys, "o", color="#999999", markersize=4, label=tr("plot.training.data"))
        right.plot(xs[order], fs[order], color="#d62728", label=tr("plot.training.model"))
        right.set_xlabel("x")
        right.set_title(tr("plot.training.fit_title"))
        right.legend(loc="upper center")
        for axes in (left, right):
            axes.grid(alpha=0.3, which="both")
    return Plot(figure, title)
