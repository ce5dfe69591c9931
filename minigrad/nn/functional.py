"""``minigrad.nn.functional``: activations and losses.

Each loss is one node, like torch's: its forward is the formula, its backward
the well-known simplified derivative (for example ``sigmoid(x) - y`` for the
logistic loss).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .._creation import ones_like
from ..core.grad_mode import no_grad
from ..core.tensor import Tensor, _broadcast_check
from ..exact import dtype as _dtype
from ..exact import messages as _messages
from ..exact import random as _random
from ..exact import warn as _warn
from ..ops import elementwise as E
from ..ops import piecewise, pointwise
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
from ..ops.norms import NormBackward1
from ..ops.padding import pad
from ..ops.piecewise import leaky_relu_
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
from ._classification import (  # noqa: F401 (all of torch's nodes, as minigrad.nn.functional names)
    BinaryCrossEntropyBackward0,
    BinaryCrossEntropyBackwardBackward0,
    BinaryCrossEntropyWithLogitsBackward0,
    NllLoss2DBackward0,
    NllLoss2DBackwardBackward0,
    NllLossBackward0,
    NllLossBackwardBackward0,
    _check_label_smoothing,
    _check_targets,
    _check_weight_fits,
)
from ._losses import (  # noqa: F401 (all of torch's nodes, as minigrad.nn.functional names)
    HuberLossBackward0,
    HuberLossBackwardBackward0,
    MseLossBackward0,
    MseLossBackwardBackward0,
    SmoothL1LossBackward0,
    SmoothL1LossBackwardBackward0,
    SoftMarginLossBackward0,
    SoftMarginLossBackwardBackward0,
    _apply_reduction,
    _broadcast_pair,
    _check_reduction,
)
from ._reduction import legacy_reduction
from ._softmax import (  # noqa: F401 (all of torch's nodes, as minigrad.nn.functional names)
    LogSoftmaxBackward0,
    LogSoftmaxBackwardDataBackward0,
    SoftmaxBackward0,
    SoftmaxBackwardDataBackward0,
    _softmax_dim,
    _softmax_input,
)

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
    "gaussian_nll_loss",
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
def gaussian_nll_loss(
    input: Tensor,
    target: Tensor,
    var: Tensor | float,
    full: bool = False,
    eps: float = 1e-6,
    reduction: str = "mean",
) -> Tensor:
    """Negative log-likelihood of ``target`` under a Gaussian of mean ``input`` and
    variance ``var``: ``½ (log var + (input - target)² / var)``, elementwise; ``var``
    is clamped to ``eps`` without recording it (its gradient passes unchanged).

    >>> import minigrad as torch
    >>> import minigrad.nn.functional as F
    >>> mean, target = torch.tensor([1.0, 2.0]), torch.tensor([1.0, 0.0])
    >>> F.gaussian_nll_loss(mean, target, torch.tensor([1.0, 4.0]))
    tensor(0.5966)
    """
    # (torch's function is these ordinary ops, written in Python)
    if isinstance(var, float):
        if var < 0:
            raise ValueError(_messages.GAUSSIAN_NLL_NEGATIVE_VAR)
        var = var * ones_like(input)
    elif bool((var < 0).any()):
        raise ValueError(_messages.GAUSSIAN_NLL_NEGATIVE_VAR)
    if var.size() != input.size():
        if input.size()[:-1] == var.size():  # one variance per row: broadcast along the last dim
            var = var.unsqueeze(-1)
        elif input.dim() != var.dim() or (
            sum(y for x, y in zip(input.size(), var.size()) if x != y) != 1
        ):
            raise ValueError(_messages.GAUSSIAN_NLL_VAR_SIZE)
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(_messages.gaussian_nll_invalid_reduction(reduction))
    var = var.clone()
    with no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (var.log() + (input - target) ** 2 / var)
    if full:
        loss += 0.5 * math.log(2 * math.pi)
    if reduction == "mean":
        return loss.mean()
    return loss.sum() if reduction == "sum" else loss


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
