"""Helpers for the lessons: run the same code under minigrad and real PyTorch.

>>> from minigrad.lessons import transcript
>>> import minigrad
>>> transcript(lambda torch: print(torch.tensor([1.0, 2.0]) * 2), minigrad)
'tensor([2., 4.])\\n'
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable
from types import ModuleType

from .i18n import text as tr


def transcript(example: Callable[[ModuleType], object], module: ModuleType) -> str:
    """Run ``example(module)`` and return everything it printed, ending with the
    error (``Type: message``) if it raised one."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            example(module)
        except Exception as error:  # noqa: BLE001 - an error is part of what a learner sees
            print(f"{type(error).__name__}: {error}")
    return out.getvalue()


def compare_with_pytorch(example: Callable[[ModuleType], object]) -> bool | None:
    """Print what ``example`` prints under minigrad and under real PyTorch, and
    whether the two are identical. PyTorch is optional: without it, only
    minigrad's output is shown (and None returned).

    >>> from minigrad.lessons import compare_with_pytorch
    >>> def example(torch):
    ...     x = torch.tensor(2.0, requires_grad=True)
    ...     (x * x).backward()
    ...     print(x.grad)
    >>> compare_with_pytorch(example)  # doctest: +ELLIPSIS
    minigrad:
    tensor(4.)
    ...
    """
    import minigrad

    mine = transcript(example, minigrad)
    print("minigrad:\n" + mine)
    try:
        import torch as real_torch
    except ImportError:
        print(tr("lessons.no_pytorch"))
        return None
    theirs = transcript(example, real_torch)
    print("PyTorch:\n" + theirs)
    print(tr("lessons.identical", same=mine == theirs))
    return mine == theirs


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


# --- self-checking exercises ---------------------------------------------------
#
# Each exercise has a *judge*: a function that receives the learner's answer and
# returns None when it is right, or a sentence that says what is still wrong.
# The judges live here, out of the notebooks, so that an exercise cell shows only
# the question and `check(...)`, never the answer it is compared with.

# what a judge returns for an unanswered exercise (check() prints it in the current language)
NOT_ANSWERED = "Not answered yet: replace the ... with your answer and run the cell again."

_JUDGES: dict[str, Callable[[object], str | None]] = {}


def _numbers(value: object):
    """The numbers in a tensor (minigrad or torch), list or number, as a float array.

    Tensors are detached first: ``float()`` of a tensor that requires grad warns.
    """
    import numpy as np

    if hasattr(value, "detach"):
        value = value.detach().tolist()
    return np.asarray(value, dtype=float)


def same(answer: object, expected: object, tol: float = 1e-5) -> bool:
    """True when ``answer`` and ``expected`` hold the same numbers (same shape), or
    are equal non-numbers (strings, sets, booleans).

    >>> import minigrad
    >>> same(minigrad.tensor([1.0, 2.0], requires_grad=True), [1, 2])
    True
    >>> same(3, 3.1)
    False
    """
    import numpy as np

    if isinstance(expected, (str, set, frozenset, bool)) or expected is None:
        return answer == expected
    try:
        a, e = _numbers(answer), _numbers(expected)
    except (TypeError, ValueError):
        return False
    if a.size == 1 and e.size == 1:  # tensor([6.]) answers "6"
        a, e = a.reshape(()), e.reshape(())
    return a.shape == e.shape and bool(np.allclose(a, e, atol=tol, rtol=0))


def exercise(key: str):
    """Register the judge of exercise ``key`` (used below, one per exercise)."""

    def register(judge: Callable[[object], str | None]):
        _JUDGES[key] = judge
        return judge

    return register


def _verdict(key: str, answer: object) -> str | None:
    """None when ``answer`` solves exercise ``key``, else what is still wrong."""
    if answer is ... or (isinstance(answer, tuple) and any(a is ... for a in answer)):
        return NOT_ANSWERED
    try:
        return _JUDGES[key](answer)
    except Exception as error:  # noqa: BLE001 - the learner's code may raise anything
        # never an exception's text: say what kind of answer could not be used
        if callable(answer):
            return tr("lessons.function_raised", kind=type(error).__name__)
        return tr("lessons.cannot_check")


def check(key: str, answer: object) -> None:
    """Judge the answer to exercise ``key``: print "Correct!" or what is still wrong.

    Never raises, so that you can try again.

    >>> check("scalar.2", ...)
    Not answered yet: replace the ... with your answer and run the cell again.
    >>> check("scalar.2", 27)
    Correct!
    """
    problem = _verdict(key, answer)
    if problem is None:
        print(tr("lessons.correct"))
    elif problem == NOT_ANSWERED:
        print(tr("lessons.not_answered"))
    else:
        print(tr("lessons.not_yet") + problem)


def passes(key: str, answer: object) -> bool:
    """True when ``answer`` solves exercise ``key`` (the solutions assert it).

    >>> passes("scalar.2", 27), passes("scalar.2", 9)
    (True, False)
    """
    return _verdict(key, answer) is None


def all_solutions_pass() -> None:
    """Print, in the course's language, that every solution above passed its check.

    A solutions notebook ends with this call, after one ``assert passes(...)`` per exercise.

    >>> all_solutions_pass()
    All solutions pass their checks.
    """
    print(tr("lessons.all_solutions_pass"))


def _number(expected: float, hint: str, tol: float = 1e-5):
    """A judge for an answer that is one number (or a list of numbers); ``hint`` is the
    catalogue key of what to say otherwise."""

    def judge(answer):
        return None if same(answer, expected, tol) else tr(hint)

    return judge


def _yes_no(value: object) -> bool | None:
    """A yes/no answer as a bool: True/False, 1/0, "yes"/"no" (None when it is none of these).

    >>> _yes_no(1), _yes_no("False"), _yes_no(0.5)
    (True, False, None)
    """
    if isinstance(value, str):
        return {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}.get(
            value.strip().lower()
        )
    try:
        number = float(_numbers(value))
    except (TypeError, ValueError):
        return None
    return {1.0: True, 0.0: False}.get(number)


def _names(value: object) -> set[str]:
    """A set of names from a set, list or string ("u, v" or "uv" -> {"u", "v"})."""
    if isinstance(value, str):
        words = re.findall(r"\w+", value)
        value = words if len(words) > 1 else list(value.strip())
    return {str(name).strip().strip("'\"") for name in value}


def _mg():
    import minigrad

    return minigrad


# Lesson 1: tensors and graphs


@exercise("graphs.1")
def _graphs_1(answer):
    if isinstance(answer, str) or not hasattr(answer, "__len__") or len(answer) != 2:
        return tr("hint.graphs.1.3")
    requires_grad, is_leaf = (_yes_no(a) for a in answer)
    if requires_grad is None or is_leaf is None:
        return tr("hint.graphs.1.3")
    if requires_grad is not True:
        return tr("hint.graphs.1.1")
    if is_leaf is not False:
        return tr("hint.graphs.1.2")
    return None


_JUDGES["graphs.2"] = _number(4, "hint.graphs.2.1")


@exercise("graphs.3")
def _graphs_3(answer):
    answer = _names(answer)
    if answer - {"u", "v", "s"}:  # names that are not among the three tensors asked about
        return tr("hint.graphs.3.4", names=", ".join(sorted(answer - {"u", "v", "s"})))
    if "u" in answer:
        return tr("hint.graphs.3.1")
    if "s" in answer:
        return tr("hint.graphs.3.2")
    if "v" not in answer:
        return tr("hint.graphs.3.3")
    return None


# Lesson 2: what a derivative is


@exercise("derivative.1")
def _derivative_1(answer):
    import math

    # the central difference is within h²/6 ≈ 2e-9 of cos(1); a one-sided one is off by ≈ 4e-5
    if same(answer, math.cos(1.0), 1e-7):
        return None
    if same(answer, math.sin(1.0), 1e-3):
        return tr("hint.derivative.1.1")
    if same(answer, math.cos(1.0), 1e-3):
        return tr("hint.derivative.1.3")
    return tr("hint.derivative.1.2")


@exercise("derivative.2")
def _derivative_2(central):
    mg = _mg()
    cases = [
        (lambda t: (t**3).sum(), [2.0, -1.0]),
        (lambda t: (t.sin() * t).sum(), [0.5, 1.5, -2.0]),
    ]
    for f, values in cases:
        x = mg.tensor(values, dtype=mg.float64, requires_grad=True)
        f(x).backward()
        got = central(f, mg.tensor(values, dtype=mg.float64), 1e-6)
        if got is ...:
            return NOT_ANSWERED
        try:
            slopes = _numbers(got)
        except (TypeError, ValueError):
            return tr("hint.derivative.2.1")
        if slopes.shape != tuple(x.shape):
            return tr("hint.derivative.2.1")
        # central: off by ≈ h² (and rounding ≈ 1e-10); one-sided: off by ≈ h·f''/2 ≈ 1e-6
        if not same(slopes, x.grad, 1e-8):
            if same(slopes, [0.0] * len(values)):
                return tr("hint.derivative.2.zeros")
            if same(slopes, x.grad, 1e-2):
                return tr("hint.derivative.2.2")
            return tr("hint.derivative.2.3")
    return None


@exercise("derivative.3")
def _derivative_3(answer):
    import math

    try:
        h = float(_numbers(answer))
    except (TypeError, ValueError):
        return tr("hint.derivative.3.1")
    if not h > 0:
        return tr("hint.derivative.3.1")  # e.g. the exponent -6 instead of 1e-6
    power = math.log10(h)
    if -7 <= power <= -4.5:  # the central curve is lowest between 1e-7 and 3e-5
        return None
    if power < -7:
        return tr("hint.derivative.3.2")
    return tr("hint.derivative.3.3")


# Lesson 3: backward from a scalar

_JUDGES["scalar.1"] = _number(1, "hint.scalar.1.1")
_JUDGES["scalar.2"] = _number(27, "hint.scalar.2.1")


@exercise("scalar.3")
def _scalar_3(answer):
    if not isinstance(answer, str):
        return tr("hint.scalar.3.4")
    call = re.fullmatch(r"\s*(?:(\w+)\s*\.\s*)?(\w+)\s*(?:\(\s*\))?\s*;?\s*", answer)
    if call is None:
        return tr("hint.scalar.3.4")
    owner, name = call.groups()
    if name == "backward":
        return tr("hint.scalar.3.1")
    if name != "retain_grad":
        return tr("hint.scalar.3.2")
    if owner != "y":
        return tr("hint.scalar.3.3")
    return None


# Lesson 4: inside minigrad, how backward runs


@exercise("engine.1")
def _engine_1(answer):
    mg = _mg()
    x = mg.tensor(0.5, requires_grad=True)
    w = mg.tensor(2.0, requires_grad=True)
    out = (x * w).exp() + x.sin()
    # every operation node and the nodes that feed it a gradient (its consumers)
    feeders: dict[str, set[str]] = {}
    todo = [out.grad_fn]
    while todo:
        node = todo.pop()
        feeders.setdefault(node.name(), set())
        for child, _ in node.next_functions:
            if child is not None and "AccumulateGrad" not in child.name():
                feeders.setdefault(child.name(), set()).add(node.name())
                todo.append(child)
    if isinstance(answer, str) or not hasattr(answer, "__iter__"):
        return tr("hint.engine.1.1", n=len(feeders), nodes=sorted(feeders))
    answer = [str(a).split("<")[-1].strip("<>() '\"") for a in answer]
    if sorted(answer) != sorted(feeders):
        return tr("hint.engine.1.1", n=len(feeders), nodes=sorted(feeders))
    if feeders[answer[0]]:
        return tr("hint.engine.1.2")
    # any order that runs a node after every node feeding it is one the engine may take
    for position, name in enumerate(answer):
        early = feeders[name] - set(answer[:position])
        if early:
            return tr("hint.engine.1.3", node=name, before=sorted(early)[0])
    return None


@exercise("engine.2")
def _engine_2(exp_backward):
    import math

    for x, grad in [(0.0, 1.0), (1.0, 1.0), (2.0, 0.5), (-1.0, 3.0)]:
        got = exp_backward(x, grad)
        if got is ...:
            return NOT_ANSWERED
        want = grad * math.exp(x)
        if not same(got, want, 1e-6):
            if same(got, math.exp(x), 1e-6):
                return tr("hint.engine.2.1")
            if same(got, grad, 1e-6):
                return tr("hint.engine.2.2")
            return tr("hint.engine.2.3", x=x, grad=grad)
    return None


def _unfinished(value) -> bool:
    """True when a node of the learner's engine still holds a ``...`` as a local derivative."""
    return any(g is ... for g in getattr(value, "local_grads", ()))


# the operations of engine.3, each on the learner's Value and on a minigrad tensor
_ENGINE_OPS = {
    "add": (2, lambda a, b: a + b),
    "mul": (2, lambda a, b: a * b),
    "sub": (2, lambda a, b: a - b),
    "neg": (1, lambda a: -a),
    "tanh": (1, lambda a: a.tanh()),
    "square": (1, lambda a: a**2),
    "cube": (1, lambda a: a**3),
    "exp": (1, lambda a: a.exp()),
}


@exercise("engine.3")
def _engine_3(value_class):
    import math
    import random

    if not isinstance(value_class, type):
        return tr("hint.engine.3.1")
    mg = _mg()
    # each new local derivative on its own, at x = 0.7 (and y = -1.3)
    x, y = value_class(0.7), value_class(-1.3)
    single = [
        ("hint.engine.3.2", x**3, [3 * 0.7**2]),
        ("hint.engine.3.3", x.tanh(), [1 - math.tanh(0.7) ** 2]),
        ("hint.engine.3.4", -x, [-1.0]),
        ("hint.engine.3.5", x - y, [1.0, -1.0]),
    ]
    for hint, node, want in single:
        if _unfinished(node):
            return NOT_ANSWERED
        if not same(list(node.local_grads), want, 1e-9):
            return tr(hint)
    # random expressions with fan-out (seeded): gradients against minigrad's
    rng = random.Random(0)
    for _ in range(25):
        start = [rng.uniform(-1.5, 1.5) for _ in range(3)]
        mine = [value_class(v) for v in start]
        theirs = [mg.tensor(v, dtype=mg.float64, requires_grad=True) for v in start]
        pairs = list(zip(mine, theirs))
        for _ in range(6):
            name = rng.choice(sorted(_ENGINE_OPS))
            arity, op = _ENGINE_OPS[name]
            picked = [rng.choice(pairs) for _ in range(arity)]
            pairs.append((op(*(m for m, _ in picked)), op(*(t for _, t in picked))))
        # the output adds the last three nodes, which share inputs: gradients must meet
        (a, ta), (b, tb), (c, tc) = pairs[-3:]
        out_mine, out_theirs = a + b + c, ta + tb + tc
        if not same(out_mine.data, out_theirs, 1e-9):
            return tr("hint.engine.3.6")
        out_mine.backward()
        out_theirs.backward()
        got = [m.grad for m in mine]
        want = [0.0 if t.grad is None else t.grad.item() for t in theirs]
        if not same(got, want, 1e-6):
            if same(got, [0.0] * 3) or any(g is None for g in got):
                return tr("hint.engine.3.7")
            return tr("hint.engine.3.6")
    return None


# Lesson 5: backward() and autograd.grad()

_JUDGES["grad.1"] = _number(30, "hint.grad.1.1")


@exercise("grad.2")
def _grad_2(grads):
    mg = _mg()
    x = mg.tensor(2.0, requires_grad=True)
    y = mg.tensor(3.0, requires_grad=True)
    try:
        result = grads(mg, x, y)
    except RuntimeError:
        return tr("hint.grad.2.1")
    try:
        gx, gy = result
    except (TypeError, ValueError):  # not two gradients
        return tr("hint.grad.2.2")
    if not (same(gx, 12) and same(gy, 4)):
        return tr("hint.grad.2.2")
    return None


@exercise("grad.3")
def _grad_3(answer):
    # a = -0.3: b = -0.6, doubled 11 times to -1228.8 (|b| >= 1000), then the else branch
    if same(answer, 409600.0):
        return None
    if same(answer, 4096.0) or same(answer, -4096.0):
        return tr("hint.grad.3.1")
    if same(answer, -409600.0):
        return tr("hint.grad.3.2")
    return tr("hint.grad.3.3")


# Lesson 6: non-scalar outputs

_JUDGES["nonscalar.1"] = _number([3.0, 0.0, -27.0], "hint.nonscalar.1.1")


@exercise("nonscalar.2")
def _nonscalar_2(v):
    mg = _mg()
    x = mg.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    y = (2 * x).view(2, 2)
    try:
        v = mg.tensor(_numbers(v).tolist(), dtype=mg.float32)
    except (TypeError, ValueError):
        return tr("hint.nonscalar.2.1", shape=type(v).__name__)
    if tuple(v.shape) != (2, 2):
        return tr("hint.nonscalar.2.1", shape=tuple(v.shape))
    y.backward(v)
    if same(x.grad, [2.0, 2.0, 2.0, 2.0]):
        return None
    return tr("hint.nonscalar.2.2", grad=x.grad.tolist())


@exercise("nonscalar.3")
def _nonscalar_3(answer):
    import numpy as np

    try:
        got = _numbers(answer)
    except (TypeError, ValueError):  # not numbers at all
        return tr("hint.nonscalar.3.1")
    if got.shape != (3,):
        return tr("hint.nonscalar.3.1")
    if np.allclose(got, 1.0):
        return tr("hint.nonscalar.3.2")
    if not np.allclose(got, 5.0):
        return tr("hint.nonscalar.3.3")
    return None


# Lesson 7: Jacobians

_JUDGES["jacobian.1"] = _number([[5.0, 2.0], [1.0, 1.0]], "hint.jacobian.1.1")


@exercise("jacobian.2")
def _jacobian_2(v):
    mg = _mg()
    x = mg.tensor([[2, 3]], dtype=mg.float, requires_grad=True)
    y = mg.zeros(1, 2)
    y[0, 0] = x[0, 0] ** 2 + 3 * x[0, 1]
    y[0, 1] = x[0, 1] ** 2 + 2 * x[0, 0]
    try:
        v = mg.tensor(_numbers(v).tolist(), dtype=mg.float32)
    except (TypeError, ValueError):
        return tr("hint.jacobian.2.2")
    if v.numel() != 2:
        return tr("hint.jacobian.2.2")
    y.backward(v.reshape(1, 2))  # [0, 1] and [[0, 1]] are the same v
    if same(x.grad, [[2.0, 6.0]]):
        return None
    return tr("hint.jacobian.2.1", grad=x.grad.tolist())


# Lesson 8: forward mode and reverse mode


@exercise("forward.1")
def _forward_1(answer):
    forward, reverse = answer
    if not same(forward, 5):
        return tr("hint.forward.1.1")
    if not same(reverse, 2):
        return tr("hint.forward.1.2")
    return None


@exercise("forward.2")
def _forward_2(dual_div):
    # first a divisor with a slope, so that the slope da / db is caught before it divides by 0
    for (a, da), (b, db) in [((1.5, 2.0), (-1.0, 0.5)), ((2.0, 1.0), (4.0, 0.0))]:
        result = dual_div((a, da), (b, db))
        if result is ...:
            return NOT_ANSWERED
        value, slope = result
        if not same(value, a / b):
            return tr("hint.forward.2.1")
        if not same(slope, (da * b - a * db) / b**2):
            if same(slope, da / db if db else float("nan")):
                return tr("hint.forward.2.2")
            return tr("hint.forward.2.3")
    return None


@exercise("forward.3")
def _forward_3(answer):
    import numpy as np

    try:
        got = _numbers(answer)
    except (TypeError, ValueError):
        return tr("hint.forward.3.1")
    if got.shape != (3,):
        return tr("hint.forward.3.1")
    if np.allclose(got, [3.0, 1.0, 4.0]) or np.allclose(got, [2.0, 1.0, 0.0]):
        return tr("hint.forward.3.2")
    if not np.allclose(got, [5.0, 2.0, 4.0]):
        return tr("hint.forward.3.3")
    return None


@exercise("forward.4")
def _forward_4(answer):
    import numpy as np

    try:
        got = _numbers(answer)
    except (TypeError, ValueError):
        return tr("hint.forward.4.1")
    if got.shape != (2,):
        return tr("hint.forward.4.1")
    if np.allclose(got, [5.0, 1.0]):  # the gradient (3x1² + x2, x1)
        return tr("hint.forward.4.2")
    if np.allclose(got, [6.0, 1.0]) or np.allclose(got, [1.0, 0.0]):  # one column of H
        return tr("hint.forward.4.3")
    if not np.allclose(got, [7.0, 1.0]):
        return tr("hint.forward.4.4")
    return None


# Lesson 9: higher-order derivatives

_JUDGES["higher.1"] = _number(4, "hint.higher.1.1")
_JUDGES["higher.2"] = _number(24, "hint.higher.2.1")


@exercise("higher.3")
def _higher_3(answer):
    first, second = (str(a).strip() for a in answer)
    if first != "retain_graph":
        return tr("hint.higher.3.1")
    if second != "create_graph":
        return tr("hint.higher.3.2")
    return None


# Lesson 10: stopping gradients

_JUDGES["stopping.1"] = _number(4, "hint.stopping.1.1")


def _letters(answer) -> set[str]:
    return {str(a).strip().upper() for a in answer}


@exercise("stopping.2")
def _stopping_2(answer):
    answer = _letters(answer)
    if answer - set("ABCDE"):
        return tr("hint.stopping.2.3", letters=", ".join(sorted(answer - set("ABCDE"))))
    if "C" in answer:
        return tr("hint.stopping.2.1")
    missing = {"A", "B", "D", "E"} - answer
    if missing:
        return tr("hint.stopping.2.2", missing=", ".join(sorted(missing)))
    return None


@exercise("stopping.3")
def _stopping_3(f):
    import math

    import numpy as np

    if not callable(f):
        return tr("hint.stopping.3.3")
    mg = _mg()
    x = mg.tensor([-1.0, 0.0, 0.5, 2.0], requires_grad=True)
    y = f(x)
    if not same(y, [0.0, 0.0, math.log(0.5), math.log(2.0)]):
        return tr("hint.stopping.3.2")
    if not getattr(y, "requires_grad", False):
        return tr("hint.stopping.3.4")
    y.sum().backward()
    if x.grad is None or not np.all(np.isfinite(_numbers(x.grad))):
        return tr("hint.stopping.3.1")
    if not same(x.grad, [0.0, 0.0, 2.0, 0.5]):
        return tr("hint.stopping.3.5")
    return None


# Lesson 11: in-place changes, .data and the version counter

_JUDGES["inplace.1"] = _number(6, "hint.inplace.1.1")


@exercise("inplace.2")
def _inplace_2(answer):
    answer = _letters(answer)
    if answer - set("ABCDE"):
        return tr("hint.inplace.2.4", letters=", ".join(sorted(answer - set("ABCDE"))))
    if "B" in answer:
        return tr("hint.inplace.2.1")
    if "D" in answer:
        return tr("hint.inplace.2.2")
    missing = {"A", "C", "E"} - answer
    if missing:
        return tr("hint.inplace.2.3", missing=", ".join(sorted(missing)))
    return None


# Lesson 12: hooks and your own autograd.Function


@exercise("hooks.1")
def _hooks_1(grad_of_h):
    mg = _mg()
    got = grad_of_h(mg)
    if got is None:
        return tr("hint.hooks.1.1")
    if not same(got, [12.0, 24.0]):
        return tr("hint.hooks.1.2", got=got)
    return None


@exercise("hooks.2")
def _hooks_2(function_class):
    mg = _mg()
    x = mg.tensor([0.5, -1.2, 2.0], dtype=mg.float64, requires_grad=True)
    y = function_class.apply(x)
    if not same(y, x.detach() ** 3):
        return tr("hint.hooks.2.1")
    if not mg.autograd.gradcheck(function_class.apply, (x,), raise_exception=False):
        return tr("hint.hooks.2.2")
    return None


@exercise("hooks.3")
def _hooks_3(answer):
    if same(answer, 3):
        return None
    if same(answer, 2):
        return tr("hint.hooks.3.1")
    if same(answer, 4):
        return tr("hint.hooks.3.2")
    return tr("hint.hooks.3.3")


# Lesson 13: training a model

_JUDGES["training.1"] = _number(51, "hint.training.1.1")
_JUDGES["training.2"] = _number(3, "hint.training.2.1")


@exercise("training.3")
def _training_3(train):
    losses = train(_mg())
    if len(losses) < 2:
        return tr("hint.training.3.1")
    if not losses[-1] < 0.5 * losses[0]:
        return tr("hint.training.3.2")
    return None


# Lesson 14: your own PyTorch model

_JUDGES["pytorch.1"] = _number(4, "hint.pytorch.1.1")


@exercise("pytorch.2")
def _pytorch_2(answer):
    cause = getattr(answer, "cause", answer)  # the explanation itself, or its cause
    if not isinstance(cause, str):
        return tr("hint.pytorch.2.1")
    if cause.strip().strip("'\"").lower().replace("-", "_").replace(" ", "_") != "non_leaf":
        return tr("hint.pytorch.2.2")
    return None


@exercise("pytorch.3")
def _pytorch_3(grads):
    import importlib
    import warnings

    if not callable(grads):
        return tr("hint.pytorch.3.1")
    torch = importlib.import_module("torch")  # the lesson is about real PyTorch
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch warns when a non-leaf's .grad is read
        try:
            g = grads(torch)
        except Exception:  # noqa: BLE001 - the learner's code may raise anything
            return tr("hint.pytorch.3.3")
    if g is None:
        return tr("hint.pytorch.3.2")
    if not same(g, [1.0, 2.0, 3.0]):
        return tr("hint.pytorch.3.4")
    return None
