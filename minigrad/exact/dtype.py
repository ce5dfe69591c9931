"""Data types, and the rules that pick the dtype of a mixed operation.

A minigrad dtype is a thin name around a numpy dtype: ``float32`` stores
numpy ``float32`` values. What numpy does not give us is torch's *type
promotion*, so it is written out here:

- categories rank bool < integer < floating point;
- a Python number only decides the category (``int_tensor * 2.5`` is float32,
  ``float32_tensor * 2.5`` stays float32);
- a 0-dim tensor counts only when it is of a higher category than every
  tensor with dimensions (``float32 + tensor(1., dtype=float64)`` stays float32).
"""

from __future__ import annotations

import builtins

import numpy as np

from . import messages as _messages


class dtype:
    """A tensor element type, printed as ``torch.float32`` like PyTorch does.

    A dtype also carries the names torch uses for it in its messages, so that
    code writes ``t.dtype.scalar_name`` instead of keeping its own table:

    >>> import minigrad as torch
    >>> torch.tensor([1.0, 2.0]).dtype
    torch.float32
    >>> d = torch.float32
    >>> d.scalar_name, d.legacy_name, d.cpp_name, d.c_type, d.abbr
    ('Float', 'FloatTensor', 'float', 'float', 'f32')
    >>> d.is_floating_point, d.is_complex, d.is_signed, d.itemsize
    (True, False, True, 4)

    Like torch's, a dtype is read-only.
    """

    __slots__ = (
        "name",
        "np",
        "scalar_name",
        "legacy_name",
        "type_string",
        "cpp_name",
        "c_type",
        "abbr",
        "is_floating_point",
        "is_complex",
        "is_signed",
        "itemsize",
        "_rank",
    )

    def __init__(
        self, name: str, np_dtype: type, rank: int, scalar: str, cpp: str, c_type: str, abbr: str
    ) -> None:
        np_dt = np.dtype(np_dtype)
        fields = {
            "name": name,  # float32: the name after ``torch.``
            "np": np_dt,  # how numpy stores the values
            "scalar_name": scalar,  # Float: torch's ScalarType name ("... but got Float")
            "legacy_name": scalar + "Tensor",  # FloatTensor: x.type(), torch.FloatTensor
            # how torch's messages name a tensor of this dtype: its C++ name, which
            # Python turns into the legacy one, except for the types that have none
            "type_string": f"CPU{scalar}Type" if scalar == "Bool" else f"torch.{scalar}Tensor",
            "cpp_name": cpp,  # float, long int: the C++ type's printed name ("float != double")
            "c_type": c_type,  # int64_t: the C type in "cannot be converted to type ..."
            "abbr": abbr,  # f32: torch.dtype.abbr
            "is_floating_point": np_dt.kind == "f",
            "is_complex": False,  # (minigrad has no complex dtypes)
            "is_signed": np_dt.kind in "fi",
            "itemsize": np_dt.itemsize,
            "_rank": rank,  # position in the category order: bool < ints < floats
        }
        for key, value in fields.items():
            object.__setattr__(self, key, value)

    def __setattr__(self, key: str, value: object) -> None:
        if key in dtype.__slots__:
            raise AttributeError(f"attribute '{key}' of 'torch.dtype' objects is not writable")
        raise AttributeError(f"'torch.dtype' object has no attribute '{key}'")

    def to_real(self) -> dtype:
        """The real dtype of the same precision: every minigrad dtype is already real."""
        return self

    def __repr__(self) -> str:
        return f"torch.{self.name}"

    def __reduce__(self) -> str:
        return self.name


# name, numpy type, category rank, then torch's names: scalar, C++ name, C type, abbr
bool = dtype("bool", np.bool_, 0, "Bool", "bool", "bool", "b8")  # noqa: A001 - torch.bool
uint8 = dtype("uint8", np.uint8, 1, "Byte", "unsigned char", "uint8_t", "u8")
int8 = dtype("int8", np.int8, 1, "Char", "signed char", "int8_t", "i8")
int16 = dtype("int16", np.int16, 1, "Short", "short int", "int16_t", "i16")
int32 = dtype("int32", np.int32, 1, "Int", "int", "int", "i32")
int64 = dtype("int64", np.int64, 1, "Long", "long int", "int64_t", "i64")
float16 = dtype("float16", np.float16, 2, "Half", "c10::Half", "c10::Half", "f16")
float32 = dtype("float32", np.float32, 2, "Float", "float", "float", "f32")
float64 = dtype("float64", np.float64, 2, "Double", "double", "double", "f64")

# torch's aliases
half, float, double = float16, float32, float64  # noqa: A001
short, int, long = int16, int32, int64  # noqa: A001

_BY_NUMPY = {d.np: d for d in (bool, uint8, int8, int16, int32, int64, float16, float32, float64)}

_default_float = float32


def get_default_dtype() -> dtype:
    """The dtype that Python floats become (float32 unless changed)."""
    return _default_float


def set_default_dtype(d: dtype) -> None:
    """Make Python floats become ``d`` (float32 or float64)."""
    global _default_float
    if not d.is_floating_point:
        raise TypeError("only floating-point types are supported as the default type")
    _default_float = d


def from_numpy_dtype(np_dtype: np.dtype) -> dtype:
    """The minigrad dtype that stores values as ``np_dtype``."""
    try:
        return _BY_NUMPY[np.dtype(np_dtype)]
    except KeyError:
        raise TypeError(_messages.cant_convert_numpy_dtype(np.dtype(np_dtype).name)) from None


def to_numpy_dtype(d: dtype | None) -> np.dtype | None:
    return None if d is None else d.np


def scalar_dtype(value: object) -> dtype:
    """The dtype a lone Python number stands for (``2`` is int64, ``2.0`` the default float)."""
    if isinstance(value, (np.bool_, builtins.bool)):
        return bool
    if isinstance(value, (np.integer, builtins.int)):
        return int64
    return _default_float


def _promote_pair(a: np.dtype, b: np.dtype) -> np.dtype:
    """Promote two dtypes of the same group. numpy agrees with torch here,
    except that torch never widens an int to float64 on its own."""
    if a == b:
        return a
    if a.kind == "f" and b.kind in "biu":
        return a
    if b.kind == "f" and a.kind in "biu":
        return b
    return np.promote_types(a, b)


def _category(d: np.dtype) -> int:
    return 2 if d.kind == "f" else (0 if d.kind == "b" else 1)


def result_type(*operands: object) -> np.dtype:
    """The numpy dtype torch gives to an operation on ``operands``.

    Operands are minigrad Tensors or Python numbers. Three groups are
    promoted separately (tensors with dimensions, 0-dim tensors, Python
    numbers); a later group wins only if it is of a higher category.
    """
    dims = zero = wrapped = None
    for op in operands:
        d = getattr(op, "_data", None)
        if d is not None:
            if d.ndim:
                dims = d.dtype if dims is None else _promote_pair(dims, d.dtype)
            else:
                zero = d.dtype if zero is None else _promote_pair(zero, d.dtype)
        else:
            s = scalar_dtype(op).np
            wrapped = s if wrapped is None else _promote_pair(wrapped, s)
    result = dims
    for lower in (zero, wrapped):
        if lower is None:
            continue
        if result is None:
            result = lower
        elif _category(lower) > _category(result):
            result = lower
    return result
