"""``LayerNorm``: normalise each sample over its last dimensions, then scale
and shift: ``y = (x - mean) / sqrt(var + eps) * weight + bias``. ``GroupNorm``
does the same over groups of channels (see below).

The mean and the (biased) variance are taken over ``normalized_shape``, the
last dimensions of ``x``, separately for every sample. Like torch, the whole
layer is one node, ``NativeLayerNormBackward0``.

>>> import minigrad as torch
>>> ln = torch.nn.LayerNorm(3)
>>> ln
LayerNorm((3,), eps=1e-05, elementwise_affine=True, bias=True)
>>> ln(torch.tensor([[1.0, 2.0, 3.0]]))
tensor([[-1.2247,  0.0000,  1.2247]], grad_fn=<NativeLayerNormBackward0>)
"""

from __future__ import annotations

import math
import numbers
from typing import Any

import numpy as np

from ..._creation import empty
from ...core.node import Op
from ...core.tensor import Tensor
from ...exact import messages as _messages
from .. import init
from ..parameter import Parameter
from .module import Module


class NativeLayerNormBackward0(Op):
    """out = x̂ w + b, with x̂ = (x - mean) rstd, rstd = 1 / sqrt(var + eps) over
    the last ``k`` dims          d x = rstd (ĝ - mean(ĝ) - x̂ mean(ĝ x̂)), ĝ = grad w
    d w = sum of grad x̂ over the samples,   d b = sum of grad over the samples
    (the gradient is written with tensor operations, so it can be differentiated again)"""

    __slots__ = ("k", "eps")

    @staticmethod
    def forward(ctx, x, weight, bias, k, eps):
        ctx.k, ctx.eps = k, eps
        ctx.save_for_backward(x, weight)
        axes = tuple(range(x.ndim - k, x.ndim))
        mean = x.mean(axis=axes, keepdims=True)
        var = ((x - mean) ** 2).mean(axis=axes, keepdims=True)
        out = (x - mean) / np.sqrt(var + eps)
        if weight is not None:
            out = out * weight
        if bias is not None:
            out = out + bias
        return out.astype(x.dtype, copy=False)

    @staticmethod
    def backward(ctx, grad):
        x, weight = ctx.saved_tensors
        needs = ctx.needs_input_grad
        dims = tuple(range(x.dim() - ctx.k, x.dim()))
        lead = tuple(range(x.dim() - ctx.k))
        mean = x.mean(dims, keepdim=True)
        centred = x - mean
        rstd = ((centred * centred).mean(dims, keepdim=True) + ctx.eps).rsqrt()
        xhat = centred * rstd
        g = grad * weight if weight is not None else grad
        gx = None
        if needs[0]:
            gx = rstd * (
                g - g.mean(dims, keepdim=True) - xhat * (g * xhat).mean(dims, keepdim=True)
            )
        gw = (grad * xhat).sum(lead) if needs[1] else None
        gb = grad.sum(lead) if needs[2] else None
        return gx, gw, gb


def layer_norm(
    input: Tensor,
    normalized_shape: list | tuple,
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    eps: float = 1e-5,
) -> Tensor:
    """Normalise over the last ``len(normalized_shape)`` dimensions of ``input``."""
    shape = tuple(normalized_shape)
    k = len(shape)
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and tuple(t.shape) != shape:
            raise RuntimeError(
                _messages.LAYER_NORM_PARAM_SHAPE.format(
                    name=name, shape=list(t.shape), expected=list(shape)
                )
            )
    if k == 0 or tuple(input.shape[input.dim() - k :]) != shape or input.dim() < k:
        raise RuntimeError(
            _messages.LAYER_NORM_INPUT_SHAPE.format(
                normalized_shape=list(shape),
                expected=", ".join(["*"] + [str(n) for n in shape]),
                got=list(input.shape),
            )
        )
    return NativeLayerNormBackward0.apply(input, weight, bias, k=k, eps=eps)


def _scale_and_shift(module: Module, shape: tuple, affine: bool, bias: bool, dtype: Any) -> None:
    """A normalisation layer's learnable ``weight`` and ``bias`` of ``shape`` (set to
    ones and zeros by ``_reset_scale_and_shift``), or None where it has none."""
    if affine:
        module.weight = Parameter(empty(*shape, dtype=dtype))
        if bias:
            module.bias = Parameter(empty(*shape, dtype=dtype))
        else:
            module.register_parameter("bias", None)
    else:
        module.register_parameter("weight", None)
        module.register_parameter("bias", None)


def _reset_scale_and_shift(module: Module) -> None:
    """``weight`` back to ones and ``bias`` to zeros: at first the layer only normalises."""
    if module.weight is not None:
        init.ones_(module.weight)
    if module.bias is not None:
        init.zeros_(module.bias)


class LayerNorm(Module):
    """``y = (x - mean) / sqrt(var + eps) * weight + bias`` over the last
    dimensions ``normalized_shape``; ``weight`` starts at ones, ``bias`` at zeros."""

    def __init__(
        self,
        normalized_shape: int | list | tuple,
        eps: float = 1e-5,
        elementwise_affine: bool = True,
        bias: bool = True,
        device=None,
        dtype=None,
    ) -> None:
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        _scale_and_shift(self, self.normalized_shape, elementwise_affine, bias, dtype)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        _reset_scale_and_shift(self)

    def forward(self, input: Tensor) -> Tensor:
        return layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return (
            f"{self.normalized_shape}, eps={self.eps}, "
            f"elementwise_affine={self.elementwise_affine}, bias={self.bias is not None}"
        )


class NativeGroupNormBackward0(Op):
    """out = x̂ w + b per channel (dim 1), x̂ = (x - mean) rstd, where each sample's
    channels are split into ``groups`` and mean and var are taken over each group
    (its channels and their positions)
        d x = rstd (ĝ - mean(ĝ) - x̂ mean(ĝ x̂)) over each group, ĝ = grad w
    d w = sum of grad x̂,   d b = sum of grad (over all dims but 1)
    (the gradient is written with tensor operations, so it can be differentiated again)"""

    __slots__ = ("groups", "eps")

    @staticmethod
    def forward(ctx, x, weight, bias, groups, eps):
        ctx.groups, ctx.eps = groups, eps
        ctx.save_for_backward(x, weight)
        per_group = x.reshape(x.shape[0], groups, -1)
        mean = per_group.mean(axis=2, keepdims=True)
        var = ((per_group - mean) ** 2).mean(axis=2, keepdims=True)
        out = ((per_group - mean) / np.sqrt(var + eps)).reshape(x.shape)
        shape = (1, -1) + (1,) * (x.ndim - 2)
        if weight is not None:
            out = out * weight.reshape(shape)
        if bias is not None:
            out = out + bias.reshape(shape)
        return out.astype(x.dtype, copy=False)

    @staticmethod
    def backward(ctx, grad):
        x, weight = ctx.saved_tensors
        needs = ctx.needs_input_grad
        n, shape = x.shape[0], (1, -1) + (1,) * (x.dim() - 2)
        dims = (0,) + tuple(range(2, x.dim()))
        per_group = x.reshape(n, ctx.groups, -1)
        centred = per_group - per_group.mean(2, keepdim=True)
        rstd = ((centred * centred).mean(2, keepdim=True) + ctx.eps).rsqrt()
        xhat = centred * rstd
        gx = None
        if needs[0]:
            g = grad * weight.view(shape) if weight is not None else grad
            g = g.reshape(n, ctx.groups, -1)
            gx = rstd * (g - g.mean(2, keepdim=True) - xhat * (g * xhat).mean(2, keepdim=True))
            gx = gx.view(x.shape)
        gw = (grad * xhat.view(x.shape)).sum(dims) if needs[1] else None
        gb = grad.sum(dims) if needs[2] else None
        return gx, gw, gb


def group_norm(
    input: Tensor,
    num_groups: int,
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    eps: float = 1e-5,
) -> Tensor:
    """Normalise each group of ``C / num_groups`` channels of each sample, then
    scale and shift each channel by ``weight`` and ``bias``."""
    if input.dim() < 2:
        raise RuntimeError(
            f"Expected at least 2 dimensions for input tensor but received {input.dim()}"
        )
    n, c = input.shape[0], input.shape[1]
    size = [n * c // num_groups, num_groups] + list(input.shape[2:])
    if size[0] * math.prod(size[2:]) == 1:
        raise ValueError(_messages.BATCH_NORM_ONE_VALUE.format(size=size))
    if c % num_groups:
        raise RuntimeError(_messages.group_norm_groups(list(input.shape), num_groups))
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and (t.dim() != 1 or t.numel() != c):
            # (torch shows the weight's shape in both messages, [0] without a weight)
            shown = list(weight.shape) if weight is not None else [0]
            raise RuntimeError(_messages.group_norm_param(name, shown, list(input.shape)))
    if any(t is not None and t.dtype is not input.dtype for t in (weight, bias)):
        raise RuntimeError(_messages.BATCH_NORM_MIXED_DTYPE)
    return NativeGroupNormBackward0.apply(input, weight, bias, groups=num_groups, eps=eps)


class GroupNorm(Module):
    """Normalise each sample's channels in ``num_groups`` groups (mean and
    variance over each group's channels and positions), then scale and shift
    each channel; unlike ``BatchNorm``, it does not depend on the batch.

    Example:
        >>> import minigrad as torch
        >>> gn = GroupNorm(2, 4)
        >>> gn
        GroupNorm(2, 4, eps=1e-05, affine=True, bias=True)
        >>> gn(torch.ones(1, 4, 3)).shape
        torch.Size([1, 4, 3])
    """

    def __init__(
        self,
        num_groups: int,
        num_channels: int,
        eps: float = 1e-5,
        affine: bool = True,
        device=None,
        dtype=None,
        *,
        bias: bool = True,
    ) -> None:
        super().__init__()
        if num_channels % num_groups != 0:
            raise ValueError(
                f"num_channels ({num_channels}) must be divisible by num_groups ({num_groups})"
            )
        self.num_groups = num_groups
        self.num_channels = num_channels
        self.eps = eps
        self.affine = affine
        _scale_and_shift(self, (num_channels,), affine, bias, dtype)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        _reset_scale_and_shift(self)

    def forward(self, input: Tensor) -> Tensor:
        return group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return (
            f"{self.num_groups}, {self.num_channels}, eps={self.eps}, affine={self.affine}, "
            f"bias={self.bias is not None}"
        )


for _cls in (LayerNorm, GroupNorm):
    _cls.__module__ = "torch.nn.modules.normalization"
