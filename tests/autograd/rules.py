"""Every derivative rule of minigrad, with a small function that runs it.

A *rule class* is a subclass of minigrad's internal op base class (``Op`` in
``minigrad/core/node.py``): ``MulBackward0``, ``SoftmaxBackward0``... The
test in ``test_gradcheck.py`` walks all of them, so a new rule cannot be added
without an entry here:

- ``RULES[name]``: a function of ``(L, *inputs)`` (``L`` is torch or minigrad)
  whose graph holds a node of that class, and the inputs it takes. The test runs
  gradcheck and gradgradcheck on it in float64, under minigrad and under torch.
- ``EXCLUDED[name]``: why that class cannot be gradchecked.

Classes whose name starts with ``_`` are private bases shared by several rules
(never a node's class themselves); the test checks that each one has subclasses.
Rules recorded only while a gradient is computed with ``create_graph=True``
(``TanhBackwardBackward0``...) are reached through :func:`grad_of`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Rule:
    """``fn(L, *inputs)`` runs the rule; ``inputs`` gives each input's shape and
    domain: ``"signed"`` (0.2 to 1.5 in size, either sign: away from the kinks at 0),
    ``"positive"`` (0.2 to 1.5) or ``"unit"`` (0.2 to 0.8, for probabilities)."""

    fn: Callable[..., Any]
    inputs: tuple[tuple[tuple[int, ...], str], ...]
    options: dict | None = None  # gradcheck's eps/atol/rtol, where the defaults cannot do

    def make_inputs(self, lib: Any, seed: int = 0) -> tuple:
        rng = np.random.default_rng(seed)
        out = []
        for shape, domain in self.inputs:
            if domain == "unit":
                a = rng.uniform(0.2, 0.8, size=shape)
            else:
                a = rng.uniform(0.2, 1.5, size=shape)
                if domain == "signed":
                    a = a * rng.choice([-1.0, 1.0], size=shape)
            out.append(lib.tensor(a, dtype=lib.float64, requires_grad=True))
        return tuple(out)


def S(*shape: int) -> tuple[tuple[int, ...], str]:
    """A signed input of this shape."""
    return (shape, "signed")


def P(*shape: int) -> tuple[tuple[int, ...], str]:
    """A positive input of this shape."""
    return (shape, "positive")


def U(*shape: int) -> tuple[tuple[int, ...], str]:
    """An input in (0.2, 0.8), like a probability."""
    return (shape, "unit")


def rule(fn: Callable[..., Any], *inputs: tuple, options: dict | None = None) -> Rule:
    return Rule(fn, tuple(inputs), options)


def grad_of(L: Any, f: Callable[[Any], Any], x: Any, v: Any) -> Any:
    """The gradient of ``f(x)`` for the upstream gradient ``v``, as a function of
    both (``create_graph=True``): its graph holds the derivative's own rules."""
    return L.autograd.grad(f(x), x, v, create_graph=True)[0]


def leaf(L: Any, *shape: int) -> Any:
    """A leaf of zeros that requires grad: the ``x`` of a rule whose gradient
    does not depend on ``x`` (indexing, linear losses)."""
    return L.zeros(*shape, dtype=L.float64, requires_grad=True)


def idx(L: Any, values: Any) -> Any:
    return L.tensor(values)


def F(L: Any) -> Any:
    return L.nn.functional


def _custom_exp(L: Any) -> Any:
    """A user-written ``autograd.Function`` (its node is a ``BackwardCFunction``)."""

    class Exp(L.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            y = x.exp()
            ctx.save_for_backward(y)
            return y

        @staticmethod
        def backward(ctx, grad):
            (y,) = ctx.saved_tensors
            return grad * y

    return Exp


RULES: dict[str, Rule] = {
    # --- elementwise: arithmetic ------------------------------------------------------
    "AddBackward0": rule(lambda L, a, b: a + b, S(2, 3), S(3)),
    # (torch records ``a + 2.0`` as AddBackward0: the scalar forms live in derivatives)
    "AddBackward1": rule(lambda L, a, v: grad_of(L, L.log1p, a, v), P(2, 3), S(2, 3)),
    "SubBackward0": rule(lambda L, a, b: a - b, S(2, 3), S(2, 1)),
    "SubBackward1": rule(
        lambda L, a, b, v: grad_of(L, lambda x: x**b, a, v), P(2, 3), S(2, 3), S(2, 3)
    ),
    "RsubBackward1": rule(lambda L, a: 2.0 - a, S(2, 3)),
    "AddcmulBackward0": rule(
        lambda L, a, b, c: L.addcmul(a, b, c, value=-0.5), S(2, 3), S(3), S(2, 3)
    ),
    "AddcdivBackward0": rule(
        lambda L, a, b, c: L.addcdiv(a, b, c, value=2), S(2, 3), S(3), P(2, 3)
    ),
    "XlogyBackward1": rule(lambda L, b: L.xlogy(2.0, b), P(2, 3)),
    "XlogyBackward2": rule(lambda L, a: L.xlogy(a, 3.0), S(2, 3)),
    "LogitBackward0": rule(lambda L, a: L.logit(a, eps=0.1), U(2, 3)),
    "LogaddexpBackward0": rule(lambda L, a, b: L.logaddexp(a, b), S(2, 3), S(3)),
    "HypotBackward0": rule(lambda L, a, b: L.hypot(a, b), S(2, 3), S(2, 1)),
    "FmodBackward0": rule(lambda L, a: L.fmod(a, 0.15), S(2, 3)),
    "FmodBackward1": rule(lambda L, a, b: L.fmod(a, b), S(2, 3), S(2, 3)),
    "CopysignBackward0": rule(lambda L, a, b: L.copysign(a, b), S(2, 3), S(2, 3)),
    "CopysignBackward1": rule(lambda L, a: L.copysign(a, -1.0), S(2, 3)),
    "MulBackward0": rule(lambda L, a, b: a * b, S(2, 3), S(2, 1)),
    "MulBackward1": rule(lambda L, a, v: grad_of(L, L.sqrt, a, v), P(2, 3), S(2, 3)),
    "DivBackward0": rule(lambda L, a, b: a / b, S(2, 3), S(3)),
    "DivBackward2": rule(lambda L, a, b: L.div(a, b, rounding_mode="floor") + a, S(2, 3), P(3)),
    "RemainderBackward0": rule(lambda L, a: a % 0.7, S(2, 3)),
    "RemainderBackward1": rule(lambda L, a, b: a % b, S(2, 3), P(3)),
    "DivBackward1": rule(
        lambda L, a, t, v: grad_of(L, lambda x: F(L).binary_cross_entropy_with_logits(x, t), a, v),
        S(2, 3),
        U(2, 3),
        S(),
    ),
    "NegBackward0": rule(lambda L, a: -a, S(2, 3)),
    "ReciprocalBackward0": rule(lambda L, a: a.reciprocal(), S(2, 3)),
    "PowBackward0": rule(lambda L, a: a**1.5, P(2, 3)),
    "PowBackward1": rule(lambda L, a, b: a**b, P(2, 3), S(2, 3)),
    "PowBackward2": rule(lambda L, a: 2.0**a, S(2, 3)),
    # --- elementwise: functions -------------------------------------------------------
    "ExpBackward0": rule(lambda L, a: a.exp(), S(2, 3)),
    "Exp2Backward0": rule(lambda L, a: L.exp2(a), S(2, 3)),
    "LogBackward0": rule(lambda L, a: a.log(), P(2, 3)),
    "Log2Backward0": rule(lambda L, a: L.log2(a), P(2, 3)),
    "Log10Backward0": rule(lambda L, a: a.log10(), P(2, 3)),
    "Log1PBackward0": rule(lambda L, a: a.log1p(), P(2, 3)),
    "SqrtBackward0": rule(lambda L, a: a.sqrt(), P(2, 3)),
    "SinBackward0": rule(lambda L, a: a.sin(), S(2, 3)),
    "CosBackward0": rule(lambda L, a: a.cos(), S(2, 3)),
    "TanhBackward0": rule(lambda L, a: a.tanh(), S(2, 3)),
    "TanhBackwardBackward0": rule(lambda L, a, v: grad_of(L, L.tanh, a, v), S(2, 3), S(2, 3)),
    "SigmoidBackward0": rule(lambda L, a: a.sigmoid(), S(2, 3)),
    "GeluBackward0": rule(lambda L, a: L.nn.functional.gelu(a), S(2, 3)),
    "GeluBackwardBackward0": rule(
        lambda L, a, v: grad_of(L, lambda t: L.nn.functional.gelu(t, approximate="tanh"), a, v),
        S(2, 3),
        S(2, 3),
    ),
    "SiluBackward0": rule(lambda L, a: L.nn.functional.silu(a), S(2, 3)),
    "EluBackward0": rule(lambda L, a: L.nn.functional.elu(a, alpha=0.7), S(2, 3)),
    "EluBackwardBackward0": rule(
        lambda L, a, v: grad_of(L, L.nn.functional.elu, a, v), S(2, 3), S(2, 3)
    ),
    "EluBackward1": rule(lambda L, a: F(L).elu(a * 1.0, alpha=0.7, inplace=True), S(2, 3)),
    "CeluBackward0": rule(lambda L, a: F(L).celu(a, alpha=0.7), S(2, 3)),
    "CeluBackward1": rule(lambda L, a: F(L).celu(a * 1.0, alpha=0.7, inplace=True), S(2, 3)),
    "ThresholdBackward0": rule(lambda L, a: F(L).threshold(a, 0.1, -2.0), S(2, 3)),
    "ThresholdBackward1": rule(lambda L, a: F(L).threshold(a * 1.0, 0.1, -2.0, True), S(2, 3)),
    "HardswishBackward0": rule(lambda L, a: F(L).hardswish(a * 2.0), S(2, 3)),
    "HardswishBackwardBackward0": rule(
        lambda L, a, v: grad_of(L, lambda x: F(L).hardswish(x * 2.0), a, v), S(2, 3), S(2, 3)
    ),
    "PreluKernelBackward0": rule(lambda L, x, w: F(L).prelu(x, w), S(2, 3, 2), S(3)),
    "PreluKernelBackwardBackward0": rule(
        lambda L, x, w, v: grad_of(L, lambda t: F(L).prelu(t, w), x, v),
        S(2, 3, 2),
        S(3),
        S(2, 3, 2),
    ),
    "GluBackwardBackward0": rule(
        lambda L, x, v: grad_of(L, lambda t: F(L).glu(t, 0), x, v), S(4, 3), S(2, 3)
    ),
    "GluBackward0": rule(lambda L, x: F(L).glu(x, 0), S(4, 3)),
    "SoftMarginLossBackward0": rule(
        lambda L, x: F(L).soft_margin_loss(x, L.tensor([1.0, -1.0, -1.0], dtype=L.float64)),
        S(2, 3),
    ),
    "SoftMarginLossBackwardBackward0": rule(
        lambda L, x, v: grad_of(
            L,
            lambda t: F(L).soft_margin_loss(t, L.tensor([1.0, -1.0, -1.0], dtype=L.float64)),
            x,
            v,
        ),
        S(2, 3),
        S(),
    ),
    "NormBackward1": rule(lambda L, a, b: F(L).pairwise_distance(a, b, p=3), S(2, 3), S(2, 3)),
    "HardtanhBackward0": rule(lambda L, a: L.nn.functional.hardtanh(a, -0.8, 1.1), S(2, 3)),
    "HardtanhBackwardBackward0": rule(
        lambda L, v: grad_of(L, lambda x: F(L).hardtanh(x + 0.5), leaf(L, 2, 3), v), S(2, 3)
    ),
    "LogSigmoidBackward0": rule(lambda L, a: L.nn.functional.logsigmoid(a), S(2, 3)),
    "LogSigmoidBackwardBackward0": rule(
        lambda L, a, v: grad_of(L, L.nn.functional.logsigmoid, a, v), S(2, 3), S(2, 3)
    ),
    "MishBackward0": rule(lambda L, a: L.nn.functional.mish(a), S(2, 3)),
    "Atan2Backward0": rule(lambda L, a, b: L.atan2(a, b), S(2, 3), S(3)),
    "LerpBackward0": rule(lambda L, a, b: L.lerp(a, b, 0.3), S(2, 3), S(3)),
    "LerpBackward1": rule(lambda L, a, b, w: L.lerp(a, b, w), S(2, 3), S(3), S(2, 1)),
    "SoftplusBackward0": rule(lambda L, a: L.nn.functional.softplus(a, beta=2.0), S(2, 3)),
    "SoftplusBackwardBackward0": rule(
        lambda L, a, v: grad_of(L, L.nn.functional.softplus, a, v), S(2, 3), S(2, 3)
    ),
    "TanBackward0": rule(lambda L, a: a.tan(), S(2, 3)),
    "AtanBackward0": rule(lambda L, a: a.atan(), S(2, 3)),
    "AsinBackward0": rule(lambda L, a: (a * 0.5).asin(), S(2, 3)),
    "AcosBackward0": rule(lambda L, a: (a * 0.5).acos(), S(2, 3)),
    "SinhBackward0": rule(lambda L, a: a.sinh(), S(2, 3)),
    "CoshBackward0": rule(lambda L, a: a.cosh(), S(2, 3)),
    "RsqrtBackward0": rule(lambda L, a: a.rsqrt(), P(2, 3)),
    "Expm1Backward0": rule(lambda L, a: a.expm1(), S(2, 3)),
    "FracBackward0": rule(lambda L, a: (a * 3).frac(), S(2, 3)),
    "NanToNumBackward0": rule(lambda L, a: L.nan_to_num(a), S(2, 3)),
    "UpsampleNearest1DBackward0": rule(
        lambda L, a: F(L).interpolate(a, scale_factor=1.7), S(1, 2, 5)
    ),
    "UpsampleNearest2DBackward0": rule(
        lambda L, a: F(L).interpolate(a, size=(3, 4)), S(1, 1, 2, 3)
    ),
    "UpsampleNearest1DBackwardBackward0": rule(
        lambda L, a, v: grad_of(L, lambda x: F(L).interpolate(x, scale_factor=2), a, v),
        S(1, 2, 3),
        S(1, 2, 6),
    ),
    "UpsampleNearest2DBackwardBackward0": rule(
        lambda L, a, v: grad_of(L, lambda x: F(L).interpolate(x, scale_factor=2), a, v),
        S(1, 1, 2, 2),
        S(1, 1, 4, 4),
    ),
    # comparisons in place: the result keeps a node, whose derivatives are 0
    "EqBackward0": rule(lambda L, a: (a * 1).eq_(0.1), S(2, 3)),
    "EqBackward1": rule(lambda L, a, b: (a * 1).eq_(b), S(2, 3), S(3)),
    "NeBackward0": rule(lambda L, a: (a * 1).ne_(0.1), S(2, 3)),
    "NeBackward1": rule(lambda L, a, b: (a * 1).ne_(b), S(2, 3), S(3)),
    "LtBackward0": rule(lambda L, a: (a * 1).lt_(0.1), S(2, 3)),
    "LtBackward1": rule(lambda L, a, b: (a * 1).lt_(b), S(2, 3), S(3)),
    "LeBackward0": rule(lambda L, a: (a * 1).le_(0.1), S(2, 3)),
    "LeBackward1": rule(lambda L, a, b: (a * 1).le_(b), S(2, 3), S(3)),
    "GtBackward0": rule(lambda L, a: (a * 1).gt_(0.1), S(2, 3)),
    "GtBackward1": rule(lambda L, a, b: (a * 1).gt_(b), S(2, 3), S(3)),
    "GeBackward0": rule(lambda L, a: (a * 1).ge_(0.1), S(2, 3)),
    "GeBackward1": rule(lambda L, a, b: (a * 1).ge_(b), S(2, 3), S(3)),
    "TruncBackward0": rule(lambda L, a: (a * 3).trunc(), S(2, 3)),
    "SigmoidBackwardBackward0": rule(lambda L, a, v: grad_of(L, L.sigmoid, a, v), S(2, 3), S(2, 3)),
    "ErfBackward0": rule(lambda L, a: L.erf(a), S(2, 3)),
    # --- elementwise: kinks and steps (inputs are away from them) ----------------------
    "AbsBackward0": rule(lambda L, a: a.abs(), S(2, 3)),
    "SignBackward0": rule(lambda L, a: a.sign(), S(2, 3)),
    "SgnBackward0": rule(lambda L, a, v: grad_of(L, L.abs, a, v), S(2, 3), S(2, 3)),
    "FloorBackward0": rule(lambda L, a: a.floor(), S(2, 3)),
    "CeilBackward0": rule(lambda L, a: a.ceil(), S(2, 3)),
    "RoundBackward0": rule(lambda L, a: a.round(), S(2, 3)),
    "ReluBackward0": rule(lambda L, a: a.relu(), S(2, 3)),
    "ThresholdBackwardBackward0": rule(lambda L, a, v: grad_of(L, L.relu, a, v), S(2, 3), S(2, 3)),
    "LeakyReluBackward0": rule(lambda L, a: F(L).leaky_relu(a, 0.2), S(2, 3)),
    "LeakyReluBackward1": rule(lambda L, a: F(L).leaky_relu_(a * 1, 0.2), S(2, 3)),
    "LeakyReluBackwardBackward0": rule(
        lambda L, a, v: grad_of(L, lambda x: F(L).leaky_relu(x, 0.2), a, v), S(2, 3), S(2, 3)
    ),
    "ClampBackward0": rule(lambda L, a, lo, hi: a.clamp(lo, hi), S(2, 3), S(3), S(2, 1)),
    "ClampBackward1": rule(lambda L, a: a.clamp(-0.9, 0.9), S(2, 3)),
    "ClampMinBackward0": rule(lambda L, a: L.clamp_min(a, 0.1), S(2, 3)),
    "ClampMaxBackward0": rule(lambda L, a: L.clamp_max(a, 0.1), S(2, 3)),
    "ClampMinBackward1": rule(lambda L, a, lo: L.clamp_min(a, lo), S(2, 3), S(3)),
    "ClampMaxBackward1": rule(lambda L, a, hi: a.clamp_max(hi), S(2, 3), S(2, 1)),
    "MaximumBackward0": rule(lambda L, a, b: L.maximum(a, b), S(2, 3), S(3)),
    "MinimumBackward0": rule(lambda L, a, b: L.minimum(a, b), S(2, 3), S(3)),
    "WhereBackward0": rule(lambda L, a, b: L.where(a > 0, a, b), S(2, 3), S(3)),
    "MaskedFillBackward0": rule(lambda L, a: a.masked_fill(a > 0, 2.0), S(2, 3)),
    "MaskedFillBackward1": rule(lambda L, a, v: a.masked_fill(a > 0, v), S(2, 3), S()),
    # --- copies and fills -------------------------------------------------------------
    "CloneBackward0": rule(lambda L, a: a.clone(), S(2, 3)),
    # a float32 result: numerical derivatives need a larger step and tolerance
    "ToCopyBackward0": rule(
        lambda L, a: a.to(L.float32), S(2, 3), options={"eps": 1e-3, "atol": 1e-3, "rtol": 1e-3}
    ),
    "CopyBackwards": rule(lambda L, a: L.zeros(2, 3, dtype=L.float64).copy_(a), S(3)),
    "FillBackward2": rule(lambda L, a: (a * 1).fill_(2.0), S(2, 3)),
    "FillBackward3": rule(lambda L, a, v: (a * 1).fill_(v), S(2, 3), S()),
    "ZeroBackward0": rule(lambda L, a: (a * 1).zero_(), S(2, 3)),
    # --- reductions -------------------------------------------------------------------
    "SumBackward0": rule(lambda L, a: a.sum(), S(2, 3)),
    "SumBackward1": rule(lambda L, a: a.sum(1, keepdim=True), S(2, 3)),
    "MeanBackward0": rule(lambda L, a: a.mean(), S(2, 3)),
    "MeanBackward1": rule(lambda L, a: a.mean(0), S(2, 3)),
    "ProdBackward0": rule(lambda L, a: a.prod(), S(2, 3)),
    "ProdBackward1": rule(lambda L, a: a.prod(1), S(2, 3)),
    "MaxBackward0": rule(lambda L, a: a.max(1).values, S(2, 3)),
    "MaxBackward1": rule(lambda L, a: a.max(), S(2, 3)),
    "MinBackward0": rule(lambda L, a: a.min(0).values, S(2, 3)),
    "MinBackward1": rule(lambda L, a: a.min(), S(2, 3)),
    "AmaxBackward0": rule(lambda L, a: a.amax(1), S(2, 3)),
    "AminBackward0": rule(lambda L, a: a.amin(0), S(2, 3)),
    "VarBackward0": rule(lambda L, a: a.var(1), S(2, 3)),
    "StdBackward0": rule(lambda L, a: a.std(), S(2, 3)),
    "LogsumexpBackward0": rule(lambda L, a: a.logsumexp(1), S(2, 3)),
    "CumprodBackward0": rule(lambda L, a: a.cumprod(1), S(2, 3)),
    "CumsumBackward0": rule(lambda L, a: a.cumsum(1), S(2, 3)),
    "LinalgVectorNormBackward0": rule(lambda L, a: a.norm(dim=1), S(2, 3)),
    # --- shapes -----------------------------------------------------------------------
    "ViewBackward0": rule(lambda L, a: a.view(3, 2), S(2, 3)),
    "ReshapeAliasBackward0": rule(lambda L, a: a.t().reshape(3, 2, 1), S(2, 3)),
    "UnsafeViewBackward0": rule(lambda L, a: a.t().reshape(6), S(2, 3)),
    "ExpandBackward0": rule(lambda L, a: a.expand(2, 3), S(1, 3)),
    "PermuteBackward0": rule(lambda L, a: a.permute(2, 0, 1), S(2, 3, 2)),
    "TBackward0": rule(lambda L, a: a.t(), S(2, 3)),
    "TransposeBackward0": rule(lambda L, a: a.transpose(0, 2), S(2, 3, 2)),
    "SqueezeBackward0": rule(lambda L, a: a.squeeze(), S(2, 1, 3)),
    "SqueezeBackward1": rule(lambda L, a: a.squeeze(1), S(2, 1, 3)),
    "SqueezeBackward4": rule(lambda L, a, m: a @ m, S(3), S(3, 2)),
    "UnsqueezeBackward0": rule(lambda L, a: a.unsqueeze(1), S(2, 3)),
    "SqueezeBackward2": rule(lambda L, a: a.squeeze((1, 2)), S(2, 1, 3)),
    # the in-place forms (on a copy: a leaf cannot change in place)
    "TBackward1": rule(lambda L, a: (a * 1).t_(), S(2, 3)),
    "TransposeBackward1": rule(lambda L, a: (a * 1).transpose_(0, 2), S(2, 3, 2)),
    "UnsqueezeBackward1": rule(lambda L, a: (a * 1).unsqueeze_(1), S(2, 3)),
    "SqueezeBackward3": rule(lambda L, a: (a * 1).squeeze_(), S(2, 1, 3)),
    "SqueezeBackward5": rule(lambda L, a: (a * 1).squeeze_((0, 1)), S(2, 1, 3)),
    "RepeatBackward0": rule(lambda L, a: a.repeat(2, 1, 2), S(2, 3)),
    "CatBackward0": rule(lambda L, a, b: L.cat([a, b], 1), S(2, 3), S(2, 1)),
    "StackBackward0": rule(lambda L, a, b: L.stack([a, b], 1), S(2, 3), S(2, 3)),
    "SplitBackward0": rule(lambda L, a: a.split(2, 1)[1], S(2, 3)),
    "SplitWithSizesBackward0": rule(lambda L, a: a.split([1, 2], 1)[1], S(2, 3)),
    "UnsafeSplitBackward0": rule(lambda L, a: a.unsafe_chunk(2, 1)[1], S(2, 4)),
    "UnsafeSplitWithSizesBackward0": rule(
        lambda L, a: L.unsafe_split_with_sizes(a, [1, 2], 1)[1], S(2, 3)
    ),
    "UnbindBackward0": rule(lambda L, a: a.unbind(1)[2], S(2, 3)),
    "FlipBackward0": rule(lambda L, a: a.flip([1]), S(2, 3)),
    "UnfoldBackward0": rule(lambda L, a: a.unfold(1, 3, 2), S(2, 7)),
    "UnfoldBackwardBackward0": rule(
        lambda L, a, v: grad_of(L, lambda x: x.unfold(0, 2, 1), a, v), S(5), S(4, 2)
    ),
    "RollBackward0": rule(lambda L, a: a.roll(1, 1), S(2, 3)),
    # --- indexing ---------------------------------------------------------------------
    "SelectBackward0": rule(lambda L, a: a[1], S(2, 3)),
    "SelectBackwardBackward0": rule(
        lambda L, v: grad_of(L, lambda x: x[1], leaf(L, 2, 3), v), S(3)
    ),
    "SliceBackward0": rule(lambda L, a: a[:, 1:], S(2, 3)),
    "SliceBackwardBackward0": rule(
        lambda L, v: grad_of(L, lambda x: x[:, 1:], leaf(L, 2, 3), v), S(2, 2)
    ),
    "AliasBackward0": rule(lambda L, a: a[...], S(2, 3)),
    "Identity": rule(lambda L, a: _unpacked_primal(L, a * 1), S(2, 3)),
    "IndexBackward0": rule(lambda L, a: a[[0, 1, 1]], S(2, 3)),
    "IndexPutImplBackward0": rule(
        lambda L, v: grad_of(L, lambda x: x[[0, 1, 1]], leaf(L, 2, 3), v), S(3, 3)
    ),
    "GatherBackward0": rule(lambda L, a: a.gather(1, idx(L, [[0, 2], [1, 1]])), S(2, 3)),
    "IndexSelectBackward0": rule(lambda L, a: a.index_select(1, idx(L, [2, 0, 2])), S(2, 3)),
    "ScatterBackward0": rule(
        lambda L, a, b: a.scatter(1, idx(L, [[0, 2], [1, 0]]), b), S(2, 3), S(2, 2)
    ),
    "ScatterBackward1": rule(lambda L, a: a.scatter(1, idx(L, [[0, 2], [1, 1]]), 2.0), S(2, 3)),
    "ScatterAddBackward0": rule(
        lambda L, a, b: a.scatter_add(1, idx(L, [[0, 2], [1, 1]]), b), S(2, 3), S(2, 2)
    ),
    "IndexAddBackward0": rule(
        lambda L, a, b: a.index_add(1, idx(L, [2, 0, 2]), b, alpha=1.5), S(2, 3), S(2, 3)
    ),
    "IndexFillBackward0": rule(lambda L, a: a.index_fill(1, idx(L, [2, 0]), 2.0), S(2, 3)),
    "MaskedSelectBackward0": rule(
        lambda L, a: a.masked_select(idx(L, [[True, False, True], [False, True, True]])),
        S(2, 3),
    ),
    "CopySlices": rule(lambda L, a, v: _setitem(a * 1, (0, slice(1, None)), v), S(2, 3), S(2)),
    "IndexPutBackward0": rule(lambda L, a, v: _setitem(a * 1, idx(L, [1, 0]), v), S(2, 3), S(3)),
    "AsStridedBackward0": rule(lambda L, a: _view_of_changed_base(a), S(2, 3)),
    # --- ordering and diagonals -------------------------------------------------------
    "SortBackward0": rule(lambda L, a: a.sort(1).values, S(2, 3)),
    "SortBackward1": rule(lambda L, a: a.sort(dim=1, stable=True).values, S(2, 3)),
    "TopkBackward0": rule(lambda L, a: a.topk(2).values, S(2, 3)),
    "TrilBackward0": rule(lambda L, a: a.tril(), S(3, 3)),
    "TriuBackward0": rule(lambda L, a: a.triu(1), S(3, 3)),
    "DiagonalBackward0": rule(lambda L, a: a.diagonal(), S(3, 3)),
    "DiagonalBackward0_copy": rule(lambda L, a: L.diag(a), S(3, 3)),
    "DiagonalBackwardBackward0": rule(
        lambda L, v: grad_of(L, lambda x: x.diagonal(), leaf(L, 3, 3), v), S(3)
    ),
    "DiagEmbedBackward0": rule(lambda L, a: L.diag(a), S(3)),
    "TraceBackward0": rule(lambda L, a: a.trace(), S(3, 3)),
    # --- linear algebra ---------------------------------------------------------------
    "MmBackward0": rule(lambda L, a, b: a.mm(b), S(2, 3), S(3, 2)),
    "MvBackward0": rule(lambda L, a, v: a.mv(v), S(2, 3), S(3)),
    "DotBackward0": rule(lambda L, a, b: a.dot(b), S(3), S(3)),
    "BmmBackward0": rule(lambda L, a, b: a.bmm(b), S(2, 2, 3), S(2, 3, 2)),
    "AddmmBackward0": rule(lambda L, x, w, b: F(L).linear(x, w, b), S(4, 3), S(2, 3), S(2)),
    "LinalgSvdBackward0": rule(lambda L, a: a.norm(p="nuc"), S(3, 2)),
    "LinalgDetBackward0": rule(lambda L, a: L.linalg.det(a + 2 * L.eye(3, dtype=a.dtype)), S(3, 3)),
    "LinalgSlogdetBackward0": rule(
        lambda L, a: L.linalg.slogdet(a + 2 * L.eye(3, dtype=a.dtype)).logabsdet, S(2, 3, 3)
    ),
    "LinalgInvExBackward0": rule(
        lambda L, a: L.linalg.inv(a + 2 * L.eye(3, dtype=a.dtype)), S(3, 3)
    ),
    "LinalgSolveExBackward0": rule(
        lambda L, a, b: L.linalg.solve(a + 2 * L.eye(3, dtype=a.dtype), b), S(3, 3), S(3, 2)
    ),
    "LinalgCrossBackward0": rule(lambda L, a, b: L.linalg.cross(a, b), S(2, 3), S(2, 3)),
    "DistBackward0": rule(lambda L, a, b: L.dist(a, b, 3), S(2, 3), S(3)),
    "Rot90Backward0": rule(lambda L, a: L.rot90(a, 3, (1, 0)), S(2, 3)),
    "BlockDiagBackward0": rule(lambda L, a, b, c: L.block_diag(a, b, c), S(2, 3), S(2), S()),
    # --- special functions ----------------------------------------------------------
    "ErfinvBackward0": rule(lambda L, a: L.erfinv(a * 0.5), S(2, 3)),
    "LgammaBackward0": rule(lambda L, a: L.lgamma(a), S(2, 3)),
    "DigammaBackward0": rule(lambda L, a: L.digamma(a), P(2, 3)),
    "PolygammaBackward0": rule(lambda L, a: L.polygamma(2, a), P(2, 3)),
    "PolygammaBackward1": rule(lambda L, a: (a * 1).polygamma_(1), P(2, 3)),
    "SincBackward0": rule(lambda L, a: L.sinc(a), S(2, 3)),
    "Deg2RadBackward0": rule(lambda L, a: L.deg2rad(a), S(2, 3)),
    "Rad2DegBackward0": rule(lambda L, a: L.rad2deg(a), S(2, 3)),
    # --- statistics -----------------------------------------------------------------
    "MedianBackward0": rule(lambda L, a: a.median(), S(3, 4)),
    "MedianBackward1": rule(lambda L, a: a.median(1).values, S(3, 4)),
    "NanmedianBackward0": rule(lambda L, a: a.nanmedian(), S(3, 4)),
    "NanmedianBackward1": rule(lambda L, a: a.nanmedian(0).values, S(3, 4)),
    "KthvalueBackward0": rule(lambda L, a: a.kthvalue(2, 0).values, S(3, 4)),
    "VarMeanBackward0": rule(lambda L, a: L.var_mean(a, 1), S(3, 4)),
    "StdMeanBackward0": rule(lambda L, a: L.std_mean(a, 0, keepdim=True), S(3, 4)),
    "NansumBackward0": rule(lambda L, a: L.nansum(a, 1), S(3, 4)),
    "CummaxBackward0": rule(lambda L, a: a.cummax(1).values, S(3, 4)),
    "CumminBackward0": rule(lambda L, a: a.cummin(0).values, S(3, 4)),
    "LogcumsumexpBackward0": rule(lambda L, a: a.logcumsumexp(1), S(3, 4)),
    "AminmaxBackward0": rule(lambda L, a: L.aminmax(a, dim=1), S(3, 4)),
    "AddmvBackward0": rule(
        lambda L, i, m, v: L.addmv(i, m, v, beta=0.5, alpha=2), S(2), S(2, 3), S(3)
    ),
    "BaddbmmBackward0": rule(
        lambda L, i, a, b: L.baddbmm(i, a, b, alpha=-1), S(2, 1, 4), S(2, 3, 2), S(2, 2, 4)
    ),
    "AddbmmBackward0": rule(
        lambda L, i, a, b: L.addbmm(i, a, b, beta=2), S(3, 4), S(2, 3, 2), S(2, 2, 4)
    ),
    # --- convolution and pooling ------------------------------------------------------
    "ConvolutionBackward0": rule(
        lambda L, x, w, b: F(L).conv2d(x, w, b, padding=1), S(1, 2, 3, 3), S(2, 2, 2, 2), S(2)
    ),
    "AvgPool2DBackward0": rule(lambda L, x: F(L).avg_pool2d(x, 2), S(1, 2, 4, 4)),
    "MaxPool2DWithIndicesBackward0": rule(lambda L, x: F(L).max_pool2d(x, 2), S(1, 2, 4, 4)),
    "AdaptiveAvgPool2DBackward0": rule(
        lambda L, x: F(L).adaptive_avg_pool2d(x, (2, 3)), S(1, 2, 5, 4)
    ),
    "AdaptiveAvgPool2DBackwardBackward0": rule(
        lambda L, v: grad_of(L, lambda x: F(L).adaptive_avg_pool2d(x, (2, 3)), leaf(L, 2, 5, 4), v),
        S(2, 2, 3),
    ),
    "AdaptiveMaxPool2DBackward0": rule(
        lambda L, x: F(L).adaptive_max_pool2d(x, (2, 3)), S(1, 2, 5, 4)
    ),
    "AdaptiveMaxPool2DBackwardBackward0": rule(
        lambda L, x, v: grad_of(L, lambda t: F(L).adaptive_max_pool2d(t, (2, 3)), x, v),
        S(1, 2, 5, 4),
        S(1, 2, 2, 3),
    ),
    "ConstantPadNdBackward0": rule(lambda L, x: F(L).pad(x, (1, -1, 2, 0), value=0.5), S(2, 3, 3)),
    "ReflectionPad1DBackward0": rule(lambda L, x: F(L).pad(x, (2, 1), mode="reflect"), S(2, 4)),
    "ReflectionPad2DBackward0": rule(
        lambda L, x: F(L).pad(x, (2, 1, 1, 2), mode="reflect"), S(1, 3, 4)
    ),
    "ReplicationPad1DBackward0": rule(lambda L, x: F(L).pad(x, (2, 3), mode="replicate"), S(2, 3)),
    "ReplicationPad2DBackward0": rule(
        lambda L, x: F(L).pad(x, (2, 1, 0, 3), mode="replicate"), S(1, 3, 2)
    ),
    "ReflectionPad1DBackwardBackward0": rule(
        lambda L, v: grad_of(L, lambda x: F(L).pad(x, (2, 1), mode="reflect"), leaf(L, 2, 4), v),
        S(2, 7),
    ),
    "ReflectionPad2DBackwardBackward0": rule(
        lambda L, v: grad_of(
            L, lambda x: F(L).pad(x, (2, 1, 1, 2), mode="reflect"), leaf(L, 1, 3, 4), v
        ),
        S(1, 6, 7),
    ),
    "ReplicationPad1DBackwardBackward0": rule(
        lambda L, v: grad_of(L, lambda x: F(L).pad(x, (2, 3), mode="replicate"), leaf(L, 2, 3), v),
        S(2, 8),
    ),
    "ReplicationPad2DBackwardBackward0": rule(
        lambda L, v: grad_of(
            L, lambda x: F(L).pad(x, (2, 1, 0, 3), mode="replicate"), leaf(L, 1, 3, 2), v
        ),
        S(1, 6, 5),
    ),
    "Im2ColBackward0": rule(lambda L, x: F(L).unfold(x, 2), S(1, 2, 3, 3)),
    "Col2ImBackward0": rule(lambda L, c: F(L).fold(c, (3, 3), 2), S(1, 8, 4)),
    # --- nn.functional: activations and losses ----------------------------------------
    "SoftmaxBackward0": rule(lambda L, a: a.softmax(1), S(2, 3)),
    "SoftmaxBackwardDataBackward0": rule(
        lambda L, a, v: grad_of(L, lambda x: x.softmax(1), a, v), S(2, 3), S(2, 3)
    ),
    "LogSoftmaxBackward0": rule(lambda L, a: a.log_softmax(1), S(2, 3)),
    "LogSoftmaxBackwardDataBackward0": rule(
        lambda L, a, v: grad_of(L, lambda x: x.log_softmax(1), a, v), S(2, 3), S(2, 3)
    ),
    "MseLossBackward0": rule(lambda L, a, b: F(L).mse_loss(a, b), S(2, 3), S(2, 3)),
    "MseLossBackwardBackward0": rule(
        lambda L, a, b, v: grad_of(L, lambda x: F(L).mse_loss(x, b), a, v), S(2, 3), S(2, 3), S()
    ),
    "SmoothL1LossBackward0": rule(
        lambda L, a, b: F(L).smooth_l1_loss(a, b, beta=2.0), S(2, 3), S(2, 3)
    ),
    "SmoothL1LossBackwardBackward0": rule(
        lambda L, a, b, v: grad_of(L, lambda x: F(L).smooth_l1_loss(x, b, beta=2.0), a, v),
        S(2, 3),
        S(2, 3),
        S(),
    ),
    "HuberLossBackward0": rule(lambda L, a, b: F(L).huber_loss(a, b, delta=2.0), S(2, 3), S(2, 3)),
    "HuberLossBackwardBackward0": rule(
        lambda L, a, b, v: grad_of(L, lambda x: F(L).huber_loss(x, b, delta=2.0), a, v),
        S(2, 3),
        S(2, 3),
        S(),
    ),
    "XlogyBackward0": rule(lambda L, p, q: F(L).kl_div(q, p, reduction="sum"), U(2, 3), S(2, 3)),
    "NllLossBackward0": rule(lambda L, a: F(L).nll_loss(a, idx(L, [2, 0])), S(2, 3)),
    "NllLossBackwardBackward0": rule(
        lambda L, v: grad_of(L, lambda x: F(L).nll_loss(x, idx(L, [2, 0])), leaf(L, 2, 3), v),
        S(),
    ),
    "NllLoss2DBackward0": rule(lambda L, a: F(L).nll_loss(a, idx(L, [[[2, 0]]])), S(1, 3, 1, 2)),
    "NllLoss2DBackwardBackward0": rule(
        lambda L, v: grad_of(
            L, lambda x: F(L).nll_loss(x, idx(L, [[[2, 0]]])), leaf(L, 1, 3, 1, 2), v
        ),
        S(),
    ),
    "BinaryCrossEntropyBackward0": rule(
        lambda L, p: F(L).binary_cross_entropy(p, L.tensor([0.3, 0.9], dtype=L.float64)), U(2)
    ),
    "BinaryCrossEntropyBackwardBackward0": rule(
        lambda L, p, v: grad_of(
            L, lambda x: F(L).binary_cross_entropy(x, L.tensor([0.3, 0.9], dtype=L.float64)), p, v
        ),
        U(2),
        S(),
    ),
    "BinaryCrossEntropyWithLogitsBackward0": rule(
        lambda L, a, t: F(L).binary_cross_entropy_with_logits(a, t), S(2, 3), U(2, 3)
    ),
    "EmbeddingBackward0": rule(lambda L, w: F(L).embedding(idx(L, [[1, 3], [1, 0]]), w), S(4, 3)),
    "EmbeddingDenseBackwardBackward0": rule(
        lambda L, v: grad_of(
            L,
            lambda w: F(L).embedding(idx(L, [[1, 3], [1, 0]]), w, padding_idx=0),
            leaf(L, 4, 3),
            v,
        ),
        S(2, 2, 3),
    ),
    "NativeLayerNormBackward0": rule(
        lambda L, x, w, b: F(L).layer_norm(x, [3], w, b), S(2, 3), S(3), S(3)
    ),
    "NativeBatchNormBackward0": rule(
        lambda L, x, w, b: F(L).batch_norm(x, None, None, w, b, training=True), S(4, 3), S(3), S(3)
    ),
    "NativeGroupNormBackward0": rule(
        lambda L, x, w, b: F(L).group_norm(x, 2, w, b), S(2, 4, 3), S(4), S(4)
    ),
    # --- user-written functions -------------------------------------------------------
    "BackwardCFunction": rule(lambda L, a: _custom_exp(L).apply(a), S(2, 3)),
}


def _setitem(target: Any, key: Any, value: Any) -> Any:
    target[key] = value
    return target


def _view_of_changed_base(a: Any) -> Any:
    """A view whose base was then changed in place: its history is rebuilt from
    the base (``AsStridedBackward0``)."""
    base = a * 1
    view = base[1]
    base.mul_(2)
    return view


# Rule classes that no gradcheck can check, and why.
def _unpacked_primal(L: Any, a: Any) -> Any:
    """``forward_ad.unpack_dual(a).primal``: torch names its node ``Identity``."""
    with L.autograd.forward_ad.dual_level():
        return L.autograd.forward_ad.unpack_dual(a).primal


EXCLUDED: dict[str, str] = {
    "CdistBackward0": (
        'torch cannot differentiate cdist twice (its gradient raises "the derivative for '
        "'_cdist_backward' is not implemented\"): no gradgradcheck; tests/ops/"
        "test_linalg_functions_vs_torch.py compares values, first-order gradients and that error"
    ),
    "CdistBackwardBackward0": "cdist's gradient, which torch does not differentiate (as above)",
    "BernoulliBackward0": (
        "a random draw: its gradient is zero by definition, and finite differences would "
        "compare different draws (tests/core/test_random_distributions_vs_torch.py "
        "compares the zero gradient and the draws with torch's)"
    ),
    "PoissonBackward0": (
        "a random draw, as BernoulliBackward0 (same test file: zero gradient, same draws)"
    ),
    "Unique2Backward0": (
        "torch has no derivative for unique: backward through the node raises "
        "\"the derivative for '_unique2' is not implemented\" (test_unique in "
        "tests/ops/test_ops3_vs_torch.py compares that error with torch's)"
    ),
    "NotImplementedBackward": (
        "torch has no derivative for floor division or for a number modulo a tensor: "
        "backward through the node raises (tests/ops/test_integer_division_grad_vs_torch.py "
        "compares that error with torch's)"
    ),
    "HardsigmoidBackward0": (
        "torch has no second derivative of hardsigmoid: gradgradcheck fails in torch too "
        "(hardsigmoid_second_order_not_implemented in "
        "tests/nn/test_activations_more_vs_torch.py compares the error with torch's)"
    ),
    "MultiOutputOp": "base class of the rules with several outputs (never a node's class)",
    "CopySlicesBase": "base class of CopySlices (never a node's class)",
}
