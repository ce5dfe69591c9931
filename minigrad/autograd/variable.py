"""``Variable``: the wrapper old PyTorch code used before tensors had autograd.

Since PyTorch 0.4 every tensor records operations itself, and
``Variable(t, requires_grad=True)`` simply gives a new leaf tensor sharing
``t``'s data.  ``isinstance(x, Variable)`` is true for every tensor.

Example:
    >>> import minigrad as torch
    >>> from minigrad.autograd import Variable
    >>> x = Variable(torch.tensor([1.0, 2.0]), requires_grad=True)
    >>> x
    tensor([1., 2.], requires_grad=True)
"""

from __future__ import annotations

import warnings
from typing import Any


class _VariableMeta(type):
    def __instancecheck__(cls, obj: Any) -> bool:
        from ..core.tensor import Tensor

        return isinstance(obj, Tensor)


class Variable(metaclass=_VariableMeta):
    """Deprecated: returns a leaf tensor sharing ``data``'s values."""

    def __new__(cls, data: Any = None, requires_grad: bool = False, volatile: bool = False) -> Any:
        import numpy as np

        from ..core import tensor as _tensor

        if volatile:
            warnings.warn(
                "volatile was removed and now has no effect. Use `with torch.no_grad():` instead.",
                UserWarning,
                stacklevel=2,
            )
        if data is None:
            data = _tensor.Tensor._make(np.zeros(0, np.float32), None)
        if not isinstance(data, _tensor.Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {type(data).__name__}")
        if requires_grad and not data.is_floating_point():
            raise RuntimeError(
                "Only Tensors of floating point and complex dtype can require gradients"
            )
        out = data.detach()
        out.requires_grad_(bool(requires_grad))
        return out


Variable.__module__ = "torch.autograd.variable"
