"""Tests and masks: questions asked of a tensor's values.

``isnan``, ``all``, ``logical_and``, ``nonzero``, ``isclose``... answer with
True/False (or with positions and counts), never with a number that depends
smoothly on the input, so none of them has a gradient: their results never
have a ``grad_fn``. They are what you use to build masks, check results and
pick elements.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor, _broadcast_check
from ..exact import dtype as _dtype
from ..exact import messages as _messages
from ..exact.quiet_numpy import quiet_numpy
from ._promotion import _operand
from .reduction import _c_layout, _dims


def _constant(values: Any, dtype: Any = None) -> Tensor:
    return Tensor._make(np.asarray(values, dtype=dtype), None)


def _need_tensor(x: Any, fn: str, arg: str, position: int) -> None:
    if not isinstance(x, Tensor):
        raise TypeError(
            f"{fn}(): argument '{arg}' (position {position}) must be Tensor, not {type(x).__name__}"
        )


# --- what kind of thing is it? ----------------------------------------------
def is_tensor(obj: Any) -> bool:
    """True if ``obj`` is a tensor (a Parameter is one too)."""
    return isinstance(obj, Tensor)


def numel(input: Tensor) -> int:
    """The number of elements, e.g. 6 for a 2×3 tensor."""
    _need_tensor(input, "numel", "input", 1)
    return input.numel()


def is_floating_point(input: Tensor) -> bool:
    """True for float16/32/64 tensors."""
    _need_tensor(input, "is_floating_point", "input", 1)
    return input.is_floating_point()


# --- elementwise tests --------------------------------------------------------
def isnan(input: Tensor) -> Tensor:
    """True where the element is NaN ("not a number", e.g. 0/0).

    >>> import minigrad as torch
    >>> torch.isnan(torch.tensor([1.0, float("nan")]))
    tensor([False,  True])
    """
    return _constant(np.isnan(input._data))


def isinf(input: Tensor) -> Tensor:
    """True where the element is +inf or -inf."""
    return _constant(np.isinf(input._data))


def isfinite(input: Tensor) -> Tensor:
    """True where the element is an ordinary number (not inf, -inf or NaN)."""
    return _constant(np.isfinite(input._data))


def _pair(fn: str, input: Tensor, other: Any) -> tuple[np.ndarray, np.ndarray]:
    _need_tensor(input, fn, "input", 1)
    _need_tensor(other, fn, "other", 2)
    a, b = input._data, other._data
    if a.shape != b.shape:
        _broadcast_check(a, b)
    return a, b


def logical_and(input: Tensor, other: Tensor) -> Tensor:
    """True where both are nonzero (any dtype; the result is bool)."""
    a, b = _pair("logical_and", input, other)
    return _constant(np.logical_and(a, b))


def logical_or(input: Tensor, other: Tensor) -> Tensor:
    """True where at least one of the two is nonzero."""
    a, b = _pair("logical_or", input, other)
    return _constant(np.logical_or(a, b))


def logical_xor(input: Tensor, other: Tensor) -> Tensor:
    """True where exactly one of the two is nonzero."""
    a, b = _pair("logical_xor", input, other)
    return _constant(np.logical_xor(a, b))


def logical_not(input: Tensor) -> Tensor:
    """True where the element is zero (``~mask`` for a bool mask).

    >>> import minigrad as torch
    >>> torch.logical_not(torch.tensor([0.0, 2.0]))
    tensor([ True, False])
    """
    _need_tensor(input, "logical_not", "input", 1)
    return _constant(np.logical_not(input._data))


def isclose(
    input: Tensor, other: Tensor, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False
) -> Tensor:
    """True where ``|input - other| <= atol + rtol * |other|`` (elementwise).

    >>> import minigrad as torch
    >>> torch.isclose(torch.tensor([1.0, 2.0]), torch.tensor([1.0 + 1e-9, 2.1]))
    tensor([ True, False])
    """
    a, b = _pair("isclose", input, other)
    if a.dtype != b.dtype:
        raise RuntimeError(f"{input.dtype.scalar_name} did not match {other.dtype.scalar_name}")
    if rtol < 0:
        raise RuntimeError(f"rtol must be greater than or equal to zero, but got {rtol}")
    if atol < 0:
        raise RuntimeError(f"atol must be greater than or equal to zero, but got {atol}")
    if a.dtype == np.bool_:
        return _constant(a == b)
    with np.errstate(invalid="ignore", over="ignore"):
        return _constant(np.isclose(a, b, rtol=rtol, atol=atol, equal_nan=bool(equal_nan)))


def allclose(
    input: Tensor, other: Tensor, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False
) -> bool:
    """True (a Python bool) if ``isclose`` holds for every element."""
    _need_tensor(input, "allclose", "input", 1)
    _need_tensor(other, "allclose", "other", 2)
    return bool(np.all(isclose(input, other, rtol, atol, equal_nan)._data))


def equal(input: Tensor, other: Tensor) -> bool:
    """True (a Python bool) if both have the same shape and the same values."""
    _need_tensor(input, "equal", "input", 1)
    _need_tensor(other, "equal", "other", 2)
    return input._data.shape == other._data.shape and bool(np.all(input._data == other._data))


# --- reductions of truth ------------------------------------------------------
def _truth_reduce(ufunc: Any, input: Tensor, dim: Any, keepdim: bool) -> Tensor:
    a = input._data
    axes = None if dim is None else _dims(input, dim)
    out = _c_layout(ufunc(a != 0, axis=axes, keepdims=bool(keepdim) and dim is not None))
    # uint8 in, uint8 out (an old convention torch keeps); everything else gives bool
    return _constant(out, np.uint8 if a.dtype == np.uint8 else np.bool_)


def all(input: Tensor, dim: Any = None, keepdim: bool = False) -> Tensor:  # noqa: A001
    """True if every element is nonzero (or along ``dim``, for each slice).

    >>> import minigrad as torch
    >>> torch.all(torch.tensor([[True, False], [True, True]]), dim=1)
    tensor([False,  True])
    """
    return _truth_reduce(np.all, input, dim, keepdim)


def any(input: Tensor, dim: Any = None, keepdim: bool = False) -> Tensor:  # noqa: A001
    """True if some element is nonzero (or along ``dim``, for each slice)."""
    return _truth_reduce(np.any, input, dim, keepdim)


def count_nonzero(input: Tensor, dim: Any = None) -> Tensor:
    """How many elements are nonzero (in all, or along ``dim``); int64."""
    a = input._data
    axes = None if dim is None else _dims(input, dim)
    return _constant(_c_layout(np.count_nonzero(a, axis=axes)), np.int64)


def argwhere(input: Tensor) -> Tensor:
    """The positions of the nonzero elements, one row each: ``nonzero(input)``."""
    return nonzero(input)


def nonzero(input: Tensor, *, as_tuple: bool = False) -> Any:
    """The positions of the nonzero elements: one row ``[i, j, ...]`` per
    element, or with ``as_tuple=True`` one index tensor per dim (what
    ``a[mask]`` uses).

    >>> import minigrad as torch
    >>> torch.nonzero(torch.tensor([0.0, 3.0, 5.0]))
    tensor([[1],
            [2]])
    """
    a = input._data
    if a.ndim == 0:  # a 0-dim tensor behaves as one element with no position
        hit = builtins.int(a != 0)
        if as_tuple:
            return (_constant(np.zeros(hit), np.int64),)
        return _constant(np.zeros((hit, 0)), np.int64)
    where = np.nonzero(a)
    if as_tuple:
        return tuple(_constant(w, np.int64) for w in where)
    return _constant(np.stack(where, axis=1) if where else np.zeros((0, 0)), np.int64)


# --- comparisons: results are bool tensors, not differentiable -------------
def _compare(ufunc: Any) -> Any:
    def op(input: Any, other: Any) -> Tensor:
        a = input._data if isinstance(input, Tensor) else input
        o = _operand(other)
        if o is None:
            return NotImplemented
        b = o._data if isinstance(o, Tensor) else o
        if isinstance(input, Tensor) and isinstance(o, Tensor):
            if a.shape != b.shape:
                _broadcast_check(a, b)
            if a.dtype != b.dtype:  # compared in torch's common dtype (not numpy's)
                dt = _dtype.result_type(input, o)
                a, b = quiet_numpy(a.astype, dt), quiet_numpy(b.astype, dt)
        elif isinstance(input, Tensor) and isinstance(o, (int, float)) and a.dtype.kind in "iub":
            if isinstance(o, float):  # an int tensor and a float: compared as floats
                a = a.astype(_dtype.get_default_dtype().np)
            elif type(o) is int and a.dtype.kind != "b" and -(2**63) <= o < 2**63:
                b = np.int64(o).astype(a.dtype)  # torch wraps the number into the tensor's dtype
        return Tensor._make(quiet_numpy(ufunc, a, b), None)

    op.__name__ = ufunc.__name__
    return op


eq = _compare(np.equal)
ne = _compare(np.not_equal)
lt = _compare(np.less)
le = _compare(np.less_equal)
gt = _compare(np.greater)
ge = _compare(np.greater_equal)


# --- comparisons in place: x.gt_(y) -----------------------------------------
class _InPlaceComparison(Op):
    """``x.gt_(y)``: x becomes 1 where ``x > y`` and 0 elsewhere, in x's own dtype.
    d/dx = d/dy = 0, yet torch records a node (``GtBackward0``; ``...1`` for a
    tensor y), so the result keeps requiring grad."""

    __slots__ = ()
    compare: Any = None  # eq, ne, lt, le, gt or ge

    @classmethod
    def forward(cls, ctx, a, b):
        other = Tensor._make(b, None) if isinstance(b, np.ndarray) else b
        return cls.compare(Tensor._make(a, None), other)._data.astype(a.dtype)

    @staticmethod
    def backward(ctx, grad):
        zeros = Tensor._make(np.zeros_like(grad._data), None)
        return (zeros,) * len(ctx.needs_input_grad)  # (y a number: a setting, not an input)


def _in_place_comparison(name: str, compare: Any) -> type:
    return type(name, (_InPlaceComparison,), {"__slots__": (), "compare": staticmethod(compare)})


EqBackward0, EqBackward1 = (
    _in_place_comparison("EqBackward0", eq),
    _in_place_comparison("EqBackward1", eq),
)
NeBackward0, NeBackward1 = (
    _in_place_comparison("NeBackward0", ne),
    _in_place_comparison("NeBackward1", ne),
)
LtBackward0, LtBackward1 = (
    _in_place_comparison("LtBackward0", lt),
    _in_place_comparison("LtBackward1", lt),
)
LeBackward0, LeBackward1 = (
    _in_place_comparison("LeBackward0", le),
    _in_place_comparison("LeBackward1", le),
)
GtBackward0, GtBackward1 = (
    _in_place_comparison("GtBackward0", gt),
    _in_place_comparison("GtBackward1", gt),
)
GeBackward0, GeBackward1 = (
    _in_place_comparison("GeBackward0", ge),
    _in_place_comparison("GeBackward1", ge),
)


def _compare_in_place(with_number: type, with_tensor: type) -> Any:
    """The method ``x.gt_(y)``: ``y`` a number or a tensor."""

    def method(self: Tensor, other: Any) -> Tensor:
        o = _operand(other)
        if o is None:
            raise TypeError(f"unsupported operand type for in-place op: {type(other).__name__}")
        if isinstance(o, Tensor):
            return self._inplace(with_tensor.apply, o)
        return self._inplace(lambda s: with_number.apply(s, b=o))

    return method


def _logical(ufunc: Any, inplace: bool = False) -> Any:
    # inplace: the result is written into input (a &= b), so it must fit input's dtype
    def op(input: Any, other: Any) -> Tensor:
        a = input._data if isinstance(input, Tensor) else input
        b = other._data if isinstance(other, Tensor) else other
        _broadcast_check(np.asarray(a), np.asarray(b))  # (shapes are checked first)
        dt = _dtype.result_type(input, other)
        if inplace and not np.can_cast(dt, a.dtype, casting="same_kind"):
            raise RuntimeError(
                _messages.cannot_cast_result(
                    _dtype.from_numpy_dtype(dt).scalar_name, input.dtype.scalar_name
                )
            )
        if dt.kind == "f":
            raise NotImplementedError(
                f'"{ufunc.__name__}_cpu" not implemented for '
                f"'{_dtype.from_numpy_dtype(dt).scalar_name}'"
            )
        return Tensor._make(np.asarray(ufunc(a, b)).astype(dt, copy=False), None)

    return op


bitwise_and = _logical(np.bitwise_and)
bitwise_or = _logical(np.bitwise_or)
bitwise_xor = _logical(np.bitwise_xor)
bitwise_and_into = _logical(np.bitwise_and, inplace=True)
bitwise_or_into = _logical(np.bitwise_or, inplace=True)
bitwise_xor_into = _logical(np.bitwise_xor, inplace=True)


def bitwise_not(input: Tensor) -> Tensor:
    """``~input``: flips every bit of an integer, negates a bool."""
    if input._data.dtype.kind == "f":
        raise TypeError(
            "~ (operator.invert) is only implemented on integer and Boolean-type tensors"
        )
    return Tensor._make(np.invert(input._data), None)
