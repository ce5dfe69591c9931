"""Elementwise operations: a calculus sheet.

Each class is one operation, named after the grad_fn torch gives it.
``forward`` computes on numpy arrays; ``backward`` receives the gradient of
the output and returns the gradient of each input (the chain rule: incoming
gradient times the local derivative). Broadcast inputs need no care here:
the engine sums each gradient back to its input's shape.

The digit in a name is torch's overload number: one function, several
signatures, one node class each (``SubBackward0`` is tensor - tensor,
``SubBackward1`` tensor - number; ``SumBackward0`` is ``sum()``,
``SumBackward1`` is ``sum(dim)``).

Some rules' ``backward`` calls an op named ``*BackwardBackward0`` (``tanh`` calls
``TanhBackwardBackward0``): torch writes those first derivatives as ops of their
own, so a second derivative (``create_graph=True``) records a node of that name,
and its numbers round as torch's do.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor, _broadcast_check
from ..exact import dtype as _dtype
from ..exact import messages as _messages
from ..exact.quiet_numpy import quiet_numpy
from ._dispatch import binary
from ._promotion import (
    _as_float,
    _astype,
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
        from .piecewise import where  # piecewise.py builds on this file

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
for _name, _fn in [
    ("exp", exp),
    ("log", log),
    ("sqrt", sqrt),
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
