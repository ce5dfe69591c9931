"""Anomaly detection (``torch.autograd.detect_anomaly``): for debugging a backward.

While it is on, every operation remembers where in your code it ran (the stack,
in ``grad_fn.metadata["traceback_"]``). When a node fails in backward, a warning
shows that stack ("Error detected in MulBackward0. Traceback of forward call
that caused the error: ..."), and with ``check_nan`` a node whose gradient holds
NaN fails. It is built on :mod:`minigrad.autograd.observe` (callbacks for each
operation and each backward step), so the core does not change when it is off.

>>> import minigrad as torch
>>> with torch.autograd.set_detect_anomaly(True):
...     x = torch.tensor([0.0], requires_grad=True)
...     y = x.sqrt() * 0
>>> y.backward()  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
RuntimeError: Function 'SqrtBackward0' returned nan values in its 0th output.
"""

from __future__ import annotations

import os
import threading
import traceback
import warnings
from typing import Any

import numpy as np

from ..core.grad_mode import _AnomalyMode
from ..exact import messages as _messages
from . import observe

__all__ = ["detect_anomaly", "set_detect_anomaly"]

_MINIGRAD = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_handles: dict[int, list] = {}  # thread -> its observe handles


def is_anomaly_enabled() -> bool:
    return _AnomalyMode.enabled


def is_anomaly_check_nan_enabled() -> bool:
    return _AnomalyMode.check_nan


def set_anomaly_enabled(enabled: bool, check_nan: bool = True) -> None:
    _AnomalyMode.enabled, _AnomalyMode.check_nan = bool(enabled), bool(check_nan)
    me = threading.get_ident()
    if enabled and me not in _handles:
        _handles[me] = [observe.on_op(_remember_stack), observe.on_node(_check_step)]
    elif not enabled:
        for handle in _handles.pop(me, ()):
            handle.remove()


def _remember_stack(op: observe.Op) -> None:
    if op.node is None:
        return
    frames = traceback.extract_stack()
    while frames and frames[-1].filename.startswith(_MINIGRAD):
        frames.pop()  # minigrad's own frames: the stack ends in the user's line
    op.node.metadata["traceback_"] = traceback.format_list(frames)


def _check_step(step: observe.Step) -> None:
    name = step.node.name()
    bad = None
    if step.error is None and _AnomalyMode.check_nan:
        for i, g in enumerate(step.grads_out):
            if g is not None and g._data.dtype.kind in "fc" and np.isnan(g._data).any():
                bad = RuntimeError(f"Function '{name}' returned nan values in its {i}th output.")
                break
    if step.error is None and bad is None:
        return
    stack = step.node.metadata.get("traceback_")
    if stack is not None:
        warnings.warn(_messages.anomaly_error_detected(name, "".join(stack)), stacklevel=2)
    if bad is not None:
        raise bad


class detect_anomaly:
    """A block in which anomaly detection is on (it warns that it is slow)."""

    def __init__(self, check_nan: bool = True) -> None:
        self.prev = is_anomaly_enabled()
        self.check_nan = check_nan
        self.prev_check_nan = is_anomaly_check_nan_enabled()
        warnings.warn(_messages.ANOMALY_ENABLED, stacklevel=2)

    def __enter__(self) -> None:
        set_anomaly_enabled(True, self.check_nan)

    def __exit__(self, *args: object) -> None:
        set_anomaly_enabled(self.prev, self.prev_check_nan)


class set_detect_anomaly:
    """Turn anomaly detection on or off, at once; as a ``with`` block, the old
    setting comes back at its end."""

    def __init__(self, mode: bool, check_nan: bool = True) -> None:
        self.prev = is_anomaly_enabled()
        self.prev_check_nan = is_anomaly_check_nan_enabled()
        set_anomaly_enabled(mode, check_nan)

    def __enter__(self) -> None:
        pass

    def __exit__(self, *args: object) -> None:
        set_anomaly_enabled(self.prev, self.prev_check_nan)


def _fix_module(*objs: Any) -> None:
    for obj in objs:
        obj.__module__ = "torch.autograd.anomaly_mode"


_fix_module(detect_anomaly, set_detect_anomaly)
