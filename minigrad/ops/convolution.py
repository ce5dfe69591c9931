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

import warnings
from typing import Any

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor
from ..exact import messages as _messages
from .padding import pad


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

    __slots__ = ("geometry", "groups", "x_size", "w_shape", "one_d")

    @staticmethod
    def forward(ctx, x, weight, bias, stride, padding, dilation, groups):
        needs = ctx.needs_input_grad
        ctx.save_for_backward(x if needs[1] else None, weight if needs[0] else None)
        ctx.one_d = x.ndim == 3  # conv1d: a signal (N, C, L) is an image (N, C, 1, L)
        w_shape = weight.shape
        if ctx.one_d:
            x, weight = x[:, :, None, :], weight[:, :, None, :]
        ctx.geometry = (weight.shape[2:], dilation, padding, stride)
        ctx.groups = groups
        ctx.x_size, ctx.w_shape = x.shape[2:], w_shape
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
        return out.reshape((n, o, wo) if ctx.one_d else (n, o, ho, wo))

    @staticmethod
    def backward(ctx, grad):
        x, weight = ctx.saved_tensors
        if ctx.one_d:  # work on images one row high, as forward did
            grad = grad.unsqueeze(2)
            x = x.unsqueeze(2) if x is not None else None
            weight = weight.unsqueeze(2) if weight is not None else None
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
        if ctx.one_d and gx is not None:
            gx = gx.squeeze(2)
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
        input, padding = _same_padding(padding, input, weight, dilation, stride)
    padding = _pair(padding)
    _check_kernel_fits(input, weight, padding, dilation)
    return ConvolutionBackward0.apply(
        input, weight, bias, stride=stride, padding=padding, dilation=dilation, groups=int(groups)
    )


def _same_padding(
    mode: str, input: Tensor, weight: Tensor, dilation: tuple, stride: tuple
) -> tuple[Tensor, tuple]:
    """The input and the padding of each side for ``padding="valid"`` or ``"same"``.
    "same" pads ``dilation * (k - 1)`` in all, half on each side; when that is odd
    (an even kernel), the extra element goes on the far side: torch pads the input
    with it first (``F.pad``, with a warning), then pads both sides evenly."""
    n = len(stride)
    if mode == "valid":
        return input, (0,) * n
    if mode != "same":
        raise RuntimeError(f"Invalid padding string: '{mode}'")
    if any(s != 1 for s in stride):
        raise RuntimeError("padding='same' is not supported for strided convolutions")
    total = [dilation[i] * (weight.shape[2 + i] - 1) for i in range(n)]
    if any(t % 2 for t in total):
        _warn_once(_messages.SAME_PADDING_EVEN_KERNEL)
        input = pad(input, [w for t in reversed(total) for w in (0, t % 2)])
    return input, tuple(t // 2 for t in total)


_WARNED: set[str] = set()  # torch gives this warning once per process


def _warn_once(message: str) -> None:
    if message not in _WARNED:
        _WARNED.add(message)
        warnings.warn(message, UserWarning, stacklevel=4)


def _check_conv(
    input: Tensor, weight: Tensor, bias: Tensor | None, groups: int, spatial: int = 2
) -> None:
    if input.dim() != 2 + spatial:
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


# ----------------------------------------------------------------------------
# adaptive average pooling: the output size is given, the windows follow from it
# ----------------------------------------------------------------------------


def _bins(size: int, out: int) -> list[tuple[int, int]]:
    """Where each of ``out`` windows over ``size`` elements starts and ends (as torch:
    ``floor(i * size / out)`` to ``ceil((i + 1) * size / out)``; they may overlap)."""
    return [(i * size // out, -(-(i + 1) * size // out)) for i in range(out)]


class AdaptiveAvgPool2DBackward0(Op):
    """out[i, j] = the mean of window (i, j)     dx: grad / window size, spread over the window"""

    __slots__ = ("size",)
    _holds_saved = True

    @staticmethod
    def forward(ctx, x, output_size):
        ctx.size = x.shape[-2:]
        rows, cols = _bins(x.shape[-2], output_size[0]), _bins(x.shape[-1], output_size[1])
        out = np.empty(x.shape[:-2] + tuple(output_size), dtype=x.dtype)
        for i, (h0, h1) in enumerate(rows):
            for j, (w0, w1) in enumerate(cols):
                out[..., i, j] = x[..., h0:h1, w0:w1].sum(axis=(-2, -1)) / (h1 - h0) / (w1 - w0)
        return out

    @staticmethod
    def backward(ctx, grad):
        return AdaptiveAvgPool2DBackwardBackward0.apply(grad, size=tuple(ctx.size))


class AdaptiveAvgPool2DBackwardBackward0(Op):
    """x = each grad[i, j] / window size, added over window (i, j)
    dgrad = the mean of each window (the pooling again)"""

    __slots__ = ("output_size",)

    @staticmethod
    def forward(ctx, grad, size):
        ctx.output_size = grad.shape[-2:]
        rows, cols = _bins(size[0], grad.shape[-2]), _bins(size[1], grad.shape[-1])
        dx = np.zeros(grad.shape[:-2] + tuple(size), dtype=grad.dtype)
        for i, (h0, h1) in enumerate(rows):
            for j, (w0, w1) in enumerate(cols):
                share = grad[..., i, j] / (h1 - h0) / (w1 - w0)
                dx[..., h0:h1, w0:w1] += share[..., None, None]
        return dx

    @staticmethod
    def backward(ctx, gg):
        return AdaptiveAvgPool2DBackward0.apply(gg, output_size=tuple(ctx.output_size))


def adaptive_avg_pool2d(input: Tensor, output_size: Any) -> Tensor:
    """Average pooling to a given output size (``None`` keeps that side): the
    windows are as even as the sizes allow. A common last layer before a
    classifier (``output_size=1``: the mean of each channel).

    >>> import minigrad as torch
    >>> adaptive_avg_pool2d(torch.arange(16.).reshape(1, 1, 4, 4), 2)
    tensor([[[[ 2.5000,  4.5000],
              [10.5000, 12.5000]]]])
    """
    if not isinstance(output_size, int):
        if input.dim() <= len(output_size):
            raise ValueError(f"Input dimension should be at least {len(output_size) + 1}")
        output_size = [
            v if v is not None else d for v, d in zip(output_size, input.shape[-len(output_size) :])
        ]
    out = _pair(output_size) if isinstance(output_size, int) else tuple(output_size)
    if len(out) != 2:
        raise RuntimeError("adaptive_avg_pool2d: output_size must be 2")
    if out == (1, 1):  # as in torch: a mean over the last two dims, faster (MeanBackward1)
        return input.mean((-1, -2), keepdim=True)
    if input.dim() not in (3, 4):
        raise RuntimeError(_messages.adaptive_pool_dims(list(input.shape)))
    if min(out) < 0:
        raise RuntimeError(_messages.adaptive_pool_negative(*out))
    for i in range(1, input.dim()):
        if input.shape[i] == 0:
            raise RuntimeError(
                _messages.adaptive_pool_empty(list(input.shape), i, "adaptive_avg_pool2d")
            )
    return AdaptiveAvgPool2DBackward0.apply(input, output_size=out)


def _adaptive_max(x: np.ndarray, output_size: tuple) -> tuple[np.ndarray, np.ndarray]:
    """The maximum of each adaptive window and where it sits in its ``H x W`` plane
    (``h * W + w``): the first maximum, or the last NaN if there is one, as in torch."""
    h, w = x.shape[-2:]
    rows, cols = _bins(h, output_size[0]), _bins(w, output_size[1])
    values = np.empty(x.shape[:-2] + tuple(output_size), dtype=x.dtype)
    where = np.empty(values.shape, dtype=np.int64)
    for i, (h0, h1) in enumerate(rows):
        for j, (w0, w1) in enumerate(cols):
            win = x[..., h0:h1, w0:w1].reshape(x.shape[:-2] + (-1,))
            nan = np.isnan(win)
            last_nan = win.shape[-1] - 1 - np.argmax(nan[..., ::-1], axis=-1)
            first_max = np.argmax(np.where(nan, -np.inf, win), axis=-1)
            k = np.where(nan.any(axis=-1), last_nan, first_max)
            values[..., i, j] = np.take_along_axis(win, k[..., None], axis=-1)[..., 0]
            where[..., i, j] = (h0 + k // (w1 - w0)) * w + w0 + k % (w1 - w0)
    return values, where


class AdaptiveMaxPool2DBackward0(Op):
    """out[i, j] = the largest value of window (i, j)
    dx: each window's gradient goes to the position of its maximum"""

    __slots__ = ("size", "where")
    _holds_saved = True

    @staticmethod
    def forward(ctx, x, output_size, where):
        ctx.size, ctx.where = x.shape[-2:], where
        return _adaptive_max(x, output_size)[0]

    @staticmethod
    def backward(ctx, grad):
        return AdaptiveMaxPool2DBackwardBackward0.apply(grad, size=tuple(ctx.size), where=ctx.where)


class AdaptiveMaxPool2DBackwardBackward0(Op):
    """x = zeros with each grad[i, j] added at the position of window (i, j)'s maximum
    dgrad = the values at those positions"""

    __slots__ = ("where",)
    _holds_saved = True

    @staticmethod
    def forward(ctx, grad, size, where):
        ctx.where = where
        lead = grad.shape[:-2]
        flat = np.zeros((int(np.prod(lead)), size[0] * size[1]), dtype=grad.dtype)
        rows = np.arange(flat.shape[0])[:, None]
        np.add.at(flat, (rows, where.reshape(flat.shape[0], -1)), grad.reshape(flat.shape[0], -1))
        return flat.reshape(lead + tuple(size))

    @staticmethod
    def backward(ctx, gg):
        where = Tensor._make(ctx.where.reshape(ctx.where.shape[:-2] + (-1,)), None)
        picked = gg.flatten(-2).gather(-1, where)
        return picked.view(ctx.where.shape)


def adaptive_max_pool2d(input: Tensor, output_size: Any, return_indices: bool = False) -> Any:
    """Max pooling to a given output size (``None`` keeps that side).

    >>> import minigrad as torch
    >>> adaptive_max_pool2d(torch.arange(16.).reshape(1, 1, 4, 4), 2)
    tensor([[[[ 5.,  7.],
              [13., 15.]]]])
    """
    if not isinstance(output_size, int):
        if input.dim() <= len(output_size):
            raise ValueError(f"Input dimension should be at least {len(output_size) + 1}")
        output_size = [
            v if v is not None else d for v, d in zip(output_size, input.shape[-len(output_size) :])
        ]
    out = _pair(output_size) if isinstance(output_size, int) else tuple(output_size)
    if len(out) != 2:
        raise RuntimeError("adaptive_max_pool2d(): internal error: output_size.size() must be 2")
    if input.dim() not in (3, 4):
        raise RuntimeError(
            f"adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: {list(input.shape)}"
        )
    for i in range(1, input.dim()):
        if input.shape[i] == 0:
            raise RuntimeError(
                _messages.adaptive_pool_empty(list(input.shape), i, "adaptive_max_pool2d")
            )
    if min(out) < 0:
        shape = list(input.shape[:-2]) + list(out)
        raise RuntimeError(f"Trying to create tensor with negative dimension {min(out)}: {shape}")
    where = _adaptive_max(input._data, out)[1]
    values = AdaptiveMaxPool2DBackward0.apply(input, output_size=out, where=where)
    return (values, Tensor._make(where, None)) if return_indices else values


def adaptive_max_pool1d(input: Tensor, output_size: Any, return_indices: bool = False) -> Any:
    """Max pooling of a signal to ``output_size`` values."""
    if isinstance(output_size, (tuple, list)) and len(output_size) != 1:
        raise RuntimeError(
            "adaptive_max_pool1d() argument 'output_size' should contain one int "
            f"(got {len(output_size)})"
        )
    _check_1d(input, "adaptive_max_pool1d")
    out = adaptive_max_pool2d(input.unsqueeze(-2), (1, _single(output_size)[0]), True)
    values, indices = out[0].squeeze(-2), out[1].squeeze(-2)
    return (values, indices) if return_indices else values


# ----------------------------------------------------------------------------
# 1-D layers: a signal (N, C, L) is an image (N, C, 1, L)
# ----------------------------------------------------------------------------


def _single(v: Any) -> tuple[int]:
    return (int(v[0]),) if isinstance(v, (tuple, list)) else (int(v),)


def _check_1d(input: Tensor, name: str) -> None:
    if input.dim() not in (2, 3):
        raise RuntimeError(_messages.expected_2_to_3_dims(input.dim(), name))


def adaptive_avg_pool1d(input: Tensor, output_size: Any) -> Tensor:
    """Average pooling of a signal to ``output_size`` values (``adaptive_avg_pool2d``
    of the signal as an image one row high, as torch computes it)."""
    if isinstance(output_size, (tuple, list)) and len(output_size) != 1:
        raise RuntimeError(_messages.adaptive_pool1d_one_int(len(output_size)))
    _check_1d(input, "adaptive_avg_pool1d")
    out = adaptive_avg_pool2d(input.unsqueeze(-2), (1, _single(output_size)[0]))
    return out.squeeze(-2)


def avg_pool1d(
    input: Tensor,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
) -> Tensor:
    """The mean of each ``kernel_size`` window of a signal ``(N, C, L)``.

    >>> import minigrad as torch
    >>> avg_pool1d(torch.tensor([[[1.0, 3.0, 5.0, 7.0]]]), 2)
    tensor([[[2., 6.]]])
    """
    _check_1d(input, "avg_pool1d")
    k = _single(kernel_size)[0]
    s = k if stride is None or stride == [] or stride == () else _single(stride)[0]
    out = avg_pool2d(
        input.unsqueeze(-2), (1, k), (1, s), (0, _single(padding)[0]), ceil_mode, count_include_pad
    )
    return out.squeeze(-2)


def max_pool1d(
    input: Tensor,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    dilation: Any = 1,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Any:
    """The largest value of each ``kernel_size`` window of a signal ``(N, C, L)``.

    >>> import minigrad as torch
    >>> max_pool1d(torch.tensor([[[1.0, 3.0, 5.0, 4.0]]]), 2)
    tensor([[[3., 5.]]])
    """
    if input.dim() not in (2, 3):
        raise RuntimeError(_messages.max_pool1d_dims(list(input.shape)))
    k = _single(kernel_size)[0]
    s = k if stride is None or stride == [] or stride == () else _single(stride)[0]
    p, d = _single(padding)[0], _single(dilation)[0]
    if d <= 0:
        raise RuntimeError(f"max_pool1d() dilation must be greater than zero, but got {d}")
    if p > k // 2:
        raise RuntimeError(_messages.max_pool1d_pad_over_half(p, k))
    if _out_size(input.shape[-1], k, s, p, d, ceil_mode) < 1:
        size = _out_size(input.shape[-1], k, s, p, d, ceil_mode)
        raise RuntimeError(f"max_pool1d() Invalid computed output size: {size}")
    out = max_pool2d(input.unsqueeze(-2), (1, k), (1, s), (0, p), (1, d), ceil_mode, True)
    values, indices = out[0].squeeze(-2), out[1].squeeze(-2)
    return (values, indices) if return_indices else values


def conv1d(
    input: Tensor,
    weight: Tensor,
    bias: Tensor | None = None,
    stride: Any = 1,
    padding: Any = 0,
    dilation: Any = 1,
    groups: int = 1,
) -> Tensor:
    """1-D convolution of a signal ``(N, C, L)`` (or ``(C, L)``) with ``weight``
    ``(out_channels, C / groups, k)``. One ``ConvolutionBackward0`` node, as in
    torch: the node computes it as a 2-D convolution of images one row high.

    >>> import minigrad as torch
    >>> conv1d(torch.tensor([[[1.0, 2.0, 3.0, 4.0]]]), torch.tensor([[[1.0, -1.0]]]))
    tensor([[[-1., -1., -1.]]])
    """
    if input.dim() == 2:
        return conv1d(input.unsqueeze(0), weight, bias, stride, padding, dilation, groups).squeeze(
            0
        )
    if input.dim() != 3:
        raise RuntimeError(_messages.conv1d_expected_2d_or_3d(list(input.shape)))
    if weight.dim() != 3:
        raise RuntimeError(
            _messages.conv_weight_dims(
                weight.dim(), list(weight.shape), input.dim(), list(input.shape)
            )
        )
    _check_conv(input, weight, bias, groups, spatial=1)
    stride, dilation = (1, _single(stride)[0]), (1, _single(dilation)[0])
    if isinstance(padding, str):
        input, padding = _same_padding(padding, input, weight, dilation[1:], stride[1:])
    padding = (0, _single(padding)[0])
    padded, kernel = input.shape[2] + 2 * padding[1], dilation[1] * (weight.shape[2] - 1) + 1
    if kernel > padded:
        raise RuntimeError(_messages.kernel_bigger_than_input_1d(padded, kernel))
    return ConvolutionBackward0.apply(
        input, weight, bias, stride=stride, padding=padding, dilation=dilation, groups=int(groups)
    )


__all__ = [
    "conv1d",
    "conv2d",
    "max_pool1d",
    "max_pool2d",
    "avg_pool1d",
    "avg_pool2d",
    "adaptive_avg_pool1d",
    "adaptive_avg_pool2d",
    "adaptive_max_pool1d",
    "adaptive_max_pool2d",
    "unfold",
    "fold",
]
