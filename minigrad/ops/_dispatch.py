"""How a Tensor operator reaches its rule: ``x * y`` is ``binary(MulBackward0, x, y)``.

``binary`` promotes the two inputs to one dtype, checks that their shapes
broadcast, and records the rule. The wrappers below turn functions and rule
classes into Tensor methods (``__mul__``, ``__rtruediv__``, ``add_``...); the
table in ``minigrad/_tensor_methods.py`` uses them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor, _broadcast_check
from ..exact import dtype as _dtype
from ._promotion import _cast, _no_bool_subtraction, _operand


def binary(
    cls: type[Op],
    a: Any,
    b: Any,
    *,
    true_div: bool = False,
    no_bool: bool = False,
    **settings: Any,
) -> Any:
    """Run a two-input elementwise op with torch's dtype promotion and broadcasting."""
    if no_bool:
        _no_bool_subtraction(a, b)
    dt = None
    if isinstance(a, Tensor) and isinstance(b, Tensor):
        da, db = a._data, b._data
        if da.shape != db.shape:
            _broadcast_check(da, db)
        if da.dtype != db.dtype:
            dt = _dtype.result_type(a, b)
    else:
        t = a if isinstance(a, Tensor) else b
        n = b if t is a else a
        if isinstance(n, (bool, np.bool_)) or (t._data.dtype.kind in "iub"):
            dt = _dtype.result_type(a, b)
        elif isinstance(n, float) and t._data.dtype.kind != "f":
            dt = _dtype.get_default_dtype().np
    if true_div:
        kind = dt if dt is not None else a._data.dtype if isinstance(a, Tensor) else b._data.dtype
        if np.dtype(kind).kind != "f":
            dt = _dtype.get_default_dtype().np
    if dt is not None:
        a = _cast(a, dt)
        b = _cast(b, dt)
    return cls.apply(a, b, **settings)


# --- functions and rules made into Tensor methods (for _tensor_methods.py) ---
def _reflected(fn: Any) -> Any:
    def method(self: Tensor, other: Any) -> Any:
        other = _operand(other)
        if other is None:
            return NotImplemented
        return fn(other, self)

    return method


def _operator(cls: type[Op], **flags: Any) -> Any:
    """A Tensor operator method (``__add__``, ``__mul__``...) that goes straight to
    ``binary``. The tensor comes first even for ``2 * x`` (``__rmul__``), as in torch."""

    def method(self: Tensor, other: Any) -> Any:
        # Fast path for ``binary``, which almost every ``x * y`` takes: a float tensor
        # with a Python number, or two float tensors of one dtype and shape. Then
        # ``binary`` would promote nothing and check nothing, and call ``cls.apply``.
        to = type(other)
        if to is float or to is int:
            if type(self) is Tensor and self._data.dtype.kind == "f":
                return cls.apply(self, other)  # float tensor and a number: nothing to promote
        elif to is Tensor:
            a, b = self._data, other._data
            if a.dtype == b.dtype and a.shape == b.shape and a.dtype.kind == "f":
                return cls.apply(self, other)  # two float tensors alike: nothing to promote
        else:
            other = _operand(other)
            if other is None:
                return NotImplemented
        return binary(cls, self, other, **flags)

    return method


def _forward(fn: Any) -> Any:
    def method(self: Tensor, other: Any) -> Any:
        other = _operand(other)
        if other is None:
            return NotImplemented
        return fn(self, other)

    return method


def _inplace(fn: Any, no_bool: bool = False) -> Any:
    def method(self: Tensor, other: Any, **kwargs: Any) -> Tensor:
        o = _operand(other)
        if o is None:
            raise TypeError(f"unsupported operand type for in-place op: {type(other).__name__}")
        first = (lambda: _no_bool_subtraction(self, o)) if no_bool else None
        return self._inplace(lambda s, v: fn(s, v, **kwargs), o, _broadcast=True, _first=first)

    return method


def _inplace_unary(fn: Any) -> Any:
    def method(self: Tensor) -> Tensor:
        return self._inplace(fn)

    return method
