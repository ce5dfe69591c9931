"""More pointwise functions, those hand-written optimizers and losses reach for:
addcmul and addcdiv, xlogy, logit, logaddexp, hypot, fmod, copysign, float_power.

Same shape as ``elementwise.py``: one class per torch grad_fn, forward beside backward.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor, _broadcast_check
from ..exact import dtype as _dtype
from ..exact import messages as _messages
from ._dispatch import binary
from ._promotion import (
    _as_float,
    _cast,
    _operand,
)
from .copies import to_dtype
from .elementwise import (
    AddBackward1,
    DivBackward0,
    MulBackward1,
    SgnBackward0,
    SubBackward0,
    _no_bool,
    div,
    neg,
    zero_grad,
)
from .piecewise import MaskedFillBackward0, WhereBackward0, _tensor_other


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
