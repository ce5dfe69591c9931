"""numpy's floating-point warnings, silenced as torch is silent.

Every operation's forward, and the whole backward pass, runs inside these.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

# numpy warns when arithmetic meets inf or nan ("RuntimeWarning: divide by zero
# encountered in log"); torch computes log(0) = -inf, 0/0 = nan... silently. So every
# forward (and the whole backward pass) runs with numpy's floating-point warnings
# off. ``np.errstate`` would do it, but costs more than many small ops themselves:
# numpy >= 2 keeps the setting in a context variable, which is cheap to set directly.
try:
    from numpy._core._ufunc_config import _extobj_contextvar as _np_errors

    with np.errstate(all="ignore"):
        _QUIET = _np_errors.get()
except ImportError:  # older numpy: the same, through np.seterr

    class _SetErr:
        def set(self, state: dict) -> dict:
            return np.seterr(**state)

        def reset(self, token: dict) -> None:
            np.seterr(**token)

    _np_errors = _SetErr()
    _QUIET = {"all": "ignore"}


def quiet_numpy(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)`` with numpy's floating-point warnings off."""
    token = _np_errors.set(_QUIET)
    try:
        return fn(*args, **kwargs)
    finally:
        _np_errors.reset(token)


class QuietNumpy:
    """``with QuietNumpy():`` numpy's floating-point warnings off for a block."""

    __slots__ = ("token",)

    def __enter__(self) -> None:
        self.token = _np_errors.set(_QUIET)

    def __exit__(self, *exc: object) -> None:
        _np_errors.reset(self.token)
