"""Elementwise operations: a calculus sheet.

Each class is one operation, named after the grad_fn torch gives it.
``forward`` computes on numpy arrays; ``backward`` receives the gradient of
the output and returns the gradient of each input (the chain rule: incoming
gradient times the local derivative). Broadcast inputs need no care here:
the engine sums each gradient back to its input's shape.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..core.node import Op, quiet_numpy
from ..core.tensor import Tensor, _overlaps
from ..exact import dtype as _dtype
from ..exact import float32_math as _float32_math
from ..exact import messages as _messages
from ..exact import warn as _warn
from ._dispatch import binary
from ._promotion import (
    _as_float,
    _astype,
    _broadcast_check,
    _cast,
    _no_bool_subtraction,
    _operand,
)


def zero_grad(grad: Tensor) -> Tensor:
    """A gradient of zeros (for an input the output does not depend on): fresh
    +0s outside the graph, as torch gives, rather than ``grad * 0`` (-0 where grad < 0)."""
    return Tensor._make(np.zeros_like(grad._data), None)


# --- arithmetic -------------------------------------------------------------
class AddBackward0(Op):
    """out = a + alpha*b          d/da = 1,  d/db = alpha"""

    __slots__ = ("alpha",)

    @staticmethod
    def forward(ctx, a, b, alpha=1):
        ctx.alpha = alpha
        return a + b if alpha == 1 else a + alpha * b

    @staticmethod
    def backward(ctx, grad):
        return grad, (grad if ctx.alpha == 1 else grad * ctx.alpha)


class SubBackward0(Op):
    """out = a - alpha*b          d/da = 1,  d/db = -alpha"""

    __slots__ = ("alpha",)

    @staticmethod
    def forward(ctx, a, b, alpha=1):
        ctx.alpha = alpha
        return a - b if alpha == 1 else a - alpha * b

    @staticmethod
    def backward(ctx, grad):
        return grad, (-grad if ctx.alpha == 1 else grad * -ctx.alpha)


class SubBackward1(Op):
    """out = a - c  (c a number, as torch's C++ code subtracts)          d/da = 1"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, c):
        return np.asarray(a - c, dtype=a.dtype)

    @staticmethod
    def backward(ctx, grad):
        return grad


class RsubBackward1(Op):
    """out = c - a  (a number minus a tensor)          d/da = -1"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, c):
        return c - a

    @staticmethod
    def backward(ctx, grad):
        return -grad


class MulBackward0(Op):
    """out = a * b          d/da = b,  d/db = a"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        # save only what the other input's gradient needs
        needs = ctx.needs_input_grad
        ctx.save_for_backward(b if needs[0] else None, a if needs[1] else None)
        return a * b

    @staticmethod
    def backward(ctx, grad):
        b, a = ctx.saved_tensors
        return (grad * b if b is not None else None), (grad * a if a is not None else None)


class DivBackward0(Op):
    """out = a / b          d/da = 1/b,  d/db = -a/b²"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        needs = ctx.needs_input_grad
        # (saved in the order torch checks them, which names the first one changed)
        ctx.save_for_backward(b, a if needs[1] else None)
        return a / b

    @staticmethod
    def backward(ctx, grad):
        b, a = ctx.saved_tensors
        ga = grad / b if ctx.needs_input_grad[0] else None
        gb = -grad * ((a / b) / b) if ctx.needs_input_grad[1] else None
        return ga, gb


class DivBackward1(Op):
    """out = a / c  (c a number, as torch's C++ code divides)          d/da = 1/c"""

    __slots__ = ("c",)

    @staticmethod
    def forward(ctx, a, c):
        ctx.c = c
        return np.asarray(a / c, dtype=a.dtype)

    @staticmethod
    def backward(ctx, grad):
        return grad / ctx.c


class AddBackward1(Op):
    """out = a + c  (c a number, as torch's C++ code adds)          d/da = 1"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, c):
        return np.asarray(a + c, dtype=a.dtype)

    @staticmethod
    def backward(ctx, grad):
        return grad


class MulBackward1(Op):
    """out = a * c  (c a number, as torch's C++ code multiplies)          d/da = c"""

    __slots__ = ("c",)

    @staticmethod
    def forward(ctx, a, c):
        ctx.c = c
        return np.asarray(a * c, dtype=a.dtype)

    @staticmethod
    def backward(ctx, grad):
        return MulBackward1.apply(grad, c=ctx.c)


class NegBackward0(Op):
    """out = -a          d/da = -1"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        return -a

    @staticmethod
    def backward(ctx, grad):
        return -grad


class ReciprocalBackward0(Op):
    """out = 1/a          d/da = -1/a² = -out²"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        out = 1 / a
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return -grad * (out * out)


# --- powers, exponentials, logarithms ---------------------------------------
def _f32(ufunc: Any, a: Any) -> Any:
    """``ufunc(a)``; a float32 ``a`` is computed in float64 and rounded back.
    torch's float32 exp, tanh, sin, log... agree with that in the last bit far
    more often (exp: 99% of values) than with numpy's float32 versions (60%)."""
    if a.dtype == np.float32:
        return ufunc(a, dtype=np.float64).astype(np.float32)
    return ufunc(a)


class PowBackward0(Op):
    """out = a ** c  (c a number)          d/da = c * a**(c-1)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, c):
        ctx.save_for_backward(a, c)
        return _power_scalar(a, c)

    @staticmethod
    def backward(ctx, grad):
        a, c = ctx.saved_tensors
        if c == 0:
            return zero_grad(grad)
        return grad * MulBackward1.apply(a ** (c - 1), c=c)


def _power_scalar(a: Any, c: Any) -> Any:
    """``a ** c`` for a number ``c``, rounded as torch's CPU kernel rounds it: for float32
    and float64 it computes ``a ** 3`` as ``a * a * a``, ``a ** -2`` as ``1 / (a * a)``
    and ``a ** -0.5`` as ``1 / sqrt(a)`` (numpy's ``power`` rounds the last bit differently)."""
    if getattr(a, "dtype", None) in (np.float32, np.float64) and not isinstance(c, bool):
        if c == 3:
            return a * a * a
        if c == -2:
            return a.dtype.type(1) / (a * a)
        if c == -0.5:
            return a.dtype.type(1) / np.sqrt(a)
    return _narrow_power(a, c)


def _narrow_power(a: Any, b: Any) -> Any:
    """``a ** b``; float32 goes through float64, because torch's scalar ``powf`` is
    correctly rounded where numpy's float32 ``power`` can be a bit off (float16 too:
    torch computes it in float32 with the number rounded to float16, then rounds)."""
    dtype = np.result_type(a, b)
    if dtype in (np.float32, np.float16):
        exact = np.float64 if dtype == np.float32 else dtype
        wa, wb = (_astype(_astype(np.asarray(v), exact), np.float64) for v in (a, b))
        wide = np.power(wa, wb)
        return _astype(_astype(wide, np.float32), dtype)
    return a**b


def _power(a: Any, b: Any) -> Any:
    """``a ** b``. For integers numpy refuses negative exponents; torch gives
    the truncated result: 1 for a base of 1, ±1 for -1, else 0."""
    if np.result_type(a, b).kind in "iu" and np.any(np.asarray(b) < 0):
        neg = np.asarray(b) < 0
        one = np.where(np.asarray(a) == -1, np.where(np.asarray(b) % 2 == 0, 1, -1), 0)
        small = np.where(np.asarray(a) == 1, 1, one)
        big = np.power(a, np.where(neg, 0, b))
        return np.where(neg, small, big).astype(big.dtype)
    return _narrow_power(a, b)


class PowBackward1(Op):
    """out = a ** b  (both tensors)    d/da = b * a**(b-1),  d/db = a**b * log(a)"""

    __slots__ = ("bool_exponent",)

    @staticmethod
    def forward(ctx, a, b, bool_exponent=False):
        ctx.bool_exponent = bool_exponent
        out = _power(a, b)
        ctx.save_for_backward(b, a, out)  # (torch checks the exponent first)
        return out

    @staticmethod
    def backward(ctx, grad):
        b, a, out = ctx.saved_tensors
        zero = Tensor._make(np.zeros((), grad._data.dtype), None)
        ga = gb = None
        if ctx.needs_input_grad[0] and ctx.bool_exponent:  # torch computes b - 1 on bools
            raise RuntimeError(_messages.SUB_OF_A_BOOL)
        if ctx.needs_input_grad[0]:
            # torch: d(a**0)/da is 0, even at a = 0
            b_zero = Tensor._make(b._data == 0, None)
            ga = where(b_zero, zero, grad * (b * a ** SubBackward1.apply(b, c=1)))
        if ctx.needs_input_grad[1]:
            # where a == 0 and b >= 0 torch defines the gradient as 0
            safe = Tensor._make((a._data == 0) & (b._data >= 0), None)
            gb = grad * where(safe, zero, out * a.log())
        return ga, gb


class PowBackward2(Op):
    """out = c ** b  (c a number)          d/db = c**b * log(c)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, b, c):
        out = _narrow_power(b.dtype.type(c), b) if b.dtype.kind == "f" else _power(c, b)
        out = np.asarray(out, order="C")  # (torch lays the result out row by row)
        ctx.save_for_backward(out, c, b)  # b too, as torch (checked for in-place changes)
        return out

    @staticmethod
    def backward(ctx, grad):
        out, c, b = ctx.saved_tensors
        with np.errstate(divide="ignore", invalid="ignore"):  # log(0) is -inf, silently
            local = MulBackward1.apply(out, c=float(np.log(c)))
        if c == 0:  # torch: d(0 ** b)/db is 0 where b >= 0
            local = local.masked_fill(b >= 0, 0.0)
        return grad * local


class ExpBackward0(Op):
    """out = exp(a)          d/da = exp(a) = out"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        out = _f32(np.exp, a)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return grad * out


class LogBackward0(Op):
    """out = log(a)          d/da = 1/a"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return _f32(np.log, a)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad / a


class SqrtBackward0(Op):
    """out = sqrt(a)          d/da = 1 / (2 sqrt(a)) = 1 / (2 out)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        out = np.sqrt(a)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return grad / MulBackward1.apply(out, c=2)


# --- the kinks: abs and relu ------------------------------------------------
class AbsBackward0(Op):
    """out = |a|          d/da = sign(a)  (0 at a = 0, as torch uses)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return np.abs(a)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * SgnBackward0.apply(a)


class ReluBackward0(Op):
    """out = max(a, 0)          d/da = 1 where out > 0, else 0 (also at a = 0)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        out = np.maximum(a, 0).astype(a.dtype, copy=False)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return ThresholdBackwardBackward0.apply(grad, out, threshold=0)


class ThresholdBackwardBackward0(Op):
    """relu's first derivative as an op (torch's ``threshold_backward``):
    out = g where x > threshold, else 0   (x is relu's output, or leaky_relu's input)
    d/dg = the same mask;  d/dx = 0 (the mask is flat), so the gradient
    keeps x in its graph, as torch's does, and gives it zeros"""

    __slots__ = ("threshold",)

    @staticmethod
    def forward(ctx, g, x, threshold):
        ctx.threshold = threshold
        ctx.save_for_backward(x)
        return np.where(x > threshold, g, 0).astype(g.dtype, copy=False)

    @staticmethod
    def backward(ctx, gg):
        (x,) = ctx.saved_tensors
        dg = None
        if ctx.needs_input_grad[0]:
            dg = ThresholdBackwardBackward0.apply(gg, x, threshold=ctx.threshold)
        return dg, (zero_grad(gg) if ctx.needs_input_grad[1] else None)


# --- trigonometric and hyperbolic ------------------------------------------
class SinBackward0(Op):
    """out = sin(a)          d/da = cos(a)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return _f32(np.sin, a)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * a.cos()


class CosBackward0(Op):
    """out = cos(a)          d/da = -sin(a)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return _f32(np.cos, a)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * -a.sin()


class TanhBackward0(Op):
    """out = tanh(a)          d/da = 1 - tanh(a)² = 1 - out²"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        out = _f32(np.tanh, a)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return TanhBackwardBackward0.apply(grad, out)


class TanhBackwardBackward0(Op):
    """The first derivative of tanh as an op of its own (torch's ``tanh_backward``):
    out = g * (1 - y²)  for the upstream gradient g and y = tanh(a)
    d/dg = 1 - y²,  d/dy = -2 y g"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, g, y):
        ctx.save_for_backward(g, y)
        return _tanh_backward(g, y)

    @staticmethod
    def backward(ctx, gg):
        g, y = ctx.saved_tensors
        dg = TanhBackwardBackward0.apply(gg, y) if ctx.needs_input_grad[0] else None
        dy = gg * (MulBackward1.apply(y, c=-2) * g) if ctx.needs_input_grad[1] else None
        return dg, dy


def _tanh_backward(g: Any, y: Any) -> Any:
    """g * (1 - y²), as torch's CPU kernel gets it: its compiler fuses the multiply
    and the subtract of 1 - y² into one instruction, rounded once. For float32
    that is 1 - y² computed exactly in float64, then rounded; float64 keeps two
    roundings, which agree with torch's about 70% of the time in the last bit.
    (Each step writes into one buffer: for a large tensor a fresh buffer per step
    costs more than the arithmetic.)"""
    if not isinstance(y, np.ndarray) or y.ndim == 0:  # one number: nothing to reuse
        if y.dtype == np.float32:
            return g * np.float32(1.0 - np.float64(y) * np.float64(y))
        return g * (1 - y * y)
    if y.dtype == np.float32:
        t = np.multiply(y, y, dtype=np.float64)
        t = np.subtract(1.0, t, out=t).astype(np.float32)
    else:
        t = np.multiply(y, y)
        np.subtract(1, t, out=t)
    if t.shape == np.shape(g) and t.dtype == np.result_type(g, t):
        return np.multiply(g, t, out=t)
    return g * t


class SigmoidBackward0(Op):
    """out = 1 / (1 + exp(-a))          d/da = out * (1 - out)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        if a.dtype == np.float32:
            # torch's float32 kernel uses SLEEF's exp: follow it for its last bits
            out = _float32_math.sigmoid(a)
        else:
            out = (1 / (1 + np.exp(-a))).astype(a.dtype, copy=False)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return SigmoidBackwardBackward0.apply(grad, out)


class SigmoidBackwardBackward0(Op):
    """The first derivative of sigmoid as an op (torch's ``sigmoid_backward``):
    out = g * y (1 - y)  for the upstream gradient g and y = sigmoid(a)
    d/dg = y (1 - y),  d/dy = g (1 - 2y)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, g, y):
        ctx.save_for_backward(g, y)
        return g * (1 - y) * y  # in torch's kernel's order, for its last bit

    @staticmethod
    def backward(ctx, gg):
        g, y = ctx.saved_tensors
        dg = SigmoidBackwardBackward0.apply(gg, y) if ctx.needs_input_grad[0] else None
        dy = None
        if ctx.needs_input_grad[1]:
            dy = gg * g * AddBackward1.apply(MulBackward1.apply(y, c=-2), c=1)
        return dg, dy


# --- copies -----------------------------------------------------------------
class CloneBackward0(Op):
    """out = a (a copy)          d/da = 1"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, order="K"):
        # "K": like torch's clone, the copy keeps the layout (a transpose stays one);
        # "C": row by row, for ``contiguous()``
        return np.array(a, copy=True, order=order)

    @staticmethod
    def backward(ctx, grad):
        return grad


class ToCopyBackward0(Op):
    """out = a converted to another dtype          d/da = 1 (converted back)"""

    __slots__ = ("src",)

    @staticmethod
    def forward(ctx, a, dtype):
        ctx.src = a.dtype
        return _astype(a, dtype)

    @staticmethod
    def backward(ctx, grad):
        return grad.to(_dtype.from_numpy_dtype(ctx.src))


class CopyBackwards(Op):
    """``dst.copy_(src)``: out = src (broadcast to dst)     d/ddst = 0, d/dsrc = 1.
    Also the node of a ``.grad`` made by ``backward(create_graph=True)``."""

    __slots__ = ()

    def name(self) -> str:
        return "torch::autograd::CopyBackwards"

    @staticmethod
    def forward(ctx, *args):
        if len(args) == 1:
            return np.array(args[0], copy=True)
        dst, src = args
        return np.broadcast_to(src, dst.shape).astype(dst.dtype)

    @staticmethod
    def backward(ctx, grad):
        if len(ctx._inputs) == 1:
            return grad
        return zero_grad(grad), grad


class ZeroBackward0(Op):
    """``t.zero_()``: out = 0          d/dt = 0"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        return np.zeros_like(a)

    @staticmethod
    def backward(ctx, grad):
        return zero_grad(grad)


def check_scalar_fits(value: Any, dtype: np.dtype) -> Any:
    """A Python number written into a tensor must fit its dtype (inf and nan fit a
    float; a negative number wraps into uint8: -1 is 255), or torch refuses it.
    Returns the value to write."""
    if not isinstance(value, (int, float)) or value is True:
        return value
    if dtype.kind == "b" or dtype == np.float64:
        return value  # (every number fits: torch checks only the other dtypes)
    if isinstance(value, int) and not -(2**63) <= value < 2**63:
        return value  # (too big for any conversion: numpy's own OverflowError follows)
    if dtype.kind == "f":
        fits = not math.isfinite(value) or math.fabs(value) <= float(np.finfo(dtype).max)
    else:
        info = np.iinfo(dtype)
        fits = (-int(info.max) if dtype.kind == "u" else int(info.min)) <= value <= info.max
    if not fits:  # (also for nan into an integer dtype)
        c_type = _dtype.from_numpy_dtype(dtype).c_type
        raise RuntimeError(f"value cannot be converted to type {c_type} without overflow")
    if dtype.kind == "u" and value < 0:
        return np.asarray(value, dtype=np.int64).astype(dtype)
    return value


class FillBackward2(Op):
    """``t.fill_(v)``: out = v everywhere          d/dt = 0"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, value):
        return np.full_like(a, check_scalar_fits(value, a.dtype))

    @staticmethod
    def backward(ctx, grad):
        return zero_grad(grad)


class FillBackward3(Op):
    """``t.fill_(v)`` with a 0-dim tensor v          d/dt = 0,  d/dv = sum"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, v):
        return np.full_like(a, v)

    @staticmethod
    def backward(ctx, grad):
        return zero_grad(grad), grad.sum()


# --- the public functions ---------------------------------------------------
def add(input: Any, other: Any, *, alpha: Any = 1) -> Tensor:
    """``input + alpha * other``, elementwise with broadcasting.

    >>> import minigrad as torch
    >>> torch.add(torch.tensor([1.0, 2.0]), 1)
    tensor([2., 3.])
    """
    if alpha != 1:
        _check_alpha(input, other, alpha)
        if _dtype.result_type(input, other) == np.bool_:  # bools: alpha is a bool too
            alpha = bool(alpha)
        return binary(AddBackward0, input, other, alpha=alpha)
    return binary(AddBackward0, input, other)


def _check_alpha(input: Any, other: Any, alpha: Any) -> None:
    if isinstance(alpha, float) and _dtype.result_type(input, other).kind in "iub":
        raise RuntimeError(
            "For integral input tensors, argument alpha must not be a floating point number."
        )


def sub(input: Any, other: Any, *, alpha: Any = 1) -> Tensor:
    """``input - alpha * other``, elementwise."""
    if not isinstance(input, Tensor):
        _no_bool_subtraction(input, other)
        return _rsub(_operand(other), input)
    if alpha != 1:
        _no_bool_subtraction(input, other)
        _check_alpha(input, other, alpha)
        return binary(SubBackward0, input, other, alpha=alpha, no_bool=True)
    return binary(SubBackward0, input, other, no_bool=True)


def _rsub(self: Tensor, other: Any) -> Any:
    """``other - self`` where ``other`` is a number: one input, like torch's RsubBackward1."""
    if (type(other) is float or type(other) is int) and self._data.dtype.kind == "f":
        return RsubBackward1.apply(self, c=other)  # the common case: nothing to promote
    if _operand(other) is None:
        return NotImplemented
    if isinstance(other, Tensor):
        return sub(other, self)
    _no_bool_subtraction(other, self)
    dt = _dtype.result_type(self, other)
    return RsubBackward1.apply(_cast(self, dt), c=_cast(other, dt))


def mul(input: Any, other: Any) -> Tensor:
    """``input * other``, elementwise with broadcasting.

    >>> import minigrad as torch
    >>> torch.mul(torch.tensor([1.0, 2.0]), 3)
    tensor([3., 6.])
    """
    return binary(MulBackward0, input, other)


def div(input: Any, other: Any, *, rounding_mode: str | None = None) -> Tensor:
    """``input / other`` (true division: integers give floats)."""
    if rounding_mode is not None:
        if rounding_mode == "floor":
            return _integer_division("div_floor_cpu", np.floor_divide, input, other, DivBackward2)
        if rounding_mode == "trunc":
            return _integer_division("div_trunc_cpu", _np_trunc_div, input, other, DivBackward2)
        raise RuntimeError(
            "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
            f"'{rounding_mode}'"
        )
    if not isinstance(input, Tensor):  # number / tensor: torch multiplies by the reciprocal
        return mul(reciprocal(_as_float(other)), input)
    return binary(DivBackward0, input, other, true_div=True)


class DivBackward2(Op):
    """out = a / b rounded (down, or toward 0)      d/da = d/db = 0 (a step function)"""

    __slots__ = ()
    _holds_saved = True

    @staticmethod
    def forward(ctx, a, b, fn):
        return np.asarray(fn(a, b), dtype=np.result_type(a, b))

    @staticmethod
    def backward(ctx, grad):
        zero = zero_grad(grad)  # (fresh zeros: not grad * 0, which is nan where grad is)
        return tuple(zero if needs else None for needs in ctx.needs_input_grad)


class RemainderBackward0(Op):
    """out = a mod c  (c a number; the sign of c)          d/da = 1"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b, fn):
        return np.asarray(fn(a, b), dtype=a.dtype)

    @staticmethod
    def backward(ctx, grad):
        return grad


class RemainderBackward1(Op):
    """out = a mod b = a - b·floor(a/b)          d/da = 1,  d/db = -floor(a/b)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b, fn):
        if ctx.needs_input_grad[1]:
            ctx.save_for_backward(a, b)
        return fn(a, b)

    @staticmethod
    def backward(ctx, grad):
        gb = None
        if ctx.needs_input_grad[1]:
            a, b = ctx.saved_tensors
            gb = -grad * div(a, b, rounding_mode="floor")
        return grad if ctx.needs_input_grad[0] else None, gb


class NotImplementedBackward(Op):
    """An operation torch has no derivative for (``x // y``, ``2 % x``): it is
    recorded all the same, and backward through it fails."""

    __slots__ = ("aten",)

    def name(self) -> str:
        return "torch::autograd::NotImplemented"

    def __repr__(self) -> str:
        return f"<NotImplemented object at {hex(id(self))}>"

    def __lt__(self, other: object) -> bool:
        return False  # (a tie in the engine's queue, as for AccumulateGrad)

    @staticmethod
    def forward(ctx, a, b, fn, aten):
        ctx.aten = aten
        # torch makes this node without a sequence number (the largest there is):
        # backward runs it as soon as it is ready, like a leaf's AccumulateGrad
        ctx._seq = float("inf")
        return np.asarray(fn(a, b), dtype=np.result_type(a, b))

    @staticmethod
    def backward(ctx, grad):
        raise RuntimeError(f"derivative for aten::{ctx.aten} is not implemented")


def _integer_division(
    kernel: str, fn: Any, input: Any, other: Any, rule: Any = None, **settings: Any
) -> Tensor:
    """``fn(input, other)`` for ``//``, ``%`` and rounded ``div``. Floats divide by 0
    into inf or nan; integers cannot, and torch raises. A float input that requires
    grad records ``rule`` (whose gradient may be zero, or not implemented at all)."""
    a = input._data if isinstance(input, Tensor) else input
    b = other._data if isinstance(other, Tensor) else other
    _broadcast_check(np.asarray(a), np.asarray(b))
    dt = _dtype.result_type(input, other)
    if dt.kind == "b":
        raise NotImplementedError(f"\"{kernel}\" not implemented for 'Bool'")
    if dt.kind in "iu" and np.any(np.asarray(b) == 0) and np.broadcast(a, b).size:
        raise RuntimeError("ZeroDivisionError")  # (no element to compute: no division at all)
    if rule is not None and any(isinstance(x, Tensor) and x.requires_grad for x in (input, other)):
        if rule is RemainderBackward0:  # x % 2: the number is a setting, not an input, as in torch
            return rule.apply(input, b=other, fn=fn)
        return binary(rule, input, other, fn=fn, **settings)
    return Tensor._make(np.asarray(quiet_numpy(fn, a, b)).astype(dt), None)


def floor_divide(input: Any, other: Any) -> Tensor:
    """``input // other``: division rounded down (torch has no gradient for it)."""
    rule = NotImplementedBackward
    return _integer_division(
        "div_floor_cpu", np.floor_divide, input, other, rule, aten="floor_divide"
    )


def floor_divide_(self: Tensor, other: Any) -> Tensor:
    """In place: ``self //= other``."""
    o = _operand(other)
    rule = NotImplementedBackward
    return self._inplace(
        lambda s, v: _integer_division(
            "div_floor_cpu", np.floor_divide, s, v, rule, aten="floor_divide_"
        ),
        o,
    )


def _np_trunc_div(a: Any, b: Any) -> Any:
    return np.trunc(np.true_divide(a, b))


def _np_remainder(a: Any, b: Any) -> Any:
    """a mod b with the sign of b, as torch computes it: C's fmod, moved by b when
    the signs differ (numpy's ``mod`` gives 7 mod -7 as -0., torch gives 0.)."""
    m = np.fmod(a, b)
    return np.where((m != 0) & ((m < 0) != (np.asarray(b) < 0)), m + b, m)[()]


def remainder(input: Any, other: Any) -> Tensor:
    """``input % other``: the remainder, with the sign of ``other``."""
    if not isinstance(input, Tensor):  # number % tensor: torch has no gradient for it
        rule, settings = NotImplementedBackward, {"aten": "remainder"}
    else:
        rule, settings = (
            (RemainderBackward1 if isinstance(other, Tensor) else RemainderBackward0),
            {},
        )
    return _integer_division("remainder_cpu", _np_remainder, input, other, rule, **settings)


def neg(input: Tensor) -> Tensor:
    """``-input``."""
    if input._data.dtype == np.bool_:
        raise RuntimeError(_messages.NEG_OF_A_BOOL)
    return NegBackward0.apply(input)


def reciprocal(input: Tensor) -> Tensor:
    """``1 / input``."""
    return ReciprocalBackward0.apply(_as_float(input))


def _no_bool_pow(t: Tensor) -> None:
    if t._data.dtype == np.bool_:
        raise NotImplementedError("\"pow\" not implemented for 'Bool'")


def pow(input: Any, exponent: Any) -> Tensor:  # noqa: A001 - torch's name
    """``input ** exponent``; either side may be a number.

    >>> import minigrad as torch
    >>> torch.pow(torch.tensor([2.0, 3.0]), 2)
    tensor([4., 9.])
    """
    if not isinstance(input, Tensor):
        exponent = _operand(exponent)
        if exponent._data.dtype.kind != "f":  # bool/int tensors promote (True ** t, 2. ** t)
            exponent = _cast(exponent, _dtype.result_type(exponent, input))
        _no_bool_pow(exponent)
        return PowBackward2.apply(exponent, c=input)
    if isinstance(exponent, Tensor):
        _broadcast_check(input._data, exponent._data)  # (the shapes before the kernel)
        _no_bool_pow(_cast(input, _dtype.result_type(input, exponent)))
        if exponent._data.dtype == np.bool_:
            return binary(PowBackward1, input, exponent, bool_exponent=True)
        return binary(PowBackward1, input, exponent)
    if input._data.dtype.kind != "f":  # bool/int tensors promote (t ** 2 is int64, t ** .5 float)
        input = _cast(input, _dtype.result_type(input, exponent))
    if input._data.dtype == np.bool_:  # bool ** bool: t ** True is t, t ** False all True
        return Tensor._make(input._data | (not exponent), None)
    if input._data.dtype.kind in "iu" and exponent < 0:
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    return PowBackward0.apply(input, c=exponent)


def _rpow(self: Tensor, other: Any) -> Any:
    if _operand(other) is None:
        return NotImplemented
    return pow(other, self)


def square(input: Tensor) -> Tensor:
    """``input ** 2``."""
    return pow(input, 2)


def _unary(cls: type[Op]) -> Any:
    # (cls.apply is looked up on every call: viz.trace() replaces it while it records)
    def op(input: Tensor, *, out: Tensor | None = None) -> Tensor:
        if out is not None:  # torch.exp(x, out=y) writes into y (minigrad/ops/_out.py)
            from ._out import write_into

            return write_into(out, op, op.__name__, (input,), {})
        if type(input) is Tensor and input._data.dtype.kind == "f":
            return cls.apply(input)  # the common case, without the _as_float call
        return cls.apply(_as_float(input))

    return op


exp = _unary(ExpBackward0)
log = _unary(LogBackward0)
sqrt = _unary(SqrtBackward0)
sin = _unary(SinBackward0)
cos = _unary(CosBackward0)
tanh = _unary(TanhBackward0)
sigmoid = _unary(SigmoidBackward0)
for _name, _fn in [
    ("exp", exp),
    ("log", log),
    ("sqrt", sqrt),
    ("sin", sin),
    ("cos", cos),
    ("tanh", tanh),
    ("sigmoid", sigmoid),
]:
    _fn.__name__ = _fn.__qualname__ = _name
    _fn.__doc__ = f"Elementwise ``{_name}``."


def abs(input: Tensor) -> Tensor:  # noqa: A001
    """Elementwise ``|input|``."""
    _no_bool(input, "abs_cpu")
    return AbsBackward0.apply(input)


def _no_bool(input: Tensor, kernel: str) -> None:
    """Some of torch's kernels have no version for bool tensors."""
    if input._data.dtype == np.bool_:
        raise NotImplementedError(f"\"{kernel}\" not implemented for 'Bool'")


def relu(input: Tensor) -> Tensor:
    """``max(input, 0)``, elementwise."""
    if input._data.dtype == np.bool_:
        raise RuntimeError("Boolean inputs not supported for relu")
    return ReluBackward0.apply(input)


def clone(input: Tensor, *, memory_format: Any = None) -> Tensor:
    """A copy that stays in the graph (``CloneBackward0``)."""
    return CloneBackward0.apply(input)


def to_dtype(input: Tensor, dtype: Any) -> Tensor:
    """``input`` converted to ``dtype`` (the same tensor if it already is)."""
    target = dtype.np if isinstance(dtype, _dtype.dtype) else np.dtype(dtype)
    if input._data.dtype == target:
        return input
    if target.kind not in "fc":  # integers and bools have no gradient: the result is cut off
        return Tensor._make(quiet_numpy(input._data.astype, target), None)
    return ToCopyBackward0.apply(input, dtype=target)


def sign(input: Tensor) -> Tensor:
    """-1, 0 or 1 by the sign of each element (its gradient is 0)."""
    if input._data.dtype == np.bool_:  # True and False are their own signs
        return Tensor._make(input._data.copy(), None)
    return SignBackward0.apply(input)


class SignBackward0(Op):
    """out = sign(a)          d/da = 0"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        out = np.sign(a)
        return np.where(np.isnan(out), 0, out) if a.dtype.kind == "f" else out  # sign(nan) = 0

    @staticmethod
    def backward(ctx, grad):
        return zero_grad(grad)


class SgnBackward0(SignBackward0):
    """``sgn``, what abs's derivative uses: sign(a) for real numbers   d/da = 0"""

    __slots__ = ()


# --- more unary functions ---------------------------------------------------
class Log1PBackward0(Op):
    """out = log(1 + a)          d/da = 1 / (1 + a)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        if a.dtype == np.float32:
            # torch's float32 kernel is SLEEF's log1p: follow it for its last bits
            return _float32_math.log1p(a)
        return np.log1p(a)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad / AddBackward1.apply(a, c=1)


class Exp2Backward0(Op):
    """out = 2 ** a          d/da = 2 ** a * ln 2 = out * ln 2"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        if a.dtype == np.float32:
            # torch's float32 kernel uses SLEEF's exp2: follow it for its last bits
            out = _float32_math.exp2(a)
        else:
            out = np.exp2(a)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return MulBackward1.apply(grad * out, c=float(np.log(2.0)))


class Log2Backward0(Op):
    """out = log2(a)          d/da = 1 / (a ln 2)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return np.log2(a)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad / MulBackward1.apply(a, c=float(np.log(2.0)))


class Log10Backward0(Op):
    """out = log10(a)          d/da = 1 / (a ln 10)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return np.log10(a)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad / MulBackward1.apply(a, c=float(np.log(10.0)))


class ErfBackward0(Op):
    """out = erf(a)          d/da = 2/sqrt(pi) * exp(-a²)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return np.vectorize(math.erf, otypes=[a.dtype])(a) if a.size else a.copy()

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return MulBackward1.apply((-(a**2)).exp(), c=2 / math.sqrt(math.pi)) * grad


class _Step(Op):
    """A staircase (floor, ceil, round): flat almost everywhere, so d/da = 0."""

    __slots__ = ()
    _np = staticmethod(np.floor)

    @classmethod
    def forward(cls, ctx, a):
        return cls._np(a)

    @staticmethod
    def backward(ctx, grad):
        return zero_grad(grad)


class FloorBackward0(_Step):
    __slots__ = ()
    _np = staticmethod(np.floor)


class CeilBackward0(_Step):
    __slots__ = ()
    _np = staticmethod(np.ceil)


class RoundBackward0(_Step):
    __slots__ = ()
    _np = staticmethod(np.round)  # like torch: halves go to the even neighbour


log1p = _unary(Log1PBackward0)
exp2 = _unary(Exp2Backward0)
log2 = _unary(Log2Backward0)
log10 = _unary(Log10Backward0)
erf = _unary(ErfBackward0)
for _name, _fn in [
    ("log1p", log1p),
    ("exp2", exp2),
    ("log2", log2),
    ("log10", log10),
    ("erf", erf),
]:
    _fn.__name__ = _fn.__qualname__ = _name
    _fn.__doc__ = f"Elementwise ``{_name}``."


# --- more trigonometric and hyperbolic functions, and friends ----------------
class TanBackward0(Op):
    """out = tan(a)          d/da = 1 + tan(a)² = 1 + out²"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        out = _f32(np.tan, a)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return grad * (out.pow(2) + 1)


class AtanBackward0(Op):
    """out = atan(a)          d/da = 1 / (1 + a²)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return _f32(np.arctan, a)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad / (a * a + 1)


class AsinBackward0(Op):
    """out = asin(a)          d/da = 1 / sqrt(1 - a²)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return _f32(np.arcsin, a)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * (-a * a + 1).rsqrt()


class AcosBackward0(Op):
    """out = acos(a)          d/da = -1 / sqrt(1 - a²)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return _f32(np.arccos, a)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * -((-a * a + 1).rsqrt())


class SinhBackward0(Op):
    """out = sinh(a)          d/da = cosh(a)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return _f32(np.sinh, a)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * a.cosh()


class CoshBackward0(Op):
    """out = cosh(a)          d/da = sinh(a)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return _f32(np.cosh, a)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * a.sinh()


class RsqrtBackward0(Op):
    """out = 1 / sqrt(a)          d/da = -1/2 a^(-3/2) = -out³ / 2"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        with np.errstate(divide="ignore", invalid="ignore"):
            out = (1 / _f32(np.sqrt, a)).astype(a.dtype, copy=False)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return MulBackward1.apply(grad * out.pow(3), c=-0.5)


class Expm1Backward0(Op):
    """out = exp(a) - 1          d/da = exp(a) = out + 1"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        out = _f32(np.expm1, a)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return grad * (out + 1)


class FracBackward0(Op):
    """out = a - trunc(a)          d/da = 1"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        return a - np.trunc(a)

    @staticmethod
    def backward(ctx, grad):
        return grad


class NanToNumBackward0(Op):
    """out = a with NaN, inf and -inf replaced by numbers
    d/da = 1 where a is finite, 0 where it was replaced"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, nan, posinf, neginf):
        ctx.save_for_backward(a)
        return np.nan_to_num(a, nan=nan, posinf=posinf, neginf=neginf)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * Tensor._make(np.isfinite(a._data), None)


class TruncBackward0(_Step):
    __slots__ = ()
    _np = staticmethod(np.trunc)


tan = _unary(TanBackward0)
atan = _unary(AtanBackward0)
asin = _unary(AsinBackward0)
acos = _unary(AcosBackward0)
sinh = _unary(SinhBackward0)
cosh = _unary(CoshBackward0)
rsqrt = _unary(RsqrtBackward0)
expm1 = _unary(Expm1Backward0)
for _name, _fn in [
    ("tan", tan),
    ("atan", atan),
    ("asin", asin),
    ("acos", acos),
    ("sinh", sinh),
    ("cosh", cosh),
    ("rsqrt", rsqrt),
    ("expm1", expm1),
]:
    _fn.__name__ = _fn.__qualname__ = _name
    _fn.__doc__ = f"Elementwise ``{_name}``."


def trunc(input: Tensor) -> Tensor:
    """Round towards zero (its gradient is 0)."""
    _no_bool(input, "trunc_vml_cpu")
    return input if input._data.dtype.kind in "iub" else TruncBackward0.apply(input)


def frac(input: Tensor) -> Tensor:
    """The fractional part, ``input - trunc(input)`` (same sign as ``input``)."""
    if input._data.dtype.kind in "iub":
        raise NotImplementedError(f"\"frac_cpu\" not implemented for '{input.dtype.scalar_name}'")
    return FracBackward0.apply(input)


def nan_to_num(
    input: Tensor, nan: float = 0.0, posinf: float | None = None, neginf: float | None = None
) -> Tensor:
    """NaN becomes ``nan``; inf and -inf become ``posinf`` and ``neginf``, by default
    the largest and the lowest number of the dtype.

    >>> import minigrad as torch
    >>> torch.nan_to_num(torch.tensor([float("nan"), 1.0]))
    tensor([0., 1.])
    """
    if input._data.dtype.kind != "f":  # nothing to replace: a copy
        return Tensor._make(input._data.copy(), None)
    return NanToNumBackward0.apply(input, nan=nan, posinf=posinf, neginf=neginf)


def floor(input: Tensor) -> Tensor:
    """Round down to a whole number (its gradient is 0)."""
    _no_bool(input, "floor_vml_cpu")
    if input._data.dtype.kind in "iu":  # already whole: a copy
        return Tensor._make(input._data.copy(), None)
    return FloorBackward0.apply(input)


def ceil(input: Tensor) -> Tensor:
    """Round up to a whole number (its gradient is 0)."""
    _no_bool(input, "ceil_vml_cpu")
    if input._data.dtype.kind in "iu":  # already whole: a copy
        return Tensor._make(input._data.copy(), None)
    return CeilBackward0.apply(input)


def round(input: Tensor, *, decimals: int = 0) -> Tensor:  # noqa: A001 - torch's name
    """Round to the nearest whole number, halves to even (its gradient is 0)."""
    _no_bool(input, "round_vml_cpu")
    if decimals:
        scale = 10.0**decimals
        return RoundBackward0.apply(input * scale) / scale
    if input._data.dtype.kind in "iu":  # already whole: a copy
        return Tensor._make(input._data.copy(), None)
    return RoundBackward0.apply(input)


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


# --- what hand-written optimizers and losses reach for: addcmul, xlogy, hypot... ---
def _common(*tensors: Tensor, to_float: bool = False) -> list:
    """Three or more tensors brought to one dtype (torch's promotion) after checking
    that their shapes broadcast; ``to_float``: integers and bools compute in floats."""
    running = tensors[0]._data
    for t in tensors[1:]:
        if t._data.shape != running.shape:
            _broadcast_check(running, t._data)
            running = np.broadcast_to(0, np.broadcast_shapes(running.shape, t._data.shape))
    dt = _dtype.result_type(*tensors)
    if to_float and dt.kind not in "fc":
        dt = _dtype.get_default_dtype().np
    return [_cast(t, dt) for t in tensors]


class AddcmulBackward0(Op):
    """out = a + value * t1 * t2
    d/da = 1,   d/dt1 = value * t2,   d/dt2 = value * t1"""

    __slots__ = ("value",)

    @staticmethod
    def forward(ctx, a, t1, t2, value=1):
        needs = ctx.needs_input_grad
        ctx.save_for_backward(t2 if needs[1] else None, t1 if needs[2] else None)
        ctx.value = value
        return np.asarray(a + value * t1 * t2, dtype=a.dtype)

    @staticmethod
    def backward(ctx, grad):
        t2, t1 = ctx.saved_tensors
        v = ctx.value
        return (
            grad,
            grad * MulBackward1.apply(t2, c=v) if t2 is not None else None,
            grad * MulBackward1.apply(t1, c=v) if t1 is not None else None,
        )


class AddcdivBackward0(Op):
    """out = a + value * t1 / t2
    d/da = 1,   d/dt1 = value / t2,   d/dt2 = -value * t1 / t2²"""

    __slots__ = ("value",)

    @staticmethod
    def forward(ctx, a, t1, t2, value=1):
        ctx.save_for_backward(t1 if ctx.needs_input_grad[2] else None, t2)
        ctx.value = value
        return np.asarray(a + value * t1 / t2, dtype=a.dtype)

    @staticmethod
    def backward(ctx, grad):
        t1, t2 = ctx.saved_tensors
        v, needs = ctx.value, ctx.needs_input_grad
        g1 = g2 = None
        if needs[1]:  # (torch divides the number by t2: a wrapped number, DivBackward0)
            g1 = grad * DivBackward0.apply(Tensor._make(np.asarray(v, t2._data.dtype), None), t2)
        if needs[2]:
            g2 = -grad * (MulBackward1.apply(t1, c=v) / (t2 * t2))
        return grad, g1, g2


def _value_fits(value: Any, dt: np.dtype) -> Any:
    """``value`` as the result's dtype computes it: an integer result truncates it."""
    return int(value) if dt.kind in "iu" else value


def addcmul(input: Tensor, tensor1: Tensor, tensor2: Tensor, *, value: Any = 1) -> Tensor:
    """``input + value * tensor1 * tensor2`` in one operation (Adam's second moment).

    >>> import minigrad as torch
    >>> torch.addcmul(torch.ones(2), torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]), value=0.5)
    tensor([2.5000, 5.0000])
    """
    a, t1, t2 = _common(input, tensor1, tensor2)
    _no_bool(a, "addcmul_cpu_out")
    return AddcmulBackward0.apply(a, t1, t2, value=_value_fits(value, a._data.dtype))


def addcdiv(input: Tensor, tensor1: Tensor, tensor2: Tensor, *, value: Any = 1) -> Tensor:
    """``input + value * tensor1 / tensor2`` in one operation (Adam's step).

    >>> import minigrad as torch
    >>> torch.addcdiv(torch.ones(2), torch.tensor([1.0, 2.0]), torch.tensor([4.0, 4.0]), value=2)
    tensor([1.5000, 2.0000])
    """
    if tensor1._data.dtype.kind in "iub" and tensor2._data.dtype.kind in "iub":
        raise RuntimeError(_messages.ADDCDIV_INTEGER_DIVISION)
    a, t1, t2 = _common(input, tensor1, tensor2)
    return AddcdivBackward0.apply(a, t1, t2, value=value)


def _xlogy(a: np.ndarray, b: Any) -> np.ndarray:
    """``a * log(b)``, but 0 where ``a`` is 0 (unless ``b`` is nan)."""
    out = a * np.log(b)
    return np.asarray(np.where((a == 0) & ~np.isnan(b), 0, out), dtype=out.dtype)


class XlogyBackward0(Op):
    """out = a log(b), 0 where a = 0
    d/da = log(b) (0 where a = 0 and b <= 0),   d/db = a / b"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return _xlogy(a, b)

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        needs = ctx.needs_input_grad
        ga = _xlogy_self_grad(XlogyBackward0, grad, a, b) if needs[0] else None
        return ga, (grad * a / b if needs[1] else None)


class XlogyBackward1(Op):
    """out = c log(b), c a number          d/db = c / b"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, b, c):
        ctx.save_for_backward(b, c)
        return _xlogy(np.asarray(c, dtype=b.dtype), b)

    @staticmethod
    def backward(ctx, grad):
        b, c = ctx.saved_tensors
        return MulBackward1.apply(grad, c=c) / b


class XlogyBackward2(Op):
    """out = a log(c), c a number          d/da = log(c) (0 where a = 0 and c <= 0)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, c):
        ctx.save_for_backward(a, c)
        return _xlogy(a, np.asarray(c, dtype=a.dtype))

    @staticmethod
    def backward(ctx, grad):
        a, c = ctx.saved_tensors
        return _xlogy_self_grad(XlogyBackward2, grad, a, c)


def _xlogy_self_grad(cls: type[Op], grad: Tensor, a: Tensor, b: Any) -> Tensor:
    """xlogy(grad, b), set to 0 where a = 0 and b <= 0 (torch's masked_fill)."""
    if isinstance(b, Tensor):
        mask, g = (a._data == 0) & (b._data <= 0), cls.apply(grad, b)
    else:
        g = cls.apply(grad, c=b)
        if b > 0:  # (torch masks nothing then)
            return g
        mask = a._data == 0
    return MaskedFillBackward0.apply(g, value=0, mask=mask)


def xlogy(input: Any, other: Any) -> Tensor:
    """``input * log(other)``, with 0 where ``input`` is 0 (an entropy's ``p log p``).

    >>> import minigrad as torch
    >>> torch.xlogy(torch.tensor([0.0, 1.0, 2.0]), torch.tensor([0.0, 1.0, 2.0]))
    tensor([0.0000, 0.0000, 1.3863])
    """
    if not isinstance(input, Tensor):
        return _with_number(XlogyBackward1, other, input, to_float=True)
    if not isinstance(other, Tensor):
        return _with_number(XlogyBackward2, input, other, to_float=True)
    return binary(XlogyBackward0, input, other, true_div=True)


def _with_number(cls: type[Op], t: Tensor, c: Any, to_float: bool = False) -> Tensor:
    """A rule of a tensor and a number (``c``, a setting, as torch records it: the
    node's only input is the tensor), after torch's promotion of the two."""
    dt = _dtype.result_type(t, c)
    if to_float and dt.kind not in "fc":
        dt = _dtype.get_default_dtype().np
    return cls.apply(_cast(t, dt), c=_cast(c, dt))


class LogitBackward0(Op):
    """out = log(a / (1 - a))   (a clamped to [eps, 1 - eps] first, if eps is given)
    d/da = 1 / (a (1 - a)) inside, 0 outside [eps, 1 - eps] (nan outside [0, 1] if no eps)"""

    __slots__ = ("eps",)

    @staticmethod
    def forward(ctx, a, eps=None):
        ctx.save_for_backward(a)
        ctx.eps = eps
        x = a if eps is None else np.clip(a, eps, 1 - eps).astype(a.dtype)
        return np.log(x / (1 - x))

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        eps, data = ctx.eps, a._data
        lo, hi, outside = (0.0, 1.0, np.nan) if eps is None else (eps, 1 - eps, 0.0)
        one = Tensor._make(np.ones_like(data), None)  # (torch computes 1 - a as a filled tensor)
        inner = grad / (a * SubBackward0.apply(one, a))
        fill = Tensor._make(np.asarray(outside, dtype=data.dtype), None)
        return WhereBackward0.apply(inner, fill, cond=(data >= lo) & (data <= hi))


def logit(input: Tensor, eps: float | None = None) -> Tensor:
    """The inverse of the sigmoid, ``log(p / (1 - p))``; ``eps`` clamps ``p`` first.

    >>> import minigrad as torch
    >>> torch.logit(torch.tensor([0.25, 0.5]))
    tensor([-1.0986,  0.0000])
    """
    return LogitBackward0.apply(_as_float(input), eps=eps)


class LogaddexpBackward0(Op):
    """out = log(exp(a) + exp(b))
    d/da = 1 / (1 + exp(b - a)),   d/db = 1 / (1 + exp(a - b))"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        # from the larger one, so that exp cannot overflow; two equal infinities give themselves
        m = np.maximum(a, b)
        out = m + np.log1p(np.exp(-np.abs(a - b)))
        return np.asarray(np.where(np.isinf(a) & (a == b), a, out), dtype=out.dtype)

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        needs = ctx.needs_input_grad
        ga = grad / AddBackward1.apply((b - a).exp(), c=1) if needs[0] else None
        gb = grad / AddBackward1.apply((a - b).exp(), c=1) if needs[1] else None
        return ga, gb


def logaddexp(input: Tensor, other: Tensor) -> Tensor:
    """``log(exp(input) + exp(other))``, computed without overflow.

    >>> import minigrad as torch
    >>> torch.logaddexp(torch.tensor([0.0, 1000.0]), torch.tensor([0.0, 1000.0]))
    tensor([   0.6931, 1000.6931])
    """
    _tensor_other(other, "logaddexp")
    return _float_kernel(LogaddexpBackward0, "logaddexp_cpu", input, other)


def _float_kernel(cls: type[Op], kernel: str, input: Tensor, other: Tensor) -> Tensor:
    """A two-tensor op whose torch kernel exists for floating dtypes only."""
    dt = _dtype.result_type(input, other)
    if dt.kind not in "fc":
        raise NotImplementedError(
            f"\"{kernel}\" not implemented for '{_dtype.from_numpy_dtype(dt).scalar_name}'"
        )
    return binary(cls, input, other)


class HypotBackward0(Op):
    """out = sqrt(a² + b²)          d/da = a / out,   d/db = b / out"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        out = np.hypot(a, b)
        ctx.save_for_backward(a, b, out)
        return out

    @staticmethod
    def backward(ctx, grad):
        a, b, out = ctx.saved_tensors
        needs = ctx.needs_input_grad
        return (grad * a / out if needs[0] else None), (grad * b / out if needs[1] else None)


def hypot(input: Tensor, other: Tensor) -> Tensor:
    """The hypotenuse ``sqrt(input² + other²)``, elementwise.

    >>> import minigrad as torch
    >>> torch.hypot(torch.tensor([3.0, 5.0]), torch.tensor([4.0, 12.0]))
    tensor([ 5., 13.])
    """
    _tensor_other(other, "hypot")
    return _float_kernel(HypotBackward0, "hypot_cpu", input, other)


def true_divide(input: Any, other: Any) -> Tensor:
    """``input / other`` (torch's older name for ``div``)."""
    return div(input, other)


def negative(input: Tensor) -> Tensor:
    """``-input`` (``neg`` by another name)."""
    return neg(input)


def positive(input: Tensor) -> Tensor:
    """``+input``: the tensor itself (not a copy)."""
    if input._data.dtype == np.bool_:
        raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
    return input


def float_power(input: Any, exponent: Any) -> Tensor:
    """``input ** exponent`` computed in double precision (the result is float64).

    >>> import minigrad as torch
    >>> torch.float_power(torch.tensor([2, 3]), 2)
    tensor([4., 9.], dtype=torch.float64)
    """
    double = _dtype.float64
    if isinstance(input, Tensor):
        input = to_dtype(input, double)
    else:
        input = float(input)
    if isinstance(exponent, Tensor):
        exponent = to_dtype(exponent, double)
    else:
        exponent = float(exponent)
    return pow(input, exponent)


def float_power_(self: Tensor, exponent: Any) -> Tensor:
    """In place ``float_power``: only a float64 tensor can hold the result."""
    if self._data.dtype != np.float64:
        raise RuntimeError(_messages.float_power_base_dtype(self.dtype.scalar_name))
    args = [exponent] if isinstance(exponent, Tensor) else []
    return self._inplace(lambda s, *_: float_power(s, exponent), *args)


class FmodBackward0(Op):
    """out = a - c trunc(a / c), c a number (the sign of a)          d/da = 1"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, c):
        return np.asarray(np.fmod(a, c), dtype=a.dtype)

    @staticmethod
    def backward(ctx, grad):
        return grad


class FmodBackward1(Op):
    """out = a - b trunc(a / b) (the sign of a)          d/da = 1,   d/db = -trunc(a / b)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return np.fmod(a, b)

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        gb = -grad * div(a, b, rounding_mode="trunc") if ctx.needs_input_grad[1] else None
        return grad, gb


def fmod(input: Tensor, other: Any) -> Tensor:
    """The remainder of ``input / other`` with the sign of ``input`` (C's fmod;
    ``remainder`` takes the sign of ``other``).

    >>> import minigrad as torch
    >>> torch.fmod(torch.tensor([-3.0, 3.0]), 2)
    tensor([-1.,  1.])
    """
    other = _operand(other)
    dt = _dtype.result_type(input, other)
    if dt == np.bool_:
        raise NotImplementedError("\"fmod_cpu\" not implemented for 'Bool'")
    if dt.kind in "iu":
        divisor = other._data if isinstance(other, Tensor) else other
        if np.any(np.asarray(divisor) == 0):
            raise RuntimeError("ZeroDivisionError")
    if isinstance(other, Tensor):
        return binary(FmodBackward1, input, other)
    return _with_number(FmodBackward0, input, other)


class CopysignBackward0(Op):
    """out = |a| with the sign of b
    d/da = out / a (0 where a = 0),   d/db = 0"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        out = np.copysign(a, b)
        ctx.save_for_backward(a, out)
        return out

    @staticmethod
    def backward(ctx, grad):
        a, out = ctx.saved_tensors
        needs = ctx.needs_input_grad
        return (_copysign_grad(grad, a, out) if needs[0] else None), (
            zero_grad(grad) if needs[1] else None
        )


class CopysignBackward1(Op):
    """out = |a| with the sign of c, c a number          d/da = out / a (0 where a = 0)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a, c):
        out = np.asarray(np.copysign(a, c), dtype=a.dtype)
        ctx.save_for_backward(a, out)
        return out

    @staticmethod
    def backward(ctx, grad):
        a, out = ctx.saved_tensors
        return _copysign_grad(grad, a, out)


def _copysign_grad(grad: Tensor, a: Tensor, out: Tensor) -> Tensor:
    """grad * (out / a), the ratio set to 0 where a = 0 (torch's masked_fill_)."""
    ratio = MaskedFillBackward0.apply(out / a, value=0, mask=a._data == 0)
    return grad * ratio


def copysign(input: Tensor, other: Any) -> Tensor:
    """The size of ``input`` with the sign of ``other`` (also of -0.0), elementwise.

    >>> import minigrad as torch
    >>> torch.copysign(torch.tensor([1.0, -2.0]), -1)
    tensor([-1., -2.])
    """
    other = _operand(other)
    if isinstance(other, Tensor):
        return binary(CopysignBackward0, input, other, true_div=True)
    return _with_number(CopysignBackward1, input, other, to_float=True)


def signbit(input: Tensor) -> Tensor:
    """True where the sign bit is set: negative numbers, -0.0 and -nan (no gradient)."""
    return Tensor._make(np.signbit(input._data), None)


def sgn(input: Tensor) -> Tensor:
    """The sign, as ``sign`` (for real numbers; torch's ``sgn`` also takes complex ones)."""
    if input._data.dtype == np.bool_:
        return Tensor._make(input._data.copy(), None)
    return SgnBackward0.apply(input)
