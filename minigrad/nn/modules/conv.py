"""``nn.Conv1d`` and ``nn.Conv2d``: learnable convolutions (see ``minigrad/ops/convolution.py``)."""

from __future__ import annotations

import math
from typing import Any

from ..._creation import empty
from ...core.tensor import Tensor
from ...exact import messages as _messages
from ...ops.convolution import _pair, _single, conv1d, conv2d
from ...ops.padding import pad as _pad
from .. import init
from ..parameter import Parameter
from .module import Module

# (sets, printed in the same order as torch's)
_PADDING_STRINGS = {"same", "valid"}
_PADDING_MODES = {"zeros", "reflect", "replicate", "circular"}


class _ConvNd(Module):
    """What Conv1d and Conv2d share; ``_tuple`` and ``_conv`` set the number of dims."""

    _tuple = staticmethod(_pair)
    _conv = staticmethod(conv2d)

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: Any,
        stride: Any = 1,
        padding: Any = 0,
        dilation: Any = 1,
        groups: int = 1,
        bias: bool = True,
        padding_mode: str = "zeros",
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        if padding_mode not in _PADDING_MODES:
            raise ValueError(_messages.conv_padding_mode(_PADDING_MODES, padding_mode))
        self.in_channels, self.out_channels = in_channels, out_channels
        self.kernel_size = self._tuple(kernel_size)
        self.stride = self._tuple(stride)
        if isinstance(padding, str):
            if padding not in ("valid", "same"):
                raise ValueError(
                    f"Invalid padding string {padding!r}, should be one of {_PADDING_STRINGS}"
                )
            if padding == "same" and any(s != 1 for s in self.stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
        self.padding = padding if isinstance(padding, str) else self._tuple(padding)
        self.dilation = self._tuple(dilation)
        self.groups = groups
        self.padding_mode = padding_mode
        # for padding_mode other than "zeros": F.pad's widths, last dim first
        if isinstance(self.padding, str):
            self._reversed_padding_repeated_twice = [0, 0] * len(self.kernel_size)
            if padding == "same":
                n = len(self.kernel_size)
                for i, (d, k) in enumerate(zip(self.dilation, self.kernel_size)):
                    total = d * (k - 1)
                    self._reversed_padding_repeated_twice[2 * (n - 1 - i)] = total // 2
                    self._reversed_padding_repeated_twice[2 * (n - 1 - i) + 1] = total - total // 2
        else:
            self._reversed_padding_repeated_twice = [
                p for p in reversed(self.padding) for _ in "lr"
            ]
        self.weight = Parameter(
            empty(
                out_channels, in_channels // groups, *self.kernel_size, dtype=dtype, device=device
            )
        )
        if bias:
            self.bias = Parameter(empty(out_channels, dtype=dtype, device=device))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        """Draw new starting weights (weight first, then bias, as torch does)."""
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in = self.weight.shape[1] * math.prod(self.kernel_size)
            if fan_in != 0:
                bound = 1 / math.sqrt(fan_in)
                init.uniform_(self.bias, -bound, bound)

    def forward(self, input: Tensor) -> Tensor:
        if self.padding_mode != "zeros":  # pad first (reflect...), then an unpadded convolution
            padded = _pad(input, self._reversed_padding_repeated_twice, mode=self.padding_mode)
            no_padding = (0,) * len(self.kernel_size)
            return self._conv(
                padded, self.weight, self.bias, self.stride, no_padding, self.dilation, self.groups
            )
        return self._conv(
            input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups
        )

    def extra_repr(self) -> str:
        n = len(self.kernel_size)
        s = (
            f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, "
            f"stride={self.stride}"
        )
        if self.padding != (0,) * n:
            s += f", padding={self.padding}"
        if self.dilation != (1,) * n:
            s += f", dilation={self.dilation}"
        if self.groups != 1:
            s += f", groups={self.groups}"
        if self.bias is None:
            s += ", bias=False"
        if self.padding_mode != "zeros":
            s += f", padding_mode={self.padding_mode}"
        return s


class Conv1d(_ConvNd):
    """Slides ``out_channels`` learnable ``kernel_size`` filters along a signal
    ``(N, C, L)``, e.g. a sequence of feature vectors or an audio clip.

    Example:
        >>> import minigrad as torch
        >>> conv = Conv1d(2, 4, kernel_size=3, padding="same")
        >>> conv(torch.ones(5, 2, 10)).shape
        torch.Size([5, 4, 10])
    """

    _tuple = staticmethod(_single)
    _conv = staticmethod(conv1d)


class Conv2d(_ConvNd):
    """Slides ``out_channels`` learnable ``kernel_size`` filters over an image.

    Starting weights are drawn as in torch (``kaiming_uniform_`` with
    ``a=sqrt(5)``, then the bias uniform on ``±1/sqrt(fan_in)``), so after the
    same ``manual_seed`` the layer holds exactly torch's numbers.

    Example:
        >>> import minigrad as torch
        >>> conv = Conv2d(1, 4, kernel_size=3, padding=1)
        >>> conv(torch.ones(2, 1, 8, 8)).shape
        torch.Size([2, 4, 8, 8])
    """


for _cls in (Conv1d, Conv2d):
    _cls.__module__ = "torch.nn.modules.conv"
