"""The judges of the lessons' exercises, lesson by lesson (``minigrad.lessons`` loads them).

A judge receives the learner's answer and returns None when it is right, or the
first rung of a hint (``_hint("hint.<exercise>.<n>")``) that says what to look at.

>>> from minigrad.lessons import passes
>>> passes("grad.1", 30), passes("grad.1", 10)
(True, False)
"""

from __future__ import annotations

import re

from .lessons import (
    _JUDGES,
    NOT_ANSWERED,
    _hint,
    _mg,
    _names,
    _number,
    _numbers,
    _yes_no,
    exercise,
    same,
)

# Lesson 1: tensors and graphs


@exercise("graphs.1")
def _graphs_1(answer):
    if isinstance(answer, str) or not hasattr(answer, "__len__") or len(answer) != 2:
        return _hint("hint.graphs.1.3")
    requires_grad, is_leaf = (_yes_no(a) for a in answer)
    if requires_grad is None or is_leaf is None:
        return _hint("hint.graphs.1.3")
    if requires_grad is not True:
        return _hint("hint.graphs.1.1")
    if is_leaf is not False:
        return _hint("hint.graphs.1.2")
    return None


_JUDGES["graphs.2"] = _number(4, "hint.graphs.2.1")


@exercise("graphs.3")
def _graphs_3(answer):
    answer = _names(answer)
    if answer - {"u", "v", "s"}:  # names that are not among the three tensors asked about
        return _hint("hint.graphs.3.4", names=", ".join(sorted(answer - {"u", "v", "s"})))
    if "u" in answer:
        return _hint("hint.graphs.3.1")
    if "s" in answer:
        return _hint("hint.graphs.3.2")
    if "v" not in answer:
        return _hint("hint.graphs.3.3")
    return None


# Lesson 2: what a derivative is


@exercise("derivative.1")
def _derivative_1(answer):
    import math

    # the central difference is within h²/6 ≈ 2e-9 of cos(1); a one-sided one is off by ≈ 4e-5
    if same(answer, math.cos(1.0), 1e-7):
        return None
    if "float32" in str(getattr(answer, "dtype", "")) and same(answer, math.cos(1.0), 1e-3):
        return _hint("hint.derivative.1.4")  # float32 rounding, not a one-sided difference
    if same(answer, math.sin(1.0), 1e-3):
        return _hint("hint.derivative.1.1")
    if same(answer, math.cos(1.0), 1e-3):
        return _hint("hint.derivative.1.3")
    return _hint("hint.derivative.1.2")


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

        def values_only(t, f=f):  # f's value, with no graph: autograd cannot help central
            return mg.tensor(f(t.detach()).item(), dtype=mg.float64)

        try:
            got = central(values_only, mg.tensor(values, dtype=mg.float64), 1e-6)
        except RuntimeError:  # e.g. backward() on a value with no graph
            return _hint("hint.derivative.2.4")
        if got is ...:
            return NOT_ANSWERED
        try:
            slopes = _numbers(got)
        except (TypeError, ValueError):
            return _hint("hint.derivative.2.1")
        if slopes.shape != tuple(x.shape):
            return _hint("hint.derivative.2.1")
        # central: off by ≈ h² (and rounding ≈ 1e-10); one-sided: off by ≈ h·f''/2 ≈ 1e-6
        if not same(slopes, x.grad, 1e-8):
            if same(slopes, [0.0] * len(values)):
                return _hint("hint.derivative.2.zeros")
            if same(slopes, x.grad, 1e-2):
                return _hint("hint.derivative.2.2")
            return _hint("hint.derivative.2.3")
    return None


@exercise("derivative.3")
def _derivative_3(answer):
    import math

    # the lowest point of the central curve: about 1e-10 (4e-11 on the plot's grid)
    try:
        error = float(_numbers(answer))
    except (TypeError, ValueError):
        return _hint("hint.derivative.3.1")
    if not error > 0:
        return _hint("hint.derivative.3.1")  # e.g. the exponent -10 instead of 1e-10
    power = math.log10(error)
    if -11.5 <= power <= -9.3:
        return None
    if -6.5 <= power <= -4.5:
        return _hint("hint.derivative.3.4")  # the best step h, not the error there
    if -8.5 <= power <= -7.5:
        return _hint("hint.derivative.3.2")  # the one-sided curve's lowest point
    if power < -13:
        return _hint("hint.derivative.3.5")  # epsilon itself
    return _hint("hint.derivative.3.3")


@exercise("derivative.4")
def _derivative_4(answer):
    # (2 * x).max() with three tied maxima: each gets an even share of 2
    try:
        got = _numbers(answer).reshape(-1)
    except (TypeError, ValueError):
        return _hint("hint.derivative.4.1")
    if got.size != 4:
        return _hint("hint.derivative.4.1")
    if same(got, [0.0, 2 / 3, 2 / 3, 2 / 3], 1e-3):
        return None
    if same(got, [0.0, 1 / 3, 1 / 3, 1 / 3], 1e-3):
        return _hint("hint.derivative.4.2")  # the factor 2 left out
    if sorted(got.tolist()) in ([0.0, 0.0, 0.0, 2.0], [0.0, 0.0, 0.0, 1.0]):
        return _hint("hint.derivative.4.3")  # one of the ties takes it all
    return _hint("hint.derivative.4.4")


# Lesson 3: backward from a scalar

_JUDGES["scalar.1"] = _number(1, "hint.scalar.1.1")
_JUDGES["scalar.2"] = _number(27, "hint.scalar.2.1")


@exercise("scalar.3")
def _scalar_3(answer):
    if not isinstance(answer, str):
        return _hint("hint.scalar.3.4")
    call = re.fullmatch(r"\s*(?:(\w+)\s*\.\s*)?(\w+)\s*(?:\(\s*\))?\s*;?\s*", answer)
    if call is None:
        return _hint("hint.scalar.3.4")
    owner, name = call.groups()
    if name == "backward":
        return _hint("hint.scalar.3.1")
    if name != "retain_grad":
        return _hint("hint.scalar.3.2")
    if owner != "y":
        return _hint("hint.scalar.3.3")
    return None


# Lesson 4: inside minigrad, how backward runs


# micrograd's neuron o = tanh(x1*w1 + x2*w2 + b), its leaves and do/d(leaf)
_NEURON = {"x1": 2.0, "x2": 0.0, "w1": -3.0, "w2": 1.0, "b": 6.8813735870195432}


@exercise("engine.hand")
def _engine_hand(grads):
    import math

    v = _NEURON
    if not isinstance(grads, dict) or {str(k).strip() for k in grads} != set(v):
        return _hint("hint.engine.hand.1")
    got = {str(k).strip(): value for k, value in grads.items()}
    o = math.tanh(v["x1"] * v["w1"] + v["x2"] * v["w2"] + v["b"])
    local = {"x1": v["w1"], "w1": v["x1"], "x2": v["w2"], "w2": v["x2"], "b": 1.0}
    want = {k: (1 - o * o) * d for k, d in local.items()}
    names = sorted(v)
    if same([got[k] for k in names], [want[k] for k in names], 1e-3):
        return None
    if same([got[k] for k in names], [local[k] for k in names], 1e-3):
        return _hint("hint.engine.hand.2")  # tanh's local derivative left out
    swapped = {"x1": "w1", "w1": "x1", "x2": "w2", "w2": "x2", "b": "b"}
    if same([got[k] for k in names], [want[swapped[k]] for k in names], 1e-3):
        return _hint("hint.engine.hand.3")  # a factor's own value instead of the other's
    return _hint("hint.engine.hand.4")


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
        return _hint("hint.engine.1.1", n=len(feeders), nodes=sorted(feeders))
    answer = [str(a).split("<")[-1].strip("<>() '\"") for a in answer]
    if sorted(answer) != sorted(feeders):
        return _hint("hint.engine.1.1", n=len(feeders), nodes=sorted(feeders))
    if feeders[answer[0]]:
        return _hint("hint.engine.1.2")
    # any order that runs a node after every node feeding it is one the engine may take
    for position, name in enumerate(answer):
        early = feeders[name] - set(answer[:position])
        if early:
            return _hint("hint.engine.1.3", node=name, before=sorted(early)[0])
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
                return _hint("hint.engine.2.1")
            if same(got, grad, 1e-6):
                return _hint("hint.engine.2.2")
            return _hint("hint.engine.2.3", x=x, grad=grad)
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
        return _hint("hint.engine.3.1")
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
            return _hint(hint)
    # backward() must be the learner's, not the one inherited from the lesson's Value
    owner = next(c for c in value_class.__mro__ if "backward" in c.__dict__)
    if "__add__" in owner.__dict__ and "__pow__" not in owner.__dict__:
        return _hint("hint.engine.3.8")
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
            return _hint("hint.engine.3.6")
        out_mine.backward()
        out_theirs.backward()
        got = [m.grad for m in mine]
        want = [0.0 if t.grad is None else t.grad.item() for t in theirs]
        if not same(got, want, 1e-6):
            if same(got, [0.0] * 3) or any(g is None for g in got):
                return _hint("hint.engine.3.7")
            return _hint("hint.engine.3.6")
    return None


# Lesson 5: backward() and autograd.grad()

_JUDGES["grad.1"] = _number(30, "hint.grad.1.1")


@exercise("grad.2")
def _grad_2(grads):
    mg = _mg()
    # the lesson's x = 2, y = 3, then values the learner did not see
    for i, (a, b) in enumerate([(2.0, 3.0), (-1.5, 0.5), (0.25, -4.0)]):
        x = mg.tensor(a, requires_grad=True)
        y = mg.tensor(b, requires_grad=True)
        try:
            result = grads(mg, x, y)
        except RuntimeError:
            return _hint("hint.grad.2.1")
        try:
            gx, gy = result
        except (TypeError, ValueError):  # not two gradients
            return _hint("hint.grad.2.2")
        if not (same(gx, 2 * a * b) and same(gy, a * a)):
            return _hint("hint.grad.2.3" if i else "hint.grad.2.2")
    return None


@exercise("grad.3")
def _grad_3(answer):
    # a = -0.3: b = -0.6, doubled 11 times to -1228.8 (|b| >= 1000), then the else branch
    if same(answer, 409600.0):
        return None
    if same(answer, 4096.0) or same(answer, -4096.0):
        return _hint("hint.grad.3.1")
    if same(answer, -409600.0):
        return _hint("hint.grad.3.2")
    return _hint("hint.grad.3.3")


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
        return _hint("hint.nonscalar.2.1", shape=type(v).__name__)
    if tuple(v.shape) != (2, 2):
        return _hint("hint.nonscalar.2.1", shape=tuple(v.shape))
    y.backward(v)
    if same(x.grad, [2.0, 2.0, 2.0, 2.0]):
        return None
    return _hint("hint.nonscalar.2.2", grad=x.grad.tolist())


@exercise("nonscalar.3")
def _nonscalar_3(answer):
    import numpy as np

    try:
        got = _numbers(answer)
    except (TypeError, ValueError):  # not numbers at all
        return _hint("hint.nonscalar.3.1")
    if got.shape != (3,):
        return _hint("hint.nonscalar.3.1")
    if np.allclose(got, 1.0):
        return _hint("hint.nonscalar.3.2")
    if not np.allclose(got, 5.0):
        return _hint("hint.nonscalar.3.3")
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
        return _hint("hint.jacobian.2.2")
    if v.numel() != 2:
        return _hint("hint.jacobian.2.2")
    y.backward(v.reshape(1, 2))  # [0, 1] and [[0, 1]] are the same v
    if same(x.grad, [[2.0, 6.0]]):
        return None
    return _hint("hint.jacobian.2.1", grad=x.grad.tolist())


# Lesson 8: forward mode and reverse mode


@exercise("forward.1")
def _forward_1(answer):
    forward, reverse = answer
    if not same(forward, 5):
        return _hint("hint.forward.1.1")
    if not same(reverse, 2):
        return _hint("hint.forward.1.2")
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
            return _hint("hint.forward.2.1")
        if not same(slope, (da * b - a * db) / b**2):
            if same(slope, da / db if db else float("nan")):
                return _hint("hint.forward.2.2")
            return _hint("hint.forward.2.3")
    return None


@exercise("forward.3")
def _forward_3(answer):
    import numpy as np

    try:
        got = _numbers(answer)
    except (TypeError, ValueError):
        return _hint("hint.forward.3.1")
    if got.shape != (3,):
        return _hint("hint.forward.3.1")
    if np.allclose(got, [3.0, 1.0, 4.0]) or np.allclose(got, [2.0, 1.0, 0.0]):
        return _hint("hint.forward.3.2")
    if not np.allclose(got, [5.0, 2.0, 4.0]):
        return _hint("hint.forward.3.3")
    return None


@exercise("forward.4")
def _forward_4(answer):
    import numpy as np

    try:
        got = _numbers(answer)
    except (TypeError, ValueError):
        return _hint("hint.forward.4.1")
    if got.shape != (2,):
        return _hint("hint.forward.4.1")
    if np.allclose(got, [5.0, 1.0]):  # the gradient (3x1² + x2, x1)
        return _hint("hint.forward.4.2")
    if np.allclose(got, [6.0, 1.0]) or np.allclose(got, [1.0, 0.0]):  # one column of H
        return _hint("hint.forward.4.3")
    if not np.allclose(got, [7.0, 1.0]):
        return _hint("hint.forward.4.4")
    return None


@exercise("forward.5")
def _forward_5(answer):
    try:
        size = _numbers(answer).size
    except (TypeError, ValueError):
        size = 0
    if size != 1:
        return _hint("hint.forward.5.1")
    return None if same(answer, 6) else _hint("hint.forward.5.2")


# Lesson 9: higher-order derivatives

_JUDGES["higher.1"] = _number(4, "hint.higher.1.1")
_JUDGES["higher.2"] = _number(24, "hint.higher.2.1")


def _flag(answer: object) -> str:
    """A flag's name from the forms a learner writes: "retain_graph=True", "Retain graph"...

    >>> _flag(" retain_graph=True"), _flag("Create-Graph"), _flag("create_graph = True")
    ('retain_graph', 'create_graph', 'create_graph')
    """
    word = str(answer).strip().strip("'\"").lower()
    word = re.sub(r"\s*=\s*true$", "", word)
    return re.sub(r"[\s\-]+", "_", word.strip())


@exercise("higher.3")
def _higher_3(answer):
    first, second = (_flag(a) for a in answer)
    if first != "retain_graph":
        return _hint("hint.higher.3.1")
    if second != "create_graph":
        return _hint("hint.higher.3.2")
    return None


# Lesson 10: stopping gradients

_JUDGES["stopping.1"] = _number(4, "hint.stopping.1.1")


def _letters(answer) -> set[str]:
    """A set of choices: "A, B, D", "ABD", ["a", "b"] -> {"A", "B", "D"}."""
    return {name.upper() for name in _names(answer)}


@exercise("stopping.2")
def _stopping_2(answer):
    answer = _letters(answer)
    if answer - set("ABCDE"):
        return _hint("hint.stopping.2.3", letters=", ".join(sorted(answer - set("ABCDE"))))
    if "C" in answer:
        return _hint("hint.stopping.2.1")
    missing = {"A", "B", "D", "E"} - answer
    if missing:
        return _hint("hint.stopping.2.2", missing=", ".join(sorted(missing)))
    return None


@exercise("stopping.3")
def _stopping_3(f):
    import math

    import numpy as np

    if not callable(f):
        return _hint("hint.stopping.3.3")
    mg = _mg()
    x = mg.tensor([-1.0, 0.0, 0.5, 2.0], requires_grad=True)
    y = f(x)
    if not same(y, [0.0, 0.0, math.log(0.5), math.log(2.0)]):
        return _hint("hint.stopping.3.2")
    if not getattr(y, "requires_grad", False):
        return _hint("hint.stopping.3.4")
    y.sum().backward()
    if x.grad is None or not np.all(np.isfinite(_numbers(x.grad))):
        return _hint("hint.stopping.3.1")
    if not same(x.grad, [0.0, 0.0, 2.0, 0.5]):
        return _hint("hint.stopping.3.5")
    return None


# Lesson 11: in-place changes, .data and the version counter

_JUDGES["inplace.1"] = _number(6, "hint.inplace.1.1")


@exercise("inplace.2")
def _inplace_2(answer):
    answer = _letters(answer)
    if answer - set("ABCDE"):
        return _hint("hint.inplace.2.4", letters=", ".join(sorted(answer - set("ABCDE"))))
    if "B" in answer:
        return _hint("hint.inplace.2.1")
    if "D" in answer:
        return _hint("hint.inplace.2.2")
    missing = {"A", "C", "E"} - answer
    if missing:
        return _hint("hint.inplace.2.3", missing=", ".join(sorted(missing)))
    return None


@exercise("inplace.3")
def _inplace_3(answer):
    if isinstance(answer, str):  # "7, 2"
        answer = [int(d) for d in re.findall(r"\d+", answer)]
    try:
        got = [float(v) for v in _numbers(answer).reshape(-1)]
    except (TypeError, ValueError):
        return _hint("hint.inplace.3.1")
    if len(got) != 2:
        return _hint("hint.inplace.3.1")
    saved, again = got
    if saved in (9, 5):  # every block plain, or every block checkpointed
        return _hint("hint.inplace.3.2")
    if saved != 7:
        return _hint("hint.inplace.3.3")
    if again != 2:
        return _hint("hint.inplace.3.4")
    return None


# Lesson 12: hooks and your own autograd.Function


@exercise("hooks.1")
def _hooks_1(grad_of_h):
    mg = _mg()
    got = grad_of_h(mg)
    if got is None:
        return _hint("hint.hooks.1.1")
    if not same(got, [12.0, 24.0]):
        return _hint("hint.hooks.1.2", got=got)
    return None


@exercise("hooks.2")
def _hooks_2(function_class):
    mg = _mg()
    x = mg.tensor([0.5, -1.2, 2.0], dtype=mg.float64, requires_grad=True)
    y = function_class.apply(x)
    if not same(y, x.detach() ** 3):
        return _hint("hint.hooks.2.1")
    if not mg.autograd.gradcheck(function_class.apply, (x,), raise_exception=False):
        return _hint("hint.hooks.2.2")
    return None


@exercise("hooks.3")
def _hooks_3(answer):
    if same(answer, 3):
        return None
    if same(answer, 2):
        return _hint("hint.hooks.3.1")
    if same(answer, 4):
        return _hint("hint.hooks.3.2")
    return _hint("hint.hooks.3.3")


@exercise("hooks.4")
def _hooks_4(answer):
    # w = (1, -2), w.grad = 2(w - 3) = (-4, -10); the hook's step: w - 0.1 * w.grad
    try:
        got = _numbers(answer).reshape(-1)
    except (TypeError, ValueError):
        return _hint("hint.hooks.4.1")
    if got.size != 2:
        return _hint("hint.hooks.4.1")
    if same(got, [1.4, -1.0]):
        return None
    if same(got, [1.0, -2.0]):
        return _hint("hint.hooks.4.2")  # as if the hook had not run
    if same(got, [0.6, -3.0]):
        return _hint("hint.hooks.4.4")  # a step up the gradient
    return _hint("hint.hooks.4.3")


# Lesson 13: training a model

_JUDGES["training.1"] = _number(51, "hint.training.1.1")
_JUDGES["training.2"] = _number(3, "hint.training.2.1")


@exercise("training.3")
def _training_3(train):
    mg = _mg()
    # the learner's loop runs on data it did not see (another seed), and must return the
    # losses it computed there, the ones a right loop computes
    losses = train(_OtherSeed(mg))
    if len(losses) < 2:
        return _hint("hint.training.3.1")
    if not losses[-1] < 0.5 * losses[0]:
        return _hint("hint.training.3.2")
    if not same([float(_numbers(v)) for v in losses], _training_3_losses(_OtherSeed(mg)), 1e-4):
        return _hint("hint.training.3.3")
    return None


class _OtherSeed:
    """minigrad, except that manual_seed(s) seeds s + 1000: other data than the lesson's."""

    def __init__(self, mg):
        self._mg = mg

    def manual_seed(self, seed):
        return self._mg.manual_seed(seed + 1000)

    def __getattr__(self, name):
        return getattr(self._mg, name)


def _training_3_losses(torch) -> list[float]:
    """The losses of the lesson's loop, fixed."""
    torch.manual_seed(0)
    x = torch.randn(20)
    y = 3 * x
    w = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.1)
    losses = []
    for _ in range(20):
        optimizer.zero_grad()
        loss = ((w * x - y) ** 2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


@exercise("training.4")
def _training_4(answer):
    if isinstance(answer, str):  # "8, 2, 5" or a pasted "torch.Size([8, 2, 5])"
        answer = [int(d) for d in re.findall(r"\d+", answer)]
    if answer is None or (isinstance(answer, list) and not answer):
        return _hint("hint.training.4.1")
    try:
        shape = [float(v) for v in _numbers(answer).reshape(-1)]
    except (TypeError, ValueError):
        return _hint("hint.training.4.1")
    if shape == [8, 2, 5]:
        return None
    if shape == [2, 5]:
        return _hint("hint.training.4.2")  # the batch's gradient, not one per example
    if shape == [8, 5, 2]:
        return _hint("hint.training.4.3")  # Linear's weight is [out, in]
    return _hint("hint.training.4.4")


# Lesson 14: your own PyTorch model

_JUDGES["pytorch.1"] = _number(4, "hint.pytorch.1.1")


@exercise("pytorch.2")
def _pytorch_2(answer):
    cause = getattr(answer, "cause", answer)  # the explanation itself, or its cause
    if not isinstance(cause, str):
        return _hint("hint.pytorch.2.1")
    if not _says_non_leaf(cause):
        return _hint("hint.pytorch.2.2")
    return None


def _says_non_leaf(cause: str) -> bool:
    """True for the cause "non_leaf" in the words a learner uses for it.

    >>> [_says_non_leaf(c) for c in ("non_leaf", "h is not a leaf", "Nonleaf", "非叶子", "a leaf")]
    [True, True, True, True, False]
    """
    words = re.sub(r"[\s_\-'\"]+", " ", cause.lower()).strip()
    if "叶" in words:
        return bool(re.search(r"(非|不是|不为)\s*叶", words))
    return bool(re.search(r"\b(non ?leaf|not (a )?leaf|isn t (a )?leaf)\b", words))


@exercise("pytorch.3")
def _pytorch_3(grads):
    import importlib
    import warnings

    if not callable(grads):
        return _hint("hint.pytorch.3.1")
    torch = importlib.import_module("torch")  # the lesson is about real PyTorch
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch warns when a non-leaf's .grad is read
        try:
            g = grads(torch)
        except Exception:  # noqa: BLE001 - the learner's code may raise anything
            return _hint("hint.pytorch.3.3")
    if g is None:
        return _hint("hint.pytorch.3.2")
    if not same(g, [1.0, 2.0, 3.0]):
        return _hint("hint.pytorch.3.4")
    return None
