"""``minigrad.nn.functional``: activations and losses.

Each loss is one node, like torch's: its forward is the formula, its backward
the well-known simplified derivative (for example ``sigmoid(x) - y`` for the
logistic loss).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor
from ..exact import dtype as _dtype
from ..exact import messages as _messages
from ..exact import random as _random
from ..exact import warn as _warn
from ..exact.size import Size
from ..ops import elementwise as E
from ..ops import piecewise, pointwise
from ..ops._promotion import _broadcast_check
from ..ops.convolution import (
    adaptive_avg_pool1d,
    adaptive_avg_pool2d,
    adaptive_max_pool1d,
    adaptive_max_pool2d,
    avg_pool1d,
    avg_pool2d,
    conv1d,
    conv2d,
    fold,
    max_pool1d,
    max_pool2d,
    unfold,
)
from ..ops.piecewise import leaky_relu_
from ..ops.reduction import NormBackward1
from ..ops.unary import sigmoid, tanh
from ._activations import (
    celu,
    elu,
    gelu,
    glu,
    hardsigmoid,
    hardswish,
    hardtanh,
    logsigmoid,
    mish,
    prelu,
    relu6,
    selu,
    silu,
    softplus,
    threshold,
    threshold_,
)
from ._padding import pad
from ._reduction import legacy_reduction

__all__ = [
    "linear",
    "relu",
    "relu_",
    "leaky_relu",
    "gelu",
    "silu",
    "elu",
    "softplus",
    "hardtanh",
    "relu6",
    "logsigmoid",
    "mish",
    "selu",
    "celu",
    "prelu",
    "softsign",
    "tanhshrink",
    "threshold",
    "threshold_",
    "hardswish",
    "hardsigmoid",
    "glu",
    "softmin",
    "leaky_relu_",
    "sigmoid",
    "tanh",
    "softmax",
    "log_softmax",
    "mse_loss",
    "l1_loss",
    "smooth_l1_loss",
    "huber_loss",
    "kl_div",
    "binary_cross_entropy",
    "binary_cross_entropy_with_logits",
    "nll_loss",
    "cross_entropy",
    "dropout",
    "dropout1d",
    "dropout2d",
    "one_hot",
    "conv1d",
    "conv2d",
    "max_pool1d",
    "avg_pool1d",
    "adaptive_avg_pool1d",
    "adaptive_avg_pool2d",
    "adaptive_max_pool1d",
    "adaptive_max_pool2d",
    "pad",
    "max_pool2d",
    "avg_pool2d",
    "unfold",
    "fold",
    "embedding",
    "layer_norm",
    "group_norm",
    "batch_norm",
    "instance_norm",
    "interpolate",
    "normalize",
    "cosine_similarity",
    "margin_ranking_loss",
    "soft_margin_loss",
    "cosine_embedding_loss",
    "pairwise_distance",
]


def relu(input: Tensor, inplace: bool = False) -> Tensor:
    """``max(input, 0)``, elementwise (in place with ``inplace=True``).

    >>> import minigrad as torch
    >>> import minigrad.nn.functional as F
    >>> F.relu(torch.tensor([-1.0, 2.0]))
    tensor([0., 2.])
    """
    return input.relu_() if inplace else E.relu(input)


def relu_(input: Tensor) -> Tensor:
    """In-place ``relu``."""
    return input.relu_()


def leaky_relu(input: Tensor, negative_slope: float = 0.01, inplace: bool = False) -> Tensor:
    """``input`` where positive, ``negative_slope * input`` elsewhere (in place with
    ``inplace=True``)."""
    if inplace:
        return leaky_relu_(input, negative_slope)
    return piecewise.leaky_relu(input, negative_slope)


def _reduce(loss: np.ndarray, reduction: str) -> np.ndarray:
    if reduction == "mean":
        return np.mean(loss, dtype=loss.dtype)
    if reduction == "sum":
        return np.sum(loss, dtype=loss.dtype)
    if reduction == "none":
        return loss
    raise ValueError(f"{reduction} is not a valid value for reduction")


def _scale(grad: Tensor, shape: tuple, reduction: str) -> Any:
    """The gradient reaching each element before the reduction."""
    if reduction == "mean":
        return grad / max(int(np.prod(shape)), 1)
    return grad


def _mean_scale(grad: Tensor, reduction: str) -> Tensor:
    """For reduction='mean', divide the per-element gradient by their number."""
    if reduction == "mean":
        return E.DivBackward1.apply(grad, c=max(grad.numel(), 1))
    return grad


class BinaryCrossEntropyWithLogitsBackward0(Op):
    """loss = -w [p y log σ(x) + (1-y) log(1-σ(x))]   (w: weight, p: pos_weight)
    d/dx = w [σ(x) (1 - y + p y) - p y]   (= σ(x) - y without weights)
    d/dy = -w [(p - 1) log σ(x) + x]      (= -x without weights)"""

    __slots__ = ("reduction", "weight", "pos_weight")

    @staticmethod
    def forward(ctx, x, y, reduction, weight=None, pos_weight=None):
        ctx.reduction, ctx.weight, ctx.pos_weight = reduction, weight, pos_weight
        ctx.save_for_backward(x, y)
        # -log σ(x) = log(1 + exp(-x)), written so that exp never overflows
        softplus_neg = np.maximum(-x, 0) + np.log1p(np.exp(-np.abs(x)))
        if pos_weight is None:
            loss = (1 - y) * x + softplus_neg
        else:
            loss = (1 - y) * x + (1 + (pos_weight - 1) * y) * softplus_neg
        if weight is not None:
            loss = loss * weight
        return _reduce(np.asarray(loss, dtype=x.dtype), reduction)

    @staticmethod
    def backward(ctx, grad):
        x, y = ctx.saved_tensors
        g = grad
        w, pw = ctx.weight, ctx.pos_weight
        w = None if w is None else Tensor._make(w, None)
        pw = None if pw is None else Tensor._make(pw, None)
        gx = gy = None
        if ctx.needs_input_grad[0]:
            if pw is None:
                gx = x.sigmoid() - y
            else:
                gx = x.sigmoid() * (1 - y + pw * y) - pw * y
            gx = _mean_scale(gx * g if w is None else gx * w * g, ctx.reduction)
        if ctx.needs_input_grad[1]:
            if pw is None:
                gy = -x
            else:
                log_sig = -((-x).clamp_min(0) + (-x.abs()).exp().log1p())
                gy = -((pw - 1) * log_sig + x)
            gy = _mean_scale(gy * g if w is None else gy * w * g, ctx.reduction)
        return gx, gy


def binary_cross_entropy_with_logits(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: Any = None,
    reduce: Any = None,
    reduction: str = "mean",
    pos_weight: Tensor | None = None,
) -> Tensor:
    """Logistic loss on raw scores (logits), averaged by default.

    >>> import minigrad as torch
    >>> import minigrad.nn.functional as F
    >>> F.binary_cross_entropy_with_logits(torch.zeros(2), torch.ones(2))
    tensor(0.6931)
    """
    reduction = legacy_reduction(size_average, reduce, reduction, stacklevel=1)
    for name, position, t in (("weight", 3, weight), ("pos_weight", 4, pos_weight)):
        if t is not None and not isinstance(t, Tensor):
            raise TypeError(_messages.bce_with_logits_not_tensor(name, position, type(t).__name__))
    if target.shape != input.shape:
        raise ValueError(
            f"Target size ({target.shape}) must be the same as input size ({input.shape})"
        )
    if input._data.dtype.kind != "f":
        raise NotImplementedError(
            f"\"log_sigmoid_cpu\" not implemented for '{input.dtype.scalar_name}'"
        )
    if target._data.dtype.kind in "iu":
        raise RuntimeError(
            f"result type {input.dtype.scalar_name} can't be cast to the desired output "
            f"type {target.dtype.scalar_name}"
        )
    if target._data.dtype == np.bool_:  # torch computes 1 - target first
        raise RuntimeError(_messages.SUB_OF_TWO_BOOLS)
    if target._data.dtype.kind == "f":  # float32 and float64 make float64
        dt = _dtype.from_numpy_dtype(_dtype.result_type(input, target))
        input, target = input.to(dt), target.to(dt)
    _check_reduction(reduction)
    settings = {}
    # both multiply the elementwise loss in place: they cannot make it bigger
    if pos_weight is not None:
        _broadcast_check(pos_weight._data, target._data)
        _check_weight_fits(pos_weight._data.shape, input.shape)
        settings["pos_weight"] = pos_weight._data
    if weight is not None:
        _broadcast_check(input._data, weight._data)
        _check_weight_fits(weight._data.shape, input.shape)
        settings["weight"] = weight._data
    return BinaryCrossEntropyWithLogitsBackward0.apply(
        input, target, reduction=reduction, **settings
    )


def _check_reduction(reduction: str) -> None:
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")


# --- softmax and log_softmax ------------------------------------------------
def _axis(a: np.ndarray, dim: int) -> int | None:
    """numpy's axis for torch's ``dim``: a 0-dim tensor's dim 0 is the whole of it."""
    return dim if a.ndim else None


class SoftmaxBackward0(Op):
    """out_i = exp(a_i) / sum_j exp(a_j) along ``dim``
    d/da = out * (grad - sum(grad * out))"""

    __slots__ = ("dim",)

    @staticmethod
    def forward(ctx, a, dim):
        ctx.dim = dim
        e = np.exp(a - np.max(a, axis=_axis(a, dim), keepdims=True)) if a.size else a.copy()
        out = (e / np.sum(e, axis=_axis(a, dim), keepdims=True)).astype(a.dtype, copy=False)
        out = np.asarray(out, order="C")  # (torch's result is laid out row by row)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return SoftmaxBackwardDataBackward0.apply(grad, out, dim=ctx.dim)


class SoftmaxBackwardDataBackward0(Op):
    """softmax's first derivative as an op (torch's ``_softmax_backward_data``):
    out = y * (g - sum(g * y))  for the upstream gradient g and y = softmax(a)
    d/dg: the same formula;  d/dy = gg * g - sum(y * g) gg - g * sum(y * gg)"""

    __slots__ = ("dim",)

    @staticmethod
    def forward(ctx, g, y, dim):
        ctx.dim = dim
        ctx.save_for_backward(g, y)
        return y * (g - np.sum(g * y, axis=_axis(g, dim), keepdims=True))

    @staticmethod
    def backward(ctx, gg):
        g, y = ctx.saved_tensors
        d = ctx.dim
        dg = SoftmaxBackwardDataBackward0.apply(gg, y, dim=d) if ctx.needs_input_grad[0] else None
        dy = None
        if ctx.needs_input_grad[1]:
            dy = g * gg - (y * g).sum(d, keepdim=True) * gg - g * (y * gg).sum(d, keepdim=True)
        return dg, dy


class LogSoftmaxBackward0(Op):
    """out = a - log(sum exp(a)) along ``dim``
    d/da = grad - softmax(a) * sum(grad) = grad - exp(out) * sum(grad)"""

    __slots__ = ("dim",)

    @staticmethod
    def forward(ctx, a, dim):
        ctx.dim = dim
        shifted = a - np.max(a, axis=_axis(a, dim), keepdims=True) if a.size else a.copy()
        out = shifted - np.log(np.sum(np.exp(shifted), axis=_axis(a, dim), keepdims=True))
        out = np.asarray(out.astype(a.dtype, copy=False), order="C")  # (row by row, as torch)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return LogSoftmaxBackwardDataBackward0.apply(grad, out, dim=ctx.dim)


class LogSoftmaxBackwardDataBackward0(Op):
    """log_softmax's first derivative as an op (``_log_softmax_backward_data``):
    out = g - exp(y) * sum(g)  for the upstream gradient g and y = log_softmax(a)
    d/dg = gg - sum(gg * exp(y)),  d/dy = -gg * exp(y) * sum(g)"""

    __slots__ = ("dim",)

    @staticmethod
    def forward(ctx, g, y, dim):
        ctx.dim = dim
        ctx.save_for_backward(g, y)
        return g - np.exp(y) * np.sum(g, axis=_axis(g, dim), keepdims=True)

    @staticmethod
    def backward(ctx, gg):
        g, y = ctx.saved_tensors
        d = ctx.dim
        dg = gg - (gg * y.exp()).sum(d, keepdim=True) if ctx.needs_input_grad[0] else None
        dy = -gg * y.exp() * g.sum(d, keepdim=True) if ctx.needs_input_grad[1] else None
        return dg, dy


def _softmax_dim(input: Tensor, dim: Any, name: str) -> int:
    if dim is None:
        _warn.warn(_messages.implicit_dim_deprecated(name))
        dim = 0 if input.dim() in (0, 1, 3) else 1
    if not isinstance(dim, (int, np.integer)) or isinstance(dim, bool):
        raise TypeError(
            f"{name}(): argument 'dim' (position 1) must be int, not {type(dim).__name__}"
        )
    return input._wrap_dim(dim, max(input.dim(), 1))


def _softmax_input(input: Tensor, dtype: Any, name: str, dim: int) -> Tensor:
    """``input`` in ``dtype``; only floats have a softmax (torch names its kernel)."""
    if dtype is not None:
        input = input.to(dtype)
    if input._data.dtype.kind != "f":
        kernel = f"{name}_lastdim" if dim >= input.dim() - 1 else name
        raise NotImplementedError(
            f"\"{kernel}_kernel_impl\" not implemented for '{input.dtype.scalar_name}'"
        )
    return input


def softmax(input: Tensor, dim: Any = None, _stacklevel: int = 3, dtype: Any = None) -> Tensor:
    """Turn scores into probabilities along ``dim``: ``exp(x) / sum(exp(x))``.

    >>> import minigrad as torch
    >>> import minigrad.nn.functional as F
    >>> F.softmax(torch.tensor([0.0, 0.0]), dim=0)
    tensor([0.5000, 0.5000])
    """
    d = _softmax_dim(input, dim, "softmax")
    input = _softmax_input(input, dtype, "softmax", d)
    return SoftmaxBackward0.apply(input, dim=d)


def log_softmax(input: Tensor, dim: Any = None, _stacklevel: int = 3, dtype: Any = None) -> Tensor:
    """``log(softmax(x))``, computed without overflow.

    >>> import minigrad as torch
    >>> import minigrad.nn.functional as F
    >>> F.log_softmax(torch.tensor([0.0, 0.0]), dim=0)
    tensor([-0.6931, -0.6931])
    """
    d = _softmax_dim(input, dim, "log_softmax")
    input = _softmax_input(input, dtype, "log_softmax", d)
    return LogSoftmaxBackward0.apply(input, dim=d)


# --- regression losses --------------------------------------------------------
def _target_size_warning(input: Tensor, target: Tensor) -> None:
    _warn.warn(_messages.target_size_differs(target.shape, input.shape), functional=True)


class MseLossBackward0(Op):
    """loss = mean (x - y)²          d/dx = 2 (x - y) / n,  d/dy = -2 (x - y) / n"""

    __slots__ = ("reduction",)

    @staticmethod
    def forward(ctx, x, y, reduction):
        ctx.reduction = reduction
        ctx.save_for_backward(x, y)
        d = x - y
        return _reduce(np.asarray(d * d, dtype=x.dtype), reduction)

    @staticmethod
    def backward(ctx, grad):
        x, y = ctx.saved_tensors
        need, r = ctx.needs_input_grad, ctx.reduction
        gx = MseLossBackwardBackward0.apply(grad, x, y, reduction=r) if need[0] else None
        # d/dy has the same form with x and y swapped
        gy = MseLossBackwardBackward0.apply(grad, y, x, reduction=r) if need[1] else None
        return gx, gy


class MseLossBackwardBackward0(Op):
    """mse_loss's first derivative as an op (torch's ``mse_loss_backward``):
    out = 2 (x - y) g / n   (n = the number of elements for 'mean', else 1)
    d/dg = 2 (x - y) / n,  d/dx = 2 gg g / n,  d/dy = -2 gg g / n"""

    __slots__ = ("reduction",)

    @staticmethod
    def forward(ctx, g, x, y, reduction):
        ctx.reduction = reduction
        ctx.save_for_backward(g, x, y)
        out = 2 * (x - y) * g
        if reduction == "mean":
            out = out / max(x.size, 1)
        return np.asarray(out, dtype=x.dtype)

    @staticmethod
    def backward(ctx, gg):
        g, x, y = ctx.saved_tensors
        need, r = ctx.needs_input_grad, ctx.reduction
        dg = dx = dy = None
        if need[0]:
            dg = MseLossBackwardBackward0.apply(gg, x, y, reduction="none")
            if r != "none":
                dg = _mean_scale(dg, r).sum()
        if need[1] or need[2]:
            both = _mean_scale(E.MulBackward1.apply(gg * g, c=2.0), r)
            dx = both if need[1] else None
            dy = -both if need[2] else None
        return dg, dx, dy


def _broadcast_pair(input: Tensor, target: Tensor) -> tuple:
    if target.size() != input.size():  # (size(), as torch: a non-tensor fails here)
        _target_size_warning(input, target)
        _broadcast_check(input._data, target._data)
        shape = np.broadcast_shapes(input._data.shape, target._data.shape)
        input, target = input.expand(shape), target.expand(shape)
    return input, target


def mse_loss(
    input: Tensor,
    target: Tensor,
    size_average: Any = None,
    reduce: Any = None,
    reduction: str = "mean",
    weight: Any = None,
) -> Tensor:
    """Mean squared error ``mean((input - target)²)``.

    >>> import minigrad as torch
    >>> import minigrad.nn.functional as F
    >>> F.mse_loss(torch.tensor([1.0, 3.0]), torch.tensor([0.0, 0.0]))
    tensor(5.)
    """
    input, target = _broadcast_pair(input, target)  # (torch warns of sizes first)
    reduction = legacy_reduction(size_average, reduce, reduction)
    _check_reduction(reduction)
    dt = _dtype.from_numpy_dtype(_dtype.result_type(input, target))
    if not dt.is_floating_point:
        raise NotImplementedError(f"\"mse_cpu\" not implemented for '{dt.scalar_name}'")
    input, target = input.to(dt), target.to(dt)  # float32 and float64 make float64
    return MseLossBackward0.apply(input, target, reduction=reduction)


def l1_loss(
    input: Tensor,
    target: Tensor,
    size_average: Any = None,
    reduce: Any = None,
    reduction: str = "mean",
) -> Tensor:
    """Mean absolute error ``mean(|input - target|)``."""
    input, target = _broadcast_pair(input, target)  # (torch warns of sizes first)
    reduction = legacy_reduction(size_average, reduce, reduction)
    _check_reduction(reduction)
    loss = (input - target).abs()
    return loss.mean() if reduction == "mean" else loss.sum() if reduction == "sum" else loss


class SmoothL1LossBackward0(Op):
    """loss = ½ d² / β where |d| < β, else |d| - ½ β      (d = x - y)
    d/dx = clamp(d / β, -1, 1) / n,  d/dy = -clamp(d / β, -1, 1) / n"""

    __slots__ = ("reduction", "beta")

    @staticmethod
    def forward(ctx, x, y, reduction, beta):
        ctx.reduction, ctx.beta = reduction, beta
        ctx.save_for_backward(x, y)
        d = np.abs(x - y)
        loss = np.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta)
        return _reduce(np.asarray(loss, dtype=x.dtype), reduction)

    @staticmethod
    def backward(ctx, grad):
        x, y = ctx.saved_tensors
        need, r, b = ctx.needs_input_grad, ctx.reduction, ctx.beta
        gx = gy = None
        if need[0]:
            gx = SmoothL1LossBackwardBackward0.apply(grad, x, y, reduction=r, beta=b)
        if need[1]:  # the same form with x and y swapped
            gy = SmoothL1LossBackwardBackward0.apply(grad, y, x, reduction=r, beta=b)
        return gx, gy


class SmoothL1LossBackwardBackward0(Op):
    """smooth_l1_loss's first derivative as an op (torch's ``smooth_l1_loss_backward``):
    out = clamp((x - y) / β, -1, 1) g / n   (n = the number of elements for 'mean', else 1)
    d/dg = clamp((x - y) / β, -1, 1) / n,  d/dx = gg g [|x - y| < β] / β / n,  d/dy = -d/dx"""

    __slots__ = ("reduction", "beta")

    @staticmethod
    def forward(ctx, g, x, y, reduction, beta):
        ctx.reduction, ctx.beta = reduction, beta
        ctx.save_for_backward(g, x, y)
        out = np.clip((x - y) / beta, -1, 1) * g
        if reduction == "mean":
            out = out / max(x.size, 1)
        return np.asarray(out, dtype=x.dtype)

    @staticmethod
    def backward(ctx, gg):
        g, x, y = ctx.saved_tensors
        need, r, b = ctx.needs_input_grad, ctx.reduction, ctx.beta
        dg = dx = dy = None
        if need[0]:
            dg = SmoothL1LossBackwardBackward0.apply(gg, x, y, reduction=r, beta=b)
            if dg.shape != g.shape:  # (g was one number: it reached every element)
                dg = dg.sum()
        if need[1] or need[2]:
            # the slope is 1/β inside |x - y| < β and flat outside
            inside = np.asarray(np.abs(x._data - y._data) < b, dtype=x._data.dtype)
            both = E.DivBackward1.apply(gg * g * Tensor._make(inside, None), c=b)
            both = _mean_scale(both, r)
            dx = both if need[1] else None
            dy = -both if need[2] else None
        return dg, dx, dy


def smooth_l1_loss(
    input: Tensor,
    target: Tensor,
    size_average: Any = None,
    reduce: Any = None,
    reduction: str = "mean",
    beta: float = 1.0,
) -> Tensor:
    """A squared error for small errors and an absolute one for large ones:
    ``½ d² / beta`` where ``|d| < beta``, else ``|d| - ½ beta`` (``d = input - target``).

    >>> import minigrad as torch
    >>> import minigrad.nn.functional as F
    >>> F.smooth_l1_loss(torch.tensor([0.5, 3.0]), torch.tensor([0.0, 0.0]))
    tensor(1.3125)
    """
    input, target = _broadcast_pair(input, target)  # (torch warns of sizes first)
    reduction = legacy_reduction(size_average, reduce, reduction)
    if beta == 0.0:  # (no squared part at all: torch hands it to l1_loss)
        return l1_loss(input, target, reduction=reduction)
    _check_reduction(reduction)
    if beta < 0:
        raise RuntimeError(_messages.SMOOTH_L1_NEGATIVE_BETA)
    dt = _dtype.from_numpy_dtype(_dtype.result_type(input, target))
    if not dt.is_floating_point:
        raise NotImplementedError(f"\"smooth_l1_cpu\" not implemented for '{dt.scalar_name}'")
    input, target = input.to(dt), target.to(dt)
    return SmoothL1LossBackward0.apply(input, target, reduction=reduction, beta=float(beta))


class HuberLossBackward0(Op):
    """loss = ½ d² where |d| < δ, else δ (|d| - ½ δ)      (d = x - y)
    d/dx = clamp(d, -δ, δ) / n,  d/dy = -clamp(d, -δ, δ) / n"""

    __slots__ = ("reduction", "delta")

    @staticmethod
    def forward(ctx, x, y, reduction, delta):
        ctx.reduction, ctx.delta = reduction, delta
        ctx.save_for_backward(x, y)
        d = np.abs(x - y)
        loss = np.where(d < delta, 0.5 * d * d, delta * (d - 0.5 * delta))
        return _reduce(np.asarray(loss, dtype=x.dtype), reduction)

    @staticmethod
    def backward(ctx, grad):
        x, y = ctx.saved_tensors
        need, r, dl = ctx.needs_input_grad, ctx.reduction, ctx.delta
        gx = gy = None
        if need[0]:
            gx = HuberLossBackwardBackward0.apply(grad, x, y, reduction=r, delta=dl)
        if need[1]:  # the same form with x and y swapped
            gy = HuberLossBackwardBackward0.apply(grad, y, x, reduction=r, delta=dl)
        return gx, gy


class HuberLossBackwardBackward0(Op):
    """huber_loss's first derivative as an op (torch's ``huber_loss_backward``):
    out = clamp(x - y, -δ, δ) g / n   (n = the number of elements for 'mean', else 1)
    d/dg = clamp(x - y, -δ, δ) / n,  d/dx = gg g [|x - y| < δ] / n,  d/dy = -d/dx"""

    __slots__ = ("reduction", "delta")

    @staticmethod
    def forward(ctx, g, x, y, reduction, delta):
        ctx.reduction, ctx.delta = reduction, delta
        ctx.save_for_backward(g, x, y)
        out = np.clip(x - y, -delta, delta) * g
        if reduction == "mean":
            out = out / max(x.size, 1)
        return np.asarray(out, dtype=x.dtype)

    @staticmethod
    def backward(ctx, gg):
        g, x, y = ctx.saved_tensors
        need, r, dl = ctx.needs_input_grad, ctx.reduction, ctx.delta
        dg = dx = dy = None
        if need[0]:
            if g.shape == x.shape:
                dg = HuberLossBackwardBackward0.apply(gg, x, y, reduction=r, delta=dl)
            else:  # g was one number that reached every element (torch's graph: Mul, Sum)
                ones = Tensor._make(np.ones_like(g._data), None)
                dg = (
                    HuberLossBackwardBackward0.apply(ones, x, y, reduction=r, delta=dl) * gg
                ).sum()
        if need[1] or need[2]:
            # the slope is 1 inside |x - y| < δ and flat outside
            inside = np.asarray(np.abs(x._data - y._data) < dl, dtype=x._data.dtype)
            both = _mean_scale(gg * g * Tensor._make(inside, None), r)
            dx = both if need[1] else None
            dy = -both if need[2] else None
        return dg, dx, dy


def huber_loss(
    input: Tensor,
    target: Tensor,
    reduction: str = "mean",
    delta: float = 1.0,
    weight: Tensor | None = None,
) -> Tensor:
    """A squared error for small errors and a ``delta``-scaled absolute one for
    large ones: ``½ d²`` where ``|d| < delta``, else ``delta (|d| - ½ delta)``;
    ``weight`` (the input's size) scales each element's loss.

    >>> import minigrad as torch
    >>> import minigrad.nn.functional as F
    >>> F.huber_loss(torch.tensor([0.5, 3.0]), torch.tensor([0.0, 0.0]), delta=2.0)
    tensor(2.0625)
    """
    input, target = _broadcast_pair(input, target)  # (torch warns of sizes first)
    if weight is not None and weight.size() != input.size():
        raise ValueError(_messages.HUBER_WEIGHT_SIZE)
    if weight is None:
        _check_reduction(reduction)
    if delta <= 0:
        raise RuntimeError(_messages.HUBER_NONPOSITIVE_DELTA)
    # the input's dtype is the result's: the target is cast to it, as torch's kernel does
    dt = input.dtype
    if not dt.is_floating_point:
        other = _dtype.from_numpy_dtype(_dtype.result_type(input, target))
        if other.is_floating_point:
            raise RuntimeError(_messages.cannot_cast_result(other.scalar_name, dt.scalar_name))
        raise NotImplementedError(f"\"huber_cpu\" not implemented for '{dt.scalar_name}'")
    target = target.to(dt)
    if weight is None:
        return HuberLossBackward0.apply(input, target, reduction=reduction, delta=float(delta))
    # weighted: torch weighs the per-element losses and reduces them with ordinary ops
    loss = HuberLossBackward0.apply(input, target, reduction="none", delta=float(delta)) * weight
    if reduction == "none":
        return loss
    if reduction == "sum":
        return loss.sum()
    if reduction == "mean":
        return loss.mean()
    raise ValueError(_messages.huber_invalid_reduction(reduction))


# --- distribution losses -----------------------------------------------------
def kl_div(
    input: Tensor,
    target: Tensor,
    size_average: Any = None,
    reduce: Any = None,
    reduction: str = "mean",
    log_target: bool = False,
) -> Tensor:
    """Kullback-Leibler divergence of ``target`` from the distribution whose
    log-probabilities are ``input``: ``target (log target - input)``, elementwise.
    ``reduction='batchmean'`` divides the sum by the batch size (the true KL
    divergence); ``'mean'`` divides by the number of elements, with a warning.

    >>> import minigrad as torch
    >>> import minigrad.nn.functional as F
    >>> log_p = torch.tensor([[0.5, 0.5]]).log()
    >>> F.kl_div(log_p, torch.tensor([[0.25, 0.75]]), reduction="batchmean")
    tensor(0.1308)
    """
    if size_average is not None or reduce is not None:
        how = legacy_reduction(size_average, reduce, stacklevel=1)  # (torch: from _reduction.py)
    else:
        if reduction == "mean":
            _warn.warn(_messages.KL_DIV_MEAN, functional=True)
        how = "sum" if reduction == "batchmean" else reduction
        _check_reduction(how)
    # torch's kl_div: one formula of ordinary ops, no node of its own
    if input._data.dtype.kind in "bui" or target._data.dtype.kind in "bui":
        raise RuntimeError(_messages.KL_DIV_INTEGRAL)
    if log_target:
        diff = target - input  # (made first, as in torch's graph: its gradient adds first)
        loss = target.exp() * diff
    else:
        cross = target * input  # (made first, as in torch's graph: its gradient adds first)
        loss = pointwise.XlogyBackward0.apply(target, target) - cross
    loss = loss.mean() if how == "mean" else loss.sum() if how == "sum" else loss
    if reduction == "batchmean" and input.dim() != 0:
        loss = loss / input.size()[0]
    return loss


# --- classification losses --------------------------------------------------
class BinaryCrossEntropyBackward0(Op):
    """loss = -w [y log x + (1-y) log(1-x)]   (each log clamped at -100, as torch does)
    d/dx = w (x - y) / max(x (1 - x), 1e-12),   d/dy = w [log(1-x) - log x]"""

    __slots__ = ("reduction", "weight")

    @staticmethod
    def forward(ctx, x, y, reduction, weight=None):
        ctx.reduction, ctx.weight = reduction, weight
        ctx.save_for_backward(x, y)
        log_x = np.maximum(np.log(x), -100)
        log_1mx = np.maximum(np.log1p(-x), -100)
        loss = -(y * log_x + (1 - y) * log_1mx)
        if weight is not None:
            loss = loss * weight
        return _reduce(np.asarray(loss, dtype=x.dtype), reduction)

    @staticmethod
    def backward(ctx, grad):
        x, y = ctx.saved_tensors
        w, r = ctx.weight, ctx.reduction
        gx = gy = None
        if ctx.needs_input_grad[0]:
            gx = BinaryCrossEntropyBackwardBackward0.apply(grad, x, y, reduction=r, weight=w)
        if ctx.needs_input_grad[1]:
            g = _scale(grad, x.shape, r)
            if w is not None:
                g = g * Tensor._make(w, None)
            gy = g * ((-x).log1p() - x.log())
        return gx, gy


class BinaryCrossEntropyBackwardBackward0(Op):
    """binary_cross_entropy's first derivative as an op (``binary_cross_entropy_backward``):
    out = w g (x - y) / max(x (1 - x), 1e-12) / n      (n: the element count for 'mean')
    d/dg: that without g;  d/dx = w g (x² - 2xy + y) / (x (1 - x))² / n;
    d/dy = -w g / (x (1 - x)) / n"""

    __slots__ = ("reduction", "weight")

    @staticmethod
    def forward(ctx, g, x, y, reduction, weight=None):
        ctx.reduction, ctx.weight = reduction, weight
        ctx.save_for_backward(g, x, y)
        out = g * (x - y) / np.maximum(x * (1 - x), 1e-12)
        if weight is not None:
            out = out * weight
        if reduction == "mean":
            out = out / max(x.size, 1)
        return np.asarray(out, dtype=x.dtype)

    @staticmethod
    def backward(ctx, gg):
        g, x, y = ctx.saved_tensors
        r, w = ctx.reduction, ctx.weight
        need = ctx.needs_input_grad
        if w is not None:
            gg = gg * Tensor._make(w, None)
        gg = _mean_scale(gg, r)
        dg = dx = dy = None
        eps = 1e-12  # (torch's double backward keeps x and 1 - x off zero this way)
        x_eps, one_m_x_eps = x + eps, 1 - x + eps
        if need[0]:
            dg = gg * (x - y) / (x_eps * one_m_x_eps)
            dg = dg if r == "none" else dg.sum()
        if need[1]:
            dx = gg * g * ((x - y) * (x - y) + y * (1 - y)) / (x_eps**2 * one_m_x_eps**2)
        if need[2]:
            dy = -gg * g / (x_eps * one_m_x_eps)
        return dg, dx, dy


def binary_cross_entropy(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: Any = None,
    reduce: Any = None,
    reduction: str = "mean",
) -> Tensor:
    """Cross-entropy of probabilities ``input`` (in [0, 1]) against ``target``.

    >>> import minigrad as torch
    >>> import minigrad.nn.functional as F
    >>> F.binary_cross_entropy(torch.tensor([0.5]), torch.tensor([1.0]))
    tensor(0.6931)
    """
    reduction = legacy_reduction(size_average, reduce, reduction, stacklevel=1)
    if target.shape != input.shape:
        raise ValueError(_messages.target_size_differs_bce(target.shape, input.shape))
    _check_reduction(reduction)
    if target._data.dtype != input._data.dtype:
        raise RuntimeError(
            f"Found dtype {target.dtype.scalar_name} but expected {input.dtype.scalar_name}"
        )
    if input._data.dtype.kind != "f":
        raise NotImplementedError(
            f"\"binary_cross_entropy\" not implemented for '{input.dtype.scalar_name}'"
        )
    x, y = input._data, target._data
    if not np.all((x >= 0) & (x <= 1)):  # (nan is outside too)
        raise RuntimeError("all elements of input should be between 0 and 1")
    if not np.all((y >= 0) & (y <= 1)):
        raise RuntimeError("all elements of target should be between 0 and 1")
    settings = {}
    if weight is not None:
        _check_weight_fits(weight._data.shape, input.shape)
        settings["weight"] = weight._data
    return BinaryCrossEntropyBackward0.apply(input, target, reduction=reduction, **settings)


def _check_weight_fits(shape: tuple, out: tuple) -> None:
    """A loss's weights multiply the elementwise losses in place: they must broadcast
    to the loss's shape without making it bigger (torch's messages)."""
    for i in range(1, min(len(shape), len(out)) + 1):
        if shape[-i] not in (1, out[-i]) and out[-i] != 1:
            raise RuntimeError(
                _messages.weight_not_broadcastable(shape[-i], i, repr(Size(shape)), list(out))
            )
    big = list(np.broadcast_shapes(shape, tuple(out)))
    if big != list(out):
        raise RuntimeError(f"output with shape {list(out)} doesn't match the broadcast shape {big}")


class NllLossBackward0(Op):
    """loss = -w[y] x[y] for each sample (averaged by the weights' total)
    d/dx = -w[y] / total at the target class, 0 elsewhere"""

    __slots__ = ("reduction", "coef", "settings", "size_mismatch")
    _holds_saved = True

    @staticmethod
    def forward(ctx, x, target, weight, ignore_index, reduction, size_mismatch=None):
        # size_mismatch: torch computes a 1-D input with a target of shape (1,) but
        # its backward refuses them; this is its message
        ctx.reduction, ctx.size_mismatch = reduction, size_mismatch
        ctx.settings = {"target": target, "weight": weight, "ignore_index": ignore_index}
        flat = x.ndim == 1  # a single sample: (C,) with a 0-dim target
        xs, ts = (x[None], target[None]) if flat else (x, target)
        keep = ts != ignore_index
        safe = np.where(keep, ts, 0)
        picked = np.take_along_axis(xs, np.expand_dims(safe, 1), 1).squeeze(1)
        w = np.ones(xs.shape[1], x.dtype) if weight is None else weight.astype(x.dtype)
        wt = np.where(keep, w[safe], 0).astype(x.dtype)
        loss = -wt * picked
        total = np.sum(wt, dtype=x.dtype)
        onehot = np.expand_dims(safe, 1) == np.arange(xs.shape[1]).reshape(
            (1, -1) + (1,) * (xs.ndim - 2)
        )
        coef = 0.0 - onehot * np.expand_dims(wt, 1)  # d loss_i / d x (+0 off target)
        if reduction == "mean":
            with np.errstate(invalid="ignore", divide="ignore"):
                out = np.sum(loss, dtype=x.dtype) / total
                # ignored samples get 0, even when every sample is ignored (total 0)
                hit = onehot & np.expand_dims(keep, 1)
                coef = np.where(hit, coef / total, coef)
        elif reduction == "sum":
            out = np.sum(loss, dtype=x.dtype)
        else:
            out = loss[0] if flat else loss
        ctx.coef = (coef[0] if flat else coef).astype(x.dtype)
        return np.asarray(out, dtype=x.dtype)

    _double = None  # the class of the derivative op (set below)

    @staticmethod
    def backward(ctx, grad):
        if ctx.size_mismatch:
            raise RuntimeError(ctx.size_mismatch)
        x = ctx._inputs[0]  # only linked, never read: the derivative does not depend on x
        return type(ctx)._double.apply(
            grad, x, coef=ctx.coef, reduction=ctx.reduction, **ctx.settings
        )


class NllLossBackwardBackward0(Op):
    """nll_loss's first derivative as an op (torch's ``nll_loss_backward``):
    out = coef * g, with coef = -w[target] (/ total weight for 'mean') at each
    sample's target class and 0 elsewhere
    d/dg = nll_loss of gg (the same sum of coef * gg),  d/dx = 0"""

    __slots__ = ("reduction", "settings")
    _holds_saved = True
    _loss = None  # the loss op, to apply on gg (set below)

    @staticmethod
    def forward(ctx, g, x, coef, reduction, **settings):
        ctx.reduction, ctx.settings = reduction, settings
        if reduction == "none" and np.ndim(g) > 0:
            g = np.expand_dims(g, 1)
        return np.asarray(g * coef, dtype=coef.dtype)

    @staticmethod
    def backward(ctx, gg):
        dg = None
        if ctx.needs_input_grad[0]:
            dg = type(ctx)._loss.apply(gg, reduction=ctx.reduction, **ctx.settings)
        dx = E.zero_grad(gg) if ctx.needs_input_grad[1] else None
        return dg, dx


class NllLoss2DBackward0(NllLossBackward0):
    """``nll_loss`` on inputs with extra dims (N, C, d1, ...): the same rule."""

    __slots__ = ()


class NllLoss2DBackwardBackward0(NllLossBackwardBackward0):
    """The derivative op of ``NllLoss2DBackward0``: the same rule."""

    __slots__ = ()


NllLossBackward0._double, NllLoss2DBackward0._double = (
    NllLossBackwardBackward0,
    NllLoss2DBackwardBackward0,
)
NllLossBackwardBackward0._loss, NllLoss2DBackwardBackward0._loss = (
    NllLossBackward0,
    NllLoss2DBackward0,
)


def _check_targets(input: Tensor, target: Tensor) -> None:
    if input.dim() == 0:
        raise ValueError("Expected 1 or more dimensions (got 0)")
    if input.dim() != 1 and target.dim() and input.shape[0] != target.shape[0]:  # (checked next)
        raise ValueError(
            f"Expected input batch_size ({input.shape[0]}) to match target batch_size "
            f"({target.shape[0]})."
        )
    if input.dim() == 1 and target.dim() == 1 and target.shape[0] != 1:
        raise ValueError(
            f"For 1D input, 1D target must have size 1, but got target size: {target.shape[0]}"
        )
    if input.dim() < 3 and target.dim() > 1:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if target._data.dtype not in (np.int64, np.uint8):
        raise RuntimeError(
            f"expected target dtype to be Long or Byte, but got {target.dtype.scalar_name}"
        )
    batch = target.shape[0] if target.dim() else 0
    if input.dim() >= 2 and input.shape[0] != batch:
        raise ValueError(
            f"Expected input batch_size ({input.shape[0]}) to match target batch_size ({batch})."
        )
    if input.dim() >= 3:
        expected = [input.shape[0], *input.shape[2:]]
        if list(target.shape) != expected:
            raise RuntimeError(f"Expected target size {expected}, got {list(target.shape)}")


def nll_loss(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: Any = None,
    ignore_index: int = -100,
    reduce: Any = None,
    reduction: str = "mean",
) -> Tensor:
    """Negative log-likelihood: ``-input[i, target[i]]``, averaged. ``input``
    holds log-probabilities (the output of ``log_softmax``).

    >>> import minigrad as torch
    >>> import minigrad.nn.functional as F
    >>> F.nll_loss(torch.tensor([[-1.0, -2.0]]), torch.tensor([1]))
    tensor(2.)
    """
    reduction = legacy_reduction(size_average, reduce, reduction)
    _check_reduction(reduction)
    _check_targets(input, target)
    t = target._data.astype(np.int64)
    n_classes = input.shape[1] if input.dim() >= 2 else input.shape[0]
    if weight is not None and (
        weight._data.size != n_classes or (input.dim() < 3 and weight.dim() != 1)
    ):
        raise RuntimeError(_messages.weight_for_all_classes(n_classes, list(weight.shape)))
    if input._data.dtype.kind != "f":
        kernel = "nll_loss_out_frame" if input.dim() < 3 else "nll_loss2d_forward_out_frame"
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{input.dtype.scalar_name}'")
    if weight is not None and weight._data.dtype != input._data.dtype:
        raise RuntimeError(
            f"expected scalar type {input.dtype.scalar_name} but found {weight.dtype.scalar_name}"
        )
    bad = (t != ignore_index) & ((t < 0) | (t >= n_classes))
    if np.any(bad):
        raise IndexError(f"Target {int(t[bad].flat[0])} is out of bounds.")
    w = None if weight is None else weight._data.reshape(-1)
    if input.dim() < 3:
        mismatch = None
        if input.dim() == 1 and target.dim() == 1:  # one sample, its target in a list
            mismatch = f"size mismatch (got input: {list(input.shape)}, target: [1])"
            t = t.reshape(())
        return NllLossBackward0.apply(
            input,
            target=t,
            weight=w,
            ignore_index=ignore_index,
            reduction=reduction,
            size_mismatch=mismatch,
        )
    # extra dims (images...): like torch, work on a 4-D view (N, C, H, W)
    x = input
    if input.dim() != 4:
        n, c, first = input.shape[:3]
        x = input.view(n, c, first, -1)
        t = t.reshape(n, first, -1)
    out = NllLoss2DBackward0.apply(
        x, target=t, weight=w, ignore_index=ignore_index, reduction=reduction
    )
    return out.view(target.shape) if reduction == "none" and input.dim() != 4 else out


def cross_entropy(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: Any = None,
    ignore_index: int = -100,
    reduce: Any = None,
    reduction: str = "mean",
    label_smoothing: float = 0.0,
) -> Tensor:
    """Softmax cross-entropy on raw scores: ``nll_loss(log_softmax(input, 1), target)``.
    ``target`` holds class indices, or class probabilities (same shape as input).

    >>> import minigrad as torch
    >>> import minigrad.nn.functional as F
    >>> F.cross_entropy(torch.tensor([[0.0, 0.0]]), torch.tensor([1]))
    tensor(0.6931)
    """
    reduction = legacy_reduction(size_average, reduce, reduction)
    if target.shape == input.shape and target._data.dtype.kind != "f":
        raise RuntimeError(
            "Expected floating point type for target with class probabilities, got "
            + target.dtype.scalar_name
        )
    if input.dim() == 0:
        if target.shape == input.shape:
            raise IndexError("Dimension specified as 1 but tensor has no dimensions")
        input._wrap_dim(1)  # (raises torch's message)
    dim = 0 if input.dim() == 1 else 1
    n_classes = input.shape[dim]
    shape = [1] * input.dim()  # the weights, shaped to line up with the class dim
    shape[dim] = -1
    logp = log_softmax(input, dim)
    if target._data.dtype.kind == "f" and target.shape == input.shape:
        _check_reduction(reduction)
        if label_smoothing > 0.0:
            _check_label_smoothing(label_smoothing)
            # smoothing moves a share of each target's probability onto every class
            target = target * (1 - label_smoothing) + label_smoothing / n_classes
        terms = logp * target
        if weight is not None:
            terms = terms * weight.reshape(shape)
        if reduction == "none":
            return -terms.sum(dim)
        if reduction == "sum":
            return -terms.sum()
        return E.DivBackward1.apply(-terms.sum(), c=input.numel() // max(n_classes, 1))
    if not label_smoothing > 0.0:
        return nll_loss(logp, target, weight, None, ignore_index, None, reduction)
    _check_label_smoothing(label_smoothing)
    # (1 - s) * the usual loss + s * the loss against a uniform target, which
    # is the (weighted) sum of -log p over all classes, divided by n_classes
    nll = nll_loss(logp, target, weight, None, ignore_index, None, reduction)
    if weight is not None:
        smooth = -(logp * weight.reshape(shape)).sum(dim)
    else:
        smooth = -logp.sum(dim)
    ignored = target == ignore_index
    smooth.masked_fill_(ignored, 0.0)
    if reduction == "mean":
        kept = target._data[~ignored._data]
        total = weight._data[kept].sum() if weight is not None else (~ignored._data).sum()
        ret = smooth.sum() / Tensor._make(np.asarray(total, dtype=smooth._data.dtype), None)
    elif reduction == "sum":
        ret = smooth.sum()
    else:
        ret = smooth
    return E.AddBackward0.apply(
        E.MulBackward1.apply(nll, c=1 - label_smoothing),
        E.MulBackward1.apply(ret, c=label_smoothing / n_classes),
    )


def _check_label_smoothing(label_smoothing: float) -> None:
    if label_smoothing > 1.0:
        raise RuntimeError(
            f"label_smoothing must be between 0.0 and 1.0. Got: {float(label_smoothing):g}"
        )


# --- ranking and embedding losses -------------------------------------------
# (built from ops, as torch's C++ builds them: the graph shows the same nodes)
def _apply_reduction(loss: Tensor, reduction: str) -> Tensor:
    if reduction == "mean":
        return loss.mean()
    return loss.sum() if reduction == "sum" else loss


def margin_ranking_loss(
    input1: Tensor,
    input2: Tensor,
    target: Tensor,
    margin: float = 0,
    size_average: Any = None,
    reduce: Any = None,
    reduction: str = "mean",
) -> Tensor:
    """``max(0, -target (input1 - input2) + margin)``: ``target`` = 1 says input1
    should rank higher than input2 (by at least ``margin``), -1 the opposite.

    >>> import minigrad as torch
    >>> x1, x2 = torch.tensor([2.0, 0.0]), torch.tensor([1.0, 1.0])
    >>> margin_ranking_loss(x1, x2, torch.tensor([1.0, 1.0]))
    tensor(0.5000)
    """
    reduction = legacy_reduction(size_average, reduce, reduction)
    _check_reduction(reduction)
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError(
            _messages.margin_ranking_dims(input1.size(), input2.size(), target.size())
        )
    loss = E.AddBackward1.apply(-target * (input1 - input2), c=margin)  # (+ a number, in C++)
    return _apply_reduction(loss.clamp_min_(0), reduction)


def _wide(a: np.ndarray) -> np.ndarray:
    return a.astype(np.float64) if a.dtype != np.float64 else a


class SoftMarginLossBackward0(Op):
    """out = log(1 + exp(-y x)) (reduced)     dx = -y σ(-y x) (/ n for the mean)"""

    __slots__ = ("reduction",)

    @staticmethod
    def forward(ctx, x, y, reduction):
        ctx.reduction = reduction
        ctx.save_for_backward(x, y)
        loss = np.log1p(np.exp(-_wide(x) * _wide(y))).astype(x.dtype)
        return _reduce(loss, reduction)

    @staticmethod
    def backward(ctx, grad):
        x, y = ctx.saved_tensors
        return SoftMarginLossBackwardBackward0.apply(grad, x, y, reduction=ctx.reduction), None


class SoftMarginLossBackwardBackward0(Op):
    """soft_margin_loss's derivative as an op: out = -y σ(-y x) g (/ n for the mean)
    d/dg = -y σ(-y x) (summed when g is the reduced loss's gradient, / n for the mean)
    d/dx = g y² σ(-y x) (1 - σ(-y x)) (/ n for the mean)"""

    __slots__ = ("reduction",)

    @staticmethod
    def forward(ctx, g, x, y, reduction):
        ctx.reduction = reduction
        ctx.save_for_backward(g, x, y)
        yw = _wide(y)
        out = -yw / (1 + np.exp(yw * _wide(x))) * _wide(g)
        if reduction == "mean":
            out = out / max(x.size, 1)
        return np.asarray(out).astype(x.dtype)

    @staticmethod
    def backward(ctx, gg):
        g, x, y = ctx.saved_tensors
        y = y.to(x.dtype)
        s = (-y * x).sigmoid()
        dg = dx = None
        if ctx.needs_input_grad[0]:
            dg = _scale(gg * -y * s, x.shape, ctx.reduction)
            dg = dg if ctx.reduction == "none" else dg.sum()
        if ctx.needs_input_grad[1]:
            dx = _scale(gg * g * y * y * s * (1 - s), x.shape, ctx.reduction)
        return dg, dx, None


def soft_margin_loss(
    input: Tensor,
    target: Tensor,
    size_average: Any = None,
    reduce: Any = None,
    reduction: str = "mean",
) -> Tensor:
    """The logistic loss of a two-class problem with labels ±1: ``log(1 + exp(-y x))``.

    >>> import minigrad as torch
    >>> soft_margin_loss(torch.tensor([0.0]), torch.tensor([1.0]))
    tensor(0.6931)
    """
    reduction = legacy_reduction(size_average, reduce, reduction)
    _check_reduction(reduction)
    if target.requires_grad:
        raise RuntimeError(_messages.not_differentiable_wrt("soft_margin_loss", "target"))
    found = _dtype.result_type(input, target)
    if not np.can_cast(found, input._data.dtype, casting="same_kind"):
        raise RuntimeError(
            _messages.cannot_cast_result(
                _dtype.from_numpy_dtype(found).scalar_name, input.dtype.scalar_name
            )
        )
    _broadcast_check(input._data, target._data)
    shape = np.broadcast_shapes(input._data.shape, target._data.shape)
    if shape != input._data.shape:
        raise RuntimeError(
            f"output with shape {list(input.shape)} doesn't match the broadcast shape {list(shape)}"
        )
    if target._data.shape != shape:
        target = target.expand(*shape)
    return SoftMarginLossBackward0.apply(input, target, reduction=reduction)


def cosine_embedding_loss(
    input1: Tensor,
    input2: Tensor,
    target: Tensor,
    margin: float = 0,
    size_average: Any = None,
    reduce: Any = None,
    reduction: str = "mean",
) -> Tensor:
    """For ``target`` 1: ``1 - cos(input1, input2)`` (pull the pair together); for
    -1: ``max(0, cos - margin)`` (push it apart). The cosine is taken along the last dim."""
    reduction = legacy_reduction(size_average, reduce, reduction)
    _check_reduction(reduction)
    d = target.dim()
    if d not in (0, 1):
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if input1.dim() != d + 1 or input2.dim() != d + 1:
        raise RuntimeError(
            _messages.cosine_embedding_dims(d, list(input1.shape), list(input2.shape))
        )
    eps = 1e-12
    prod_sum = (input1 * input2).sum(d)
    mag_square1 = E.AddBackward1.apply((input1 * input1).sum(d), c=eps)
    mag_square2 = E.AddBackward1.apply((input2 * input2).sum(d), c=eps)
    cos = prod_sum / (mag_square1 * mag_square2).sqrt_()
    zeros = Tensor._make(np.zeros_like(cos._data), None)
    one = Tensor._make(np.asarray(1, dtype=cos._data.dtype), None)
    pos = one - cos
    neg = E.SubBackward1.apply(cos, c=margin).clamp_min_(0)
    output = piecewise.where(target == 1, pos, zeros) + piecewise.where(target == -1, neg, zeros)
    return _apply_reduction(output, reduction)


def pairwise_distance(
    x1: Tensor, x2: Tensor, p: float = 2.0, eps: float = 1e-6, keepdim: bool = False
) -> Tensor:
    """The ``p``-norm of ``x1 - x2 + eps`` along the last dim (they broadcast).

    >>> import minigrad as torch
    >>> pairwise_distance(torch.tensor([[0.0, 0.0]]), torch.tensor([[3.0, 4.0]]), eps=0.0)
    tensor([5.])
    """
    last = max(x1.dim(), x2.dim()) - 1
    diff = x1 - x2
    if diff._data.dtype.kind != "f":  # (+ a float makes integers floats)
        diff = diff.to(_dtype.get_default_dtype())
    diff = E.AddBackward1.apply(diff, c=eps)
    dims = (diff._wrap_dim(last, max(diff.dim(), 1)),) if diff.dim() else ()
    return NormBackward1.apply(diff, p=float(p), dims=dims, keepdim=bool(keepdim))


# --- dropout ----------------------------------------------------------------
def dropout(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> Tensor:
    """During training, zero each element with probability ``p`` and scale the
    rest by ``1/(1-p)``; outside training, return ``input`` unchanged."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if not training or p == 0:
        return input
    if p == 1:
        noise = Tensor._make(np.zeros(input._data.shape, dtype=input._data.dtype), None)
    else:
        keep = _random.bernoulli_p(input._data.shape, 1 - p, dtype=input._data.dtype)
        noise = Tensor._make(keep / np.asarray(1 - p, dtype=input._data.dtype), None)
    if inplace:
        return input.mul_(noise)
    return input * noise


def normalize(input: Tensor, p: float = 2.0, dim: int = 1, eps: float = 1e-12) -> Tensor:
    """``input`` divided by its ``p``-norm along ``dim`` (at least ``eps``): each
    slice becomes a unit vector. Built from ops as in torch, so it ends in a ``DivBackward0``."""
    denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
    return input / denom


def cosine_similarity(x1: Tensor, x2: Tensor, dim: int = 1, eps: float = 1e-8) -> Tensor:
    """The cosine of the angle between ``x1`` and ``x2`` along ``dim`` (they
    broadcast): ``sum(x1/|x1| * x2/|x2|)``, each norm at least ``eps``.

    As in torch, each vector is divided by its norm first (this keeps the
    products in range), and the clamping to ``eps`` is left out of the gradient."""
    _broadcast_check(x1._data, x2._data)
    shape = np.broadcast_shapes(x1._data.shape, x2._data.shape)
    x1 = x1 if x1._data.shape == shape else x1.expand(*shape)
    x2 = x2 if x2._data.shape == shape else x2.expand(*shape)
    n1 = x1.norm(2, dim, keepdim=True)
    n2 = x2.norm(2, dim, keepdim=True)
    n1 = n1 + (n1.detach().clamp_min(eps) - n1.detach())  # clamped, with the norm's gradient
    n2 = n2 + (n2.detach().clamp_min(eps) - n2.detach())
    return ((x1 / n1) * (x2 / n2)).sum(dim)


def one_hot(tensor: Tensor, num_classes: int = -1) -> Tensor:
    """Class indices to rows of zeros with a 1 at the index (int64).

    >>> import minigrad as torch
    >>> one_hot(torch.tensor([0, 2]), 3)
    tensor([[1, 0, 0],
            [0, 0, 1]])
    """
    idx = tensor._data
    if idx.dtype != np.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    if num_classes == -1:
        if idx.size == 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        num_classes = int(idx.max()) + 1
    if idx.size and idx.min() < 0:
        raise RuntimeError("Class values must be non-negative.")
    if num_classes < 1 and idx.size or (idx.size and idx.max() >= num_classes):
        raise RuntimeError("Class values must be smaller than num_classes.")
    out = (idx[..., None] == np.arange(max(num_classes, 0))).astype(np.int64)
    return Tensor._make(out, None)


def softmin(input: Tensor, dim: Any = None, _stacklevel: int = 3, dtype: Any = None) -> Tensor:
    """``softmax(-input)``: the smallest scores get the largest probabilities."""
    d = _softmax_dim(input, dim, "softmin")
    return softmax(-input, d, dtype=dtype)


def softsign(input: Tensor) -> Tensor:
    """``x / (1 + |x|)``: like tanh, between -1 and 1 (built from ops, as in torch)."""
    return input / (input.abs() + 1)


def tanhshrink(input: Tensor) -> Tensor:
    """``x - tanh(x)`` (built from ops, as in torch)."""
    return input - input.tanh()


def _softmax_method(self: Tensor, dim: Any = None, dtype: Any = None) -> Tensor:
    if dim is None:
        raise TypeError('softmax() missing 1 required positional arguments: "dim"')
    return softmax(self, dim, dtype=dtype)


def _log_softmax_method(self: Tensor, dim: Any = None, dtype: Any = None) -> Tensor:
    if dim is None:
        raise TypeError('log_softmax() missing 1 required positional arguments: "dim"')
    return log_softmax(self, dim, dtype=dtype)


# ``F.linear``, ``F.embedding``, ``F.layer_norm``, ``F.batch_norm`` are written next to
# their modules (``nn.Linear``...), which build the same nodes.
from .modules.batchnorm import batch_norm  # noqa: E402
from .modules.dropout import dropout1d, dropout2d  # noqa: E402
from .modules.instancenorm import instance_norm  # noqa: E402
from .modules.linear import linear  # noqa: E402
from .modules.normalization import group_norm, layer_norm  # noqa: E402
from .modules.sparse import embedding  # noqa: E402
from .modules.upsampling import interpolate  # noqa: E402
