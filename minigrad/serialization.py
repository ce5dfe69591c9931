"""Saving and loading: ``torch.save`` and ``torch.load``.

>>> import copy
import io
>>> import minigrad as torch
>>> net = torch.nn.Linear(2, 1)
>>> buffer = io.BytesIO()
>>> torch.save(net.state_dict(), buffer)
>>> _ = buffer.seek(0)
>>> same = torch.nn.Linear(2, 1)
>>> same.load_state_dict(torch.load(buffer))
<All keys matched successfully>
>>> torch.equal(same.weight, net.weight)
True

What a file holds is a pickle, as in torch, but minigrad's file format is its
own (torch's is a zip archive): a file saved by minigrad loads in minigrad,
not in torch, and the other way round. It keeps what torch keeps: values,
dtypes, shapes, ``requires_grad``, which tensors are Parameters, and which
tensors share memory (a view saved with the tensor it looks into comes back
looking into it).

``load`` reads only "weights" by default (``weights_only=True``, as in torch
since 2.6): tensors, Parameters, dtypes, devices, ``torch.Size`` and the plain
Python containers and values around them. Anything else (a whole model, an
optimizer object, a class of your own) is refused with torch's error, because
unpickling it could run any code; pass ``weights_only=False`` for a file you
trust.

Pickling works without this module too: ``pickle.dumps(tensor)``,
``copy.deepcopy(model)``. The built-in layers and optimizers print their class
as torch does (``torch.nn.modules.linear.Linear``), which is not where pickle
could find them, so they pickle themselves under their minigrad name
(:func:`reduce_by_minigrad_name`).
"""

from __future__ import annotations

import copy
import io
import os
import pickle
import sys
import weakref
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import IO, Any

import numpy as np

from .core.tensor import Tensor
from .exact import device as _device
from .exact import messages as _messages

__all__ = [
    "save",
    "load",
    "add_safe_globals",
    "clear_safe_globals",
    "get_safe_globals",
    "safe_globals",
]

_MAGIC = b"minigrad-save\n"  # the first bytes of every file ``save`` writes
_PROTOCOL = 4


# --- pickling minigrad's classes ---------------------------------------------------
_names: weakref.WeakKeyDictionary[type, tuple[str, str] | None] = weakref.WeakKeyDictionary()


def _minigrad_name(cls: type) -> tuple[str, str] | None:
    """Where pickle should look ``cls`` up: None when its ``__module__`` finds it,
    else the minigrad module that defines it (for classes that print as torch's)."""
    if cls in _names:
        return _names[cls]
    found = None
    module = sys.modules.get(cls.__module__)
    if module is None or _lookup(module, cls.__qualname__) is not cls:
        for name, module in list(sys.modules.items()):
            if (name == "minigrad" or name.startswith("minigrad.")) and module is not None:
                if _lookup(module, cls.__qualname__) is cls:
                    found = (name, cls.__qualname__)
                    break
    _names[cls] = found
    return found


def _lookup(module: Any, qualname: str) -> Any:
    value: Any = module
    for part in qualname.split("."):
        value = vars(value).get(part) if hasattr(value, "__dict__") else None
    return value


def _find_class(module: str, qualname: str) -> type:
    import importlib

    return _lookup(importlib.import_module(module), qualname)


def _new_object(module: str, qualname: str) -> Any:
    """An empty instance of minigrad's class ``module.qualname`` (pickle fills it in)."""
    cls = _find_class(module, qualname)
    return cls.__new__(cls)


def reduce_by_minigrad_name(obj: Any, protocol: int) -> Any:
    """``obj.__reduce_ex__(protocol)``, naming the class by its minigrad module when
    its torch-like ``__module__`` would send pickle to torch. A learner's own
    subclass (``class Net(nn.Module)``) pickles as usual."""
    rv = object.__reduce_ex__(obj, max(protocol, 2))
    where = _minigrad_name(type(obj))
    if where is None:
        return rv
    # rv is (copyreg.__newobj__, (cls,), state, listitems, dictitems)
    return (_new_object, where, *rv[2:])


# --- tensors -----------------------------------------------------------------------
def reduce_tensor(t: Tensor) -> Any:
    """What pickle saves of a tensor: its memory (all of it, as torch does, with
    where the tensor starts in it and its strides), ``requires_grad``, and its
    class. Not its history or ``.grad``: a tensor made by an operation comes back
    as a leaf, as in torch."""
    return _reduce_tensor(t, _pack(t._data))


def _reduce_tensor(t: Tensor, data: Any) -> Any:
    cls = type(t)
    if cls is Tensor:
        return (_rebuild_tensor, (data, t._requires_grad))
    from .nn.parameter import Parameter

    if cls is Parameter:
        return (_rebuild_parameter, (data, t._requires_grad))
    state = getattr(t, "__dict__", None) or None
    return (_rebuild_subclass, (cls, data, t._requires_grad, state))


def _pack(a: np.ndarray) -> tuple:
    root, offset, strides = _storage(a)
    return (_bytes_of(root).copy(), offset, a.dtype.str, a.shape, strides)


def _unpack(data: np.ndarray | tuple) -> np.ndarray:
    if isinstance(data, np.ndarray):  # from a file written by ``save``
        return data
    flat, offset, dtype, shape, strides = data
    return _view(flat, offset, np.dtype(dtype), tuple(shape), tuple(strides))


def _rebuild_tensor(data: Any, requires_grad: bool) -> Tensor:
    t = Tensor._make(_unpack(data), None)
    t._requires_grad = bool(requires_grad)
    return t


def _rebuild_parameter(data: Any, requires_grad: bool) -> Any:
    from .nn.parameter import Parameter

    return Parameter(Tensor._make(_unpack(data), None), bool(requires_grad))


def _rebuild_subclass(cls: type, data: Any, requires_grad: bool, state: Any) -> Tensor:
    t = Tensor._make(_unpack(data), None, cls)
    t._requires_grad = bool(requires_grad)
    if state:
        t.__dict__.update(state)
    return t


# --- memory shared between tensors ------------------------------------------------
def _storage(a: np.ndarray) -> tuple[np.ndarray, int, tuple[int, ...]]:
    """The array that owns ``a``'s memory, where ``a`` starts in it (in bytes) and
    ``a``'s strides.

    An array that is not a view into a contiguous array is its own storage
    (copied contiguous, so that its bytes can be written out)."""
    root = a
    while True:
        base = root.base
        if not isinstance(base, np.ndarray):  # as_strided keeps its array as .base.base
            base = getattr(base, "base", None)
        if not isinstance(base, np.ndarray):
            break
        root = base
    if a.size and root.size and (root.flags.c_contiguous or root.flags.f_contiguous):
        offset = a.__array_interface__["data"][0] - root.__array_interface__["data"][0]
        low = offset + sum((n - 1) * s for n, s in zip(a.shape, a.strides) if s < 0)
        high = offset + sum((n - 1) * s for n, s in zip(a.shape, a.strides) if s > 0)
        if low >= 0 and high + a.itemsize <= root.nbytes:  # a lies inside root
            return root, offset, a.strides
    root = np.ascontiguousarray(a)
    return root, 0, root.strides


def _bytes_of(root: np.ndarray) -> np.ndarray:
    """A contiguous root's memory as a flat uint8 array (no copy)."""
    return root.reshape(-1, order="A").view(np.uint8)


def _view(flat: np.ndarray, offset: int, dtype: np.dtype, shape: tuple, strides: tuple) -> Any:
    """The array with ``dtype``, ``shape`` and ``strides`` starting ``offset`` bytes
    into the uint8 memory ``flat``: a view, so it shares memory with others."""
    if int(np.prod(shape)) == 0:
        return np.empty(shape, dtype)
    return np.ndarray(shape, dtype, buffer=flat, offset=offset, strides=strides)


def deepcopy_tensor(t: Tensor, memo: dict) -> Tensor:
    """``copy.deepcopy(t)`` of a leaf: its values (views of one array stay views of one
    copy), ``requires_grad``, ``.grad`` and a subclass's own attributes."""
    if id(t) in memo:
        return memo[id(t)]
    if t.grad_fn is not None:
        raise RuntimeError(_messages.DEEPCOPY_OF_NON_LEAF)
    out = Tensor._make(deepcopy_data(t._data, memo), None, type(t))
    out._requires_grad = t._requires_grad
    if t._grad is not None:
        out._grad = Tensor._make(deepcopy_data(t._grad._data, memo), None)
    memo[id(t)] = out
    state = getattr(t, "__dict__", None)
    if state:  # a subclass's own attributes
        out.__dict__.update(copy.deepcopy(state, memo))
    return out


def deepcopy_data(a: np.ndarray, memo: dict) -> np.ndarray:
    """A copy of ``a`` for ``copy.deepcopy``: copies of views of one array are views
    of one copy (as in torch), through ``memo``."""
    root, offset, strides = _storage(a)
    key = ("minigrad-storage", id(root))
    if key not in memo:
        memo[key] = _bytes_of(root).copy()
        memo.setdefault(id(memo), []).append(root)  # keep it alive, as deepcopy does
    return _view(memo[key], offset, a.dtype, a.shape, strides)


class _Saver(pickle.Pickler):
    """A pickler that writes each tensor's memory once, out of the pickle."""

    def __init__(self, file: IO[bytes], protocol: int) -> None:
        super().__init__(file, protocol=protocol)
        self.storages: list[bytes] = []
        self._index: dict[int, int] = {}
        self._keep: list[np.ndarray] = []

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, Tensor):
            return _reduce_tensor(obj, _Data(obj._data))
        return NotImplemented

    def persistent_id(self, obj: Any) -> Any:
        if type(obj) is not _Data:
            return None
        a = obj.array
        root, offset, strides = _storage(a)
        key = id(root)
        if key not in self._index:
            self._index[key] = len(self.storages)
            self.storages.append(_bytes_of(root).tobytes())
            self._keep.append(root)
        return ("storage", self._index[key], offset, a.dtype.str, a.shape, strides)


class _Data:
    """A tensor's array on its way to the file (see ``_Saver.persistent_id``)."""

    __slots__ = ("array",)

    def __init__(self, array: np.ndarray) -> None:
        self.array = array


def save(
    obj: Any,
    f: str | os.PathLike | IO[bytes],
    pickle_module: Any = pickle,
    pickle_protocol: int = 2,
) -> None:
    """Write ``obj`` (a tensor, a ``state_dict``, a whole model...) to the file ``f``
    (a path, or a file opened in binary mode), like ``torch.save``.

    >>> import io, minigrad as torch
    >>> buffer = io.BytesIO()
    >>> torch.save({"w": torch.ones(2, requires_grad=True)}, buffer)
    >>> _ = buffer.seek(0)
    >>> torch.load(buffer)
    {'w': tensor([1., 1.], requires_grad=True)}

    The file format is minigrad's own, not torch's (see the module docstring);
    ``pickle_module`` is accepted and the standard ``pickle`` is used.
    """
    body = io.BytesIO()
    saver = _Saver(body, max(pickle_protocol, 2))
    saver.dump(obj)
    payload = {"version": 1, "storages": saver.storages, "pickle": body.getvalue()}
    if isinstance(f, (str, os.PathLike)):
        with open(f, "wb") as out:
            out.write(_MAGIC)
            pickle.dump(payload, out, protocol=_PROTOCOL)
    else:
        f.write(_MAGIC)
        pickle.dump(payload, f, protocol=_PROTOCOL)


# --- what weights_only accepts ----------------------------------------------------
_SAFE = {
    "collections": {"OrderedDict"},
    "builtins": {"set", "frozenset", "bytearray", "complex", "slice"},
    "_codecs": {"encode"},  # how protocol 2 writes bytes
    __name__: {"_rebuild_tensor", "_rebuild_parameter", "_rebuild_subclass"},
    "minigrad.exact.size": {"Size", "_size"},
    "minigrad.exact.device": {"device"},
}
_user_safe: list[Any] = []  # what add_safe_globals added
# where files saved by earlier versions of minigrad name these modules
_MOVED = {
    "minigrad._size": "minigrad.exact.size",
    "minigrad._device": "minigrad.exact.device",
    "minigrad._dtype": "minigrad.exact.dtype",
}


def add_safe_globals(safe_globals: Iterable[Any]) -> None:
    """Let ``load(..., weights_only=True)`` rebuild these classes or call these
    functions too, like ``torch.serialization.add_safe_globals``.

    >>> import io, minigrad as torch
    >>> buffer = io.BytesIO()
    >>> torch.save(torch.nn.ReLU(), buffer)
    >>> _ = buffer.seek(0)
    >>> torch.serialization.add_safe_globals([torch.nn.ReLU])
    >>> torch.load(buffer)
    ReLU()
    >>> torch.serialization.clear_safe_globals()
    """
    _user_safe.extend(safe_globals)


def get_safe_globals() -> list[Any]:
    """What :func:`add_safe_globals` added."""
    return list(_user_safe)


def clear_safe_globals() -> None:
    """Forget what :func:`add_safe_globals` added."""
    _user_safe.clear()


@contextmanager
def safe_globals(safe_globals: Iterable[Any]) -> Iterator[None]:
    """``with safe_globals([...]):`` adds safe globals for the block only."""
    before = list(_user_safe)
    add_safe_globals(safe_globals)
    try:
        yield
    finally:
        _user_safe[:] = before


def _user_allowed(module: str, qualname: str) -> Any:
    """The global the learner allowed under this name, or None."""
    for g in _user_safe:
        if (getattr(g, "__module__", None), getattr(g, "__qualname__", None)) == (module, qualname):
            return g
    return None


def _refused(name: str) -> pickle.UnpicklingError:
    return pickle.UnpicklingError(_messages.weights_only_refused(name))


class _WeightsUnpickler(pickle.Unpickler):
    """Unpickles only what ``weights_only=True`` accepts."""

    def __init__(self, file: IO[bytes], storages: Callable[[Any], Any] | None, **kw: Any) -> None:
        super().__init__(file, **kw)
        self._storages = storages

    def find_class(self, module: str, name: str) -> Any:
        import _compat_pickle  # protocol 2 names builtins as Python 2 did: __builtin__.set

        if (module, name) in _compat_pickle.NAME_MAPPING:
            module, name = _compat_pickle.NAME_MAPPING[(module, name)]
        module = _compat_pickle.IMPORT_MAPPING.get(module, module)
        module = _MOVED.get(module, module)
        if name in _SAFE.get(module, ()):
            return super().find_class(module, name)
        if module == "minigrad.exact.dtype" and name in _DTYPE_NAMES:  # torch.float32...
            return super().find_class(module, name)
        if module == __name__ and name == "_new_object":
            return _new_object_if_allowed
        allowed = _user_allowed(module, name)
        if allowed is not None:
            return allowed
        raise _refused(f"{module}.{name}")

    def persistent_load(self, pid: Any) -> Any:
        return _persistent_load(self._storages, pid)


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: IO[bytes], storages: Callable[[Any], Any] | None, **kw: Any) -> None:
        super().__init__(file, **kw)
        self._storages = storages

    def persistent_load(self, pid: Any) -> Any:
        return _persistent_load(self._storages, pid)


def _persistent_load(storages: Callable[[Any], Any] | None, pid: Any) -> Any:
    if storages is None:
        raise pickle.UnpicklingError("A load persistent id instruction was encountered")
    return storages(pid)


_DTYPE_NAMES = {
    "bool",
    "uint8",
    "int8",
    "int16",
    "int32",
    "int64",
    "float16",
    "float32",
    "float64",
}


def _new_object_if_allowed(module: str, qualname: str) -> Any:
    """``weights_only``: one of minigrad's layers or optimizers is rebuilt only if
    the learner allowed its class, and is refused under its torch name."""
    if not module.startswith("minigrad"):
        raise _refused(f"{module}.{qualname}")
    cls = _find_class(module, qualname)
    if cls not in _user_safe:
        raise _refused(f"{cls.__module__}.{cls.__qualname__}")
    return cls.__new__(cls)


# --- loading -----------------------------------------------------------------------
def _check_map_location(map_location: Any) -> Callable[[Tensor], Any] | None:
    """``map_location`` as a function applied to each storage, or None. Every
    storage minigrad saves is on the CPU, so only the CPU can be its target."""
    if map_location is None:
        return None
    if isinstance(map_location, (str, _device.device)):
        _check_target(map_location)
        return None
    if isinstance(map_location, dict):  # {saved location: new location}
        _check_target(map_location.get("cpu", "cpu"))
        return None
    return lambda storage: map_location(storage, "cpu")  # fn(storage, location)


def _check_target(target: Any) -> None:
    if _device.device(target).type == "cuda":
        raise RuntimeError(_messages.DESERIALIZE_ON_CUDA)
    _device.check(target)


def load(
    f: str | os.PathLike | IO[bytes],
    map_location: Any = None,
    pickle_module: Any = None,
    *,
    weights_only: bool | None = None,
    mmap: bool | None = None,
    **pickle_load_args: Any,
) -> Any:
    """Read back what :func:`save` wrote to ``f`` (a path, or a binary file), like
    ``torch.load``.

    >>> import io, minigrad as torch
    >>> buffer = io.BytesIO()
    >>> torch.save(torch.nn.Linear(2, 1), buffer)
    >>> _ = buffer.seek(0)
    >>> torch.load(buffer, weights_only=False)
    Linear(in_features=2, out_features=1, bias=True)

    ``weights_only`` (default True, as in torch since 2.6, unless a
    ``pickle_module`` is given) loads only tensors, Parameters, dtypes, devices,
    sizes, plain Python containers and values, and what
    :func:`add_safe_globals` allowed; anything else raises
    ``pickle.UnpicklingError``. ``weights_only=False`` loads anything, so use it
    only for files you trust. ``map_location`` (``"cpu"``,
    ``torch.device("cpu")``, a dict of locations or a function
    ``fn(storage, location)``) is accepted as far as it names the CPU: minigrad
    has no other device. ``mmap`` is accepted and ignored.
    """
    if weights_only is None:
        weights_only = pickle_module is None
    elif weights_only and pickle_module is not None:
        raise RuntimeError(_messages.WEIGHTS_ONLY_WITH_PICKLE_MODULE)
    relocate = _check_map_location(map_location)
    if isinstance(f, (str, os.PathLike)):
        with open(f, "rb") as stream:
            data = stream.read()
    else:
        data = f.read()
    if not data.startswith(_MAGIC):  # a plain pickle
        return _unpickle(data, None, weights_only, pickle_load_args)
    payload = _WeightsUnpickler(io.BytesIO(data[len(_MAGIC) :]), None).load()
    raw = [np.frombuffer(bytearray(b), dtype=np.uint8) for b in payload["storages"]]
    if relocate is not None:
        raw = [_relocated(relocate, r) for r in raw]

    def storage(pid: Any) -> np.ndarray:
        _, index, offset, dtype, shape, strides = pid
        return _view(raw[index], offset, np.dtype(dtype), tuple(shape), tuple(strides))

    return _unpickle(payload["pickle"], storage, weights_only, pickle_load_args)


def _relocated(relocate: Callable[[Tensor], Any], raw: np.ndarray) -> np.ndarray:
    moved = relocate(Tensor._make(raw, None))
    return raw if moved is None else moved._data


def _unpickle(data: bytes, storage: Any, weights_only: bool, kw: dict) -> Any:
    kind = _WeightsUnpickler if weights_only else _Unpickler
    return kind(io.BytesIO(data), storage, **kw).load()
