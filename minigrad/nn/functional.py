"""``minigrad.nn.functional``: activations and losses.

Each loss is one node, like torch's: its forward is the formula, its backward
the well-known simplified derivative (for example ``sigmoid(x) - y`` for the
logistic loss).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._tensor import Tensor
from ..autograd.function import Function
from ..ops.elementwise import relu, sigmoid, tanh

__all__ = ["relu", "sigmoid", "tanh", "binary_cross_entropy_with_logits"]


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


class BinaryCrossEntropyWithLogitsBackward0(Function):
    """loss = -[y log σ(x) + (1-y) log(1-σ(x))]     d/dx = σ(x) - y,   d/dy = -x"""

    __slots__ = ("reduction",)

    @staticmethod
    def forward(ctx, x, y, reduction):
        ctx.reduction = reduction
        ctx.save_for_backward(x, y)
        # a numerically stable form of the formula above
        loss = np.maximum(x, 0) - x * y + np.log1p(np.exp(-np.abs(x)))
        return _reduce(loss.astype(x.dtype, copy=False), reduction)

    @staticmethod
    def backward(ctx, grad):
        x, y = ctx.saved_tensors
        g = _scale(grad, x.shape, ctx.reduction)
        gx = (x.sigmoid() - y) * g if ctx.needs_input_grad[0] else None
        gy = -x * g if ctx.needs_input_grad[1] else None
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
    if target.shape != input.shape:
        raise ValueError(
            f"Target size ({target.shape}) must be the same as input size ({input.shape})"
        )
    if weight is not None or pos_weight is not None:
        # general form, built from differentiable pieces
        log_sig = -((-input).exp() + 1).log()
        log_one_minus = -(input.exp() + 1).log()
        pw = pos_weight if pos_weight is not None else 1
        loss = -(pw * target * log_sig + (1 - target) * log_one_minus)
        if weight is not None:
            loss = loss * weight
        return loss.mean() if reduction == "mean" else loss.sum() if reduction == "sum" else loss
    return BinaryCrossEntropyWithLogitsBackward0.apply(input, target, reduction=reduction)
