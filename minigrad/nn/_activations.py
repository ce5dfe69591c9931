"""More activation functions (``F.gelu``, ``F.silu``, ``F.elu``, ``F.softplus``...),
each one operation with torch's ``grad_fn`` name. ``forward`` computes on numpy
arrays (float32 in float64, then rounded, like the other float32 functions);
``backward`` is written with tensor operations, so it can be differentiated again.
"""

from __future__ import annotations

import math

import numpy as np

from ..core.node import MultiOutputOp, Op
from ..core.tensor import Tensor
from ..exact import messages as _messages
from ..ops._promotion import _as_float
from ..ops.elementwise import NotImplementedBackward, ThresholdBackwardBackward0
from ..ops.join import cat

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
    """out = scale x for x > 0, alpha scale (exp(input_scale x) - 1) otherwise
    d/dx = scale for x > 0, alpha scale input_scale exp(input_scale x) otherwise
    (``elu``: scale = input_scale = 1; ``selu`` and ``celu`` are elu with other constants)"""

    __slots__ = ("alpha", "scale", "input_scale")

    @staticmethod
    def forward(ctx, x, alpha, scale=1.0, input_scale=1.0):
        ctx.alpha, ctx.scale, ctx.input_scale = alpha, scale, input_scale
        ctx.save_for_backward(x)
        w, t = _wide(x), x.dtype.type  # (torch rounds the constants to x's dtype first)
        pos, neg = float(t(scale)), float(t(alpha) * t(scale))
        return np.where(w > 0, w * pos, neg * np.expm1(w * float(t(input_scale)))).astype(x.dtype)

    @classmethod
    def backward(cls, ctx, grad):
        (x,) = ctx.saved_tensors
        return EluBackwardBackward0.apply(
            grad, x, alpha=ctx.alpha, scale=ctx.scale, input_scale=ctx.input_scale
        )


class EluBackward1(EluBackward0):
    """``elu_`` (in place): the same rule"""

    __slots__ = ()


class CeluBackward0(EluBackward0):
    """celu(x) = elu(x) with input_scale = 1 / alpha: x for x > 0, alpha (exp(x / alpha) - 1)"""

    __slots__ = ()


class CeluBackward1(CeluBackward0):
    """``celu_`` (in place): the same rule"""

    __slots__ = ()


class EluBackwardBackward0(Op):
    """elu's derivative as an op: out = g scale where x > 0, g alpha scale input_scale
    exp(input_scale x) elsewhere
    d/dg = that slope;  d/dx = g alpha scale input_scale² exp(input_scale x) where x < 0"""

    __slots__ = ("alpha", "scale", "input_scale")

    @staticmethod
    def forward(ctx, g, x, alpha, scale=1.0, input_scale=1.0):
        ctx.alpha, ctx.scale, ctx.input_scale = alpha, scale, input_scale
        ctx.save_for_backward(g, x)
        w = _wide(x)
        neg = alpha * scale * input_scale * np.exp(w * input_scale)
        return (_wide(g) * np.where(w > 0, scale, neg)).astype(g.dtype)

    @staticmethod
    def backward(ctx, gg):
        g, x = ctx.saved_tensors
        a, s, i = ctx.alpha, ctx.scale, ctx.input_scale
        dg = dx = None
        if ctx.needs_input_grad[0]:
            dg = EluBackwardBackward0.apply(gg, x, alpha=a, scale=s, input_scale=i)
        if ctx.needs_input_grad[1]:
            dx = gg * g * (x < 0).to(x.dtype) * (x * i).exp() * (a * s * i * i)
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
        return input._inplace(lambda t: EluBackward1.apply(t, alpha=alpha))
    return EluBackward0.apply(_as_float(input), alpha=alpha)


_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def selu(input: Tensor, inplace: bool = False) -> Tensor:
    """``scale * elu(x, alpha)`` with the constants that keep activations at mean 0
    and variance 1 ("self-normalising"): alpha ≈ 1.6733, scale ≈ 1.0507."""
    _floats_only(input, "elu")
    rule = EluBackward1 if inplace else EluBackward0
    settings = {"alpha": _SELU_ALPHA, "scale": _SELU_SCALE}
    if inplace:
        return input._inplace(lambda t: rule.apply(t, **settings))
    return rule.apply(_as_float(input), **settings)


def celu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    """``x`` for positive ``x``, ``alpha (exp(x / alpha) - 1)`` otherwise (a
    continuously differentiable elu)."""
    if alpha == 0:
        raise RuntimeError("ZeroDivisionError: alpha cannot be 0 for CELU")
    _floats_only(input, "elu")
    settings = {"alpha": alpha, "input_scale": 1.0 / alpha}
    if inplace:
        return input._inplace(lambda t: CeluBackward1.apply(t, **settings))
    return CeluBackward0.apply(_as_float(input), **settings)


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


def _floats_only(input: Tensor, kernel: str) -> None:
    """torch's kernels for these activations exist for floating types only."""
    if input._data.dtype.kind != "f":
        raise NotImplementedError(
            f"\"{kernel}_cpu\" not implemented for '{input.dtype.scalar_name}'"
        )


# --- threshold, hardswish, hardsigmoid ---------------------------------------------------


class ThresholdBackward0(Op):
    """out = x where x > threshold, else value        d/dx = 1 where x > threshold, else 0
    (that derivative is relu's, ``ThresholdBackwardBackward0``, with this threshold)"""

    __slots__ = ("threshold",)

    @staticmethod
    def forward(ctx, x, threshold, value):
        ctx.threshold = threshold
        ctx.save_for_backward(x)
        return np.where(x > threshold, x, np.asarray(value).astype(x.dtype))

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return ThresholdBackwardBackward0.apply(grad, x, threshold=ctx.threshold)


class ThresholdBackward1(ThresholdBackward0):
    """``threshold_`` (in place): the same rule"""

    __slots__ = ()


def threshold(input: Tensor, threshold: float, value: float, inplace: bool = False) -> Tensor:
    """``x`` where ``x > threshold``, else ``value``."""
    if inplace:
        return input._inplace(
            lambda t: ThresholdBackward1.apply(t, threshold=threshold, value=value)
        )
    return ThresholdBackward0.apply(input, threshold=threshold, value=value)


def threshold_(input: Tensor, threshold: float, value: float) -> Tensor:
    """In place: ``x`` where ``x > threshold``, else ``value``."""
    return input._inplace(lambda t: ThresholdBackward1.apply(t, threshold=threshold, value=value))


class HardswishBackward0(Op):
    """out = x relu6(x + 3) / 6   (0 below -3, x above 3)
    d/dx = 0 up to -3, x / 3 + 1/2 strictly between -3 and 3, 1 from 3 on"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        t = x.dtype.type
        return x * np.minimum(np.maximum(x + t(3), t(0)), t(6)) / t(6)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return HardswishBackwardBackward0.apply(grad, x)


class HardswishBackwardBackward0(Op):
    """hardswish's derivative as an op: out = g times that slope
    d/dg = the slope;  d/dx = g / 3 strictly between -3 and 3, else 0"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, g, x):
        ctx.save_for_backward(g, x)
        t = x.dtype.type
        slope = np.where(x <= -3, t(0), np.where(x < 3, x / t(3) + t(0.5), t(1)))
        return g * slope

    @staticmethod
    def backward(ctx, gg):
        g, x = ctx.saved_tensors
        dg = HardswishBackwardBackward0.apply(gg, x) if ctx.needs_input_grad[0] else None
        dx = None
        if ctx.needs_input_grad[1]:
            inside = ((x > -3) & (x < 3)).to(x.dtype)
            dx = gg * g * inside / 3.0
        return dg, dx


def _hardsigmoid_slope(g: np.ndarray, x: np.ndarray) -> np.ndarray:
    return np.where((x > -3) & (x < 3), g / g.dtype.type(6), g.dtype.type(0))


class HardsigmoidBackward0(Op):
    """out = relu6(x + 3) / 6        d/dx = 1/6 strictly between -3 and 3, else 0
    (torch has no derivative of that derivative: differentiating twice fails)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        t = x.dtype.type
        return np.minimum(np.maximum(x + t(3), t(0)), t(6)) / t(6)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return NotImplementedBackward.apply(
            grad, x, fn=_hardsigmoid_slope, aten="hardsigmoid_backward"
        )


def hardswish(input: Tensor, inplace: bool = False) -> Tensor:
    """``x relu6(x + 3) / 6``: a cheap ``silu`` (MobileNetV3)."""
    _floats_only(input, "hardswish")
    if inplace:
        return input._inplace(lambda t: HardswishBackward0.apply(t))
    return HardswishBackward0.apply(_as_float(input))


def hardsigmoid(input: Tensor, inplace: bool = False) -> Tensor:
    """``relu6(x + 3) / 6``: a cheap ``sigmoid``, 0 below -3 and 1 above 3."""
    _floats_only(input, "hardsigmoid")
    if inplace:
        return input._inplace(lambda t: HardsigmoidBackward0.apply(t))
    return HardsigmoidBackward0.apply(_as_float(input))


# --- prelu, glu ---------------------------------------------------------------------------


class PreluKernelBackward0(Op):
    """out = x where x > 0, weight x elsewhere (weight broadcast over x)
    dx = grad where x > 0, weight grad elsewhere;  dweight = grad x where x <= 0
    (summed over the broadcast dims): both come from one op, as in torch"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, x, weight):
        ctx.save_for_backward(x, weight)
        return np.where(x > 0, x, weight * x)

    @staticmethod
    def backward(ctx, grad):
        x, weight = ctx.saved_tensors
        gx, gw = PreluKernelBackwardBackward0.apply(grad, x, weight)
        needs = ctx.needs_input_grad
        return (gx if needs[0] else None), (gw if needs[1] else None)


def _sum_to_shape(a: np.ndarray, shape: tuple) -> np.ndarray:
    """Undo broadcasting: ``a`` summed down to ``shape``."""
    lead = a.ndim - len(shape)
    dims = tuple(range(lead)) + tuple(
        lead + i for i, n in enumerate(shape) if n == 1 and a.shape[lead + i] != 1
    )
    return a.sum(axis=dims, keepdims=True).reshape(shape) if dims else a.reshape(shape)


class PreluKernelBackwardBackward0(MultiOutputOp):
    """prelu's derivative as one op with two outputs, from (g, x, weight):
    dx = g where x > 0, weight g elsewhere;  dweight = g x where x <= 0 (summed)
    its own derivative, from the gradients (ggx, ggw) of those two outputs:
    d/dg = ggx (1 or weight) + ggw (0 or x);  d/dx = ggw g where x <= 0;
    d/dweight = ggx g where x <= 0"""

    __slots__ = ()
    _outputs = 2

    @staticmethod
    def forward(ctx, g, x, weight):
        ctx.save_for_backward(g, x, weight)
        positive = x > 0
        gx = np.where(positive, g, weight * g).astype(g.dtype)
        gw = _sum_to_shape(np.where(positive, 0, x * g), weight.shape).astype(g.dtype)
        return gx, gw

    @staticmethod
    def backward(ctx, ggx, ggw):
        g, x, weight = ctx.saved_tensors
        neg = Tensor._make((x._data <= 0).astype(x._data.dtype), None)
        pos = Tensor._make((x._data > 0).astype(x._data.dtype), None)
        needs = ctx.needs_input_grad
        dg = dx = dw = None
        if needs[0]:
            dg = ggx * (pos + neg * weight) if ggx is not None else None
            if ggw is not None:
                dg = ggw * x * neg if dg is None else dg + ggw * x * neg
        if needs[1]:
            dx = ggw * g * neg if ggw is not None else g * 0
        if needs[2] and ggx is not None:
            dw = ggx * g * neg
        return dg, dx, dw


def prelu(input: Tensor, weight: Tensor) -> Tensor:
    """``x`` where positive, ``weight * x`` elsewhere: a leaky relu whose slope is
    learnt (one slope, or one per channel, dim 1)."""
    if input.dtype != weight.dtype:
        raise RuntimeError(
            f"prelu: Type promoting not supported. Got {input.dtype.scalar_name} and "
            f"{weight.dtype.scalar_name}"
        )
    _floats_only(input, "prelu")
    if weight.numel() != 1:
        if input.dim() == 0:
            raise RuntimeError("Not allow zero-dim input tensor.")
        channels = input.shape[1] if input.dim() > 1 else 1
        if channels != weight.numel():
            raise RuntimeError(_messages.prelu_channels(weight.numel(), channels))
    if weight.dim() > 1:
        raise RuntimeError(
            f"prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = {weight.dim()}"
        )
    if input.dim() >= 2:  # (as torch: the weight as a view (1, C, 1, ...))
        weight = weight.reshape((1, weight.numel()) + (1,) * (input.dim() - 2))
    return PreluKernelBackward0.apply(input, weight)


class GluBackward0(Op):
    """out = a σ(b), with a, b the two halves of x along ``dim``
    da = grad σ(b),  db = grad a σ(b) (1 - σ(b))"""

    __slots__ = ("dim",)

    @staticmethod
    def forward(ctx, x, dim):
        ctx.dim = dim
        ctx.save_for_backward(x)
        a, b = np.split(_wide(x), 2, axis=dim)
        return (a / (1 + np.exp(-b))).astype(x.dtype)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return GluBackwardBackward0.apply(grad, x, dim=ctx.dim)


class GluBackwardBackward0(Op):
    """glu's derivative as an op: out = (g σ(b), g a σ'(b)), σ' = σ (1 - σ)
    from the halves (gga, ggb) of its gradient: d/dg = gga σ(b) + ggb a σ'(b),
    d/da = ggb g σ'(b),  d/db = gga g σ'(b) + ggb g a σ''(b), σ'' = σ' (1 - 2σ)"""

    __slots__ = ("dim",)

    @staticmethod
    def forward(ctx, g, x, dim):
        ctx.dim = dim
        ctx.save_for_backward(g, x)
        a, b = np.split(_wide(x), 2, axis=dim)
        s = 1 / (1 + np.exp(-b))
        w = _wide(g)
        return np.concatenate([w * s, w * a * s * (1 - s)], axis=dim).astype(x.dtype)

    @staticmethod
    def backward(ctx, gg):
        g, x = ctx.saved_tensors
        a, b = x.chunk(2, ctx.dim)
        gga, ggb = gg.chunk(2, ctx.dim)
        s = b.sigmoid()
        ds = s * (1 - s)
        dg = dx = None
        if ctx.needs_input_grad[0]:
            dg = gga * s + ggb * a * ds
        if ctx.needs_input_grad[1]:
            dx = cat([ggb * g * ds, gga * g * ds + ggb * g * a * ds * (1 - 2 * s)], ctx.dim)
        return dg, dx


def glu(input: Tensor, dim: int = -1) -> Tensor:
    """The gated linear unit: split ``input`` in halves ``a``, ``b`` along ``dim``,
    return ``a * sigmoid(b)``."""
    _floats_only(input, "glu")
    if input.dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    d = dim + input.dim() if dim < 0 else dim
    if input.shape[d] % 2:
        raise RuntimeError(
            f"Halving dimension must be even, but dimension {d} is size {input.shape[d]}"
        )
    return GluBackward0.apply(_as_float(input), dim=d)
