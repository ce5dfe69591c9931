"""Memory checks on numpy arrays, with torch's wording: does an output overlap an
input, is an array writable, what is its layout, where do a view's elements sit in
its base.

``Tensor._inplace`` and the ``out=`` arguments call these before they write.
"""

from __future__ import annotations

import numpy as np

from . import messages as _messages


class _SameMemory:
    """Hands numpy the memory of an array again, this time marked writable."""

    def __init__(self, a: np.ndarray) -> None:
        interface = dict(a.__array_interface__)
        interface["data"] = (interface["data"][0], False)
        self.__array_interface__ = interface
        self.base = a  # keeps the memory alive


def _writable(a: np.ndarray) -> np.ndarray:
    """``a``, or the same memory made writable: numpy marks the result of an
    ``expand`` (``np.broadcast_to``) read-only, while torch writes through it
    where no two written elements share memory (the in-place ops check that)."""
    return a if a.flags.writeable else np.asarray(_SameMemory(a))


def _overlaps(data: np.ndarray) -> bool:
    """Do several elements share one memory location (a dim of stride 0, from ``expand``)?"""
    return data.size > 0 and any(st == 0 and n > 1 for n, st in zip(data.shape, data.strides))


def _same_view(a: np.ndarray, b: np.ndarray) -> bool:
    """The same elements of the same memory, in the same layout and dtype."""

    def layout(x: np.ndarray) -> tuple:
        return x.ctypes.data, x.shape, x.strides, x.dtype

    return layout(a) == layout(b)


def _output_shape_message(out: tuple, shape: tuple) -> str:
    return f"output with shape {list(out)} doesn't match the broadcast shape {list(shape)}"


def _check_no_overlap(data: np.ndarray) -> None:
    """torch refuses to write into a tensor whose elements share memory (``expand``)."""
    if _overlaps(data):
        raise RuntimeError(_messages.OVERLAP)


def _check_no_partial_overlap(out: np.ndarray, src: np.ndarray) -> None:
    """torch refuses an in-place op whose input covers part of the memory it writes
    (``t[1:] += t[:-1]``): the result would depend on the order of the writes. The
    very same elements (``t += t``) are fine, if seen the same way: ``t`` and
    ``t.unsqueeze(0)`` are not (torch compares the strides). Like torch, only dense
    tensors are compared (for others the question is "too hard": nothing is refused)."""
    if not out.size or not src.size or not (_dense(out) and _dense(src)):
        return
    a0, b0 = out.ctypes.data, src.ctypes.data
    a1, b1 = a0 + out.nbytes, b0 + src.nbytes
    if (a0, a1) == (b0, b1) and _same_strides(out, src):
        return
    if a0 < b1 and b0 < a1:
        raise RuntimeError(_messages.PARTIAL_OVERLAP)


def _same_strides(a: np.ndarray, b: np.ndarray) -> bool:
    """torch's test for "the very same elements": the same strides. numpy gives a
    dim of size 1 a stride of its own choosing, so for two tensors of one shape
    only the other dims are compared; of different shapes, all of them (another
    number of dims: never the same)."""
    if a.shape == b.shape:
        return _layout(a) == _layout(b)
    return a.strides == b.strides


def _layout(a: np.ndarray) -> list[tuple[int, int]]:
    """Sizes and strides, leaving out dims of size 1 (which step nowhere)."""
    return [(n, st) for n, st in zip(a.shape, a.strides) if n != 1]


def _dense(a: np.ndarray) -> bool:
    """Its elements fill one block of memory without gaps or repeats (in any order)."""
    size = a.itemsize
    dims = sorted((st, n) for n, st in zip(a.shape, a.strides) if n != 1)
    for stride, n in dims:
        if stride != size:
            return False
        size *= n
    return True


def _positions_in(view: np.ndarray, base: np.ndarray) -> tuple:
    """Where the elements of ``view`` sit in ``base`` (which it shares memory
    with): an index tuple such that ``base[key]`` has ``view``'s shape
    (``()`` for a 0-dim base: every element of the view is its one number)."""
    if base.ndim == 0:
        return ()
    if view.size == 0:  # no elements, no positions
        return tuple(np.zeros(view.shape, dtype=np.intp) for _ in base.shape)

    def addresses(a: np.ndarray) -> np.ndarray:
        addr = np.full(a.shape, a.__array_interface__["data"][0], dtype=np.int64)
        for d, (n, step) in enumerate(zip(a.shape, a.strides)):
            shape = [1] * a.ndim
            shape[d] = n
            addr = addr + (np.arange(n, dtype=np.int64) * step).reshape(shape)
        return addr

    flat = addresses(base).ravel()
    order = np.argsort(flat, kind="stable")
    pos = order[np.searchsorted(flat[order], addresses(view))]
    return np.unravel_index(pos, base.shape)
