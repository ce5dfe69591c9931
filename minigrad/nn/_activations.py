"""More activation functions (``F.gelu``, ``F.silu``, ``F.elu``, ``F.softplus``),
each one operation with torch's ``grad_fn`` name. ``forward`` computes on numpy
arrays (float32 in float64, then rounded, like the other float32 functions);
``backward`` is written with tensor operations, so it can be differentiated again.
"""

from __future__ import annotations

import math

import numpy as np

from .._tensor import Tensor
from ..autograd.function import Op
from ..ops._promotion import _as_float

_SQRT_HALF = 1 / math.sqrt(2)
_INV_SQRT_2PI = 1 / math.sqrt(2 * math.pi)
_SQRT_2_OVER_PI = math.sqrt(2 / math.pi)
_erf = np.vectorize(math.erf, otypes=[np.float64])


def _wide(a: np.ndarray) -> np.ndarray:
    return a.astype(np.float64) if a.dtype != np.float64 else a


class GeluBackward0(Op):
    """out = x Φ(x)  (Φ: the normal distribution's CDF; ``approximate='tanh'``:
    0.5 x (1 + tanh(√(2/π) (x + 0.044715 x³))))       d/dx = Φ(x) + x φ(x)"""

    __slots__ = ("approximate",)

    @staticmethod
    def forward(ctx, x, approximate):
        ctx.approximate = approximate
        ctx.save_for_backward(x)
        w = _wide(x)
        if approximate == "tanh":
            out = 0.5 * w * (1 + np.tanh(_SQRT_2_OVER_PI * (w + 0.044715 * w**3)))
        else:
            out = 0.5 * w * (1 + _erf(w * _SQRT_HALF)) if w.size else w.copy()
        return out.astype(x.dtype)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return GeluBackwardBackward0.apply(grad, x, approximate=ctx.approximate)


def _gelu_slope(x: Tensor, approximate: str) -> Tensor:
    """d gelu / dx, with tensor operations (so that it can be differentiated)."""
    if approximate == "tanh":
        t = ((x + x * x * x * 0.044715) * _SQRT_2_OVER_PI).tanh()
        d_inner = (x * x * (3 * 0.044715) + 1) * _SQRT_2_OVER_PI
        return (t + 1) * 0.5 + x * 0.5 * (1 - t * t) * d_inner
    cdf = ((x * _SQRT_HALF).erf() + 1) * 0.5
    return cdf + x * (x * x * -0.5).exp() * _INV_SQRT_2PI


def _gelu_curvature(x: Tensor, approximate: str) -> Tensor:
    """d² gelu / dx²: φ(x) (2 - x²), or for the tanh form, with t = tanh(u),
    u = c (x + k x³): (1 - t²) (u' + x (u'' - 2 t u'²) / 2)."""
    if approximate == "tanh":
        t = ((x + x * x * x * 0.044715) * _SQRT_2_OVER_PI).tanh()
        du = (x * x * (3 * 0.044715) + 1) * _SQRT_2_OVER_PI
        ddu = x * (6 * 0.044715 * _SQRT_2_OVER_PI)
        sech2 = 1 - t * t  # (sums of products: +0, not -0, where it underflows)
        return sech2 * du + sech2 * x * (ddu - t * du * du * 2) * 0.5
    pdf = (x * x * -0.5).exp() * _INV_SQRT_2PI
    return pdf * 2 - pdf * x * x


class GeluBackwardBackward0(Op):
    """gelu's derivative as an op: out = g gelu'(x)
    d/dg = gelu'(x);  d/dx = g gelu''(x)"""

    __slots__ = ("approximate",)

    @staticmethod
    def forward(ctx, g, x, approximate):
        ctx.approximate = approximate
        ctx.save_for_backward(g, x)
        xt = Tensor._make(_wide(x), None)
        out = (_wide(g) * _gelu_slope(xt, approximate)._data).astype(g.dtype)
        return out + out.dtype.type(0)  # (no -0 where the slope underflows)

    @staticmethod
    def backward(ctx, gg):
        g, x = ctx.saved_tensors
        dg = gg * _gelu_slope(x, ctx.approximate) if ctx.needs_input_grad[0] else None
        dx = gg * g * _gelu_curvature(x, ctx.approximate) if ctx.needs_input_grad[1] else None
        return dg, dx


class SiluBackward0(Op):
    """out = x σ(x)          d/dx = σ(x) (1 + x (1 - σ(x)))"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        w = _wide(x)
        return (w / (1 + np.exp(-w))).astype(x.dtype)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        s = x.sigmoid()  # (torch too writes this one with plain operations)
        return grad * s * (x * (1 - s) + 1)


class EluBackward0(Op):
    """out = x for x > 0, alpha (exp(x) - 1) otherwise
    d/dx = 1 for x > 0, alpha exp(x) otherwise"""

    __slots__ = ("alpha",)

    @staticmethod
    def forward(ctx, x, alpha):
        ctx.alpha = alpha
        ctx.save_for_backward(x)
        w = _wide(x)
        return np.where(w > 0, w, alpha * np.expm1(w)).astype(x.dtype)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return EluBackwardBackward0.apply(grad, x, alpha=ctx.alpha)


class EluBackwardBackward0(Op):
    """elu's derivative as an op: out = g where x > 0, g alpha exp(x) elsewhere
    d/dg = that slope;  d/dx = g alpha exp(x) where x < 0, else 0"""

    __slots__ = ("alpha",)

    @staticmethod
    def forward(ctx, g, x, alpha):
        ctx.alpha = alpha
        ctx.save_for_backward(g, x)
        w = _wide(x)
        return (_wide(g) * np.where(w > 0, 1.0, alpha * np.exp(w))).astype(g.dtype)

    @staticmethod
    def backward(ctx, gg):
        g, x = ctx.saved_tensors
        dg = dx = None
        if ctx.needs_input_grad[0]:
            dg = EluBackwardBackward0.apply(gg, x, alpha=ctx.alpha)
        if ctx.needs_input_grad[1]:
            dx = gg * g * (x < 0).to(x.dtype) * x.exp() * ctx.alpha
        return dg, dx


class SoftplusBackward0(Op):
    """out = log(1 + exp(beta x)) / beta  (x itself where beta x > threshold)
    d/dx = σ(beta x)  (1 above the threshold)"""

    __slots__ = ("beta", "threshold")

    @staticmethod
    def forward(ctx, x, beta, threshold):
        ctx.beta, ctx.threshold = beta, threshold
        ctx.save_for_backward(x)
        w = _wide(x)
        with np.errstate(over="ignore"):
            soft = np.log1p(np.exp(w * beta)) / beta
        return np.where(w * beta > threshold, w, soft).astype(x.dtype)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return SoftplusBackwardBackward0.apply(grad, x, beta=ctx.beta, threshold=ctx.threshold)


class SoftplusBackwardBackward0(Op):
    """softplus's derivative as an op: out = g σ(beta x)  (g above the threshold)
    d/dg = that slope;  d/dx = g beta σ(beta x)(1 - σ(beta x)) below the threshold"""

    __slots__ = ("beta", "threshold")

    @staticmethod
    def forward(ctx, g, x, beta, threshold):
        ctx.beta, ctx.threshold = beta, threshold
        ctx.save_for_backward(g, x)
        w = _wide(x) * beta
        slope = np.where(w > threshold, 1.0, 1 / (1 + np.exp(-w)))
        return (_wide(g) * slope).astype(g.dtype)

    @staticmethod
    def backward(ctx, gg):
        g, x = ctx.saved_tensors
        dg = dx = None
        if ctx.needs_input_grad[0]:
            dg = SoftplusBackwardBackward0.apply(gg, x, beta=ctx.beta, threshold=ctx.threshold)
        if ctx.needs_input_grad[1]:
            below = (x * ctx.beta <= ctx.threshold).to(x.dtype)
            s = (x * ctx.beta).sigmoid()
            dx = gg * g * below * s * (1 - s) * ctx.beta
        return dg, dx


def gelu(input: Tensor, approximate: str = "none") -> Tensor:
    """``x Φ(x)``: the Gaussian error linear unit (transformers' activation)."""
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    return GeluBackward0.apply(_as_float(input), approximate=approximate)


def silu(input: Tensor, inplace: bool = False) -> Tensor:
    """``x sigmoid(x)`` (also called swish)."""
    if inplace:
        return input._inplace(silu)
    return SiluBackward0.apply(_as_float(input))


def elu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    """``x`` for positive ``x``, ``alpha (exp(x) - 1)`` otherwise."""
    if inplace:
        return input._inplace(lambda t: elu(t, alpha))
    return EluBackward0.apply(_as_float(input), alpha=alpha)


def softplus(input: Tensor, beta: float = 1.0, threshold: float = 20.0) -> Tensor:
    """A smooth ``relu``: ``log(1 + exp(beta x)) / beta``."""
    return SoftplusBackward0.apply(_as_float(input), beta=beta, threshold=threshold)


class HardtanhBackward0(Op):
    """out = x clipped to [min_val, max_val]     d/dx = 1 strictly inside, 0 outside"""

    __slots__ = ("min_val", "max_val")

    @staticmethod
    def forward(ctx, x, min_val, max_val):
        ctx.min_val, ctx.max_val = min_val, max_val
        ctx.save_for_backward(x)
        return np.minimum(np.maximum(x, x.dtype.type(min_val)), x.dtype.type(max_val))

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return HardtanhBackwardBackward0.apply(grad, x, min_val=ctx.min_val, max_val=ctx.max_val)


class HardtanhBackwardBackward0(Op):
    """hardtanh's derivative as an op: out = g where min_val < x < max_val, else 0
    d/dg = the same mask;  d/dx = 0"""

    __slots__ = ("min_val", "max_val", "shape")

    @staticmethod
    def forward(ctx, g, x, min_val, max_val):
        ctx.min_val, ctx.max_val, ctx.shape = min_val, max_val, x.shape
        ctx.save_for_backward(x)
        inside = (x > min_val) & (x < max_val)
        return np.where(inside, g, g.dtype.type(0))

    @staticmethod
    def backward(ctx, gg):
        (x,) = ctx.saved_tensors
        dg = dx = None
        if ctx.needs_input_grad[0]:
            dg = HardtanhBackwardBackward0.apply(gg, x, min_val=ctx.min_val, max_val=ctx.max_val)
        if ctx.needs_input_grad[1]:
            dx = Tensor._make(np.zeros_like(x._data), None)
        return dg, dx


class LogSigmoidBackward0(Op):
    """out = log σ(x) = -softplus(-x)          d/dx = 1 - σ(x) = σ(-x)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        w = _wide(x)
        return (np.minimum(w, 0) - np.log1p(np.exp(-np.abs(w)))).astype(x.dtype)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return LogSigmoidBackwardBackward0.apply(grad, x)


class LogSigmoidBackwardBackward0(Op):
    """logsigmoid's derivative as an op: out = g σ(-x)
    d/dg = σ(-x);  d/dx = g (σ(x) - 1) σ(x)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, g, x):
        ctx.save_for_backward(g, x)
        return (_wide(g) / (1 + np.exp(_wide(x)))).astype(g.dtype)

    @staticmethod
    def backward(ctx, gg):
        g, x = ctx.saved_tensors
        dg = LogSigmoidBackwardBackward0.apply(gg, x) if ctx.needs_input_grad[0] else None
        dx = None
        if ctx.needs_input_grad[1]:
            z = x.sigmoid()
            dx = gg * g * (z - 1) * z  # (as torch writes it: 0 where σ(x) rounds to 1)
        return dg, dx


class MishBackward0(Op):
    """out = x tanh(softplus(x))
    d/dx = t + x σ(x) (1 - t²), t = tanh(softplus(x))"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        w = _wide(x)
        return (w * np.tanh(np.logaddexp(0, w))).astype(x.dtype)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        t = softplus(x).tanh()
        return grad * (t + x * x.sigmoid() * (1 - t * t))


def hardtanh(
    input: Tensor, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False
) -> Tensor:
    """``input`` clipped to ``[min_val, max_val]``."""
    if inplace:
        return input._inplace(lambda t: hardtanh(t, min_val, max_val))
    return HardtanhBackward0.apply(input, min_val=min_val, max_val=max_val)


def relu6(input: Tensor, inplace: bool = False) -> Tensor:
    """``min(max(0, x), 6)``: ``hardtanh`` between 0 and 6, as in torch."""
    return hardtanh(input, 0.0, 6.0, inplace)


def logsigmoid(input: Tensor) -> Tensor:
    """``log(sigmoid(x))``, computed without overflow."""
    return LogSigmoidBackward0.apply(_as_float(input))


def mish(input: Tensor, inplace: bool = False) -> Tensor:
    """``x tanh(softplus(x))``."""
    if inplace:
        return input._inplace(mish)
    return MishBackward0.apply(_as_float(input))
