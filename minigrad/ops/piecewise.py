"""Piecewise functions: leaky_relu, clamp, maximum and minimum, where, masked_fill,
and atan2 and lerp.

Their derivatives are masks: the gradient passes where a branch was taken, 0 elsewhere.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor, _broadcast_check
from ..exact import dtype as _dtype
from ..exact import messages as _messages
from ..exact import warn as _warn
from ..exact.memory import _overlaps
from ._dispatch import binary
from ._promotion import (
    _cast,
    _operand,
)
from .copies import check_scalar_fits
from .elementwise import DivBackward1, zero_grad


# --- the kinks, continued: leaky_relu, clamp, maximum/minimum ----------------
class LeakyReluBackward0(Op):
    """out = a if a > 0 else slope * a       d/da = 1 where a > 0, else slope (also at 0)"""

    __slots__ = ("slope",)

    @staticmethod
    def forward(ctx, a, slope):
        ctx.slope = slope
        ctx.save_for_backward(a)
        return np.where(a > 0, a, a * slope).astype(a.dtype, copy=False)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return LeakyReluBackwardBackward0.apply(grad, a, slope=ctx.slope)


class LeakyReluBackwardBackward0(Op):
    """leaky_relu's first derivative as an op (torch's ``leaky_relu_backward``):
    out = g where x > 0, else slope * g
    d/dg = the same mask;  d/dx = 0"""

    __slots__ = ("slope",)

    @staticmethod
    def forward(ctx, g, x, slope):
        ctx.slope = slope
        ctx.save_for_backward(x)
        return np.where(x > 0, g, g * slope).astype(g.dtype, copy=False)

    @staticmethod
    def backward(ctx, gg):
        (x,) = ctx.saved_tensors
        dg = None
        if ctx.needs_input_grad[0]:
            dg = LeakyReluBackwardBackward0.apply(gg, x, slope=ctx.slope)
        return dg, (zero_grad(gg) if ctx.needs_input_grad[1] else None)


class LeakyReluBackward1(LeakyReluBackward0):
    """The in-place ``leaky_relu_``: it saves its output (its sign is the input's)."""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, slope):
        ctx.slope = slope
        out = np.where(a > 0, a, a * slope).astype(a.dtype, copy=False)
        ctx.save_for_backward(out)
        return out


def _slope_mask(a: Tensor, slope: float) -> Tensor:
    """1 where a > 0, ``slope`` elsewhere: a constant, outside the graph."""
    return Tensor._make(np.where(a._data > 0, 1.0, slope).astype(a._data.dtype), None)


def _const_mask(cond: np.ndarray, dtype: np.dtype) -> Tensor:
    """A 0/1 tensor from a boolean array, outside the graph."""
    return Tensor._make(cond.astype(dtype), None)


class ClampBackward1(Op):
    """out = min(max(a, lo), hi)  (lo, hi numbers)
    d/da = 1 where lo <= a <= hi (the boundaries included, as in torch), else 0"""

    __slots__ = ("lo", "hi")

    @staticmethod
    def forward(ctx, a, lo, hi):
        ctx.lo, ctx.hi = lo, hi
        ctx.save_for_backward(a)
        return _clamp_np(a, lo, hi)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        inside = Tensor._make(_inside(a._data, ctx.lo, ctx.hi), None)
        return where(inside, grad, Tensor._make(np.zeros((), grad._data.dtype), None))


class ClampMinBackward0(ClampBackward1):
    """``clamp_min(a, lo)``: d/da = 1 where a >= lo"""

    __slots__ = ()


class ClampMaxBackward0(ClampBackward1):
    """``clamp_max(a, hi)``: d/da = 1 where a <= hi"""

    __slots__ = ()


class ClampBackward0(Op):
    """out = min(max(a, lo), hi) with tensor bounds (each may be missing)
    d/da = 1 where lo <= a <= hi;  d/dlo = 1 where a < lo;  d/dhi = 1 where a > hi"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, lo, hi):
        ctx.save_for_backward(a, lo, hi)
        return _clamp_np(a, lo, hi)

    @staticmethod
    def backward(ctx, grad):
        a, lo, hi = ctx.saved_tensors
        return _clamp_grads(grad, a, lo, hi, *ctx.needs_input_grad[1:])


class ClampMinBackward1(Op):
    """``clamp_min(a, lo)`` with a tensor bound: ClampBackward0's rule without hi"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, lo):
        ctx.save_for_backward(a, lo)
        return _clamp_np(a, lo, None)

    @staticmethod
    def backward(ctx, grad):
        a, lo = ctx.saved_tensors
        return _clamp_grads(grad, a, lo, None, ctx.needs_input_grad[1], False)[:2]


class ClampMaxBackward1(Op):
    """``clamp_max(a, hi)`` with a tensor bound: ClampBackward0's rule without lo"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, hi):
        ctx.save_for_backward(a, hi)
        return _clamp_np(a, None, hi)

    @staticmethod
    def backward(ctx, grad):
        a, hi = ctx.saved_tensors
        ga, _, ghi = _clamp_grads(grad, a, None, hi, False, ctx.needs_input_grad[1])
        return ga, ghi


def _clamp_grads(grad: Tensor, a: Tensor, lo: Any, hi: Any, need_lo: bool, need_hi: bool):
    """where(mask, grad, 0) for a and for each tensor bound that needs it (torch's rule)."""
    x, dt = a._data, grad._data.dtype
    lo_d = None if lo is None else lo._data
    hi_d = None if hi is None else hi._data
    zero = Tensor._make(np.zeros((), dt), None)

    def where_(mask: np.ndarray) -> Tensor:
        return where(Tensor._make(mask, None), grad, zero)

    ga = where_(_inside(x, lo_d, hi_d))
    glo = ghi = None
    if lo is not None and need_lo:
        below = x < lo_d
        if hi_d is not None:
            below = below & (lo_d <= hi_d)
        glo = where_(below)
    if hi is not None and need_hi:
        ghi = where_((x > hi_d) | ((lo_d > hi_d) if lo_d is not None else False))
    return ga, glo, ghi


def _clamp_np(a: np.ndarray, lo: Any, hi: Any) -> np.ndarray:
    out = a
    if lo is not None:
        out = np.maximum(out, lo)
    if hi is not None:
        out = np.minimum(out, hi)
    out = np.asarray(out)
    return out.astype(a.dtype, copy=False) if out is not a else out.copy()


def _inside(x: np.ndarray, lo: Any, hi: Any) -> np.ndarray:
    keep = np.ones(x.shape, dtype=bool)
    if lo is not None:
        keep &= x >= lo
    if hi is not None:
        keep &= x <= hi
    return keep


def clamp(input: Tensor, min: Any = None, max: Any = None) -> Tensor:  # noqa: A002
    """Limit every element to ``[min, max]`` (either bound may be left out).

    >>> import minigrad as torch
    >>> torch.clamp(torch.tensor([-1.0, 0.5, 2.0]), 0, 1)
    tensor([0.0000, 0.5000, 1.0000])
    """
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        return _clamp_by_tensors(ClampBackward0, input, min, max)
    dt = _dtype.result_type(input, *[b for b in (min, max) if b is not None])
    _no_bool_clamp(dt, min, max)
    a = _cast(input, dt)
    lo, hi = (None if b is None else _cast(b, dt) for b in (min, max))
    return ClampBackward1.apply(a, lo=lo, hi=hi)


def _clamp_by_tensors(cls: type[Op], input: Tensor, min: Any, max: Any) -> Tensor:  # noqa: A002
    """``cls`` applied to the input and its bounds (the ones given), promoted together."""
    bounds = [b if b is None or isinstance(b, Tensor) else _scalar_tensor(b) for b in (min, max)]
    for b in bounds:
        if b is not None and b._data.shape != input._data.shape:
            _broadcast_check(input._data, b._data)
    dt = _dtype.result_type(input, *[b for b in bounds if b is not None])
    a, lo, hi = (None if x is None else _cast(x, dt) for x in (input, *bounds))
    if cls is ClampBackward0:
        return cls.apply(a, lo, hi)
    return cls.apply(a, lo if hi is None else hi)


def _no_bool_clamp(dt: np.dtype, min: Any, max: Any) -> None:  # noqa: A002
    """torch has no kernel to clamp bools by numbers."""
    if dt == np.bool_:
        kernel = (
            "clamp"
            if min is not None and max is not None
            else "clamp_min"
            if max is None
            else "clamp_max"
        )
        raise NotImplementedError(f"\"{kernel}_scalar_cpu\" not implemented for 'Bool'")


def _scalar_tensor(x: Any) -> Tensor:
    return Tensor._make(np.asarray(x, dtype=_dtype.result_type(x)), None)


clip = clamp


def clamp_min(input: Tensor, min: Any) -> Tensor:  # noqa: A002
    """``clamp(input, min=min)``, recorded as ``ClampMinBackward0`` (``1`` for a tensor)."""
    if isinstance(min, Tensor):
        return _clamp_by_tensors(ClampMinBackward1, input, min, None)
    dt = _dtype.result_type(input, min)
    _no_bool_clamp(dt, min, None)
    return ClampMinBackward0.apply(_cast(input, dt), lo=min, hi=None)


def clamp_min_(self: Tensor, min: Any) -> Tensor:  # noqa: A002
    """In place ``clamp_min``."""
    _check_clamp_fits(self, min)
    return self._inplace(
        lambda s, *_: clamp_min(s, min), *[b for b in (min,) if isinstance(b, Tensor)]
    )


def clamp_max(input: Tensor, max: Any) -> Tensor:  # noqa: A002
    """``clamp(input, max=max)``, recorded as ``ClampMaxBackward0`` (``1`` for a tensor)."""
    if isinstance(max, Tensor):
        return _clamp_by_tensors(ClampMaxBackward1, input, None, max)
    dt = _dtype.result_type(input, max)
    _no_bool_clamp(dt, None, max)
    return ClampMaxBackward0.apply(_cast(input, dt), lo=None, hi=max)


def clamp_max_(self: Tensor, max: Any) -> Tensor:  # noqa: A002
    """In place ``clamp_max``."""
    _check_clamp_fits(self, max)
    return self._inplace(
        lambda s, *_: clamp_max(s, max), *[b for b in (max,) if isinstance(b, Tensor)]
    )


class MaximumBackward0(Op):
    """out = max(a, b) elementwise
    d/da = 1 where a > b, 1/2 where a == b (a tie splits the gradient), else 0"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return np.maximum(a, b)

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return _pick_grads(ctx, grad, a, b)


class MinimumBackward0(Op):
    """out = min(a, b) elementwise
    d/da = 1 where a < b, 1/2 where a == b, else 0"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return np.minimum(a, b)

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return _pick_grads(ctx, grad, a, b, largest=False)


def _pick_grads(ctx: Any, grad: Tensor, a: Tensor, b: Tensor, largest: bool = True) -> tuple:
    """The gradients of max(a, b) (or min): all of grad goes to the one picked,
    half to each on a tie (torch: where(a == b, grad / 2, grad), then 0 for the other)."""
    tie = Tensor._make(a._data == b._data, None)
    a_lost, b_lost = (a._data < b._data, a._data > b._data)
    if not largest:
        a_lost, b_lost = b_lost, a_lost
    out = []
    for lost, needed in zip((a_lost, b_lost), ctx.needs_input_grad):
        g = None
        if needed:
            g = where(tie, DivBackward1.apply(grad, c=2), grad)
            g = masked_fill(g, Tensor._make(np.broadcast_to(lost, g.shape), None), 0.0)
        out.append(g)
    return tuple(out)


def maximum(input: Tensor, other: Tensor) -> Tensor:
    """The larger of two tensors, elementwise (with broadcasting).

    >>> import minigrad as torch
    >>> torch.maximum(torch.tensor([1.0, 4.0]), torch.tensor([3.0, 2.0]))
    tensor([3., 4.])
    """
    _tensor_other(other, "maximum")
    return binary(MaximumBackward0, input, other)


def minimum(input: Tensor, other: Tensor) -> Tensor:
    """The smaller of two tensors, elementwise (with broadcasting)."""
    _tensor_other(other, "minimum")
    return binary(MinimumBackward0, input, other)


class Atan2Backward0(Op):
    """out = atan2(a, b), the angle of the point (b, a)
    d/da = b / (a² + b²),   d/db = -a / (a² + b²)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(b, a)  # (torch checks ``other`` first)
        return np.arctan2(a, b)

    @staticmethod
    def backward(ctx, grad):
        b, a = ctx.saved_tensors
        recip = (a * a + b * b).reciprocal()
        needs = ctx.needs_input_grad
        return (grad * b * recip if needs[0] else None, grad * -a * recip if needs[1] else None)


def atan2(input: Tensor, other: Tensor) -> Tensor:
    """The angle (in radians, in [-π, π]) of the point ``(other, input)``, elementwise.

    >>> import minigrad as torch
    >>> torch.atan2(torch.tensor([1.0, -1.0]), torch.tensor([0.0, -1.0]))
    tensor([ 1.5708, -2.3562])
    """
    _tensor_other(other, "atan2")
    return binary(Atan2Backward0, input, other, true_div=True)


def _lerp(a: np.ndarray, b: np.ndarray, w: Any) -> np.ndarray:
    """torch's formula: from the nearer end, so that w = 1 gives ``end`` exactly."""
    w = np.asarray(w, dtype=a.dtype)
    return np.where(np.abs(w) < 0.5, a + w * (b - a), b - (b - a) * (1 - w)).astype(a.dtype)


class LerpBackward0(Op):
    """out = start + weight (end - start), weight a number
    d/dstart = 1 - weight,   d/dend = weight"""

    __slots__ = ("w",)

    @staticmethod
    def forward(ctx, a, b, w):
        ctx.w = w
        return _lerp(a, b, w)

    @staticmethod
    def backward(ctx, grad):
        needs = ctx.needs_input_grad
        return (grad * (1 - ctx.w) if needs[0] else None, grad * ctx.w if needs[1] else None)


class LerpBackward1(Op):
    """out = start + weight (end - start), weight a tensor
    d/dstart = 1 - weight,   d/dend = weight,   d/dweight = end - start"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b, w):
        ctx.save_for_backward(a, b, w)
        return _lerp(a, b, w)

    @staticmethod
    def backward(ctx, grad):
        a, b, w = ctx.saved_tensors
        needs = ctx.needs_input_grad
        return (
            grad * (1 - w) if needs[0] else None,
            grad * w if needs[1] else None,
            grad * (b - a) if needs[2] else None,
        )


def lerp(input: Tensor, end: Tensor, weight: Any) -> Tensor:
    """``input + weight (end - input)``: a straight line from ``input`` (weight 0)
    to ``end`` (weight 1); ``weight`` is a number or a tensor (all broadcast).

    >>> import minigrad as torch
    >>> torch.lerp(torch.tensor([0.0, 10.0]), torch.tensor([10.0, 20.0]), 0.25)
    tensor([ 2.5000, 12.5000])
    """
    tensors = [input, end] + ([weight] if isinstance(weight, Tensor) else [])
    for t in tensors[1:]:
        _broadcast_check(input._data, t._data)
    shape = np.broadcast_shapes(*(t._data.shape for t in tensors))
    x, y = (t if t._data.shape == shape else t.expand(*shape) for t in (input, end))
    if isinstance(weight, Tensor):
        w = weight if weight._data.shape == shape else weight.expand(*shape)
        return LerpBackward1.apply(x, y, w)
    return LerpBackward0.apply(x, y, w=weight)


def _tensor_other(other: Any, name: str) -> None:
    if not isinstance(other, Tensor):
        raise TypeError(
            f"{name}(): argument 'other' (position 2) must be Tensor, not {type(other).__name__}"
        )


class WhereBackward0(Op):
    """out = a where cond else b          d/da = cond,  d/db = not cond"""

    __slots__ = ("cond",)
    _holds_saved = True

    @staticmethod
    def forward(ctx, a, b, cond):
        ctx.cond = cond
        return np.where(cond, a, b)

    @staticmethod
    def backward(ctx, grad):
        # torch: where(cond, grad, 0) and where(cond, 0, grad), not grad * mask
        # (which would be nan where grad is inf or nan)
        cond = Tensor._make(np.asarray(ctx.cond), None)
        need = ctx.needs_input_grad
        return (
            where(cond, grad, 0.0) if need[0] else None,
            where(cond, 0.0, grad) if need[1] else None,
        )


def where(condition: Tensor, input: Any = None, other: Any = None) -> Any:
    """Pick from ``input`` where ``condition`` is true, else from ``other``.

    >>> import minigrad as torch
    >>> x = torch.tensor([-1.0, 2.0])
    >>> torch.where(x > 0, x, 0.0)
    tensor([0., 2.])
    """
    if input is None and other is None:
        return tuple(Tensor._make(i.astype(np.int64), None) for i in np.nonzero(condition._data))
    if condition._data.dtype != np.bool_:
        raise RuntimeError(
            "where expected condition to be a boolean tensor, but got a tensor with dtype "
            f"{condition.dtype.scalar_name}"
        )
    a, b = _operand(input), _operand(other)
    running = condition._data
    for x in (a, b):
        if isinstance(x, Tensor) and x._data.shape != running.shape:
            _broadcast_check(running, x._data)
            running = np.broadcast_to(0, np.broadcast_shapes(running.shape, x._data.shape))
    dt = _dtype.result_type(a, b)
    a, b = _cast(a, dt), _cast(b, dt)
    if not isinstance(a, Tensor) and not isinstance(b, Tensor):
        out = np.where(condition._data, a, b).astype(dt)
        return Tensor._make(out, None)
    return WhereBackward0.apply(a, b, cond=condition._data)


class MaskedFillBackward0(Op):
    """out = a with ``value`` where mask          d/da = 1 where not mask"""

    __slots__ = ("mask",)
    _holds_saved = True

    @staticmethod
    def forward(ctx, a, value, mask):
        ctx.mask = mask
        # (torch fills a copy laid out row by row, whatever a's layout)
        return np.asarray(np.where(mask, np.asarray(value, dtype=a.dtype), a), order="C")

    @staticmethod
    def backward(ctx, grad):
        # grad.masked_fill(mask, 0): a filled element's gradient is 0 (even if grad is inf)
        return MaskedFillBackward0.apply(grad, value=0, mask=np.broadcast_to(ctx.mask, grad.shape))


class MaskedFillBackward1(MaskedFillBackward0):
    """``masked_fill`` with a 0-dim tensor value      d/dvalue = sum of grad where mask"""

    __slots__ = ()

    @staticmethod
    def backward(ctx, grad):
        mask = np.broadcast_to(ctx.mask, grad.shape)
        gv = None
        if ctx.needs_input_grad[1]:  # the sum of the gradients that reached the filled places
            from .indexing import masked_select  # (indexing imports this module)

            gv = masked_select(grad, Tensor._make(mask, None)).sum()
        return MaskedFillBackward0.apply(grad, value=0, mask=mask), gv


def masked_fill(input: Tensor, mask: Tensor, value: Any) -> Tensor:
    """A copy of ``input`` with ``value`` written where ``mask`` is true.

    >>> import minigrad as torch
    >>> x = torch.tensor([1.0, 2.0, 3.0])
    >>> x.masked_fill(x > 1, 0.0)
    tensor([1., 0., 0.])
    """
    if mask._data.dtype != np.bool_:
        raise RuntimeError(
            "masked_fill_ only supports boolean masks, but got mask with dtype "
            f"{mask.dtype.cpp_name}"
        )
    if mask._data.shape != input._data.shape:
        _broadcast_check(mask._data, input._data)
    value = check_scalar_fits(value, input._data.dtype)
    if isinstance(value, Tensor):
        if value.dim() != 0:
            raise RuntimeError(_messages.masked_fill_value_not_0_dim(value.dim()))
        if value._data.dtype != input._data.dtype:
            value = _cast(value, input._data.dtype)
        return MaskedFillBackward1.apply(input, value, mask=mask._data)
    return MaskedFillBackward0.apply(input, value=value, mask=mask._data)


def masked_fill_(self: Tensor, mask: Tensor, value: Any) -> Tensor:
    """In place: write ``value`` where ``mask`` is true."""
    if _overlaps(self._data):  # torch still allows it on an expand, with a warning
        _warn.warn(_messages.MASKED_FILL_EXPANDED)

    def fill(s: Tensor, *v: Any) -> Tensor:
        if isinstance(mask, Tensor) and mask._data.dtype == np.bool_:  # self named first
            _broadcast_check(s._data, mask._data)
        return masked_fill(s, mask, *v, *([] if v else [value]))

    if isinstance(value, Tensor):
        return self._inplace(fill, value, _fill=True)
    return self._inplace(fill, _fill=True)


def clamp_(self: Tensor, min: Any = None, max: Any = None) -> Tensor:  # noqa: A002
    """In place: limit every element to ``[min, max]``."""
    _check_clamp_fits(self, min, max)
    bounds = [b for b in (min, max) if isinstance(b, Tensor)]
    return self._inplace(lambda s, *_: clamp(s, min, max), *bounds)


def _check_clamp_fits(self: Tensor, *bounds: Any) -> None:
    """In place with number bounds, torch names the tensor's type the C++ way
    ("long int", "bool") when the bounds would change it."""
    numbers = [b for b in bounds if b is not None and not isinstance(b, Tensor)]
    if not numbers:
        return
    dt = self._data.dtype
    for b in numbers:
        dt = _dtype.result_type(Tensor._make(np.zeros((), dt), None), b)
    if dt != self._data.dtype and not np.can_cast(dt, self._data.dtype, casting="same_kind"):
        raise RuntimeError(
            f"result type {_dtype.from_numpy_dtype(dt).scalar_name} can't be cast to the "
            f"desired output type {self.dtype.cpp_name}"
        )


def _floats_only(input: Tensor, kernel: str) -> None:
    """torch's kernels for some functions exist for floating dtypes only."""
    if input._data.dtype.kind != "f":
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{input.dtype.scalar_name}'")


def leaky_relu(input: Tensor, negative_slope: float = 0.01) -> Tensor:
    """``input`` where positive, ``negative_slope * input`` elsewhere."""
    _floats_only(input, "leaky_relu_cpu")
    return LeakyReluBackward0.apply(input, slope=negative_slope)


def leaky_relu_(input: Tensor, negative_slope: float = 0.01) -> Tensor:
    """In place ``leaky_relu`` (recorded as ``LeakyReluBackward1``)."""
    _floats_only(input, "leaky_relu_cpu")
    return input._inplace(lambda s: LeakyReluBackward1.apply(s, slope=negative_slope))
