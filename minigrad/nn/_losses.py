"""The nodes of the regression and ranking losses, and the reductions all losses
share (the loss functions themselves are in ``functional.py``).

Each loss is one node, like torch's: its forward is the formula, its backward the
derivative, scaled by ``1/n`` for ``reduction="mean"``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor, _broadcast_check
from ..exact import messages as _messages
from ..exact import warn as _warn
from ..ops import elementwise as E


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


def _check_reduction(reduction: str) -> None:
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")


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


# --- ranking and embedding losses -------------------------------------------
# (built from ops, as torch's C++ builds them: the graph shows the same nodes)
def _apply_reduction(loss: Tensor, reduction: str) -> Tensor:
    if reduction == "mean":
        return loss.mean()
    return loss.sum() if reduction == "sum" else loss


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
