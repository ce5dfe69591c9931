"""The legacy typed tensor names: ``torch.FloatTensor``, ``torch.LongTensor``...

Old tutorials write ``torch.LongTensor([1, 2])`` or ``x.type(torch.FloatTensor)``.
In PyTorch these are not subclasses of ``Tensor``: calling one makes an
ordinary ``Tensor`` of its dtype, and ``isinstance(x, torch.FloatTensor)`` asks
"is ``x`` a float32 CPU tensor?".

Example:
    >>> import minigrad as torch
    >>> torch.LongTensor([1, 2])
    tensor([1, 2])
    >>> isinstance(torch.tensor([1.0]), torch.FloatTensor)
    True
    >>> torch.tensor([1, 2]).type(torch.FloatTensor).type()
    'torch.FloatTensor'
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .core import registry
from .exact import dtype as _dtype
from .exact import messages as _messages


def _options(d: _dtype.dtype) -> str:
    return _messages.expected_tensor_options(d.cpp_name)


class _TensorType(type):
    """The metaclass that makes ``isinstance(x, FloatTensor)`` check the dtype."""

    dtype: _dtype.dtype

    def __instancecheck__(cls, obj: Any) -> bool:
        from .core.tensor import Tensor

        return isinstance(obj, Tensor) and obj.dtype is cls.dtype

    def __repr__(cls) -> str:
        return f"<class 'torch.{cls.__name__}'>"

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        return legacy_new(cls.dtype, args, kwargs)


def legacy_new(d: _dtype.dtype, args: tuple, kwargs: dict, any_tensor: bool = False) -> Any:
    """``torch.FloatTensor(...)`` (and ``torch.Tensor(...)``, with ``any_tensor``):
    sizes make an uninitialised tensor, a sequence is the data, a tensor is aliased."""
    from ._creation import _to_array
    from .core.tensor import Tensor
    from .exact import device as _device
    from .exact.size import Size

    unknown = [k for k in kwargs if k != "device"]
    if unknown:
        raise TypeError(_bad_call(args, kwargs, unknown))
    _device.check(kwargs.get("device"))
    if len(args) == 1 and isinstance(args[0], Size):
        args = tuple(args[0])
    if not args:
        return Tensor._make(np.zeros(0, dtype=d.np), None)
    if all(isinstance(a, (int, np.integer)) and not isinstance(a, bool) for a in args):
        sizes = [int(a) for a in args]
        for s in sizes:
            if s < 0:
                raise RuntimeError(f"Trying to create tensor with negative dimension {s}: {sizes}")
        # torch leaves the memory uninitialised; zeros are one possible content
        return Tensor._make(np.zeros(sizes, dtype=d.np), None)
    if len(args) > 1:
        raise TypeError("new() received an invalid combination of arguments")
    data = args[0]
    if isinstance(data, Tensor):
        if data.dtype is not d and not any_tensor:
            raise TypeError(f"expected {_options(d)} (got {_options(data.dtype)})")
        from .ops.indexing import AliasBackward0

        return AliasBackward0.apply(data)  # the same data, under a new name
    if isinstance(data, (np.ndarray, list, tuple, str)):
        return Tensor._make(_to_array(data, d.np), None)
    kind = type(data)
    name = kind.__name__
    if kind.__module__ != "builtins":
        name = f"{kind.__module__}.{name}"
    raise TypeError(f"new(): data must be a sequence (got {name})")


def _bad_call(args: tuple, kwargs: dict, unknown: list) -> str:
    got = [type(a).__name__ for a in args] + [f"{k}={type(v).__name__}" for k, v in kwargs.items()]
    return _messages.new_invalid_arguments(", ".join(got), ", ".join(unknown))


def _make(d: _dtype.dtype) -> _TensorType:
    cls = _TensorType(d.legacy_name, (), {"dtype": d, "__module__": "torch"})
    return cls


FloatTensor = _make(_dtype.float32)
DoubleTensor = _make(_dtype.float64)
HalfTensor = _make(_dtype.float16)
LongTensor = _make(_dtype.int64)
IntTensor = _make(_dtype.int32)
ShortTensor = _make(_dtype.int16)
CharTensor = _make(_dtype.int8)
ByteTensor = _make(_dtype.uint8)
BoolTensor = _make(_dtype.bool)

_BY_NAME = {
    f"torch.{t.__name__}": t
    for t in (
        FloatTensor,
        DoubleTensor,
        HalfTensor,
        LongTensor,
        IntTensor,
        ShortTensor,
        CharTensor,
        ByteTensor,
        BoolTensor,
    )
}


def tensor_type(self: Any, dtype: Any = None, non_blocking: bool = False, **kwargs: Any) -> Any:
    """``x.type()`` names the type; ``x.type(T)`` converts to a dtype or legacy type.

    Example:
        >>> import minigrad as torch
        >>> torch.tensor([1.5]).type("torch.LongTensor")
        tensor([1])
    """
    from .ops.copies import to_dtype

    if dtype is None:
        return f"torch.{self.dtype.legacy_name}"
    if isinstance(dtype, str):
        if dtype.startswith("torch.cuda."):
            _cuda_missing()
        if dtype not in _BY_NAME:
            raise ValueError(f"invalid type: '{dtype}'")
        dtype = _BY_NAME[dtype]
    if isinstance(dtype, _TensorType):
        dtype = dtype.dtype
    return to_dtype(self, dtype)


def _cuda_missing() -> None:
    raise RuntimeError(_messages.CUDA_INIT_WITHOUT_ATEN_CUDA)


# ``torch.Tensor(...)``: the core's Tensor.__new__ calls it
registry.register(legacy_new=legacy_new)
