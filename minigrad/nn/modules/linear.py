"""``Linear``: the fully connected layer ``y = x Wᵀ + b``.

Like torch, the product and the bias are computed by one fused operation,
``addmm(b, x, Wᵀ)``, so the output's ``grad_fn`` is ``AddmmBackward0``. Its
inputs in the graph are the bias (an ``AccumulateGrad``), ``x``, and ``Wᵀ``
(a ``TBackward0`` in front of the weight's ``AccumulateGrad``).

>>> import minigrad as torch
>>> layer = torch.nn.Linear(2, 3)
>>> layer
Linear(in_features=2, out_features=3, bias=True)
>>> layer(torch.ones(4, 2)).grad_fn.name()
'AddmmBackward0'
"""

from __future__ import annotations

import math
from typing import Any

from ..._creation import empty
from ..._tensor import Tensor
from ...autograd.function import Op
from ...ops.linalg import _column_major, mm_mat1_grad, mm_mat2_grad
from .. import init
from ..parameter import Parameter
from .module import Module


class AddmmBackward0(Op):
    """out = bias + m1 @ m2        d bias = grad (summed over the rows, by the engine),
    d m1 = grad @ m2ᵀ,   d m2 = m1ᵀ @ grad"""

    __slots__ = ("cols",)

    @staticmethod
    def forward(ctx, bias, m1, m2):
        needs = ctx.needs_input_grad
        ctx.save_for_backward(m1 if needs[2] else None, m2 if needs[1] else None)
        ctx.cols = (_column_major(m1), _column_major(m2))
        return bias + m1 @ m2

    @staticmethod
    def backward(ctx, grad):
        m1, m2 = ctx.saved_tensors
        needs = ctx.needs_input_grad
        g_bias = grad if needs[0] else None
        g_m1 = mm_mat1_grad(grad, m2, ctx.cols[0]) if needs[1] else None
        g_m2 = mm_mat2_grad(grad, m1, ctx.cols[1]) if needs[2] else None
        return g_bias, g_m1, g_m2


def addmm(input: Tensor, mat1: Tensor, mat2: Tensor) -> Tensor:
    """``input + mat1 @ mat2`` in one operation (``input`` broadcasts over the rows)."""
    if mat1.shape[1] != mat2.shape[0]:
        raise RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({mat1.shape[0]}x{mat1.shape[1]} and "
            f"{mat2.shape[0]}x{mat2.shape[1]})"
        )
    a, b, c = mat1.dtype, mat2.dtype, input.dtype
    if a is not b:
        raise RuntimeError(
            f"mat1 and mat2 must have the same dtype, but got {a.scalar_name} and {b.scalar_name}"
        )
    if c is not b:
        raise RuntimeError(
            f"self and mat2 must have the same dtype, but got {c.scalar_name} and {b.scalar_name}"
        )
    if input._data.shape != (mat1.shape[0], mat2.shape[1]):
        input.detach().expand(mat1.shape[0], mat2.shape[1])  # raises expand's error if it can't
    return AddmmBackward0.apply(input, mat1, mat2)


def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``input @ weightᵀ + bias``, the way torch builds it.

    A 2-D input gives one ``AddmmBackward0``; other inputs are flattened to
    2-D first and reshaped back (``ViewBackward0``). Without a bias it is a
    plain ``matmul``.
    """
    if input.dim() == 0 or weight.dim() == 0:
        raise RuntimeError(
            "both arguments to linear need to be at least 1D, but they are "
            f"{input.dim()}D and {weight.dim()}D"
        )
    if bias is None:
        return input.matmul(weight.t())
    if weight.dim() != 2:
        weight.t()  # more than 2 dims: t()'s own error
        raise RuntimeError(f"mat2 must be a matrix, got {weight.dim()}-D tensor")
    if input.dim() == 2:
        return addmm(bias, input, weight.t())
    lead = input.shape[:-1]
    flat = input.reshape(-1, input.shape[-1]) if input.dim() else input.reshape(1, 1)
    out = addmm(bias, flat, weight.t())
    return out.view(*lead, out.shape[-1])


class Linear(Module):
    """``y = x Wᵀ + b`` with ``W`` of shape ``(out_features, in_features)``.

    The starting weights are drawn as in torch: ``W`` and ``b`` uniform on
    ``[-1/sqrt(in_features), 1/sqrt(in_features)]`` (via ``kaiming_uniform_``
    with ``a=sqrt(5)`` for ``W``), so after the same ``manual_seed`` a layer
    starts with exactly torch's numbers.
    """

    def __init__(
        self,
        in_features: int,
        out_features: int,
        bias: bool = True,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(empty(out_features, in_features, dtype=dtype, device=device))
        if bias:
            self.bias = Parameter(empty(out_features, dtype=dtype, device=device))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        """Draw new starting weights (weight first, then bias, as torch does)."""
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in = self.weight.shape[1]
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input: Tensor) -> Tensor:
        return linear(input, self.weight, self.bias)

    def extra_repr(self) -> str:
        return (
            f"in_features={self.in_features}, out_features={self.out_features}, "
            f"bias={self.bias is not None}"
        )


class Identity(Module):
    """Returns its input unchanged (handy as a placeholder layer)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()

    def forward(self, input: Tensor) -> Tensor:
        return input


for _cls in (Linear, Identity):
    _cls.__module__ = "torch.nn.modules.linear"
