"""numpy's keyword names that torch also accepts: ``axis=`` for ``dim=`` and
``keepdims=`` for ``keepdim=``.

PyTorch's argument parser quietly renames them for its built-in functions
(``x.sum(axis=1, keepdims=True)``, ``x.argmax(axis=1)``), though not for
functions written in Python such as ``F.softmax`` or ``Tensor.norm``.

Example:
    >>> import minigrad as torch
    >>> torch.ones(2, 3).sum(axis=1, keepdims=True)
    tensor([[3.],
            [3.]])
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

_ALIASES = {"axis": "dim", "keepdims": "keepdim"}

# torch's built-in functions and methods that take ``dim`` / ``keepdim``
NAMES = (
    "sum",
    "mean",
    "max",
    "min",
    "argmax",
    "argmin",
    "std",
    "var",
    "prod",
    "any",
    "all",
    "amax",
    "amin",
    "logsumexp",
    "cumsum",
    "count_nonzero",
    "softmax",
    "log_softmax",
    "cat",
    "concat",
    "concatenate",
    "stack",
    "squeeze",
    "unsqueeze",
    "sort",
    "argsort",
    "topk",
    "chunk",
    "unbind",
    "gather",
    "index_select",
    "narrow",
    "select",
    "size",
)


def accept_numpy_names(fn: Callable) -> Callable:
    """Wrap ``fn`` so that ``axis=`` means ``dim=`` and ``keepdims=`` means ``keepdim=``."""
    signature = inspect.signature(fn)
    name = fn.__name__

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if kwargs and ("axis" in kwargs or "keepdims" in kwargs):
            given = signature.bind_partial(*args).arguments
            aliases = [k for k in kwargs if k in _ALIASES]
            if any(_ALIASES[a] in kwargs or _ALIASES[a] in given for a in aliases):
                # torch then rejects the call, naming the first alias
                raise TypeError(f"{name}() got an unexpected keyword argument '{aliases[0]}'")
            for alias in aliases:
                kwargs[_ALIASES[alias]] = kwargs.pop(alias)
        return fn(*args, **kwargs)

    return wrapper


def install(namespace: dict) -> None:
    """Wrap the functions in ``namespace`` (the methods: see ``_tensor_methods.py``)."""
    for name in NAMES:
        if callable(namespace.get(name)):
            namespace[name] = accept_numpy_names(namespace[name])
