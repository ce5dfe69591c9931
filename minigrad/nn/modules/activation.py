"""Activation layers: module wrappers around the functions in ``nn.functional``.

They have no parameters; they exist so that a nonlinearity can sit in a
``Sequential`` next to the layers.

>>> import minigrad as torch
>>> torch.nn.ReLU()(torch.tensor([-1.0, 2.0]))
tensor([0., 2.])
"""

from __future__ import annotations

from ... import _messages
from ..._tensor import Tensor
from .. import functional as F
from .module import Module


class ReLU(Module):
    """``max(0, x)``, elementwise."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = inplace

    def forward(self, input: Tensor) -> Tensor:
        return input.relu_() if self.inplace else F.relu(input)

    def extra_repr(self) -> str:
        return "inplace=True" if self.inplace else ""


class LeakyReLU(Module):
    """``x`` for positive ``x``, ``negative_slope * x`` otherwise."""

    def __init__(self, negative_slope: float = 1e-2, inplace: bool = False) -> None:
        super().__init__()
        self.negative_slope = negative_slope
        self.inplace = inplace

    def forward(self, input: Tensor) -> Tensor:
        return F.leaky_relu(input, self.negative_slope, self.inplace)

    def extra_repr(self) -> str:
        return f"negative_slope={self.negative_slope}" + (", inplace=True" if self.inplace else "")


class Sigmoid(Module):
    """``1 / (1 + exp(-x))``, elementwise."""

    def forward(self, input: Tensor) -> Tensor:
        return input.sigmoid()


class Tanh(Module):
    """``tanh(x)``, elementwise."""

    def forward(self, input: Tensor) -> Tensor:
        return input.tanh()


class Softmax(Module):
    """``exp(x) / sum(exp(x))`` along ``dim``: turns scores into probabilities."""

    def __init__(self, dim: int | None = None) -> None:
        super().__init__()
        self.dim = dim

    def forward(self, input: Tensor) -> Tensor:
        return F.softmax(input, self.dim)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class LogSoftmax(Module):
    """``log(softmax(x))`` along ``dim``, computed stably."""

    def __init__(self, dim: int | None = None) -> None:
        super().__init__()
        self.dim = dim

    def forward(self, input: Tensor) -> Tensor:
        return F.log_softmax(input, self.dim)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class GELU(Module):
    """``x Φ(x)`` (Φ: the normal CDF), or its tanh approximation."""

    def __init__(self, approximate: str = "none") -> None:
        super().__init__()
        self.approximate = approximate

    def forward(self, input: Tensor) -> Tensor:
        return F.gelu(input, approximate=self.approximate)

    def extra_repr(self) -> str:
        return f"approximate={self.approximate!r}"


class SiLU(Module):
    """``x sigmoid(x)``."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = inplace

    def forward(self, input: Tensor) -> Tensor:
        return F.silu(input, inplace=self.inplace)

    def extra_repr(self) -> str:
        return "inplace=True" if self.inplace else ""


class ELU(Module):
    """``x`` for positive ``x``, ``alpha (exp(x) - 1)`` otherwise."""

    def __init__(self, alpha: float = 1.0, inplace: bool = False) -> None:
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input: Tensor) -> Tensor:
        return F.elu(input, self.alpha, self.inplace)

    def extra_repr(self) -> str:
        return f"alpha={self.alpha}" + (", inplace=True" if self.inplace else "")


class Softplus(Module):
    """``log(1 + exp(beta x)) / beta``, a smooth ``relu``."""

    def __init__(self, beta: float = 1.0, threshold: float = 20.0) -> None:
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, input: Tensor) -> Tensor:
        return F.softplus(input, self.beta, self.threshold)

    def extra_repr(self) -> str:
        return f"beta={self.beta}, threshold={self.threshold}"


class Hardtanh(Module):
    """``x`` clipped to ``[min_val, max_val]``."""

    def __init__(self, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False) -> None:
        super().__init__()
        self.min_val = min_val
        self.max_val = max_val
        self.inplace = inplace
        assert self.max_val > self.min_val, _messages.HARDTANH_RANGE.format(
            max_val=max_val, min_val=min_val
        )

    def forward(self, input: Tensor) -> Tensor:
        return F.hardtanh(input, self.min_val, self.max_val, self.inplace)

    def extra_repr(self) -> str:
        inplace = ", inplace=True" if self.inplace else ""
        return f"min_val={self.min_val}, max_val={self.max_val}{inplace}"


class ReLU6(Hardtanh):
    """``min(max(0, x), 6)``."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__(0.0, 6.0, inplace)

    def extra_repr(self) -> str:
        return "inplace=True" if self.inplace else ""


class LogSigmoid(Module):
    """``log(sigmoid(x))``."""

    def forward(self, input: Tensor) -> Tensor:
        return F.logsigmoid(input)


class Mish(Module):
    """``x tanh(softplus(x))``."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = inplace

    def forward(self, input: Tensor) -> Tensor:
        return F.mish(input, inplace=self.inplace)

    def extra_repr(self) -> str:
        return "inplace=True" if self.inplace else ""


for _cls in (
    ReLU,
    LeakyReLU,
    Sigmoid,
    Tanh,
    Softmax,
    LogSoftmax,
    GELU,
    SiLU,
    ELU,
    Softplus,
    Hardtanh,
    ReLU6,
    LogSigmoid,
    Mish,
):
    _cls.__module__ = "torch.nn.modules.activation"
