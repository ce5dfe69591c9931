"""Unary functions: exponentials, logarithms, trigonometric and hyperbolic
functions, and rounding.

One class per operation, named after the grad_fn torch gives it; its docstring
gives the derivative.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor
from ..exact import float32_math as _float32_math
from .elementwise import AddBackward1, MulBackward1, _f32, _no_bool, _unary, zero_grad


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
        # grad * (1 - out²), as one op of torch's (so create_graph records its name)
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


sin = _unary(SinBackward0)
cos = _unary(CosBackward0)
tanh = _unary(TanhBackward0)
sigmoid = _unary(SigmoidBackward0)
for _name, _fn in [("sin", sin), ("cos", cos), ("tanh", tanh), ("sigmoid", sigmoid)]:
    _fn.__name__ = _fn.__qualname__ = _name
    _fn.__doc__ = f"Elementwise ``{_name}``."
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
