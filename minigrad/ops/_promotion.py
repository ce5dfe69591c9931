"""Type promotion and broadcasting: what a two-input operation computes in.

``int_tensor + 0.5`` is a float tensor, ``float32 + float64`` is float64, and
shapes (3, 1) and (4,) meet as (3, 4). The derivative rules in ``elementwise.py``
never see this: their inputs arrive already cast, and the engine sums each
gradient back to its input's shape.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core import registry
from ..core.node import _TANGENTS, AccumulateGrad
from ..core.tensor import Tensor
from ..core.versions import _Version
from ..exact import dtype as _dtype
from ..exact import messages as _messages

Number = (int, float, bool, np.number, np.bool_)


def _operand(x: Any) -> Any:
    """A Tensor or a Python number; numpy arrays become tensors."""
    if isinstance(x, Tensor) or isinstance(x, Number):
        return x
    if isinstance(x, np.ndarray):
        return Tensor._make(x, None)
    return None


class _Held:
    """A strong reference that is called like a ``weakref.ref``, which is what
    ``Tensor._acc`` holds: ``_Held(node)()`` is ``node``."""

    __slots__ = ("node",)

    def __init__(self, node: Any) -> None:
        self.node = node

    def __call__(self) -> Any:
        return self.node


def _astype(a: np.ndarray, dt: Any) -> np.ndarray:
    """``a`` converted to ``dt``, laid out like ``a`` as torch does; but an expanded
    ``a`` (stride 0) gives a contiguous copy, where numpy's layout would be odd."""
    return a.astype(dt, order="C" if 0 in a.strides else "K")


def _cast(x: Any, dt: np.dtype) -> Any:
    """Cast a tensor's data to ``dt`` without recording: promotion is part of the op,
    so gradients still flow to the original tensor's node."""
    if isinstance(x, Tensor) and x._data.dtype != dt:
        y = Tensor._make(_astype(x._data, dt), x.grad_fn)
        y._requires_grad, y._out_nr = x._requires_grad, x._out_nr
        if x._vc is None:
            x._vc = _Version()
        y._vc = x._vc  # in-place changes of x must still be noticed by saved copies
        x._vc.dtype = x.dtype
        if x._requires_grad and x.grad_fn is None:
            # the copy sends its gradient to x's AccumulateGrad. A leaf holds that
            # node only weakly, so the copy holds it strongly until the op records it.
            y._acc = _Held(AccumulateGrad.of(x))
        if _TANGENTS and id(x) in _TANGENTS:  # forward-mode AD: the copy keeps x's tangent
            registry.copy_tangent(x, y)
        return y
    if isinstance(x, (int, float)) and not isinstance(x, bool) and np.dtype(dt).kind == "f":
        return float(x)
    if type(x) is int and np.dtype(dt).kind in "iu":
        info = np.iinfo(dt)
        if not info.min <= x <= info.max:
            # a number too big for the tensor's integers: torch wraps it around, as
            # a 64-bit integer (numpy would refuse: "Python integer out of bounds")
            if not -(2**63) <= x < 2**64:
                raise OverflowError("int too big to convert")
            x = x - 2**64 if x >= 2**63 else x
            return np.asarray(x, dtype=np.int64).astype(dt)[()]
    return x


def _as_float(t: Tensor) -> Tensor:
    if t._data.dtype.kind != "f":
        return Tensor._make(t._data.astype(_dtype.get_default_dtype().np), None)
    return t


def _is_bool(x: Any) -> bool:
    return isinstance(x, (bool, np.bool_)) or (isinstance(x, Tensor) and x._data.dtype == np.bool_)


def _no_bool_subtraction(a: Any, b: Any) -> None:
    """torch refuses ``-`` on bools (it would be a silent logical operation)."""
    if _is_bool(a) and _is_bool(b):
        raise RuntimeError(_messages.SUB_OF_TWO_BOOLS)
    if _is_bool(a) or _is_bool(b):
        raise RuntimeError(_messages.SUB_OF_A_BOOL)
