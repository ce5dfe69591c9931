"""Helpers for the lessons: run the same code under minigrad and real PyTorch.

>>> from minigrad.lessons import transcript
>>> import minigrad
>>> transcript(lambda torch: print(torch.tensor([1.0, 2.0]) * 2), minigrad)
'tensor([2., 4.])\\n'
"""

from __future__ import annotations

import contextlib
import io
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
    print(tr("lessons.identical"), mine == theirs)
    return mine == theirs


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
        return tr("lessons.judge_raised", error=f"{type(error).__name__}: {error}")


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


def _mg():
    import minigrad

    return minigrad


# Lesson 1: tensors and graphs


@exercise("graphs.1")
def _graphs_1(answer):
    requires_grad, is_leaf = answer
    if requires_grad is not True:
        return tr("hint.graphs.1.1")
    if is_leaf is not False:
        return tr("hint.graphs.1.2")
    return None


_JUDGES["graphs.2"] = _number(4, "hint.graphs.2.1")


@exercise("graphs.3")
def _graphs_3(answer):
    answer = set(answer)
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

    if same(answer, math.cos(1.0), 1e-4):
        return None
    if same(answer, math.sin(1.0), 1e-3):
        return tr("hint.derivative.1.1")
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
        if not hasattr(got, "shape") or tuple(got.shape) != tuple(x.shape):
            return tr("hint.derivative.2.1")
        if not same(got, x.grad, 1e-5):
            if same(got, [0.0] * len(values)):
                return tr("hint.derivative.2.zeros")
            if same(got, x.grad, 1e-2):
                return tr("hint.derivative.2.2")
            return tr("hint.derivative.2.3")
    return None


# Lesson 3: backward from a scalar

_JUDGES["scalar.1"] = _number(1, "hint.scalar.1.1")
_JUDGES["scalar.2"] = _number(27, "hint.scalar.2.1")


@exercise("scalar.3")
def _scalar_3(answer):
    name = str(answer).split(".")[-1].strip("() ")
    if name == "retain_grad":
        return None
    if name == "backward":
        return tr("hint.scalar.3.1")
    return tr("hint.scalar.3.2")


# Lesson 4: inside minigrad, how backward runs


@exercise("engine.1")
def _engine_1(answer):
    from minigrad import viz

    mg = _mg()
    x = mg.tensor(0.5, requires_grad=True)
    w = mg.tensor(2.0, requires_grad=True)
    out = (x * w).exp() + x.sin()
    with viz.record() as rec:
        out.backward()
    order = [step["node"].name() for step in rec.steps]
    order = [name for name in order if "AccumulateGrad" not in name]
    answer = [str(a).split("<")[-1].strip("<>() ") for a in answer]
    if answer == order:
        return None
    if sorted(answer) != sorted(order):
        return tr("hint.engine.1.1", n=len(order), nodes=sorted(order))
    if answer[0] != order[0]:
        return tr("hint.engine.1.2")
    return tr("hint.engine.1.3")


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


# Lesson 5: backward() and autograd.grad()

_JUDGES["grad.1"] = _number(30, "hint.grad.1.1")


@exercise("grad.2")
def _grad_2(grads):
    mg = _mg()
    x = mg.tensor(2.0, requires_grad=True)
    y = mg.tensor(3.0, requires_grad=True)
    try:
        gx, gy = grads(mg, x, y)
    except RuntimeError as error:
        return tr("hint.grad.2.1", error=str(error)[:60])
    if not (same(gx, 12) and same(gy, 4)):
        return tr("hint.grad.2.2")
    return None


# Lesson 6: non-scalar outputs

_JUDGES["nonscalar.1"] = _number([3.0, 0.0, -27.0], tr("hint.nonscalar.1.1"))


@exercise("nonscalar.2")
def _nonscalar_2(v):
    mg = _mg()
    x = mg.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    y = (2 * x).view(2, 2)
    v = mg.tensor(v, dtype=mg.float32)
    if tuple(v.shape) != (2, 2):
        return tr("hint.nonscalar.2.1", shape=tuple(v.shape))
    y.backward(v)
    if same(x.grad, [2.0, 2.0, 2.0, 2.0]):
        return None
    return tr("hint.nonscalar.2.2", grad=x.grad.tolist())


# Lesson 7: Jacobians

_JUDGES["jacobian.1"] = _number([[5.0, 2.0], [1.0, 1.0]], tr("hint.jacobian.1.1"))


@exercise("jacobian.2")
def _jacobian_2(v):
    mg = _mg()
    x = mg.tensor([[2, 3]], dtype=mg.float, requires_grad=True)
    y = mg.zeros(1, 2)
    y[0, 0] = x[0, 0] ** 2 + 3 * x[0, 1]
    y[0, 1] = x[0, 1] ** 2 + 2 * x[0, 0]
    y.backward(mg.Tensor(v))
    if same(x.grad, [[2.0, 6.0]]):
        return None
    return tr("hint.jacobian.2.1", grad=x.grad.tolist())


# Lesson 8: forward mode and reverse mode


@exercise("forward.1")
def _forward_1(answer):
    forward, reverse = answer
    if forward != 5:
        return tr("hint.forward.1.1")
    if reverse != 2:
        return tr("hint.forward.1.2")
    return None


@exercise("forward.2")
def _forward_2(dual_div):
    for (a, da), (b, db) in [((2.0, 1.0), (4.0, 0.0)), ((1.5, 2.0), (-1.0, 0.5))]:
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
_JUDGES["stopping.2"] = _number(6, "hint.stopping.2.1")


@exercise("stopping.3")
def _stopping_3(answer):
    answer = {str(a).strip().upper() for a in answer}
    if "C" in answer:
        return tr("hint.stopping.3.1")
    missing = {"A", "B", "D", "E"} - answer
    if missing:
        return tr("hint.stopping.3.2", missing=sorted(missing))
    return None


# Lesson 11: hooks and your own autograd.Function


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


# Lesson 12: training a model

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
