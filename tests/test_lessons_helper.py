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
