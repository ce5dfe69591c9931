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

# the lessons' plots live in lesson_plots.py; a lesson imports them from here
from .lesson_plots import (  # noqa: F401
    PLOT_FONTS,
    Plot,
    plot_difference_errors,
    plot_function_and_slope,
    plot_training,
)


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


def compare_with_pytorch(example: Callable[[ModuleType], object]) -> None:
    """Print what ``example`` prints under minigrad and under real PyTorch, and
    whether the two are identical. PyTorch is optional: without it, only
    minigrad's output is shown. It returns None, so that a cell ending with it
    shows the printed verdict only.

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
        return
    theirs = transcript(example, real_torch)
    print("PyTorch:\n" + theirs)
    print(tr("lessons.identical", same=mine == theirs))


# --- self-checking exercises ---------------------------------------------------
#
# Each exercise has a *judge*: a function that receives the learner's answer and
# returns None when it is right, or a sentence that says what is still wrong.
# The judges live here, out of the notebooks, so that an exercise cell shows only
# the question and `check(...)`, never the answer it is compared with.

# what a judge returns for an unanswered exercise (check() prints it in the current language)
NOT_ANSWERED = "Not answered yet: replace the ... with your answer and run the cell again."
# ... and for a function to fix that is still as the lesson gives it
NOT_CHANGED = "Not answered yet: this is the function as given. Fix it and run the cell again."

_JUDGES: dict[str, Callable[[object], str | None]] = {}

# Hints are a ladder. A judge names the first rung, "hint.<exercise>.<n>"; the
# catalogue may hold closer rungs "hint.<exercise>.<n>/2", "/3"... Each wrong try that
# gets the same hint climbs one rung, so only a learner who is still stuck reads the
# last one, the only rung allowed to state the answer.
_TRIES: dict[tuple[str, str], int] = {}


class _Hint(str):
    """A hint's text (its first rung) that remembers its catalogue key and fields."""

    key: str
    fields: dict


def _hint(key: str, **fields) -> _Hint:
    hint = _Hint(tr(key, **fields))
    hint.key, hint.fields = key, fields
    return hint


def rungs(key: str) -> list[str]:
    """The catalogue keys of hint ``key``'s ladder, from the first rung to the last.

    >>> rungs("hint.scalar.2.1")
    ['hint.scalar.2.1', 'hint.scalar.2.1/2', 'hint.scalar.2.1/3']
    """
    from .i18n import catalogue

    ladder, known = [key], catalogue("en")
    while f"{key}/{len(ladder) + 1}" in known:
        ladder.append(f"{key}/{len(ladder) + 1}")
    return ladder


def _climb(exercise: str, problem: str) -> str:
    """The rung of ``problem``'s ladder that this wrong try reaches, and a note when a
    closer rung is left."""
    if not isinstance(problem, _Hint):
        return problem
    tries = _TRIES[exercise, problem.key] = _TRIES.get((exercise, problem.key), 0) + 1
    ladder = rungs(problem.key)
    rung = ladder[min(tries, len(ladder)) - 1]
    said = tr(rung, **problem.fields)
    return said if rung == ladder[-1] else said + tr("lessons.closer_hint")


# a "fix this function" exercise's function as the lesson gives it, by its tokens
# (comments and blank lines aside, so both languages' notebooks give the same): check()
# calls it "not answered yet" rather than show the hint that would give the fix away
_STARTERS: dict[str, str] = {
    "derivative.2": "1aad0d96b665b6a1",  # lesson 2, central (still filling in zeros)
    "grad.2": "f3e4f5210ccb515a",  # lesson 5, grads
    "stopping.3": "fb9408f1e3bd83fe",  # lesson 10, f
    "hooks.1": "2c24e21fbd1e085e",  # lesson 12, grad_of_h
    "hooks.2": "d029d4d5d3172648",  # lesson 12, MyCube
    "training.3": "9d9dfcfa0536f01b",  # lesson 13, train
    "pytorch.3": "e133f5046432c499",  # lesson 14, grads
}


def _fingerprint(function: object) -> str | None:
    """A digest of a function's source without comments and layout (None without source).

    A class is read method by method: a notebook keeps the source of functions only.
    """
    import hashlib
    import inspect
    import textwrap
    import tokenize

    if isinstance(function, type):
        methods = [getattr(m, "__func__", m) for _, m in sorted(vars(function).items())]
        parts = [_fingerprint(m) for m in methods if inspect.isfunction(m)]
        if not parts or None in parts:
            return None
        return hashlib.sha256(" ".join([function.__name__, *parts]).encode()).hexdigest()[:16]
    try:
        source = textwrap.dedent(inspect.getsource(function))
        tokens = tokenize.generate_tokens(io.StringIO(source).readline)
        words = [
            t.string
            for t in tokens
            if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE)
            and t.type not in (tokenize.INDENT, tokenize.DEDENT)
        ]
    except (OSError, TypeError, tokenize.TokenError, IndentationError, SyntaxError):
        return None
    return hashlib.sha256(" ".join(words).encode()).hexdigest()[:16]


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
    if isinstance(answer, dict) and any(a is ... for a in answer.values()):
        return NOT_ANSWERED
    if key in _STARTERS and callable(answer) and _fingerprint(answer) == _STARTERS[key]:
        return NOT_CHANGED
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

    A hint is a ladder: the same wrong answer again gets a closer hint.

    >>> check("scalar.2", 9)  # doctest: +ELLIPSIS
    Not yet: x reaches y along three paths ... (Still stuck? ...)
    >>> check("scalar.2", 9)  # doctest: +ELLIPSIS
    Not yet: d(x³)/dx = 3x²; put in x = 3. (Still stuck? ...)
    """
    problem = _verdict(key, answer)
    if problem is None:
        print(tr("lessons.correct"))
    elif problem == NOT_ANSWERED:
        print(tr("lessons.not_answered"))
    elif problem == NOT_CHANGED:
        print(tr("lessons.not_changed"))
    else:
        print(tr("lessons.not_yet") + _climb(key, problem))


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
        return None if same(answer, expected, tol) else _hint(hint)

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


# every exercise's judge, registered by the decorator above (at the end: it imports this module)
from . import lesson_judges  # noqa: E402, F401
