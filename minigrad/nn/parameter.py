"""``Parameter``: a tensor that a ``Module`` learns.

A Parameter is an ordinary leaf tensor with ``requires_grad=True`` and one
extra property: when you assign it as an attribute of a ``Module``
(``self.w = nn.Parameter(...)``), the module registers it, so that
``module.parameters()`` finds it and an optimiser can update it.
"""

from __future__ import annotations

import numpy as np

from ..core.tensor import Tensor
from ..exact import messages as _messages


class Parameter(Tensor):
    """A leaf tensor that requires grad and is registered by ``Module``.

    It shares its data with the tensor it was made from. Operations on a
    Parameter give plain tensors.

    >>> import minigrad as torch
    >>> p = torch.nn.Parameter(torch.ones(2))
    >>> p
    Parameter containing:
    tensor([1., 1.], requires_grad=True)
    >>> (p * 2).grad_fn.name()
    'MulBackward0'
    """

    __slots__ = ()

    def __new__(cls, data: Tensor | None = None, requires_grad: bool = True) -> Parameter:
        if data is None:
            data = Tensor._make(np.empty((0,), dtype=np.float32), None)
        if not isinstance(data, Tensor):  # (torch detaches it first)
            raise AttributeError(f"'{type(data).__name__}' object has no attribute 'detach'")
        p = Tensor._make(data._data, None, cls)  # the same numpy array: no copy
        if data._vc is not None:  # share the version counter, as shared data should
            p._vc = data._vc
        if requires_grad:
            if p._data.dtype.kind != "f":
                raise RuntimeError(
                    "Only Tensors of floating point and complex dtype can require gradients"
                )
            p.requires_grad_(True)
        return p

    def __init__(self, data: Tensor | None = None, requires_grad: bool = True) -> None:
        pass

    def __repr__(self) -> str:
        return "Parameter containing:\n" + super().__repr__()

    __str__ = __repr__


# ``type(p)`` prints <class 'torch.nn.parameter.Parameter'>, as in torch
Parameter.__module__ = "torch.nn.parameter"


class UninitializedParameter(Parameter):
    """A parameter whose shape is not known yet (``nn.LazyLinear``'s weight before
    the first forward): it has no values and no shape until ``materialize``."""

    __slots__ = ()

    def __new__(cls, requires_grad: bool = True, device: object = None, dtype: object = None):
        from ..exact.dtype import get_default_dtype

        np_dtype = dtype.np if dtype is not None else get_default_dtype().np
        p = Tensor._make(np.empty((0,), dtype=np_dtype), None, cls)
        p.requires_grad_(requires_grad)
        return p

    def __init__(self, requires_grad: bool = True, device: object = None, dtype: object = None):
        pass

    @property
    def shape(self) -> object:
        raise RuntimeError(_messages.UNINITIALIZED_PARAMETER)

    def size(self, dim: int | None = None) -> object:
        raise RuntimeError(_messages.UNINITIALIZED_PARAMETER)

    def numel(self) -> int:
        raise RuntimeError(_messages.UNINITIALIZED_PARAMETER)

    def materialize(self, shape: tuple, device: object = None, dtype: object = None) -> None:
        """Give the parameter its shape (uninitialized values): it becomes a Parameter."""
        np_dtype = dtype.np if dtype is not None else self._data.dtype
        self._data = np.empty(tuple(shape), dtype=np_dtype)
        self.__class__ = Parameter

    def __repr__(self) -> str:
        return "<UninitializedParameter>"

    __str__ = __repr__


UninitializedParameter.__module__ = "torch.nn.parameter"
