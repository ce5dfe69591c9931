"""minigrad.lessons: the helper every lesson uses to show that real PyTorch
prints the same."""

from __future__ import annotations

import builtins
import contextlib
import io

import torch

import minigrad
from minigrad.lessons import compare_with_pytorch, transcript


def _printed(fn) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        fn()
    return out.getvalue()


def test_transcript_records_prints_and_the_error() -> None:
    def example(t):
        x = t.tensor([1.0, 2.0], requires_grad=True)
        print(x * 2)
        (x * 2).backward()

    text = transcript(example, minigrad)
    assert text == transcript(example, torch)
    assert text.splitlines()[-1] == (
        "RuntimeError: grad can be implicitly created only for scalar outputs"
    )


def test_compare_says_identical_for_the_same_output() -> None:
    def example(t):
        x = t.tensor(2.0, requires_grad=True)
        (x * x * 3).backward()
        print(x.grad)

    text = _printed(lambda: compare_with_pytorch(example))
    assert text.endswith("identical: True\n")
    assert "minigrad:\ntensor(12.)" in text and "PyTorch:\ntensor(12.)" in text


def test_compare_notices_a_difference() -> None:
    def example(t):
        print(t.__name__)  # "minigrad" against "torch"

    text = _printed(lambda: compare_with_pytorch(example))
    assert text.endswith("identical: False\n")


def test_compare_without_pytorch(monkeypatch) -> None:
    real_import = builtins.__import__

    def no_torch(name, *args, **kwargs):
        if name == "torch":
            raise ImportError("no torch here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_torch)
    result = []
    text = _printed(lambda: result.append(compare_with_pytorch(lambda t: print(t.ones(2)))))
    assert result == [None]
    assert "minigrad:\ntensor([1., 1.])" in text and "not installed" in text


def test_same_detaches_and_never_calls_float_on_a_tensor_that_requires_grad() -> None:
    import warnings

    from minigrad.lessons import same

    for lib in (minigrad, torch):
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert same(x * 2, [2.0, 4.0])
            assert not same(x * 2, [2.0, 4.5])
            assert same(lib.tensor([6.0], requires_grad=True) * 1, 6)


def test_check_prints_a_verdict_and_passes_says_whether_it_is_right() -> None:
    from minigrad.lessons import _TRIES, NOT_ANSWERED, check, passes

    _TRIES.clear()
    assert _printed(lambda: check("grad.1", ...)) == NOT_ANSWERED + "\n"
    assert _printed(lambda: check("grad.1", 30)) == "Correct!\n"
    wrong = _printed(lambda: check("grad.1", 10))
    assert wrong.startswith("Not yet: ") and "add to it?" in wrong
    assert "adds it again" in _printed(lambda: check("grad.1", 10))  # the next rung
    _TRIES.clear()
    assert passes("grad.1", 30) and not passes("grad.1", 10) and not passes("grad.1", ...)


def test_debugging_exercises_explain_what_is_still_wrong() -> None:
    from minigrad.lessons import passes

    def still_failing(torch, x, y):
        z = x * x * y
        return torch.autograd.grad(z, x)[0], torch.autograd.grad(z, y)[0]

    def fixed(torch, x, y):
        return torch.autograd.grad(x * x * y, [x, y])

    text = _printed(lambda: __import__("minigrad.lessons").lessons.check("grad.2", still_failing))
    assert "still fails with a RuntimeError" in text
    assert passes("grad.2", fixed) and not passes("grad.2", still_failing)


def test_every_lesson_exercise_has_a_judge() -> None:
    """Every check("key", ...) in the lessons names a registered exercise."""
    import re
    from pathlib import Path

    from minigrad.lessons import _JUDGES

    root = Path(__file__).resolve().parents[2] / "notebooks" / "py"
    keys = set()
    for path in root.glob("[0-9][0-9]_*.py"):
        keys |= set(re.findall(r'(?:check|passes)\("([a-z]+\.\d)"', path.read_text()))
    assert keys and keys <= set(_JUDGES), keys - set(_JUDGES)


def test_an_untouched_exercise_says_what_to_fill_in() -> None:
    """Lesson 2's central() template returns zeros: the verdict says so."""
    from minigrad.lessons import check

    def central(f, x, h):
        return minigrad.zeros_like(x)

    assert "all still 0" in _printed(lambda: check("derivative.2", central))


def test_the_view_exercise_names_the_2x2_tensor() -> None:
    from minigrad.lessons import check

    assert "z = y.view(2, 2)" in _printed(lambda: check("nonscalar.2", [1.0, 1.0, 1.0, 1.0]))
