"""``nn.MaxPool2d`` and ``nn.AvgPool2d`` (and their 1-D and adaptive kin):
shrink an image (or a signal) by taking the largest value (or the mean) of
each window."""

from __future__ import annotations

from typing import Any

from ...core.tensor import Tensor
from ...ops.convolution import (
    _single,
    adaptive_avg_pool1d,
    adaptive_avg_pool2d,
    adaptive_max_pool1d,
    adaptive_max_pool2d,
    avg_pool1d,
    avg_pool2d,
    max_pool1d,
    max_pool2d,
)
from .module import Module


class _MaxPoolNd(Module):
    """What MaxPool1d and MaxPool2d share (``stride`` defaults to the kernel)."""

    def __init__(
        self,
        kernel_size: Any,
        stride: Any = None,
        padding: Any = 0,
        dilation: Any = 1,
        return_indices: bool = False,
        ceil_mode: bool = False,
    ) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def extra_repr(self) -> str:
        return (
            f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
            f"dilation={self.dilation}, ceil_mode={self.ceil_mode}"
        )


class MaxPool2d(_MaxPoolNd):
    """The largest value of each ``kernel_size`` window of an image.

    Example:
        >>> import minigrad as torch
        >>> MaxPool2d(2)(torch.ones(1, 3, 8, 8)).shape
        torch.Size([1, 3, 4, 4])
    """

    def forward(self, input: Tensor) -> Any:
        return max_pool2d(
            input,
            self.kernel_size,
            self.stride,
            self.padding,
            self.dilation,
            ceil_mode=self.ceil_mode,
            return_indices=self.return_indices,
        )


class AvgPool2d(Module):
    """The mean of each ``kernel_size`` window (``stride`` defaults to the kernel).

    Example:
        >>> import minigrad as torch
        >>> AvgPool2d(2)(torch.ones(1, 1, 4, 4))
        tensor([[[[1., 1.],
                  [1., 1.]]]])
    """

    def __init__(
        self,
        kernel_size: Any,
        stride: Any = None,
        padding: Any = 0,
        ceil_mode: bool = False,
        count_include_pad: bool = True,
        divisor_override: int | None = None,
    ) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def forward(self, input: Tensor) -> Tensor:
        return avg_pool2d(
            input,
            self.kernel_size,
            self.stride,
            self.padding,
            self.ceil_mode,
            self.count_include_pad,
            self.divisor_override,
        )

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class MaxPool1d(_MaxPoolNd):
    """The largest value of each ``kernel_size`` window of a signal ``(N, C, L)``.

    Example:
        >>> import minigrad as torch
        >>> MaxPool1d(2)(torch.tensor([[[1.0, 3.0, 5.0, 4.0]]]))
        tensor([[[3., 5.]]])
    """

    def forward(self, input: Tensor) -> Any:
        return max_pool1d(
            input,
            self.kernel_size,
            self.stride,
            self.padding,
            self.dilation,
            ceil_mode=self.ceil_mode,
            return_indices=self.return_indices,
        )


class AvgPool1d(Module):
    """The mean of each ``kernel_size`` window of a signal ``(N, C, L)``.

    Example:
        >>> import minigrad as torch
        >>> AvgPool1d(2)(torch.tensor([[[1.0, 3.0, 5.0, 7.0]]]))
        tensor([[[2., 6.]]])
    """

    def __init__(
        self,
        kernel_size: Any,
        stride: Any = None,
        padding: Any = 0,
        ceil_mode: bool = False,
        count_include_pad: bool = True,
    ) -> None:
        super().__init__()
        self.kernel_size = _single(kernel_size)
        self.stride = _single(stride if stride is not None else kernel_size)
        self.padding = _single(padding)
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def forward(self, input: Tensor) -> Tensor:
        return avg_pool1d(
            input,
            self.kernel_size,
            self.stride,
            self.padding,
            self.ceil_mode,
            self.count_include_pad,
        )

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class _AdaptiveAvgPoolNd(Module):
    def __init__(self, output_size: Any) -> None:
        super().__init__()
        self.output_size = output_size

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveAvgPool2d(_AdaptiveAvgPoolNd):
    """Average pooling to a fixed ``output_size``, whatever the input's size:
    ``AdaptiveAvgPool2d(1)`` turns each channel into its mean.

    Example:
        >>> import minigrad as torch
        >>> AdaptiveAvgPool2d((1, 2))(torch.ones(1, 3, 7, 9)).shape
        torch.Size([1, 3, 1, 2])
    """

    def forward(self, input: Tensor) -> Tensor:
        return adaptive_avg_pool2d(input, self.output_size)


class AdaptiveAvgPool1d(_AdaptiveAvgPoolNd):
    """Average pooling of a signal ``(N, C, L)`` to ``output_size`` values."""

    def forward(self, input: Tensor) -> Tensor:
        return adaptive_avg_pool1d(input, self.output_size)


class _AdaptiveMaxPoolNd(Module):
    def __init__(self, output_size: Any, return_indices: bool = False) -> None:
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveMaxPool2d(_AdaptiveMaxPoolNd):
    """Max pooling to a fixed ``output_size``, whatever the input's size.

    Example:
        >>> import minigrad as torch
        >>> AdaptiveMaxPool2d(1)(torch.arange(6.0).reshape(1, 1, 2, 3))
        tensor([[[[5.]]]])
    """

    def forward(self, input: Tensor) -> Any:
        return adaptive_max_pool2d(input, self.output_size, self.return_indices)


class AdaptiveMaxPool1d(_AdaptiveMaxPoolNd):
    """Max pooling of a signal ``(N, C, L)`` to ``output_size`` values."""

    def forward(self, input: Tensor) -> Any:
        return adaptive_max_pool1d(input, self.output_size, self.return_indices)


for _cls in (
    MaxPool2d,
    AvgPool2d,
    MaxPool1d,
    AvgPool1d,
    AdaptiveAvgPool2d,
    AdaptiveAvgPool1d,
    AdaptiveMaxPool2d,
    AdaptiveMaxPool1d,
):
    _cls.__module__ = "torch.nn.modules.pooling"
