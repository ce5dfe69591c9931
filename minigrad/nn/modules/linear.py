"""``Linear``: the fully connected layer ``y = x Wᵀ + b``.

Like torch, the product and the bias are computed by one fused operation,
``addmm(b, x, Wᵀ)`` (in ``ops/linalg.py``), so the output's ``grad_fn`` is
``AddmmBackward0``. Its inputs in the graph are the bias (an ``AccumulateGrad``), ``x``, and ``Wᵀ``
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
from ...core.grad_mode import no_grad
from ...core.tensor import Tensor
from ...ops.linalg import addmm
from .. import init
from ..parameter import Parameter, UninitializedParameter
from .module import Module


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


class LazyLinear(Linear):
    """A ``Linear`` layer that learns ``in_features`` from its first input (d2l
    writes ``nn.LazyLinear(8)``). Until then its weight and bias are
    ``UninitializedParameter``; the first call gives them their shapes, draws
    their starting values as ``Linear`` does, and the layer becomes a ``Linear``."""

    cls_to_become = Linear

    def __init__(
        self, out_features: int, bias: bool = True, device: Any = None, dtype: Any = None
    ) -> None:
        super().__init__(0, 0, False)
        self.weight = UninitializedParameter(device=device, dtype=dtype)
        self.out_features = out_features
        if bias:
            self.bias = UninitializedParameter(device=device, dtype=dtype)
        self._initialize_hook = self.register_forward_pre_hook(
            LazyLinear._infer_parameters, with_kwargs=True
        )

    def has_uninitialized_params(self) -> bool:
        params = (self.weight, self.bias)
        return any(isinstance(p, UninitializedParameter) for p in params)

    def reset_parameters(self) -> None:
        if not self.has_uninitialized_params() and self.in_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input: Tensor) -> None:
        if self.has_uninitialized_params():
            with no_grad():
                self.in_features = input.shape[-1]
                self.weight.materialize((self.out_features, self.in_features))
                if self.bias is not None:
                    self.bias.materialize((self.out_features,))
                self.reset_parameters()

    @staticmethod
    def _infer_parameters(module: LazyLinear, args: tuple, kwargs: dict) -> None:
        module.initialize_parameters(*args, **kwargs)
        if not module.has_uninitialized_params():
            module._initialize_hook.remove()
            del module._initialize_hook
            module.__class__ = module.cls_to_become
