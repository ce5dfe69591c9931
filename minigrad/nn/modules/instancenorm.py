"""Instance normalisation: each sample's channels normalised on their own (style
transfer, GANs). As torch does it, this is batch normalisation of a tensor whose
batch and channels are folded into one: ``(N, C, ...)`` seen as ``(1, N*C, ...)``.

>>> import minigrad as torch
>>> torch.nn.InstanceNorm1d(2)(torch.tensor([[[1.0, 3.0], [2.0, 6.0]]]))
tensor([[[-1.0000,  1.0000],
         [-1.0000,  1.0000]]])
"""

from __future__ import annotations

from ...core.grad_mode import no_grad
from ...core.tensor import Tensor
from ...exact import messages as _messages
from ...exact import warn as _warn
from .batchnorm import _BatchNorm, batch_norm


def instance_norm(
    input: Tensor,
    running_mean: Tensor | None = None,
    running_var: Tensor | None = None,
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    use_input_stats: bool = True,
    momentum: float = 0.1,
    eps: float = 1e-5,
) -> Tensor:
    """Normalise each (sample, channel) of ``input`` over its own positions."""
    b, c = input.shape[0], input.shape[1]

    def per_sample(t: Tensor | None) -> Tensor | None:  # one copy per sample
        return None if t is None else t.repeat(b)

    folded = input.contiguous().view((1, b * c) + tuple(input.shape[2:]))
    mean, var = per_sample(running_mean), per_sample(running_var)
    out = batch_norm(
        folded, mean, var, per_sample(weight), per_sample(bias), use_input_stats, momentum, eps
    )
    with no_grad():  # the running statistics: the average over the samples' copies
        for buf, copies in ((running_mean, mean), (running_var, var)):
            if buf is not None:
                buf.copy_(copies.view(b, c).mean(0))
    return out.view_as(input)


class _InstanceNorm(_BatchNorm):
    """What InstanceNorm1d and InstanceNorm2d share; they differ in the inputs
    they accept. No weights and no running statistics by default."""

    _no_batch_dims = 2  # an input of this many dims has no batch dim

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float | None = 0.1,
        affine: bool = False,
        track_running_stats: bool = False,
        device=None,
        dtype=None,
    ) -> None:
        super().__init__(num_features, eps, momentum, affine, track_running_stats, dtype=dtype)

    def forward(self, input: Tensor) -> Tensor:
        self._check_input_dim(input)
        feature_dim = input.dim() - self._no_batch_dims
        if input.shape[feature_dim] != self.num_features:
            if self.affine:
                raise ValueError(
                    _messages.instance_norm_features(
                        feature_dim, self.num_features, input.shape[feature_dim]
                    )
                )
            _warn.warn(_messages.instance_norm_features_ignored(feature_dim))
        if input.dim() == self._no_batch_dims:  # one sample: a batch of one
            return self._normalise(input.unsqueeze(0)).squeeze(0)
        return self._normalise(input)

    def _normalise(self, input: Tensor) -> Tensor:
        return instance_norm(
            input,
            self.running_mean,
            self.running_var,
            self.weight,
            self.bias,
            self.training or not self.track_running_stats,
            self.momentum if self.momentum is not None else 0.0,
            self.eps,
        )


class InstanceNorm1d(_InstanceNorm):
    """Instance normalisation of ``(N, C, L)`` or ``(C, L)`` inputs."""

    def _check_input_dim(self, input: Tensor) -> None:
        if input.dim() not in (2, 3):
            raise ValueError(f"expected 2D or 3D input (got {input.dim()}D input)")


class InstanceNorm2d(_InstanceNorm):
    """Instance normalisation of images ``(N, C, H, W)`` or ``(C, H, W)``."""

    _no_batch_dims = 3

    def _check_input_dim(self, input: Tensor) -> None:
        if input.dim() not in (3, 4):
            raise ValueError(f"expected 3D or 4D input (got {input.dim()}D input)")


for _cls in (InstanceNorm1d, InstanceNorm2d):
    _cls.__module__ = "torch.nn.modules.instancenorm"
