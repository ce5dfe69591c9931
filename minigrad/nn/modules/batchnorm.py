"""``BatchNorm1d`` and ``BatchNorm2d``: normalise each feature (channel) over
the batch, then scale and shift: ``y = (x - mean) / sqrt(var + eps) * weight + bias``.

In training mode the mean and (biased) variance are the batch's, per channel,
and the layer keeps running averages of them (``running_mean``,
``running_var``, the latter from the unbiased variance); after ``.eval()`` it
uses those averages instead. Like torch, the whole layer is one node,
``NativeBatchNormBackward0``.

>>> import minigrad as torch
>>> bn = torch.nn.BatchNorm1d(2)
>>> bn
BatchNorm1d(2, eps=1e-05, momentum=0.1, affine=True, bias=True, track_running_stats=True)
>>> bn(torch.tensor([[1.0, 2.0], [3.0, 6.0]]))
tensor([[-1.0000, -1.0000],
        [ 1.0000,  1.0000]], grad_fn=<NativeBatchNormBackward0>)
>>> bn.running_mean
tensor([0.2000, 0.4000])
"""

from __future__ import annotations

import numpy as np

from ..._creation import ones, tensor, zeros
from ...core.node import Op
from ...core.tensor import Tensor
from ...exact import messages as _messages
from ...exact.dtype import int64
from .module import Module
from .normalization import _reset_scale_and_shift, _scale_and_shift


class NativeBatchNormBackward0(Op):
    """out = x̂ w + b per channel (dim 1), x̂ = (x - mean) rstd, rstd = 1 / sqrt(var + eps)
    training (the batch's statistics):
        d x = rstd (ĝ - mean(ĝ) - x̂ mean(ĝ x̂)) over all dims but 1, ĝ = grad w
    eval (the running statistics, constants):  d x = ĝ rstd
    d w = sum of grad x̂,   d b = sum of grad (over all dims but 1)
    (the gradient is written with tensor operations, so it can be differentiated again)"""

    __slots__ = ("stats", "eps")

    @staticmethod
    def forward(ctx, x, weight, bias, stats, eps):
        # stats: None to use the batch's own statistics, else (mean, var) arrays
        ctx.stats, ctx.eps = stats, eps
        ctx.save_for_backward(x, weight)
        shape = (1, -1) + (1,) * (x.ndim - 2)
        if stats is None:
            axes = (0,) + tuple(range(2, x.ndim))
            mean = x.mean(axis=axes, keepdims=True)
            var = ((x - mean) ** 2).mean(axis=axes, keepdims=True)
        else:
            mean, var = stats[0].reshape(shape), stats[1].reshape(shape)
        out = (x - mean) / np.sqrt(var + eps)
        if weight is not None:
            out = out * weight.reshape(shape)
        if bias is not None:
            out = out + bias.reshape(shape)
        return out.astype(x.dtype, copy=False)

    @staticmethod
    def backward(ctx, grad):
        x, weight = ctx.saved_tensors
        needs = ctx.needs_input_grad
        dims = (0,) + tuple(range(2, x.dim()))
        shape = (1, -1) + (1,) * (x.dim() - 2)
        if ctx.stats is None:
            mean = x.mean(dims, keepdim=True)
            centred = x - mean
            rstd = ((centred * centred).mean(dims, keepdim=True) + ctx.eps).rsqrt()
        else:
            mean, var = (tensor(s.reshape(shape)) for s in ctx.stats)
            centred = x - mean
            rstd = (var + ctx.eps).rsqrt()
        xhat = centred * rstd
        g = grad * weight.view(shape) if weight is not None else grad
        gx = None
        if needs[0]:
            if ctx.stats is None:
                gx = rstd * (
                    g - g.mean(dims, keepdim=True) - xhat * (g * xhat).mean(dims, keepdim=True)
                )
            else:
                gx = g * rstd
        gw = (grad * xhat).sum(dims) if needs[1] else None
        gb = grad.sum(dims) if needs[2] else None
        return gx, gw, gb


def batch_norm(
    input: Tensor,
    running_mean: Tensor | None,
    running_var: Tensor | None,
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    training: bool = False,
    momentum: float = 0.1,
    eps: float = 1e-5,
) -> Tensor:
    """Normalise each channel (dim 1) of ``input``: with the batch's statistics
    when ``training`` (updating ``running_mean``/``running_var`` in place, if
    given, by ``momentum``), else with ``running_mean`` and ``running_var``."""
    x = input._data
    channels = x.shape[1] if x.ndim > 1 else 0
    if training:
        count = x.size // max(channels, 1)
        if count <= 1:
            raise ValueError(_messages.BATCH_NORM_ONE_VALUE.format(size=input.shape))
    for name, t in (
        ("running_mean", running_mean),
        ("running_var", running_var),
        ("weight", weight),
        ("bias", bias),
    ):
        if t is not None and t.numel() != channels:
            raise RuntimeError(
                _messages.BATCH_NORM_PARAM_SIZE.format(name=name, n=channels, got=t.numel())
            )
    if any(
        t is not None and t.dtype is not input.dtype
        for t in (running_mean, running_var, weight, bias)
    ):
        raise RuntimeError(_messages.BATCH_NORM_MIXED_DTYPE)
    if not training:
        stats = (running_mean._data.copy(), running_var._data.copy())
        return NativeBatchNormBackward0.apply(input, weight, bias, stats=stats, eps=eps)
    out = NativeBatchNormBackward0.apply(input, weight, bias, stats=None, eps=eps)
    if running_mean is not None and running_var is not None:
        axes = (0,) + tuple(range(2, x.ndim))
        mean = x.mean(axis=axes)
        var = x.var(axis=axes, ddof=1)  # the running variance is the unbiased one
        for buf, new in ((running_mean, mean), (running_var, var)):
            buf._data[...] = (1 - momentum) * buf._data + momentum * new
            buf._bump_version()
    return out


class _BatchNorm(Module):
    """What BatchNorm1d and BatchNorm2d share: ``weight`` starts at ones, ``bias``
    at zeros; ``momentum=None`` makes the running statistics a plain cumulative
    average. They differ only in the inputs they accept."""

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float | None = 0.1,
        affine: bool = True,
        track_running_stats: bool = True,
        bias: bool = True,
        device=None,
        dtype=None,
    ) -> None:
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        _scale_and_shift(self, (num_features,), affine, bias, dtype)
        if track_running_stats:
            self.register_buffer("running_mean", zeros(num_features, dtype=dtype))
            self.register_buffer("running_var", ones(num_features, dtype=dtype))
            self.register_buffer("num_batches_tracked", tensor(0, dtype=int64))
        else:
            self.register_buffer("running_mean", None)
            self.register_buffer("running_var", None)
            self.register_buffer("num_batches_tracked", None)
        self.reset_parameters()

    def reset_running_stats(self) -> None:
        if self.track_running_stats:
            self.running_mean._data[...] = 0
            self.running_var._data[...] = 1
            self.num_batches_tracked._data[...] = 0

    def reset_parameters(self) -> None:
        self.reset_running_stats()
        _reset_scale_and_shift(self)

    def _check_input_dim(self, input: Tensor) -> None:
        raise NotImplementedError

    def forward(self, input: Tensor) -> Tensor:
        self._check_input_dim(input)
        momentum = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats:
            self.num_batches_tracked._data[...] += 1
            self.num_batches_tracked._bump_version()
            if self.momentum is None:  # a cumulative moving average
                momentum = 1.0 / int(self.num_batches_tracked._data)
        use_batch = self.training or self.running_mean is None
        tracked = not self.training or self.track_running_stats
        return batch_norm(
            input,
            self.running_mean if tracked else None,
            self.running_var if tracked else None,
            self.weight,
            self.bias,
            use_batch,
            momentum,
            self.eps,
        )

    def extra_repr(self) -> str:
        return (
            f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, "
            f"affine={self.affine}, bias={self.bias is not None}, "
            f"track_running_stats={self.track_running_stats}"
        )


class BatchNorm1d(_BatchNorm):
    """Batch normalisation of ``(N, C)`` or ``(N, C, L)`` inputs over ``C``
    channels (``num_features``)."""

    def _check_input_dim(self, input: Tensor) -> None:
        if input.dim() not in (2, 3):
            raise ValueError(_messages.BATCH_NORM_1D_DIMS.format(dim=input.dim()))


class BatchNorm2d(_BatchNorm):
    """Batch normalisation of images ``(N, C, H, W)``: each channel is normalised
    over the batch and all its pixels (the usual layer after a ``Conv2d``).

    Example:
        >>> import minigrad as torch
        >>> bn = BatchNorm2d(3)
        >>> bn(torch.randn(4, 3, 5, 5)).shape
        torch.Size([4, 3, 5, 5])
        >>> list(bn.state_dict())
        ['weight', 'bias', 'running_mean', 'running_var', 'num_batches_tracked']
    """

    def _check_input_dim(self, input: Tensor) -> None:
        if input.dim() != 4:
            raise ValueError(f"expected 4D input (got {input.dim()}D input)")


for _cls in (BatchNorm1d, BatchNorm2d):
    _cls.__module__ = "torch.nn.modules.batchnorm"
