"""Convolution and pooling on images (``N, C, H, W``), the im2col way.

*im2col* ("image to columns") copies every ``kh x kw`` window of the input into
a column, so a convolution becomes one matrix product::

    cols = unfold(x)             # (N, C*kh*kw, L)   L = number of windows
    out  = weight_matrix @ cols  # (N, out_channels, L) -> reshape to an image

The derivative follows from the chain rule on those two steps: the gradient of
``cols`` is ``weight_matrixᵀ @ grad``, and ``fold`` (col2im) adds each column
back onto the window it came from -- the adjoint of ``unfold``.  Pooling is
the same windows with ``max``/``mean`` instead of a matrix product.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _messages
from .._tensor import Tensor
from ..autograd.function import Op


def _pair(v: Any, name: str = "") -> tuple[int, int]:
    if isinstance(v, (tuple, list)):
        return (int(v[0]), int(v[1])) if len(v) == 2 else (int(v[0]), int(v[0]))
    return (int(v), int(v))


def _out_size(size: int, k: int, s: int, p: int, d: int, ceil: bool = False) -> int:
    span = size + 2 * p - d * (k - 1) - 1
    n = (-(-span // s) if ceil else span // s) + 1
    if ceil and (n - 1) * s >= size + p:  # the last window must start inside the image
        n -= 1
    return n


# ----------------------------------------------------------------------------
# unfold (im2col) and fold (col2im): each is the other's derivative
# ----------------------------------------------------------------------------


def _windows(
    x: np.ndarray, k: tuple, d: tuple, p: tuple, s: tuple, out: tuple, fill: float = 0.0
) -> np.ndarray:
    """A read-only view ``(N, C, kh, kw, Ho, Wo)`` of every window of the padded image."""
    (kh, kw), (dh, dw), (ph, pw), (sh, sw) = k, d, p, s
    n, c, h, w = x.shape
    # pad enough on the far side that the last (ceil_mode) window fits
    need_h = max(0, (out[0] - 1) * sh + dh * (kh - 1) + 1 - (h + 2 * ph))
    need_w = max(0, (out[1] - 1) * sw + dw * (kw - 1) + 1 - (w + 2 * pw))
    xp = np.pad(x, ((0, 0), (0, 0), (ph, ph + need_h), (pw, pw + need_w)), constant_values=fill)
    s0, s1, s2, s3 = xp.strides
    return np.lib.stride_tricks.as_strided(
        xp,
        (n, c, kh, kw, out[0], out[1]),
        (s0, s1, s2 * dh, s3 * dw, s2 * sh, s3 * sw),
        writeable=False,
    )


def _unfold(
    x: np.ndarray, k: tuple, d: tuple, p: tuple, s: tuple, out: tuple | None = None
) -> np.ndarray:
    if out is None:
        out = tuple(_out_size(x.shape[2 + i], k[i], s[i], p[i], d[i]) for i in range(2))
    win = _windows(x, k, d, p, s, out)
    n, c = x.shape[:2]
    return win.reshape(n, c * k[0] * k[1], out[0] * out[1])


def _fold(
    cols: np.ndarray, size: tuple, k: tuple, d: tuple, p: tuple, s: tuple, out: tuple | None = None
) -> np.ndarray:
    """Add each column back onto its window of an ``size`` image (the adjoint of unfold)."""
    (kh, kw), (dh, dw), (ph, pw), (sh, sw) = k, d, p, s
    h, w = size
    if out is None:
        out = tuple(_out_size(size[i], k[i], s[i], p[i], d[i]) for i in range(2))
    n = cols.shape[0]
    c = cols.shape[1] // (kh * kw)
    cols = cols.reshape(n, c, kh, kw, out[0], out[1])
    big_h = max(h + 2 * ph, (out[0] - 1) * sh + dh * (kh - 1) + 1)
    big_w = max(w + 2 * pw, (out[1] - 1) * sw + dw * (kw - 1) + 1)
    img = np.zeros((n, c, big_h, big_w), dtype=cols.dtype)
    for i in range(kh):
        for j in range(kw):
            img[
                :,
                :,
                i * dh : i * dh + sh * (out[0] - 1) + 1 : sh,
                j * dw : j * dw + sw * (out[1] - 1) + 1 : sw,
            ] += cols[:, :, i, j]
    return img[:, :, ph : ph + h, pw : pw + w]


class Im2ColBackward0(Op):
    """cols = unfold(x)          dx = fold(grad)"""

    __slots__ = ("size", "geometry")

    @staticmethod
    def forward(ctx, x, geometry):
        # geometry: kernel_size, dilation, padding, stride (and maybe the output size)
        ctx.size = x.shape[2:]
        ctx.geometry = geometry
        return _unfold(x, *geometry)

    @staticmethod
    def backward(ctx, grad):
        return Col2ImBackward0.apply(grad, output_size=ctx.size, geometry=ctx.geometry)


class Col2ImBackward0(Op):
    """x = fold(cols)          dcols = unfold(grad)"""

    __slots__ = ("geometry",)

    @staticmethod
    def forward(ctx, cols, output_size, geometry):
        ctx.geometry = geometry
        return _fold(cols, output_size, *geometry)

    @staticmethod
    def backward(ctx, grad):
        return Im2ColBackward0.apply(grad, geometry=ctx.geometry)


def unfold(
    input: Tensor, kernel_size: Any, dilation: Any = 1, padding: Any = 0, stride: Any = 1
) -> Tensor:
    """Every sliding window of a batch of images as a column (im2col).

    >>> import minigrad as torch
    >>> unfold(torch.ones(1, 2, 3, 3), kernel_size=2).shape
    torch.Size([1, 8, 4])
    """
    geometry = (_pair(kernel_size), _pair(dilation), _pair(padding), _pair(stride))
    return Im2ColBackward0.apply(input, geometry=geometry)


def fold(
    input: Tensor,
    output_size: Any,
    kernel_size: Any,
    dilation: Any = 1,
    padding: Any = 0,
    stride: Any = 1,
) -> Tensor:
    """Add columns back onto the windows they came from (col2im), summing overlaps."""
    geometry = (_pair(kernel_size), _pair(dilation), _pair(padding), _pair(stride))
    return Col2ImBackward0.apply(input, output_size=_pair(output_size), geometry=geometry)


# ----------------------------------------------------------------------------
# convolution
# ----------------------------------------------------------------------------


class ConvolutionBackward0(Op):
    """out = W ⋆ x + b, computed as (W as a matrix) @ unfold(x)
    dx = fold(Wᵀ @ grad),  dW = grad @ unfold(x)ᵀ,  db = grad summed over N, H, W"""

    __slots__ = ("geometry", "groups", "x_size", "w_shape")

    @staticmethod
    def forward(ctx, x, weight, bias, stride, padding, dilation, groups):
        needs = ctx.needs_input_grad
        ctx.save_for_backward(x if needs[1] else None, weight if needs[0] else None)
        ctx.geometry = (weight.shape[2:], dilation, padding, stride)
        ctx.groups = groups
        ctx.x_size, ctx.w_shape = x.shape[2:], weight.shape
        n = x.shape[0]
        o = weight.shape[0]
        cols = _unfold(x, *ctx.geometry)  # (N, C*kh*kw, L)
        cols = cols.reshape(n, groups, -1, cols.shape[-1])
        w = weight.reshape(groups, o // groups, -1)
        out = np.matmul(w, cols).reshape(n, o, -1)  # (N, g, O/g, L) -> (N, O, L)
        if bias is not None:
            out = out + bias.reshape(1, o, 1)
        ho = _out_size(x.shape[2], weight.shape[2], stride[0], padding[0], dilation[0])
        wo = _out_size(x.shape[3], weight.shape[3], stride[1], padding[1], dilation[1])
        return out.reshape(n, o, ho, wo)

    @staticmethod
    def backward(ctx, grad):
        x, weight = ctx.saved_tensors
        g = ctx.groups
        n, o = grad.shape[0], grad.shape[1]
        grad_cols = grad.reshape(n, g, o // g, -1)  # (N, g, O/g, L)
        gx = gw = gb = None
        if weight is not None:  # the input needs a gradient
            w = weight.reshape(g, o // g, -1)
            cols = w.transpose(1, 2) @ grad_cols  # (N, g, C/g*kh*kw, L)
            size = tuple(ctx.x_size)
            gx = Col2ImBackward0.apply(
                cols.reshape(n, -1, cols.shape[-1]), output_size=size, geometry=ctx.geometry
            )
        if x is not None:  # the weight needs a gradient
            cols = Im2ColBackward0.apply(x, geometry=ctx.geometry)
            cols = cols.reshape(n, g, -1, cols.shape[-1])
            gw = (grad_cols @ cols.transpose(2, 3)).sum(0).reshape(ctx.w_shape)
        if ctx.needs_input_grad[2]:
            gb = grad.sum((0, 2, 3))
        return gx, gw, gb


def conv2d(
    input: Tensor,
    weight: Tensor,
    bias: Tensor | None = None,
    stride: Any = 1,
    padding: Any = 0,
    dilation: Any = 1,
    groups: int = 1,
) -> Tensor:
    """2-D convolution (really cross-correlation, as in every deep-learning library).

    ``input`` is ``(N, C, H, W)`` (or ``(C, H, W)``), ``weight`` is
    ``(out_channels, C / groups, kh, kw)``.

    >>> import minigrad as torch
    >>> x = torch.arange(9.).reshape(1, 1, 3, 3)
    >>> conv2d(x, torch.ones(1, 1, 2, 2))
    tensor([[[[ 8., 12.],
              [20., 24.]]]])
    """
    if input.dim() == 3:
        return conv2d(input.unsqueeze(0), weight, bias, stride, padding, dilation, groups).squeeze(
            0
        )
    _check_conv(input, weight, bias, groups)
    stride, dilation = _pair(stride), _pair(dilation)
    if isinstance(padding, str):
        padding = _same_padding(padding, weight, dilation, stride)
    padding = _pair(padding)
    _check_kernel_fits(input, weight, padding, dilation)
    return ConvolutionBackward0.apply(
        input, weight, bias, stride=stride, padding=padding, dilation=dilation, groups=int(groups)
    )


def _same_padding(mode: str, weight: Tensor, dilation: tuple, stride: tuple) -> tuple:
    if mode == "valid":
        return (0, 0)
    if mode != "same":
        raise ValueError(f"Invalid padding string '{mode}'")
    if stride != (1, 1):
        raise RuntimeError("padding='same' is not supported for strided convolutions")
    pads = tuple(dilation[i] * (weight.shape[2 + i] - 1) for i in range(2))
    if any(p % 2 for p in pads):
        raise NotImplementedError("padding='same' with an even kernel is not supported in minigrad")
    return tuple(p // 2 for p in pads)


def _check_conv(input: Tensor, weight: Tensor, bias: Tensor | None, groups: int) -> None:
    if input.dim() != 4:
        raise RuntimeError(_messages.conv2d_expected_3d_or_4d(list(input.shape)))
    c = input.shape[1]
    if weight.shape[1] * groups != c:
        raise RuntimeError(
            _messages.conv2d_groups_channels(
                groups, list(weight.shape), list(input.shape), weight.shape[1] * groups, c
            )
        )
    if input.dtype != weight.dtype or (bias is not None and bias.dtype != input.dtype):
        other = weight if input.dtype != weight.dtype else bias
        raise RuntimeError(
            f"expected scalar type {input.dtype.scalar_name} but found {other.dtype.scalar_name}"
        )


def _check_kernel_fits(input: Tensor, weight: Tensor, padding: tuple, dilation: tuple) -> None:
    padded = [input.shape[2 + i] + 2 * padding[i] for i in range(2)]
    kernel = [dilation[i] * (weight.shape[2 + i] - 1) + 1 for i in range(2)]
    if any(k > p for k, p in zip(kernel, padded)):
        raise RuntimeError(
            _messages.kernel_bigger_than_input(padded[0], padded[1], kernel[0], kernel[1])
        )


# ----------------------------------------------------------------------------
# pooling
# ----------------------------------------------------------------------------


def _pool_geometry(
    input: Tensor, kernel_size: Any, stride: Any, padding: Any, dilation: Any, ceil_mode: bool
) -> tuple:
    k = _pair(kernel_size)
    s = _pair(stride) if stride is not None and stride != [] and stride != () else k
    p, d = _pair(padding), _pair(dilation)
    for i in range(2):
        if p[i] > k[i] // 2:
            raise RuntimeError(_messages.pad_over_half_kernel(p[i], k[i], d[i]))
    out = tuple(_out_size(input.shape[2 + i], k[i], s[i], p[i], d[i], ceil_mode) for i in range(2))
    if min(out) < 1:
        c, h, w = input.shape[1:]
        raise RuntimeError(_messages.pool_output_too_small(c, h, w, out[0], out[1]))
    return k, d, p, s, out


def _max_windows(x: np.ndarray, geometry: tuple) -> tuple:
    """The first maximum of each window (a NaN counts as the maximum, as in torch):
    its position inside the window, and its value."""
    k, d, p, s, out = geometry
    win = _windows(x, k, d, p, s, out, fill=-np.inf)
    n, c = x.shape[:2]
    flat = win.reshape(n, c, k[0] * k[1], out[0], out[1])
    arg = np.argmax(np.where(np.isnan(flat), np.inf, flat), axis=2)
    return arg, np.take_along_axis(flat, arg[:, :, None], axis=2)[:, :, 0]


class MaxPool2DWithIndicesBackward0(Op):
    """out = the largest value of each window
    dx: each window's gradient goes to the position of its maximum"""

    __slots__ = ("geometry", "size", "mask")
    _holds_saved = True

    @staticmethod
    def forward(ctx, x, geometry, arg):
        k = geometry[0]
        ctx.geometry, ctx.size = geometry, x.shape[2:]
        ctx.mask = (np.arange(k[0] * k[1])[None, None, :, None, None] == arg[:, :, None]).astype(
            x.dtype
        )
        return _max_windows(x, geometry)[1]

    @staticmethod
    def backward(ctx, grad):
        k = ctx.geometry[0]
        n, c = grad.shape[:2]
        mask = Tensor._make(ctx.mask, None)
        spread = (mask * grad.unsqueeze(2)).reshape(n, c * k[0] * k[1], -1)
        return Col2ImBackward0.apply(spread, output_size=tuple(ctx.size), geometry=ctx.geometry)


def max_pool2d(
    input: Tensor,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    dilation: Any = 1,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Any:
    """The largest value of each ``kernel_size`` window.

    >>> import minigrad as torch
    >>> max_pool2d(torch.arange(16.).reshape(1, 1, 4, 4), 2)
    tensor([[[[ 5.,  7.],
              [13., 15.]]]])
    """
    if input.dim() == 3:
        out = max_pool2d(
            input.unsqueeze(0), kernel_size, stride, padding, dilation, ceil_mode, True
        )
        out = (out[0].squeeze(0), out[1].squeeze(0))
        return out if return_indices else out[0]
    geometry = _pool_geometry(input, kernel_size, stride, padding, dilation, ceil_mode)
    k, d, p, s, out = geometry
    arg = _max_windows(input._data, geometry)[0]
    values = MaxPool2DWithIndicesBackward0.apply(input, geometry=geometry, arg=arg)
    if not return_indices:
        return values
    # where each maximum sits in its (unpadded) input plane, counted row by row
    ki, kj = np.divmod(arg, k[1])
    rows = np.arange(out[0])[:, None] * s[0] - p[0] + ki * d[0]
    cols = np.arange(out[1])[None, :] * s[1] - p[1] + kj * d[1]
    return values, Tensor._make((rows * input.shape[3] + cols).astype(np.int64), None)


class AvgPool2DBackward0(Op):
    """out = the mean of each window          dx: grad / window size, spread over the window"""

    __slots__ = ("geometry", "size", "divisor")
    _holds_saved = True

    @staticmethod
    def forward(ctx, x, geometry, count_include_pad, divisor_override):
        k, d, p, s, out = geometry
        win = _windows(x, k, d, p, s, out)
        total = win.sum(axis=(2, 3))
        if divisor_override:
            divisor = np.full(out, float(divisor_override))
        else:
            divisor = _avg_divisor(x.shape[2:], k, p, s, out, count_include_pad)
        divisor = divisor.astype(x.dtype)
        ctx.geometry, ctx.size, ctx.divisor = geometry, x.shape[2:], divisor
        return (total / divisor).astype(x.dtype)

    @staticmethod
    def backward(ctx, grad):
        k, d, p, s, out = ctx.geometry
        n, c = grad.shape[:2]
        share = grad / Tensor._make(ctx.divisor, None)
        spread = share.unsqueeze(2).expand(n, c, k[0] * k[1], out[0], out[1])
        return Col2ImBackward0.apply(
            spread.reshape(n, c * k[0] * k[1], -1),
            output_size=tuple(ctx.size),
            geometry=(k, d, p, s, out),
        )


def _avg_divisor(
    size: tuple, k: tuple, p: tuple, s: tuple, out: tuple, count_include_pad: bool
) -> np.ndarray:
    """How many elements each window averages (torch's rule, ceil_mode included)."""
    div = []
    for i in range(2):
        start = np.arange(out[i]) * s[i] - p[i]
        end = np.minimum(start + k[i], size[i] + p[i])
        pool = end - start
        lo, hi = np.maximum(start, 0), np.minimum(end, size[i])
        div.append(pool if count_include_pad else hi - lo)
    return np.outer(div[0], div[1]).astype(np.float64)


def avg_pool2d(
    input: Tensor,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> Tensor:
    """The mean of each ``kernel_size`` window.

    >>> import minigrad as torch
    >>> avg_pool2d(torch.arange(16.).reshape(1, 1, 4, 4), 2)
    tensor([[[[ 2.5000,  4.5000],
              [10.5000, 12.5000]]]])
    """
    if input.dim() == 3:
        return avg_pool2d(
            input.unsqueeze(0),
            kernel_size,
            stride,
            padding,
            ceil_mode,
            count_include_pad,
            divisor_override,
        ).squeeze(0)
    geometry = _pool_geometry(input, kernel_size, stride, padding, 1, ceil_mode)
    return AvgPool2DBackward0.apply(
        input,
        geometry=geometry,
        count_include_pad=bool(count_include_pad),
        divisor_override=divisor_override,
    )


__all__ = ["conv2d", "max_pool2d", "avg_pool2d", "unfold", "fold"]
