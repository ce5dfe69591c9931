"""Grad mode: a switch that says whether new operations are recorded.

``with no_grad():`` turns recording off, ``enable_grad`` turns it back on, and
``set_grad_enabled(flag)`` does either. Each works as a context manager and as
a decorator, and ``set_grad_enabled(False)`` also works as a plain call.

As in torch, the switch belongs to a thread: ``no_grad`` in one thread does not
stop another thread from recording.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


class _ThreadState(threading.local):
    """One grad-mode switch per thread (a new thread starts with recording on)."""

    enabled = True  # read by every operation: one attribute read, no function call
    inference = False  # inside ``inference_mode()``: new tensors are inference tensors
    saved_hooks: tuple = ()  # (pack, unpack) pairs of ``autograd.graph.saved_tensors_hooks``


_State = _ThreadState()


class _AnomalyMode:
    """``detect_anomaly``'s switch: one for the whole process, as torch's. Set by
    ``autograd/anomaly_mode.py``; the core reads it for its error messages."""

    enabled = False
    check_nan = True


def is_grad_enabled() -> bool:
    """True when operations are being recorded for autograd."""
    return _State.enabled


def is_inference_mode_enabled() -> bool:
    """True inside ``inference_mode()``."""
    return _State.inference


class _GradModeContext:
    """Base class: enter sets the mode, exit restores the previous one."""

    _mode: bool

    def __enter__(self) -> None:
        self._prev = _State.enabled
        _State.enabled = self._mode

    def __exit__(self, *exc: object) -> None:
        _State.enabled = self._prev

    def __call__(self, fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with self.__class__._fresh(self):
                return fn(*args, **kwargs)

        return wrapper  # type: ignore[return-value]

    @staticmethod
    def _fresh(ctx: _GradModeContext) -> _GradModeContext:
        new = object.__new__(type(ctx))
        new._mode = ctx._mode
        return new


class no_grad(_GradModeContext):
    """Stop recording operations.

    >>> import minigrad as torch
    >>> x = torch.tensor(1.0, requires_grad=True)
    >>> with torch.no_grad():
    ...     y = x * 2
    >>> y.requires_grad
    False
    """

    def __new__(cls, fn: Any = None) -> Any:
        self = super().__new__(cls)
        self._mode = False
        if callable(fn):  # used bare, as ``@no_grad``
            return self(fn)
        return self

    def __init__(self, fn: Any = None) -> None:
        pass


class enable_grad(_GradModeContext):
    """Record operations again, even inside ``no_grad``.

    >>> import minigrad as torch
    >>> with torch.no_grad(), torch.enable_grad():
    ...     torch.is_grad_enabled()
    True
    """

    def __new__(cls, fn: Any = None) -> Any:
        self = super().__new__(cls)
        self._mode = True
        if callable(fn):
            return self(fn)
        return self

    def __init__(self, fn: Any = None) -> None:
        pass


class set_grad_enabled(_GradModeContext):
    """Turn recording on or off: ``set_grad_enabled(False)`` acts at once,
    and restores the previous mode when used with ``with``.

    >>> import minigrad as torch
    >>> with torch.set_grad_enabled(False):
    ...     torch.is_grad_enabled()
    False
    """

    def __init__(self, mode: bool) -> None:
        if type(mode) is not bool:
            raise TypeError(
                "set_grad_enabled(): argument 'enabled' (position 1) must be bool, not "
                + type(mode).__name__
            )
        self._prev = _State.enabled
        self._mode = bool(mode)
        _State.enabled = self._mode

    def __enter__(self) -> None:
        _State.enabled = self._mode

    def __call__(self, fn: F) -> F:
        _State.enabled = self._prev  # the call in ``@set_grad_enabled(False)`` must not stick
        return super().__call__(fn)


class inference_mode(_GradModeContext):
    """``no_grad``, and more: tensors made inside are *inference tensors*, which
    keep no version counter and can never join a graph later.

    >>> import minigrad as torch
    >>> with torch.inference_mode():
    ...     y = torch.ones(2) * 2
    >>> y.is_inference(), torch.is_inference_mode_enabled()
    (True, False)
    """

    def __new__(cls, mode: Any = True) -> Any:
        self = object.__new__(cls)
        self._mode = mode if isinstance(mode, bool) else True
        if callable(mode):  # used bare, as ``@inference_mode``
            return self(mode)
        return self

    def __init__(self, mode: Any = True) -> None:
        pass

    def __enter__(self) -> None:
        self._prev = (_State.enabled, _State.inference)
        _State.inference = self._mode
        _State.enabled = not self._mode  # inference_mode(False) turns recording on

    def __exit__(self, *exc: object) -> None:
        _State.enabled, _State.inference = self._prev
