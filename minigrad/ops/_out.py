"""The ``out=`` argument of torch's functions: ``torch.matmul(a, b, out=c)``
writes the result into ``c`` (and returns ``c``). PyTorch's "Learn the Basics"
tensor tutorial uses it. As in torch, ``out=`` is not differentiable: with grad
mode on, an argument that requires grad is an error. An ``out`` of another
shape is resized (with torch's warning unless it was empty).

>>> import minigrad as torch
>>> c = torch.zeros(2)
>>> torch.add(torch.ones(2), 1, out=c) is c, c
(True, tensor([2., 2.]))
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

import numpy as np

from ..core.grad_mode import _State, no_grad
from ..core.tensor import Tensor
from ..exact import messages as _messages
from ..exact import warn as _warn
from ..exact.memory import _check_no_partial_overlap

# the top-level functions that take ``out=`` (torch's take it too)
NAMES = (
    "add", "sub", "mul", "div", "pow", "neg", "abs", "exp", "log", "sqrt", "sin", "cos",
    "tanh", "sigmoid", "clamp", "maximum", "minimum", "matmul", "mm", "bmm", "mv",
    "cat", "stack", "sum", "mean", "cumsum", "prod",
)  # fmt: skip


def _requires_grad(value: Any) -> bool:
    if isinstance(value, Tensor):
        return value.requires_grad
    if isinstance(value, (list, tuple)):
        return any(_requires_grad(v) for v in value)
    return False


def write_into(out: Tensor, fn: Callable, name: str, args: tuple, kwargs: dict) -> Tensor:
    """``fn(*args, **kwargs)`` written into ``out``, as torch's ``out=`` does."""
    if _State.enabled and (
        out.requires_grad or any(_requires_grad(a) for a in (*args, *kwargs.values()))
    ):
        raise RuntimeError(_messages.out_not_differentiable(name))
    for a in (*args, *kwargs.values()):
        if isinstance(a, Tensor):
            _check_no_partial_overlap(out._data, a._data)
    with no_grad():
        result = fn(*args, **kwargs)
    if out._data.shape != result._data.shape:
        if out._data.size:
            _warn.warn(_messages.out_resized(list(out._data.shape), list(result._data.shape)))
        out._data = np.empty(result._data.shape, dtype=out._data.dtype)
    out._write(result._data)
    return out


def accept_out(fn: Callable, name: str) -> Callable:
    """Wrap ``fn`` so that it takes ``out=``."""

    @functools.wraps(fn)
    def wrapper(*args: Any, out: Tensor | None = None, **kwargs: Any) -> Any:
        if out is None:
            return fn(*args, **kwargs)
        return write_into(out, fn, name, args, kwargs)

    return wrapper


def install(namespace: dict) -> None:
    for name in NAMES:
        fn = namespace.get(name)
        # (the one-input math functions take out= themselves: no wrapper on the hot path)
        if callable(fn) and "out" not in inspect.signature(fn).parameters:
            namespace[name] = accept_out(fn, name)
