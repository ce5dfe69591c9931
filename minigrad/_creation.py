"""Making tensors: ``tensor``, ``zeros``, ``ones``, ``arange``, ``randn`` and friends.

Every factory takes ``dtype=``, ``requires_grad=`` and ``device=`` (only the CPU).
``tensor`` guesses the dtype from the data as torch does: Python floats give
float32, ints give int64 and bools give bool.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .core.grad_mode import _State
from .core.node import Op
from .core.tensor import Tensor, _warn_scalar_once
from .exact import (
    device as _device,
)
from .exact import (
    dtype as _dtype,
)
from .exact import (
    messages as _messages,
)
from .exact import (
    random as _random,
)
from .exact import (
    warn as _warn,
)
from .exact.memory import _check_no_overlap, _writable
from .exact.quiet_numpy import quiet_numpy
from .ops.copies import check_scalar_fits

_REQUIRES_GRAD_INT = "Only Tensors of floating point and complex dtype can require gradients"


def _np_dtype(dtype: Any) -> np.dtype | None:
    if dtype is None:
        return None
    if isinstance(dtype, _dtype.dtype):
        return dtype.np
    if dtype in (float,):
        return np.dtype(np.float64)
    return np.dtype(dtype)


def _dtype_arg(dtype: Any, name: str) -> None:
    """``dtype=`` must be a torch dtype (``torch.float32``; Python's float, int, bool pass)."""
    if (
        dtype is not None
        and not isinstance(dtype, _dtype.dtype)
        and dtype not in (float, int, bool)
    ):
        raise TypeError(
            f"{name}(): argument 'dtype' must be torch.dtype, not {type(dtype).__name__}"
        )


def _check_device(device_: Any) -> None:
    _device.check(device_)


def _finish(arr: np.ndarray, requires_grad: bool, device_: Any = None) -> Tensor:
    _check_device(device_)
    t = Tensor._make(arr, None)
    if requires_grad:
        if arr.dtype.kind != "f":
            raise RuntimeError(_REQUIRES_GRAD_INT)
        t._requires_grad = True
    return t


def _infer_dtype(data: Any) -> np.dtype:
    """torch's rule: any float makes the default float dtype, else any int
    makes int64, else bool."""
    kinds = set()
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, Tensor):
            kinds.add(x._data.dtype)
        elif isinstance(x, (np.ndarray, np.generic)):  # numpy values keep their dtype
            kinds.add(x.dtype)
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
            if not x:  # an empty list counts as the default float dtype
                kinds.add("f")
        elif isinstance(x, (bool, np.bool_)):
            kinds.add("b")
        elif isinstance(x, (int, np.integer)):
            kinds.add("i")
        elif isinstance(x, (float, np.floating)):
            kinds.add("f")
        elif isinstance(x, str):
            raise TypeError("new(): invalid data type 'str'")
        else:
            raise RuntimeError(f"Could not infer dtype of {type(x).__name__}")
    arrays = [k for k in kinds if isinstance(k, np.dtype)]
    if arrays and len(kinds) == len(arrays) == 1:
        return arrays[0]
    floats = [k for k in arrays if k.kind == "f"]  # e.g. np.float64 values next to floats
    kinds = {
        ("f" if k.kind == "f" else "i" if k.kind in "iu" else "b") if isinstance(k, np.dtype) else k
        for k in kinds
    }
    if "f" in kinds:
        return np.result_type(_dtype.get_default_dtype().np, *floats)
    if "i" in kinds:
        return np.dtype(np.int64)
    if "b" in kinds:
        return np.dtype(np.bool_)
    return _dtype.get_default_dtype().np


def _check_ragged(data: Any) -> None:
    """Raise torch's ValueError for lists whose rows differ in length."""
    stack = [(data, 0)]
    depth_len: dict[int, int] = {}
    while stack:
        x, depth = stack.pop()
        if isinstance(x, (list, tuple)):
            if depth in depth_len and depth_len[depth] != len(x):
                raise ValueError(
                    f"expected sequence of length {depth_len[depth]} at dim {depth} (got {len(x)})"
                )
            depth_len.setdefault(depth, len(x))
            for item in x:
                stack.append((item, depth + 1))
        elif depth in depth_len:
            raise TypeError("not a sequence")


def _to_array(data: Any, dtype: np.dtype | None) -> np.ndarray:
    """Turn nested lists / numbers / arrays into a numpy array of ``dtype``."""
    if isinstance(data, Tensor):
        arr = data._data
    elif isinstance(data, (np.ndarray, np.generic)):
        arr = np.asarray(data)
    else:
        if isinstance(data, (str, bytes)):
            raise TypeError(f"new(): invalid data type '{type(data).__name__}'")
        shape = _check_ragged_order(data) if isinstance(data, (list, tuple)) else []
        # no elements (by the first row's shape): torch reads no further ([[], [1]])
        empty = 0 in shape
        target = dtype if dtype is not None else _infer_dtype(data)
        values = np.zeros(shape) if empty else _unwrap(data)
        if target.kind in "iu":
            _check_fits(values, target)
        if target.kind == "u":  # -1 wraps around to 255, as in torch
            values = np.array(values, dtype=np.int64)
        try:  # (a float too big for float16 becomes inf, silently, as in torch)
            arr = quiet_numpy(np.asarray(values).astype, target)
        except ValueError as e:
            raise ValueError(str(e)) from None
        return arr
    target = dtype if dtype is not None else arr.dtype
    return quiet_numpy(np.array, arr, dtype=target, copy=True)


def _check_fits(values: Any, target: np.dtype) -> None:
    """Every Python number must fit the integer dtype (a negative one may wrap
    around into an unsigned type: -1 becomes 255 in uint8), as torch checks."""
    info = np.iinfo(target)
    low = -int(info.max) if target.kind == "u" else int(info.min)
    stack = [values]
    while stack:
        v = stack.pop()
        if isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            if isinstance(v, int) and not -(2**63) <= v < 2**63:
                raise ValueError("Overflow when unpacking long long")
            if not low <= v <= int(info.max):  # (also false for nan)
                raise RuntimeError(
                    f"value cannot be converted to type {target.name} without overflow"
                )


def _unwrap(data: Any) -> Any:
    if isinstance(data, Tensor):  # (one element: checked before)
        return data._data.reshape(())
    if isinstance(data, (list, tuple)):
        return [_unwrap(x) for x in data]
    return data


def _check_ragged_order(data: Any) -> list[int]:
    """Check nested lists the way torch reads them: the shape comes from the
    first element at each depth (data, data[0], data[0][0], ...), then every
    element is checked against it, depth first."""
    shape: list[int] = []
    x = data
    while isinstance(x, (list, tuple, str)):  # (a tensor in a list is one number)
        if isinstance(x, str):  # a string looks like one more dimension to torch
            raise ValueError("too many dimensions 'str'")
        shape.append(len(x))
        if not x:
            break
        x = x[0]

    def walk(x: Any, depth: int) -> None:
        if depth == len(shape):  # here a number is expected
            if isinstance(x, (list, tuple)):
                raise TypeError(f"'{type(x).__name__}' object cannot be interpreted as an integer")
            if isinstance(x, str):
                raise TypeError("new(): invalid data type 'str'")
            if isinstance(x, Tensor):  # read as a number, like float(x)
                if x._requires_grad and _State.enabled:
                    _warn_scalar_once()
                if x._data.size != 1:
                    raise ValueError("only one element tensors can be converted to Python scalars")
            return
        if not isinstance(x, (list, tuple)):
            raise TypeError("not a sequence")
        if len(x) != shape[depth]:
            raise ValueError(
                f"expected sequence of length {shape[depth]} at dim {depth} (got {len(x)})"
            )
        for item in x:
            walk(item, depth + 1)

    if 0 not in shape:
        walk(data, 0)
    return shape


def tensor(
    data: Any,
    *,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    """Make a tensor from data (nested lists, numbers, a numpy array), copying it.

    >>> import minigrad as torch
    >>> torch.tensor([[1, 2], [3, 4]])
    tensor([[1, 2],
            [3, 4]])
    >>> torch.tensor(2.0, requires_grad=True)
    tensor(2., requires_grad=True)
    """
    if isinstance(data, Tensor):
        _warn.warn(_messages.COPY_CONSTRUCT_FROM_TENSOR)
    _dtype_arg(dtype, "tensor")
    arr = _to_array(data, _np_dtype(dtype))
    return _finish(arr, requires_grad, device)


def as_tensor(data: Any, dtype: Any = None, device: Any = None) -> Tensor:
    """Like ``tensor``, but shares memory with a numpy array or tensor when it can."""
    if isinstance(data, Tensor) and (dtype is None or data.dtype == dtype):
        return data
    if isinstance(data, np.ndarray) and (dtype is None or _np_dtype(dtype) == data.dtype):
        return from_numpy(data)
    return tensor(data, dtype=dtype, device=device)


def from_numpy(ndarray: np.ndarray) -> Tensor:
    """A tensor that shares memory with a numpy array.

    >>> import numpy as np, minigrad as torch
    >>> torch.from_numpy(np.array([1.0, 2.0]))
    tensor([1., 2.], dtype=torch.float64)
    """
    if not isinstance(ndarray, np.ndarray):
        raise TypeError(f"expected np.ndarray (got {type(ndarray).__name__})")
    _dtype.from_numpy_dtype(ndarray.dtype)
    return Tensor._make(ndarray, None)


def _is_int(s: Any) -> bool:
    if isinstance(s, Tensor):  # a 0-dim integer tensor counts as an int
        return s._data.ndim == 0 and s._data.dtype.kind in "iu"
    return isinstance(s, (int, np.integer)) and not isinstance(s, bool)


def _size(
    size: tuple, keyword: Any = None, name: str = "zeros", sequence: bool = False
) -> tuple[int, ...]:
    """The shape given as ``f(2, 3)``, ``f((2, 3))`` or ``f(size=(2, 3))``, checked
    with the messages of torch's argument parser (``name`` is the function's).
    ``sequence``: only a tuple or list will do (``full``, ``randint``)."""
    where = " (position 1)"
    if keyword is not None:
        if size:
            raise TypeError(f"{name}() got multiple values for argument 'size'")
        size, where = (keyword,), ""
    if len(size) == 1 and (sequence or not _is_int(size[0])):
        one = size[0]
        if isinstance(one, Tensor) and one._data.ndim == 1 and one._data.dtype.kind in "iu":
            one = one.tolist()
        if not isinstance(one, (tuple, list)):
            raise TypeError(
                f"{name}(): argument 'size'{where} must be tuple of ints, not {type(one).__name__}"
            )
        size = tuple(one)
    elif len(size) > 1 and not _is_int(size[0]):
        raise TypeError(f"{name}() takes 1 positional argument but {len(size)} were given")
    for i, s in enumerate(size):
        if not _is_int(s):
            kind = type(s).__name__
            if i == 0:
                raise TypeError(_messages.size_must_be_tuple_of_ints(name, where, kind))
            raise TypeError(_messages.size_failed_to_unpack(name, i + 1, kind))
    size = tuple(int(s) for s in size)
    for s in size:
        if s < 0:
            if name == "zeros":
                raise RuntimeError("zeros: Dimension size must be non-negative.")
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: {list(size)}")
    return size


def _float_dtype(dtype: Any) -> np.dtype:
    return _np_dtype(dtype) or _dtype.get_default_dtype().np


def zeros(
    *shape: Any,
    size: Any = None,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    out: Any = None,
) -> Tensor:
    """A tensor of zeros.

    >>> import minigrad as torch
    >>> torch.zeros(2, 3)
    tensor([[0., 0., 0.],
            [0., 0., 0.]])
    """
    shape = _size(shape, size)
    _dtype_arg(dtype, "zeros")
    return _finish(np.zeros(shape, dtype=_float_dtype(dtype)), requires_grad, device)


def ones(
    *shape: Any,
    size: Any = None,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    """A tensor of ones."""
    shape = _size(shape, size, "ones")
    _dtype_arg(dtype, "ones")
    return _finish(np.ones(shape, dtype=_float_dtype(dtype)), requires_grad, device)


def empty(
    *shape: Any,
    size: Any = None,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    """An uninitialised tensor (filled with zeros here, so results are repeatable)."""
    shape = _size(shape, size, "empty")
    return zeros(*shape, dtype=dtype, device=device, requires_grad=requires_grad)


def full(
    size: Any,
    fill_value: Any,
    *,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    """A tensor filled with ``fill_value`` (its dtype follows the value, like torch)."""
    if not _is_number(fill_value):
        raise TypeError(
            "full(): argument 'fill_value' (position 2) must be Number, not "
            f"{type(fill_value).__name__}"
        )
    _dtype_arg(dtype, "full")
    if dtype is None:
        dtype = _infer_dtype(fill_value)
    fill_value = check_scalar_fits(fill_value, _np_dtype(dtype))
    shape = _size((size,), name="full", sequence=True)
    return _finish(np.full(shape, fill_value, dtype=_np_dtype(dtype)), requires_grad, device)


def eye(
    n: int,
    m: int | None = None,
    *,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    """The identity matrix."""
    for name, v in (("n", n), ("m", m)):
        if v is None:
            continue
        if not _is_int(v):
            if name == "m":
                raise TypeError(_messages.eye_invalid_arguments(type(n).__name__, type(m).__name__))
            raise TypeError(f"eye(): argument 'n' (position 1) must be int, not {type(v).__name__}")
        if v < 0:
            raise RuntimeError(f"{name} must be greater or equal to 0, got {v}")
    return _finish(
        np.eye(n, m if m is not None else n, dtype=_float_dtype(dtype)), requires_grad, device
    )


def _tensor_arg(input: Any, name: str) -> None:
    if not isinstance(input, Tensor):
        kind = type(input)
        where = "" if kind.__module__ == "builtins" else kind.__module__ + "."
        raise TypeError(
            f"{name}(): argument 'input' (position 1) must be Tensor, not {where}{kind.__name__}"
        )


def _random_floats(dtype: Any, kernel: str) -> np.dtype:
    """The dtype of random floats; torch has no such kernel for other dtypes."""
    dt = _float_dtype(dtype)
    if dt.kind != "f":
        cap = _dtype.from_numpy_dtype(dt).scalar_name
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{cap}'")
    return dt


def _like(fill: Any) -> Any:
    def factory(
        input: Tensor,
        *,
        dtype: Any = None,
        device: Any = None,
        requires_grad: bool = False,
        memory_format: Any = None,
    ) -> Tensor:
        _tensor_arg(input, factory.__name__)
        dt = _np_dtype(dtype) or input._data.dtype
        return _finish(np.full(input._data.shape, fill, dtype=dt), requires_grad, device)

    return factory


zeros_like = _like(0)
ones_like = _like(1)
zeros_like.__name__, ones_like.__name__ = "zeros_like", "ones_like"
zeros_like.__doc__ = "Zeros with the shape (and dtype) of ``input``."
ones_like.__doc__ = "Ones with the shape (and dtype) of ``input``."


def empty_like(input: Tensor, **kwargs: Any) -> Tensor:
    return zeros_like(input, **kwargs)


def full_like(
    input: Tensor,
    fill_value: Any,
    *,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    dt = _np_dtype(dtype) or input._data.dtype
    return _finish(np.full(input._data.shape, fill_value, dtype=dt), requires_grad, device)


def _is_number(v: Any) -> bool:
    if isinstance(v, Tensor):
        return v._data.ndim == 0
    return isinstance(v, (int, float, np.number, np.bool_))


def _arange_args(args: tuple, kwargs: dict) -> tuple:
    """``(start, end, step)`` from torch's three ways of calling arange."""
    named = {k: kwargs.pop(k) for k in ("start", "end", "step") if k in kwargs}
    if kwargs:
        raise TypeError(f"arange() got an unexpected keyword argument '{next(iter(kwargs))}'")
    got = [type(a).__name__ for a in args] + [f"{k}={type(v).__name__}" for k, v in named.items()]
    bad = TypeError(_messages.arange_invalid_arguments(", ".join(got), _messages.ARANGE_SIGNATURES))
    if len(args) == 1 and not named:
        if not _is_number(args[0]):
            raise TypeError(
                "arange(): argument 'end' (position 1) must be Number, not "
                f"{type(args[0]).__name__}"
            )
        return 0, args[0], 1
    names = ("start", "end", "step")[: len(args)]
    values = dict(zip(names, args))
    if len(args) > 3 or any(k in values for k in named) or not (args or named):
        raise bad
    values.update(named)
    if "end" not in values:
        if "step" in values:
            raise bad
        raise TypeError('arange() missing 1 required positional arguments: "end"')
    if not all(_is_number(v) for v in values.values()):
        raise bad
    return values.get("start", 0), values["end"], values.get("step", 1)


def arange(
    *args: Any,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    **kwargs: Any,
) -> Tensor:
    """Evenly spaced values in ``[start, end)``; integer arguments give int64.
    Called as ``arange(end)``, ``arange(start, end)`` or ``arange(start, end, step)``.

    >>> import minigrad as torch
    >>> torch.arange(4)
    tensor([0, 1, 2, 3])
    """
    start, end, step = _arange_args(args, kwargs)
    values = [start, end, step]
    if dtype is None:
        dtype = _infer_dtype(
            [float(v) if isinstance(v, Tensor) and v.is_floating_point() else v for v in values]
        )
    start, end, step = (v.item() if isinstance(v, Tensor) else v for v in values)
    if _np_dtype(dtype) == np.bool_:
        raise NotImplementedError("\"arange_cpu\" not implemented for 'Bool'")
    if not (math.isfinite(start) and math.isfinite(end)):
        raise RuntimeError(f"unsupported range: {float(start):g} -> {float(end):g}")
    if step == 0 or math.isnan(step):
        raise RuntimeError("step must be nonzero")
    if (end - start) / step < 0:
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    n = math.ceil((end - start) / step)
    if n > np.iinfo(np.int64).max:
        raise RuntimeError("invalid size, possible overflow?")
    dt = _np_dtype(dtype)
    if dt in (np.float32, np.float64):
        arr = _torch_float_arange(float(start), float(step), n, dt)
    elif dt.kind == "f":
        arr = start + step * np.arange(n, dtype=np.float64)
    else:
        arr = np.arange(start, end, step)
    return _finish(arr.astype(dt), requires_grad, device)


def _fma(a: Any, b: Any, c: Any) -> np.ndarray:
    """``a * b + c`` rounded once, in float64 (numpy has no fused multiply-add):
    the product's rounding error is found exactly by splitting each factor in
    halves (Veltkamp, Dekker), the sum's by Knuth's two-sum, then added back."""
    a, b, c = (np.asarray(v, dtype=np.float64) for v in (a, b, c))
    p = a * b
    t = 134217729.0 * a  # 2**27 + 1
    ah = t - (t - a)
    t = 134217729.0 * b
    bh = t - (t - b)
    p_err = ((ah * bh - p) + ah * (b - bh) + (a - ah) * bh) + (a - ah) * (b - bh)
    s = p + c
    bb = s - p
    s_err = (p - (s - bb)) + (c - bb)
    return s + (p_err + s_err)


def _torch_float_arange(start: float, step: float, n: int, dt: np.dtype) -> np.ndarray:
    """torch's CPU arange, value for value. Its loop fills two SIMD vectors at a
    time (8 floats or 4 doubles each): each vector starts at ``start + step * i``
    (computed in double, with a fused multiply-add) rounded to the dtype, and
    counts up from there by ``step``; the elements after the last pair of
    vectors are computed one by one as ``start + step * i``."""
    width = 8 if dt == np.float32 else 4
    i = np.arange(n, dtype=np.float64)
    block = i - i % width
    base = _fma(step, block, start).astype(dt).astype(np.float64)
    in_vectors = i < (n // (2 * width)) * (2 * width)
    return np.where(in_vectors, _fma(i % width, step, base), _fma(step, i, start)).astype(dt)


def _linspace_args(start: Any, end: Any, steps: Any, extra: tuple, named: dict) -> int:
    """Check linspace's arguments as torch's argument parser does; the number of steps."""
    given = [start, end, *([steps] if steps is not _MISSING else []), *extra]
    got = [type(a).__name__ for a in given] + [f"{k}={type(v).__name__}" for k, v in named.items()]
    ends_ok = all(isinstance(v, Tensor) or _is_number(v) for v in (start, end))
    steps_ok = isinstance(steps, (int, np.integer, Tensor)) and not isinstance(steps, bool)
    if extra or not ends_ok or not steps_ok or (isinstance(steps, Tensor) and steps.dim()):
        raise TypeError(_messages.linspace_invalid_arguments(", ".join(got)))
    ends = (("start", start), ("end", end))
    dims = [
        f"{n} with {v.dim()} dimension(s)" for n, v in ends if isinstance(v, Tensor) and v.dim()
    ]
    if dims:
        raise RuntimeError(
            "linspace only supports 0-dimensional start and end tensors, but got "
            + " and ".join(dims)
            + "."
        )
    return int(steps)


_MISSING = object()


def linspace(
    start: Any,
    end: Any,
    steps: Any = _MISSING,
    *extra: Any,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    """``steps`` values from ``start`` to ``end`` inclusive."""
    steps = _linspace_args(start, end, steps, extra, {})
    start, end = (v.item() if isinstance(v, Tensor) else v for v in (start, end))
    dt = _float_dtype(dtype)
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    if dt == np.bool_:
        raise NotImplementedError("\"linspace_cpu\" not implemented for 'Bool'")
    if dt.kind in "iu":
        return _finish(_int_linspace(start, end, steps, dt), requires_grad, device)
    if steps == 1:
        return _finish(np.array([start], dtype=dt), requires_grad, device)  # (not end)
    # Like torch: the step is computed in the tensor's dtype, the first half is
    # counted up from ``start`` and the second half down from ``end`` (so both
    # ends are exact), and each value is rounded once (torch uses fused
    # multiply-adds: the wider type below plays their part).
    f = dt.type
    first, last = f(start), f(end)
    step = f((last - first) / f(max(steps - 1, 1)))
    wide = np.float64 if dt.itemsize < 8 else np.longdouble
    i = np.arange(steps)
    up = wide(first) + wide(step) * i
    down = wide(last) - wide(step) * (steps - 1 - i)
    arr = np.where(i < steps // 2, up, down).astype(dt)
    return _finish(arr, requires_grad, device)


def _int_linspace(start: Any, end: Any, steps: int, dt: np.dtype) -> np.ndarray:
    """Integer linspace as torch's CPU kernel computes it: the ends made integers
    first (toward 0), the step a float64, each value counted from the nearer end
    (a multiply-add rounded once) and cut toward 0."""
    first, last = int(start), int(end)
    info = np.iinfo(dt)
    for v in (first, last):
        if not info.min <= v <= info.max:
            raise RuntimeError(f"value cannot be converted to type {dt.name}_t without overflow")
    if steps <= 1:
        return np.array([first] * steps, dtype=dt)
    step = (float(last) - float(first)) / (steps - 1)

    def fma(a: Any, b: Any, c: Any) -> Any:  # a * b + c, rounded once to float64
        return (np.longdouble(a) * np.asarray(b, dtype=np.longdouble) + c).astype(np.float64)

    def counted(i: Any) -> Any:  # from start in the first half, from end in the second
        return np.where(i < steps // 2, fma(step, i, first), fma(-step, steps - 1 - i, last))

    return np.trunc(counted(np.arange(steps))).astype(dt)


def logspace(
    start: float,
    end: float,
    steps: int,
    base: float = 10.0,
    *,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    """``steps`` values from ``base ** start`` to ``base ** end``, evenly spaced
    in their exponents (torch raises the double ``base`` to each exponent of
    ``linspace``, then rounds to the dtype)."""
    exponents = linspace(start, end, steps, dtype=dtype)._data
    arr = np.power(np.float64(base), exponents.astype(np.float64)).astype(exponents.dtype)
    return _finish(arr, requires_grad, device)


# --- random tensors (torch's generator, bit for bit) -----------------------
def manual_seed(seed: int) -> Any:
    """Seed the random generator, so ``rand``/``randn`` repeat torch's numbers."""
    return _random.manual_seed(int(seed))


def initial_seed() -> int:
    return _random.initial_seed()


def get_rng_state() -> Tensor:
    """The random generator's state: the same 5056 bytes as torch's, as a uint8 tensor.

    >>> import minigrad as torch
    >>> state = torch.get_rng_state()
    >>> a = torch.rand(2); torch.set_rng_state(state); torch.equal(a, torch.rand(2))
    True
    """
    return Tensor._make(_random.get_rng_state(), None)


def set_rng_state(new_state: Any) -> None:
    """Put back a state that :func:`get_rng_state` returned."""
    _random.set_rng_state(new_state._data if isinstance(new_state, Tensor) else new_state)


def seed() -> int:
    return _random.default_generator.seed()


def rand(
    *shape: Any,
    size: Any = None,
    generator: Any = None,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    """Uniform random numbers in ``[0, 1)``."""
    dt = _random_floats(dtype, "check_uniform_bounds")
    arr = _random.rand(_size(shape, size, "rand"), dtype=dt, generator=generator)
    return _finish(arr, requires_grad, device)


def randn(
    *shape: Any,
    size: Any = None,
    generator: Any = None,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    """Standard normal random numbers.

    >>> import minigrad as torch
    >>> _ = torch.manual_seed(0)
    >>> torch.randn(3)
    tensor([ 1.5410, -0.2934, -2.1788])
    """
    dt = _random_floats(dtype, "normal_kernel_cpu")
    arr = _random.randn(_size(shape, size, "randn"), dtype=dt, generator=generator)
    return _finish(arr, requires_grad, device)


def normal(
    mean: Any,
    std: Any = 1.0,
    size: Any = None,
    *,
    generator: Any = None,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    """Normal random numbers with the given mean and standard deviation:
    ``normal(0.0, 0.01, size=(2, 1))``, or elementwise means/stds as tensors.

    >>> import minigrad as torch
    >>> _ = torch.manual_seed(0)
    >>> torch.normal(0.0, 0.01, size=(2,))
    tensor([ 0.0154, -0.0029])
    """
    if isinstance(mean, Tensor) or isinstance(std, Tensor):
        # like torch: standard normal numbers of the broadcast shape, scaled and shifted
        m = mean._data if isinstance(mean, Tensor) else mean
        sd = std._data if isinstance(std, Tensor) else std
        shape = np.broadcast_shapes(np.shape(m), np.shape(sd))
        dt = (mean if isinstance(mean, Tensor) else std)._data.dtype
        arr = _random.normal_(np.empty(shape, dtype=dt), 0.0, 1.0, generator=generator)
        return _finish((arr * sd + m).astype(dt), requires_grad, device)
    if size is None:
        raise TypeError('normal() missing 1 required positional argument: "size"')
    arr = np.empty(_size((size,)), dtype=_float_dtype(dtype))
    return _finish(_random.normal_(arr, mean, std, generator=generator), requires_grad, device)


def randint(
    low: int,
    high: Any = None,
    size: Any = None,
    *,
    generator: Any = None,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    """Random integers in ``[low, high)``."""
    if size is None:
        low, high, size = 0, low, high
    arr = _random.randint(
        low, high, _size((size,)), dtype=_np_dtype(dtype) or np.int64, generator=generator
    )
    return _finish(arr, requires_grad, device)


def randperm(
    n: int,
    *,
    generator: Any = None,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    """A random permutation of ``0..n-1``."""
    arr = _random.randperm(n, dtype=_np_dtype(dtype) or np.int64, generator=generator)
    return _finish(arr, requires_grad, device)


def rand_like(input: Tensor, **kwargs: Any) -> Tensor:
    return rand(*input.shape, dtype=kwargs.pop("dtype", input.dtype), **kwargs)


def randn_like(input: Tensor, **kwargs: Any) -> Tensor:
    return randn(*input.shape, dtype=kwargs.pop("dtype", input.dtype), **kwargs)


def _uniform_(self: Tensor, a: float = 0.0, b: float = 1.0, *, generator: Any = None) -> Tensor:
    self._check_inplace()
    _check_no_overlap(self._data)
    _random.uniform_(_writable(self._data), a, b, generator=generator)
    self._bump_version()
    return self


def _normal_(self: Tensor, mean: float = 0.0, std: float = 1.0, *, generator: Any = None) -> Tensor:
    self._check_inplace()
    _check_no_overlap(self._data)
    _random.normal_(_writable(self._data), mean, std, generator=generator)
    self._bump_version()
    return self


def _random_(self: Tensor, *args: int, generator: Any = None, **kwargs: int) -> Tensor:
    """``x.random_()`` fills with random integers (see ``_random.random_bits``);
    ``x.random_(to)`` and ``x.random_(from, to)`` draw from ``[from, to)``.

    >>> import minigrad as torch
    >>> _ = torch.manual_seed(0)
    >>> torch.empty(3, dtype=torch.int64).random_(10).shape
    torch.Size([3])
    """
    bounds = list(args) + [kwargs[k] for k in ("from", "to") if k in kwargs]
    self._check_inplace()
    shape, dt = self._data.shape, self._data.dtype
    if not bounds:
        vals = _random.random_bits(shape, dt, generator=generator)
    else:
        low, high = (0, bounds[0]) if len(bounds) == 1 else bounds
        vals = _random.randint(low, high, shape, dt, generator)
    self._data[...] = vals
    self._bump_version()
    return self


def _exponential_(self: Tensor, lambd: float = 1.0, *, generator: Any = None) -> Tensor:
    """Fill with exponential random numbers of rate ``lambd``."""
    self._check_inplace()
    self._data[...] = _random.exponential(self._data.shape, lambd, self._data.dtype, generator)
    self._bump_version()
    return self


def multinomial(
    input: Tensor, num_samples: int, replacement: bool = False, *, generator: Any = None
) -> Tensor:
    """Draw category indices with probabilities proportional to the rows of ``input``.

    >>> import minigrad as torch
    >>> _ = torch.manual_seed(0)
    >>> torch.multinomial(torch.tensor([0.0, 1.0, 0.0]), 1)
    tensor([1])
    """
    p = input._data
    if p.dtype.kind != "f":
        raise RuntimeError(
            f"multinomial only supports floating-point dtypes for input, "
            f"got: {input.dtype.scalar_name}"
        )
    if p.ndim not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    num_samples = int(num_samples)
    if num_samples <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    if not replacement and num_samples > p.shape[-1]:
        raise RuntimeError(
            "cannot sample n_sample > prob_dist.size(-1) samples without replacement"
        )
    if replacement and num_samples > 1:  # torch checks element by element here
        for v in p.reshape(-1).tolist():
            if not v >= 0:
                raise RuntimeError(
                    "invalid multinomial distribution (encountering probability entry < 0)"
                )
            if not math.isfinite(v):
                raise RuntimeError(_messages.MULTINOMIAL_INF_OR_NAN)
    with np.errstate(invalid="ignore"):
        if not (np.all(p >= 0) and np.all(p < np.inf)):
            raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
    if np.any(p.sum(axis=-1) == 0):
        raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    return Tensor._make(_random.multinomial(p, num_samples, replacement, generator), None)


# --- coin flips and counts drawn by the rates in a tensor ---------------------
class BernoulliBackward0(Op):
    """out = 1 with probability p, else 0          d/dp = 0 (a random draw has no slope)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, p, generator):
        return bernoulli_of(p, generator).astype(p.dtype)

    @staticmethod
    def backward(ctx, grad):
        return Tensor._make(np.zeros_like(grad._data), None)


class PoissonBackward0(BernoulliBackward0):
    """out = a Poisson count with rate ``rates``          d/drates = 0"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, rates, generator):
        return _random.poisson(rates, generator)


def bernoulli_of(p: np.ndarray, generator: Any) -> np.ndarray:
    """The flips of ``torch.bernoulli(p)``, as booleans (the kernel has no integer ``p``)."""
    if p.dtype.kind != "f":
        name = _dtype.from_numpy_dtype(p.dtype).scalar_name
        raise NotImplementedError(f"\"bernoulli_tensor_cpu_p_\" not implemented for '{name}'")
    return _random.bernoulli_tensor(p, generator)


def bernoulli(input: Tensor, p: Any = None, *, generator: Any = None) -> Tensor:
    """0 or 1 for each element, 1 with the probability the element gives (or ``p``);
    the same draws as torch for the same seed.

    >>> import minigrad as torch
    >>> torch.bernoulli(torch.tensor([0.0, 1.0]))
    tensor([0., 1.])
    """
    if p is not None:  # torch.bernoulli(x, p): a fresh tensor like x, flipped with p
        out = Tensor._make(np.empty_like(input._data), None)
        return _bernoulli_(out, p, generator=generator)
    return BernoulliBackward0.apply(input, generator=generator)


def _bernoulli_(self: Tensor, p: Any = 0.5, *, generator: Any = None) -> Tensor:
    """Fill with 0 or 1: 1 with probability ``p`` (a number, or a tensor that broadcasts)."""
    self._check_inplace()
    _check_no_overlap(self._data)
    if isinstance(p, Tensor):
        probs = np.broadcast_to(p._data, self._data.shape)
        flips = bernoulli_of(np.ascontiguousarray(probs), generator)
    else:
        flips = _random.bernoulli_p(self._data.shape, p, np.bool_, generator)
    _writable(self._data)[...] = flips
    self._bump_version()
    return self


def poisson(input: Tensor, generator: Any = None) -> Tensor:
    """A Poisson count for each rate in ``input`` (the same draws as torch for a seed).

    >>> import minigrad as torch
    >>> torch.poisson(torch.tensor([0.0, 0.0]))
    tensor([0., 0.])
    """
    if input._data.dtype.kind != "f":
        name = input.dtype.scalar_name
        raise NotImplementedError(f"\"poisson_cpu\" not implemented for '{name}'")
    return PoissonBackward0.apply(input, generator=generator)


def randint_like(
    input: Tensor,
    low: int = 0,
    high: Any = None,
    *,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    generator: Any = None,
) -> Tensor:
    """Random integers in ``[low, high)`` with the shape (and dtype) of ``input``;
    ``randint_like(x, high)`` starts at 0."""
    if high is None:
        low, high = 0, low
    dt = _np_dtype(dtype) or input._data.dtype
    arr = _random.randint(low, high, input._data.shape, dtype=dt, generator=generator)
    return _finish(arr, requires_grad, device)
