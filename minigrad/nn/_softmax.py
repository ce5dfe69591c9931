"""The nodes of softmax and log_softmax (the functions are in ``functional.py``).

For ``s = softmax(x)`` the chain rule gives ``dL/dx = s * (g - sum(g * s))``; the
``*BackwardDataBackward0`` classes are the nodes a second derivative records, named
as in torch.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor
from ..exact import messages as _messages
from ..exact import warn as _warn


# --- softmax and log_softmax ------------------------------------------------
def _axis(a: np.ndarray, dim: int) -> int | None:
    """numpy's axis for torch's ``dim``: a 0-dim tensor's dim 0 is the whole of it."""
    return dim if a.ndim else None


class SoftmaxBackward0(Op):
    """out_i = exp(a_i) / sum_j exp(a_j) along ``dim``
    d/da = out * (grad - sum(grad * out))"""

    __slots__ = ("dim",)

    @staticmethod
    def forward(ctx, a, dim):
        ctx.dim = dim
        e = np.exp(a - np.max(a, axis=_axis(a, dim), keepdims=True)) if a.size else a.copy()
        out = (e / np.sum(e, axis=_axis(a, dim), keepdims=True)).astype(a.dtype, copy=False)
        out = np.asarray(out, order="C")  # (torch's result is laid out row by row)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return SoftmaxBackwardDataBackward0.apply(grad, out, dim=ctx.dim)


class SoftmaxBackwardDataBackward0(Op):
    """softmax's first derivative as an op (torch's ``_softmax_backward_data``):
    out = y * (g - sum(g * y))  for the upstream gradient g and y = softmax(a)
    d/dg: the same formula;  d/dy = gg * g - sum(y * g) gg - g * sum(y * gg)"""

    __slots__ = ("dim",)

    @staticmethod
    def forward(ctx, g, y, dim):
        ctx.dim = dim
        ctx.save_for_backward(g, y)
        return y * (g - np.sum(g * y, axis=_axis(g, dim), keepdims=True))

    @staticmethod
    def backward(ctx, gg):
        g, y = ctx.saved_tensors
        d = ctx.dim
        dg = SoftmaxBackwardDataBackward0.apply(gg, y, dim=d) if ctx.needs_input_grad[0] else None
        dy = None
        if ctx.needs_input_grad[1]:
            dy = g * gg - (y * g).sum(d, keepdim=True) * gg - g * (y * gg).sum(d, keepdim=True)
        return dg, dy


class LogSoftmaxBackward0(Op):
    """out = a - log(sum exp(a)) along ``dim``
    d/da = grad - softmax(a) * sum(grad) = grad - exp(out) * sum(grad)"""

    __slots__ = ("dim",)

    @staticmethod
    def forward(ctx, a, dim):
        ctx.dim = dim
        shifted = a - np.max(a, axis=_axis(a, dim), keepdims=True) if a.size else a.copy()
        out = shifted - np.log(np.sum(np.exp(shifted), axis=_axis(a, dim), keepdims=True))
        out = np.asarray(out.astype(a.dtype, copy=False), order="C")  # (row by row, as torch)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return LogSoftmaxBackwardDataBackward0.apply(grad, out, dim=ctx.dim)


class LogSoftmaxBackwardDataBackward0(Op):
    """log_softmax's first derivative as an op (``_log_softmax_backward_data``):
    out = g - exp(y) * sum(g)  for the upstream gradient g and y = log_softmax(a)
    d/dg = gg - sum(gg * exp(y)),  d/dy = -gg * exp(y) * sum(g)"""

    __slots__ = ("dim",)

    @staticmethod
    def forward(ctx, g, y, dim):
        ctx.dim = dim
        ctx.save_for_backward(g, y)
        return g - np.exp(y) * np.sum(g, axis=_axis(g, dim), keepdims=True)

    @staticmethod
    def backward(ctx, gg):
        g, y = ctx.saved_tensors
        d = ctx.dim
        dg = gg - (gg * y.exp()).sum(d, keepdim=True) if ctx.needs_input_grad[0] else None
        dy = -gg * y.exp() * g.sum(d, keepdim=True) if ctx.needs_input_grad[1] else None
        return dg, dy


def _softmax_dim(input: Tensor, dim: Any, name: str) -> int:
    if dim is None:
        _warn.warn(_messages.implicit_dim_deprecated(name))
        dim = 0 if input.dim() in (0, 1, 3) else 1
    if not isinstance(dim, (int, np.integer)) or isinstance(dim, bool):
        raise TypeError(
            f"{name}(): argument 'dim' (position 1) must be int, not {type(dim).__name__}"
        )
    return input._wrap_dim(dim, max(input.dim(), 1))


def _softmax_input(input: Tensor, dtype: Any, name: str, dim: int) -> Tensor:
    """``input`` in ``dtype``; only floats have a softmax (torch names its kernel)."""
    if dtype is not None:
        input = input.to(dtype)
    if input._data.dtype.kind != "f":
        kernel = f"{name}_lastdim" if dim >= input.dim() - 1 else name
        raise NotImplementedError(
            f"\"{kernel}_kernel_impl\" not implemented for '{input.dtype.scalar_name}'"
        )
    return input
