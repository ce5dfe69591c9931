"""The nodes of the classification losses: binary cross-entropy (with or without
logits) and nll_loss (the loss functions themselves are in ``functional.py``).

Each backward is the well-known simplified derivative, for example
``sigmoid(x) - y`` for the logistic loss.
"""

from __future__ import annotations

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor
from ..exact import messages as _messages
from ..exact.size import Size
from ..ops import elementwise as E
from ._losses import _mean_scale, _reduce, _scale


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


def _check_label_smoothing(label_smoothing: float) -> None:
    if label_smoothing > 1.0:
        raise RuntimeError(
            f"label_smoothing must be between 0.0 and 1.0. Got: {float(label_smoothing):g}"
        )
