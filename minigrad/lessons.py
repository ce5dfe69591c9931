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
        print("(PyTorch is not installed, so there is nothing to compare with.)")
        return None
    theirs = transcript(example, real_torch)
    print("PyTorch:\n" + theirs)
    print("identical:", mine == theirs)
    return mine == theirs


# --- self-checking exercises ---------------------------------------------------
#
# Each exercise has a *judge*: a function that receives the learner's answer and
# returns None when it is right, or a sentence that says what is still wrong.
# The judges live here, out of the notebooks, so that an exercise cell shows only
# the question and `check(...)`, never the answer it is compared with.

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
        return f"checking your answer raised {type(error).__name__}: {error}"


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
        print("Correct!")
    elif problem == NOT_ANSWERED:
        print(problem)
    else:
        print("Not yet:", problem)


def passes(key: str, answer: object) -> bool:
    """True when ``answer`` solves exercise ``key`` (the solutions assert it).

    >>> passes("scalar.2", 27), passes("scalar.2", 9)
    (True, False)
    """
    return _verdict(key, answer) is None


def _number(expected: float, hint: str, tol: float = 1e-5):
    """A judge for an answer that is one number (or a list of numbers)."""

    def judge(answer):
        return None if same(answer, expected, tol) else hint

    return judge


def _mg():
    import minigrad

    return minigrad


# Lesson 1: tensors and graphs


@exercise("graphs.1")
def _graphs_1(answer):
    requires_grad, is_leaf = answer
    if requires_grad is not True:
        return "r = p * q: one input (q) requires grad, and that is enough for r to require it."
    if is_leaf is not False:
        return "r was made by an operation (it has a grad_fn), so it is not a leaf."
    return None


_JUDGES["graphs.2"] = _number(4, "count the passes of the loop: each one multiplies once.")


@exercise("graphs.3")
def _graphs_3(answer):
    answer = set(answer)
    if "u" in answer:
        return "u = torch.zeros(3) is a new tensor: requires_grad is False by default."
    if "s" in answer:
        return "s is computed from tensors that do not require grad, so it does not either."
    if "v" not in answer:
        return "v = u + w[0] uses w, a leaf that requires grad."
    return None


# Lesson 2: what a derivative is


@exercise("derivative.1")
def _derivative_1(answer):
    import math

    if same(answer, math.cos(1.0), 1e-4):
        return None
    if same(answer, math.sin(1.0), 1e-3):
        return "that is sin(1), the value of the function; the question asks for its slope."
    return "compute (sin(1 + h) - sin(1 - h)) / (2h) with h = 1e-4 (math.sin works)."


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
            return "return a tensor with one slope per element of x (the shape of x)."
        if not same(got, x.grad, 1e-5):
            if same(got, [0.0] * len(values)):
                return "the slopes are all still 0: fill slopes[i] for every i (a for loop)."
            if same(got, x.grad, 1e-2):
                return (
                    "close, but not accurate enough: use the central difference "
                    "(f(x + h·e_i) - f(x - h·e_i)) / (2h), not the one-sided one."
                )
            return "nudge one element at a time: e_i is 1 at position i and 0 elsewhere."
    return None


# Lesson 3: backward from a scalar

_JUDGES["scalar.1"] = _number(1, "dy/dx = (x + 2) + (x + 1); put x = -1 into both terms.")
_JUDGES["scalar.2"] = _number(27, "three paths meet at x: d(x³)/dx = 3x², at x = 3.")


@exercise("scalar.3")
def _scalar_3(answer):
    name = str(answer).split(".")[-1].strip("() ")
    if name == "retain_grad":
        return None
    if name == "backward":
        return "backward() fills .grad of leaves only; y needs to be told to keep its own."
    return "the method is called on y before backward(), and asks y to keep its gradient."


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
        return f"the graph has these {len(order)} nodes: {sorted(order)}; use each once."
    if answer[0] != order[0]:
        return "the engine starts at out.grad_fn, the last operation of the forward pass."
    return (
        "among the nodes whose gradients are complete, the engine runs the one created "
        "last in the forward pass first (step through it with BackwardStepper)."
    )


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
                return "multiply by the incoming gradient: the chain rule is grad · d(exp x)/dx."
            if same(got, grad, 1e-6):
                return "d(exp x)/dx is exp x, not 1."
            return f"at x = {x}, grad = {grad} the gradient to pass on is grad · exp(x)."
    return None


# Lesson 5: backward() and autograd.grad()

_JUDGES["grad.1"] = _number(30, "dq/dx = 10x = 10 at x = 1, and each backward() adds it again.")


@exercise("grad.2")
def _grad_2(grads):
    mg = _mg()
    x = mg.tensor(2.0, requires_grad=True)
    y = mg.tensor(3.0, requires_grad=True)
    try:
        gx, gy = grads(mg, x, y)
    except RuntimeError as error:
        return (
            f"it still raises RuntimeError ({str(error)[:60]}...). The first call freed the "
            "graph: ask for both inputs in one call, or keep the graph on the first."
        )
    if not (same(gx, 12) and same(gy, 4)):
        return "the gradients should be dz/dx = 2xy = 12 and dz/dy = x² = 4."
    return None


# Lesson 6: non-scalar outputs

_JUDGES["nonscalar.1"] = _number(
    [3.0, 0.0, -27.0], "the Jacobian of x³ is diagonal with entries 3x²; multiply each by v."
)


@exercise("nonscalar.2")
def _nonscalar_2(v):
    mg = _mg()
    x = mg.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    y = (2 * x).view(2, 2)
    v = mg.tensor(v, dtype=mg.float32)
    if tuple(v.shape) != (2, 2):
        return f"v must have the shape of z = y.view(2, 2), (2, 2); yours has {tuple(v.shape)}."
    y.backward(v)
    if same(x.grad, [2.0, 2.0, 2.0, 2.0]):
        return None
    return f"with your v, x.grad = {x.grad.tolist()}: each entry is 2 · v, flattened."


# Lesson 7: Jacobians

_JUDGES["jacobian.1"] = _number(
    [[5.0, 2.0], [1.0, 1.0]], "row i holds the derivatives of g_i: d(x1·x2)/dx1 = x2, ..."
)


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
    return f"your v gives x.grad = {x.grad.tolist()}; a one-hot v picks one row of J."


# Lesson 8: forward mode and reverse mode


@exercise("forward.1")
def _forward_1(answer):
    forward, reverse = answer
    if forward != 5:
        return "one forward pass gives one column of J (J·v); f has 5 inputs, so 5 columns."
    if reverse != 2:
        return "one reverse pass gives one row of J (vᵀJ); f has 2 outputs, so 2 rows."
    return None


@exercise("forward.2")
def _forward_2(dual_div):
    for (a, da), (b, db) in [((2.0, 1.0), (4.0, 0.0)), ((1.5, 2.0), (-1.0, 0.5))]:
        result = dual_div((a, da), (b, db))
        if result is ...:
            return NOT_ANSWERED
        value, slope = result
        if not same(value, a / b):
            return "the value part of a quotient is just a / b."
        if not same(slope, (da * b - a * db) / b**2):
            if same(slope, da / db if db else float("nan")):
                return "the slope is not da / db: use the quotient rule, (da·b − a·db) / b²."
            return "the slope of a quotient follows the quotient rule: (da·b − a·db) / b²."
    return None


# Lesson 9: higher-order derivatives

_JUDGES["higher.1"] = _number(4, "first ∂z/∂x = 2xy; now differentiate 2xy with respect to y.")
_JUDGES["higher.2"] = _number(
    24, "the first derivative 3x² = 12 stays in x.grad, and the second, 6x = 12, is added."
)


@exercise("higher.3")
def _higher_3(answer):
    first, second = (str(a).strip() for a in answer)
    if first != "retain_graph":
        return (
            "task (a) needs the same graph twice, but no derivative of a derivative: "
            "the saved tensors must survive, nothing more."
        )
    if second != "create_graph":
        return (
            "task (b) differentiates a gradient, so the backward pass itself must be "
            "recorded as a graph."
        )
    return None


# Lesson 10: stopping gradients

_JUDGES["stopping.1"] = _number(4, "only the path through a = x + 1 is left: dy/da · da/dx = b.")
_JUDGES["stopping.2"] = _number(
    6, ".data changes values behind autograd's back; the recorded operations are ×3 and ×2."
)


@exercise("stopping.3")
def _stopping_3(answer):
    answer = {str(a).strip().upper() for a in answer}
    if "C" in answer:
        return (
            "model.eval() only switches layers such as Dropout and BatchNorm to their "
            "evaluation behaviour; autograd still records every operation."
        )
    missing = {"A", "B", "D", "E"} - answer
    if missing:
        return f"{sorted(missing)} also stop the recording; check the table again."
    return None


# Lesson 11: hooks and your own autograd.Function


@exercise("hooks.1")
def _hooks_1(grad_of_h):
    mg = _mg()
    got = grad_of_h(mg)
    if got is None:
        return (
            "it is still None. h is not a leaf, so backward() does not keep its gradient: "
            "ask h to keep it (or catch it with a hook) before calling backward()."
        )
    if not same(got, [12.0, 24.0]):
        return f"got {got}; dy/dh = 2h = [12., 24.] at x = [1., 2.]."
    return None


@exercise("hooks.2")
def _hooks_2(function_class):
    mg = _mg()
    x = mg.tensor([0.5, -1.2, 2.0], dtype=mg.float64, requires_grad=True)
    y = function_class.apply(x)
    if not same(y, x.detach() ** 3):
        return "the forward pass should return x ** 3."
    if not mg.autograd.gradcheck(function_class.apply, (x,), raise_exception=False):
        return "gradcheck still finds a difference: d(x³)/dx = 3x², times the incoming grad."
    return None


# Lesson 12: training a model

_JUDGES["training.1"] = _number(
    51, "Linear(a, b) learns a·b weights and b biases; add both layers."
)
_JUDGES["training.2"] = _number(3, "backward() adds into .grad: three passes, three times.")


@exercise("training.3")
def _training_3(train):
    losses = train(_mg())
    if len(losses) < 2:
        return "return the list of losses, one per step."
    if not losses[-1] < 0.5 * losses[0]:
        return (
            "the loss still does not go down. Look at what each line does to w.grad "
            "between backward() and step(): step() moves w by the gradient it finds there."
        )
    return None
