"""Run a small program under torch and under minigrad and compare what it gives.

A program is a function of the library (``torch`` or ``minigrad``); :func:`same`
runs it under both and asserts that the values, gradients, ``requires_grad`` and
``grad_fn`` names, errors and warnings agree.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import torch

import minigrad

LIBS = (torch, minigrad)


def outcome(fn: Callable[[Any], Any], lib: Any) -> Any:
    """What running ``fn(lib)`` gives, in a form both libraries can be compared by:
    values as lists, tensors as (values, dtype, requires_grad, grad_fn name),
    errors as (type name, message), plus the warnings it raised."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = ("ok", describe(fn(lib)))
        except Exception as err:  # noqa: BLE001 - the error itself is what is compared
            result = ("error", type(err).__name__, str(err))
    return result, [(w.category.__name__, str(w.message)) for w in caught]


def describe(value: Any) -> Any:
    if isinstance(value, (torch.Tensor, minigrad.Tensor)):
        fn = value.grad_fn
        values = np.asarray(np.round(np.asarray(value.detach().tolist(), dtype=float), 5))
        shown = values.astype(object)  # (stays an array when 0-dim)
        shown[np.isnan(values)] = "nan"  # NaN == NaN is False: compare it by name
        return (
            shown.tolist(),
            str(value.dtype),
            value.requires_grad,
            None if fn is None else fn.name().split("::")[-1],
        )
    if isinstance(value, (tuple, list)):
        return [describe(v) for v in value]
    if isinstance(value, dict):
        return {k: describe(v) for k, v in value.items()}
    return value


def same(fn: Callable[[Any], Any]) -> Any:
    expected, got = outcome(fn, torch), outcome(fn, minigrad)
    assert got == expected
    # an error in describing the result would make both sides agree for nothing
    assert expected[0][:2] != ("error", "TypeError") or "hook returned" in expected[0][2]
    return expected
