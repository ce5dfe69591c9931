"""``minigrad.nn.init``: fill a weight tensor with its starting values.

Each function changes the tensor in place under ``no_grad`` (filling a
parameter is not part of any computation to differentiate) and returns it.
The random ones draw from the same generator as ``torch.rand``, in the same
order as torch, so after ``manual_seed(s)`` a layer starts with the same
weights as in PyTorch.

>>> import minigrad as torch
>>> w = torch.empty(2, 3)
>>> torch.nn.init.constant_(w, 0.5)
tensor([[0.5000, 0.5000, 0.5000],
        [0.5000, 0.5000, 0.5000]])
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .._creation import zeros_like
from ..core.grad_mode import no_grad
from ..core.tensor import Tensor
from ..exact import messages as _messages
from ..exact import warn as _warn
from ..ops.piecewise import where

__all__ = [
    "calculate_gain",
    "uniform_",
    "normal_",
    "constant_",
    "ones_",
    "zeros_",
    "xavier_uniform_",
    "xavier_normal_",
    "kaiming_uniform_",
    "kaiming_normal_",
    "trunc_normal_",
    "eye_",
    "orthogonal_",
]


def calculate_gain(nonlinearity: str, param: float | None = None) -> float:
    """The factor that keeps the variance of activations steady through a
    layer followed by ``nonlinearity`` (e.g. ``sqrt(2)`` for ReLU).

    >>> import minigrad as torch
    >>> torch.nn.init.calculate_gain("tanh")
    1.6666666666666667
    """
    linear_like = ("linear", "conv1d", "conv2d", "conv3d")
    linear_like += ("conv_transpose1d", "conv_transpose2d", "conv_transpose3d")
    if nonlinearity in linear_like or nonlinearity == "sigmoid":
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            slope = 0.01
        elif not isinstance(param, bool) and isinstance(param, (int, float)):
            slope = param
        else:
            raise ValueError(f"negative_slope {param} not a valid number")
        return math.sqrt(2.0 / (1 + slope**2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"Unsupported nonlinearity {nonlinearity}")


def _fan_in_and_fan_out(tensor: Tensor) -> tuple[int, int]:
    """fan_in: how many inputs feed each output; fan_out: how many outputs each input feeds.
    For a Linear weight of shape (out, in) these are ``in`` and ``out``."""
    if tensor.dim() < 2:
        raise ValueError(
            "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions"
        )
    receptive_field = 1
    for s in tensor.shape[2:]:
        receptive_field *= s
    return tensor.shape[1] * receptive_field, tensor.shape[0] * receptive_field


def _correct_fan(tensor: Tensor, mode: str) -> int:
    mode = mode.lower()
    valid = ["fan_in", "fan_out"]
    if mode not in valid:
        raise ValueError(f"Mode {mode} not supported, please use one of {valid}")
    fan_in, fan_out = _fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out


def uniform_(tensor: Tensor, a: float = 0.0, b: float = 1.0, generator: Any = None) -> Tensor:
    """Fill with numbers drawn uniformly from ``[a, b)``."""
    with no_grad():
        return tensor.uniform_(a, b, generator=generator)


def normal_(tensor: Tensor, mean: float = 0.0, std: float = 1.0, generator: Any = None) -> Tensor:
    """Fill with numbers drawn from the normal distribution N(mean, std²)."""
    with no_grad():
        return tensor.normal_(mean, std, generator=generator)


def constant_(tensor: Tensor, val: float) -> Tensor:
    """Fill with ``val``."""
    with no_grad():
        return tensor.fill_(val)


def ones_(tensor: Tensor) -> Tensor:
    """Fill with ones."""
    return constant_(tensor, 1.0)


def zeros_(tensor: Tensor) -> Tensor:
    """Fill with zeros."""
    with no_grad():
        return tensor.zero_()


def xavier_uniform_(tensor: Tensor, gain: float = 1.0, generator: Any = None) -> Tensor:
    """Glorot/Xavier: uniform on ``[-a, a]`` with ``a = gain * sqrt(6 / (fan_in + fan_out))``."""
    fan_in, fan_out = _fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    a = math.sqrt(3.0) * std  # a uniform on [-a, a] has standard deviation a / sqrt(3)
    return uniform_(tensor, -a, a, generator)


def xavier_normal_(tensor: Tensor, gain: float = 1.0, generator: Any = None) -> Tensor:
    """Glorot/Xavier: normal with ``std = gain * sqrt(2 / (fan_in + fan_out))``."""
    fan_in, fan_out = _fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    return normal_(tensor, 0.0, std, generator)


def _zero_element(tensor: Tensor) -> bool:
    if 0 in tensor.shape:
        _warn.warn("Initializing zero-element tensors is a no-op")
        return True
    return False


def kaiming_uniform_(
    tensor: Tensor,
    a: float = 0,
    mode: str = "fan_in",
    nonlinearity: str = "leaky_relu",
    generator: Any = None,
) -> Tensor:
    """He/Kaiming: uniform on ``[-bound, bound]``, ``bound = gain * sqrt(3 / fan)``.

    ``nn.Linear`` uses this with ``a=sqrt(5)``, which works out to
    ``bound = 1 / sqrt(fan_in)``.
    """
    if _zero_element(tensor):
        return tensor
    fan = _correct_fan(tensor, mode)
    gain = calculate_gain(nonlinearity, a)
    std = gain / math.sqrt(fan)
    bound = math.sqrt(3.0) * std
    return uniform_(tensor, -bound, bound, generator)


def kaiming_normal_(
    tensor: Tensor,
    a: float = 0,
    mode: str = "fan_in",
    nonlinearity: str = "leaky_relu",
    generator: Any = None,
) -> Tensor:
    """He/Kaiming: normal with ``std = gain / sqrt(fan)``."""
    if _zero_element(tensor):
        return tensor
    fan = _correct_fan(tensor, mode)
    std = calculate_gain(nonlinearity, a) / math.sqrt(fan)
    return normal_(tensor, 0.0, std, generator)


def trunc_normal_(
    tensor: Tensor,
    mean: float = 0.0,
    std: float = 1.0,
    a: float = -2.0,
    b: float = 2.0,
    generator: Any = None,
) -> Tensor:
    """Normal N(mean, std²) cut to ``[a, b]``, by rejection as torch draws it: when
    ``[a, b]`` holds more than 30% of the distribution, normal draws are redrawn
    wherever they fall outside; otherwise uniform draws on ``[a, b]`` are kept
    with probability pdf(x) / pdf(peak). Same seed, same numbers as torch."""

    def norm_cdf(x: float) -> float:
        return (1.0 + math.erf(x / math.sqrt(2.0))) / 2.0

    if (mean < a - 2 * std) or (mean > b + 2 * std):
        _warn.warn(_messages.TRUNC_NORMAL_MEAN)
    with no_grad():
        if norm_cdf((b - mean) / std) - norm_cdf((a - mean) / std) > 0.3:
            low, high = tensor.new_tensor(a).item(), tensor.new_tensor(b).item()
            result = tensor.normal_(mean, std, generator=generator)
            while True:
                outside = (result < low) | (result > high)
                if not outside.any():
                    break
                again = zeros_like(result).normal_(mean, std, generator=generator)
                result = where(outside, again, result)
        else:
            peak = max(a, min(mean, b))
            log_peak = -0.5 * ((peak - mean) / std) ** 2

            def log_ratio(x: Tensor) -> Tensor:  # log(pdf(x) / pdf(peak)), in place
                return x.sub_(mean).div_(std).pow_(2).mul_(-0.5).sub_(log_peak)

            result = tensor.uniform_(a, b, generator=generator)
            candidates = log_ratio(result.clone())
            accept = zeros_like(result)
            pending = accept.uniform_(generator=generator).log_().gt(candidates)
            while pending.any():
                candidates.uniform_(a, b, generator=generator)
                result = where(pending, candidates, result)
                log_ratio(candidates)
                later = accept.uniform_(generator=generator).log_().gt(candidates)
                pending = where(pending, later, pending)
        if result is not tensor:
            tensor.copy_(result)
        return tensor


def eye_(tensor: Tensor) -> Tensor:
    """The identity matrix (ones on the diagonal) in a 2-D tensor."""
    if tensor.dim() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    with no_grad():
        tensor.zero_()
        n = min(tensor.shape)
        tensor[range(n), range(n)] = 1
        return tensor


def orthogonal_(tensor: Tensor, gain: float = 1.0, generator: Any = None) -> Tensor:
    """A (semi-)orthogonal matrix: the Q of a QR factorisation of a normal draw, its
    columns' signs set by R's diagonal, times ``gain`` (torch's recipe; the QR comes
    from numpy's LAPACK, so the last digits can differ from torch's)."""
    if tensor.dim() < 2:
        raise ValueError("Only tensors with 2 or more dimensions are supported")
    if tensor.numel() == 0:
        return tensor
    rows = tensor.shape[0]
    cols = tensor.numel() // rows
    with no_grad():
        flat = tensor.new_zeros((rows, cols)).normal_(0, 1, generator=generator)._data
        if rows < cols:
            flat = flat.T
        q, r = np.linalg.qr(flat)
        q = q * np.sign(np.diag(r))
        if rows < cols:
            q = q.T
        tensor.copy_(Tensor._make(q.reshape(tensor.shape).astype(flat.dtype), None))
        tensor.mul_(gain)
        return tensor
