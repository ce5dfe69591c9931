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
